"""Time every variant of the fused grid kernel of a few stencil workloads on the GPU (float32),
with the copy ceiling of the same run: which block shape, streaming depth and halo strategy wins,
and what the model predicted for each.  Prints a table, writes JSON to $OUT or ./out.

    PYTHONPATH=src:. python3 benchmarks/stencil_variants.py [heat3d jacobi2d hdiff ...]
    PYTHONPATH=src:. DTYPE=float64 python3 benchmarks/stencil_variants.py flux5-512 box27-512
    PRODUCT='{"bx": [32, 64], "by": [4, 8], "vec": [2, 4], "zc": [1, 4]}' python3 benchmarks/stencil_variants.py heat3d-512

A name with a size (``flux5-512``) is a workload of ``kfuse bench --stencils`` at its full shape,
in ``DTYPE`` (float32 by default); the variants compile in parallel threads first.
"""
from __future__ import annotations

import json
import os
import sys

import numpy as np

import kfuse
from kfuse import spaces
from kfuse.fusion.search import make_plan
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


def bench_program_only(name: str, dtype: str):
    """The traced program of the bench workload ``name`` at its shape (no GPU needed)."""
    from kfuse.bench.stencils import peers, workloads
    from kfuse.frontend.trace import trace
    wl = workloads.WORKLOADS[name]
    specs = [("a", wl.shape, dtype, "C")] * len(wl.fields)
    return trace(peers.named_step(wl, kfuse), list(wl.fields), specs, wl.kernel)[0]


def bench_program(name: str, dtype: str):
    """(program, inputs, extra arguments, shapes) of the bench workload ``name`` at its shape."""
    import cupy

    from kfuse.bench.stencils import workloads
    wl = workloads.WORKLOADS[name]
    prog = bench_program_only(name, dtype)
    dev = workloads.make_inputs(wl, wl.shape, dtype, 0, cupy)
    return prog, dev, (), [wl.shape] * len(wl.fields)


def build_all(prog, plans):
    """Executables of ``plans``, compiled in threads (NVRTC releases the GIL)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=min(14, os.cpu_count() or 2)) as pool:
        return list(pool.map(lambda plan: kfuse.pipeline.stages.build(prog, plan), plans))


def grid_variants(prog, calls, info):
    """The grid space's variants of the one kernel running ``calls`` (or the GRID list)."""
    dom = spaces.kernel_domain(prog, calls)
    variants = spaces.get("grid").variants(prog, calls, dom, spaces.kernel_dtype(prog, calls), True, info)
    if os.environ.get("PRODUCT"):   # every combination of the given parameter lists, refusals dropped
        import itertools
        space, axes = spaces.get("grid"), json.loads(os.environ["PRODUCT"])
        variants = []
        for values in itertools.product(*axes.values()):
            p = dict(zip(axes, values))
            if p.get("uz", 1) > p.get("zc", 1):
                continue
            p = {k: v for k, v in p.items() if not (k in ("uz", "px", "py", "vec") and v == 1)}
            if space.refusal_of(prog, calls, p, info) is None and p not in variants:
                variants.append(p)
        return variants
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
    return variants


def sweep(name, prog, dev, extra, shape, ceiling, cal) -> list:
    """Time every variant of ``prog`` fused into one grid kernel; the rows of the table."""
    limit_bytes = sum(d.nbytes for d in dev) + sum(prog.value(o).type.nbytes() for o in prog.outputs)
    limit_us = limit_bytes / ceiling * 1e6
    calls = list(range(len(prog.calls)))
    info = spaces.program_info(prog)
    variants = grid_variants(prog, calls, info)
    best = best_plan(prog, cal)
    print(f"{name}: model plan {[(len(k.calls), k.params) for k in best.kernels]} "
          f"predicted {predict_plan(prog, [(k.calls, k.params) for k in best.kernels], cal)['gpu_s'] * 1e6:.1f} us",
          flush=True)
    if len(best.kernels) == 1 and best.kernels[0].params not in variants:   # the model's pick timed too
        variants = [best.kernels[0].params] + variants
    plans = [make_plan(prog, [(calls, params)]) for params in variants]
    rows = []
    for params, exe in zip(variants, build_all(prog, plans)):
        us = timed(lambda: exe(*dev, *extra))
        pred = predict_plan(prog, [(calls, params)], cal)['gpu_s'] * 1e6
        chosen = best.kernels[0].params == params and len(best.kernels) == 1
        rows.append({"workload": name, "dtype": spaces.kernel_dtype(prog, list(range(len(prog.calls)))), "shape": list(shape), "params": params, "us": us,
                     "predicted_us": pred, "limit_us": limit_us, "pct_limit": 100 * limit_us / us,
                     "model_choice": chosen, "regs": exe.resources if hasattr(exe, "resources") else None})
        print(f"{name:10s} {str(params):55s} {us:9.1f} us  {100 * limit_us / us:5.1f}% of limit"
              f"  predicted {pred:8.1f}{'  <- model' if chosen else ''}", flush=True)
    return rows


def main(names):
    import cupy
    cal = load_calibration()
    dtype = os.environ.get("DTYPE", "float32")
    x = cupy.empty(1 << 28, np.float32)
    y = cupy.empty_like(x)
    copy_us = timed(lambda: cupy.copyto(y, x))
    ceiling = 2 * x.nbytes / (copy_us * 1e-6)
    print(f"copy ceiling {ceiling / 1e9:.0f} GB/s")
    rows = []
    for name in names:
        if "-" in name:
            prog, dev, extra, shapes = bench_program(name, dtype)
            rows += sweep(name, prog, dev, extra, shapes[0], ceiling, cal)
            continue
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
            rows += sweep(name, prog, dev, extra, shape, ceiling, cal)
    out = os.environ.get("OUT", "out")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "stencil_variants.json"), "w") as f:
        json.dump({"ceiling_GBps": ceiling / 1e9, "device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
                   "rows": rows}, f, indent=1, default=str)


if __name__ == "__main__":
    main(sys.argv[1:] or ["heat3d", "jacobi2d", "hdiff"])
