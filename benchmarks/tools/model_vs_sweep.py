"""The cost model beside a variant sweep's measurements: for each sweep JSON of
benchmarks/stencil_variants.py (``rows``: params, measured µs), the shipped calibration's
prediction of every variant, their rank correlation (Spearman), and the model's pick among the
swept variants with its measured time against the fastest's (the pick's regret).

    PYTHONPATH=src:. python3 benchmarks/tools/model_vs_sweep.py SWEEP.json... [--out table.md]"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np


def _ranks(x) -> np.ndarray:
    order = np.argsort(x, kind="stable")
    r = np.empty(len(x))
    r[order] = np.arange(len(x))
    return r


def evaluate(path: str) -> dict:
    """One sweep file's row of the table."""
    sys.path.insert(0, "benchmarks")
    from stencil_variants import bench_program_only
    from kfuse.model import load_calibration
    from kfuse.model.predict import predict_plan
    d = json.load(open(path))
    rows = d["rows"]
    name, dtype = rows[0]["workload"], rows[0]["dtype"]
    prog = bench_program_only(name, dtype)
    cal = load_calibration()
    calls = list(range(len(prog.calls)))
    measured = np.array([r["us"] for r in rows])
    predicted = np.array([predict_plan(prog, [(calls, r["params"])], cal)["gpu_s"] * 1e6 for r in rows])
    rho = float(np.corrcoef(_ranks(measured), _ranks(predicted))[0, 1])
    pick = int(np.argmin(predicted))
    best = int(np.argmin(measured))
    return {"sweep": path, "workload": name, "dtype": dtype, "variants": len(rows), "spearman": rho,
            "pick": rows[pick]["params"], "pick_us": float(measured[pick]), "best": rows[best]["params"],
            "best_us": float(measured[best]), "regret": float(measured[pick] / measured[best]),
            "pick_predicted_us": float(predicted[pick])}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sweeps", nargs="+")
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)
    lines = ["| workload | dtype | variants | Spearman | model's pick (measured µs) | fastest (µs) | regret |",
             "|---|---|---|---|---|---|---|"]
    for p in a.sweeps:
        r = evaluate(p)
        lines.append(f"| {r['workload']} | {r['dtype']} | {r['variants']} | {r['spearman']:.2f} | "
                     f"{r['pick']} ({r['pick_us']:.1f}) | {r['best']} ({r['best_us']:.1f}) | {r['regret']:.3f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        open(a.out, "w").write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
