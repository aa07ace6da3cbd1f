"""Operand loaders of the mma emitters (:mod:`kfuse.codegen.gemm.mma`, TF32, and
:mod:`kfuse.codegen.gemm.mma_f64`, float64): global -> shared.

An operand op(X) (A: x = i over M; B: x = j over N) is copied in its stored orientation:

* **k contiguous** (C-order A, B^T stored C-order, ...): shared ``Xs[x][LD]``, LD = BK + pad,
  each row BK consecutive k's; copies run along k.
* **x contiguous** (A^T, F-order A, C-order B, ...): shared ``Xs[k][LD]``, LD = X + pad, each
  row X consecutive x's; copies run along x.

Copies are ``cp.async`` of 16, 8 or 4 bytes (16 or 8 for float64: the widest the leading
dimension and the pointer's alignment allow), their ``src-size`` cut at the matrix's edges so
that partial tiles are filled with zeros (k past K adds nothing; rows and columns past M, N are
never stored).

A **sym / tri operand** (``GemmOperand.structure``) always takes the x-contiguous layout
``Xs[k][LD]`` (the FFMA engine's k-major tile) and is copied element by element by the FFMA
engine's structure loader (:func:`kfuse.codegen.gemm.structure.emit_struct_issue`: mirrored or
zero-filled outside the stored triangle, one on a unit diagonal), lanes along the stored array's
contiguous index.  SYR2K's second pair (roles ``A2``, ``B2``) is copied into the shared buffers
of A and B (``buf``) with its own constants (``A2_LD``, ``A2_COPIES``, ...).
"""
from __future__ import annotations

import dataclasses

from ...spaces.gemm.engines import mma_tf32 as rules
from ..common import CodeBlock
from .copies import copy_loop, lane_lines
from .load import Access
from .structure import emit_struct_issue


@dataclasses.dataclass(frozen=True)
class MmaOperand:
    """How the kernel reads one operand (see the module doc): ``sx``, ``sk`` element strides
    of op(X)'s x and k in the stored array; ``kcontig``: k is the contiguous index; ``unit``:
    elements per copy; ``copies`` per thread per tile; ``ld``: the padded shared row;
    ``stage_words``: elements of one stage buffer; ``ctype``, ``elem``: the element type and size."""

    role: str            # "A", "B" (or "A2", "B2": SYR2K's second pair)
    ptr: str
    x: str               # "i" or "j"
    limit: str           # "M" or "N"
    origin: str          # "row0" or "col0"
    tile: str            # "BM" or "BN"
    sx: int
    sk: int
    kcontig: bool
    unit: int
    copies: int
    ld: int
    stage_words: int
    buf: str = ""        # the shared buffer's role ("A" for A2, "B" for B2; "" = its own)
    #: a sym/tri operand: (structure, uplo, diag, trans, row stride, column stride of the
    #: stored matrix), and whether the stored array's contiguous index is x (its copy lanes)
    struct: tuple = ()
    x_contig: bool = False
    ctype: str = "float"  # the element type ("double": engine mma_f64) and its bytes
    elem: int = 4

    @property
    def smem(self) -> str:
        return (self.buf or self.role) + "s"

    @property
    def stage(self) -> str:
        return (self.buf or self.role) + "_STAGE"

    def layout(self) -> str:
        return f"[{self.tile}][BK + pad]: k contiguous" if self.kcontig else f"[BK][{self.tile} + pad]: {self.x} contiguous"

    def describe(self) -> str:
        """One comment line: the address of op(X)[x, k] and the load path."""
        ref = "op(A)[i, k]" if self.role[0] == "A" else "op(B)[k, j]"
        ref = ref.replace("op(A)", "op(A2)").replace("op(B)", "op(B2)") if self.buf else ref
        if self.struct:
            st, uplo, diag = self.struct[:3]
            return (f"{ref}: {st} ({uplo} triangle stored{', unit diagonal' if diag == 'unit' else ''}): "
                    f"one-element cp.async copies into [BK][{self.tile} + pad], {self.copies} per thread per tile")
        along = "k" if self.kcontig else self.x
        return (f"{ref} = {self.ptr}[{self.x} * {self.sx} + k * {self.sk}]: {along} contiguous: cp.async of "
                f"{self.unit * self.elem} B ({self.unit} x {self.ctype}) along {along}, {self.copies} per thread per tile")


def _contiguous_is_x(role: str, op) -> bool:
    """Whether the stored array's contiguous index is op(X)'s x index (i of A, j of B)."""
    row_contiguous = op.order == "F"       # F order: the row index runs fastest
    if op.trans:
        row_contiguous = not row_contiguous
    return row_contiguous if role == "A" else not row_contiguous


def unit_elems(ld: int, align: int, elem: int = 4) -> int:
    """The widest copy (16 bytes: 4, 2 or 1 floats; 2 or 1 doubles for ``elem`` 8) such that
    every copy starts aligned: ``ld`` (the stride between copied runs) and the pointer's
    ``align``ment allow it."""
    u = 16 // elem
    while u > 1 and (ld % u or align % (u * elem)):
        u //= 2
    return u


def operand(spec, role: str, threads: int, pads=rules.pad_elems, ctype: str = "float", elem: int = 4) -> MmaOperand:
    """The loader description of operand ``role`` ("A", "B", or "A2", "B2" of ``spec.second``)
    of a checked ``spec``; ``pads``: the engine's shared row pads (``pad_elems``); ``ctype``,
    ``elem``: the engine's element type and its bytes."""
    s = spec.scheme
    a = role[0] == "A"
    op = {"A": spec.a, "B": spec.b}.get(role) or spec.second[0 if a else 1]
    rows, cols = (spec.m, spec.k) if a else (spec.k, spec.n)
    srows, scols = (cols, rows) if op.trans else (rows, cols)
    ld = op.ld or max(1, scols if op.order == "C" else srows)
    # stored element (r, c) sits at r * ld + c (C order) or r + c * ld (F order)
    rstride, cstride = (ld, 1) if op.order == "C" else (1, ld)
    struct = ()
    if getattr(op, "structure", "general") != "general":
        struct = (op.structure, op.uplo, op.diag, op.trans, rstride, cstride)
    if op.trans:
        rstride, cstride = cstride, rstride          # op(X)[r, c] = X[c, r]
    sx, sk = (rstride, cstride) if a else (cstride, rstride)
    x_contig = _contiguous_is_x(role[0], op)
    kcontig = not x_contig and not struct           # a structured tile is k-major: Xs[k][x]
    u = 1 if struct else unit_elems(ld, op.align, elem)
    x = s.bm if a else s.bn
    pad = pads(kcontig, s.bk if kcontig else x)
    row_ld = (s.bk if kcontig else x) + pad
    words = (x if kcontig else s.bk) * row_ld
    return MmaOperand(role, op.name, "i" if a else "j", "M" if a else "N",
                      "row0" if a else "col0", "BM" if a else "BN",
                      sx, sk, kcontig, u, x * s.bk // u // threads, row_ld, words,
                      role[0] if len(role) > 1 else "", struct, x_contig, ctype, elem)


def emit_copies(o: MmaOperand, kexpr: str = "kt") -> list:
    """Statements issuing the cp.async copies of k tile ``kexpr`` of ``o`` into stage buffer
    ``s`` (variables of the kernel)."""
    if o.struct:
        acc = Access(o.role, o.ptr, o.x, o.limit, o.origin, o.tile, o.sx, o.sk, o.x_contig, 1, o.copies,
                     buf=o.buf, struct=o.struct)
        return _rolled(o, emit_struct_issue(acc, o.ctype, o.elem, kexpr))
    r, u = o.role, o.unit
    dst = f"{o.smem}[s * {o.stage} + "
    code = CodeBlock()
    x_in, k_in = _inside(o.limit, o.tile, "xg"), _inside("K", "BK", "kg")
    if o.kcontig:   # rows along x, each of BK contiguous k
        per_row, along = f"(BK / {u})", f"{o.tile} rows ({o.x}) of BK contiguous k"
        valid = f"{x_in} ? ({k_in} ? {u} : max(0, min({u}, K - kg))) : 0"
        where = f"xr * {r}_LD + kq"
    else:           # BK rows along k, each of the tile's contiguous x
        per_row, along = f"({o.tile} / {u})", f"BK rows (k) of {o.tile} contiguous {o.x}"
        valid = f"{k_in} ? ({x_in} ? {u} : max(0, min({u}, {o.limit} - xg))) : 0"
        where = f"kr * {r}_LD + xq"
    what = f"// {r} tile {kexpr} -> {o.smem}[s]: {along}, {u * o.elem}-byte cp.async, zero-filled past the edges"
    head = [*lane_lines(not o.kcontig, per_row, u, kexpr, o.origin), f"const int valid = {valid};"]
    with copy_loop(code, r, what):
        code.extend(head)
        code(f"const {o.ctype}* src = valid > 0 ? {o.ptr} + (idx_t)xg * {r}_SX + (idx_t)kg * {r}_SK : {o.ptr};")
        code(f"kf_cp_async<{u * o.elem}>(&{dst}{where}], src, valid * {o.elem});")
    return _rolled(o, code.lines())


def _inside(limit: str, tile: str, index: str) -> str:
    """The condition that ``index`` (a copy's row, column or k) is inside the matrix: true at
    compile time where the sizes are whole tiles (``limit`` a positive multiple of ``tile``: the
    grid and the k loop cover exactly the matrix), so the compiler drops the copies' guards."""
    return f"(({limit} > 0 && {limit} % {tile} == 0) || {index} < {limit})"


#: copies per thread per tile above which the copy loop is not unrolled fully (``#pragma unroll
#: 4``): fully unrolled, each copy's source pointer is hoisted out of the k loop and kept live
#: (measured with NVRTC 13, sm_90: 16 one-element copies per operand spill up to 156 B in SYRK,
#: SYMM, SYR2K kernels; unrolled by 4, none spills and the kernels take 73-186 registers)
FULL_UNROLL_COPIES = 8


def _rolled(o: MmaOperand, lines: list) -> list:
    """``lines`` with the copy loop unrolled by 4 only where ``o`` issues more than
    :data:`FULL_UNROLL_COPIES` copies per thread."""
    if o.copies <= FULL_UNROLL_COPIES:
        return lines
    return ["#pragma unroll 4   // not fully: hoisted source pointers would spill" if ln == "#pragma unroll" else ln
            for ln in lines]
