"""Folded time loops (:mod:`kfuse.frontend.loop_fold`) against Python state a loop changes
outside its arrays: a loop folds only where its traced steps leave every Python value it can
see as they found it (up to the arrays its steps make), else it unrolls; either way the
results, checked with the NumPy reference, are NumPy's own loop's."""
from __future__ import annotations

import types

import numpy as np
import pytest

import kfuse
from kfuse import reference
from kfuse.frontend.loop_split import Folded
from kfuse.loop_fold_run import reference as folded_reference


def _traced(fn, args, T):
    """(the program, folded or not; the loops in words) of ``fn`` jitted with ``steps`` static."""
    jf = kfuse.jit(fn, static_argnames=("steps",))
    prog, _, _, _, loops = jf._traced(jf._lower_key(tuple(args) + (T,), {}), fold=True)
    return prog, loops


def _kfuse(prog, names, args):
    """(results, the arguments after) by the NumPy reference of the traced program."""
    inputs = dict(zip(names, args))
    if isinstance(prog, Folded):
        outs, writes = folded_reference(prog, inputs)
    else:
        res = reference.run(prog, inputs)
        outs = [res[o] for o in prog.returned()]
        writes = {n: res[o] for n, o in prog.writes.items()}
    return list(outs), [writes.get(n, a) for n, a in zip(names, args)]


def _numpy(fn, args, T):
    """The function run by NumPy itself on copies: (results, the arguments after)."""
    mine = [a.copy() for a in args]
    out = fn(*mine, T)
    return [np.asarray(o) for o in (out if isinstance(out, tuple) else (out,))], mine


def _same(fn, names, args, T):
    """Check the traced program against NumPy; returns (folded?, the loops in words)."""
    prog, loops = _traced(fn, args, T)
    got, got_args = _kfuse(prog, names, args)
    want, want_args = _numpy(fn, args, T)
    assert len(got) == len(want)
    for g, w in zip(got + got_args, want + want_args):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-12, atol=1e-12)
    return isinstance(prog, Folded), loops


_module = types.ModuleType("loop_fold_state_helpers")   # a module whose counter the loop bumps
_module.CALLS = 0


# ------------------------------------------------ a helper assigning a module global
BUMPS = 0


def _bump():
    global BUMPS
    BUMPS += 1


def counts_in_a_helper(u, steps):
    for _ in range(steps):
        _bump()
        u = u * 0.5
    return u * BUMPS


@pytest.mark.parametrize("T", [2, 5])
def test_a_global_a_helper_assigns_is_read_from_the_module(T):
    # the function ran on a copy of its globals: BUMPS stayed 0 there, so u * 0 (T = 2, unrolled)
    global BUMPS
    u = np.random.default_rng(0).standard_normal((5, 7))
    BUMPS = 0
    want = counts_in_a_helper(u.copy(), T)[...]
    BUMPS = 0
    prog, loops = _traced(counts_in_a_helper, [u], T)
    got, _ = _kfuse(prog, ["u"], [u])
    np.testing.assert_allclose(got[0], want, rtol=1e-12)


# ---------------------------------------- Python values the steps change outside the frame's names
class _Counter:
    n = 0


class _SlotCounter:
    __slots__ = ("n",)

    def __init__(self):
        self.n = 0


def counts_in_a_slot(u, steps):
    c = _SlotCounter()
    for _ in range(steps):
        u = u * 0.5 + 1.0
        c.n += 1
    return u * c.n


def counts_in_an_object(u, steps):
    c = _Counter()
    for _ in range(steps):
        u = u * 0.5 + 1.0
        c.n += 1
    return u * c.n


def scales_a_host_array(u, steps):
    scale = np.ones(1)
    for _ in range(steps):
        u = u * 0.5 + 1.0
        scale *= 2.0                 # NumPy on the host, at trace time
    return u * scale[0]


@pytest.mark.parametrize("fn, changed", [(counts_in_an_object, "c"), (counts_in_a_slot, "c"),
                                        (scales_a_host_array, "scale")])
@pytest.mark.parametrize("T", [3, 6])
def test_python_state_changed_through_an_object_or_a_host_array_unrolls(fn, changed, T):
    # folded, the code after the loop saw the object's counter (a host array) after the traced
    # steps only: u * 2 for T = 6
    u = np.random.default_rng(1).standard_normal((5, 7))
    folded, loops = _same(fn, ["u"], [u], T)
    assert not folded and f"Python value(s) {changed} " in loops[0], loops


# ------------------------------------- an array from before the loop held for a few steps, then not
def passes_a_along_two_names(u, a, b, steps):
    c, d = a, a
    for _ in range(steps):
        u = u * 0.5 + c
        c, d = d, b                  # c: a, a, b, b, ...
    return u


def passes_a_along_three_names(u, a, b, steps):
    c, d, e = a, a, a
    for _ in range(steps):
        u = u * 0.5 + c
        c, d, e = d, e, b            # c: a, a, a, b, ...
    return u


@pytest.mark.parametrize("fn", [passes_a_along_two_names, passes_a_along_three_names])
@pytest.mark.parametrize("T", [3, 4, 5, 9])
def test_an_array_from_before_the_loop_read_for_a_few_steps_only(fn, T):
    # two traced steps saw c = a twice and took it for a loop invariant: u * 0.5 + a for all T steps
    rng = np.random.default_rng(2)
    xs = [rng.standard_normal((5, 7)) for _ in range(3)]
    _same(fn, ["u", "a", "b"], xs, T)


def test_variables_settling_into_a_rotation_fold():
    # the wave's rotation fills its three levels from before the loop over the first steps, then
    # repeats: it folds after them
    def f(a, b, c, steps):
        for _ in range(steps):
            c = a + 0.5 * b
            a, b, c = b, c, a
        return b
    rng = np.random.default_rng(3)
    xs = [rng.standard_normal((5, 7)) for _ in range(3)]
    for T in (5, 9, 12):
        folded, loops = _same(f, ["a", "b", "c"], xs, T)
        assert folded, loops


def counts_in_a_module(u, steps):
    for _ in range(steps):
        u = u * 0.5 + 1.0
        _module.CALLS += 1
    return u * _module.CALLS


def test_a_module_attribute_the_loop_changes_unrolls():
    # folded, the code after the loop read the module's counter after the traced steps only
    u = np.random.default_rng(4).standard_normal((5, 7))
    _module.CALLS = 0
    want = counts_in_a_module(u.copy(), 6)
    _module.CALLS = 0
    prog, loops = _traced(counts_in_a_module, [u], 6)
    assert not isinstance(prog, Folded) and "global _module.CALLS" in loops[0], loops
    np.testing.assert_allclose(_kfuse(prog, ["u"], [u])[0][0], want, rtol=1e-12)


_KEPT: list = []


def keeps_its_arrays(u, steps):
    for _ in range(steps):
        u = u * 0.5 + 1.0
    _KEPT.append(u)             # a global list that holds the traced arrays of earlier traces
    return u


def test_arrays_of_an_earlier_trace_in_the_state_are_not_this_traces():
    # the list's arrays of the earlier trace named values of another builder (a KeyError, or a
    # value of this trace that has the same name)
    u = np.ones((5, 7))
    for T in (4, 6):
        folded, loops = _same(keeps_its_arrays, ["u"], [u], T)
        assert folded, loops
    del _KEPT[:]


# ------------------------------------------- Python values made again at each step, the same each time
class _Params:
    def __init__(self, a):
        self.a = a


def makes_objects_each_step(u, steps):
    for _ in range(steps):
        p = _Params(0.5)                    # a new object, the same content
        f = lambda x: x * p.a + 1.0         # a new function, the same code and closure
        h = np.array(2.0)                   # a 0-d host array
        u = f(u) * float(h)
    return u


def test_objects_functions_and_host_arrays_made_at_each_step_fold():
    # compared by identity, each step's new object and function unrolled the loop
    u = np.random.default_rng(5).standard_normal((5, 7))
    for T in (3, 7):
        folded, loops = _same(makes_objects_each_step, ["u"], [u], T)
        assert folded, loops


SCALE = 3.0


def reads_globals_by_name(u, steps):
    for _ in range(steps):
        u = u * 0.5 + 1.0
    return u * globals().get("SCALE", 1.0) if "SCALE" in globals() else u


@pytest.mark.parametrize("T", [2, 5])
def test_globals_looked_up_by_name_in_the_function(T):
    # the function's view of its globals held range only: "SCALE" in globals() was False
    u = np.random.default_rng(6).standard_normal((5, 7))
    _same(reads_globals_by_name, ["u"], [u], T)


CAPTURED = np.full((5, 7), 2.0)


def reads_a_global_array(u, steps):
    for _ in range(steps):
        u = u * 0.5 + CAPTURED
    return u * len(globals()) / len(globals())


def test_a_captured_global_array_keeps_its_name():
    # the function's view of its globals listed range only: the capture was named captured0
    u = np.ones((5, 7))
    jf = kfuse.jit(reads_a_global_array, static_argnames=("steps",))
    prog, _, _, captured, _ = jf._traced(jf._lower_key((u, 4), {}), fold=True)
    assert isinstance(prog, Folded) and [c[0] for c in captured] == ["CAPTURED"]
    got, _ = _kfuse(prog, ["u", "CAPTURED"], [u, CAPTURED])
    np.testing.assert_allclose(got[0], reads_a_global_array(u, 4), rtol=1e-12)


_CALLS: list = []


def counts_calls_then_reads_a_step_value(u, steps):
    _CALLS.append(1)                       # one per run of the function
    for _ in range(steps):
        u = u * 0.5
        m = np.sum(u)                      # the last step's value, read after the loop
    return m * len(_CALLS)


def test_a_loop_that_cannot_stay_folded_is_not_traced_again_over_changed_state():
    # the loop folds, the code after it reads a per-step value: traced again, unrolled, the
    # function saw _CALLS twice as long as NumPy's single run does (0.75 for NumPy's 0.375)
    u = np.ones((3, 4))
    del _CALLS[:]
    with pytest.raises(kfuse.errors.KfuseError, match=r"not the loop's state.*first run changed global _CALLS"):
        _traced(counts_calls_then_reads_a_step_value, [u], 5)
    del _CALLS[:]


def test_a_loop_that_cannot_stay_folded_is_traced_again_where_nothing_changed():
    def f(u, steps):
        for _ in range(steps):
            u = u * 0.5
            m = np.sum(u)
        return m
    u = np.ones((3, 4))
    folded, loops = _same(f, ["u"], [u], 5)
    assert not folded and "not the loop's state" in loops[0], loops
