"""The timed loops of the time-loop workloads (``steps`` > 1), one per kind of implementation.

A loop is a callable running ``steps`` steps from the same initial state; its ``how`` says in
words which loop ran (the report shows it):

* CuPy, torch, torch.compile (default): a Python loop over the (compiled) step, ``a = step(a)``;
* torch.compile with CUDA graphs (max-autotune): the same loop inside ONE CUDA-graph-trees
  generation (:class:`CudagraphLoop`, below);
* JAX: ``jax.jit`` of ``lax.fori_loop`` over the step (one dispatch per loop: JAX's best);
* kfuse: ``kfuse.iterate(step, a, steps=N)`` where kfuse has it, else the step ping-pongs
  between two buffers with ``out=`` (``f(a, out=b); a, b = b, a``).
"""
from __future__ import annotations

from typing import Callable

from . import opsets

OVERWRITTEN = "overwritten by a subsequent run"   # torch's message when a graph output was reused


def python_loop(built, steps: int, x) -> Callable[[], object]:
    """``a = step(a)`` ``steps`` times from ``x``."""
    def run():
        a = x
        for _ in range(steps):
            out = built(a)
            a = out[0] if isinstance(out, (tuple, list)) else out
        return a

    run.how = "Python loop a = step(a)"
    return run


class CudagraphLoop:
    """``a = step(a)`` for a step torch.compile runs through CUDA graph trees (max-autotune).

    Why not torch's two suggestions as such: every compiled call starts a new cudagraph
    *generation* by default, which frees the previous step's output -- the very tensor the
    next step reads -- hence "accessing tensor output of CUDAGraphs that has been overwritten".
    ``cudagraph_mark_step_begin()`` before EACH step forces the same generation change (same
    error); cloning each output costs a full extra copy per step, which a step of the loop
    does not need.  Instead ``cudagraph_mark_step_begin()`` is called ONCE per loop: once a
    user has called it, generations advance only on that call (torch's ``MarkStepBox``), so
    the 100 steps form one path of the graph tree whose step k+1 reads step k's output in
    the graph pool without a copy (the tree's own chaining); only the loop's input is copied
    into the first graph's input, once per loop.  The loop's result stays valid until the
    next loop starts, which is all the timing and the check use.

    Should a torch version still refuse it (``OVERWRITTEN``), the loop falls back to cloning
    each step's output, and ``how`` says so."""

    def __init__(self, torch, built, steps: int, x):
        self.torch, self.built, self.steps, self.x = torch, built, steps, x
        self.clone = False
        self.how = "Python loop a = step(a), cudagraph_mark_step_begin() once per loop"

    def _loop(self):
        self.torch.compiler.cudagraph_mark_step_begin()
        a = self.x
        for _ in range(self.steps):
            out = self.built(a)
            a = out[0] if isinstance(out, (tuple, list)) else out
            if self.clone:
                a = a.clone()
        return a

    def __call__(self):
        try:
            return self._loop()
        except RuntimeError as exc:
            if self.clone or OVERWRITTEN not in str(exc):
                raise
            self.clone = True
            self.how = ("Python loop a = step(a).clone() (fallback: one graph generation per "
                        "loop was refused by this torch)")
            return self._loop()


def marked(torch, thunk: Callable[[], object]) -> Callable[[], object]:
    """A single-step thunk of a CUDA-graph step: ``cudagraph_mark_step_begin()`` then the
    call (each timed call is a new iteration, as torch documents)."""
    mark = torch.compiler.cudagraph_mark_step_begin

    def run():
        mark()
        return thunk()

    return run


def jax_loop(impl, wl, x) -> Callable[[], object]:
    """``jax.jit`` of ``lax.fori_loop`` over the step."""
    jax, ops, steps = impl.jax, opsets.get("jax"), wl.steps

    def body(a):
        return jax.lax.fori_loop(0, steps, lambda i, s: wl.call(ops, s)[0], a)

    looped = jax.jit(body)

    def run():
        return looped(x)

    run.how = "jax.jit(lax.fori_loop)"
    return run


def kfuse_loop(kfuse, built, steps: int, x) -> Callable[[], object]:
    """``kfuse.iterate(built, x, steps=N)`` if kfuse has it (``built``: the jit of the step,
    so the plan compiled is the one timed), else ``f(a, out=b)`` ping-pong over two buffers
    that start as copies of the input (so their boundary is the input's)."""
    if hasattr(kfuse, "iterate"):
        def run():
            return kfuse.iterate(built, x, steps=steps)

        run.how = "kfuse.iterate"
        return run
    bufs = (x.copy(), x.copy())

    def ping_pong():
        built(x, out=bufs[0])
        src, dst = bufs[0], bufs[1]
        for _ in range(steps - 1):
            built(src, out=dst)
            src, dst = dst, src
        return src

    ping_pong.how = "out= ping-pong (no kfuse.iterate)"
    return ping_pong
