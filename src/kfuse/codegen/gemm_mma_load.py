"""Operand loaders of the TF32 mma emitter (:mod:`kfuse.codegen.gemm_mma`): global -> shared.

An operand op(X) (A: x = i over M; B: x = j over N) is copied in its stored orientation:

* **k contiguous** (C-order A, B^T stored C-order, ...): shared ``Xs[x][LD]``, LD = BK + pad,
  each row BK consecutive k's; copies run along k.
* **x contiguous** (A^T, F-order A, C-order B, ...): shared ``Xs[k][LD]``, LD = X + pad, each
  row X consecutive x's; copies run along x.

Copies are ``cp.async`` of 16, 8 or 4 bytes (the widest the leading dimension and the pointer's
alignment allow), their ``src-size`` cut at the matrix's edges so that partial tiles are filled
with zeros (k past K adds nothing; rows and columns past M, N are never stored).
"""
from __future__ import annotations

import dataclasses

from ..spaces import gemm_mma_rules as rules


@dataclasses.dataclass(frozen=True)
class MmaOperand:
    """How the kernel reads one operand (see the module doc): ``sx``, ``sk`` element strides
    of op(X)'s x and k in the stored array; ``kcontig``: k is the contiguous index; ``unit``:
    elements per copy; ``copies`` per thread per tile; ``ld``: the padded shared row;
    ``stage_words``: floats of one stage buffer."""

    role: str            # "A" or "B"
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

    def layout(self) -> str:
        return f"[{self.tile}][BK + pad]: k contiguous" if self.kcontig else f"[BK][{self.tile} + pad]: {self.x} contiguous"

    def describe(self) -> str:
        """One comment line: the address of op(X)[x, k] and the load path."""
        ref = "op(A)[i, k]" if self.role == "A" else "op(B)[k, j]"
        along = "k" if self.kcontig else self.x
        return (f"{ref} = {self.ptr}[{self.x} * {self.sx} + k * {self.sk}]: {along} contiguous: cp.async of "
                f"{self.unit * 4} B ({self.unit} x float) along {along}, {self.copies} per thread per tile")


def _contiguous_is_x(role: str, op) -> bool:
    """Whether the stored array's contiguous index is op(X)'s x index (i of A, j of B)."""
    row_contiguous = op.order == "F"       # F order: the row index runs fastest
    if op.trans:
        row_contiguous = not row_contiguous
    return row_contiguous if role == "A" else not row_contiguous


def unit_elems(ld: int, align: int) -> int:
    """The widest copy (4, 2 or 1 floats) such that every copy starts aligned: ``ld`` (the
    stride between copied runs) and the pointer's ``align``ment allow it."""
    u = 4
    while u > 1 and (ld % u or align % (u * 4)):
        u //= 2
    return u


def operand(spec, role: str, threads: int) -> MmaOperand:
    """The loader description of operand ``role`` ("A" or "B") of a checked ``spec``."""
    s = spec.scheme
    op, rows, cols = (spec.a, spec.m, spec.k) if role == "A" else (spec.b, spec.k, spec.n)
    srows, scols = (cols, rows) if op.trans else (rows, cols)
    ld = op.ld or max(1, scols if op.order == "C" else srows)
    # stored element (r, c) sits at r * ld + c (C order) or r + c * ld (F order)
    rstride, cstride = (ld, 1) if op.order == "C" else (1, ld)
    if op.trans:
        rstride, cstride = cstride, rstride          # op(X)[r, c] = X[c, r]
    sx, sk = (rstride, cstride) if role == "A" else (cstride, rstride)
    kcontig = not _contiguous_is_x(role, op)
    u = unit_elems(ld, op.align)
    x = s.bm if role == "A" else s.bn
    pad = rules.pad_elems(kcontig, s.bk if kcontig else x)
    row_ld = (s.bk if kcontig else x) + pad
    words = (x if kcontig else s.bk) * row_ld
    return MmaOperand(role, op.name, "i" if role == "A" else "j", "M" if role == "A" else "N",
                      "row0" if role == "A" else "col0", "BM" if role == "A" else "BN",
                      sx, sk, kcontig, u, x * s.bk // u // threads, row_ld, words)


def emit_copies(o: MmaOperand) -> list:
    """Statements issuing the cp.async copies of k tile ``kt`` of ``o`` into stage buffer ``s``
    (variables of the kernel)."""
    r, u = o.role, o.unit
    dst = f"{o.role}s[s * {r}_STAGE + "
    if o.kcontig:
        per_row = f"(BK / {u})"
        head = [f"// {r} tile kt -> {r}s[s]: {o.tile} rows ({o.x}) of BK contiguous k, {u * 4}-byte cp.async, "
                "zero-filled past the edges",
                "#pragma unroll",
                f"for (int r = 0; r < {r}_COPIES; ++r) {{",
                "    const int idx = tid + r * THREADS;",
                f"    const int xr = idx / {per_row}, kq = idx % {per_row} * {u};",
                f"    const int xg = {o.origin} + xr, kg = kt * BK + kq;",
                f"    const int valid = xg < {o.limit} ? max(0, min({u}, K - kg)) : 0;"]
        where = f"xr * {r}_LD + kq"
    else:
        per_row = f"({o.tile} / {u})"
        head = [f"// {r} tile kt -> {r}s[s]: BK rows (k) of {o.tile} contiguous {o.x}, {u * 4}-byte cp.async, "
                "zero-filled past the edges",
                "#pragma unroll",
                f"for (int r = 0; r < {r}_COPIES; ++r) {{",
                "    const int idx = tid + r * THREADS;",
                f"    const int kr = idx / {per_row}, xq = idx % {per_row} * {u};",
                f"    const int kg = kt * BK + kr, xg = {o.origin} + xq;",
                f"    const int valid = kg < K ? max(0, min({u}, {o.limit} - xg)) : 0;"]
        where = f"kr * {r}_LD + xq"
    return head + [
        f"    const float* src = valid > 0 ? {o.ptr} + (idx_t)xg * {r}_SX + (idx_t)kg * {r}_SK : {o.ptr};",
        f"    kf_cp_async<{u * 4}>(&{dst}{where}], src, valid * 4);",
        "}",
    ]
