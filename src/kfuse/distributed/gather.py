"""A grid's array assembled whole on one rank or on every rank: each rank sends its own points
(one exchange through the communicator), the receiver places each block at its box."""
from __future__ import annotations

import numpy as np

from ..errors import ArgumentError
from .protocol import array_module, to_host


def gather(grid, array, root: int | None = 0):
    """``array`` (a DistArray of ``grid``) whole, as a NumPy array, on rank ``root`` (None on
    the other ranks); ``root=None``: on every rank."""
    comm, decomp = grid.comm, grid.decomp
    if root is not None and (isinstance(root, bool) or not isinstance(root, int) or not 0 <= root < comm.size):
        raise ArgumentError(f"root: {root!r} is not a rank (0 to {comm.size - 1}) or None")
    xp = array_module(array.block)
    mine = xp.ascontiguousarray(array.local)
    receivers = range(comm.size) if root is None else [root]
    sends = [(p, mine) for p in receivers if p != comm.rank]
    recvs = []
    if comm.rank in receivers:
        recvs = [(p, xp.empty(_extent(decomp.box(p)), dtype=mine.dtype)) for p in range(comm.size) if p != comm.rank]
    comm.exchange(sends, recvs)
    if comm.rank not in receivers:
        return None
    whole = np.empty(decomp.shape, dtype=mine.dtype, order=decomp.order)
    for p, buf in recvs + [(comm.rank, mine)]:
        whole[tuple(slice(lo, hi) for lo, hi in decomp.box(p))] = to_host(buf)
    return whole


def _extent(box: tuple) -> tuple:
    return tuple(hi - lo for lo, hi in box)

