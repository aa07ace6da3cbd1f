"""Code generation: routines and kernels (Algorithms 1-2 of Filipovic et al.) as readable CUDA C.

``module.generate`` checks the plan, asks each kernel's lowering (``registry.LOWERINGS[space]``)
for its kernels and assembles the module (``render``).  The lowerings live by family:
``pointwise/`` (the scalar, vec, tile and rows spaces), ``grid/`` (grid kernels: ``lower``, with
``scope``, ``vector`` and ``remap``), ``gemm/`` (the GEMM spec, its engines and their shared
pieces) and ``trsm/`` (blocked triangular solves).  A lowering fills a ``body.KernelBody``
(the phases of Algorithm 1) from the shared pieces: ``emitter`` (what the kernel reads and writes, scalar loads, routine arguments),
``memory`` (packs, matrix tiles, sparse row walks), ``finish`` (block, warp and grid reductions,
last-block and atomic finishes); ``common`` holds ``KArg``, ``KernelSource``, ``CodeBlock`` and
``literal``.
"""
from .common import KArg, KernelSource
from .registry import LOWERINGS, register_lowering
from .module import Module, generate

__all__ = ["Module", "generate", "KernelSource", "KArg", "LOWERINGS", "register_lowering"]
