"""Merging BLAS-3 results of several ``--part N/M`` commands into one (``--merge``).

    kfuse bench --blas3 --part 1/4 --out r1     (one device command each)
    ...
    kfuse bench --blas3 --merge r1 r2 r3 r4 --out merged

Parts deal the points round-robin in the suite's order, so each gets a share of every size.
Each part measures its own peaks; a record whose part measured other peaks than the first
part's keeps its own (``peaks``), so its fraction of peak uses them.
"""
from __future__ import annotations

SCHEMA = "kfuse-bench-blas3/1"
PEAK_KEYS = ("ffma_probe_tflops", "tf32_datasheet_tflops")


def record_key(rec: dict) -> tuple:
    return (rec["impl"], rec["variant"], rec["size"], rec["precision"])


def merge(parts: list[dict], names: list[str] | None = None) -> dict:
    """One results dict from several; a later part's record replaces an earlier one of the same
    (impl, variant, size, precision).  ValueError when the parts do not belong together."""
    if not parts:
        raise ValueError("--merge needs at least one results folder")
    names = names or [f"part {i + 1}" for i in range(len(parts))]
    for p, name in zip(parts, names):
        if p.get("schema", SCHEMA) != SCHEMA:
            raise ValueError(f"--merge: {name} is not a BLAS-3 suite result ({p.get('schema')!r})")
    quick = {bool(p.get("meta", {}).get("quick")) for p in parts}
    if len(quick) > 1:
        raise ValueError("--merge: the folders mix --quick and full runs")
    peaks = next((p["peaks"] for p in parts if (p.get("peaks") or {}).get("ffma_probe_tflops")),
                 parts[0].get("peaks"))
    records: dict = {}
    replaced = []
    for p, name in zip(parts, names):
        own = p.get("peaks") or {}
        for rec in p.get("records", []):
            rec = dict(rec)
            if own.get("ffma_probe_tflops") and any(own.get(k) != (peaks or {}).get(k) for k in PEAK_KEYS):
                rec["peaks"] = own
            key = record_key(rec)
            if key in records:
                replaced.append(f"{' '.join(key)} (from {name})")
            records[key] = rec
    meta = dict(parts[0].get("meta", {}))
    impls: list = []
    points: list = []
    for p in parts:
        m = p.get("meta", {})
        impls += [i for i in m.get("impls") or [] if i not in impls]
        points += [x for x in m.get("points") or [] if x not in points]
    meta.update({"impls": impls or meta.get("impls"), "points": points, "part": None,
                 "merged_from": [{"folder": n, "command": p.get("meta", {}).get("command"),
                                  "part": p.get("meta", {}).get("part"),
                                  "wall_s": p.get("meta", {}).get("wall_s")}
                                 for p, n in zip(parts, names)],
                 "wall_s": round(sum(p.get("meta", {}).get("wall_s") or 0 for p in parts), 1)})
    notes: dict = {}
    for p, name in zip(parts, names):
        for k, v in (p.get("impl_notes") or {}).items():
            notes[k] = f"{notes[k]} | {name}: {v}" if k in notes else f"{name}: {v}"
    if replaced:
        notes["merge"] = "a later folder replaced: " + "; ".join(replaced)
    return {"schema": SCHEMA, "meta": meta, "peaks": peaks, "impl_notes": notes,
            "records": list(records.values())}
