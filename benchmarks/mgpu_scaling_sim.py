"""Issue 34 without 4 or 8 GPUs: the multi-GPU suite's scaling workloads at 1, 2, 4 and 8 ranks as
the exchange plans and the model of :mod:`kfuse.bench.multigpu.scaling` predict them, and the
exchange plans of 4 and 8 ranks run on CPU threads against the whole grid.

    PYTHONPATH=src python3 benchmarks/mgpu_scaling_sim.py --out DIR

Writes DIR/scaling_sim.json and DIR/scaling_sim.md; prints the tables."""
from __future__ import annotations

import argparse
import json
import os

#: (workload, split per rank count or "auto"): heat-3d with the issue's 2-D split from 4 ranks on
CASES = [("jacobi-2d-16384-weak", "auto"), ("jacobi-2d-16384-strong", "auto"),
         ("heat-3d-512-weak", "2d"), ("heat-3d-512-weak", "auto"), ("cg-poisson-3d", "auto")]
#: the issue's targets (ranks -> efficiency)
TARGETS = {"jacobi-2d-16384-weak": {4: 0.96, 8: 0.95}, "jacobi-2d-16384-strong": {4: 0.90, 8: 0.80},
           "heat-3d-512-weak": {8: 0.95}, "cg-poisson-3d": {8: 0.80}}
SIMULATIONS = [("jacobi-2d", (67, 45), 4, "auto"), ("jacobi-2d", (67, 45), 8, (4, 2)),
               ("jacobi-2d", (67, 45), 8, (8, 1)), ("heat-3d", (23, 19, 17), 4, (2, 2, 1)),
               ("heat-3d", (23, 19, 17), 8, (4, 2, 1)), ("heat-3d", (23, 19, 17), 8, (2, 2, 2))]


def _split(kind: str, ranks: int):
    if kind != "2d" or ranks < 4:
        return "auto"
    return (ranks // 2, 2, 1)


def _target(r) -> str:
    return "" if r["target"] is None else f"{100 * r['target']:.0f}%"


def main():
    from kfuse.bench.multigpu import scaling
    from kfuse.bench.multigpu.workloads import WORKLOADS
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for name, kind in CASES:
        for dtype in ("float32", "float64"):
            for ranks in (2, 4, 8):
                r = scaling.predict(WORKLOADS[name], ranks, dtype, _split(kind, ranks))
                r["target"] = TARGETS.get(name, {}).get(ranks)
                rows.append(r)
    sims = [{"stencil": s, "shape": list(shape), "ranks": p, "split": split if split == "auto" else list(split),
             "steps": 6, "max_abs_diff": scaling.simulate(s, shape, p, 6, split)} for s, shape, p, split in SIMULATIONS]
    head = ("| workload | dtype | ranks | split | msgs | bytes out | compute µs | exchange µs | serial eff. | "
            "overlapped eff. | target |\n|" + "---|" * 11)
    lines = [head] + [
        f"| {r['workload']} | {r['dtype']} | {r['ranks']} | {'x'.join(map(str, r['dims']))} | {r['messages']} | "
        f"{r['send_bytes']} | {r['compute_us']:.0f} | {r['exchange_us']:.0f} | {100 * r['efficiency_serial']:.1f}% | "
        f"{100 * r['efficiency_overlapped']:.1f}% | {_target(r)} |"
        for r in rows]
    sim = ["| stencil | grid | ranks | split | steps | largest difference from the whole grid |", "|---|---|---|---|---|---|"]
    sim += [f"| {s['stencil']} | {'x'.join(map(str, s['shape']))} | {s['ranks']} | {s['split']} | {s['steps']} | "
            f"{s['max_abs_diff']:.1e} |" for s in sims]
    text = ("# Multi-GPU scaling without the GPUs (model and simulated exchange plans)\n\n"
            + "\n".join(lines) + "\n\n" + "\n".join(sim) + "\n")
    print(text)
    with open(os.path.join(a.out, "scaling_sim.md"), "w") as f:
        f.write(text)
    with open(os.path.join(a.out, "scaling_sim.json"), "w") as f:
        json.dump({"link": scaling.LINK, "efficiency": scaling.EFFICIENCY, "ceiling_Bps": scaling.CEILING_BPS,
                   "split": scaling.SPLIT, "predictions": rows, "simulations": sims}, f, indent=1)


if __name__ == "__main__":
    main()
