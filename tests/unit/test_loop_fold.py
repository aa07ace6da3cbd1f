"""``for t in range(T)`` inside a kfuse.jit function: traced once whatever T, folded into a loop
node whose body is one step (:mod:`kfuse.frontend.loop_fold`), checked with the NumPy reference
against NumPy's own loop; loops that cannot fold unroll, with the reason.

The applications' ``run`` takes a state dict, which kfuse.jit does not take as an argument; the
loop functions here are their ``run`` loops with the dict unpacked (the same statements), calling
the authors' ``step`` unchanged."""
from __future__ import annotations

import time

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.frontend.loop_split import Folded
from kfuse.loop_fold_run import reference as folded_reference
from tests.programs.apps import gray_scott, heat7, hotspot, wave2d


# ------------------------------------------------------------ the applications' loops
def wave_run(u, u_n, u_nm1, Cx2, Cy2, steps):
    for n in range(steps):
        u = wave2d.step(u, u_n, u_nm1, Cx2, Cy2)
        u_nm1, u_n, u = u_n, u, u_nm1
    return u, u_n, u_nm1


def gray_scott_run(U, V, steps):
    for i in range(steps):
        gray_scott.step(U, V)


def hotspot_run(temp, power, Cap_1, Rx_1, Ry_1, Rz_1, steps):
    for i in range(steps):
        hotspot.step(temp, power, Cap_1, Rx_1, Ry_1, Rz_1)


def heat7_run(u, steps):
    for t in range(steps):
        u = heat7.step(u)
    return u


def _state(module, shape, dtype="float64"):
    return module.init(shape, dtype, seed=1)


APPS = {
    # name: (loop function, the state's argument names, shape, calls of one step)
    "wave2d": (wave_run, ("u", "u_n", "u_nm1", "Cx2", "Cy2"), (13, 11), wave2d),
    "gray_scott": (gray_scott_run, ("U", "V"), (13, 11), gray_scott),
    "hotspot": (hotspot_run, ("temp", "power", "Cap_1", "Rx_1", "Ry_1", "Rz_1"), (13, 11), hotspot),
    "heat7": (heat7_run, ("u",), (9, 7, 11), heat7),
}


def _args(name, dtype="float64"):
    """(the loop function, its arguments' names, NumPy arguments of ``dtype``) of an application."""
    fn, names, shape, module = APPS[name]
    st = _state(module, shape, dtype)
    if name == "hotspot":
        st.update(zip(("Cap_1", "Rx_1", "Ry_1", "Rz_1"), hotspot.coefficients(*shape)))
    return fn, names, [st[n] for n in names]


def _traced(fn, args, T):
    jf = kfuse.jit(fn, static_argnames=("steps",))
    return jf, jf.trace.__self__._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)


def _numpy(fn, args, T):
    """The function run by NumPy itself (its own loop), on copies: (results, the arguments after)."""
    mine = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    out = fn(*mine, T)
    out = () if out is None else (out if isinstance(out, tuple) else (out,))
    return [np.asarray(o) for o in out], mine


def _kfuse(prog, names, args):
    """(results, the arguments after) by the NumPy reference of the traced (folded or not) program."""
    inputs = dict(zip(names, args))
    if isinstance(prog, Folded):
        outs, writes = folded_reference(prog, inputs)
    else:
        res = reference.run(prog, inputs)
        outs = [res[o] for o in prog.returned()]
        writes = {n: res[o] for n, o in prog.writes.items()}
    after = [writes.get(n, a) for n, a in zip(names, args)]
    return list(outs), after


def _step_calls(fn, names, args):
    """The calls of one step: the traced program of the loop run once."""
    jf = kfuse.jit(fn, static_argnames=("steps",))
    return len(jf._traced(jf._lower_key(tuple(args) + (1,), {}), fold=True)[0].calls)


@pytest.mark.parametrize("name", sorted(APPS))
@pytest.mark.parametrize("T", [3, 20, 10_000])
def test_app_loop_folds_to_one_step(name, T):
    fn, names, args = _args(name)
    one = _step_calls(fn, names, args)
    jf = kfuse.jit(fn, static_argnames=("steps",))
    t0 = time.perf_counter()
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)
    took = time.perf_counter() - t0
    assert isinstance(prog, Folded), loops
    assert prog.count == T
    assert len(prog.body.calls) == one                   # the body is ONE step
    assert (prog.pre.calls if prog.pre else []) == [] or len(prog.pre.calls) < one
    assert prog.traced <= 4                               # traced a few steps, whatever T
    assert took < 5.0, took
    assert "folded" in loops[0] and f"{T} steps" in loops[0]


@pytest.mark.parametrize("name", sorted(APPS))
@pytest.mark.parametrize("T", [1, 2, 3, 7])
def test_app_loop_matches_numpy(name, T):
    fn, names, args = _args(name)
    jf = kfuse.jit(fn, static_argnames=("steps",))
    prog = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)[0]
    assert isinstance(prog, Folded) == (T >= 3)
    want, want_args = _numpy(fn, args, T)
    got, got_args = _kfuse(prog, names, args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)
    for n, g, w in zip(names, got_args, want_args):   # arguments written as NumPy writes them
        if isinstance(w, np.ndarray):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12, err_msg=n)


def test_wave_rotation_writes_each_level_where_numpy_does():
    # the three levels rotate with period 3: every T mod 3 ends with another array in each name
    fn, names, args = _args("wave2d")
    for T in (3, 4, 5, 6, 11):
        jf = kfuse.jit(fn, static_argnames=("steps",))
        prog = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)[0]
        assert isinstance(prog, Folded)
        assert sum(1 for s in prog.sources if s[0] == "in") == 2      # two levels move without a copy
        want, want_args = _numpy(fn, args, T)
        got, got_args = _kfuse(prog, names, args)
        for g, w in zip(got + got_args[:3], want + want_args[:3]):
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)


# ------------------------------------------------------------------- fallbacks
def uses_t(u, steps):
    for t in range(steps):
        u = u * 0.5 + min(t, 3) * 0.1     # compares the index (t < 3): the steps differ
    return u


def snapshots(u, steps):
    out = []
    for t in range(steps):
        u = u * 0.5 + 1.0
        out.append(u)
    return tuple(out)


_HELD: list = []


def snapshots_outside(u, steps):
    del _HELD[:]                  # a module's list the loop fills: a Python value that changes
    for t in range(steps):
        u = u * 0.5 + 1.0
        _HELD.append(u)
    return tuple(_HELD)


def breaks(u, steps):
    for t in range(steps):
        u = u * 0.5 + 1.0
        if t == 3:
            break
    return u


def breaks_at_once(u, steps):
    for _ in range(steps):
        u = u * 0.5 + 1.0
        break
    return u


def breaks_early(u, steps):
    k = 0
    for _ in range(steps):
        u = u * 0.5 + 1.0
        k += 1
        if k == 4:
            break
    return u


@pytest.mark.parametrize("fn, why", [(uses_t, "uses its index"), (snapshots, "Python value(s) out "),
                                     (snapshots_outside, "global _HELD "), (breaks, "uses its index"),
                                     (breaks_early, "Python value(s) k "), (breaks_at_once, "break")])
def test_fallbacks_unroll_with_numpy_results_and_say_why(fn, why):
    u = np.random.default_rng(3).standard_normal((13, 11))
    T = 7
    jf = kfuse.jit(fn, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, T), {}), fold=True)
    assert not isinstance(prog, Folded)
    assert any(why in note for note in loops), loops
    assert jf.loops(u, T) == loops
    want, _ = _numpy(fn, [u], T)
    got, _ = _kfuse(prog, ["u"], [u])
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)


def test_index_used_only_by_python_still_unrolls_safely():
    # a body whose Python code looks at t may change from one step to the next: it unrolls
    def f(u, steps):
        for t in range(steps):
            if t % 2:
                u = u + 1.0
            else:
                u = u * 2.0
        return u
    u = np.ones((5, 7))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog = jf.trace.__self__._traced(jf._lower_key((u, 5), {}), fold=True)[0]
    assert not isinstance(prog, Folded)
    got, _ = _kfuse(prog, ["u"], [u])
    want, _ = _numpy(f, [u], 5)
    np.testing.assert_array_equal(got[0], want[0])


def test_prologue_and_epilogue_around_the_loop():
    def f(a, b, steps):
        c = a * 2.0 + b           # before
        for _ in range(steps):
            c = 0.5 * c + b
        return c - a, c           # after
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((9, 13)), rng.standard_normal((9, 13))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog = jf._traced(jf._lower_key((a, b, 9), {}), fold=True)[0]
    assert isinstance(prog, Folded) and prog.pre is not None and prog.post is not None
    assert prog.invariants == ["b"]
    got, _ = _kfuse(prog, ["a", "b"], [a, b])
    want, _ = _numpy(f, [a, b], 9)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12)


def test_list_and_comprehension_of_range_are_plain():
    def f(u, steps):
        for k in list(range(steps)):
            u = u + 1.0
        return u + sum(1.0 for _ in range(steps))
    u = np.zeros((3, 5))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, 4), {}), fold=True)
    assert not isinstance(prog, Folded) and loops == []
    got, _ = _kfuse(prog, ["u"], [u])
    np.testing.assert_array_equal(got[0], np.full((3, 5), 8.0))


def test_more_steps_than_the_call_limit_fold():
    # unrolled, 3,000 steps of 2 calls pass the 2,048-call limit; folded they trace as one step
    def f(u, steps):
        for _ in range(steps):
            u = u * 0.999 + 0.001
        return u
    u = np.ones((7, 5))
    lo = kfuse.jit(f, static_argnames=("steps",)).trace.__self__
    prog = lo._traced(lo._lower_key((u, 3000), {}), fold=True)[0]
    assert isinstance(prog, Folded) and len(prog.body.calls) == 2
    got, _ = _kfuse(prog, ["u"], [u])
    w = np.ones((7, 5))
    for _ in range(3000):
        w = w * 0.999 + 0.001
    np.testing.assert_allclose(got[0], w, rtol=1e-12)


def test_a_loop_too_long_to_unroll_says_why_it_did_not_fold():
    with pytest.raises(kfuse.errors.PlanError, match=r"more than 2048 calls.*uses its index as a number"):
        kfuse.jit(uses_t, static_argnames=("steps",)).lower(np.ones((5, 7)), 3000)


@pytest.mark.parametrize("name", sorted(APPS))
def test_the_folded_call_writes_the_arguments_once_and_returns_as_numpy(name, monkeypatch):
    # the executable's host path with the parts run by the NumPy reference (no GPU): arguments end
    # as NumPy leaves them (the wave's three levels rotate), results that are arguments are the
    # caller's arrays themselves
    from kfuse.loop_fold_run import FoldedExecutable, reference_loop
    from kfuse.platform import arrays
    from kfuse.runtime import executable

    class ByReference:
        def __init__(self, program):
            self.program = program

        def __call__(self, *args):
            res = reference.run(self.program, dict(zip([n for n in self.program.inputs], args)))
            return tuple(res[o] for o in self.program.outputs)
    monkeypatch.setattr(arrays, "to_cupy", lambda label, x: x)
    monkeypatch.setattr(executable, "check_write_aliases", lambda *a: None)   # CuPy pointers only
    fn, names, args = _args(name)
    for T in (4, 5, 6):
        jf = kfuse.jit(fn, static_argnames=("steps",))
        folded = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)[0]
        exe = FoldedExecutable(folded, ByReference)
        monkeypatch.setattr(exe, "_loop", lambda xs, cs, targets=None, f=folded: reference_loop(f, xs, cs))
        mine = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        out = exe(*mine)
        want, want_args = _numpy(fn, args, T)
        assert len(out) == len(want)
        for m, w in zip(mine, want_args):
            if isinstance(w, np.ndarray):
                np.testing.assert_allclose(m, w, rtol=1e-12, atol=1e-12)
        for k, (o, w) in enumerate(zip(out, want)):
            np.testing.assert_allclose(o, w, rtol=1e-12, atol=1e-12)
            assert (name == "wave2d") == any(o is m for m in mine), k


COUNTER = 0


def counts_globally(u, steps):
    global COUNTER
    for _ in range(steps):
        u = u * 0.5
        COUNTER += 1
    return u


def test_a_function_assigning_globals_is_traced_with_its_own_globals():
    # folding runs the function on a copy of its globals; one that assigns a global keeps them
    global COUNTER
    COUNTER = 0
    u = np.ones((3, 5))
    jf = kfuse.jit(counts_globally, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, 4), {}), fold=True)
    assert not isinstance(prog, Folded) and loops == [] and COUNTER == 4


def test_results_that_are_views_of_the_state():
    def f(a, steps):
        for _ in range(steps):
            a = a * 0.5 + 1.0
        return a.T, a[1:, 2:]
    a = np.random.default_rng(1).standard_normal((5, 7))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog = jf._traced(jf._lower_key((a, 5), {}), fold=True)[0]
    assert isinstance(prog, Folded)
    got, _ = _kfuse(prog, ["a"], [a])
    want, _ = _numpy(f, [a], 5)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-12)


def test_arrays_picked_from_a_list_by_the_index_unroll():
    # list indexing reads the index without a Python operator: the values the body reads show it
    def f(u, a0, a1, a2, a3, a4, steps):
        arrays = [a0, a1, a2, a3, a4]
        for t in range(steps):
            u = u * 0.5 + arrays[t]
        return u
    rng = np.random.default_rng(7)
    xs = [rng.standard_normal((5, 7)) for _ in range(6)]
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(xs) + (5,), {}), fold=True)
    assert not isinstance(prog, Folded) and "same place" in loops[0], loops
    got, _ = _kfuse(prog, ["u", "a0", "a1", "a2", "a3", "a4"], xs)
    want, _ = _numpy(f, xs, 5)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12)


def test_a_value_set_once_in_the_loop_is_a_fixed_source():
    def f(u, a, b, steps):
        c = a
        for _ in range(steps):
            u = u * 0.5 + c
            c = b                 # from the second step on, b
        return u
    rng = np.random.default_rng(8)
    xs = [rng.standard_normal((5, 7)) for _ in range(3)]
    for T in (3, 4, 9):
        jf = kfuse.jit(f, static_argnames=("steps",))
        prog = jf._traced(jf._lower_key(tuple(xs) + (T,), {}), fold=True)[0]
        assert isinstance(prog, Folded)
        got, _ = _kfuse(prog, ["u", "a", "b"], xs)
        want, _ = _numpy(f, xs, T)
        np.testing.assert_allclose(got[0], want[0], rtol=1e-12)


def _peers():
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "apps", "peers.py")
    spec = importlib.util.spec_from_file_location("apps_peers", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("name", ["gray_scott", "wave2d", "fdtd3d", "burgers2d", "allen_cahn", "hotspot",
                                  "hotspot3d", "seismic3d", "heat7", "fdtd2d"])
def test_every_accepted_applications_run_loop_folds_to_one_kernel(name):
    # the benchmark's kfuse-loop peer: run()'s loop over the unpacked state, jitted as it is
    # (fdtd2d's passes its index to the step: NPBench's kernel)
    from tests.programs import apps
    m = apps.load(name)
    peers = _peers()
    loop, returned = peers.loop_function(m)
    names = peers.loop_params(m)
    T = 7
    args = [m.init(m.TEST, "float64", seed=2)[n] for n in names]
    jf = kfuse.jit(loop, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args), {"steps": T}), fold=True)
    assert isinstance(prog, Folded), loops
    plan = jf.lower(*args, steps=T).plan
    assert len(plan["kernels"]) == 1 and plan["loop"]["count"] == T
    outs, writes = folded_reference(prog, dict(zip(prog.inputs, args)))
    got = dict(zip(names, args))
    got.update({names[prog.inputs.index(k)]: v for k, v in writes.items()})
    got.update(zip(returned, outs))
    want = m.run(m.init(m.TEST, "float64", seed=2), T)
    for k in m.FIELDS["written"]:
        np.testing.assert_allclose(np.asarray(got[k]), want[k], rtol=1e-12, atol=1e-12, err_msg=k)


def test_the_index_used_after_the_loop_unrolls_it():
    def f(u, steps):
        for t in range(steps):
            u = u * 0.5
        return u * t                 # NumPy: the last index, steps - 1
    u = np.ones((3, 5))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, 6), {}), fold=True)
    assert not isinstance(prog, Folded) and "used after it" in loops[0], loops
    got, _ = _kfuse(prog, ["u"], [u])
    np.testing.assert_allclose(got[0], _numpy(f, [u], 6)[0][0])


def writes_around_the_loop(u, v, steps):
    u[0, :] = 1.0                                  # before: an argument written
    for _ in range(steps):
        v[1:-1, 1:-1] += 0.1 * (u[1:-1, 1:-1] - v[1:-1, 1:-1])
        u[1:-1, 1:-1] = 0.5 * v[1:-1, 1:-1]
    u[-1, :] = 2.0                                 # after: the loop's array written again
    return np.sum(v), u[2:, :]


def rotates_then_writes(a, b, c, steps):
    for _ in range(steps):
        c[...] = a + b
        a, b, c = b, c, a
    a[0, 0] = 5.0                                  # which caller's array this is depends on steps % 3
    return a, b, c


@pytest.mark.parametrize("fn, names", [(writes_around_the_loop, ["u", "v"]), (rotates_then_writes, ["a", "b", "c"])])
@pytest.mark.parametrize("T", [3, 4, 5, 8])
def test_arguments_written_before_in_and_after_the_loop(fn, names, T):
    rng = np.random.default_rng(0)
    xs = [rng.standard_normal((7, 9)) for _ in names]
    jf = kfuse.jit(fn, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(xs) + (T,), {}), fold=True)
    # a write after the loop into an array the loop rotates folds only where it stays in place (or
    # where the rotation's 4 traced steps are all the loop's)
    assert isinstance(prog, Folded) == (fn is writes_around_the_loop or T % 3 == 0 or T == 4), loops
    got, got_args = _kfuse(prog, names, xs)
    want, want_args = _numpy(fn, xs, T)
    for g, w in zip(got + got_args, want + want_args):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-12)


def test_a_given_plan_is_the_unrolled_programs():
    # a plan made for the function's whole program (as before folding) keeps the loop unrolled
    def f(u, steps):
        for _ in range(steps):
            u = u * 0.5 + 1.0
        return u
    u = np.ones((5, 7))
    jf = kfuse.jit(f, static_argnames=("steps",))
    assert "loop" in jf.lower(u, 4).plan
    whole = jf._traced(jf._lower_key((u, 4), {}))[0]           # unrolled: 8 calls
    plan = kfuse.api.make_plan(whole, None, False)
    lo = kfuse.jit(f, static_argnames=("steps",), plan=plan).lower(u, 4)
    assert "loop" not in lo.plan and len(lo.program.calls) == 8 and lo.loops == []


def test_the_last_step_writes_into_the_arguments_only_when_it_no_longer_reads_them():
    # loop_run._reads_callers: with no step, one step, or a last state holding a caller's buffer
    # ("x"), results go to new arrays (copied after); else straight into the caller's arrays
    import types
    from kfuse.loop_run import _reads_callers
    pool_only = types.SimpleNamespace(states=[[("x", 0), ("x", 1)], [("p", 0), ("p", 1)], [("p", 1), ("p", 0)]],
                                      index=lambda i: 0 if i == 0 else 1 + (i - 1) % 2)
    assert _reads_callers(pool_only, 0) and _reads_callers(pool_only, 1)
    assert not any(_reads_callers(pool_only, T) for T in (2, 3, 4, 29))
    kept = types.SimpleNamespace(states=[[("x", 0), ("x", 1)], [("p", 0), ("x", 1)]], index=lambda i: min(i, 1))
    assert all(_reads_callers(kept, T) for T in (0, 1, 2, 3, 29))
