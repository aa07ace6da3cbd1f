"""The IR: types, JSON round trips, DOT, the dependency graph, fingerprints, C identifiers."""
from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from kfuse.errors import DTypeError, KfuseError, ShapeError
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.ir import ArrayType, Program, check_dtype, ident
from kfuse.ir.program import RESERVED

from .unit_helpers import EXAMPLE_NAMES, bound, check_dot, example


def programs():
    """Every example unbound and bound, in two dtypes, plus programs with complex consts and views."""
    out = []
    for name in EXAMPLE_NAMES:
        out.append((f"{name}-unbound", script.load(example(name))))
        out.append((f"{name}-bound-c128", bound(name, "complex128", m=5, n=7)))
        out.append((f"{name}-bound-f32", bound(name, "float32", m=5, n=7)))
    out.append(("complex-consts", script.parse(
        "complex128 vector c(n), d(n); input c; d = (2.5 - 1j) * c + 1j - 3; return d;", "cc")))
    out.append(("views", script.parse(
        "matrix A(m, n, order=F), B(n, m); vector x(m), w(n); input A, x;"
        "w = gemv(A.T, x, alpha=-2); B = A.T; return w, B, A;", "views")))
    out.append(("traced-view", trace(lambda A, x: (A.T, A.T @ x, x * (1 + 2j)), ["A", "x"],
                                     [("a", (3, 4), "complex64", "C"), ("a", (3,), "complex64", "C")])[0]))
    return out


PROGRAMS = programs()


def assert_same_program(a: Program, b: Program):
    assert (a.name, a.inputs, a.outputs, a.sizes) == (b.name, b.inputs, b.outputs, b.sizes)
    assert list(a.values) == list(b.values)
    for n in a.values:
        va, vb = a.values[n], b.values[n]
        for f in dataclasses.fields(va):
            x, y = getattr(va, f.name), getattr(vb, f.name)
            assert x == y and type(x) is type(y), f"value {n}.{f.name}: {x!r} != {y!r}"
    assert len(a.calls) == len(b.calls)
    for ca, cb in zip(a.calls, b.calls):
        for f in dataclasses.fields(ca):
            x, y = getattr(ca, f.name), getattr(cb, f.name)
            assert x == y and type(x) is type(y), f"call {ca.id}.{f.name}: {x!r} != {y!r}"
    assert a == b


# ---------------------------------------------------------------------------- types
def test_array_type_checks():
    with pytest.raises(ShapeError, match="unknown kind"):
        ArrayType("tensor", "float32", ())
    with pytest.raises(ShapeError, match="a matrix has 2 dimension"):
        ArrayType("matrix", "float32", (3,))
    with pytest.raises(ShapeError, match="memory order must be 'C' or 'F'"):
        ArrayType("matrix", "float32", (3, 4), "K")
    assert ArrayType("vector", "float32", (3,), "F").order == "C"   # only matrices have an order


def test_array_type_helpers():
    t = ArrayType("matrix", "complex64", ("m", 4), "C")
    assert not t.is_bound and t.rank == 2
    assert t.describe() == "matrix(m, 4) complex64 C"
    tt = t.transposed()
    assert tt.shape == (4, "m") and tt.order == "F" and tt.transposed() == t
    b = t.bind({"m": 3})
    assert b.shape == (3, 4) and b.size() == 12 and b.nbytes() == 96
    assert ArrayType("scalar", "float64").describe() == "scalar float64"
    assert ArrayType.from_json(t.to_json()) == t
    with pytest.raises(ShapeError, match="size 'm' is not bound"):
        t.bind({})


@pytest.mark.parametrize("given_,name", [("float32", "float32"), ("f8", "float64"), ("complex64", "complex64"),
                                         ("complex128", "complex128")])
def test_check_dtype_accepts(given_, name):
    import numpy as np
    assert check_dtype(given_) == name
    assert check_dtype(np.dtype(name)) == name


@pytest.mark.parametrize("bad", ["float16", "int32", "bool", "nonsense"])
def test_check_dtype_rejects(bad):
    with pytest.raises(DTypeError, match="unsupported element type"):
        check_dtype(bad)


# ---------------------------------------------------------------------------- JSON
@pytest.mark.parametrize("case,prog", PROGRAMS, ids=[p[0] for p in PROGRAMS])
def test_json_round_trip_loses_nothing(case, prog):
    text = json.dumps(prog.to_json())
    back = Program.from_json(json.loads(text))
    assert_same_program(back, prog)
    assert_same_program(Program.from_json(text), prog)   # from a JSON string as well
    assert back.fingerprint() == prog.fingerprint()
    assert json.dumps(back.to_json()) == text


def test_json_keeps_complex_constants_exact():
    prog = dict(PROGRAMS)["complex-consts"]
    consts = {v.const for v in Program.from_json(json.dumps(prog.to_json())).values.values() if v.role == "const"}
    assert consts == {2.5 - 1j, 1j, 3.0}
    assert {"re": 2.5, "im": -1.0} in [v.get("const") for v in prog.to_json()["values"]]


def test_json_keeps_views():
    prog = Program.from_json(json.dumps(dict(PROGRAMS)["views"].to_json()))
    view = prog.value("A.T")
    assert view.view_of == "A" and view.type.order == "C" and view.type.shape == ("n", "m")


def test_json_version_is_checked():
    d = script.load(example("bicgk")).to_json()
    d["kfuse_program"] = 99
    with pytest.raises(KfuseError, match="not a kfuse program JSON"):
        Program.from_json(d)
    with pytest.raises(KfuseError, match="not a kfuse program JSON"):
        Program.from_json({"name": "x"})


# ---------------------------------------------------------------------------- graph
def test_edges_atax():
    prog = script.load(example("atax"))
    assert prog.edges() == [(0, 1, "t")]
    assert prog.producers() == {"t": 0, "y": 1}
    assert prog.consumers() == {"A": [0, 1], "x": [0], "t": [1]}


def test_edges_gemver():
    prog = script.load(example("gemver"))
    assert sorted(set(prog.edges())) == [(0, 1, "B"), (1, 2, "B.1"), (1, 3, "B.1"), (2, 3, "x")]


def test_edges_bicgk_are_independent():
    assert script.load(example("bicgk")).edges() == []


def test_edges_through_views():
    prog = script.parse("matrix A(m, n); vector u(m), v(n), x(m), w(n); input A, u, v, x;"
                        "A = ger(A, u, v); w = gemv(A.T, x); return w;", "s")
    assert prog.edges() == [(0, 1, "A.1")]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_edges_point_forward(name):
    prog = script.load(example(name))
    for src, dst, val in prog.edges():
        assert src < dst
        assert val in prog.calls[src].outs.values()


def test_symbols_in_first_use_order():
    assert script.load(example("bicgk")).symbols() == ["m", "n"]
    assert script.load(example("sscal")).symbols() == ["n"]
    assert bound("bicgk").symbols() == []


def test_describe():
    text = script.load(example("atax")).describe()
    assert text.splitlines() == [
        "program atax",
        "  input  A        matrix(m, n) float32 C",
        "  input  x        vector(n) float32",
        "  call 0   t = gemv(A, x)",
        "  call 1   y = gemv_t(A, t)   <- call 0",
        "  return y",
    ]
    assert "(host scalar)" in script.load(example("sscal")).describe()


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_to_dot_is_valid_looking(name):
    prog = script.load(example(name))
    nodes, edges = check_dot(prog.to_dot())
    call_nodes = [n for n in nodes if n.startswith("call:")]
    assert len(call_nodes) == len(prog.calls)
    for c in prog.calls:
        for v in c.args.values():
            assert (prog.base(v), f"call:{c.id}") in edges
        for v in c.outs.values():
            assert (f"call:{c.id}", v) in edges
    for o in prog.outputs:
        assert o in nodes


def test_to_dot_labels_and_styles():
    text = script.load(example("gemver")).to_dot()
    assert 'label="2: gemv_t\\nx = gemv_t(B, y, alpha=beta, beta=1.0, y=z)"' in text
    assert '"B.1" [label="B\\nmatrix(m, n) float32 C",peripheries=2]' in text
    assert '"c0" [label="1.0\\nscalar float32",shape=plaintext]' in text
    assert '"A" [label="A\\nmatrix(m, n) float32 C",style=filled' in text


def test_to_dot_value_named_like_a_call_node():
    prog = script.parse("vector x(n), call0(n); input x; call0 = x + x; return call0;", "c")
    nodes, edges = check_dot(prog.to_dot())
    assert "call0" in nodes and ("call:0", "call0") in edges and ("x", "call:0") in edges


def test_to_dot_escapes_labels():
    prog = script.load(example("bicgk"))
    prog.calls[0].label = 'q = "quoted" \\ label'
    check_dot(prog.to_dot())
    assert '\\"quoted\\" \\\\ label' in prog.to_dot()


# ---------------------------------------------------------------------------- fingerprints
def test_fingerprint_is_stable_and_discriminating():
    a, b = script.load(example("bicgk")), script.load(example("bicgk"))
    assert a.fingerprint() == b.fingerprint() and re.fullmatch(r"[0-9a-f]{16}", a.fingerprint())
    assert bound("bicgk", m=5, n=7).fingerprint() == bound("bicgk", m=5, n=7).fingerprint()
    prints = {a.fingerprint(), bound("bicgk", m=5, n=7).fingerprint(), bound("bicgk", m=7, n=5).fingerprint(),
              bound("bicgk", "float64", m=5, n=7).fingerprint(), script.load(example("atax")).fingerprint()}
    assert len(prints) == 5


def test_fingerprint_is_the_same_in_another_process():
    code = ("import sys; from kfuse.frontend import script; "
            f"print(script.load({example('gemver')!r}, 'complex64').fingerprint())")
    here = script.load(example("gemver"), "complex64").fingerprint()
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        assert out.stdout.strip() == here


# ---------------------------------------------------------------------------- C identifiers
@pytest.mark.parametrize("name,c", [
    ("A", "A"), ("B.1", "B_1"), ("A.T", "A_T"), ("s", "s_"), ("int", "int_"), ("N", "N_"), ("x", "x_"),
    ("kf_tmp", "kf_tmp_"), ("1x", "v1x"), ("A_e", "A_e_"), ("r_acc", "r_acc_"), ("q_gemv_compute", "q_gemv_compute_"),
    ("s_a", "s_a_"), ("x_", "x__"), ("s_", "s__"), ("alpha", "alpha"), ("u1", "u1"), ("A_T", "A_T"), ("x_1", "x_1"),
])
def test_ident(name, c):
    assert ident(name) == c


def test_ident_avoids_every_reserved_word():
    for word in RESERVED:
        assert ident(word) != word and ident(word) not in RESERVED


# value names start with a letter or '_' (the front ends never make others)
names = st.text(alphabet="abxsAeBfvo_1.T", min_size=1, max_size=6).filter(lambda n: not n[0].isdigit())


@settings(max_examples=300, deadline=None)
@given(st.lists(names, min_size=2, max_size=6, unique=True))
def test_ident_is_one_to_one_on_distinct_sanitised_names(raw):
    # '.' and '_' both become '_': distinct names that only differ there are the front ends' job
    # (GraphBuilder.fresh_name); every other pair must give distinct identifiers
    canon = {}
    for n in raw:
        canon.setdefault(n.replace(".", "_"), n)
    idents = [ident(n) for n in canon.values()]
    assert len(set(idents)) == len(idents)
    for i in idents:
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", i)
        # no identifier looks like a name the generated code derives from another one
        # (``A`` -> ``A_e``, ``r`` -> ``r_acc``, ``q_gemv`` -> ``q_gemv_compute``)
        assert not re.search(r"_[a-z]+$", i)
