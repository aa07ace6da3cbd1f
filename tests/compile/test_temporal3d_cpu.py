"""Temporal blocking of 3-D grids (kfuse.spaces.grid.temporal: a tile of a plane per block,
streaming along the planes) on the CPU: the pass kernel's CUDA run through g++ (one thread per
CUDA thread, exact-size buffers) against NumPy stepping the same number of times -- heat-3d at odd
shapes and tiles larger and smaller than the grid, every depth a tile takes, both types; two
fields with a constant field and a scalar; radii that differ per axis; periodic axes (np.roll);
the shapes it refuses and the model's choice; NVRTC builds of the deepest tiles without spills."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import kfuse
from kfuse.codegen.grid.temporal import pass_module
from kfuse.spaces.grid import temporal as T
from tests.compile.test_temporal_cpu import _facts, _run_pass

C = (slice(1, -1),) * 3


def heat(u):
    return kfuse.interior(u, u[C] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1]
                                           + u[1:-1, :-2, 1:-1] + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2]
                                           - 6 * u[C]))


def heat_np(u):
    b = u.copy()
    b[C] = u[C] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1] + u[1:-1, :-2, 1:-1]
                         + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2] - 6 * u[C])
    return b


def _stepped(fn, state, depth, *consts):
    """``depth`` steps of ``fn`` from ``state`` (a tuple of fields, or one), ``consts`` after it."""
    for _ in range(depth):
        state = fn(*state, *consts) if isinstance(state, tuple) else fn(state, *consts)
    return state


BLOCKINGS = [T.Blocking(2, 32, 5, 8), T.Blocking(3, 32, 4, 16), T.Blocking(2, 64, 16, 8), T.Blocking(4, 32, 3, 16)]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("shape", [(13, 11, 37), (6, 23, 9), (21, 5, 70)])
def test_heat_passes_match_numpy_bitwise(dtype, shape):
    u = np.random.default_rng(1).random(shape).astype(dtype)
    low, facts, why = _facts(heat, np.zeros(shape, dtype))
    assert why is None and (facts.ry, facts.rm, facts.rx) == (1, 1, 1) and facts.rank == 3, why
    assert facts.periodic == (False, False, False)
    for b in BLOCKINGS if shape == (13, 11, 37) else BLOCKINGS[:2]:
        assert b.refusal(facts) is None, b
        got, = _run_pass(low, facts, b, {"u": u})
        want = _stepped(heat_np, u, b.depth)
        assert np.array_equal(got, want), (b, np.abs(got - want).max())


def reaction(u, v, k, f):
    """Two fields, a constant field ``k`` read at in-plane offsets, a scalar; u is read two planes
    away, v one row and two columns away: a radius per axis."""
    lu = u[3:-1, 1:-1, 2:-2] + u[:-4, 1:-1, 2:-2] + k[2:-2, 1:-1, 3:-1] * (u[2:-2, 1:-1, 3:-1] - u[2:-2, 1:-1, 2:-2])
    lv = v[2:-2, 2:, 2:-2] + v[2:-2, :-2, 2:-2] + v[2:-2, 1:-1, 4:] - 3 * v[2:-2, 1:-1, 2:-2]
    w = (slice(2, -2), slice(1, -1), slice(2, -2))
    return (kfuse.interior(u, u[w] + 0.05 * lu - u[w] * v[w] + f),
            kfuse.interior(v, v[w] + 0.1 * lv + u[w] * v[w]))


def reaction_np(u, v, k, f):
    lu = u[3:-1, 1:-1, 2:-2] + u[:-4, 1:-1, 2:-2] + k[2:-2, 1:-1, 3:-1] * (u[2:-2, 1:-1, 3:-1] - u[2:-2, 1:-1, 2:-2])
    lv = v[2:-2, 2:, 2:-2] + v[2:-2, :-2, 2:-2] + v[2:-2, 1:-1, 4:] - 3 * v[2:-2, 1:-1, 2:-2]
    w = (slice(2, -2), slice(1, -1), slice(2, -2))
    un, vn = u.copy(), v.copy()
    un[w] = u[w] + 0.05 * lu - u[w] * v[w] + f
    vn[w] = v[w] + 0.1 * lv + u[w] * v[w]
    return un, vn


def test_two_fields_a_constant_field_a_scalar_and_radii_per_axis():
    shape = (17, 14, 29)
    rng = np.random.default_rng(2)
    u, v, k = rng.random(shape), 0.3 * rng.random(shape), rng.random(shape)
    state = (np.zeros(shape), np.zeros(shape))
    low, facts, why = _facts(reaction, state, consts=(np.zeros(shape), 0.01))
    assert why is None and (facts.ry, facts.rm, facts.rx) == (2, 1, 2) and len(facts.consts) == 1, why
    names = low.program.inputs
    for b in (T.Blocking(2, 32, 6, 16), T.Blocking(2, 64, 20, 8)):
        assert b.refusal(facts) is None, b
        gu, gv = _run_pass(low, facts, b, {names[0]: u, names[1]: v, names[2]: k}, {names[3]: 0.01})
        wu, wv = u, v
        for _ in range(b.depth):
            wu, wv = reaction_np(wu, wv, k, 0.01)
        np.testing.assert_allclose(gu, wu, rtol=1e-14, atol=1e-15)
        np.testing.assert_allclose(gv, wv, rtol=1e-14, atol=1e-15)


def periodic_heat(u):   # every axis periodic: seven rolls
    lap = sum(np.roll(u, s, a) for a in range(3) for s in (1, -1)) - 6 * u
    return u + 0.1 * lap


def channel(u):   # periodic along the rows (np.roll), walls along the planes and columns (kept)
    lap = np.roll(u, 1, axis=1) + np.roll(u, -1, axis=1) - 2 * u
    return kfuse.interior(u, u[1:-1, :, 1:-1] + 0.1 * lap[1:-1, :, 1:-1]
                          + 0.05 * (u[2:, :, 1:-1] + u[:-2, :, 1:-1] + u[1:-1, :, 2:] + u[1:-1, :, :-2]
                                    - 4 * u[1:-1, :, 1:-1]))


def channel_np(u):
    lap = np.roll(u, 1, axis=1) + np.roll(u, -1, axis=1) - 2 * u
    b = u.copy()
    b[1:-1, :, 1:-1] = (u[1:-1, :, 1:-1] + 0.1 * lap[1:-1, :, 1:-1]
                        + 0.05 * (u[2:, :, 1:-1] + u[:-2, :, 1:-1] + u[1:-1, :, 2:] + u[1:-1, :, :-2]
                                  - 4 * u[1:-1, :, 1:-1]))
    return b


@pytest.mark.parametrize("shape", [(9, 13, 35), (5, 20, 6)])
def test_periodic_axes_match_numpy(shape):
    u = np.random.default_rng(3).random(shape)
    low, facts, why = _facts(periodic_heat, np.zeros(shape))
    assert why is None and facts.periodic == (True, True, True), why
    for b in (T.Blocking(2, 32, 4, 8), T.Blocking(3, 32, 16, 16)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        np.testing.assert_allclose(got, _stepped(periodic_heat, u, b.depth), rtol=1e-13, atol=1e-14)
    low, facts, why = _facts(channel, np.zeros(shape))
    assert why is None and facts.periodic == (False, True, False), why
    for b in (T.Blocking(2, 32, 5, 8), T.Blocking(3, 64, 4, 16)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        np.testing.assert_allclose(got, _stepped(channel_np, u, b.depth), rtol=1e-14, atol=1e-15)


def test_tile_refusals_say_why():
    _low, facts, _ = _facts(heat, np.zeros((64, 64, 64)))
    assert "under 35%" in T.Blocking(6, 32, 16, 16).refusal(facts)
    assert "a block of 64 x 32 threads" in T.Blocking(2, 64, 16, 32).refusal(facts)
    assert "shared memory" in T.Blocking(4, 128, 16, 8).refusal(dataclasses.replace(facts, fields=("a", "b")))
    shapes = T.shapes(facts)
    assert shapes and all(b.refusal(facts) is None and b.ty > 1 for b in shapes)
    assert max(b.depth for b in shapes) >= 4
    _low, flat, _ = _facts(kfuse_jacobi_2d, np.zeros((64, 64)))
    assert "a block of 32 x 4 threads" in T.Blocking(2, 32, 16, 4).refusal(flat)
    _low, tall, _ = _facts(heat, np.zeros((1_200_000, 4, 4)))
    assert "at most 65535 along y and z" in T.Blocking(2, 32, 16, 8).refusal(tall)
    assert all(max(b.grid(tall)[1:]) <= 65535 for b in T.shapes(tall))
    _low, tall2, _ = _facts(kfuse_jacobi_2d, np.zeros((5_000_000, 8)))
    assert "at most 65535" in T.Blocking(2, 128, 64).refusal(tall2)


def kfuse_jacobi_2d(a):
    return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))


def test_the_model_blocks_3d_loops_only_where_the_calibration_has_3d_figures(monkeypatch):
    from kfuse import loop_temporal
    from kfuse.model import temporal as M
    state = np.zeros((512, 512, 512), np.float32)
    # the shipped H200 figures (fitted on heat-3d 512^3): float64 blocked two steps a pass (measured
    # 443 us against 673 us one step per launch), float32 not (297 us against 305 us measured)
    shipped = kfuse.loops.temporal_plan(heat, state.astype(np.float64), 100)
    assert shipped["blocked"] and shipped["depth"] == 2 and shipped["tile_rows"] > 1, shipped
    assert not kfuse.loops.temporal_plan(heat, state, 100)["blocked"]
    real = loop_temporal.load_calibration

    def without(device):
        cal = real(device)
        return dataclasses.replace(cal, temporal={k: v for k, v in cal.temporal.items() if k != "3d"})
    monkeypatch.setattr(loop_temporal, "load_calibration", without)
    plan = kfuse.loops.temporal_plan(heat, state, 100)
    assert not plan["blocked"] and "no figures for 3-D passes" in plan["why_not"]
    with kfuse.config.override(temporal_depth=3):
        forced = kfuse.loops.temporal_plan(heat, state, 100)
    assert forced["blocked"] and forced["depth"] == 3 and forced["tile_rows"] > 1, forced
    # a calibration whose 3-D figures make a pass cheap: the model blocks of its own accord

    def cheap(device):
        cal = real(device)
        return dataclasses.replace(cal, temporal={**cal.temporal, "3d": {"float32": {"level": 2.0, "row": 8.0},
                                                                        "single_block": 1.0}})
    monkeypatch.setattr(loop_temporal, "load_calibration", cheap)
    low = kfuse.loops.lower(heat, state)
    d = loop_temporal.choose(low.executable, low.structure.sources, 100)
    assert d.cost is not None and d.cost.blocking.ty > 1 and d.cost.per_step_s < d.one_step_s, d.why
    costs = M.ranked(low.program, low.plan_obj.kernels[0].calls, d.facts, T.shapes(d.facts), cheap(kfuse.platform.device.planning_device()), 100)
    assert costs[0].per_step_s <= costs[-1].per_step_s


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_deepest_tiles_compile_without_spills(dtype):
    from kfuse.runtime.nvrtc import compile_cuda
    low, facts, _ = _facts(heat, np.zeros((512, 512, 512), dtype))
    deepest = {}
    for b in T.shapes(facts):
        deepest.setdefault((b.threads, b.ty), b)   # shapes() lists the deepest first
    assert len(deepest) >= 4
    for b in list(deepest.values())[:6]:
        src, kernel = pass_module(low.program, low.plan_obj.kernels[0], facts, b)
        res = compile_cuda(src, "sm_90").resources()[kernel.name]
        assert res["spill_stores"] == 0 and res["spill_loads"] == 0, (b, res)


def test_the_fit_recovers_the_figures_that_made_the_samples():
    from kfuse.model import temporal as M
    from kfuse.model.calibration import load_calibration
    low, facts, _ = _facts(heat, np.zeros((256, 256, 256), np.float32))
    base = load_calibration(kfuse.platform.device.planning_device())
    truth = {"float32": {"level": 30.0, "row": 90.0}, "single_block": 1.2}
    cal = dataclasses.replace(base, temporal={"3d": truth})
    calls = low.plan_obj.kernels[0].calls
    samples = [(b, M.pass_cost(low.program, calls, facts, b, cal).issue_s + cal.gpu_launch_s)
               for b in T.shapes(facts, (2, 3, 4))]
    fit = M.fit_figures(low.program, calls, facts, samples, cal)
    assert fit["fitted_over"] > 4
    assert abs(fit["level"] - 30.0) < 0.05 and abs(fit["row"] - 90.0) < 0.2, fit


def test_the_heat7_application_as_written_matches_numpy():
    """tests/programs/apps/heat7.py as its author wrote it (``r = u.copy(); r[1:-1, 1:-1, 1:-1] = ...``)."""
    from tests.programs.apps import heat7
    shape = (11, 13, 37)
    u = np.asarray(heat7.init(shape, "float64")["u"]) + np.random.default_rng(9).random(shape)
    low, facts, why = _facts(heat7.step, np.zeros(shape))
    assert why is None and facts.rank == 3, why
    for b in (T.Blocking(2, 32, 4, 8), T.Blocking(3, 32, 5, 16)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        np.testing.assert_allclose(got, _stepped(heat7.step, u, b.depth), rtol=1e-14, atol=1e-13)
