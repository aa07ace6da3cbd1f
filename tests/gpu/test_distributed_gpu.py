"""Ranks of a decomposed grid on the GPU (kfuse.distributed.rank_step.RankStep): each rank a
thread of one process on one GPU (LocalComm), its placed kernels compiled by NVRTC and launched
on its padded CuPy blocks, halos exchanged before every step; after several steps every rank's
block is bitwise what kfuse.jit computes on the whole grid (window updates, a 9-point stencil
reading corners, heat-3d; uneven blocks; 1-D, 2-D and 3-D splits; float32 and float64)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.distributed import LocalComm, decompose
from kfuse.distributed.rank_step import RankStep
from kfuse.distributed.reference import scatter
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile.test_distributed_placed import box9, heat3d, jacobi

CASES = [(jacobi, (257, 131), (2, 1)), (jacobi, (130, 97), (3, 2)), (box9, (64, 200), (2, 2)),
         (heat3d, (33, 40, 29), (2, 1, 1)), (heat3d, (33, 40, 29), (2, 2, 2))]
STEPS = 4


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn, shape, dims", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_ranks_on_one_gpu_are_bitwise_the_whole_grid(fn, shape, dims, dtype):
    import cupy
    host = np.random.default_rng(5).standard_normal(shape).astype(dtype)
    whole = kfuse.jit(fn)
    want = cupy.asarray(host)
    for _ in range(STEPS):
        want = whole(want)
    want = cupy.asnumpy(want)
    prog = trace(fn, ["a"], [("a", shape, dtype, "C")], fn.__name__)[0]
    plan = best_plan(prog, load_calibration())
    d = decompose(shape, int(np.prod(dims)), split=dims)
    out = prog.outputs[0]

    def rank(comm):
        step = RankStep(prog, plan, d, comm)
        block = cupy.asarray(scatter(host, d, step.storage)[comm.rank].astype(dtype))
        for _ in range(STEPS):
            block = step(a=block)[out]
        cupy.cuda.Stream.null.synchronize()
        return cupy.asnumpy(block[step.owned])

    got = LocalComm.run(d.size, rank, timeout=300)
    for r, block in enumerate(got):
        assert np.array_equal(block, want[tuple(slice(lo, hi) for lo, hi in d.box(r))]), r

