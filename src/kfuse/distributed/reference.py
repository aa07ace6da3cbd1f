"""A NumPy reference of a halo exchange: a global array scattered into padded per-rank blocks,
and every :class:`~kfuse.distributed.exchange.Message` of every rank performed by copying between
the blocks.  It is what a correct exchange over a communicator must leave in the blocks."""
from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from .exchange import exchange_plan, local_box, to_local


def scatter(global_array, decomp, halo) -> list:
    """Each rank's padded block (:func:`local_box`) of ``global_array``: its own box copied, the
    halo filled with NaN, in the decomposition's memory order."""
    a = np.asarray(global_array)
    if a.shape != tuple(decomp.shape):
        raise ShapeError(f"global_array: shape {a.shape} is not the decomposition's {tuple(decomp.shape)}")
    blocks = []
    for rank in range(decomp.size):
        padded = local_box(decomp, rank, halo)
        block = np.full(tuple(hi - lo for lo, hi in padded), np.nan, dtype=np.result_type(a, np.float32),
                        order=decomp.order)
        box = decomp.box(rank)
        block[to_local(box, padded)] = a[tuple(slice(lo, hi) for lo, hi in box)]
        blocks.append(block)
    return blocks


def fill_halos(blocks: list, decomp, halo, array: str = "a") -> list:
    """Perform every rank's messages for one array of ``halo`` on the padded ``blocks`` (in
    place): each received box is copied from the sending rank's block into the receiver's halo
    on the side it comes from.  Returns ``blocks``."""
    pads = [local_box(decomp, r, halo) for r in range(decomp.size)]
    for rank in range(decomp.size):
        for m in exchange_plan(decomp, rank, {array: halo}, blocks[rank].itemsize):
            if m.recv is None:
                continue
            src = to_local(m.recv, pads[m.peer], decomp.shape)
            dst = to_local(m.recv, pads[rank], decomp.shape, m.direction)
            blocks[rank][dst] = blocks[m.peer][src]
    return blocks


def window(global_array, box: tuple) -> np.ndarray:
    """The elements of ``global_array`` at an unreduced global ``box`` (indices wrapped modulo
    the extent: the periodic reading of a padded block)."""
    a = np.asarray(global_array)
    index = np.ix_(*[np.arange(lo, hi) % n for (lo, hi), n in zip(box, a.shape)])
    return a[index]
