"""kfuse.distributed.graphed without a GPU: the graph lengths a loop replays (multiples of the
state's period, longest first) and why a loop runs without graphs."""
from __future__ import annotations

import types

import pytest

from kfuse import config
from kfuse.distributed import LocalComm, SingleComm, graphed


class Sched:
    def __init__(self, period):
        self.period = period

    def graph_length(self, g):
        return max(self.period, g // self.period * self.period)


@pytest.mark.parametrize("period, steps, want", [(1, 64, [64, 32, 16, 8, 4, 2, 1]), (2, 64, [64, 32, 16, 8, 4, 2]),
                                                 (3, 64, [63, 30, 15, 6, 3]), (2, 5, [4, 2])])
def test_graph_lengths_are_multiples_of_the_period_longest_first(period, steps, want):
    got = graphed.graph_lengths(Sched(period), steps)
    assert got == want and all(n % period == 0 for n in got)


def _step(comm, reduces=()):
    return types.SimpleNamespace(comm=comm, reduces=list(reduces))


def test_why_not():
    assert graphed.why_not(_step(SingleComm()), 50) is None
    assert "LocalComm" in graphed.why_not(_step(LocalComm.create(1)[0]), 50)
    assert "all-reduces" in graphed.why_not(_step(SingleComm(), [["r"]]), 50)
    assert "fewer than" in graphed.why_not(_step(SingleComm()), 2)
    with config.override(auto_graph=False):
        assert "auto_graph" in graphed.why_not(_step(SingleComm()), 50)


def test_every_communicator_says_whether_it_can_be_captured():
    from kfuse.distributed.nccl import NcclComm
    assert SingleComm.capturable and NcclComm.capturable and not LocalComm.capturable


def test_a_graph_s_steps_keep_the_roles_they_have_in_the_loop():
    """Deep halos: a graph of whole groups may start anywhere in a group; its steps, captured
    with the roles of a loop that ends past them, have the roles the real loop gives them (and
    a short last group's roles are never captured: graphs end before it)."""
    for d in range(1, 9):
        st = graphed.Stepper.__new__(graphed.Stepper)
        st.group = d
        for steps in range(3, 40):
            end = min(steps - 1, steps // d * d)
            for i in range(1, end):
                for n in range(d, end - i + 1, d):
                    assert all(st.role(k, steps) == st.role(k, i + n + d) for k in range(i, i + n)), (d, steps, i, n)


def test_a_short_last_group_runs_the_groups_last_steps():
    st = graphed.Stepper.__new__(graphed.Stepper)
    st.group = 4
    assert [st.role(i, 10) for i in range(10)] == [(0, True), (1, False), (2, False), (3, False),
                                                   (0, True), (1, False), (2, False), (3, False),
                                                   (2, True), (3, False)]


def test_a_host_array_in_a_graph_key_is_its_bytes_not_its_repr():
    import numpy as np
    a = np.zeros(5000)
    b = a.copy()
    b[2500] = 1.0
    assert repr(a) == repr(b)   # NumPy elides the middle of a long array
    assert graphed._key_of(a) != graphed._key_of(b) and graphed._key_of(a) == graphed._key_of(a.copy())
    assert graphed._key_of(0.5) == graphed._key_of(0.5) != graphed._key_of(0.25)
