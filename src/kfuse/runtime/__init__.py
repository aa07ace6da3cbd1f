"""Runtime: NVRTC compilation, the cubin cache, loading and launching on CuPy arrays.

What runs the stages from a plan to an :class:`Executable` is the driver
(:func:`kfuse.pipeline.stages.build`); the device probe is :mod:`kfuse.platform.device`."""
from .executable import Executable

__all__ = ["Executable"]
