"""Transposes in traced functions: a matrix's ``.T``, ``.transpose()``, ``.transpose(1, 0)`` and
``np.transpose`` are one transpose view; a vector's ``.T`` is the vector (as in NumPy); an array
of 3 or 4 axes is not transposed silently as itself but refused, and so is another order of
the axes, each with one ShapeError naming the array."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse.errors import ShapeError
from kfuse.frontend.trace import trace


def _calls(fn, shape):
    return [c.label for c in trace(fn, ["a"], [("a", shape, "float64", "C")], "t")[0].calls]


@pytest.mark.parametrize("fn", [lambda a: a.T * 2.0, lambda a: a.transpose() * 2.0,
                                lambda a: a.transpose(1, 0) * 2.0, lambda a: a.transpose((1, 0)) * 2.0,
                                lambda a: np.transpose(a) * 2.0])
def test_a_matrix_transposes_as_one_view(fn):
    assert _calls(fn, (4, 5)) == ["t1 = mul(a.T, 2.0)"]


def test_a_vector_is_its_own_transpose():
    assert _calls(lambda a: a.T + 1.0, (7,)) == ["t1 = add(a, 1.0)"]


@pytest.mark.parametrize("fn", [lambda a: a.T * 2.0, lambda a: a.T[1:-1, 1:-1, 1:-1] * 2.0,
                                lambda a: np.transpose(a) + a, lambda a: a.transpose() * 1.0])
@pytest.mark.parametrize("shape", [(4, 5, 6), (3, 4, 5, 2)])
def test_an_array_of_3_or_4_axes_is_not_transposed_as_itself(fn, shape):
    with pytest.raises(ShapeError, match=r"a\.T: transposing an array of [34] axes is not supported"):
        _calls(fn, shape)


def test_another_order_of_the_axes_is_refused():
    with pytest.raises(ShapeError, match=r"a\.transpose\(0, 2, 1\): kfuse reverses the axes only"):
        _calls(lambda a: a.transpose(0, 2, 1) + 1.0, (4, 5, 6))
