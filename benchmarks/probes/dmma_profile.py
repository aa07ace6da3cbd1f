"""One launch of each named FP64 tensor-core scheme and of cuBLAS DGEMM at 4096^3 (NN), for a
profiler (``ncu``) to look at: ``python3 benchmarks/probes/dmma_profile.py 64x64x16-w16x64-s2 ...``
(labels as :mod:`dmma_sweep` prints them)."""
from __future__ import annotations

import re
import sys


def scheme(label: str):
    from kfuse.spaces.gemm.scheme import GemmScheme
    bm, bn, bk, wm, wn, st = map(int, re.fullmatch(r"(\d+)x(\d+)x(\d+)-w(\d+)x(\d+)-s(\d+)", label).groups())
    return GemmScheme(engine="mma_f64", bm=bm, bn=bn, bk=bk, wm=wm, wn=wn, stages=st)


def main(labels) -> int:
    import cupy
    import numpy as np
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    import dmma_sweep
    n = 4096
    rng = np.random.default_rng(1)
    A, B = cupy.asarray(rng.standard_normal((n, n))), cupy.asarray(rng.standard_normal((n, n)))
    A @ B
    for label in labels:
        src, cubin, res = dmma_sweep.build(scheme(label), n)
        C = cupy.empty((n, n))
        print(label, res, dmma_sweep.seconds(src, cubin, (A, B, C), repeats=1))
    cupy.cuda.runtime.deviceSynchronize()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
