"""Run generated programs and print a table of outcomes by class.

    PYTHONPATH=src python -m tests.fuzz.run --seeds 0:1000            # CI tier (no GPU)
    PYTHONPATH=src python -m tests.fuzz.run --seeds 0:300 --gpu       # on the GPU
    PYTHONPATH=src python -m tests.fuzz.run --seeds 17:18 --show      # one program, printed whole
    PYTHONPATH=src python -m tests.fuzz.run --stencil --seeds 0:1000  # stencil programs (stencil_gen.py)

Failing programs are printed whole (source, seed, error, repro command) with ``--show``
(always for a single seed).  Exit status 1 when any internal error or mismatch occurred.
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures as cf
import multiprocessing
import os
import sys
import tempfile
import time

from .checks import OUTCOMES, Result, report, run_cpu


def _seeds(text: str) -> list:
    if ":" in text:
        a, b = text.split(":")
        return list(range(int(a), int(b)))
    return [int(s) for s in text.split(",")]


def _worker_init(cache_dir: str):
    """A worker's settings: the parent's (from the environment) with the shared NVRTC cache."""
    import dataclasses
    import kfuse
    kfuse.config.settings = dataclasses.replace(kfuse.config.get(), cache_dir=cache_dir)


#: seconds one program may take before it counts as hung (GPU programs compile and run 3 times)
PROGRAM_TIMEOUT = {False: 120.0, True: 240.0}


def run_seeds(seeds: list, gpu: bool = False, jobs: int = 1, cache_dir: str | None = None,
              work=None, timeout: float | None = None) -> list:
    """Results for ``seeds`` spread over ``jobs`` processes (forked for the CPU tier; on the GPU
    spawned, each with its own CUDA context on the one device).  Never hangs: a program with no
    result within :data:`PROGRAM_TIMEOUT` is an internal error ("hung"), and one whose process
    dies (a crash in a driver or compiler) an internal error ("process died"), found by running
    what was left one program per process.  ``work`` and ``timeout`` replace the tier's program
    runner and time limit (tests of the runner)."""
    cache_dir = cache_dir or tempfile.mkdtemp(prefix="kfuse-fuzz-")
    if work is None:
        from .gpu import run_gpu
        work = run_gpu if gpu else run_cpu
    timeout = timeout or PROGRAM_TIMEOUT[gpu]
    if jobs <= 1 and not gpu:
        _worker_init(cache_dir)
        return [work(s) for s in seeds]
    ctx = multiprocessing.get_context("spawn" if gpu else "fork")
    done: dict = {}
    _run_pool(seeds, work, ctx, max(1, jobs), cache_dir, timeout, done)
    left = [s for s in seeds if s not in done]
    for s in left:    # after a crash: one program per process tells which one it was
        _run_pool([s], work, ctx, 1, cache_dir, timeout, done)
        if s not in done:
            done[s] = Result(s, "internal error", cls="process died (crash in the runtime, driver or NVRTC)")
    return [done[s] for s in seeds]


def _run_pool(seeds: list, work, ctx, jobs: int, cache_dir: str, timeout: float, done: dict):
    """Run ``seeds`` in a pool of ``jobs`` processes, filling ``done`` with results; stops at
    the first dead process (the unfinished seeds stay out of ``done``) and marks programs that
    give no result for ``timeout`` seconds as hung."""
    ex = cf.ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_init, initargs=(cache_dir,))
    futs = {ex.submit(work, s): s for s in seeds}
    pending, started = set(futs), {}
    try:
        while pending:
            finished, pending = cf.wait(pending, timeout=min(5.0, timeout), return_when=cf.FIRST_COMPLETED)
            broken = False
            for f in finished:
                try:
                    done[futs[f]] = f.result()
                except cf.process.BrokenProcessPool:
                    broken = True
            if broken:
                return
            now = time.monotonic()
            for f in pending:
                if f.running():
                    started.setdefault(f, now)
            hung = [f for f in pending if f in started and now - started[f] > timeout]
            if hung:
                for f in hung:
                    done[futs[f]] = Result(futs[f], "internal error", cls=f"hung (no result in {timeout:.0f} s)")
                _kill(ex)
                rest = [futs[f] for f in pending if futs[f] not in done]
                return _run_pool(rest, work, ctx, jobs, cache_dir, timeout, done) if rest else None
    finally:
        _kill(ex)


def _kill(ex):
    """Stop ``ex`` at once, its worker processes included (a hung one does not return)."""
    for p in list((getattr(ex, "_processes", None) or {}).values()):
        if p.is_alive():
            p.kill()
    ex.shutdown(wait=False, cancel_futures=True)


def table(results: list) -> str:
    """Counts by outcome, then by class for every non-ok outcome (with the first seeds)."""
    by_outcome = collections.Counter(r.outcome for r in results)
    lines = [f"{len(results)} programs: " + ", ".join(f"{o} {by_outcome.get(o, 0)}" for o in OUTCOMES)]
    by_front = collections.defaultdict(collections.Counter)
    for r in results:
        by_front[f"{r.front} {r.dtype}"][r.outcome] += 1
    lines.append(f"{'front dtype':<20}" + "".join(f"{o:>16}" for o in OUTCOMES))
    for k in sorted(by_front):
        lines.append(f"{k:<20}" + "".join(f"{by_front[k].get(o, 0):>16}" for o in OUTCOMES))
    classes = collections.defaultdict(list)
    for r in results:
        if r.outcome not in ("ok", "clear error"):
            classes[(r.outcome, r.cls)].append(r.seed)
    if classes:
        lines.append("failures by class (count, first seeds):")
        for (o, c), seeds in sorted(classes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            lines.append(f"  {len(seeds):5d}  {o:<15} {c}  seeds {', '.join(map(str, seeds[:8]))}"
                         f"{' ...' if len(seeds) > 8 else ''}")
    ratios = [r.ratio for r in results if r.outcome == "ok" and r.ratio]
    if ratios:
        lines.append(f"GPU error / bound over the ok programs: max {max(ratios):.3g}, "
                     f"median {sorted(ratios)[len(ratios) // 2]:.3g}")
    return "\n".join(lines)


def failures(results: list) -> list:
    return [r for r in results if r.outcome in ("internal error", "mismatch", "changed input")]


#: seeds per test of the CPU tiers: pytest-xdist spreads the chunks over its workers
CHUNK = 25


def chunks(seeds: list) -> list:
    """``seeds`` cut into lists of :data:`CHUNK`."""
    return [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]


def chunk_ids(parts: list) -> list:
    return [f"seeds{c[0]}-{c[-1]}" for c in parts]


def chunk_jobs() -> int:
    """Processes per chunk: ``FUZZ_JOBS``, else one under pytest-xdist (its workers share the
    CPUs), else every CPU."""
    default = 1 if os.environ.get("PYTEST_XDIST_WORKER") else (os.cpu_count() or 1)
    return int(os.environ.get("FUZZ_JOBS", default))


def check_chunk(seeds: list, work=None, show=report) -> None:
    """Run ``seeds`` on the CPU tier (``work``: the program runner) and fail, printing the
    failing programs whole, on any internal error, mismatch or changed input."""
    import kfuse
    results = run_seeds(seeds, jobs=chunk_jobs(), cache_dir=kfuse.config.get().cache_dir, work=work)
    summary = table(results)
    print(summary)
    bad = failures(results)
    assert len(results) == len(seeds)
    assert not bad, summary + "\n\n" + "\n\n".join(show(r) for r in bad[:10])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.run", description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="0:1000", help="a:b (range) or a,b,c")
    ap.add_argument("--gpu", action="store_true", help="run on the GPU against the float64 reference")
    ap.add_argument("--jobs", type=int, default=None,
                    help="processes (default: every CPU for the CPU tier, 4 on the GPU)")
    ap.add_argument("--show", action="store_true", help="print every failing program whole")
    ap.add_argument("--stencil", action="store_true", help="stencil programs (tests/fuzz/stencil_gen.py)")
    ap.add_argument("--cache-dir", default=None, help="NVRTC cache (default: a fresh temporary one)")
    args = ap.parse_args(argv)
    seeds = _seeds(args.seeds)
    if args.jobs is None:
        args.jobs = min(4, os.cpu_count() or 1) if args.gpu else (os.cpu_count() or 1)
    t0 = time.perf_counter()
    work, show = None, report
    if args.stencil:
        from . import stencil_check
        work = stencil_check.run_stencil_gpu if args.gpu else stencil_check.run_stencil_cpu
        show = stencil_check.report
    results = run_seeds(seeds, args.gpu, args.jobs, args.cache_dir, work=work)
    bad = failures(results)
    if args.show or len(seeds) == 1:
        for r in (bad if len(seeds) > 1 else results):
            print(show(r, args.gpu) + "\n")
    print(table(results))
    print(f"{time.perf_counter() - t0:.1f} s wall, {sum(r.seconds for r in results):.1f} s in programs, "
          f"{sum(r.cpu for r in results):.1f} CPU s in programs "
          f"({'GPU' if args.gpu else 'CPU tier'}, {args.jobs} process(es))")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["run_seeds", "table", "failures", "Result"]
