"""The multi-GPU suite at 4 and 8 GPUs without the GPUs: each workload's decomposition and exchange
plan at P ranks (:func:`plan_stats`), the step time and efficiency a model predicts from them
(:func:`predict`), and the exchange plans run on P CPU threads (:func:`simulate`: NumPy blocks,
:class:`~kfuse.distributed.LocalComm`) against the whole grid's steps.

The model, per step on the busiest rank:

- compute: the rank's DRAM bytes (the workload's ``bytes_per_step``) at ``efficiency`` x the copy
  ceiling (kfuse's one-GPU fraction of the limit for that kind, measured on the H200);
- exchange: ``alpha_s`` (one grouped NCCL send/receive, every neighbour at once) plus the rank's
  largest outgoing bytes at ``beta`` bytes/s per direction; CG adds two all-reduces;
- serial: compute + exchange; overlapped: the larger of the interior's compute and the exchange,
  plus the boundary's compute (the cut faces' share of the rank's points) and the cost of
  splitting the step (a kernel per cut face and a stream join: :data:`SPLIT`, assumed, not
  measured).

Weak-scaling efficiency is T(1) / T(P); strong, T(1) / (P T(P)).  :data:`LINK` holds the H200 x2
figures of ``shared/anchors/mgpu_h200x2.txt``; an 8-GPU NVSwitch node is assumed to give each GPU
the same per-direction rate to every neighbour at once (not measured)."""
from __future__ import annotations

import dataclasses

import numpy as np

#: measured on 2 x H200 (shared/anchors/mgpu_h200x2.txt): NCCL grouped send/recv both ways of 64 KiB
#: 25.8 us, 64 MiB each way 256 us (262 GB/s per direction), a one-element all-reduce 22 us
LINK = {"alpha_s": 25.8e-6, "beta_Bps": 262e9, "allreduce_s": 22.0e-6}
#: the copy ceiling of the H200 (read + write bytes/s) and kfuse's one-GPU fraction of the
#: one-step limit per kind (float32, the H200 bench of 2026-11-28: jacobi-2d 90%, heat-3d 79%;
#: CG: the graph engine's iteration at 16 of 44 us per iteration on the seed-003 profiles, 0.45)
CEILING_BPS = 4.24e12
#: the overlapped step's own cost: one more kernel per cut face (kfuse's gpu_launch_s) and a join
SPLIT = {"face_s": 2.0e-6, "join_s": 3.0e-6}
EFFICIENCY = {"jacobi-2d": 0.90, "heat-3d": 0.79, "cg": 0.45}


@dataclasses.dataclass(frozen=True)
class PlanStats:
    """What the exchange plan of P ranks asks of its busiest rank."""

    ranks: int
    dims: tuple
    messages: int          # messages the busiest rank sends per step
    send_bytes: int        # bytes it sends per step
    points: int            # points it owns
    boundary_points: int   # of those, the ones a neighbour's halo reads (within the halo of a cut face)


def plan_stats(shape: tuple, ranks: int, halo_width: int, itemsize: int, split="auto") -> PlanStats:
    """The decomposition of ``shape`` over ``ranks`` (``split``: "auto" or ranks per axis) and the
    busiest rank's share of its exchange plan for a star stencil of radius ``halo_width``."""
    from ...distributed import Halo, decompose, exchange_plan
    d = decompose(tuple(shape), ranks, split=split)
    halo = Halo(tuple((halo_width, halo_width) if n > 1 else (0, 0) for n in d.dims))
    best = None
    for r in range(ranks):
        msgs = exchange_plan(d, r, {"u": halo}, itemsize)
        box = d.box(r)
        ext = [hi - lo for lo, hi in box]
        points = int(np.prod(ext))
        inner = int(np.prod([max(0, e - 2 * halo_width) if n > 1 else e for e, n in zip(ext, d.dims)]))
        stats = PlanStats(ranks, tuple(d.dims), len(msgs), sum(m.nbytes for m in msgs), points,
                          points - inner)
        if best is None or (stats.send_bytes, stats.points) > (best.send_bytes, best.points):
            best = stats
    return best


def _kind(wl) -> str:
    return "cg" if wl.kind == "cg" else wl.stencil


def predict(wl, ranks: int, dtype: str, split="auto") -> dict:
    """Predicted seconds per step (serial and overlapped) and efficiency of workload ``wl`` on
    ``ranks`` GPUs (its scaling: weak or strong)."""
    item = np.dtype(dtype).itemsize
    kind = _kind(wl)

    def step(p: int) -> tuple:
        shape = wl.global_shape(p)
        stats = plan_stats(shape, p, 1, item, split if p > 1 else "auto")
        compute = _bytes(wl, p, dtype, stats) / (EFFICIENCY[kind] * CEILING_BPS)
        exchange = (LINK["alpha_s"] + stats.send_bytes / LINK["beta_Bps"]) if p > 1 else 0.0
        if kind == "cg" and p > 1:
            exchange += 2 * LINK["allreduce_s"]
        edge = compute * stats.boundary_points / max(1, stats.points)
        split_s = (stats.messages * SPLIT["face_s"] + SPLIT["join_s"]) if p > 1 else 0.0
        return compute, exchange, compute + exchange, max(compute - edge, exchange) + edge + split_s, stats

    c1, _, s1, _, _ = step(1)
    c, e, serial, overlap, stats = step(ranks)
    scale = ranks if wl.scaling == "strong" else 1
    return {"workload": wl.name, "ranks": ranks, "dims": list(stats.dims), "dtype": dtype,
            "messages": stats.messages, "send_bytes": stats.send_bytes, "compute_us": c * 1e6,
            "exchange_us": e * 1e6, "serial_us": serial * 1e6, "overlapped_us": overlap * 1e6,
            "efficiency_serial": s1 / (scale * serial), "efficiency_overlapped": s1 / (scale * overlap)}


def _bytes(wl, ranks: int, dtype: str, stats: PlanStats) -> float:
    """DRAM bytes of a step on the busiest rank: the workload's own count for its row-slab split;
    for another split, its points read and written once."""
    if stats.dims[1:] == (1,) * (len(stats.dims) - 1) or wl.kind == "cg":
        return wl.bytes_per_step(ranks, dtype)
    return 2.0 * stats.points * np.dtype(dtype).itemsize


def simulate(stencil: str, shape: tuple, ranks: int, steps: int, split="auto", exchange: bool = True) -> float:
    """Run ``steps`` steps of ``stencil`` (a key of the suite's STENCILS) on ``ranks`` CPU threads,
    each holding its padded NumPy block and filling its halos by the exchange plan; the largest
    difference from the same steps on the whole grid (0.0: every value equal).  ``exchange=False``
    leaves the halos as they were first filled (a control: the difference is then not 0)."""
    from ...distributed import Halo, LocalComm, decompose, exchange_halos, local_box
    from .stencil_workload import STENCILS, init_block
    from ..stencils import opsets
    step = STENCILS[stencil][0](opsets.get("numpy"))
    d = decompose(tuple(shape), ranks, split=split)
    halo = Halo(tuple((1, 1) if n > 1 else (0, 0) for n in d.dims))
    want = init_block(tuple((0, s) for s in shape), np, "float64")
    for _ in range(steps):
        want = step(want)

    def rank(comm):
        padded = local_box(d, comm.rank, halo)
        block = init_block(padded, np, "float64")
        for _ in range(steps):
            if exchange:
                exchange_halos({"u": block}, d, {"u": halo}, comm)
            block = step(block)
        own = d.box(comm.rank)
        inner = tuple(slice(lo - plo, hi - plo) for (lo, hi), (plo, _) in zip(own, padded))
        return float(np.abs(block[inner] - want[tuple(slice(lo, hi) for lo, hi in own)]).max(initial=0.0))

    return max(LocalComm.run(ranks, rank, timeout=60))
