"""Which buffer each field of a loop's state lives in, step after step: the ping-pong of
:func:`kfuse.iterate` generalized to a state of several arrays.

A step reads the state's fields and computes some of the next state's fields; the others are
*passed through*: a field of the state (the wave equation's ``(u_prev, u) -> (u, u_next)``), a
constant, or another field of the result.  A computed field is written into a free buffer of its
type (one no field of the current state lives in); a passed-through field moves without a copy.
Buffers are named by refs: ``("x", j)`` the caller's field ``j`` (read, never written), ``("c",
i)`` program input ``i`` (a constant or a captured array), ``("p", k)`` pool buffer ``k``.  From
the caller's state the sequence of states (one ref per field) is deterministic and the pool
finite, so it becomes periodic: a CUDA graph of a multiple of the period replays from a state in
the cycle and ends where it started (plain ping-pong: period 2; the three-level wave: period 3
over three buffers).
"""
from __future__ import annotations


class LoopPlan:
    """The step's structure, as :func:`kfuse.iterate` runs it: ``n`` state fields (the first
    ``n`` program inputs), ``sources`` (per field of the result: ``("out", m)`` the loop
    program's output ``m``, ``("in", i)`` program input ``i``, ``("same", k)`` the result's field
    ``k``), ``types`` (per field: (shape, dtype, order)) and ``form`` (the state's structure:
    "one", "tuple", "list" or "dict", ``keys`` for a dict)."""

    def __init__(self, n: int, sources: list, types: list, form: str, keys: tuple):
        self.n, self.sources, self.types, self.form, self.keys = n, sources, types, form, keys
        self.n_computed = sum(1 for s in sources if s[0] == "out")
        self.schedule = Schedule(self)


class Schedule:
    """The states (tuples of refs) from the caller's, ``states[0]``, until one repeats:
    ``states[i]`` for ``i >= start`` cycle with ``period``; ``writes[i]``: the pool buffer each
    loop-program output gets at step ``i`` (from ``states[i]``); ``pool``: pool buffer -> type."""

    def __init__(self, plan: LoopPlan):
        self.pool: dict = {}
        state = tuple(("x", j) for j in range(plan.n))
        self.states, self.writes, seen = [state], [], {state: 0}
        while True:
            writes, state = self._step(plan, state)
            self.writes.append(writes)
            if state in seen:
                self.start = seen[state]
                self.period = len(self.states) - self.start
                break
            seen[state] = len(self.states)
            self.states.append(state)

    def _step(self, plan: LoopPlan, state: tuple) -> tuple:
        """(pool buffer per loop-program output, the next state) from ``state``."""
        busy = set(state)
        writes = []
        for k, src in enumerate(plan.sources):
            if src[0] == "out":
                writes.append(self._free(plan.types[k], busy))
        nxt = []
        for src in plan.sources:
            if src[0] == "out":
                nxt.append(writes[src[1]])
            elif src[0] == "in":
                nxt.append(state[src[1]] if src[1] < plan.n else ("c", src[1]))
            else:
                nxt.append(nxt[src[1]])
        return writes, tuple(nxt)

    def _free(self, type_: tuple, busy: set) -> tuple:
        """The first pool buffer of ``type_`` not in ``busy`` (made if none), now busy."""
        for ref, t in self.pool.items():
            if t == type_ and ref not in busy:
                busy.add(ref)
                return ref
        ref = ("p", len(self.pool))
        self.pool[ref] = type_
        busy.add(ref)
        return ref

    def index(self, step: int) -> int:
        """The index in ``states`` of the state before step ``step`` (0: the caller's)."""
        return step if step < self.start else self.start + (step - self.start) % self.period

    def graph_length(self, graph_steps: int) -> int:
        """Steps one graph runs: a multiple of the period, about ``graph_steps``."""
        return max(self.period, graph_steps // self.period * self.period)

    def caller_in_cycle(self) -> bool:
        """Whether a state of the cycle still holds a caller's buffer (a field never rewritten)."""
        return any(r[0] == "x" for s in self.states[self.start:] for r in s)
