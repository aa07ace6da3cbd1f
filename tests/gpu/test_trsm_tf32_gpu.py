"""GPU tier of TRSM under precision "tf32" (issue 20, round 4, part M): every variant at odd and
non-square sizes, n = 1 and a 0-column B, against the float64 reference within TF32's tolerance
(the GEMM updates on mma.sync, the diagonal blocks exact FFMA); the plan's engine; float64 stays
exact; the jit form under ``kfuse.config.override(precision="tf32")``."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import kfuse
from kfuse import blas, config
from tests.gpu.test_trsm_gpu import _inputs, _want
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

VARIANTS = list(itertools.product(("left", "right"), ("lower", "upper"), (False, True), ("nonunit", "unit")))
#: max abs error over max |X| (well-conditioned A: entries / n off a dominant diagonal); measured
#: on the CPU emulation ~1.5e-5 at n = 70 (exact FFMA: ~1e-7)
TF32_TOL = 1e-3


def _err(got, want):
    return np.abs(got - want).max() / max(1.0, np.abs(want).max())


@pytest.mark.parametrize("side, uplo, trans, diag", VARIANTS)
@pytest.mark.parametrize("n, nrhs", [(1, 3), (301, 77), (517, 1), (200, 0), (1000, 333)])
def test_every_variant_against_float64_under_tf32(n, nrhs, side, uplo, trans, diag):
    import cupy
    A, B = _inputs(n, nrhs, side, uplo, "float32")
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan
    got = blas.trsm(cupy.asarray(A), cupy.asarray(B), side=side, uplo=uplo, trans=trans, diag=diag, alpha=1.5,
                    precision="tf32")
    want = _want(A, B, side, uplo, trans, diag, 1.5)
    got = cupy.asnumpy(got)
    assert got.shape == want.shape and np.all(np.isfinite(got))
    assert want.size == 0 or _err(got, want) <= TF32_TOL


def test_the_tf32_plan_runs_mma_updates_and_rounds():
    """The jitted solve under the tf32 setting: engine mma_tf32, the result within TF32's tolerance
    and NOT bit-equal to the ieee solve (the updates did round)."""
    import cupy
    A, B = _inputs(2048, 512, "left", "lower", "float32", seed=3)
    dA, dB = cupy.asarray(A), cupy.asarray(B)
    with config.override(precision="tf32"):
        jf = kfuse.jit(lambda A, B: blas.trsm(A, B))
        got = cupy.asnumpy(jf(dA, dB))
        assert jf.plan["kernels"][0]["params"]["engine"] == "mma_tf32"
    exact = cupy.asnumpy(blas.trsm(dA, dB))
    want = _want(A, B, "left", "lower", False, "nonunit", 1.0)
    assert _err(got, want) <= TF32_TOL and _err(exact, want) <= 1e-4
    assert _err(got, want) > _err(exact, want)


def test_float64_stays_exact_and_solve_triangular_takes_precision():
    import cupy
    A, B = _inputs(301, 40, "right", "upper", "float64", seed=4)
    got = cupy.asnumpy(blas.trsm(cupy.asarray(A), cupy.asarray(B), side="right", uplo="upper", precision="tf32"))
    assert _err(got, _want(A, B, "right", "upper", False, "nonunit", 1.0)) <= 1e-11
    A, B = _inputs(257, 33, "left", "lower", "float32", seed=5)
    x = kfuse.linalg.solve_triangular(cupy.asarray(A), cupy.asarray(B), lower=True, precision="tf32")
    assert _err(cupy.asnumpy(x), _want(A, B, "left", "lower", False, "nonunit", 1.0)) <= TF32_TOL


def test_offset_views_take_the_unaligned_plan_under_tf32():
    """B a view at a 1-element offset (the runtime's unaligned plan: element copies)."""
    import cupy
    A, B = _inputs(300, 65, "left", "lower", "float32", seed=6)
    big = cupy.zeros((300 * 65 + 1,), cupy.float32)
    big[1:] = cupy.asarray(B).ravel()
    dB = big[1:].reshape(300, 65)
    got = cupy.asnumpy(blas.trsm(cupy.asarray(A), dB, precision="tf32"))
    assert _err(got, _want(A, B, "left", "lower", False, "nonunit", 1.0)) <= TF32_TOL
