"""kfuse.distributed's communicators on the CPU: LocalComm's exchanges, all-reduces, barriers,
timeouts and failures; SingleComm; the argument checks every communicator shares; init on one rank."""
from __future__ import annotations

import time

import numpy as np
import pytest

import kfuse.distributed as kd
from kfuse.distributed.comm import CommError, Communicator, LocalComm, SingleComm
from kfuse.errors import ArgumentError


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_ring_exchange_both_ways(size):
    def step(comm):
        r, n = comm.rank, comm.size
        mine = np.arange(4, dtype=np.float64) + 10 * r
        left, right = np.empty(4), np.empty(4)
        comm.exchange([((r + 1) % n, mine), ((r - 1) % n, mine * 2)],
                      [((r - 1) % n, left), ((r + 1) % n, right)])
        return left, right

    for r, (left, right) in enumerate(LocalComm.run(size, step)):
        np.testing.assert_array_equal(left, np.arange(4) + 10 * ((r - 1) % size))
        np.testing.assert_array_equal(right, 2 * (np.arange(4) + 10 * ((r + 1) % size)))


def test_several_messages_between_a_pair_match_in_list_order():
    def step(comm):
        if comm.rank == 0:
            comm.exchange([(1, np.full(2, 1, np.int32)), (1, np.full(3, 2, np.int32))], [])
            return None
        a, b = np.zeros(2, np.int32), np.zeros(3, np.int32)
        comm.exchange([], [(0, a), (0, b)])
        return a.tolist(), b.tolist()

    assert LocalComm.run(2, step)[1] == ([1, 1], [2, 2, 2])


#: neighbour offset (dy, dx) -> (the edge a block sends, the halo its receive fills), in a 6x6 padded block
FACES = {(-1, 0): ((1, slice(1, -1)), (0, slice(1, -1))), (1, 0): ((-2, slice(1, -1)), (-1, slice(1, -1))),
         (0, -1): ((slice(1, -1), 1), (slice(1, -1), 0)), (0, 1): ((slice(1, -1), -2), (slice(1, -1), -1))}


def test_2d_neighbour_exchange_of_halo_rows_and_columns():
    """A 2x2 grid of ranks, each a 4x4 block of a global 8x8 array with a 1-wide halo: after the
    exchange every face of every block's halo holds its neighbour's edge (no corners)."""
    glob = np.arange(64, dtype=np.float32).reshape(8, 8)

    def step(comm):
        iy, ix = divmod(comm.rank, 2)
        block = np.zeros((6, 6), np.float32)
        block[1:-1, 1:-1] = glob[4 * iy:4 * iy + 4, 4 * ix:4 * ix + 4]
        sends, recvs, fills = [], [], []
        for (dy, dx), (edge, halo) in FACES.items():
            if 0 <= iy + dy < 2 and 0 <= ix + dx < 2:
                peer, buf = (iy + dy) * 2 + ix + dx, np.empty(4, np.float32)
                sends.append((peer, np.ascontiguousarray(block[edge])))
                recvs.append((peer, buf))
                fills.append((halo, buf))
        comm.exchange(sends, recvs)
        for halo, buf in fills:
            block[halo] = buf
        return block

    padded = np.pad(glob, 1)
    for rank, block in enumerate(LocalComm.run(4, step)):
        iy, ix = divmod(rank, 2)
        want = padded[4 * iy:4 * iy + 6, 4 * ix:4 * ix + 6]
        for _edge, halo in FACES.values():
            np.testing.assert_array_equal(block[halo], want[halo])
        assert block[0, 0] == block[-1, -1] == 0


def test_a_rank_may_copy_to_itself():
    def step(comm):
        src, dst = np.arange(3.0) + comm.rank, np.zeros(3)
        comm.exchange([(comm.rank, src)], [(comm.rank, dst)])
        return dst

    for r, dst in enumerate(LocalComm.run(2, step)):
        np.testing.assert_array_equal(dst, np.arange(3.0) + r)


@pytest.mark.parametrize("op, reduce", [("sum", np.sum), ("max", np.max), ("min", np.min), ("prod", np.prod)])
@pytest.mark.parametrize("dtype", [np.float64, np.int64, np.float32])
def test_all_reduce_against_numpy(op, reduce, dtype):
    rng = np.random.default_rng(7)
    data = rng.integers(-5, 6, size=(3, 2, 4)).astype(dtype)

    def step(comm):
        mine = data[comm.rank].copy()
        comm.all_reduce(mine, op)
        return mine

    want = reduce(data, axis=0)
    for got in LocalComm.run(3, step):
        assert got.dtype == dtype
        np.testing.assert_array_equal(got, want)


def test_all_reduce_of_a_scalar_array_and_a_barrier_between():
    def step(comm):
        s = np.array(comm.rank + 1.0)
        comm.barrier()
        comm.all_reduce(s)
        comm.barrier()
        return float(s)

    assert LocalComm.run(4, step) == [10.0] * 4


def test_mismatched_send_and_receive_names_both_ranks():
    def step(comm):
        if comm.rank == 0:
            comm.exchange([(1, np.zeros((2, 3), np.float32))], [])
        else:
            comm.exchange([], [(0, np.zeros((3, 2), np.float32))])

    with pytest.raises(ArgumentError, match=r"rank 0 sends a float32 \(2, 3\) array to rank 1.*float32 \(3, 2\)"):
        LocalComm.run(2, step)


@pytest.mark.parametrize("other, match", [(np.zeros(4, np.float64), r"float64 \(4,\)"),
                                          (np.zeros(5, np.float32), r"float32 \(5,\)")])
def test_all_reduce_of_mismatched_arrays(other, match):
    def step(comm):
        comm.all_reduce(np.zeros(4, np.float32) if comm.rank == 0 else other.copy())

    with pytest.raises(ArgumentError, match=match):
        LocalComm.run(2, step)


def test_all_reduce_with_different_ops_or_collectives():
    with pytest.raises(ArgumentError, match="'sum'.*'max'|'max'.*'sum'"):
        LocalComm.run(2, lambda c: c.all_reduce(np.zeros(1), "sum" if c.rank == 0 else "max"))
    with pytest.raises(CommError, match="calls (barrier|all_reduce) while rank . calls (all_reduce|barrier)"):
        LocalComm.run(2, lambda c: c.barrier() if c.rank == 0 else c.all_reduce(np.zeros(1)))


def test_a_rank_that_never_posts_times_out():
    def step(comm):
        if comm.rank == 1:
            time.sleep(2.0)   # never posts within rank 0's timeout
            return "late"
        comm.exchange([], [(1, np.zeros(2))])

    start = time.monotonic()
    with pytest.raises(CommError, match=r"rank 0: rank 0 waited 0.2 s for a message from rank 1"):
        LocalComm.run(2, step, timeout=0.2)
    assert time.monotonic() - start < 5


def test_a_send_nobody_receives_times_out_and_a_returned_peer_is_named():
    with pytest.raises(CommError, match="rank 0 waited 0.2 s for its sends to be received"):
        LocalComm.run(2, lambda c: c.exchange([(1, np.zeros(1))], []) if c.rank == 0 else time.sleep(2.0),
                      timeout=0.2)
    with pytest.raises(CommError, match=r"ranks \[1\] to join collective #0 \(barrier\), but rank 1 has returned"):
        LocalComm.run(2, lambda c: c.barrier() if c.rank == 0 else None)


def test_the_first_exception_is_raised_with_its_rank_and_peers_stop_waiting():
    def step(comm):
        if comm.rank == 2:
            raise ValueError("bad input on this rank")
        comm.barrier()

    start = time.monotonic()
    with pytest.raises(ValueError, match="^rank 2: bad input on this rank$"):
        LocalComm.run(3, step, timeout=20)
    assert time.monotonic() - start < 5


def test_run_returns_each_ranks_result_in_rank_order():
    assert LocalComm.run(3, lambda c: (c.rank, c.size)) == [(0, 3), (1, 3), (2, 3)]


@pytest.mark.parametrize("sends, recvs, match", [
    ([(2, np.zeros(1))], [], r"sends\[0\] names peer 2 on rank 0: peers are ranks 0 to 1"),
    ([], [(-1, np.zeros(1))], r"recvs\[0\] names peer -1"),
    ([(True, np.zeros(1))], [], "names peer True"),
    ([(1, [1, 2])], [], r"sends\[0\] \(peer 1\) is a list, not an array"),
    ([1], [], r"sends\[0\] must be a \(peer, array\) pair"),
    ((0, np.zeros(1)), [], "must be a .peer, array. pair"),
    ({}, [], "sends must be a list"),
    ([(0, np.zeros(1))], [], "sends 1 arrays to itself but receives 0"),
    ([(0, np.zeros(2))], [(0, np.zeros(3))], r"rank 0 sends a float64 \(2,\) array to rank 0"),
])
def test_exchange_arguments_are_checked(sends, recvs, match):
    comm = LocalComm.create(2)[0]
    with pytest.raises(ArgumentError, match=match):
        comm.exchange(sends, recvs)


def test_all_reduce_arguments_and_closed_communicators():
    comm = LocalComm.create(2)[0]
    with pytest.raises(ArgumentError, match="op is 'mean': it is one of sum, max, min, prod"):
        comm.all_reduce(np.zeros(1), "mean")
    with pytest.raises(ArgumentError, match="array is a float, not an array"):
        comm.all_reduce(1.0)
    comm.close()
    with pytest.raises(ArgumentError, match="rank 0's communicator is closed"):
        comm.barrier()


@pytest.mark.parametrize("size, timeout, match", [(0, 1, "size"), (2.0, 1, "size"), (2, 0, "timeout"),
                                                  (2, "1", "timeout")])
def test_group_arguments(size, timeout, match):
    with pytest.raises(ArgumentError, match=match):
        LocalComm.create(size, timeout)


def test_single_comm_copies_to_itself_and_keeps_all_reduces():
    comm = SingleComm()
    assert isinstance(comm, Communicator) and (comm.rank, comm.size) == (0, 1)
    a, b = np.arange(3.0), np.zeros(3)
    comm.exchange([(0, a)], [(0, b)])
    np.testing.assert_array_equal(b, a)
    comm.all_reduce(a, "max")
    np.testing.assert_array_equal(a, np.arange(3.0))
    with pytest.raises(ArgumentError, match="peer 1"):
        comm.exchange([(1, a)], [])
    with pytest.raises(ArgumentError, match="op"):
        comm.all_reduce(a, "avg")
    comm.barrier()
    comm.close()


def test_local_comms_are_communicators():
    assert all(isinstance(c, Communicator) for c in LocalComm.create(2))


def test_init_on_one_rank_is_a_single_comm():
    assert isinstance(kd.init(environ={}), SingleComm)
    assert isinstance(kd.init(environ={"RANK": "0", "WORLD_SIZE": "1"}), SingleComm)


def test_init_arguments():
    with pytest.raises(ArgumentError, match="backend is 'gloo'"):
        kd.init(backend="gloo", environ={})
    with pytest.raises(ArgumentError, match="not both"):
        kd.init(group=object(), comm=object(), environ={})
