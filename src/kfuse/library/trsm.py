"""TRSM: triangular solves with many right-hand sides.

One function per variant like trmm, ``trsm_{l,r}{l,u}{n,u}``: side x the triangle of A *as read*
(``L.T`` is upper) x unit diagonal::

    X = alpha * op(A)^-1 B      (side left:  op(A) X = alpha B)
    X = alpha * B op(A)^-1      (side right: X op(A) = alpha B)

BLAS's ``trans`` is a ``.T`` view of A (the stored matrix's other triangle), as for trmm.  The
hof is ``solve``: no kernel space but ``trsm`` claims it, and a trsm call runs alone in its kernel
(whose lowering launches several kernels: :mod:`kfuse.codegen.trsm.lower`).  The float64
reference reads only the triangle (a NaN in the other triangle never reaches the result).

>>> from kfuse import library
>>> f = library.get("trsm_lun")
>>> f.hof, f.side, f.uplo, f.unit
('solve', 'left', 'upper', False)
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import DTypeError, ShapeError
from ..ir import ArrayType, is_complex
from .base import ElementaryFunction, Param
from .blas3 import DIAGS, SIDES, UPLOS, triangle


@dataclasses.dataclass
class TriangularSolve(ElementaryFunction):
    """A triangular solve ``X = alpha * op(A)^-1 B`` (``side`` "left") or ``alpha * B op(A)^-1``
    ("right"): A square, its ``uplo`` triangle (as read) holding the data, ``unit``: ones on the
    diagonal (never read)."""

    side: str = "left"
    uplo: str = "lower"
    unit: bool = False

    def infer(self, args: dict, weak: frozenset = frozenset()) -> ArrayType:
        """The output type: B's shape, row-major, the operands' dtype (float32 or float64)."""
        for p in self.inputs:
            if p.name not in args and not p.optional:
                raise ShapeError(f"{self.name}: missing argument {p.name!r}")
        for name, t in args.items():
            self._check_kind(self.param(name), t)
        dtype = self._common_dtype(args, weak)
        if is_complex(dtype) or dtype not in ("float32", "float64"):
            raise DTypeError(f"{self.name}: {dtype} matrices are not supported by the triangular solve "
                             "(float32 and float64 are)")
        a, b = args["A"], args["B"]
        n0, n1 = a.shape
        if isinstance(n0, int) and isinstance(n1, int) and n0 != n1:
            raise ShapeError(f"{self.name}: the triangular matrix A {tuple(a.shape)} must be square")
        inner = b.shape[0] if self.side == "left" else b.shape[1]
        if isinstance(inner, int) and isinstance(n0, int) and inner != n0:
            what = "rows" if self.side == "left" else "columns"
            raise ShapeError(f"{self.name}: B {tuple(b.shape)} must have {n0} {what} (A is {n0} x {n0}, "
                             f"side {self.side})")
        big = [d for d in (*a.shape, *b.shape) if isinstance(d, int) and d >= 2**31]
        if big:
            raise ShapeError(f"{self.name}: A {tuple(a.shape)} and B {tuple(b.shape)}: a dimension of {big[0]} "
                             "is 2^31 or more; kfuse's triangular solve counts rows and columns in 32-bit int "
                             "(at most 2147483647)")
        return ArrayType("matrix", dtype, tuple(b.shape), "C")


def _solve_ref(side: str, uplo: str, unit: bool):
    def ref(A, B, alpha=1.0):
        T = triangle(A, uplo, unit)
        B = np.asarray(B, dtype=np.float64)
        if T.shape[0] == 0 or B.size == 0:
            return {"X": alpha * B}
        X = np.linalg.solve(T, B) if side == "left" else np.linalg.solve(T.T, B.T).T
        return {"X": alpha * X}
    ref.__doc__ = (f"float64 NumPy: alpha * {'T^-1 B' if side == 'left' else 'B T^-1'}, T the {uplo} triangle of "
                   f"A{' with a unit diagonal' if unit else ''} (the other triangle never read)")
    return ref


def _trsm(side: str, uplo: str, diag: str) -> TriangularSolve:
    s, u = SIDES[side], UPLOS[uplo]
    what = "op(A)^-1 B" if s == "left" else "B op(A)^-1"
    return TriangularSolve(
        f"trsm_{side}{uplo}{diag}", "solve",
        (Param("A", "matrix"), Param("B", "matrix"), Param("alpha", "scalar", optional=True, default=1.0)),
        (Param("X", "matrix"),), "/* solved by the trsm space's kernels (codegen/trsm/lower.py) */",
        reference=_solve_ref(s, u, diag == "u"), flops=0,
        doc=f"X = alpha * {what}, A {u} triangular ({DIAGS[diag]} diagonal; BLAS trsm side {s})",
        side=s, uplo=u, unit=diag == "u")


TRSM = [_trsm(s, u, d) for s in SIDES for u in UPLOS for d in DIAGS]


def trsm_name(side: str, uplo: str, unit: bool) -> str:
    """``trsm_lun`` for side "left", uplo "upper", a non-unit diagonal."""
    return f"trsm_{side[0]}{uplo[0]}{'u' if unit else 'n'}"
