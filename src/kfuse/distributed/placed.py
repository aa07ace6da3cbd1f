"""A planned step on one rank of a decomposed grid: every grid kernel of the plan placed on the
rank's block (:mod:`kfuse.spaces.grid.placement`), each array of the grid's shape it loads or
stores held in the rank's padded block of that array's halo."""
from __future__ import annotations

import dataclasses

from ..codegen.module import generate
from ..errors import PlanError
from .. import spaces
from ..spaces.grid.placement import Placement, placeable
from ..spaces.registry import program_info
from .exchange import local_box
from .halo import Halo


def rank_placements(program, plan, decomp, rank: int, halos: dict) -> dict:
    """{kernel name: Placement} of ``plan``'s kernels on ``rank`` (``halos``: {array: Halo}; an
    array without one is held without padding).  A kernel that is not a grid kernel is refused."""
    info = program_info(program)
    grid = spaces.get("grid")
    shape = tuple(decomp.shape)
    none = Halo(((0, 0),) * len(shape))
    out = {}
    for kp in plan.kernels:
        if kp.space != "grid":
            raise PlanError(f"kernel {kp.name} ({kp.space} space) reads the grid whole: only grid kernels run "
                            "on a rank's block")
        frame = grid.frame(program, kp.calls, kp.params, info)
        names = sorted(v for v in frame.shape if tuple(frame.shape[v]) == shape)
        blocks = tuple((v, local_box(decomp, rank, halos.get(v, none))) for v in names)
        out[kp.name] = Placement(shape, decomp.box(rank), blocks)
    return out


def placed_plan(plan):
    """``plan`` with each grid kernel's parameters as a placed kernel takes them
    (:func:`kfuse.spaces.grid.placement.placeable`: vector accesses, adjacent rows and staged
    tiles kept)."""
    kernels = [dataclasses.replace(k, params=placeable(k.params)) if k.space == "grid" else k for k in plan.kernels]
    return dataclasses.replace(plan, kernels=kernels)


def rank_module(program, plan, decomp, rank: int, halos: dict):
    """The CUDA C module of ``plan`` (made placeable: :func:`placed_plan`) for ``rank``
    (:func:`kfuse.codegen.module.generate` with every kernel placed by :func:`rank_placements`)."""
    plan = placed_plan(plan)
    return generate(program, plan, placements=rank_placements(program, plan, decomp, rank, halos))
