"""Steps reading through np.roll and np.pad on a decomposed grid, run on the CPU (g++,
tests/compile/grid_cpu.py): each rank runs the kernel placed on its padded block, halos exchanged
between steps over LocalComm (periodic axes wrap), and after several steps every rank's owned
points are bitwise the one-grid run's: rolls by +-1 and +-2 along cut and uncut axes, diagonal
rolls, edge pads at both ends (on periodic grids too), 1-D and 2-D splits, uneven blocks.  A roll
along a cut axis that is not periodic, or of a window along a cut axis, is refused."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.distributed import LocalComm, decompose, exchange_halos, step_halos
from kfuse.distributed.halo import storage_halo, wrap_refusal, wrapped_axes
from kfuse.distributed.exchange import local_box, to_local
from kfuse.distributed.placed import rank_module
from kfuse.distributed.reference import scatter
from kfuse.errors import PlanError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import grid_cpu


def roll1(a):
    return 0.5 * a + 0.375 * np.roll(a, 1) - 0.125 * np.roll(a, -2)


def roll_cut_uncut(a):
    return 0.25 * (np.roll(a, 1, axis=0) + np.roll(a, -2, axis=0) + np.roll(a, 2, axis=1) + np.roll(a, -1, axis=1))


def roll_diagonal(a):
    return 0.5 * a + 0.25 * np.roll(a, (1, -1), axis=(0, 1)) + 0.25 * np.roll(a, (-2, 2), axis=(0, 1))


def pad_edge(a):
    p = np.pad(a, 1, mode="edge")
    return a + 0.1 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4.0 * a)


def pad_edge2(a):
    p = np.pad(a, 2, mode="edge")
    return 0.5 * a + 0.25 * (p[:-4] + p[4:])


def pad_edge3(a):
    p = np.pad(a, 1, mode="edge")
    return a + 0.1 * (p[:-2, 1:-1, 1:-1] + p[2:, 1:-1, 1:-1] + p[1:-1, :-2, 1:-1] + p[1:-1, 1:-1, 2:] - 4.0 * a)


def pad_wrap(a):
    p = np.pad(a, 1, mode="wrap")
    return 0.2 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] + a)


# (step, grid shape, ranks per axis, periodic)
CASES = [(roll1, (17,), (3,), True), (roll1, (16,), (2,), True),
         (roll_cut_uncut, (13, 11), (2, 1), (True, False)), (roll_cut_uncut, (13, 11), (3, 1), True),
         (roll_diagonal, (13, 11), (2, 2), True), (roll_diagonal, (10, 13), (1, 3), True),
         (pad_edge, (13, 11), (3, 1), False), (pad_edge, (13, 11), (2, 2), False),
         (pad_edge, (12, 9), (2, 3), True), (pad_edge2, (19,), (3,), False), (pad_edge2, (19,), (4,), True),
         (pad_edge3, (9, 7, 6), (2, 1, 1), False), (pad_edge3, (9, 7, 6), (3, 1, 1), True),
         (pad_wrap, (13, 11), (2, 2), True)]
STEPS = 3


def _planned(fn, shape):
    prog = trace(fn, ["a"], [("a", shape, "float64", "C")], fn.__name__)[0]
    with config.override(search_grid_time_s=0.0):
        return prog, best_plan(prog, load_calibration())


def _exchanged(block, d, halo, storage, comm):
    blocks = {"a": block.copy()}
    exchange_halos(blocks, d, {"a": halo}, comm, storage={"a": storage})
    return blocks["a"]


def _ranks(prog, plan, d, g, tmp_path):
    """The ranks' owned blocks after STEPS steps from global ``g``."""
    halo = step_halos(prog, plan, d)["a"]
    storage = storage_halo([halo], d)
    halos = {"a": storage, prog.outputs[0]: storage}   # the step's output is the next step's input
    blocks = scatter(g, d, storage)
    dirs = [tmp_path / f"rank{r}" for r in range(d.size)]
    exes = [_build(prog, rank_module(prog, plan, d, r, halos), blocks[r], where) for r, where in enumerate(dirs)]
    for _ in range(STEPS):
        blocks = LocalComm.run(d.size, lambda comm: _exchanged(blocks[comm.rank], d, halo, storage, comm))
        blocks = [grid_cpu.run(exe, [0], [b], str(where))[0] for exe, b, where in zip(exes, blocks, dirs)]
    boxes = [local_box(d, r, storage) for r in range(d.size)]
    return [b[to_local(d.box(r), box)] for r, (b, box) in enumerate(zip(blocks, boxes))]


def _build(prog, module, block, where) -> str:
    where.mkdir()
    return grid_cpu.build([(prog, module)], [block], False, str(where))


@pytest.mark.parametrize("fn, shape, dims, periodic", CASES,
                         ids=lambda x: getattr(x, "__name__", str(x)).replace(" ", ""))
def test_ranks_roll_and_pad_bitwise_the_one_grid_steps(fn, shape, dims, periodic, tmp_path):
    prog, plan = _planned(fn, shape)
    assert [k.space for k in plan.kernels] == ["grid"]
    g = np.random.default_rng(5).standard_normal(shape)
    want = grid_cpu.run_schedule([(prog, generate(prog, plan))], [0] * STEPS, [g], contract=False)[0]
    ref = g
    for _ in range(STEPS):
        ref = fn(ref)
    assert np.allclose(want, ref)   # the one-grid kernel is the NumPy step
    d = decompose(shape, int(np.prod(dims)), split=dims, periodic=periodic)
    assert wrap_refusal(prog, plan, d) is None
    got = _ranks(prog, plan, d, g, tmp_path)
    for r in range(d.size):
        assert np.array_equal(got[r], want[tuple(slice(lo, hi) for lo, hi in d.box(r))]), r


def test_the_halo_of_a_roll_is_its_reach_along_the_cut_axis():
    prog, plan = _planned(roll_cut_uncut, (13, 11))
    assert wrapped_axes(prog, plan) == (0, 1)
    d = decompose((13, 11), 2, split=(2, 1), periodic=(True, False))
    assert step_halos(prog, plan, d)["a"].widths == ((1, 2), (0, 0))   # rolls by +1 (reads i - 1), -2 (i + 2)
    text = rank_module(prog, plan, d, 0, {"a": storage_halo(step_halos(prog, plan, d).values(), d)}).source
    assert "_index(" in text   # the uncut axis still wraps in the kernel


def test_a_roll_along_a_cut_axis_needs_it_periodic():
    prog, plan = _planned(roll_cut_uncut, (13, 11))
    d = decompose((13, 11), 2, split=(2, 1))
    why = wrap_refusal(prog, plan, d)
    assert "axis 0" in why and "periodic" in why
    with pytest.raises(PlanError, match="past the rank's block"):
        rank_module(prog, plan, d, 0, {"a": storage_halo(step_halos(prog, plan, d).values(), d)})
    assert wrap_refusal(prog, plan, decompose((13, 11), 2, split=(1, 2), periodic=(False, True))) is None


def test_a_roll_of_a_window_along_a_cut_axis_is_refused():
    def window_roll(a):
        b = a.copy()
        b[1:-1] = np.roll(a[1:-1], 1, axis=0) * 0.5
        return b
    prog, plan = _planned(window_roll, (12, 5))
    d = decompose((12, 5), 2, split=(2, 1), periodic=True)
    halos = step_halos(prog, plan, d)
    with pytest.raises(PlanError, match="wraps a window"):
        rank_module(prog, plan, d, 0, {n: storage_halo(halos.values(), d) for n in ("a", prog.outputs[0])})
