"""GPU tier of NPBench's hdiff as written (tests/programs/npbench_weather.py): on CuPy arrays at
an odd size, both dtypes, against NumPy float64; ``out_field`` written in place, the inputs
bitwise unchanged (the PolyBench loops: tests/gpu/test_loop_fold_gpu.py)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from tests.programs import apps
from tests.programs.npbench_weather import hdiff


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hdiff_matches_numpy_and_writes_out_field_in_place(dtype):
    import cupy
    I, J, K = 37, 29, 11
    rng = np.random.default_rng(2)
    inf, co = rng.uniform(-1, 1, (I + 4, J + 4, K)), rng.uniform(-1, 1, (I, J, K))
    d_in, d_co = cupy.asarray(inf.astype(dtype)), cupy.asarray(co.astype(dtype))
    d_out = cupy.full((I, J, K), np.nan, dtype)
    before_in, before_co = d_in.copy(), d_co.copy()
    assert kfuse.jit(hdiff)(d_in, d_out, d_co) is None
    want = np.full((I, J, K), np.nan)
    hdiff(inf.astype(dtype).astype(np.float64), want, co.astype(dtype).astype(np.float64))
    got = cupy.asnumpy(d_out).astype(np.float64)
    assert np.isfinite(got).all()
    assert np.abs(got - want).max() / np.abs(want).max() <= apps.TOLERANCE[dtype]
    assert bool((d_in == before_in).all()) and bool((d_co == before_co).all())
