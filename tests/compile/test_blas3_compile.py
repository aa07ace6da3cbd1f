"""BLAS-3 routines with structure (issue 20, round 2): each routine's kernel (SYMM, TRMM, SYRK,
SYR2K in each side / uplo / trans / diag) compiles to an sm_90 cubin without spills, one kernel."""
from __future__ import annotations

import pytest

import kfuse
from kfuse.frontend.trace import trace

from .compile_helpers import assert_clean_resources, compile_program

N, M = 129, 67



CASES = ([("symm", s, u, False, "nonunit") for s in ("left", "right") for u in ("lower", "upper")]
         + [("trmm", s, u, t, d) for s in ("left", "right") for u in ("lower", "upper") for t in (False, True)
            for d in ("nonunit", "unit")]
         + [(f, "", u, t, "") for f in ("syrk", "syr2k") for u in ("lower", "upper") for t in (False, True)])


def program(fn, side, uplo, trans, diag, dtype):
    mat = lambda r, c: ("a", (r, c), dtype, "C")   # noqa: E731
    if fn == "symm":
        f = lambda A, B: kfuse.blas.symm(A, B, side=side, uplo=uplo)   # noqa: E731
        specs = {"A": mat(N, N), "B": mat(N, M) if side == "left" else mat(M, N)}
    elif fn == "trmm":
        f = lambda A, B: kfuse.blas.trmm(A, B, side=side, uplo=uplo, trans=trans, diag=diag)   # noqa: E731
        specs = {"A": mat(N, N), "B": mat(N, M) if side == "left" else mat(M, N)}
    elif fn == "syrk":
        f = lambda A, C: kfuse.blas.syrk(A, uplo=uplo, trans=trans, beta=0.5, C=C)   # noqa: E731
        specs = {"A": mat(M, N) if trans else mat(N, M), "C": mat(N, N)}
    else:
        f = lambda A, B: kfuse.blas.syr2k(A, B, uplo=uplo, trans=trans)   # noqa: E731
        specs = {"A": mat(M, N) if trans else mat(N, M), "B": mat(M, N) if trans else mat(N, M)}
    return trace(f, list(specs), list(specs.values()), name=fn)[0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", CASES, ids=["-".join(str(x) for x in c if x != "") for c in CASES])
def test_blas3_routine_compiles_without_spills(case, dtype):
    prog = program(*case, dtype)
    exe = compile_program(prog, {}, plan="default")
    assert len(exe.plan["kernels"]) == 1   # one planned kernel (a symmetrize / zero-fill pass may lead it)
    assert exe.n_kernels == 1 + any(p in exe.plan["kernels"][0]["params"].values() for p in ("symmetrize", "zero_fill"))
    assert_clean_resources(exe)
