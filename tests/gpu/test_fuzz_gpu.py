"""GPU fuzz tier: 300 generated programs (seeds 0-299, matrices up to 2^22 elements) run on the
device through ``kfuse.jit`` and ``kfuse.compile_script``, each called three times (its inputs,
fresh inputs, those again), outputs poisoned, every element within the error bound derived
from the dtype and the magnitudes (tests/fuzz/bounds.py) of the float64 reference.  A failure
prints each failing program whole with its seed and a one-line repro command.

``FUZZ_GPU_SEEDS=a:b`` runs other seeds; ``FUZZ_GPU_JOBS`` sets the processes
sharing the GPU (default 4).
"""
import os

from ..fuzz.checks import report
from ..fuzz.run import _seeds, failures, run_seeds, table

SEEDS = _seeds(os.environ.get("FUZZ_GPU_SEEDS", "0:300"))


def test_fuzz_gpu():
    import kfuse
    jobs = int(os.environ.get("FUZZ_GPU_JOBS", min(4, os.cpu_count() or 1)))
    results = run_seeds(SEEDS, gpu=True, jobs=jobs, cache_dir=kfuse.config.get().cache_dir)
    summary = table(results)
    print(summary)
    bad = failures(results)
    assert len(results) == len(SEEDS)
    assert sum(r.outcome == "ok" for r in results) > len(SEEDS) // 2
    assert not bad, summary + "\n\n" + "\n\n".join(report(r, gpu=True) for r in bad[:10])
