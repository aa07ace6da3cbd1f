"""Building the graph of long steps (issue 31, item 6): 10,000 statements that reassign one name
(``y = y + x``) parse and trace in time linear in the statements, as distinct names do.

The linear bound is checked deterministically (how many candidate names the builder tries);
the wall-clock bound is a generous guard for a 2-core CI machine, not a benchmark
(benchmarks/plan_scaling.py --build measures it)."""
from __future__ import annotations

import time

import pytest

import kfuse
from kfuse import ShapeDtype
from kfuse.frontend import builder as builder_mod
from kfuse.frontend.builder import GraphBuilder
from kfuse.frontend.trace import lower_spec, trace
from kfuse.ir import ArrayType


def _script(n: int) -> str:
    return "vector x(n), y(n);\ninput x, y;\n" + "y = y + x;\n" * n + "return y;\n"


def _traced(n: int):
    ns: dict = {}
    exec("def f(x, y):\n" + "    y = y + x\n" * n + "    return y\n", ns)
    spec = lower_spec("x", ShapeDtype((1000,), "float32"))
    return trace(ns["f"], ["x", "y"], [spec, spec])[0]


class _CountingDict(dict):
    """The builder's values, counting membership tests (each candidate name tried costs one)."""
    tests = 0

    def __contains__(self, key):
        _CountingDict.tests += 1
        return super().__contains__(key)


@pytest.fixture
def counted_names(monkeypatch):
    """How many names the builders made from now on tested for being taken."""
    real = GraphBuilder.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        self.values = _CountingDict(self.values)

    monkeypatch.setattr(GraphBuilder, "__init__", init)
    monkeypatch.setattr(builder_mod, "MAX_CALLS", 10 ** 6)
    _CountingDict.tests = 0
    return _CountingDict


def test_reassigning_one_name_tries_each_name_once(counted_names):
    """``y = y + x`` 2,000 times: a few names tried per statement, not one per earlier version
    of ``y`` (before: about 2,000,000 for the script's ``y``, ``y.1`` ... ``y.1999``)."""
    p = kfuse.parse(_script(2000))
    assert len(p.calls) == 2000
    assert p.calls[-1].out == "y.2000"
    assert counted_names.tests < 20 * 2000, counted_names.tests


def test_ten_thousand_reassignments_build_in_linear_time(monkeypatch):
    monkeypatch.setattr(builder_mod, "MAX_CALLS", 10 ** 6)
    t0 = time.perf_counter()
    p = kfuse.parse(_script(10_000))
    script_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    q = _traced(10_000)
    trace_s = time.perf_counter() - t0
    assert len(p.calls) == len(q.calls) == 10_000
    assert script_s < 10 and trace_s < 6, (script_s, trace_s)   # before the fix: the script took 34 s


def test_versions_keep_their_names():
    """The memory of taken names does not change which name a new version gets."""
    p = kfuse.parse(_script(3))
    assert [c.out for c in p.calls] == ["y.1", "y.2", "y.3"]


def test_a_freed_name_is_given_again():
    """A name renamed away (the script renames each statement's temporary) is free again, as
    before fresh_name remembered the names it walked past."""
    b = GraphBuilder("names")
    t = ArrayType("vector", "float32", (8,))
    b.add_value(t, name="y")
    assert b.fresh_name("y") == "y.1"
    b.add_value(t, name="y.1")
    assert b.fresh_name("y") == "y.2"
    b.rename_value("y.1", "z")
    assert b.fresh_name("y") == "y.1"
    b.remove_value("y")
    assert b.fresh_name("y") == "y"
    b.add_value(t, name="y_1")   # the C identifier of y.1: taken again
    assert b.fresh_name("y") == "y"
    b.add_value(t, name="y")
    assert b.fresh_name("y") == "y.2"
