"""The NumPy reference interpreter against results computed by hand on tiny inputs."""
from __future__ import annotations

import math

import numpy as np
import pytest

from kfuse import reference
from kfuse.api import bind_sizes
from kfuse.errors import ArgumentError
from kfuse.fusion import unfused_plan
from kfuse.frontend import script
from kfuse.frontend.trace import trace

from .unit_helpers import DTYPES, EXAMPLE_NAMES, bound, example

A23 = [[1, 2, 3], [4, 5, 6]]
A22 = [[1, 2], [3, 4]]

# name -> (sizes, inputs, expected outputs by output value name), all by hand
EXAMPLE_CASES = {
    "bicgk": ({"m": 2, "n": 3}, {"A": A23, "p": [1, 0, -1], "r": [1, 2]},
              {"q": [-2, -2], "s": [9, 12, 15]}),
    "atax": ({"m": 2, "n": 3}, {"A": A23, "x": [1, 1, 1]},
             {"y": [66, 87, 108]}),                                      # t = [6, 15]
    "axpydot": ({"n": 3}, {"w": [1, 2, 3], "v": [1, 1, 1], "u": [2, 0, 1], "alpha": 2.0},
                {"z": [-1, 0, 1], "r": -1}),
    "gemver": ({"m": 2, "n": 2}, {"A": A22, "u1": [1, 0], "v1": [1, 1], "u2": [0, 1], "v2": [2, 0],
                                  "y": [1, 1], "z": [1, -1], "alpha": 2.0, "beta": 3.0},
               {"B.1": [[2, 3], [5, 4]], "x": [22, 20], "w": [208, 380]}),
    "gesummv": ({"m": 2, "n": 2}, {"A": A22, "B": [[0, 1], [1, 0]], "x": [1, 2], "alpha": 2.0, "beta": -1.0},
                {"y": [8, 21]}),                                         # t = [10, 22]
    "madd": ({"m": 2, "n": 2}, {"A": A22, "B": [[10, 20], [30, 40]]}, {"C": [[11, 22], [33, 44]]}),
    "sgemv": ({"m": 2, "n": 2}, {"A": A22, "x": [1, 1], "y": [1, 2], "alpha": 2.0, "beta": 3.0},
              {"z": [9, 20]}),
    "sgemvt": ({"m": 2, "n": 2}, {"A": A22, "y": [1, 1], "z": [1, 2], "alpha": 2.0, "beta": 3.0},
               {"x": [13, 20], "w": [106, 238]}),
    "sscal": ({"n": 3}, {"x": [1, 2, 3], "alpha": 2.0}, {"x.1": [2, 4, 6]}),
    "vadd": ({"n": 2}, {"w": [1, 2], "y": [10, 20], "z": [100, 200]}, {"x": [111, 222]}),
    "waxpby": ({"n": 2}, {"x": [1, 2], "y": [3, 4], "alpha": 2.0, "beta": -1.0}, {"w": [-1, 0]}),
}


def test_every_example_has_a_hand_computed_case():
    assert set(EXAMPLE_CASES) == set(EXAMPLE_NAMES)


def as_inputs(prog, raw):
    out = {}
    for name, x in raw.items():
        t = prog.value(name).type
        out[name] = x if t.kind == "scalar" else np.array(x, dtype=t.dtype, order=t.order)
    return out


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_example_by_hand(name, dtype):
    sizes, raw, expected = EXAMPLE_CASES[name]
    prog = bind_sizes(script.load(example(name), dtype), sizes)
    res = reference.run(prog, as_inputs(prog, raw))
    assert list(res) == prog.outputs
    for out, want in expected.items():
        got = res[out]
        assert got.dtype == (np.complex128 if dtype.startswith("complex") else np.float64)
        np.testing.assert_array_equal(got, np.array(want, dtype=got.dtype), err_msg=f"{name}: {out}")


def test_gemver_complex_by_hand():
    # B = A + u1 v1^T ; x = beta B^T y + z ; w = alpha B x with complex numbers (no conjugation)
    prog = bind_sizes(script.load(example("gemver"), "complex128"), {"m": 1, "n": 1})
    res = reference.run(prog, {"A": np.array([[1j]]), "u1": np.array([1 + 1j]), "v1": np.array([1j]),
                               "u2": np.array([0j]), "v2": np.array([0j]), "y": np.array([2 + 0j]),
                               "z": np.array([1j]), "alpha": 1j, "beta": 2.0})
    # B = 1j + (1+1j)*1j = 1j + 1j - 1 = -1 + 2j ; x = 2 * (-1+2j) * 2 + 1j = -4 + 9j
    # w = 1j * (-1+2j) * (-4+9j) = 1j * (4 - 9j - 8j - 18) = 1j * (-14 - 17j) = 17 - 14j
    np.testing.assert_array_equal(res["B.1"], [[-1 + 2j]])
    np.testing.assert_array_equal(res["x"], [-4 + 9j])
    np.testing.assert_array_equal(res["w"], [17 - 14j])


# ---------------------------------------------------------------------------- every built-in
# (script statement, inputs, expected value of `out`)
R = "float64"
NAN = float("nan")
E, PI = math.e, math.pi


def _tri_case(u: str, d: str) -> list:
    """A 2 x 2 triangle (lower/upper ``u``), NaN where trmm must not read (the other triangle; the
    diagonal when unit ``d``)."""
    diag = NAN if d == "u" else None
    a = [[1, NAN], [2, 3]] if u == "l" else [[1, 2], [NAN, 3]]
    if diag is not None:
        a[0][0] = a[1][1] = NAN
    return a


def _tri_want(u: str, d: str) -> list:
    one, three = (1, 1) if d == "u" else (1, 3)
    return [[one, 0], [2, three]] if u == "l" else [[one, 2], [0, three]]


BUILTIN_CASES = [
    ("copy", "vector x(n); input x; out = copy(x);", {"x": [1, 2]}, [1, 2], R),
    ("scal", "vector x(n); scalar a; input a, x; out = scal(a, x);", {"a": 2.0, "x": [1, 2]}, [2, 4], R),
    ("axpy", "vector x(n), y(n); scalar a; input a, x, y; out = axpy(a, x, y);",
     {"a": 2.0, "x": [1, 2], "y": [10, 20]}, [12, 24], R),
    ("axpby", "vector x(n), y(n); scalar a, b; input a, x, b, y; out = axpby(a, x, b, y);",
     {"a": 2.0, "x": [1, 2], "b": 3.0, "y": [10, 20]}, [32, 64], R),
    ("waxpby", "vector x(n), y(n); scalar a, b; input a, x, b, y; out = waxpby(a, x, b, y);",
     {"a": 2.0, "x": [1, 2], "b": 3.0, "y": [10, 20]}, [32, 64], R),
    ("add", "vector x(n), y(n); input x, y; out = add(x, y);", {"x": [1, 2], "y": [3, 5]}, [4, 7], R),
    ("sub", "vector x(n), y(n); input x, y; out = sub(x, y);", {"x": [1, 2], "y": [3, 5]}, [-2, -3], R),
    ("mul", "vector x(n), y(n); input x, y; out = mul(x, y);", {"x": [1, 2], "y": [3, 5]}, [3, 10], R),
    ("div", "vector x(n), y(n); input x, y; out = div(x, y);", {"x": [1, 2], "y": [4, 8]}, [0.25, 0.25], R),
    ("neg", "vector x(n); input x; out = neg(x);", {"x": [1, -2]}, [-1, 2], R),
    ("abs", "vector x(n); input x; out = abs(x);", {"x": [-2, 3]}, [2, 3], R),
    ("abs-complex", "vector x(n); input x; out = abs(x);", {"x": [3 + 4j, -1]}, [5, 1], "complex128"),
    ("sqrt", "vector x(n); input x; out = sqrt(x);", {"x": [4, 9]}, [2, 3], R),
    ("sqrt-complex", "vector x(n); input x; out = sqrt(x);", {"x": [-4, 2j]}, [2j, 1 + 1j], "complex128"),
    ("exp", "vector x(n); input x; out = exp(x);", {"x": [0, 1]}, [1, 2.718281828459045], R),
    ("conj", "vector x(n); input x; out = conj(x);", {"x": [1 + 2j, 3 - 1j]}, [1 - 2j, 3 + 1j], "complex128"),
    ("conj-real", "vector x(n); input x; out = conj(x);", {"x": [1, -2]}, [1, -2], R),
    ("madd", "matrix A(m, n), B(m, n); input A, B; out = madd(A, B);",
     {"A": [[1, 2, 3], [4, 5, 6]], "B": [[6, 5, 4], [3, 2, 1]]}, [[7, 7, 7], [7, 7, 7]], R),
    ("dot", "vector x(n), y(n); input x, y; out = dot(x, y);", {"x": [1, 2, 3], "y": [4, 5, 6]}, 32, R),
    ("dot-complex", "vector x(n), y(n); input x, y; out = dot(x, y);", {"x": [1j, 1], "y": [1j, 1]}, 0,
     "complex128"),
    ("dotc", "vector x(n), y(n); input x, y; out = dotc(x, y);", {"x": [1j, 1], "y": [1j, 1]}, 2, "complex128"),
    ("nrm2", "vector x(n); input x; out = nrm2(x);", {"x": [3, 4]}, 5, R),
    ("nrm2-complex", "vector x(n); input x; out = nrm2(x);", {"x": [3j, 4]}, 5, "complex128"),
    ("asum", "vector x(n); input x; out = asum(x);", {"x": [-1, 2]}, 3, R),
    ("asum-complex", "vector x(n); input x; out = asum(x);", {"x": [1 + 2j, -3]}, 6, "complex128"),
    ("sum", "vector x(n); input x; out = sum(x);", {"x": [1, 2, 3]}, 6, R),
    ("amax", "vector x(n); input x; out = amax(x);", {"x": [-5, 3]}, 5, R),
    ("gemv", "matrix A(m, n); vector x(n); input A, x; out = gemv(A, x);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 0, -1]}, [-2, -2], R),
    ("gemv-full", "matrix A(m, n); vector x(n), y(m); scalar a, b; input A, x, a, b, y;"
                  "out = gemv(A, x, alpha=a, beta=b, y=y);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 0, -1], "a": 2.0, "b": 3.0, "y": [1, 1]}, [-1, -1], R),
    ("gemv-F", "matrix A(m, n, order=F); vector x(n); input A, x; out = gemv(A, x);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 0, -1]}, [-2, -2], R),
    ("gemv_t", "matrix A(m, n); vector x(m); input A, x; out = gemv_t(A, x);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 2]}, [9, 12, 15], R),
    ("gemv_t-full", "matrix A(m, n); vector x(m), y(n); input A, x, y; out = gemv_t(A, x, alpha=-1, beta=2, y=y);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 2], "y": [1, 2, 3]}, [-7, -8, -9], R),
    ("gemv-of-view", "matrix A(m, n); vector x(m); input A, x; out = gemv(A.T, x);",
     {"A": [[1, 2, 3], [4, 5, 6]], "x": [1, 2]}, [9, 12, 15], R),
    ("ger", "matrix A(m, n); vector x(m), y(n); input A, x, y; out = ger(A, x, y, alpha=2);",
     {"A": [[1, 1, 1], [1, 1, 1]], "x": [1, 2], "y": [3, 4, 5]}, [[7, 9, 11], [13, 17, 21]], R),
    ("spmv", "csr A(m, n); vector x(n); input A, x; out = spmv(A, x);",
     {"A": [[1, 0, 3], [0, 0, 0]], "x": [1, 2, 3]}, [10, 0], R),
    ("spmv-full", "ell A(m, n); vector x(n), y(m); input A, x, y; out = spmv(A, x, alpha=2, beta=-1, y=y);",
     {"A": [[1, 0, 3], [0, 5, 0]], "x": [1, 2, 3], "y": [1, 1]}, [19, 19], R),
    ("outer", "vector x(m), y(n); input x, y; out = outer(x, y);", {"x": [1, 2], "y": [3, 4, 5]},
     [[3, 4, 5], [6, 8, 10]], R),
    ("outer-complex", "vector x(m), y(n); input x, y; out = outer(x, y);", {"x": [1j], "y": [1j, 2]},
     [[-1, 2j]], "complex128"),
    ("operators", "vector x(n), y(n); scalar a; input x, y, a; out = -x + a * y / 2 - 1;",
     {"x": [1, 2], "y": [4, 8], "a": 3.0}, [4, 9], R),
    ("matmul", "matrix A(m, n); vector x(m); input A, x; out = x @ A @ A.T;",
     {"A": [[1, 0, 1], [0, 1, 1]], "x": [1, 2]}, [4, 5], R),                 # x@A = [1, 2, 3]
    ("scalar-only", "scalar a; input a; out = sqrt(a * 2 + 1);", {"a": 4.0}, 3, R),
    ("gemm", "matrix A(m, k), B(k, n); input A, B; out = A @ B;",
     {"A": [[1, 2], [3, 4], [5, 6]], "B": [[1, 0, -1], [2, 1, 0]]}, [[5, 2, -1], [11, 4, -3], [17, 6, -5]], R),
    ("gemm-full", "matrix A(k, m), B(n, k), C(m, n); scalar a, b; input A, B, C, a, b; "
                  "out = gemm(A.T, B.T, alpha=a, beta=b, C=C);",
     {"A": [[1, 3], [2, 4]], "B": [[1, 0], [0, 1]], "C": [[1, 1], [1, 1]], "a": 2.0, "b": -1.0},
     [[1, 3], [5, 7]], R),
    # BLAS-3 with structure: NaN in the triangle BLAS does not read (a reference reading it fails)
    *[(f"symm_{s}{u}", f"matrix A(n, n), B(n, n); input A, B; out = symm_{s}{u}({'A, B' if s == 'l' else 'B, A'});",
       {"A": [[1, NAN], [2, 3]] if u == "l" else [[1, 2], [NAN, 3]], "B": [[1, 0], [0, 1]]}, [[1, 2], [2, 3]], R)
      for s in "lr" for u in "lu"],
    *[(f"trmm_{s}{u}{d}", f"matrix A(n, n), B(n, n); input A, B; out = trmm_{s}{u}{d}({'A, B' if s == 'l' else 'B, A'});",
       {"A": _tri_case(u, d), "B": [[1, 0], [0, 1]]}, _tri_want(u, d), R)
      for s in "lr" for u in "lu" for d in "nu"],
    # X with op(T) X = T (left) or X T = T (right): the identity, T read from its triangle only
    *[(f"trsm_{s}{u}{d}", f"matrix A(n, n), B(n, n); input A, B; out = trsm_{s}{u}{d}(A, B);",
       {"A": _tri_case(u, d), "B": _tri_want(u, d)}, [[1, 0], [0, 1]], R)
      for s in "lr" for u in "lu" for d in "nu"],
    ("syrk", "matrix A(n, k), C(n, n); input A, C; out = syrk(A, A.T, beta=1.0, C=C);",
     {"A": [[1, 2], [3, 4]], "C": [[1, NAN], [2, 3]]}, [[6, 13], [13, 28]], R),
    ("syr2k", "matrix A(n, k), B(n, k); input A, B; out = syr2k(A, B.T);",
     {"A": [[1, 2], [3, 4]], "B": [[1, 0], [0, 1]]}, [[2, 5], [5, 8]], R),
    ("maximum", "vector x(n), y(n); input x, y; out = maximum(x, y);", {"x": [1, -2, 3], "y": [0, 0, 4]},
     [1, 0, 4], R),
    ("minimum", "vector x(n), y(n); input x, y; out = minimum(x, y);", {"x": [1, -2, 3], "y": [0, 0, 4]},
     [0, -2, 3], R),
    ("where", "vector c(n), x(n), y(n); input c, x, y; out = where(c, x, y);",
     {"c": [1, 0, 2], "x": [1, 2, 3], "y": [7, 8, 9]}, [1, 8, 3], R),
    ("gt", "vector x(n), y(n); input x, y; out = gt(x, y);", {"x": [1, 2, 3], "y": [2, 2, 2]}, [0, 0, 1], R),
    ("lt", "vector x(n), y(n); input x, y; out = lt(x, y);", {"x": [1, 2, 3], "y": [2, 2, 2]}, [1, 0, 0], R),
    ("ge", "vector x(n), y(n); input x, y; out = ge(x, y);", {"x": [1, 2, 3], "y": [2, 2, 2]}, [0, 1, 1], R),
    ("le", "vector x(n), y(n); input x, y; out = le(x, y);", {"x": [1, 2, 3], "y": [2, 2, 2]}, [1, 1, 0], R),
    ("log", "vector x(n); input x; out = log(x);", {"x": [1, E, E * E]}, [0, 1, 2], R),
    ("sin", "vector x(n); input x; out = sin(x);", {"x": [0, PI / 2, -PI / 2]}, [0, 1, -1], R),
    ("cos", "vector x(n); input x; out = cos(x);", {"x": [0, PI]}, [1, -1], R),
    ("tanh", "vector x(n); input x; out = tanh(x);", {"x": [0, 0.5]}, [0, (E - 1) / (E + 1)], R),
    ("pow", "vector x(n), y(n); input x, y; out = pow(x, y);", {"x": [2, 9, 4], "y": [3, 0.5, -1]},
     [8, 3, 0.25], R),
    ("full", "vector x(n); input x; out = full(2.5, x);", {"x": [1, NAN, 3]}, [2.5, 2.5, 2.5], R),
    ("max", "vector x(n); input x; out = max(x);", {"x": [1, -7, 3]}, 3, R),
    ("min", "vector x(n); input x; out = min(x);", {"x": [1, -7, 3]}, -7, R),
    ("interior", "vector u(n), v(m); input u, v; out = interior(u, v);", {"u": [1, 2, 3, 4], "v": [8, 9]},
     [1, 8, 9, 4], R),
    # a script's assign has no window (the tracer's v[...] = ... gives one): centred as interior
    ("assign", "vector u(n), v(m); input u, v; out = assign(u, v);", {"u": [1, 2, 3, 4], "v": [8, 9]},
     [1, 8, 9, 4], R),
    # a script's pad / roll has no widths (the tracer's np.pad / np.roll give them): u itself
    *[(name, f"vector u(n); input u; out = {name}(u);", {"u": [1, -2, 3]}, [1, -2, 3], R)
      for name in ("roll", "pad_edge", "pad_wrap", "pad_reflect", "pad_symmetric")],
    ("pad_constant", "vector u(n); scalar c; input u, c; out = pad_constant(u, c);", {"u": [1, -2, 3], "c": 7.0},
     [1, -2, 3], R),
    # NumPy broadcasting of X (2 x 3) with b (a row, length 3) and c (a column, length 2)
    *[(name, f"matrix X(m, n); vector {v}({'n' if v == 'b' else 'm'}); input X, {v}; "
             f"out = {name}({f'{v}, X' if name.startswith(('row_', 'col_')) else f'X, {v}'});",
       {"X": [[1, 2, 3], [4, 6, 8]], v: [1, 2, 4] if v == "b" else [2, -1]}, want, R)
      for name, v, want in [
          ("add_row", "b", [[2, 4, 7], [5, 8, 12]]), ("sub_row", "b", [[0, 0, -1], [3, 4, 4]]),
          ("mul_row", "b", [[1, 4, 12], [4, 12, 32]]), ("div_row", "b", [[1, 1, 0.75], [4, 3, 2]]),
          ("maximum_row", "b", [[1, 2, 4], [4, 6, 8]]), ("minimum_row", "b", [[1, 2, 3], [1, 2, 4]]),
          ("row_sub", "b", [[0, 0, 1], [-3, -4, -4]]), ("row_div", "b", [[1, 1, 4 / 3], [0.25, 1 / 3, 0.5]]),
          ("add_col", "c", [[3, 4, 5], [3, 5, 7]]), ("sub_col", "c", [[-1, 0, 1], [5, 7, 9]]),
          ("mul_col", "c", [[2, 4, 6], [-4, -6, -8]]), ("div_col", "c", [[0.5, 1, 1.5], [-4, -6, -8]]),
          ("maximum_col", "c", [[2, 2, 3], [4, 6, 8]]), ("minimum_col", "c", [[1, 2, 2], [-1, -1, -1]]),
          ("col_sub", "c", [[1, 0, -1], [-5, -7, -9]]), ("col_div", "c", [[2, 1, 2 / 3], [-0.25, -1 / 6, -0.125]])]],
]


@pytest.mark.parametrize("case,text,raw,want,dtype", BUILTIN_CASES, ids=[c[0] for c in BUILTIN_CASES])
def test_builtin_by_hand(case, text, raw, want, dtype):
    prog = script.parse(text + " return out;", case.replace("-", "_"), dtype)
    sizes = {}
    for name, x in raw.items():
        shape = np.shape(x)
        for sym, d in zip(prog.value(name).type.shape, shape):
            sizes[sym] = d
    prog = bind_sizes(prog, sizes)
    got = reference.run(prog, as_inputs(prog, raw))["out" if "out" in prog.values else prog.outputs[0]]
    want = np.array(want, dtype=got.dtype)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-15, atol=1e-15)


def _pick(x, t):
    return x[t] * x


def _select(u, m):
    u[m] = -1.0
    return u


#: built-ins only the Python front end makes (an int64 index, a bool mask): traced functions,
#: their arguments and the result by hand
TRACED_CASES = [
    ("pick", _pick, [("a", (3,), "float64", "C"), ("h", "real")], {"x": [1, 2, 4], "t": -1}, [4, 8, 16]),
    ("select", _select, [("a", (3,), "float64", "C"), ("a", (3,), "bool", "C")],
     {"u": [1, 2, 4], "m": np.array([True, False, True])}, [-1, 2, -1]),
]


@pytest.mark.parametrize("case,fn,specs,raw,want", TRACED_CASES, ids=[c[0] for c in TRACED_CASES])
def test_traced_builtin_by_hand(case, fn, specs, raw, want):
    from kfuse.frontend.trace import trace
    prog, _ = trace(fn, list(raw), specs)
    assert any(c.fn == case for c in prog.calls)
    got = reference.run(prog, {k: np.asarray(v) for k, v in raw.items()})[prog.outputs[0]]
    assert np.array_equal(got, np.array(want, dtype=np.float64))


def test_every_builtin_has_a_hand_case():
    from kfuse import library
    covered = {c[0].split("-")[0] for c in BUILTIN_CASES} | {c[0] for c in TRACED_CASES}
    missing = {n for n in library.names() if library.get(n).builtin} - covered
    assert not missing


def test_real_outputs_of_complex_programs_are_real():
    prog = bound("vector x(n); float32 scalar r; input x; r = nrm2(x); return r;", "complex64", n=2)
    r = reference.run(prog, {"x": np.array([3j, 4], np.complex64)})["r"]
    assert r.dtype == np.float64 and r == 5.0


def test_host_scalars_may_be_numbers_or_numpy_scalars():
    prog = bound("sscal", "float32", n=2)
    for alpha in (2, 2.0, np.float32(2), np.array(2.0)):
        np.testing.assert_array_equal(reference.run(prog, {"x": np.array([1, 2], np.float32), "alpha": alpha})["x.1"],
                                      [2, 4])


def test_traced_program_with_view_output():
    prog, _ = trace(lambda A, x: (A.T, A.T @ x), ["A", "x"],
                    [("a", (2, 3), "float64", "C"), ("a", (2,), "float64", "C")])
    A = np.array(A23, np.float64)
    res = reference.run(prog, {"A": A, "x": np.array([1.0, 2.0])})
    np.testing.assert_array_equal(res[prog.outputs[0]], A.T)
    np.testing.assert_array_equal(res[prog.outputs[1]], [9, 12, 15])


# ---------------------------------------------------------------------------- input checks
def test_missing_input():
    prog = bound("bicgk", m=2, n=3)
    with pytest.raises(ArgumentError, match="missing input 'r'"):
        reference.run(prog, {"A": np.ones((2, 3)), "p": np.ones(3)})


def test_wrong_input_shape():
    prog = bound("bicgk", m=2, n=3)
    with pytest.raises(ArgumentError, match=r"input 'p': shape \(2,\), expected \(3,\)"):
        reference.run(prog, {"A": np.ones((2, 3)), "p": np.ones(2), "r": np.ones(2)})


def test_function_without_reference(user_functions):
    user_functions("noref", "map", [("x", "elem")], [("z", "elem")], "z = x;")
    prog = bound("vector x(n); input x; y = noref(x); return y;", n=2)
    with pytest.raises(ArgumentError, match="function 'noref' has no NumPy reference"):
        reference.run(prog, {"x": np.ones(2)})


# ---------------------------------------------------------------------------- run_plan
@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_run_plan_equals_run(name, dtype):
    prog = bound(name, dtype, m=5, n=7)
    ins = reference.random_inputs(prog, seed=1)
    want = reference.run(prog, ins)
    got = reference.run_plan(prog, [k.calls for k in unfused_plan(prog).kernels], ins)
    assert list(got) == list(want)
    for o in want:
        np.testing.assert_array_equal(got[o], want[o])


def test_run_plan_in_another_legal_order():
    prog = bound("bicgk", m=3, n=4)
    ins = reference.random_inputs(prog, seed=2)
    want = reference.run(prog, ins)
    got = reference.run_plan(prog, [[1], [0]], ins)
    for o in want:
        np.testing.assert_array_equal(got[o], want[o])
    got = reference.run_plan(prog, [[0, 1]], ins)
    for o in want:
        np.testing.assert_array_equal(got[o], want[o])


def test_run_plan_refusals():
    prog = bound("atax", m=3, n=4)
    ins = reference.random_inputs(prog, seed=3)
    with pytest.raises(ArgumentError, match="value 't' is read before it is computed"):
        reference.run_plan(prog, [[1], [0]], ins)
    with pytest.raises(ArgumentError, match="does not run every call exactly once"):
        reference.run_plan(prog, [[0]], ins)
    with pytest.raises(ArgumentError, match="does not run every call exactly once"):
        reference.run_plan(prog, [[0], [0, 1]], ins)


# ---------------------------------------------------------------------------- helpers
def test_random_inputs():
    prog = bound("gemver", "complex64", m=3, n=4)
    a, b = reference.random_inputs(prog, seed=7), reference.random_inputs(prog, seed=7)
    assert list(a) == prog.inputs
    for n in prog.inputs:
        t = prog.value(n).type
        if t.kind == "scalar":
            assert isinstance(a[n], complex) and a[n] == b[n]
        else:
            assert a[n].dtype == np.complex64 and a[n].shape == t.shape
            np.testing.assert_array_equal(a[n], b[n])
            assert np.all(np.abs(a[n].real) <= 1) and np.all(a[n] != 0)
    f = reference.random_inputs(bound("madd", m=3, n=4).bind({}), seed=0)
    assert f["A"].flags.c_contiguous
    fprog = bound("matrix A(m, n, order=F); input A; return A;", m=3, n=4)
    assert reference.random_inputs(fprog, seed=0)["A"].flags.f_contiguous


def test_rel_error():
    assert reference.rel_error(np.array([1.0, 2.0]), np.array([1.0, 2.0])) == 0
    assert math.isclose(reference.rel_error(np.array([1.0, 0.0]), np.array([0.0, 1.0])), math.sqrt(2))
    assert reference.rel_error(np.array([0.5]), np.zeros(1)) == 0.5           # absolute when ref is zero
    assert reference.rel_error(np.array([np.nan]), np.ones(1)) == float("inf")
