"""An in-process communicator: N ranks as N Python threads sharing mailboxes.

:class:`LocalComm` runs a distributed program without GPUs or launchers, so CI sees every
exchange and reduction.  :meth:`LocalComm.run` starts ``fn(comm)`` on each rank in its own thread
and returns the ranks' results.  Sends are copied when posted; an exchange returns once its
receives are filled and its sends received, as an NCCL group does.  A rank that waits longer
than ``timeout`` seconds for a peer, or for a peer that failed or returned, raises
:class:`CommError` naming itself and the peer instead of hanging.  Arrays are NumPy's or any
module's with ``copy()``, ``[...] =`` and the ufuncs ``add``, ``maximum``, ``minimum``,
``multiply`` (the reduction uses the array's own module).
"""
from __future__ import annotations

import collections
import functools
import threading
import time

from ..errors import ArgumentError
from .protocol import (CommError, array_module, check_array, check_exchange, check_match, check_op, check_open,
                       copy_into, describe)

#: ``all_reduce``'s op -> the array module's ufunc that combines two operands.
UFUNCS = {"sum": "add", "max": "maximum", "min": "minimum", "prod": "multiply"}


class _Message:
    """One posted send: a copy of the array, and whether the receiver has taken it."""

    def __init__(self, array):
        self.array, self.taken = array.copy(), False


class _World:
    """What the ranks of one LocalComm group share: mailboxes, collectives, failures."""

    def __init__(self, size: int, timeout: float):
        self.size, self.timeout = size, timeout
        self.cond = threading.Condition()
        self.mail = collections.defaultdict(collections.deque)   # (src, dst) -> messages
        self.slots = collections.defaultdict(dict)               # collective number -> rank -> entry
        self.left = collections.Counter()                        # collective number -> ranks done with it
        self.errors = []                                         # (rank, exception), in time order
        self.done = set()                                        # ranks whose function returned

    def wait(self, rank: int, ready, what: str, peers) -> None:
        """Block (holding ``cond``) until ``ready()``; CommError when a peer in ``peers()``
        failed or returned first, or after the timeout."""
        deadline = time.monotonic() + self.timeout
        while not ready():
            failed = [r for r, _ in self.errors if r != rank]
            if failed:
                raise CommError(f"rank {rank} stops waiting for {what}: rank {failed[0]} failed")
            gone = sorted(set(peers()) & self.done)
            if gone:
                raise CommError(f"rank {rank} waits for {what}, but rank {gone[0]} has returned")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CommError(f"rank {rank} waited {self.timeout:g} s for {what}")
            self.cond.wait(remaining)


def _with_rank(exc: BaseException, rank: int) -> BaseException:
    """``exc`` with "rank N: " before its message (same type and traceback)."""
    if exc.args and isinstance(exc.args[0], str):
        exc.args = (f"rank {rank}: {exc.args[0]}",) + exc.args[1:]
    else:
        exc.args = (f"rank {rank}:",) + exc.args
    return exc


class LocalComm:
    """Rank ``rank`` of a group of threads in this process (see the module docstring)."""
    capturable = False   # the ranks meet on the host: no CUDA graph can hold an exchange

    def __init__(self, world: _World, rank: int):
        self._world, self.rank, self.size = world, rank, world.size
        self._collectives, self.closed = 0, False

    @staticmethod
    def create(size: int, timeout: float = 30.0) -> list:
        """The ``size`` communicators of one new group (drive each from its own thread)."""
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ArgumentError(f"size must be a positive integer, not {size!r}")
        if not isinstance(timeout, (int, float)) or not timeout > 0:
            raise ArgumentError(f"timeout must be a positive number of seconds, not {timeout!r}")
        world = _World(size, float(timeout))
        return [LocalComm(world, r) for r in range(size)]

    @staticmethod
    def run(size: int, fn, timeout: float = 30.0) -> list:
        """``[fn(comm) for each rank]``, each rank in its own thread; the first exception raised
        (in time) is raised again with its rank before the message."""
        comms = LocalComm.create(size, timeout)
        results = [None] * size
        threads = [threading.Thread(target=_body, args=(c, fn, results), name=f"kfuse-rank-{c.rank}",
                                    daemon=True) for c in comms]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        errors = comms[0]._world.errors
        if errors:
            rank, exc = errors[0]
            raise _with_rank(exc, rank)
        return results

    def exchange(self, sends, recvs, stream=None) -> None:
        """Post ``sends``, fill ``recvs`` in list order per peer, wait until the sends are taken."""
        check_open(self)
        sends, recvs, copies = check_exchange(sends, recvs, self.rank, self.size)
        world, me = self._world, self.rank
        posted = [(p, _Message(a)) for p, a in sends if p != me]
        _settle(m.array for _, m in posted)   # the copies are written before another thread reads them
        with world.cond:
            for p, msg in posted:
                world.mail[(me, p)].append(msg)
            world.cond.notify_all()
        for send, recv in copies:
            copy_into(recv, send)
        with world.cond:
            for p, recv in ((p, a) for p, a in recvs if p != me):
                self._take(p, recv)
            world.wait(me, lambda: all(m.taken for _, m in posted), "its sends to be received",
                       lambda: [p for p, m in posted if not m.taken])

    def _take(self, peer: int, recv) -> None:
        """Fill ``recv`` with the next message from ``peer`` (holding the lock)."""
        world, me = self._world, self.rank
        box = world.mail[(peer, me)]
        world.wait(me, lambda: bool(box), f"a message from rank {peer}", lambda: [peer])
        msg = box.popleft()
        check_match(msg.array, recv, peer, me)
        copy_into(recv, msg.array)
        _settle([recv])   # done before the sender may free or reuse its array
        msg.taken = True
        world.cond.notify_all()

    def _collective(self, kind: str, payload) -> dict:
        """Join this rank's next collective; every rank's (kind, payload), once all have joined."""
        check_open(self)
        world, me, n = self._world, self.rank, self._collectives
        self._collectives += 1
        with world.cond:
            slot = world.slots[n]
            slot[me] = (kind, payload)
            world.cond.notify_all()
            missing = lambda: [r for r in range(self.size) if r not in slot]   # noqa: E731
            world.wait(me, lambda: len(slot) == self.size,
                       f"ranks {missing()} to join collective #{n} ({kind})", missing)
            entries = dict(slot)
            world.left[n] += 1
            if world.left[n] == self.size:
                del world.slots[n], world.left[n]
        for r, (k, _) in sorted(entries.items()):
            if k != kind:
                raise CommError(f"collective #{n}: rank {me} calls {kind} while rank {r} calls {k}")
        return entries

    def all_reduce(self, array, op: str = "sum", stream=None) -> None:
        """Replace ``array`` with the reduction over the ranks, combined in rank order."""
        check_op(op)
        check_array(array)
        mine = array.copy()
        _settle([mine])
        entries = self._collective("all_reduce", (op, mine))
        for r, (_, (their_op, theirs)) in sorted(entries.items()):
            if their_op != op:
                raise ArgumentError(f"all_reduce: rank {self.rank} reduces with {op!r}, rank {r} with {their_op!r}")
            if (tuple(theirs.shape), str(theirs.dtype)) != (tuple(array.shape), str(array.dtype)):
                raise ArgumentError(f"all_reduce: rank {self.rank} reduces a {describe(array)} array, "
                                    f"rank {r} a {describe(theirs)} array")
        ufunc = getattr(array_module(array), UFUNCS[op])
        copy_into(array, functools.reduce(ufunc, [entries[r][1][1] for r in range(self.size)]))
        _settle([array])

    def barrier(self) -> None:
        """Return once every rank has called barrier."""
        self._collective("barrier", None)

    def close(self) -> None:
        """Refuse further calls on this rank's communicator."""
        self.closed = True

    def __repr__(self) -> str:
        return f"LocalComm(rank {self.rank} of {self.size})"


def _settle(arrays) -> None:
    """Wait for the current CUDA stream when any of ``arrays`` is on the GPU: ranks are threads
    with streams of their own, so a copy another thread makes must not start before the work
    that wrote its source, nor the receiver go on before its copies end."""
    for a in arrays:
        if type(a).__module__.split(".")[0] == "cupy":
            import cupy
            cupy.cuda.get_current_stream().synchronize()
            return


def _body(comm: LocalComm, fn, results: list) -> None:
    """One rank's thread: run ``fn``, keep its result or its exception, mark the rank done."""
    world = comm._world
    try:
        results[comm.rank] = fn(comm)
    except BaseException as exc:   # noqa: BLE001 - handed back to run's caller
        with world.cond:
            world.errors.append((comm.rank, exc))
            world.cond.notify_all()
    finally:
        with world.cond:
            world.done.add(comm.rank)
            world.cond.notify_all()
