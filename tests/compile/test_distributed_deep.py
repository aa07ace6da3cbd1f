"""Deep halos (kfuse.distributed.deep), without a GPU: ``depth`` steps per exchange, halos
``depth`` times wider, step ``s`` of a group placed on the owned box grown by ``depth - 1 - s``
reaches; each step's kernel compiles for sm_90 without spills and, run on the CPU (g++,
tests/compile/grid_cpu.py) on the ranks' padded blocks with one exchange per group over
LocalComm, leaves every rank's owned points bitwise what the whole grid's steps leave, for
runs of whole and partial groups, 1-D and 2-D splits, stencils with and without corners; and
what cannot run deep is refused with the reason."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.distributed import LocalComm, decompose, exchange_halos
from kfuse.distributed.deep import DeepStep, deep_halo
from kfuse.distributed.exchange import local_box, to_local
from kfuse.distributed.reference import scatter
from kfuse.errors import ArgumentError, PlanError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
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


def wide(a):   # reads two points away along axis 0
    b = a.copy()
    b[2:-2, :] = 0.5 * a[2:-2, :] + 0.25 * (a[:-4, :] + a[4:, :])
    return b


def total(a):
    return jacobi(a), a.sum()


def _planned(fn, shape):
    prog = trace(fn, ["a"], [("a", shape, "float64", "C")], fn.__name__)[0]
    with config.override(search_grid_time_s=0.0):
        return prog, best_plan(prog, load_calibration())


def _deep(prog, plan, d, depth):
    return LocalComm.run(d.size, lambda comm: DeepStep(prog, plan, d, comm, depth, ["a"], [prog.outputs[0]],
                                                       arch="sm_90"), timeout=300)


CASES = [(jacobi, (17, 13), (2, 1), 2, 5), (jacobi, (17, 13), (2, 2), 3, 7), (box9, (15, 16), (2, 2), 2, 4),
         (wide, (23, 6), (3, 1), 2, 3), (jacobi, (40,), (4,), 4, 9)]


def one_d(a):
    b = a.copy()
    b[1:-1] = 0.5 * a[1:-1] + 0.25 * (a[:-2] + a[2:])
    return b


@pytest.mark.parametrize("fn, shape, dims, depth, steps", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_ranks_stepping_deep_are_bitwise_the_whole_grid(fn, shape, dims, depth, steps, tmp_path):
    fn = one_d if len(shape) == 1 else fn
    prog, plan = _planned(fn, shape)
    assert len(plan.kernels) == 1
    g = np.random.default_rng(11).standard_normal(shape)
    want = grid_cpu.run_schedule([(prog, generate(prog, plan))], [0] * steps, [g], contract=False)[0]
    d = decompose(shape, int(np.prod(dims)), split=dims)
    deeps = _deep(prog, plan, d, depth)
    reach = deeps[0].reach
    assert deeps[0].halo == deep_halo(reach, depth) and deeps[0].step.storage == deeps[0].halo
    for ds in deeps:
        for c in ds.compiled:
            assert all(r["spill_stores"] == 0 for r in c.resources().values())
    blocks = scatter(g, d, deeps[0].step.storage)
    exes = []
    for r, ds in enumerate(deeps):
        (tmp_path / str(r)).mkdir()
        exes.append(grid_cpu.build([(prog, m) for m in ds.modules], [blocks[r]], False, str(tmp_path / str(r))))
    done = 0
    while done < steps:
        group = min(depth, steps - done)
        blocks = LocalComm.run(d.size, lambda comm: _exchanged(blocks[comm.rank], d, deeps[0], comm))
        blocks = [grid_cpu.run(exes[r], list(range(depth - group, depth)), [blocks[r]], str(tmp_path / str(r)))[0]
                  for r in range(d.size)]
        done += group
    for r in range(d.size):
        own = to_local(d.box(r), local_box(d, r, deeps[0].step.storage))
        assert np.array_equal(blocks[r][own], want[tuple(slice(lo, hi) for lo, hi in d.box(r))]), r


def _exchanged(block, d, ds, comm):
    blocks = {"a": block.copy()}
    exchange_halos(blocks, d, {"a": ds.halo}, comm, storage={"a": ds.step.storage})
    return blocks["a"]


def test_each_step_of_a_group_computes_a_smaller_box():
    prog, plan = _planned(jacobi, (17, 13))
    d = decompose((17, 13), 2, split=(2, 1))
    ds = _deep(prog, plan, d, 3)[0]
    assert ds.halo.widths == ((3, 3), (0, 0)) and not ds.halo.diagonal   # one cut axis: no corners
    assert ds.boxes == [((0, 11), (0, 13)), ((0, 10), (0, 13)), ((0, 9), (0, 13))]
    assert "exchanged every 3 steps" in ds.explain()[0]


def test_the_next_state_comes_from_outputs_and_passed_fields():
    from kfuse.distributed.deep import DeepStep as D
    ds = object.__new__(D)
    ds.state, ds.nexts = ["u_prev", "u"], ["u", "t5"]
    assert ds.advance({"u_prev": 1, "u": 2, "t5": 3}) == {"u_prev": 2, "u": 3}


@pytest.mark.parametrize("fn, shape, dims, depth, periodic, text", [
    (total, (17, 13), (2, 1), 2, False, "the step reduces"),
    (jacobi, (17, 13), (2, 1), 2, True, "a cut axis is periodic"),
    (jacobi, (12, 13), (4, 1), 4, False, "read 4 elements past its block"),
])
def test_what_cannot_run_deep_is_refused_with_the_reason(fn, shape, dims, depth, periodic, text):
    prog, plan = _planned(fn, shape)
    d = decompose(shape, int(np.prod(dims)), split=dims, periodic=(periodic,) + (False,) * (len(shape) - 1))

    def rank(comm):
        with pytest.raises(PlanError, match=text):
            DeepStep(prog, plan, d, comm, depth, ["a"], [prog.outputs[0]], arch="sm_90")
        return True
    assert all(LocalComm.run(d.size, rank, timeout=300))


@pytest.mark.parametrize("depth", [0, -1, 1.5, True])
def test_a_depth_that_is_not_a_positive_integer_is_refused(depth):
    prog, plan = _planned(jacobi, (17, 13))
    d = decompose((17, 13), 2)

    def rank(comm):
        with pytest.raises(ArgumentError, match="halo_depth must be a positive integer"):
            DeepStep(prog, plan, d, comm, depth, ["a"], [prog.outputs[0]], arch="sm_90")
        return True
    assert all(LocalComm.run(2, rank, timeout=300))


def leap(a, b):
    c = b.copy()
    c[1:-1, 1:-1] = 2 * b[1:-1, 1:-1] - a[1:-1, 1:-1] + 0.1 * (b[:-2, 1:-1] + b[2:, 1:-1] + b[1:-1, :-2]
                                                             + b[1:-1, 2:] - 4 * b[1:-1, 1:-1])
    return b, c


def test_iterate_with_a_halo_depth_runs_the_deep_step_with_the_loops_state(monkeypatch):
    """kfuse.iterate on DistArrays with the setting halo_depth: one DeepStep, its state the
    loop's fields, the field passed through taking the other's old value (no GPU: the run is
    recorded, not launched)."""
    import threading

    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed import deep
    seen, lock = [], threading.Lock()

    def run(self, inputs, steps):
        seen.append((self.depth, self.state, self.nexts, steps, self.halo.widths))
        return {n: inputs[n] for n in self.state}
    monkeypatch.setattr(deep.DeepStep, "run", run)
    a0 = np.random.default_rng(2).standard_normal((20, 9))

    def rank(comm):
        g = kd.Grid(a0.shape, comm=comm, split=(2, 1), arrays="numpy")
        with lock:   # one trace at a time
            out = kfuse.iterate(kfuse.jit(leap, arch="sm_90"), (g.scatter(a0), g.scatter(a0 + 1)), 7)
        return [np.array_equal(g.gather(x, root=None), w) for x, w in zip(out, (a0, a0 + 1))]
    with config.override(halo_depth=3):
        assert LocalComm.run(2, rank, timeout=300) == [[True, True]] * 2
    assert len(seen) == 2
    depth, state, nexts, steps, widths = seen[0]
    assert (depth, steps, widths) == (3, 7, ((3, 3), (0, 0)))
    assert nexts[0] == state[1] and nexts[1] not in state   # a <- b (old), b <- the computed c


def test_a_step_that_cannot_run_deep_falls_back_to_an_exchange_per_step_saying_why(monkeypatch):
    """With halo_depth set for every loop, a loop whose step cannot run deep (a maximum finished
    before the step divides by it: two launches) runs with an exchange every step and a
    KfuseWarning gives the reason (no GPU: the per-step path is recorded)."""
    import threading
    import warnings

    import kfuse
    import kfuse.distributed as kd
    from kfuse.distributed.jit import DistEntry
    from kfuse.errors import KfuseWarning
    calls, lock = [], threading.Lock()

    def call(self, dynamic, communicate=True):
        calls.append(len(dynamic))
        return tuple(dynamic[:1]) + (0.0,)
    monkeypatch.setattr(DistEntry, "__call__", call)

    def scaled(a):   # a step using the sum of its field: a reduction
        b = jacobi(a)
        return b / (1.0 + abs(b).max())
    a0 = np.random.default_rng(3).standard_normal((20, 9))

    def rank(comm):
        g = kd.Grid(a0.shape, comm=comm, split=(2, 1), arrays="numpy")
        with lock, warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            for _ in range(2):   # the refusal is kept: asked again, it is not built again
                kfuse.iterate(kfuse.jit(scaled, arch="sm_90"), g.scatter(a0), 3)
        return [str(w.message) for w in seen if issubclass(w.category, KfuseWarning)]
    with config.override(halo_depth=2):
        got = LocalComm.run(2, rank, timeout=300)
    assert all(len(msgs) == 2 and all("halo_depth=2 not used" in m and "launches" in m for m in msgs)
               for msgs in got), got
    assert len(calls) == 2 * 2 * 3   # two loops of 3 steps on 2 ranks, one call per step
