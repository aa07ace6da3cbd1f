"""How fast is a grid kernel that only copies (u[1:-1, 1:-1, 1:-1] * c), next to heat-3d, for a
few launch shapes: tells the per-point kernel structure's ceiling from the stencil's loads.

    PYTHONPATH=src:. python3 benchmarks/stencil_probe_copy.py
"""
from __future__ import annotations

import json
import os

import numpy as np

import kfuse
from kfuse.fusion.search import make_plan
from kfuse.frontend.trace import trace

from benchmarks.stencil_variants import timed

SHAPES = [{"bx": 32, "by": 16, "zc": 124, "px": 2}, {"bx": 32, "by": 8, "zc": 248},
          {"bx": 128, "by": 2, "zc": 124, "px": 2, "py": 2}, {"bx": 256, "by": 1, "zc": 64, "px": 4},
          {"bx": 32, "by": 8, "zc": 1}, {"bx": 128, "by": 4, "zc": 1, "px": 2, "py": 2},
          {"bx": 32, "by": 8, "zc": 1, "vec": 4}, {"bx": 32, "by": 4, "zc": 1, "vec": 4, "py": 2},
          {"bx": 64, "by": 4, "zc": 1, "vec": 4, "py": 2}, {"bx": 32, "by": 8, "zc": 1, "vec": 4, "px": 2}]


def main():
    import cupy
    x = cupy.empty(1 << 28, np.float32)
    y = cupy.empty_like(x)
    ceiling = 2 * x.nbytes / (timed(lambda: cupy.copyto(y, x)) * 1e-6)
    n = 512
    u = cupy.random.rand(n, n, n, dtype=cupy.float32)
    progs = {
        "copy": lambda u: u[1:-1, 1:-1, 1:-1] * 1.5,
        "shift": lambda u: u[1:-1, 1:-1, 2:] * 1.5,
        "3pt-x": lambda u: u[1:-1, 1:-1, 2:] + u[1:-1, 1:-1, :-2] + u[1:-1, 1:-1, 1:-1],
        "3pt-z": lambda u: u[2:, 1:-1, 1:-1] + u[:-2, 1:-1, 1:-1] + u[1:-1, 1:-1, 1:-1],
        "3pt-y": lambda u: u[1:-1, 2:, 1:-1] + u[1:-1, :-2, 1:-1] + u[1:-1, 1:-1, 1:-1],
    }
    rows = []
    limit_us = 2 * (n - 2) ** 3 * 4 / ceiling * 1e6
    for name, fn in progs.items():
        prog, _ = trace(fn, ["u"], [("a", (n, n, n), "float32", "C")], name)
        calls = list(range(len(prog.calls)))
        for params in SHAPES:
            exe = kfuse.pipeline.stages.build(prog, make_plan(prog, [(calls, params)]))
            us = timed(lambda: exe(u))
            rows.append({"prog": name, "params": params, "us": us, "pct": 100 * limit_us / us})
            print(f"{name:6s} {str(params):55s} {us:8.1f} us {100 * limit_us / us:5.1f}%", flush=True)
    out = os.environ.get("OUT", "out")
    os.makedirs(out, exist_ok=True)
    json.dump({"ceiling_GBps": ceiling / 1e9, "rows": rows}, open(os.path.join(out, "probe_copy.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
