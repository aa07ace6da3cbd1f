"""GPU stencil fuzz tier: 300 generated stencil programs (seeds 0-299, tests/fuzz/stencil_gen.py,
grids up to 2^21 points, chains of up to 7 statements besides window assignments) run on the
device through ``kfuse.jit`` and ``kfuse.compile_script``, each called on its inputs, on fresh
ones and on those again (the replayed-graph path) with outputs poisoned, every element within
the program's rounding bound of NumPy float64 running the program's own Python text, every
input array bitwise unchanged after each call.
Prints the table (programs, passes, clear errors, internal errors, mismatches, changed inputs);
a failure prints each failing program whole with its repro command.

``FUZZ_STENCIL_GPU_SEEDS=a:b`` runs other seeds; ``FUZZ_GPU_JOBS`` sets the processes sharing the
GPU (default 8: planning and NVRTC, not the device, take most of the time).  The fusion search is kfuse's own
(``FUZZ_EXHAUSTIVE`` lowers its call limit).
"""
import os

from ..fuzz.run import _seeds, failures, run_seeds, table
from ..fuzz.stencil_check import report, run_stencil_gpu

SEEDS = _seeds(os.environ.get("FUZZ_STENCIL_GPU_SEEDS", "0:300"))


def test_fuzz_stencil_gpu():
    import kfuse
    jobs = int(os.environ.get("FUZZ_GPU_JOBS", min(8, os.cpu_count() or 1)))
    results = run_seeds(SEEDS, gpu=True, jobs=jobs, cache_dir=kfuse.config.get().cache_dir,
                        work=run_stencil_gpu)
    summary = table(results)
    print(summary)
    bad = failures(results)
    assert len(results) == len(SEEDS)
    assert sum(r.outcome == "ok" for r in results) > len(SEEDS) * 3 // 4
    assert sum(r.outcome == "clear error" for r in results) > 0
    assert not bad, summary + "\n\n" + "\n\n".join(report(r, gpu=True) for r in bad[:10])
