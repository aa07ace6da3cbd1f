"""Literals take their element type from the operation, as NumPy Python scalars do (issue 17, bug 3).

A real literal meeting a real-valued result of a complex input (``abs(z) * 0.5``) stays real; a
real literal meeting a complex array is widened; a complex literal meeting only real operands is
refused with a clear DTypeError (kfuse does not promote arrays).  Python tracing and scripts agree.
"""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.errors import DTypeError, ScriptError
from kfuse.frontend import parse
from kfuse.frontend.trace import trace

CPLX = {"complex64": "float32", "complex128": "float64"}

# (python function, script expression, NumPy float64 reference, returns a scalar)
CASES = {
    "abs_times_half": (lambda z: abs(z) * 0.5, "abs(z) * 0.5", lambda z: np.abs(z) * 0.5, False),
    "sqrt_abs_plus_one": (lambda z: kfuse.sqrt(abs(z) + 1.0), "sqrt(abs(z) + 1.0)",
                          lambda z: np.sqrt(np.abs(z) + 1.0), False),
    "nrm2_times_two": (lambda z: kfuse.blas.nrm2(z) * 2.0, "nrm2(z) * 2.0",
                       lambda z: np.linalg.norm(z) * 2.0, True),
    "scal_of_abs": (lambda z: kfuse.blas.scal(0.125, abs(z)), "scal(0.125, abs(z))",
                    lambda z: 0.125 * np.abs(z), False),
    "half_minus_abs": (lambda z: 0.5 - abs(z) / 3, "0.5 - abs(z) / 3", lambda z: 0.5 - np.abs(z) / 3, False),
}


def _z(n, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)


def _trace(fn, **specs):
    return trace(fn, list(specs), list(specs.values()))[0]


def _consts(prog):
    return {v.const: v.type.dtype for v in prog.values.values() if v.role == "const"}


@pytest.mark.parametrize("dtype", list(CPLX))
@pytest.mark.parametrize("case", list(CASES))
def test_real_literal_with_real_result_of_complex_input(case, dtype):
    fn, _, ref, _ = CASES[case]
    n = 37
    prog = _trace(fn, z=("a", (n,), dtype, "C"))
    real = CPLX[dtype]
    assert prog.value(prog.outputs[0]).type.dtype == real
    assert set(_consts(prog).values()) == {real}
    z = _z(n, dtype)
    got = reference.run(prog, {"z": z})[prog.outputs[0]]
    np.testing.assert_allclose(got, ref(z.astype(np.complex128)), rtol=1e-12)


@pytest.mark.parametrize("dtype", list(CPLX))
@pytest.mark.parametrize("case", list(CASES))
def test_scripts_type_literals_like_python(case, dtype):
    fn, expr, _, scalar = CASES[case]
    real = CPLX[dtype]
    kind = "scalar r" if scalar else "vector r(n)"
    # the script's default element type is complex: the literal must still be real
    text = f"vector z(n); {real} {kind}; input z; r = {expr}; return r;"
    sprog = parse(text, dtype=dtype).bind({"n": 37})
    pprog = _trace(fn, z=("a", (37,), dtype, "C"))
    assert sprog.value(sprog.outputs[0]).type.dtype == pprog.value(pprog.outputs[0]).type.dtype == real
    assert sorted(_consts(sprog).items()) == sorted(_consts(pprog).items())
    assert [c.fn for c in sprog.calls] == [c.fn for c in pprog.calls]


def test_python_float_with_float32_array_stays_float32():
    prog = _trace(lambda x: 2.5 * x + 1, x=("a", (5,), "float32", "C"))
    assert {v.type.dtype for v in prog.values.values()} == {"float32"}


@pytest.mark.parametrize("dtype", list(CPLX))
def test_real_literal_with_complex_array_is_widened(dtype):
    prog = _trace(lambda z: z * 0.5 + 1, z=("a", (5,), dtype, "C"))
    assert set(_consts(prog).values()) == {dtype}
    assert prog.value(prog.outputs[0]).type.dtype == dtype


def test_real_literal_used_both_ways_in_one_program():
    prog = _trace(lambda z: (z * 0.5, abs(z) * 0.5), z=("a", (5,), "complex64", "C"))
    assert sorted(prog.value(o).type.dtype for o in prog.outputs) == ["complex64", "float32"]
    z = _z(5, "complex64", 3)
    out = reference.run(prog, {"z": z})
    np.testing.assert_allclose(out[prog.outputs[1]], np.abs(z.astype(complex)) * 0.5, rtol=1e-12)


def test_literal_only_function_calls_are_literals():
    # kfuse.sqrt(2.0) meets a complex array: it adapts like any literal
    prog = _trace(lambda z: kfuse.sqrt(2.0) * z + kfuse.exp(0.5j) * z,
                  z=("a", (5,), "complex128", "C"))
    assert "sqrt" not in [c.fn for c in prog.calls] and "exp" not in [c.fn for c in prog.calls]
    z = _z(5, "complex128", 4)
    got = reference.run(prog, {"z": z})[prog.outputs[0]]
    np.testing.assert_allclose(got, np.sqrt(2.0) * z + np.exp(0.5j) * z, rtol=1e-12)
    # sqrt of a negative real literal is nan, as in NumPy
    prog = _trace(lambda x: x * kfuse.sqrt(-1.0), x=("a", (3,), "float64", "C"))
    assert all(np.isnan(v.const) for v in prog.values.values() if v.role == "const")


@pytest.mark.parametrize("fn", [lambda x: x * 1j, lambda x: abs(x) + (1 - 2j),
                                lambda x: kfuse.blas.scal(2j, x)])
def test_complex_literal_with_real_operands_is_a_clear_error(fn):
    with pytest.raises(DTypeError, match=r"complex literal .*float32.*complex64"):
        _trace(fn, x=("a", (4,), "float32", "C"))
    with pytest.raises(DTypeError, match=r"complex literal .*float32.*complex64"):
        _trace(lambda z: fn(abs(z)), z=("a", (4,), "complex64", "C"))


def test_complex_literal_with_real_operands_in_a_script():
    with pytest.raises(ScriptError, match=r"1:\d+: mul: complex literal .*convert"):
        parse("vector x(n), y(n); input x; y = x * 1j; return y;", dtype="float64")


def test_script_literal_takes_its_declared_type():
    prog = parse("complex64 scalar c; complex64 vector z(n), y(n); input z; c = 2.0; y = c * z; return y;")
    assert prog.value("c").type.dtype == "complex64"
    with pytest.raises(ScriptError, match="declared float32 but the expression gives complex64"):
        parse("float32 scalar c; vector z(n), y(n); input z; c = 2j; y = c * z; return y;")


def test_a_returned_literal_function_is_still_an_output():
    prog = _trace(lambda x: (x * 2, kfuse.sqrt(4.0)), x=("a", (4,), "float64", "C"))
    out = prog.value(prog.outputs[1])
    assert out.role == "temp" and out.type.kind == "scalar" and out.type.dtype == "float64"
    assert reference.run(prog, {"x": np.ones(4)})[prog.outputs[1]] == 2.0


# ------------------------------------------------------------------ Python-number arguments
# A Python number passed as an argument is typed like a literal (it is the same NumPy Python
# scalar): real with real operands, complex with complex ones, both in one program through a
# second input filled from the same number (``copy_of``).  Fuzz seed 306.
R, C = ("h", "real"), ("h", "complex")


NUMBER_CASES = {   # f(z, s), its NumPy reference
    "s_times_abs": (lambda z, s: s * abs(z), lambda z, s: s * np.abs(z)),
    "s_times_asum": (lambda z, s: s * kfuse.blas.asum(z), lambda z, s: s * np.abs(z.real).sum()
                     + s * np.abs(z.imag).sum()),
    "sqrt_abs_plus_s": (lambda z, s: kfuse.sqrt(abs(z) + s), lambda z, s: np.sqrt(np.abs(z) + s)),
    "two_s_abs_minus_s": (lambda z, s: 2 * s * abs(z) - s, lambda z, s: 2 * s * np.abs(z) - s),
}


@pytest.mark.parametrize("dtype", list(CPLX))
@pytest.mark.parametrize("case", list(NUMBER_CASES))
def test_real_number_argument_with_real_values_of_complex_input(case, dtype):
    fn, ref = NUMBER_CASES[case]
    prog = _trace(fn, z=("a", (5,), dtype, "C"), s=R)
    assert prog.inputs == ["z", "s"]
    assert prog.value("s").type.dtype == CPLX[dtype] and prog.value("s").host
    assert prog.value(prog.outputs[0]).type.dtype == CPLX[dtype]
    z = _z(5, dtype)
    got = reference.run(prog, {"z": z, "s": 0.75})[prog.outputs[0]]
    np.testing.assert_allclose(got, ref(z.astype(np.complex128), 0.75), rtol=1e-12)


def test_real_number_argument_used_both_ways_gets_a_complex_copy():
    prog = _trace(lambda z, s: (s * abs(z), s * z, z * s + 1), z=("a", (6,), "complex64", "C"), s=R)
    assert prog.inputs == ["z", "s", "s.complex64"]
    s, sc = prog.value("s"), prog.value("s.complex64")
    assert (s.type.dtype, sc.type.dtype, sc.copy_of, sc.host, sc.display) == \
        ("float32", "complex64", "s", True, "s")
    z = _z(6, "complex64", 3)
    out = reference.run(prog, {"z": z, "s": -1.5})       # the copy is filled from s
    for o, want in zip(prog.outputs, (-1.5 * np.abs(z), -1.5 * z, z * -1.5 + 1)):
        np.testing.assert_allclose(out[o], want, rtol=1e-6)
    assert list(reference.random_inputs(prog, seed=1)) == ["z", "s"]


def test_number_expressions_take_the_type_of_their_use():
    # 2 * s is a Python number again: computed once as float64 and once as complex128
    prog = _trace(lambda z, s, t: (s * t * abs(z), 2 * s * z), z=("a", (4,), "complex128", "C"), s=R, t=R)
    assert prog.value("t").type.dtype == "float64" and prog.value("s").type.dtype == "float64"
    assert [prog.value(n).copy_of for n in prog.inputs] == [None, None, None, "s"]
    z = _z(4, "complex128", 5)
    out = reference.run(prog, {"z": z, "s": 0.5, "t": 3.0})
    np.testing.assert_allclose(out[prog.outputs[0]], 1.5 * np.abs(z))
    np.testing.assert_allclose(out[prog.outputs[1]], z)


def test_complex_number_argument_with_complex_values_and_abs():
    prog = _trace(lambda z, s: (s * z, abs(s) * abs(z)), z=("a", (4,), "complex64", "C"), s=C)
    assert prog.value("s").type.dtype == "complex64" and len(prog.inputs) == 2
    assert prog.value(prog.outputs[1]).type.dtype == "float32"


@pytest.mark.parametrize("fn", [lambda x, s: s * x, lambda x, s: kfuse.blas.scal(s, x),
                                lambda x, s: x + 2 * s])
def test_complex_number_argument_with_real_operands_is_a_clear_error(fn):
    with pytest.raises(DTypeError, match=r"Python complex number of argument\(s\) 's' meets float32 "
                                         r"operands.*complex64"):
        _trace(fn, x=("a", (4,), "float32", "C"), s=C)


@pytest.mark.parametrize("kind, dtype", [(R, "float32"), (C, "complex64")])
def test_unused_or_returned_number_argument_keeps_its_kind(kind, dtype):
    prog = _trace(lambda z, s: (z, s), z=("a", (4,), "complex64", "C"), s=kind)
    assert prog.value("s").type.dtype == dtype and prog.outputs[1] == "s"
