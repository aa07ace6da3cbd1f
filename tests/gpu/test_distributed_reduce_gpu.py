"""Reductions of kfuse.jit on DistArrays on the GPU: ranks as LocalComm threads of one process on
one GPU, each rank's placed kernel reducing its own points and the step all-reducing the
partials.  Every rank returns the scalar as a 0-d CuPy array, the same on every rank: a maximum
or minimum bitwise the whole grid's, a sum (sum, dot of two fields, the residual of a jacobi
step, the root of a mean square finished by a scalar kernel) within the one-GPU tolerance of
kfuse.jit's whole-grid value and of NumPy in float64; a field returned beside the scalar is
bitwise the whole grid's.  1-D and 2-D splits, uneven blocks, float32 and float64."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import LocalComm
from kfuse.distributed.jit import prepare
from tests.gpu.helpers import TOL

LOCK = threading.Lock()


def total(a):
    return a.sum()


def amax(a):
    return abs(a).max()


def amin(a):
    return a[1:-1, 1:-1].min()


def dot(a, c):
    return (a * c).sum()


def residual(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.25 * (a[1:-1, :-2] + a[1:-1, 2:] + a[:-2, 1:-1] + a[2:, 1:-1])
    return b, ((b - a) ** 2).sum()


def rms(a):
    return np.sqrt(((a[1:-1, 1:-1] - a[:-2, 1:-1]) ** 2).sum() / 100.0)


def _np(fn, hosts):
    """NumPy float64 value of ``fn`` (the scalar of its results)."""
    out = fn(*[h.astype(np.float64) for h in hosts])
    return float(out[-1] if isinstance(out, tuple) else out)


def _whole(fn, hosts):
    import cupy
    out = kfuse.jit(fn)(*[cupy.asarray(h) for h in hosts])
    return tuple(cupy.asnumpy(o) for o in out) if isinstance(out, tuple) else (cupy.asnumpy(out),)


def _ranks(fn, hosts, dims, calls=2):
    """Per rank: (the scalar returned, its type and shape, the gathered field or None), from
    the last of ``calls`` calls."""
    import cupy

    def rank(comm):
        g = kd.Grid(hosts[0].shape, comm=comm, split=dims)
        args = [g.scatter(h) for h in hosts]
        f = kfuse.jit(fn)
        with LOCK:
            prepare(f, *args)
        for _ in range(calls):
            out = f(*args)
        out = out if isinstance(out, tuple) else (out,)
        s = out[-1]
        field = g.gather(out[0], root=None) if len(out) > 1 else None
        return cupy.asnumpy(s), (type(s) is cupy.ndarray, s.shape), field
    return LocalComm.run(int(np.prod(dims)), rank, timeout=300)


def _check(fn, hosts, dims, dtype, exact: bool):
    whole = _whole(fn, hosts)
    want64 = _np(fn, hosts)
    terms = hosts[0].size
    tol = TOL[dtype] * np.sqrt(terms)
    got = _ranks(fn, hosts, dims)
    values = [g[0] for g in got]
    assert all(g[1] == (True, ()) for g in got), [g[1] for g in got]
    assert all(v.tobytes() == values[0].tobytes() for v in values), values   # the same on every rank
    v = float(values[0])
    if exact:
        assert v == float(whole[-1]), (v, whole[-1])
    else:
        assert abs(v - float(whole[-1])) <= 2 * tol * abs(float(whole[-1])), (v, whole[-1])
    assert abs(v - want64) <= tol * abs(want64), (v, want64)
    for r, g in enumerate(got):
        if g[2] is not None:
            assert np.array_equal(g[2], whole[0]), r
    return v


SPLITS = [(2, 1), (2, 2), (3, 2)]   # 1-D, 2-D, uneven blocks (130 rows over 3, 97 columns over 2)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("dims", SPLITS)
@pytest.mark.parametrize("fn, exact", [(total, False), (amax, True), (amin, True), (residual, False),
                                       (rms, False)], ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_reduction_over_ranks_is_the_whole_grids(fn, exact, dims, dtype):
    host = np.random.default_rng(8).standard_normal((130, 97)).astype(dtype)
    _check(fn, [host], dims, dtype, exact)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("dims", [(1, 2), (2, 2)])
def test_a_dot_of_two_fields(dims, dtype):
    rng = np.random.default_rng(9)
    hosts = [rng.standard_normal((101, 67)).astype(dtype) for _ in range(2)]
    _check(dot, hosts, dims, dtype, False)


def test_a_sum_of_ones_counts_every_point_once():
    host = np.ones((130, 97), np.float64)
    assert _check(total, [host], (3, 2), "float64", False) == 130 * 97
