"""GPU tier for temporal blocking of steps that read a field through ``np.pad`` (edge, reflect,
symmetric: kfuse.spaces.grid.temporal): Rodinia's HotSpot as its NumPy port writes it (through
kfuse.iterate, forced depths and the model's pick, and as a kfuse.jit time loop updating
``temp`` in place), mirrored pads of a one-sided stencil, HotSpot3D's update on a 3-D grid;
float32 and float64, odd sizes, against the NumPy float64 loop; the caller's arrays bitwise
unchanged (but where the API writes them); the pass actually ran."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

import kfuse
from tests.compile.test_temporal_pads_cpu import hotspot3d_step, mirrored
from tests.gpu.test_temporal_gpu import _close


def _hotspot(shape, dtype):
    from tests.programs.apps import hotspot
    st = hotspot.init(shape, dtype, seed=2)
    temp = (np.asarray(st["temp"]) + np.random.default_rng(1).random(shape)).astype(dtype)
    names = list(inspect.signature(hotspot.step).parameters)[1:]
    consts = tuple(np.asarray(st[n]) if hasattr(st[n], "shape") else st[n] for n in names)
    return hotspot, temp, consts


def _hotspot_np(hotspot, temp, consts, steps):
    t = temp.astype(np.float64)
    c64 = tuple(c.astype(np.float64) if hasattr(c, "shape") else c for c in consts)
    for _ in range(steps):
        hotspot.step(t, *c64)
    return t


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("depth", [0, 2, 5])
@pytest.mark.parametrize("shape", [(257, 301), (7, 520)])
def test_hotspot_through_iterate_matches_numpy(dtype, depth, shape, passes):
    import cupy
    hotspot, temp, consts = _hotspot(shape, dtype)
    steps = 23
    d = cupy.asarray(temp)
    dc = tuple(cupy.asarray(c) if hasattr(c, "shape") else c for c in consts)
    with kfuse.config.override(temporal_depth=depth):
        plan = kfuse.iterate.temporal_plan(hotspot.step, {"temp": temp}, steps, consts=consts)
        got = kfuse.iterate(hotspot.step, {"temp": d}, steps, consts=dc)["temp"]
    if depth > 1:
        assert plan["blocked"] and passes == [depth], (plan, passes)
    assert np.array_equal(cupy.asnumpy(d), temp)
    _close(cupy.asnumpy(got), _hotspot_np(hotspot, temp, consts, steps), dtype)


def _hotspot_loop(temp, power, Cap_1, Rx_1, Ry_1, Rz_1, n):
    from tests.programs.apps import hotspot
    for _ in range(n):
        hotspot.step(temp, power, Cap_1, Rx_1, Ry_1, Rz_1)
    return temp


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hotspot_as_a_jit_time_loop_in_place_matches_numpy(dtype, passes):
    import cupy
    hotspot, temp, consts = _hotspot((203, 157), dtype)
    d = cupy.asarray(temp)
    dc = tuple(cupy.asarray(c) if hasattr(c, "shape") else c for c in consts)
    with kfuse.config.override(temporal_depth=4):
        kfuse.jit(_hotspot_loop, static_argnames=("n",))(d, *dc, n=17)
    assert passes == [4], passes
    _close(cupy.asnumpy(d), _hotspot_np(hotspot, temp, consts, 17), dtype)
    assert np.array_equal(cupy.asnumpy(dc[0]), consts[0])


@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_mirrored_pads_match_numpy(mode, dtype, passes):
    import cupy
    step = mirrored(mode)
    a = np.random.default_rng(3).random((131, 77)).astype(dtype)
    d = cupy.asarray(a)
    with kfuse.config.override(temporal_depth=3):
        got = kfuse.iterate(step, d, steps=10)
    want = a.astype(np.float64)
    for _ in range(10):
        want = step(want)
    assert passes == [3] and np.array_equal(cupy.asnumpy(d), a)
    _close(cupy.asnumpy(got), want, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hotspot3d_matches_numpy(dtype, passes):
    import cupy

    from tests.programs.apps import hotspot3d
    shape = (19, 37, 45)
    rng = np.random.default_rng(4)
    t_in, p_in = (320 + rng.random(shape)).astype(dtype), (0.5 * rng.random(shape)).astype(dtype)
    coef = hotspot3d.coefficients(*shape)
    d, dp = cupy.asarray(t_in), cupy.asarray(p_in)
    with kfuse.config.override(temporal_depth=2):
        got = kfuse.iterate(hotspot3d_step, d, steps=7, consts=(dp,) + coef)
    want = t_in.astype(np.float64)
    for _ in range(7):
        want = hotspot3d_step(want, p_in.astype(np.float64), *coef)
    assert passes == [2] and np.array_equal(cupy.asnumpy(d), t_in)
    _close(cupy.asnumpy(got), want, dtype)
