"""Whether the traced iterations of a loop are one step repeated (:func:`analyse`).

Iteration ``j``'s calls are the builder's calls from mark ``j`` to mark ``j + 1``.  Two iterations
match when they call the same functions with the same windows, constants and argument names,
and each value one reads is, in the other, the value at the same place: made by the iteration
itself (same call and output), or read from outside it.  A place read from outside reads, over
the iterations, a sequence of values: constant, it is an *invariant*; else the place belongs to
a *slot* (places with the same sequence share one).  ``S[j][s]``: slot ``s``'s value in
iteration ``j``.  Each slot's next value must come from the same *source* at every step: an
output of the iteration (``("out", (call, output))``), another slot's value (``("slot", s)``:
a rotation) or one value from before the loop (``("fixed", name)``).
"""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass
class Analysis:
    """The loop after ``k`` traced iterations: ``S`` (per iteration, per slot the value read;
    ``S[k]`` the state after the last traced one, from the sources), ``sources`` (per slot),
    ``invariants`` (values read at every step), ``made`` (value -> iteration that made it),
    ``settled`` (sources certain and the state after the last traced iteration made by the loop:
    no value from before the loop held at a place a rotation moves)."""
    k: int
    S: list
    sources: list
    invariants: list
    made: dict
    settled: bool
    ambiguous: bool = False


def _resolve(b, name: str) -> tuple:
    """(the value whose memory ``name`` shows, how: None, a window, or "T" a transpose)."""
    v = b.values[name]
    if v.view_of:
        return v.view_of, (v.window if v.window is not None else "T")
    return name, None


def _segment(b, calls: list) -> tuple:
    """(the iteration's structure, its reads from outside: one name per place)."""
    outs = {o: (i, key) for i, c in enumerate(calls) for key, o in c.outs.items()}
    shape, ext = [], []
    for i, c in enumerate(calls):
        reads = []
        for p, v in c.args.items():
            base, how = _resolve(b, v)
            if base in outs:
                reads.append((p, how, outs[base]))
            else:
                reads.append((p, how, None))
                ext.append(base)
        shape.append((c.fn, c.at, tuple(c.outs), tuple(reads)))
    return shape, ext


def analyse(b, rec, args: list, k: int):
    """The :class:`Analysis` of the first ``k`` iterations of ``rec`` (``k >= 2``), or a reason
    (str) why the loop cannot fold."""
    segs = [b.calls[rec.marks[j]:rec.marks[j + 1]] for j in range(k)]
    made = {o: j for j, seg in enumerate(segs) for c in seg for o in c.outs.values()}
    shapes, exts = zip(*(_segment(b, seg) for seg in segs))
    for j in range(1, k):
        if shapes[j] != shapes[0]:
            return _difference(b, segs[0], segs[j], j)
    if not segs[0]:
        return "its body computes nothing"
    slots, invariants, seen = [], [], {}
    for place in range(len(exts[0])):
        seq = tuple(e[place] for e in exts)
        if len(set(seq)) == 1:
            if seq[0] not in invariants and b.values[seq[0]].role != "const":
                invariants.append(seq[0])
            continue
        for name in seq:
            if b.values[name].role == "const":
                return (f"a number of its body changes from one step to the next "
                        f"({', '.join(repr(b.values[n].const) for n in seq)}), as with dt * t (t * dt, the index "
                        "first, folds)")
        if seq not in seen:
            seen[seq] = len(slots)
            slots.append(seq)
    if not slots:
        return "no array is carried from one step to the next"
    for seq in slots:
        types = {_type_key(b.values[n].type) for n in seq}
        if len(types) > 1:
            return f"the value {b.values[seq[1]].display} changes shape or type from one step to the next"
    S = [[seq[j] for seq in slots] for j in range(k)]
    sources = []
    ambiguous = False
    for s in range(len(slots)):
        cands = None
        for j in range(k - 1):
            c = _candidates(b, S, made, segs, j, s)
            cands = c if cands is None else cands & c
        if not cands:
            return (f"the value read as {b.values[S[1][s]].display} does not come from the same place "
                    "at every step")
        # one value from before the loop seen once may be a list's next element (arrays[t]): a
        # fixed source needs two steps that agree
        ambiguous |= len(cands) > 1 or (k < 3 and next(iter(cands))[0] == "fixed")
        sources.append(sorted(cands, key=lambda c: ("out", "slot", "fixed").index(c[0]))[0])
    S.append(_next_state(S[k - 1], sources, segs[k - 1]))
    held = any(n not in made and src[0] != "fixed" for n, src in zip(S[k], sources))
    return Analysis(k, S, sources, invariants, made, settled=not ambiguous and not held, ambiguous=ambiguous)


def _type_key(t) -> tuple:
    return (t.kind, tuple(t.shape), t.dtype, t.order)


def _candidates(b, S: list, made: dict, segs: list, j: int, s: int) -> set:
    """The sources that explain slot ``s``'s value in iteration ``j + 1`` from iteration ``j``."""
    name = S[j + 1][s]
    if made.get(name) == j:
        for i, c in enumerate(segs[j]):
            for key, o in c.outs.items():
                if o == name:
                    return {("out", (i, key))}
    out = {("slot", t) for t in range(len(S[j])) if S[j][t] == name}
    if name not in made:
        out.add(("fixed", name))
    return out


def _next_state(state: list, sources: list, seg: list) -> list:
    """The slots' values after iteration ``seg`` (which read ``state``)."""
    nxt = []
    for src in sources:
        if src[0] == "out":
            i, key = src[1]
            nxt.append(seg[i].outs[key])
        elif src[0] == "slot":
            nxt.append(state[src[1]])
        else:
            nxt.append(src[1])
    return nxt


def _difference(b, first: list, other: list, j: int) -> str:
    """Why iteration ``j`` is not iteration 0 repeated, in words (the first call that differs)."""
    if len(first) != len(other):
        return f"step {j} makes {len(other)} calls where step 0 makes {len(first)}"
    for c0, c1 in zip(first, other):
        if (c0.fn, c0.at) != (c1.fn, c1.at):
            return f"step {j} differs from step 0 at {c1.label or c1.fn} (step 0: {c0.label or c0.fn})"
    return f"step {j} reads its values from other places than step 0 (views, windows or its own results)"
