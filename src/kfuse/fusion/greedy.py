"""The merging loop of the greedy search (:meth:`kfuse.fusion.search.Search.greedy`).

Each step merges the pair of neighbouring groups that gains the most; of pairs gaining equally,
the first in a scan of the partition's groups (a set of the groups, each with the set of its
neighbour groups).  A pair's gain, or the bound of it that spares costing the union
(:meth:`Search._pair_state`), does not change while both groups exist, so the pairs wait in a
heap by that value: a step pops the pairs whose value reaches the best exact gain found (costing
the unions whose bound does), and only a merge's new groups bring new pairs.  A step costs the
pairs it pops, not a scan of every pair: a 1,248-call step has about 4,000 pairs and 1,200
merges.  The scan order is built only to break a tie, so the merges are those of a scan of
every pair at every step.
"""
from __future__ import annotations

import heapq
import itertools

from .order import closes_cycle, cycle_through

__all__ = ["merge_pairs"]


class _Pairs:
    """The pairs of neighbouring groups of the partition ``group_of`` (call -> its group) that
    may gain, in a heap by their gain or its bound (largest first)."""

    def __init__(self, search, group_of: dict, near: dict):
        self.search, self.group_of, self.near = search, group_of, near
        self.memo: dict = {}      # (g, h) -> Search._pair_state's (result, value, exact)
        self.refused: set = set()  # merges' results that close a cycle of kernels
        self.around: dict = {}    # group -> its neighbour groups (kept until one of them merges)
        self.heap: list = []
        self.seq = itertools.count()

    def neighbour_groups(self, g: tuple) -> set:
        got = self.around.get(g)
        if got is None:
            got = self.around[g] = {self.group_of[n] for c in g for n in self.near[c]} - {g}
        return got

    def add(self, g: tuple, h: tuple) -> bool:
        """Put the pair ``g`` < ``h`` in the heap where it may gain; False past the cap (a new
        pair costs a legality check)."""
        if (g, h) not in self.memo and self.search.expired("greedy"):
            return False
        result, value, _exact = self.search._pair_state(g, h, self.memo)
        if value is not None and result not in self.refused:
            heapq.heappush(self.heap, (-value, next(self.seq), g, h))
        return True

    def add_around(self, groups) -> bool:
        """:meth:`add` every pair of a group of ``groups`` and a neighbour, once each."""
        done = set()
        for g in groups:
            for h in self.neighbour_groups(g):
                pair = (g, h) if not h < g else (h, g)
                if pair not in done:
                    done.add(pair)
                    if not self.add(*pair):
                        return False
        return True

    def _live(self, g: tuple, h: tuple, value: float) -> bool:
        """Whether a heap entry still stands: both groups exist, it holds the pair's current
        value (a bound replaced by the exact gain is not) and the merge is not refused."""
        if self.group_of[g[0]] != g or self.group_of[h[0]] != h:
            return False
        result, now, _exact = self.memo[g, h]
        return now == value and result not in self.refused

    def best(self) -> list:
        """The pairs gaining the most (exactly equal gains), taken out of the heap; [] when
        none gains.  Past the cap, the best exact gains found so far."""
        top, tied, seen = None, [], set()
        heap = self.heap
        while heap:
            negv, _s, g, h = heap[0]
            value = -negv
            if top is not None and value < top:
                break
            heapq.heappop(heap)
            if (g, h) in seen or not self._live(g, h, value):
                continue
            if not self.memo[g, h][2]:   # a bound: cost the union (then it waits for its turn)
                if self.search.expired("greedy"):
                    break
                gain = self.search._exact_gain(g, h, self.memo)
                if gain is not None:
                    heapq.heappush(heap, (-gain, next(self.seq), g, h))
                continue
            top = value if top is None else top
            tied.append((g, h))
            seen.add((g, h))
        return tied

    def first_in_scan(self, tied: list) -> tuple:
        """Of ``tied``, the pair a scan of the groups (``set(group_of.values())``), each with
        its neighbour groups, meets first."""
        if len(tied) == 1:
            return tied[0]
        wanted = {g for g, _ in tied}
        where = {}
        for k, g in enumerate(set(self.group_of.values())):
            if g in wanted:
                where[g] = k
                if len(where) == len(wanted):
                    break

        def place(pair):
            g, h = pair
            return where[g], next(i for i, x in enumerate(self.neighbour_groups(g)) if x == h)
        return min(tied, key=place)

    def push_back(self, pairs) -> None:
        for g, h in pairs:
            heapq.heappush(self.heap, (-self.memo[g, h][1], next(self.seq), g, h))


def merge_pairs(search, group_of: dict, near: dict) -> None:
    """Merge pairs of neighbouring groups of ``group_of`` (updated in place) while one gains,
    the best first (module docstring), within the search's cap; a merge whose groups would
    depend on each other both ways with another kernel is refused."""
    p, graph = search.program, search.analysis.graph
    pairs = _Pairs(search, group_of, near)
    # a merge closes a cycle through the groups it puts in, where the partition had none
    acyclic = not closes_cycle(p, graph, (), (), set(group_of.values()))
    if not pairs.add_around(set(group_of.values())):
        return
    while not search.expired("greedy"):
        tied = pairs.best()
        if not tied:
            return
        g, h = pairs.first_in_scan(tied)
        pairs.push_back(x for x in tied if x != (g, h))
        result = pairs.memo[g, h][0]
        if (cycle_through(graph, group_of, result) if acyclic
                else closes_cycle(p, graph, (g, h), result, set(group_of.values()))):
            pairs.refused.add(result)
            continue
        if len(result) > 1:
            search.note_split(tuple(sorted(g + h)))
        for x in pairs.neighbour_groups(g) | pairs.neighbour_groups(h) | {g, h}:
            pairs.around.pop(x, None)
        for u in result:
            for c in u:
                group_of[c] = u
        if not pairs.add_around(result):
            return
