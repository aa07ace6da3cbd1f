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


def graph_seconds(launches: list) -> float:
    """Device seconds per call of the callables ``launches`` (kernel launches) captured in one
    CUDA graph, so no host path runs between them; uploaded first, median of replays."""
    import cupy
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        s.begin_capture()
        for f in launches:
            f()
        g = s.end_capture()
    g.upload(s)
    s.synchronize()
    return median_seconds(g.launch, loops=9, calls=3, warmup=2) / len(launches)


ROTATE_BYTES = 256 << 20   # inputs copied until a round of calls reads this much: no L2 reuse


def rotating_args(args: list, max_copies: int = 16) -> list:
    """``args`` and copies of it (arrays and sparse matrices copied, scalars shared), enough
    that one round over them reads ROTATE_BYTES."""
    size = max(1, sum(int(getattr(a, "nbytes", 0)) for a in args))
    n = max(1, min(max_copies, -(-ROTATE_BYTES // size)))
    return [list(args)] + [[a.copy() if hasattr(a, "nbytes") else a for a in args] for _ in range(n - 1)]


def device_seconds(exe, rounds: list) -> float:
    """Device seconds per call of the Executable ``exe``: one call per argument set in
    ``rounds`` (:func:`rotating_args`) captured in a CUDA graph, so no host path runs between
    launches and the inputs rotate past L2; median of 7 replays.  Misaligned inputs (which a
    graph cannot take): plain calls."""
    envs = [exe.prepare(tuple(args)) for args in rounds]
    if any(e is None for e in envs):
        return median_seconds(lambda: exe(*rounds[0]), loops=15, calls=1)
    graph = exe.capture(envs)
    return median_seconds(graph.launch, loops=7, calls=2, warmup=2) / len(envs)
