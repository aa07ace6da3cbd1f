"""The communicator every distributed kfuse run talks through, and the checks all of them share.

A :class:`Communicator` is one rank's handle on a group of ``size`` ranks: ``exchange`` posts a
set of point-to-point sends and receives as one group (as ``ncclGroupStart``/``ncclGroupEnd``
do), ``all_reduce`` combines an array in place across the ranks, ``barrier`` waits for all of
them.  :class:`SingleComm` is the communicator of a run on one rank, so the same code runs on one
GPU.  :class:`CommError` is what a rank raises when a peer does not arrive or fails.
"""
from __future__ import annotations

import importlib
from typing import Protocol, runtime_checkable

import numpy as np

from ..errors import ArgumentError, KfuseError

#: The reductions ``all_reduce`` knows.
REDUCE_OPS = ("sum", "max", "min", "prod")


class CommError(KfuseError):
    """A rank's communication failed: a peer did not arrive within the timeout, or failed."""


@runtime_checkable
class Communicator(Protocol):
    """One rank's view of a group of ranks.

    ``exchange(sends, recvs)``: ``sends`` and ``recvs`` are lists of ``(peer, array)``; every
    receive array is filled in place.  All of them are posted as one group; the messages between
    two ranks are matched in list order (the k-th send from a to b fills b's k-th receive from a).
    A rank may name itself as a peer only to copy locally: its sends to itself and receives from
    itself pair up in order.  ``all_reduce(array, op)`` replaces ``array`` on every rank with the
    reduction (``op`` in :data:`REDUCE_OPS`) over all ranks.  ``stream``: where the device
    communicators order the work (None: the current stream).  ``capturable``: whether its
    exchanges and all-reduces can be captured in a CUDA graph (stream-ordered, no host wait)."""
    rank: int
    size: int
    capturable: bool

    def exchange(self, sends: list, recvs: list, stream=None) -> None: ...

    def all_reduce(self, array, op: str = "sum", stream=None) -> None: ...

    def barrier(self) -> None: ...

    def close(self) -> None: ...


def _layout(array) -> tuple:
    return tuple(array.shape), str(array.dtype)


def describe(array) -> str:
    """An array's dtype and shape as messages name it: ``float32 (4, 3)``."""
    shape, dtype = _layout(array)
    return f"{dtype} {shape}"


def check_pairs(name: str, pairs, rank: int, size: int) -> list:
    """``pairs`` as a list of (peer, array), each peer an integer rank below ``size``."""
    if not isinstance(pairs, (list, tuple)):
        raise ArgumentError(f"{name} must be a list of (peer, array) pairs, not {type(pairs).__name__}")
    out = []
    for i, pair in enumerate(pairs):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
            raise ArgumentError(f"{name}[{i}] must be a (peer, array) pair, not {pair!r}")
        peer, array = pair
        if isinstance(peer, bool) or not isinstance(peer, int) or not 0 <= peer < size:
            raise ArgumentError(f"{name}[{i}] names peer {peer!r} on rank {rank}: peers are ranks 0 to {size - 1}")
        if not hasattr(array, "shape") or not hasattr(array, "dtype"):
            raise ArgumentError(f"{name}[{i}] (peer {peer}) is a {type(array).__name__}, not an array")
        out.append((peer, array))
    return out


def check_match(send, recv, src: int, dst: int) -> None:
    """A send from rank ``src`` and the receive on rank ``dst`` it fills have one dtype and shape."""
    if _layout(send) != _layout(recv):
        raise ArgumentError(f"rank {src} sends a {describe(send)} array to rank {dst}, whose matching "
                            f"receive is a {describe(recv)} array")


def self_copies(sends: list, recvs: list, rank: int) -> list:
    """The (send, recv) pairs a rank sends to itself, matched in order and checked."""
    mine_out = [a for p, a in sends if p == rank]
    mine_in = [a for p, a in recvs if p == rank]
    if len(mine_out) != len(mine_in):
        raise ArgumentError(f"rank {rank} sends {len(mine_out)} arrays to itself but receives "
                            f"{len(mine_in)} from itself: a rank names itself only as a local copy")
    for s, r in zip(mine_out, mine_in):
        check_match(s, r, rank, rank)
    return list(zip(mine_out, mine_in))


def check_exchange(sends, recvs, rank: int, size: int) -> tuple:
    """(sends, recvs, self copies) of one exchange, checked on rank ``rank`` of ``size``."""
    sends = check_pairs("sends", sends, rank, size)
    recvs = check_pairs("recvs", recvs, rank, size)
    return sends, recvs, self_copies(sends, recvs, rank)


def check_op(op) -> str:
    """``op`` when it is one of :data:`REDUCE_OPS`."""
    if op not in REDUCE_OPS:
        raise ArgumentError(f"all_reduce's op is {op!r}: it is one of {', '.join(REDUCE_OPS)}")
    return op


def check_array(array, name: str = "array") -> None:
    """An all-reduce operand is an array."""
    if not hasattr(array, "shape") or not hasattr(array, "dtype"):
        raise ArgumentError(f"{name} is a {type(array).__name__}, not an array")


def check_open(comm) -> None:
    """Refuse a call on a communicator whose ``closed`` is set."""
    if comm.closed:
        raise ArgumentError(f"rank {comm.rank}'s communicator is closed")


def array_module(array):
    """The module that made ``array`` (numpy for numpy.ndarray, cupy for cupy.ndarray)."""
    return importlib.import_module(type(array).__module__.split(".")[0])


def to_host(x):
    """``x`` as a NumPy array (a CuPy array copied to the host; NumPy arrays as they are)."""
    return x.get() if hasattr(x, "get") and not isinstance(x, np.ndarray) else np.asarray(x)


def copy_into(dst, src) -> None:
    """Fill ``dst`` in place with ``src`` (same shape and dtype)."""
    dst[...] = src


class SingleComm:
    """The communicator of a run on one rank: exchanges copy a rank's sends to itself into its
    receives, all-reduces leave their array as it is."""
    capturable = True   # its copies are stream-ordered: a CUDA graph can capture them

    def __init__(self):
        self.rank, self.size = 0, 1

    def exchange(self, sends, recvs, stream=None) -> None:
        for send, recv in check_exchange(sends, recvs, 0, 1)[2]:
            copy_into(recv, send)

    def all_reduce(self, array, op: str = "sum", stream=None) -> None:
        check_op(op)
        check_array(array)

    def barrier(self) -> None:
        return None

    def close(self) -> None:
        return None

    def __repr__(self) -> str:
        return "SingleComm(rank 0 of 1)"
