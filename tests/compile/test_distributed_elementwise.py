"""Steps that read no neighbour, run on ranks: a NumPy-style step of maps (and reductions) over
1-D and 2-D arrays of the decomposed grid, which one GPU would plan as flat (vec or tile)
kernels, is planned as grid kernels when its arrays are cut (``Program.grid``), so each rank
computes its own points only: no exchange, each rank's kernels compile for sm_90 without
spills and, run on the CPU (g++, tests/compile/grid_cpu.py) on the ranks' blocks, leave every
rank's points bitwise what the same step leaves on the whole array (NumPy, no contraction).
The program JSON keeps the grid; one GPU's plans are unchanged (the golden corpus)."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import LocalComm
from kfuse.distributed.exchange import local_box, to_local
from kfuse.distributed.jit import prepare
from kfuse.distributed.reference import scatter
from kfuse.distributed.reduce import AllReduce
from kfuse.errors import KfuseError, PlanError
from kfuse.ir import Program
from kfuse.pipeline.plan import make_plan
from kfuse.spaces.grid.space import grid_calls
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile import grid_cpu

LOCK = threading.Lock()   # ranks as threads of one process: one trace at a time


def fresh(u, v):
    return 0.75 * u + 0.25 * v * v - 1.5


def clipped(u):
    return np.maximum(u * 2.0, -0.5)


def relax(u, v):   # in place: assigning into an argument is a grid call on one GPU too
    u *= 0.75
    u += 0.25 * v * v - 1.5


def energy(u, v):
    return (u * v).sum()


def _prepare(fn, shape: tuple, split: tuple, values: list):
    def rank(comm):
        g = kd.Grid(shape, comm=comm, split=split, arrays="numpy")
        args = [g.scatter(v) for v in values]
        with LOCK:
            return prepare(kfuse.jit(fn, arch="sm_90"), *args)
    return LocalComm.run(int(np.prod(split)), rank, timeout=300)


CASES = [(fresh, (13, 11), (2, 1)), (fresh, (13, 11), (2, 2)), (fresh, (37,), (3,)),
         (clipped, (9, 20), (1, 3)), (relax, (13, 11), (2, 2))]


@pytest.mark.parametrize("fn, shape, split", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_step_of_maps_runs_on_the_ranks_points_bitwise(fn, shape, split, tmp_path):
    rng = np.random.default_rng(5)
    values = [rng.standard_normal(shape) for _ in range(fn.__code__.co_argcount)]
    entries = _prepare(fn, shape, split, values)
    prog = entries[0].program
    assert prog.grid == shape and {k.space for k in make_plan(prog).kernels} == {"grid"}
    assert all(not any(e.step.schedule) for e in entries)   # nothing exchanged
    assert all(h.empty for h in entries[0].step.halos.values())
    for e in entries:
        res = e.step.compiled.resources()
        assert res and all(r["spill_stores"] == 0 for r in res.values()), res
    want = [v.copy() for v in values]
    out = fn(*want)
    want = [out] if out is not None else want
    d, storage = entries[0].step.decomp, entries[0].step.storage
    state, consts = prog.inputs[:1], prog.inputs[1:]
    for r, e in enumerate(entries):
        (tmp_path / str(r)).mkdir()
        blocks = {n: scatter(v, d, storage)[r] for n, v in zip(prog.inputs, values)}
        exe = grid_cpu.build([(prog, e.step.module)], [blocks[n] for n in state], False, str(tmp_path / str(r)),
                             [{n: blocks[n] for n in consts}])
        got = grid_cpu.run(exe, [0], [blocks[n] for n in state], str(tmp_path / str(r)))[0]
        own = to_local(d.box(r), local_box(d, r, storage))
        assert np.array_equal(got[own], want[0][tuple(slice(lo, hi) for lo, hi in d.box(r))]), r


def test_a_reduction_of_maps_is_a_grid_kernel_all_reduced():
    values = [np.ones((13, 11)), np.ones((13, 11))]
    for e in _prepare(energy, (13, 11), (2, 1), values):
        assert [k.space for k in make_plan(e.program).kernels] == ["grid"]
        assert e.step.reduces == ((AllReduce("sum", "float64", tuple(e.program.returned())),),)


def test_one_gpu_keeps_flat_kernels_for_maps():
    from kfuse.frontend.trace import trace
    prog = trace(fresh, ["u", "v"], [("a", (13, 11), "float64", "C")] * 2, "fresh")[0]
    assert not prog.grid and not grid_calls(prog)   # no window, no grid: flat kernels
    ranked = Program(prog.name, prog.values, prog.inputs, prog.outputs, prog.calls, grid=(13, 11))
    assert grid_calls(ranked) == frozenset(c.id for c in prog.calls)


def test_the_program_json_keeps_the_grid():
    from kfuse.frontend.trace import trace
    prog = trace(relax, ["u", "v"], [("a", (13, 11), "float64", "C")] * 2, "relax")[0]
    ranked = Program.from_json(Program(prog.name, prog.values, prog.inputs, prog.outputs, prog.calls,
                                       prog.sizes, prog.writes, prog.results, (13, 11)).to_json())
    assert ranked.grid == (13, 11)
    assert "grid" not in prog.to_json()   # one GPU's programs and fingerprints unchanged
    assert ranked.fingerprint() == prog.fingerprint()   # a plan made on one GPU is the ranks' plan
    bad = ranked.to_json() | {"grid": [13, -1]}
    with pytest.raises(KfuseError, match="'grid' must be a list of positive extents"):
        Program.from_json(bad)


@pytest.mark.parametrize("fn", [lambda a: a[-1] * a, lambda a: a * a[0], lambda a: a[2] + a],
                         ids=["last", "first", "third"])
def test_an_element_of_a_cut_array_is_refused(fn):
    """``a[-1]`` lies in one rank's block: a step picking it is refused, not run with each
    rank's own element (a scalar prologue of the grid kernel on one GPU)."""
    with pytest.raises(PlanError, match="an element picked from a lies in one rank's block"):
        _prepare(fn, (8,), (2,), [np.arange(8.0)])


def test_a_whole_array_read_transposed_with_the_grid_is_refused():
    """``u + B.T`` with ``B`` held whole by every rank, of the grid's transposed shape: not a grid
    call (a grid kernel addresses every array in one memory order), refused on ranks."""
    b = np.arange(24.0).reshape(4, 6)

    def rank(comm):
        g = kd.Grid((6, 4), comm=comm, split=(2, 1), arrays="numpy")
        with LOCK, pytest.raises(PlanError, match="reads the cut array 'u' outside the grid space"):
            prepare(kfuse.jit(lambda u, B: u + B.T, arch="sm_90"), g.scatter(np.ones((6, 4))), b)
        return True
    assert LocalComm.run(2, rank, timeout=300) == [True, True]
