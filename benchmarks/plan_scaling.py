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

Real-application steps (issue 31, item 6): ``--steps`` plans time loops unrolled into one step as
NumPy users write them (``fdtd:20``: 20 steps of a 3-field 2-D FDTD with window updates on
copies, 303 calls; ``jacobi:20``: 20 steps of ``r = u.copy(); r[1:-1, 1:-1] = ...``, 140 calls;
``fdtd:83``: 1,248 calls) with :func:`kfuse.model.planner.best_plan` and the default settings
(caps included), and prints build and plan seconds, kernels, the prediction and which phase a
cap stopped; ``--build N`` times parsing a script and tracing a function of N statements
``y = y + x`` (one name reassigned) against N distinct names (the call limit lifted)::

    PYTHONPATH=src python benchmarks/plan_scaling.py --steps fdtd:20,jacobi:20,fdtd:83
    PYTHONPATH=src python benchmarks/plan_scaling.py --build 10000
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
    from kfuse.fusion.search import make_plan
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


def fdtd_step(steps: int):
    """A 2-D FDTD (TE) time loop over three fields, as the public NumPy benchmark writes it,
    on copies of the arguments."""
    def fdtd(ex, ey, hz):
        ex, ey, hz = ex.copy(), ey.copy(), hz.copy()
        for t in range(steps):
            ey[0, :] = 0.1 * t
            ey[1:, :] = ey[1:, :] - 0.5 * (hz[1:, :] - hz[:-1, :])
            ex[:, 1:] = ex[:, 1:] - 0.5 * (hz[:, 1:] - hz[:, :-1])
            hz[:-1, :-1] = hz[:-1, :-1] - 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])
        return ex, ey, hz
    return fdtd, ["ex", "ey", "hz"]


def jacobi_step(steps: int):
    """``steps`` 5-point Jacobi steps keeping the boundary: a copy, then a window assignment."""
    def jacobi(u):
        for _ in range(steps):
            r = u.copy()
            r[1:-1, 1:-1] = 0.2 * (u[1:-1, 1:-1] + u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
            u = r
        return u
    return jacobi, ["u"]


def measure_step(kind: str, steps: int, n: int, cal) -> dict:
    """Trace and plan one unrolled step (float64, n x n fields)."""
    from kfuse import ShapeDtype
    from kfuse.frontend.trace import lower_spec, trace
    from kfuse.fusion.plan import check_plan
    from kfuse.model.planner import best_plan
    fn, names = {"fdtd": fdtd_step, "jacobi": jacobi_step}[kind](steps)
    spec = lower_spec(names[0], ShapeDtype((n, n), "float64"))
    t0 = time.perf_counter()
    program = trace(fn, names, [spec] * len(names), f"{kind}{steps}")[0]
    build_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    plan = best_plan(program, cal)
    plan_s = time.perf_counter() - t0
    check_plan(program, plan)
    return {"step": f"{kind}:{steps}", "calls": len(program.calls), "build_s": build_s, "plan_s": plan_s,
            "kernels": len(plan.kernels), "us": plan.predicted_s * 1e6,
            "caps": [n for n in plan.notes if "time cap" in n]}


def measure_build(n: int) -> list:
    """Seconds to parse a script and to trace a function of ``n`` statements, one name
    reassigned (``y = y + x``) and ``n`` distinct names."""
    import kfuse
    from kfuse import ShapeDtype
    from kfuse.frontend import builder
    from kfuse.frontend.trace import lower_spec, trace
    builder.MAX_CALLS = max(builder.MAX_CALLS, n + 1)
    rows = []
    for same in (True, False):
        name = (lambda i: "y") if same else (lambda i: f"y{i}")
        prev = (lambda i: "y") if same else (lambda i: "y" if i == 0 else f"y{i - 1}")
        body = "".join(f"{name(i)} = {prev(i)} + x;\n" for i in range(n))
        script = f"vector x(m), y(m);\ninput x, y;\n{body}return {name(n - 1)};\n"
        t0 = time.perf_counter()
        kfuse.parse(script)
        script_s = time.perf_counter() - t0
        ns: dict = {}
        exec("def f(x, y):\n" + "".join(f"    {name(i)} = {prev(i)} + x\n" for i in range(n))
             + f"    return {name(n - 1)}\n", ns)
        spec = lower_spec("x", ShapeDtype((1000,), "float32"))
        t0 = time.perf_counter()
        trace(ns["f"], ["x", "y"], [spec, spec])
        rows.append({"statements": n, "names": "one" if same else "distinct", "script_s": script_s,
                     "trace_s": time.perf_counter() - t0})
    return rows


def main_steps(args, cal) -> dict:
    """``--steps`` and ``--build``: rows printed as they come, returned for the JSON."""
    out = {"steps": [], "build": []}
    for item in filter(None, (args.steps or "").split(",")):
        kind, steps = item.split(":")
        r = measure_step(kind, int(steps), args.grid, cal)
        out["steps"].append(r)
        print(f"{r['step']:>10} {r['calls']:>5} calls | build {r['build_s']:6.2f} s | plan {r['plan_s']:7.2f} s | "
              f"{r['kernels']:>4} kernels {r['us']:10.1f} us" + (f" | {r['caps'][0]}" if r["caps"] else ""),
              flush=True)
    if args.build:
        for r in measure_build(args.build):
            out["build"].append(r)
            print(f"{r['statements']} statements, {r['names']} name(s): script {r['script_s']:.2f} s, "
                  f"trace {r['trace_s']:.2f} s", flush=True)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", default="40,80,150")
    ap.add_argument("--shapes", default="dag,chain")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--ratio", type=float, default=10.0, help="the GGA's time / the default search's")
    ap.add_argument("--population", type=int, default=100)
    ap.add_argument("--stencil", action="store_true", help="SCALE-LES-like stencil programs")
    ap.add_argument("--steps", default=None, help="unrolled application steps, e.g. fdtd:20,jacobi:20,fdtd:83")
    ap.add_argument("--grid", type=int, default=1024, help="--steps: fields of grid x grid (float64)")
    ap.add_argument("--build", type=int, default=0, help="time building N statements reassigning one name")
    ap.add_argument("--out", default=None, help="JSON file (default benchmarks/results/<date>/plan_scaling.json)")
    args = ap.parse_args(argv)
    from kfuse.model.calibration import load_calibration
    cal = load_calibration("NVIDIA H200")
    if args.steps or args.build:
        doc = main_steps(args, cal)
        out = args.out or os.path.join(os.path.dirname(__file__), "results", datetime.date.today().isoformat(),
                                       "plan_scaling_steps.json")
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump({"machine": platform.platform(), "python": sys.version.split()[0], "cpus": os.cpu_count(),
                       "load": os.getloadavg()[0], **doc}, f, indent=1)
        print(f"wrote {out}")
        return 0
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
