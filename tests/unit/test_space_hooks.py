"""Issue 18, point 1: the search asks a space what to do with its fusions through attributes
and hooks of :class:`kfuse.spaces.Space` (``fissions_over_budget``, ``seeds_components``,
``local_search``, :meth:`Space.launch_refusal`), never by its name: the toy
space opts in and out of each by setting the attribute alone.
"""
from __future__ import annotations

import contextlib

import kfuse
from kfuse import config, spaces
from kfuse.fusion import local
from kfuse.fusion.fission import launch_refusal
from kfuse.fusion.search import Search
from kfuse.model import load_calibration
from kfuse.model.planner import make_search
from kfuse.spaces.grid.space import GridSpace
from ..toy_space import registered

CHAIN = ("vector x(n), y(n), z(n), w(n); input x, y; z = toy_pair(x, y); w = toy_pair(z, y); "
         "return w;")
APART = ("vector x(n), y(n), z(n), w(n); input x, y; z = toy_pair(x, y); w = toy_pair(x, y); "
         "return z, w;")


@contextlib.contextmanager
def toy(**attrs):
    """The toy space registered, with ``attrs`` set on its instance for the block."""
    with registered():
        space = spaces.get("pairs")
        for name, value in attrs.items():
            setattr(space, name, value)
        yield space


def search_of(script: str, n: int = 5000):
    program = kfuse.parse(script, "toy", "float32").bind({"n": n})
    return make_search(program, load_calibration())


def test_defaults_and_grid():
    """The base space opts out of every search hook but the local search; the grid opts in."""
    assert (spaces.Space.fissions_over_budget, spaces.Space.seeds_components,
            spaces.Space.local_search) == (False, False, True)
    grid = spaces.get("grid")
    assert isinstance(grid, GridSpace)
    assert (grid.fissions_over_budget, grid.seeds_components, grid.local_search) == (True, True, False)


def test_seeds_components_by_attribute(monkeypatch):
    """Seeding the greedy: a chain of two toy calls starts as one kernel only where the space
    seeds components."""
    seeded = []
    original = Search._seed_components

    def seed(self, near, group_of):
        original(self, near, group_of)
        seeded.append(dict(group_of))

    monkeypatch.setattr(Search, "_seed_components", seed)
    for seeds, want in ((False, {0: (0,), 1: (1,)}), (True, {0: (0, 1), 1: (0, 1)})):
        seeded.clear()
        with toy(seeds_components=seeds):
            search_of(CHAIN).greedy()
        assert seeded == [want], seeds


def test_fissions_over_budget_by_attribute():
    """Fission of a legal two-component toy fusion that has launch variants: tried only where
    the space fissions over budget; its reason comes from the space's launch_refusal hook."""
    for over, want in ((False, None), (True, ((0,), (1,)))):
        with toy(fissions_over_budget=over) as space:
            space.launch_refusal = lambda program, calls, domain, default, fitting, over_budget, info: "toy: too big"
            search = search_of(APART)
            assert search._variants_of((0, 1))
            assert search.split((0, 1)) == want, over
            assert launch_refusal(search.program, [0, 1]) == "toy: too big"


def test_launch_refusal_default():
    """The base hook: a toy fusion whose variants fit launches as it wants."""
    with toy():
        search = search_of(APART)
        assert launch_refusal(search.program, [0, 1]) is None


def test_local_search_by_attribute(monkeypatch):
    """Programs of toy calls only take the stencil path of local_best only where the space has
    no local search."""
    taken = []
    monkeypatch.setattr(local, "_stencil_best", lambda search, greedy, s: taken.append(1) or greedy)
    for has, want in ((True, []), (False, [1])):
        taken.clear()
        with toy(local_search=has), config.override(search_local_min_calls=2, search_time_s=0.2,
                                                    search_kicks=1):
            local.local_best(search_of(CHAIN))
        assert taken == want, has
