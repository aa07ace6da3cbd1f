"""Compile tier of TRSM (issue 20, round 3): every variant's module to an sm_90 cubin without
spills (both algorithms; the largest leaf in float64), and every variant run on the CPU (g++)
against the float64 reference with NaN in A's other triangle and a NaN-poisoned output.  CI
compiles 4 of the 16 variants per run (:func:`compile_variants`; all under KFTEST_FULL=1)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.compile.compile_helpers import ARCH
from tests.compile.trsm_cpu import run_module, solve_reference
from tests import sampling
from kfuse import blas
from kfuse.api import make_plan
from kfuse.codegen import generate
from kfuse.frontend.trace import trace
from kfuse.runtime import nvrtc

VARIANTS = list(itertools.product(("left", "right"), ("lower", "upper"), (False, True), ("nonunit", "unit")))


def compile_variants(name: str) -> list:
    """The variants a compile sweep builds this run: 4 of the 16 (a module takes ~12 CPU s), every
    side once and both sides of the pairing ``trans == (diag == "unit")`` that the sweeps use to
    alternate the algorithm or the dtype, the rest drawn (tests/sampling.py; all 16 under
    KFTEST_FULL=1)."""
    return sampling.sample(name, VARIANTS, 4, strata=lambda v: (v[0], v[2] == (v[3] == "unit")))


SMALL = {"bm": 64, "bn": 64, "tm": 8, "tn": 4}


def _module(side, uplo, trans, diag, n, nrhs, dtype, edit):
    f = lambda A, B: blas.trsm(A, B, side=side, uplo=uplo, trans=trans, diag=diag, alpha=2.0)  # noqa: E731
    bshape = (n, nrhs) if side == "left" else (nrhs, n)
    prog = trace(f, ["A", "B"], [("a", (n, n), dtype, "C"), ("a", bshape, dtype, "C")])[0]
    pj = make_plan(prog).to_json()
    pj["kernels"][0]["params"].update(edit)
    return prog, generate(prog, make_plan(prog, pj))


def _no_spills(mod):
    res = nvrtc.compile_cuda(mod.source, ARCH).resources()
    assert sorted(res) == sorted({k.name for k in mod.kernels})   # launches of one kernel share it
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0, f"{name}: {r}"


@pytest.mark.parametrize("side, uplo, trans, diag", compile_variants("trsm_compile"))
def test_every_variant_compiles_without_spills(side, uplo, trans, diag):
    alg = "recursive" if (trans == (diag == "unit")) else "blocked"   # both algorithms over the variants
    _, mod = _module(side, uplo, trans, diag, 150, 70, "float32", dict(algorithm=alg, leaf=64))
    _no_spills(mod)


@pytest.mark.parametrize("dtype, leaf", [("float64", 64), ("float32", 64), ("float64", 16)])
def test_leaf_sizes_compile_without_spills(dtype, leaf):
    _, mod = _module("left", "lower", False, "nonunit", 300, 40, dtype, dict(algorithm="recursive", leaf=leaf))
    _no_spills(mod)


def _check(side, uplo, trans, diag, n, nrhs, dtype, edit):
    rng = np.random.default_rng(n + nrhs)
    A = (rng.standard_normal((n, n)) / max(n, 1)).astype(dtype)
    A[np.diag_indices(n)] = 2 + rng.random(n)
    A[np.triu_indices(n, 1) if uplo == "lower" else np.tril_indices(n, -1)] = np.nan
    if diag == "unit":
        A[np.diag_indices(n)] = np.nan       # never read
    B = rng.standard_normal((n, nrhs) if side == "left" else (nrhs, n)).astype(dtype)
    prog, mod = _module(side, uplo, trans, diag, n, nrhs, dtype, edit)
    out = prog.outputs[0]
    got = run_module(mod, {"A": A, "B": B, out: np.full(B.shape, np.nan, dtype)}, out)
    want = solve_reference(A, B, uplo, trans, diag, side)
    assert np.all(np.isfinite(got))
    err = np.abs(got - want).max() / max(1.0, np.abs(want).max())
    assert err < (1e-5 if dtype == "float32" else 1e-12), err


#: every side x uplo x trans, the diagonal alternating (unit and non-unit both run for each side)
CPU_VARIANTS = [v for i, v in enumerate(VARIANTS) if (v[3] == "unit") == bool(i // 2 % 2)]


@pytest.mark.parametrize("side, uplo, trans, diag", CPU_VARIANTS)
def test_every_variant_runs_on_cpu(side, uplo, trans, diag):
    _check(side, uplo, trans, diag, 70, 37, "float32", dict(SMALL, algorithm="recursive", leaf=32))


@pytest.mark.parametrize("side, uplo", [("left", "upper"), ("right", "lower")])
def test_blocked_float64_runs_on_cpu(side, uplo):
    _check(side, uplo, False, "nonunit", 53, 5, "float64", dict(SMALL, algorithm="blocked", leaf=16))


def test_size_one_runs_on_cpu():
    _check("left", "lower", False, "nonunit", 1, 3, "float32", dict(SMALL, leaf=16))


def test_float64_leaf_128_is_refused():
    """Regression: a float64 leaf of 128 spilled 3840 bytes (128 doubles of registers per thread)."""
    with pytest.raises(Exception, match="over 64 for float64"):
        _module("left", "lower", False, "nonunit", 300, 40, "float64", dict(algorithm="recursive", leaf=128))
