"""The fuzz runner never hangs: a program that crashes its process or gives no result in time
is an internal error of its own, and every other program still gets its result."""
import os
import time

from . import run
from .checks import Result


def _work(seed: int) -> Result:
    if seed == 3:
        os._exit(7)          # a crash in a driver or compiler
    if seed == 5:
        time.sleep(60)       # a hang
    return Result(seed, "ok")


def test_crashing_and_hanging_programs_are_reported_not_waited_for(tmp_path):
    seeds = list(range(8))
    t0 = time.monotonic()
    results = run.run_seeds(seeds, jobs=2, cache_dir=str(tmp_path), work=_work, timeout=2.0)
    assert time.monotonic() - t0 < 40
    assert [r.seed for r in results] == seeds
    by = {r.seed: r for r in results}
    assert by[3].outcome == "internal error" and "process died" in by[3].cls
    assert by[5].outcome == "internal error" and "hung" in by[5].cls
    assert all(by[s].outcome == "ok" for s in seeds if s not in (3, 5))
