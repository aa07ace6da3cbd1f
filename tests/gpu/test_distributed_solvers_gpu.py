"""Krylov solvers over ranks on the GPU: each rank a LocalComm thread of one process on one GPU,
its DistCSR and vectors in CuPy arrays, its local steps kfuse.jit kernels (the SpMV fused with its
dots, the vector updates in one pass).  The distributed SpMV matches the global one; CG
(single-reduction and pipelined, the latter reducing on a side stream) and BiCG reach the global
solution in the one-rank iterations (within one), with one all-reduce per iteration."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import sparse
from kfuse.distributed import LocalComm
from kfuse.distributed import solvers as ds
from kfuse.distributed.csr import DistCSR
from tests.unit.test_distributed_csr import Counting

SIZES = (1, 2, 3, 4)


def on_device(size, a, b, solver, counting=False, **kw):
    """(gathered x, iterations, statuses, all-reduce calls per rank) of ``solver`` over ``size``
    ranks, every rank's arrays on the GPU."""
    import cupy

    def rank(comm):
        comm = Counting(comm) if counting else comm
        d = DistCSR.from_global(a, comm).to_device()
        extra = dict(kw)
        if extra.pop("side_stream", False):
            extra["comm_stream"] = cupy.cuda.Stream(non_blocking=True)
        x, info = solver(d, cupy.asarray(d.scatter(b)), **extra)
        calls = comm.calls["all_reduce"] if counting else None
        return cupy.asnumpy(d.gather(x)), info.iterations, info.status, calls
    out = LocalComm.run(size, rank, timeout=120.0)
    return out[0][0], out[0][1], {o[2] for o in out}, [o[3] for o in out]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_distributed_spmv_on_the_device_matches_the_global_one(size, dtype):
    import cupy
    a = sparse.random_sparse(300, 300, 9, dtype=dtype, seed=3)
    x = np.random.default_rng(0).standard_normal(300).astype(dtype)

    def rank(comm):
        d = DistCSR.from_global(a, comm).to_device()
        return cupy.asnumpy(d.matvec(cupy.asarray(d.scatter(x))))
    got = np.concatenate(LocalComm.run(size, rank, timeout=120.0))
    np.testing.assert_allclose(got, a.matvec(x), rtol=1e-5 if dtype == "float32" else 1e-13, atol=1e-5)


CASES = [("cg", ds.cg, {}), ("pipelined", ds.cg, {"variant": "pipelined"}),
         ("pipelined-side-stream", ds.cg, {"variant": "pipelined", "side_stream": True})]


@pytest.mark.parametrize("name, solver, kw", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("matrix", ["poisson2d", "poisson3d"])
def test_cg_on_the_device_reaches_the_global_solution(name, solver, kw, matrix):
    a = sparse.poisson2d(24, dtype="float64") if matrix == "poisson2d" else sparse.poisson3d(9, dtype="float64")
    b = np.random.default_rng(1).standard_normal(a.shape[0])
    want = np.linalg.solve(a.todense(), b)
    _, one, _, _ = on_device(1, a, b, solver, tol=1e-9, check_every=1, **kw)
    for size in SIZES[1:]:
        x, its, status, _ = on_device(size, a, b, solver, tol=1e-9, check_every=1, **kw)
        assert status == {"converged"} and abs(its - one) <= 1, (size, its, one)
        np.testing.assert_allclose(x, want, atol=1e-7 * np.abs(want).max())


@pytest.mark.parametrize("size", (2, 4))
def test_bicg_on_the_device_solves_a_nonsymmetric_system(size):
    a = sparse.banded(500, 6, dtype="float64", seed=3)
    b = np.random.default_rng(2).standard_normal(500)
    want = np.linalg.solve(a.todense(), b)
    _, one, _, _ = on_device(1, a, b, ds.bicg, tol=1e-10, check_every=1)
    x, its, status, _ = on_device(size, a, b, ds.bicg, tol=1e-10, check_every=1)
    assert status == {"converged"} and abs(its - one) <= 1
    np.testing.assert_allclose(x, want, atol=1e-8 * np.abs(want).max())


@pytest.mark.parametrize("variant", ds.VARIANTS)
def test_one_all_reduce_per_iteration_on_the_device(variant):
    a = sparse.poisson2d(16, dtype="float64")
    b = np.random.default_rng(3).standard_normal(256)
    short = on_device(2, a, b, ds.cg, counting=True, tol=0.0, maxiter=4, check_every=2, variant=variant)[3]
    long = on_device(2, a, b, ds.cg, counting=True, tol=0.0, maxiter=10, check_every=2, variant=variant)[3]
    assert [lg - sh for sh, lg in zip(short, long)] == [6, 6]
