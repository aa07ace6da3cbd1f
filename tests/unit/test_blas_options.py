"""BLAS options as users spell them (issue 30, item 4): every routine's every option takes the
BLAS letters ('N', 'T', 'C'; 'L', 'U', 'R'; any case), kfuse's words and bools, means by each
what BLAS means (``trans="N"`` is NOT a transpose: ``bool("N")`` is true), and refuses anything
else with the routine and argument named -- no CUDA (the eager calls are caught before compiling,
traced programs run through the NumPy reference)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import blas, blas_options, reference
from kfuse.errors import ArgumentError
from kfuse.frontend.trace import trace

TRANS = (("N", False), ("n", False), (False, False), (0, False), (np.bool_(False), False), ("T", True),
         ("t", True), ("C", True), ("c", True), (True, True), (1, True), (2, True), (np.bool_(True), True))
BAD_TRANS = ("X", "yes", "no", "", None, 3, -1, 1.0, "NT")


@pytest.fixture
def calls(monkeypatch):
    """The (routine, static options) of each eager call, caught before it compiles."""
    seen = []
    monkeypatch.setattr(blas, "_run", lambda name, body, args, static, out=None: seen.append((name, static)) or "ran")
    return seen


def sq(n=3):
    return np.eye(n, dtype=np.float32)


# ---- trans: letters, bools and SciPy/cuBLAS integers ----------------------------------------------
ROUTINES_TRANS = [
    ("gemm", "transa", lambda v: blas.gemm(sq(), sq(), transa=v), "transa"),
    ("gemm", "transb", lambda v: blas.gemm(sq(), sq(), transb=v), "transb"),
    ("gemv", "trans", lambda v: blas.gemv(sq(), np.ones(3, np.float32), trans=v), "trans"),
    ("trmm", "trans", lambda v: blas.trmm(sq(), sq(), trans=v), "trans_a"),
    ("trsm", "trans", lambda v: blas.trsm(sq(), sq(), trans=v), "trans_a"),
    ("syrk", "trans", lambda v: blas.syrk(sq(), trans=v), "trans_a"),
    ("syr2k", "trans", lambda v: blas.syr2k(sq(), sq(), trans=v), "trans_a"),
]


@pytest.mark.parametrize("fn, arg, call, key", ROUTINES_TRANS, ids=[f"{r[0]}-{r[1]}" for r in ROUTINES_TRANS])
def test_trans_letters_and_bools_mean_what_blas_means(calls, fn, arg, call, key):
    for v, want in TRANS:
        calls.clear()
        call(v)
        assert calls[0][1][key] is want, (fn, arg, v)
    for v in BAD_TRANS:
        with pytest.raises(ArgumentError, match=f"{fn}: {arg}="):
            call(v)


def test_trans_n_is_no_transpose_inside_jit_too():
    """A square A: transa="N" must give A @ B (it gave A.T @ B, silently)."""
    rng = np.random.default_rng(0)
    A, B, x = rng.standard_normal((4, 4)), rng.standard_normal((4, 4)), rng.standard_normal(4)
    spec = [("a", (4, 4), "float64", "C")] * 2
    for fn, want in ((lambda A, B: blas.gemm(A, B, transa="N", transb="n"), A @ B),
                     (lambda A, B: blas.gemm(A, B, transa="T", transb="C"), A.T @ B.T),
                     (lambda A, B: blas.syrk(A, trans="N") + 0 * B, A @ A.T),
                     (lambda A, B: blas.syrk(A, trans="t") + 0 * B, A.T @ A)):
        prog = trace(fn, ["A", "B"], spec)[0]
        got = reference.run(prog, {"A": A, "B": B})[prog.outputs[0]]
        np.testing.assert_allclose(got, want, rtol=1e-12)
    prog = trace(lambda A, x: blas.gemv(A, x, trans="N"), ["A", "x"], [spec[0], ("a", (4,), "float64", "C")])[0]
    np.testing.assert_allclose(reference.run(prog, {"A": A, "x": x})[prog.outputs[0]], A @ x, rtol=1e-12)


# ---- side, uplo, diag ------------------------------------------------------------------------------
SIDE = {"L": "left", "l": "left", "left": "left", "LEFT": "left", "R": "right", "r": "right", "Right": "right"}
UPLO = {"L": "lower", "l": "lower", "lower": "lower", "U": "upper", "u": "upper", "UPPER": "upper"}
DIAG = {"N": "nonunit", "n": "nonunit", "nonunit": "nonunit", "U": "unit", "u": "unit", "Unit": "unit",
        True: "unit", False: "nonunit"}


def _static_side_uplo(name, static):
    """(side, uplo, diag) a recorded call asked for, in kfuse's words."""
    if name == "trsm":
        return static["side"], static["uplo"], "unit" if static["unit"] else "nonunit"
    if name in ("syrk", "syr2k"):
        return None, "upper" if static["trans_c"] else "lower", None
    _, uplo, unit = static["mark"]
    return static["side"], uplo, ("unit" if unit else "nonunit") if name == "trmm" else None


@pytest.mark.parametrize("fn", ["symm", "trmm", "trsm"])
def test_side_letters(calls, fn):
    for v, want in SIDE.items():
        calls.clear()
        getattr(blas, fn)(sq(), sq(), side=v)
        assert _static_side_uplo(*calls[0])[0] == want, (fn, v)
    for v in ("M", "middle", True, None, 0, "LR"):
        with pytest.raises(ArgumentError, match=f"{fn}: side="):
            getattr(blas, fn)(sq(), sq(), side=v)


@pytest.mark.parametrize("fn", ["symm", "trmm", "trsm", "syrk", "syr2k"])
def test_uplo_letters(calls, fn):
    call = (lambda **kw: blas.syrk(sq(), **kw)) if fn == "syrk" else (lambda **kw: getattr(blas, fn)(sq(), sq(), **kw))
    for v, want in UPLO.items():
        calls.clear()
        call(uplo=v)
        assert _static_side_uplo(*calls[0])[1] == want, (fn, v)
    for v in ("both", "X", True, False, None, 1):
        with pytest.raises(ArgumentError, match=f"{fn}: uplo="):
            call(uplo=v)


@pytest.mark.parametrize("fn", ["trmm", "trsm"])
def test_diag_letters_and_bools(calls, fn):
    for v, want in DIAG.items():
        calls.clear()
        getattr(blas, fn)(sq(), sq(), diag=v)
        assert _static_side_uplo(*calls[0])[2] == want, (fn, v)
    for v in ("one", "T", None, 2, 1.0):
        with pytest.raises(ArgumentError, match=f"{fn}: diag="):
            getattr(blas, fn)(sq(), sq(), diag=v)


def test_structured_operand_agrees_with_letters(calls):
    """kfuse.tri(A, lower=False) and uplo='U' are the same triangle (a marked A checks its uplo)."""
    blas.trsm(kfuse.tri(sq(), lower=False), sq(), uplo="U")
    blas.symm(kfuse.sym(sq(), lower=True), sq(), uplo="l", side="R")
    with pytest.raises(ArgumentError, match="marked tri=upper"):
        blas.trmm(kfuse.tri(sq(), lower=False), sq(), uplo="L")


def test_complex_conjugate_transpose_is_refused_not_transposed():
    z = np.eye(3, dtype=np.complex64)
    with pytest.raises(ArgumentError, match="gemv: trans='C'.*conjugate"):
        blas.gemv(z, np.ones(3, np.complex64), trans="C")
    assert blas_options.trans_of("gemm", "transa", "T", complex_operand=True) is True


# ---- solve_triangular: SciPy's spellings --------------------------------------------------------
def test_solve_triangular_options(monkeypatch):
    seen = []
    monkeypatch.setattr(blas, "trsm", lambda A, B, **kw: seen.append(kw) or B)
    st = kfuse.linalg.solve_triangular
    for v, want in ((0, False), (1, True), (2, True), ("N", False), ("t", True), ("C", True), (True, True),
                    (False, False), (np.bool_(True), True)):
        seen.clear()
        st(sq(), sq(), trans=v)
        assert seen[0]["trans"] is want, v
    for flag in ("lower", "unit_diagonal", "left", "upper", "unitriangular"):
        for bad in ("yes", "L", 2, 0.5) + ((None,) if flag in ("unit_diagonal", "left") else ()):
            with pytest.raises(ArgumentError, match=f"solve_triangular: {flag}="):
                st(sq(), sq(), **{flag: bad})
    for bad in (3, "X", "lower", None):
        with pytest.raises(ArgumentError, match="solve_triangular: trans="):
            st(sq(), sq(), trans=bad)
    seen.clear()
    st(sq(), sq(), lower=np.bool_(True), unit_diagonal=1)
    assert seen[0]["uplo"] == "lower" and seen[0]["diag"] == "unit"
