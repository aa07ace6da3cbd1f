"""Merging BLAS-3 results of several ``--part N/M`` commands into one (``--merge``).

    kfuse bench --blas3 --part 1/4 --out r1     (one device command each)
    ...
    kfuse bench --blas3 --merge r1 r2 r3 r4 --out merged

Parts deal the points round-robin in the suite's order, so each gets a share of every size.
Each part measures its own peaks; a record whose part measured other peaks than the first
part's keeps its own (``peaks``), so its fraction of peak uses them.
"""
from __future__ import annotations

from ..suite import SuiteSpec
from ..suite import merge as _merge

SCHEMA = "kfuse-bench-blas3/1"
PEAK_KEYS = ("ffma_probe_tflops", "tf32_datasheet_tflops", "fp64_tensor_probe_tflops")
SPEC = SuiteSpec(name="BLAS-3", schema=SCHEMA, measured="peaks", measured_ok="ffma_probe_tflops",
                 measured_same=PEAK_KEYS, record_key=("impl", "variant", "size", "precision", "dtype"))


def _points(parts: list[dict]) -> dict:
    """Every part's points, in order; a merged result is of no one part."""
    points: list = []
    for p in parts:
        points += [x for x in p.get("meta", {}).get("points") or [] if x not in points]
    return {"points": points, "part": None}


def with_dtype(part: dict) -> dict:
    """``part`` with every record's ``dtype`` (float32 where a record from before float64
    points has none)."""
    recs = [dict(r, dtype=r.get("dtype") or "float32") for r in part.get("records", [])]
    return dict(part, records=recs)


def merge(parts: list[dict], names: list[str] | None = None) -> dict:
    """One results dict from several; a later part's record replaces an earlier one of the same
    (impl, variant, size, precision, dtype).  ValueError when the parts do not belong together
    (:func:`kfuse.bench.suite.merge`)."""
    return _merge([with_dtype(p) for p in parts], names, SPEC, _points)
