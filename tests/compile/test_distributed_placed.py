"""A step on a decomposed grid, run on the CPU (g++, tests/compile/grid_cpu.py): each rank runs
the same kernel placed on its padded block (kfuse.distributed.placed), halos exchanged between
steps over LocalComm (kfuse.distributed.exchange_halos); after several steps every rank's block
is bitwise the one-grid run's, for window updates, a 9-point stencil reading corners, a 3-D
7-point stencil, uneven blocks and 1-D and 2-D splits; a reduction covers the rank's own points;
a plan's vectors and staging are kept."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.distributed import LocalComm, decompose, exchange_halos, step_halos
from kfuse.distributed.placed import rank_module, rank_placements
from kfuse.distributed.reference import scatter
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import grid_cpu


def jacobi(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b


def box9(a):
    b = a.copy()
    b[1:-1, 1:-1] = (a[:-2, :-2] + a[:-2, 1:-1] + a[:-2, 2:] + a[1:-1, :-2] + 2.0 * a[1:-1, 1:-1]
                     + a[1:-1, 2:] + a[2:, :-2] + a[2:, 1:-1] + a[2:, 2:]) / 10.0
    return b


def heat3d(a):
    b = a.copy()
    b[1:-1, 1:-1, 1:-1] = a[1:-1, 1:-1, 1:-1] + 0.1 * (a[:-2, 1:-1, 1:-1] + a[2:, 1:-1, 1:-1] + a[1:-1, :-2, 1:-1]
                                                      + a[1:-1, 2:, 1:-1] + a[1:-1, 1:-1, :-2] + a[1:-1, 1:-1, 2:]
                                                      - 6.0 * a[1:-1, 1:-1, 1:-1])
    return b


CASES = [(jacobi, (13, 11), (2, 1)), (jacobi, (13, 11), (3, 2)), (box9, (12, 9), (2, 2)),
         (box9, (10, 17), (1, 3)), (heat3d, (9, 7, 6), (2, 1, 1)), (heat3d, (9, 7, 6), (2, 2, 1))]
STEPS = 3


def _planned(fn, shape):
    prog = trace(fn, ["a"], [("a", shape, "float64", "C")], fn.__name__)[0]
    with config.override(search_grid_time_s=0.0):
        return prog, best_plan(prog, load_calibration())


@pytest.mark.parametrize("fn, shape, dims", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_ranks_run_bitwise_the_one_grid_steps(fn, shape, dims, tmp_path):
    prog, plan = _planned(fn, shape)
    assert [k.space for k in plan.kernels] == ["grid"]
    g = np.random.default_rng(3).standard_normal(shape)
    want = grid_cpu.run_schedule([(prog, generate(prog, plan))], [0] * STEPS, [g], contract=False)[0]
    d = decompose(shape, int(np.prod(dims)), split=dims)
    halos = step_halos(prog, plan, d)
    assert set(halos) == {"a"} and any(w != (0, 0) for w in halos["a"].widths)
    halos = {**halos, prog.outputs[0]: halos["a"]}   # the step's output is the next step's input
    blocks = scatter(g, d, halos["a"])
    exes = []
    for r in range(d.size):
        (tmp_path / str(r)).mkdir()
        exes.append(grid_cpu.build([(prog, rank_module(prog, plan, d, r, halos))], [blocks[r]], False,
                                   str(tmp_path / str(r))))
    for _ in range(STEPS):
        blocks = LocalComm.run(d.size, lambda comm: _exchanged(blocks[comm.rank], d, halos["a"], comm))
        blocks = [grid_cpu.run(exes[r], [0], [blocks[r]], str(tmp_path / str(r)))[0] for r in range(d.size)]
    for r in range(d.size):
        box = d.box(r)
        pad = rank_placements(prog, plan, d, r, halos)[plan.kernels[0].name].block("a")
        own = tuple(slice(lo - plo, hi - plo) for (lo, hi), (plo, _) in zip(box, pad))
        assert np.array_equal(blocks[r][own], want[tuple(slice(lo, hi) for lo, hi in box)]), r


def _exchanged(block, d, halo, comm):
    blocks = {"a": block.copy()}
    exchange_halos(blocks, d, {"a": halo}, comm)
    return blocks["a"]


def test_a_reduction_is_placed_on_the_owned_points():
    def norm(a):
        return (a[1:-1] * a[:-2]).sum()
    prog = trace(norm, ["a"], [("a", (12,), "float64", "C")], "norm")[0]
    plan = best_plan(prog, load_calibration())
    d = decompose((12,), 2)
    text = rank_module(prog, plan, d, 1, step_halos(prog, plan, d)).kernels[0].text
    assert "constexpr int X0 = 6" in text and "x_p >= 6 && x_p < 11" in text   # rank 1: points 6 .. 11
    assert "kf_block_reduce" in text and "GRID" not in text   # one block: finished in it


def test_a_plan_with_vectors_and_staging_keeps_them_placed(tmp_path):
    from kfuse.distributed.placed import placed_plan
    prog, plan = _planned(jacobi, (13, 12))
    k = plan.kernels[0]
    staged = prog.calls[1].out   # a value the kernel reads at several offsets
    plan.kernels[0] = type(k)(k.name, k.calls, k.space, {**k.params, "vec": 2, "rows": "apart", "smem": staged})
    placed = placed_plan(plan).kernels[0].params
    assert placed == plan.kernels[0].params
    d = decompose((13, 12), 2)
    halos = step_halos(prog, plan, d)
    kernel = rank_module(prog, plan, d, 1, {**halos, prog.outputs[0]: halos["a"]}).kernels[0].text
    assert "__shared__" in kernel and "__syncthreads" in kernel and "VEC = 2" in kernel and "double2" in kernel
