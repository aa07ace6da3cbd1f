"""Compile tier of TRSM under precision "tf32" (issue 20, round 4, part M): every variant's
module (updates on mma.sync, leaves FFMA) to an sm_90 cubin without spills, aligned and
unaligned sub-blocks, and variants run on the CPU (g++, the emulated mma.sync of
tests/compile/test_gemm_mma.py) against the float64 reference within TF32's tolerance."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tests.compile.test_gemm_mma import KF_MMA_EMU
from tests.compile.test_trsm_compile import CPU_VARIANTS, _module, _no_spills, compile_variants
from tests.compile.trsm_cpu import run_module, solve_reference
from kfuse import config

MMA = dict(engine="mma_tf32", bm=128, bn=128, bk=16, stages=4, wm=64, wn=64, tm=8, tn=8)
SMALL_MMA = dict(engine="mma_tf32", bm=64, bn=32, bk=32, stages=3, wm=32, wn=16, tm=8, tn=8)
#: TF32 TRSM tolerance (max abs error over max |X|): the updates' operands rounded to 10-bit
#: mantissas (~6e-4 relative per product, tests/compile/test_gemm_mma.py) on a well-conditioned A
TF32_TOL = 1e-3


def _tf32_module(side, uplo, trans, diag, n, nrhs, edit):
    with config.override(precision="tf32"):
        return _module(side, uplo, trans, diag, n, nrhs, "float32", edit)


def _updates_on_mma(mod):
    ups = [k for k in mod.kernels if "_update_" in k.name and k.text]
    assert ups and all("mma.sync.aligned.m16n8k8" in k.text for k in ups)


@pytest.mark.parametrize("side, uplo, trans, diag", compile_variants("trsm_tf32_compile"))
def test_every_variant_compiles_without_spills_under_tf32(side, uplo, trans, diag):
    alg = "recursive" if (trans == (diag == "unit")) else "blocked"   # both algorithms over the variants
    _, mod = _tf32_module(side, uplo, trans, diag, 150, 70, dict(MMA, algorithm=alg, leaf=64))
    _updates_on_mma(mod)
    _no_spills(mod)


def test_unaligned_sub_blocks_compile_with_element_copies():
    """n = 131 rows of 131: no sub-block offset keeps 16 bytes: 4-byte cp.async, no spills."""
    _, mod = _tf32_module("left", "lower", False, "nonunit", 131, 131, dict(MMA, algorithm="recursive", leaf=32))
    ups = [k for k in mod.kernels if "_update_" in k.name and k.text]
    assert ups and all("kf_cp_async<16>(" not in k.text for k in ups)
    _no_spills(mod)


def _check(side, uplo, trans, diag, n, nrhs, edit):
    rng = np.random.default_rng(n + nrhs)
    A = (rng.standard_normal((n, n)) / max(n, 1)).astype(np.float32)
    A[np.diag_indices(n)] = 2 + rng.random(n)
    A[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan       # never read
    B = rng.standard_normal((n, nrhs) if side == "left" else (nrhs, n)).astype(np.float32)
    prog, mod = _tf32_module(side, uplo, trans, diag, n, nrhs, edit)
    _updates_on_mma(mod)
    first = next(i for i, k in enumerate(mod.kernels) if k.text)
    kernels = list(mod.kernels)
    kernels[first] = dataclasses.replace(kernels[first], text=KF_MMA_EMU + kernels[first].text)
    out = prog.outputs[0]
    got = run_module(dataclasses.replace(mod, kernels=kernels), {"A": A, "B": B, out: np.full(B.shape, np.nan, np.float32)},
                     out)
    want = solve_reference(A, B, uplo, trans, diag, side)
    assert np.all(np.isfinite(got))
    err = np.abs(got - want).max() / max(1.0, np.abs(want).max())
    assert err < TF32_TOL, err
    return err


@pytest.mark.parametrize("side, uplo, trans, diag", CPU_VARIANTS)
def test_every_variant_runs_on_cpu_under_tf32(side, uplo, trans, diag):
    err = _check(side, uplo, trans, diag, 70, 37, dict(SMALL_MMA, algorithm="recursive", leaf=16, adapt=0))
    assert err > 1e-7   # the updates did round to TF32 (an exact FFMA solve is ~1e-7)


def test_blocked_odd_sizes_and_size_one_run_on_cpu_under_tf32():
    _check("right", "upper", True, "nonunit", 53, 5, dict(SMALL_MMA, algorithm="blocked", leaf=16, adapt=0))
    _check("left", "lower", False, "unit", 45, 1, dict(MMA, algorithm="recursive", leaf=16))
