"""A traced function whose time loop folded (:mod:`kfuse.frontend.loop_fold`), in three parts.

The builder holds the calls before the loop (the *prologue*), the traced iterations, and the
calls after it (the *epilogue*).  :func:`split` makes of them a :class:`Folded`: the prologue
and epilogue as programs, and the loop as one step (the last traced iteration) run ``count``
times over its slots, starting from the values the first iteration read; the other traced
iterations are dropped.  Values the epilogue reads that the loop made denote the slot holding
them after the last traced iteration, so after ``count`` steps; an argument the loop writes (NumPy
style, ``u[1:-1] += ...``) follows the slots its array moves through (the wave equation's three
levels rotate) and is written once, at the end.  What cannot be told this way (a list of
per-step values, a value from before the loop still held by a rotation, an argument written and
then dropped) is a reason, and the function is traced again with the loop unrolled.
"""
from __future__ import annotations

import dataclasses

from ..errors import ArgumentError
from ..ir import Program
from .dead_base import drop_dead_bases
from .loop_index import text, value


@dataclasses.dataclass
class Folded:
    """A traced function with a folded loop: run ``pre`` (None: no calls), the ``body`` ``count``
    times, then ``post``.  Names are value names of one environment: the function's ``inputs``;
    ``pre``'s outputs; per slot, ``init`` (where it starts) and ``finals`` (a value the epilogue
    reads -> the slot whose value after the loop it is); ``invariants`` (the body's inputs after
    the slots).  ``sources``: per slot, where its next value comes from, as
    :class:`kfuse.loop_schedule.LoopPlan` takes them (``("out", m)`` body output ``m``, ``("in",
    i)`` body input ``i``, ``("same", s)`` slot ``s``'s).  ``outputs``: the function's results;
    ``writes``: argument -> ``("value", name)`` or ``("slot", s)``, its final value.  ``steps``:
    the body's *step inputs* (among the invariants; not the function's inputs), host numbers
    made from the loop index (:mod:`kfuse.frontend.loop_index`): name -> the ops that make its
    value of the index, which runs over ``range`` (its name in the code: ``var``)."""
    name: str
    inputs: list
    values: dict
    pre: Program | None
    body: Program
    sources: list
    count: int
    init: list
    invariants: list
    finals: dict
    post: Program | None
    outputs: list
    writes: dict
    where: str
    traced: int
    steps: dict = dataclasses.field(default_factory=dict)
    range: range = None
    var: str = "t"
    _step_values: dict = dataclasses.field(default=None, repr=False, compare=False)

    def step_values(self) -> dict:
        """Step input -> its value at each step (Python's, from the index; computed once, as
        every call of the loop reads them); ArgumentError naming the step where Python's
        arithmetic fails (a division by zero)."""
        if self._step_values is None:
            self._step_values = self._compute_step_values()
        return self._step_values

    def _compute_step_values(self) -> dict:
        out = {}
        for name, ops in self.steps.items():
            vals = []
            for j, t in enumerate(self.range):
                try:
                    vals.append(value(ops, t))
                except ArithmeticError as e:
                    raise ArgumentError(f"{self.where}: {text(ops, self.var)} at step {j} ({self.var} = {t}): "
                                        f"{e}") from None
            out[name] = vals
        return out

    def describe(self) -> str:
        """The loop in words (plans and explain() show it)."""
        n = len(self.sources)
        moved = sum(1 for s in self.sources if s[0] != "out")
        index = "".join(f"; {text(ops, self.var)} passed at each step" for ops in self.steps.values())
        return (f"{self.where}: folded, {self.count} steps of a body of {len(self.body.calls)} call(s) over "
                f"{n} array(s) of state ({moved} passed through without a copy){index}; "
                f"{len(self.pre.calls) if self.pre else 0} call(s) before, "
                f"{len(self.post.calls) if self.post else 0} after")

    def to_json(self) -> dict:
        return {"where": self.where, "count": self.count, "sources": [list(s) for s in self.sources],
                "state": [self.values[n].display if n in self.values else n for n in self.init],
                "body_calls": len(self.body.calls), "traced_steps": self.traced,
                "step_inputs": {n: text(ops, self.var) for n, ops in self.steps.items()}}


def split(b, rec, args: list, names: list, outputs: list, name: str):
    """The :class:`Folded` of builder ``b`` whose loop ``rec`` folded, or a reason (str) why it
    cannot (``args``: the argument Tensors of ``names``; ``outputs``: the returned values)."""
    an, K = rec.analysis, rec.K
    if rec.used_index:   # after the loop: the index would be the last traced step's
        return "its index is used after it"
    m0, mK = rec.marks[0], rec.marks[K]
    producer = {o: cid for cid, c in enumerate(b.calls) for o in c.outs.values()}

    def region(v):
        cid = producer.get(v)
        return "outside" if cid is None else "pre" if cid < m0 else "loop" if cid < mK else "post"

    writes, reason = _writes(b, rec, args, names, region)
    if reason:
        return reason
    after = _reads(b, b.calls[mK:], region, "post")
    after += [v for v in outputs + [w[1] for w in writes.values() if w[0] == "value"]
              if region(v) != "post" and v not in after]
    finals = {}
    for v in after:
        held = [s for s, n in enumerate(an.S[K]) if n == v]
        if region(v) == "loop":
            if not held:
                return (f"the code after the loop reads {b.values[v].display}, a value of one step that "
                        "is not the loop's state after it (a list of per-step values?)")
            finals[v] = held[0]
        elif any(an.sources[s][0] != "fixed" for s in held):
            return (f"the code after the loop reads {b.values[v].display}, a value from before the loop "
                    "that its state still holds after the traced steps only")
    body, sources, invariants = _body(b, rec, f"{name}_step")
    if body is None:
        return invariants
    before = set(an.S[0]) | set(body.inputs) | set(invariants) | {v for v in after if region(v) == "pre"}
    pre = _program(b, f"{name}_pre", b.calls[:m0], [v for v in before if region(v) == "pre"])
    post = _program(b, f"{name}_post", b.calls[mK:],
                    list(dict.fromkeys([v for v in outputs if region(v) == "post"] +
                                       [w[1] for w in writes.values() if w[0] == "value" and region(w[1]) == "post"])))
    steps = dict(rec.inputs)
    if any(n in steps or b.values[n].copy_of in steps for p in (pre, post) if p for n in p.inputs):
        return "a number made from its index is used outside it"
    inputs = [n for n in b.inputs if n not in steps and b.values[n].copy_of not in steps]
    values = {n: b.values[n] for n in inputs}
    return Folded(name, inputs, values, pre, body, sources, rec.count, list(an.S[0]), invariants,
                  finals, post, list(outputs), writes, rec.where(), K, steps, rec.range, rec.var)


def _reads(b, calls: list, region, own: str) -> list:
    """The values ``calls`` read from outside themselves (their bases), in order (no literals)."""
    out = []
    for c in calls:
        for v in c.args.values():
            base = b.values[v].view_of or v
            if region(base) != own and b.values[base].role != "const" and base not in out:
                out.append(base)
    return out


def _writes(b, rec, args: list, names: list, region) -> tuple:
    """(argument -> its final value, None) or ({}, reason): where each argument's array ends
    (module doc)."""
    an, K = rec.analysis, rec.K
    pos = []
    for j in range(len(args)):
        at = [[s for s, n in enumerate(an.S[i]) if n == rec.arg_names[i][j]] for i in range(K + 1)]
        pos.append(at)
    moves: dict = {}
    for j, at in enumerate(pos):
        for i in range(K):
            if len(at[i]) == 1 and len(at[i + 1]) == 1:
                if moves.setdefault(at[i][0], at[i + 1][0]) != at[i + 1][0]:
                    return {}, f"argument {names[j]!r} moves between the loop's arrays differently at each step"
    writes = {}
    for j, (t, n) in enumerate(zip(args, names)):
        seen = [rec.arg_names[i][j] for i in range(K + 1)]
        final, at = t._name, pos[j]
        constant = len(set(seen)) == 1 and all(an.sources[s][0] == "fixed" for s in at[K])
        if at[K] and not constant:
            if any(len(a) > 1 for a in at):
                return {}, f"argument {n!r} is held by two of the loop's arrays at once"
            if any(not a for a in at):
                return {}, f"argument {n!r} enters the loop's state after its first step"
            f = _walk(moves, at[K][0], rec.count - K)
            if f is None:
                return {}, f"argument {n!r}: where its array ends after the loop cannot be told"
            if final != seen[K]:
                if f != at[K][0]:
                    return {}, f"argument {n!r} is written after the loop, which rotates it"
                writes[n] = ("value", final)
            else:
                writes[n] = ("slot", f)
        elif len(set(seen)) > 1:   # (a slot taking a value from before the loop never writes it)
            return {}, f"argument {n!r} is written in the loop and then no longer carried by it"
        elif final != n:
            writes[n] = ("value", final)
    return writes, None


def _walk(moves: dict, s: int, steps: int):
    """Slot ``s`` after ``steps`` moves (None where a move is unknown)."""
    path, seen = [s], {s: 0}
    while len(path) <= steps:
        nxt = moves.get(path[-1])
        if nxt is None:
            return None
        if nxt in seen:   # a cycle: the rest of the steps go round it
            start = seen[nxt]
            return path[start + (steps - start) % (len(path) - start)]
        seen[nxt] = len(path)
        path.append(nxt)
    return path[steps]


def _body(b, rec, name: str) -> tuple:
    """(the step program, LoopPlan sources, the invariants) or (None, None, reason): the last
    traced iteration over the slots (its first inputs) and the invariants (its other inputs, in
    order, then the values from before the loop that slots take without the step reading them)."""
    an, K = rec.analysis, rec.K
    seg = b.calls[rec.marks[K - 1]:rec.marks[K]]
    state = an.S[K - 1]
    if len(set(state)) != len(state):
        return None, None, "two arrays of its state hold the same value"
    if set(an.invariants) & set(state):
        return None, None, "a value from before the loop is both read at every step and carried by it"
    ins = list(state) + list(an.invariants)
    outs, sources, fixed = [], [], []
    for s, src in enumerate(an.sources):
        if src[0] == "out":
            i, key = src[1]
            o = seg[i].outs[key]
            if o in outs:
                sources.append(("same", next(t for t in range(s) if an.sources[t] == src)))
            else:
                sources.append(("out", len(outs)))
                outs.append(o)
        elif src[0] == "slot":
            sources.append(("in", src[1]))
        else:
            fixed.append((s, src[1]))
            sources.append(None)
    if not outs:
        return None, None, "its body computes none of the arrays it carries"
    body = _program(b, name, seg, outs, ins)
    drop_dead_bases(body, body.outputs)   # as a traced step's: a state assigned whole is not loaded
    n = len(state)
    invariants = [v for v in body.inputs[n:] if not body.value(v).copy_of]
    for s, v in fixed:
        if v not in invariants:
            invariants.append(v)
        sources[s] = ("in", n + invariants.index(v))
    return body, sources, invariants


def _program(b, name: str, calls: list, outputs: list, inputs: list | None = None):
    """The program of ``calls`` (renumbered) computing ``outputs``, its calls pruned to those
    they need; its inputs: ``inputs`` first, then the other values it reads (None: no calls)."""
    made = {o for c in calls for o in c.outs.values()}
    need, kept = set(outputs), []
    for c in reversed(calls):
        if set(c.outs.values()) & need:
            kept.append(c)
            for v in c.args.values():
                need.add(v)
                need.add(b.values[v].view_of or v)
    kept.reverse()
    if not kept and inputs is None:
        return None
    ins = list(inputs or [])
    for c in kept:
        for v in c.args.values():
            base = b.values[v].view_of or v
            if base not in made and base not in ins and b.values[base].role != "const":
                ins.append(base)
    for v in list(ins):
        src = b.values[v].copy_of
        if src and src not in ins:
            ins.append(src)
    values = {}
    for c in kept:
        for v in list(c.args.values()) + list(c.outs.values()):
            values[v] = b.values[v]
            if b.values[v].view_of:
                values[b.values[v].view_of] = b.values[b.values[v].view_of]
    for v in ins:
        val = b.values[v]
        values[v] = val if val.role == "input" else dataclasses.replace(val, role="input", user_name=val.display)
    for v in outputs:
        values.setdefault(v, b.values[v])
    calls = [dataclasses.replace(c, id=i) for i, c in enumerate(kept)]
    return Program(name, values, ins, list(outputs), calls)
