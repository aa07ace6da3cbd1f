"""The contraction higher-order function: ``C[i, j] = sum_k f(A[i, k], B[k, j])``.

A contraction is the one pattern every BLAS-3 routine shares (the paper's "relate a new routine
to an existing one"): two matrix operands read through *index maps* -- ``A`` at ``(i, k)``,
``B`` at ``(k, j)`` -- their products summed over ``k``, then a ``finalize`` per output element
that may read scalars and matrices at ``(i, j)`` (BLAS's ``alpha`` and ``beta * C``).  Its typing
is its own: ``A`` is m x k, ``B`` is k x n and the result m x n (the nested functions unify the
rows and columns of every matrix argument, which cannot type ``A(m, k) @ B(k, n)``).

Transposes are no new function: an operand may be a transpose view (``A.T``), whose type is
already the transposed one; the gemm kernel reads it transposed, with no copy.

>>> from kfuse import library
>>> g = library.get("gemm")
>>> g.hof, g.maps["A"], g.maps["B"], g.maps[g.output.name]
('contraction', ('i', 'k'), ('k', 'j'), ('i', 'j'))
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import DTypeError, ShapeError
from ..ir import ArrayType, is_complex
from .base import ElementaryFunction, Param, _same_dim

#: the index maps of a plain product: operand -> (its row index, its column index)
PRODUCT_MAPS = {"A": ("i", "k"), "B": ("k", "j")}


@dataclasses.dataclass
class Contraction(ElementaryFunction):
    """An elementary function of the ``contraction`` higher-order function: ``compute`` folds
    one ``(i, j, k)`` term into ``acc`` (``acc += A * B;``), ``combine`` is ``+``, ``finalize``
    turns ``acc`` into the output at ``(i, j)`` reading the finalize-stage inputs there.
    ``maps``: parameter -> (row index, column index) for every matrix parameter and the output
    (the operands' ``(i, k)`` / ``(k, j)``, the rest ``(i, j)``)."""

    maps: dict = dataclasses.field(default_factory=dict)
    #: the adaptors: operand -> (structure "sym"/"tri", logical uplo "lower"/"upper", diag
    #: "nonunit"/"unit") for a structured operand (as the operand value reads: a ``.T`` view's)
    adaptors: dict = dataclasses.field(default_factory=dict)
    #: the output's triangle: "" (all of it) or "mirror_lower" (the lower triangle computed, stored
    #: at (i, j) and (j, i): a symmetric result, half the flops)
    c_uplo: str = ""
    #: True: the sum also runs over the swapped pair, ``op(B)^T op(A)^T`` (SYR2K)
    second: bool = False

    def __post_init__(self):
        super().__post_init__()
        for p in self.inputs + self.outputs:
            if p.kind == "matrix" and p.name not in self.maps:
                self.maps[p.name] = ("i", "j")
        contracted = [n for n, m in self.maps.items() if "k" in m]
        if len(contracted) != 2:
            raise ValueError(f"{self.name}: a contraction needs exactly two operands indexed by k, got {contracted}")

    @property
    def operands(self) -> tuple:
        """The names of the two contracted operands (``A``, ``B``)."""
        return tuple(n for n, m in self.maps.items() if "k" in m)

    def access_pattern(self) -> dict:
        """How one output element touches each parameter: the operands along ``k``."""
        acc = {}
        for p in self.inputs + self.outputs:
            m = self.maps.get(p.name)
            if p.kind == "scalar":
                acc[p.name] = "invariant"
            elif m and "k" in m:
                acc[p.name] = f"{'row' if m[0] != 'k' else 'column'} {m[0] if m[0] != 'k' else m[1]} along k"
            else:
                acc[p.name] = "element(i,j)"
        return acc

    def sizes(self, args: dict) -> tuple:
        """(m, n, k) of a call with argument types ``args`` (ShapeError naming both shapes when
        the inner dimensions differ)."""
        a, b = self.operands
        ta, tb = args[a], args[b]
        m, k = ta.shape
        k2, n = tb.shape
        if not _same_dim(k, k2):
            raise ShapeError(f"{self.name}: shapes {_shape(ta)} and {_shape(tb)} do not match for a matrix "
                             f"product: {a} has {k} columns, {b} has {k2} rows")
        return m, n, (k if isinstance(k, int) or not isinstance(k2, int) else k2)

    def infer(self, args: dict, weak: frozenset = frozenset()) -> ArrayType:
        """The output type: m x n, row-major, of the operands' dtype (one dtype, real)."""
        for p in self.inputs:
            if p.name not in args and not p.optional:
                raise ShapeError(f"{self.name}: missing argument {p.name!r}")
        for name in args:
            if not any(p.name == name for p in self.inputs):
                raise ShapeError(f"{self.name}: unknown argument {name!r} "
                                 f"(parameters: {', '.join(p.name for p in self.inputs)})")
        for name, t in args.items():
            self._check_kind(self.param(name), t)
        dtype = self._common_dtype(args, weak)
        if is_complex(dtype):
            raise DTypeError(f"{self.name}: complex matrices ({dtype}) are not supported by the matrix product "
                             "yet (float32 and float64 are)")
        m, n, _ = self.sizes(args)
        for name, (structure, _, _) in self.adaptors.items():
            t = args[name]
            if t.shape[0] != t.shape[1] and all(isinstance(d, int) for d in t.shape):
                raise ShapeError(f"{self.name}: the {'symmetric' if structure == 'sym' else 'triangular'} "
                                 f"operand {name!r} {_shape(t)} must be square")
        if self.c_uplo and m != n and isinstance(m, int) and isinstance(n, int):
            raise ShapeError(f"{self.name}: a symmetric result needs a square product, got ({m}, {n})")
        for name, t in args.items():
            if t.kind == "matrix" and name not in self.operands and not (
                    _same_dim(t.shape[0], m) and _same_dim(t.shape[1], n)):
                raise ShapeError(f"{self.name}: {name!r} {_shape(t)} must have the product's shape ({m}, {n})")
        return ArrayType("matrix", dtype, (m, n), "C")


def _shape(t: ArrayType) -> str:
    return "(" + ", ".join(str(d) for d in t.shape) + ")"


def contract(name: str, inputs, output: Param, compute: str, finalize: str, maps: dict | None = None, *,
             reference=None, doc: str = "", flops: int = 2, adaptors: dict | None = None, c_uplo: str = "",
             second: bool = False) -> Contraction:
    """A contraction ``out[i, j] = finalize(sum_k compute(A[i, k], B[k, j]), ...)``: ``inputs``
    are Params (the two operands and any scalars or (i, j) matrices the finalize reads),
    ``maps`` the operands' index maps (default: ``A`` at (i, k), ``B`` at (k, j)); ``adaptors``,
    ``c_uplo`` and ``second`` as :class:`Contraction` says."""
    return Contraction(name, "contraction", tuple(inputs), (output,), compute, combine="+", finalize=finalize,
                       reference=reference, doc=doc, flops=flops, maps=dict(maps or PRODUCT_MAPS),
                       adaptors=dict(adaptors or {}), c_uplo=c_uplo, second=second)


#: the parameters every BLAS-3 contraction takes (gemm's)
def product_params() -> tuple:
    """(A, B, alpha, beta, C): the operands, alpha, and beta * C read by the finalize."""
    return (Param("A", "matrix"), Param("B", "matrix"), Param("alpha", "scalar", optional=True, default=1.0),
            Param("beta", "scalar", optional=True, default=0.0, stage="finalize"),
            Param("C", "matrix", optional=True, default=0.0, stage="finalize"))


def _gemm_ref(A, B, alpha=1.0, beta=0.0, C=0.0):
    """float64 NumPy: alpha * A @ B + beta * C (k = 0: zeros)."""
    A = np.asarray(A, dtype=np.float64)
    B = np.asarray(B, dtype=np.float64)
    out = alpha * (A @ B)
    if not (np.isscalar(C) and C == 0.0) or beta != 0.0:
        out = out + beta * np.asarray(C, dtype=np.float64)
    return {"D": out}


GEMM = contract(
    "gemm", product_params(), Param("D", "matrix"), "acc += A * B;", "D = alpha * acc + beta * C;",
    reference=_gemm_ref, doc="D = alpha * A B + beta * C (BLAS gemm, out of place; .T views give the transposes)")
