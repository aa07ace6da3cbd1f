"""Temporal blocking in kfuse.iterate on this GPU: per-step time of every depth and block shape
beside the model's prediction, one step per launch (temporal_depth=1) and the copy ceiling
measured in the same run (issue 35, item 2).

    PYTHONPATH=src python3 benchmarks/temporal_sweep.py [--sizes 16384 8192] [--dtypes float32 float64]
        [--threads 256 512] [--rows 256 512] [--out DIR]
    PYTHONPATH=src python3 benchmarks/temporal_sweep.py --heat3d [--sizes 512] [--depths 2 3 4]

``--heat3d``: heat-3d (7 points) on n^3 grids, every tile of ``kfuse.spaces.grid.temporal``
(``--threads`` and ``--rows`` filter its columns and planes), and the least-squares fit of the
model's ``level`` and ``row`` figures per type over the shapes measured (the calibration's
``temporal["3d"]`` table: :func:`kfuse.model.temporal.fit_figures`).

Per point: CUDA events around the whole loop after a warm-up, the median of ``--repeats``
loops, divided by the steps.  "x limit" is the one-step DRAM limit (one read and one write of
the field at the copy ceiling) over the time per step.  JSON and a table in ``--out``."""
from __future__ import annotations

import argparse
import json
import os
import sys
import types

import numpy as np


def jacobi(a):
    import kfuse
    return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))


def heat3d(u):
    import kfuse
    c = (slice(1, -1),) * 3
    return kfuse.interior(u, u[c] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1]
                                           + u[1:-1, :-2, 1:-1] + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2]
                                           - 6 * u[c]))


def heat3d_np(u):
    c = (slice(1, -1),) * 3
    b = u.copy()
    b[c] = u[c] + 0.1 * (u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 2:, 1:-1] + u[1:-1, :-2, 1:-1]
                         + u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2] - 6 * u[c])
    return b


def jacobi_np(a):
    b = a.copy()
    b[1:-1, 1:-1] = 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1])
    return b


def timed(fn, repeats: int) -> float:
    import cupy
    fn()
    cupy.cuda.runtime.deviceSynchronize()
    times = []
    for _ in range(repeats):
        s, e = cupy.cuda.Event(), cupy.cuda.Event()
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(cupy.cuda.get_elapsed_time(s, e) * 1e-3)
    return float(np.median(times))


def copy_ceiling(shape: tuple, dtype: str, repeats: int) -> float:
    import cupy
    a = cupy.ones(shape, dtype)
    b = cupy.empty_like(a)
    t = timed(lambda: cupy.copyto(b, a), repeats)
    return 2 * a.nbytes / t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[16384, 8192])
    ap.add_argument("--dtypes", nargs="+", default=["float32", "float64"])
    ap.add_argument("--depths", type=int, nargs="+", default=[2, 3, 4, 6, 8, 12, 16])
    ap.add_argument("--threads", type=int, nargs="+", default=[128, 256, 512])
    ap.add_argument("--rows", type=int, nargs="+", default=[256, 512])
    ap.add_argument("--steps", type=int, default=96)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--out", default=os.environ.get("OUT", "out"))
    ap.add_argument("--heat3d", action="store_true", help="heat-3d on n^3 grids instead of jacobi-2d on n^2")
    args = ap.parse_args(argv)
    if args.heat3d and args.sizes == [16384, 8192]:
        args.sizes = [512]
    import cupy
    import kfuse
    from kfuse import loop_temporal
    from kfuse.model.calibration import load_calibration
    from kfuse.model.temporal import pass_cost
    from kfuse.platform import device
    from kfuse.spaces.grid.temporal import Blocking, shapes
    cal = load_calibration(device.planning_device())
    step, twin = (heat3d, heat3d_np) if args.heat3d else (jacobi, jacobi_np)
    rows_out = []
    print(f"{'n':>6} {'dtype':>8} {'depth':>5} {'thr':>6} {'rows':>4} {'res':>3} {'us/step':>9} {'pred':>9} "
          f"{'x limit':>8} {'GB/s copy':>9} {'eff GB/s':>9}  how", flush=True)
    for n in args.sizes:
        for dtype in args.dtypes:
            shape = (n,) * (3 if args.heat3d else 2)
            ceil = copy_ceiling(shape, dtype, args.repeats)
            host = np.random.default_rng(0).random(shape).astype(dtype)
            d = cupy.asarray(host)
            nbytes = d.nbytes
            limit = 2 * nbytes / ceil
            low = kfuse.loops.lower(step, host)
            entry = types.SimpleNamespace(exe=low.executable, bound=(), structure=low.structure)
            facts, why = loop_temporal.facts_of(low.executable, low.structure.sources)
            auto = kfuse.loops.temporal_plan(step, host, args.steps)

            def row(depth, thr, rws, t, pred, how, resident=None, ty=1, cost=None):
                r = {"n": n, "dtype": dtype, "depth": depth, "threads": thr, "rows": rws, "tile_rows": ty,
                     "us_per_step": t * 1e6, "pass_s": t * depth,
                     "cost": None if cost is None else {"memory_s": cost.memory_s, "issue_s": cost.issue_s},
                     "predicted_us": None if pred is None else pred * 1e6, "x_limit": limit / t,
                     "copy_gbs": ceil / 1e9, "limit_us": limit * 1e6, "how": how, "resident_blocks": resident,
                     "effective_gbs": 2 * nbytes / t / 1e9}
                rows_out.append(r)
                tile = f"{ty}x{thr}" if ty > 1 else (thr or "")
                print(f"{n:>6} {dtype:>8} {depth:>5} {tile:>6} {rws or '':>4} {resident or '':>3} {t * 1e6:9.1f} "
                      f"{'' if pred is None else f'{pred * 1e6:9.1f}':>9} {limit / t:8.2f} {ceil / 1e9:9.0f} "
                      f"{2 * nbytes / t / 1e9:9.0f}  {how}", flush=True)
            with kfuse.config.override(temporal_depth=1):
                t1 = timed(lambda: kfuse.iterate(step, d, steps=args.steps), args.repeats) / args.steps
            row(1, None, None, t1, auto.get("one_step_predicted_us", 0) * 1e-6, "one step per launch (CUDA graphs)")
            t0 = timed(lambda: kfuse.iterate(step, d, steps=args.steps), args.repeats) / args.steps
            row(auto.get("depth", 1), auto.get("threads"), auto.get("rows"), t0,
                auto.get("predicted_us_per_step", 0) * 1e-6, "the model's pick (temporal_depth=0)",
                auto.get("resident_blocks"))
            if args.heat3d:
                forced = [b for b in shapes(facts, tuple(args.depths))
                          if (b.threads in args.threads or args.threads == [128, 256, 512])
                          and (b.rows in args.rows or args.rows == [256, 512])]
            else:
                forced = [Blocking(depth, thr, rws) for depth in args.depths for thr in args.threads
                          for rws in args.rows]
            for b in forced:
                if b.refusal(facts) is not None:
                    continue
                cost = pass_cost(low.program, low.plan_obj.kernels[0].calls, facts, b, cal)
                dec = loop_temporal.Decision(cost, facts, 0.0)
                steps = b.depth * max(1, round(args.steps / b.depth))
                t = timed(lambda: loop_temporal.run(entry, dec, [d], [], steps, 64, None), args.repeats) / steps
                row(b.depth, b.threads, b.rows, t, cost.per_step_s, "forced shape", cost.resident, b.ty, cost)
            got = cupy.asnumpy(kfuse.iterate(step, d, steps=8))
            want = host.astype(np.float64)
            for _ in range(8):
                want = twin(want)
            err = float(np.abs(got - want).max())
            print(f"check {n} {dtype}: max error after 8 steps {err:.3g}", flush=True)
            rows_out.append({"n": n, "dtype": dtype, "check_max_error_8_steps": err})
            d = None   # the grid freed before the next size
            cupy.get_default_memory_pool().free_all_blocks()
    os.makedirs(args.out, exist_ok=True)
    result = {"device": device.device_name(), "workload": "heat3d" if args.heat3d else "jacobi2d", "rows": rows_out}
    if args.heat3d:
        result["fit_3d"] = _fit(low, facts, rows_out, cal)
        print("fitted temporal['3d']:", json.dumps(result["fit_3d"]), flush=True)
    name = "temporal_sweep_heat3d.json" if args.heat3d else "temporal_sweep.json"
    with open(os.path.join(args.out, name), "w") as f:
        json.dump(result, f, indent=1)
    return 0


def _fit(low, facts, rows: list, cal) -> dict:
    """The 3-D table's figures per type, fitted over the forced shapes measured."""
    import dataclasses

    from kfuse.model.temporal import fit_figures
    from kfuse.spaces.grid.temporal import Blocking
    out = {}
    for dtype in sorted({r["dtype"] for r in rows}):
        f = dataclasses.replace(facts, dtype=dtype, itemsize=np.dtype(dtype).itemsize)
        samples = [(Blocking(r["depth"], r["threads"], r["rows"], r["tile_rows"]), r["pass_s"]) for r in rows
                   if r.get("dtype") == dtype and r.get("how") == "forced shape"]
        if samples:
            out[dtype] = fit_figures(low.program, low.plan_obj.kernels[0].calls, f, samples, cal)
    return out


if __name__ == "__main__":
    sys.exit(main())
