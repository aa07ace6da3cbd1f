"""Runtime: NVRTC compilation, the cubin cache, loading and launching on CuPy arrays.

``build`` runs the stages from a plan to an :class:`Executable` (:mod:`kfuse.runtime.stages`);
the device probe is :mod:`kfuse.platform.device`."""
from .executable import Executable
from .stages import build

__all__ = ["Executable", "build"]
