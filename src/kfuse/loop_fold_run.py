"""Running a jitted function whose time loop folded (:class:`kfuse.frontend.loop_split.Folded`).

The prologue and epilogue are ordinary executables; the loop is the body's executable run as
:func:`kfuse.iterate` runs a step (:func:`kfuse.loop_run.run`: its slots ping-pong between the
loop's buffers, CUDA graphs replay the steps), from the slots' initial values; the written
arguments are updated at the end, once.  A body that reads numbers made from the loop index
(``fict[t]``, ``t * dt``: ``Folded.steps``) gets them at each step as host scalars, so such a
loop runs without CUDA graphs (a graph replays the numbers it captured); every index they give
is checked against its vector over the whole loop before anything runs.  :func:`reference` runs the same structure with the NumPy
reference (:mod:`kfuse.reference`), for tests and machines without a GPU.
"""
from __future__ import annotations

import numbers
import types

import numpy as np

from .errors import ArgumentError
from .loop_run import GRAPH_STEPS
from .loop_schedule import LoopPlan
from .platform import arrays


def loop_plan(folded) -> LoopPlan:
    """The :class:`LoopPlan` of the folded loop's slots."""
    types_ = []
    for n in folded.body.inputs[:len(folded.sources)]:
        t = folded.body.value(n).type
        types_.append((tuple(t.shape), t.dtype, t.order))
    return LoopPlan(len(folded.sources), list(folded.sources), types_, "tuple", ())


class FoldedExecutable:
    """The compiled parts of a folded function (``make``: program -> Executable), called as an
    Executable is: ``exe(*args, out=None)`` with one argument per user input, in order."""

    stub = None   # no fast host-path stub (api.py): every call goes through __call__

    def __init__(self, folded, make, loops: list = ()):
        self.folded = folded
        self.pre = make(folded.pre) if folded.pre is not None else None
        self.body = make(folded.body)
        self.post = make(folded.post) if folded.post is not None else None
        self.loop = loop_plan(folded)
        self._varying = step_setter(folded)   # once: the step inputs' values per step
        self.loops = list(loops)
        self.use_graph = False
        self.graph_steps = GRAPH_STEPS
        self._user = [n for n in folded.inputs if not folded.values[n].copy_of]
        self.n_arguments = len(self._user)

    # ---------------------------------------------------------- what Lowered and plans show
    @property
    def program(self):
        """The loop's step (the program planned once)."""
        return self.body.program

    @property
    def plan(self) -> dict:
        """The step's plan JSON (its kernels are those of one step), with ``loop`` (the count,
        the slots' sources, the calls before and after) and the prologue's and epilogue's plans."""
        return {**self.body.plan, "loop": {**self.folded.to_json(), "text": self.folded.describe()},
                "prologue": self.pre.plan if self.pre else None,
                "epilogue": self.post.plan if self.post else None}

    def __getattr__(self, name):
        if name.startswith("_") or name in ("folded", "body"):
            raise AttributeError(name)
        return getattr(self.body, name)   # plan_obj, source, compiled, arch, resources, stages ...

    # ---------------------------------------------------------------------- calling
    def __call__(self, *args, out=None, **kwargs):
        """The results (a tuple, as an Executable returns them); the arguments the function
        writes are updated in place, once, after the loop (a result that is such an argument's
        final value is the caller's array itself, as NumPy returns it)."""
        from .runtime.executable import check_write_aliases
        if kwargs or len(args) != self.n_arguments:
            raise ArgumentError(f"{self.folded.name}: {self.n_arguments} argument(s) expected, got {len(args)}")
        torch_used = any(arrays.is_torch(a) for a in args)
        given = dict(zip(self._user, args))
        env = {n: (arrays.to_cupy(n, a) if _is_array(a) else a) for n, a in given.items()}
        check_write_aliases(env, [(None, n) for n in self.folded.writes], {n: n for n in self._user})
        targets = self._targets(env)
        finals = run_parts(self.folded, env, self._pre, lambda xs, cs: self._loop(xs, cs, targets), self._post)
        outs = []
        for name, (kind, v) in self.folded.writes.items():
            src = finals[v] if kind == "slot" else env[v]
            if src is not env[name]:
                env[name][...] = src
        written = {id(finals[v] if k == "slot" else env[v]): n for n, (k, v) in self.folded.writes.items()}
        for o in self.folded.outputs:
            x = env[o]
            outs.append(given[written[id(x)]] if id(x) in written else _as_array(x))
        if out is not None:
            for o, x in zip(out, outs):
                arrays.to_cupy("out", o)[...] = arrays.to_cupy("result", x)
            outs = list(out)
        if torch_used:
            import torch
            outs = [o if arrays.is_torch(o) else torch.from_dlpack(o) for o in outs]
        return tuple(outs)

    def _pre(self, env: dict) -> list:
        return list(self.pre(*_args(self.pre.program, env)))

    def _post(self, env: dict) -> list:
        return list(self.post(*_args(self.post.program, env)))

    def _targets(self, env: dict) -> list:
        """Per slot, the argument its final value is written into (the last step stores there
        directly where it no longer reads the arguments: no copy after the loop), or None."""
        targets = [None] * len(self.folded.sources)
        post_reads = set(self.folded.post.inputs) if self.folded.post is not None else set()
        for name, (kind, v) in self.folded.writes.items():
            if kind == "slot" and targets[v] is None and name not in post_reads and _is_array(env[name]):
                targets[v] = env[name]
        return targets

    def _loop(self, xs: list, cs: list, targets=None) -> list:
        """The loop's steps: temporally blocked where the body allows it and the model (or the
        setting temporal_depth) says so and no number changes from step to step, else as
        :func:`kfuse.iterate` runs a step."""
        from .loop_temporal import run_loop
        entry = types.SimpleNamespace(structure=self.loop, exe=self.body, bound=())
        return run_loop(entry, list(xs), list(cs), self.folded.count, self.graph_steps, targets, self._varying)


def step_setter(folded):
    """``varying(i, cs)`` for :func:`kfuse.loop_run.run`: puts step ``i``'s values of the step
    inputs into the invariants ``cs`` (None where the body reads none)."""
    if not folded.steps:
        return None
    values = folded.step_values()
    at = [(k, values[n]) for k, n in enumerate(folded.invariants) if n in values]

    def varying(i: int, cs: list) -> None:
        for k, vals in at:
            cs[k] = vals[i]
    return varying


def check_steps(folded) -> None:
    """ArgumentError, naming the index, the step and the vector, where a step input indexes a
    vector (``fict[t]``) out of NumPy's range at some step of the loop (checked for every step,
    before anything runs)."""
    from .frontend.loop_index import text
    from .runtime.executable import index_lengths
    if not folded.steps:
        return
    values = folded.step_values()
    body = folded.body
    for name, (n, vec) in index_lengths(body).items():
        src = name if name in values else body.value(name).copy_of
        if src not in values:
            continue
        vals = values[src]
        if -n <= min(vals) and max(vals) < n:
            continue
        j = next(j for j, v in enumerate(vals) if not -n <= v < n)
        shown = text(folded.steps[src], folded.var)
        raise ArgumentError(f"{folded.where}: index {shown} = {vals[j]} at step {j} ({folded.var} = "
                            f"{folded.range[j]}) is out of bounds for {vec}, of length {n} ({vec}[{shown}]); "
                            "nothing was run")


def _as_array(x):
    """A result: a number (a host scalar) as a 0-d device array, an array as it is."""
    if isinstance(x, (numbers.Number, np.generic)):
        import cupy
        return cupy.asarray(x)
    return x


def _is_array(x) -> bool:
    return hasattr(x, "shape") and hasattr(x, "dtype") or arrays.is_torch(x)


def _args(program, env: dict) -> list:
    """``program``'s arguments from ``env`` (its inputs but the copies of Python numbers)."""
    return [env[n] for n in program.inputs if not program.value(n).copy_of]


def run_parts(folded, env: dict, pre, loop, post) -> list:
    """Run a folded function's parts on ``env`` (name -> value, the inputs; it receives every
    value computed): ``pre(env)`` / ``post(env)`` give their program's outputs, ``loop(xs, cs)``
    the slots after ``count`` steps (returned; the step inputs among its ``cs`` are None, set at
    each step).  Every step's indices are checked first (:func:`check_steps`)."""
    check_steps(folded)
    for n in folded.inputs:
        src = folded.values[n].copy_of
        if src:
            env[n] = env[src]
    if folded.pre is not None:
        env.update(zip(folded.pre.outputs, pre(env)))
    xs = [env[n] for n in folded.init]
    cs = [env[n] if n not in folded.steps else None for n in folded.invariants]
    finals = loop(xs, cs)
    for name, s in folded.finals.items():
        env[name] = finals[s]
    if folded.post is not None:
        env.update(zip(folded.post.outputs, post(env)))
    return finals


def reference(folded, inputs: dict) -> tuple:
    """(the outputs, the written arguments' final values: name -> array) of a folded function by
    the NumPy float64 reference: ``inputs`` maps input names to arrays or numbers."""
    from . import reference as ref
    env = dict(inputs)

    def part(program):
        def go(env):
            res = ref.run(program, {n: env[n] for n in program.inputs if n in env})
            return [res[o] for o in program.outputs]
        return go

    finals = run_parts(folded, env, part(folded.pre) if folded.pre else None,
                       lambda xs, cs: reference_loop(folded, xs, cs), part(folded.post) if folded.post else None)
    writes = {name: (finals[v] if kind == "slot" else env[v]) for name, (kind, v) in folded.writes.items()}
    return tuple(env[o] for o in folded.outputs), writes


def reference_loop(folded, xs: list, cs: list) -> list:
    """The slots after ``count`` steps of the body by the NumPy reference, from ``xs`` with the
    invariants ``cs``."""
    from . import reference as ref
    body, n, state, cs = folded.body, len(xs), list(xs), list(cs)
    names = [v for v in body.inputs if not body.value(v).copy_of]
    varying = step_setter(folded)
    for j in range(folded.count):
        if varying is not None:
            varying(j, cs)
        res = ref.run(body, dict(zip(names, state + list(cs))))
        outs = [res[o] for o in body.outputs]
        nxt: list = []
        for kind, i in folded.sources:
            nxt.append(outs[i] if kind == "out" else (state[i] if i < n else cs[i - n]) if kind == "in" else nxt[i])
        state = nxt
    return state
