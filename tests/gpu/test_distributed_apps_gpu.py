"""Every application of tests/programs/apps run through its own time loop,
``run(state, steps, step=kfuse.jit(step))``, on DistArrays: ranks as LocalComm threads of one
process on one GPU, the arrays of the grid's shape scattered (the others, and the numbers, as
the one-GPU run takes them), the step prepared under a lock (one trace at a time).  After the
loop every array of the grid, gathered, is bitwise what the same loop leaves on one GPU.  Steps
reading through np.roll (allen_cahn, lbm_d2q9) run on periodic grids, np.pad(mode="edge") steps
(hotspot, hotspot3d) on grids that are not, and on periodic ones too (blocks padded past the
grid's edge, which the edge pad never reads)."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse import config
from kfuse.distributed import LocalComm
from kfuse.distributed.jit import prepare
from tests.programs import apps

LOCK = threading.Lock()   # ranks as threads of one process: one trace at a time
STEPS = 5
ROLLS = ("allen_cahn", "lbm_d2q9")
CASES = [(name, ranks, name in ROLLS) for name in apps.NAMES for ranks in (2, 4)] + [
    ("hotspot", 2, True), ("hotspot3d", 4, True)]


def grid_shape(mod, state: dict) -> tuple:
    """The grid of an application: the shape of the first array its step writes (lbm's
    ``F``: nine planes per point)."""
    return tuple(state[mod.FIELDS["written"][0]].shape)


def split(shape: tuple, ranks: int) -> tuple:
    """Ranks per axis: along axis 0, and axis 1 too for four ranks (never lbm's planes)."""
    dims = [1] * len(shape)
    dims[0] = 2 if ranks == 4 and len(shape) > 1 else ranks
    if ranks == 4 and len(shape) > 1:
        dims[1] = 2
    return tuple(dims)


def _whole(mod, dtype: str) -> dict:
    import cupy
    state = mod.init(mod.QUICK, dtype, xp=cupy)
    with config.override(search_grid_time_s=0.0):
        mod.run(state, STEPS, step=kfuse.jit(mod.step))
    return {k: cupy.asnumpy(v) for k, v in state.items() if hasattr(v, "shape")}


def _ranks(mod, dtype: str, ranks: int, periodic: bool) -> list:
    import cupy

    def rank(comm):
        state = mod.init(mod.QUICK, dtype, xp=cupy)
        shape = grid_shape(mod, state)
        g = kd.Grid(shape, comm=comm, split=split(shape, ranks), periodic=periodic)
        dist = {k: g.scatter(v) if tuple(getattr(v, "shape", ())) == shape else v for k, v in state.items()}
        f = kfuse.jit(mod.step)
        with LOCK, config.override(search_grid_time_s=0.0):
            prepare(f, *apps.args_of(mod.step, dist))
        with config.override(search_grid_time_s=0.0):
            mod.run(dist, STEPS, step=f)
        return {k: g.gather(v, root=None) if kd.is_distributed(v) else cupy.asnumpy(v)
                for k, v in dist.items() if hasattr(v, "shape")}
    return LocalComm.run(ranks, rank, timeout=600)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name, ranks, periodic", CASES, ids=lambda x: str(x))
def test_an_application_on_dist_arrays_is_bitwise_one_gpu(name, ranks, periodic, dtype):
    mod = apps.load(name)
    want = _whole(mod, dtype)
    for r, got in enumerate(_ranks(mod, dtype, ranks, periodic)):
        assert set(got) == set(want), (r, sorted(got), sorted(want))
        for k in want:
            assert got[k].dtype == want[k].dtype and np.array_equal(got[k], want[k]), (name, r, k)
