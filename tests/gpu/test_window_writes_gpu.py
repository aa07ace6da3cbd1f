"""Issue 31, GPU tier: window updates fused into the kernel that computes them (every plan of
tests/window_cases.py, both dtypes and orders, odd sizes, against NumPy float64), and functions
that write their array arguments as NumPy does (``u[1:-1] -= ...``, ``u += x``): the caller's
arrays updated in place (CuPy and torch), the arrays not written bitwise unchanged, bitwise NumPy
with ``fmad=False``, CUDA-graph mode, and a written argument aliasing another refused."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import config
from kfuse.errors import ArgumentError
from kfuse.frontend.trace import trace

from ..assign_plans import plans
from ..window_cases import CASES
from .helpers import TOL, check_outputs


def _host(shapes, dtype, order, seed):
    rng = np.random.default_rng(seed)
    out = [rng.uniform(-1, 1, s).astype(dtype) for s in shapes]
    return [np.asfortranarray(a) if order == "F" else a for a in out]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_window_programs_match_numpy_for_every_plan(name, order, dtype):
    import cupy
    fn, shapes = CASES[name]
    names = [f"s{i}" for i in range(len(shapes))]
    prog = trace(fn, names, [("a", s, dtype, order) for s in shapes], name)[0]
    host = _host(shapes, dtype, order, 3)
    want = fn(*[a.astype(np.float64) for a in host])
    dev = [cupy.asarray(a, order=order) for a in host]
    before = [cupy.asnumpy(d).copy() for d in dev]
    for plan in plans(prog):
        outs = kfuse.pipeline.stages.build(prog, plan)(*dev)
        check_outputs(names, outs, want, dtype, f"{name} {order} {[(k.space, k.params) for k in plan.kernels]}")
    for d, b in zip(dev, before):
        assert np.array_equal(cupy.asnumpy(d), b), "an input changed"


def fdtd(ex, ey, hz, fict):
    """PolyBench fdtd-2d's step as NumPy code writes it: the fields updated in place."""
    ey[0, :] = fict[0:1, :]
    ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
    ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
    hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])


def heat(u, power):
    """In-place explicit heat update with a constant source and clamped edges; returns the max."""
    u[1:-1, 1:-1] += 0.2 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1]) \
        + 0.01 * power[1:-1, 1:-1]
    u[0, :] = u[1, :]
    u[-1, :] = u[-2, :]
    u[:, 0] = u[:, 1]
    u[:, -1] = u[:, -2]


STEPS = {"fdtd": (fdtd, [(131, 77)] * 3 + [(1, 77)], 3), "heat": (heat, [(97, 203), (97, 203)], 1)}


def _numpy_steps(fn, host, steps):
    arrays = [a.astype(np.float64) for a in host]
    for _ in range(steps):
        fn(*arrays)
    return arrays


@pytest.mark.parametrize("graph", [False, True])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_step_writing_its_arguments_updates_the_callers_arrays(name, order, dtype, graph):
    import cupy
    fn, shapes, written = STEPS[name]
    host = _host(shapes, dtype, order, 7)
    dev = [cupy.asarray(a, order=order) for a in host]
    step = kfuse.jit(fn, graph=graph)
    for _ in range(5):
        assert step(*dev) is None
    want = _numpy_steps(fn, host, 5)
    check_outputs([f"arg{i}" for i in range(written)], dev[:written], want[:written], dtype, f"{name} {order}")
    for d, h in zip(dev[written:], host[written:]):
        assert np.array_equal(cupy.asnumpy(d), h), "an argument the function does not write changed"
    exe = step.executable(*dev)
    assert exe.n_kernels == 1, exe.plan


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_in_place_steps_are_numpy_bitwise_without_contraction(dtype):
    import cupy
    fn, shapes, written = STEPS["fdtd"]
    host = _host(shapes, dtype, "C", 11)
    dev = [cupy.asarray(a) for a in host]
    with config.override(fmad=False):
        step = kfuse.jit(fn)
        for _ in range(4):
            step(*dev)
    want = [a.copy() for a in host]
    for _ in range(4):
        fn(*want)
    for i in range(written):
        assert np.array_equal(cupy.asnumpy(dev[i]), want[i]), f"field {i}"


def test_torch_tensors_are_updated_in_place():
    torch = pytest.importorskip("torch")
    fn, shapes, written = STEPS["heat"]
    host = _host(shapes, "float64", "C", 5)
    dev = [torch.tensor(a, device="cuda") for a in host]
    ptrs = [t.data_ptr() for t in dev]
    kfuse.jit(fn)(*dev)
    want = _numpy_steps(fn, host, 1)
    np.testing.assert_allclose(dev[0].cpu().numpy(), want[0], rtol=TOL["float64"], atol=TOL["float64"])
    assert np.array_equal(dev[1].cpu().numpy(), host[1])
    assert [t.data_ptr() for t in dev] == ptrs


def test_augmented_update_of_a_whole_argument_and_its_return():
    import cupy

    def f(u, v):
        u += 2.0 * v
        return u
    u0, v0 = np.random.default_rng(2).uniform(-1, 1, (2, 333, 65))
    u, v = cupy.asarray(u0), cupy.asarray(v0)
    r = kfuse.jit(f)(u, v)
    np.testing.assert_allclose(cupy.asnumpy(u), u0 + 2.0 * v0, rtol=1e-15)
    assert r.data.ptr == u.data.ptr    # NumPy returns the argument itself
    assert np.array_equal(cupy.asnumpy(v), v0)


def test_a_written_argument_aliasing_another_is_refused():
    import cupy

    def f(u, w):
        u[0, :] = 1.0
        return w * 2.0
    a = cupy.zeros((8, 9))
    before = cupy.asnumpy(a).copy()
    with pytest.raises(ArgumentError, match="shares memory"):
        kfuse.jit(f)(a, a)
    with pytest.raises(ArgumentError, match="shares memory"):
        kfuse.jit(f)(a, a[:, :])
    assert np.array_equal(cupy.asnumpy(a), before)


def test_one_element_broadcast_into_a_window_on_the_gpu():
    import cupy

    def f(ey, fict, u):
        ey[0, :] = fict[3]
        u[0, :] = u[1, 1]
        ey[1:, :] -= 0.5 * u[1:, :]
    rng = np.random.default_rng(4)
    host = [rng.uniform(-1, 1, (67, 45)), rng.uniform(-1, 1, (9,)), rng.uniform(-1, 1, (67, 45))]
    host[1][3] = -0.0
    dev = [cupy.asarray(a) for a in host]
    with config.override(fmad=False):   # bitwise: no contraction of ey - 0.5 * u
        kfuse.jit(f)(*dev)
    want = [a.copy() for a in host]
    f(*want)
    for d, w in zip(dev, want):
        assert np.array_equal(cupy.asnumpy(d), w)
    assert np.all(np.signbit(cupy.asnumpy(dev[0])[0]))


def ex_update(ex, hz):
    ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])


def axpy(u, v):
    u += 2.0 * v


@pytest.mark.parametrize("graph", [False, True])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("fn", [ex_update, axpy])
def test_pointwise_updates_of_an_argument(fn, order, graph):
    """A pointwise update of an argument (a grid kernel: copied back after it, see
    kfuse.fusion.inplace): its values are NumPy's (bitwise without contraction), the other
    argument unchanged."""
    import cupy
    host = _host([(257, 131), (257, 131)], "float64", order, 9)
    dev = [cupy.asarray(a, order=order) for a in host]
    with config.override(fmad=False):
        step = kfuse.jit(fn, graph=graph)
        for _ in range(3):
            step(*dev)
        exe = step.executable(*dev)
    assert exe._inplace == [] and list(exe.program.writes) == [exe.program.inputs[0]]
    want = [a.copy() for a in host]
    for _ in range(3):
        fn(*want)
    assert np.array_equal(cupy.asnumpy(dev[0]), want[0])
    assert np.array_equal(cupy.asnumpy(dev[1]), host[1])
