"""The applications whose steps read through np.roll (allen_cahn, lbm_d2q9: periodic grids) and
np.pad(mode="edge") (hotspot, hotspot3d), prepared by kfuse.jit on DistArrays of 2 and 4 ranks
(LocalComm threads, blocks in host memory): each rank's kernels compile with NVRTC for sm_90
without spills, and run on the CPU (g++, tests/compile/grid_cpu.py) on the ranks' padded blocks,
halos exchanged before each step, they leave every rank's owned points bitwise what the same
plan leaves on the whole grid."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse import config
from kfuse.codegen.module import generate
from kfuse.distributed import LocalComm, exchange_halos
from kfuse.distributed.exchange import local_box, to_local
from kfuse.distributed.jit import prepare
from kfuse.distributed.reference import fill_halos, scatter
from kfuse.errors import ArgumentError, NoGPUError
from kfuse.pipeline.plan import make_plan
from kfuse.platform import device
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile import grid_cpu
from tests.programs import apps

LOCK = threading.Lock()   # ranks as threads of one process: one trace at a time
#: (application, periodic grid, steps run on the CPU: the state maps to itself only where the
#: step writes every grid array it reads); an edge pad on a periodic grid too (blocks padded past
#: the grid's edge, where a load clamped into the block is not the edge map)
APPS = [("allen_cahn", True, 3), ("lbm_d2q9", True, 2), ("hotspot", False, 2), ("hotspot3d", False, 1),
        ("hotspot3d", True, 1)]


def grid_shape(name: str, state: dict) -> tuple:
    """The grid an application's arrays live on (lbm's nine planes per point: F's shape)."""
    mod = apps.load(name)
    return tuple(state["F"].shape) if name == "lbm_d2q9" else tuple(mod.TEST)


def _prepare(name: str, ranks: int, periodic: bool):
    mod = apps.load(name)
    state = mod.init(mod.TEST, "float64")
    shape = grid_shape(name, state)
    rng = np.random.default_rng(7)
    for k, v in state.items():   # uniform starts (hotspot's) would hide a wrong edge read
        if tuple(getattr(v, "shape", ())) == shape and v.dtype.kind == "f":
            state[k] = v * (1 + 0.01 * rng.standard_normal(shape))

    def rank(comm):
        g = kd.Grid(shape, comm=comm, arrays="numpy", periodic=periodic, split=(ranks,) + (1,) * (len(shape) - 1))
        args = [g.scatter(v) if tuple(getattr(v, "shape", ())) == shape else v
                for v in (state[p] for p in apps.params(mod.step))]
        with LOCK, config.override(search_grid_time_s=0.0):
            return prepare(kfuse.jit(mod.step, arch="sm_90"), *args)
    return state, shape, LocalComm.run(ranks, rank, timeout=600)


def _values(mod, state: dict, entry) -> dict:
    """Program input name -> the application's value of it (its argument)."""
    names = apps.params(mod.step)
    return {inp.name: state[names[inp.argument]] for inp in entry.step.spec.inputs}


#: lbm on 4 ranks (49 s of CI) adds nothing to lbm on 2 and allen_cahn on 4 (distinct periodic neighbours)
CASES = [(*app, ranks) for app in APPS for ranks in (2, 4) if (app[0], ranks) != ("lbm_d2q9", 4)]


@pytest.mark.parametrize("name, periodic, steps, ranks", CASES, ids=lambda x: str(x))
def test_an_application_runs_on_ranks_bitwise_the_whole_grid(name, periodic, steps, ranks, tmp_path):
    mod = apps.load(name)
    state, shape, entries = _prepare(name, ranks, periodic)
    for e in entries:
        res = e.step.compiled.resources()
        assert res and all(r["spill_stores"] == 0 for r in res.values()), res
    prog = entries[0].program
    with config.override(search_grid_time_s=0.0):
        plan = make_plan(prog, None, True)
    values = _values(mod, state, entries[0])
    stateful = [n for n in prog.inputs if n in prog.writes]
    assert len(stateful) == len(prog.outputs) and all(e.step.schedule[0] for e in entries)
    consts = {n: v for n, v in values.items() if n not in stateful}
    want = grid_cpu.run_schedule([(prog, generate(prog, plan))], [0] * steps,
                                 [np.ascontiguousarray(values[n]) for n in stateful], False, [consts])
    got = _ranks(entries, prog, values, stateful, steps, tmp_path)
    d = entries[0].step.decomp
    for r, blocks in enumerate(got):
        own = tuple(slice(lo, hi) for lo, hi in d.box(r))
        for n, block, whole in zip(stateful, blocks, want):
            assert np.array_equal(block, whole[own]), (name, r, n)


def _ranks(entries, prog, values: dict, stateful: list, steps: int, tmp_path) -> list:
    """Each rank's owned points of the state after ``steps`` steps of its placed module on the
    CPU, the state's halos exchanged over LocalComm before each step (the other arrays' once)."""
    step0 = entries[0].step
    d, storage = step0.decomp, step0.storage
    grid = set(step0.grid_arrays)
    padded = {n: scatter(np.asarray(v, dtype=np.float64) if n in grid else v, d, storage)
              for n, v in values.items() if n in grid}
    for n in padded:
        fill_halos(padded[n], d, storage, n)
    exes, consts = [], []
    for r, e in enumerate(entries):
        (tmp_path / str(r)).mkdir()
        consts.append({n: (padded[n][r].astype(values[n].dtype) if n in grid else v)
                       for n, v in values.items() if n not in stateful})
        exes.append(grid_cpu.build([(prog, e.step.module)], [padded[n][r] for n in stateful], False,
                                   str(tmp_path / str(r)), [consts[r]]))
    blocks = [[padded[n][r] for n in stateful] for r in range(d.size)]
    halos = {n: step0.halos[n] for n in stateful if n in step0.halos}
    for _ in range(steps):
        blocks = LocalComm.run(d.size, lambda comm: _exchanged(blocks[comm.rank], stateful, d, halos, storage, comm))
        blocks = [grid_cpu.run(exes[r], [0], blocks[r], str(tmp_path / str(r))) for r in range(d.size)]
    out = []
    for r in range(d.size):
        own = to_local(d.box(r), local_box(d, r, storage))
        out.append([b[own] for b in blocks[r]])
    return out


def _exchanged(blocks: list, names: list, d, halos: dict, storage, comm) -> list:
    env = {n: b.copy() for n, b in zip(names, blocks)}
    exchange_halos({n: env[n] for n in halos}, d, halos, comm, storage={n: storage for n in halos})
    return [env[n] for n in names]


def test_a_mask_every_rank_holds_whole_is_bound_as_one_gpu_binds_it():
    """lbm's ``cylinder`` (Ny, Nx), not of the grid's shape (Ny, Nx, 9), is held whole by every
    rank; the program reads it as ``cylinder[..., None]`` over F's grid.  A call with the user's
    mask binds it as that view (it was refused: "cylinder: rank 0 takes a bool block of shape
    (21, 45, 1), got bool (21, 45)", the GPU test of every application on DistArrays), and the
    call goes on to need a GPU; a mask of another shape is still refused."""
    mod = apps.load("lbm_d2q9")
    state = mod.init(mod.TEST, "float32")
    shape = tuple(state["F"].shape)

    def rank(comm):
        g = kd.Grid(shape, comm=comm, arrays="numpy", periodic=True, split=(2, 1, 1))
        dist = {k: g.scatter(v) if tuple(v.shape) == shape else v for k, v in state.items()}
        f = kfuse.jit(mod.step, arch="sm_90")
        with LOCK, config.override(search_grid_time_s=0.0):
            entry = prepare(f, *apps.args_of(mod.step, dist))
        step = entry.step
        inputs = {"F": np.zeros(step.padded_shape("F"), np.float32), "cylinder": state["cylinder"],
                  "cx": state["cx"], "cy": state["cy"]}
        env = step._bind(inputs)
        mask = env["cylinder"]
        assert mask.shape == shape[:2] + (1,) and np.shares_memory(mask, state["cylinder"])
        with pytest.raises(ArgumentError, match="cylinder: rank .* takes a bool block of shape"):
            step._bind({**inputs, "cylinder": state["cylinder"][:, :-1]})
        if not device.has_gpu():
            with pytest.raises(NoGPUError):
                f(*apps.args_of(mod.step, dist))
        return True
    assert LocalComm.run(2, rank, timeout=600) == [True, True]
