"""The seed's DDG (a node per call and per array version) and OEG, as DOT and JSON (issue 19)."""
from __future__ import annotations

import dataclasses
import json

import pytest

from kfuse.errors import KfuseError
from kfuse.ir import ddg

from .unit_helpers import bound

TWO = """vector x(n), z(n), y(n), w(n);
input x, z;
y = x + z;
w = y * z;
return w;
"""

APART = """vector x(n), z(n), y(n), w(n);
input x, z;
y = x + z;
w = z * z;
return y, w;
"""


def _edges(oeg) -> dict:
    return {(e.src, e.dst): set(e.deps) for e in oeg.edges}


def test_gemver_has_a_version_per_value_and_the_programs_edges():
    prog = bound("gemver", m=5, n=6)
    g, o = ddg.build(prog)
    assert [c.order for c in g.calls] == [0, 1, 2, 3] and g.repairs == ()
    assert {a.id for a in g.arrays} == {f"{n}@0" for n in prog.values if prog.value(n).role != "const"}
    assert set(_edges(o)) == {(a, b) for a, b, _ in prog.edges()}
    assert all(k == "raw" for deps in _edges(o).values() for k, _ in deps)
    reads = [e for e in g.accesses if e.kind == "read" and e.call == 3]
    assert {e.array for e in reads} == {"B.1@0", "x@0", "alpha@0"}   # the literal 1.0 of call 2 is no array


def test_out_buffer_aliasing_an_input_makes_a_version_and_a_cycle_repair():
    """w written into x's memory (out= onto the buffer call 0 reads): call 1 makes x@1, must
    follow call 0 (write after read, and read after write through y), and the cycle
    x -> 0 -> y -> 1 -> x is reported broken by precedence to call 0."""
    prog = bound(TWO, n=8)
    g, o = ddg.build(prog, buffers={"w": "x"})
    assert "x@1" in {a.id for a in g.arrays}
    assert _edges(o) == {(0, 1): {("raw", "y@0"), ("war", "x")}}
    assert g.repairs == ("read/write cycle through calls 0, 1 and arrays x, y: broken by precedence to call 0 "
                         "(launched first); later writes are new versions",)
    assert 'repair: read/write cycle' in g.to_dot()


def test_write_after_read_without_a_cycle_and_write_after_write():
    prog = bound(APART, n=8)
    g, o = ddg.build(prog, buffers={"w": "x"})
    assert _edges(o) == {(0, 1): {("war", "x")}} and g.repairs == ()
    g, o = ddg.build(prog, buffers={"w": "y"})
    assert _edges(o) == {(0, 1): {("waw", "y")}}
    assert g.repairs == ("array y is written by calls 0, 1: one instance per write (y@0, y@1); the OEG keeps "
                         "their order (write after write)",)


def test_in_place_call_is_reported():
    prog = bound(TWO, n=8)
    g, o = ddg.build(prog, buffers={"y": "x"})
    assert any(r.startswith("call 0 reads and writes x in place") for r in g.repairs)
    assert ("raw", "x@1") in _edges(o)[(0, 1)]


def test_unknown_buffer_value_is_refused():
    with pytest.raises(KfuseError, match="has no value 'nope'"):
        ddg.build(bound(TWO, n=8), buffers={"nope": "x"})


def _windowed():
    """TWO with call 0 reading x through a window view x[1:9] of a longer x (STENCIL_API.md)."""
    prog = bound(TWO, n=8)
    values = dict(prog.values)
    values["x"] = dataclasses.replace(prog.value("x"), type=dataclasses.replace(prog.value("x").type, shape=(10,)))
    view = dataclasses.replace(prog.value("z"), name="x_w", role="temp", view_of="x", user_name="x[1:9]")
    view.window = ((1, 9),)
    values["x_w"] = view
    calls = [dataclasses.replace(prog.calls[0], args={**prog.calls[0].args, "x": "x_w"})] + prog.calls[1:]
    return dataclasses.replace(prog, values=values, calls=calls)


def test_window_reads_are_labelled_with_offsets_and_round_trip():
    prog = _windowed()
    g, o = ddg.build(prog)
    read = next(e for e in g.accesses if e.kind == "read" and e.call == 0 and e.param == "x")
    assert read.array == "x@0" and read.offsets == (1,)
    assert '"x@0" -> "call:0" [label="x [1]"];' in g.to_dot()
    back = ddg.DDG.from_json(json.loads(json.dumps(g.to_json())))
    assert back == g and back.to_dot() == g.to_dot()


@pytest.mark.parametrize("buffers", [None, {"w": "x"}, {"w": "y"}])
def test_json_and_dot_round_trip(buffers):
    prog = bound(APART, n=8)
    g, o = ddg.build(prog, buffers=buffers, excluded={1: "compute-bound"})
    g2 = ddg.DDG.from_json(json.dumps(g.to_json()))
    o2 = ddg.OEG.from_json(json.dumps(o.to_json()))
    assert (g2, o2) == (g, o) and g2.to_dot() == g.to_dot() and o2.to_dot() == o.to_dot()
    assert not o.calls[1].eligible and 'style="rounded,dashed"' in o.to_dot()
    assert o.order() == [0, 1]


def test_bad_graph_json_is_one_clear_error():
    with pytest.raises(KfuseError, match="not a kfuse DDG JSON"):
        ddg.DDG.from_json({"kfuse_oeg": 1})
    with pytest.raises(KfuseError, match="the OEG: not valid JSON"):
        ddg.OEG.from_json("{nope")


def test_clusters_draw_one_subgraph_per_kernel():
    prog = bound("gemver", m=5, n=6)
    _, o = ddg.build(prog)
    dot = o.to_dot([("k0_a", [0, 1, 2]), ("k1_b", [3])], "a note")
    assert dot.count("subgraph cluster_k") == 2 and "subgraph cluster_k1 {" in dot and "// a note" in dot
    assert dot.count('"call:3" [shape') == 1
