"""A halo exchange over a communicator: every :class:`~kfuse.distributed.exchange.Message` of a
rank's exchange plan performed on its padded blocks (NumPy or CuPy arrays) through a
:class:`~kfuse.distributed.protocol.Communicator`, as one group of sends and receives.

Messages between two ranks are matched in list order (the protocol's rule).  Rank ``r``'s send
toward ``p`` in direction ``d`` is what ``p`` receives in direction ``-d``, so sends are posted
in the order of their direction and receives in the order of the sender's (the negated one):
both sides then list a pair's messages alike, even when one peer is the neighbour on both sides
(two ranks along a periodic axis).  A box that is C-contiguous in its block (whole rows of a block
cut along its slowest axis) is sent from and received into the block itself; any other is packed
into, or unpacked from, a C-ordered buffer, so both sides see a message's elements in one order."""
from __future__ import annotations

import functools

from ..errors import ArgumentError
from .exchange import exchange_plan, local_box, to_local
from .protocol import array_module


def exchange_halos(blocks: dict, decomp, halos: dict, comm, stream=None, storage: dict | None = None) -> None:
    """Fill the halos of this rank's padded ``blocks`` (``{array: block}``) from the neighbours'
    blocks, in place: for each array the part its :class:`Halo` in ``halos`` asks.  A block is
    shaped as :func:`~kfuse.distributed.exchange.local_box` of its storage halo (``storage``:
    ``{array: Halo}``, each at least as wide as the array's halo; default: the halo itself)."""
    rank = comm.rank
    if comm.size != decomp.size:
        raise ArgumentError(f"comm: {comm.size} ranks, the decomposition has {decomp.size}")
    sends, recvs, into = [], [], []
    for name, halo in sorted(halos.items()):
        stored = (storage or {}).get(name, halo)
        _check_covers(name, stored, halo)
        block = _block(blocks, name, decomp, rank, stored)
        out_of, into_of = routes(decomp, rank, halo, stored)
        sends += [(peer, _packed(block[where])) for peer, where in out_of]
        for peer, shape, where in into_of:
            view = block[where]
            if view.flags.c_contiguous:   # received in place: rows of a block cut along its slowest axis
                recvs.append((peer, view))
                continue
            buf = array_module(block).empty(shape, dtype=block.dtype)
            recvs.append((peer, buf))
            into.append((block, where, buf))
    comm.exchange(sends, recvs, stream=stream)
    for block, where, buf in into:
        block[where] = buf


@functools.lru_cache(maxsize=512)
def routes(decomp, rank: int, halo, stored) -> tuple:
    """(sends: ((peer, slices of the block), ...) in the order of their direction, receives:
    ((peer, shape, slices of the block), ...) in the order of the sender's direction) of one array
    of ``halo`` stored with ``stored`` on ``rank``: the exchange plan worked out once, not at
    every step."""
    padded = local_box(decomp, rank, stored)
    plan = exchange_plan(decomp, rank, {"a": halo}, 1)
    out_of = tuple((m.peer, to_local(m.send, padded, decomp.shape))
                   for m in sorted(plan, key=lambda m: m.direction) if m.send is not None)
    into_of = tuple((m.peer, tuple(hi - lo for lo, hi in m.recv), to_local(m.recv, padded, decomp.shape, m.direction))
                    for m in sorted(plan, key=lambda m: tuple(-x for x in m.direction)) if m.recv is not None)
    return out_of, into_of


def _check_covers(name: str, stored, halo) -> None:
    """Refuse a storage halo narrower than the halo the exchange fills."""
    for axis, ((sl, sh), (wl, wh)) in enumerate(zip(stored.widths, halo.widths)):
        if sl < wl or sh < wh:
            raise ArgumentError(f"storage[{name!r}]: widths {stored.widths} do not hold the halo {halo.widths} "
                                f"(axis {axis})")


def _block(blocks: dict, name: str, decomp, rank: int, halo):
    """``blocks[name]``, checked against the padded block it must be."""
    if name not in blocks:
        raise ArgumentError(f"blocks: no block for array {name!r} (given: {', '.join(sorted(blocks)) or 'none'})")
    block = blocks[name]
    want = tuple(hi - lo for lo, hi in local_box(decomp, rank, halo))
    if tuple(block.shape) != want:
        raise ArgumentError(f"blocks[{name!r}]: shape {tuple(block.shape)}, rank {rank}'s padded block "
                            f"is {want}")
    return block


def _packed(view):
    """What a message sends: the view itself where it is C-contiguous (sent in place, no pack
    copy), else a C-ordered copy of it (the receiver's box in the same element order)."""
    return view if view.flags.c_contiguous else view.copy(order="C")
