"""Fusion legality (section 3.2 of Filipovic et al.), with a reason for every refusal.

A set of calls may run in one kernel when

1. they share one iteration space: the same *space* (vector map/reduce, or
   nested map/reduce over a matrix -- the paper's rule that only functions of
   equal nesting depth fuse) and the same domain (vector length; matrix shape
   and memory order, which fix the thread-to-data mapping);
2. every value passed between them inside the kernel stays in on-chip memory
   with the same thread-to-data mapping: a map's result is read element by
   element by the same thread (registers), never through a transpose view;
3. no value needs a global barrier: the result of a reduction is complete
   only when all blocks have finished, so no call of the same kernel may read
   it -- except in its own *finalize* step at the same output index, when both
   reductions finish together in the last block of each strip (GESUMMV);
4. the set is convex in the data-dependency graph: no path leaves it and comes
   back (a call outside would have to run both before and after the kernel).

:func:`check` returns the list of reasons (empty when legal);
:func:`explain` renders them for people.
"""
from __future__ import annotations

from .. import library
from ..ir import Program
from .plan import call_domain


def _describe_domain(d) -> str:
    if d.space == "vec":
        return f"vector map/reduce over {d.length} elements"
    if d.space == "tile":
        return f"nested map/reduce over a {d.rows} x {d.cols} matrix (order {d.lead})"
    if d.space == "rows":
        return f"sparse product over {d.rows} rows ({d.lead.upper()})"
    return "scalar call"


def _closure(program: Program, start, forward: bool = True, graph=None) -> set:
    """Calls reachable from ``start`` along data dependencies (``forward=False``: calls from
    which ``start`` is reachable); ``start`` itself only if on a cycle through it."""
    graph = graph or program.graph()
    nxt = graph.succ if forward else graph.pred
    seen, stack = set(), list(start)
    while stack:
        c = stack.pop()
        for d in nxt.get(c, ()):
            if d not in seen:
                seen.add(d)
                stack.append(d)
    return seen


class Analysis:
    """What legality needs of one bound program, each computed once: the graph's indexes,
    every call's domain, the verdict on each set of calls already checked, and (for
    programs whose calls are in topological order) each call's descendants and ancestors as
    bit sets, which make a convexity test a few ORs.  Lives as long as its user (a search);
    a snapshot of the program, like :class:`kfuse.ir.program.Graph`."""

    def __init__(self, program: Program):
        self.program = program
        self.graph = program.graph()
        self._domains: dict = {}
        self._checks: dict = {}
        self._masks = None

    def domain(self, cid: int):
        """The domain of call ``cid`` (:func:`call_domain`)."""
        d = self._domains.get(cid)
        if d is None:
            d = self._domains[cid] = call_domain(self.program, self.program.calls[cid])
        return d

    def kernel_domain(self, calls):
        """The domain a kernel running ``calls`` iterates over (as :func:`kernel_domain`)."""
        doms = [self.domain(c) for c in calls]
        return next((d for d in doms if d.space == "rows"),
                    next((d for d in doms if d.space != "scalar"), doms[0]))

    def check(self, calls) -> list:
        """:func:`check` of ``calls``, remembered."""
        key = tuple(sorted(set(calls)))
        got = self._checks.get(key)
        if got is None:
            got = self._checks[key] = _check(self, list(key))
        return list(got)

    def masks(self):
        """(descendants, ancestors) of each call as bit sets, or None where some edge goes
        from a later call to an earlier one."""
        if self._masks is None and self.graph.ordered:
            n = len(self.program.calls)
            desc, anc = [0] * n, [0] * n
            for c in range(n - 1, -1, -1):
                m = 0
                for d in self.graph.succ.get(c, ()):
                    m |= desc[d] | (1 << d)
                desc[c] = m
            for c in range(n):
                m = 0
                for d in self.graph.pred.get(c, ()):
                    m |= anc[d] | (1 << d)
                anc[c] = m
            self._masks = (desc, anc)
        return self._masks

    def not_convex(self, members: set) -> tuple | None:
        """(calls inside that depend on calls outside, those calls outside) where a path
        leaves ``members`` and comes back; None when the set is convex."""
        masks = self.masks()
        if masks is None:
            outside = _closure(self.program, members, graph=self.graph) - members
            back = _closure(self.program, outside, graph=self.graph) & members if outside else set()
            if not back:
                return None
            return sorted(back), sorted(outside & _closure(self.program, back, False, self.graph))
        desc, anc = masks
        inside = 0
        for c in members:
            inside |= 1 << c
        down = 0
        for c in members:
            down |= desc[c]
        outside = down & ~inside
        if not outside:
            return None
        back = [c for c in members if anc[c] & outside]
        if not back:
            return None
        up = 0
        for c in back:
            up |= anc[c]
        between = outside & up
        return sorted(back), [c for c in range(len(desc)) if between >> c & 1]


def check(program: Program, calls, analysis: Analysis | None = None) -> list:
    """Reasons why ``calls`` cannot run in one kernel (an empty list means they can).
    ``analysis``: the program's :class:`Analysis`, when the caller checks many sets."""
    calls = sorted(set(calls))
    if len(calls) <= 1:
        return []
    return (analysis or Analysis(program)).check(calls)


def _check(an: Analysis, calls: list) -> list:
    """:func:`check` of the sorted, distinct ``calls`` (two or more)."""
    program = an.program
    reasons = []
    cs = [program.calls[c] for c in calls]
    doms = {c.id: an.domain(c.id) for c in cs}
    first = cs[0]
    d0 = doms[first.id]
    nonscalar = [c for c in cs if doms[c.id].space != "scalar"]
    host = next((doms[c.id] for c in cs if doms[c.id].space == "rows"),
                doms[nonscalar[0].id] if nonscalar else d0)
    if nonscalar:
        first, d0 = nonscalar[0], doms[nonscalar[0].id]
    for c in nonscalar[1:]:
        d = doms[c.id]
        if host.space == "rows" and host.hosts(d) and host.hosts(d0):
            continue
        if d.space != d0.space:
            reasons.append(f"call {c.id} ({c.label}) is a {_describe_domain(d)} but call {first.id} "
                           f"({first.label}) is a {_describe_domain(d0)}: different nesting depths do not fuse")
        elif d.key() != d0.key():
            reasons.append(f"call {c.id} ({c.label}) iterates over a {_describe_domain(d)}, call {first.id} "
                           f"over a {_describe_domain(d0)}: different thread-to-data mappings")
    members = set(calls)
    prod = an.graph.producers
    for c in cs:
        fn = library.get(c.fn)
        for p, v in c.args.items():
            base = program.base(v)
            src = prod.get(base)
            if src is None or src not in members:
                continue
            pfn = library.get(program.calls[src].fn)
            if doms[c.id].space == "scalar" and nonscalar and doms[src].space != "scalar":
                reasons.append(f"call {c.id} ({c.label}) is a scalar prologue of the kernel but reads "
                               f"{program.value(base).display}, computed by call {src} in the same kernel: it "
                               "is complete only after a global barrier")
                continue
            if program.value(v).view_of:
                reasons.append(f"call {c.id} ({c.label}) reads {program.value(v).display}, a transpose of "
                               f"{program.value(base).display} computed by call {src} in the same kernel: "
                               "a different thread-to-data mapping needs a global barrier")
                continue
            if fn.hof == "sparse_reduce" and fn.param(p).kind == "vector" and fn.param(p).stage == "compute":
                reasons.append(f"call {c.id} ({c.label}) gathers {program.value(base).display} at other rows' "
                               f"columns, but call {src} computes it in the same kernel: that needs a "
                               "global barrier")
                continue
            if not pfn.is_reduce:
                continue   # a map's element stays in the same thread's registers
            if pfn.hof == "sparse_reduce":
                continue   # row i of a sparse product is complete in its row's threads
            stage = fn.param(p).stage
            ok = (stage == "finalize" and fn.hof == "nested_reduce" and pfn.hof == "nested_reduce"
                  and fn.output.index == pfn.output.index and fn.param(p).index == fn.output.index)
            if not ok:
                where = "in its finalize step at another index" if stage == "finalize" else "per element"
                reasons.append(f"call {c.id} ({c.label}) reads {program.value(base).display} {where}, the "
                               f"result of reduction {src} ({program.calls[src].label}): it is complete "
                               "only after a global barrier (the end of the kernel)")
    bad = an.not_convex(members)
    if bad:
        reasons.append(f"not convex: call(s) {bad[0]} depend on call(s) outside the fusion that "
                       f"depend on calls inside it ({bad[1]})")
    return reasons


def atomic_refusal(program: Program, calls) -> str | None:
    """Why the reductions among ``calls`` cannot be finished by atomics (None if they can).

    Atomics add each block's contribution to an output zeroed before the kernel:
    the combine must be ``+`` and the finalize affine in ``acc`` (gemv's
    ``alpha * acc + beta * y``), and no finalize may read another reduction of
    the kernel (its value is not complete when the contributions are added).
    """
    produced = {v for c in calls for v in program.calls[c].outs.values()}
    any_red = False
    for c in calls:
        call = program.calls[c]
        fn = library.get(call.fn)
        if not fn.is_reduce:
            continue
        any_red = True
        if fn.combine != "+":
            return f"{call.label}: combine {fn.combine!r} has no atomic form here"
        if not fn.linear_finalize:
            return f"{call.label}: its finalize is not affine in the reduced value"
        for p, v in call.args.items():
            if fn.param(p).stage == "finalize" and program.base(v) in produced:
                return f"{call.label}: its finalize reads {program.value(v).display}, computed in the same kernel"
    if not any_red:
        return "no reduction to finish"
    from .. import config
    if config.get().deterministic:
        return "deterministic=True: float atomics are not bitwise reproducible"
    return None


def sum_atomic_refusal(program: Program, calls) -> str | None:
    """Why the reductions among ``calls`` cannot add their block results into one accumulator
    with atomics for the last block to finalize (None if they can).  Unlike finishing straight
    into the output (:func:`atomic_refusal`), any finalize is fine; the combine must be ``+``."""
    reds = [program.calls[c] for c in calls if library.get(program.calls[c].fn).hof == "reduce"]
    if not reds:
        return "no reduction to finish"
    for call in reds:
        if library.get(call.fn).combine != "+":
            return f"{call.label}: combine {library.get(call.fn).combine!r} has no atomic form here"
    from .. import config
    if config.get().deterministic:
        return "deterministic=True: float atomics are not bitwise reproducible"
    return None


def explain(program: Program, calls) -> str:
    """Why ``calls`` can or cannot run in one kernel, in words."""
    calls = sorted(set(calls))
    labels = "; ".join(f"{c}: {program.calls[c].label}" for c in calls)
    reasons = check(program, calls)
    if not reasons:
        return f"fusible: [{labels}] can run in one kernel"
    return f"not fusible: [{labels}]\n" + "\n".join(f"  - {r}" for r in reasons)
