"""Elementwise prologues in the FFMA GEMM emitter (the plan side:
:mod:`kfuse.spaces.gemm.prologue`).

An operand with a :class:`GemmPrologue` (``GemmOperand.prologue``) is op(X)[r, c] = f(inputs at
(r, c), scalars): its tile is loaded on the **register path**, one element per copy (lanes along
the first input's contiguous index, so a warp's loads are coalesced), the inputs' elements held
in registers while the current tile's FFMAs run, and the map applied once per element as it is
stored k-major into shared memory (``cp.async`` cannot transform what it copies).  Elements past
the matrix's edges are stored as zero (not ``f(0)``: ``(A + 1) @ B`` must not add a row of ones).
A sample (``relu(A) @ B``, float32, A row-major)::

    // A tile kt -> registers: prologue inputs A, one element per copy (lanes along k)
    #pragma unroll
    for (int r = 0; r < A_COPIES; ++r) {
        const int kf_idx = tid + r * THREADS;
        const int kf_kr = kf_idx % BK, kf_xr = kf_idx / BK;
        const int kf_kg = kt * BK + kf_kr, kf_xg = row0 + kf_xr;
        const bool kf_ok = kf_kg < K && kf_xg < M;
        A_in0[r] = kf_ok ? A[kf_xg * 30 + kf_kg] : (float)0;
    }
    ...   (the compute of tile t)
    // A registers -> As[s]: the prologue map, once per element (zero past the edges)
    #pragma unroll
    for (int r = 0; r < A_COPIES; ++r) {
        ...   (kf_kr, kf_xr, kf_ok as above)
        float kf_v;
        {
            float t1_e;
            t1_maximum_compute(A_in0[r], 0.0f, t1_e);   // call 0: t1 = maximum(A, 0.0)   [maximum: map]
            kf_v = t1_e;
        }
        As[s * (BK * A_LD) + kf_kr * A_LD + kf_xr] = kf_ok ? kf_v : (float)0;
    }

The mma_tf32 engine does not take prologues (its loader copies with cp.async only): refused.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ...errors import ArgumentError, PlanError
from ...ir import ident, itemsize
from ...spaces.gemm import engines
from ..common import CodeBlock, KArg
from ..routines import compute_params


@dataclasses.dataclass(frozen=True)
class PrologueInput:
    """One array the map reads at element (r, c) of op(X) (the operand's logical row and column):
    ``name[offset + r * rs + c * cs]`` of C type ``ctype`` (a vector: one stride 0)."""

    name: str
    rs: int
    cs: int
    offset: int = 0
    ctype: str = "float"
    #: whether its element offsets may pass 2^31 (64-bit index arithmetic; else ``int``)
    wide: bool = True


@dataclasses.dataclass(frozen=True)
class GemmPrologue:
    """The elementwise map of an operand: ``inputs`` (:class:`PrologueInput`, the first sets the
    load lanes), ``lines(vals, out)`` the statements computing the operand's element into the
    declared variable ``out`` from the inputs' element values ``vals`` (C expressions, in
    order), ``params`` extra kernel parameters as (C declaration, name) (the inputs' pointers
    other than the operand's own name, the scalars the map reads), ``text`` for the comment."""

    inputs: tuple
    lines: Callable[[tuple, str], list]
    params: tuple = ()
    text: str = ""


# ---- the emitter's hooks ---------------------------------------------------------------------------
def check(role: str, op, tile: int, bk: int, threads: int, engine: str) -> None:
    """Raise a KfuseError where operand ``role``'s prologue cannot be emitted."""
    pro = op.prologue
    if not isinstance(pro, GemmPrologue):
        raise ArgumentError(f"GEMM operand {role} ({op.name}): prologue must be a GemmPrologue, got "
                            f"{type(pro).__name__}")
    if not getattr(engines.find(engine), "runs_prologues", False):
        raise PlanError(f"GEMM operand {role} ({op.name}): engine {engine!r} does not run elementwise "
                        "prologues (the ffma engine does: precision 'ieee')")
    if not pro.inputs or not all(isinstance(x, PrologueInput) for x in pro.inputs):
        raise ArgumentError(f"GEMM operand {role} ({op.name}): a prologue reads one PrologueInput at least")
    if op.structure != "general":
        raise ArgumentError(f"GEMM operand {role} ({op.name}): a prologue runs on a general operand, not "
                            f"{op.structure!r}")
    if tile * bk % threads:
        raise PlanError(f"GEMM operand {role} ({op.name}): its prologue loads one element per copy and the "
                        f"{tile} x {bk} tile is not a multiple of the {threads} threads")


def along_x(acc) -> bool:
    """Whether the load lanes run along the tile's x (i or j): the first input's x stride is 1."""
    first = acc.prologue[0].inputs[0]
    sx = first.rs if acc.role[0] == "A" else first.cs
    sk = first.cs if acc.role[0] == "A" else first.rs
    return sx == 1 or (sk != 1 and sx == 0)


def _coords(acc, kexpr: str) -> list:
    """The lines placing copy ``r``'s element: ``kf_kr``/``kf_xr`` in the tile, ``kf_kg``/``kf_xg`` in op(X), ``kf_ok``."""
    lanes = (f"const int kf_kr = kf_idx / {acc.tile}, kf_xr = kf_idx % {acc.tile};" if along_x(acc)
             else "const int kf_kr = kf_idx % BK, kf_xr = kf_idx / BK;")
    return ["const int kf_idx = tid + r * THREADS;", lanes,
            f"const int kf_kg = {kexpr} * BK + kf_kr, kf_xg = {acc.origin} + kf_xr;",
            f"const bool kf_ok = kf_kg < K && kf_xg < {acc.limit};"]


def _address(acc, x: PrologueInput) -> str:
    """The C index of input ``x`` at the element (kf_xg, kf_kg) of the tile."""
    r, c = ("kf_xg", "kf_kg") if acc.role[0] == "A" else ("kf_kg", "kf_xg")
    cast = "(long long)" if x.wide else ""
    terms = [f"{x.offset}" if x.offset else ""] + [f"{cast}{v}" + (f" * {s}" if s != 1 else "")
                                                  for v, s in ((r, x.rs), (c, x.cs)) if s]
    return " + ".join(t for t in terms if t) or "0"


def setup_lines(acc) -> list:
    """Declarations of the registers holding the inputs' elements of one tile."""
    pro, _ = acc.prologue
    return [f"{x.ctype} {acc.role}_in{n}[{acc.role}_COPIES];   // prologue input {x.name}, staged in registers"
            for n, x in enumerate(pro.inputs)]


def issue_lines(acc, kexpr: str) -> list:
    """Loads of k tile ``kexpr``'s input elements into registers (zero past the edges)."""
    pro, _ = acc.prologue
    code = CodeBlock()
    code(f"// {acc.role} tile {kexpr} -> registers: prologue inputs {', '.join(x.name for x in pro.inputs)}, "
         f"one element per copy (lanes along {acc.x if along_x(acc) else 'k'})")
    code("#pragma unroll")
    with code.block(f"for (int r = 0; r < {acc.role}_COPIES; ++r) {{"):
        code.extend(_coords(acc, kexpr))
        code.extend(f"{acc.role}_in{n}[r] = kf_ok ? {x.name}[{_address(acc, x)}] : ({x.ctype})0;"
                    for n, x in enumerate(pro.inputs))
    return code.lines()


def store_lines(acc, kexpr: str = "kt") -> list:
    """The map applied to each staged element, stored k-major into stage buffer ``s``."""
    pro, ctype = acc.prologue
    vals = tuple(f"{acc.role}_in{n}[r]" for n in range(len(pro.inputs)))
    code = CodeBlock()
    code(f"// {acc.role} registers -> {acc.smem}[s]: the prologue map, once per element (zero past the edges)")
    code("#pragma unroll")
    with code.block(f"for (int r = 0; r < {acc.role}_COPIES; ++r) {{"):
        code.extend(_coords(acc, kexpr))
        code(f"{ctype} kf_v;")
        with code.block("{"):
            code.extend(pro.lines(vals, "kf_v"))
        code(f"{acc.smem}[s * (BK * {acc.lds}) + kf_kr * {acc.lds} + kf_xr] = kf_ok ? kf_v : ({ctype})0;")
    return code.lines()


def describe(acc) -> str:
    """The comment line of a prologue operand."""
    pro, _ = acc.prologue
    ref = "op(A)[i, k]" if acc.role == "A" else "op(B)[k, j]"
    what = pro.text or "an elementwise map"
    return (f"{ref} = {what} of {', '.join(x.name for x in pro.inputs)}: element loads into registers, the map "
            f"applied as the tile is stored to shared memory, {acc.copies} per thread per tile")


def extra_params(spec, present: list) -> tuple:
    """The prologues' kernel parameters not among the names ``present``, in order."""
    out, names = [], list(present)
    for op in (spec.a, spec.b):
        for decl, name in (op.prologue.params if op.prologue is not None else ()):
            if name not in names:
                names.append(name)
                out.append((decl, name))
    return tuple(out)


# ---- the lowering's side ---------------------------------------------------------------------------
def _strides(program, v: str, index: str) -> tuple:
    """(rs, cs, offset) of value ``v`` read at the operand's (r, c): a matrix by its storage (a
    window's by its base's plus its offsets), a vector along r (``index`` i) or c (j)."""
    val = program.value(v)
    if val.type.kind == "vector":
        off = val.window[0][0] if val.window is not None else 0
        return (1, 0, off) if index == "i" else (0, 1, off)
    if val.window is not None:
        t = program.value(val.view_of).type
        (r0, _), (c0, _) = val.window
    else:
        t, r0, c0 = val.type, 0, 0
    rows, cols = int(t.shape[0]), int(t.shape[1])
    rs, cs = (cols, 1) if t.order == "C" else (1, rows)
    return rs, cs, r0 * rs + c0 * cs


def build(lw, param: str, chain: list, taken: set) -> tuple:
    """(the GemmOperand fields with its GemmPrologue, the KArgs of the kernel parameters it names) of
    operand ``param`` of lowering ``lw`` (a :class:`kfuse.codegen.gemm.lower.GemmLowering`)
    whose prologue is the calls ``chain`` (ids, producers first)."""
    program = lw.program
    calls = [program.calls[c] for c in chain]
    by_value = {k.value: k for k in lw.args}
    inputs, kargs, scalars, slot = [], [], [], {}
    rows, cols = (int(d) for d in program.value(calls[-1].out).type.shape)
    for c in calls:
        fn = lw.fns[c.id]
        for p in compute_params(fn):
            v = c.args.get(p)
            if v is None or program.base(v) in lw.produced or v in slot:
                continue
            val = program.value(v)
            if val.type.kind == "scalar":
                if val.role != "const" and program.base(v) not in scalars:
                    scalars.append(program.base(v))
                continue
            base = program.base(v)
            name = ident(base)
            if name in taken and not any(k.cname == name and k.value == base for k in kargs):
                name = f"{name}_{param.lower()}{len(inputs)}"
            taken.add(name)
            ct = lw.ctype_of(base)
            if not any(k.cname == name for k in kargs):
                kargs.append(KArg(name, f"const {ct}* __restrict__ {name}", "in", base, dtype=val.type.dtype))
            slot[v] = len(inputs)
            rs, cs, off = _strides(program, v, fn.param(p).index)
            last = off + (rows - 1) * rs + (cols - 1) * cs
            inputs.append(PrologueInput(name, rs, cs, off, ct, wide=last >= 2 ** 31 - 2 ** 20))
    if not inputs:
        raise PlanError(f"kernel {lw.kplan.name}: the prologue of operand {param} reads no array")
    for s in scalars:
        k = by_value[s]
        if k.cname not in taken:
            taken.add(k.cname)
            kargs.append(k)

    def lines(vals: tuple, out: str) -> list:
        got = []
        for s in scalars:
            val, t = program.value(s), lw.ctype_of(s)
            got.append(f"const {t} {ident(s)}_v = {ident(s)};" if val.host else
                       f"const {t} {ident(s)}_v = {ident(s)}[0];")
        for c in calls:
            def elem(v):
                return f"{ident(program.base(v))}_e" if program.base(v) in lw.produced else vals[slot[v]]
            args = [lw.routine_arg(c, p, elem) for p in compute_params(lw.fns[c.id])]
            o = ident(c.out)
            got += [f"{lw.ctype_of(c.out)} {o}_e;", f"{c.name}_compute({', '.join(args + [o + '_e'])});   "
                    f"{lw.comment(c)}"]
        return got + [f"{out} = {ident(calls[-1].out)}_e;"]

    lead = inputs[0]
    order = "C" if lead.cs == 1 or lead.rs == 0 else "F"
    ld = (lead.rs if order == "C" else lead.cs) or None
    need = cols if order == "C" else rows
    pro = GemmPrologue(tuple(inputs), lines, tuple((_decl(k), k.cname) for k in kargs[1:]),
                       text=" ; ".join(c.label for c in calls))
    op = dict(name=lead.name, trans=False, order=order, ld=ld if ld and ld >= need else None,
              align=itemsize(program.value(kargs[0].value).type.dtype), prologue=pro)
    return op, kargs


def _decl(k) -> str:
    """The type part of a KArg's declaration."""
    decl = k.decl.strip()
    return decl[:-len(k.cname)].rstrip() if decl.endswith(k.cname) else decl
