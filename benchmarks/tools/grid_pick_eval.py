"""How good the model's pick is among measured grid-kernel variants: for each swept workload,
the measured time of the variant the current model ranks first over the best measured one,
and the rank correlation of predicted and measured times.  Reads the JSON of
``benchmarks/stencil_variants.py`` (no GPU needed).

    PYTHONPATH=src:. python3 benchmarks/tools/grid_pick_eval.py results/.../variants_*.json
"""
from __future__ import annotations

import json
import sys

from kfuse import spaces
from kfuse.model import load_calibration
from kfuse.model.predict import predict_plan


def program_of(name: str, dtype: str):
    """The traced program of a sweep row's workload (bench names carry a size; test cases not)."""
    if "-" in name:
        from benchmarks.stencil_variants import bench_program_only
        return bench_program_only(name, dtype)
    from benchmarks.stencil_variants import SIZES
    import tests.stencil_programs as sp
    from tests.unit.test_stencil import traced
    factory, _, extra = sp.CASES[name]
    old = sp.CASES[name]
    sp.CASES[name] = (factory, SIZES[name], extra)
    try:
        return traced(name, "C", dtype)
    finally:
        sp.CASES[name] = old


def spearman(a: list, b: list) -> float:
    """Rank correlation of two equally long lists."""
    def ranks(x):
        order = sorted(range(len(x)), key=lambda i: x[i])
        r = [0] * len(x)
        for k, i in enumerate(order):
            r[i] = k
        return r
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    if n < 2:
        return 1.0
    d = sum((x - y) ** 2 for x, y in zip(ra, rb))
    return 1 - 6 * d / (n * (n * n - 1))


def evaluate(paths: list) -> list:
    """Print and return, per (workload, dtype), the model's pick among the swept variants the
    grid space still generates, its measured time over the best one's, and the rank correlation."""
    from benchmarks.stencil_variants import grid_variants
    cal = load_calibration("NVIDIA H200")
    groups: dict = {}
    for path in paths:
        for r in json.load(open(path))["rows"]:
            groups.setdefault((r["workload"], r.get("dtype") or "float32"), []).append(r)
    out = []
    for (name, dtype), rows in groups.items():
        prog = program_of(name, dtype)
        calls = list(range(len(prog.calls)))
        current = grid_variants(prog, calls, spaces.program_info(prog))
        rows = [r for r in rows if r["params"] in current]   # what the search still considers
        preds = [predict_plan(prog, [(calls, r["params"])], cal)["gpu_s"] * 1e6 for r in rows]
        meas = [r["us"] for r in rows]
        pick = min(range(len(rows)), key=lambda i: preds[i])
        best = min(meas)
        out.append({"workload": name, "dtype": dtype, "variants": len(rows), "pick": rows[pick]["params"],
                    "pick_us": meas[pick], "best_us": best, "pick_over_best": meas[pick] / best,
                    "spearman": spearman(preds, meas)})
        print(f"{name:12s} {dtype:8s} n={len(rows):3d} pick {meas[pick]:8.1f} us / best {best:8.1f} "
              f"= {meas[pick] / best:5.2f}  rho {spearman(preds, meas):5.2f}  {rows[pick]['params']}")
    return out


if __name__ == "__main__":
    evaluate(sys.argv[1:])
