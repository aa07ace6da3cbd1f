"""A fusion search that scales to whole applications (Wahib and Maruyama's search, their section 4(c)).

For programs over the exhaustive limit :meth:`kfuse.fusion.search.Search.best` runs
:func:`local_best`:

1. **greedy** (:meth:`Search.greedy`): merge the neighbouring pair that gains most, as before;
2. **segments** (:func:`segment_dp`): the best partition of a topological order into
   contiguous segments, by dynamic programming.  Segments of a topological order are always
   convex and their kernels run in that order, so every such partition is a plan; where the
   program is a chain (each call reads the one before) every convex fusion is such a segment
   and the DP, then over every segment, is exact for the sum of kernel costs (GPU + host
   seconds of each kernel; the plan's time takes the larger of GPU and host time instead);
3. **local search** (:func:`improve`) from the better of the two, under a budget of
   perturbation rounds and a time cap: moves merge two neighbouring kernels, split a kernel
   at a point of its call order, take a call out of its kernel, or move a call into a
   neighbouring kernel; the first move that lowers the objective is taken until none does,
   then a few random legal moves perturb the plan (iterated local search).

The objective (:class:`Evaluator`) is the model's plan time built from the same memoised
kernel costs the greedy search uses (:meth:`Search.best_impl`): ``max(GPU time, host time)``
where GPU time sums each kernel's best implementation and host time adds each kernel's launch
and outputs to the call's fixed cost, as :func:`kfuse.model.predict.predict_plan` does.  It
is computed per kernel, so a move costs only the kernels it changes; legality
(:meth:`Analysis.check`) and costs are remembered per kernel.  The last word is
:meth:`Search.combination` (which also tries implementations that need no zeroing and walk
orders that keep a matrix in L2): the greedy plan is kept unless another one is predicted
strictly faster, so plans change only for a strictly better prediction.

Settings (:mod:`kfuse.config`): ``search_local_min_calls`` (programs with fewer calls keep the
greedy plan: 101 by default, so the recorded plans of the examples, solver steps and generated
DAGs of up to 100 calls in ``tests/unit/plan_golden.json`` stay greedy ones; with 10 the local
search predicts CG and BiCG steps 4-6% faster and generated DAGs of 30-100 calls 0.7-17%), ``search_kicks`` (perturbation rounds), ``search_time_s`` (a time cap on the
improvement phase: 5 s; on large programs the clock, not the kicks, ends it;
``benchmarks/plan_scaling.py`` measures planning time against the calls), ``search_grid_time_s``
(the same for stencil programs: 2 s; a descent costs only the moves whose kernels' floors
could beat the plan, :meth:`_State.cannot_beat`), ``search_seed``; ``search_max_s`` caps the whole search,
greedy included (:mod:`kfuse.fusion.caps`: every phase checks the caps before each step that
costs kernels and stops with the legal partition it holds).
"""
from __future__ import annotations

import math
import random

from .. import config, spaces

__all__ = ["Evaluator", "segment_dp", "is_chain", "improve", "local_best", "neighbours", "SHARED_READERS"]

_EPS = 1e-12


class Evaluator:
    """The objective of a partition (a set of sorted call tuples) for a :class:`Search`, from
    per-kernel facts computed once: (GPU seconds, host seconds, zeroes outputs?) or None
    where the kernel is illegal or has no implementation."""

    def __init__(self, search):
        self.search = search
        p, an = search.program, search.analysis
        self.program = p
        self.host_fixed = getattr(search, "host_fixed", 0.0)
        self.launch = search.host_cost((), frozenset())   # a kernel writing nothing: its launch
        self.edges = [(s, d) for s, d, _ in an.graph.edges]
        self.near = neighbours(p, an.graph)
        self._facts: dict = {}
        self._low: dict = {}   # group -> :meth:`low` where its facts are not known
        self.costed = 0

    def needed(self, group: tuple) -> frozenset:
        """Values ``group`` stores (:meth:`kfuse.spaces.ProgramInfo.stored`)."""
        return spaces.program_info(self.program).stored(group)

    def facts(self, group: tuple):
        """(gpu_s, host_s, zeroes, lean_s) of the kernel running ``group`` (sorted), or None:
        its best implementation's GPU seconds, its host seconds, 1 if that implementation sums
        into outputs zeroed first (else 0), and the GPU seconds of its best implementation
        that zeroes nothing (inf if none)."""
        got = self._facts.get(group, False)
        if got is False:
            got = None
            s = self.search
            if len(group) == 1 or not s.analysis.refuses(group):
                needed = self.needed(group)
                t, prm = s.best_impl(group, needed)
                self.costed += 1
                if prm is not None and math.isfinite(t):
                    zero = 1 if s.zeroes(list(group), prm, set(needed)) else 0
                    lean = s._lean_impl.get((group, needed))
                    lean_t = t if not zero else (lean[0] if lean is not None else math.inf)
                    got = (t, s.host_cost(group, needed), zero, lean_t)
            self._facts[group] = got
        return got

    def low(self, group: tuple) -> tuple:
        """(GPU seconds, host seconds) no implementation of ``group``'s kernel goes under: its
        facts where known, else the search's ``kernel_floor`` (its bytes at the ceilings: no
        analysis, no costing) and its exact host seconds; (0, 0) without a floor."""
        got = self._facts.get(group, False)
        if got is not False:
            return (math.inf, math.inf) if got is None else got[:2]
        low = self._low.get(group)
        if low is None:
            s = self.search
            needed = self.needed(group)
            low = self._low[group] = ((0.0, 0.0) if s.kernel_floor is None else
                                      (s.kernel_floor(list(group), set(needed)), s.host_cost(group, needed)))
        return low

    def value(self, tot) -> float:
        """The plan time from its totals (gpu, host, kernels zeroing outputs first, gpu with
        implementations that zero nothing): the better of the best implementations (one more
        launch where some zero) and implementations that zero nothing, as
        :meth:`Search.combination` tries."""
        gpu, host, zeroing, lean = tot
        fast = max(gpu, self.host_fixed + host + (self.launch if zeroing > 0.5 else 0.0))
        return min(fast, max(lean, self.host_fixed + host)) if zeroing > 0.5 else fast

    def totals(self, groups) -> tuple | None:
        """The four facts summed over ``groups``, or None if one is not a kernel."""
        tot = [0.0, 0.0, 0, 0.0]
        for g in groups:
            f = self.facts(g)
            if f is None:
                return None
            for i in range(4):
                tot[i] += f[i]
        return tuple(tot)

    def cost(self, groups) -> float:
        """The objective of a partition; inf where a kernel is illegal or the kernels would
        depend on each other both ways."""
        groups = [tuple(sorted(g)) for g in groups]
        tot = self.totals(groups)
        if tot is None or not self.acyclic({c: g for g in groups for c in g}):
            return math.inf
        return self.value(tot)

    def acyclic(self, group_of: dict) -> bool:
        """Whether the kernels of the partition ``group_of`` (call -> its group) can run one
        after another: the graph of kernels has no cycle."""
        succ: dict = {}
        indeg: dict = {g: 0 for g in set(group_of.values())}
        for s, d in self.edges:
            a, b = group_of[s], group_of[d]
            if a != b:
                out = succ.setdefault(a, set())
                if b not in out:
                    out.add(b)
                    indeg[b] += 1
        ready = [g for g, n in indeg.items() if not n]
        seen = 0
        while ready:
            g = ready.pop()
            seen += 1
            for h in succ.get(g, ()):
                indeg[h] -= 1
                if not indeg[h]:
                    ready.append(h)
        return seen == len(indeg)


#: a value read by more calls links each reader only to the SHARED_READERS readers before and
#: after it (call order): the greedy search's pairs stay linear in the calls, not quadratic
#: (``x_{i+1} = x_i * a + y`` over 2,000 calls: every call reads y)
SHARED_READERS = 8


def neighbours(program, graph) -> dict:
    """Call -> the calls it shares data with (one reads what the other writes, or both read
    the same value: of a value's readers, those at most SHARED_READERS apart in call order),
    as the greedy search pairs them."""
    near: dict = {c.id: set() for c in program.calls}
    prod = graph.producers
    for b, readers in graph.readers().items():
        rs = sorted(set(readers))
        for i, c in enumerate(rs):
            near[c].update(rs[max(0, i - SHARED_READERS):i])
            near[c].update(rs[i + 1:i + 1 + SHARED_READERS])
        src = prod.get(b)
        if src is not None:
            for c in rs:
                if c != src:
                    near[c].add(src)
                    near[src].add(c)
    return near


def topological_order(program, graph) -> list:
    """The calls in a topological order (program order where it is one, as the front ends
    build it)."""
    ids = [c.id for c in program.calls]
    if graph.ordered:
        return ids
    indeg = {c: len(graph.pred.get(c, ())) for c in ids}
    ready = sorted(c for c in ids if not indeg[c])
    out = []
    while ready:
        c = ready.pop(0)
        out.append(c)
        for d in sorted(graph.succ.get(c, ())):
            indeg[d] -= 1
            if not indeg[d]:
                ready.append(d)
        ready.sort()
    return out


def is_chain(program, graph) -> bool:
    """Whether every call reads the one before it in the topological order (then every
    convex set of calls is a contiguous segment of it)."""
    order = topological_order(program, graph)
    return all(a in graph.pred.get(b, ()) for a, b in zip(order, order[1:]))


def segment_dp(ev: Evaluator, max_len: int = 64, patience: int = 8) -> list | None:
    """The partition of a topological order into contiguous segments of least total kernel
    cost (GPU + host seconds of each kernel), by dynamic programming over the segment ends;
    None if a call alone has no implementation, or past the search's cap (:meth:`Search.expired`).

    A segment grows up to ``max_len`` calls and stops after ``patience`` illegal extensions
    in a row (legality rarely comes back as a segment grows: a barrier or a second domain
    stays inside it)."""
    an = ev.search.analysis
    order = topological_order(ev.program, an.graph)
    n = len(order)
    best = [math.inf] * (n + 1)
    back = [0] * (n + 1)
    best[0] = 0.0
    expired = ev.search.expired
    for i in range(n):
        if not math.isfinite(best[i]) or expired("segments"):
            return None
        misses = 0
        for j in range(i + 1, min(n, i + max_len) + 1):
            if expired("segments"):   # a long segment's costs add up
                return None
            f = ev.facts(tuple(sorted(order[i:j])))
            if f is None:
                misses += 1
                if misses >= patience:
                    break
                continue
            misses = 0
            c = best[i] + f[0] + f[1]
            if c < best[j]:
                best[j], back[j] = c, i
    if not math.isfinite(best[n]):
        return None
    groups, j = [], n
    while j > 0:
        i = back[j]
        groups.append(tuple(sorted(order[i:j])))
        j = i
    return groups[::-1]


class _State:
    """A partition being improved: call -> group, and its totals."""

    def __init__(self, ev: Evaluator, groups):
        self.ev = ev
        self.group_of = {c: tuple(sorted(g)) for g in groups for c in g}
        self.groups = set(self.group_of.values())
        self.tot = list(ev.totals(self.groups))

    def value(self) -> float:
        return self.ev.value(self.tot)

    def _shift(self, tot: list, groups: tuple, sign: int) -> bool:
        """Add (``sign`` 1) or take away (-1) the facts of ``groups``; False if one is illegal."""
        for g in groups:
            f = self.ev.facts(g)
            if f is None:
                return False
            for i in range(4):
                tot[i] += sign * f[i]
        return True

    def trial(self, removed: tuple, added: tuple) -> float | None:
        """The objective after replacing the groups ``removed`` by ``added`` (None: illegal)."""
        tot = list(self.tot)
        if not self._shift(tot, added, 1):
            return None
        self._shift(tot, removed, -1)
        if math.isnan(tot[3]):   # inf - inf: sum again
            tot[3] = sum(self.ev.facts(g)[3] for g in (self.groups - set(removed)) | set(added))
        return self.ev.value(tot)

    def cannot_beat(self, removed: tuple, added: tuple, target: float) -> bool:
        """Whether the move is proved not to bring the objective under ``target`` without
        costing the kernels it adds (:meth:`Evaluator.low`): the objective is at least
        max(GPU seconds, fixed + host seconds) (an implementation zeroing nothing is no faster
        than the best one), so a bound there needs no analysis of a new kernel.  The descent
        takes the same moves with it as without: a move it rules out would not be taken."""
        gpu, host = self.tot[0], self.tot[1]
        for g in removed:
            f = self.ev.facts(g)
            gpu, host = gpu - f[0], host - f[1]
        for g in added:
            lg, lh = self.ev.low(g)
            gpu, host = gpu + lg, host + lh
        return max(gpu, self.ev.host_fixed + host) >= target

    def acyclic_after(self, removed: tuple, added: tuple) -> bool:
        """Whether the kernels still run one after another after the move."""
        group_of = dict(self.group_of)
        for g in added:
            for c in g:
                group_of[c] = g
        return self.ev.acyclic(group_of)

    def apply(self, removed: tuple, added: tuple) -> None:
        known = getattr(self.ev.search, "fission_of", None)
        if known is not None and len(removed) == 2 and len(added) > 1:   # a merge as its fission's parts
            f = known(removed[0] + removed[1])
            if f is not None and set(added) == set(f.parts):
                self.ev.search.note_split(f.group)
        self.groups.difference_update(removed)
        self.groups.update(added)
        for g in added:
            for c in g:
                self.group_of[c] = g
        self.tot = list(self.ev.totals(self.groups))   # exact sums (no drift, no inf - inf)

    def partition(self) -> list:
        return sorted(self.groups)


def moves(state: _State):
    """Every move of the neighbourhood as (removed groups, added groups): merge two
    neighbouring kernels (or, where their union cannot launch as it wants, split it into its
    fission's parts: :meth:`Search.split`), move a call into a neighbouring kernel, take a call out of its
    kernel, split a kernel at a point of its call order."""
    near, group_of = state.ev.near, state.group_of
    split = getattr(state.ev.search, "split", None)
    for g in sorted(state.groups):
        others = {group_of[n] for c in g for n in near[c]} - {g}
        for h in sorted(others):
            if g < h:
                union = tuple(sorted(g + h))
                yield (g, h), (union,)
                parts = split(union) if split is not None else None
                if parts is not None and set(parts) != {g, h}:
                    yield (g, h), parts   # the merge as its fission's parts (kfuse.fusion.fission)
        if len(g) > 1:
            for k in range(1, len(g)):
                yield (g,), (g[:k], g[k:])
            for c in g[1:-1]:
                yield (g,), (tuple(x for x in g if x != c), (c,))
    for c in sorted(group_of):
        g = group_of[c]
        for h in sorted({group_of[n] for n in near[c]} - {g}):
            rest = tuple(x for x in g if x != c)
            yield ((g, h), ((rest,) if rest else ()) + (tuple(sorted(h + (c,))),))


def descend(state: _State, rng: random.Random) -> None:
    """Take improving moves (the first found, in a shuffled order) until none improves or the
    search's cap passes (checked at each move: a pass over a large plan costs many kernels)."""
    expired = state.ev.search.expired
    while not expired("local search"):
        cur = state.value()
        cand = list(moves(state))
        rng.shuffle(cand)
        target = cur - _EPS * max(1.0, cur)
        for removed, added in cand:
            if expired("local search"):
                return
            if state.cannot_beat(removed, added, target):
                continue
            v = state.trial(removed, added)
            if v is not None and v < target and state.acyclic_after(removed, added):
                state.apply(removed, added)
                break
        else:
            return


def kick(state: _State, rng: random.Random, steps: int) -> None:
    """Apply ``steps`` random legal moves whatever they cost."""
    expired = state.ev.search.expired
    for _ in range(steps):
        cand = list(moves(state))
        rng.shuffle(cand)
        for removed, added in cand[:64]:
            if expired("local search"):
                return
            if state.trial(removed, added) is not None and state.acyclic_after(removed, added):
                state.apply(removed, added)
                break


def improve(ev: Evaluator, groups, kicks: int, time_s: float | None = None, seed: int = 0) -> tuple:
    """(objective, partition): iterated local search from ``groups`` (descend, then ``kicks``
    rounds of perturb-and-descend, keeping the best), within ``time_s`` seconds and the
    search's cap (each partition it passes through is legal: the best one is kept)."""
    rng = random.Random(seed)
    search = ev.search
    if time_s is not None:
        search.set_cap("time_s", time_s)
    state = _State(ev, groups)
    descend(state, rng)
    best = (state.value(), state.partition())
    for _ in range(kicks):
        if search.expired("local search"):
            break
        kick(state, rng, rng.randint(2, 4))
        descend(state, rng)
        v = state.value()
        if v < best[0] - _EPS * max(1.0, best[0]):
            best = (v, state.partition())
        else:
            state = _State(ev, best[1])
    return best


def _stencil_best(search, greedy: tuple, s) -> tuple:
    """A stencil program's plan: the local search from the greedy's (whose component seed
    fuses whole connected stencils, sometimes too much for the registers and shared memory
    one kernel has), within ``search_grid_time_s`` seconds (and the whole
    search's ``search_max_s``); no segment DP (it costs a frame analysis per segment)."""
    ev = Evaluator(search)
    search.set_cap("search_grid_time_s", s.search_grid_time_s)
    if search.expired(None):
        return greedy
    _v, part = improve(ev, [tuple(g) for g, _ in greedy[1]], s.search_kicks, None, s.search_seed)
    try:
        got = search.combination([list(g) for g in part])
    except ValueError:
        return greedy
    return got if got[0] < greedy[0] * (1 - 1e-9) else greedy


def local_best(search) -> tuple:
    """(predicted seconds, [(calls, params)]): the greedy plan, unless the segment DP or the
    local search from the better of the two finds a plan the model predicts strictly faster
    (:meth:`Search.combination`).  Programs under ``search_local_min_calls`` calls keep the
    greedy plan; programs whose calls are all of spaces without ``local_search`` (prologue
    spaces aside: stencils) take :func:`_stencil_best`."""
    s = config.get()
    search.set_cap("search_max_s", s.search_max_s)
    greedy = search.greedy()
    if len(search.program.calls) < s.search_local_min_calls or search.expired(None):
        return greedy
    info = search.analysis.info
    kinds = {spaces.get(info.domain(c.id).space) for c in search.program.calls}
    if all(sp.prologue or not sp.local_search for sp in kinds):
        return _stencil_best(search, greedy, s)
    ev = Evaluator(search)
    seeds = [[tuple(g) for g, _ in greedy[1]]]
    n = len(search.program.calls)
    search.set_cap("search_time_s", s.search_time_s)   # the DP and the local search share the budget
    chain = is_chain(search.program, search.analysis.graph)
    dp = segment_dp(ev, n, n) if chain else segment_dp(ev)
    if dp is not None:
        seeds.append(dp)
    start = min(seeds, key=ev.cost)
    _v, part = improve(ev, start, s.search_kicks, None, s.search_seed)
    best = greedy
    for cand in (dp, part):
        if cand is None:
            continue
        try:
            got = search.combination([list(g) for g in cand])
        except ValueError:
            continue
        if got[0] < best[0] * (1 - 1e-9):
            best = got
    return best
