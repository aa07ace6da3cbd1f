"""Placed grid kernels with the plan's launch parameters on the GPU: ranks as LocalComm threads of
one process on one GPU, each with its kd.Grid blocks, kfuse.jit called on DistArrays; after
several steps the gathered grid is bitwise what the same kfuse.jit step leaves on the whole
arrays, for plans with vector accesses (VEC 2 and 4), adjacent rows and tiles staged in shared
memory, box9, heat3d, and steps over two and three fields whose arrays lie at different positions
of the kernel's frame; uneven blocks, 1-D and 2-D splits, float32 and float64."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import LocalComm
from kfuse.distributed.jit import prepare
from tests.compile.test_distributed_placed import box9, heat3d, jacobi
from tests.compile.test_distributed_placed_fast import NAMES, ROWS, STAGED, VEC2, VEC4, planned, shallow, two_fields

LOCK = threading.Lock()
STEPS = 4


def _as_list(r, state):
    return state if r is None else list(r) if isinstance(r, tuple) else [r]


def _whole(fn, hosts, plan):
    import cupy
    f = kfuse.jit(fn, plan=plan)
    state = [cupy.asarray(h) for h in hosts]
    for _ in range(STEPS):
        state = _as_list(f(*state), state)
    return [cupy.asnumpy(s) for s in state]


def _ranks(fn, hosts, dims, plan):
    """Every rank's gathered grids after STEPS calls on DistArrays, and its kernels' text."""
    def rank(comm):
        g = kd.Grid(hosts[0].shape, comm=comm, split=dims)
        state = [g.scatter(h) for h in hosts]
        f = kfuse.jit(fn, plan=plan)
        with LOCK:
            texts = [k.text for k in prepare(f, *state).step.module.kernels]
        for _ in range(STEPS):
            state = _as_list(f(*state), state)
        return [g.gather(s, root=None) for s in state], texts
    return LocalComm.run(int(np.prod(dims)), rank, timeout=300)


def _check(fn, shape, dims, dtype, params=None):
    hosts = [np.random.default_rng(9 + i).standard_normal(shape).astype(dtype) for i in range(len(NAMES[fn]))]
    plan = planned(fn, shape, dtype, params)[1].to_json() if params else None
    want = _whole(fn, hosts, plan)
    texts = []
    for r, (got, text) in enumerate(_ranks(fn, hosts, dims, plan)):
        assert len(got) == len(want), r
        for k, (g, w) in enumerate(zip(got, want)):
            assert g.dtype == np.dtype(dtype) and np.array_equal(g, w), (r, k, np.argwhere(g != w)[:5])
        texts.append(text)
    return texts


@pytest.mark.parametrize("dtype, params, shape, dims, vtype", [
    ("float32", VEC4, (258, 260), (2, 1), "float4"), ("float32", VEC4, (257, 256), (3, 1), "float4"),
    ("float64", VEC2, (130, 98), (2, 2), "double2"), ("float32", VEC2, (131, 98), (3, 2), None),
    ("float64", ROWS, (131, 64), (3, 1), "double2"), ("float32", ROWS, (96, 130), (2, 2), "float2")])
def test_vectors_and_adjacent_rows_on_dist_arrays_are_bitwise(dtype, params, shape, dims, vtype):
    for text in _check(jacobi, shape, dims, dtype, params):
        assert f"VEC = {params['vec']}" in text[0] and (vtype is None or vtype in text[0])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape, dims", [((130, 97), (2, 1)), ((130, 97), (3, 2)), ((61, 200), (1, 3))])
def test_staged_tiles_on_dist_arrays_are_bitwise(dtype, shape, dims):
    for text in _check(jacobi, shape, dims, dtype, STAGED):
        assert "__shared__" in text[0]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn, shape, dims", [
    (box9, (64, 200), (2, 2)), (heat3d, (33, 40, 29), (2, 2, 1)), (two_fields, (101, 67), (2, 1)),
    (two_fields, (101, 67), (2, 2)), (shallow, (130, 97), (3, 2)), (shallow, (64, 131), (1, 3))],
    ids=lambda x: getattr(x, "__name__", str(x)))
def test_planned_steps_and_several_fields_on_dist_arrays_are_bitwise(fn, shape, dims, dtype):
    _check(fn, shape, dims, dtype)
