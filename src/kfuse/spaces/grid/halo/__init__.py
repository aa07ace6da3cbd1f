"""The grid kernel's halo strategies (:mod:`kfuse.spaces.grid.halo.base`) and what the grid
space and lowering ask of all of them together.  :data:`STRATEGIES` is the registry: a new
strategy is its module and one line there."""
from __future__ import annotations

from .base import HaloStrategy
from .recompute import Recompute
from .shared import SharedTiles

#: the strategies, the default (recomputation) first
STRATEGIES: tuple = (Recompute(), SharedTiles())

#: the plan parameters the strategies own, and those naming program values
PARAMS: tuple = tuple(p for s in STRATEGIES for p in s.params)
NAME_PARAMS: tuple = tuple(n for s in STRATEGIES for n in s.name_params)


def tiled(params: dict) -> frozenset:
    """Values the frame evaluates over a whole tile under ``params``."""
    return frozenset().union(*(s.tiled(params) for s in STRATEGIES))


def serving(params: dict) -> tuple:
    """((strategy, the values it serves), ...) for the strategies serving values under ``params``."""
    return tuple((s, s.served(params)) for s in STRATEGIES if s.served(params))


def plain(params: dict) -> bool:
    """Whether ``params`` set no strategy's parameter (every halo recomputed)."""
    return not any(s.sets(params) for s in STRATEGIES)


def refusal(program, calls: list, frame, params: dict, info) -> str | None:
    """The first strategy's reason ``params`` cannot serve their values (None: all can)."""
    return next((why for s in STRATEGIES if (why := s.refusal(program, calls, frame, params, info))), None)


def setting(default: dict) -> HaloStrategy | None:
    """The first strategy ``default`` sets parameters of (None: it sets none)."""
    return next((s for s in STRATEGIES if s.sets(default)), None)


def default(program, calls: list, frame, info) -> dict:
    """The strategies' parameters in a fusion's default plan."""
    out: dict = {}
    for s in STRATEGIES:
        out.update(s.default(program, calls, frame, info))
    return out


def choices(program, calls: list, frame, info) -> list:
    """Each strategy's choices for the variants, in registry order, each once ({} first)."""
    out: list = []
    for s in STRATEGIES:
        out += [c for c in s.choices(program, calls, frame, info) if c not in out]
    return out


def tiles(frame, params: dict, bx: int, by: int) -> dict:
    """Value -> (width, height) of its tile, for a block tile of ``bx`` x ``by`` points."""
    out: dict = {}
    for s in STRATEGIES:
        out.update(s.tiles(frame, params, bx, by))
    return dict(sorted(out.items()))


def shared_bytes(program, frame, params: dict, bx: int, by: int) -> int:
    """Static shared memory the strategies' tiles take per block."""
    return sum(s.shared_bytes(program, frame, params, bx, by) for s in STRATEGIES)


def traffic(geometry, params: dict, facts: dict) -> dict:
    """The strategies' traffic terms, summed per key."""
    out: dict = {}
    for s in STRATEGIES:
        for k, v in s.traffic(geometry, params, facts).items():
            out[k] = out.get(k, 0) + v
    return out
