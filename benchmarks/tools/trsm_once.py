"""One kfuse TRSM call between cudaProfilerStart/Stop, for ``ncu --profile-from-start off``:
the GPU time of each launch of the default plan (issue 20), against the call's wall time.

    ncu --profile-from-start off --metrics gpu__time_duration.sum --csv \
        python3 benchmarks/tools/trsm_once.py --n 1024
"""
from __future__ import annotations

import argparse
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--side", default="left")
    a = ap.parse_args()
    import cupy
    import kfuse

    rng = cupy.random.default_rng(1)
    A = cupy.tril(rng.standard_normal((a.n, a.n), dtype=cupy.float32)) / a.n
    A += cupy.eye(a.n, dtype=cupy.float32) * 2
    B = rng.standard_normal((a.n, a.n), dtype=cupy.float32)
    for _ in range(3):                                    # compile, then the graph of the launches
        X = kfuse.blas.trsm(A, B, side=a.side)
    cupy.cuda.Device().synchronize()
    t = time.perf_counter()
    for _ in range(20):
        X = kfuse.blas.trsm(A, B, side=a.side)
    cupy.cuda.Device().synchronize()
    print(f"n={a.n} side={a.side}: {(time.perf_counter() - t) / 20 * 1e6:.1f} us a call (20 calls, wall)")
    cupy.cuda.runtime.profilerStart()
    X = kfuse.blas.trsm(A, B, side=a.side)
    cupy.cuda.Device().synchronize()
    cupy.cuda.runtime.profilerStop()
    del X


if __name__ == "__main__":
    main()
