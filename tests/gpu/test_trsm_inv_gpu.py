"""GPU tier of TRSM's "inverse" algorithm (issue 20, round 4): every variant at odd and non-square
sizes, n = 1, a 0-column B, float32 and float64, leaves 64 and 128, against the float64 reference
(the trsm tests' well-conditioned A: entries / n off the diagonal, a dominant diagonal, NaN in
the unread triangle); the launches counted; the default plan (the model's pick) checked too."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import blas
from kfuse.spaces.trsm.space import solve_steps
from tests.gpu.test_trsm_gpu import VARIANTS, _inputs, _want
from tests.gpu.helpers import every_input_unchanged, unchanged  # noqa: F401 - autouse: inputs never change


def _solver(side, uplo, trans, diag, leaf, A, B):
    """A jit function solving with algorithm inverse and ``leaf`` (the plan edited)."""
    def f(A, B):
        return blas.trsm(A, B, side=side, uplo=uplo, trans=trans, diag=diag, alpha=1.5)
    plan = kfuse.jit(f).plan_for(A, B)
    plan["kernels"][0]["params"].update(algorithm="inverse", leaf=leaf)
    return kfuse.jit(f, plan=plan)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("side, uplo, trans, diag", VARIANTS)
@pytest.mark.parametrize("n, nrhs, leaf", [(1, 3, 64), (301, 77, 64), (517, 1, 128), (200, 0, 128), (130, 257, 128)])
def test_every_variant_against_float64(n, nrhs, leaf, side, uplo, trans, diag, dtype):
    import cupy
    A, B = _inputs(n, nrhs, side, uplo, dtype, seed=n + nrhs)
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    g = _solver(side, uplo, trans, diag, leaf, dA, dB)
    got = cupy.asnumpy(g(dA, dB))
    assert g.plan["kernels"][0]["params"]["algorithm"] == "inverse"
    want = _want(A, B, side, uplo, trans, diag, 1.5)
    assert got.shape == want.shape and np.all(np.isfinite(got))
    tol = 1e-4 if dtype == "float32" else 1e-11
    assert want.size == 0 or np.abs(got - want).max() <= tol * max(1.0, np.abs(want).max())


def test_launches_are_counted():
    """The copy, the inversion, then one GEMM per step (leaves and updates)."""
    import cupy
    A, B = _inputs(1000, 64, "left", "lower", "float32")
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    g = _solver("left", "lower", False, "nonunit", 128, dA, dB)
    steps = solve_steps("inverse", 1000, 128, True)
    kernels = g.executable(dA, dB).module.kernels
    assert len(kernels) == 2 + len(steps) and kernels[1].name.endswith("_invert")
    assert sum("_invleaf_" in k.name for k in kernels) == 8


def test_default_plan_at_1024_is_inverse_and_right():
    import cupy
    A, B = _inputs(1024, 1024, "left", "lower", "float32")
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    jf = kfuse.jit(lambda A, B: blas.trsm(A, B))
    got = cupy.asnumpy(jf(dA, dB))
    assert jf.plan["kernels"][0]["params"]["algorithm"] == "inverse"
    want = _want(A, B, "left", "lower", False, "nonunit", 1.0)
    assert np.abs(got - want).max() <= 1e-4 * max(1.0, np.abs(want).max())


def test_out_aliasing_b_is_solved_in_place():
    """BLAS's in-place form (out=B): B is read only by the copy to R, so X may overwrite it."""
    import cupy
    A, B = _inputs(257, 33, "left", "upper", "float32")
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    plan = kfuse.jit(lambda A, B: blas.trsm(A, B, uplo="upper")).plan_for(dA, dB)
    assert plan["kernels"][0]["params"]["algorithm"] == "inverse"    # the model's pick at this size
    r = kfuse.linalg.solve_triangular(dA, dB, lower=False, out=dB)
    want = _want(A, B, "left", "upper", False, "nonunit", 1.0)
    assert r is dB and np.abs(cupy.asnumpy(dB) - want).max() < 1e-4


@pytest.mark.parametrize("alg", ["recursive", "blocked"])
@pytest.mark.parametrize("side, uplo", [("left", "upper"), ("right", "lower")])
def test_the_other_algorithms_still_solve(alg, side, uplo):
    """The default is now mostly inverse: the recursive and blocked plans keep a GPU check."""
    import cupy
    A, B = _inputs(301, 77, side, uplo, "float32")
    dA, dB = cupy.asarray(A), cupy.asarray(B)

    def f(A, B):
        return blas.trsm(A, B, side=side, uplo=uplo)
    plan = kfuse.jit(f).plan_for(dA, dB)
    plan["kernels"][0]["params"].update(algorithm=alg, leaf=64)
    got = cupy.asnumpy(kfuse.jit(f, plan=plan)(dA, dB))
    want = _want(A, B, side, uplo, False, "nonunit", 1.0)
    assert np.abs(got - want).max() <= 1e-4 * max(1.0, np.abs(want).max())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("leaf", [16, 32, 64, 128])
@pytest.mark.parametrize("lower, unit", [(True, False), (False, True), (True, True), (False, False)])
def test_inversion_kernel_alone_against_numpy_inv(leaf, lower, unit, dtype):
    """The blocked inversion kernel (16 x 16 sub-blocks, pairwise merges) launched alone: each
    diagonal block of A' (n not a multiple of the leaf: a last partial block, padded with the
    identity) against numpy.linalg.inv in float64; the other triangle exactly zero; the
    workspace NaN-poisoned, the unread triangle NaN."""
    import cupy
    from kfuse.codegen.trsm.inverse import emit_invert_kernel, invert_launch
    n = 2 * leaf + leaf // 2 + 3
    rng = np.random.default_rng(leaf + 2 * lower + unit)
    T = rng.standard_normal((n, n)) / n * 4
    T[np.diag_indices(n)] = 1.5 + rng.random(n)
    A = np.where(np.tril(np.ones((n, n), bool)) if lower else np.triu(np.ones((n, n), bool)), T, np.nan)
    if unit:
        A[np.diag_indices(n)] = np.nan
    grid, block, smem = invert_launch(n, leaf, np.dtype(dtype).itemsize)
    mod = cupy.RawModule(code=emit_invert_kernel("kinv", dtype, n, leaf, lower, unit, (n, 1)))
    kern = mod.get_function("kinv")
    kern.max_dynamic_shared_size_bytes = smem   # over 48 KiB of dynamic shared memory: opted in
    dA = cupy.asarray(A.astype(dtype))
    out = cupy.full((grid[0], leaf, leaf), np.nan, dtype)
    with unchanged(dA, what="the inversion kernel changed A"):
        kern(grid, block, (dA, out), shared_mem=smem)
    got = cupy.asnumpy(out).astype(np.float64)
    Tr = np.where(np.isnan(A), 0.0, A)
    if unit:
        Tr[np.diag_indices(n)] = 1.0
    for b in range(grid[0]):
        rows = min(leaf, n - b * leaf)
        want = np.eye(leaf)
        want[:rows, :rows] = np.linalg.inv(Tr[b * leaf:b * leaf + rows, b * leaf:b * leaf + rows])
        other = np.triu_indices(leaf, 1) if lower else np.tril_indices(leaf, -1)
        assert np.all(got[b][other] == 0)
        err = np.abs(got[b] - want).max() / np.abs(want).max()
        assert err < (1e-5 if dtype == "float32" else 1e-13), (b, err)
