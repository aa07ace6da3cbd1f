"""Planning whole applications: the default search against greedy and the reference GGA (issue 19).

For synthetic programs (:func:`kfuse.fusion.synthetic.synthetic_program`) of 40, 80 and 150 calls,
"dag" and "chain" shaped, times on this machine (CPU only, no GPU, the shipped H200 calibration):

* greedy: :meth:`Search.greedy` alone (the search over the exhaustive limit before issue 19);
* default: :meth:`Search.best` (greedy, segment DP, local search: :mod:`kfuse.fusion.local`),
  run with the local search enabled whatever the program's size (``search_local_min_calls``);
* gga: the reference grouped genetic algorithm (:mod:`kfuse.fusion.gga`) given ``--ratio``
  (10) times the default search's time, population ``--population`` (100, the seed's);

each from a fresh search (no cost shared), and prints the predicted plan times (µs, the
model's :meth:`Search.combination`) and kernel counts.  Writes JSON to ``--out``::

    PYTHONPATH=src python benchmarks/plan_scaling.py
    PYTHONPATH=src python benchmarks/plan_scaling.py --calls 40,80 --seeds 1,2 --ratio 10
    PYTHONPATH=src python benchmarks/plan_scaling.py --stencil --calls 40,150   # SCALE-LES-like

``--stencil``: synthetic stencil programs (``synthetic_program(stencil=True)``: 5 grid fields of
64x128x128, 4th-order window reads) instead of the BLAS-shaped ones.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time


def _fresh(program, cal):
    from kfuse.model.planner import make_search
    return make_search(program, cal)


def measure(calls: int, shape: str, seed: int, ratio: float, population: int, cal, stencil: bool = False) -> dict:
    """One row of the table."""
    from kfuse import config
    from kfuse.fusion.gga import GGA
    from kfuse.fusion.plan import check_plan
    from kfuse.fusion.space import make_plan
    from kfuse.fusion.synthetic import synthetic_program
    program = synthetic_program(calls, seed, shape, stencil=True, fields=5) if stencil else \
        synthetic_program(calls, seed, shape)
    row = {"calls": calls, "shape": shape, "seed": seed, "stencil": stencil}
    t0 = time.perf_counter()
    g_t, g_k = _fresh(program, cal).greedy()
    row["greedy"] = {"s": time.perf_counter() - t0, "us": g_t * 1e6, "kernels": len(g_k)}
    with config.override(search_local_min_calls=0):
        t0 = time.perf_counter()
        d_search = _fresh(program, cal)
        d_t, d_k = d_search.best()
        d_s = time.perf_counter() - t0
    check_plan(program, make_plan(program, d_k, d_t, d_search.fissioned(d_k)))
    row["default"] = {"s": d_s, "us": d_t * 1e6, "kernels": len(d_k),
                      "fissioned": sum(len(p) for p in d_search.fissioned(d_k))}
    search = _fresh(program, cal)
    t0 = time.perf_counter()
    gga = GGA(search, population, 10 ** 9, ratio * d_s, seed)
    _v, ind = gga.run()
    a_t, a_k = search.combination([list(x) for x in ind])
    check_plan(program, make_plan(program, a_k, a_t))
    row["gga"] = {"s": time.perf_counter() - t0, "us": a_t * 1e6, "kernels": len(a_k),
                  "generations": gga.generation}
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", default="40,80,150")
    ap.add_argument("--shapes", default="dag,chain")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--ratio", type=float, default=10.0, help="the GGA's time / the default search's")
    ap.add_argument("--population", type=int, default=100)
    ap.add_argument("--stencil", action="store_true", help="SCALE-LES-like stencil programs")
    ap.add_argument("--out", default=None, help="JSON file (default benchmarks/results/<date>/plan_scaling.json)")
    args = ap.parse_args(argv)
    from kfuse.model.calibration import load_calibration
    cal = load_calibration("NVIDIA H200")
    rows = []
    print(f"{'calls':>5} {'shape':>5} {'seed':>4} | {'greedy s':>8} {'us':>9} {'k':>3} | {'default s':>9} "
          f"{'us':>9} {'k':>3} | {'gga s':>6} {'gens':>5} {'us':>9} {'k':>3}")
    for calls in (int(x) for x in args.calls.split(",")):
        for shape in args.shapes.split(","):
            for seed in (int(x) for x in args.seeds.split(",")):
                r = measure(calls, shape, seed, args.ratio, args.population, cal, args.stencil)
                rows.append(r)
                g, d, a = r["greedy"], r["default"], r["gga"]
                print(f"{calls:>5} {shape:>5} {seed:>4} | {g['s']:8.2f} {g['us']:9.2f} {g['kernels']:>3} | "
                      f"{d['s']:9.2f} {d['us']:9.2f} {d['kernels']:>3} | {a['s']:6.1f} {a['generations']:>5} "
                      f"{a['us']:9.2f} {a['kernels']:>3}", flush=True)
    out = args.out or os.path.join(os.path.dirname(__file__), "results", datetime.date.today().isoformat(),
                                   "plan_scaling_stencil.json" if args.stencil else "plan_scaling.json")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump({"machine": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count(),
                   "ratio": args.ratio, "population": args.population, "rows": rows}, f, indent=1)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
