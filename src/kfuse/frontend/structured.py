"""Matrix structure in the front end: marking a matrix symmetric or triangular, and
which BLAS-3 routine a product of (possibly structured) matrices is.

``kfuse.sym(A, lower=True)`` / ``kfuse.tri(L, lower=True, unit=False)`` give the traced value's
type a structure (:class:`kfuse.ir.ArrayType` ``structure``/``uplo``/``unit``); a transpose view
of it is structured too (``L.T`` of a lower triangular ``L`` is upper triangular).  Then
:func:`product` picks the routine of ``a @ b``:

* ``S @ B`` -> ``symm_l?``, ``B @ S`` -> ``symm_r?``; ``L @ B`` / ``B @ L`` / ``L.T @ B`` -> ``trmm_??``;
* ``A @ A.T`` and ``A.T @ A`` of one array -> ``syrk`` (half the flops, the full symmetric result);
* anything else -> ``gemm``.
"""
from __future__ import annotations

import dataclasses

from ..errors import ShapeError
from ..ir import FLIP_UPLO
from ..library.blas3 import symm_name, trmm_name


def mark(b, name: str, structure: str, uplo: str, unit: bool = False) -> str:
    """Value ``name`` (a square matrix) marked ``structure`` ("sym"/"tri") with the data in its
    ``uplo`` triangle: its type gets the structure (a transpose view marks its base with the other
    triangle).  A value some call already reads as a general matrix, a window, a non-square
    matrix or a vector is refused with one ShapeError."""
    fn = "kfuse.sym" if structure == "sym" else "kfuse.tri"
    v = b.values[name]
    t = v.type
    if t.kind != "matrix":
        raise ShapeError(f"{fn}({v.display}): a structure is for matrices, got a {t.kind} ({t.describe()})")
    if t.shape[0] != t.shape[1]:
        raise ShapeError(f"{fn}({v.display}): a {'symmetric' if structure == 'sym' else 'triangular'} matrix "
                         f"must be square, got shape {tuple(t.shape)}")
    if v.window is not None:
        raise ShapeError(f"{fn}({v.display}): marking a slice is not supported; mark the whole matrix")
    if v.view_of:   # a transpose view: mark its base, with the other triangle
        base = mark(b, v.view_of, structure, FLIP_UPLO[uplo], unit)
        return b.transpose(base)
    want = dataclasses.replace(t.general(), structure=structure, uplo=uplo, unit=bool(unit and structure == "tri"))
    if t == want:
        return name
    readers = [c for c in b.calls if name in c.args.values()
               or any(b.values[x].view_of == name for x in c.args.values())]
    if readers:
        raise ShapeError(f"{fn}({v.display}): {v.display} is already read as "
                         f"{'a general' if not t.structure else 'an other structured'} matrix by "
                         f"'{readers[0].label}'; mark a matrix before its first use")
    v.type = want
    view = b._views.get(name)
    if view in b.values and b.values[view].view_of == name:
        b.values[view].type = want.transposed()
    return name


def product_fn(b, a: str, c: str) -> tuple:
    """(library function, A, B) of the product ``a @ c``: symm/trmm for a structured operand,
    syrk for ``X @ X.T`` / ``X.T @ X`` of one array, gemm otherwise.  Two structured operands are
    refused (BLAS has no such routine; marking one of them says which)."""
    ta, tc = b.type_of(a), b.type_of(c)
    if ta.structure and tc.structure:
        raise ShapeError(f"matrix product of two structured matrices ({b.values[a].display}: {ta.structure_text}, "
                         f"{b.values[c].display}: {tc.structure_text}): BLAS has no such routine; mark only one")
    for side, t in (("left", ta), ("right", tc)):
        if t.structure == "sym":
            return symm_name(side, t.uplo), a, c
        if t.structure == "tri":
            return trmm_name(side, t.uplo, t.unit), a, c
    va, vc = b.values[a], b.values[c]
    if va.window is None and vc.window is None and (va.view_of == c or vc.view_of == a):
        return "syrk", a, c
    return "gemm", a, c
