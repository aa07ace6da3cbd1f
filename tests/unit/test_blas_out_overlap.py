"""``out=`` of the BLAS routines that take it (TRMM, TRSM, solve_triangular) never writes an
input the routine reads (issue 30, item 2): ``out`` overlapping A is refused before anything
runs; B may be overwritten (BLAS's in-place form).  The overlap test spans every element of a
strided or reversed view (the byte range ``ptr .. ptr + nbytes`` missed them).  Fake device
arrays (an address, shape, strides) stand in for CuPy's: nothing here touches a GPU."""
from __future__ import annotations

import types

import numpy as np
import pytest

import kfuse
from kfuse import blas
from kfuse.errors import ArgumentError


class Fake:
    """What the overlap test reads of a CuPy array: ``data.ptr``, ``shape``, ``strides``."""

    def __init__(self, ptr: int, shape: tuple, strides: tuple | None = None):
        self.data = types.SimpleNamespace(ptr=ptr)
        self.shape, self.dtype, self.itemsize, self.ndim = tuple(shape), np.dtype(np.float32), 4, len(shape)
        self.strides = strides if strides is not None else tuple(
            4 * int(np.prod(shape[i + 1:], dtype=np.int64)) for i in range(len(shape)))
        self.size = int(np.prod(shape, dtype=np.int64))
        self.nbytes = 4 * self.size


N = 8
A = Fake(1 << 20, (N, N))
B = Fake(2 << 20, (N, 3))


@pytest.mark.parametrize("call", [
    lambda out: blas.trsm(A, Fake(B.data.ptr, A.shape) if out is A else B, out=out),
    lambda out: blas.trmm(A, B, side="left", uplo="upper", out=out),
    lambda out: kfuse.linalg.solve_triangular(A, B, lower=True, out=out),
])
@pytest.mark.parametrize("out", [
    A,                                          # out=A itself (square B of A's shape: a user's slip)
    Fake(A.data.ptr + 4 * N, (N, 3)),           # from A's second row on
    Fake(A.data.ptr + 4 * (N * N - 3), (1, 3)),  # A's last three elements
], ids=["A", "inside", "tail"])
def test_out_overlapping_A_is_refused_before_anything_runs(call, out):
    with pytest.raises(ArgumentError, match=r"out= shares memory with 'A'"):
        call(out)


def test_the_overlap_spans_a_reversed_view_and_a_strided_one():
    rev = Fake(A.data.ptr + 4 * (N - 1), (N,), (-4,))   # A's first row reversed: starts at its last element
    first = Fake(A.data.ptr, (1,))
    assert blas._shares_memory(first, (rev,))
    every_other = Fake(A.data.ptr, (N,), (8,))           # elements 0, 2, ..., 2N - 2 of A's storage
    last = Fake(A.data.ptr + 4 * (2 * N - 2), (1,))
    assert blas._shares_memory(last, (every_other,))
    assert not blas._shares_memory(Fake(A.data.ptr + 4 * (2 * N - 1), (1,)), (every_other,))
    assert not blas._shares_memory(Fake(A.data.ptr, (0, 3)), (A,))   # an empty out touches nothing
