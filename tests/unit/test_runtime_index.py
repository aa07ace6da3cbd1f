"""Unit tier for an index known only at run time (kfuse.frontend.runtime_index, issue 31):
``fict[t]`` with ``t`` a Python int argument is ``pick(fict, t)``, ``t`` an int64 host scalar;
NumPy's results through the reference (negative indices wrap once), the host-side check of
the index at every call, one kernel for PolyBench's fdtd-2d step, and one kfuse error for
every other index that holds a traced value."""
from __future__ import annotations

import re

import numpy as np
import pytest

from kfuse import config, reference
from kfuse.errors import ArgumentError, KfuseError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.runtime.executable import index_argument, index_lengths
from tests.programs.apps import fdtd2d

DTYPES = ("float32", "float64")


def _fdtd(dtype):
    s = fdtd2d.init(fdtd2d.TEST, dtype)
    specs = [("a", s[k].shape, dtype, "C") for k in ("ex", "ey", "hz", "_fict_")] + [("h", "real")]
    prog, _ = trace(fdtd2d.step, ["ex", "ey", "hz", "_fict_", "t"], specs, "fdtd2d")
    return s, prog


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_index_is_an_int64_host_scalar_read_by_pick(dtype):
    _, prog = _fdtd(dtype)
    t = prog.value("t")
    assert t.host and t.type.dtype == "int64" and t.type.kind == "scalar"
    picks = [c for c in prog.calls if c.fn == "pick"]
    assert len(picks) == 1 and picks[0].args == {"x": "_fict_", "i": "t"}
    assert prog.value(picks[0].out).type.dtype == dtype
    assert index_lengths(prog) == {"t": (fdtd2d.TMAX, "_fict_")}


def test_fdtd2d_step_is_one_grid_kernel():
    _, prog = _fdtd("float64")
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    assert len(plan.kernels) == 1 and plan.kernels[0].space == "grid", [k.calls for k in plan.kernels]


@pytest.mark.parametrize("t", [0, 5, -1, -fdtd2d.TMAX, fdtd2d.TMAX - 1])
@pytest.mark.parametrize("dtype", DTYPES)
def test_the_reference_equals_numpy(dtype, t):
    s, prog = _fdtd(dtype)
    got = reference.run(prog, {**{k: s[k] for k in ("ex", "ey", "hz", "_fict_")}, "t": t})
    want = {k: s[k].astype(np.float64) for k in ("ex", "ey", "hz", "_fict_")}
    fdtd2d.step(want["ex"], want["ey"], want["hz"], want["_fict_"], t)
    for name, out in prog.writes.items():
        assert np.array_equal(got[out], want[name]), name


@pytest.mark.parametrize("t", [fdtd2d.TMAX, -fdtd2d.TMAX - 1])
def test_the_reference_refuses_an_index_out_of_range(t):
    s, prog = _fdtd("float64")
    with pytest.raises(ArgumentError, match="out of bounds"):
        reference.run(prog, {**{k: s[k] for k in ("ex", "ey", "hz", "_fict_")}, "t": t})


@pytest.mark.parametrize("x", [1000, -1001, 2.5, float("nan"), True, 1j])
def test_the_runtime_refuses_a_bad_index_naming_the_argument(x):
    with pytest.raises(ArgumentError, match=r"argument 't' .* indexes _fict_, of length 1000"):
        index_argument("t", x, 1000, "_fict_")


@pytest.mark.parametrize("x,want", [(0, 0), (-1, -1), (999, 999), (3.0, 3), (np.int32(-1000), -1000)])
def test_the_runtime_takes_an_index_in_range_as_int64(x, want):
    got = index_argument("t", x, 1000, "_fict_")
    assert got.dtype == np.int64 and got == want


def test_an_index_used_as_a_number_too_gets_its_own_float_input():
    def f(v, u, t):
        return u * v[t] + t
    prog, _ = trace(f, ["v", "u", "t"], [("a", (9,), "float64", "C"), ("a", (4, 5), "float64", "C"), ("h", "real")])
    typed = {prog.value(n).type.dtype for n in prog.inputs if prog.value(n).host}
    assert typed == {"int64", "float64"}
    v, u = np.arange(9.0) / 7, np.linspace(-1, 1, 20).reshape(4, 5)
    got = reference.run(prog, {"v": v, "u": u, "t": -2})
    assert np.array_equal(got[prog.outputs[0]], u * v[-2] + -2)


def _matrix_row(u, t):
    return u[t]


def _computed(v, t):
    return v[t + 1] * v


def _array_index(v, k):
    return v[k] * v


def _two(u, t):
    return u[t, t]


@pytest.mark.parametrize("fn,specs,text", [
    (_matrix_row, [("a", (4, 5), "float64", "C"), ("h", "real")], "only as v[t], one element of a vector"),
    (_two, [("a", (4, 5), "float64", "C"), ("h", "real")], "only as v[t], one element of a vector"),
    (_computed, [("a", (9,), "float64", "C"), ("h", "real")], "must be a Python int argument itself"),
    (_array_index, [("a", (9,), "float64", "C"), ("d", "float64")], "must be a Python int argument itself"),
    (_array_index, [("a", (9,), "float64", "C"), ("h", "complex")], "a complex number is no index"),
])
def test_other_traced_indexes_are_one_kfuse_error_naming_the_line(fn, specs, text):
    with pytest.raises(KfuseError, match=re.escape(text)) as e:
        trace(fn, ["v", "t"], specs)
    assert "test_runtime_index.py" in str(e.value)


def _adds_element(u, src):
    return u + src[2] * src[-1]


def _sets_row(u, src):
    v = u.copy()
    v[0, :] = src[1]
    return v


@pytest.mark.parametrize("fn", [_adds_element, _sets_row])
def test_an_argument_vectors_element_at_a_python_int_is_a_number(fn):
    # NumPy's src[2] is a scalar: any operation takes it (it was a 0-d plane, refused by + - * /)
    rng = np.random.default_rng(3)
    u, src = rng.uniform(-1, 1, (5, 7)), rng.uniform(-1, 1, 4)
    prog, _ = trace(fn, ["u", "src"], [("a", u.shape, "float64", "C"), ("a", src.shape, "float64", "C")], fn.__name__)
    picks = [c for c in prog.calls if c.fn == "pick"]
    assert picks and all(c.args["x"] == "src" for c in picks)
    got = reference.run(prog, {"u": u, "src": src})[prog.outputs[0]]
    assert np.array_equal(got, fn(u, src))
    with config.override(search_grid_time_s=0.0):
        assert len(best_plan(prog, load_calibration()).kernels) == 1


def test_an_element_out_of_range_names_the_line():
    def past(u, src):
        return u + src[4]
    with pytest.raises(KfuseError, match=r"src\[4\]: index 4 is out of bounds for an axis of size 4"):
        trace(past, ["u", "src"], [("a", (5, 7), "float64", "C"), ("a", (4,), "float64", "C")], "past")
