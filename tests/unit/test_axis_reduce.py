"""Unit tier for reductions over one short axis (kfuse.frontend.axis_reduce, issue 31's D2Q9
``np.sum(F, 2)``): the unrolled sum (max, min, mean) of the axis's planes, in NumPy's order, so
the reference equals NumPy float64 bitwise on odd shapes in C and F order; fused into one grid
kernel with the code that uses it; one kfuse error for an axis it does not unroll."""
from __future__ import annotations

import re

import numpy as np
import pytest

from kfuse import config, reference
from kfuse.errors import KfuseError
from kfuse.frontend.trace import trace
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan


def _lbm_moments(F, G):
    """D2Q9's moments written into planes of G (every reduction, every axis form)."""
    rho = np.sum(F, 2)
    G[:, :, 0] = rho * 0.5
    G[:, :, 1] = np.max(F, axis=-1) + np.mean(F, 2)
    G[:, :, 2] = F.min(2) - F.sum(axis=2) / rho
    F += 0.25


def _run(fn, shapes, dtype, order, seed=0):
    rng = np.random.default_rng(seed)
    xs = [np.asarray(rng.uniform(0.5, 1.5, s), order=order).astype(dtype) for s in shapes]
    prog, _ = trace(fn, [f"a{i}" for i in range(len(xs))], [("a", x.shape, dtype, order) for x in xs])
    got = reference.run(prog, dict(zip(prog.inputs, xs)))
    return prog, got, xs


@pytest.mark.parametrize("order", "CF")
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_d2q9_moments_equal_numpy_bitwise(dtype, order):
    prog, got, xs = _run(_lbm_moments, [(21, 45, 9), (21, 45, 3)], dtype, order)
    want = [x.astype(np.float64) for x in xs]
    _lbm_moments(*want)
    for k, (name, out) in enumerate(prog.writes.items()):
        assert np.array_equal(got[out], want[k]), name


@pytest.mark.parametrize("n", [1, 3, 7, 8, 9, 17, 32])
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
@pytest.mark.parametrize("order", "CF")
def test_a_sum_over_each_axis_is_numpys_order(n, axis, order):
    shape = [5, 7, 3]
    shape[axis] = n

    def h(F, W):
        s = np.sum(F, axis)
        W[(slice(None),) * (axis % 3) + (0,)] = s
        return W
    W_shape = list(shape)
    W_shape[axis] = 2
    rng = np.random.default_rng(n)
    F = np.asarray(rng.standard_normal(shape), order=order)
    W = np.asarray(rng.standard_normal(W_shape), order=order)
    prog, _ = trace(h, ["F", "W"], [("a", F.shape, "float64", order), ("a", W.shape, "float64", order)])
    got = reference.run(prog, {"F": F, "W": W})[prog.outputs[0]]
    want = h(F.copy(order="K"), W.copy(order="K"))
    assert got.shape == want.shape and np.array_equal(got, want), np.abs(got - want).max()


def test_the_moments_fuse_into_one_grid_kernel():
    prog, _ = trace(_lbm_moments, ["F", "G"], [("a", (21, 45, 9), "float64", "C"), ("a", (21, 45, 3), "float64", "C")])
    with config.override(search_grid_time_s=0.0):
        plan = best_plan(prog, load_calibration())
    assert [k.space for k in plan.kernels] == ["grid"], [k.calls for k in plan.kernels]


def test_a_vectors_sum_over_its_axis_is_its_whole_sum():
    def f(v):
        return np.sum(v, 0) + np.mean(v, axis=-1)
    prog, _ = trace(f, ["v"], [("a", (9,), "float64", "C")])
    v = np.linspace(-1, 2, 9)
    assert np.array_equal(reference.run(prog, {"v": v})[prog.outputs[0]], f(v))


def _long(F):
    return np.sum(F, 2)


def _tuple(F):
    return np.sum(F, (0, 1))


def _returned(F):
    return np.sum(F, 2)


@pytest.mark.parametrize("fn,shape,text", [
    (_long, (4, 5, 33), "axis=2 of length 33: kfuse unrolls a reduction over an axis of 1 to 32 elements"),
    (_tuple, (4, 5, 9), "axis=(0, 1): one axis of the array's 3 is taken"),
    (_returned, (4, 5, 9), "a sum along a short axis (a.sum(axis=1)) drops an axis"),
])
def test_unsupported_axes_are_one_kfuse_error_naming_the_line(fn, shape, text):
    with pytest.raises(KfuseError, match=re.escape(text)) as e:
        trace(fn, ["F"], [("a", shape, "float64", "C")])
    assert "test_axis_reduce.py" in str(e.value) or fn is _returned
