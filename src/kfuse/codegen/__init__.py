"""Code generation: routines and kernels (Algorithms 1-2) as readable CUDA C."""
from .module import Module, generate
from .common import KernelSource, KArg

__all__ = ["Module", "generate", "KernelSource", "KArg"]
