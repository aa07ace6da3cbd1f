"""One rank of a 2-D jacobi step on NCCL, for tests/gpu/test_distributed_nccl_gpu.py: started by
torchrun (one process per GPU), joined by ``kfuse.distributed.init()`` from the launcher's
environment; each rank runs STEPS steps on its block and checks it bitwise against kfuse.jit's
whole-grid steps on its own GPU, then all-reduces its verdict.  Exit code 0: every rank agrees."""
from __future__ import annotations

import sys

import numpy as np

import kfuse
import kfuse.distributed as kd
from kfuse.distributed.rank_step import RankStep
from kfuse.distributed.reference import scatter
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

SHAPE, STEPS = (1031, 517), 5


def jacobi(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b


def main(dtype: str) -> int:
    import cupy
    comm = kd.init()
    host = np.random.default_rng(11).standard_normal(SHAPE).astype(dtype)
    want = cupy.asarray(host)
    whole = kfuse.jit(jacobi)
    for _ in range(STEPS):
        want = whole(want)
    prog = trace(jacobi, ["a"], [("a", SHAPE, dtype, "C")], "jacobi")[0]
    plan = best_plan(prog, load_calibration())
    d = kd.decompose(SHAPE, comm.size)
    out = prog.outputs[0]
    step = RankStep(prog, plan, d, comm)
    block = cupy.asarray(scatter(host, d, step.storage)[comm.rank])
    for _ in range(STEPS):
        block = step(a=block)[out]
    same = bool(cupy.array_equal(block[step.owned], want[tuple(slice(lo, hi) for lo, hi in d.box(comm.rank))]))
    verdict = cupy.asarray([0 if same else 1], dtype=cupy.int32)
    comm.all_reduce(verdict, "sum")
    bad = int(verdict.get()[0])
    print(f"rank {comm.rank} of {comm.size}: {'bitwise' if same else 'DIFFERS'}; ranks differing: {bad}", flush=True)
    comm.close()
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "float64"))
