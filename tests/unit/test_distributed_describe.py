"""A decomposition and its exchanges in words (kfuse.distributed.describe): the numbers in the
lines are the decomposition's and the exchange plan's (bytes = box volume x itemsize)."""
from __future__ import annotations

import math
import re

import pytest

from kfuse.distributed import Halo, decompose, exchange_plan
from kfuse.distributed.describe import box_words, describe, direction_words, traffic
from kfuse.errors import ArgumentError, ShapeError


def _vol(box):
    return 0 if box is None else math.prod(hi - lo for lo, hi in box)


def test_two_row_slabs_of_jacobi_say_their_boxes_and_bytes():
    d = decompose((10, 6), 2, split=(2, 1))
    lines = describe(d, {"u": Halo(((1, 1), (0, 0)))}, {"u": 4})
    assert lines[0] == "process grid: 2 x 1 = 2 ranks over a 10 x 6 grid (C order; axis 0 in 2)"
    assert "rank 0 at (0, 0) owns [0:5, 0:6] (5 x 6) = 30 elements" in lines
    assert "rank 1 at (1, 0) owns [5:10, 0:6] (5 x 6) = 30 elements" in lines
    assert "array 'u' (4 bytes per element): halo axis 0 (1 low, 1 high), axis 1 (0 low, 0 high); no corners" in lines
    assert "  rank 0 stores [0:6, 0:6] (6 x 6) = 144 bytes" in lines
    assert "  rank 1 stores [4:10, 0:6] (6 x 6) = 144 bytes" in lines
    assert ("  rank 0 <-> rank 1, 'u' toward axis 0 high: sends [4:5, 0:6] (1 x 6) = 24 bytes, "
            "receives [5:6, 0:6] (1 x 6) = 24 bytes") in lines
    assert "exchange of rank 1: 1 messages, 24 bytes sent and 24 bytes received per step" in lines
    assert lines[-1] == "all ranks: 48 bytes sent per step (most by one rank: 24)"


CASES = [((10, 7), (2, 2), (False, True), {"u": Halo(((1, 1), (1, 2)), True), "v": Halo(((0, 1), (0, 0)))}),
         ((9, 8, 5), (3, 1, 1), False, {"a": Halo(((2, 1), (0, 0), (0, 0)))}),
         ((12, 12), (2, 3), True, {"w": Halo(((1, 1), (1, 1)), True)})]


@pytest.mark.parametrize("shape, dims, periodic, halos", CASES)
def test_every_message_line_is_the_plan_with_bytes_from_volume_and_itemsize(shape, dims, periodic, halos):
    d = decompose(shape, math.prod(dims), split=dims, periodic=periodic)
    sizes = {name: 4 * (i + 1) for i, name in enumerate(sorted(halos))}
    lines = describe(d, halos, sizes)
    msg = [ln for ln in lines if " <-> " in ln]
    want = []
    for r in range(d.size):
        for name in sorted(halos):
            want += [(r, m) for m in exchange_plan(d, r, {name: halos[name]}, sizes[name])]
    assert len(msg) == len(want)
    for line, (r, m) in zip(msg, want):
        assert m.nbytes == _vol(m.send) * sizes[m.array] and m.recv_nbytes == _vol(m.recv) * sizes[m.array]
        assert line.startswith(f"  rank {r} <-> rank {m.peer}, {m.array!r} toward {direction_words(m.direction)}:")
        assert f"sends {box_words(m.send)} = {m.nbytes} bytes" in line
        assert f"receives {box_words(m.recv)} = {m.recv_nbytes} bytes" in line
    sums = traffic(d, halos, sizes)
    for r, t in sums.items():
        sent = sum(m.nbytes for rr, m in want if rr == r)
        got = sum(m.recv_nbytes for rr, m in want if rr == r)
        assert (t.sent, t.received) == (sent, got)
        assert f"exchange of rank {r}: {t.messages} messages, {sent} bytes sent and {got} bytes received per step" in lines
    # what is sent is received: the totals over ranks agree
    assert sum(t.sent for t in sums.values()) == sum(t.received for t in sums.values())
    assert lines[-1].startswith(f"all ranks: {sum(t.sent for t in sums.values())} bytes sent per step")


def test_one_rank_only_and_the_corner_words():
    d = decompose((10, 7), 4, split=(2, 2), periodic=(False, True))
    lines = describe(d, {"u": Halo(((1, 1), (1, 2)), True)}, 4, rank=1)
    owns = [ln for ln in lines if " owns " in ln]
    assert owns == ["rank 1 at (0, 1) owns [0:5, 4:7] (5 x 3) = 15 elements"]
    assert not any(ln.startswith("exchange of rank 0") or ln.startswith("all ranks") for ln in lines)
    corner = [ln for ln in lines if "(corner)" in ln]
    assert len(corner) == 2 and all("rank 1 <-> rank 2" in ln for ln in corner)
    assert "periodic along axis 1" in lines[0]
    # the padded block runs past the wrapped edge: (5 + 1) x (3 + 1 + 2) elements of 4 bytes
    assert "  rank 1 stores [0:6, 3:9] (6 x 6) = 144 bytes" in lines


def test_bytes_grow_with_the_itemsize():
    d = decompose((16, 16), 4)
    halos = {"a": Halo(((1, 1), (1, 1)))}
    four, eight = traffic(d, halos, 4), traffic(d, halos, 8)
    assert all(eight[r].sent == 2 * four[r].sent > 0 for r in range(4))
    line = [ln for ln in describe(d, halos, 8) if ln.startswith("exchange of rank 0")][0]
    assert re.search(rf"\b{eight[0].sent} bytes sent", line)


def test_one_rank_exchanges_nothing():
    d = decompose((8, 8), 1)
    lines = describe(d, {"a": Halo(((1, 1), (1, 1)))}, 4)
    assert "exchange of rank 0: 0 messages, 0 bytes sent and 0 bytes received per step" in lines
    assert not any(ln.startswith("all ranks") for ln in lines)


@pytest.mark.parametrize("halos, sizes, rank, kind, words", [
    ({"a": Halo(((1, 1),))}, 4, None, ShapeError, "halos['a']: 1 axes"),
    ({"a": Halo(((1, 1), (0, 0)))}, {"b": 4}, None, ArgumentError, "itemsizes: None for array 'a'"),
    ({"a": Halo(((1, 1), (0, 0)))}, 0, None, ArgumentError, "itemsizes: 0"),
    ({"a": Halo(((1, 1), (0, 0)))}, 4, 2, ArgumentError, "rank: 2 is not one of the ranks 0..1"),
])
def test_bad_input_is_refused_naming_the_argument(halos, sizes, rank, kind, words):
    with pytest.raises(kind, match=re.escape(words)):
        describe(decompose((8, 8), 2), halos, sizes, rank=rank)
