"""The workloads of the multi-GPU suite, one registry entry each: the stencils
(:mod:`.stencil_workload`: jacobi-2d, heat-3d), CG on a 3-D Poisson matrix (:mod:`.cg_workload`),
the row-split GEMM and one-field and several-field applications of the application suite
(:mod:`.gemm_workload`, :mod:`.app_workload`).  Every workload has a name, a ``kind`` (the
stencil's name, "cg", "gemm" or "app"), a scaling, its dtypes, the boxes of the ranks, the DRAM
bytes (and flops) of one step on the busiest GPU, the bytes of a rank's exchange, and the float64
``reference`` of a rank's box after a few steps with the ``tolerance`` of the check.
"""
from __future__ import annotations

from ...errors import ArgumentError
from .app_workload import AppWorkload
from .cg_workload import CGWorkload
from .gemm_workload import GemmWorkload
from .stencil_workload import DTYPES, SCALINGS, STENCILS, ScaledWorkload, init_block

__all__ = ["DTYPES", "SCALINGS", "STENCILS", "ScaledWorkload", "CGWorkload", "GemmWorkload", "AppWorkload",
           "WORKLOADS", "ORDER", "select", "init_block", "reference_window"]

WORKLOADS = {w.name: w for w in (
    ScaledWorkload("jacobi-2d-16384-strong", "jacobi-2d", (16384, 16384), "strong"),
    ScaledWorkload("jacobi-2d-4096-strong", "jacobi-2d", (4096, 4096), "strong"),
    ScaledWorkload("jacobi-2d-16384-weak", "jacobi-2d", (16384, 16384), "weak"),
    ScaledWorkload("heat-3d-512-weak", "heat-3d", (512, 512, 512), "weak"),
    CGWorkload("cg-poisson-3d", "cg", (216, 216, 216), "weak"),
    GemmWorkload("gemm-8192-rows", "gemm", (8192, 8192, 8192), "strong"),
    AppWorkload("app-heat7-512-weak", "app", (512, 512, 512), "weak", app="heat7"),
    AppWorkload("app-wave2d-8192-weak", "app", (8192, 8192), "weak", app="wave2d"),
)}
ORDER = tuple(WORKLOADS)


def select(names=None, include_slots: bool = False) -> list:
    """The workloads named (a workload's name or a stencil's, for all of its sizes), in the
    suite's order; the ready ones when ``names`` is None."""
    if not names:
        return [w for w in WORKLOADS.values() if w.ready or include_slots]
    out = []
    for n in names:
        hit = [w for w in WORKLOADS.values() if n in (w.name, w.kind)]
        if not hit:
            raise ArgumentError(f"--workload {n!r}: no such workload; known: {', '.join(ORDER)}")
        not_ready = [w.name for w in hit if not w.ready]
        if not_ready and len(not_ready) == len(hit):
            raise ArgumentError(f"--workload {n!r}: {not_ready[0]} is a registry slot, not runnable yet")
        out += [w for w in hit if w.ready and w not in out]
    return [w for w in WORKLOADS.values() if w in out]


def reference_window(wl, gpus: int, box: tuple, steps: int):
    """The float64 values of workload ``wl`` on ``box`` after ``steps`` steps."""
    return wl.reference(gpus, box, steps)
