"""Structure hooks of the GEMM emitter (:mod:`kfuse.codegen.gemm.ffma`).

* **sym / tri operands** (``GemmOperand.structure``): the loader presents the full logical
  op(X) of a square stored matrix X of which only the ``uplo`` triangle is read: a symmetric
  operand is mirrored (element (r, c) outside the stored triangle is read at (c, r)), a triangular
  one is zero outside its triangle (zero-filled copies, never a read) and, with ``diag="unit"``,
  one on the diagonal (never read).  Element-wise ``cp.async`` copies (lanes along the stored
  array's contiguous index), issued ``stages - 1`` tiles ahead like the straight path.
* **k range of a tri operand**: a block's k tiles that are entirely zero in op(X) are skipped
  (TRMM does half the flops); the diagonal tiles are masked by the loader.
* **triangular output** (``GemmKernelSpec.c_uplo``): blocks entirely outside the triangle return
  at once; elements outside are not stored; ``mirror_lower`` stores (i, j) and (j, i).
* **a second product** (``GemmKernelSpec.second``): the k loop runs over 2 x KTILES tiles, the
  second half read from (a2, b2) into the same shared buffers (SYR2K: A B^T + B A^T).
"""
from __future__ import annotations

from ...errors import ArgumentError, ShapeError
from ..common import CodeBlock
from .copies import copy_loop

STRUCTURES = ("general", "sym", "tri")
UPLOS = ("lower", "upper")
DIAGS = ("nonunit", "unit")
C_UPLOS = ("", "lower", "upper", "mirror_lower")


def check_structure(role: str, op, rows: int, cols: int) -> None:
    """Raise a KfuseError naming operand ``role``'s field where its structure cannot work."""
    s, u, d = (getattr(op, f, None) for f in ("structure", "uplo", "diag"))
    if s not in STRUCTURES:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): structure must be one of "
                            f"{', '.join(STRUCTURES)}, got {s!r}")
    if u not in UPLOS:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): uplo must be 'lower' or 'upper', got {u!r}")
    if d not in DIAGS:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): diag must be 'nonunit' or 'unit', got {d!r}")
    if d == "unit" and s != "tri":
        raise ArgumentError(f"GEMM operand {role} ({op.name}): diag='unit' is for a triangular "
                            f"operand (structure 'tri'), not {s!r}")
    if s != "general" and rows != cols:
        raise ShapeError(f"GEMM operand {role} ({op.name}): a {s} operand is square, got "
                         f"{rows} x {cols}")


def check_output(spec) -> None:
    """Raise a KfuseError where ``c_uplo`` or ``second`` of ``spec`` cannot work."""
    if spec.c_uplo not in C_UPLOS:
        raise ArgumentError(f"GEMM c_uplo must be one of {', '.join(repr(c) for c in C_UPLOS)}, "
                            f"got {spec.c_uplo!r}")
    if spec.c_uplo and spec.m != spec.n:
        raise ShapeError(f"GEMM c_uplo={spec.c_uplo!r} needs a square output, got m={spec.m} n={spec.n}")
    if spec.second is None:
        return
    if not isinstance(spec.second, tuple) or len(spec.second) != 2:
        raise ArgumentError("GEMM second must be a pair (a2, b2) of GemmOperands")
    for role, op in zip(("a2", "b2"), spec.second):
        if type(op).__name__ != "GemmOperand":
            raise ArgumentError(f"GEMM operand {role} must be a GemmOperand, got {type(op).__name__}")
        if op.structure != "general":
            raise ArgumentError(f"GEMM operand {role} ({op.name}): the second product's operands are "
                                f"general (structure {op.structure!r} is not built there)")


def check_names(spec) -> None:
    """Operands may share a pointer (one parameter: ``A @ A.T``, SYR2K's second pair); the
    output and the epilogue's parameters are each used once."""
    ops = {spec.a.name, spec.b.name, *(op.name for op in (spec.second or ()))}
    names = sorted(ops) + [spec.c] + [p[1] for p in (spec.epilogue.params if spec.epilogue else ())]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ArgumentError(f"GEMM parameter name {dup[0]!r} is used twice")


def operand_names(spec) -> list:
    """The operands' pointer parameters in order (a, b, a2, b2), each name once."""
    out = []
    for op in (spec.a, spec.b, *(spec.second or ())):
        if op.name not in out:
            out.append(op.name)
    return out


def emit_struct_issue(acc, ctype: str, es: int, kexpr: str) -> list:
    """Statements issuing element-wise copies of a sym/tri operand's k tile ``kexpr`` into stage
    buffer ``s``: op(X)[x, k] of the full logical matrix F (F[r, c] = X[r, c] in the stored
    triangle; mirrored X[c, r] (sym) or zero (tri) outside; one on a unit diagonal)."""
    structure, uplo, diag, trans, rs, cs = acc.struct
    r = acc.role
    if r[0] == "A":             # op(A)[x, k] = F[x, k] or F[k, x]
        fr, fc = ("kg", "xg") if trans else ("xg", "kg")
    else:                       # op(B)[k, x] = F[k, x] or F[x, k]
        fr, fc = ("xg", "kg") if trans else ("kg", "xg")
    cmp = ">=" if uplo == "lower" else "<="
    lanes = ("const int kr = idx / BM_X, xr = idx % BM_X;".replace("BM_X", acc.tile)
             if acc.straight else "const int kr = idx % BK, xr = idx / BK;")
    code = CodeBlock()
    with copy_loop(code, r, f"// {r} tile {kexpr} -> {acc.smem}[s]: {structure} ({uplo} stored"
                            f"{', unit diagonal' if diag == 'unit' else ''}), one-element cp.async copies"):
        code(lanes)
        code(f"const int kg = {kexpr} * BK + kr, xg = {acc.origin} + xr;")
        code(f"const bool ok = kg < K && xg < {acc.limit};")
        code(f"const bool in = {fr} {cmp} {fc};   // F[{fr}, {fc}] lies in the stored triangle")
        code(f"{ctype}* dst = &{acc.smem}[s * (BK * {acc.lds}) + kr * {acc.lds} + xr];")
        if structure == "sym":
            code(f"const int sr = in ? {fr} : {fc}, sc = in ? {fc} : {fr};   // mirrored outside")
            code(f"kf_cp_async<{es}>(dst, ok ? {acc.ptr} + (idx_t)sr * {rs} + (idx_t)sc * {cs} : {acc.ptr}, "
                 f"ok ? {es} : 0);")
        else:
            _tri_copy(code, acc, ctype, es, f"{acc.ptr} + (idx_t){fr} * {rs} + (idx_t){fc} * {cs}",
                      f"ok && {fr} == {fc}" if diag == "unit" else "")
    return code.lines()


def _tri_copy(code: CodeBlock, acc, ctype: str, es: int, src: str, unit_diag: str):
    """A tri operand's one-element copy from ``src``: zero outside the triangle, and one where
    ``unit_diag`` (a C condition; "" for a stored diagonal) holds."""
    if not unit_diag:
        code("const bool live = ok && in;   // zero outside the triangle")
        code(f"kf_cp_async<{es}>(dst, live ? {src} : {acc.ptr}, live ? {es} : 0);")
        return
    with code.block(f"if ({unit_diag}) {{", None):
        code(f"*dst = ({ctype})1;   // unit diagonal, never read")
    with code.block("} else {"):
        code("const bool live = ok && in;   // zero outside the triangle")
        code(f"kf_cp_async<{es}>(dst, live ? {src} : {acc.ptr}, live ? {es} : 0);")


def whole_tile_cond(acc) -> str:
    """The condition (the same for every thread of the block) under which k tile ``k_lo`` x
    tile rows ``x_lo`` of a sym/tri operand lie entirely inside its stored triangle (strictly
    for a unit diagonal): :func:`kfuse.codegen.gemm.load.emit_issue` then copies it as a plain
    tile (``k_lo >= x_lo + BN - 1`` for op(B) = a lower triangle)."""
    structure, uplo, diag, trans, _, _ = acc.struct
    # F rows / columns of op(X)'s (x, k): A: F[x, k] (trans: F[k, x]); B: F[k, x] (trans: F[x, k])
    x_is_row = (acc.role[0] == "A") != bool(trans)
    lo = {"x": "x_lo", "k": "k_lo"}
    hi = {"x": f"x_lo + {acc.tile} - 1", "k": "k_lo + BK - 1"}
    fr, fc = ("x", "k") if x_is_row else ("k", "x")
    strict = diag == "unit" and structure == "tri"
    if uplo == "lower":   # every row index >= every column index
        return f"{lo[fr]} {'>' if strict else '>='} {hi[fc]}"
    return f"{hi[fr]} {'<' if strict else '<='} {lo[fc]}"


def op_lower(op) -> bool:
    """Whether op(X) of a tri operand is lower triangular (trans swaps the stored triangle)."""
    return (op.uplo == "lower") != bool(op.trans)


def k_range_lines(spec, suffix: str = "") -> list:
    """Declarations of ``kt0`` and ``nkt`` (names ending in ``suffix``): the k tiles of this
    block that are not entirely zero in a tri operand (op(A) lower: k <= i; upper: k >= i;
    op(B) lower: k >= j; upper: k <= j)."""
    lo, hi = [], []
    if spec.a.structure == "tri":
        (hi if op_lower(spec.a) else lo).append("row0 + BM" if op_lower(spec.a) else "row0")
    if spec.b.structure == "tri":
        (lo if op_lower(spec.b) else hi).append("col0" if op_lower(spec.b) else "col0 + BN")
    lines = ["", "// ---- k range: the k tiles of a triangular operand that are all zero for this block "
                 "are skipped ----",
             "int klo = 0, khi = K;"]
    lines += [f"klo = max(klo, {e});" for e in lo] + [f"khi = min(khi, {e});" for e in hi]
    return lines + [f"const int kt0{suffix} = klo / BK;",
                    f"const int nkt{suffix} = khi > klo ? (khi + BK - 1) / BK - kt0{suffix} : 0;"]


def heavy_axes(spec) -> tuple:
    """The axes along which a triangular operand's k range (:func:`k_range_lines`) grows: "m"
    for op(A) lower (k <= i), "n" for op(B) upper (k <= j); the tile order starts there."""
    out = []
    if getattr(spec.a, "structure", "") == "tri" and op_lower(spec.a):
        out.append("m")
    if getattr(spec.b, "structure", "") == "tri" and not op_lower(spec.b):
        out.append("n")
    return tuple(out)


def uplo_return_lines(c_uplo: str) -> list:
    """A block entirely outside the stored triangle of C returns at once."""
    if not c_uplo:
        return []
    cond = "row0 > col0 + BN - 1" if c_uplo == "upper" else "col0 > row0 + BM - 1"
    return [f"if ({cond}) return;   // c_uplo={c_uplo}: this block holds no element of the triangle"]


def uplo_guard(c_uplo: str) -> str:
    """The extra condition of an element (i, j) that is stored."""
    return {"": "", "upper": " && j >= i"}.get(c_uplo, " && j <= i")
