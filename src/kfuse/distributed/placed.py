"""A planned step on one rank of a decomposed grid: every grid kernel of the plan placed on the
rank's block (:mod:`kfuse.spaces.grid.placement`), each array of the grid's shape it loads or
stores held in the rank's padded block of that array's halo; a kernel over scalars (or arrays
every rank holds whole) runs whole on every rank."""
from __future__ import annotations

import dataclasses

from ..codegen.module import generate
from ..errors import PlanError
from .. import spaces
from ..spaces.grid.placement import Placement, placeable
from ..spaces.registry import program_info
from .exchange import local_box
from .halo import Halo, on_grid


def rank_placements(program, plan, decomp, rank: int, halos: dict, boxes: dict | None = None) -> dict:
    """{kernel name: Placement, or None: not placed} of ``plan``'s kernels on ``rank``
    (``halos``: {array: Halo}; an array without one is held without padding; ``boxes``: {kernel
    name: the part of the owned box its threads compute}, default all of it).  A kernel that is
    not a grid kernel is not placed: it runs whole on every rank where it touches no array of the
    grid's shape (a scalar kernel finishing ``np.sqrt`` of an all-reduced sum), and is refused
    where it does."""
    info = program_info(program)
    grid = spaces.get("grid")
    shape = tuple(decomp.shape)
    none = Halo(((0, 0),) * len(shape))
    out = {}
    for kp in plan.kernels:
        if kp.space != "grid":
            if touches_grid(program, kp.calls, decomp):
                raise PlanError(f"kernel {kp.name} ({kp.space} space) reads the grid whole: only grid kernels run "
                                "on a rank's block")
            out[kp.name] = None   # scalars and arrays every rank holds whole: run whole on every rank
            continue
        frame = grid.frame(program, kp.calls, kp.params, info)
        names = sorted(v for v in frame.shape if tuple(frame.shape[v]) == shape)
        blocks = tuple((v, local_box(decomp, rank, halos.get(v, none))) for v in names)
        out[kp.name] = Placement(shape, (boxes or {}).get(kp.name, decomp.box(rank)), blocks)
    return out


def touches_grid(program, calls, decomp) -> bool:
    """Whether ``calls`` read or write an array of the decomposed grid's shape."""
    values = {v for c in calls for v in list(program.calls[c].args.values()) + list(program.calls[c].outs.values())}
    return any(on_grid(program, program.base(v), decomp) for v in values)


def placed_plan(plan):
    """``plan`` with each grid kernel's parameters as a placed kernel takes them
    (:func:`kfuse.spaces.grid.placement.placeable`: vector accesses, adjacent rows and staged
    tiles kept)."""
    kernels = [dataclasses.replace(k, params=placeable(k.params)) if k.space == "grid" else k for k in plan.kernels]
    return dataclasses.replace(plan, kernels=kernels)


def rank_module(program, plan, decomp, rank: int, halos: dict, boxes: dict | None = None):
    """The CUDA C module of ``plan`` (made placeable: :func:`placed_plan`) for ``rank``
    (:func:`kfuse.codegen.module.generate` with every kernel placed by :func:`rank_placements`;
    ``boxes``: as that takes them)."""
    plan = placed_plan(plan)
    return generate(program, plan, placements=rank_placements(program, plan, decomp, rank, halos, boxes))
