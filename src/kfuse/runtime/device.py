"""What GPU (if any) is present, without failing on a machine that has none."""
from __future__ import annotations

import functools

from .. import config
from . import install


@functools.lru_cache(maxsize=1)
def has_gpu() -> bool:
    """True if one CuPy is installed, imports and sees at least one CUDA device."""
    if install.cupy_problem():
        return False
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:  # noqa: BLE001 - no CuPy, no driver, no device: all mean "no GPU"
        return False


def no_gpu_reason() -> str:
    problem = install.cupy_problem()
    if problem:
        return problem
    try:
        import cupy
    except Exception as e:  # noqa: BLE001
        return f"CuPy is not importable ({e.__class__.__name__}: {e})"
    try:
        n = cupy.cuda.runtime.getDeviceCount()
        return "no CUDA device" if n == 0 else ""
    except Exception as e:  # noqa: BLE001
        return f"no usable CUDA driver/device ({e.__class__.__name__})"


def current_arch() -> str:
    """Target architecture: the setting, else the current device's, else sm_90 (H100/H200)."""
    s = config.get()
    if s.arch:
        return s.arch
    if has_gpu():
        import cupy
        return f"sm_{cupy.cuda.Device().compute_capability}"
    return "sm_90"


def device_name() -> str:
    if not has_gpu():
        return "none"
    import cupy
    props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
    name = props["name"]
    return name.decode() if isinstance(name, bytes) else str(name)


def sm_count() -> int:
    if not has_gpu():
        return config.get().sm_count
    import cupy
    return cupy.cuda.Device().attributes["MultiProcessorCount"]
