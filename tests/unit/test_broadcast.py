"""NumPy broadcasting of a matrix with a vector (issue 20, part B): ``X + b``, ``X * c[:, None]``,
``b - X`` resolve to the library's nested maps (``add_row``, ``mul_col``, ``row_sub``); inside a
gemm kernel's epilogue (``relu(A @ B + b)`` is one kernel) and alone in the tile space; the
float64 reference against NumPy on odd shapes; the refusals (shapes that do not broadcast, a
vector with a new axis used elsewhere)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.api import bind_sizes, make_plan
from kfuse.codegen import generate
from kfuse.codegen.gemm.lower import GemmLowering
from kfuse.errors import DTypeError, ScriptError, ShapeError
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.spaces import stored


def mat(m, n, dtype="float64", order="C"):
    return ("a", (m, n), dtype, order)


def vec(n, dtype="float64"):
    return ("a", (n,), dtype, "C")


def traced(fn, **specs):
    return bind_sizes(trace(fn, list(specs), list(specs.values()))[0], {})


def inputs(prog, seed=0):
    """Fresh random inputs (no zeros: a dropped operand would show) in each value's order."""
    rng = np.random.default_rng(seed)
    out = {}
    for n in prog.inputs:
        t = prog.value(n).type
        x = rng.uniform(0.5, 2.0, t.shape) * rng.choice([-1, 1], t.shape)
        out[n] = np.asfortranarray(x) if t.order == "F" else x
    return out


M, N, K = 7, 5, 3   # odd, non-square
#: (the traced function, the NumPy form, the library function it becomes)
CASES = [
    (lambda X, b, c: X + b, lambda X, b, c: X + b, "add_row"),
    (lambda X, b, c: b + X, lambda X, b, c: b + X, "add_row"),
    (lambda X, b, c: X - b, lambda X, b, c: X - b, "sub_row"),
    (lambda X, b, c: b - X, lambda X, b, c: b - X, "row_sub"),
    (lambda X, b, c: X * b[None, :], lambda X, b, c: X * b[None, :], "mul_row"),
    (lambda X, b, c: b[None, :] / X, lambda X, b, c: b[None, :] / X, "row_div"),
    (lambda X, b, c: X / b, lambda X, b, c: X / b, "div_row"),
    (lambda X, b, c: X + c[:, None], lambda X, b, c: X + c[:, None], "add_col"),
    (lambda X, b, c: c[:, None] + X, lambda X, b, c: c[:, None] + X, "add_col"),
    (lambda X, b, c: X - c[:, None], lambda X, b, c: X - c[:, None], "sub_col"),
    (lambda X, b, c: c[:, None] - X, lambda X, b, c: c[:, None] - X, "col_sub"),
    (lambda X, b, c: c[:, None] * X, lambda X, b, c: c[:, None] * X, "mul_col"),
    (lambda X, b, c: X / c[:, None], lambda X, b, c: X / c[:, None], "div_col"),
    (lambda X, b, c: c[:, None] / X, lambda X, b, c: c[:, None] / X, "col_div"),
    (lambda X, b, c: kfuse.maximum(X, b), lambda X, b, c: np.maximum(X, b), "maximum_row"),
    (lambda X, b, c: kfuse.minimum(b, X), lambda X, b, c: np.minimum(b, X), "minimum_row"),
    (lambda X, b, c: X[1:, :] + c[1:, None], lambda X, b, c: X[1:, :] + c[1:, None], "add_col"),
]


@pytest.mark.parametrize("k", range(len(CASES)))
@pytest.mark.parametrize("order", ["C", "F"])
def test_broadcast_resolves_and_matches_numpy(k, order):
    f, want, fn = CASES[k]
    prog = traced(f, X=mat(M, N, order=order), b=vec(N), c=vec(M))
    assert prog.calls[-1].fn == fn
    plan = make_plan(prog)
    assert plan.kernels[-1].space == "tile"
    ins = inputs(prog)
    got = reference.run(prog, ins)[prog.outputs[0]]
    np.testing.assert_allclose(got, want(ins["X"], ins["b"], ins["c"]), rtol=1e-15)


def test_standalone_broadcast_is_one_tile_kernel_reading_the_vector_by_row():
    prog = traced(lambda X, c: X * c[:, None], X=mat(M, N), c=vec(M))
    plan = make_plan(prog)
    assert [(k.space, k.calls) for k in plan.kernels] == [("tile", [0])]
    assert "c_mul_col_compute" not in generate(prog, plan).source   # compiled as the call's routine
    assert "mul_col_compute(" in generate(prog, plan).source


@pytest.mark.parametrize("bias", ["row", "col", "row-first", "col-first"])
def test_gemm_bias_relu_is_one_gemm_kernel(bias):
    def f(A, B, b, c):
        P = A @ B
        z = {"row": lambda: P + b, "col": lambda: P + c[:, None], "row-first": lambda: b - P,
             "col-first": lambda: c[:, None] / P}[bias]()
        return kfuse.maximum(z, 0.0)
    prog = traced(f, A=mat(M, K, "float32"), B=mat(K, N, "float32"), b=vec(N, "float32"), c=vec(M, "float32"))
    plan = make_plan(prog)
    assert [(k.space, k.calls) for k in plan.kernels] == [("gemm", [0, 1, 2])]
    need = stored(prog, [k.calls for k in plan.kernels])
    spec, args = GemmLowering(prog, plan.kernels[0], need[0]).spec()
    text = "\n".join(spec.epilogue.lines("gi", "gj", "acc"))
    v, idx = ("b", "gj") if bias.startswith("row") else ("c", "gi")
    cname = next(n for n, k in args.items() if k.value == v)   # "b" is the emitter's: b_
    assert f"{cname}[{idx}]" in text and cname in [n for _, n in spec.epilogue.params]
    ins = inputs(prog, seed=3)
    got = reference.run(prog, ins)[prog.outputs[0]]
    P = ins["A"] @ ins["B"]
    z = {"row": P + ins["b"], "col": P + ins["c"][:, None], "row-first": ins["b"] - P,
         "col-first": ins["c"][:, None] / P}[bias]
    np.testing.assert_allclose(got, np.maximum(z, 0.0), rtol=1e-12)


def test_bias_on_a_transposed_product_is_its_own_kernel():
    """(A @ B).T + b reads the product transposed: the epilogue cannot host it (legality's reason)."""
    prog = traced(lambda A, B, b: (A @ B).T + b, A=mat(M, K), B=mat(K, N), b=vec(M))
    assert [k.space for k in make_plan(prog).kernels] == ["gemm", "tile"]


def test_column_times_row_is_outer():
    prog = traced(lambda b, c: c[:, None] * b, b=vec(N), c=vec(M))
    assert [c.fn for c in prog.calls] == ["outer"]
    ins = inputs(prog)
    np.testing.assert_allclose(reference.run(prog, ins)[prog.outputs[0]], ins["c"][:, None] * ins["b"])
    assert traced(lambda b, c: b[None, :] * c[:, None], b=vec(N), c=vec(M)).calls[0].fn == "outer"


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize("f,shapes", [
    (lambda X, b, c: X + c, ["X (7, 5)", "c (7,)"]),
    (lambda X, b, c: c * X, ["c (7,)", "X (7, 5)"]),
    (lambda X, b, c: X - b[:, None], ["X (7, 5)", "b (5, 1)"]),
    (lambda X, b, c: c[None, :] / X, ["c (1, 7)", "X (7, 5)"]),
])
def test_shapes_that_do_not_broadcast_name_both(f, shapes):
    with pytest.raises(ShapeError, match="could not be broadcast") as e:
        traced(f, X=mat(M, N), b=vec(N), c=vec(M))
    assert all(s in str(e.value) for s in shapes), str(e.value)


def test_row_length_mismatch_suggests_the_column_form():
    with pytest.raises(ShapeError, match=r"c\[:, None\]"):
        traced(lambda X, c: X + c, X=mat(M, N), c=vec(M))


@pytest.mark.parametrize("f,what", [
    (lambda X, c: c[:, None], "here"),                         # returned
    (lambda X, c: kfuse.sqrt(c[:, None]), "here"),             # a function's argument
    (lambda X, c: c[:, None].T + X, "here"),                   # transposed
    (lambda X, c: c[:, None] @ X, "matrix product"),
    (lambda X, c: c[:, None] > X, "in gt"),
    (lambda X, c: c[:, None] + 1.0, "with"),                   # with a scalar
    (lambda X, c: c[:, None] + c, "outer product"),            # two vectors, not a product
    (lambda X, c: c[:, None][1:] + X, "indexed again"),
])
def test_new_axis_only_as_a_broadcast_operand(f, what):
    with pytest.raises(ShapeError, match=r"c\[:, None\]: a vector with a new axis") as e:
        traced(f, X=mat(N, N), c=vec(N))
    assert what in str(e.value)


@pytest.mark.parametrize("key", [(None, None), (slice(None), None, None), (None,), (0, None)])
def test_other_new_axes_are_refused(key):
    with pytest.raises(ShapeError, match="new axis"):
        traced(lambda c: c[key] + 1.0, c=vec(N))
    with pytest.raises(ShapeError, match="new axis"):
        traced(lambda X: X[:, None] + 1.0, X=mat(M, N))


def test_new_axis_shape_is_numpys():
    seen = {}

    def f(X, c):
        seen["col"], seen["row"] = c[:, None].shape, c[None, :].shape
        return X + c
    traced(f, X=mat(N, N), c=vec(N))
    assert seen == {"col": (N, 1), "row": (1, N)}


def test_mismatched_dtypes_and_complex_order_are_refused():
    with pytest.raises(DTypeError, match="mismatched"):
        traced(lambda X, b: X + b, X=mat(M, N, "float32"), b=vec(N, "float64"))
    with pytest.raises(DTypeError, match="not ordered"):
        traced(lambda X, b: kfuse.maximum(X, b), X=mat(M, N, "complex64"), b=vec(N, "complex64"))


@pytest.mark.parametrize("fn", ["maximum_row", "minimum_col"])
def test_script_calling_an_ordered_broadcast_on_complex_is_refused(fn):
    """Called by name (no resolution step), maximum_col of complex values is still refused."""
    v = "b(n)" if fn.endswith("row") else "b(m)"
    with pytest.raises(ScriptError, match="complex numbers are not ordered"):
        script.parse(f"matrix X(m, n); vector {v}; input X, b; Y = {fn}(X, b); return Y;", "c", "complex64")


# ------------------------------------------------------------------ scripts
def test_script_broadcasts_through_the_same_builder():
    text = ("matrix A(m, k), B(k, n); vector b(n), c(m); input A, B, b, c;\n"
            "D = maximum(A @ B + b, 0);\nE = sub_col(D, c);\nreturn E;")
    prog = bind_sizes(script.parse(text, "bias"), {"m": M, "n": N, "k": K})
    assert [c.fn for c in prog.calls] == ["gemm", "add_row", "maximum", "sub_col"]
    assert [(k.space, k.calls) for k in make_plan(prog).kernels] == [("gemm", [0, 1, 2, 3])]


def test_script_broadcast_error_has_line_and_column():
    text = "matrix A(m, n); vector c(m); input A, c;\nE = A + c;\nreturn E;"
    with pytest.raises(ScriptError, match=r"2:\d+: \+: operands could not be broadcast") as e:
        script.parse(text, "bad")
    assert "A (m, n)" in str(e.value) and "c (m,)" in str(e.value)
