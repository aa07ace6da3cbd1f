"""``kfuse.linalg``: SciPy/torch-style linear algebra on the BLAS-3 routines.

>>> import kfuse
>>> callable(kfuse.linalg.solve_triangular)
True
"""
from __future__ import annotations

from . import blas
from .blas_options import flag_of, is_complex, trans_of
from .errors import ArgumentError
from .frontend.trace import Tensor


def solve_triangular(A, B, *, lower=None, upper=None, left=True, unit_diagonal=False, unitriangular=None,
                     trans=0, out=None, precision=None):
    """Solve ``op(A) X = B`` (``left``) or ``X op(A) = B`` (``left=False``, torch's) for X, A
    triangular: SciPy's names (``lower``, default False as in SciPy; ``unit_diagonal``; ``trans``
    0/1/2 or 'N'/'T'/'C', 2 and 'C' the transpose of a real matrix, or a bool) and torch's
    aliases (``upper=``, ``unitriangular=``, ``left=``); the flags are bools (0 and 1 too), anything
    else is refused naming the argument.  Only A's triangle is read.  ``kfuse.tri(L, ...)`` as A
    supplies lower/unit.  A 1-D B is one column (the result 1-D).  ``out``: the array to write X
    into (may be B).  Conflicting aliases are refused.  ``precision``: as
    :func:`kfuse.blas.trsm`'s ("tf32": the GEMM updates on TF32 tensor cores)."""
    fn = "solve_triangular"
    lower, upper = (None if v is None else flag_of(fn, n, v) for n, v in (("lower", lower), ("upper", upper)))
    unit_diagonal = flag_of(fn, "unit_diagonal", unit_diagonal)
    unitriangular = None if unitriangular is None else flag_of(fn, "unitriangular", unitriangular)
    left = flag_of(fn, "left", left)
    transposed = trans_of(fn, "trans", trans, is_complex(A))
    if getattr(A, "_kfuse_structured", False):
        if A.structure != "tri":
            raise ArgumentError(f"solve_triangular: A is marked {A.structure}; a triangular matrix is needed")
        marked_lower, marked_unit = A.uplo == "lower", A.unit
        if (lower is not None and lower != marked_lower) or (upper is not None and upper == marked_lower):
            raise ArgumentError(f"solve_triangular: A is marked {A.uplo} triangular but lower/upper say otherwise")
        lower, upper = marked_lower, None
        if marked_unit and (unit_diagonal is False and unitriangular is False):
            unitriangular = True
        unit_diagonal = unit_diagonal or marked_unit
        A = A.array
    if lower is not None and upper is not None and lower == upper:
        raise ArgumentError(f"solve_triangular: lower={lower!r} and upper={upper!r} conflict (give one)")
    is_lower = lower if lower is not None else (not upper if upper is not None else False)
    if unitriangular is not None and unitriangular != unit_diagonal and unit_diagonal:
        raise ArgumentError(f"solve_triangular: unit_diagonal={unit_diagonal!r} and unitriangular={unitriangular!r} "
                            "conflict (give one)")
    unit = unit_diagonal or bool(unitriangular)
    vector = len(getattr(B, "shape", ())) == 1
    if vector:
        if isinstance(B, Tensor):   # kfuse's traced value (a torch tensor outside jit is an array)
            raise ArgumentError("solve_triangular: a 1-D B inside kfuse.jit: the IR has no vector solve; pass "
                                "B as an n x 1 matrix")
        if not left:
            raise ArgumentError("solve_triangular: a 1-D B with left=False: give B as a 1 x n matrix")
        B = B.reshape(-1, 1)
        if out is not None:
            out = out.reshape(-1, 1)
    X = blas.trsm(A, B, side="left" if left else "right", uplo="lower" if is_lower else "upper",
                  trans=transposed, diag="unit" if unit else "nonunit", out=out,
                  **({} if precision is None else {"precision": precision}))
    return X.reshape(-1) if vector else X


__all__ = ["solve_triangular"]
