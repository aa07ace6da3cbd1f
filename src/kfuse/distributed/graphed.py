""":func:`kfuse.iterate` on DistArrays replayed as CUDA graphs: on each rank the loop's steps
(the kernels, the halo exchanges on NCCL, the overlapped parts' second stream) are captured once
as one graph of a whole number of the state's cycles and replayed, so a step costs no host time
and the next step's exchange is posted by the GPU as soon as the step before it ends.

As on one GPU (:mod:`kfuse.loop_run`), the state moves through pool buffers a
:class:`kfuse.loop_schedule.Schedule` names: the first step reads the caller's blocks (which it
never writes: only their halos are filled), the steps in the cycle replay graphs (keyed by the
state they start from and, with deep halos, their place in a group), and the last step writes
new blocks, so no result shares storage with the workspace the graph binds.
Every rank takes the same path, so the ranks' exchanges pair up in the same order.  Graphs are
used where the communicator can be captured (:attr:`capturable`: NCCL and one rank, not ranks
as threads of one process), the step all-reduces nothing, and the setting ``auto_graph`` is on.
"""
from __future__ import annotations

import hashlib
import math

import numpy as np

from .. import config

GRAPHS_KEPT = 16    # graphs kept per loop workspace (a graph binds the constants' blocks)
MIN_STEPS = 3       # fewer steps run one host call per kernel and exchange


def why_not(step, steps: int) -> str | None:
    """Why ``steps`` steps of ``step`` (a :class:`~kfuse.distributed.rank_step.RankStep`) run
    without graphs; None where they replay one."""
    if not config.get().auto_graph:
        return "the setting auto_graph is off"
    if not getattr(step.comm, "capturable", False):
        return f"a {type(step.comm).__name__} cannot be captured in a CUDA graph"
    if any(step.reduces):
        return "the step all-reduces a value every step"
    if steps < MIN_STEPS:
        return f"{steps} step(s): fewer than {MIN_STEPS}"
    return None


def run(entry, fields: list, consts: list, steps: int, graph_steps: int, deep=None) -> list:
    """The state's blocks after ``steps`` steps of ``entry`` (a
    :class:`~kfuse.distributed.jit.DistEntry` whose ``structure`` is the loop's LoopPlan) from
    the caller's DistArray ``fields`` with ``consts``: one block (or value) per field, new
    arrays wherever a step computed the field.  ``deep``: a
    :class:`~kfuse.distributed.deep.DeepStep` (halos exchanged every ``deep.depth`` steps)."""
    import cupy
    from .grid import DistArray, store_with
    stepper = Stepper(entry.step, deep)
    step, plan = stepper.step, entry.structure
    sched = plan.schedule
    args = []
    for j, x in enumerate(list(fields) + list(consts)):
        if isinstance(x, DistArray):
            if j < len(fields):
                x = DistArray(x.grid, x.block, x.halo)   # a field: the caller's DistArray keeps its block
            store_with(x, step.storage)   # a constant: padded once in the caller's DistArray (values
            x = x.block                   # unchanged), so later calls bind, and replay, the same block
        args.append(x)
    ws = _workspace(step, sched)
    arr = _resolver(ws, step, args, plan.n)
    stepper.peer = _peer(ws, step, sched)
    if deep is not None:
        stepper.start(step.bound(_inputs(step, sched, 0, arr), _given(step, sched, 0, arr)))
    _one(stepper, sched, 0, steps, arr)
    i, lengths = 1, graph_lengths(sched, graph_steps, stepper.group)
    end = min(steps - 1, steps // stepper.group * stepper.group)   # graphs end before a short last group
    stream = cupy.cuda.get_current_stream()
    while i < steps - 1:
        fits = [n for n in lengths if n <= end - i]
        if i >= max(sched.start, 1) and fits:   # any state of the cycle, any place in a group
            graph = _graph(stepper, sched, ws, args, arr, fits[0], i)
            for _ in range((end - i) // fits[0]):
                graph.launch(stream=stream)
                i += fits[0]
            continue
        _one(stepper, sched, i, steps, arr)
        i += 1
    outs = _one(stepper, sched, steps - 1, steps, arr, fresh=True)
    if stepper.peer is not None:
        stepper.peer.check()   # a wait that timed out in an earlier replay
    return _finals(plan, sched, steps, arr, outs, step.program.outputs)


def _peer(ws, step, sched):
    """The workspace's peer-copy exchanges (the setting ``peer_copies``, several ranks), made once
    with every pool block allocated for CUDA IPC; None where NCCL serves."""
    if not config.get().peer_copies or step.comm.size == 1 or not hasattr(step.comm, "keep_graphs"):
        return None
    if step.decomp.order != "C":
        return None   # the copies' box addresses are worked out for C-ordered blocks
    if "peer" not in ws.__dict__:
        from . import peer
        for i in range(len(sched.writes)):   # every pool block now, each in an allocation of its own
            for name, ref in zip(step.program.outputs, sched.writes[i]):
                if ref not in ws.pool:
                    ws.pool[ref] = step.new_block(name, peer.ipc_empty)
        ws.peer = peer.PeerExchange.build(step, ws.pool)
    return ws.peer


class Stepper:
    """How step ``i`` of a loop runs on a rank: a RankStep's launches and exchanges (``group``
    1), or a DeepStep's (``group`` = its depth: the state's halos exchanged at the first step of
    each group, step ``s`` of a group on its grown box; a short last group runs a group's last
    steps, as :meth:`DeepStep.run` does)."""

    def __init__(self, step, deep=None):
        self.deep, self.peer = deep, None
        self.step = deep.step if deep is not None else step
        self.group = deep.depth if deep is not None else 1

    def role(self, i: int, steps: int) -> tuple:
        """(the step's place in its group, whether the group's exchange comes before it)."""
        d = self.group
        first = i // d * d
        if first + d <= steps:
            return i - first, i == first
        return d - (steps - first) + (i - first), i == first

    def start(self, env: dict) -> None:
        """Before the loop: a DeepStep's constant fields' halos, exchanged once."""
        if self.deep is not None:
            self.deep.load()
            self.deep.exchange(env, self.deep.consts)

    def run(self, env: dict, i: int, steps: int) -> dict:
        """Step ``i`` of ``steps`` over a bound environment; the outputs by name."""
        hook = self.peer.exchange if self.peer is not None else None
        if self.deep is None:
            return self.step.run_bound(env, exchange=hook)
        s, first = self.role(i, steps)
        state = self.deep.state
        if first and (hook is None or not hook(env, state, {n: self.deep.halo for n in state})):
            self.deep.exchange(env, state)
        from .rank_step import _launch
        _launch(self.deep._loaded[s], env)
        return {out: env[out] for out in self.step.program.outputs}


def graph_lengths(sched, graph_steps: int, group: int = 1) -> list:
    """The steps one graph runs, longest first: about ``graph_steps``, then halves of it, each a
    multiple of the state's period and of ``group`` (a loop's last steps replay the shorter
    graphs)."""
    unit = sched.period * group // math.gcd(sched.period, group)
    lengths, g = set(), max(1, int(graph_steps))
    while True:
        lengths.add(max(unit, g // unit * unit))
        if g == 1:
            return sorted(lengths, reverse=True)
        g //= 2


def _one(stepper, sched, i: int, steps: int, arr, fresh: bool = False) -> dict:
    """Step ``i`` of ``steps`` from its state; into the pool buffers the schedule names, or
    (``fresh``) into new blocks; the outputs by name."""
    step = stepper.step
    env = step.bound(_inputs(step, sched, i, arr), None if fresh else _given(step, sched, i, arr))
    return stepper.run(env, i, steps)


def _inputs(step, sched, i: int, arr) -> dict:
    """Program input name -> block or value, for step ``i``."""
    state = sched.states[sched.index(i)]
    n = len(state)
    return {inp.name: arr(state[inp.argument]) if inp.argument < n else arr(("c", inp.argument))
            for inp in step.spec.inputs}


def _given(step, sched, i: int, arr) -> dict:
    """Program output name -> the pool block step ``i`` writes it into."""
    return {name: arr(ref, name) for name, ref in zip(step.program.outputs, sched.writes[sched.index(i)])}


def _finals(plan, sched, steps: int, arr, outs: dict, names) -> list:
    """Each field's block after the last step: its computed output, or the block it is passed
    on from (a field the step does not change keeps the caller's)."""
    state = sched.states[sched.index(steps - 1)]
    finals: list = []
    for src in plan.sources:
        kind, k = src
        if kind == "out":
            finals.append(outs[names[k]])
        elif kind == "in":
            ref = state[k] if k < plan.n else ("c", k)
            finals.append(arr(ref).copy(order="K") if ref[0] == "p" else arr(ref))   # never a workspace block
        else:
            finals.append(finals[k])
    return finals


class _Graphs(dict):
    """A workspace's graphs by key (a dict a communicator can hold weakly)."""


class _Workspace:
    """The pool blocks of a loop on one rank and the graphs captured over them (with what they
    bind: the envs and the memory pool of their capture)."""

    def __init__(self):
        self.pool: dict = {}
        self.graphs: dict = _Graphs()


def _workspace(step, sched) -> _Workspace:
    import cupy
    key = (id(sched), cupy.cuda.runtime.getDevice(), config.get().peer_copies)   # peer copies: blocks of their own
    kept = step.__dict__.setdefault("_loop_workspaces", {})
    if key not in kept:
        kept[key] = _Workspace()
    return kept[key]


def _resolver(ws: _Workspace, step, args: list, n: int):
    """ref -> block or value: the caller's fields, the constants after them, the pool blocks
    (made on first use, of the output ``name``'s block shape)."""

    def arr(ref, name: str | None = None):
        kind, k = ref
        if kind in ("x", "c"):   # a caller's field, a constant: the call's own arguments
            return args[k]
        if ref not in ws.pool:
            ws.pool[ref] = step.new_block(name)
        return ws.pool[ref]
    return arr


def _graph(stepper, sched, ws: _Workspace, args: list, arr, length: int, i: int):
    """The graph of ``length`` steps from step ``i``'s state (in the cycle), captured once per
    key (the constants' blocks and values; the caller's blocks where the cycle still reads one)."""
    import cupy
    step = stepper.step
    key = (length, sched.index(i), i % stepper.group, cupy.cuda.get_current_stream().ptr,
           tuple(_key_of(a) for a in args[sched_n(sched):]))
    if sched.caller_in_cycle():
        key += tuple(_key_of(a) for a in args[:sched_n(sched)])
    if key not in ws.graphs:
        envs = []
        pool = cupy.cuda.MemoryPool()   # what the capture allocates lives as long as the graph
        capture = cupy.cuda.Stream(non_blocking=True)
        with cupy.cuda.using_allocator(pool.malloc), capture:
            capture.begin_capture(cupy.cuda.runtime.streamCaptureModeRelaxed)
            try:
                for k in range(i, i + length):
                    env = step.bound(_inputs(step, sched, k, arr), _given(step, sched, k, arr))
                    envs.append(env)
                    stepper.run(env, k, i + length + stepper.group)   # in whole groups: roles by k % group
            except BaseException:
                try:
                    capture.end_capture()   # the capture ended, its own error not hiding the first
                except Exception:   # noqa: BLE001
                    pass
                raise
            graph = capture.end_capture()
        if len(ws.graphs) >= GRAPHS_KEPT:
            ws.graphs.pop(next(iter(ws.graphs)))
        ws.graphs[key] = (graph, envs, pool)
        keep = getattr(step.comm, "keep_graphs", None)
        if keep is not None:
            keep(ws.graphs)   # closing the communicator releases them first
    return ws.graphs[key][0]


def sched_n(sched) -> int:
    """The number of state fields of a schedule."""
    return len(sched.states[0])


def _key_of(a):
    """A bound argument in a graph's key: a device array's address, a host array's bytes (a
    digest: its repr elides the middle of a long array), a number's value."""
    ptr = getattr(getattr(a, "data", None), "ptr", None)
    if isinstance(ptr, int):
        return ("p", ptr, tuple(a.shape), a.dtype.str)
    if isinstance(a, np.ndarray):
        return ("h", a.shape, a.dtype.str, hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest())
    return ("v", type(a).__name__, repr(a.item() if isinstance(a, np.generic) else a))
