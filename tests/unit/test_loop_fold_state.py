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
