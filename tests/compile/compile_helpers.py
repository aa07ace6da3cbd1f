"""Helpers of the compile tier.

Importing this module skips the importing test module where NVRTC cannot be loaded
(no ``nvidia-cuda-nvrtc`` wheel, no system CUDA): the compile tier then reports as skipped.
"""
from __future__ import annotations

import pytest

from kfuse.api import bind_sizes, make_plan
from kfuse.fusion import unfused_plan
from kfuse.pipeline.stages import build
from kfuse.runtime import nvrtc

try:
    NVRTC_VERSION = nvrtc.version()
except Exception as exc:  # noqa: BLE001 - no library, no symbol, no package: all mean "skip"
    pytest.skip(f"NVRTC is not available: {exc}", allow_module_level=True)

ARCH = "sm_90"
# NVRTC 12 may keep the Payne-Hanek argument reduction of float sin/cos (complex exp) in a 32-byte
# stack frame, touched only for |x| > 105615 (not a spill); NVRTC 13 keeps it in registers.
TRIG_STACK = 32 if NVRTC_VERSION[0] < 13 else 0
DTYPES = ("float32", "float64", "complex64", "complex128")


def compile_program(program, sizes=None, arch=ARCH, plan="unfused"):
    """Bind (if sizes are given), plan and build for ``arch``.  ``plan``: ``unfused`` (one
    kernel per call), ``default`` (what kfuse.compile_script would build) or a Plan."""
    if sizes is not None:
        program = bind_sizes(program, {k: v for k, v in sizes.items() if k in program.symbols()})
    if plan == "unfused":
        plan = unfused_plan(program)
    elif plan == "default":
        plan = make_plan(program)
    return build(program, plan, arch)


def assert_clean_resources(exe):
    """Every kernel of the module (the zeroing kernel too) is in the ptxas report, with no
    spills and no stack (but NVRTC 12's trigonometric frame where the kernels call kf_exp)."""
    from kfuse.codegen.prelude import PRELUDE
    stack = TRIG_STACK if exe.source.count("kf_exp(") > PRELUDE.count("kf_exp(") else 0
    res = exe.resources
    names = [k.name for k in exe.module.launches]
    assert sorted(res) == sorted(names), f"ptxas report {sorted(res)} != kernels {names}"
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0, f"{name} spills: {r}"
        assert r["stack"] <= stack, f"{name} uses a stack frame: {r}"
        assert 0 < r["registers"] <= 255, f"{name}: {r}"
    assert exe.compiled.cubin[:4] == b"\x7fELF" and exe.arch == ARCH


def ptx_of(source: str, arch: str = "compute_90") -> str:
    """NVRTC's PTX of ``source`` (NVVM's optimised code, before ptxas): what the tier counts
    where it checks the compiler merged equal work."""
    import ctypes
    from kfuse.runtime import nvrtc
    lib = nvrtc._lib()
    prog = ctypes.c_void_p()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), b"ptx.cu", 0, None, None) == 0
    try:
        opts = [f"-arch={arch}".encode(), b"-std=c++17"]
        status = lib.nvrtcCompileProgram(prog, len(opts), (ctypes.c_char_p * len(opts))(*opts))
        assert status == 0, nvrtc._get_log(lib, prog)
        size = ctypes.c_size_t()
        lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetPTX(prog, buf)
        return buf.value.decode()
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
