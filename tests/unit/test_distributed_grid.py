"""A grid's arrays on the ranks without a GPU (kfuse.distributed.Grid with blocks in host memory,
ranks as LocalComm threads): scatter keeps each rank's own points, gather assembles the whole
array on one rank or on all, a storage halo added keeps the owned values, fromfunction sees
global indices, and bad arguments are refused naming them."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse.distributed as kd
from kfuse.distributed import Halo, LocalComm
from kfuse.errors import ArgumentError, DTypeError, ShapeError

CASES = [((9,), (3,), "C"), ((7, 5), (2, 1), "C"), ((9, 8), (2, 3), "C"), ((9, 8), (3, 2), "F"),
         ((5, 6, 7), (2, 1, 2), "C")]


@pytest.mark.parametrize("shape, dims, order", CASES)
@pytest.mark.parametrize("root", [0, 1, None])
def test_scatter_then_gather_is_the_array(shape, dims, order, root):
    whole = np.random.default_rng(2).standard_normal(shape)
    size = int(np.prod(dims))

    def rank(comm):
        g = kd.Grid(shape, comm=comm, split=dims, order=order, arrays="numpy")
        u = g.scatter(whole)
        assert u.shape == shape and u.block.shape == tuple(hi - lo for lo, hi in g.box)
        assert np.array_equal(u.local, whole[tuple(slice(lo, hi) for lo, hi in g.box)])
        assert u.block.flags.f_contiguous if order == "F" else u.block.flags.c_contiguous
        return g.gather(u, root=root)

    got = LocalComm.run(size, rank)
    for r, a in enumerate(got):
        if root is None or r == root:
            assert isinstance(a, np.ndarray) and np.array_equal(a, whole), r
        else:
            assert a is None


def test_a_storage_halo_keeps_the_owned_points_and_pads_the_block():
    whole = np.arange(63.0).reshape(9, 7)

    def rank(comm):
        g = kd.Grid((9, 7), comm=comm, split=(3, 1), arrays="numpy")
        u = g.scatter(whole)
        v = u.with_halo(Halo(((1, 2), (0, 0))))
        assert v is not u and v.block.shape == (3 + (comm.rank > 0) + 2 * (comm.rank < 2), 7)
        assert np.array_equal(v.local, u.local) and v.padded_box[0][0] == g.box[0][0] - (comm.rank > 0)
        assert u.with_halo(u.halo) is u
        return g.gather(v, root=None)

    assert all(np.array_equal(a, whole) for a in LocalComm.run(3, rank))


def test_fromfunction_sees_global_indices_and_full_and_zeros_fill():
    def rank(comm):
        g = kd.Grid((6, 5), comm=comm, split=(2, 1), arrays="numpy")
        a = g.fromfunction(lambda i, j: 10 * i + j, dtype="float32")
        assert a.dtype == np.float32
        return g.gather(a, root=None), g.gather(g.full(3.5), root=None), g.gather(g.zeros("int32"), root=None)

    for a, b, c in LocalComm.run(2, rank):
        assert np.array_equal(a, np.fromfunction(lambda i, j: 10 * i + j, (6, 5)))
        assert np.all(b == 3.5) and np.all(c == 0) and c.dtype == np.int32


def test_bad_arguments_are_refused_naming_them():
    comm = kd.SingleComm()
    with pytest.raises(ArgumentError, match="arrays: 'torch' is not"):
        kd.Grid((4, 4), comm=comm, arrays="torch")
    g = kd.Grid((4, 4), comm=comm, arrays="numpy")
    with pytest.raises(ShapeError, match=r"whole: shape \(4, 5\), the grid's is \(4, 4\)"):
        g.scatter(np.zeros((4, 5)))
    with pytest.raises(ArgumentError, match="whole: a NumPy or CuPy array"):
        g.scatter([[1, 2], [3, 4]])
    with pytest.raises(DTypeError, match="dtype: 'nope'"):
        g.zeros("nope")
    with pytest.raises(ArgumentError, match="root: 3 is not a rank"):
        g.gather(g.zeros(), root=3)
    with pytest.raises(ArgumentError, match="array: a DistArray of this grid, got ndarray"):
        g.gather(np.zeros((4, 4)))
    other = kd.Grid((4, 3), comm=comm, arrays="numpy")
    with pytest.raises(ArgumentError, match="an array of another grid"):
        g.gather(other.zeros())
    assert "Grid((4, 4), ranks (1, 1), rank 0 owns 0:4 x 0:4)" == repr(g)


def test_the_shipped_example_parses_its_launch_line_and_checks_on_the_host(capsys):
    from kfuse.examples import jacobi_ranks
    with pytest.raises(SystemExit) as e:
        jacobi_ranks.main(["--help"])
    assert e.value.code == 0 and "torchrun" not in capsys.readouterr().err
    with pytest.raises(SystemExit):
        jacobi_ranks.main(["--dtype", "int8"])
    ref = jacobi_ranks.reference(6, 2)
    a = np.fromfunction(jacobi_ranks.initial, (6, 6))
    assert np.array_equal(ref, jacobi_ranks.jacobi(jacobi_ranks.jacobi(a))) and not np.array_equal(ref, a)
