"""``(A @ B) @ x`` at n = 4096 (float32): kfuse (the product is not formed) against PyTorch eager
and CuPy (which form it), CUDA events after warm-up, median of 7 loops.  Issue 20's target:
>= 100x PyTorch eager.  Usage: PYTHONPATH=src python3 benchmarks/tools/reassociate_probe.py"""
from __future__ import annotations

import json
import sys

import cupy

import kfuse
from kfuse.runtime.timing import median_seconds


def timed(fn, loops=7, calls=5):
    """Median microseconds per call of ``fn`` (kfuse's CUDA-event timing)."""
    return median_seconds(fn, loops=loops, calls=calls, warmup=1) * 1e6


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
