"""Peer-copy halo exchanges (kfuse.distributed.peer) without a GPU: every rank's messages and
flag words worked out from the decomposition alone agree between neighbours (each pull of one
rank is the other's send, same array, same k, boxes of one shape); box offsets, geometry and the
copy width."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse.distributed import Halo, decompose
from kfuse.distributed.exchange import local_box
from kfuse.distributed import peer as P


def _sig(halo, stored=None):
    return (("a", halo, stored or halo),)


CASES = [(decompose((257, 131), 2, split=(2, 1)), Halo(((1, 1), (0, 0)), False)),
         (decompose((40, 30), 4, split=(2, 2)), Halo(((1, 1), (1, 1)), True)),
         (decompose((33, 40, 29), 3, split=(3, 1, 1)), Halo(((2, 1), (0, 0), (0, 0)), False)),
         (decompose((20, 18), 2, split=(2, 1), periodic=(True, False)), Halo(((1, 1), (0, 0)), False))]


@pytest.mark.parametrize("decomp, halo", CASES)
def test_each_pull_is_the_neighbours_send_of_the_same_box_shape(decomp, halo):
    sig = _sig(halo)
    for r in range(decomp.size):
        pulls, sends = P.messages(decomp, r, sig)
        for array, peer, k, into in pulls:
            their_sends = P.messages(decomp, peer, sig)[1]
            match = [w for a, p, kk, w in their_sends if a == array and p == r and kk == k]
            assert len(match) == 1
            assert [s.stop - s.start for s in match[0]] == [s.stop - s.start for s in into]
        for array, peer, k, _ in sends:
            assert any(a == array and p == r and kk == k for a, p, kk, _ in P.messages(decomp, peer, sig)[0])


@pytest.mark.parametrize("decomp, halo", CASES)
def test_flag_words_are_distinct_per_rank(decomp, halo):
    for r in range(decomp.size):
        s = P.slots(decomp, r, [_sig(halo)])
        assert sorted(s.values()) == list(range(len(s)))


def test_offset_and_geometry_of_a_box_of_a_c_ordered_block():
    shape, item = (5, 7, 9), 8
    block = np.arange(np.prod(shape)).reshape(shape)
    where = (slice(1, 3), slice(2, 6), slice(0, 9))
    assert P.offset(where, shape, item) == block[where].flat[0] * item
    outer, strides, row = P.geometry(where, shape, item)
    assert outer == (1, 2, 4) and strides == (0, 7 * 9 * 8, 9 * 8) and row == 9 * 8
    outer, strides, row = P.geometry((slice(3, 4), slice(0, 131)), (129, 131), 4)
    assert outer == (1, 1, 1) and row == 131 * 4


def test_the_copy_width_divides_every_address_stride_and_length():
    assert P.unit(256, 4096, 1024) == 16
    assert P.unit(256, 4104, 1048) == 8
    assert P.unit(256, 4100, 1048) == 4
    assert P.unit(3, 16) == 1


def test_a_rank_s_block_shape_is_what_the_pull_addresses():
    d, halo = CASES[0]
    shapes = [tuple(hi - lo for lo, hi in local_box(d, r, halo)) for r in range(2)]
    assert shapes == [(130, 131), (129, 131)]   # uneven blocks: the source is addressed in the peer's shape


def test_the_largest_message_is_every_ranks_and_sizes_pick_nccl():
    """jacobi-2d 4096^2 on 2 ranks: rows of 4096 floats (16 KiB) go by peer copies; heat-3d 512^3:
    planes of 512 x 512 (1 MiB) go to NCCL; every rank computes the same figure."""
    rows = decompose((4096, 4096), 2, split=(2, 1))
    halo = Halo(((1, 1), (0, 0)), False)
    assert P.largest_message(rows, _sig(halo), {"a": 4}) == 4096 * 4 <= P.PEER_MAX_BYTES
    planes = decompose((1024, 512, 512), 2, split=(2, 1, 1))
    big = P.largest_message(planes, _sig(Halo(((1, 1), (0, 0), (0, 0)), False)), {"a": 4})
    assert big == 512 * 512 * 4 > P.PEER_MAX_BYTES
    # uneven blocks and a wider low halo: the largest box of any rank
    d = decompose((33, 70), 3, split=(3, 1))
    assert P.largest_message(d, _sig(Halo(((2, 1), (0, 0)), False)), {"a": 8}) == 2 * 70 * 8


def test_the_setting_is_on_by_default():
    from kfuse import config
    assert config.get().peer_copies is True


def test_an_exchange_reaching_an_unmapped_rank_goes_to_nccl_on_every_rank():
    """A deep loop's halo on a (2, 2) split has corners: its messages reach the diagonal rank, which
    the step's own halo (no corners) never maps; every rank then declines peer copies for it (the
    exchange goes to NCCL) instead of failing on the unmapped rank, and still serves the step's
    own exchange."""
    import types
    from kfuse.distributed.deep import deep_halo
    d = decompose((64, 64), 4, split=(2, 2))
    one = Halo(((1, 1), (1, 1)), False)
    deep = deep_halo(one, 2)
    assert deep.diagonal
    for rank in range(4):
        step = types.SimpleNamespace(decomp=d, comm=types.SimpleNamespace(rank=rank, size=4), storage=deep,
                                     halos={"u": one})
        mapped = P.neighbours(d, rank, P._all_signatures(step))
        assert len(mapped) == 2   # the two edge neighbours, not the diagonal one
        pe = P.PeerExchange(step, {}, {p: {} for p in mapped}, None, 0)
        assert not pe._mapped((("u", deep, deep),))
        assert pe._mapped((("u", one, deep),))
