"""GPU tier of TRSM (issue 20, round 3): every variant at odd and non-square sizes, n = 1, a
0-column B, float32 and float64, against the float64 reference on well-conditioned A (entries / n
off the diagonal, a dominant diagonal, NaN in the unread triangle); the launches counted; out=."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import kfuse
from kfuse import blas
from kfuse.library.blas3 import triangle
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

VARIANTS = list(itertools.product(("left", "right"), ("lower", "upper"), (False, True), ("nonunit", "unit")))


def _inputs(n, nrhs, side, uplo, dtype, seed=0):
    rng = np.random.default_rng(seed)
    A = (rng.standard_normal((n, n)) / max(n, 1)).astype(dtype)
    A[np.diag_indices(n)] = 2 + rng.random(n)
    A[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    B = rng.standard_normal((n, nrhs) if side == "left" else (nrhs, n)).astype(dtype)
    return A, B


def _want(A, B, side, uplo, trans, diag, alpha):
    T = triangle(A, uplo, diag == "unit")
    T = T.T if trans else T
    B = B.astype(np.float64)
    if B.size == 0:
        return alpha * B
    return alpha * (np.linalg.solve(T, B) if side == "left" else np.linalg.solve(T.T, B.T).T)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("side, uplo, trans, diag", VARIANTS)
@pytest.mark.parametrize("n, nrhs", [(1, 3), (301, 77), (517, 1), (200, 0)])
def test_every_variant_against_float64(n, nrhs, side, uplo, trans, diag, dtype):
    import cupy
    A, B = _inputs(n, nrhs, side, uplo, dtype)
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan
    got = blas.trsm(cupy.asarray(A), cupy.asarray(B), side=side, uplo=uplo, trans=trans, diag=diag, alpha=1.5)
    want = _want(A, B, side, uplo, trans, diag, 1.5)
    got = cupy.asnumpy(got)
    assert got.shape == want.shape and np.all(np.isfinite(got))
    tol = 1e-4 if dtype == "float32" else 1e-11
    assert want.size == 0 or np.abs(got - want).max() <= tol * max(1.0, np.abs(want).max())


def test_launches_are_counted():
    import cupy
    A, B = _inputs(1000, 64, "left", "lower", "float32")
    jf = kfuse.jit(lambda A, B: blas.trsm(A, B))
    jf(cupy.asarray(A), cupy.asarray(B))
    p = jf.plan["kernels"][0]["params"]
    steps = kfuse.spaces.trsm.space.solve_steps(p["algorithm"], 1000, p["leaf"], True)
    inverse = p["algorithm"] == "inverse"    # the copy (and the inversion), then a launch per step
    assert jf.executable(cupy.asarray(A), cupy.asarray(B)).module.kernels.__len__() == 1 + inverse + len(steps)


def test_out_and_in_place_and_solve_triangular():
    import cupy
    A, B = _inputs(257, 33, "left", "upper", "float32")
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    out = cupy.full(B.shape, cupy.nan, cupy.float32)
    r = blas.trsm(dA, dB, uplo="upper", out=out)
    want = _want(A, B, "left", "upper", False, "nonunit", 1.0)
    assert r is out and np.abs(cupy.asnumpy(out) - want).max() < 1e-4
    r = kfuse.linalg.solve_triangular(dA, dB, lower=False, out=dB)     # BLAS's in-place form
    assert r is dB and np.abs(cupy.asnumpy(dB) - want).max() < 1e-4
    x = kfuse.linalg.solve_triangular(dA, cupy.asarray(B[:, 0]), lower=False)
    assert x.shape == (257,) and np.abs(cupy.asnumpy(x) - want[:, 0]).max() < 1e-4
