"""NVRTC through ctypes: CUDA C to a cubin for a given architecture.

The library comes from a pip wheel (``nvidia-cuda-nvrtc`` for CUDA 13,
``nvidia-cuda-nvrtc-cu12`` for CUDA 12: the extras ``kfuse[cuda13]`` and
``kfuse[cuda12]``), so compiling works on a machine with no GPU and no system
CUDA.  Where both are installed, the one of the installed CuPy's CUDA major
wins (a cubin from NVRTC 13 needs a driver for CUDA 13); without either wheel,
``cuda.pathfinder`` and the loader's search path are asked.  We always ask for a cubin (``-arch=sm_XX``): PTX from a newer
NVRTC may not load on an older driver.
"""
from __future__ import annotations

import ctypes
import functools
import os
import re
import site
import sys
import sysconfig
import warnings

from .. import config
from ..errors import CompileError, KfuseError
from ..platform import install


#: NVRTC major -> (its pip wheel's folder under site-packages, the library there, the wheel's name).
WHEELS = {13: ("nvidia/cu13/lib", "libnvrtc.so.13", "nvidia-cuda-nvrtc"),
          12: ("nvidia/cuda_nvrtc/lib", "libnvrtc.so.12", "nvidia-cuda-nvrtc-cu12")}


def install_folders() -> list:
    """Where pip installs packages for the running interpreter: its site-packages (a virtual
    environment's, the system's, the user's, as cuda.pathfinder looks) and the absolute
    ``site-packages``/``dist-packages`` folders on sys.path; never the current directory
    (``''`` on sys.path in a REPL, a notebook or ``python -c``) or another relative path."""
    paths = sysconfig.get_paths()
    out = [*site.getsitepackages(), paths["purelib"], paths["platlib"]]
    if site.ENABLE_USER_SITE:
        out.append(site.getusersitepackages())
    out += [p for p in sys.path if p and os.path.basename(p.rstrip(os.sep)) in ("site-packages", "dist-packages")]
    seen, folders = set(), []
    for p in out:
        if p and os.path.isabs(p) and p not in seen:
            seen.add(p)
            folders.append(p)
    return folders


def wheel_libraries(paths=None) -> dict:
    """{major: path} of the NVRTC pip wheels in ``paths`` (default :func:`install_folders`), the
    first of each; a relative folder is skipped (a library is never loaded from the current
    directory)."""
    found = {}
    for base in (install_folders() if paths is None else paths):
        if not base or not os.path.isabs(base):
            continue
        for major, (folder, lib, _) in WHEELS.items():
            path = os.path.join(base, folder, lib)
            if major not in found and os.path.isfile(path):
                found[major] = path
    return found


def candidates(wanted, found: dict) -> list:
    """Paths to try, in order: the NVRTC of the installed CuPy's CUDA major first, then the newest."""
    order = sorted(found, key=lambda m: (m != wanted, -m))
    return [found[m] for m in order]


@functools.lru_cache(maxsize=1)
def _loaded() -> tuple:
    """(library, path): NVRTC from the pip wheels, else wherever cuda.pathfinder or the loader finds it."""
    wanted = install.cuda_major()
    errors = []
    for path in candidates(wanted, wheel_libraries()):
        try:
            _preload_builtins(path)
            return _checked(ctypes.CDLL(path), path, wanted)
        except OSError as e:
            errors.append(str(e))
    try:
        from cuda.pathfinder import load_nvidia_dynamic_lib
        loaded = load_nvidia_dynamic_lib("nvrtc")
        return _checked(ctypes.CDLL(loaded.abs_path), loaded.abs_path, wanted)
    except Exception as e:  # noqa: BLE001 - fall back to the loader's search path
        errors.append(f"cuda.pathfinder: {e}")
    for name in ("libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"):
        try:
            return _checked(ctypes.CDLL(name), name, wanted)
        except OSError as e:
            errors.append(str(e))
    raise KfuseError("NVRTC not found: pip install 'kfuse[cuda13]' (CUDA 13, NVIDIA driver >= 580) or "
                     "'kfuse[cuda12]' (CUDA 12, driver >= 525)\ntried: " + "; ".join(errors))


def _preload_builtins(path: str):
    """Load the wheel's libnvrtc-builtins beside ``path`` first (some wheels' NVRTC misses it)."""
    folder = os.path.dirname(path)
    for name in sorted(os.listdir(folder)):
        if name.startswith("libnvrtc-builtins.so.") and ".alt." not in name:
            try:
                ctypes.CDLL(os.path.join(folder, name), mode=ctypes.RTLD_GLOBAL)
            except OSError:
                pass  # NVRTC's own lookup may still find it
            return


def _checked(lib, path: str, wanted) -> tuple:
    """(lib, path), warning once where this NVRTC's major is not the installed CuPy's."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    if lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)) == 0 and wanted \
            and major.value != wanted:
        warnings.warn(f"NVRTC {major.value}.{minor.value} ({path}) with CuPy for CUDA {wanted}: its "
                      f"cubins may not load on a driver older than {install.MIN_DRIVER.get(major.value, '?')}; "
                      f"pip install {WHEELS[wanted][2]} (or {install.EXTRA[wanted]})", RuntimeWarning,
                      stacklevel=3)
    return lib, path


def _lib() -> ctypes.CDLL:
    return _loaded()[0]


def library_path() -> str:
    """Where the NVRTC in use was loaded from."""
    return _loaded()[1]


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


#: NVRTC warnings compiled as errors: #68 "integer conversion resulted in a change of sign" and
#: #69 "... in truncation" (a constant that does not fit its int, such as an extent of 2^31,
#: wraps silently otherwise); NVRTC 12 and 13 take the option
DIAG_ERRORS = "--diag-error=68,69"


class CompileResult:
    """A cubin plus NVRTC's log (which holds ptxas's resource report when asked for)."""

    def __init__(self, cubin: bytes, log: str, arch: str, options: list):
        self.cubin, self.log, self.arch, self.options = cubin, log, arch, options

    def resources(self) -> dict:
        """Per-kernel ptxas report: registers, spill stores/loads, stack, shared memory."""
        return parse_ptxas(self.log)


def compile_cuda(source: str, arch: str = config.DEFAULT_ARCH, name: str = "kfuse.cu", options=(),
                 verbose_ptxas: bool = True) -> CompileResult:
    """Compile ``source`` to a cubin for ``arch``; CompileError carries NVRTC's log.  ``name``
    (the file name NVRTC's messages give) is made of letters, digits, ``_``, ``.`` and ``-`` only
    (:func:`file_name`)."""
    name = file_name(name)
    lib = _lib()
    prog = ctypes.c_void_p()
    _check(lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(), 0, None, None),
           "nvrtcCreateProgram")
    try:
        opts = [f"-arch={arch}", "-std=c++17", DIAG_ERRORS, "--use_fast_math=false", *options]
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


def file_name(name: str) -> str:
    """``name`` as NVRTC's file name: each character but ASCII letters, digits, ``_``, ``.``
    and ``-`` becomes ``_``, and at most 120 characters stay (a program's name may hold a
    newline, which NVRTC would print into its messages as source)."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", str(name))[:120]
    return safe or "kfuse.cu"


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
