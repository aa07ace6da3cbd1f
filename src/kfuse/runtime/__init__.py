"""Runtime: NVRTC compilation, the cubin cache, loading and launching on CuPy arrays."""
from .executable import Executable, build
from . import device

__all__ = ["Executable", "build", "device"]
