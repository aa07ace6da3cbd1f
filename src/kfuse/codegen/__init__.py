"""Code generation: routines and kernels (Algorithms 1-2 of Filipovic et al.) as readable CUDA C.

``module.generate`` checks the plan, asks each kernel's lowering (``lowering.LOWERINGS[space]``:
``lower_scalar``, ``lower_vec``, ``lower_tile``, ``lower_rows``, ``lower_stencil`` for the grid
space, with ``stencil_scope`` and ``stencil_vec``) for its kernels and assembles the module
(``render``).  A lowering fills a ``body.KernelBody`` (the phases of Algorithm 1) from the
shared pieces: ``emitter`` (what the kernel reads and writes, scalar loads, routine arguments),
``memory`` (packs, matrix tiles, sparse row walks), ``finish`` (block, warp and grid reductions,
last-block and atomic finishes); ``common`` holds ``KArg``, ``KernelSource``, ``CodeBlock`` and
``literal``.
"""
from .common import KArg, KernelSource
from .registry import LOWERINGS, register_lowering
from .module import Module, generate

__all__ = ["Module", "generate", "KernelSource", "KArg", "LOWERINGS", "register_lowering"]
