"""NVRTC through ctypes: CUDA C to a cubin for a given architecture.

The library comes from the ``nvidia-cuda-nvrtc`` pip package (found with
``cuda.pathfinder``), so compiling works on a machine with no GPU and no
system CUDA.  We always ask for a cubin (``-arch=sm_XX``): PTX from a newer
NVRTC may not load on an older driver.
"""
from __future__ import annotations

import ctypes
import functools
import re

from ..errors import CompileError, KfuseError


@functools.lru_cache(maxsize=1)
def _lib() -> ctypes.CDLL:
    errors = []
    try:
        from cuda.pathfinder import load_nvidia_dynamic_lib
        loaded = load_nvidia_dynamic_lib("nvrtc")
        return ctypes.CDLL(loaded.abs_path)
    except Exception as e:  # noqa: BLE001 - fall back to the loader's search path
        errors.append(f"cuda.pathfinder: {e}")
    for name in ("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"):
        try:
            return ctypes.CDLL(name)
        except OSError as e:
            errors.append(str(e))
    raise KfuseError("NVRTC not found; install it with 'pip install nvidia-cuda-nvrtc' "
                     f"({'; '.join(errors)})")


def _check(status: int, what: str):
    if status != 0:
        lib = _lib()
        lib.nvrtcGetErrorString.restype = ctypes.c_char_p
        raise CompileError(f"NVRTC {what} failed: {lib.nvrtcGetErrorString(status).decode()}")


@functools.lru_cache(maxsize=1)
def version() -> tuple:
    """NVRTC version as (major, minor)."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    _check(_lib().nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)), "nvrtcVersion")
    return (major.value, minor.value)


def supported_archs() -> list:
    """Architectures this NVRTC can target, e.g. [75, 80, 86, 89, 90, ...]."""
    lib = _lib()
    n = ctypes.c_int()
    _check(lib.nvrtcGetNumSupportedArchs(ctypes.byref(n)), "nvrtcGetNumSupportedArchs")
    arr = (ctypes.c_int * n.value)()
    _check(lib.nvrtcGetSupportedArchs(arr), "nvrtcGetSupportedArchs")
    return list(arr)


class CompileResult:
    """A cubin plus NVRTC's log (which holds ptxas's resource report when asked for)."""

    def __init__(self, cubin: bytes, log: str, arch: str, options: list):
        self.cubin, self.log, self.arch, self.options = cubin, log, arch, options

    def resources(self) -> dict:
        """Per-kernel ptxas report: registers, spill stores/loads, stack, shared memory."""
        return parse_ptxas(self.log)


def compile_cuda(source: str, arch: str = "sm_90", name: str = "kfuse.cu", options=(),
                 verbose_ptxas: bool = True) -> CompileResult:
    """Compile ``source`` to a cubin for ``arch``; CompileError carries NVRTC's log."""
    lib = _lib()
    prog = ctypes.c_void_p()
    _check(lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(), 0, None, None),
           "nvrtcCreateProgram")
    try:
        opts = [f"-arch={arch}", "-std=c++17", "--use_fast_math=false", *options]
        opts = [o for o in opts if o != "--use_fast_math=false"]
        if verbose_ptxas:
            opts.append("--ptxas-options=-v")
        c_opts = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        status = lib.nvrtcCompileProgram(prog, len(opts), c_opts)
        log = _get_log(lib, prog)
        if status != 0:
            raise CompileError(f"NVRTC could not compile {name} for {arch}", log, source)
        size = ctypes.c_size_t()
        _check(lib.nvrtcGetCUBINSize(prog, ctypes.byref(size)), "nvrtcGetCUBINSize")
        buf = ctypes.create_string_buffer(size.value)
        _check(lib.nvrtcGetCUBIN(prog, buf), "nvrtcGetCUBIN")
        return CompileResult(buf.raw, log, arch, opts)
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


def _get_log(lib, prog) -> str:
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value or 1)
    lib.nvrtcGetProgramLog(prog, buf)
    return buf.value.decode(errors="replace")


_FN = re.compile(r"Compiling entry function '(\w+)'")
_USED = re.compile(r"Used (\d+) registers")
_SPILL = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_SMEM = re.compile(r"(\d+) bytes smem")


def parse_ptxas(log: str) -> dict:
    """{kernel: {registers, stack, spill_stores, spill_loads, smem}} from a ptxas -v log."""
    out, cur = {}, None
    for line in log.splitlines():
        m = _FN.search(line)
        if m:
            cur = out.setdefault(m.group(1), {"registers": 0, "stack": 0, "spill_stores": 0,
                                              "spill_loads": 0, "smem": 0})
            continue
        if cur is None:
            continue
        if (m := _SPILL.search(line)):
            cur["stack"], cur["spill_stores"], cur["spill_loads"] = map(int, m.groups())
        if (m := _USED.search(line)):
            cur["registers"] = int(m.group(1))
        if (m := _SMEM.search(line)):
            cur["smem"] = int(m.group(1))
    return out
