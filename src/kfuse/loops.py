"""Time loops: ``kfuse.iterate(step, state, steps=N)`` runs a compiled step N times.

The step is compiled once for the state's shape and type; the loop ping-pongs between two
buffers of the state's shape (the caller's array is never written), and replays the launches
as CUDA graphs of up to ``graph_steps`` steps, so a step costs the GPU its kernels and the host
a fraction of one graph launch::

    def jacobi(a):
        return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))
    a = kfuse.iterate(jacobi, a, steps=1000)
"""
from __future__ import annotations

import numbers

from .errors import ArgumentError, KfuseError
from .platform import arrays

GRAPH_STEPS = 64   # steps one captured graph runs (even: it ends on the buffer it started from)


def iterate(step, state, steps: int, *, out=None, graph_steps: int = GRAPH_STEPS):
    """``state`` after ``steps`` applications of ``step`` (a function of one array returning one
    array of the same shape, type and layout, or a :func:`kfuse.jit` of one), as the Python loop
    ``for _ in range(steps): state = step(state)`` computes it.  ``out=``: an array to write the
    final state into (else a new array).  CuPy arrays or torch tensors (the result is of the
    same kind)."""
    from .api import JitFunction, jit
    if isinstance(steps, bool) or not isinstance(steps, numbers.Integral) or steps < 0:
        raise ArgumentError(f"iterate: steps must be a non-negative integer, got {steps!r}")
    if isinstance(graph_steps, bool) or not isinstance(graph_steps, numbers.Integral) or graph_steps < 2:
        raise ArgumentError(f"iterate: graph_steps must be an integer >= 2, got {graph_steps!r}")
    fn = step if isinstance(step, JitFunction) else jit(step)
    torch_used = arrays.is_torch(state)
    x = arrays.to_cupy("state", state)
    exe = fn.executable(x)
    _check_step(exe, x)
    result = _run(exe, x, int(steps), int(graph_steps) // 2 * 2)
    if out is not None:
        target = arrays.to_cupy("out", out)
        if target.shape != x.shape or target.dtype != x.dtype:
            raise ArgumentError(f"iterate: out must be a {x.dtype} array of shape {x.shape}, got "
                                f"{target.dtype} {target.shape}")
        target[...] = result
        return out
    if torch_used:
        import torch
        return torch.from_dlpack(result)
    return result


def _check_step(exe, x) -> None:
    """The step maps one array to one array of the state's type and layout."""
    prog = exe.program
    arrays_in = [n for n in prog.inputs if not prog.value(n).host and prog.value(n).type.kind != "scalar"]
    if len(prog.inputs) != 1 or len(arrays_in) != 1:
        raise KfuseError(f"iterate: the step {prog.name!r} must take the state alone (it takes "
                         f"{', '.join(prog.inputs)}); bind the other arguments with a closure")
    if len(prog.outputs) != 1:
        raise KfuseError(f"iterate: the step {prog.name!r} must return one array, it returns {len(prog.outputs)}")
    t_in, t_out = prog.value(prog.inputs[0]).type, prog.value(prog.outputs[0]).type
    if (t_in.shape, t_in.dtype, t_in.order) != (t_out.shape, t_out.dtype, t_out.order):
        raise KfuseError(f"iterate: the step {prog.name!r} returns {t_out.describe()} for a state of "
                         f"{t_in.describe()}; a step keeps the state's shape, type and layout "
                         "(kfuse.interior keeps a boundary)")


def _run(exe, x, steps: int, graph_steps: int):
    """Run the loop: the first step into one buffer, then ping-pong, graphs where they fit."""
    import cupy
    if steps == 0:
        return x.copy(order="K")
    order = exe.program.value(exe.program.outputs[0]).type.order
    b = cupy.empty(x.shape, x.dtype, order=order)
    exe(x, out=b)
    left = steps - 1
    if left == 0:
        return b
    c = cupy.empty_like(b)
    cur, nxt = b, c
    if left >= graph_steps:
        envs = [exe.prepare((cur if k % 2 == 0 else nxt,), out=(nxt if k % 2 == 0 else cur))
                for k in range(graph_steps)]
        if all(env is not None for env in envs):
            graph = exe.capture(envs)
            stream = cupy.cuda.get_current_stream()
            for _ in range(left // graph_steps):
                graph.launch(stream=stream)
            left %= graph_steps     # an even count of steps: the state is back in ``cur``
    for _ in range(left):
        exe(cur, out=nxt)
        cur, nxt = nxt, cur
    return cur
