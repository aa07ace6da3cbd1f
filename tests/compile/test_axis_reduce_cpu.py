"""Issue 31, compile tier: D2Q9's moments (``np.sum(F, 2)``, max, min, mean over the nine
distributions; tests/unit/test_axis_reduce.py) compute NumPy's result bitwise when the CUDA C of
their plans (unfused, the model's one grid kernel, grid variants: tests/assign_plans.py) runs on
the CPU (g++, no contraction: tests/compile/grid_cpu.py), on odd sizes for two steps."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from tests.assign_plans import plans
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile import grid_cpu
from tests.unit.test_axis_reduce import _lbm_moments

SHAPES = [(21, 45, 9), (21, 45, 3)]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_the_plans_are_numpy_bitwise_on_the_cpu(dtype, tmp_path):
    prog, _ = trace(_lbm_moments, ["F", "G"], [("a", s, dtype, "C") for s in SHAPES], "moments")
    with config.override(search_grid_time_s=0.0):
        every = plans(prog)[:4] if dtype == "float64" else plans(prog)[1:2]
        modules = [(prog, generate(prog, p)) for p in every]
    rng = np.random.default_rng(5)
    start = [rng.uniform(0.5, 1.5, s).astype(dtype) for s in SHAPES]
    want = [a.copy() for a in start]
    for _ in range(2):
        _lbm_moments(*want)
    exe = grid_cpu.build(modules, start, False, str(tmp_path))
    for k, p in enumerate(every):
        got = grid_cpu.run(exe, [k, k], [a.copy() for a in start], str(tmp_path))
        for i, (g, w) in enumerate(zip(got, want)):
            assert np.array_equal(g, w), (k, [kp.calls for kp in p.kernels], i, np.argwhere(g != w)[:4].tolist())
