"""Running a loop of :func:`kfuse.iterate`: steps from buffer to buffer as the
:class:`~kfuse.loop_schedule.Schedule` says, CUDA graphs over the cycle of states, the last
step into the results.  The pool buffers and the graphs are kept per executable, device and
stream (:func:`_workspace`), so a loop captures its graph once, not on every call."""
from __future__ import annotations

import weakref

import numpy as np

GRAPHS_KEPT = 8   # graphs kept per workspace (a graph binds the constants' addresses)
GRAPH_STEPS = 64  # steps one captured graph runs (rounded to a multiple of the state's period)


def run(entry, xs: list, cs: list, steps: int, graph_steps: int, targets, varying=None) -> list:
    """The fields after ``steps`` steps of ``entry`` (a JitFunction entry of a loop: its
    structure is the LoopPlan) from the caller's fields ``xs`` with constants ``cs``: in
    ``targets`` (the caller's out= arrays, or None: new arrays).  ``varying(i, extra)``, where
    given, sets step ``i``'s host numbers among the constants (``extra``, in place) before it
    runs (a folded loop's index, ``fict[t]``); such a loop runs without CUDA graphs, which would
    replay the numbers they captured: one launch per kernel and step from the host."""
    import cupy
    plan, exe = entry.structure, entry.exe
    sched = plan.schedule
    last_reads = _reads_callers(sched, steps)
    finals = [_final(exe, plan, j, xs if last_reads else [], cs, entry.bound, targets) for j in range(plan.n)]
    extra = list(cs) + list(entry.bound)
    if steps == 0:
        for f, x in zip(finals, xs):
            f[...] = x
        return _deliver(finals, targets)
    ws = _workspace(exe, sched)
    arr = _resolver(ws, xs, extra, plan.n)
    i = 0
    if steps > 1:
        if varying is not None:
            varying(0, extra)
        _single(exe, sched, 0, arr)
        i = 1
    length = sched.graph_length(graph_steps)
    while i < steps - 1:
        if varying is None and sched.index(i) == max(sched.start, 1) and steps - 1 - i >= length:
            graph = _graph(exe, sched, ws, xs, extra, arr, length, i)
            if graph is not None:
                stream = cupy.cuda.get_current_stream()
                for _ in range((steps - 1 - i) // length):
                    graph.launch(stream=stream)
                    i += length
                continue
        if varying is not None:
            varying(i, extra)
        _single(exe, sched, i, arr)
        i += 1
    if varying is not None:
        varying(steps - 1, extra)
    _last(exe, plan, sched, steps - 1, arr, finals)
    return _deliver(finals, targets)


def _reads_callers(sched, steps: int) -> bool:
    """Whether the caller's fields are still read when the results are written (no step, one
    step, or a last step whose state holds a caller's buffer): else a result may be written into
    a caller's field itself (an argument the loop updates, as NumPy's loop leaves it)."""
    return steps < 2 or any(r[0] == "x" for r in sched.states[sched.index(steps - 1)])


def _resolver(ws, xs: list, extra: list, n: int):
    """ref -> array: the caller's fields, program inputs after them, the pool buffers."""
    def arr(ref):
        kind, k = ref
        return xs[k] if kind == "x" else extra[k - n] if kind == "c" else ws.pool[ref]
    return arr


def _single(exe, sched, i: int, arr) -> None:
    """Step ``i``: from its state into the pool buffers the schedule names."""
    state = sched.states[sched.index(i)]
    ins = [arr(r) for r in state] + _extras(exe, len(state), arr)
    exe(*ins, out=tuple(arr(r) for r in sched.writes[sched.index(i)]))


def _extras(exe, n: int, arr) -> list:
    return [arr(("c", k)) for k in range(n, exe.n_arguments)]


def _last(exe, plan, sched, i: int, arr, finals: list) -> None:
    """The last step (``i``): computed fields into the results, the others copied there."""
    state = sched.states[sched.index(i)]
    ins = [arr(r) for r in state] + _extras(exe, len(state), arr)
    firsts = {}
    for k, src in enumerate(plan.sources):
        if src[0] == "out" and src[1] not in firsts:
            firsts[src[1]] = k
    computed = [finals[firsts[m]] for m in range(len(firsts))]
    exe(*ins, out=tuple(computed))
    for k, src in enumerate(plan.sources):
        if src[0] == "in":
            finals[k][...] = ins[src[1]]
        elif src[0] == "same":
            finals[k][...] = finals[src[1]]


def _final(exe, plan, j: int, xs: list, cs: list, bound, targets):
    """The array field ``j``'s result is written into: the caller's target when its layout is
    the field's and its bounds meet no input still read (``xs``: the caller's fields
    where the last step reads them, else none) or an earlier target (else a new array, copied
    into the target by :func:`_deliver`); a target None: a new array."""
    import cupy
    shape, dtype, order = plan.types[j]
    if targets is not None and targets[j] is not None:
        t = targets[j]
        contiguous = t.flags.c_contiguous if order == "C" else t.flags.f_contiguous
        others = [a for a in list(xs) + list(cs) + list(bound) if isinstance(a, cupy.ndarray)]
        others += [o for k, o in enumerate(targets) if k < j and o is not None]
        if contiguous and not any(cupy.may_share_memory(t, a) for a in others):   # bounds, on the host
            return t
    return cupy.empty(shape, dtype, order=order)


def _deliver(finals: list, targets) -> list:
    """The results; copied into the caller's targets where they were not written in place."""
    if targets is None:
        return finals
    for f, t in zip(finals, targets):
        if t is not None and f is not t:
            t[...] = f
    return [f if t is None else t for f, t in zip(finals, targets)]


class _Workspace:
    """The pool buffers of a loop and the CUDA graphs captured over them (keyed by length, the
    constants' addresses and values, and the caller's fields where a field is never rewritten)."""

    def __init__(self, pool: dict):
        self.pool = pool
        self.graphs: dict = {}


_WORKSPACES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _workspace(exe, sched) -> _Workspace:
    """The pool buffers of ``exe``'s loops on the current device and stream (loops on one
    stream run in order, so reusing them is safe; another stream gets its own)."""
    import cupy
    key = (cupy.cuda.runtime.getDevice(), cupy.cuda.get_current_stream().ptr)
    per_exe = _WORKSPACES.setdefault(exe, {})
    ws = per_exe.get(key)
    if ws is None:
        ws = per_exe[key] = _Workspace({ref: cupy.empty(shape, dtype, order=order)
                                        for ref, (shape, dtype, order) in sched.pool.items()})
    return ws


def _graph(exe, sched, ws, xs: list, extra: list, arr, length: int, i: int):
    """The graph of ``length`` steps from step ``i``'s state (in the cycle), captured once per
    key; None where an input is not aligned for the plan's vector loads."""
    import cupy
    key = (length, tuple(_key_of(c) for c in extra))
    if sched.caller_in_cycle():
        key += tuple(x.data.ptr for x in xs)
    if key not in ws.graphs:
        envs, shared = [], None
        for k in range(i, i + length):
            state = sched.states[sched.index(k)]
            ins = tuple([arr(r) for r in state] + _extras(exe, len(state), arr))
            out = tuple(arr(r) for r in sched.writes[sched.index(k)])
            env = exe.prepare(ins, out=out) if shared is None else _bound(exe, ins, out, shared)
            if env is None:
                break
            if shared is None:   # the steps run in order: one set of intermediates serves them all
                temps = {a.name for a in exe.launch_spec.per_call} - set(exe.program.outputs)
                shared = {n: env[n] for n in temps}
            envs.append(env)
        graph = exe.capture(envs) if len(envs) == length else None
        if len(ws.graphs) >= GRAPHS_KEPT:
            ws.graphs.pop(next(iter(ws.graphs)))
        ws.graphs[key] = (graph, envs)   # the envs keep every array the graph reads alive
    return ws.graphs[key][0]


def _bound(exe, ins: tuple, out: tuple, shared: dict):
    """A prepared env (as :meth:`Executable.prepare` makes one) whose intermediates are
    ``shared``'s, not new ones; None when an input is not aligned for the plan's vector loads."""
    env = exe.fast_bind(ins) if len(ins) == exe.n_arguments else None
    if env is None:
        env = exe.bind(ins, {})[0]
    exe.bind_out(env, out)
    if exe.misaligned(env):
        return None
    env.update(shared)
    return env


def _key_of(c):
    """A constant in a graph's key: an array's address, a number's value (repr: -0.0)."""
    import cupy
    if isinstance(c, cupy.ndarray):
        return ("p", c.data.ptr, c.shape, c.dtype.str)
    return ("v", type(c).__name__, repr(c) if not isinstance(c, np.generic) else repr(c.item()))
