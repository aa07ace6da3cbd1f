"""Temporal blocking (kfuse.iterate, several steps per pass: kfuse.spaces.grid.temporal) on the CPU:
the pass kernel's CUDA run through g++ (one thread per CUDA thread, __syncthreads a barrier,
exact-size buffers under AddressSanitizer) against NumPy stepping the same number of times, at
odd shapes, every depth that fits, one and two fields, a constant field, scalars, radius 2; and
the steps it refuses, each with its reason."""
from __future__ import annotations

import inspect
import types

import numpy as np
import pytest

import kfuse
from kfuse import spaces
from kfuse.codegen.grid.temporal import pass_module
from kfuse.spaces.grid import temporal as T
from tests.compile.module_cpu import run_program


def _facts(step, state, consts=()):
    low = kfuse.loops.lower(step, state, consts=consts)
    p, plan = low.program, low.plan_obj
    info, grid = spaces.program_info(p), spaces.get("grid")
    facts, why = T.analyse(p, plan.kernels, low.structure.sources, info,
                           lambda calls: grid.frame(p, list(calls), {}, info))
    return low, facts, why


def _run_pass(low, facts, blocking, inputs: dict, scalars=None, prefetch=1) -> list:
    src, kernel = pass_module(low.program, low.plan_obj.kernels[0], facts, blocking, prefetch)
    exe = types.SimpleNamespace(program=low.program, module=types.SimpleNamespace(launches=[kernel], source=src))
    out = run_program(exe, inputs, scalars)
    for name, a in inputs.items():   # inputs untouched
        assert np.array_equal(out[name].reshape(a.shape), a, equal_nan=True), name
    return [out[o].reshape(facts.shape) for o in facts.outputs]


# ------------------------------------------------------------------ steps and their NumPy twins
def jacobi(a):
    return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))


def jacobi_np(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])
    return b


def gray_scott(u, v, f):
    lu = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]
    lv = v[:-2, 1:-1] + v[2:, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:] - 4 * v[1:-1, 1:-1]
    uvv = u[1:-1, 1:-1] * v[1:-1, 1:-1] * v[1:-1, 1:-1]
    return (kfuse.interior(u, u[1:-1, 1:-1] + 0.1 * lu - uvv + f * (1 - u[1:-1, 1:-1])),
            kfuse.interior(v, v[1:-1, 1:-1] + 0.05 * lv + uvv - (f + 0.06) * v[1:-1, 1:-1]))


def gray_scott_np(u, v, f):
    lu = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1]
    lv = v[:-2, 1:-1] + v[2:, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:] - 4 * v[1:-1, 1:-1]
    uvv = u[1:-1, 1:-1] * v[1:-1, 1:-1] * v[1:-1, 1:-1]
    u2, v2 = u.copy(), v.copy()
    u2[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.1 * lu - uvv + f * (1 - u[1:-1, 1:-1])
    v2[1:-1, 1:-1] = v[1:-1, 1:-1] + 0.05 * lv + uvv - (f + 0.06) * v[1:-1, 1:-1]
    return u2, v2


def diffuse(u, k):   # a constant field (conductivity) read at offsets, a radius-2 star along rows
    return kfuse.interior(u, u[2:-2, 1:-1] + 0.05 * (k[2:-2, 2:] * (u[2:-2, 2:] - u[2:-2, 1:-1])
                                                     + k[2:-2, :-2] * (u[2:-2, :-2] - u[2:-2, 1:-1])
                                                     + u[4:, 1:-1] + u[:-4, 1:-1] - 2 * u[2:-2, 1:-1]))


def diffuse_np(u, k):
    b = u.copy()
    b[2:-2, 1:-1] = u[2:-2, 1:-1] + 0.05 * (k[2:-2, 2:] * (u[2:-2, 2:] - u[2:-2, 1:-1])
                                            + k[2:-2, :-2] * (u[2:-2, :-2] - u[2:-2, 1:-1])
                                            + u[4:, 1:-1] + u[:-4, 1:-1] - 2 * u[2:-2, 1:-1])
    return b


BLOCKINGS = [T.Blocking(2, 32, 16), T.Blocking(3, 32, 7), T.Blocking(4, 64, 5), T.Blocking(5, 64, 64)]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("shape", [(37, 53), (9, 70), (70, 9)])
def test_jacobi_passes_match_numpy_bitwise(dtype, shape):
    a = np.random.default_rng(1).random(shape).astype(dtype)
    low, facts, why = _facts(jacobi, np.zeros(shape, dtype))
    assert why is None and (facts.ry, facts.rx) == (1, 1) and facts.fields == ("a",)
    for k, b in enumerate(BLOCKINGS[:3] if shape != (37, 53) else BLOCKINGS):
        got, = _run_pass(low, facts, b, {"a": a}, prefetch=1 + k % 2)
        want = a
        for _ in range(b.depth):
            want = jacobi_np(want)
        assert np.array_equal(got, want), (b, np.abs(got - want).max())


def test_two_fields_scalars_and_a_scalar_prologue():
    shape = (41, 45)
    rng = np.random.default_rng(2)
    u, v = rng.random(shape), rng.random(shape) * 0.3
    low, facts, why = _facts(gray_scott, (np.zeros(shape), np.zeros(shape)), consts=(0.04,))
    assert why is None and len(facts.fields) == 2
    f_name = low.program.inputs[2]
    for b in (T.Blocking(3, 32, 9), T.Blocking(2, 64, 64)):
        gu, gv = _run_pass(low, facts, b, {low.program.inputs[0]: u, low.program.inputs[1]: v}, {f_name: 0.04})
        wu, wv = u, v
        for _ in range(b.depth):
            wu, wv = gray_scott_np(wu, wv, 0.04)
        np.testing.assert_allclose(gu, wu, rtol=1e-14, atol=1e-15)
        np.testing.assert_allclose(gv, wv, rtol=1e-14, atol=1e-15)


def test_constant_field_and_radius_two():
    shape = (33, 29)
    rng = np.random.default_rng(3)
    u, k = rng.random(shape), rng.random(shape)
    low, facts, why = _facts(diffuse, np.zeros(shape), consts=(np.zeros(shape),))
    assert why is None and (facts.ry, facts.rx) == (2, 1) and len(facts.consts) == 1
    for b in (T.Blocking(3, 32, 8), T.Blocking(2, 32, 40)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u, low.program.inputs[1]: k})
        want = u
        for _ in range(b.depth):
            want = diffuse_np(want, k)
        np.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-15)


# ------------------------------------------------------------------ refusals
def _heat4(u):
    c = (slice(1, -1),) * 4
    return kfuse.interior(u, u[c] + 0.1 * (u[2:, 1:-1, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1, 1:-1]))


def _wave(up, u):
    return u, kfuse.interior(u, 2 * u[1:-1, 1:-1] - up[1:-1, 1:-1] + 0.1 * (u[2:, 1:-1] + u[:-2, 1:-1]))


def _normalised(a):
    return a * (1 / a.sum())


def _rolled(a):
    return 0.5 * (a + kfuse.roll(a, 1, axis=1)) if hasattr(kfuse, "roll") else 0.5 * (a + np.roll(a, 1, axis=1))


def _far(a):
    return kfuse.interior(a, a[5:-5, 5:-5] + a[10:, 5:-5])


@pytest.mark.parametrize("step,state,reason", [
    (_heat4, np.zeros((5, 8, 9, 10)), "only 2-D and 3-D grids"),
    (_wave, (np.zeros((8, 9)), np.zeros((8, 9))), "passed through unchanged"),
    (_normalised, np.zeros((8, 9)), "kernels, not one|reduces"),
    (jacobi, np.zeros((8, 9), order="F"), "Fortran order"),
    (_far, np.zeros((30, 30)), "points away"),
], ids=["4-D", "wave", "reduction", "fortran", "far"])
def test_refusals_say_why(step, state, reason):
    import re
    _low, facts, why = _facts(step, state)
    assert facts is None and re.search(reason, why), why
    plan = kfuse.loops.temporal_plan(step, state, 100)
    assert plan["blocked"] is False and re.search(reason, plan["why_not"])


def test_blocking_shapes_refuse_with_reasons():
    _low, facts, _ = _facts(jacobi, np.zeros((64, 64)))
    assert "a quarter or more" in T.Blocking(16, 128, 64).refusal(facts)
    import dataclasses
    wide = dataclasses.replace(facts, ry=4, rx=0, fields=("a", "b"), itemsize=4)
    assert "shared memory" in T.Blocking(11, 256, 64).refusal(wide)
    assert "registers" in T.Blocking(28, 128, 64).refusal(dataclasses.replace(facts, rx=0, itemsize=8))
    assert all(b.refusal(facts) is None for b in T.shapes(facts))


def test_model_blocks_a_large_grid_and_the_setting_forces_or_refuses():
    big = kfuse.loops.temporal_plan(jacobi, np.zeros((8192, 8192), np.float32), 100)
    assert big["blocked"] and big["depth"] >= 2 and big["predicted_us_per_step"] < big["one_step_predicted_us"]
    with kfuse.config.override(temporal_depth=1):
        assert not kfuse.loops.temporal_plan(jacobi, np.zeros((8192, 8192)), 100)["blocked"]
    with kfuse.config.override(temporal_depth=4):
        forced = kfuse.loops.temporal_plan(jacobi, np.zeros((64, 64)), 100)
        assert forced["blocked"] and forced["depth"] == 4
        few = kfuse.loops.temporal_plan(jacobi, np.zeros((64, 64)), 3)
        assert not few["blocked"] and "exceeds the 3 steps" in few["why_not"]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_deepest_shapes_compile_without_spills(dtype):
    from kfuse.runtime.nvrtc import compile_cuda
    low, facts, _ = _facts(jacobi, np.zeros((4096, 4096), dtype))
    deepest = {}
    for b in T.shapes(facts):
        deepest.setdefault(b.threads, b)   # shapes() lists the deepest first
    assert deepest
    for b in deepest.values():
        src, kernel = pass_module(low.program, low.plan_obj.kernels[0], facts, b)
        res = compile_cuda(src, "sm_90").resources()[kernel.name]
        assert res["spill_stores"] == 0 and res["spill_loads"] == 0, (b, res)


def _channel(u):   # periodic along the columns (np.roll), walls along the rows (kept)
    lap = np.roll(u, 1, axis=1) + np.roll(u, -1, axis=1) - 2 * u
    return kfuse.interior(u, u[1:-1, :] + 0.1 * lap[1:-1, :] + 0.05 * (u[2:, :] + u[:-2, :] - 2 * u[1:-1, :]))


def _channel_np(u):
    lap = np.roll(u, 1, axis=1) + np.roll(u, -1, axis=1) - 2 * u
    b = u.copy()
    b[1:-1, :] = u[1:-1, :] + 0.1 * lap[1:-1, :] + 0.05 * (u[2:, :] + u[:-2, :] - 2 * u[1:-1, :])
    return b


def test_periodic_columns_and_kept_rows_match_numpy():
    shape = (37, 41)
    u = np.random.default_rng(6).random(shape)
    low, facts, why = _facts(_channel, np.zeros(shape))
    assert why is None and facts.periodic == (False, True), why
    for b in (T.Blocking(3, 32, 8), T.Blocking(4, 64, 64)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        want = u
        for _ in range(b.depth):
            want = _channel_np(want)
        np.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-15)


@pytest.mark.parametrize("shape", [(45, 33), (6, 70), (70, 5)])
def test_periodic_rolls_match_numpy(shape):
    from tests.programs.apps import allen_cahn as m
    rng = np.random.default_rng(4)
    phi = rng.uniform(-1, 1, shape)
    low, facts, why = _facts(m.step, {"phi": np.zeros(shape)})
    assert why is None and facts.periodic == (True, True) and (facts.ry, facts.rx) == (1, 1), why
    for b in (T.Blocking(3, 32, 8), T.Blocking(5, 64, 64)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: phi})
        want = phi.copy()
        for _ in range(b.depth):
            m.step(want)
        np.testing.assert_allclose(got, want, rtol=1e-13, atol=1e-14)


def _rolled_window(u):
    return kfuse.interior(u, 0.5 * np.roll(u[1:-1, 1:-1], 1, axis=1) + 0.5 * u[1:-1, 1:-1])


def test_rolls_of_windows_are_refused_and_hotspots_edge_pads_blocked():
    from tests.programs.apps import hotspot
    names = list(inspect.signature(hotspot.step).parameters)
    st = hotspot.init(hotspot.TEST, "float64")
    fields = [n for n in names if n in hotspot.FIELDS["written"]]
    consts = {n: np.asarray(st[n]) if hasattr(st[n], "shape") else st[n] for n in names if n not in fields}
    plan = kfuse.iterate.temporal_plan(hotspot.step, {n: np.zeros((4096, 4096)) for n in fields}, 100,
                                       consts=tuple(np.zeros((4096, 4096)) if hasattr(v, "shape") else v
                                                    for v in consts.values()))
    assert plan["blocked"] and plan["depth"] >= 2, plan
    plan = kfuse.iterate.temporal_plan(_rolled_window, np.zeros((40, 50)), 10)
    assert not plan["blocked"] and "not a whole field" in plan["why_not"], plan


def _driven(u, v):   # v's next value does not read v: the pass has no argument v to load
    un = kfuse.interior(u, 0.2 * (u[1:-1, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] + u[2:, 1:-1] + u[:-2, 1:-1]))
    return un, un * 0.5


def _driven_periodic(u, v):
    return 0.5 * u + 0.5 * np.roll(u, -1, axis=0), 0.5 * u + 0.5 * np.roll(u, 1, axis=1)


@pytest.mark.parametrize("periodic", [False, True])
def test_a_field_the_step_never_reads(periodic):
    shape = (21, 27)
    rng = np.random.default_rng(7)
    u, v = rng.random(shape), rng.random(shape)
    step = _driven_periodic if periodic else _driven
    low, facts, why = _facts(step, (np.zeros(shape), np.zeros(shape)))
    assert why is None and not facts.offsets[facts.fields[1]], why
    inputs = dict(zip(low.program.inputs, (u, v)))
    for b in (T.Blocking(2, 32, 8), T.Blocking(3, 32, 5)):
        gu, gv = _run_pass(low, facts, b, inputs)
        wu, wv = u, v
        for _ in range(b.depth):
            if periodic:
                wu, wv = 0.5 * wu + 0.5 * np.roll(wu, -1, axis=0), 0.5 * wu + 0.5 * np.roll(wu, 1, axis=1)
            else:
                wu = jacobi_np(wu)
                wv = wu * 0.5
        np.testing.assert_allclose(gu, wu, rtol=1e-14, atol=1e-15)
        np.testing.assert_allclose(gv, wv, rtol=1e-14, atol=1e-15)


def test_forced_depths_outside_the_table_and_past_sixteen_steps():
    from kfuse import loop_temporal
    low = kfuse.loops.lower(jacobi, np.zeros((64, 64)))
    with kfuse.config.override(temporal_depth=5):   # any depth the setting names, not only DEPTHS
        plan = kfuse.loops.temporal_plan(jacobi, np.zeros((64, 64)), 100)
        assert plan["blocked"] and plan["depth"] == 5, plan
    with kfuse.config.override(temporal_depth=20):
        few = loop_temporal.choose(low.executable, low.structure.sources, 17)
        assert few.cost is None and "exceeds the 17 steps" in few.why
        many = loop_temporal.choose(low.executable, low.structure.sources, 1000)   # not the 17 steps' answer
        assert many.cost is not None and many.cost.blocking.depth == 20, many.why


def _placed_apart(u, v):   # v first read beside a roll of u: the frame places v a row off the outputs
    b = u.copy()
    b[1:-1, 1:-1] = (np.roll(u, 1, axis=0) + v)[1:-1, 1:-1] * 0.5
    c = u.copy()
    c[1:-1, 1:-1] = v[1:-1, 1:-1] * 0.5 + v[2:, 1:-1] * 0.5
    return b, c


def _placed_apart_columns(u, v):
    t = np.roll(u, 1, axis=1) + v
    b = u.copy()
    b[1:-1, 1:-1] = t[1:-1, 1:-1] * 0.5 + t[2:, 1:-1] * 0.25
    c = u.copy()
    c[1:-1, 1:-1] = v[1:-1, 1:-1] * 0.5 + v[1:-1, 2:] * 0.5
    return b, c


@pytest.mark.parametrize("step", [_placed_apart, _placed_apart_columns], ids=["rows", "columns"])
def test_a_field_placed_off_the_outputs_in_the_frame(step):
    """The grid frame may place a field at another position than the next values (here v, first
    read beside a rolled u): the offsets it is read at are the frame's less the field's place."""
    shape = (19, 23)
    rng = np.random.default_rng(8)
    u, v = rng.random(shape), rng.random(shape)
    low, facts, why = _facts(step, (np.zeros(shape), np.zeros(shape)))
    assert why is None, why
    for b in (T.Blocking(2, 32, 8), T.Blocking(3, 32, 5)):
        gu, gv = _run_pass(low, facts, b, dict(zip(low.program.inputs, (u, v))))
        wu, wv = u, v
        for _ in range(b.depth):
            wu, wv = step(wu, wv)
        np.testing.assert_allclose(gu, wu, rtol=1e-14, atol=1e-15)
        np.testing.assert_allclose(gv, wv, rtol=1e-14, atol=1e-15)


def _rolls_only(u):   # periodic jacobi written with rolls alone
    return 0.25 * (np.roll(u, 1, 0) + np.roll(u, -1, 0) + np.roll(u, 1, 1) + np.roll(u, -1, 1))


def _rolls_two_fields(u, v):   # two fields, each next value made of rolls alone, reading the other
    return (0.5 * (np.roll(u, 1, 0) + np.roll(v, -1, 1)), 0.25 * (np.roll(v, 2, 0) + np.roll(u, 1, 1)) + 0.5 * v)


@pytest.mark.parametrize("shape", [(20, 30), (7, 66), (45, 5)])
def test_values_made_of_rolls_alone_match_numpy(shape):
    rng = np.random.default_rng(10)
    u, v = rng.random(shape), rng.random(shape)
    low, facts, why = _facts(_rolls_only, np.zeros(shape))
    assert why is None and facts.periodic == (True, True) and (facts.ry, facts.rx) == (1, 1), why
    for b in (T.Blocking(3, 32, 8), T.Blocking(2, 64, 64)):
        got, = _run_pass(low, facts, b, {low.program.inputs[0]: u})
        want = u
        for _ in range(b.depth):
            want = _rolls_only(want)
        np.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-15)
    low, facts, why = _facts(_rolls_two_fields, (np.zeros(shape), np.zeros(shape)))
    assert why is None and (facts.ry, facts.rx) == (2, 1), why
    b = T.Blocking(3, 32, 8)
    gu, gv = _run_pass(low, facts, b, dict(zip(low.program.inputs, (u, v))))
    wu, wv = u, v
    for _ in range(b.depth):
        wu, wv = _rolls_two_fields(wu, wv)
    np.testing.assert_allclose(gu, wu, rtol=1e-14, atol=1e-15)
    np.testing.assert_allclose(gv, wv, rtol=1e-14, atol=1e-15)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_forced_and_tail_depths_off_the_table_compile_without_spills(dtype):
    """A forced temporal_depth and the last pass of the steps left take depths DEPTHS lacks."""
    from kfuse.runtime.nvrtc import compile_cuda
    low, facts, _ = _facts(jacobi, np.zeros((4096, 4096), dtype))
    for b in (T.Blocking(5, 256, 256), T.Blocking(7, 128, 128), T.Blocking(20, 256, 256), T.Blocking(24, 256, 512)):
        assert b.refusal(facts) is None, b
        src, kernel = pass_module(low.program, low.plan_obj.kernels[0], facts, b)
        res = compile_cuda(src, "sm_90").resources()[kernel.name]
        assert res["spill_stores"] == 0 and res["spill_loads"] == 0, (b, res)


def test_the_steps_left_run_as_one_shallower_pass_where_the_model_prefers_it():
    from kfuse import loop_temporal
    big = kfuse.loops.lower(jacobi, np.zeros((8192, 8192), np.float32))
    d = loop_temporal.choose(big.executable, big.structure.sources, 100)
    assert d.cost is not None
    assert loop_temporal._tail(big.executable, d, 1) is None            # one step: one launch
    tail = loop_temporal._tail(big.executable, d, 5)
    assert tail is not None and tail.depth == 5 and tail.refusal(d.facts) is None
    slow = loop_temporal.Decision(d.cost, d.facts, one_step_s=1e-9)   # one step per launch modelled cheaper
    assert loop_temporal._tail(big.executable, slow, 5) is None
