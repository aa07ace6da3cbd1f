"""``(A @ B) @ x`` at n = 4096 (float32): kfuse (the product is not formed) against PyTorch eager
and CuPy (which form it), CUDA events after warm-up, median of 7 loops.  Issue 20's target:
>= 100x PyTorch eager.  Usage: PYTHONPATH=src python3 benchmarks/tools/reassociate_probe.py"""
from __future__ import annotations

import json
import statistics
import sys

import cupy
import numpy as np

import kfuse


def timed(fn, loops=7, calls=5):
    fn()
    cupy.cuda.Device().synchronize()
    out = []
    for _ in range(loops):
        s, e = cupy.cuda.Event(), cupy.cuda.Event()
        s.record()
        for _ in range(calls):
            fn()
        e.record()
        e.synchronize()
        out.append(cupy.cuda.get_elapsed_time(s, e) * 1e3 / calls)
    return statistics.median(out)


def main(n=4096):
    rng = cupy.random.default_rng(0)
    A, B = rng.standard_normal((n, n), dtype="float32"), rng.standard_normal((n, n), dtype="float32")
    x = rng.standard_normal(n, dtype="float32")
    f = kfuse.jit(lambda A, B, x: (A @ B) @ x)
    res = {"n": n, "kfuse_us": timed(lambda: f(A, B, x)), "cupy_us": timed(lambda: (A @ B) @ x)}
    try:
        import torch
        tA, tB, tx = (torch.from_dlpack(v) for v in (A, B, x))
        torch.backends.cuda.matmul.allow_tf32 = False
        res["torch_eager_us"] = timed(lambda: (tA @ tB) @ tx)
        res["x_torch_eager"] = res["torch_eager_us"] / res["kfuse_us"]
    except ImportError:
        res["torch"] = "not installed"
    want = (A.astype("float64") @ B.astype("float64")) @ x.astype("float64")
    res["rel_error"] = float(cupy.linalg.norm(f(A, B, x) - want) / cupy.linalg.norm(want))
    res["x_cupy"] = res["cupy_us"] / res["kfuse_us"]
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    sys.exit(main())
