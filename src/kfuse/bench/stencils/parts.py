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

from ..suite import SuiteSpec, parse_part, split
from ..suite import merge as _merge

SCHEMA = "kfuse-bench-stencils/1"
SPEC = SuiteSpec(name="stencil", schema=SCHEMA, measured="ceilings", measured_ok="read_GBs",
                 measured_same=("read_GBs", "write_GBs", "copy_GBs"),
                 record_key=("impl", "workload", "dtype"))


def _workloads(parts: list[dict]) -> dict:
    """Every part's workloads and their shapes."""
    workloads: dict = {}
    for p in parts:
        workloads.update(p.get("meta", {}).get("workloads") or {})
    return {"workloads": workloads}


def merge(parts: list[dict], names: list[str] | None = None) -> dict:
    """One results dict from several (``results.json`` of runs of the same suite, quick or
    full alike).  Records: every part's, a later part's record replacing an earlier one of the
    same (impl, workload, dtype); each record whose part measured other ceilings than the
    first part's carries its own (``ceilings``).  Meta: the first part's, with every part's
    command, part, ceilings, workloads and wall time.  ValueError when the parts do not belong
    together (:func:`kfuse.bench.suite.merge`)."""
    return _merge(parts, names, SPEC, _workloads, keep_measured=True)


__all__ = ["SCHEMA", "SPEC", "parse_part", "split", "merge"]
