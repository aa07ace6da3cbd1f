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
(:func:`placement_refusal`)."""
from __future__ import annotations

import dataclasses
import types

from ...errors import PlanError
from ...library.remap import is_remap
from . import halo


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
    """Why the grid kernel of ``calls`` cannot be placed (None: it can): a launch shape other
    than one point per thread, a halo strategy staging values, a reduction the ranks cannot
    all-reduce after its finish (:func:`reduction_refusal`), a remapped read (``np.roll``,
    ``np.pad``: indices across the grid's edge), or arrays of the grid's shape at different frame
    positions.  A placed reduction covers the rank's owned points only: its scalar output holds
    the rank's partial, which the ranks then all-reduce."""
    if int(params.get("vec", 1)) != 1 or params.get("rows", "apart") != "apart":
        return "a placed kernel runs one point per thread (vec 1, rows apart)"
    if not halo.plain(params):
        return "a placed kernel does not stage values in shared memory"
    why = reduction_refusal([(info.fn(c), info.dtype(c)) for c in calls if info.fn(c).is_reduce])
    if why:
        return why
    if any(is_remap(info.fn(c)) for c in calls):
        return "a placed kernel does not read through np.roll or np.pad (their indices cross the grid's edge)"
    if len({frame.pos[a] for a in _grid_arrays(frame, placement)}) > 1:
        return "the arrays of the grid's shape lie at different positions of the kernel's frame"
    return None


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
    """``params`` without what a placed kernel does not take: vector accesses, adjacent rows,
    every halo strategy's parameters (each value recomputed)."""
    drop = {"vec", "rows"} | {p.name for s in halo.STRATEGIES for p in s.params}
    return {k: v for k, v in params.items() if k not in drop}


def placed_frame(frame, placement: Placement):
    """``frame`` on the rank: boxes cut to the owned points, the blocks' origins and shapes in
    ``storage``."""
    arrays = _grid_arrays(frame, placement)
    missing = [a for a in arrays if placement.block(a) is None]
    if missing:
        raise PlanError(f"placement: no block for array {missing[0]!r}")
    pos = frame.pos[arrays[0]] if arrays else (0,) * frame.rank
    owned = tuple((lo + p, hi + p) for (lo, hi), p in zip(placement.owned, pos))
    storage = {a: (tuple(lo for lo, _ in placement.block(a)), tuple(hi - lo for lo, hi in placement.block(a)))
               for a in arrays}
    return dataclasses.replace(frame, box=_meet(frame.box, owned),
                               boxes=tuple((c, _meet(b, owned)) for c, b in frame.boxes),
                               storage=types.MappingProxyType(storage))


def _grid_arrays(frame, placement: Placement) -> list:
    """The arrays of the grid's shape the kernel loads or stores (sorted)."""
    names = set(frame.loads) | {v for v in frame.shape if v in frame.pos}
    return sorted(a for a in names if tuple(frame.shape.get(a, ())) == tuple(placement.shape)
                  and (a in frame.loads or placement.block(a) is not None))


def _meet(a: tuple, b: tuple) -> tuple:
    """The intersection of two boxes (an empty one keeps lo >= hi)."""
    return tuple((max(alo, blo), max(max(alo, blo), min(ahi, bhi))) for (alo, ahi), (blo, bhi) in zip(a, b))
