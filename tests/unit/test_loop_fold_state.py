"""Folded time loops (:mod:`kfuse.frontend.loop_fold`) against Python state a loop changes
outside its arrays: a loop folds only where its traced steps leave every Python value it can
see as they found it (up to the arrays its steps make), else it unrolls; either way the
results, checked with the NumPy reference, are NumPy's own loop's."""
from __future__ import annotations

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


@pytest.mark.parametrize("T", [2])
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
