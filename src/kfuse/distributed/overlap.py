"""The interior and boundary strips of a rank's owned box, for running a step's interior while
its halos are exchanged.

A kernel reading arrays at offsets up to a :class:`~kfuse.distributed.halo.Halo` past a point
reads nothing from the halo at the points of the owned box shrunk by those widths on the sides
that face a neighbour: the *interior*.  Those points are computed while the messages fly; the
rest of the owned box, cut into *strips* that do not overlap (along each cut axis in turn, the
low and high slab of what remains), is computed once the halos have arrived.  Each point is
computed once, by the same expression, so results are bitwise those of the unsplit kernel."""
from __future__ import annotations

import dataclasses

from .exchange import local_box


@dataclasses.dataclass(frozen=True)
class Split:
    """``interior``: the box computed during the exchange; ``strips``: the boxes computed after
    it, in order (none empty); the boxes tile the owned box."""

    interior: tuple
    strips: tuple

    @property
    def boxes(self) -> tuple:
        return (self.interior,) + self.strips


def split_box(decomp, rank: int, halo) -> Split | None:
    """The interior/strips split of ``rank``'s owned box for a kernel reading ``halo``, or None
    when there is nothing to overlap (no side reads a neighbour, or the interior is empty)."""
    owned = decomp.box(rank)
    padded = local_box(decomp, rank, halo)
    shrink = [(lo - plo, phi - hi) for (lo, hi), (plo, phi) in zip(owned, padded)]   # halo present per side
    if not any(a or b for a, b in shrink):
        return None
    inner = tuple((lo + wl, hi - wh) for (lo, hi), (wl, wh) in zip(owned, shrink))
    if any(hi <= lo for lo, hi in inner):
        return None
    strips, rest = [], list(owned)
    for axis, ((lo, hi), (ilo, ihi)) in enumerate(zip(owned, inner)):
        for part in ((lo, ilo), (ihi, hi)):
            if part[1] > part[0]:
                strips.append(tuple(rest[:axis]) + (part,) + tuple(rest[axis + 1:]))
        rest[axis] = (ilo, ihi)
    return Split(inner, tuple(strips))
