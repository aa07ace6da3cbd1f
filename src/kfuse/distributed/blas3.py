"""BLAS-3 products over ranks that hold a matrix split by rows (:mod:`kfuse.distributed.rows`).

* :func:`gemm`: ``C = alpha op(A) op(B) + beta C`` with op(A) and C split by rows and B whole on
  every rank: a rank's rows of C are its rows of op(A) times B, one product on the rank and no
  communication.
* :func:`syrk` with ``trans=True``: ``C = alpha A^T A + beta C`` with A split by rows: the sum
  over ranks of ``A_r^T A_r``, one product per rank and ONE all-reduce of the n x n result on the
  device; C is whole on every rank.
* :func:`syrk` with ``trans=False``: ``C = alpha A A^T + beta C``, C split by rows as A is: rank
  r's rows are ``A_r A^T``, which needs A whole: an all-gather of A's blocks (one
  ``comm.exchange``), then one product on the rank.

The product on a rank is a :class:`Products`' (default :data:`KFUSE`: ``kfuse.blas.gemm`` and
``kfuse.blas.syrk`` on device arrays; :data:`MATMUL`: the arrays' own ``@``, NumPy on the CPU).
Operands are checked on every rank together (``check=True``): one small all-reduce shares each
rank's shapes and dtypes, and every rank refuses alike when one rank's operands are bad or the
ranks disagree (B's shape, the column count, the dtype), instead of leaving the others waiting.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from .. import blas as kblas
from ..blas_options import trans_of, uplo_of
from ..errors import ArgumentError, DTypeError, KfuseError, ShapeError
from .protocol import array_module
from .rows import agree, gather_rows, share

#: The element types of the products, with the codes ranks share them by.
DTYPES = {"float32": 1, "float64": 2}
DTYPE_WORDS = "the dtype (" + ", ".join(f"{code}: {name}" for name, code in DTYPES.items()) + ")"


@dataclasses.dataclass(frozen=True)
class Products:
    """The products a rank computes on its own blocks, with ``kfuse.blas``'s keywords and meaning:
    ``gemm(A, B, transa=, transb=, alpha=, beta=, C=, precision=)`` and ``syrk(A, uplo=, trans=,
    alpha=, beta=, C=, precision=)`` (the full symmetric result, C read in its ``uplo`` triangle)."""

    name: str
    gemm: Callable
    syrk: Callable


def _matmul_gemm(A, B, transa=False, transb=False, alpha=1.0, beta=0.0, C=None, precision=None):
    """``kfuse.blas.gemm``'s meaning through the arrays' ``@`` (``precision`` is not used)."""
    out = alpha * ((A.T if transa else A) @ (B.T if transb else B))
    if C is not None and beta != 0:
        out = out + beta * C
    return out.astype(A.dtype, copy=False)


def _matmul_syrk(A, uplo="lower", trans=False, alpha=1.0, beta=0.0, C=None, precision=None):
    """``kfuse.blas.syrk``'s meaning through the arrays' ``@`` (``precision`` is not used)."""
    a = A.T if trans else A
    out = alpha * (a @ a.T)
    if C is not None and beta != 0:
        out = out + beta * symmetric(C, uplo)
    return out.astype(A.dtype, copy=False)


def symmetric(c, uplo: str = "lower"):
    """The symmetric matrix whose ``uplo`` triangle (and diagonal) is ``c``'s."""
    xp = array_module(c)
    if uplo == "lower":
        return xp.tril(c) + xp.tril(c, -1).T
    return xp.triu(c) + xp.triu(c, 1).T


#: kfuse's own products (``kfuse.blas``; device arrays).
KFUSE = Products("kfuse.blas", kblas.gemm, kblas.syrk)
#: The arrays' own ``@`` (NumPy on the CPU, CuPy's cuBLAS on the GPU): a reference.
MATMUL = Products("matmul", _matmul_gemm, _matmul_syrk)


@dataclasses.dataclass(frozen=True)
class GemmShape:
    """A rank's gemm: ``rows`` of op(A) and of C, the inner dimension ``k``, B's ``b_shape``, the
    result's ``n`` columns, the ``dtype`` and the transposes read."""

    rows: int
    k: int
    b_shape: tuple
    n: int
    dtype: str
    trans_a: bool
    trans_b: bool

    def fields(self) -> tuple:
        return (self.rows, self.k) + self.b_shape + (DTYPES[self.dtype],)


@dataclasses.dataclass(frozen=True)
class SyrkShape:
    """A rank's syrk: its block of A (``rows`` x ``cols``), the ``dtype``, ``trans`` (A^T A),
    ``uplo`` (the triangle of C read), and C's column count (``c_cols``, 0 when C is not read)."""

    rows: int
    cols: int
    dtype: str
    trans: bool
    uplo: str
    c_cols: int

    def fields(self) -> tuple:
        return (self.rows, self.cols, DTYPES[self.dtype], self.c_cols)


def _matrix(x, name: str) -> tuple:
    """(shape, dtype) of a 2-D float32/float64 array, else the refusal naming ``name``."""
    if not hasattr(x, "shape") or not hasattr(x, "dtype"):
        raise ArgumentError(f"{name}: a {type(x).__name__}, not an array")
    if len(x.shape) != 2:
        raise ShapeError(f"{name}: shape {tuple(x.shape)} is not a matrix (2-D)")
    if str(x.dtype) not in DTYPES:
        raise DTypeError(f"{name}: dtype {x.dtype}; the products take {' or '.join(DTYPES)}")
    return tuple(int(n) for n in x.shape), str(x.dtype)


def _same_dtype(name: str, dtype: str, want: str) -> None:
    if dtype != want:
        raise DTypeError(f"{name}: dtype {dtype}, A's is {want} (one dtype for all operands)")


def _reads_c(c, beta, name: str) -> bool:
    """Whether C is read (given, beta nonzero); beta nonzero without C is refused."""
    zero = isinstance(beta, (int, float)) and not isinstance(beta, bool) and beta == 0
    if c is None and not zero:
        raise ArgumentError(f"beta={beta!r} needs {name}")
    return c is not None and not zero


def _gemm_shape(a_rows, b, c_rows, beta, trans_a, trans_b) -> GemmShape:
    """The checked shape of a rank's gemm operands."""
    trans_a, trans_b = trans_of("gemm", "trans_a", trans_a), trans_of("gemm", "trans_b", trans_b)
    a_shape, dtype = _matrix(a_rows, "a_rows")
    b_shape, b_dtype = _matrix(b, "b")
    _same_dtype("b", b_dtype, dtype)
    rows, k = a_shape[::-1] if trans_a else a_shape
    kb, n = b_shape[::-1] if trans_b else b_shape
    if kb != k:
        raise ShapeError(f"b: op(b) has {kb} rows, op(a_rows) {k} columns (trans_a={trans_a}, trans_b={trans_b})")
    if _reads_c(c_rows, beta, "c_rows"):
        c_shape, c_dtype = _matrix(c_rows, "c_rows")
        _same_dtype("c_rows", c_dtype, dtype)
        if c_shape != (rows, n):
            raise ShapeError(f"c_rows: shape {c_shape}, this rank's rows of C are {(rows, n)}")
    return GemmShape(rows, k, b_shape, n, dtype, trans_a, trans_b)


def _checked(comm, local: Callable, like, fields: int, check: bool):
    """(the rank's checked shape, what the ranks shared or None): ``local()`` checks this rank's
    operands; with ``check`` every rank shares its ``fields`` integers (zeros where its own check
    failed) in one all-reduce and all refuse together."""
    try:
        shape, error = local(), None
    except KfuseError as exc:
        shape, error = None, exc
    if not check:
        if error is not None:
            raise error
        return shape, None
    shared = share(comm, shape.fields() if shape is not None else (0,) * fields, error, like=like)
    return shape, shared


def gemm(a_rows, b, comm, alpha=1.0, beta=0.0, c_rows=None, trans_a=False, trans_b=False,
         precision: str | None = None, products: Products | None = None, check: bool = True):
    """This rank's rows of ``alpha op(A) op(B) + beta C``.

    ``a_rows``: the rank's block of op(A)'s rows: A's rows (``trans_a`` False), or A's columns
    read transposed (``trans_a`` True: a_rows is k x rows).  ``b``: B whole, alike on every rank
    (``trans_b``: read transposed).  ``c_rows``: the rank's rows of C, read when ``beta`` is
    nonzero.  Options are spelled as ``kfuse.blas.gemm``'s (``'N'``/``'T'``/``'C'`` or a bool);
    ``precision`` goes to the product.  No communication but the check (``check``: one small
    all-reduce; every rank refuses when B's shape, the inner dimension or the dtype differ across
    ranks, or one rank's operands are bad).  A rank holding no rows returns a 0 x n array."""
    products = products or KFUSE
    shape, shared = _checked(comm, lambda: _gemm_shape(a_rows, b, c_rows, beta, trans_a, trans_b),
                             a_rows, 5, check)
    if shared is not None:
        agree(shared, 1, "the inner dimension k (op(a_rows)'s columns)")
        agree(shared, 2, "b's row count (B is whole on every rank)")
        agree(shared, 3, "b's column count (B is whole on every rank)")
        agree(shared, 4, DTYPE_WORDS, DTypeError)
    if shape.rows == 0:
        return array_module(a_rows).zeros((0, shape.n), dtype=shape.dtype)
    return products.gemm(a_rows, b, transa=shape.trans_a, transb=shape.trans_b, alpha=alpha, beta=beta,
                         C=c_rows, precision=precision)


def _syrk_shape(a_rows, c, beta, trans, uplo) -> SyrkShape:
    """The checked shape of a rank's syrk operands (C's rows against this rank's only: its
    column count is checked against the total once the ranks have shared their rows)."""
    trans = trans_of("syrk", "trans", trans)
    if not trans and uplo is not None:
        raise ArgumentError("uplo: with trans=False C is split by rows and each rank's rows are read "
                            "whole (no triangle of them is the symmetric matrix's); pass uplo=None")
    uplo = uplo_of("syrk", "lower" if uplo is None else uplo)
    (rows, cols), dtype = _matrix(a_rows, "a_rows")
    if not _reads_c(c, beta, "c"):
        return SyrkShape(rows, cols, dtype, trans, uplo, 0)
    c_shape, c_dtype = _matrix(c, "c")
    _same_dtype("c", c_dtype, dtype)
    want = (cols, cols) if trans else (rows, c_shape[1])
    if c_shape != want:
        what = f"C whole, {want}" if trans else f"this rank's rows of C, {rows} x m"
        raise ShapeError(f"c: shape {c_shape}; with trans={trans} it is {what}")
    return SyrkShape(rows, cols, dtype, trans, uplo, c_shape[1])


def syrk(a_rows, comm, trans=False, uplo=None, alpha=1.0, beta=0.0, c=None, precision: str | None = None,
         products: Products | None = None, check: bool = True, stream=None):
    """``alpha A^T A + beta C`` (``trans`` True) or this rank's rows of ``alpha A A^T + beta C``
    (False), A split by rows (``a_rows``: this rank's block; blocks may be uneven or empty).

    trans True: each rank's ``A_r^T A_r`` (rank 0 adding ``beta C``, C whole and alike on every
    rank, read in its ``uplo`` triangle), then ONE sum all-reduce on ``stream``: the full n x n
    result on every rank.  trans False: A is all-gathered (one ``comm.exchange``; every rank
    receives the m x k matrix), then ``alpha A_r A^T + beta C_r`` with ``c`` this rank's rows of C
    (rows x m, read whole; ``uplo`` is refused).  ``check``: one small all-reduce first (always
    with trans False: the gather needs every rank's row count)."""
    products = products or KFUSE
    shape, shared = _checked(comm, lambda: _syrk_shape(a_rows, c, beta, trans, uplo), a_rows, 4,
                             check or not _gram_asked(trans))
    if shared is not None:
        _agree_syrk(shared, shape)
    if shape.trans:
        return _gram(a_rows, comm, shape, alpha, beta, c, precision, products, stream)
    rows = shared.column(0)
    whole = gather_rows(a_rows, comm, rows, stream=stream)
    if shape.rows == 0:
        return array_module(a_rows).zeros((0, sum(rows)), dtype=shape.dtype)
    return products.gemm(a_rows, whole, transa=False, transb=True, alpha=alpha, beta=beta, C=c, precision=precision)


def _gram_asked(trans) -> bool:
    """Whether ``trans`` asks for A^T A (a misspelt one counts as not: the check then runs and
    every rank refuses it together)."""
    try:
        return trans_of("syrk", "trans", trans)
    except KfuseError:
        return False


def _agree_syrk(shared, shape: SyrkShape) -> None:
    """Refuse, on every rank alike, a syrk whose ranks disagree."""
    agree(shared, 1, "a_rows's column count")
    agree(shared, 2, DTYPE_WORDS, DTypeError)
    total = shared.offsets(0)[-1]
    if total == 0:
        raise ShapeError("a_rows: no rank holds a row of A")
    if not shape.trans:
        for r, cols in enumerate(shared.column(3)):
            if cols not in (0, total):
                raise ShapeError(f"c: rank {r}'s rows of C have {cols} columns; C is {total} x {total}")


def _gram(a_rows, comm, shape: SyrkShape, alpha, beta, c, precision, products, stream):
    """``alpha sum_r A_r^T A_r + beta C`` on every rank: one product per rank, one all-reduce."""
    xp = array_module(a_rows)
    first = comm.rank == 0
    c_here = c if first and c is not None else None
    beta_here = beta if c_here is not None else 0.0
    if shape.rows == 0:
        part = xp.zeros((shape.cols, shape.cols), dtype=shape.dtype)
        if c_here is not None and beta_here != 0:
            part += (beta_here * symmetric(c_here, shape.uplo)).astype(shape.dtype, copy=False)
    else:
        part = products.syrk(a_rows, uplo=shape.uplo, trans=True, alpha=alpha, beta=beta_here, C=c_here,
                             precision=precision)
    part = xp.ascontiguousarray(part)
    comm.all_reduce(part, "sum", stream=stream)
    return part


__all__ = ["DTYPES", "KFUSE", "MATMUL", "Products", "gemm", "syrk", "symmetric"]
