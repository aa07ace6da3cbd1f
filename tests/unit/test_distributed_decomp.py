"""The decomposition of a grid over ranks (kfuse.distributed.decomp): coordinates, uneven
blocks, neighbours across edges and periodic wraps, the automatic split, and the refusals."""
from __future__ import annotations

import itertools

import pytest

from kfuse.distributed import Decomposition, decompose
from kfuse.errors import ArgumentError, ShapeError


def test_coords_are_row_major_and_rank_of_inverts_them():
    d = decompose((9, 10, 11), 12, split=(3, 2, 2))
    assert d.size == 12
    assert [d.coords(r) for r in range(4)] == [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)]
    assert d.coords(11) == (2, 1, 1)
    assert all(d.rank_of(d.coords(r)) == r for r in range(d.size))


def test_rank_of_wraps_only_on_periodic_axes():
    d = decompose((8, 8), 4, split=(2, 2), periodic=(True, False))
    assert d.rank_of((2, 1)) == d.rank_of((0, 1)) == 1
    assert d.rank_of((-1, 0)) == 2
    assert d.rank_of((0, 2)) is None and d.rank_of((0, -1)) is None


@pytest.mark.parametrize("n, p, want", [(10, 3, [(0, 4), (4, 7), (7, 10)]), (7, 7, [(i, i + 1) for i in range(7)]),
                                        (12, 4, [(0, 3), (3, 6), (6, 9), (9, 12)]), (5, 1, [(0, 5)]),
                                        (11, 4, [(0, 3), (3, 6), (6, 9), (9, 11)])])
def test_bounds_give_the_first_n_mod_p_blocks_one_more(n, p, want):
    d = decompose((n,), p, split=(p,))
    assert d.bounds(0) == want
    assert d.smallest_block(0) == min(hi - lo for lo, hi in want)


def test_boxes_tile_the_grid_exactly():
    d = decompose((7, 5, 6), 12, split=(3, 2, 2))
    seen = set()
    for r in range(d.size):
        box = d.box(r)
        pts = set(itertools.product(*[range(lo, hi) for lo, hi in box]))
        assert not pts & seen
        seen |= pts
    assert len(seen) == 7 * 5 * 6


def test_neighbours_at_edges_and_across_wraps():
    d = decompose((6, 6), 6, split=(3, 2), periodic=(True, False))
    r = d.rank_of((0, 0))
    assert d.neighbour(r, (1, 0)) == d.rank_of((1, 0))
    assert d.neighbour(r, (-1, 0)) == d.rank_of((2, 0))       # wraps
    assert d.neighbour(r, (0, -1)) is None                    # non-periodic edge
    assert d.neighbour(r, (-1, 1)) == d.rank_of((2, 1))
    assert d.neighbour(r, (0, 0)) == r
    with pytest.raises(ArgumentError, match="direction"):
        d.neighbour(r, (2, 0))


@pytest.mark.parametrize("shape, size, order, want", [
    ((16384, 16384), 1, "C", (1, 1)), ((16384, 16384), 2, "C", (2, 1)), ((16384, 16384), 2, "F", (1, 2)),
    ((16384, 16384), 4, "C", (2, 2)), ((16384, 16384), 8, "C", (4, 2)), ((16384, 16384), 8, "F", (2, 4)),
    ((4, 1000), 2, "C", (2, 1)),           # the slowest axis is cut first even where another is cheaper
    ((64, 64, 64), 8, "C", (2, 2, 2)), ((512, 512, 512), 2, "F", (1, 1, 2)), ((100,), 3, "C", (3,)),
    ((2, 1000), 4, "C", (2, 2)),           # no more ranks along an axis than elements
    ((1000, 10), 6, "C", (6, 1)),
])
def test_auto_split(shape, size, order, want):
    d = decompose(shape, size, order=order)
    assert d.dims == want and d.size == size and d.order == order


def test_auto_split_minimises_the_cut_surface():
    # 12 ranks on a 600 x 300 grid: (6, 2) cuts 5*300 + 1*600 = 2100 elements; (4, 3) 3*300 + 2*600 = 2100;
    # (12, 1) 3300; (3, 4) 2*300 + 3*600 = 2400: the tie goes to more cuts on the slower axis
    assert decompose((600, 300), 12).dims == (6, 2)
    assert decompose((300, 600), 12).dims == (3, 4)   # 2*600 + 3*300 = 2100, tied with (2, 6): 600 + 5*300


def test_a_given_split_is_kept():
    d = decompose((10, 12), 6, split=(1, 6), periodic=True)
    assert d == Decomposition((10, 12), (1, 6), (True, True), "C")
    assert not d.cut(0) and d.cut(1)


@pytest.mark.parametrize("kwargs, error, words", [
    (dict(shape=(8, 8), size=0), ArgumentError, "size"),
    (dict(shape=(8, 8), size=2.0), ArgumentError, "size"),
    (dict(shape=(8, 8), size=4, split=(2, 2, 1)), ArgumentError, "split"),
    (dict(shape=(8, 8), size=4, split=(2, 1)), ArgumentError, "split.*2 blocks.*4 ranks"),
    (dict(shape=(3, 8), size=4, split=(4, 1)), ShapeError, "split.*4 ranks along axis 0 of only 3"),
    (dict(shape=(8, 8), size=4, split="rows"), ArgumentError, "split.*'rows'"),
    (dict(shape=(8, 8), size=4, split=(2, 0)), ArgumentError, "split"),
    (dict(shape=(8, 8), size=4, periodic=(True,)), ArgumentError, "periodic"),
    (dict(shape=(8, 8), size=4, periodic=(1, 0)), ArgumentError, "periodic"),
    (dict(shape=(8, 8), size=4, periodic="yes"), ArgumentError, "periodic"),
    (dict(shape=(8, 8), size=4, order="K"), ArgumentError, "order"),
    (dict(shape=(2, 2), size=5), ShapeError, "size"),
    (dict(shape=(0, 8), size=1), ShapeError, "shape"),
    (dict(shape=8, size=1), ShapeError, "shape"),
])
def test_bad_arguments_are_refused_by_name(kwargs, error, words):
    with pytest.raises(error, match=words):
        decompose(**kwargs)


def test_coords_of_a_rank_out_of_range():
    with pytest.raises(ArgumentError, match="rank"):
        decompose((8,), 2).coords(2)


def test_a_decomposition_built_by_hand_is_checked():
    with pytest.raises(ArgumentError, match="dims"):
        Decomposition((8, 8), (2,), (False, False))
