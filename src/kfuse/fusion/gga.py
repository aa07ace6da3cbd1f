"""A reference grouped genetic algorithm for the fusion search (not the default search).

The seed (Wahib & Maruyama, HPDC'15, and their SC'14 paper) chose fusions of whole stencil
applications with a customised *grouped* genetic algorithm (Falkenauer's GGA): an individual
is a partition of the calls into kernels (groups), and the genetic operators work on groups,
not on a per-call encoding, so children inherit whole kernels of their parents.  Here:

* **individuals**: partitions of the calls into legal kernels whose kernels can run one after
  another; the first generation starts from the original calls (one kernel each, as the seed's
  GA starts from the original kernels) and random legal merges of neighbours;
* **objective**: the model's predicted plan time, from the same memoised kernel costs the
  default search uses (:class:`kfuse.fusion.local.Evaluator`); the winner is costed by
  :meth:`Search.combination`, like every plan;
* **selection**: tournaments of two; the best individuals survive unchanged (elitism);
* **crossover**: a random set of the second parent's kernels is injected into the first; the
  first parent's kernels that lose calls are dissolved and their remaining calls re-inserted,
  each into a neighbouring kernel it may join (else alone);
* **mutation**: merge two neighbouring kernels, split a kernel at a point of its call order,
  or move a call into a neighbouring kernel;
* **repair**: an illegal kernel is cut into legal runs of its calls; kernels on a cycle of the
  kernel graph are dissolved into single calls until none is left.

Population, generations, a time cap and the seed are parameters (defaults in
:mod:`kfuse.config`: ``gga_population``, ``gga_gens``, ``gga_time_s``)::

    from kfuse.fusion.gga import gga_search
    t, kernels = gga_search(make_search(program, cal), population=100, generations=500)
"""
from __future__ import annotations

import math
import random
import time

from .. import config
from .local import Evaluator

__all__ = ["GGA", "gga_search"]


class GGA:
    """The genetic search over one :class:`Search` (see the module)."""

    def __init__(self, search, population: int, generations: int, time_s: float, seed: int = 0,
                 crossover: float = 0.8, mutation: float = 0.3, elite: int = 2):
        self.ev = Evaluator(search)
        self.search = search
        self.population = max(2, population)
        self.generations = generations
        self.time_s = time_s
        self.rng = random.Random(seed)
        self.crossover_rate = crossover
        self.mutation_rate = mutation
        self.elite = max(1, min(elite, self.population - 1))
        self.calls = sorted(c.id for c in search.program.calls)
        self.generation = 0
        self.history: list = []   # best objective after each generation

    # ------------------------------------------------------------------ individuals
    def fitness(self, ind: tuple) -> float:
        """The objective of an individual (a sorted tuple of sorted call tuples)."""
        return self.ev.cost(ind)

    def random_individual(self) -> tuple:
        """The original calls, then a random number of random legal merges of neighbours."""
        group_of = {c: (c,) for c in self.calls}
        for _ in range(self.rng.randint(0, len(self.calls))):
            c = self.rng.choice(self.calls)
            near = sorted({group_of[n] for n in self.ev.near[c]} - {group_of[c]})
            if near:
                self._merge(group_of, group_of[c], self.rng.choice(near))
        return self._freeze(group_of)

    @staticmethod
    def _freeze(group_of: dict) -> tuple:
        return tuple(sorted(set(group_of.values())))

    def _merge(self, group_of: dict, g: tuple, h: tuple) -> bool:
        """Merge kernels ``g`` and ``h`` where the union is legal and acyclic; where the union
        cannot launch as it wants, as its fission's parts if they cost less (lazy fission,
        :meth:`Search.split`)."""
        union = tuple(sorted(g + h))
        result = (union,) if self.ev.facts(union) is not None else None
        split = getattr(self.search, "split", None)
        parts = split(union) if split is not None else None
        if parts is not None and set(parts) != {g, h} and all(self.ev.facts(p) is not None for p in parts):
            cost = sum(sum(self.ev.facts(p)[:2]) for p in parts)
            if result is None or cost < sum(self.ev.facts(union)[:2]):
                result = parts
        if result is None:
            return False
        trial = dict(group_of)
        for u in result:
            for c in u:
                trial[c] = u
        if not self.ev.acyclic(trial):
            return False
        if len(result) > 1:
            self.search.note_split(union)
        group_of.update(trial)
        return True

    # ------------------------------------------------------------------ operators
    def crossover(self, a: tuple, b: tuple) -> tuple:
        """Inject a random set of ``b``'s kernels into ``a``; dissolve the kernels of ``a`` that
        lose calls and re-insert their other calls next to a neighbour, else alone."""
        cross = [g for g in b if self.rng.random() < 0.5] or [self.rng.choice(b)]
        taken = {c for g in cross for c in g}
        group_of, loose = {}, []
        for g in a:
            if taken.isdisjoint(g):
                for c in g:
                    group_of[c] = g
            else:
                loose.extend(c for c in g if c not in taken)
        for g in cross:
            for c in g:
                group_of[c] = g
        for c in loose:
            group_of[c] = (c,)
        self.rng.shuffle(loose)
        for c in loose:
            near = sorted({group_of[n] for n in self.ev.near[c]} - {group_of[c]})
            self.rng.shuffle(near)
            for h in near[:3]:
                if self._merge(group_of, group_of[c], h):
                    break
        return self.repair(group_of)

    def mutate(self, ind: tuple) -> tuple:
        """One random move: merge two neighbouring kernels, split one, or move a call."""
        group_of = {c: g for g in ind for c in g}
        kind = self.rng.random()
        if kind < 0.4:
            c = self.rng.choice(self.calls)
            near = sorted({group_of[n] for n in self.ev.near[c]} - {group_of[c]})
            if near:
                self._merge(group_of, group_of[c], self.rng.choice(near))
        elif kind < 0.7:
            big = [g for g in ind if len(g) > 1]
            if big:
                g = self.rng.choice(big)
                k = self.rng.randint(1, len(g) - 1)
                for part in (g[:k], g[k:]):
                    for c in part:
                        group_of[c] = part
        else:
            c = self.rng.choice(self.calls)
            g = group_of[c]
            near = sorted({group_of[n] for n in self.ev.near[c]} - {g})
            if near:
                h = self.rng.choice(near)
                rest = tuple(x for x in g if x != c)
                moved = tuple(sorted(h + (c,)))
                if self.ev.facts(moved) is not None and (not rest or self.ev.facts(rest) is not None):
                    trial = dict(group_of)
                    for x in moved:
                        trial[x] = moved
                    for x in rest:
                        trial[x] = rest
                    if self.ev.acyclic(trial):
                        group_of = trial
        return self.repair(group_of)

    def repair(self, group_of: dict) -> tuple:
        """An individual from a partition: illegal kernels cut into legal runs of their calls,
        then kernels on a cycle of the kernel graph dissolved until none is left."""
        for g in set(group_of.values()):
            if self.ev.facts(g) is None:
                for part in self._legal_runs(g):
                    for c in part:
                        group_of[c] = part
        while not self.ev.acyclic(group_of):
            big = [g for g in set(group_of.values()) if len(g) > 1]
            g = max(big, key=lambda x: (len(x), x))   # a cycle needs a kernel of two calls or more
            for c in g:
                group_of[c] = (c,)
        return self._freeze(group_of)

    def _legal_runs(self, g: tuple) -> list:
        """``g``'s calls in order, cut wherever the next call would make the run illegal."""
        runs, cur = [], ()
        for c in g:
            if cur and self.ev.facts(cur + (c,)) is None:
                runs.append(cur)
                cur = ()
            cur = cur + (c,)
        return runs + [cur]

    # ------------------------------------------------------------------ the loop
    def _tournament(self, pop: list) -> tuple:
        a, b = self.rng.sample(pop, 2)
        return a if a[0] <= b[0] else b

    def run(self) -> tuple:
        """(objective, best individual) after the generations or the time cap."""
        deadline = time.perf_counter() + self.time_s
        seen = {}
        start = [tuple((c,) for c in self.calls)]
        while len(start) < self.population:
            start.append(self.random_individual())
        pop = sorted((self._score(ind, seen), ind) for ind in start)
        for gen in range(self.generations):
            if time.perf_counter() >= deadline:
                break
            nxt = pop[:self.elite]
            while len(nxt) < self.population:
                a, b = self._tournament(pop)[1], self._tournament(pop)[1]
                child = self.crossover(a, b) if self.rng.random() < self.crossover_rate else a
                if self.rng.random() < self.mutation_rate or child == a:
                    child = self.mutate(child)
                nxt.append((self._score(child, seen), child))
            pop = sorted(nxt)
            self.generation = gen + 1
            self.history.append(pop[0][0])
        return pop[0]

    def _score(self, ind: tuple, seen: dict) -> float:
        if ind not in seen:
            seen[ind] = self.fitness(ind)
        return seen[ind]


def gga_search(search, population: int | None = None, generations: int | None = None,
               time_s: float | None = None, seed: int = 0) -> tuple:
    """(predicted seconds, [(calls, params)]) of the best plan the reference GGA finds
    (settings from :mod:`kfuse.config` where not given)."""
    s = config.get()
    gga = GGA(search, s.gga_population if population is None else population,
              s.gga_gens if generations is None else generations,
              s.gga_time_s if time_s is None else time_s, seed)
    value, ind = gga.run()
    if not math.isfinite(value):
        raise ValueError("the genetic search found no plan")
    return search.combination([list(g) for g in ind])
