"""The frame of a stencil kernel: where every value of its calls lies, and at which offsets each
is read.

A grid kernel runs calls whose operands are *window views* (``u[1:-1, :-2]``) of arrays of one
rank and memory order.  Each value gets a position in one coordinate frame (its element 0 lies
at ``pos``); a thread owns one point ``t`` of the frame, and a call at ``t`` reads each operand
at ``t + d``, ``d`` the read's *offset*.  Positions come from the first array each call reads
(program order), so values sliced from one field line up as they do in that field::

    lap = 4 * q[1:-1, 1:-1] - (q[1:-1, 2:] + ...)     pos[lap] = (1, 1), reads of q at d in {(0, 0), (0, 1), ...}
    flx = lap[:, 1:] - lap[:, :-1]                     pos[flx] = (1, 2), reads lap at d = (0, 0) and (0, -1)

The kernel's threads cover the union of the boxes of what it stores (its outputs needed
outside, the operands its reductions fold).  ``reach[v]``: the offsets at which the kernel
evaluates a produced value ``v`` relative to a thread's point, through the calls that read it
(a value a halo strategy tiles, staged in shared memory, is evaluated over its whole tile, so
its own reads count over their hull).  Everything here is pure data, computed once per fusion.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import types

from ...library.remap import is_remap, widths


@dataclasses.dataclass(frozen=True)
class Read:
    """One array operand of a call: the value read (``base``: its memory), and the offset
    ``d`` from the call's thread point (for the ``inner`` of ``interior`` and ``assign``: from
    the point in their replaced window; for the ``u`` of a read-through call of
    :mod:`kfuse.library.remap`: zero, the source's element at the point, its index remapped
    where that leaves the source)."""

    param: str
    value: str
    base: str
    d: tuple


@dataclasses.dataclass(frozen=True)
class Frame:
    """The frame of a grid kernel (see the module docstring).

    ``rank``, ``order`` ("C"/"F"); ``axes``: logical axes from the fastest in memory to the
    slowest; ``pos``: value -> position of its element 0; ``shape``: value -> shape; ``reads``:
    call id -> its :class:`Read` s; ``boxes``: (call id, box) for every stored output and
    reduction, box = ((lo, hi) per logical axis); ``box``: their union (the threads' domain);
    ``halo``: interior / assign call id -> the window its new values replace, ``(lo, hi)`` per
    axis from its output's element 0 (an interior's: its halo to the extent less the halo); ``reach``: produced value -> set of offsets;
    ``loads``: array the kernel reads from memory -> the offsets it is loaded at."""

    rank: int
    order: str
    axes: tuple
    pos: dict
    shape: dict
    reads: dict
    boxes: tuple
    box: tuple
    halo: dict
    reach: dict
    loads: dict
    #: array -> (origin, shape): where a placed kernel finds it (:mod:`kfuse.spaces.grid.placement`:
    #: a rank's padded block, ``origin`` its element 0 in the array's own indices); others: whole
    storage: types.MappingProxyType = dataclasses.field(default_factory=lambda: types.MappingProxyType({}))

    def extent(self, axis: int) -> int:
        """Points of the threads' domain along logical ``axis``."""
        lo, hi = self.box[axis]
        return max(0, hi - lo)

    def memory_extents(self) -> tuple:
        """The domain's extents from the fastest memory axis to the slowest."""
        return tuple(self.extent(a) for a in self.axes)

    def base_box(self, base: str) -> tuple:
        """The frame box the memory of array ``base`` covers (its stored block where placed)."""
        return tuple((p, p + n) for p, n in zip(self.stored_pos(base), self.stored_shape(base)))

    def stored_pos(self, base: str) -> tuple:
        """Where element 0 of ``base``'s memory lies in the frame: the array's, or its block's."""
        held = self.storage.get(base)
        return self.pos[base] if held is None else tuple(p + o for p, o in zip(self.pos[base], held[0]))

    def stored_shape(self, base: str) -> tuple:
        """The shape of ``base``'s memory: the array's, or its block's."""
        held = self.storage.get(base)
        return self.shape[base] if held is None else held[1]

    def span(self, value: str, axis: int) -> tuple:
        """(lowest, highest) offset at which ``value`` is evaluated along logical ``axis``."""
        offs = [d[axis] for d in self.reach.get(value, self.loads.get(value, {(0,) * self.rank}))]
        return min(offs), max(offs)


def _add(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


def _shifted(offsets, d: tuple) -> set:
    """``{e + d for e in offsets}`` (written out for ranks 1 to 3: a whole application's fusion
    shifts hundreds of thousands of offsets)."""
    if len(d) == 2:
        a, b = d
        return {(x + a, y + b) for x, y in offsets}
    if len(d) == 3:
        a, b, c = d
        return {(x + a, y + b, z + c) for x, y, z in offsets}
    if len(d) == 1:
        a, = d
        return {(x + a,) for x, in offsets}
    return {_add(e, d) for e in offsets}


def _sub(a: tuple, b: tuple) -> tuple:
    return tuple(x - y for x, y in zip(a, b))


def memory_axes(rank: int, order: str) -> tuple:
    """Logical axes from the fastest in memory: the last for C order, the first for F."""
    return tuple(range(rank - 1, -1, -1)) if order == "C" else tuple(range(rank))


def analyse(program, calls: list, stored: set, tiled: frozenset, info, placed: tuple | None = None) -> Frame:
    """The :class:`Frame` of the grid kernel running ``calls`` (sorted ids) that stores
    ``stored`` (its outputs needed outside) and evaluates ``tiled`` over whole tiles (the values
    its halo strategies stage: :func:`kfuse.spaces.grid.halo.tiled`; ``placed``:
    :func:`place` of the same calls and stored outputs, whatever the staging, if known)."""
    rank, order, calls, prologue, pos, shape, reads, halo, boxes, box = placed or place(program, calls, stored, info)
    produced = {info.out(c): c for c in calls}
    reach = _reach(calls, reads, produced, stored, tiled, info, rank)
    loads: dict = {}
    zero = {(0,) * rank}
    for c in calls:
        evals = zero if info.fn(c).is_reduce else reach.get(info.out(c), zero)
        for r in reads[c]:
            if r.base not in produced:
                loads.setdefault(r.base, set()).update(_shifted(evals, r.d))
    reads = dict(reads)
    reads.update((c, ()) for c in prologue)
    return Frame(rank, order, thread_axes(rank, order, box), pos, shape, reads, boxes, box, halo, reach, loads)


def thread_axes(rank: int, order: str, box: tuple) -> tuple:
    """The frame's axes from the one a warp's threads run along: the memory axes
    (:func:`memory_axes`), except that where the threads' domain has one point along the
    fastest (a plane of D2Q9's ``F[:, :, k]``, shape (Ny, Nx, 1)) it goes last, so that a block
    spans the plane rather than one point of it."""
    axes = memory_axes(rank, order)
    if rank >= 3 and box[axes[0]][1] - box[axes[0]][0] == 1:
        return axes[1:] + axes[:1]
    return axes


def place(program, calls: list, stored: set, info) -> tuple:
    """What a frame holds whatever is staged: (rank, order, the calls placed (the scalar
    prologue left out), the prologue, pos, shape, reads, halo, boxes, box)."""
    facts = [info.memo(("grid-call", c), lambda c=c: _call_facts(program, c, info)) for c in calls]
    prologue = [c for c, f in zip(calls, facts) if f is None]
    placed = [(c, f) for c, f in zip(calls, facts) if f is not None]
    calls = [c for c, _ in placed]
    first = next((f.first for _, f in placed if f.first is not None), None)
    rank = first.type.rank if first is not None else 1
    order = first.type.order if first is not None else "C"
    pos, shape, reads, halo = {}, {}, {}, {}
    boxes = []
    for c, f in placed:
        here = _place_call(f, pos, shape)
        if f.before is not None:   # element i of a padded or rolled array is its source's i - before
            here = _sub(here, f.before)
        if f.halo is not None:
            halo[c] = f.halo
        reads[c] = tuple(Read(p, v, base, _sub(_add(pos[base], off), _add(here, shift)))
                         for p, v, base, off, shift in f.ops)
        if f.reduce:
            if f.ops:
                boxes.append((c, tuple((lo, lo + n) for lo, n in zip(here, f.first_shape))))
        else:
            pos[f.out], shape[f.out] = here, f.out_shape
            if f.out in stored:
                boxes.append((c, tuple((lo, lo + n) for lo, n in zip(here, f.out_shape))))
    return rank, order, calls, prologue, pos, shape, reads, halo, tuple(boxes), _union([b for _, b in boxes], rank)


@dataclasses.dataclass(frozen=True)
class _CallFacts:
    """What placing one call needs, whatever fusion it is in: ``ops`` (parameter, value, base,
    the value's offset in its base, the shift subtracted from the read's offset (an assign's
    or interior's window, a remap's widths)), the bases' shapes, the output and its shape."""

    ops: tuple
    shapes: dict
    first: object
    first_shape: tuple
    before: tuple | None
    halo: tuple | None
    reduce: bool
    out: str
    out_shape: tuple
    rank: int


def _call_facts(program, c: int, info):
    """:class:`_CallFacts` of call ``c`` (None for a scalar prologue call)."""
    if _scalar_prologue(program, c, info):
        return None
    call, fn = program.calls[c], info.fn(c)
    ops = [(p, v) for p, v in call.args.items() if program.value(v).type.kind != "scalar"]
    out_value = program.value(call.out)
    rank = program.value(ops[0][1] if ops else call.out).type.rank   # no operand: np.pad's new array
    before = tuple(lo for lo, _ in widths(call, rank)) if is_remap(fn) else None
    halo = None
    if fn.name in ("interior", "assign"):
        from ...library.builtins import placed
        halo = placed(out_value.type.shape, program.value(call.args["inner"]).type.shape, call.at)
    zero = (0,) * rank
    got = []
    for p, v in ops:
        shift = tuple(lo for lo, _ in halo) if halo is not None and p == "inner" else \
            before if p == "u" and before is not None else zero
        got.append((p, v, program.base(v), program.value(v).offset, shift))
    arrays = [v for v in list(call.args.values()) + [call.out] if program.value(v).type.kind != "scalar"]
    first = program.value(program.base(arrays[0])) if arrays else None
    return _CallFacts(tuple(got), {b: tuple(program.value(b).type.shape) for _, _, b, _, _ in got}, first,
                      tuple(program.value(ops[0][1]).type.shape) if ops else (), before, halo, fn.is_reduce,
                      call.out, tuple(out_value.type.shape), rank)


def _scalar_prologue(program, c: int, info) -> bool:
    """Whether call ``c`` is a scalar prologue of the kernel (``dt * k``: it reads and writes
    scalars only, and every thread computes it before its points): it has no place in the frame."""
    call, fn = program.calls[c], info.fn(c)
    whole = getattr(fn, "whole_reads", ())   # pick(x, i): x read whole, by index
    return not fn.is_reduce and program.value(call.out).type.kind == "scalar" and all(
        program.value(v).type.kind == "scalar" or p in whole for p, v in call.args.items())


def _place_call(f, pos, shape) -> tuple:
    """The position of a call's points (``f``: its :class:`_CallFacts`): that of its first array
    operand's element 0 (bases not placed yet are placed so that their first read has offset 0)."""
    here = None
    for _, _, base, off, _ in f.ops:
        if base in pos:
            here = _add(pos[base], off)
            break
    if here is None:   # no operand placed yet: the first one's base lies at the origin
        here = f.ops[0][3] if f.ops else (0,) * f.rank
    for _, _, base, off, _ in f.ops:
        if base not in pos:
            pos[base] = _sub(here, off)
            shape[base] = f.shapes[base]
    return here


def _union(boxes: list, rank: int) -> tuple:
    """The smallest box holding every non-empty box of ``boxes`` (an empty box if none)."""
    full = [b for b in boxes if all(hi > lo for lo, hi in b)]
    if not full:
        return tuple((0, 0) for _ in range(rank))
    return tuple((min(b[a][0] for b in full), max(b[a][1] for b in full)) for a in range(rank))


def _reach(calls, reads, produced, stored, tiled, info, rank) -> dict:
    """Offsets at which each produced value is evaluated (module docstring), from the stored
    outputs and reductions (offset 0) back through the reads, last call first."""
    zero = (0,) * rank
    reach: dict = {}
    for c in reversed(calls):
        out = info.out(c)
        fn = info.fn(c)
        if fn.is_reduce:
            mine = {zero}
        else:
            mine = set(reach.get(out, set()))
            if out in stored or not mine:
                mine.add(zero)
            if out in tiled:
                mine = hull(mine, out)
            reach[out] = mine
        for r in reads[c]:
            if r.base in produced:
                reach.setdefault(r.base, set()).update(_shifted(mine, r.d))
    return reach


HULL_POINTS = 1 << 12   # a staged value's tile of offsets holds at most this many points


def hull(offsets: set, value: str = "") -> set:
    """Every integer point of the smallest box holding ``offsets`` (PlanError past
    :data:`HULL_POINTS`: staging ``value`` would need a tile spanning the grid)."""
    from ...errors import PlanError
    offsets = list(offsets)
    rank = len(offsets[0])
    ranges = [range(min(o[a] for o in offsets), max(o[a] for o in offsets) + 1) for a in range(rank)]
    if math.prod(len(r) for r in ranges) > HULL_POINTS:
        raise PlanError(f"staging {value} in shared memory needs its values at offsets "
                        f"{[(r.start, r.stop - 1) for r in ranges]} apart: too far to stage (recompute it)")
    return set(itertools.product(*ranges))


def window_reads(frame, info) -> tuple:
    """The value reads of assignments, ``(call id, Read)``: ``v[0, :] = v[-2, :]`` reads its source
    over the window only, however far (a periodic copy: the grid's extent): the window's bytes."""
    return tuple((c, r) for c, reads in frame.reads.items() if info.fn(c).name == "assign"
                 for r in reads if r.param == "inner" and r.base not in frame.reach)


def input_offsets(frame, skip: tuple = ()) -> dict:
    """Global array -> the offsets (relative to a thread's point) the kernel loads it at at
    every point (``skip``: reads left out, ``(call id, Read)`` pairs of :func:`window_reads`)."""
    out: dict = {}
    produced = set(frame.reach)
    for c, reads in frame.reads.items():
        for r in reads:
            if r.base in produced or (c, r) in skip:
                continue
            out.setdefault(r.base, set()).add(r.d)
    return out


def remap_refusals(program, calls: list, info) -> list:
    """Why ``calls`` cannot share a grid kernel: a read-through call (``np.pad``, ``np.roll``:
    :mod:`kfuse.library.remap`) whose source the same kernel computes (its remapped reads would
    need that value at points no offset reaches: not built; the source is stored by the kernel
    computing it, then loaded)."""
    members = set(calls)
    out = []
    for c in calls:
        if not is_remap(info.fn(c)):
            continue
        base = program.base(program.calls[c].args["u"])
        src = info.graph.producers.get(base)
        if src in members:
            out.append(f"call {c} ({program.calls[c].label}) reads {program.value(base).display} at remapped "
                       f"(clamped, wrapped or mirrored) indices, and call {src} computes it in the same kernel: "
                       "a remapped read of a computed value is not built (it is stored, then read)")
    return out
