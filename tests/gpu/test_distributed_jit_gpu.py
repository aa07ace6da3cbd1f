"""kfuse.jit on DistArrays on the GPU: ranks as LocalComm threads of one process on one GPU, each
with its Grid blocks; the unchanged single-GPU step, called on DistArrays, leaves after several
steps the grid bitwise what the same kfuse.jit step leaves on the whole array (returned results,
an in-place update with a scalar, a step of two kernels exchanging their intermediate, uneven
blocks, 1-D and 2-D splits, float32 and float64); the arguments' own points are never changed."""
from __future__ import annotations

import threading

import numpy as np
import pytest

import kfuse
import kfuse.distributed as kd
from kfuse.distributed import LocalComm
from kfuse.distributed.jit import prepare
from tests.compile.test_distributed_jit import relax, two_kernel_plan, two_sweeps
from tests.compile.test_distributed_placed import box9, heat3d, jacobi

LOCK = threading.Lock()
STEPS = 4
CASES = [(jacobi, (257, 131), (2, 1)), (jacobi, (130, 97), (3, 2)), (box9, (64, 200), (2, 2)),
         (heat3d, (33, 40, 29), (2, 2, 1))]


def _whole(fn, host, steps, *extra, plan=None):
    import cupy
    f = kfuse.jit(fn, plan=plan)
    a = cupy.asarray(host)
    for _ in range(steps):
        r = f(a, *extra)
        a = a if r is None else r
    return cupy.asnumpy(a)


def _ranks(fn, host, dims, steps, *extra, plan=None, order="C"):
    """Every rank's gathered grid after ``steps`` calls on DistArrays (blocks in ``order``), and
    whether the first argument's own points were unchanged by the first call."""
    def rank(comm):
        g = kd.Grid(host.shape, comm=comm, split=dims, order=order)
        u = g.scatter(host)
        f = kfuse.jit(fn, plan=plan)
        with LOCK:
            prepare(f, u, *extra)
        first = u
        kept = None
        for t in range(steps):
            own = first.local.copy() if t == 0 else None
            r = f(u, *extra)
            if t == 0 and r is not None:
                kept = bool((first.local == own).all())
            u = u if r is None else r
        return g.gather(u, root=None), kept
    return LocalComm.run(int(np.prod(dims)), rank, timeout=300)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn, shape, dims", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_a_step_on_dist_arrays_is_bitwise_the_whole_grid(fn, shape, dims, dtype):
    host = np.random.default_rng(5).standard_normal(shape).astype(dtype)
    want = _whole(fn, host, STEPS)
    for r, (got, kept) in enumerate(_ranks(fn, host, dims, STEPS)):
        assert got.dtype == np.dtype(dtype) and np.array_equal(got, want), r
        assert kept, f"rank {r}: the first call changed its argument's own points"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("fn, shape, dims", CASES, ids=lambda x: getattr(x, "__name__", str(x)))
def test_f_ordered_grids_are_bitwise_the_whole_grid(fn, shape, dims, dtype):
    """Blocks in F order (the grid's ``order="F"``): the kernels store F-ordered blocks, so every
    output, intermediate and loop block a rank allocates is F-ordered (two NCCL ranks gave values
    3e+35 off when they were allocated in C order); kfuse.jit step by step and kfuse.iterate."""
    host = np.asfortranarray(np.random.default_rng(11).standard_normal(shape).astype(dtype))
    want = _whole(fn, host, STEPS)
    for r, (got, kept) in enumerate(_ranks(fn, host, dims, STEPS, order="F")):
        assert np.array_equal(got, want), r
        assert kept, f"rank {r}: the first call changed its argument's own points"

    def loop(comm):
        g = kd.Grid(shape, comm=comm, split=dims, order="F")
        u = g.scatter(host)
        f = kfuse.jit(fn)
        with LOCK:
            prepare(f, u)
        return g.gather(kfuse.iterate(f, u, STEPS), root=None)
    for r, got in enumerate(LocalComm.run(int(np.prod(dims)), loop, timeout=300)):
        assert np.array_equal(got, want), r


@pytest.mark.parametrize("fn, shape, dims", CASES[1:], ids=lambda x: getattr(x, "__name__", str(x)))
def test_overlapped_steps_are_bitwise_the_whole_grid(fn, shape, dims):
    """The interior computed while the halos are exchanged (its own stream), then the strips."""
    host = np.random.default_rng(8).standard_normal(shape)
    want = _whole(fn, host, STEPS)
    with kfuse.config.override(overlap=True):
        got = _ranks(fn, host, dims, STEPS)
    for r, (a, _) in enumerate(got):
        assert np.array_equal(a, want), r


@pytest.mark.parametrize("dims", [(2, 1), (2, 2)])
def test_an_in_place_update_with_a_scalar(dims):
    host = np.random.default_rng(6).standard_normal((101, 67))
    want = _whole(relax, host, STEPS, 0.8)
    for r, (got, _) in enumerate(_ranks(relax, host, dims, STEPS, 0.8)):
        assert np.array_equal(got, want), r


def test_two_kernels_exchange_their_intermediate():
    host = np.random.default_rng(7).standard_normal((90, 70))
    plan = two_kernel_plan((90, 70))
    want = _whole(two_sweeps, host, STEPS, plan=plan)
    for r, (got, _) in enumerate(_ranks(two_sweeps, host, (2, 2), STEPS, plan=plan)):
        assert np.array_equal(got, want), r


def test_fromfunction_and_gather_on_the_gpu():
    def rank(comm):
        g = kd.Grid((50, 33), comm=comm)
        return g.gather(g.fromfunction(lambda i, j: i * 100 + j), root=0)
    got = LocalComm.run(3, rank, timeout=120)
    assert np.array_equal(got[0], np.fromfunction(lambda i, j: i * 100 + j, (50, 33))) and got[1] is None


@pytest.mark.parametrize("overlap", [[], ["--overlap"]])
def test_the_example_on_ranks_of_one_gpu(overlap, capsys):
    """kfuse.examples.jacobi_ranks, each rank a LocalComm thread: checked against NumPy."""
    from kfuse.examples import jacobi_ranks
    codes = LocalComm.run(2, lambda comm: jacobi_ranks.main(["--side", "301", "--steps", "7", "--check"] + overlap,
                                                             comm=comm), timeout=300)
    out = capsys.readouterr().out
    assert codes == [0, 0] and "(ok)" in out and "over 2 rank(s) (2, 1)" in out, out


def test_iterate_on_dist_arrays_is_bitwise_the_whole_grid():
    host = np.random.default_rng(9).standard_normal((130, 97))
    want = _whole(jacobi, host, 6)

    def rank(comm):
        g = kd.Grid(host.shape, comm=comm, split=(3, 2))
        u = g.scatter(host)
        f = kfuse.jit(jacobi)
        with LOCK:
            prepare(f, u)
        out = g.zeros()
        got = kfuse.iterate(f, u, 6, out=out)
        return got is out and np.array_equal(g.gather(out, root=None), want)
    assert LocalComm.run(6, rank, timeout=300) == [True] * 6


def leap(a, b):
    c = b.copy()
    c[1:-1, 1:-1] = 2 * b[1:-1, 1:-1] - a[1:-1, 1:-1] + 0.1 * (b[:-2, 1:-1] + b[2:, 1:-1] + b[1:-1, :-2]
                                                             + b[1:-1, 2:] - 4 * b[1:-1, 1:-1])
    return b, c


def test_iterate_of_a_step_passing_a_field_through_is_bitwise_the_whole_grid():
    """A leapfrog state (a, b) -> (b, c): one field computed, one passed through."""
    import cupy
    rng = np.random.default_rng(10)
    a0, b0 = rng.standard_normal((90, 61)), rng.standard_normal((90, 61))
    want = [cupy.asnumpy(x) for x in kfuse.iterate(kfuse.jit(leap), (cupy.asarray(a0), cupy.asarray(b0)), 5)]

    def rank(comm):
        g = kd.Grid(a0.shape, comm=comm, split=(2, 2))
        got = kfuse.iterate(kfuse.jit(leap), (g.scatter(a0), g.scatter(b0)), 5)   # the ranks trace at once
        return [g.gather(x, root=None) for x in got]
    for r, got in enumerate(LocalComm.run(4, rank, timeout=300)):
        assert all(np.array_equal(x, w) for x, w in zip(got, want)), r


def test_global_indexing_and_reductions_on_gpu_blocks():
    whole = np.random.default_rng(11).standard_normal((37, 23))
    want = whole.copy()
    want[:, 0] = 0
    want[5:9, 4:10:2] = 2.5

    def rank(comm):
        g = kd.Grid(whole.shape, comm=comm, split=(2, 2))
        u = g.scatter(whole)
        u[:, 0] = 0
        u[5:9, 4:10:2] = 2.5
        return u[3:30:4, ::-3], float(u.sum()), float(u.max()), g.gather(u, root=None)

    for sel, s, hi, got in LocalComm.run(4, rank, timeout=120):
        assert np.array_equal(got, want) and np.array_equal(sel, want[3:30:4, ::-3])
        assert s == pytest.approx(want.sum(), rel=1e-12) and hi == want.max()
