"""The JSON the multi-GPU suite writes: each rank's file (``rank<R>.json``: the rank, its
device's copy bandwidth, one record per peer, workload and dtype), the checks that a file has
that shape, and the merge of the ranks into one row per point (the slowest rank's times, the
worst check) with the derived figures: scaling efficiency, exposed communication and the
fraction of the DRAM limit, TFLOP/s per GPU."""
from __future__ import annotations

from ...errors import ArgumentError

RANK_SCHEMA = "kfuse-bench-multigpu-rank/1"
RESULTS_SCHEMA = "kfuse-bench-multigpu/1"
RANK_KEYS = ("schema", "rank", "size", "launch", "peer_records", "copy_GBps")
RECORD_KEYS = ("peer", "workload", "dtype", "gpus", "rank", "status", "bytes_per_step", "halo_bytes")
STATUSES = ("ok", "wrong", "failed", "refused", "skipped")
TIMES = ("step_ms", "compute_ms", "halo_ms", "allreduce_ms")


def check_rank_file(doc: dict, where: str = "rank file") -> dict:
    """``doc`` if it is a rank file of :data:`RANK_SCHEMA`; else ArgumentError naming what is
    wrong."""
    if not isinstance(doc, dict):
        raise ArgumentError(f"{where}: a JSON object expected, got {type(doc).__name__}")
    if doc.get("schema") != RANK_SCHEMA:
        raise ArgumentError(f"{where}: schema is {doc.get('schema')!r}, not {RANK_SCHEMA!r}")
    missing = [k for k in RANK_KEYS if k not in doc]
    if missing:
        raise ArgumentError(f"{where}: no {missing[0]!r}")
    for i, rec in enumerate(doc["peer_records"]):
        gone = [k for k in RECORD_KEYS if k not in rec]
        if gone:
            raise ArgumentError(f"{where}: record {i} has no {gone[0]!r}")
        if rec["status"] not in STATUSES:
            raise ArgumentError(f"{where}: record {i} has status {rec['status']!r}, not one of {STATUSES}")
        if rec["status"] == "ok" and "step_ms" not in rec:
            raise ArgumentError(f"{where}: record {i} is ok but has no step_ms")
    return doc


def _worst_status(recs: list) -> str:
    for s in ("failed", "wrong", "refused", "skipped"):
        if any(r["status"] == s for r in recs):
            return s
    return "ok"


def merge_ranks(rank_files: list) -> list:
    """One point per (peer, workload, dtype, gpus): the slowest rank's times, the worst status
    and check error, the lowest copy bandwidth of the ranks."""
    groups: dict = {}
    for doc in rank_files:
        for rec in doc["peer_records"]:
            key = (rec["peer"], rec["workload"], rec["dtype"], rec["gpus"])
            groups.setdefault(key, []).append({**rec, "copy_GBps": doc.get("copy_GBps")})
    points = []
    for (peer, wl, dtype, gpus), recs in groups.items():
        p = {"peer": peer, "workload": wl, "dtype": dtype, "gpus": gpus, "ranks": len(recs),
             "status": _worst_status(recs), "bytes_per_step": max(r["bytes_per_step"] for r in recs),
             "halo_bytes": max(r["halo_bytes"] for r in recs),
             "flops_per_step": max((r.get("flops_per_step") or 0) for r in recs) or None}
        notes = [r["note"] for r in recs if r.get("note")]
        if notes:
            p["note"] = notes[0]
        errs = [r["check"]["max_abs_err"] for r in recs if r.get("check", {}).get("max_abs_err") is not None]
        p["check_max_abs_err"] = max(errs) if errs else None
        for t in TIMES:
            vals = [r[t] for r in recs if r.get(t) is not None]
            p[t] = max(vals) if vals and p["status"] == "ok" else None
        bws = [r["copy_GBps"] for r in recs if r.get("copy_GBps")]
        p["copy_GBps"] = min(bws) if bws else None
        points.append(p)
    return points


def derive(points: list, scaling: dict) -> list:
    """Each point with ``efficiency`` (against the same peer's 1-GPU time: t1 / (P tP) strong,
    t1 / tP weak; ``scaling``: workload -> "strong" or "weak"), ``exposed_ms`` (step minus
    compute alone), ``dram_frac`` (bytes per step / step time / copy bandwidth) and ``tflops``
    (TFLOP/s per GPU, where the workload counts flops)."""
    one = {(p["peer"], p["workload"], p["dtype"]): p["step_ms"] for p in points if p["gpus"] == 1}
    out = []
    for p in points:
        q = dict(p)
        t, t1 = p.get("step_ms"), one.get((p["peer"], p["workload"], p["dtype"]))
        q["efficiency"] = efficiency(t1, t, p["gpus"], scaling.get(p["workload"], "strong"))
        q["exposed_ms"] = t - p["compute_ms"] if t is not None and p.get("compute_ms") is not None else None
        q["dram_frac"] = dram_fraction(p["bytes_per_step"], t, p.get("copy_GBps"))
        q["tflops"] = p["flops_per_step"] / (t * 1e-3) / 1e12 if t and p.get("flops_per_step") else None
        out.append(q)
    return out


def efficiency(t1, tp, gpus: int, scaling: str):
    """Scaling efficiency from the 1-GPU and P-GPU step times (None if either is missing)."""
    if not t1 or not tp:
        return None
    return t1 / tp / gpus if scaling == "strong" else t1 / tp


def dram_fraction(nbytes: int, step_ms, copy_GBps):
    """The fraction of the copy bandwidth one step's bytes reach (None without both)."""
    if not step_ms or not copy_GBps:
        return None
    return nbytes / (step_ms * 1e-3) / (copy_GBps * 1e9)
