"""A decomposition and its halo exchanges in words: the lines ``explain()`` prints for a run on
several ranks.

:func:`describe` says the process grid, each rank's box of the global grid, each array's halo
(widths per axis, corners) and padded block, every message of every rank's exchange plan
(:func:`~kfuse.distributed.exchange.exchange_plan`: direction, peer, the box sent and received,
bytes = box volume x itemsize) and the bytes each rank sends and receives per step.
:func:`traffic` gives those totals as numbers.  Everything here is pure arithmetic and text.
"""
from __future__ import annotations

import dataclasses
import math

from ..errors import ArgumentError, ShapeError
from .exchange import exchange_plan, local_box


@dataclasses.dataclass(frozen=True)
class Traffic:
    """One rank's exchange per step: ``messages`` (those sending or receiving anything), bytes
    ``sent`` and ``received``."""

    messages: int
    sent: int
    received: int


def _itemsize(itemsizes, array: str) -> int:
    """The bytes per element of ``array``: ``itemsizes`` is one int for all or ``{array: int}``."""
    size = itemsizes.get(array) if isinstance(itemsizes, dict) else itemsizes
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ArgumentError(f"itemsizes: {size!r} for array {array!r} is not a positive number of bytes "
                            "(pass one int, or {array: bytes} naming every array of halos)")
    return size


def _check(decomp, halos: dict, rank) -> None:
    for array, halo in sorted(halos.items()):
        if len(halo.widths) != decomp.rank:
            raise ShapeError(f"halos[{array!r}]: {len(halo.widths)} axes of widths, the decomposition has {decomp.rank}")
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < decomp.size):
        raise ArgumentError(f"rank: {rank!r} is not one of the ranks 0..{decomp.size - 1}")


def plan_of(decomp, rank: int, halos: dict, itemsizes) -> tuple:
    """Every message ``rank`` exchanges for ``halos``, each array at its own itemsize."""
    out = []
    for array, halo in sorted(halos.items()):
        out.extend(exchange_plan(decomp, rank, {array: halo}, _itemsize(itemsizes, array)))
    return tuple(out)


def traffic(decomp, halos: dict, itemsizes) -> dict:
    """``{rank: Traffic}`` of one step's exchange of ``halos`` (``{array: Halo}``)."""
    _check(decomp, halos, None)
    out = {}
    for r in range(decomp.size):
        plan = plan_of(decomp, r, halos, itemsizes)
        out[r] = Traffic(len(plan), sum(m.nbytes for m in plan), sum(m.recv_nbytes for m in plan))
    return out


def box_words(box: tuple | None) -> str:
    """``[0:32, 100:200] (32 x 100)``; "nothing" for an empty box."""
    if box is None:
        return "nothing"
    extents = " x ".join(str(hi - lo) for lo, hi in box)
    return "[" + ", ".join(f"{lo}:{hi}" for lo, hi in box) + f"] ({extents})"


def direction_words(direction: tuple) -> str:
    """``axis 0 high`` for a face; ``axis 0 high & axis 1 low (corner)`` across two cut axes."""
    parts = [f"axis {a} {'low' if x < 0 else 'high'}" for a, x in enumerate(direction) if x]
    return " & ".join(parts) + (" (corner)" if len(parts) > 1 else "")


def grid_words(decomp) -> str:
    """The process grid in one line."""
    cuts = ", ".join(f"axis {a} in {p}" for a, p in enumerate(decomp.dims) if p > 1) or "no axis cut"
    wraps = [str(a) for a, w in enumerate(decomp.periodic) if w]
    periodic = f"; periodic along axis {', '.join(wraps)}" if wraps else ""
    return (f"process grid: {' x '.join(map(str, decomp.dims))} = {decomp.size} ranks over a "
            f"{' x '.join(map(str, decomp.shape))} grid ({decomp.order} order; {cuts}{periodic})")


def _volume(box: tuple) -> int:
    return math.prod(hi - lo for lo, hi in box)


def _rank_lines(decomp, rank: int) -> list:
    box = decomp.box(rank)
    return [f"rank {rank} at {decomp.coords(rank)} owns {box_words(box)} = {_volume(box)} elements"]


def _halo_lines(decomp, array: str, halo, itemsize: int, ranks) -> list:
    widths = ", ".join(f"axis {a} ({lo} low, {hi} high)" for a, (lo, hi) in enumerate(halo.widths))
    corners = "corners exchanged" if halo.diagonal else "no corners"
    out = [f"array {array!r} ({itemsize} bytes per element): halo {widths}; {corners}"]
    for r in ranks:
        padded = local_box(decomp, r, halo)
        out.append(f"  rank {r} stores {box_words(padded)} = {_volume(padded) * itemsize} bytes")
    return out


def _message_lines(decomp, rank: int, halos: dict, itemsizes) -> list:
    out = []
    for m in plan_of(decomp, rank, halos, itemsizes):
        out.append(f"  rank {rank} <-> rank {m.peer}, {m.array!r} toward {direction_words(m.direction)}: "
                   f"sends {box_words(m.send)} = {m.nbytes} bytes, receives {box_words(m.recv)} = "
                   f"{m.recv_nbytes} bytes")
    return out


def describe(decomp, halos: dict, itemsizes, rank: int | None = None) -> list:
    """The lines saying ``decomp`` (a :class:`~kfuse.distributed.decomp.Decomposition`), the
    ``halos`` (``{array: Halo}``) of its arrays and one step's exchange of them, for every rank
    or only ``rank``.  ``itemsizes``: bytes per element, one int or ``{array: int}``."""
    _check(decomp, halos, rank)
    ranks = range(decomp.size) if rank is None else [rank]
    lines = [grid_words(decomp), "boxes are [lo:hi) of global indices per axis; a message's boxes lie in the "
             "sending rank's block (across a periodic edge, the far side's indices)"]
    for r in ranks:
        lines.extend(_rank_lines(decomp, r))
    for array, halo in sorted(halos.items()):
        lines.extend(_halo_lines(decomp, array, halo, _itemsize(itemsizes, array), ranks))
    sums = traffic(decomp, halos, itemsizes)
    for r in ranks:
        t = sums[r]
        lines.append(f"exchange of rank {r}: {t.messages} messages, {t.sent} bytes sent and {t.received} "
                     f"bytes received per step")
        lines.extend(_message_lines(decomp, r, halos, itemsizes))
    if rank is None and decomp.size > 1:
        total = sum(t.sent for t in sums.values())
        lines.append(f"all ranks: {total} bytes sent per step (most by one rank: "
                     f"{max(t.sent for t in sums.values())})")
    return lines


__all__ = ["Traffic", "box_words", "describe", "direction_words", "grid_words", "plan_of", "traffic"]
