"""What GPU (if any) is present, without failing on a machine that has none.

:func:`probe` tells three cases apart, once per process:

- ``ok``: CuPy imports and sees a CUDA device;
- ``none``: no GPU at all (no NVIDIA driver, or a driver with no device): kfuse still plans,
  generates and compiles, and ``kfuse run`` checks the plan on the CPU reference;
- ``unusable``: a GPU is there but kfuse cannot use it (a driver too old for the installed
  CuPy, CuPy missing or broken): every entry point that needs it raises
  :class:`~kfuse.errors.NoGPUError` with the reason and the fix.
"""
from __future__ import annotations

import ctypes
import dataclasses
import functools

from .. import config
from ..errors import NoGPUError
from . import install


@dataclasses.dataclass(frozen=True)
class GPUStatus:
    """The outcome of :func:`probe`: ``kind`` is ok, none or unusable; ``reason`` says why."""

    kind: str
    reason: str = ""


def _cupy_count():
    """(CuPy's device count, None), or (None, the exception CuPy raised), or (None, ImportError)."""
    try:
        import cupy
    except Exception as e:  # noqa: BLE001 - a missing or broken CuPy
        return None, ImportError(f"CuPy is not importable ({e.__class__.__name__}: {e})")
    try:
        return cupy.cuda.runtime.getDeviceCount(), None
    except Exception as e:  # noqa: BLE001 - no driver, too old a driver, no device
        return None, e


def _cupy_cuda_major():
    """The CUDA major version the installed CuPy was built for (12, 13), or None."""
    try:
        import cupy
        return int(cupy.cuda.runtime.runtimeGetVersion()) // 1000
    except Exception:  # noqa: BLE001
        return None


def _driver():
    """(devices, driver CUDA version such as 12040) from the NVIDIA driver itself (libcuda),
    or None when there is no driver.  Devices is None where the driver does not say."""
    for name in ("libcuda.so.1", "libcuda.so", "nvcuda.dll"):
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    else:
        return None
    version, count = ctypes.c_int(0), ctypes.c_int(0)
    if lib.cuDriverGetVersion(ctypes.byref(version)) != 0:
        version.value = 0
    status = lib.cuInit(0)
    if status == 34:    # CUDA_ERROR_STUB_LIBRARY: the toolkit's stub, not a driver
        return None
    if status == 100:   # CUDA_ERROR_NO_DEVICE
        return 0, version.value
    if status != 0 or lib.cuDeviceGetCount(ctypes.byref(count)) != 0:
        return None, version.value   # a driver that cannot start: a GPU kfuse cannot use
    return count.value, version.value


def _classify(count, error, driver, cuda_major) -> GPUStatus:
    """The status from what CuPy said (``count`` or ``error``), what the driver said
    (``driver``: None or (devices, version)) and CuPy's CUDA major version."""
    if count is not None:
        return GPUStatus("ok") if count > 0 else GPUStatus("none", "no CUDA device")
    if driver is None:   # no NVIDIA driver at all: a machine without a GPU
        why = str(error) if isinstance(error, ImportError) else "no NVIDIA driver (libcuda) found"
        return GPUStatus("none", why)
    devices, version = driver
    if devices == 0:
        return GPUStatus("none", "no CUDA device")
    if isinstance(error, ImportError):
        return GPUStatus("unusable", f"{error}: install kfuse[cuda12] or kfuse[cuda13] to match the driver")
    have = f"{version // 1000}.{version % 1000 // 10}" if version else "unknown"
    if cuda_major and version and version // 1000 < cuda_major:
        other = version // 1000
        return GPUStatus("unusable", f"CUDA driver version {have} is insufficient for CUDA {cuda_major}: "
                         f"install cupy-cuda{other}x / kfuse[cuda{other}] or update the driver")
    return GPUStatus("unusable", f"the GPU is not usable ({error.__class__.__name__}: {error}; "
                     f"driver CUDA {have}, CuPy built for CUDA {cuda_major or 'unknown'})")


@functools.lru_cache(maxsize=1)
def probe() -> GPUStatus:
    """Whether a usable GPU is present, and if not, why (cached for the process)."""
    problem = install.cupy_problem()
    if problem:   # no CuPy, or several: a GPU that the driver sees is unusable until that is fixed
        driver = _driver()
        gpu = driver is not None and driver[0] != 0
        return GPUStatus("unusable" if gpu else "none", problem)
    count, error = _cupy_count()
    if count is not None and count > 0:
        return GPUStatus("ok")
    driver = _driver() if count is None else None
    return _classify(count, error, driver, _cupy_cuda_major() if count is None else None)


def has_gpu() -> bool:
    """True if CuPy imports and sees at least one CUDA device."""
    return probe().kind == "ok"


def unusable_gpu() -> bool:
    """True if a GPU is present but cannot be used (see :func:`probe`)."""
    return probe().kind == "unusable"


def no_gpu_reason() -> str:
    """Why there is no usable GPU ('' when there is one)."""
    return probe().reason


def require_gpu(what: str = "kfuse") -> None:
    """Raise NoGPUError naming ``what`` needed the GPU and the real reason, unless one is usable."""
    st = probe()
    if st.kind != "ok":
        raise NoGPUError(f"{what} needs a GPU: {st.reason}")


def current_arch() -> str:
    """Target architecture: the setting, else the current device's, else the default device's."""
    s = config.get()
    if s.arch:
        return s.arch
    if has_gpu():
        import cupy
        return f"sm_{cupy.cuda.Device().compute_capability}"
    return config.DEFAULT_ARCH


def device_name() -> str:
    if not has_gpu():
        return "none"
    import cupy
    props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
    name = props["name"]
    return name.decode() if isinstance(name, bytes) else str(name)


def planning_device() -> str:
    """The device kfuse plans for: the current GPU's name, else :data:`kfuse.config.DEFAULT_DEVICE`."""
    return device_name() if has_gpu() else config.DEFAULT_DEVICE


def sm_count() -> int:
    if not has_gpu():
        return config.get().sm_count
    import cupy
    return cupy.cuda.Device().attributes["MultiProcessorCount"]
