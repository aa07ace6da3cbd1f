"""A grid kernel placed on one rank's block of a decomposed grid: the same kernel, in the same
global frame, whose threads cover only the points the rank owns and whose arrays are the rank's
padded blocks (:mod:`kfuse.distributed`).

A :class:`Placement` gives the grid's shape, the owned box (global indices, per logical axis)
and, per array, the padded block the rank stores (global indices of its first and last
elements).  :func:`placed_frame` turns the kernel's :class:`~kfuse.spaces.grid.frame.Frame` into
the rank's: its boxes cut to the owned points and each block's origin and shape in
``Frame.storage``, which is all the lowering reads to address memory.  Every point is the same
expression in the same order as on one GPU, so results are bitwise those of one GPU; a global
boundary (``if (x_p >= 1 && ...)``) stays where it was.  What a placement cannot hold is refused
(:func:`placement_refusal`).  The kernel keeps its launch parameters: vector accesses where an
array's block rows keep the alignment, adjacent rows, and tiles staged in shared memory filled
from the padded blocks (the halo rows the exchange filled included)."""
from __future__ import annotations

import dataclasses
import types

from ...errors import PlanError
from ...library.remap import is_remap
from .frame import _union


@dataclasses.dataclass(frozen=True)
class Placement:
    """``shape``: the grid's (global) shape; ``owned``: the box of it this rank computes, ((lo,
    hi) per logical axis); ``blocks``: ((array, its padded block box), ...) for every array of
    the grid's shape the kernel loads or stores."""

    shape: tuple
    owned: tuple
    blocks: tuple

    def block(self, array: str) -> tuple | None:
        """The padded block box of ``array`` (None: not placed)."""
        return dict(self.blocks).get(array)


def placement_refusal(program, calls, frame, params: dict, placement: Placement, info) -> str | None:
    """Why the grid kernel of ``calls`` cannot be placed (None: it can): a reduction the ranks
    cannot all-reduce after its finish (:func:`reduction_refusal`), a remapped read
    (``np.roll``, ``np.pad``: indices across the grid's edge), or a stored value not of the
    grid's shape (no rank holds a block of it), or a wrapped read the padded blocks do not hold
    (:func:`wrap_refusal`).  Reads through ``np.pad`` and ``np.roll`` are placed: their indices
    are global, clamped at the grid's edge, or, wrapped along an axis a block holds only part of,
    read from the halo (:mod:`kfuse.codegen.grid.remap`).  A placed reduction covers the rank's owned
    points only: its scalar output holds the rank's partial, which the ranks then all-reduce.
    Vector accesses, adjacent rows and shared-memory staging are placed as they are: they address
    the padded blocks through ``Frame.storage``."""
    why = reduction_refusal([(info.fn(c), info.dtype(c)) for c in calls if info.fn(c).is_reduce]) or \
        pick_refusal(program, calls, placement, info)
    if why:
        return why
    why = wrap_refusal(program, [c for c in calls if is_remap(info.fn(c))], frame, placement, info)
    if why:
        return why
    reduces = [c for c in calls if info.fn(c).is_reduce]
    if reduces and len({frame.pos[a] for a in _grid_arrays(frame, placement)}) > 1:
        return ("a placed reduction needs the kernel's arrays of the grid's shape at one position of its frame "
                "(its operand's points are cut to the owned box there)")
    for c, box in frame.boxes:
        if c in reduces:
            continue   # the reduced operand (a window of the grid, say): cut at the arrays' position
        if tuple(hi - lo for lo, hi in box) != tuple(placement.shape):
            return (f"call {c} stores a value of shape {tuple(hi - lo for lo, hi in box)}, not the grid's "
                    f"{tuple(placement.shape)}: no rank holds a block of it")
    return None


def pick_refusal(program, calls, placement: Placement, info) -> str | None:
    """Why a call of the kernel cannot run on a rank's block for reading an array of the grid
    whole, by index (``a[-1]``, a scalar prologue every thread computes): the element lies in
    one rank's block (None: no such call)."""
    for c in calls:
        call = program.calls[c]
        for p in (q for q in getattr(info.fn(c), "whole_reads", ()) if q in call.args):
            if program.extents(call.args[p]) == tuple(placement.shape):
                return (f"{call.label}: an element picked from {program.value(call.args[p]).display} lies "
                        "in one rank's block; "
                        "pick it before cutting the grid (gather it, or pass it as a number)")
    return None


def wrap_refusal(program, remaps, frame, placement: Placement, info) -> str | None:
    """Why the wrapped reads (``np.roll``, ``np.pad(mode="wrap")``) of the calls ``remaps`` cannot
    be placed (None: they can): along an axis a block holds only part of, a wrapped read is its
    unreduced index, so its source must be the whole axis of an array of the grid (not a window
    of it, which wraps at the window's edges) and the padded block must hold every index the
    owned points read (its halo filled across the periodic edge)."""
    for c in remaps:
        if info.fn(c).mode != "wrap":
            continue
        call = program.calls[c]
        view = program.value(call.args["u"])
        base = program.base(call.args["u"])
        block = placement.block(base)
        if block is None:
            continue   # held whole by every rank: the kernel wraps
        for axis, ((lo, hi), n) in enumerate(zip(block, placement.shape)):
            if lo <= 0 and hi >= n:
                continue
            if view.type.shape[axis] != n:
                return (f"call {c} ({call.label}) wraps a window of {program.value(base).display} along axis "
                        f"{axis}, which the ranks cut: a placed kernel wraps whole axes only")
            need = _read_span(frame, placement, base, axis)
            if need is not None and (need[0] < lo or need[1] > hi):
                return (f"call {c} ({call.label}) reads {program.value(base).display} at indices {need[0]} .. "
                        f"{need[1] - 1} along axis {axis}, past the rank's block {lo} .. {hi - 1}: the axis "
                        f"must be periodic (its halo filled across the grid's edge)")
    return None


def _read_span(frame, placement: Placement, base: str, axis: int) -> tuple | None:
    """(lo, hi) of the indices of ``base`` along ``axis`` the owned points load (unreduced),
    None where the kernel does not load it."""
    offs = frame.loads.get(base)
    if not offs:
        return None
    origins = {box[axis][0] for c, box in frame.boxes if _spans_grid(box, placement)} or {frame.pos[base][axis]}
    lo, hi = placement.owned[axis]
    shift = [o - frame.pos[base][axis] for o in origins]
    return (lo + min(shift) + min(d[axis] for d in offs), hi - 1 + max(shift) + max(d[axis] for d in offs) + 1)


def reduction_refusal(reductions) -> str | None:
    """Why the ranks' partials of ``reductions`` ((library function, dtype) pairs) cannot be
    combined by an all-reduce of the finished scalars (None: they can): a finalize other than
    the identity (a norm's square root is not a sum of the ranks' roots), or a complex
    maximum or minimum (communicators reduce complex values only as sums of their parts)."""
    for fn, dtype in reductions:
        if fn.finalize.strip() != f"{fn.output.name} = acc;":
            return (f"a placed reduction is all-reduced after its finish, so its finalize must be the "
                    f"identity: {fn.name} finishes with {fn.finalize.strip()!r}")
        if str(dtype).startswith("complex") and fn.combine != "+":
            return f"a placed {fn.name} of {dtype} values cannot be all-reduced (complex values are only summed)"
    return None


def placeable(params: dict) -> dict:
    """``params`` as a placed kernel takes them: all of them (vector accesses, adjacent rows and
    staged tiles address the rank's padded blocks; an array whose block rows do not keep the
    vector alignment is accessed an element at a time, :func:`kfuse.spaces.grid.space.vector_arrays`)."""
    return dict(params)


def placed_frame(frame, placement: Placement):
    """``frame`` on the rank: each stored box cut to the owned points of its own array (the owned
    box shifted by that array's position in the frame, so that arrays at different positions keep
    their global indices), the threads' domain their union, the blocks' origins and shapes in
    ``storage``."""
    arrays = _grid_arrays(frame, placement)
    missing = [a for a in arrays if placement.block(a) is None]
    if missing:
        raise PlanError(f"placement: no block for array {missing[0]!r}")
    storage = {a: (tuple(lo for lo, _ in placement.block(a)), tuple(hi - lo for lo, hi in placement.block(a)))
               for a in arrays}
    grid_box = _grid_box(frame, placement, arrays)
    boxes = tuple((c, _meet(b, _owned_at(placement, b) if _spans_grid(b, placement) else grid_box))
                  for c, b in frame.boxes)
    return dataclasses.replace(frame, box=_union([b for _, b in boxes], frame.rank), boxes=boxes,
                               storage=types.MappingProxyType(storage))


def _spans_grid(box: tuple, placement: Placement) -> bool:
    """Whether frame box ``box`` has the grid's shape (a stored array's); else it is a reduced
    operand's (a window of the grid, say)."""
    return tuple(hi - lo for lo, hi in box) == tuple(placement.shape)


def _grid_box(frame, placement: Placement, arrays: list) -> tuple:
    """The owned box in frame coordinates at the position of the kernel's arrays of the grid's
    shape (one position: :func:`placement_refusal` refuses a reduction with several)."""
    pos = frame.pos[arrays[0]] if arrays else (0,) * frame.rank
    return tuple((lo + p, hi + p) for (lo, hi), p in zip(placement.owned, pos))


def _owned_at(placement: Placement, box: tuple) -> tuple:
    """The owned box in frame coordinates of the array stored over frame box ``box`` (its element
    0 at the box's low corner)."""
    return tuple((lo + b, hi + b) for (lo, hi), (b, _) in zip(placement.owned, box))


def _grid_arrays(frame, placement: Placement) -> list:
    """The arrays of the grid's shape the kernel loads or stores (sorted)."""
    names = set(frame.loads) | {v for v in frame.shape if v in frame.pos}
    return sorted(a for a in names if tuple(frame.shape.get(a, ())) == tuple(placement.shape)
                  and (a in frame.loads or placement.block(a) is not None))


def _meet(a: tuple, b: tuple) -> tuple:
    """The intersection of two boxes (an empty one keeps lo >= hi)."""
    return tuple((max(alo, blo), max(max(alo, blo), min(ahi, bhi))) for (alo, ahi), (blo, bhi) in zip(a, b))
