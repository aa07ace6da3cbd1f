"""Temporal blocking of steps that read a field through ``np.pad`` (modes edge, reflect,
symmetric: Neumann boundaries; kfuse.spaces.grid.temporal) on the CPU: the pass kernel's CUDA
run through g++ against NumPy stepping the same number of times -- Rodinia's HotSpot as its
NumPy port writes it (edge pads, the field updated in place, a power map), mirrored pads with a
one-sided stencil of radius 2 (a wrong orientation or a wrong mapped point shows), HotSpot3D's
update on a 3-D grid, a pad along one axis with a roll along the other; the steps refused."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

import kfuse
from kfuse.spaces.grid import temporal as T
from tests.compile.test_temporal3d_cpu import _stepped
from tests.compile.test_temporal_cpu import _facts, _run_pass


def _hotspot_parts(shape):
    from tests.programs.apps import hotspot
    st = hotspot.init(shape, "float64", seed=3)
    names = list(inspect.signature(hotspot.step).parameters)
    consts = tuple(np.asarray(st[n]) if hasattr(st[n], "shape") else st[n] for n in names[1:])
    temp = np.asarray(st["temp"]) + np.random.default_rng(1).random(shape)   # not uniform: edges matter
    return hotspot, temp, consts


@pytest.mark.parametrize("shape", [(37, 43), (9, 70), (70, 6)])
def test_hotspot_edge_pads_match_numpy(shape):
    hotspot, temp, consts = _hotspot_parts(shape)
    low, facts, why = _facts(hotspot.step, {"temp": np.zeros(shape)}, consts=consts)
    assert why is None and facts.pads == ("edge", "edge") and facts.periodic == (False, False), why
    inputs = dict(zip(low.program.inputs, (temp,) + consts))
    arrays = {k: v for k, v in inputs.items() if hasattr(v, "shape")}
    scalars = {k: v for k, v in inputs.items() if not hasattr(v, "shape")}

    def np_step(t):
        t = t.copy()
        hotspot.step(t, *consts)
        return t
    for b in (T.Blocking(2, 32, 8), T.Blocking(3, 32, 5), T.Blocking(4, 64, 64)):
        got, = _run_pass(low, facts, b, arrays, scalars)
        np.testing.assert_allclose(got, _stepped(np_step, temp, b.depth), rtol=1e-14, atol=1e-12)


def mirrored(mode):
    def step(u):   # one-sided in both axes, radius 2 along the rows
        t = np.pad(u, 2, mode=mode)
        return (0.5 * t[2:-2, 2:-2] + 0.3 * t[:-4, 2:-2] + 0.1 * t[1:-3, 2:-2] - 0.05 * t[4:, 2:-2]
                + 0.1 * t[2:-2, 3:-1] + 0.05 * t[2:-2, :-4])
    return step


@pytest.mark.parametrize("mode", ["reflect", "symmetric", "edge"])
@pytest.mark.parametrize("shape", [(23, 37), (5, 40), (40, 5)])
def test_mirrored_pads_of_a_one_sided_stencil_match_numpy(mode, shape):
    step = mirrored(mode)
    u = np.random.default_rng(2).random(shape)
    low, facts, why = _facts(step, np.zeros(shape))
    assert why is None and facts.pads == (mode, mode) and (facts.ry, facts.rx) == (2, 2), why
    for b in (T.Blocking(2, 32, 7), T.Blocking(3, 64, 4)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        np.testing.assert_allclose(got, _stepped(step, u, b.depth), rtol=1e-14, atol=1e-15)


def hotspot3d_step(t_in, p_in, cc, cw, ce, cs, cn, cb, ct, sdc):
    """HotSpot3D's update (tests/programs/apps/hotspot3d.py), returning the new temperature."""
    from tests.programs.apps.hotspot3d import amb_temp
    t = np.pad(t_in, 1, mode="edge")
    c = t[1:-1, 1:-1, 1:-1]
    w, e = t[1:-1, 1:-1, :-2], t[1:-1, 1:-1, 2:]
    n, s = t[1:-1, :-2, 1:-1], t[1:-1, 2:, 1:-1]
    b, a = t[:-2, 1:-1, 1:-1], t[2:, 1:-1, 1:-1]
    return cc * c + cn * n + cs * s + ce * e + cw * w + ct * a + cb * b + sdc * p_in + ct * amb_temp


@pytest.mark.parametrize("shape", [(7, 13, 37), (12, 5, 40)])
def test_hotspot3d_edge_pads_match_numpy(shape):
    from tests.programs.apps import hotspot3d
    rng = np.random.default_rng(4)
    t_in, p_in = 320 + rng.random(shape), 0.5 * rng.random(shape)
    coef = hotspot3d.coefficients(*shape)
    low, facts, why = _facts(hotspot3d_step, np.zeros(shape), consts=(np.zeros(shape),) + coef)
    assert why is None and facts.pads == ("edge",) * 3, why
    names = low.program.inputs
    scalars = dict(zip(names[2:], coef))
    for b in (T.Blocking(2, 32, 5, 8), T.Blocking(3, 32, 4, 16)):
        got, = _run_pass(low, facts, b, {names[0]: t_in, names[1]: p_in}, scalars)
        np.testing.assert_allclose(got, _stepped(hotspot3d_step, t_in, b.depth, p_in, *coef), rtol=1e-13)


def pad_and_roll(u):   # walls along the rows (edge pad), periodic along the columns (roll)
    t = np.pad(u, ((1, 1), (0, 0)), mode="edge")
    return 0.25 * (t[:-2] + t[2:]) + 0.2 * (np.roll(u, 1, 1) + np.roll(u, -1, 1)) + 0.1 * u


def test_a_pad_along_one_axis_and_a_roll_along_the_other():
    shape = (19, 45)
    u = np.random.default_rng(5).random(shape)
    low, facts, why = _facts(pad_and_roll, np.zeros(shape))
    assert why is None and facts.pads == ("edge", None) and facts.periodic == (False, True), why
    for b in (T.Blocking(2, 32, 6), T.Blocking(4, 64, 64)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        np.testing.assert_allclose(got, _stepped(pad_and_roll, u, b.depth), rtol=1e-14, atol=1e-15)


def _constant_pad(u):
    t = np.pad(u, 1, mode="constant")
    return 0.25 * (t[:-2, 1:-1] + t[2:, 1:-1] + t[1:-1, :-2] + t[1:-1, 2:])


def _two_modes(u):
    return 0.5 * np.pad(u, ((1, 1), (0, 0)), mode="edge")[:-2] + 0.5 * np.roll(u, 1, 0)


@pytest.mark.parametrize("step,reason", [(_constant_pad, "mode 'constant'"), (_two_modes, "in two modes")],
                         ids=["constant", "two-modes"])
def test_refused_pads_say_why(step, reason):
    _low, facts, why = _facts(step, np.zeros((20, 30)))
    assert facts is None and reason in why, why
    plan = kfuse.loops.temporal_plan(step, np.zeros((20, 30)), 100)
    assert plan["blocked"] is False and reason in plan["why_not"]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hotspot3d_deepest_tiles_compile_without_spills(dtype):
    """A step with a constant field and eight numbers: the register estimate leaves no tile that
    spills (float64 at 1024 threads did, before the estimate counted them)."""
    from kfuse.codegen.grid.temporal import pass_module
    from kfuse.runtime.nvrtc import compile_cuda
    from tests.programs.apps import hotspot3d
    shape = (256, 256, 256)
    low, facts, why = _facts(hotspot3d_step, np.zeros(shape, dtype),
                             consts=(np.zeros(shape, dtype),) + hotspot3d.coefficients(*shape))
    assert why is None and facts.scalars == 8
    deepest = {}
    for b in T.shapes(facts):
        deepest.setdefault((b.threads, b.ty), b)   # shapes() lists the deepest first
    for b in deepest.values():
        src, kernel = pass_module(low.program, low.plan_obj.kernels[0], facts, b)
        res = compile_cuda(src, "sm_90").resources()[kernel.name]
        assert res["spill_stores"] == 0 and res["spill_loads"] == 0, (b, res)
        assert res["registers"] <= b.registers(facts) + 16, (b, res, b.registers(facts))
