"""GPU tier for ``kfuse.iterate`` over a state of several arrays with constants, and for
``kfuse.jit``'s static arguments, ``*args`` and captured arrays (issue 31): against the NumPy
float64 loop of the same code at odd sizes, float32 and float64, C and F order, torch tensors;
the caller's state bitwise unchanged; the graph replay path (steps > 2 x graph_steps, odd
counts); out= given (separate arrays, the state itself, another layout)."""
from __future__ import annotations

import types

import numpy as np
import pytest

import kfuse

TOL = {"float32": 3e-4, "float64": 1e-10}   # relative to the field's largest magnitude, after all steps


def _np_interior(u, new):
    r = u.copy()
    r[1:-1, 1:-1] = new
    return r


NP = types.SimpleNamespace(interior=_np_interior)


def gray_scott(k):
    """Two fields, a constant feed map and a number (Gray-Scott reaction-diffusion)."""
    def step(u, v, feed, kill):
        c = (slice(1, -1), slice(1, -1))
        uvv = u[c] * v[c] * v[c]
        lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[c]
        lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[c]
        un = k.interior(u, u[c] + 0.16 * lu - uvv + feed[c] * (1 - u[c]))
        vn = k.interior(v, v[c] + 0.08 * lv + uvv - (kill + feed[c]) * v[c])
        return un, vn
    return step


def wave(k):
    """Three time levels: (u_prev, u) -> (u, u_next); u passes through without a copy."""
    def step(up, u, c2):
        lap = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[1:-1, 1:-1]
        return u, k.interior(u, 2 * u[1:-1, 1:-1] - up[1:-1, 1:-1] + c2 * lap)
    return step


def _np_loop(step, state, consts, steps):
    state = tuple(np.asarray(s, np.float64) for s in state)
    consts = tuple(np.asarray(c, np.float64) if hasattr(c, "shape") else c for c in consts)
    for _ in range(steps):
        state = tuple(step(*state, *consts))
    return state


def _host(shape, seed, dtype, order, lo=0.0):
    a = np.random.default_rng(seed).uniform(lo, 1, shape).astype(dtype)
    return np.asfortranarray(a) if order == "F" else a


def _dev(a, order):
    import cupy
    return cupy.asarray(a, order=order)


def _close(got, want, dtype, what=""):
    import cupy
    g = cupy.asnumpy(cupy.from_dlpack(got) if not isinstance(got, cupy.ndarray) else got).astype(np.float64)
    assert g.shape == want.shape, what
    assert np.isfinite(g).all(), f"{what}: non-finite values"
    err = np.abs(g - want).max() / max(1.0, np.abs(want).max())
    assert err <= TOL[dtype], f"{what}: relative error {err:.3e} > {TOL[dtype]}"


def _bits(a):
    import cupy
    return cupy.asnumpy(a).tobytes(order="A")


# ---------------------------------------------------------------------------- two fields
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("steps", [0, 1, 2, 5, 17, 37])
def test_gray_scott_two_fields_and_constants(dtype, order, steps):
    shape = (67, 45)
    u0, v0 = _host(shape, 1, dtype, order), _host(shape, 2, dtype, order, lo=0.0) * 0.5
    feed = _host(shape, 3, dtype, order) * 0.05
    u, v, f = _dev(u0, order), _dev(v0, order), _dev(feed, order)
    before = (_bits(u), _bits(v), _bits(f))
    got = kfuse.iterate(gray_scott(kfuse), (u, v), steps, consts=(f, 0.06), graph_steps=8)
    assert isinstance(got, tuple) and len(got) == 2
    want = _np_loop(gray_scott(NP), (u0, v0), (feed, 0.06), steps)
    for k, (g, w) in enumerate(zip(got, want)):
        _close(g, w, dtype, f"field {k} after {steps} steps")
        assert g.dtype == np.dtype(dtype) and (g.flags.f_contiguous if order == "F" else g.flags.c_contiguous)
    assert (_bits(u), _bits(v), _bits(f)) == before          # the caller's arrays bitwise unchanged


def test_the_step_traces_once_and_the_graph_is_captured_once(monkeypatch):
    with kfuse.config.override(temporal_depth=1):   # one step per launch: the graphs this test is about
        _traces_once_and_captures_once(monkeypatch)


def _traces_once_and_captures_once(monkeypatch):
    from kfuse.runtime.executable import Executable
    seen = []

    def step(u, v, feed, kill):
        seen.append(1)
        return gray_scott(kfuse)(u, v, feed, kill)
    u0, v0, feed = (_host((33, 29), s, "float64", "C") for s in (1, 2, 3))
    u, v, f = _dev(u0, "C"), _dev(v0, "C"), _dev(feed * 0.05, "C")
    first = kfuse.iterate(step, (u, v), 41, consts=(f, 0.06), graph_steps=8)
    captures = []
    real = Executable.capture
    monkeypatch.setattr(Executable, "capture", lambda self, envs: captures.append(1) or real(self, envs))
    again = kfuse.iterate(step, (u, v), 41, consts=(f, 0.06), graph_steps=8)
    assert len(seen) == 1 and captures == []
    want = _np_loop(gray_scott(NP), (u0, v0), (feed * 0.05, 0.06), 41)
    for g1, g2, w in zip(first, again, want):
        _close(g1, w, "float64")
        _close(g2, w, "float64")
        assert g1.data.ptr != g2.data.ptr                    # each call returns its own arrays
    kfuse.iterate(step, (u, v), 41, consts=(f, 0.07), graph_steps=8)   # another number: another graph
    assert captures == [1]


def test_unfused_step_graphs_share_one_set_of_intermediates():
    """One kernel per call: the graph's steps share the intermediates (not one set per step)."""
    import cupy
    u0, v0, feed = (_host((39, 27), s, "float64", "C") for s in (31, 32, 33))
    step = kfuse.jit(gray_scott(kfuse), fuse=False)
    u, v, f = _dev(u0, "C"), _dev(v0 * 0.5, "C"), _dev(feed * 0.05, "C")
    got = kfuse.iterate(step, (u, v), 37, consts=(f, 0.06), graph_steps=8)
    for g, w in zip(got, _np_loop(gray_scott(NP), (u0, v0 * 0.5), (feed * 0.05, 0.06), 37)):
        _close(g, w, "float64", "unfused")
    from kfuse import loop_run
    (exe, _), = kfuse.loops._STEPS[step][("tuple", (), 2, (), 2)]._cache.values()
    assert exe.n_kernels > 2
    (graph, envs), = next(iter(loop_run._WORKSPACES[exe].values())).graphs.values()
    temps = {a.name for a in exe.launch_spec.per_call} - set(exe.program.outputs)
    assert temps and all(envs[k][t] is envs[0][t] for k in range(len(envs)) for t in temps)
    assert isinstance(got[0], cupy.ndarray)


def test_default_graph_steps_long_loop():
    u0, v0, feed = (_host((65, 63), s, "float64", "C") for s in (4, 5, 6))
    u, v, f = _dev(u0, "C"), _dev(v0 * 0.5, "C"), _dev(feed * 0.05, "C")
    got = kfuse.iterate(gray_scott(kfuse), [u, v], 131, consts=[f, 0.06])
    assert isinstance(got, list)
    for g, w in zip(got, _np_loop(gray_scott(NP), (u0, v0 * 0.5), (feed * 0.05, 0.06), 131)):
        _close(g, w, "float64", "131 steps")


# ---------------------------------------------------------------------------- three levels
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4, 7, 13, 29])
def test_wave_three_levels(dtype, order, steps):
    shape = (51, 77)
    p0 = _host(shape, 7, dtype, order, lo=-1.0)
    u0 = _host(shape, 8, dtype, order, lo=-1.0)
    up, u = _dev(p0, order), _dev(u0, order)
    before = (_bits(up), _bits(u))
    got = kfuse.iterate(wave(kfuse), (up, u), steps, consts=(0.2,), graph_steps=8)
    want = _np_loop(wave(NP), (p0, u0), (0.2,), steps)
    for k, (g, w) in enumerate(zip(got, want)):
        _close(g, w, dtype, f"level {k} after {steps} steps")
    assert (_bits(up), _bits(u)) == before
    assert got[0].data.ptr != u.data.ptr and got[0].data.ptr != got[1].data.ptr


def test_wave_program_computes_one_field():
    step = kfuse.jit(wave(kfuse))
    lo = kfuse.loops.lower(step, (np.ones((9, 7)), np.ones((9, 7))), consts=(0.2,))
    assert len(lo.program.outputs) == 1 and lo.structure.schedule.period == 3


# ---------------------------------------------------------------------------- out=, dicts, torch
def test_out_separate_in_place_and_another_layout():
    import cupy
    shape = (37, 41)
    p0, u0 = _host(shape, 9, "float64", "C", lo=-1.0), _host(shape, 10, "float64", "C", lo=-1.0)
    want = _np_loop(wave(NP), (p0, u0), (0.2,), 23)
    outs = (cupy.empty(shape), cupy.empty(shape))
    r = kfuse.iterate(wave(kfuse), (_dev(p0, "C"), _dev(u0, "C")), 23, consts=(0.2,), graph_steps=4, out=outs)
    assert r is outs
    for g, w in zip(outs, want):
        _close(g, w, "float64", "out=")
    state = (_dev(p0, "C"), _dev(u0, "C"))
    assert kfuse.iterate(wave(kfuse), state, 23, consts=(0.2,), graph_steps=4, out=state) is state
    for g, w in zip(state, want):
        _close(g, w, "float64", "out=state")
    f_outs = [cupy.empty(shape, order="F"), cupy.empty(shape, order="F")]
    kfuse.iterate(wave(kfuse), (_dev(p0, "C"), _dev(u0, "C")), 23, consts=(0.2,), out=f_outs)
    for g, w in zip(f_outs, want):
        _close(g, w, "float64", "F out=")
    with pytest.raises(kfuse.errors.ArgumentError, match=r"out\[1\] must be a float64 array of shape"):
        kfuse.iterate(wave(kfuse), (_dev(p0, "C"), _dev(u0, "C")), 3, consts=(0.2,),
                      out=(cupy.empty(shape), cupy.empty((3, 3))))


def test_dict_state():
    shape = (31, 19)
    u0, v0, feed = (_host(shape, s, "float64", "C") for s in (11, 12, 13))

    def step(u, v, feed, kill):
        un, vn = gray_scott(kfuse)(u, v, feed, kill)
        return {"v": vn, "u": un}
    got = kfuse.iterate(step, {"u": _dev(u0, "C"), "v": _dev(v0 * 0.5, "C")}, 9,
                        consts=(_dev(feed * 0.05, "C"), 0.06), graph_steps=2)
    assert set(got) == {"u", "v"}
    want = _np_loop(gray_scott(NP), (u0, v0 * 0.5), (feed * 0.05, 0.06), 9)
    _close(got["u"], want[0], "float64")
    _close(got["v"], want[1], "float64")


def test_torch_state_and_constants():
    torch = pytest.importorskip("torch")
    import cupy
    shape = (45, 23)
    u0, v0, feed = (_host(shape, s, "float32", "C") for s in (14, 15, 16))
    t = [torch.from_dlpack(_dev(a, "C")) for a in (u0, v0 * 0.5, feed * 0.05)]
    before = [t_.clone() for t_ in t]
    got = kfuse.iterate(gray_scott(kfuse), (t[0], t[1]), 19, consts=(t[2], 0.06), graph_steps=4)
    assert all(isinstance(g, torch.Tensor) for g in got)
    want = _np_loop(gray_scott(NP), (u0, v0 * 0.5), (feed * 0.05, 0.06), 19)
    for g, w in zip(got, want):
        _close(cupy.from_dlpack(g), w, "float32", "torch")
    assert all(torch.equal(a, b) for a, b in zip(t, before))


def test_closure_constant_is_read_in_place_at_each_call():
    """The iterate error's advice, a closure, works: the captured array is a hidden input read at
    every call (changed in place, the next loop sees it)."""
    import cupy
    shape = (29, 31)
    u0 = _host(shape, 17, "float64", "C")
    power = _dev(_host(shape, 18, "float64", "C") * 0.01, "C")

    def heat(u):
        return kfuse.interior(u, u[1:-1, 1:-1] + 0.2 * (u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1]
                                                        - 4 * u[1:-1, 1:-1]) + power[1:-1, 1:-1])

    def np_heat(u, p):
        return _np_interior(u, u[1:-1, 1:-1] + 0.2 * (u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1]
                                                      - 4 * u[1:-1, 1:-1]) + p[1:-1, 1:-1])
    for _ in range(2):
        got = kfuse.iterate(heat, _dev(u0, "C"), 21, graph_steps=4)
        want = u0.astype(np.float64)
        for _ in range(21):
            want = np_heat(want, cupy.asnumpy(power))
        _close(got, want, "float64", "captured power")
        power *= 2.0


# ---------------------------------------------------------------------------- jit: static, *args
def test_static_time_loop_on_the_device():
    import cupy
    traces = []

    def relax(u, T, *, monitor=False):
        traces.append(T)
        for _ in range(T):
            u = kfuse.interior(u, 0.25 * (u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1]))
        return u * 2.0 if monitor else u
    f = kfuse.jit(relax, static_argnames=("T",))
    a0 = _host((21, 17), 19, "float64", "C")
    a = _dev(a0, "C")

    def want(T, monitor=False):
        w = a0.copy()
        for _ in range(T):
            w = _np_interior(w, 0.25 * (w[1:-1, 2:] + w[1:-1, :-2] + w[2:, 1:-1] + w[:-2, 1:-1]))
        return w * 2.0 if monitor else w
    _close(f(a, 3), want(3), "float64", "T=3")
    _close(f(a, 3), want(3), "float64", "T=3 again")
    _close(f(a, T=4), want(4), "float64", "T=4")
    _close(f(a, 4, monitor=True), want(4, True), "float64", "monitor")
    assert traces == [3, 4, 4]                                     # one trace per static signature
    assert isinstance(f(a, 2), cupy.ndarray)


def test_var_positional_arrays_on_the_device():
    import cupy
    total = kfuse.jit(lambda *xs: xs[0] + 2.0 * xs[1] - xs[2])
    xs = [cupy.asarray(_host(1001, s, "float32", "C")) for s in (20, 21, 22)]
    got = total(*xs)
    want = cupy.asnumpy(xs[0]).astype(np.float64) + 2 * cupy.asnumpy(xs[1]) - cupy.asnumpy(xs[2])
    _close(got, want, "float32", "*args")


def test_captured_device_and_host_arrays_in_jit():
    import cupy
    dev = cupy.asarray(_host(513, 23, "float64", "C"))
    host = _host(513, 24, "float64", "C")
    f = kfuse.jit(lambda x: x * dev + host)
    x = cupy.asarray(_host(513, 25, "float64", "C"))
    for _ in range(3):                                             # the stub path from the second call
        _close(f(x), cupy.asnumpy(x) * cupy.asnumpy(dev) + host, "float64", "captured")
    dev += 1.0                                                     # read in place at each call
    _close(f(x), cupy.asnumpy(x) * cupy.asnumpy(dev) + host, "float64", "captured, changed")
    assert [n for n, _, _ in f.entry(x).items] == ["dev", "host"]
