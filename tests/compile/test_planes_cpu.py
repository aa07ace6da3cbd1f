"""Issue 31, compile tier: a three-velocity lattice Boltzmann step written as Mocz writes D2Q9
(its pieces: rolled planes, ``np.sum(F, 2)``, ``F * cx``, ``np.zeros(F.shape, dtype=F.dtype)``,
the BGK update; D2Q9 itself: tests/compile/test_lbm_d2q9_cpu.py) as one grid kernel (the
``pick`` of ``cx[k]`` its scalar prologue) and unfused, compiles through NVRTC and computes
NumPy's result bitwise when its CUDA C runs on the CPU (g++, no contraction:
tests/compile/grid_cpu.py), for two steps on odd sizes in both dtypes."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import config, spaces
from kfuse.codegen.module import generate
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.fusion.search import make_plan
from tests.assign_plans import plans
from tests.compile import compile_helpers  # noqa: F401 - skips the module without NVRTC
from tests.compile import grid_cpu

SHAPE = (9, 13)
CXS, CYS, WEIGHTS = (0, 1, -1), (0, 1, 1), (2 / 3, 1 / 6, 1 / 6)


def lbm3(F, cx, cy):
    """Mocz's D2Q9 step, less its mask, for three velocities."""
    for i, cx_i, cy_i in zip(range(3), CXS, CYS):
        F[:, :, i] = np.roll(F[:, :, i], cx_i, axis=1)
        F[:, :, i] = np.roll(F[:, :, i], cy_i, axis=0)
    rho = np.sum(F, 2)
    ux = np.sum(F*cx, 2) / rho
    uy = np.sum(F*cy, 2) / rho
    Feq = np.zeros(F.shape, dtype=F.dtype)
    for i, cx_i, cy_i, w in zip(range(3), CXS, CYS, WEIGHTS):
        Feq[:, :, i] = rho * w * (1 + 3*(cx_i*ux+cy_i*uy) + 9*(cx_i*ux+cy_i*uy)**2/2 - 3*(ux**2+uy**2)/2)
    F += -(1.0/0.6) * (F - Feq)


def lbm3_masked(F, cylinder, cx, cy):
    """:func:`lbm3` with Mocz's bounce-back inside ``cylinder`` (a bool mask)."""
    for i, cx_i, cy_i in zip(range(3), CXS, CYS):
        F[:, :, i] = np.roll(F[:, :, i], cx_i, axis=1)
        F[:, :, i] = np.roll(F[:, :, i], cy_i, axis=0)
    bndryF = F[cylinder, :]
    bndryF = bndryF[:, [0, 2, 1]]
    rho = np.sum(F, 2)
    ux = np.sum(F*cx, 2) / rho
    uy = np.sum(F*cy, 2) / rho
    Feq = np.zeros(F.shape, dtype=F.dtype)
    for i, cx_i, cy_i, w in zip(range(3), CXS, CYS, WEIGHTS):
        Feq[:, :, i] = rho * w * (1 + 3*(cx_i*ux+cy_i*uy) + 9*(cx_i*ux+cy_i*uy)**2/2 - 3*(ux**2+uy**2)/2)
    F += -(1.0/0.6) * (F - Feq)
    F[cylinder, :] = bndryF


def _program(dtype):
    specs = [("a", SHAPE + (3,), dtype, "C"), ("a", (3,), dtype, "C"), ("a", (3,), dtype, "C")]
    return trace(lbm3, ["F", "cx", "cy"], specs, "lbm3")[0]


def _state(dtype):
    rng = np.random.default_rng(4)
    return (rng.uniform(0.5, 1.5, SHAPE + (3,)).astype(dtype), np.array(CXS, dtype), np.array(CYS, dtype))


def _one_kernel(prog):
    calls = list(range(len(prog.calls)))
    params = spaces.get("grid").default_params(prog, calls, spaces.kernel_domain(prog, calls), prog.value("F").type.dtype,
                                               spaces.program_info(prog))
    return make_plan(prog, [(calls, params)])


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_one_kernel_and_unfused_are_numpy_bitwise_on_the_cpu(dtype, tmp_path):
    prog = _program(dtype)
    every = [_one_kernel(prog), unfused_plan(prog)] if dtype == "float64" else [_one_kernel(prog)]
    modules = [(prog, generate(prog, p)) for p in every]
    assert len(modules[0][1].launches) == 1
    F, cx, cy = _state(dtype)
    want = F.copy()
    for _ in range(2):
        lbm3(want, cx, cy)
    consts = [{"cx": cx, "cy": cy}] * len(modules)
    exe = grid_cpu.build(modules, [F], False, str(tmp_path), consts)
    for k in range(len(modules)):
        (got,) = grid_cpu.run(exe, [k, k], [F.copy()], str(tmp_path))
        assert np.array_equal(got, want), (k, np.argwhere(got != want)[:4].tolist())


def test_the_one_kernel_compiles_through_nvrtc():
    from tests.compile.compile_helpers import compile_program
    prog = _program("float64")
    exe = compile_program(prog, plan=_one_kernel(prog))
    assert len(exe.module.launches) == 1 and exe.compiled.cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_the_masked_step_is_numpy_bitwise_on_the_cpu(dtype, tmp_path):
    specs = [("a", SHAPE + (3,), dtype, "C"), ("a", SHAPE, "bool", "C"), ("a", (3,), dtype, "C"), ("a", (3,), dtype, "C")]
    prog = trace(lbm3_masked, ["F", "cylinder", "cx", "cy"], specs, "lbm3m")[0]
    with config.override(search_grid_time_s=0.0):   # the model's plan (one grid kernel) and variants
        every = plans(prog)[:4] if dtype == "float64" else plans(prog)[1:2]
    assert [k.space for k in every[1 if dtype == "float64" else 0].kernels] == ["grid"]
    modules = [(prog, generate(prog, p)) for p in every]
    F, cx, cy = _state(dtype)
    rng = np.random.default_rng(6)
    masks = (rng.random(SHAPE) < 0.5, np.zeros(SHAPE, bool))
    for mask in masks if dtype == "float64" else masks[:1]:
        want = F.copy()
        for _ in range(2):
            lbm3_masked(want, mask, cx, cy)
        consts = [{"cylinder": mask, "cx": cx, "cy": cy}] * len(modules)
        exe = grid_cpu.build(modules, [F], False, str(tmp_path), consts)
        for k in range(len(modules)):
            (got,) = grid_cpu.run(exe, [k, k], [F.copy()], str(tmp_path))
            assert np.array_equal(got, want), (k, np.argwhere(got != want)[:4].tolist())
