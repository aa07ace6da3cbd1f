"""Unit tier for arrays with a short last axis taken plane by plane (kfuse.frontend.planes,
kfuse.frontend.creation; issue 31's D2Q9 LBM): ``np.roll`` of an integer-indexed plane, a grid
times a vector along its last axis (``F * cx``), 0-d values with planes, and ``np.zeros(F.shape,
dtype=F.dtype)`` inside a traced function; each through the reference against NumPy float64
bitwise, on odd sizes in float32 and float64; refusals one kfuse error naming the line."""
from __future__ import annotations

import re
import threading

import numpy as np
import pytest

from kfuse import reference
from kfuse.errors import KfuseError
from kfuse.frontend.trace import trace
from tests.programs.apps import lbm_d2q9 as lbm

DTYPES = ("float32", "float64")


def lbm_without_mask(F, cx, cy):
    """Mocz's D2Q9 step as published, less the cylinder's bounce-back (its masks)."""
    for i, cx_i, cy_i in zip(lbm.idxs, lbm.CXS, lbm.CYS):
        F[:, :, i] = np.roll(F[:, :, i], cx_i, axis=1)
        F[:, :, i] = np.roll(F[:, :, i], cy_i, axis=0)
    rho = np.sum(F, 2)
    ux = np.sum(F*cx, 2) / rho
    uy = np.sum(F*cy, 2) / rho
    Feq = np.zeros(F.shape, dtype=F.dtype)
    for i, cx_i, cy_i, w in zip(lbm.idxs, lbm.CXS, lbm.CYS, lbm.WEIGHTS):
        Feq[:, :, i] = rho * w * (1 + 3*(cx_i*ux+cy_i*uy) + 9*(cx_i*ux+cy_i*uy)**2/2 - 3*(ux**2+uy**2)/2)
    F += -(1.0/lbm.tau) * (F - Feq)


def _check(fn, arrays: list, dtype: str, order: str = "C"):
    """``fn`` traced for ``arrays``, run by the reference, against NumPy float64 on the same
    values (the written arguments and the returned values), bitwise."""
    xs = [np.asarray(a, order=order).astype(dtype) for a in arrays]
    names = [f"a{i}" for i in range(len(xs))]
    prog, _ = trace(fn, names, [("a", x.shape, dtype, order) for x in xs])
    got = reference.run(prog, dict(zip(names, xs)))
    want = [x.astype(np.float64) for x in xs]
    ret = fn(*want)
    rets = [] if ret is None else list(ret) if isinstance(ret, tuple) else [ret]
    for k, r in enumerate(rets):
        assert np.array_equal(got[prog.outputs[k]], r), f"result {k}"
    for name, out in prog.writes.items():
        assert np.array_equal(got[out], want[names.index(name)]), name
    return prog


@pytest.mark.parametrize("shape", [lbm.TEST, (9, 13)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_lbm_without_its_mask_equals_numpy(dtype, shape):
    s = lbm.init(shape, "float64")
    prog = _check(lbm_without_mask, [s["F"], s["cx"], s["cy"]], dtype)
    assert set(prog.writes) == {"a0"}
    picks = [c for c in prog.calls if c.fn == "pick"]
    assert len(picks) == 18 and {prog.value(c.args["i"]).const for c in picks} == set(map(float, range(9)))


@pytest.mark.parametrize("shift,axis", [(1, 0), (-1, 1), (0, 0), (3, (0, 1)), ((1, -2), (0, 1)), (7, -1)])
@pytest.mark.parametrize("order", "CF")
def test_a_rolled_plane_equals_numpys(shift, axis, order):
    def f(F):
        F[:, 2, :] = np.roll(F[:, 2, :], shift, axis=axis) * 2.0
        return np.roll(F, shift, axis=axis if isinstance(axis, int) else (0, 2))
    _check(f, [np.random.default_rng(1).standard_normal((5, 4, 7))], "float64", order)


@pytest.mark.parametrize("dtype", DTYPES)
def test_a_grid_with_a_vector_along_its_last_axis(dtype):
    def f(F, c, G):
        G[...] = F * c - c / (F + 3.0)
        G[:, :, 1] = (c + F)[:, :, 2] + np.sum(c) * F[:, :, 0]
        return F - c
    rng = np.random.default_rng(2)
    _check(f, [rng.uniform(0.5, 1.5, (5, 7, 4)), rng.uniform(-1, 1, 4), np.zeros((5, 7, 4))], dtype)


@pytest.mark.parametrize("order", "CF")
@pytest.mark.parametrize("dtype", DTYPES)
def test_new_arrays_inside_a_traced_function(dtype, order):
    def f(u):
        z = np.zeros(u.shape, dtype=u.dtype, order=order)
        z[1:-1, 1:] = u[1:-1, 1:] + np.ones((3, 6), u.dtype) * 3.0
        e = np.empty(u.shape, u.dtype)
        e[...] = 2.0
        return z + np.full(u.shape, 0.5, dtype=u.dtype) * e
    prog = _check(f, [np.random.default_rng(3).standard_normal((5, 7))], dtype, order)
    made = [c for c in prog.calls if c.fn == "full" and "like" not in c.args]
    assert len(made) == 4 and prog.value(made[0].out).type.order == order


def test_numpys_creation_functions_are_its_own_outside_a_trace():
    names = ("zeros", "ones", "empty", "full")
    before = {n: getattr(np, n) for n in names}
    seen = {}

    def f(u):
        t = threading.Thread(target=lambda: seen.setdefault("other", np.zeros(3)))
        t.start()
        t.join()
        seen["inner"] = np.zeros(u.shape, u.dtype)
        seen["vector"] = np.zeros(4)
        return u + 1.0
    trace(f, ["u"], [("a", (4, 3), "float64", "C")])
    assert type(seen["other"]) is np.ndarray and type(seen["inner"]) is not np.ndarray
    assert type(seen["vector"]) is np.ndarray   # a vector stays NumPy's (a constant the trace captures)
    assert {n: getattr(np, n) for n in names} == before


def test_numpys_own_calls_during_a_trace_keep_their_arguments():
    # another thread's call (a dtype of its own, an int array) and a vector np.full in the traced
    # function are NumPy's calls as written (the wrapper once dropped dtype= and fill_value)
    seen = {}

    def f(u):
        t = threading.Thread(target=lambda: seen.setdefault("other", np.zeros((2, 3), dtype=np.int32)))
        t.start()
        t.join()
        seen["full"] = np.full(3, 2.5)
        seen["full_kw"] = np.full((4,), fill_value=1.5, dtype=np.float32)
        return u + 1.0
    trace(f, ["u"], [("a", (4, 3), "float64", "C")])
    assert seen["other"].dtype == np.int32 and seen["other"].shape == (2, 3)
    np.testing.assert_array_equal(seen["full"], np.full(3, 2.5))
    assert seen["full_kw"].dtype == np.float32 and (seen["full_kw"] == 1.5).all()


def _int_zeros(u):
    return u + np.zeros(u.shape, dtype=np.int32)


def _traced_shape(u):
    return u + np.zeros(u)


def _rolled_flat(F):
    F[:, :, 0] = np.roll(F[:, :, 0], 1)
    return F


@pytest.mark.parametrize("fn,text", [
    (_int_zeros, "numpy.zeros: dtype int32 inside kfuse functions"),
    (_traced_shape, "numpy.zeros: the shape must be 2 to 4 non-negative ints"),
    (_rolled_flat, "axis=None flattens the plane of shape (5, 7)"),
])
def test_refusals_are_one_kfuse_error_naming_the_line(fn, text):
    with pytest.raises(KfuseError, match=re.escape(text)) as e:
        trace(fn, ["u"], [("a", (5, 7, 3) if fn is _rolled_flat else (5, 7), "float64", "C")])
    assert "test_planes.py" in str(e.value)
