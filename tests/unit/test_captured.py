"""Arrays captured from outside a ``kfuse.jit`` function (a closure's or a global variable):
hidden inputs of the traced program, named after the variable, in the signature of what was
compiled; slices of them are windows; the refusals name the array (issue 31, without a GPU)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.errors import ArgumentError, KfuseError
from kfuse.frontend import captured
from kfuse.frontend.trace import lower_spec

S = kfuse.ShapeDtype
POWER = np.linspace(0.0, 1.0, 48).reshape(6, 8)   # a global the functions below read


def heat(u):
    return kfuse.interior(u, u[1:-1, 1:-1] + 0.1 * (u[1:-1, 2:] + u[1:-1, :-2] - 2 * u[1:-1, 1:-1])
                          + POWER[1:-1, 1:-1])


def test_a_captured_global_is_a_hidden_input_named_after_it():
    lo = kfuse.jit(heat).lower(S((6, 8), "float64"))
    prog = lo.program
    assert prog.inputs == ["u", "POWER"]
    assert prog.value("POWER").type.shape == (6, 8) and prog.value("POWER").type.dtype == "float64"
    assert any("POWER[1:5, 1:7]" in prog.value(a).display for c in prog.calls for a in c.args.values())
    assert lo.signature[-1] == "POWER: matrix(6, 8) float64 C (captured)"


def test_a_closure_variable_used_twice_is_one_input():
    feed = np.full(10, 0.5, np.float32)

    def f(u):
        return u * feed + feed
    prog = kfuse.jit(f).lower(S((10,), "float32")).program
    assert prog.inputs == ["u", "feed"]


def test_an_unnamed_array_is_captured0_and_a_0d_array_a_device_scalar():
    k = np.array(2.0)

    def f(u):
        return u * k + np.ones(5) * 0 + np.arange(5.0)
    prog = kfuse.jit(f).lower(S((5,), "float64")).program
    assert prog.inputs[:2] == ["u", "k"] and prog.value("k").type.kind == "scalar"
    assert len(prog.inputs) == 4 and prog.inputs[2].startswith("captured")


def test_the_hidden_input_does_not_clash_with_a_parameter():
    u_outside = np.ones(4)

    def f(u_outside_):   # noqa: ARG001
        return u_outside_ + u_outside
    prog = kfuse.jit(f).lower(S((4,), "float64")).program
    assert len(set(prog.inputs)) == 2


def test_captured_arrays_enter_the_description_of_each_signature():
    jf = kfuse.jit(heat)
    key = jf.split((S((6, 8), "float64"),), spec=lower_spec)[1]
    entry = jf.get(None, key)                               # compiled, nothing bound (no GPU)
    assert [(n, s) for n, _, s in entry.items] == [("POWER", ("a", (6, 8), "float64", "C"))]
    assert entry.items[0][1] is POWER                       # the object itself is kept
    assert list(jf.plans) == ["u: matrix(6, 8) float64 C, POWER: matrix(6, 8) float64 C (captured)"]


def test_a_slice_of_step_two_is_refused_naming_the_array():
    grid = np.ones((6, 8))

    def f(u):
        return u + grid[:, ::2]
    with pytest.raises(ArgumentError, match=r"captured array 'captured0' is a non-contiguous array"):
        kfuse.jit(f).lower(S((6, 4), "float64"))


def test_a_captured_array_of_an_unsupported_type_names_it():
    ints = np.ones(4, np.int64)
    with pytest.raises(KfuseError, match=r"captured array 'ints'"):
        kfuse.jit(lambda u: u + ints).lower(S((4,), "float64"))


def test_a_captured_sparse_matrix_is_refused():
    import scipy.sparse as sp
    A = kfuse.sparse.CSR.from_any(sp.random(8, 8, density=0.3, format="csr", random_state=1))
    with pytest.raises(KfuseError):
        kfuse.jit(lambda x: A @ x).lower(S((8,), "float64"))


def test_trace_without_a_capture_list_still_refuses():
    from kfuse.frontend.trace import trace
    outside = np.ones(4, np.float32)
    with pytest.raises(ArgumentError, match="captured from outside the traced function"):
        trace(lambda x: x + outside, ["x"], [("a", (4,), "float32", "C")])


def test_window_of_finds_the_slice_of_its_base():
    base = np.zeros((5, 7), order="F")
    assert captured._window_of(base[1:4, 2:-1], [base]) == (base, ((1, 4), (2, 6)))
    assert captured._window_of(base[1], [base]) is None             # an integer index drops an axis
    assert captured._window_of(base[:, ::2], [base]) is None        # a step: not a window
    assert captured._window_of(base, [base]) is None
