"""The exchange plan of a halo (kfuse.distributed.exchange) and its NumPy reference
(kfuse.distributed.reference): the send box of each rank toward a peer is the box the peer
receives back, and after every message is performed each padded block equals its window of the
global array (wrapped on periodic axes), for uneven blocks, 1-D to 3-D, C and F order."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from kfuse.distributed import Halo, decompose, directions, exchange_plan, local_box, to_local
from kfuse.distributed.reference import fill_halos, scatter, window
from kfuse.errors import ShapeError

#: (shape, dims) of the decompositions checked: odd, uneven, 1-3 ranks per axis, blocks as thin as
#: the halo (on a periodic pair of blocks both halos then hold the same rows of the one neighbour)
GRIDS = [((7,), (1,)), ((4,), (2,)), ((4, 6), (2, 3)), ((7,), (2,)), ((11,), (3,)), ((7, 5), (2, 1)),
         ((7, 5), (1, 2)), ((7, 5), (3, 2)), ((9, 8), (2, 3)), ((5, 7, 6), (2, 1, 3)), ((7, 5, 6), (3, 2, 2)),
         ((5, 6, 7), (2, 2, 2))]


def _halos(rank: int, diagonal: bool) -> list:
    """Symmetric, one-sided and asymmetric widths (at most 2: the smallest block here)."""
    return [Halo(((1, 1),) * rank, diagonal), Halo(((0, 2),) + ((1, 0),) * (rank - 1), diagonal),
            Halo(((2, 1),) + ((0, 1),) * (rank - 1), diagonal)]


def _cases():
    for (shape, dims), periodic, diagonal in itertools.product(GRIDS, (False, True), (False, True)):
        for halo in _halos(len(shape), diagonal):
            yield shape, dims, periodic, halo


def _cut_halo(decomp, halo):
    return Halo(tuple(w if decomp.cut(a) else (0, 0) for a, w in enumerate(halo.widths)), halo.diagonal)


@pytest.mark.parametrize("shape, dims, periodic, halo", list(_cases()))
def test_every_send_is_the_peers_receive(shape, dims, periodic, halo):
    d = decompose(shape, int(np.prod(dims)), split=dims, periodic=periodic)
    halo = _cut_halo(d, halo)
    plans = [exchange_plan(d, r, {"u": halo}, 8) for r in range(d.size)]
    for r, plan in enumerate(plans):
        assert len({m.direction for m in plan}) == len(plan)
        for m in plan:
            back = [p for p in plans[m.peer] if p.direction == tuple(-x for x in m.direction)]
            assert len(back) == 1 and back[0].peer == r
            assert back[0].recv == m.send and back[0].send == m.recv
            assert back[0].recv_nbytes == m.nbytes
            if m.send is not None:   # inside the sender's block
                assert all(blo <= lo < hi <= bhi for (lo, hi), (blo, bhi) in zip(m.send, d.box(r)))
                assert m.nbytes == 8 * int(np.prod([hi - lo for lo, hi in m.send]))


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape, dims, periodic, halo", list(_cases()))
def test_filled_blocks_are_windows_of_the_global_array(shape, dims, periodic, halo, order):
    d = decompose(shape, int(np.prod(dims)), split=dims, periodic=periodic, order=order)
    halo = _cut_halo(d, halo)
    g = np.arange(np.prod(shape), dtype=np.float64).reshape(shape) * 1.5 + 1
    blocks = fill_halos(scatter(g, d, halo), d, halo)
    for r, block in enumerate(blocks):
        padded = local_box(d, r, halo)
        assert block.flags.f_contiguous if order == "F" else block.flags.c_contiguous
        want = window(g, padded)
        assert block.shape == want.shape
        missing = np.isnan(block)
        assert np.array_equal(block[~missing], want[~missing])
        # left empty: exactly the corners and edges (more than one axis outside the box), when not diagonal
        outside = np.zeros(block.shape, dtype=int)
        for axis, ((lo, hi), (plo, _)) in enumerate(zip(d.box(r), padded)):
            idx = np.arange(block.shape[axis]) + plo
            shape_1 = [1] * block.ndim
            shape_1[axis] = -1
            outside = outside + ((idx < lo) | (idx >= hi)).reshape(shape_1)
        assert np.array_equal(missing, (outside >= 2) & (not halo.diagonal))


def test_a_two_rank_periodic_ring_in_numbers():
    d = decompose((8,), 2, periodic=True)
    halo = Halo(((1, 2),))
    plan = exchange_plan(d, 0, {"u": halo}, 4)
    assert [(m.direction, m.peer, m.send, m.recv, m.nbytes, m.recv_nbytes) for m in plan] == [
        ((-1,), 1, ((0, 2),), ((7, 8),), 8, 4),     # my rows 0-1 go to rank 1's high halo; its row 7 to my row -1
        ((1,), 1, ((3, 4),), ((4, 6),), 4, 8)]
    assert local_box(d, 0, halo) == ((-1, 6),)
    assert to_local(((7, 8),), ((-1, 6),), (8,), (-1,)) == (slice(0, 1),)
    assert to_local(((4, 6),), ((-1, 6),), (8,), (1,)) == (slice(5, 7),)


def test_no_message_past_a_non_periodic_edge():
    d = decompose((8, 8), 4, split=(2, 2))
    plan = exchange_plan(d, 0, {"u": Halo(((1, 1), (1, 1)), True)}, 8)
    assert sorted(m.direction for m in plan) == [(0, 1), (1, 0), (1, 1)]
    assert local_box(d, 0, Halo(((1, 1), (1, 1)))) == ((0, 5), (0, 5))
    assert exchange_plan(d, 0, {"u": Halo(((0, 0), (0, 0)))}, 8) == ()


def test_faces_only_unless_diagonal():
    d = decompose((9, 9, 9), 27, split=(3, 3, 3))
    assert len(directions(d, False)) == 6 and len(directions(d, True)) == 26
    d2 = decompose((9, 9, 9), 3, split=(3, 1, 1))
    assert directions(d2, True) == [(-1, 0, 0), (1, 0, 0)]
    centre = d.rank_of((1, 1, 1))
    assert len(exchange_plan(d, centre, {"u": Halo(((1, 1),) * 3, True)}, 8)) == 26
    assert len(exchange_plan(d, centre, {"u": Halo(((1, 1),) * 3, False)}, 8)) == 6


def test_each_array_has_its_own_messages():
    d = decompose((8, 8), 2)
    plan = exchange_plan(d, 0, {"b": Halo(((1, 0), (0, 0))), "a": Halo(((0, 1), (0, 0)))}, 8)
    assert [(m.array, m.direction, m.send, m.recv) for m in plan] == [
        ("a", (1, 0), None, ((4, 5), (0, 8))), ("b", (1, 0), ((3, 4), (0, 8)), None)]


def test_to_local_refuses_a_box_outside_the_block():
    with pytest.raises(ShapeError, match="box"):
        to_local(((0, 3),), ((1, 5),))
    assert to_local(((2, 4), (0, 3)), ((1, 5), (0, 3))) == (slice(1, 3), slice(0, 3))


def test_scatter_checks_the_shape():
    with pytest.raises(ShapeError, match="global_array"):
        scatter(np.zeros((4, 4)), decompose((4, 5), 2), Halo(((1, 1), (0, 0))))
