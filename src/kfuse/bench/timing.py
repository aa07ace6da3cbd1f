"""Timing loops: warm-up, calibration, then the median of >= 7 loops of back-to-back calls.

A *timer* is an object with ``batch(thunk, k) -> seconds``: it runs ``thunk``
``k`` times back to back and returns the elapsed time of the whole batch,
launch and dispatch overhead included, as a user sees it.  Timers:

* :class:`CupyEventTimer` -- CUDA events on CuPy's current stream (kfuse, cuBLAS, CuPy);
* :class:`TorchEventTimer` -- CUDA events on PyTorch's current stream (eager, torch.compile);
* :class:`HostTimer` -- host clock plus a final sync of the last result (JAX).

Nothing here imports a GPU library at module import time.
"""
from __future__ import annotations

import math
import statistics
import time
from typing import Callable

MIN_LOOPS = 7
MAX_LOOPS = 25
MAX_CALLS_PER_LOOP = 4096


class CupyEventTimer:
    """Elapsed time between two CUDA events recorded on CuPy's current stream."""

    def __init__(self):
        import cupy

        self._cupy = cupy
        self._start = cupy.cuda.Event()
        self._end = cupy.cuda.Event()

    def sync(self) -> None:
        """Wait for all work on the device."""
        self._cupy.cuda.Device().synchronize()

    def batch(self, thunk: Callable[[], object], k: int) -> float:
        """Run ``thunk`` k times between two events; seconds elapsed."""
        self._start.record()
        for _ in range(k):
            thunk()
        self._end.record()
        self._end.synchronize()
        return self._cupy.cuda.get_elapsed_time(self._start, self._end) * 1e-3


class TorchEventTimer:
    """Elapsed time between two CUDA events recorded on PyTorch's current stream."""

    def __init__(self):
        import torch

        self._torch = torch
        self._start = torch.cuda.Event(enable_timing=True)
        self._end = torch.cuda.Event(enable_timing=True)

    def sync(self) -> None:
        """Wait for all work on the device."""
        self._torch.cuda.synchronize()

    def batch(self, thunk: Callable[[], object], k: int) -> float:
        """Run ``thunk`` k times between two events; seconds elapsed."""
        self._start.record()
        for _ in range(k):
            thunk()
        self._end.record()
        self._end.synchronize()
        return self._start.elapsed_time(self._end) * 1e-3


class HostTimer:
    """Host clock around k calls, then ``block(last result)`` (for asynchronous JAX)."""

    def __init__(self, block: Callable[[object], None], sync: Callable[[], None] | None = None):
        self._block = block
        self._sync = sync or (lambda: None)

    def sync(self) -> None:
        """Wait for all outstanding work."""
        self._sync()

    def batch(self, thunk: Callable[[], object], k: int) -> float:
        """Run ``thunk`` k times, block on the last result; seconds elapsed."""
        self._sync()
        t0 = time.perf_counter()
        out = None
        for _ in range(k):
            out = thunk()
        self._block(out)
        return time.perf_counter() - t0


class Rotation:
    """Calls ``thunks[i % len(thunks)]`` on successive calls: rotates among input sets."""

    def __init__(self, thunks: list[Callable[[], object]]):
        self._thunks = list(thunks)
        self._i = 0

    def __call__(self):
        thunk = self._thunks[self._i]
        self._i = (self._i + 1) % len(self._thunks)
        return thunk()


def calls_per_loop(per_call_s: float, min_time_s: float, loops: int = MIN_LOOPS) -> int:
    """How many back-to-back calls one loop needs so ``loops`` loops take about ``min_time_s``."""
    if per_call_s <= 0 or not math.isfinite(per_call_s):
        return MAX_CALLS_PER_LOOP
    k = int(min_time_s / loops / per_call_s)
    return max(1, min(MAX_CALLS_PER_LOOP, k))


def summarize(loop_seconds: list[float], k: int) -> dict:
    """Per-call statistics (microseconds) of loops of k calls each."""
    per_call = [s / k * 1e6 for s in loop_seconds]
    return {
        "us": statistics.median(per_call),
        "us_min": min(per_call),
        "us_max": max(per_call),
        "loops": len(per_call),
        "calls_per_loop": k,
        "loop_us": [round(x, 4) for x in per_call],
    }


def measure(thunk: Callable[[], object], timer, min_time_s: float = 0.1,
            warmup: int = 3, min_loops: int = MIN_LOOPS) -> dict:
    """Warm up, calibrate the batch size, then time >= ``min_loops`` loops.

    Loops continue past ``min_loops`` (up to ``MAX_LOOPS``) only while the
    measured time is below ``min_time_s``; the result is the median per-call time.
    """
    for _ in range(warmup):
        thunk()
    timer.sync()
    k, spent = 1, timer.batch(thunk, 1)
    # grow the calibration batch until it is long enough to trust (or obviously long)
    while spent < min(2e-3, min_time_s / (4 * min_loops)) and k < MAX_CALLS_PER_LOOP:
        k = min(MAX_CALLS_PER_LOOP, k * 8)
        spent = timer.batch(thunk, k)
    k = calls_per_loop(spent / k, min_time_s, min_loops)
    loops: list[float] = []
    total = 0.0
    while len(loops) < min_loops or (total < min_time_s and len(loops) < MAX_LOOPS):
        s = timer.batch(thunk, k)
        loops.append(s)
        total += s
    return summarize(loops, k)


def time_first_call(thunk: Callable[[], object], block: Callable[[object], None],
                    sync: Callable[[], None]) -> tuple[object, float]:
    """Run the first call (compiles, if the implementation compiles lazily) on a host
    clock, ending when ``block(result)`` returns; return (result, seconds)."""
    sync()
    t0 = time.perf_counter()
    out = thunk()
    block(out)
    return out, time.perf_counter() - t0
