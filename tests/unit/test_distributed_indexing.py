"""NumPy's global indexing and whole-array reductions on DistArrays without a GPU (blocks in host
memory, ranks as LocalComm threads): every rank reads what NumPy reads from the whole array,
writes land on the owners' points only, reductions agree on every rank; unsupported keys and
bad values are refused naming them."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse.distributed as kd
from kfuse.distributed import LocalComm
from kfuse.errors import ArgumentError

KEYS = [(3, 4), (-1, 0), (slice(None), 2), (slice(2, 9, 3), slice(None, None, -2)), (Ellipsis, 1), 5,
        (slice(7, 2, -1),), (slice(20, 30), 1), (np.int64(2), slice(1, 6))]


@pytest.mark.parametrize("dims", [(2, 1), (3, 2), (1, 3)])
def test_reads_are_numpy_reads_of_the_whole_array(dims):
    whole = np.arange(11 * 8, dtype=np.float64).reshape(11, 8)

    def rank(comm):
        g = kd.Grid(whole.shape, comm=comm, split=dims, arrays="numpy")
        u = g.scatter(whole)
        return [u[k] for k in KEYS]

    for got in LocalComm.run(int(np.prod(dims)), rank):
        for k, x in zip(KEYS, got):
            want = whole[k]
            assert np.shape(x) == np.shape(want) and np.array_equal(x, want), k


def test_writes_land_on_the_owned_points_and_reductions_agree():
    whole = np.random.default_rng(1).standard_normal((9, 7))
    want = whole.copy()
    want[:, 0] = 0
    want[2:5, 3:] = np.arange(4)
    want[-1, -1] = 7.5

    def rank(comm):
        g = kd.Grid(whole.shape, comm=comm, split=(2, 2), arrays="numpy")
        u = g.scatter(whole)
        u[:, 0] = 0
        u[2:5, 3:] = np.arange(4)
        u[-1, -1] = 7.5
        return g.gather(u, root=None), float(u.sum()), float(u.max()), float(u.min())

    for got, s, hi, lo in LocalComm.run(4, rank):
        assert np.array_equal(got, want)
        assert s == pytest.approx(want.sum(), rel=1e-12) and hi == want.max() and lo == want.min()


def test_a_rank_without_points_in_the_selection_and_bad_keys():
    def rank(comm):
        g = kd.Grid((6, 4), comm=comm, split=(3, 1), arrays="numpy")
        u = g.zeros()
        u[0, :] = 1.0   # rank 0 owns row 0; the others have nothing to write
        with pytest.raises(ArgumentError, match="index 6 is out of bounds for axis 0 with size 6"):
            u[6, 0]
        with pytest.raises(ArgumentError, match="ndarray indices are not supported"):
            u[np.array([1, 2])]
        with pytest.raises(ArgumentError, match="3 indices for an array of 2"):
            u[1, 2, 3]
        with pytest.raises(ArgumentError, match=r"value: shape \(3,\) does not broadcast"):
            u[0, :] = np.ones(3)
        return float(u.sum()), u[0, 1:3]

    for s, row in LocalComm.run(3, rank):
        assert s == 4.0 and np.array_equal(row, [1.0, 1.0])


def test_sums_are_in_numpys_type_and_a_dist_array_is_written_whole():
    def rank(comm):
        g = kd.Grid((4, 4), comm=comm, split=(2, 1), arrays="numpy")
        mask = g.scatter(np.ones((4, 4), bool))
        small = g.full(100, dtype="int8")
        a, b = g.zeros(), g.full(2.0)
        a[...] = b
        with pytest.raises(ArgumentError, match="a DistArray is written only whole"):
            a[0, :] = b
        return mask.sum(), small.sum(), g.gather(a, root=None), mask.max()

    for m, s, a, hi in LocalComm.run(2, rank):
        assert m == 16 and m.dtype == np.int64 and s == 1600 and np.all(a == 2.0) and bool(hi) is True
