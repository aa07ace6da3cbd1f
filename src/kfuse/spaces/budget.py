"""The shared-memory budget of a kernel: what its static ``__shared__`` arrays take, and the
refusal of a launch shape over the 48 KiB a kernel may declare.  The search leaves such shapes
out, the model predicts them infinite, and code generation refuses an edited plan that has one.
Each space says what it takes per output (:meth:`kfuse.spaces.base.Space.shared_per_output`).
"""
from __future__ import annotations

from ..ir import Program
from .base import SMEM_FLAGS, SMEM_STATIC_LIMIT
from .registry import get, kernel_domain, program_info


def shared_bytes(program: Program, calls: list, params: dict, terms: tuple | None = None) -> int:
    """Static shared memory the generated kernel of ``calls`` declares with launch ``params``:
    a tile kernel holds a BY x TF tile of each reduction whose output runs along F (``kf_sm_``), a
    vector kernel two warp-count arrays per reduction (``kf_red_``, ``kf_red2_``), a rows kernel
    with a stage its ROWS row results per sparse call (``kf_stage_``); plus the handshake flags.
    ``terms``: :func:`smem_terms` of ``calls``, when the caller has them."""
    space, sizes, staged_always = terms or smem_terms(program, calls)
    return get(space).shared_per_output(params, staged_always) * sum(sizes) + SMEM_FLAGS


def smem_terms(program: Program, calls: list) -> tuple:
    """(space, element sizes of the outputs that take shared memory, whether a rows kernel's
    stage is needed at stage 1) of ``calls``: what :func:`shared_bytes` scales by the parameters."""
    info = program_info(program)
    dom = kernel_domain(program, calls)
    sizes = get(dom.space).smem_sizes(program, calls, dom, info)
    other = any(info.fn(c).hof != "sparse_reduce" for c in calls)
    return dom.space, tuple(sizes), other


def smem_refusal(program: Program, calls: list, params: dict, terms: tuple | None = None) -> str | None:
    """Why ``calls`` with ``params`` cannot compile for want of shared memory (None: they fit in
    the 48 KiB a kernel may declare statically)."""
    need = shared_bytes(program, calls, params, terms)
    if need <= SMEM_STATIC_LIMIT:
        return None
    return (f"needs {need:,} B of static shared memory, over the {SMEM_STATIC_LIMIT // 1024} KiB a kernel "
            "may declare (fewer reductions along the fast axis per kernel, or a smaller by or vec)")
