"""Temporal blocking in kfuse.iterate on this GPU: per-step time of every depth and block shape
beside the model's prediction, one step per launch (temporal_depth=1) and the copy ceiling
measured in the same run (issue 35, item 2).

    PYTHONPATH=src python3 benchmarks/temporal_sweep.py [--sizes 16384 8192] [--dtypes float32 float64]
        [--threads 256 512] [--rows 256 512] [--out DIR]

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


def copy_ceiling(n: int, dtype: str, repeats: int) -> float:
    import cupy
    a = cupy.ones((n, n), dtype)
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
    args = ap.parse_args(argv)
    import cupy
    import kfuse
    from kfuse import loop_temporal
    from kfuse.model.calibration import load_calibration
    from kfuse.model.temporal import pass_cost
    from kfuse.platform import device
    from kfuse.spaces.grid.temporal import Blocking
    cal = load_calibration(device.planning_device())
    rows_out = []
    print(f"{'n':>6} {'dtype':>8} {'depth':>5} {'thr':>4} {'rows':>4} {'res':>3} {'us/step':>9} {'pred':>9} "
          f"{'x limit':>8} {'GB/s copy':>9} {'eff GB/s':>9}  how", flush=True)
    for n in args.sizes:
        for dtype in args.dtypes:
            ceil = copy_ceiling(n, dtype, args.repeats)
            host = np.random.default_rng(0).random((n, n)).astype(dtype)
            d = cupy.asarray(host)
            limit = 2 * d.nbytes / ceil
            low = kfuse.loops.lower(jacobi, host)
            entry = types.SimpleNamespace(exe=low.executable, bound=(), structure=low.structure)
            facts, why = loop_temporal.facts_of(low.executable, low.structure.sources)
            auto = kfuse.loops.temporal_plan(jacobi, host, args.steps)

            def row(depth, thr, rws, t, pred, how, resident=None):
                r = {"n": n, "dtype": dtype, "depth": depth, "threads": thr, "rows": rws, "us_per_step": t * 1e6,
                     "predicted_us": None if pred is None else pred * 1e6, "x_limit": limit / t,
                     "copy_gbs": ceil / 1e9, "limit_us": limit * 1e6, "how": how, "resident_blocks": resident,
                     "effective_gbs": 2 * d.nbytes / t / 1e9}
                rows_out.append(r)
                print(f"{n:>6} {dtype:>8} {depth:>5} {thr or '':>4} {rws or '':>4} {resident or '':>3} {t * 1e6:9.1f} "
                      f"{'' if pred is None else f'{pred * 1e6:9.1f}':>9} {limit / t:8.2f} {ceil / 1e9:9.0f} "
                      f"{2 * d.nbytes / t / 1e9:9.0f}  {how}", flush=True)
            with kfuse.config.override(temporal_depth=1):
                t1 = timed(lambda: kfuse.iterate(jacobi, d, steps=args.steps), args.repeats) / args.steps
            row(1, None, None, t1, auto.get("one_step_predicted_us", 0) * 1e-6, "one step per launch (CUDA graphs)")
            t0 = timed(lambda: kfuse.iterate(jacobi, d, steps=args.steps), args.repeats) / args.steps
            row(auto.get("depth", 1), auto.get("threads"), auto.get("rows"), t0,
                auto.get("predicted_us_per_step", 0) * 1e-6, "the model's pick (temporal_depth=0)",
                auto.get("resident_blocks"))
            for depth in args.depths:
                for thr in args.threads:
                    for rws in args.rows:
                        b = Blocking(depth, thr, rws)
                        if b.refusal(facts) is not None:
                            continue
                        cost = pass_cost(low.program, low.plan_obj.kernels[0].calls, facts, b, cal)
                        dec = loop_temporal.Decision(cost, facts, 0.0)
                        steps = depth * max(1, round(args.steps / depth))
                        t = timed(lambda: loop_temporal.run(entry, dec, [d], [], steps, 64, None), args.repeats) / steps
                        row(depth, thr, rws, t, cost.per_step_s, "forced shape", cost.resident)
            got = cupy.asnumpy(kfuse.iterate(jacobi, d, steps=8))
            want = host.astype(np.float64)
            for _ in range(8):
                w = want.copy()
                w[1:-1, 1:-1] = 0.2 * (want[1:-1, 1:-1] + want[1:-1, :-2] + want[1:-1, 2:] + want[2:, 1:-1] + want[:-2, 1:-1])
                want = w
            err = float(np.abs(got - want).max())
            print(f"check {n} {dtype}: max error after 8 steps {err:.3g}", flush=True)
            rows_out.append({"n": n, "dtype": dtype, "check_max_error_8_steps": err})
            del d
            cupy.get_default_memory_pool().free_all_blocks()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "temporal_sweep.json"), "w") as f:
        json.dump({"device": device.device_name(), "rows": rows_out}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
