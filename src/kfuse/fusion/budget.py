"""The shared-memory budget of a kernel: what its static ``__shared__`` arrays take, and the
refusal of a launch shape over the 48 KiB a kernel may declare.  The space leaves such shapes
out, the model predicts them infinite, and code generation refuses an edited plan that has one.
"""
from __future__ import annotations

from .. import library
from ..ir import Program, itemsize
from .plan import kernel_domain


SMEM_STATIC_LIMIT = 48 * 1024   # bytes of static __shared__ memory a kernel may declare (CUDA)
SMEM_FLAGS = 16                 # the last-block handshake's flags (kf_last_block(s)), rounded up


def shared_bytes(program: Program, calls: list, params: dict, terms: tuple | None = None) -> int:
    """Static shared memory the generated kernel of ``calls`` declares with launch ``params``:
    a tile kernel holds a BY x TF tile of each reduction whose output runs along F (``kf_sm_``), a
    vector kernel two warp-count arrays per reduction (``kf_red_``, ``kf_red2_``), a rows kernel
    with a stage its ROWS row results per sparse call (``kf_stage_``); plus the handshake flags.
    ``terms``: :func:`smem_terms` of ``calls``, when the caller has them."""
    space, sizes, staged_always = terms or smem_terms(program, calls)
    g = params.get
    if space == "tile":
        per = int(g("by", 1)) * int(g("bx", 1)) * int(g("vec", 1))
    elif space == "vec":
        per = 2 * ((int(g("block", 1)) + 31) // 32)
    elif space == "rows":
        stage = int(g("stage", 1))
        staged = stage > 1 or (stage == 1 and staged_always)
        per = stage * int(g("block", 1)) // int(g("group", 1)) * int(g("span", 1)) if staged else 0
    else:
        per = 0
    return per * sum(sizes) + SMEM_FLAGS


def smem_terms(program: Program, calls: list) -> tuple:
    """(space, element sizes of the outputs that take shared memory, whether a rows kernel's
    stage is needed at stage 1) of ``calls``: what :func:`shared_bytes` scales by the parameters."""
    dom = kernel_domain(program, calls)
    sizes, other = [], False
    for c in calls:
        call = program.calls[c]
        fn = library.get(call.fn)
        size = itemsize(program.value(next(iter(call.outs.values()))).type.dtype)
        if dom.space == "tile" and fn.hof == "nested_reduce" and dom.axis_of(fn.output.index) == "fast":
            sizes.append(size)
        elif (dom.space, fn.hof) in (("vec", "reduce"), ("rows", "sparse_reduce")):
            sizes.append(size)
        other = other or fn.hof != "sparse_reduce"
    return dom.space, tuple(sizes), other


def smem_refusal(program: Program, calls: list, params: dict, terms: tuple | None = None) -> str | None:
    """Why ``calls`` with ``params`` cannot compile for want of shared memory (None: they fit in
    the 48 KiB a kernel may declare statically)."""
    need = shared_bytes(program, calls, params, terms)
    if need <= SMEM_STATIC_LIMIT:
        return None
    return (f"needs {need:,} B of static shared memory, over the {SMEM_STATIC_LIMIT // 1024} KiB a kernel "
            "may declare (fewer reductions along the fast axis per kernel, or a smaller by or vec)")
