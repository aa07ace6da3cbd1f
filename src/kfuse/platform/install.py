"""Which CuPy wheel (CUDA 12 or 13) is installed, read from package metadata without importing it.

kfuse runs on CuPy for CUDA 12 (``pip install kfuse[cuda12]``: cupy-cuda12x and NVRTC 12, NVIDIA
driver >= 525) or for CUDA 13 (``kfuse[cuda13]``: cupy-cuda13x and NVRTC 13, driver >= 580).
Both wheels install the same ``cupy`` module, so exactly one of them must be there.  Nothing here
runs at ``import kfuse``: the GPU path asks :func:`cupy_problem` (through ``device``) and
:func:`import_cupy` at first use.
"""
from __future__ import annotations

import importlib.util
from importlib import metadata

from ..errors import NoGPUError

#: CuPy wheel -> the CUDA major version it is built for.
CUPY_WHEELS = {"cupy-cuda12x": 12, "cupy-cuda13x": 13}
#: CUDA major -> the oldest NVIDIA driver (Linux) that runs it (minor version compatibility).
MIN_DRIVER = {12: 525, 13: 580}
#: CUDA major -> kfuse's extra that installs CuPy and NVRTC for it.
EXTRA = {12: "kfuse[cuda12]", 13: "kfuse[cuda13]"}

_HOW = ("install kfuse[cuda13] (CuPy and NVRTC for CUDA 13, NVIDIA driver >= 580) or "
        "kfuse[cuda12] (CUDA 12, driver >= 525)")


def _normalize(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def installed_cupy() -> dict:
    """{distribution name: version} of every installed CuPy distribution (cupy, cupy-cudaNNx, ...)."""
    found = {}
    for dist in metadata.distributions():
        name = _normalize(dist.metadata["Name"] or "")
        if name == "cupy" or name.startswith("cupy-cuda") or name.startswith("cupy-rocm"):
            found[name] = dist.version
    return found


def _importable(module: str) -> bool:
    """True if ``module`` could be imported (found on the path; not imported)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def cupy_problem(installed: dict | None = None) -> str:
    """Why the installed CuPy cannot be used ("" when exactly one CuPy distribution is there)."""
    if installed is None:
        installed = installed_cupy()
        if not installed and _importable("cupy"):
            return ""  # a CuPy without package metadata (a source tree on the path): let it try
    if not installed:
        return f"CuPy is not installed: {_HOW}"
    if len(installed) > 1:
        names = ", ".join(f"{n} {v}" for n, v in sorted(installed.items()))
        return (f"several CuPy packages are installed ({names}); they share the 'cupy' module, so "
                f"keep one: pip uninstall {' '.join(sorted(installed))}, then {_HOW}")
    return ""


def cuda_major(installed: dict | None = None) -> int | None:
    """CUDA major version of the one installed CuPy wheel (12 or 13); None if unknown or ambiguous."""
    installed = installed_cupy() if installed is None else installed
    majors = {CUPY_WHEELS[n] for n in installed if n in CUPY_WHEELS}
    return majors.pop() if len(majors) == 1 and len(installed) == 1 else None


def import_cupy():
    """The ``cupy`` module, or NoGPUError saying which CuPy to install (none, or several, found)."""
    problem = cupy_problem()
    if problem:
        raise NoGPUError(problem)
    try:
        import cupy
    except Exception as e:  # noqa: BLE001 - a broken CuPy install: say which and how to fix it
        raise NoGPUError(f"CuPy does not import ({e.__class__.__name__}: {e}); reinstall it: {_HOW}") from None
    return cupy
