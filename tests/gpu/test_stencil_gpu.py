"""GPU tier for stencils: every program of tests/stencil_programs.py, in float32 and float64, C
and F order, at odd sizes, against NumPy in float64 running the same code; unfused, fused with
every halo strategy and several block shapes and streaming depths, and the model's plan; `out=`
ping-pong of a boundary-keeping time loop; empty and size-1 grids."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import spaces
from kfuse.fusion import unfused_plan
from kfuse.fusion.search import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan

from ..stencil_programs import CASES, NUMPY
from ..unit.test_stencil import traced
from .helpers import check_outputs


def _inputs(name, dtype, order, seed):
    import cupy
    _, shapes, extra = CASES[name]
    rng = np.random.default_rng(seed)
    host = [rng.uniform(-1, 1, s).astype(dtype) for s in shapes]
    host = [np.asfortranarray(a) if order == "F" else a for a in host]
    dev = [cupy.asarray(a, order=order) for a in host]
    return host, dev, list(extra)


def _want(name, host, extra):
    out = CASES[name][0](NUMPY)(*[a.astype(np.float64) for a in host], *extra)
    return out if isinstance(out, tuple) else (out,)


def _plans(prog):
    """Unfused, the model's, and the fused kernel with each staging choice of its variants."""
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    space = spaces.get("grid")
    dom = spaces.kernel_domain(prog, calls)
    variants = space.variants(prog, calls, dom, info.dtype(0), True, info)
    chosen, seen = [], set()
    for v in variants:   # every staging choice once, and the streaming depths met on the way
        key = (v.get("smem", ""), v.get("zc", 1) > 1, v.get("stream", "z"), v.get("vec", 1))
        if key not in seen:
            seen.add(key)
            chosen.append(v)
    chosen.append({"bx": 32, "by": 4, "zc": 3} if info.domain(0).shape and len(info.domain(0).shape) > 2
                  else {"bx": 64, "by": 1})
    return [unfused_plan(prog), best_plan(prog, load_calibration())] + [make_plan(prog, [(calls, p)]) for p in chosen]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_stencil_programs_match_numpy_for_every_plan(name, dtype):
    prog = traced(name, "C", dtype)
    host, dev, extra = _inputs(name, dtype, "C", 1)
    want = _want(name, host, extra)
    names = [prog.value(o).display for o in prog.outputs]
    for plan in _plans(prog):
        outs = kfuse.pipeline.stages.build(prog, plan)(*dev, *extra)
        check_outputs(names, outs, want, dtype, f"{name} {[(k.space, k.params) for k in plan.kernels]}")


@pytest.mark.parametrize("name", ["heat3d", "jacobi2d", "hdiff", "rank4", "pointwise_first"])
def test_f_order_grids_through_jit(name):
    host, dev, extra = _inputs(name, "float64", "F", 2)
    f = kfuse.jit(CASES[name][0](kfuse))
    outs = f(*dev, *extra)
    outs = outs if isinstance(outs, tuple) else (outs,)
    check_outputs([f"out{i}" for i in range(len(outs))], outs, _want(name, host, extra), "float64", name)
    assert all(o.flags.f_contiguous for o in outs if o.ndim > 1)


def test_jit_over_torch_tensors():
    torch = pytest.importorskip("torch")
    import cupy
    host, dev, extra = _inputs("hdiff", "float32", "C", 3)
    f = kfuse.jit(CASES["hdiff"][0](kfuse))
    out = f(torch.from_dlpack(dev[0]), *extra)
    assert isinstance(out, torch.Tensor)
    check_outputs(["hdiff"], [cupy.from_dlpack(out)], _want("hdiff", host, extra), "float32", "torch")


@pytest.mark.parametrize("shape", [(1, 1), (2, 9), (3, 3), (1, 40), (0, 5)])
def test_tiny_and_empty_grids(shape):
    import cupy
    f = kfuse.jit(CASES["jacobi2d"][0](kfuse))
    a = np.random.default_rng(4).uniform(-1, 1, shape) if min(shape) >= 2 else np.ones(shape)
    if min(shape) < 2:   # NumPy: a[1:-1] is empty, interior keeps everything
        pytest.skip("jacobi needs 2 points per axis for its interior") if 0 not in shape else None
    out = f(cupy.asarray(a))
    np.testing.assert_allclose(cupy.asnumpy(out), CASES["jacobi2d"][0](NUMPY)(a), rtol=1e-12)


def test_time_loop_ping_pongs_with_out_and_keeps_the_boundary():
    import cupy
    step = kfuse.jit(CASES["jacobi2d"][0](kfuse))
    a0 = np.random.default_rng(5).uniform(-1, 1, (131, 77))
    a, b = cupy.asarray(a0), cupy.empty_like(cupy.asarray(a0))
    want = a0.copy()
    for _ in range(10):
        step(a, out=b)
        a, b = b, a
        want = CASES["jacobi2d"][0](NUMPY)(want)
    np.testing.assert_allclose(cupy.asnumpy(a), want, rtol=1e-12, atol=1e-14)
    assert (cupy.asnumpy(a)[0] == a0[0]).all() and (cupy.asnumpy(a)[:, -1] == a0[:, -1]).all()


def test_large_grid_with_64_bit_indexing_is_not_needed_but_multi_block_streaming_is():
    import cupy
    host, dev, extra = _inputs("heat3d", "float32", "C", 6)
    big = np.random.default_rng(7).uniform(-1, 1, (130, 96, 200)).astype(np.float32)
    f = kfuse.jit(CASES["heat3d"][0](kfuse))
    out = f(cupy.asarray(big), *extra)
    check_outputs(["heat"], [out], _want("heat3d", [big], extra), "float32", "heat3d large")


@pytest.mark.parametrize("steps", [0, 1, 2, 7, 64, 131])
def test_iterate_equals_the_python_loop(steps):
    import cupy
    jac = CASES["jacobi2d"][0]
    a0 = np.random.default_rng(8).uniform(-1, 1, (67, 45))
    x = cupy.asarray(a0)
    got = kfuse.iterate(jac(kfuse), x, steps=steps, graph_steps=16)
    want = a0.copy()
    for _ in range(steps):
        want = jac(NUMPY)(want)
    np.testing.assert_allclose(cupy.asnumpy(got), want, rtol=1e-12, atol=1e-14)
    assert (cupy.asnumpy(x) == a0).all()   # the caller's state is never written


def test_iterate_over_torch_and_out():
    torch = pytest.importorskip("torch")
    import cupy
    def heat(u):
        return kfuse.interior(u, CASES["heat3d"][0](kfuse)(u, 0.5, 0.0833))
    u0 = np.random.default_rng(9).uniform(-1, 1, (9, 13, 34)).astype(np.float32)
    t = torch.from_dlpack(cupy.asarray(u0))
    got = kfuse.iterate(heat, t, steps=5)
    assert isinstance(got, torch.Tensor)
    want = u0.astype(np.float64)
    for _ in range(5):
        want = NUMPY.interior(want, CASES["heat3d"][0](NUMPY)(want, 0.5, 0.0833))
    check_outputs(["heat"], [cupy.from_dlpack(got)], [want], "float32", "iterate torch")
    out = cupy.empty_like(cupy.asarray(u0))
    assert kfuse.iterate(heat, cupy.asarray(u0), steps=5, out=out) is out


def test_iterate_refuses_a_step_that_changes_the_shape():
    import cupy
    with pytest.raises(kfuse.KfuseError, match="keeps the state's shape"):
        kfuse.iterate(lambda u: u[1:] * 2, cupy.ones(10), steps=3)


def test_iterate_captures_its_graph_once_and_writes_out_in_place(monkeypatch):
    """A second loop over the same compiled step replays the kept graph (no capture: a capture
    per call cost 7 us per step at 100 steps of heat-3d 256^3); ``out=`` may be the state."""
    import cupy
    from kfuse.runtime.executable import Executable
    jac = kfuse.jit(CASES["jacobi2d"][0](kfuse))
    a0 = np.random.default_rng(11).uniform(-1, 1, (67, 45))
    want = a0.copy()
    for _ in range(37):
        want = CASES["jacobi2d"][0](NUMPY)(want)
    x = cupy.asarray(a0)
    first = kfuse.iterate(jac, x, steps=37, graph_steps=8)
    captures = []
    real = Executable.capture
    monkeypatch.setattr(Executable, "capture", lambda self, envs: captures.append(1) or real(self, envs))
    again = kfuse.iterate(jac, x, steps=37, graph_steps=8)
    assert captures == []
    for got in (first, again):
        np.testing.assert_allclose(cupy.asnumpy(got), want, rtol=1e-12, atol=1e-14)
    assert first.data.ptr != again.data.ptr            # each call returns its own array
    assert kfuse.iterate(jac, x, steps=37, graph_steps=8, out=x) is x   # in place
    np.testing.assert_allclose(cupy.asnumpy(x), want, rtol=1e-12, atol=1e-14)
    y = cupy.asarray(a0)
    f_out = cupy.empty((67, 45), order="F")            # another layout: computed, then copied
    assert kfuse.iterate(jac, y, steps=3, out=f_out) is f_out
    w3 = a0.copy()
    for _ in range(3):
        w3 = CASES["jacobi2d"][0](NUMPY)(w3)
    np.testing.assert_allclose(cupy.asnumpy(f_out), w3, rtol=1e-12, atol=1e-14)
