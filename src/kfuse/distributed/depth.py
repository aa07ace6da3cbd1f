"""The halo depth of a time loop on several GPUs, as the model predicts it: halos ``k`` times
wider exchanged every ``k`` steps (:mod:`kfuse.distributed.deep`) trade one exchange per step for
one per ``k`` steps and the points each step of a group computes for its neighbours.

A step's time on a rank is its bytes over the GPU's bandwidth (the calibration's read and write
rates) for the box it computes; an exchange costs the link's measured time for one exchange
replayed in a CUDA graph plus its bytes over the link's bandwidth (the calibration's ``link``).
Per step at depth ``k``: the mean over the group of the grown boxes' compute, plus one exchange
of ``k``-wide halos divided by ``k``, for the slowest rank (every rank computes every rank's
figures from the decomposition, so all pick one depth without asking each other).  The setting
``halo_depth`` 0 takes the depth of :data:`DEPTHS` this predicts fastest (a refused depth gives
way to the next fastest-predicted); :func:`explain` gives the table."""
from __future__ import annotations

import math

from ..errors import PlanError
from ..ir.types import itemsize

DEPTHS = (1, 2, 4, 8)
#: the link's figures where the calibration has none: 2 x H200 over NVLink, NCCL in a CUDA graph
LINK = {"exchange_s": 15e-6, "bw": 3.55e11}


def grown_box(owned: tuple, reach: tuple, sides: tuple, g: int) -> int:
    """Points of the owned box (extents per axis) grown by ``g`` reaches on the sides that have a
    neighbour (``sides``: per axis, (low, high) booleans; ``reach``: per axis, (low, high) widths)."""
    return math.prod(n + g * (lo * has_lo + hi * has_hi)
                     for n, (lo, hi), (has_lo, has_hi) in zip(owned, reach, sides))


def step_seconds(owned: tuple, reach: tuple, sides: tuple, depth: int, bytes_per_point: float,
                 halo_bytes: float, gpu_bw: float, link: dict) -> float:
    """Predicted seconds per step at ``depth`` (``halo_bytes``: what one exchange of a one-step
    halo moves; its ``depth``-wide form moves ``depth`` times that)."""
    compute = sum(grown_box(owned, reach, sides, depth - 1 - s) for s in range(depth)) / depth
    exchange = link["exchange_s"] + depth * halo_bytes / link["bw"] if halo_bytes else 0.0
    return compute * bytes_per_point / gpu_bw + exchange / depth


def figures(step, rank: int | None = None) -> dict:
    """What the model reads of a :class:`~kfuse.distributed.rank_step.RankStep` for ``rank`` of
    its decomposition (default its own): the owned extents, one step's reach and the sides with a
    neighbour, the bytes per point (every array of the grid its launches read or write), and one
    exchange's bytes."""
    from .exchange import exchange_plan
    decomp = step.decomp
    rank = step.comm.rank if rank is None else rank
    owned = tuple(hi - lo for lo, hi in decomp.box(rank))
    reach = [[0, 0] for _ in owned]
    for h in step.halos.values():
        for a, (lo, hi) in enumerate(h.widths):
            reach[a] = [max(reach[a][0], lo), max(reach[a][1], hi)]
    sides = []
    for a in range(len(owned)):
        low = tuple(-1 if b == a else 0 for b in range(len(owned)))
        high = tuple(1 if b == a else 0 for b in range(len(owned)))
        sides.append((decomp.neighbour(rank, low) is not None, decomp.neighbour(rank, high) is not None))
    per_point = 0.0
    for launch in step.spec.launches:
        for arg in launch.args:
            if arg.kind in ("in", "out") and arg.value in step.grid_arrays:
                per_point += itemsize(step.program.value(arg.value).type.dtype)
    halos = {n: h for n, h in step.halos.items() if not h.empty}
    halo_bytes = 0
    for name, h in halos.items():
        size = itemsize(step.program.value(name).type.dtype)
        halo_bytes += sum(m.nbytes for m in exchange_plan(decomp, rank, {name: h}, size))
    return {"owned": owned, "reach": tuple(map(tuple, reach)), "sides": tuple(sides),
            "bytes_per_point": per_point, "halo_bytes": halo_bytes}


def table(step, cal, rank: int | None = None) -> dict:
    """{depth: predicted seconds per step} over :data:`DEPTHS`: for ``rank``, or (None) the
    slowest rank of the decomposition at each depth, the figure every rank computes alike."""
    ranks = range(step.decomp.size) if rank is None else (rank,)
    link = {**LINK, **(getattr(cal, "link", None) or {})}
    gpu_bw = 2.0 / (1.0 / cal.read_bw + 1.0 / cal.write_bw)
    out = {k: 0.0 for k in DEPTHS}
    for r in ranks:
        f = figures(step, r)
        for k in DEPTHS:
            out[k] = max(out[k], step_seconds(f["owned"], f["reach"], f["sides"], k, f["bytes_per_point"],
                                              f["halo_bytes"], gpu_bw, link))
    return out


def choose(entry, cal=None) -> int:
    """The depth :data:`DEPTHS` predicts fastest for a compiled step on DistArrays (``entry``)
    that :func:`kfuse.distributed.deep.deep_step` accepts, by the slowest rank's prediction (the
    same on every rank, so the ranks' exchanges pair up); the next faster-predicted one where a
    depth is refused; 1 on one rank or where every deeper one is refused."""
    step = entry.step
    if step.comm.size == 1:
        return 1
    if cal is None:
        from ..model import load_calibration
        cal = load_calibration()
    kept = entry.__dict__.setdefault("_depth_choice", {})
    key = (cal.read_bw, cal.write_bw, tuple(sorted((getattr(cal, "link", None) or {}).items())))
    if key not in kept:   # once per entry and figures: every rank's boxes are read, not at every call
        kept[key] = _choose(entry, table(step, cal))
    return kept[key]


def _choose(entry, predicted: dict) -> int:
    """The fastest-predicted depth of ``predicted`` that deep_step accepts (1 at worst)."""
    from .deep import deep_step
    for k in sorted(predicted, key=lambda k: (predicted[k], k)):
        if k == 1:
            return 1
        try:
            deep_step(entry, k)
            return k
        except PlanError:
            continue
    return 1


def explain(entry, cal=None) -> list:
    """The model's table in words: per depth, the predicted microseconds per step."""
    if cal is None:
        from ..model import load_calibration
        cal = load_calibration()
    return [f"halo depth {k}: {t * 1e6:.2f} us per step (predicted)" for k, t in table(entry.step, cal).items()]
