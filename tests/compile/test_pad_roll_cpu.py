"""Issue 31 item 4, compile tier: ``np.pad`` and ``np.roll`` read through (tests/pad_roll_cases.py).
The kernels of every plan variant of hotspot3d's and Allen-Cahn's steps (unfused: the padded
or rolled array stored by a kernel of its own; the model's: read through; each grid variant:
staging, streaming, points per thread, vector width) and the unfused and model's plans of
every other case compile with NVRTC for sm_90 without spills, and compute NumPy's result when
their CUDA C runs on the CPU (g++, no contraction: tests/compile/grid_cpu.py) for two steps,
in float64 and float32, C and F order: bitwise, but for a float32 ``x ** 3`` (Allen-Cahn), which
NumPy computes with its own SIMD power on CPUs with AVX-512 (an ulp from the C library's ``powf``
the kernels call), within ``POW_ULPS`` ulps of the field's scale."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from tests import pad_roll_cases, sampling
from tests.assign_plans import plans
from tests.compile import grid_cpu
from tests.compile.compile_helpers import assert_clean_resources
from kfuse.pipeline.stages import build

CASES = pad_roll_cases.CASES
APPS = ("hotspot3d", "allen_cahn")


def _program(name: str, dtype: str, order: str = "C"):
    fn, shapes = CASES[name]
    specs = [("a", s, dtype, order if len(s) > 1 else "C") for s in shapes]
    return trace(fn, [f"s{i}" for i in range(len(shapes))], specs, name)[0]


#: ulps of the field's scale a float32 step with ``x ** 3`` may differ from NumPy after two steps
#: (NumPy's power is not the C library's on every CPU)
POW_ULPS = 8


def _plans(prog, every: bool) -> list:
    with config.override(search_grid_time_s=0.0):
        return plans(prog) if every else [unfused_plan(prog), best_plan(prog, load_calibration())]


def _memory(a: np.ndarray) -> np.ndarray:
    """The C-order array whose memory is ``a``'s (the runner reads C order: an F-order array's
    memory is its transpose's)."""
    return a if a.flags.c_contiguous else a.T


def _from_memory(g: np.ndarray, like: np.ndarray) -> np.ndarray:
    """The runner's result ``g`` (C order, ``_memory(like)``'s shape) as an array like ``like``."""
    return g if like.flags.c_contiguous else g.T


def _run_cpu(name: str, dtype: str, order: str, every: bool, tmp) -> None:
    """Two steps of every plan (``every``; else the unfused and the model's) on the CPU, against
    NumPy's two steps in the state's type."""
    prog = _program(name, dtype, order)
    chosen = _plans(prog, every)
    start = pad_roll_cases.state(name, dtype, order)
    want = pad_roll_cases.numpy_steps(name, start, 2)
    for first in range(0, len(chosen), 10):   # the runner takes up to 10 modules
        part = chosen[first:first + 10]
        exe = grid_cpu.build([(prog, generate(prog, p)) for p in part], [_memory(a) for a in start], False, str(tmp))
        for k, p in enumerate(part):
            got = grid_cpu.run(exe, [k, k], [_memory(a).copy() for a in start], str(tmp))
            for i, (g, w) in enumerate(zip(got, want)):
                g = _from_memory(g, start[i])
                where = f"plan {first + k} {[(kp.calls, kp.params) for kp in p.kernels]}: field {i}"
                if dtype == "float32" and any(c.fn == "pow" for c in prog.calls):
                    # NumPy's float32 power is SIMD-dispatched (AVX-512: not the C library's powf, an
                    # ulp apart): agree within what two steps move that ulp, bitwise elsewhere
                    scale = POW_ULPS * np.finfo(np.float32).eps * max(1.0, float(np.abs(w).max()))
                    assert np.abs(g.astype(np.float64) - w).max() <= scale, f"{where} differs past {scale:.1e}"
                    continue
                assert np.array_equal(g, w), f"{where} differs at {np.argwhere(g != w)[:4].tolist()}"


@pytest.mark.parametrize("dtype,order,every", [("float64", "C", True), ("float64", "F", False),
                                                ("float32", "C", False), ("float32", "F", True)])
@pytest.mark.parametrize("name", APPS)
def test_the_plans_of_the_applications_are_numpy_bitwise_on_the_cpu(name, dtype, order, every, tmp_path):
    """Every plan variant in float64 C order and float32 F order; the unfused and the model's
    plans in the other two."""
    _run_cpu(name, dtype, order, every, tmp_path)


# 14 of the 36 (case, dtype) runs per run (the wrap and roll cases in float64 always), 5 of the
# 20 compile checks besides the applications'; KFTEST_FULL=1 runs all (tests/sampling.py)
CPU_RUNS = sampling.sample("pad_roll_cpu", [(n, d) for n in sorted(set(CASES) - set(APPS))
                                            for d in ("float64", "float32")], 14,
                           corners=[lambda c: c[1] == "float64" and ("wrap" in c[0] or "roll" in c[0])], strata=lambda c: c[1])
COMPILED = sampling.sample("pad_roll_compile", sorted(CASES), 7, corners=list(APPS))


@pytest.mark.parametrize("name,dtype", CPU_RUNS)
def test_the_cases_are_numpy_bitwise_on_the_cpu(name, dtype, tmp_path):
    """Every plan variant in float64 C order (staged tiles of a padded array, vector points
    beside remapped reads); the unfused and the model's in float32 F order."""
    _run_cpu(name, dtype, "C" if dtype == "float64" else "F", dtype == "float64", tmp_path)


@pytest.mark.parametrize("name", COMPILED)
def test_the_kernels_compile_without_spills(name):
    """The model's plan (the read-through kernels) and the unfused one (the padded array stored)
    compile for sm_90 with no spills, in both types; the applications' every variant too."""
    for dtype in ("float64", "float32"):
        prog = _program(name, dtype)
        for p in _plans(prog, name in APPS):
            assert_clean_resources(build(prog, p, "sm_90"))


@pytest.mark.parametrize("name", APPS)
def test_the_models_plan_reads_through_in_one_kernel(name):
    prog = _program(name, "float64")
    (plan,) = _plans(prog, False)[1:]
    assert len(plan.kernels) == 1   # hotspot3d's second field (the power map, copied) joins the stencil
    src = generate(prog, plan).source
    assert src.count("_assign_compute(") == 1   # the routine of the step's own write: no chain of assignments
    if name == "hotspot3d":
        assert "t2_pad_edge_compute(" in src
    else:
        assert src.count("_roll_index(") >= 4 + 4   # four index maps, each called at least once


def test_allen_cahns_cube_is_products_unless_exact(tmp_path):
    """``phi**3`` calls ``kf_pow``: with contraction on, a whole exponent is ``x * x * x`` (as
    torch.compile computes it, within a few ulp of NumPy's pow over two steps, and not bitwise
    NumPy's somewhere); with contraction off (``KF_EXACT``) NumPy's pow bitwise (above)."""
    prog = _program("allen_cahn", "float64")
    plan = _plans(prog, False)[1]
    src = generate(prog, plan).source
    assert "kf_pow(x, y)" in src and "if (y == T(3)) return x * x * x;" in src
    start = pad_roll_cases.state("allen_cahn", "float64")
    want = pad_roll_cases.numpy_steps("allen_cahn", start, 2)
    got = {}
    for contract in (True, False):
        exe = grid_cpu.build([(prog, generate(prog, plan))], start, contract, str(tmp_path))
        got[contract] = grid_cpu.run(exe, [0, 0], [a.copy() for a in start], str(tmp_path))[0]
    assert np.array_equal(got[False], want[0])
    assert not np.array_equal(got[True], got[False])
    np.testing.assert_allclose(got[True], want[0], rtol=0, atol=8 * np.finfo(np.float64).eps)
