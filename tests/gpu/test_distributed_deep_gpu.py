"""Deep halos on the GPU (kfuse.distributed.deep): kfuse.iterate on DistArrays with the setting
``halo_depth`` (several steps per exchange, halos as many times wider, each step of a group on
its grown box) leaves the grid bitwise what the same step iterated on the whole array leaves:
ranks as LocalComm threads on one GPU, 1-D and 2-D splits, uneven blocks, whole and partial
groups, a stencil with corners, a field passed through (leapfrog), float32 and float64."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse import config
from kfuse.distributed import LocalComm
from kfuse.distributed.jit import prepare
from tests.compile.test_distributed_deep import leap
from tests.compile.test_distributed_placed import box9, jacobi

LOCK = threading.Lock()


def _whole(fn, hosts: list, steps: int) -> list:
    import cupy
    state = tuple(cupy.asarray(h) for h in hosts)
    out = kfuse.iterate(kfuse.jit(fn), state if len(state) > 1 else state[0], steps)
    return [cupy.asnumpy(x) for x in (out if isinstance(out, (tuple, list)) else [out])]


def _ranks(fn, hosts: list, dims: tuple, steps: int, depth: int) -> list:
    def rank(comm):
        g = kd.Grid(hosts[0].shape, comm=comm, split=dims)
        state = tuple(g.scatter(h) for h in hosts)
        f = kfuse.jit(fn)
        with LOCK:
            prepare(f, *state)
        out = kfuse.iterate(f, state if len(state) > 1 else state[0], steps)
        return [g.gather(x, root=None) for x in (out if isinstance(out, (tuple, list)) else [out])]
    with config.override(halo_depth=depth):
        return LocalComm.run(int(np.prod(dims)), rank, timeout=300)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn, shape, dims, depth, steps", [
    (jacobi, (257, 131), (2, 1), 2, 6), (jacobi, (130, 97), (3, 2), 3, 7), (box9, (64, 200), (2, 2), 2, 5),
    (jacobi, (90, 61), (4, 1), 4, 9)], ids=lambda x: getattr(x, "__name__", str(x)))
def test_deep_steps_are_bitwise_one_exchange_per_step(fn, shape, dims, depth, steps, dtype):
    host = np.random.default_rng(4).standard_normal(shape).astype(dtype)
    want = _whole(fn, [host], steps)
    for r, got in enumerate(_ranks(fn, [host], dims, steps, depth)):
        assert np.array_equal(got[0], want[0]), r


def test_a_field_passed_through_steps_deep():
    rng = np.random.default_rng(10)
    a0, b0 = rng.standard_normal((90, 61)), rng.standard_normal((90, 61))
    want = _whole(leap, [a0, b0], 5)
    for r, got in enumerate(_ranks(leap, [a0, b0], (2, 2), 5, 2)):
        assert all(np.array_equal(x, w) for x, w in zip(got, want)), r
