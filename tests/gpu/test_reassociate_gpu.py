"""``(A @ B) @ x`` on the GPU: two matrix-vector kernels, NumPy's result (issue 20, item 6)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
import kfuse.reference   # (an attribute of kfuse only once imported)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_unkept_product_runs_as_two_gemvs(dtype):
    import cupy
    rng = np.random.default_rng(4)
    A, B = rng.standard_normal((301, 129)), rng.standard_normal((129, 77))
    x, y = rng.standard_normal(77), rng.standard_normal(301)
    f = kfuse.jit(lambda A, B, x, y: ((A @ B) @ x, y @ (A @ B)))
    got = f(*(cupy.asarray(v.astype(dtype)) for v in (A, B, x, y)))
    assert len(f.executable(*(cupy.asarray(v.astype(dtype)) for v in (A, B, x, y))).plan["kernels"]) <= 4
    for g, want in zip(got, ((A @ B) @ x, y @ (A @ B))):
        err = kfuse.reference.rel_error(cupy.asnumpy(g).astype("float64"), want)
        assert err < (1e-5 if dtype == "float32" else 1e-12), err
