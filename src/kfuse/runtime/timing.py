"""Timing a callable on the GPU with CUDA events: warm-up, then the median of loops."""
from __future__ import annotations


def median_seconds(fn, loops: int = 7, calls: int = 10, warmup: int = 3) -> float:
    """Median over ``loops`` of the seconds per call of ``calls`` back-to-back calls of ``fn``."""
    import cupy
    for _ in range(warmup):
        fn()
    per = []
    for _ in range(loops):
        start, stop = cupy.cuda.Event(), cupy.cuda.Event()
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        stop.synchronize()
        per.append(cupy.cuda.get_elapsed_time(start, stop) * 1e-3 / calls)
    per.sort()
    return per[len(per) // 2]
