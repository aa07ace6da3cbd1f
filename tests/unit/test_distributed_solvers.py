"""Krylov solvers over ranks (kfuse.distributed.solvers) on LocalComm with NumPy arrays: the
distributed SpMV is bitwise the global one (each row adds the same products in the same order;
only where the x entries come from changes), CG (single-reduction and pipelined) and BiCG reach
the global solution in the iterations of the one-rank run (within one: the dots are summed per
rank, then over ranks, so they round differently), with exactly one all-reduce and one exchange
per iteration."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import sparse
from kfuse.distributed import LocalComm
from kfuse.distributed import solvers as ds
from kfuse.distributed.csr import DistCSR, host_spmv
from kfuse.errors import ArgumentError, ShapeError
from tests.unit.test_distributed_csr import Counting

SIZES = (1, 2, 3, 4)


def random_spd(n: int, seed: int = 0):
    r = sparse.random_sparse(n, n, 3, dtype="float64", seed=seed).todense()
    return sparse.CSR.from_any(r @ r.T + np.eye(n))


SPD = {"poisson2d": lambda: sparse.poisson2d(9, dtype="float64"),
       "poisson3d": lambda: sparse.poisson3d(5, dtype="float64"),
       "random_spd": lambda: random_spd(60)}


def rhs(n: int, seed: int = 1):
    return np.random.default_rng(seed).standard_normal(n)


def solve_on(size: int, a, b, solver, **kw):
    """(gathered x, iterations, statuses of every rank) of ``solver`` over ``size`` ranks."""
    def rank(comm):
        d = DistCSR.from_global(a, comm)
        x, info = solver(d, d.scatter(b), **kw)
        return d.gather(x), info.iterations, info.status
    out = LocalComm.run(size, rank)
    return out[0][0], out[0][1], {s for _, _, s in out}


def product(a, x, comm):
    """This rank's rows of A x through the distributed product."""
    d = DistCSR.from_global(a, comm)
    return d.matvec(d.scatter(x))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_distributed_spmv_is_bitwise_the_global_one(size, dtype):
    for a in (sparse.poisson2d(7, dtype=dtype), sparse.random_sparse(41, 41, 7, dtype=dtype, seed=3)):
        x = rhs(a.shape[0]).astype(dtype)
        want = host_spmv(a, x)
        got = np.concatenate(LocalComm.run(size, lambda c, a=a, x=x: product(a, x, c)))
        np.testing.assert_array_equal(got, want)
        np.testing.assert_allclose(got, a.matvec(x), rtol=1e-5 if dtype == "float32" else 0, atol=1e-6)


CASES = [("cg", ds.cg, {}), ("pipelined", ds.cg, {"variant": "pipelined"})]


@pytest.mark.parametrize("name, solver, kw", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("matrix", sorted(SPD))
def test_cg_reaches_the_global_solution_in_the_one_rank_iterations(name, solver, kw, matrix):
    a = SPD[matrix]()
    b = rhs(a.shape[0])
    want = np.linalg.solve(a.todense(), b)
    _, one, _ = solve_on(1, a, b, solver, tol=1e-9, check_every=1, **kw)
    for size in SIZES:
        x, its, status = solve_on(size, a, b, solver, tol=1e-9, check_every=1, **kw)
        assert status == {"converged"}
        assert abs(its - one) <= 1, (size, its, one)
        np.testing.assert_allclose(x, want, rtol=0, atol=1e-7 * np.abs(want).max())
        assert np.linalg.norm(b - a.matvec(x)) <= 1e-8 * np.linalg.norm(b)


@pytest.mark.parametrize("size", SIZES)
def test_bicg_solves_a_nonsymmetric_system(size):
    a = sparse.banded(80, 5, dtype="float64", seed=3)
    b = rhs(80, 2)
    want = np.linalg.solve(a.todense(), b)
    _, one, _ = solve_on(1, a, b, ds.bicg, tol=1e-10, check_every=1)
    x, its, status = solve_on(size, a, b, ds.bicg, tol=1e-10, check_every=1)
    assert status == {"converged"} and abs(its - one) <= 1
    np.testing.assert_allclose(x, want, atol=1e-8 * np.abs(want).max())


def test_bicg_with_a_given_transpose_and_a_start_vector():
    a = sparse.banded(50, 4, dtype="float64", seed=5)
    b = rhs(50, 4)
    want = np.linalg.solve(a.todense(), b)

    def rank(comm):
        d = DistCSR.from_global(a, comm)
        t = DistCSR.from_global(a.transpose(), comm)
        x, info = ds.bicg(d, d.scatter(b), x0=d.scatter(want), At=t, tol=1e-8)
        return info.iterations, d.gather(x)

    its, x = LocalComm.run(3, rank)[0]
    assert its == 0
    np.testing.assert_array_equal(x, want)


RUNS = [(ds.cg, {}), (ds.cg, {"variant": "pipelined"}), (ds.bicg, {})]


@pytest.mark.parametrize("solver, kw", RUNS, ids=["cg", "pipelined", "bicg"])
@pytest.mark.parametrize("size", (2, 3))
def test_one_all_reduce_and_one_exchange_per_iteration(solver, kw, size):
    a = sparse.poisson2d(8, dtype="float64")
    b = rhs(64)

    def calls(maxiter):
        def rank(comm):
            counting = Counting(comm)
            d = DistCSR.from_global(a, counting)
            extra = {"At": DistCSR.from_global(a.transpose(), counting)} if solver is ds.bicg else {}
            _, info = solver(d, d.scatter(b), tol=0.0, maxiter=maxiter, check_every=3, **kw, **extra)
            assert info.status == "maxiter" and info.iterations == maxiter
            return dict(counting.calls)
        out = LocalComm.run(size, rank)
        assert all(o == out[0] for o in out)
        return out[0]

    short, long = calls(4), calls(11)
    assert long["all_reduce"] - short["all_reduce"] == 7
    assert long["exchange"] - short["exchange"] == 7
    assert short["all_reduce"] <= 4 + 3   # + the checks' agreement, ||b||, the last residual


def test_the_residuals_are_read_every_check_every_iterations():
    a = sparse.poisson2d(8, dtype="float64")
    b = rhs(64)
    info = LocalComm.run(2, lambda c: ds.cg(DistCSR.from_global(a, c), b[DistCSR.from_global(a, c).rows],
                                            tol=0.0, maxiter=10, check_every=4)[1])[0]
    assert [it for it, _ in info.residuals] == [0, 4, 8, 10]
    assert info.residuals[-1][1] < info.residuals[0][1]


def test_refusals():
    a = sparse.poisson2d(3, dtype="float64")
    d = DistCSR.from_global(a, LocalComm.create(1)[0])
    with pytest.raises(ArgumentError, match="variant is 'fast'"):
        ds.cg(d, np.ones(9), variant="fast")
    with pytest.raises(ShapeError, match="b: rank 0 owns 9 entries"):
        ds.cg(d, np.ones(8))
    with pytest.raises(ArgumentError, match="b is float32, A is float64"):
        ds.cg(d, np.ones(9, dtype=np.float32))
    with pytest.raises(ShapeError, match="x0: rank 0 owns 9"):
        ds.bicg(d, np.ones(9), x0=np.ones(3))
    with pytest.raises(ArgumentError, match="DistCSR"):
        ds.cg(a, np.ones(9))
    with pytest.raises(ArgumentError, match="maxiter is -1"):
        ds.cg(d, np.ones(9), maxiter=-1)
    with pytest.raises(ArgumentError, match="check_every is 0"):
        ds.cg(d, np.ones(9), check_every=0)
    with pytest.raises(ArgumentError, match="At must be a DistCSR over the same rows"):
        ds.bicg(d, np.ones(9), At=a)


def test_one_rank_refusing_its_vector_stops_every_rank_without_a_hang():
    import kfuse.sparse
    from kfuse.distributed import LocalComm
    from kfuse.distributed.csr import DistCSR
    from kfuse.distributed.solvers import cg
    from kfuse.errors import KfuseError
    A = kfuse.sparse.poisson2d(6, "float64")

    def rank(comm):
        d = DistCSR.from_global(A, comm)
        b = np.ones(d.n_owned + (comm.rank == 1))   # rank 1 alone passes a vector one entry too long
        with pytest.raises(KfuseError) as e:
            cg(d, b)
        return str(e.value)
    got = LocalComm.run(2, rank, timeout=10)
    assert "rank 1 refused" in got[0] and "rank 1 refused" not in got[1]


def test_one_rank_refusing_its_rows_stops_every_rank_without_a_hang():
    import kfuse.sparse
    from kfuse.distributed import LocalComm
    from kfuse.distributed.csr import DistCSR
    from kfuse.errors import KfuseError
    A = kfuse.sparse.poisson2d(4, "float64")

    def rank(comm):
        rows = A if comm.rank == 0 else kfuse.sparse.poisson2d(3, "float64")   # 9 columns, not 16
        with pytest.raises(KfuseError) as e:
            DistCSR.from_rows(rows, 0, 16, comm)
        return str(e.value)
    got = LocalComm.run(2, rank, timeout=10)
    assert "rank 1 refused" in got[0] and "columns" in got[1]
