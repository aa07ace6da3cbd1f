"""Does the solver loop's CUDA-graph capture succeed, and what does an iteration cost with it?

    PYTHONPATH=src python3 benchmarks/tools/diag_capture.py pdb1HYS cop20k_A
"""
import sys
import time

import cupy
import numpy as np

from kfuse import solvers, sparse

orig = solvers._capture


def traced(*a, **k):
    t0 = time.perf_counter()
    r = orig(*a, **k)
    print(f"    capture of {a[-1]} iterations: {'ok' if r else 'FAILED'} in {1e3 * (time.perf_counter() - t0):.1f} ms")
    return r


solvers._capture = traced
for name in sys.argv[1:]:
    A = sparse.profile(name, "float32")
    b = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, A.shape[0]).astype("float32"))
    Ad, Atd = A.to_device(), A.T.to_device()
    for ce in (50, 10):
        solvers.bicg(Ad, b, At=Atd, maxiter=ce, tol=0.0, check_every=ce)
        _, info = solvers.bicg(Ad, b, At=Atd, maxiter=1000, tol=0.0, check_every=ce)
        print(f"  {name} check_every={ce}: {info.per_iteration_s * 1e6:.1f} us/iter")
