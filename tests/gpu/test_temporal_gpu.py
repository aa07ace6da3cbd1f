"""GPU tier for temporal blocking in ``kfuse.iterate`` (several steps per pass over the grid:
kfuse.loop_temporal): every depth forced through the setting and the model's own pick, float32
and float64, odd sizes, step counts that leave a remainder, one and two fields, a constant field,
scalars, out= -- against the NumPy float64 loop; the caller's state bitwise unchanged; the pass
actually ran (its kernel is kept with the step)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.errors import KfuseWarning

TOL = {"float32": 2e-5, "float64": 1e-12}   # relative to the largest magnitude, after every step


def jacobi(a):
    return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))


def jacobi_np(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])
    return b


def gray_scott(u, v, feed, kill):
    c = (slice(1, -1), slice(1, -1))
    uvv = u[c] * v[c] * v[c]
    lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[c]
    lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[c]
    return (kfuse.interior(u, u[c] + 0.16 * lu - uvv + feed[c] * (1 - u[c])),
            kfuse.interior(v, v[c] + 0.08 * lv + uvv - (kill + feed[c]) * v[c]))


def gray_scott_np(u, v, feed, kill):
    c = (slice(1, -1), slice(1, -1))
    uvv = u[c] * v[c] * v[c]
    lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[c]
    lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[c]
    un, vn = u.copy(), v.copy()
    un[c] = u[c] + 0.16 * lu - uvv + feed[c] * (1 - u[c])
    vn[c] = v[c] + 0.08 * lv + uvv - (kill + feed[c]) * v[c]
    return un, vn


def _close(got, want, dtype):
    got = np.asarray(got, np.float64)
    scale = max(1.0, float(np.abs(want).max()))
    err = float(np.abs(got - want).max()) / scale
    assert np.isfinite(got).all() and err <= TOL[dtype], err


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("depth", [0, 2, 3, 4, 8, 16])
@pytest.mark.parametrize("shape", [(257, 301), (1000, 999), (7, 520)])
def test_jacobi_every_depth_matches_numpy(dtype, depth, shape, passes):
    import cupy
    steps = 37
    a = np.random.default_rng(depth).random(shape).astype(dtype)
    d = cupy.asarray(a)
    with kfuse.config.override(temporal_depth=depth):
        plan = kfuse.loops.temporal_plan(jacobi, a, steps)
        got = kfuse.iterate(jacobi, d, steps=steps)
    if depth > 1:
        assert plan["blocked"] and plan["depth"] == depth and passes == [depth], (plan, passes)
    else:
        assert passes == ([plan["depth"]] if plan["blocked"] else []), (plan, passes)
    assert np.array_equal(cupy.asnumpy(d), a)   # the caller's state untouched
    want = a.astype(np.float64)
    for _ in range(steps):
        want = jacobi_np(want)
    _close(cupy.asnumpy(got), want, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_two_fields_constant_field_scalar_and_out(dtype, passes):
    import cupy
    shape, steps = (333, 517), 50
    rng = np.random.default_rng(7)
    u, v, feed = (rng.random(shape).astype(dtype), (0.3 * rng.random(shape)).astype(dtype),
                  (0.05 * rng.random(shape)).astype(dtype))
    du, dv, df = cupy.asarray(u), cupy.asarray(v), cupy.asarray(feed)
    ou, ov = cupy.full(shape, np.nan, dtype), cupy.full(shape, np.nan, dtype)
    with kfuse.config.override(temporal_depth=6):
        plan = kfuse.loops.temporal_plan(gray_scott, (u, v), steps, consts=(feed, 0.06))
        res = kfuse.iterate(gray_scott, (du, dv), steps=steps, consts=(df, 0.06), out=(ou, ov))
    assert plan["blocked"] and plan["depth"] == 6 and passes == [6], (plan, passes)
    assert res[0] is ou and res[1] is ov
    for host, dev in ((u, du), (v, dv), (feed, df)):
        assert np.array_equal(cupy.asnumpy(dev), host)
    wu, wv = u.astype(np.float64), v.astype(np.float64)
    for _ in range(steps):
        wu, wv = gray_scott_np(wu, wv, feed.astype(np.float64), 0.06)
    _close(cupy.asnumpy(ou), wu, dtype)
    _close(cupy.asnumpy(ov), wv, dtype)


def test_forced_depth_the_step_cannot_take_warns_and_runs_one_step_per_launch(passes):
    import cupy

    def heat3(u):
        return kfuse.interior(u, u[1:-1, 1:-1, 1:-1] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1]
                                                              - 2 * u[1:-1, 1:-1, 1:-1]))
    a = np.asfortranarray(np.random.default_rng(3).random((9, 10, 11)))
    with kfuse.config.override(temporal_depth=4), pytest.warns(KfuseWarning, match="Fortran order"):
        got = kfuse.iterate(heat3, cupy.asarray(a), steps=5)
    want = a
    for _ in range(5):
        w = want.copy()
        w[1:-1, 1:-1, 1:-1] = want[1:-1, 1:-1, 1:-1] + 0.1 * (want[2:, 1:-1, 1:-1] + want[:-2, 1:-1, 1:-1]
                                                              - 2 * want[1:-1, 1:-1, 1:-1])
        want = w
    _close(cupy.asnumpy(got), want, "float64")
    assert passes == []


def _jacobi_in_place(b, n):
    """NumPy as it is written: the argument updated in place, a static step count."""
    for _ in range(n):
        b[1:-1, 1:-1] = 0.2 * (b[1:-1, 1:-1] + b[1:-1, :-2] + b[1:-1, 2:] + b[2:, 1:-1] + b[:-2, 1:-1])
    return b


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_jit_time_loop_written_in_place_is_blocked_and_matches_numpy(dtype, passes):
    import cupy
    shape, n = (517, 389), 29
    a = np.random.default_rng(11).random(shape).astype(dtype)
    d = cupy.asarray(a)
    f = kfuse.jit(_jacobi_in_place, static_argnames=("n",))
    with kfuse.config.override(temporal_depth=4):
        got = f(d, n)
    assert passes == [4]
    want = _jacobi_in_place(a.astype(np.float64), n)
    _close(cupy.asnumpy(d), want, dtype)     # the argument written, as NumPy writes it
    assert got is d or np.array_equal(cupy.asnumpy(got), cupy.asnumpy(d))


def test_the_first_run_times_the_best_shapes_and_the_plan_reports_them():
    import cupy
    a = cupy.asarray(np.random.default_rng(5).random((2049, 1537)))
    with kfuse.config.override(temporal_depth=0, temporal_tune=3):
        before = kfuse.iterate.temporal_plan(jacobi, a, 48)
        kfuse.iterate(jacobi, a, steps=48)
        after = kfuse.iterate.temporal_plan(jacobi, a, 48)
    assert before["blocked"] and len(before["tuned_among"]) == 3 and "measured_us_per_step" not in before
    timed = after["measured_us_per_step"]
    assert len(timed) == 3 and all(t > 0 for t in timed.values())
    best = min(timed, key=timed.get)
    assert best == f"{after['depth']}/{after['threads']}/{after['rows']}"   # the fastest is kept


def _allen_cahn_loop(phi, n):
    from tests.programs.apps import allen_cahn
    for _ in range(n):
        allen_cahn.step(phi)
    return phi


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("depth", [3, 8])
def test_periodic_rolls_blocked_match_numpy(dtype, depth, passes):
    """Allen-Cahn as the tutorials write it (np.roll Laplacian, phi updated in place): through
    kfuse.iterate (a dict state) and through a jit time loop, on an odd grid."""
    import cupy

    from tests.programs.apps import allen_cahn
    shape, steps = (203, 157), 2 * depth + 1
    phi = np.random.default_rng(depth).uniform(-1, 1, shape).astype(dtype)
    want = phi.astype(np.float64)
    for _ in range(steps):
        allen_cahn.step(want)
    d = cupy.asarray(phi)
    with kfuse.config.override(temporal_depth=depth):
        got = kfuse.iterate(allen_cahn.step, {"phi": d}, steps)["phi"]
        assert np.array_equal(cupy.asnumpy(d), phi)
        _close(cupy.asnumpy(got), want, dtype)
        f = kfuse.jit(_allen_cahn_loop, static_argnames=("n",))
        f(d, steps)
    _close(cupy.asnumpy(d), want, dtype)
    assert passes == [depth, depth]


def test_a_pass_nvrtc_refuses_falls_back_to_one_step_per_launch(monkeypatch):
    import cupy

    from kfuse import loop_temporal
    from kfuse.errors import CompileError

    def refuse(*args):
        raise CompileError("kfuse.cu(1): error: (a refusal staged by the test)")
    monkeypatch.setattr(loop_temporal, "_compiled", refuse)
    a = np.random.default_rng(9).random((129, 77))
    d = cupy.asarray(a)
    with kfuse.config.override(temporal_depth=4), pytest.warns(KfuseWarning, match="the pass did not compile"):
        got = kfuse.iterate(jacobi, d, steps=9)
    want = a
    for _ in range(9):
        want = jacobi_np(want)
    _close(cupy.asnumpy(got), want, "float64")
    assert np.array_equal(cupy.asnumpy(d), a)
