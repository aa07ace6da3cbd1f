"""The optimization space (section 4.2) and its search.

* **fusions**: sets of calls that :mod:`legality` lets run in one kernel;
* **implementations** of a fusion: call order (program order, which respects
  dependencies), block shape, elements per thread (16-byte packs or single
  elements), serial iterations and, for matrices, the axis the loop walks;
* **combinations**: fusions that cover the program, each call exactly once.

The search takes a cost function (the model's prediction), so planning stays a
pure function of data: ``search(program, kernel_cost, plan_cost)``.  Programs
of up to ``EXHAUSTIVE_CALLS`` calls with at most ``EXHAUSTIVE_COMBINATIONS``
legal combinations are searched exhaustively over set partitions (their number
grows as the Bell numbers where every subset may fuse: 21,147 for 9 independent
maps); others by greedy merging of the pair that gains the most, then a local
search (:mod:`kfuse.fusion.local`).
"""
from __future__ import annotations

import math

from .. import spaces
from ..ir import Program
from ..spaces import kernel_dtype, program_info
from ..spaces import budget as smem_budget
from ..spaces.budget import SMEM_FLAGS, smem_refusal, smem_terms
from ..spaces.tile import reused_matrix, walk_of
from .caps import Capped
from .greedy import merge_pairs
from .order import order_groups
from .fission import Fission, field_parts, fission
from .legality import Analysis, check
from .local import local_best, neighbours
from .legality import explain as legality_explain
from .shapes import ShapeShare
from .plan import (KernelPlan, Plan, default_params, kernel_domain, kernel_name, kernel_space, short_name,
    walk_refusal)

__all__ = ["EXHAUSTIVE_CALLS", "EXHAUSTIVE_COMBINATIONS", "reuse_walks", "explain_fusion", "impl_variants", "legal_partitions",
           "order_groups", "Search", "make_plan", "fused_name"]

EXHAUSTIVE_CALLS = 9
#: the most legal combinations the exhaustive search costs (each a plan prediction, a few ms):
#: a program with more takes the greedy and local searches (the stencil chain of 9 calls in the
#: golden corpus has 2,092)
EXHAUSTIVE_COMBINATIONS = 2500
#: the most calls the greedy search's component seed costs as one kernel: costing a fusion
#: analyses it whole, at once, past any time cap (a component of 83 unrolled FDTD steps, 1,248
#: calls, took the whole 60 s); larger components are built by pair merging, under the caps
SEED_MAX_CALLS = 512


def reuse_walks(program: Program, first: tuple, second: tuple) -> tuple | None:
    """(first, second) as (calls, params) with walk orders that let ``second`` find the end of
    ``first``'s pass over a shared matrix in L2: ``first`` moves down the matrix (``down``, or a
    kernel iterating along F in its own order), ``second`` walks ``up``; None when the two share
    no matrix or a walk is refused."""
    (c1, p1), (c2, p2) = first, second
    if walk_of(p1) == "up":   # ``first`` ends at the top
        return None
    q1 = dict(p1) if walk_of(p1) == "down" else {**p1, "walk": "down"}
    q2 = {**p2, "walk": "up"}
    if reused_matrix(program, (c1, q1), (c2, q2)) is None:
        return None
    if walk_refusal(program, c1, q1) or walk_refusal(program, c2, q2):   # (a kernel not over tiles, too)
        return None
    return (c1, q1), (c2, q2)


def explain_fusion(program: Program, calls: list) -> str:
    """:func:`legality.explain` of ``calls``, plus the reason where a legal fusion has no launch
    shape within the shared-memory budget (the search never picks it)::

        not fusible: [0: y = A.T @ x; 1: z = A.T @ w; 2: u = A.T @ v]
          - no launch shape fits: with its default shape it needs 49,168 B of static ...
    """
    text = legality_explain(program, calls)
    calls = sorted(set(calls))
    if check(program, calls):
        return text
    f = fission(program, calls)
    split = "" if f is None else (f"\n  - fissioned (the search tries it as these kernels): {f.reason}\n    "
                                  + f.describe(program).replace("\n", "\n    "))
    if impl_variants(program, calls):
        return text + split
    why = smem_refusal(program, calls, default_params(program, calls, kernel_domain(program, calls)))
    labels = "; ".join(f"{c}: {program.calls[c].label}" for c in calls)
    return (f"not fusible: [{labels}]\n  - no launch shape fits the shared-memory budget"
            + (f": with its default shape it {why}" if why else "") + split)


def impl_variants(program: Program, calls: list, wide: bool = True) -> list:
    """Implementations of the fusion ``calls``: a list of launch-parameter dicts, its space's
    variants (:meth:`kfuse.spaces.base.Space.variants`) that fit the shared-memory budget.

    ``wide=False`` leaves out two 16-byte packs per thread (the planner does so until the
    device's calibration has measured them)."""
    return keyed_variants(program, calls, wide)[0]


def keyed_variants(program: Program, calls: list, wide: bool = True) -> tuple:
    """(:func:`impl_variants`, each one's parameters as sorted items)."""
    dom = kernel_domain(program, calls)
    space = spaces.get(dom.space)
    out = space.variants(program, calls, dom, kernel_dtype(program, calls), wide, program_info(program))
    uniq, keys, seen = [], [], set()
    _, sizes, staged_always = smem_terms(program, calls)
    total = sum(sizes)   # smem_refusal's budget, computed as shared_bytes does
    limit = smem_budget.SMEM_STATIC_LIMIT   # read at each call (a test lowers it)
    for p in out:
        key = tuple(sorted(p.items()))
        if key not in seen and (space.shared_per_output(p, staged_always) * total if total else 0) + SMEM_FLAGS \
                <= limit:
            seen.add(key)
            uniq.append(p)
            keys.append(key)
    return uniq, tuple(keys)


def _partitions(items: list):
    """All set partitions of ``items`` (Bell-number many: for small programs only)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        yield [[first]] + part
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]


def legal_partitions(program: Program, analysis: Analysis | None = None):
    """Every combination of legal fusions covering the program (small programs only)."""
    analysis = analysis or Analysis(program)
    ids = [c.id for c in program.calls]
    cache: dict = {}
    for part in _partitions(ids):
        ok = True
        for g in part:
            key = tuple(sorted(g))
            if len(key) > 1:
                if key not in cache:
                    cache[key] = not check(program, key, analysis)
                if not cache[key]:
                    ok = False
                    break
        if ok:
            yield [sorted(g) for g in part]


class Search(Capped):
    """Best combination under a cost model; keeps every evaluated combination for reports.

    ``kernel_cost(calls, params, needed) -> seconds`` and
    ``plan_cost(kernels, needed_list) -> seconds`` come from :mod:`kfuse.model`;
    ``kernel_floor(calls, needed) -> seconds``, when given, is at most ``kernel_cost`` of every
    implementation (the greedy search skips unions it proves cannot gain the most);
    ``cost_key(calls, needed)``, when given, is equal only for fusions whose every
    implementation ``kernel_cost`` and ``zeroes`` rate alike (or None: no sharing).
    """

    def __init__(self, program: Program, kernel_cost, plan_cost, needed_fn, host_cost=None, zeroes=None,
                 kernel_floor=None, cost_key=None):
        self.program = program
        self.kernel_cost = kernel_cost
        self.plan_cost = plan_cost
        self.needed_fn = needed_fn
        self.host_cost = host_cost or (lambda group, needed: 0.0)
        self.zeroes = zeroes or (lambda calls, params, needed: 0)
        self.kernel_floor = kernel_floor
        self.cost_key = cost_key     # (calls, needed) -> a key equal for fusions costed alike, or None
        self._shapes: dict = {}      # implementations (as sorted items) -> a small id
        self._picked: dict = {}      # (cost key, implementations id) -> what _pick found
        self.wide = True
        self.analysis = Analysis(program)
        self._best_impl: dict = {}
        self._lean_impl: dict = {}
        self._variants: dict = {}   # group -> its implementations (whatever the outputs needed)
        self.evaluated = 0
        self.costed = 0              # combinations the exhaustive search costed
        self.host_fixed = 0.0        # host seconds of a call of the plan besides its kernels' (local search)
        self._fission: dict = {}     # group -> its Fission, or None (lazy fission: :meth:`split`)
        self.fissions: dict = {}     # group -> the Fission a search move applied
        Capped.__init__(self)
        self.shapes = ShapeShare(program, self.analysis)   # fusions of one shape share costs

    def split(self, group: tuple) -> tuple | None:
        """The parts a merge into ``group`` (sorted calls) is also tried as, or None: its
        fission (:func:`kfuse.fusion.fission.fission`) where ``group`` is a legal fusion of
        two or more field-dependency components that cannot launch as it wants (the seed's
        lazy fission: asked only where a merge meets such a group).  Remembered per group."""
        got = self._fission.get(group, False)
        if got is False:
            got = None
            if len(group) > 1 and len(field_parts(self.program, group)) > 1 and not self.analysis.refuses(group):
                space = spaces.get(self.analysis.kernel_domain(group).space)
                if space.fissions_over_budget or not self._variants_of(group):   # else: only with no variant
                    got = fission(self.program, group)
            self._fission[group] = got
        return got.parts if got is not None else None

    def note_split(self, group: tuple) -> None:
        """Record that a search move replaced ``group`` by its fission's parts."""
        f = self._fission.get(group)
        if f:
            self.fissions[group] = f

    def fissioned(self, kernels: list) -> list:
        """Of the plan ``kernels`` ([(calls, params)]), the kernel indices that came from one
        fission, per fission (lists of two or more indices): the parts of a recorded fission
        that are kernels of the plan."""
        where = {tuple(sorted(g)): i for i, (g, _) in enumerate(kernels)}
        out, used = [], set()
        for f in self.fissions.values():
            idx = sorted(where[p] for p in f.parts if p in where and where[p] not in used)
            if len(idx) >= 2:
                out.append(idx)
                used.update(idx)
        return sorted(out)

    def fission_of(self, group: tuple) -> Fission | None:
        """The Fission :meth:`split` found for ``group`` (None: none or not asked)."""
        return self._fission.get(tuple(sorted(group))) or None

    def _variants_of(self, group: tuple) -> list:
        if (group, self.wide) not in self._variants:
            variants, shape = keyed_variants(self.program, list(group), self.wide)
            self._variants[group, self.wide] = (variants, self._shapes.setdefault(shape, len(self._shapes)))
        return self._variants[group, self.wide][0]

    def best_impl(self, group: tuple, needed: frozenset) -> tuple:
        """(cost, params) of the best implementation of ``group`` (GPU time alone).

        Fusions the model cannot tell apart (the same ``cost_key``: the same domain, bytes,
        reductions, work ... and the same implementations) share one pass over the
        implementations."""
        key = (group, needed)
        if key not in self._best_impl:
            shape = self.shapes.shape(group, needed)
            got = self.shapes.lookup(shape, self.wide, group) if shape is not None else None
            if got is not None:
                self._best_impl[key], self._lean_impl[key] = got
                return got[0]
            self._variants_of(group)
            variants, shape_id = self._variants[group, self.wide]
            ck = self.cost_key(list(group), set(needed)) if self.cost_key else None
            picked = self._picked.get((ck, shape_id)) if ck is not None else None
            if picked is None:
                picked = self._pick(group, needed, variants)
                if ck is not None:
                    self._picked[ck, shape_id] = picked
            best, lean = picked
            if best is None:   # no variant at all: none fits the shared-memory budget (smem_refusal)
                self._best_impl[key], self._lean_impl[key] = (math.inf, None), None
            else:
                self._best_impl[key] = (best[0], variants[best[1]])
                self._lean_impl[key] = ((lean[0], variants[lean[1]]) if lean is not None and lean[1] != best[1]
                                        else None)
                if shape is not None:
                    self.shapes.learn(shape, self.wide, group, self._best_impl[key], self._lean_impl[key])
        return self._best_impl[key]

    def _impl_in_time(self, group: tuple, needed: frozenset) -> tuple:
        """:meth:`best_impl`, or past the cap, for a call alone not costed yet, its space's
        default implementation (the unfused plan's: costed once, not over every variant; a
        search stopped early over a thousand calls leaves most calls uncosted)."""
        key = (group, needed)
        if key in self._best_impl or len(group) > 1 or not self.expired(None):
            return self.best_impl(group, needed)
        prm = default_params(self.program, list(group), self.analysis.kernel_domain(group))
        if smem_refusal(self.program, list(group), prm):
            return self.best_impl(group, needed)   # the default does not fit: search its variants
        self._best_impl[key], self._lean_impl[key] = (self.kernel_cost(list(group), prm, set(needed)), prm), None
        return self._best_impl[key]

    def _pick(self, group: tuple, needed: frozenset, variants: list) -> tuple:
        """((cost, index) of the fastest of ``variants``, (cost, index) of the fastest whose
        outputs need no zeroing, or None)."""
        best = lean = None
        for i, prm in enumerate(variants):
            t = self.kernel_cost(list(group), prm, set(needed))
            self.evaluated += 1
            if best is None or t < best[0]:
                best = (t, i)
            if (lean is None or t < lean[0]) and not self.zeroes(list(group), prm, set(needed)):
                lean = (t, i)
        return best, lean

    def combination(self, groups: list) -> tuple:
        """(predicted seconds, [(calls, params)]) of the best implementation of a combination.

        Each kernel first takes its fastest implementation on the GPU; then, one kernel at a
        time, one whose outputs must be zeroed first (by a kernel launched before the plan's) takes
        its fastest implementation without, where that makes the whole plan faster (calls
        bound by the host path); last, each pair of kernels over a shared matrix takes walk
        orders that let the second find the end of the first's pass in L2
        (:func:`reuse_walks`), where the plan's prediction drops."""
        groups = order_groups(self.program, groups, self.analysis.graph)
        needed = self.needed_fn(groups)
        keys = [(tuple(g), frozenset(n)) for g, n in zip(groups, needed)]
        kernels = [(g, self._impl_in_time(*k)[1]) for g, k in zip(groups, keys)]
        for i, k in enumerate(keys):
            if kernels[i][1] is not None and not self.shapes.launches(*k, kernels[i][1]):
                del self._best_impl[k]   # a shape's implementation it cannot launch: cost it alone
                self._lean_impl.pop(k, None)
                kernels[i] = (groups[i], self.best_impl(*k)[1])
        if any(prm is None for _, prm in kernels):
            raise ValueError("a fusion has no implementation within the shared-memory budget")
        cost = self.plan_cost(kernels, needed)
        for i, k in enumerate(keys):
            lean = self._lean_impl.get(k)
            if lean is not None:
                trial = kernels[:i] + [(groups[i], lean[1])] + kernels[i + 1:]
                c = self.plan_cost(trial, needed)
                if c < cost:
                    cost, kernels = c, trial
        for i in range(1, len(kernels)):   # walk orders that keep a shared matrix's end in L2
            pair = reuse_walks(self.program, kernels[i - 1], kernels[i])
            if pair is not None:
                trial = kernels[:i - 1] + list(pair) + kernels[i + 1:]
                c = self.plan_cost(trial, needed)
                if c < cost:
                    cost, kernels = c, trial
        return cost, kernels

    def exhaustive_parts(self) -> list | None:
        """The legal combinations of a program of up to EXHAUSTIVE_CALLS calls, or None where
        it has more calls or more than EXHAUSTIVE_COMBINATIONS combinations (too many to cost)."""
        if len(self.program.calls) > EXHAUSTIVE_CALLS:
            return None
        parts = []
        for part in legal_partitions(self.program, self.analysis):
            if len(parts) >= EXHAUSTIVE_COMBINATIONS:
                return None
            parts.append(part)
        return parts

    def all_combinations(self, limit: int | None = None) -> list:
        """Every legal combination with its prediction, best first (small programs: where there
        are too many, :meth:`exhaustive_parts`, the best of the other searches alone).
        ``costed``: how many combinations were costed."""
        parts = self.exhaustive_parts()
        if parts is None:
            return [local_best(self)]
        out = []
        for part in parts:
            self.costed += 1
            try:
                out.append(self.combination(part))
            except ValueError:
                continue   # convex fusions whose kernels would depend on each other both ways
            if limit and len(out) >= limit:
                break
        out.sort(key=lambda x: x[0])
        return out

    def _local_needed(self, group: tuple) -> frozenset:
        """Values ``group`` writes that someone outside it reads, or the program returns."""
        members = set(group)
        out = set()
        for c in group:
            for v in self.program.calls[c].outs.values():
                r = self._readers.get(v, set())
                if v in self._returned or not r or not r <= members:
                    out.add(v)
        return frozenset(out)

    def _group_cost(self, group: tuple) -> float:
        """Additive proxy of a kernel's share of the plan's time: its GPU time plus its host costs."""
        if group not in self._gcost:
            needed = self._local_needed(group)
            t, _prm = self.best_impl(group, needed)
            self._gcost[group] = t + self.host_cost(group, needed)
        return self._gcost[group]

    def _floor_gain(self, g: tuple, h: tuple, union: tuple) -> float:
        """An upper bound of the gain of merging ``g`` and ``h`` (their costs less the least the
        union can cost: its floor plus its host costs); the gain itself where the union's cost
        is known or there is no ``kernel_floor``."""
        if union in self._gcost or self.kernel_floor is None:
            return self._group_cost(g) + self._group_cost(h) - self._group_cost(union)
        needed = self._local_needed(union)
        low = self.kernel_floor(list(union), set(needed)) + self.host_cost(union, needed)
        return self._group_cost(g) + self._group_cost(h) - low

    def _pair_state(self, g: tuple, h: tuple, memo: dict) -> tuple:
        """(result, value, exact) of merging neighbours ``g`` < ``h``: ``result`` the groups
        that replace them (their union, or its fission's parts where the union cannot launch
        as it wants and the parts gain more: :meth:`split`); value None where they may not
        merge or the merge cannot gain; else its gain (``exact``) or a bound of it.
        Remembered per pair (``memo``): neither changes while ``g`` and ``h`` exist."""
        got = memo.get((g, h))
        if got is None:
            union = tuple(sorted(g + h))
            dg, dh = self._domain(g), self._domain(h)
            if not (spaces.hosts(dg, dh) or spaces.hosts(dh, dg)) or self.analysis.refuses(union):
                got = ((union,), None, True)
            elif self.kernel_floor is None and self.split(union) is not None:
                got = self._merge_or_split(g, h, union)
            else:
                # the gain is at most the bound, and so is the gain of the union's fission (asked
                # in _exact_gain, where the bound is worth the exact gain): each part costs at
                # least its floor, and the parts read, write and launch at least what the union does
                bound = self._floor_gain(g, h, union)
                got = ((union,), bound if bound > 1e-12 else None, self.kernel_floor is None)
            memo[g, h] = got
        return got

    def _merge_or_split(self, g: tuple, h: tuple, union: tuple) -> tuple:
        """(result, value, True) of a merge whose union has a fission: the union or its parts,
        whichever gains more."""
        base = self._group_cost(g) + self._group_cost(h)
        gain = base - self._group_cost(union)
        parts = self.split(union)
        if set(parts) != {g, h}:
            pgain = base - sum(self._group_cost(p) for p in parts)
            if pgain > gain:
                return parts, (pgain if pgain > 1e-12 else None), True
        return (union,), (gain if gain > 1e-12 else None), True

    def _exact_gain(self, g: tuple, h: tuple, memo: dict):
        """The gain of merging ``g`` and ``h`` (None if it does not gain), remembered."""
        result, value, exact = memo[g, h]
        if not exact and self.split(result[0]) is not None:
            memo[g, h] = got = self._merge_or_split(g, h, result[0])
            return got[1]
        if not exact:
            gain = self._group_cost(g) + self._group_cost(h) - self._group_cost(result[0])
            value = gain if gain > 1e-12 else None
            memo[g, h] = (result, value, True)
        return value

    def _domain(self, g: tuple):
        if g not in self._doms:
            self._doms[g] = self.analysis.kernel_domain(g)
        return self._doms[g]

    def greedy(self) -> tuple:
        """Merge the pair of neighbouring fusions that gains most until no merge gains (of
        pairs gaining equally, the first in the scan).

        Neighbours share data (one reads what the other writes, or both read the same
        value: :func:`kfuse.fusion.local.neighbours`); the pairs of neighbouring groups wait
        in a heap by their gain (:func:`kfuse.fusion.greedy.merge_pairs`).  Legality, kernel
        costs and each pair's gain are remembered, and a union whose cost is not known yet is
        costed only if its bound (:meth:`_floor_gain`) reaches the best gain known among the
        pairs of the step: the step picks the same pair as costing every union would.
        """
        p, an = self.program, self.analysis
        self._readers = an.graph.readers()
        self._returned = {p.base(o) for o in p.outputs}
        self._gcost = {}
        near = neighbours(p, an.graph)
        group_of = {c.id: (c.id,) for c in p.calls}
        self._doms: dict = {}
        self._seed_components(near, group_of)
        merge_pairs(self, group_of, near)
        return self.combination([list(g) for g in set(group_of.values())])

    def _seed_components(self, near: dict, group_of: dict) -> None:
        """Start the greedy from each connected component of calls of a space that
        ``seeds_components`` (grid: stencils) as one kernel (or its fission's parts where it is
        over a budget) where that is legal and gains: a whole application's stencils mostly
        fuse, and pair merging would cost a frame analysis per growing group (cubic in the
        calls).  The pair merging then goes on from there (nothing else changes for programs
        without such calls)."""
        info = self.analysis.info
        grid = {c for c in group_of if spaces.get(info.domain(c).space).seeds_components}
        seen: set = set()
        for start in sorted(grid):
            if start in seen:
                continue
            if self.expired("greedy"):
                return
            comp, stack = set(), [start]
            while stack:
                c = stack.pop()
                if c in comp:
                    continue
                comp.add(c)
                stack.extend(n for n in near[c] if n in grid and n not in comp)
            seen |= comp
            group = tuple(sorted(comp))
            if not 2 <= len(group) <= SEED_MAX_CALLS or self.analysis.refuses(group):
                continue
            parts = self.split(group) or (group,)   # over a budget: its fission's parts (Algorithm 2)
            if any(len(p) > 1 and self.analysis.refuses(p) for p in parts):
                continue
            if sum(self._group_cost((c,)) for c in group) - sum(self._group_cost(p) for p in parts) > 1e-12:
                if len(parts) > 1:
                    self.note_split(group)
                for p in parts:
                    for c in p:
                        group_of[c] = p

    def best(self) -> tuple:
        """(predicted seconds, [(calls, params)]): the exhaustive search's best where it is
        within its limits, else the greedy and local searches' (kfuse.fusion.local)."""
        return self.all_combinations()[0]


def make_plan(program: Program, kernels: list, prediction: float | None = None, fissioned=None) -> Plan:
    """A Plan from [(calls, params)] in launch order.  ``fissioned``: lists of indices of
    ``kernels`` that came from one fission (:meth:`Search.fissioned`), recorded by name."""
    kps = []
    for i, (calls, params) in enumerate(kernels):
        kps.append(KernelPlan(fused_name(program, i, calls), list(calls), kernel_space(program, calls),
                              dict(params)))
    plan = Plan(program.name, dict(program.sizes), kps, program.fingerprint())
    if prediction is not None:
        plan.predicted_s = prediction
    plan.fissioned = [[kps[i].name for i in part] for part in (fissioned or [])]
    return plan


def fused_name(program: Program, index: int, calls: list) -> str:
    """``k0_q_gemv__s_gemv_t``: the names of the calls a kernel runs (four at most, then a count)."""
    names = [program.calls[c].name for c in calls]
    if len(names) > 4:
        names = names[:3] + [f"and{len(names) - 3}more"]
    return short_name(f"k{index}_" + "__".join(names)) if len(calls) > 1 else kernel_name(program, index, calls)
