"""The halo-depth model on a compiled rank step (NVRTC, no GPU): the figures it reads of a
RankStep (owned box, reach, sides with a neighbour, bytes per point, one exchange's bytes) for
jacobi-2d on two ranks, and its table: deep halos predicted faster at 4096^2 float32, where
the exchange is as long as the step, than at 16384^2."""
from __future__ import annotations

import pytest

from kfuse import config
from kfuse.distributed import LocalComm, decompose
from kfuse.distributed import depth as D
from kfuse.distributed.rank_step import RankStep
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile.test_distributed_placed import jacobi


def _steps(n, dtype):
    prog = trace(jacobi, ["a"], [("a", (n, n), dtype, "C")], "jacobi")[0]
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    d = decompose((n, n), 2, split=(2, 1))
    return LocalComm.run(2, lambda comm: RankStep(prog, plan, d, comm, arch="sm_90"), timeout=300)


@pytest.mark.parametrize("dtype, size", [("float32", 4), ("float64", 8)])
def test_the_figures_of_a_row_split_jacobi(dtype, size):
    s0, s1 = _steps(4096, dtype)
    f0, f1 = D.figures(s0), D.figures(s1)
    assert f0["owned"] == f1["owned"] == (2048, 4096)
    assert f0["reach"] == ((1, 1), (0, 0))
    assert f0["sides"] == ((False, True), (False, False)) and f1["sides"] == ((True, False), (False, False))
    assert f0["bytes_per_point"] == 2 * size
    assert f0["halo_bytes"] == 4096 * size


def test_the_table_goes_deeper_where_the_exchange_weighs_more():
    cal = load_calibration()
    small = D.table(_steps(4096, "float32")[0], cal)
    large = D.table(_steps(16384, "float32")[0], cal)
    gain_small, gain_large = small[1] / min(small.values()), large[1] / min(large.values())
    assert min(small, key=small.get) > 1 and gain_small > 1.25
    assert gain_large < 1.1 < gain_small


def test_explain_of_a_loop_step_says_how_the_loop_runs():
    import types

    from kfuse.distributed.jit import _loop_lines
    step = _steps(4096, "float32")[0]
    entry = types.SimpleNamespace(step=step, structure=object())
    lines = _loop_lines(entry)
    assert lines[0] == ("time loop (kfuse.iterate): one host call per launch and exchange "
                        "(a LocalComm cannot be captured in a CUDA graph)")
    assert lines[1] == "halo depth: 1 (the setting halo_depth; 0: the model's pick)"
    table = D.explain(entry)
    assert [line.split(":")[0] for line in table] == [f"halo depth {k}" for k in D.DEPTHS]


def test_every_rank_predicts_the_same_table_so_the_ranks_pick_one_depth():
    """heat3d 512^3 on four ranks along axis 0: edge ranks (one neighbour) and middle ranks (two)
    alone would pick different depths (8 and 4), and their exchanges would not pair up; the
    table is the slowest rank's, alike on every rank."""
    from tests.compile.test_distributed_placed import heat3d
    prog = trace(heat3d, ["a"], [("a", (512,) * 3, "float32", "C")], "heat3d")[0]
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    d = decompose((512,) * 3, 4, split=(4, 1, 1))
    steps = LocalComm.run(4, lambda comm: RankStep(prog, plan, d, comm, arch="sm_90"), timeout=300)
    cal = load_calibration()
    own = [D.table(s, cal, rank=s.comm.rank) for s in steps]
    assert len({min(t, key=t.get) for t in own}) > 1   # the ranks' own tables disagree
    shared = [D.table(s, cal) for s in steps]
    assert all(t == shared[0] for t in shared)
    assert all(shared[0][k] == max(t[k] for t in own) for k in D.DEPTHS)
