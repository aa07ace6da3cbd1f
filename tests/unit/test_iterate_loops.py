"""kfuse.iterate's loop without a GPU: the step traced and checked as iterate compiles it
(``kfuse.loops.lower``), the buffer schedule, and :func:`kfuse.loop_run.run` driven with a
stand-in executable that evaluates the loop program with the NumPy reference (CUDA graphs
replayed by the stand-in), against the plain Python loop."""
from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import kfuse
from kfuse import loop_run, loops, reference
from kfuse.errors import ArgumentError, KfuseError
from kfuse.frontend.trace import lower_spec


class Arr(np.ndarray):
    """A host array passing for a CuPy one in loop_run (``.data.ptr``)."""

    @property
    def data(self):
        return types.SimpleNamespace(ptr=self.__array_interface__["data"][0])


def _empty(shape, dtype, order="C"):
    return np.empty(shape, dtype, order=order).view(Arr)


def _exact_overlap(a, b):
    """cupy.shares_memory's exact check sorts on the device and waits for it (5 ms a call on the
    H200: a folded loop's call spent 33 ms in it); the loop's host path checks bounds only."""
    raise AssertionError("cupy.shares_memory (exact, device-synchronous) called on the loop's host path")


@pytest.fixture
def fake_cupy(monkeypatch):
    stream = types.SimpleNamespace(ptr=0)
    cuda = types.SimpleNamespace(get_current_stream=lambda: stream,
                                 runtime=types.SimpleNamespace(getDevice=lambda: 0))
    mod = types.SimpleNamespace(ndarray=Arr, empty=_empty, shares_memory=_exact_overlap,
                                may_share_memory=np.may_share_memory, cuda=cuda)
    monkeypatch.setitem(sys.modules, "cupy", mod)
    monkeypatch.setattr(loop_run, "_WORKSPACES", loop_run.weakref.WeakKeyDictionary())
    return mod


class FakeExe:
    """Runs the loop program with the NumPy reference; checks it never writes what it reads."""

    def __init__(self, program):
        self.program = program
        self.n_arguments = len(program.inputs)
        self.steps = self.graph_steps = self.captures = 0

    def __call__(self, *ins, out):
        assert len(ins) == self.n_arguments and len(out) == len(self.program.outputs)
        for o in out:
            assert not any(np.shares_memory(o, i) for i in ins if isinstance(i, np.ndarray)), \
                "a step writes a buffer it reads"
        res = reference.run(self.program, dict(zip(self.program.inputs, [np.asarray(i) for i in ins])))
        for o, name in zip(out, self.program.outputs):
            o[...] = res[name]
        self.steps += 1
        return tuple(out)

    # the Executable methods loop_run prepares graph steps with (an env: the step's arrays)
    launch_spec = types.SimpleNamespace(per_call=())

    def prepare(self, ins, out=None):
        return {"ins": tuple(ins), "out": out}

    def fast_bind(self, ins):
        return {"ins": tuple(ins)}

    def bind_out(self, env, out):
        env["out"] = out

    def misaligned(self, env):
        return []

    def capture(self, envs):
        self.captures += 1
        exe = self

        class Graph:
            def launch(self, stream=None):
                for env in envs:
                    exe(*env["ins"], out=env["out"])
                    exe.graph_steps += 1
        return Graph()


def wave(up, u, c):
    lap = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[1:-1, 1:-1]
    return u, kfuse.interior(u, 2 * u[1:-1, 1:-1] - up[1:-1, 1:-1] + c * lap)


def gray_scott(u, v, feed, k):
    uvv = u[1:-1, 1:-1] * v[1:-1, 1:-1] * v[1:-1, 1:-1]
    lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[1:-1, 1:-1]
    lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[1:-1, 1:-1]
    un = kfuse.interior(u, u[1:-1, 1:-1] + 0.1 * lu - uvv + feed[1:-1, 1:-1] * (1 - u[1:-1, 1:-1]))
    vn = kfuse.interior(v, v[1:-1, 1:-1] + 0.05 * lv + uvv - k * v[1:-1, 1:-1])
    return un, vn


def _np_loop(step, state: tuple, consts: tuple, steps: int) -> tuple:
    """The Python loop on NumPy arrays, the step traced for them (the reference's semantics)."""
    lo = loops.lower(step, state, consts=consts)
    jf = kfuse.jit(step)                             # with the passed-through fields as outputs
    full = jf._traced(jf.split(tuple(state) + tuple(consts), spec=lower_spec)[1])[0]
    for _ in range(steps):
        res = reference.run(full, dict(zip(full.inputs, list(state) + list(consts))))
        state = tuple(np.array(res[o]) for o in full.outputs)
    return state, lo


def _run(lo, xs, cs, steps, graph_steps, targets=None):
    exe = FakeExe(lo.program)
    entry = types.SimpleNamespace(structure=lo.structure, exe=exe, bound=())
    return loop_run.run(entry, xs, cs, steps, graph_steps, targets), exe


def _grid(shape, seed, order="C", lo=-1.0):
    return np.asarray(np.random.default_rng(seed).uniform(lo, 1, shape), order=order)


# ---------------------------------------------------------------------------- schedules
def test_wave_rotates_three_buffers_with_period_three():
    lo = kfuse.iterate.lower(wave, (np.ones((9, 7)), np.ones((9, 7))), consts=(0.1,))
    plan = lo.structure
    assert plan.sources == [("in", 1), ("out", 0)]          # u passes through, no copy
    assert len(lo.program.outputs) == 1
    s = plan.schedule
    assert (s.start, s.period, len(s.pool)) == (2, 3, 3)
    assert s.graph_length(64) == 63 and s.graph_length(2) == 3


def test_two_fields_ping_pong_four_buffers():
    lo = loops.lower(gray_scott, (np.ones((9, 7)), np.ones((9, 7))), consts=(np.ones((9, 7)), 0.06))
    s = lo.structure.schedule
    assert lo.structure.sources == [("out", 0), ("out", 1)]
    assert (s.start, s.period, len(s.pool)) == (1, 2, 4)
    assert s.graph_length(64) == 64 and s.graph_length(7) == 6


# ---------------------------------------------------------------------------- runs
@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4, 5, 8, 11, 16])
def test_wave_loop_equals_the_python_loop(fake_cupy, steps):
    x0, x1 = _grid((9, 7), 1), _grid((9, 7), 2)
    want, lo = _np_loop(wave, (x0, x1), (0.1,), steps)
    xs = [x0.copy().view(Arr), x1.copy().view(Arr)]
    got, exe = _run(lo, xs, [0.1], steps, graph_steps=3)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)
    assert (xs[0] == x0).all() and (xs[1] == x1).all()         # the caller's state never written
    assert all(not np.shares_memory(g, x) for g in got for x in xs)
    assert exe.steps == steps
    if steps >= 3 + 2 + 3:                                    # a graph once the cycle is reached
        assert exe.graph_steps > 0


@pytest.mark.parametrize("steps", [0, 1, 2, 7, 9, 10, 21])
def test_two_fields_with_constants_equal_the_python_loop(fake_cupy, steps):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want, lo = _np_loop(gray_scott, (u0, v0), (feed, 0.06), steps)
    got, exe = _run(lo, [u0.view(Arr), v0.view(Arr)], [feed.view(Arr), 0.06], steps, graph_steps=4)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)


def test_graph_is_captured_once_and_replayed(fake_cupy):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want, lo = _np_loop(gray_scott, (u0, v0), (feed, 0.06), 19)
    exe = FakeExe(lo.program)
    entry = types.SimpleNamespace(structure=lo.structure, exe=exe, bound=())
    xs, cs = [u0.view(Arr), v0.view(Arr)], [feed.view(Arr), 0.06]
    for _ in range(2):
        got = loop_run.run(entry, xs, cs, 19, 4, None)
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)
    assert exe.captures == 1 and exe.graph_steps == 2 * 16    # 19 = 1 + 4 graphs of 4 + 1 + the last
    loop_run.run(entry, xs, [feed.view(Arr), 0.07], 19, 4, None)   # another number: another graph
    assert exe.captures == 2


def test_out_may_be_the_state_itself(fake_cupy):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want, lo = _np_loop(gray_scott, (u0, v0), (feed, 0.06), 6)
    xs = [u0.copy().view(Arr), v0.copy().view(Arr)]
    got, _ = _run(lo, xs, [feed.view(Arr), 0.06], 6, 4, targets=xs)
    assert got[0] is xs[0] and got[1] is xs[1]
    for g, w in zip(xs, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)


def test_separate_out_arrays_are_written_directly(fake_cupy):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want, lo = _np_loop(gray_scott, (u0, v0), (feed, 0.06), 5)
    outs = [_empty((11, 5), "float64"), _empty((11, 5), "float64")]
    got, _ = _run(lo, [u0.view(Arr), v0.view(Arr)], [feed.view(Arr), 0.06], 5, 4, targets=outs)
    assert got[0] is outs[0] and got[1] is outs[1]
    for g, w in zip(outs, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)


def test_an_unchanged_field_and_a_field_returned_twice(fake_cupy):
    def step(u, m, _):              # m never changes; the new u is also returned as the 3rd field
        w = u * m + 1.0
        return w, m, w
    a, m, c = _grid(13, 1), _grid(13, 2), _grid(13, 3)
    lo = loops.lower(step, (a, m, c))
    assert lo.structure.sources == [("out", 0), ("in", 1), ("same", 0)]
    assert lo.structure.schedule.caller_in_cycle()
    for steps in (0, 1, 2, 5, 9):
        want = (a, m, c)
        for _ in range(steps):
            want = (want[0] * want[1] + 1.0, want[1], want[0] * want[1] + 1.0)
        got, _ = _run(lo, [a.view(Arr), m.view(Arr), c.view(Arr)], [], steps, 2)
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-13)
        assert not np.shares_memory(got[0], got[2]) and not np.shares_memory(got[1], m)


def test_dict_state_by_keyword(fake_cupy):
    def step(v, u, dt):             # parameters in another order than the dict's keys
        return {"u": u + dt * v, "v": v - dt * u}
    u0, v0 = _grid(17, 1), _grid(17, 2)
    lo = loops.lower(step, {"u": u0, "v": v0}, consts=(0.1,))
    assert lo.program.inputs[:2] == ["u", "v"]
    got, _ = _run(lo, [u0.view(Arr), v0.view(Arr)], [0.1], 3, 2)
    u, v = u0, v0
    for _ in range(3):
        u, v = u + 0.1 * v, v - 0.1 * u
    np.testing.assert_allclose(got[0], u, rtol=1e-13)
    np.testing.assert_allclose(got[1], v, rtol=1e-13)
    assert loops._restore("dict", ("u", "v"), got)["v"] is got[1]


# ---------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("step, match", [
    (lambda u, v: (u,), r"returns 1 values for a state of 2 arrays"),
    (lambda u, v: u + v, r"returns one array for a state of 2 arrays"),
    (lambda u, v: (u * 2, v[1:] * 2), r"vector\(11\) float64 as state\[1\], which is vector\(12\)"),
    (lambda u, v: (u * 2, 3.0), r"returns a float as state\[1\]"),
    (lambda u, v: (v, u), r"computes no field"),
])
def test_a_step_of_another_structure_is_refused_naming_the_field(step, match):
    with pytest.raises(KfuseError, match=match):
        loops.lower(step, (np.ones(12), np.ones(12)))


def test_a_dict_step_returning_other_keys_is_refused():
    with pytest.raises(KfuseError, match=r"returns \['u', 'w'\] for a state of keys \['u', 'v'\]"):
        loops.lower(lambda u, v: {"u": u * 2, "w": v * 2}, {"u": np.ones(4), "v": np.ones(4)})


def test_a_field_of_another_layout_is_refused():
    with pytest.raises(KfuseError, match=r"state\[1\].*F; a step keeps the state's shape, type and layout"):
        loops.lower(lambda u, v: (u * 2, v + u), (np.ones((4, 3)), np.ones((4, 3), order="F")))


def test_a_field_of_another_type_is_refused():
    with pytest.raises(KfuseError, match=r"state\[1\]"):
        loops.lower(lambda u, v: (u * 2, u * 3), (np.ones(8), np.ones(8, np.float32)))


@pytest.mark.parametrize("consts, match", [
    (("fast",), r"consts\[0\] is a str; constants are arrays or numbers"),
    ((None,), r"consts\[0\] is a NoneType"),
    ({"k": [1.0]}, r"consts\[k\] is a list"),
])
def test_constants_that_are_not_arrays_or_numbers_are_refused(consts, match):
    with pytest.raises(ArgumentError, match=match):
        loops.lower(lambda u, k: u * 2, np.ones(4), consts=consts)


def test_a_step_needing_more_arguments_says_how_to_bind_them():
    with pytest.raises(KfuseError, match="pass other arrays in consts= or bind them with a closure"):
        loops.lower(lambda u, c: u * c, np.ones(4))


def test_states_that_are_not_arrays_are_refused():
    with pytest.raises(ArgumentError, match=r"state\[1\] is a float"):
        loops.lower(lambda u, v: (u, v), (np.ones(4), 2.0))
    with pytest.raises(ArgumentError, match="empty tuple"):
        loops.lower(lambda: 1, ())


def test_the_closure_the_error_suggests_works():
    """The error text says to bind the other arguments with a closure: a captured array is then a
    hidden input of the step (issue 31: the tracer refused it)."""
    power = np.linspace(0, 1, 12)

    def heat(u, p):
        return kfuse.interior(u, u[1:-1] + 0.25 * (u[2:] - 2 * u[1:-1] + u[:-2]) + p[1:-1])
    lo = loops.lower(lambda u: heat(u, power), np.ones(12))
    assert lo.program.inputs == ["u", "p"]          # named after the variable of the frame that read it
    assert lo.program.value("p").type.shape == (12,)   # power itself, p[1:-1] a window of it
    assert lo.structure.sources == [("out", 0)]


def test_the_step_traces_once_per_structure():
    seen = []

    def step(u, v):
        seen.append(1)
        return u + v, v
    a = kfuse.ShapeDtype((8,), "float64")
    jf = loops._step_function(step, "tuple", (), 2, (), 0)
    assert loops._step_function(step, "tuple", (), 2, (), 0) is jf      # kept per step
    key = jf.split((a, a), spec=lower_spec)[1]
    jf.get(None, key)
    jf.get(None, key)
    assert len(seen) == 1


# ---------------------------------------------------------------------------- iterate() itself
@pytest.fixture
def host_iterate(fake_cupy, monkeypatch):
    """kfuse.iterate on host arrays: arrays pass for device ones, the step is compiled for real
    (NVRTC) and run by the stand-in executable."""
    from kfuse import api
    from kfuse.frontend import trace as tr
    real_spec, real_get = tr.arg_spec, api.JitFunction.get
    monkeypatch.setattr(loops.arrays, "to_cupy", lambda name, x: x)
    monkeypatch.setattr(tr, "arg_spec", lambda n, x: lower_spec(n, x) if isinstance(x, np.ndarray) else real_spec(n, x))

    def get(self, args, key=None):
        entry = real_get(self, None, key)
        return types.SimpleNamespace(structure=entry.structure, exe=FakeExe(entry.exe.program), bound=())
    monkeypatch.setattr(api.JitFunction, "get", get)
    from kfuse import config
    with config.override(temporal_depth=1):   # one step per launch: the stand-in runs steps, not passes
        yield


def test_iterate_keeps_the_structure_and_writes_out(host_iterate):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want, _ = _np_loop(gray_scott, (u0, v0), (feed, 0.06), 9)
    got = kfuse.iterate(gray_scott, (u0.view(Arr), v0.view(Arr)), 9, consts=(feed.view(Arr), 0.06), graph_steps=4)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)
    got = kfuse.iterate(gray_scott, [u0.view(Arr), v0.view(Arr)], 9, consts=[feed.view(Arr), 0.06])
    assert isinstance(got, list)

    def as_dict(v, u, feed, k):
        un, vn = gray_scott(u, v, feed, k)
        return {"v": vn, "u": un}
    got = kfuse.iterate(as_dict, {"u": u0.view(Arr), "v": v0.view(Arr)}, 9, consts=(feed.view(Arr), 0.06))
    np.testing.assert_allclose(got["u"], want[0], rtol=1e-13, atol=1e-14)
    np.testing.assert_allclose(got["v"], want[1], rtol=1e-13, atol=1e-14)
    outs = [_empty((11, 5), "float64"), _empty((11, 5), "float64", order="F")]   # the second: copied
    assert kfuse.iterate(gray_scott, (u0.view(Arr), v0.view(Arr)), 9, consts=(feed.view(Arr), 0.06),
                         out=outs) is outs
    for g, w in zip(outs, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)
    with pytest.raises(ArgumentError, match=r"out\[1\] must be a float64 array of shape \(11, 5\)"):
        kfuse.iterate(gray_scott, (u0.view(Arr), v0.view(Arr)), 2, consts=(feed.view(Arr), 0.06),
                      out=(outs[0], _empty((3, 3), "float64")))
    with pytest.raises(ArgumentError, match=r"out must have the state's structure \(a tuple of 2"):
        kfuse.iterate(gray_scott, (u0.view(Arr), v0.view(Arr)), 2, consts=(feed.view(Arr), 0.06), out=outs[0])


def test_iterate_one_array_and_keyword_constants(host_iterate):
    a0 = _grid(40, 6)

    def step(u, *, dt):
        return kfuse.interior(u, u[1:-1] + dt * (u[2:] - 2 * u[1:-1] + u[:-2]))
    got = kfuse.iterate(step, a0.view(Arr), 5, consts={"dt": 0.2})
    want = a0.copy()
    for _ in range(5):
        want[1:-1] = want[1:-1] + 0.2 * (want[2:] - 2 * want[1:-1] + want[:-2])
    np.testing.assert_allclose(got, want, rtol=1e-13)
    assert isinstance(got, np.ndarray) and not np.shares_memory(got, a0)


# ---------------------------------------------------------------------------- steps in NumPy's style
def gray_scott_inplace(u, v, feed, k):
    """Gray–Scott as NumPy code writes it: the fields updated in place, nothing returned."""
    uvv = u[1:-1, 1:-1] * v[1:-1, 1:-1] * v[1:-1, 1:-1]
    lu = u[1:-1, 2:] + u[1:-1, :-2] + u[2:, 1:-1] + u[:-2, 1:-1] - 4 * u[1:-1, 1:-1]
    lv = v[1:-1, 2:] + v[1:-1, :-2] + v[2:, 1:-1] + v[:-2, 1:-1] - 4 * v[1:-1, 1:-1]
    u[1:-1, 1:-1] += 0.1 * lu - uvv + feed[1:-1, 1:-1] * (1 - u[1:-1, 1:-1])
    v[1:-1, 1:-1] += 0.05 * lv + uvv - k * v[1:-1, 1:-1]


@pytest.mark.parametrize("steps", [0, 1, 2, 7, 10])
def test_a_step_updating_its_fields_in_place_is_the_python_loop(fake_cupy, steps):
    u0, v0, feed = _grid((11, 5), 3, lo=0), _grid((11, 5), 4, lo=0), 0.05 * _grid((11, 5), 5, lo=0)
    want = [u0.copy(), v0.copy()]
    for _ in range(steps):
        gray_scott_inplace(*want, feed, 0.06)
    lo = loops.lower(gray_scott_inplace, (u0, v0), consts=(feed, 0.06))
    assert lo.program.writes == {} and len(lo.program.outputs) == 2   # the loop moves the fields
    xs = [u0.copy().view(Arr), v0.copy().view(Arr)]
    got, _ = _run(lo, xs, [feed.view(Arr), 0.06], steps, graph_steps=4)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-13, atol=1e-14)
    assert (xs[0] == u0).all() and (xs[1] == v0).all()        # the caller's state never written


def test_a_step_writing_a_constant_is_refused():
    def step(u, c):
        c[0, :] = 1.0
        return u * 2.0
    with pytest.raises(KfuseError, match="assigns into a constant"):
        loops.lower(step, np.ones((4, 5)), consts=(np.ones((4, 5)),))


def test_a_step_writing_a_field_and_returning_another_array_is_refused():
    def step(u, v):
        u[0, :] = 1.0
        return v * 2.0, v
    with pytest.raises(KfuseError, match=r"assigns into state\[0\] but returns another array"):
        loops.lower(step, (np.ones((4, 5)), np.ones((4, 5))))
