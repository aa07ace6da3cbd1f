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
import weakref

from .errors import ArgumentError, KfuseError
from .platform import arrays

GRAPH_STEPS = 64   # steps one captured graph runs (even: it ends on the buffer it started from)


def iterate(step, state, steps: int, *, out=None, graph_steps: int = GRAPH_STEPS):
    """``state`` after ``steps`` applications of ``step`` (a function of one array returning one
    array of the same shape, type and layout, or a :func:`kfuse.jit` of one), as the Python loop
    ``for _ in range(steps): state = step(state)`` computes it.  ``out=``: an array to write the
    final state into (else a new array; it may be the state itself).  CuPy arrays or torch
    tensors (the result is of the same kind).  The loop's two buffers and its CUDA graph are
    captured on the first call and kept with the compiled step (two state-sized arrays per
    device and stream), so later calls replay them at no host cost beyond the launches."""
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
    target = _final(exe, x, out)
    result = _run(exe, x, int(steps), int(graph_steps) // 2 * 2, target)
    if out is not None:
        if result is not target or target is None:
            arrays.to_cupy("out", out)[...] = result
        return out
    if torch_used:
        import torch
        return torch.from_dlpack(result)
    return result


def _final(exe, x, out):
    """The array the last step writes: a new one, or the caller's ``out=`` itself when its layout
    is the step's output layout and it shares no memory with the state (else None: the loop
    ends in a new array copied into ``out``)."""
    import cupy
    order = exe.program.value(exe.program.outputs[0]).type.order
    if out is None:
        return cupy.empty(x.shape, x.dtype, order=order)
    target = arrays.to_cupy("out", out)
    if target.shape != x.shape or target.dtype != x.dtype:
        raise ArgumentError(f"iterate: out must be a {x.dtype} array of shape {x.shape}, got "
                            f"{target.dtype} {target.shape}")
    contiguous = target.flags.c_contiguous if order == "C" else target.flags.f_contiguous
    if not contiguous or cupy.shares_memory(target, x):
        return None
    return target


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


def _run(exe, x, steps: int, graph_steps: int, final):
    """Run the loop: the first step from ``x`` into a buffer, ping-pong between two buffers
    (CUDA graphs where at least ``graph_steps`` steps are left), the last step into ``final``
    (None: a new array).  The buffers and the graph are kept per executable, device and stream
    (:func:`_workspace`), so a loop captures its graph once, not on every call."""
    import cupy
    if final is None:
        order = exe.program.value(exe.program.outputs[0]).type.order
        final = cupy.empty(x.shape, x.dtype, order=order)
    if steps == 0:
        final[...] = x
        return final
    if steps == 1:
        exe(x, out=final)
        return final
    left = steps - 2                  # the steps between the first and the last
    ws = _workspace(exe, x, graph_steps if left >= graph_steps else 0)
    cur, nxt = ws.a, ws.b
    exe(x, out=cur)
    if ws.graph is not None and left >= graph_steps:
        stream = cupy.cuda.get_current_stream()
        for _ in range(left // graph_steps):
            ws.graph.launch(stream=stream)
        left %= graph_steps           # an even count of steps: the state is back in ``cur``
    for _ in range(left):
        exe(cur, out=nxt)
        cur, nxt = nxt, cur
    exe(cur, out=final)
    return final


class _Workspace:
    """The two ping-pong buffers of a loop and, once a loop was long enough, the CUDA graph of
    ``graph_steps`` steps over them (``a -> b -> a ...``, ending in ``a``)."""

    def __init__(self, a, b):
        self.a, self.b = a, b
        self.graphs: dict = {}
        self.graph = None


_WORKSPACES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _workspace(exe, x, graph_steps: int) -> _Workspace:
    """The buffers (and the graph of ``graph_steps`` steps, 0: none needed) of ``exe``'s loops
    on the current device and stream.  Kept while the executable lives: two state-sized arrays
    per compiled step, device and stream (loops on one stream run in order, so reusing them is
    safe; another stream gets its own)."""
    import cupy
    key = (cupy.cuda.runtime.getDevice(), cupy.cuda.get_current_stream().ptr)
    per_exe = _WORKSPACES.setdefault(exe, {})
    ws = per_exe.get(key)
    if ws is None:
        order = exe.program.value(exe.program.outputs[0]).type.order
        ws = per_exe[key] = _Workspace(cupy.empty(x.shape, x.dtype, order=order),
                                       cupy.empty(x.shape, x.dtype, order=order))
    ws.graph = None
    if graph_steps:
        if graph_steps not in ws.graphs:
            envs = [exe.prepare((ws.a if k % 2 == 0 else ws.b,), out=(ws.b if k % 2 == 0 else ws.a))
                    for k in range(graph_steps)]
            ws.graphs[graph_steps] = exe.capture(envs) if all(e is not None for e in envs) else None
        ws.graph = ws.graphs[graph_steps]
    return ws
