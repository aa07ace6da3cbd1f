"""SYMM, TRMM, SYRK and SYR2K as contractions with adaptors, from one contraction (Cui et al.'s adaptors).

Each routine is gemm's contraction (``D = alpha * op(A) op(B) + beta * C``) plus the paper's
adaptor metadata: which operand is structured and how (:attr:`Contraction.adaptors`: symmetric
or triangular, the triangle holding the data, a unit diagonal), a symmetric output computed
from one triangle (``c_uplo``), a second swapped pair (SYR2K).  One function per variant, its
name saying it (the structure is the type's, the function the call's; ``kfuse.sym(S) @ B``
picks ``symm_ll``):

* ``symm_{l,r}{l,u}``: side (which operand is symmetric) x the triangle stored;
* ``trmm_{l,r}{l,u}{n,u}``: side x the triangle (of the operand as read: ``L.T`` is upper) x
  unit diagonal;
* ``syrk``: ``A B`` where ``B`` is ``A``'s transpose (``A @ A.T``, ``A.T @ A``), the lower
  triangle computed and mirrored, ``beta * C`` reading C's lower triangle only;
* ``syr2k``: ``A B + B^T A^T`` likewise.

Each float64 NumPy reference reads ONLY the triangle BLAS reads: a NaN in the other triangle of
a structured operand (or of C for syrk/syr2k) never reaches the result.

>>> from kfuse import library
>>> f = library.get("trmm_lun")
>>> f.adaptors, f.c_uplo
({'A': ('tri', 'upper', 'nonunit')}, '')
"""
from __future__ import annotations

import numpy as np

from .base import Param
from .contraction import contract, product_params

SIDES = {"l": "left", "r": "right"}
UPLOS = {"l": "lower", "u": "upper"}
DIAGS = {"n": "nonunit", "u": "unit"}


def triangle(X, uplo: str, unit: bool = False, strict: bool = False):
    """The ``uplo`` triangle of ``X`` in float64, zeros elsewhere (a select: a NaN outside it
    is dropped); ``unit``: ones on the diagonal (never read); ``strict``: without the diagonal."""
    X = np.asarray(X, dtype=np.float64)
    n = X.shape[0]
    i, j = np.arange(n).reshape(n, 1), np.arange(X.shape[1]).reshape(1, -1)
    keep = (j < i if strict else j <= i) if uplo == "lower" else (j > i if strict else j >= i)
    if unit:
        keep = keep & (i != j)
    out = np.where(keep, X, 0.0)
    if unit:
        out = out + np.eye(n, X.shape[1])
    return out


def symmetric(X, uplo: str):
    """The symmetric matrix whose ``uplo`` triangle is stored in ``X`` (the other never read)."""
    t = triangle(X, uplo)
    return t + triangle(X, uplo, strict=True).T


def _finish(prod, alpha, beta, C, mirror: bool = False):
    """``alpha * prod + beta * C``; ``mirror``: C read in its lower triangle only (a symmetric
    result: BLAS's syrk/syr2k with uplo lower)."""
    out = alpha * prod
    if not (np.isscalar(C) and C == 0.0) or beta != 0.0:
        C = np.asarray(C, dtype=np.float64)
        if mirror and C.ndim == 2:
            C = symmetric(C, "lower")
        out = out + beta * C
    return {"D": out}


def _structured_ref(operand: str, structure: str, uplo: str, unit: bool):
    def ref(A, B, alpha=1.0, beta=0.0, C=0.0):
        A, B = np.asarray(A, dtype=np.float64), np.asarray(B, dtype=np.float64)
        X = A if operand == "A" else B
        X = symmetric(X, uplo) if structure == "sym" else triangle(X, uplo, unit)
        prod = X @ B if operand == "A" else A @ X
        return _finish(prod, alpha, beta, C)
    ref.__doc__ = (f"float64 NumPy: {operand} {structure} ({uplo}{', unit' if unit else ''}) read from its "
                   "triangle only, times the other operand")
    return ref


def _syrk_ref(A, B, alpha=1.0, beta=0.0, C=0.0):
    """float64 NumPy: alpha * A B + beta * C with C read in its lower triangle (B = A^T)."""
    return _finish(np.asarray(A, dtype=np.float64) @ np.asarray(B, dtype=np.float64), alpha, beta, C, True)


def _syr2k_ref(A, B, alpha=1.0, beta=0.0, C=0.0):
    """float64 NumPy: alpha * (A B + B^T A^T) + beta * C, C read in its lower triangle."""
    p = np.asarray(A, dtype=np.float64) @ np.asarray(B, dtype=np.float64)
    return _finish(p + p.T, alpha, beta, C, True)


_FINALIZE = "D = alpha * acc + beta * C;"


def _symm(side: str, uplo: str):
    op = "A" if side == "l" else "B"
    return contract(f"symm_{side}{uplo}", product_params(), Param("D", "matrix"), "acc += A * B;", _FINALIZE,
                    reference=_structured_ref(op, "sym", UPLOS[uplo], False),
                    adaptors={op: ("sym", UPLOS[uplo], "nonunit")},
                    doc=f"D = alpha * A B + beta * C, {op} symmetric ({UPLOS[uplo]} triangle stored; BLAS symm "
                        f"side {SIDES[side]})")


def _trmm(side: str, uplo: str, diag: str):
    op = "A" if side == "l" else "B"
    return contract(f"trmm_{side}{uplo}{diag}", product_params(), Param("D", "matrix"), "acc += A * B;",
                    _FINALIZE, reference=_structured_ref(op, "tri", UPLOS[uplo], diag == "u"),
                    adaptors={op: ("tri", UPLOS[uplo], DIAGS[diag])},
                    doc=f"D = alpha * A B + beta * C, {op} {UPLOS[uplo]} triangular ({DIAGS[diag]} diagonal; "
                        f"BLAS trmm side {SIDES[side]})")


SYRK = contract("syrk", product_params(), Param("D", "matrix"), "acc += A * B;", _FINALIZE,
                reference=_syrk_ref, c_uplo="mirror_lower",
                doc="D = alpha * A A^T + beta * C (B is A's transpose view): the lower triangle computed and "
                    "mirrored, C read in its lower triangle (BLAS syrk, full symmetric result)")
SYR2K = contract("syr2k", product_params(), Param("D", "matrix"), "acc += A * B;", _FINALIZE,
                 reference=_syr2k_ref, c_uplo="mirror_lower", second=True,
                 doc="D = alpha * (A B + B^T A^T) + beta * C: the lower triangle computed and mirrored, C read "
                     "in its lower triangle (BLAS syr2k with B given transposed, full symmetric result)")

BLAS3 = ([_symm(s, u) for s in SIDES for u in UPLOS] + [_trmm(s, u, d) for s in SIDES for u in UPLOS for d in DIAGS]
         + [SYRK, SYR2K])


def symm_name(side: str, uplo: str) -> str:
    """``symm_lu`` for side "left", uplo "upper"."""
    return f"symm_{side[0]}{uplo[0]}"


def trmm_name(side: str, uplo: str, unit: bool) -> str:
    """``trmm_lun`` for side "left", uplo "upper", a non-unit diagonal."""
    return f"trmm_{side[0]}{uplo[0]}{'u' if unit else 'n'}"
