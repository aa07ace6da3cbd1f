"""The exchange plan of a halo: which boxes of which array a rank sends to and receives from
each neighbour, as global index boxes.

A rank stores its block padded by each array's :class:`~kfuse.distributed.halo.Halo`
(:func:`local_box`).  Toward each neighbour ``direction`` (-1, 0 or 1 per axis, nonzero on cut
axes only: one nonzero entry for a face, two or more for an edge or corner, the latter only where
the halo is ``diagonal``) it exchanges one :class:`Message`: ``send``, the part of its own block
the neighbour's halo on the facing side holds, and ``recv``, the part of the neighbour's block its
own halo on that side holds.  The pair is symmetric: rank ``r``'s message toward ``p`` in
direction ``d`` sends exactly the box that ``p``'s message in direction ``-d`` receives.

**Wrapped boxes.**  A box is ``((lo, hi) per logical axis)`` in global indices reduced modulo the
extent: ``0 <= lo < hi <= n``, always inside the block of the rank that sends it.  Across a
periodic edge the receiver's halo lies past the grid (rows ``-1`` or ``n`` of a padded block); its
box is still given as the sender's rows (``n - 1`` or ``0``), and :func:`to_local` places it on
the side the message comes from.  A padded block (:func:`local_box`) is *not* reduced: it may
run from ``-w`` to ``n + w`` along a periodic cut axis.
"""
from __future__ import annotations

import dataclasses
import itertools
import math

from ..errors import ShapeError


@dataclasses.dataclass(frozen=True)
class Message:
    """One exchange of ``array`` with ``peer``, the neighbour in ``direction``: ``send`` (a box of
    this rank's block, or None when the peer's halo on this side is empty), ``recv`` (a box of the
    peer's block this rank's halo holds, or None), ``nbytes`` sent and ``recv_nbytes`` received."""

    array: str
    peer: int
    direction: tuple
    send: tuple | None
    recv: tuple | None
    nbytes: int
    recv_nbytes: int


def directions(decomp, diagonal: bool) -> list:
    """The neighbour directions that may carry data: faces along cut axes, and edges and corners
    too when ``diagonal`` (sorted)."""
    choices = [(-1, 0, 1) if decomp.cut(a) else (0,) for a in range(decomp.rank)]
    out = [d for d in itertools.product(*choices) if any(d)]
    return [d for d in out if diagonal or sum(1 for x in d if x) == 1]


def exchange_plan(decomp, rank: int, halos: dict, itemsize: int) -> tuple:
    """Every :class:`Message` ``rank`` exchanges for ``halos`` (``{array: Halo}``), ``itemsize``
    bytes per element: sorted by array, then direction.  None toward a missing neighbour (past a
    non-periodic edge); none where both boxes are empty."""
    out = []
    for array, halo in sorted(halos.items()):
        for d in directions(decomp, halo.diagonal):
            peer = decomp.neighbour(rank, d)
            if peer is None:
                continue
            send = _face(decomp.box(rank), halo.widths, d, inward=True)
            recv = _face(decomp.box(peer), halo.widths, tuple(-x for x in d), inward=True)
            if send is None and recv is None:
                continue
            out.append(Message(array, peer, d, send, recv, _volume(send) * itemsize, _volume(recv) * itemsize))
    return tuple(out)


def _face(box: tuple, widths: tuple, d: tuple, inward: bool) -> tuple | None:
    """The part of ``box`` next to its side ``d`` that a neighbour there holds in its halo (the
    neighbour's widths facing back: its low width when it lies above); None if empty."""
    out = []
    for (lo, hi), (wl, wh), x in zip(box, widths, d):
        if x == 1:
            out.append((hi - wl, hi))
        elif x == -1:
            out.append((lo, lo + wh))
        else:
            out.append((lo, hi))
    return tuple(out) if all(hi > lo for lo, hi in out) else None


def _volume(box: tuple | None) -> int:
    return 0 if box is None else math.prod(hi - lo for lo, hi in box)


def local_box(decomp, rank: int, halo) -> tuple:
    """The padded block ``rank`` stores for an array of ``halo``: its box widened by the halo's
    widths, not past a non-periodic edge; along a periodic cut axis it may reach below 0 or past
    the extent (unreduced global indices)."""
    out = []
    for axis, ((lo, hi), (wl, wh)) in enumerate(zip(decomp.box(rank), halo.widths)):
        if not decomp.periodic[axis]:
            wl = wl if lo > 0 else 0
            wh = wh if hi < decomp.shape[axis] else 0
        out.append((lo - wl, hi + wh))
    return tuple(out)


def to_local(box: tuple, padded: tuple, shape: tuple | None = None, side: tuple | None = None) -> tuple:
    """The slices of a padded block (global box ``padded``) holding global ``box``.  With the
    grid's ``shape``, a box reduced modulo the extent is moved by whole extents to fit, on the
    ``side`` it comes from (-1: the low halo, 1: the high halo, 0 or None: where it lies)."""
    out = []
    for axis, ((lo, hi), (plo, phi)) in enumerate(zip(box, padded)):
        n = shape[axis] if shape is not None else None
        want = side[axis] if side is not None else 0
        shifts = [0] if n is None else ([0, -n, n] if want == 0 else ([-n, 0] if want < 0 else [n, 0]))
        fit = next((s for s in shifts if plo <= lo + s and hi + s <= phi), None)
        if fit is None:
            raise ShapeError(f"box: {(lo, hi)} along axis {axis} is not inside the padded block {(plo, phi)}")
        out.append(slice(lo + fit - plo, hi + fit - plo))
    return tuple(out)
