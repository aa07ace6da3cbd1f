"""The time of a CG or BiCG iteration run resident (one cooperative launch for many
iterations, :mod:`kfuse.spaces.resident`) against the same iteration as fused kernels replayed
from a CUDA graph, and the choice between the two for ``engine="auto"``.

Resident, per iteration: two grid barriers (``barrier_s`` each, measured at the full cooperative
grid) and the matrix pass at ``entry_s`` seconds per entry of A (by solver and transpose mode,
float32; float64 ``f64`` times that).  The pass is bound by the latency of each lane group's
dependent loads (row pointers, then entries, then the gathered vector), not by bandwidth: the
cooperative grid holds at most a few blocks per SM, and its groups walk their rows one after
another.  The terms were measured on the H200 (2026-11-29, ``benchmarks/resident_solvers.py``:
seed-003 profiles, 2-D and 3-D Poisson), so they describe those systems, in sample.

Graph, per iteration: its kernels (CG 3, BiCG 3) at ``gpu_launch_s`` each, the matrix (BiCG:
A and Aᵀ) at the DRAM rate unless it fits in L2, and the vectors.

The calibration's ``resident`` section overrides :data:`DEFAULTS`.  Pure functions of data."""
from __future__ import annotations

import dataclasses

#: the resident terms, measured on the H200: a grid barrier of 792 blocks; seconds per entry of
#: the matrix pass (float32) by solver and transpose mode; the float64 factor; the graph
#: engine's L2 rate and the share of L2 its working set may fill
DEFAULTS = {"barrier_s": 2.4e-6, "entry_s": {"cg": 6.4e-12, "bicg-scatter": 8.5e-12, "bicg-same": 13.3e-12},
            "f64": 2.1, "l2_bw": 18e12, "l2_share": 0.75}
KERNELS = {"cg": 3, "bicg": 3}
#: vector reads and writes per row and iteration (element sizes): CG x, r, p, q; BiCG adds r̃, p̃, q̃
VECTORS = {"cg": 9, "bicg": 16}


@dataclasses.dataclass(frozen=True)
class Choice:
    """The engine chosen, with both predictions (seconds per iteration) and why."""

    engine: str
    resident_s: float
    graph_s: float
    why: str


def _terms(cal) -> dict:
    return {**DEFAULTS, **(getattr(cal, "resident", None) or {})}


def matrix_bytes(n: int, nnz: int, item: int) -> int:
    """CSR bytes: values and column indices per entry, row pointers per row."""
    return nnz * (item + 4) + (n + 1) * 4


def resident_s(solver: str, n: int, nnz: int, item: int, cal, transpose: str = "scatter") -> float:
    """Seconds per resident iteration."""
    t = _terms(cal)
    key = solver if solver == "cg" else f"bicg-{transpose}"
    entry = t["entry_s"][key] * (t["f64"] if item == 8 else 1.0)
    return 2 * t["barrier_s"] + nnz * entry


def graph_s(solver: str, n: int, nnz: int, item: int, cal) -> float:
    """Seconds per iteration of the fused kernels replayed from a CUDA graph."""
    t = _terms(cal)
    mats = 2 if solver == "bicg" else 1
    total = mats * matrix_bytes(n, nnz, item) + VECTORS[solver] * n * item
    bw = t["l2_bw"] if total <= t["l2_share"] * cal.l2_bytes else cal.read_bw
    return KERNELS[solver] * cal.gpu_launch_s + total / bw


def choose(solver: str, n: int, nnz: int, dtype: str, device: str, cal=None,
           transpose: str = "scatter") -> Choice:
    """The faster engine for a system by the model (``cal``: the device's calibration)."""
    import numpy as np

    from .calibration import load_calibration
    cal = cal or load_calibration(device)
    item = np.dtype(dtype).itemsize
    res, gra = resident_s(solver, n, nnz, item, cal, transpose), graph_s(solver, n, nnz, item, cal)
    engine = "resident" if res < gra else "graph"
    why = (f"resident {res * 1e6:.1f} us per iteration (two grid barriers, the matrix pass) "
           f"{'<' if res < gra else '>='} graph {gra * 1e6:.1f} us ({KERNELS[solver]} kernels)")
    return Choice(engine, res, gra, why)
