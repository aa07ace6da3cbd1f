"""Folded time loops whose body reads its index as a number (:mod:`kfuse.frontend.loop_index`):
NPBench's ``fdtd_2d`` kernel (``ey[0, :] = _fict_[t]``) unchanged, ``t % n``, ``n - 1 - t`` and
``t * dt``, each a host number the runner sets at each step; against NumPy's own loop (the
folded program run by the NumPy reference, and through the folded executable's runner with a
stand-in for CuPy).  Uses that change the trace (a comparison, an ``if``, an integer index of a
matrix) still unroll and say which use; an index out of range at some step is one ArgumentError
before anything runs."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.errors import ArgumentError, PlanError
from kfuse.frontend.loop_split import Folded
from tests.programs.apps import fdtd2d
from tests.unit.test_iterate_loops import FakeExe, fake_cupy  # noqa: F401 (a fixture)
from tests.unit.test_loop_fold import _kfuse, _numpy

NAMES = ("ex", "ey", "hz", "_fict_")


def _fdtd_args(shape=(13, 11), n_fict=None):
    st = fdtd2d.init(shape, "float64", seed=1)
    if n_fict is not None:
        st["_fict_"] = st["_fict_"][:n_fict] + 0.25
    return [st[n] for n in NAMES]


def _kernel_traced(T, args):
    """(the traced program of NPBench's kernel, its loop notes) for TMAX = T."""
    jf = kfuse.jit(fdtd2d.kernel, static_argnames=("TMAX",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((T,) + tuple(args), {}), fold=True)
    return prog, loops


def _kernel_numpy(T, args):
    mine = [a.copy() for a in args]
    fdtd2d.kernel(T, *mine)
    return mine


def _step_calls():
    """The calls of one step traced alone (``t`` a Python int argument)."""
    jf = kfuse.jit(fdtd2d.step)
    args = _fdtd_args() + [3]
    return len(jf._traced(jf._lower_key(tuple(args), {}))[0].calls)


@pytest.mark.parametrize("T", [3, 20, 500])
def test_npbench_fdtd2d_kernel_folds_to_one_step_whatever_tmax(T):
    args = _fdtd_args(n_fict=max(T, 5))
    prog, loops = _kernel_traced(T, args)
    assert isinstance(prog, Folded), loops
    assert prog.count == T and prog.traced <= 3
    assert len(prog.body.calls) <= _step_calls()
    assert list(prog.steps.values()) == [()]               # t itself, one host number per step
    assert [c.fn for c in prog.body.calls].count("pick") == 1
    assert "t passed at each step" in loops[0]
    assert prog.inputs == list(NAMES)                      # the step input is no argument


@pytest.mark.parametrize("shape", [(13, 11), (8, 17)])
@pytest.mark.parametrize("T", [1, 2, 3, 7])
def test_npbench_fdtd2d_kernel_matches_numpy(T, shape):
    args = _fdtd_args(shape, n_fict=9)
    prog, loops = _kernel_traced(T, args)
    assert isinstance(prog, Folded) == (T >= 3), loops
    names = list(NAMES) if isinstance(prog, Folded) else ["TMAX"] + list(NAMES)
    _, got = _kfuse(prog, names, args if isinstance(prog, Folded) else [T] + args)
    want = _kernel_numpy(T, args)
    for n, g, w in zip(NAMES, got[-4:], want):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-14, err_msg=n)


def _fdtd_loop(ex, ey, hz, _fict_, steps):
    for t in range(steps):                           # as the benchmark's kfuse-loop peer writes it
        fdtd2d.step(ex, ey, hz, _fict_, t)


def test_the_step_function_called_with_the_index_folds_too():
    args = _fdtd_args()
    jf = kfuse.jit(_fdtd_loop, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args) + (20,), {}), fold=True)
    assert isinstance(prog, Folded) and prog.count == 20, loops
    _, got = _kfuse(prog, list(NAMES), args)
    _, want = _numpy(_fdtd_loop, args, 20)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-14)


def sources(u, src, steps):
    dt = 0.01
    for t in range(steps):
        time = t * dt                                # a float made from the index
        u = u * 0.9 + src[t % 4] * time + src[(t + 1) % 4] * ((t + 1) % 4)   # an index and a number
        u = u - (steps - 1 - t) * 0.001              # n - 1 - t
        u[0, :] = src[-1 - t % 3]                    # a negative index, as NumPy counts it
    return u


@pytest.mark.parametrize("T", [3, 7, 12])
def test_modular_reversed_and_float_uses_of_the_index_fold(T):
    rng = np.random.default_rng(5)
    args = [rng.standard_normal((7, 9)), rng.standard_normal(4)]
    jf = kfuse.jit(sources, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)
    assert isinstance(prog, Folded), loops
    assert len(prog.steps) == 5, prog.steps                # t % 4, (t+1) % 4, t*dt, 99-1-t, -1-t%3
    got, _ = _kfuse(prog, ["u", "src"], args)
    want, _ = _numpy(sources, args, T)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12, atol=1e-14)


def float_first(u, steps):
    for t in range(steps):
        u = u * 0.5 + 0.1 * t                        # float * int: float's own operator, a plain number
    return u


def sliced(u, steps):
    for t in range(steps):
        u = u * 0.5
        u[t % 3, :] = 1.0                            # a row chosen by the index: the trace changes
    return u


def branches(u, steps):
    for t in range(steps):
        if t % 10 == 0:
            u = u + 1.0
        u = u * 0.5
    return u


@pytest.mark.parametrize("fn, why", [(float_first, "a number of its body changes"),
                                     (sliced, "uses its index as a number (an index or a slice of an array"),
                                     (branches, "uses its index as a number (==)")])
def test_uses_that_change_the_trace_still_unroll_and_say_which(fn, why):
    u = np.random.default_rng(3).standard_normal((5, 7))
    jf = kfuse.jit(fn, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, 12), {}), fold=True)
    assert not isinstance(prog, Folded) and not prog.inputs[1:], prog.inputs
    assert any(why in note for note in loops), loops
    got, _ = _kfuse(prog, ["u"], [u])
    want, _ = _numpy(fn, [u], 12)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12, atol=1e-14)


def test_a_long_loop_branching_on_its_index_is_refused_with_the_reason():
    with pytest.raises(PlanError, match=r"more than 2048 calls.*uses its index as a number \(==\)"):
        kfuse.jit(branches, static_argnames=("steps",)).lower(np.ones((5, 7)), 3000)


def test_a_number_made_from_the_index_used_after_the_loop_unrolls_it():
    def f(u, steps):
        for t in range(steps):
            time = t * 0.5
            u = u * 0.5 + time
        return u * time                              # NumPy: the last step's time
    u = np.ones((3, 5))
    jf = kfuse.jit(f, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key((u, 6), {}), fold=True)
    assert not isinstance(prog, Folded) and "used after it" in loops[0], loops
    got, _ = _kfuse(prog, ["u"], [u])
    np.testing.assert_allclose(got[0], _numpy(f, [u], 6)[0][0], rtol=1e-12)


@pytest.mark.parametrize("T, bad", [(8, 5), (30, 5)])
def test_an_index_out_of_range_at_some_step_is_one_error_before_anything_runs(T, bad):
    args = _fdtd_args(n_fict=5)
    before = [a.copy() for a in args]
    prog, loops = _kernel_traced(T, args)
    assert isinstance(prog, Folded), loops
    with pytest.raises(ArgumentError, match=rf"index t = {bad} at step {bad} \(t = {bad}\) is out of bounds for "
                                            r"_fict_, of length 5 \(_fict_\[t\]\)"):
        _kfuse(prog, list(NAMES), args)
    for a, b in zip(args, before):
        assert np.array_equal(a, b)


def _by_reference_exe(monkeypatch, prog):
    """The folded executable with each part run by the NumPy reference through loop_run.run
    (the stand-in CuPy of tests/unit/test_iterate_loops.py): its host path, no GPU."""
    from kfuse.loop_fold_run import FoldedExecutable
    from kfuse.platform import arrays
    from kfuse.runtime import executable
    monkeypatch.setattr(arrays, "to_cupy", lambda label, x: x)
    monkeypatch.setattr(executable, "check_write_aliases", lambda *a: None)   # CuPy pointers only
    made = []
    exe = FoldedExecutable(prog, lambda p: made.append(FakeExe(p)) or made[-1])
    exe.graph_steps = 2                        # graphs would be used from the second step on
    return exe, made


@pytest.mark.parametrize("T", [3, 9])
def test_the_runner_sets_the_index_at_each_step_and_captures_no_graph(T, fake_cupy, monkeypatch):  # noqa: F811
    args = _fdtd_args(n_fict=9)
    prog, loops = _kernel_traced(T, args)
    exe, made = _by_reference_exe(monkeypatch, prog)
    mine = [a.copy() for a in args]
    assert exe(*mine) == ()
    body = made[-1]
    assert body.captures == 0 and body.steps == T           # one launch per step, no graph
    for n, g, w in zip(NAMES, mine, _kernel_numpy(T, args)):
        np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-14, err_msg=n)


def test_the_executable_refuses_an_index_out_of_range_before_any_step(fake_cupy, monkeypatch):  # noqa: F811
    args = _fdtd_args(n_fict=5)
    prog, _ = _kernel_traced(6, args)
    exe, made = _by_reference_exe(monkeypatch, prog)
    mine = [a.copy() for a in args]
    with pytest.raises(ArgumentError, match=r"_fict_\[t\]"):
        exe(*mine)
    assert made[-1].steps == 0
    for a, b in zip(mine, args):
        assert np.array_equal(a, b)


def strided(u, src, steps):
    for t in range(1, steps, 2):
        u = u * 0.5 + src[t // 2] + t * 0.25
    return u


@pytest.mark.parametrize("T", [7, 12])
def test_a_range_with_a_start_and_a_step_gives_each_steps_index(T):
    rng = np.random.default_rng(1)
    args = [rng.standard_normal((5, 7)), rng.standard_normal(9)]
    jf = kfuse.jit(strided, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)
    assert isinstance(prog, Folded) and prog.count == len(range(1, T, 2)), loops
    got, _ = _kfuse(prog, ["u", "src"], args)
    np.testing.assert_allclose(got[0], _numpy(strided, args, T)[0][0], rtol=1e-12, atol=1e-14)
    with pytest.raises(ArgumentError, match=r"index t // 2 = 9 at step 9 \(t = 19\)"):
        _kfuse(jf._traced(jf._lower_key(tuple(args) + (30,), {}), fold=True)[0], ["u", "src"], args)
