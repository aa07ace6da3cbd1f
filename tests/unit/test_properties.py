"""Property tests: random script expressions agree with NumPy; random programs survive JSON."""
from __future__ import annotations

import json

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from kfuse import reference
from kfuse.api import bind_sizes
from kfuse.frontend import script
from kfuse.ir import Program

OPS = ["+", "-", "*", "/"]


def exprs(kind: str, depth: int):
    """(script text, Python text) of a random expression of ``kind`` ('vector' or 'scalar')."""
    if kind == "vector":
        leaves = st.sampled_from([("x", "x"), ("y", "y")])
    else:
        lit = st.sampled_from(["2", "0.5", "3.25", "1e-1", "7."]).map(lambda t: (t, f"F({t})"))  # F: NumPy float
        leaves = st.one_of(st.just(("a", "a")), lit)
    if depth == 0:
        return leaves
    sub_v, sub_s = exprs("vector", depth - 1), exprs("scalar", depth - 1)

    def binary(pair, op):
        (l, lp), (r, rp) = pair
        return f"({l} {op} {r})", f"({lp} {op} {rp})"

    def neg(e):
        return f"(-{e[0]})", f"(-{e[1]})"

    if kind == "vector":
        mixed = st.one_of(st.tuples(sub_v, sub_v), st.tuples(sub_v, sub_s), st.tuples(sub_s, sub_v))
        return st.one_of(leaves, st.builds(binary, mixed, st.sampled_from(OPS)), st.builds(neg, sub_v))
    dot = st.builds(lambda l, r: (f"({l[0]} @ {r[0]})", f"({l[1]} @ {r[1]})"), sub_v, sub_v)
    return st.one_of(leaves, st.builds(binary, st.tuples(sub_s, sub_s), st.sampled_from(OPS)),
                     st.builds(neg, sub_s), dot)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["vector", "scalar"]).flatmap(lambda k: st.tuples(st.just(k), exprs(k, 3))))
def test_random_expressions_match_numpy(case):
    kind, (text, py) = case
    decl = "vector out(n);" if kind == "vector" else "scalar out;"
    prog = script.parse(f"vector x(n), y(n); scalar a; {decl} input x, y, a;\nout = {text};\nreturn out;", "e",
                        "float64")
    prog = bind_sizes(prog, {"n": 3} if "n" in prog.symbols() else {})
    x, y, a = np.array([1.0, 1.5, 2.0]), np.array([1.25, -0.5, 3.0]), np.float64(1.75)
    with np.errstate(all="ignore"):   # (a - a) may well be a divisor: inf and nan must agree too
        got = reference.run(prog, {"x": x, "y": y, "a": a})[prog.outputs[0]]
        want = eval(py, {"x": x, "y": y, "a": a, "F": np.float64})   # noqa: S307 - our own generated arithmetic
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=0, equal_nan=True, err_msg=text)
    # and the program survives a JSON round trip unchanged
    assert Program.from_json(json.dumps(prog.to_json())) == prog


def test_a_negative_zero_literal_keeps_its_sign():
    """-(2 - 2) is -0.0 (float literals, as NumPy's float64): x / -(2 - 2) is -inf, not +inf (the
    literal table once merged -0.0 into the 0.0 made first, since -0.0 == 0.0)."""
    prog = script.parse("vector x(n), out(n); input x;\nout = (x / (-(2 - 2))) * 3 + 0 * (2 - 2);\nreturn out;", "e",
                        "float64")
    prog = bind_sizes(prog, {"n": 2})
    x = np.array([1.0, -2.0])
    with np.errstate(all="ignore"):
        got = reference.run(prog, {"x": x})[prog.outputs[0]]
        want = x / -(np.float64(2) - np.float64(2)) * 3
    np.testing.assert_array_equal(got, want)   # [-inf, inf]
    zeros = [v.const for v in prog.values.values() if v.role == "const" and v.const == 0]
    assert sorted(np.copysign(1.0, zeros)) == [-1.0, 1.0]
