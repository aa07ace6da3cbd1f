"""The time of a CG or BiCG iteration run resident (one cooperative launch for many
iterations, :mod:`kfuse.spaces.resident`) against the same iteration as fused kernels replayed
from a CUDA graph, and the choice between the two for ``engine="auto"``.

Resident, per iteration: two grid barriers (``barrier_s`` each), the matrix pass (A's bytes
once, plus the gathers of the vectors) at the L2 rate when the matrix and the vectors fit in
``l2_share`` of the L2, else at the DRAM rate, the vector updates at the same rate, and for the
BiCG scatter one atomic per entry: in shared memory (``shared_atomic_rate``) for the share of
entries inside the block's window, else global (the calibration's ``atomic_rate``).

Graph, per iteration: its kernels (CG 3, BiCG 3) at ``gpu_launch_s`` each, the matrix (BiCG:
A and Aᵀ) at the DRAM rate unless it fits in L2, and the vectors.

The calibration's ``resident`` section overrides :data:`DEFAULTS`.  Pure functions of data."""
from __future__ import annotations

import dataclasses

#: the resident terms (seconds, bytes/s, shares): barrier and L2 rate measured on the H200
DEFAULTS = {"barrier_s": 1.5e-6, "l2_bw": 18e12, "l2_share": 0.75, "shared_atomic_rate": 2.0e12}
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

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def _terms(cal) -> dict:
    return {**DEFAULTS, **(getattr(cal, "resident", None) or {})}


def matrix_bytes(n: int, nnz: int, item: int) -> int:
    """CSR bytes: values and column indices per entry, row pointers per row."""
    return nnz * (item + 4) + (n + 1) * 4


def resident_s(solver: str, n: int, nnz: int, item: int, cal, inside: float = 1.0) -> float:
    """Seconds per resident iteration (``inside``: the share of scatter entries summed in
    shared memory rather than by global atomics)."""
    t = _terms(cal)
    vec = VECTORS[solver] * n * item
    total = matrix_bytes(n, nnz, item) + vec
    bw = t["l2_bw"] if total <= t["l2_share"] * cal.l2_bytes else cal.read_bw
    s = 2 * t["barrier_s"] + total / bw
    if solver == "bicg":
        s += nnz * inside / t["shared_atomic_rate"] + nnz * (1.0 - inside) / cal.atomic_rate
    return s


def graph_s(solver: str, n: int, nnz: int, item: int, cal) -> float:
    """Seconds per iteration of the fused kernels replayed from a CUDA graph."""
    mats = 2 if solver == "bicg" else 1
    total = mats * matrix_bytes(n, nnz, item) + VECTORS[solver] * n * item
    bw = _terms(cal)["l2_bw"] if total <= _terms(cal)["l2_share"] * cal.l2_bytes else cal.read_bw
    return KERNELS[solver] * cal.gpu_launch_s + total / bw


def choose(solver: str, n: int, nnz: int, dtype: str, device: str, cal=None) -> Choice:
    """The faster engine for a system by the model (``cal``: the device's calibration)."""
    import numpy as np

    from .calibration import load_calibration
    cal = cal or load_calibration(device)
    item = np.dtype(dtype).itemsize
    res, gra = resident_s(solver, n, nnz, item, cal), graph_s(solver, n, nnz, item, cal)
    engine = "resident" if res < gra else "graph"
    why = (f"resident {res * 1e6:.1f} us per iteration (two grid barriers, A read once) "
           f"{'<' if res < gra else '>='} graph {gra * 1e6:.1f} us ({KERNELS[solver]} kernels)")
    return Choice(engine, res, gra, why)
