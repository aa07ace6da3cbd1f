"""The all-reduces of a rank's step (kfuse.distributed.reduce): which scalars each launch
finishes, grouped by op and dtype; the scalars of a group packed as views of one array; one
communicator call per group, in launch order, and over LocalComm ranks every rank holding the
combined value; what no all-reduce can combine is refused."""
from __future__ import annotations

import types

import numpy as np
import pytest

from kfuse.distributed import LocalComm
from kfuse.distributed.reduce import AllReduce, all_reduce_packed, pack_outputs, reduce_schedule
from kfuse.errors import PlanError
from kfuse.frontend.trace import trace


def stats(a):
    b = a.copy()
    b[1:-1] = 0.5 * (a[:-2] + a[2:])
    return b, ((b - a) ** 2).sum(), abs(b).max(), b.min(), (b * a).sum()


class CountingComm:
    """A communicator that records its all-reduces (op, dtype, length, the array) and leaves
    the arrays as they are."""

    def __init__(self):
        self.calls = []

    def all_reduce(self, array, op="sum", stream=None):
        self.calls.append((op, str(array.dtype), int(array.size), array))


def _launch(calls, outs):
    args = tuple(types.SimpleNamespace(kind="out", value=v) for v in outs)
    return types.SimpleNamespace(calls=tuple(calls), args=args)


def _program():
    return trace(stats, ["a"], [("a", (20,), "float32", "C")], "stats")[0]


def _reduced(prog, fn_name, nth=0):
    return [c.outs["r"] for c in prog.calls if c.fn == fn_name][nth]


def test_each_launch_all_reduces_the_scalars_it_finishes_grouped_by_op_and_dtype():
    prog = _program()
    split = 1 + max(c.id for c in prog.calls if c.fn == "assign")
    s1, mx, mn, s2 = _reduced(prog, "sum"), _reduced(prog, "max"), _reduced(prog, "min"), _reduced(prog, "sum", 1)
    first = _launch(range(split), [prog.outputs[0]])
    second = _launch(range(split, len(prog.calls)), [s1, mx, mn, s2])
    got = reduce_schedule(prog, [first, second])
    assert got == ((), (AllReduce("sum", "float32", (s1, s2)), AllReduce("max", "float32", (mx,)),
                        AllReduce("min", "float32", (mn,))))
    # a launch that does not store a reduction's scalar (another launch finishes it) all-reduces nothing
    assert reduce_schedule(prog, [_launch(range(len(prog.calls)), [prog.outputs[0]])]) == ((),)


def test_packed_scalars_are_views_of_one_array_and_one_call_per_group():
    schedule = ((), (AllReduce("sum", "float64", ("r", "s")), AllReduce("max", "float32", ("m",))))
    views, packed = pack_outputs(schedule, np, poison=True)
    assert set(views) == {"r", "s", "m"} and all(v.shape == () for v in views.values())
    assert packed[0] == () and np.isnan(packed[1][0][1]).all()
    views["r"][...] = 2.0
    views["s"][...] = 3.0
    views["m"][...] = -1.0
    assert packed[1][0][1].tolist() == [2.0, 3.0] and packed[1][1][1].tolist() == [-1.0]
    comm = CountingComm()
    for launch in packed:
        all_reduce_packed(launch, comm)
    assert [c[:3] for c in comm.calls] == [("sum", "float64", 2), ("max", "float32", 1)]
    assert comm.calls[0][3] is packed[1][0][1]


def test_over_ranks_every_rank_holds_the_combined_scalars():
    schedule = ((AllReduce("sum", "float64", ("r", "s")), AllReduce("max", "float64", ("m",))),)

    def rank(comm):
        views, packed = pack_outputs(schedule, np)
        views["r"][...], views["s"][...], views["m"][...] = comm.rank + 1.0, 10.0 * comm.rank, -comm.rank
        all_reduce_packed(packed[0], comm)
        return float(views["r"]), float(views["s"]), float(views["m"])

    assert LocalComm.run(3, rank) == [(6.0, 30.0, 0.0)] * 3


def test_a_reduction_to_an_array_is_refused():
    call = types.SimpleNamespace(fn="sum", outs={"r": "v"}, label="v = sum(x)")
    prog = types.SimpleNamespace(calls=[call],
                                 value=lambda n: types.SimpleNamespace(type=types.SimpleNamespace(kind="vector",
                                                                                                 dtype="float32")))
    with pytest.raises(PlanError, match="v = sum\\(x\\) reduces to a vector: a placed reduction all-reduces scalars"):
        reduce_schedule(prog, [_launch([0], ["v"])])
