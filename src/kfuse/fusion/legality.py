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
   back (a call outside would have to run both before and after the kernel);
5. no call is boundary code that runs alone (``assign``: its function's ``alone`` says why).

:func:`check` returns the list of reasons (empty when legal);
:func:`explain` renders them for people.
"""
from __future__ import annotations

from itertools import pairwise

from .. import spaces
from ..ir import Program
from ..spaces import host_domain, program_info


def _describe_domain(d) -> str:
    return spaces.get(d.space).describe(d)


def _closure(program: Program, start, forward: bool = True, graph=None) -> set:
    """Calls reachable from ``start`` along data dependencies (``forward=False``: calls from
    which ``start`` is reachable); ``start`` itself only if on a cycle through it."""
    return program_info(program).closure(start, forward)


class Analysis:
    """What legality needs of one bound program: its :class:`kfuse.spaces.ProgramInfo` (the
    graph, every call's domain and function, the closures as bit sets, all computed once per
    program) and the verdict on each set of calls already checked.  Lives as long as its user
    (a search)."""

    def __init__(self, program: Program):
        self.program = program
        self.info = program_info(program)
        self.graph = self.info.graph
        self._checks: dict = {}
        #: call id -> why it is no fusion target (``kfuse stages``' 02_targets.json): kept alone
        self.excluded: dict = {}

    def domain(self, cid: int):
        """The domain of call ``cid`` (:func:`kfuse.spaces.call_domain`)."""
        return self.info.domain(cid)

    def kernel_domain(self, calls):
        """The domain a kernel running ``calls`` iterates over (as :func:`kernel_domain`)."""
        return host_domain([self.info.domain(c) for c in calls])

    def check(self, calls) -> list:
        """:func:`check` of ``calls``, remembered (keyed by ``calls`` itself where it is a sorted
        tuple: a search's fusions are, and a key per union of a long chain would double the memory)."""
        key = calls if type(calls) is tuple and all(a < b for a, b in pairwise(calls)) else tuple(sorted(set(calls)))
        if len(key) > 1 and self.excluded:
            alone = [f"call {c} ({self.program.calls[c].label}) is not a fusion target: {self.excluded[c]}"
                     for c in key if c in self.excluded]
            if alone:
                return alone
        got = self._checks.get(key)
        if got is None:
            got = self._checks[key] = _check(self, list(key))
        return list(got)

    def refuses(self, calls) -> bool:
        """Whether ``calls`` (a sorted tuple) cannot run in one kernel: ``bool(check(calls))``,
        answered by convexity alone where a path leaves the set and comes back (bit sets: what
        refuses most unions a search meets, without the reasons' words)."""
        got = self._checks.get(calls)
        if got is not None:
            return bool(got)
        masks = self.masks() if len(calls) > 1 else None
        if masks is not None:
            desc, anc = masks
            inside = down = 0
            for c in calls:
                inside |= 1 << c
                down |= desc[c]
            outside = down & ~inside
            if outside and any(anc[c] & outside for c in calls):
                return True
        return bool(self.check(calls))

    def masks(self):
        """(descendants, ancestors) of each call as bit sets (:meth:`ProgramInfo.masks`)."""
        return self.info.masks()

    def not_convex(self, members: set) -> tuple | None:
        """(calls inside that depend on calls outside, those calls outside) where a path
        leaves ``members`` and comes back; None when the set is convex."""
        masks = self.masks()
        if masks is None:
            info = self.info
            outside = info.closure(members) - members
            back = info.closure(outside) & members if outside else set()
            if not back:
                return None
            return sorted(back), sorted(outside & info.closure(back, False))
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
        return sorted(back), _bits(between)


def _bits(mask: int) -> list:
    """The positions of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def check(program: Program, calls, analysis: Analysis | None = None) -> list:
    """Reasons why ``calls`` cannot run in one kernel (an empty list means they can).
    ``analysis``: the program's :class:`Analysis`, when the caller checks many sets."""
    calls = sorted(set(calls))
    if len(calls) <= 1:
        return []
    return (analysis or Analysis(program)).check(calls)


def _check(an: Analysis, calls: list) -> list:
    """:func:`check` of the sorted, distinct ``calls`` (two or more)."""
    program, info = an.program, an.info
    reasons = []
    cs = [program.calls[c] for c in calls]
    doms = {c.id: info.domain(c.id) for c in cs}
    first = cs[0]
    d0 = doms[first.id]
    prologue = {c.id: spaces.get(doms[c.id].space).prologue for c in cs}
    nonscalar = [c for c in cs if not prologue[c.id]]
    host = host_domain([doms[c.id] for c in (nonscalar or cs)])
    if nonscalar:
        first, d0 = nonscalar[0], doms[nonscalar[0].id]
    hosting = spaces.get(host.space).hosts_others
    for c in nonscalar[1:]:
        d = doms[c.id]
        if hosting and spaces.hosts(host, d) and spaces.hosts(host, d0):
            continue
        if d.space != d0.space:
            reasons.append(f"call {c.id} ({c.label}) is a {_describe_domain(d)} but call {first.id} "
                           f"({first.label}) is a {_describe_domain(d0)}: different nesting depths do not fuse")
        elif not spaces.same_mapping(d, d0):
            reasons.append(f"call {c.id} ({c.label}) iterates over a {_describe_domain(d)}, call {first.id} "
                           f"over a {_describe_domain(d0)}: different thread-to-data mappings")
    for c in cs:
        alone = getattr(info.fn(c.id), "alone", None)   # boundary code (assign)
        if alone:
            reasons.append(f"call {c.id} ({c.label}) is {alone}")
    members = set(calls)
    prod = an.graph.producers
    for c in cs:
        fn = info.fn(c.id)
        for p, v in c.args.items():
            base = program.base(v)
            src = prod.get(base)
            if src is None or src not in members:
                continue
            pfn = info.fn(src)
            if prologue[c.id] and nonscalar and not prologue[src]:
                reasons.append(f"call {c.id} ({c.label}) is a scalar prologue of the kernel but reads "
                               f"{program.value(base).display}, computed by call {src} in the same kernel: it "
                               "is complete only after a global barrier")
                continue
            if program.value(v).view_of and program.value(v).window is None:
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
    reasons.extend(spaces.get(host.space).fusion_refusals(program, calls, info))
    bad = an.not_convex(members)
    if bad:
        reasons.append(f"not convex: call(s) {bad[0]} depend on call(s) outside the fusion that "
                       f"depend on calls inside it ({bad[1]})")
    why = None if reasons else spaces.get(host.space).size_refusal(program, calls, info)
    return reasons + ([why] if why else [])



def explain(program: Program, calls) -> str:
    """Why ``calls`` can or cannot run in one kernel, in words."""
    calls = sorted(set(calls))
    labels = "; ".join(f"{c}: {program.calls[c].label}" for c in calls)
    reasons = check(program, calls)
    if not reasons:
        return f"fusible: [{labels}] can run in one kernel"
    return f"not fusible: [{labels}]\n" + "\n".join(f"  - {r}" for r in reasons)
