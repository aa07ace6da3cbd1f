"""Time every variant of the fused grid kernel of a few stencil workloads on the GPU (float32),
with the copy ceiling of the same run: which block shape, streaming depth and halo strategy wins,
and what the model predicted for each.  Prints a table, writes JSON to $OUT or ./out.

    PYTHONPATH=src:. python3 benchmarks/stencil_variants.py [heat3d jacobi2d hdiff ...]
"""
from __future__ import annotations

import json
import os
import sys

import numpy as np

import kfuse
from kfuse import spaces
from kfuse.fusion.space import make_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.model.predict import predict_plan
from tests.stencil_programs import CASES, NUMPY
from tests.unit.test_stencil import traced

SIZES = {"heat3d": [(512, 512, 512)], "jacobi2d": [(8192, 8192)], "hdiff": [(64, 516, 516)],
         "box27": [(512, 512, 512)], "two_outputs": [(256, 256, 256)] * 2}


def timed(fn, reps=20, loops=5):
    import cupy
    fn()
    cupy.cuda.Device().synchronize()
    times = []
    for _ in range(loops):
        a, b = cupy.cuda.Event(), cupy.cuda.Event()
        a.record()
        for _ in range(reps):
            fn()
        b.record()
        b.synchronize()
        times.append(cupy.cuda.get_elapsed_time(a, b) * 1e3 / reps)
    return float(np.median(times))


def main(names):
    import cupy
    cal = load_calibration()
    x = cupy.empty(1 << 28, np.float32)
    y = cupy.empty_like(x)
    copy_us = timed(lambda: cupy.copyto(y, x))
    ceiling = 2 * x.nbytes / (copy_us * 1e-6)
    print(f"copy ceiling {ceiling / 1e9:.0f} GB/s")
    rows = []
    for name in names:
        factory, _, extra = CASES[name]
        for shape in SIZES[name][:1]:
            shapes = SIZES[name]
            import tests.stencil_programs as sp
            old = sp.CASES[name]
            sp.CASES[name] = (factory, shapes, extra)
            prog = traced(name, "C", "float32")
            sp.CASES[name] = old
            rng = np.random.default_rng(0)
            dev = [cupy.asarray(rng.uniform(-1, 1, s).astype(np.float32)) for s in shapes]
            limit_bytes = sum(d.nbytes for d in dev) + sum(prog.value(o).type.nbytes() for o in prog.outputs)
            limit_us = limit_bytes / ceiling * 1e6
            calls = list(range(len(prog.calls)))
            info = spaces.program_info(prog)
            dom = spaces.kernel_domain(prog, calls)
            variants = spaces.get("grid").variants(prog, calls, dom, "float32", True, info)
            if os.environ.get("GRID"):   # an explicit grid of shapes: bx,by,px,py,uz[,stream] per entry
                space = spaces.get("grid")
                variants = []
                for entry in json.loads(os.environ["GRID"]):
                    bx, by, px, py, uz = entry[:5]
                    stream = entry[5] if len(entry) > 5 else "z"
                    frame = space.frame(prog, calls, {"stream": stream}, info)
                    p = space._shape_params(frame, bx, by, "", px, py)
                    if uz > 1 and p.get("zc", 1) >= uz:
                        p["uz"] = uz
                    if stream != "z":
                        p["stream"] = stream
                    if space.refusal_of(prog, calls, p, info) is None and p not in variants:
                        variants.append(p)
            best = best_plan(prog, cal)
            for params in variants:
                plan = make_plan(prog, [(calls, params)])
                exe = kfuse.runtime.build(prog, plan)
                us = timed(lambda: exe(*dev, *extra))
                pred = predict_plan(prog, [(calls, params)], cal)['gpu_s'] * 1e6
                chosen = best.kernels[0].params == params and len(best.kernels) == 1
                rows.append({"workload": name, "shape": list(shape), "params": params, "us": us,
                             "predicted_us": pred, "limit_us": limit_us, "pct_limit": 100 * limit_us / us,
                             "model_choice": chosen, "regs": exe.resources if hasattr(exe, "resources") else None})
                print(f"{name:10s} {str(params):55s} {us:9.1f} us  {100 * limit_us / us:5.1f}% of limit"
                      f"  predicted {pred:8.1f}{'  <- model' if chosen else ''}", flush=True)
    out = os.environ.get("OUT", "out")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "stencil_variants.json"), "w") as f:
        json.dump({"ceiling_GBps": ceiling / 1e9, "device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
                   "rows": rows}, f, indent=1, default=str)


if __name__ == "__main__":
    main(sys.argv[1:] or ["heat3d", "jacobi2d", "hdiff"])
