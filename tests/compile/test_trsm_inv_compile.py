"""Compile tier of TRSM's "inverse" algorithm (issue 20, round 4): every variant's module to an
sm_90 cubin without spills (float32 and float64, the largest leaf 128), and every side x uplo x
trans (the diagonal alternating) run on the CPU (g++) against the float64 reference: NaN in A's
other triangle (and its unit diagonal), a NaN-poisoned output and NaN-poisoned workspaces (R,
Ainv); odd sizes, n = 1, a partial last block."""
from __future__ import annotations

import pytest

from tests.compile.test_trsm_compile import CPU_VARIANTS, SMALL, _check, _module, _no_spills, compile_variants


@pytest.mark.parametrize("side, uplo, trans, diag", compile_variants("trsm_inv_compile"))
def test_every_variant_compiles_without_spills(side, uplo, trans, diag):
    dtype = "float64" if (trans == (diag == "unit")) else "float32"   # both types over the variants
    _, mod = _module(side, uplo, trans, diag, 300, 70, dtype, dict(algorithm="inverse", leaf=128))
    assert any(k.name.endswith("_invert") for k in mod.kernels)
    _no_spills(mod)


@pytest.mark.parametrize("dtype, leaf", [("float32", 64), ("float64", 32)])
def test_smaller_leaves_compile_without_spills(dtype, leaf):
    _, mod = _module("left", "lower", False, "nonunit", 1000, 33, dtype, dict(algorithm="inverse", leaf=leaf))
    _no_spills(mod)


INV = dict(SMALL, algorithm="inverse", leaf=16)


@pytest.mark.parametrize("side, uplo, trans, diag", CPU_VARIANTS)
def test_every_variant_runs_on_cpu(side, uplo, trans, diag):
    _check(side, uplo, trans, diag, 53, 21, "float32", INV)


@pytest.mark.parametrize("side, uplo, n, nrhs", [("left", "upper", 37, 5), ("right", "lower", 40, 3)])
def test_float64_runs_on_cpu(side, uplo, n, nrhs):
    _check(side, uplo, False, "nonunit", n, nrhs, "float64", INV)


@pytest.mark.parametrize("side, n, nrhs", [("left", 1, 3), ("right", 1, 2), ("left", 17, 1)])
def test_size_one_and_partial_block_run_on_cpu(side, n, nrhs):
    _check(side, "lower", True, "nonunit", n, nrhs, "float32", INV)


def test_leaf_32_with_a_partial_block_runs_on_cpu():
    _check("left", "lower", False, "unit", 70, 9, "float32", dict(SMALL, algorithm="inverse", leaf=32))
