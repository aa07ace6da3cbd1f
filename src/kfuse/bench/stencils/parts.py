"""Splitting the stencil suite over several commands and merging their results.

The full-size suite does not fit one 10-minute device command, so ``--part N/M`` runs the
N-th of M parts of the workloads, and ``--merge DIR1 DIR2 ... --out DIR`` joins the parts'
results into one ``results.json`` / ``report.md`` / ``stencils.png``::

    kfuse bench --stencils --part 1/3 --out r1     # one device command each
    kfuse bench --stencils --part 2/3 --out r2
    kfuse bench --stencils --part 3/3 --out r3
    kfuse bench --stencils --merge r1 r2 r3 --out merged

Parts deal the workloads round-robin in the suite's order (part N takes workloads N, N+M,
N+2M, ...), so each part gets a share of the large grids, the 31-statement stage and the time
loops.  Each part measures its own ceilings; a merged record keeps the ceilings of the part
that measured it (its limit uses them).
"""
from __future__ import annotations

import re

SCHEMA = "kfuse-bench-stencils/1"


def parse_part(text: str) -> tuple[int, int]:
    """``"N/M"`` -> (N, M) with 1 <= N <= M; ValueError naming the argument otherwise."""
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m:
        raise ValueError(f"--part must be N/M (e.g. 2/3), got {text!r}")
    n, total = int(m.group(1)), int(m.group(2))
    if total < 1 or not 1 <= n <= total:
        raise ValueError(f"--part {text}: N must be in 1..M and M >= 1")
    return n, total


def split(items: list, n: int, total: int) -> list:
    """Part ``n`` of ``total`` of ``items``: items n-1, n-1+total, ... (round-robin)."""
    return [x for i, x in enumerate(items) if i % total == n - 1]


def _same_ceilings(a, b) -> bool:
    keys = ("read_GBs", "write_GBs", "copy_GBs")
    return bool(a and b) and all(a.get(k) == b.get(k) for k in keys)


def merge(parts: list[dict], names: list[str] | None = None) -> dict:
    """One results dict from several (``results.json`` of runs of the same suite, quick or
    full alike).  Records: every part's, a later part's record replacing an earlier one of the
    same (impl, workload, dtype); each record whose part measured other ceilings than the
    first part's carries its own (``ceilings``).  Meta: the first part's, with every part's
    command, part, workloads and wall time.  ValueError when the parts do not belong together."""
    if not parts:
        raise ValueError("--merge needs at least one results folder")
    names = names or [f"part {i + 1}" for i in range(len(parts))]
    quick = {bool(p.get("meta", {}).get("quick")) for p in parts}
    if len(quick) > 1:
        raise ValueError("--merge: the folders mix --quick and full-size runs")
    for p, name in zip(parts, names):
        if p.get("schema", SCHEMA) != SCHEMA:
            raise ValueError(f"--merge: {name} is not a stencil suite result ({p.get('schema')!r})")
    ceilings = next((p["ceilings"] for p in parts if (p.get("ceilings") or {}).get("read_GBs")),
                    parts[0].get("ceilings"))
    records: dict = {}
    replaced = []
    for p, name in zip(parts, names):
        own = p.get("ceilings")
        for rec in p.get("records", []):
            rec = dict(rec)
            if own and (own.get("read_GBs") and not _same_ceilings(own, ceilings)):
                rec["ceilings"] = own
            key = (rec["impl"], rec["workload"], rec["dtype"])
            if key in records:
                replaced.append(f"{' '.join(key)} (from {name})")
            records[key] = rec
    meta = dict(parts[0].get("meta", {}))
    impls: list = []
    workloads: dict = {}
    for p in parts:
        m = p.get("meta", {})
        impls += [i for i in m.get("impls") or [] if i not in impls]
        workloads.update(m.get("workloads") or {})
    meta.update({"impls": impls or meta.get("impls"), "workloads": workloads,
                 "merged_from": [{"folder": n, "command": p.get("meta", {}).get("command"),
                                  "part": p.get("meta", {}).get("part"),
                                  "wall_s": p.get("meta", {}).get("wall_s"),
                                  "ceilings": p.get("ceilings")} for p, n in zip(parts, names)],
                 "wall_s": round(sum(p.get("meta", {}).get("wall_s") or 0 for p in parts), 1)})
    notes: dict = {}
    for p, name in zip(parts, names):
        for k, v in (p.get("impl_notes") or {}).items():
            notes[k] = f"{notes[k]} | {name}: {v}" if k in notes else f"{name}: {v}"
    if replaced:
        notes["merge"] = "a later folder replaced: " + "; ".join(replaced)
    return {"schema": SCHEMA, "meta": meta, "ceilings": ceilings, "impl_notes": notes,
            "records": list(records.values())}
