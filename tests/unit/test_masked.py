"""Unit tier for boolean masks (kfuse.frontend.masked, issue 31's D2Q9 bounce-back): Mocz's
LBM step as published traced with its bool ``cylinder`` argument and run through the reference
against NumPy float64 bitwise, on odd sizes, for several masks (the cylinder, empty, full,
random) and both dtypes; masks of an array's full shape; every other use of a mask or a masked
value one kfuse error naming the line and the supported pattern."""
from __future__ import annotations

import re

import numpy as np
import pytest

from kfuse import reference
from kfuse.errors import DTypeError, KfuseError, ShapeError
from kfuse.frontend.trace import lower_spec, trace
from tests.programs.apps import lbm_d2q9 as lbm

DTYPES = ("float32", "float64")


def _masks(shape):
    cyl = lbm.init(shape, "float64")["cylinder"]
    rng = np.random.default_rng(7)
    return {"cylinder": cyl, "empty": np.zeros(shape, bool), "all": np.ones(shape, bool),
            "random": rng.random(shape) < 0.5}


def _lbm(dtype, shape):
    s = lbm.init(shape, dtype)
    specs = [("a", s["F"].shape, dtype, "C"), ("a", shape, "bool", "C"), ("a", (9,), dtype, "C"), ("a", (9,), dtype, "C")]
    return s, trace(lbm.step, ["F", "cylinder", "cx", "cy"], specs, "lbm")[0]


@pytest.mark.parametrize("shape", [lbm.TEST, (9, 13)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_lbm_as_published_equals_numpy_for_every_mask(dtype, shape):
    s, prog = _lbm(dtype, shape)
    assert prog.value("cylinder").type.shape == shape + (1,) and prog.value("cylinder").type.dtype == "bool"
    assert sum(c.fn == "select" for c in prog.calls) == 9
    for name, mask in _masks(shape).items():
        got = reference.run(prog, {"F": s["F"], "cylinder": mask, "cx": s["cx"], "cy": s["cy"]})
        want = s["F"].astype(np.float64)
        lbm.step(want, mask, s["cx"].astype(np.float64), s["cy"].astype(np.float64))
        assert np.array_equal(got[prog.writes["F"]], want), name


@pytest.mark.parametrize("dtype", DTYPES)
def test_a_mask_of_the_whole_shape_and_masked_arithmetic(dtype):
    def f(u, m, G, n):
        v = -(u[m] * 2.0 + 1.0) / 4.0
        u[m] = v
        G[n, :] = 0.5
        w = G[n, ...]
        G[n, ...] = 3.0 - w[:, [2, 1, 0]]
        return u
    rng = np.random.default_rng(1)
    u, G = rng.standard_normal((5, 7)).astype(dtype), rng.standard_normal((5, 7, 3)).astype(dtype)
    m, n = rng.random((5, 7)) < 0.4, rng.random((5, 7)) < 0.6
    prog, _ = trace(f, ["u", "m", "G", "n"], [("a", (5, 7), dtype, "C"), ("a", (5, 7), "bool", "C"),
                                             ("a", (5, 7, 3), dtype, "C"), ("a", (5, 7), "bool", "C")])
    got = reference.run(prog, {"u": u, "m": m, "G": G, "n": n})
    want_u, want_G = u.astype(np.float64), G.astype(np.float64)
    f(want_u, m, want_G, n)
    assert np.array_equal(got[prog.outputs[0]], want_u)
    assert np.array_equal(got[prog.writes["G"]], want_G)


def test_bool_arguments_are_taken_as_arrays_only():
    assert lower_spec("m", np.zeros((3, 4), bool)) == ("a", (3, 4), "bool", "C")
    with pytest.raises(DTypeError, match="unsupported element type 'bool'"):
        lower_spec("m", np.zeros((), bool))


def _sum_of_masked(F, m):
    return np.sum(F[m, :])


def _shape_of_masked(F, m):
    return F + F[m, :].shape[0]


def _returned(F, m):
    return F[m, :]


def _other_mask(F, m):
    x = F[m, :]
    F[m[:, :], :] = x
    return F


def _arithmetic_on_mask(F, m):
    return F + (m * 2.0)[0, 0]


def _sliced(F, m):
    return F[m, 1:]


def _array_times_masked(F, m):
    return F[m, :] * F


@pytest.mark.parametrize("fn,text", [
    (_sum_of_masked, "numpy.sum of a masked value: a boolean-mask read has a shape that depends on the data"),
    (_shape_of_masked, "masked value.shape: a boolean-mask read"),
    (_returned, "is not an array computed from the arguments"),
    (_arithmetic_on_mask, "m is a bool array: kfuse takes it only as a mask"),
    (_sliced, "with an index other than : after the mask"),
    (_array_times_masked, "masked value * Tensor"),
])
def test_other_uses_are_one_kfuse_error(fn, text):
    with pytest.raises(KfuseError, match=re.escape(text)) as e:
        trace(fn, ["F", "m"], [("a", (5, 7, 3), "float64", "C"), ("a", (5, 7), "bool", "C")])
    assert "test_masked.py" in str(e.value) or fn is _returned


def test_a_mask_of_another_shape_is_a_shape_error():
    with pytest.raises(ShapeError, match=re.escape("a mask of shape (5,) for an array of shape (5, 7, 3)")):
        trace(lambda F, m: F[m, :], ["F", "m"], [("a", (5, 7, 3), "float64", "C"), ("a", (5,), "bool", "C")])
