"""The bytes and launch terms of a kernel, as the cost model reads them.

:class:`Traffic` is what a space says of one launch shape (:meth:`kfuse.spaces.base.Space.traffic`):
the bytes and work a kernel adds beyond one DRAM read of its inputs and one write of its
outputs.  A kind with terms of its own subclasses it (the matrix-product engine's:
:class:`kfuse.spaces.gemm.model.EngineTraffic`) and reads them in its own hooks
(:meth:`kfuse.spaces.base.Space.compute_seconds`); the model reads only the fields here.
:class:`KernelTraffic` is the whole kernel (:func:`kfuse.model.predict.kernel_traffic`): its
DRAM reads and writes and launch shape, with its space's :class:`Traffic`.
"""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Traffic:
    """A space's terms of one kernel launch shape; each defaults to "none" (the default
    ``per_thread_bytes``: one 8-byte element)."""

    partial: int = 0
    """Bytes of partial results written and read back (a reduction's per-block results)."""
    tail_bytes: int = 0
    """Bytes the last block reads to finish the reductions (when ``partial``)."""
    atomics: int = 0
    """Atomic additions the kernel issues."""
    zeroed: int = 0
    """Outputs the plan's zeroing kernel zeroes before this one (atomics sum into them)."""
    l2: int = 0
    """Bytes re-read from L2 (vectors re-read by every block row, a stencil tile's halo)."""
    narrow: bool = False
    """Whether one-element loads (``vec`` 1) slow the kernel (the calibration's narrow-load penalty)."""
    per_thread_bytes: int = 8
    """Bytes a thread has in flight (the loads that hide DRAM latency)."""
    reread: int = 0
    """Bytes read again from DRAM beyond the one read of each input (a GEMM's operand panels)."""
    extra_flops: float = 0
    """Work beyond the calls' own flops, in FMA-rate units (recomputed halo points, a solve's leaves)."""
    regs: int = 0
    """Registers per thread the space estimates (0: not estimated); they bound the resident blocks."""
    barriers: int = 0
    """Block-wide barriers the whole grid passes (a stencil's staged tiles)."""


@dataclasses.dataclass(frozen=True)
class KernelTraffic:
    """What one kernel moves and how it launches: the model's input for its time."""

    read: int
    """Bytes the kernel reads from DRAM (each input once: :func:`kfuse.model.predict.read_bytes`)."""
    write: int
    """Bytes the kernel writes to DRAM (the outputs it stores)."""
    grid: int
    """Blocks in the whole grid."""
    threads: int
    """Threads per block."""
    space: str
    """The kernel's space (its name)."""
    terms: Traffic
    """The space's terms of this launch shape (:meth:`kfuse.spaces.base.Space.traffic`)."""
    vec: int = 1
    """Elements per load (the plan's ``vec``; 1 when it has none)."""
    smem: int = 0
    """Bytes of static shared memory per block."""
    smem_dynamic: int = 0
    """Bytes of dynamic shared memory per block."""
