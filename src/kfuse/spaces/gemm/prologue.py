"""Elementwise prologues on a gemm operand: ``relu(A) @ B`` in one kernel.

A call whose output is read ONLY as an operand of the kernel's matrix product, and which is an
elementwise map (``map`` / ``nested_map``) over a matrix of that operand's shape, runs inside
the gemm kernel: the map is applied to each element of the operand as its tile is loaded
(:mod:`kfuse.codegen.gemm.prologue`), so the operand is never written to memory.  A prologue may
be a chain (``relu(2 * A + D) @ B``): every call of the chain is read only by the next one.  Its
inputs are matrices read at the same (row, col) element as the operand, vectors along its rows
or columns (``index`` i / j) and scalars.

:func:`split` finds the prologue calls of a kernel's calls and the reasons any of them cannot
run there (shown by ``kfuse.explain``); :func:`operand_bytes` gives the model the bytes the
product re-reads per tile row / column (the prologue's inputs instead of the operand).
"""
from __future__ import annotations

#: the functions that run element by element over a matrix (a prologue's calls)
MAP_HOFS = ("map", "nested_map")


def prologue_refusal(engine: str) -> str:
    """Why engine ``engine`` refuses a prologue (the mma engine's loader copies tiles with
    cp.async, untransformed)."""
    return (f"the {engine} engine does not run elementwise prologues on its operands yet "
            "(they run on the ffma engine: precision 'ieee')")


def operand_calls(program, calls: list, g: int, info) -> dict:
    """{operand param ("A"/"B"): [call ids of its prologue, producers first]} of gemm call ``g``
    among ``calls``: the calls of the kernel its operands depend on through values computed in
    the kernel (the candidates; :func:`split` says whether they may run there)."""
    produced = {info.out(c): c for c in calls}
    out = {}
    for p in info.fn(g).operands:
        chain, todo = [], [program.calls[g].args[p]]
        while todo:
            src = produced.get(program.base(todo.pop()))
            if src is None or src in chain:
                continue
            chain.append(src)
            todo += list(program.calls[src].args.values())
        if chain:
            out[p] = sorted(chain)
    return out


def split(program, calls: list, g: int, info, label, refusing: str = "") -> tuple:
    """(the prologue call ids of gemm call ``g`` among ``calls``, the reasons they cannot run in
    its kernel).  Refused: an operand read as a window or transpose of a computed value, a
    structured operand (sym/tri), a symmetric result or second product (syrk, syr2k), a
    reduction or a call over another shape feeding the operand, a value of the prologue read
    elsewhere (another call, the kernel's epilogue, the caller), the product's engine where it
    runs no prologues (``refusing``: its name)."""
    chains = operand_calls(program, calls, g, info)
    pro = {c for chain in chains.values() for c in chain}
    why = []
    gfn = info.fn(g)
    for p, chain in chains.items():
        v = program.calls[g].args[p]
        val = program.value(v)
        what = f"{label(chain[-1])} computes {program.value(program.base(v)).display}, operand {p} of {label(g)}"
        if val.view_of:
            kind = "a window" if val.window is not None else "a transpose"
            why.append(f"{what}: the product reads {kind} of it ({val.display}); a prologue maps the operand's "
                       "own elements only")
        if p in gfn.adaptors:
            why.append(f"{what}: operand {p} is {'symmetric' if gfn.adaptors[p][0] == 'sym' else 'triangular'}; "
                       "a prologue runs on a general operand's loader only")
        if getattr(gfn, "c_uplo", "") or getattr(gfn, "second", False):
            why.append(f"{what}: {gfn.name} computes a symmetric result (its operands are read twice); "
                       "a prologue runs on a plain product only")
        rows, cols = (int(d) for d in val.type.shape)
        for c in chain:
            why += _call_refusals(program, c, g, rows, cols, pro, info, label)
    if pro and refusing:
        why.append(f"{', '.join(label(c) for c in sorted(pro))}: {prologue_refusal(refusing)}")
    return pro, why


def _call_refusals(program, c: int, g: int, rows: int, cols: int, pro: set, info, label) -> list:
    """Why call ``c`` cannot be a prologue call of a rows x cols operand of gemm call ``g``."""
    fn, d = info.fn(c), info.domain(c)
    call = program.calls[c]
    if fn.is_reduce or fn.hof not in MAP_HOFS:
        return [f"{label(c)} is a {fn.hof} ({fn.name}) computing an operand of {label(g)}: only elementwise "
                "maps run as a prologue on the operand's tiles (a reduction is complete only after a global "
                "barrier)"]
    if d.space != "tile" or (d.rows, d.cols) != (rows, cols):
        return [f"{label(c)} is a {d.space} call over {d.rows} x {d.cols}: a prologue maps the {rows} x {cols} "
                f"operand of {label(g)} element by element"]
    why = []
    if len(call.outs) != 1:
        why.append(f"{label(c)} has {len(call.outs)} outputs: a prologue call has one")
    out = info.out(c)
    readers = set(info.readers.get(out, ())) - pro - {g}
    if readers or out in info.returned or program.base(out) in info.returned:
        where = "returned" if not readers else f"read by {', '.join(label(r) for r in sorted(readers))}"
        why.append(f"{label(c)} computes {program.value(out).display}, an operand of {label(g)}, which is also "
                   f"{where}: a prologue's values live in the loader only (never stored)")
    for p, v in call.args.items():
        val = program.value(v)
        if program.base(v) in {info.out(x) for x in pro} and val.view_of:
            why.append(f"{label(c)} reads {val.display}, a view of a value computed in the prologue: it maps "
                       "elements at the same (row, col) only")
        if val.type.kind == "sparse":
            why.append(f"{label(c)} reads the sparse matrix {val.display}: a prologue reads dense elements only")
    return why


def operand_bytes(program, calls: list, g: int, info) -> tuple:
    """(bytes of op(A), bytes of op(B)) the gemm kernel re-reads per tile column / row: an
    operand's own bytes, or for a prologue operand the bytes of the prologue's matrix inputs
    (those computed in the kernel left out)."""
    chains = operand_calls(program, calls, g, info)
    produced = {info.out(c) for c in calls}
    out = []
    for p in info.fn(g).operands:
        if p not in chains:
            out.append(program.value(program.calls[g].args[p]).type.nbytes())
            continue
        seen, total = set(), 0
        for c in chains[p]:
            for v in program.calls[c].args.values():
                val = program.value(v)
                if val.type.kind in ("matrix", "vector") and program.base(v) not in produced and v not in seen:
                    seen.add(v)
                    total += val.type.nbytes()
        out.append(total)
    return tuple(out)


#: the registers per thread a scheme's estimate plus a prologue's staged inputs may reach (the
#: emitter's kernels run 0-12 above the estimate; sm_90 at 4096: 224 + 8 staged ran in 245, 224 + 16 spilled)
REGISTER_BUDGET = 232


def staged_registers(program, calls: list, g: int, info, scheme: dict, dtype: str) -> int:
    """32-bit registers per thread holding a prologue's inputs of one tile: per operand with a
    prologue, its array inputs x the elements a thread loads per tile (tile x bk / threads)."""
    chains = operand_calls(program, calls, g, info)
    produced = {info.out(c) for c in calls}
    words = 2 if dtype in ("float64", "complex64") else 4 if dtype == "complex128" else 1
    threads = (scheme["bm"] // scheme["tm"]) * (scheme["bn"] // scheme["tn"])
    total = 0
    for p, chain in chains.items():
        arrays = {v for c in chain for v in program.calls[c].args.values()
                  if program.value(v).type.kind in ("matrix", "vector") and program.base(v) not in produced}
        tile = scheme["bm"] if p == info.fn(g).operands[0] else scheme["bn"]
        total += len(arrays) * max(1, tile * scheme["bk"] // max(1, threads)) * words
    return total


def fitting(program, calls: list, g, info, dtype: str, schemes: list, registers) -> list:
    """The scheme dicts among ``schemes`` whose estimated registers (``registers(scheme)``) plus a
    prologue's staged inputs stay within :data:`REGISTER_BUDGET` (all of them where there is no
    prologue, or where none fits)."""
    if g is None or not operand_calls(program, calls, g, info):
        return schemes
    fit = [s for s in schemes if registers(s) + staged_registers(program, calls, g, info, s, dtype) <= REGISTER_BUDGET
           and s["tm"] * s["tn"] >= MIN_THREAD_TILE]
    return fit or schemes


#: the smallest per-thread tile (tm x tn) a product with a prologue runs: 4 x 4 float32 (64 x 64
#: tiles) with one staged input made ptxas (NVRTC 13) pick 64 registers and spill 12 words
MIN_THREAD_TILE = 32
