"""The library of elementary functions: metadata, type inference, user registration."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import library, reference
from kfuse.api import bind_sizes
from kfuse.errors import DTypeError, ShapeError, UnknownFunctionError
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.ir import ArrayType
from kfuse.library import Param

# name -> (hof, [(input, kind, index, optional)], (output, kind, index, dtype), combine, reduce_axis)
_E, _S, _V, _M = "elem", "scalar", "vector", "matrix"
BUILTINS = {
    "copy": ("map", [("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "scal": ("map", [("alpha", _S, "", False), ("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "axpy": ("map", [("alpha", _S, "", False), ("x", _E, "", False), ("y", _E, "", False)],
             ("z", _E, "", "same"), None, None),
    "axpby": ("map", [("alpha", _S, "", False), ("x", _E, "", False), ("beta", _S, "", False), ("y", _E, "", False)],
              ("z", _E, "", "same"), None, None),
    "waxpby": ("map", [("alpha", _S, "", False), ("x", _E, "", False), ("beta", _S, "", False), ("y", _E, "", False)],
               ("w", _E, "", "same"), None, None),
    "add": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "sub": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "mul": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "div": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "neg": ("map", [("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "abs": ("map", [("x", _E, "", False)], ("z", _E, "", "real"), None, None),
    "sqrt": ("map", [("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "exp": ("map", [("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "conj": ("map", [("x", _E, "", False)], ("z", _E, "", "same"), None, None),
    "madd": ("map", [("A", _M, "", False), ("B", _M, "", False)], ("C", _E, "", "same"), None, None),
    "dot": ("reduce", [("x", _V, "", False), ("y", _V, "", False)], ("r", _S, "", "same"), "+", None),
    "dotc": ("reduce", [("x", _V, "", False), ("y", _V, "", False)], ("r", _S, "", "same"), "+", None),
    "nrm2": ("reduce", [("x", _V, "", False)], ("r", _S, "", "real"), "+", None),
    "asum": ("reduce", [("x", _V, "", False)], ("r", _S, "", "real"), "+", None),
    "sum": ("reduce", [("x", _E, "", False)], ("r", _S, "", "same"), "+", None),
    "max": ("reduce", [("x", _E, "", False)], ("r", _S, "", "same"), "max", None),
    "min": ("reduce", [("x", _E, "", False)], ("r", _S, "", "same"), "min", None),
    "maximum": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "minimum": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "where": ("map", [("cond", _E, "", False), ("x", _E, "", False), ("y", _E, "", False)],
              ("z", _E, "", "same"), None, None),
    "gt": ("map", [("x", _E, "", False), ("y", _E, "", False)], ("z", _E, "", "same"), None, None),
    "interior": ("map", [("u", _E, "", False), ("inner", _E, "", False)], ("z", _E, "", "same"), None, None),
    "amax": ("reduce", [("x", _V, "", False)], ("r", _S, "", "real"), "max", None),
    "gemv": ("nested_reduce", [("A", _M, "", False), ("x", _V, "j", False), ("alpha", _S, "", True),
                               ("beta", _S, "", True), ("y", _V, "i", True)], ("z", _V, "i", "same"), "+", "j"),
    "gemv_t": ("nested_reduce", [("A", _M, "", False), ("x", _V, "i", False), ("alpha", _S, "", True),
                                 ("beta", _S, "", True), ("y", _V, "j", True)], ("z", _V, "j", "same"), "+", "i"),
    "ger": ("nested_map", [("A", _M, "", False), ("x", _V, "i", False), ("y", _V, "j", False),
                           ("alpha", _S, "", True)], ("B", _M, "", "same"), None, None),
    "outer": ("nested_map", [("x", _V, "i", False), ("y", _V, "j", False)], ("B", _M, "", "same"), None, None),
}


def test_builtin_names():
    assert set(BUILTINS) <= set(library.names())
    assert library.names() == sorted(library.names())


@pytest.mark.parametrize("name", sorted(BUILTINS))
def test_builtin_metadata(name):
    hof, ins, out, combine, axis = BUILTINS[name]
    fn = library.get(name)
    assert fn.builtin and fn.hof == hof and fn.combine == combine and fn.reduce_axis == axis
    assert [(p.name, p.kind, p.index, p.optional) for p in fn.inputs] == ins
    o = fn.output
    assert (o.name, o.kind, o.index, o.dtype) == out
    assert fn.is_reduce == (hof in ("reduce", "nested_reduce"))
    assert fn.nested == hof.startswith("nested")
    assert fn.threads_per_instance == 1 and fn.variants == ("registers",)
    assert callable(fn.reference) and fn.doc and fn.compute.strip().endswith(";")
    if fn.is_reduce:
        assert "acc" in fn.compute and fn.finalize and o.name in fn.finalize
    else:
        assert o.name in fn.compute
    m = fn.metadata()
    assert m["name"] == name and m["hof"] == hof and m["combine"] == combine and m["reduce_axis"] == axis
    assert [p["name"] for p in m["inputs"]] == [p[0] for p in ins]
    assert set(m["access"]) == {p[0] for p in ins} | {out[0]}
    for p in fn.inputs:
        if p.kind == "scalar":
            assert m["access"][p.name] == "invariant"
        if p.kind == "matrix":
            assert m["access"][p.name] == "element(i,j)"
        if p.kind == "vector" and fn.nested:
            assert m["access"][p.name] == f"element({p.index})"


def test_gemv_metadata_details():
    fn = library.get("gemv")
    assert [(p.name, p.default, p.stage) for p in fn.inputs] == [
        ("A", None, "compute"), ("x", None, "compute"), ("alpha", 1.0, "compute"),
        ("beta", 0.0, "finalize"), ("y", 0.0, "finalize")]
    assert fn.finalize == "z = alpha * acc + beta * y;"
    assert fn.metadata()["access"] == {"A": "element(i,j)", "x": "element(j)", "alpha": "invariant",
                                       "beta": "invariant", "y": "element(i)", "z": "element(i)"}


def test_metadata_keeps_zero_defaults():
    m = library.get("gemv").metadata()
    beta = next(p for p in m["inputs"] if p["name"] == "beta")
    assert beta.get("default") == 0.0


def test_metadata_reduction_output_is_reduced():
    assert library.get("dot").metadata()["access"]["r"] == "reduced"


# ---------------------------------------------------------------------------- infer
def V(n, dt="float32"):
    return ArrayType("vector", dt, (n,))


def M(m, n, dt="float32", order="C"):
    return ArrayType("matrix", dt, (m, n), order)


def S(dt="float32"):
    return ArrayType("scalar", dt)


@pytest.mark.parametrize("fn,args,out", [
    ("gemv", dict(A=M(3, 4), x=V(4)), V(3)),
    ("gemv", dict(A=M(3, 4, "float64", "F"), x=V(4, "float64"), y=V(3, "float64"), beta=S("float64")),
     V(3, "float64")),
    ("gemv_t", dict(A=M(3, 4), x=V(3), y=V(4)), V(4)),
    ("ger", dict(A=M(3, 4, order="F"), x=V(3), y=V(4)), M(3, 4, order="F")),
    ("outer", dict(x=V(3), y=V(5)), M(3, 5)),
    ("madd", dict(A=M(3, 4), B=M(3, 4)), M(3, 4)),
    ("add", dict(x=V(3), y=S()), V(3)),
    ("add", dict(x=S(), y=S()), S()),
    ("scal", dict(alpha=S(), x=M(2, 3, order="F")), M(2, 3, order="F")),
    ("dot", dict(x=V(3, "complex64"), y=V(3, "complex64")), S("complex64")),
    ("nrm2", dict(x=V(3, "complex128")), S("float64")),
    ("asum", dict(x=V(3, "complex64")), S("float32")),
    ("amax", dict(x=V(3, "float64")), S("float64")),
    ("abs", dict(x=M(2, 3, "complex64", "F")), M(2, 3, "float32", "F")),
    ("gemv", dict(A=M("m", "n"), x=V("n")), V("m")),
    ("gemv", dict(A=M("m", "n"), x=V(4)), V("m")),   # a symbol and an int agree until bound
])
def test_infer(fn, args, out):
    assert library.get(fn).infer(args) == out


@pytest.mark.parametrize("fn,args,err,msg", [
    ("gemv", dict(A=M(3, 4)), ShapeError, "gemv: missing argument 'x'"),
    ("gemv", dict(A=M(3, 4), x=V(4), q=V(3)), ShapeError,
     "gemv: unknown argument 'q' (parameters: A, x, alpha, beta, y)"),
    ("gemv", dict(A=V(3), x=V(4)), ShapeError, "gemv: argument 'A' must be a matrix, got vector(3) float32"),
    ("gemv", dict(A=M(3, 4), x=V(3)), ShapeError, "gemv: 'x' vector(3) float32 has columns 3 but 'A'"),
    ("gemv", dict(A=M(3, 4), x=V(4), y=V(4)), ShapeError, "gemv: 'y' vector(4) float32 has rows 4"),
    ("gemv", dict(A=M("m", "n"), x=V("m")), ShapeError, "gemv: 'x' vector(m) float32 has columns m"),
    ("ger", dict(A=M(3, 4), x=V(4), y=V(4)), ShapeError, "ger: 'x' vector(4) float32 has rows 4"),
    ("dot", dict(x=V(3), y=S()), ShapeError, "dot: argument 'y' must be a vector, got scalar float32"),
    ("add", dict(x=V(3), y=V(4)), ShapeError, "add: shapes of 'x' vector(3) float32 and 'y' vector(4) float32"),
    ("add", dict(x=V(3), y=M(3, 3)), ShapeError, "do not match"),
    ("madd", dict(A=M(3, 4), B=M(4, 3)), ShapeError, "madd: shapes of 'A'"),
    ("add", dict(x=V(3), y=V(3, "float64")), DTypeError, "add: mismatched element types (x: float32, y: float64)"),
    ("gemv", dict(A=M(3, 4, "complex64"), x=V(4, "complex128")), DTypeError, "mismatched element types"),
])
def test_infer_errors(fn, args, err, msg):
    with pytest.raises(err) as info:
        library.get(fn).infer(args)
    assert msg in str(info.value)


def test_infer_weak_literals():
    fn = library.get("scal")
    assert fn.infer(dict(alpha=S("float32"), x=V(3, "float64")), frozenset({"alpha"})) == V(3, "float64")
    with pytest.raises(DTypeError, match="scal: complex literal for 'alpha' with float32 operands"):
        fn.infer(dict(alpha=S("complex64"), x=V(3)), frozenset({"alpha"}))


def test_unknown_function():
    with pytest.raises(UnknownFunctionError, match=r"unknown function 'gemvt' \(did you mean gemv_t, gemv(, gemm)?\?\)"):
        library.get("gemvt")
    with pytest.raises(UnknownFunctionError, match=r"^unknown function 'qqqq'$"):
        library.get("qqqq")


# ---------------------------------------------------------------------------- registration
def relu_axpy_reference(a, x, y):
    return {"z": np.maximum(a * x + y, 0)}


def register_relu_axpy(register):
    return register("relu_axpy", "map", [("a", "scalar"), ("x", "elem"), ("y", "elem")], [("z", "elem")],
                    "z = kf_op_max(a * x + y, T(0));", reference=relu_axpy_reference, doc="max(a x + y, 0)",
                    flops=3)


def register_sumsq(register):
    return register("sumsq", "reduce", [Param("x", "vector")], [{"name": "r", "kind": "scalar"}],
                    "acc += x * x;", combine="+", reference=lambda x: {"r": np.sum(x * x)})


def test_register_map_and_use_it_from_a_script(user_functions):
    fn = register_relu_axpy(user_functions)
    assert not fn.builtin and "relu_axpy" in library.names() and library.get("relu_axpy") is fn
    assert fn.metadata()["access"] == {"a": "invariant", "x": "element(i)", "y": "element(i)", "z": "element(i)"}
    prog = script.parse("vector x(n), y(n), z(n); scalar a; input a, x, y; z = relu_axpy(a, x, y=y); return z;", "u")
    assert [(c.fn, c.args) for c in prog.calls] == [("relu_axpy", {"a": "a", "x": "x", "y": "y"})]
    prog = bind_sizes(prog, {"n": 3})
    res = reference.run(prog, {"a": 2.0, "x": np.array([1.0, -1.0, 0.5]), "y": np.array([-1.0, 1.0, 1.0])})
    np.testing.assert_array_equal(res["z"], [1.0, 0.0, 2.0])


def test_register_reduce_and_use_it_from_script_and_trace(user_functions):
    fn = register_sumsq(user_functions)
    assert fn.is_reduce and fn.finalize == "r = acc;"    # default finalize
    prog = bind_sizes(script.parse("vector x(n); scalar r; input x; r = sumsq(x); return r;", "u"), {"n": 3})
    assert prog.value("r").type.kind == "scalar"
    assert reference.run(prog, {"x": np.array([1.0, 2.0, 3.0])})["r"] == 14.0
    tprog, _ = trace(lambda x: kfuse.blas.call("sumsq", x) * x, ["x"], [("a", (3,), "float64", "C")])
    assert [c.fn for c in tprog.calls] == ["sumsq", "mul"]
    out = reference.run(tprog, {"x": np.array([1.0, 2.0, 3.0])})[tprog.outputs[0]]
    np.testing.assert_array_equal(out, [14.0, 28.0, 42.0])


def test_user_function_errors_point_into_the_script(user_functions):
    register_sumsq(user_functions)
    with pytest.raises(kfuse.ScriptError) as info:
        script.parse("matrix A(m, n); scalar r; input A;\nr = sumsq(A);\nreturn r;", "u")
    assert (info.value.line, info.value.col) == (2, 5)
    assert "sumsq: argument 'x' must be a vector" in str(info.value)


def test_register_duplicate_errors(user_functions):
    register_relu_axpy(user_functions)
    with pytest.raises(ValueError, match="function 'relu_axpy' already exists"):
        register_relu_axpy(user_functions)
    with pytest.raises(ValueError, match="function 'gemv' already exists"):
        library.register("gemv", "map", [("x", "elem")], [("z", "elem")], "z = x;")
    # replace=True redefines it
    new = user_functions("relu_axpy", "map", [("x", "elem")], [("z", "elem")], "z = x;", replace=True)
    assert library.get("relu_axpy") is new


def test_unregister(user_functions):
    register_relu_axpy(user_functions)
    library.unregister("relu_axpy")
    assert "relu_axpy" not in library.names()
    with pytest.raises(UnknownFunctionError):
        library.get("relu_axpy")
    with pytest.raises(UnknownFunctionError):
        library.unregister("relu_axpy")
    with pytest.raises(ValueError, match="'gemv' is a built-in function"):
        library.unregister("gemv")
    assert "gemv" in library.names()


@pytest.mark.parametrize("args,kwargs,msg", [
    (("bad name", "map", [("x", "elem")], [("z", "elem")], "z = x;"), {}, "must be an identifier"),
    (("f1", "scan", [("x", "elem")], [("z", "elem")], "z = x;"), {}, "hof must be one of"),
    (("f2", "reduce", [("x", "vector")], [("r", "scalar")], "acc += x;"), {"combine": "*"}, "needs combine"),
    (("f3", "nested_reduce", [("A", "matrix")], [("z", "vector", "i")], "acc += A;"), {"combine": "+"},
     "reduce_axis"),
    (("f4", "map", [("x", "elem")], [("z", "elem"), ("w", "elem")], "z = x;"), {}, "exactly one output"),
    (("f5", "map", [("x", "elem"), ("x", "elem")], [("z", "elem")], "z = x;"), {}, "duplicate parameter"),
    (("f6", "map", [("x", "tensor")], [("z", "elem")], "z = x;"), {}, "unknown kind"),
    (("f7", "nested_map", [("A", "matrix"), ("x", "vector")], [("B", "matrix")], "B = A;"), {}, "needs index"),
])
def test_register_rejects_bad_definitions(args, kwargs, msg):
    with pytest.raises(ValueError, match=msg):
        library.register(*args, **kwargs)
    assert args[0] not in library.names()


def test_param_json():
    assert Param("x", "vector", "i").to_json() == {"name": "x", "kind": "vector", "index": "i", "stage": "compute",
                                                   "dtype": "same"}
    assert Param("alpha", "scalar", optional=True, default=1.0).to_json()["default"] == 1.0
