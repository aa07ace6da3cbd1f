"""Matrices split by rows over ranks: each rank holds one contiguous block of rows.

:func:`row_split` is the :class:`~kfuse.distributed.decomp.Decomposition` that cuts axis 0 only
(uneven blocks allowed: the first ``m % size`` ranks hold one row more); :func:`split_rows` is a
rank's block of a whole matrix.  :func:`share` tells every rank a few integers of every other
rank through ONE small sum all-reduce (each rank fills its own slot of a ``size x n`` table), so
that all ranks check their operands together and all refuse bad input alike: a rank that raised
alone would leave the others waiting for it.  :func:`gather_rows` is the all-gather of a
row-split matrix through ``comm.exchange`` (every rank sends its block to every other rank).
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..errors import ArgumentError, ShapeError
from .decomp import decompose
from .protocol import array_module, to_host


def row_split(shape, size: int):
    """The decomposition of a matrix (or any array) of ``shape`` whose axis 0 is cut over
    ``size`` ranks (``decompose(shape, size, split=(size, 1, ...))``)."""
    shape = tuple(shape)
    return decompose(shape, size, split=(size,) + (1,) * (len(shape) - 1))


def split_rows(matrix, decomp, rank: int):
    """Rank ``rank``'s block of rows of the whole ``matrix`` under the row split ``decomp`` (a
    view; copy it to own it)."""
    if tuple(matrix.shape) != tuple(decomp.shape):
        raise ShapeError(f"matrix: shape {tuple(matrix.shape)} is not the decomposition's {tuple(decomp.shape)}")
    if any(d != 1 for d in decomp.dims[1:]):
        raise ArgumentError(f"decomp: cuts {decomp.dims}; a row split cuts axis 0 only")
    lo, hi = decomp.box(rank)[0]
    return matrix[lo:hi]


@dataclasses.dataclass(frozen=True)
class Shared:
    """What every rank learned from :func:`share`: ``table[r]`` is rank r's integers, ``failed``
    the ranks whose own check raised (in rank order)."""

    table: tuple
    failed: tuple

    def column(self, i: int) -> tuple:
        """Entry ``i`` of every rank, in rank order."""
        return tuple(row[i] for row in self.table)

    def offsets(self, i: int) -> tuple:
        """The running sums of entry ``i`` (a rank's first global row when ``i`` counts rows),
        one more than ranks: the last is the total."""
        out = [0]
        for n in self.column(i):
            out.append(out[-1] + n)
        return tuple(out)


def share(comm, values, error: BaseException | None = None, like=None) -> Shared:
    """Every rank's ``values`` (a few non-negative integers, as many on every rank) through one
    sum all-reduce of an int64 ``size x (1 + len(values))`` array made by ``like``'s array module
    (NumPy when ``like`` is None; a device communicator wants a device array).  ``error``: this
    rank's own refusal, raised on this rank once all ranks have joined; the other ranks then
    raise an :class:`ArgumentError` naming the rank that refused."""
    values = [int(v) for v in values]
    xp = array_module(like) if _is_array(like) else np
    table = xp.zeros((comm.size, 1 + len(values)), dtype="int64")
    table[comm.rank] = xp.asarray([1 if error is not None else 0] + values, dtype="int64")
    comm.all_reduce(table, "sum")
    host = to_host(table)
    rows = tuple(tuple(int(v) for v in row[1:]) for row in host)
    failed = tuple(r for r, row in enumerate(host) if row[0])
    if error is not None:
        raise error
    if failed:
        raise ArgumentError(f"rank {failed[0]} refused its operands (its own error says why); "
                            f"rank {comm.rank} stops with it")
    return Shared(rows, failed)


def agree(shared: Shared, i: int, what: str, error=ShapeError) -> int:
    """Entry ``i``, which every rank must hold alike (``what`` names it in the ``error``)."""
    column = shared.column(i)
    for r, v in enumerate(column):
        if v != column[0]:
            raise error(f"{what} differs across ranks: rank 0 has {column[0]}, rank {r} has {v}")
    return column[0]


def gather_rows(block, comm, rows, stream=None) -> object:
    """The whole matrix on every rank: the ranks' row ``block``s stacked in rank order, rank r
    holding ``rows[r]`` rows (all ranks pass the same ``rows``; every block has the same trailing
    shape and dtype).  One ``comm.exchange``: each rank sends its block to every other rank."""
    rows = tuple(int(n) for n in rows)
    if len(rows) != comm.size:
        raise ArgumentError(f"rows: {len(rows)} row counts for {comm.size} ranks")
    if block.shape[0] != rows[comm.rank]:
        raise ShapeError(f"block: {block.shape[0]} rows on rank {comm.rank}, rows says {rows[comm.rank]}")
    xp = array_module(block)
    mine = xp.ascontiguousarray(block)
    parts = [mine if p == comm.rank else xp.empty((n,) + tuple(block.shape[1:]), dtype=block.dtype)
             for p, n in enumerate(rows)]
    peers = [p for p in range(comm.size) if p != comm.rank]
    sends = [(p, mine) for p in peers if rows[comm.rank]]
    recvs = [(p, parts[p]) for p in peers if rows[p]]
    comm.exchange(sends, recvs, stream=stream)
    return xp.concatenate(parts, axis=0)


def _is_array(x) -> bool:
    return hasattr(x, "shape") and hasattr(x, "dtype")
