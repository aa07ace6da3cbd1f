"""``kfuse.sym`` and ``kfuse.tri``: matrix structure as a property of the matrix.

Inside a ``@kfuse.jit`` function they mark the traced value (its type gets the structure) and
return it, so ``kfuse.sym(S) @ B`` is SYMM and ``kfuse.tri(L) @ B`` TRMM.  Outside one they
return a light :class:`Structured` wrapper of the array that ``@`` and ``kfuse.blas`` calls
accept::

    S = kfuse.sym(A, lower=True)     # only A's lower triangle is read
    C = S @ B                        # kfuse.blas.symm(A, B, side="left", uplo="lower")
    D = B @ kfuse.tri(L, lower=False, unit=True)
"""
from __future__ import annotations

from .errors import ArgumentError, ShapeError
from .frontend.trace import Tensor

FLIP = {"lower": "upper", "upper": "lower"}


class Structured:
    """An array marked symmetric (``structure`` "sym") or triangular ("tri"), its data in the
    ``uplo`` triangle (``unit``: a unit diagonal, never read): what ``kfuse.sym``/``kfuse.tri``
    return outside a jit function.  ``S @ B`` / ``B @ S`` run the BLAS routine; ``.T`` is the
    transpose (the other triangle); ``.array`` the array itself."""

    __array_priority__ = 1000
    __array_ufunc__ = None
    _kfuse_structured = True   # what kfuse.blas checks (it sits below this module)

    def __init__(self, array, structure: str, uplo: str, unit: bool = False):
        self.array, self.structure, self.uplo, self.unit = array, structure, uplo, bool(unit)

    @property
    def shape(self) -> tuple:
        return tuple(self.array.shape)

    @property
    def dtype(self):
        return self.array.dtype

    @property
    def T(self) -> "Structured":
        return Structured(self.array.T, self.structure, FLIP[self.uplo], self.unit)

    def __repr__(self):
        what = f"{self.structure}={self.uplo}" + (", unit" if self.unit else "")
        return f"<kfuse {what} matrix {self.shape} {self.dtype}>"

    def _product(self, other, side: str):
        from . import blas
        if isinstance(other, Structured):
            raise ShapeError("matrix product of two structured matrices: BLAS has no such routine; mark only one")
        if self.structure == "sym":
            return blas.symm(self.array, other, side=side, uplo=self.uplo)
        return blas.trmm(self.array, other, side=side, uplo=self.uplo, diag="unit" if self.unit else "nonunit")

    def __matmul__(self, other):
        return self._product(other, "left")

    def __rmatmul__(self, other):
        return self._product(other, "right")


def _check_matrix(fn: str, X) -> None:
    shape = tuple(getattr(X, "shape", ()))
    if len(shape) != 2:
        raise ShapeError(f"{fn}: a structure is for matrices, got an array of shape {shape}")
    if shape[0] != shape[1]:
        raise ShapeError(f"{fn}: the matrix must be square, got shape {shape}")


def _mark(fn: str, X, structure: str, lower: bool, unit: bool = False):
    if isinstance(lower, str) or not isinstance(lower, (bool, int)):
        raise ArgumentError(f"{fn}: lower must be True or False, got {lower!r}")
    uplo = "lower" if lower else "upper"
    if isinstance(X, Tensor):
        return Tensor(X._b, X._b.mark(X._name, structure, uplo, unit))
    if isinstance(X, Structured):
        X = X.array
    if not (hasattr(X, "shape") and hasattr(X, "dtype")):
        raise ArgumentError(f"{fn}: expected a matrix (an array), got {type(X).__name__}")
    _check_matrix(fn, X)
    return Structured(X, structure, uplo, unit)


def sym(A, lower: bool = True):
    """``A`` marked symmetric with its data in the lower (``lower=True``) or upper triangle; the
    other triangle is never read."""
    return _mark("kfuse.sym", A, "sym", lower)


def tri(L, lower: bool = True, unit: bool = False):
    """``L`` marked triangular (zero outside the lower/upper triangle, never read there);
    ``unit``: ones on the diagonal, never read."""
    return _mark("kfuse.tri", L, "tri", lower, unit)


__all__ = ["sym", "tri", "Structured"]
