"""The Python tracing front end, driven without a GPU through ``kfuse.frontend.trace.trace``."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.errors import ArgumentError, DTypeError, KfuseError, ShapeError
from kfuse.frontend.trace import Tensor, scalar_dtype, trace


def mat(m, n, dtype="float32", order="C"):
    return ("a", (m, n), dtype, order)


def vec(n, dtype="float32"):
    return ("a", (n,), dtype, "C")


def run_trace(fn, **specs):
    prog, structure = trace(fn, list(specs), list(specs.values()))
    return prog, structure


def calls(prog):
    return [(c.fn, c.args) for c in prog.calls]


def out_type(prog, k=0):
    return prog.value(prog.outputs[k]).type


# ---------------------------------------------------------------------------- inputs
def test_inputs_from_specs():
    def f(A, x, h, d, c):
        return A @ x
    prog, _ = run_trace(f, A=mat(3, 4, "float64", "F"), x=vec(4, "float64"), h=("h", "real"),
                        d=("d", "float64"), c=("h", "complex"))
    assert prog.inputs == ["A", "x", "h", "d", "c"]
    A, x, h, d, c = (prog.value(n) for n in prog.inputs)
    assert (A.type.kind, A.type.shape, A.type.dtype, A.type.order) == ("matrix", (3, 4), "float64", "F")
    assert (x.type.kind, x.type.shape) == ("vector", (4,))
    assert (h.type.kind, h.type.dtype, h.host) == ("scalar", "float64", True)   # Python number: by value
    assert (d.type.kind, d.type.dtype, d.host) == ("scalar", "float64", False)  # 0-d device array
    assert (c.type.dtype, c.host) == ("complex128", True)
    assert prog.is_bound and prog.name == "f"


@pytest.mark.parametrize("specs,kind,dtype", [
    ([vec(3, "float32")], "real", "float32"),
    ([vec(3, "float32")], "complex", "complex64"),
    ([vec(3, "complex128")], "real", "complex128"),
    ([("d", "float64")], "real", "float64"),
    ([("h", "real")], "real", "float64"),
    ([("h", "real")], "complex", "complex128"),
])
def test_python_numbers_take_the_arrays_dtype(specs, kind, dtype):
    assert scalar_dtype(specs, kind) == dtype


# ---------------------------------------------------------------------------- lowering
def test_bicgk_matmul_and_transpose():
    prog, structure = run_trace(lambda A, p, r: (A @ p, A.T @ r), A=mat(3, 4), p=vec(4), r=vec(3))
    assert calls(prog) == [("gemv", {"A": "A", "x": "p"}), ("gemv_t", {"A": "A", "x": "r"})]
    assert structure == "tuple"
    assert out_type(prog, 0).shape == (3,) and out_type(prog, 1).shape == (4,)
    assert not any(v.view_of for v in prog.values.values())  # the .T view is not kept


def test_vector_at_matrix_and_vector_at_vector():
    prog, structure = run_trace(lambda r, A, x: (r @ A, x @ x), r=vec(3), A=mat(3, 4), x=vec(4))
    assert calls(prog) == [("gemv_t", {"A": "A", "x": "r"}), ("dot", {"x": "x", "y": "x"})]
    assert out_type(prog, 1).kind == "scalar"


def test_transpose_of_column_major_matrix():
    prog, _ = run_trace(lambda A, x, r: (A @ x, A.T @ r), A=mat(3, 4, order="F"), x=vec(4), r=vec(3))
    assert calls(prog) == [("gemv", {"A": "A", "x": "x"}), ("gemv_t", {"A": "A", "x": "r"})]


def test_double_transpose_is_the_matrix():
    prog, _ = run_trace(lambda A, x: A.T.T @ x, A=mat(3, 4), x=vec(4))
    assert calls(prog) == [("gemv", {"A": "A", "x": "x"})]


def test_returning_a_transpose_returns_a_view():
    prog, _ = run_trace(lambda A: A.T, A=mat(3, 4))
    view = prog.value(prog.outputs[0])
    assert view.view_of == "A" and view.type.shape == (4, 3) and view.type.order == "F"
    assert prog.calls == []


def test_scalars_and_literals():
    def f(x, y, h):
        return h * x + 2, -x / 3, 2 - y, 1.5 * (x + y)
    prog, _ = run_trace(f, x=vec(4), y=vec(4), h=("h", "real"))
    assert [c.fn for c in prog.calls] == ["mul", "add", "neg", "div", "sub", "add", "mul"]
    consts = {v.const: v.type.dtype for v in prog.values.values() if v.role == "const"}
    assert consts == {2.0: "float32", 3.0: "float32", 1.5: "float32"}
    rsub = prog.calls[4]
    assert prog.value(rsub.args["x"]).const == 2.0 and rsub.args["y"] == "y"  # 2 - y keeps the order
    assert prog.value(prog.calls[0].args["x"]).host  # h is by value


def test_numpy_scalars_are_literals():
    prog, _ = run_trace(lambda x: x * np.float32(2) + np.float64(0.5), x=vec(4, "float64"))
    consts = sorted(v.const for v in prog.values.values() if v.role == "const")
    assert consts == [0.5, 2.0]
    assert all(v.type.dtype == "float64" for v in prog.values.values())


def test_complex_literals():
    prog, _ = run_trace(lambda x: x * 2j + (1 - 1j), x=vec(4, "complex64"))
    consts = {v.const: v.type.dtype for v in prog.values.values() if v.role == "const"}
    assert consts == {2j: "complex64", 1 - 1j: "complex64"}


def test_literal_only_calls_take_the_arguments_dtype():
    # kfuse.sqrt(2.0) has no array operand: it is folded to a literal, float64 in a float64 trace
    prog, _ = run_trace(lambda x: x * kfuse.sqrt(2.0), x=vec(4, "float64"))
    assert [c.fn for c in prog.calls] == ["mul"]
    assert [v.const for v in prog.values.values() if v.role == "const"] == [2.0 ** 0.5]
    assert {v.type.dtype for v in prog.values.values()} == {"float64"}
    prog, _ = run_trace(lambda x: x * (kfuse.exp(1.0) + 1), x=vec(4, "complex128"))
    assert {v.type.dtype for v in prog.values.values()} == {"complex128"}


def test_blas_gemv_variants():
    def f(A, p, r, a, b):
        return (kfuse.blas.gemv(A, p, alpha=a, beta=b, y=r),
                kfuse.blas.gemv(A, r, trans=True),
                kfuse.blas.gemv(A.T, r),
                kfuse.blas.gemv(A.T, p, trans=True),
                kfuse.blas.gemv(A, p, y=r))
    prog, _ = run_trace(f, A=mat(3, 4), p=vec(4), r=vec(3), a=("h", "real"), b=("d", "float32"))
    got = [(c.fn, {k: (prog.value(v).const if prog.value(v).role == "const" else v) for k, v in c.args.items()})
           for c in prog.calls]
    assert got == [
        ("gemv", {"A": "A", "x": "p", "alpha": "a", "beta": "b", "y": "r"}),
        ("gemv_t", {"A": "A", "x": "r", "alpha": 1.0}),
        ("gemv_t", {"A": "A", "x": "r", "alpha": 1.0}),     # gemv of A.T is gemv_t of A
        ("gemv", {"A": "A", "x": "p", "alpha": 1.0}),       # gemv_t of A.T is gemv of A
        ("gemv", {"A": "A", "x": "p", "alpha": 1.0, "beta": 1.0, "y": "r"}),  # beta defaults to 1 with y
    ]


def test_blas_level1_and_call_by_name():
    def f(x, y, a):
        return (kfuse.blas.axpy(a, x, y), kfuse.blas.axpby(a, x, 2.0, y), kfuse.blas.waxpby(a, x, a, y),
                kfuse.blas.scal(a, x), kfuse.blas.copy(x), kfuse.blas.dot(x, y), kfuse.blas.dotc(x, y),
                kfuse.blas.nrm2(x), kfuse.blas.asum(x), kfuse.blas.call("sum", x), kfuse.blas.call("amax", x=x))
    prog, _ = run_trace(f, x=vec(4), y=vec(4), a=("h", "real"))
    assert [c.fn for c in prog.calls] == ["axpy", "axpby", "waxpby", "scal", "copy", "dot", "dotc", "nrm2",
                                         "asum", "sum", "amax"]
    assert [out_type(prog, k).kind for k in range(11)] == ["vector"] * 5 + ["scalar"] * 6


def test_blas_matrix_functions():
    def f(A, B, x, y):
        return kfuse.blas.ger(A, x, y, alpha=2.0), kfuse.blas.madd(A, B), kfuse.outer(x, y)
    prog, _ = run_trace(f, A=mat(3, 4), B=mat(3, 4), x=vec(3), y=vec(4))
    assert [c.fn for c in prog.calls] == ["ger", "madd", "outer"]
    assert prog.calls[2].args == {"x": "x", "y": "y"}
    assert all(out_type(prog, k).shape == (3, 4) for k in range(3))


def test_elementwise_functions():
    def f(x, c):
        return kfuse.sqrt(x), kfuse.exp(x), kfuse.abs(x), abs(x), kfuse.conj(c), c.conj(), abs(c), +x
    prog, _ = run_trace(f, x=vec(4), c=vec(4, "complex64"))
    assert [c.fn for c in prog.calls] == ["sqrt", "exp", "abs", "abs", "conj", "conj", "abs"]
    assert out_type(prog, 6).dtype == "float32"   # |complex64| is float32
    assert prog.outputs[7] == "x"                  # unary + is the value itself


def test_user_function_via_blas_call(user_functions):
    user_functions("twice_plus", "map", [("x", "elem"), ("y", "elem")], [("z", "elem")], "z = 2 * x + y;",
                   reference=lambda x, y: {"z": 2 * x + y})
    prog, _ = run_trace(lambda x, y: kfuse.blas.call("twice_plus", x, y=y), x=vec(4), y=vec(4))
    assert calls(prog) == [("twice_plus", {"x": "x", "y": "y"})]


@pytest.mark.parametrize("make,structure", [
    (lambda x: x * 2, "single"), (lambda x: (x * 2,), "tuple"), (lambda x: [x, x * 2], "list"),
])
def test_output_structure(make, structure):
    _, got = run_trace(make, x=vec(4))
    assert got == structure


def test_tensor_attributes():
    seen = {}

    def f(A, x):
        seen.update(shape=A.shape, ndim=A.ndim, dtype=A.dtype, len=len(x), T=A.T.shape, repr=repr(x))
        return A @ x
    run_trace(f, A=mat(3, 4, "float64"), x=vec(4, "float64"))
    assert seen["shape"] == (3, 4) and seen["ndim"] == 2 and seen["dtype"] == np.dtype("float64")
    assert seen["len"] == 4 and seen["T"] == (4, 3)
    assert "vector(4) float64" in seen["repr"]


# ---------------------------------------------------------------------------- errors
def test_matrix_at_matrix():
    prog, _ = run_trace(lambda A, B: A @ B, A=mat(3, 4), B=mat(4, 3))
    assert calls(prog) == [("gemm", {"A": "A", "B": "B"})] and out_type(prog).shape == (3, 3)
    with pytest.raises(ShapeError, match=r"shapes \(3, 4\) \(A\) and \(3, 4\) \(B\) do not match"):
        run_trace(lambda A, B: A @ B, A=mat(3, 4), B=mat(3, 4))


def test_vector_plus_matrix():
    # x(4) + A(3, 4) broadcasts (NumPy: tests/unit/test_broadcast.py); a vector of the row count does not
    with pytest.raises(ShapeError, match=r"operands could not be broadcast together with shapes x \(3,\) and A \(3, 4\)"):
        run_trace(lambda x, A: x + A, x=vec(3), A=mat(3, 4))


def test_gemv_shape_mismatch():
    with pytest.raises(ShapeError, match="gemv:"):
        run_trace(lambda A, x: A @ x, A=mat(3, 4), x=vec(3))


def test_dtype_mismatch():
    with pytest.raises(DTypeError, match=r"add: mismatched element types \(x: float32, y: float64\)"):
        run_trace(lambda x, y: x + y, x=vec(4), y=vec(4, "float64"))


def test_complex_literal_with_real_arrays():
    with pytest.raises(DTypeError, match="complex literal"):
        run_trace(lambda x: x * 2j, x=vec(4, "float64"))


def test_bool_of_a_tensor():
    def f(x):
        if x:
            return x
        return -x
    with pytest.raises(KfuseError, match="data-dependent Python control flow"):
        run_trace(f, x=vec(4))


def test_captured_outside_array():
    outside = np.ones(4, np.float32)
    with pytest.raises(ArgumentError, match="captured from outside the traced function"):
        run_trace(lambda x: x + outside, x=vec(4))


@pytest.mark.parametrize("fn,match", [
    # x[0] of an argument vector is NumPy's scalar (test_runtime_index.py); of a computed one, a plane
    (lambda x: (x * 2)[0], "an integer index \\(u\\[-2, :\\]\\) or a sum along a short axis .* drops an axis"),
    (lambda x: x[::2], "slice step 2 is not supported"),
    (lambda x: list(x), "cannot iterate over a traced array"),
    (lambda x: x + "a", "unsupported operand str"),
    (lambda x: x + True, "unsupported operand bool"),
    (lambda x: 3, "return value 0 is not an array computed from the arguments"),
    (lambda x: (x, None), "return value 1 is not an array"),
    (lambda x: (), "nothing is returned"),
])
def test_unsupported_python(fn, match):
    with pytest.raises(KfuseError, match=match):
        run_trace(fn, x=vec(4))


def test_tensor_from_another_trace():
    leaked = []
    run_trace(lambda x: leaked.append(x) or x, x=vec(4))
    with pytest.raises(KfuseError, match="from another kfuse function"):
        run_trace(lambda y: y + leaked[0], y=vec(4))


def test_trace_leaves_no_builder_behind():
    from kfuse.frontend.trace import current_builder
    with pytest.raises(ShapeError):
        run_trace(lambda A, B: A @ B, A=mat(3, 4), B=mat(3, 4))
    assert current_builder() is None


def test_jit_wrapper_traces_without_a_gpu_for_numbers_only():
    @kfuse.jit
    def f(a, b):
        return a * b + 1
    prog = f.trace(2.0, 3.0)
    assert [c.fn for c in prog.calls] == ["mul", "add"]
    assert all(prog.value(n).host for n in prog.inputs)
    prog = kfuse.jit(lambda *xs: xs[0] * xs[1]).trace(2.0, 3.0)   # *args: one input per element
    assert prog.inputs == ["xs_0", "xs_1"]


def test_jit_refuses_host_arrays():
    f = kfuse.jit(lambda x: x * 2)
    with pytest.raises(ArgumentError, match="host .NumPy. array"):
        f.trace(np.ones(3, np.float32))


def test_numpy_scalars_and_ufuncs_record_calls_not_object_arrays():
    # the Tensor speaks NumPy's protocols (kfuse.frontend.numpy_api): a NumPy scalar on either
    # side is a literal of a kfuse call, and NumPy never makes an object array of the proxy
    prog, _ = run_trace(lambda x: np.float64(2.0) * x + np.exp(x), x=vec(4))
    assert [c.fn for c in prog.calls] == ["mul", "exp", "add"]
    with pytest.raises(KfuseError, match="numpy.asarray"):
        run_trace(lambda x: np.asarray(x), x=vec(4))
    assert callable(Tensor.__array_function__)
