"""One rank's compiled step (kfuse.distributed.rank_step.RankStep) on a machine without a GPU:
every rank of a decomposition compiles its placed kernels with NVRTC for sm_90 without spills,
its blocks are the padded shapes of the halos, and bad calls are refused before any GPU is
needed (the GPU tier runs the ranks: tests/gpu/test_distributed_gpu.py)."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse.distributed import LocalComm, decompose
from kfuse.distributed.rank_step import RankStep
from kfuse.errors import ArgumentError, NoGPUError, PlanError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.platform import device
from tests.compile.test_distributed_placed import box9, jacobi


def _planned(fn, shape):
    prog = trace(fn, ["a"], [("a", shape, "float64", "C")], fn.__name__)[0]
    return prog, best_plan(prog, load_calibration())


@pytest.mark.parametrize("fn", [jacobi, box9])
def test_every_rank_compiles_without_spills(fn):
    prog, plan = _planned(fn, (13, 11))
    d = decompose((13, 11), 4, split=(2, 2))

    def build(comm):
        step = RankStep(prog, plan, d, comm, arch="sm_90")
        res = step.compiled.resources()
        assert res and all(r["spill_stores"] == 0 and r["stack"] == 0 for r in res.values()), res
        return step.padded_shape("a"), step.padded_shape(prog.outputs[0]), step.halos["a"].diagonal

    shapes = LocalComm.run(4, build, timeout=120)
    assert [s[0] for s in shapes] == [(8, 7), (8, 6), (7, 7), (7, 6)]   # rows 0-6 / 7-12, columns 0-5 / 6-10, halo 1
    assert all(s[0] == s[1] for s in shapes)
    assert [s[2] for s in shapes] == [fn is box9] * 4


def test_bad_calls_are_refused_before_the_gpu():
    prog, plan = _planned(jacobi, (13, 11))
    d = decompose((13, 11), 2)

    def call(comm):
        step = RankStep(prog, plan, d, comm, arch="sm_90")
        rows = (8, 7)[comm.rank]   # 7 rows and 6 of the 13, each with one row of halo
        with pytest.raises(ArgumentError, match=rf"a: rank {comm.rank} takes a float64 block of shape \({rows}, 11\), "
                                                r"got float64 \(13, 11\)"):
            step(a=np.zeros((13, 11)))
        with pytest.raises(ArgumentError, match="input 'a' not given"):
            step()
        with pytest.raises(ArgumentError, match="has no input 'b'"):
            step(a=np.zeros((rows, 11)), b=1)
        if not device.has_gpu():
            with pytest.raises(NoGPUError):
                step(a=np.zeros((rows, 11)))
        return True

    assert LocalComm.run(2, call, timeout=120) == [True, True]


def test_a_wrong_communicator_and_a_reduction_are_refused():
    prog, plan = _planned(jacobi, (13, 11))
    with pytest.raises(ArgumentError, match="comm: 2 ranks, the decomposition has 3"):
        LocalComm.run(2, lambda comm: RankStep(prog, plan, decompose((13, 11), 3), comm, arch="sm_90"))

    def norm(a):
        return (a[1:-1] * a[:-2]).sum()
    prog = trace(norm, ["a"], [("a", (12,), "float64", "C")], "norm")[0]
    plan = best_plan(prog, load_calibration())
    with pytest.raises(PlanError, match="does not reduce"):
        LocalComm.run(2, lambda comm: RankStep(prog, plan, decompose((12,), 2), comm, arch="sm_90"))
