"""A halo exchange run over a communicator (kfuse.distributed.halo_exchange on LocalComm: one
thread per rank, the protocol NCCL follows): every rank's padded blocks end equal to the NumPy
reference exchange and to their windows of the global array, for two arrays of different halos at
once, uneven blocks, periodic or not, corners or not, C and F order; and a halo plan a
decomposition cannot hold is refused before anything moves."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from kfuse.distributed import Halo, LocalComm, decompose, local_box
from kfuse.distributed.halo_exchange import exchange_halos
from kfuse.distributed.reference import fill_halos, scatter, window
from kfuse.errors import ArgumentError

GRIDS = [((9,), (3,)), ((4,), (2,)), ((7, 5), (2, 1)), ((9, 8), (2, 3)), ((4, 6), (2, 3)), ((5, 7, 6), (2, 1, 3)),
         ((5, 6, 7), (2, 2, 2))]


def _halos(decomp, diagonal):
    """Two arrays: a symmetric width-1 halo and a one-sided width-2 one (cut axes only)."""
    def cut(w):
        return tuple(x if decomp.cut(a) else (0, 0) for a, x in enumerate(w))
    rank = len(decomp.shape)
    return {"u": Halo(cut(((1, 1),) * rank), diagonal), "v": Halo(cut(((0, 2),) + ((1, 0),) * (rank - 1)), diagonal)}


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("shape, dims, periodic, diagonal",
                         [(s, d, p, g) for (s, d), p, g in itertools.product(GRIDS, (False, True), (False, True))])
def test_an_exchange_over_local_comm_fills_what_the_reference_fills(shape, dims, periodic, diagonal, order):
    d = decompose(shape, int(np.prod(dims)), split=dims, periodic=periodic, order=order)
    halos = _halos(d, diagonal)
    rng = np.random.default_rng(7)
    fields = {n: rng.standard_normal(shape) for n in halos}
    start = {n: scatter(fields[n], d, halos[n]) for n in halos}
    want = {n: fill_halos([b.copy(order="A") for b in start[n]], d, halos[n], n) for n in halos}

    def rank_fn(comm):
        blocks = {n: start[n][comm.rank].copy(order="A") for n in halos}
        exchange_halos(blocks, d, halos, comm)
        return blocks

    got = LocalComm.run(d.size, rank_fn, timeout=20)
    for n in halos:
        received = 0
        for r in range(d.size):
            assert np.array_equal(got[r][n], want[n][r], equal_nan=True), (r, n)
            filled = ~np.isnan(got[r][n])
            assert np.array_equal(got[r][n][filled], window(fields[n], local_box(d, r, halos[n]))[filled])
            received += int(filled.sum() - (~np.isnan(start[n][r])).sum())
        assert received > 0, n   # halos were filled, not only left as they started


def test_a_block_of_the_wrong_shape_names_the_array_and_rank():
    d = decompose((8, 6), 2)
    halos = {"u": Halo(((1, 1), (0, 0)))}

    def rank_fn(comm):
        with pytest.raises(ArgumentError, match=r"blocks\['u'\]: shape \(4, 6\), rank \d's padded block"):
            exchange_halos({"u": np.zeros((4, 6))}, d, halos, comm)
        with pytest.raises(ArgumentError, match="no block for array 'u'"):
            exchange_halos({}, d, halos, comm)
        return True

    assert LocalComm.run(2, rank_fn, timeout=10) == [True, True]


def test_a_communicator_of_another_size_is_refused():
    d = decompose((8,), 4)

    def rank_fn(comm):
        with pytest.raises(ArgumentError, match="comm: 2 ranks, the decomposition has 4"):
            exchange_halos({}, d, {}, comm)
        return True

    assert LocalComm.run(2, rank_fn, timeout=10) == [True, True]


class _Recorder:
    """A one-rank stand-in that records what an exchange posts."""

    def __init__(self, rank, size):
        self.rank, self.size, self.posted = rank, size, None

    def exchange(self, sends, recvs, stream=None):
        self.posted = (sends, recvs)


def test_whole_rows_are_sent_and_received_in_place_columns_through_buffers():
    from kfuse.distributed import Halo, decompose, exchange_halos
    from kfuse.distributed.exchange import local_box
    rows = decompose((8, 6), 2, split=(2, 1))
    halo = Halo(((1, 1), (0, 0)), False)
    block = np.zeros(tuple(hi - lo for lo, hi in local_box(rows, 0, halo)))
    comm = _Recorder(0, 2)
    exchange_halos({"a": block}, rows, {"a": halo}, comm)
    (sends, recvs) = comm.posted
    assert all(np.shares_memory(a, block) for _, a in sends + recvs)
    cols = decompose((8, 6), 2, split=(1, 2))
    halo = Halo(((0, 0), (1, 1)), False)
    block = np.zeros(tuple(hi - lo for lo, hi in local_box(cols, 0, halo)))
    comm = _Recorder(0, 2)
    exchange_halos({"a": block}, cols, {"a": halo}, comm)
    (sends, recvs) = comm.posted
    assert sends and recvs and not any(np.shares_memory(a, block) for _, a in sends + recvs)
