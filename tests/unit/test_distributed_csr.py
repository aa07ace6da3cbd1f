"""A CSR matrix distributed by rows (kfuse.distributed.csr): the row split, the [owned | ghost]
renumbering, the ghost-exchange plan (from the global matrix and from each rank's rows, which must
agree), the transpose over ranks, and the refusals, on LocalComm with NumPy arrays."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import sparse
from kfuse.distributed import LocalComm
from kfuse.distributed.csr import DistCSR, row_offsets, transpose
from kfuse.errors import ArgumentError, DTypeError, PlanError, ShapeError

SIZES = (1, 2, 3, 4)


class Counting:
    """A communicator that counts the exchanges and all-reduces it passes on."""

    def __init__(self, comm):
        self.comm, self.rank, self.size = comm, comm.rank, comm.size
        self.calls = {"exchange": 0, "all_reduce": 0}

    def exchange(self, sends, recvs, stream=None):
        self.calls["exchange"] += 1
        self.comm.exchange(sends, recvs, stream)

    def all_reduce(self, array, op="sum", stream=None):
        self.calls["all_reduce"] += 1
        self.comm.all_reduce(array, op, stream)

    def barrier(self):
        self.comm.barrier()

    def close(self):
        self.comm.close()


def block(a, lo, hi):
    """Rows lo:hi of a host CSR (global columns)."""
    s, e = int(a.indptr[lo]), int(a.indptr[hi])
    return sparse.CSR((a.indptr[lo:hi + 1] - s).astype(np.int32), a.indices[s:e], a.data[s:e], (hi - lo, a.shape[1]))


def matrices():
    return [sparse.poisson2d(6, dtype="float64"), sparse.random_sparse(29, 29, 6, dtype="float32", seed=4)]


def test_row_offsets_balance_rows_and_nonzeros():
    assert row_offsets(10, 3) == (0, 4, 7, 10)
    assert row_offsets(4, 4) == (0, 1, 2, 3, 4)
    indptr = np.array([0, 10, 20, 21, 22, 23, 24, 25, 26])   # two heavy rows, six light ones
    assert row_offsets(8, 2, indptr, "nnz") == (0, 1, 8)
    assert row_offsets(8, 3, indptr, "nnz") == (0, 1, 2, 8)
    with pytest.raises(ArgumentError, match="balance"):
        row_offsets(8, 2, indptr, "cost")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("a", matrices(), ids=["poisson2d", "random"])
def test_local_rows_are_renumbered_owned_then_ghosts(a, size):
    dense = a.todense()

    def rank(comm):
        d = DistCSR.from_global(a, comm)
        lo, hi = d.rows.start, d.rows.stop
        cols = np.unique(a.indices[a.indptr[lo]:a.indptr[hi]])
        assert list(d.ghosts) == [c for c in cols if not lo <= c < hi]
        assert d.local.shape == (hi - lo, hi - lo + len(d.ghosts))
        back = np.zeros((hi - lo, a.shape[0]), dtype=a.dtype)
        back[:, d.global_columns()] = d.local.todense()
        np.testing.assert_array_equal(back, dense[lo:hi])
        return d.offsets, d.ghosts, d.plan

    out = LocalComm.run(size, rank)
    assert out[0][0] == row_offsets(a.shape[0], size)
    for me, (offsets, ghosts, plan) in enumerate(out):
        for peer, start, stop in plan.recvs:   # what a peer sends is what lands in my ghost run
            sent = dict((p, idx) for p, idx in out[peer][2].sends)[me]
            np.testing.assert_array_equal(offsets[peer] + sent, ghosts[start:stop])
            assert offsets[peer] <= ghosts[start] and ghosts[stop - 1] < offsets[peer + 1]
        assert sum(stop - start for _, start, stop in plan.recvs) == len(ghosts)


@pytest.mark.parametrize("size", SIZES)
def test_from_rows_builds_the_plan_of_from_global_with_three_reduces_and_one_exchange(size):
    a = sparse.random_sparse(31, 31, 5, dtype="float64", seed=2)

    def rank(comm):
        want = DistCSR.from_global(a, comm)
        counting = Counting(comm)
        lo, hi = want.rows.start, want.rows.stop
        got = DistCSR.from_rows(block(a, lo, hi), lo, 31, counting)
        assert counting.calls == {"exchange": 1, "all_reduce": 3}   # the checks' agreement, counts, requests
        assert got.offsets == want.offsets
        np.testing.assert_array_equal(got.ghosts, want.ghosts)
        assert [(p, list(i)) for p, i in got.plan.sends] == [(p, list(i)) for p, i in want.plan.sends]
        assert got.plan.recvs == want.plan.recvs
        np.testing.assert_array_equal(got.local.indices, want.local.indices)

    LocalComm.run(size, rank)


@pytest.mark.parametrize("size", SIZES)
def test_transpose_over_ranks_is_the_global_transpose(size):
    a = sparse.random_sparse(23, 23, 5, dtype="float64", seed=7)
    at = a.transpose()

    def rank(comm):
        t = transpose(DistCSR.from_global(a, comm))
        want = DistCSR.from_global(at, comm)
        np.testing.assert_array_equal(t.local.todense(), want.local.todense())
        np.testing.assert_array_equal(t.ghosts, want.ghosts)

    LocalComm.run(size, rank)


def test_refusals():
    a = sparse.poisson2d(3, dtype="float64")
    comm = LocalComm.create(1)[0]
    with pytest.raises(ArgumentError, match="offsets has 3 entries, comm has 1 ranks"):
        DistCSR.from_global(a, comm, offsets=(0, 4, 9))
    with pytest.raises(PlanError, match="5 ranks but the matrix has 4 rows"):
        LocalComm.run(5, lambda c: DistCSR.from_global(sparse.poisson2d(2, dtype="float64"), c))
    with pytest.raises(ShapeError, match="3 x 4: a distributed matrix is square"):
        DistCSR.from_global(sparse.random_sparse(3, 4, 2, dtype="float64"), comm)
    with pytest.raises(DTypeError, match="int32"):
        DistCSR.from_global(sparse.CSR(a.indptr, a.indices, a.data.astype(np.int32), a.shape), comm)
    with pytest.raises(DTypeError, match="indices is float64"):
        DistCSR.from_global(sparse.CSR(a.indptr, a.indices.astype(float), a.data, a.shape), comm)
    with pytest.raises(ArgumentError, match="kfuse.sparse.CSR"):
        DistCSR.from_global(a.todense(), comm)
    with pytest.raises(ArgumentError, match="not a Communicator"):
        DistCSR.from_global(a, object())
    with pytest.raises(ShapeError, match="owns 9 entries"):
        DistCSR.from_global(a, comm).matvec(np.zeros(8))


@pytest.mark.parametrize("blocks", [((0, 5), (4, 9)), ((0, 3), (4, 9)), ((1, 4), (4, 9)), ((0, 4), (4, 8))],
                         ids=["overlap", "gap", "not-from-0", "short"])
def test_rows_that_do_not_cover_the_matrix_are_refused(blocks):
    a = sparse.poisson2d(3, dtype="float64")

    def rank(comm):
        lo, hi = blocks[comm.rank]
        DistCSR.from_rows(block(a, lo, hi), lo, 9, comm)

    with pytest.raises(PlanError, match="do not cover 0:9"):
        LocalComm.run(2, rank)


def test_rows_with_columns_past_n_are_refused():
    rows = sparse.random_sparse(2, 5, 2, dtype="float64")
    with pytest.raises(ShapeError, match="5 columns, the matrix is 4 x 4"):
        DistCSR.from_rows(rows, 0, 4, LocalComm.create(1)[0])
