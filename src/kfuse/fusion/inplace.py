"""Written arguments stored in place: which final values of written arguments (``Program.writes``)
a plan's kernels may store straight into the caller's array instead of a buffer copied back
after the kernels.

A kernel may store ``u``'s final value ``f`` into ``u``'s own memory when (1) ``f`` has ``u``'s
type and layout, (2) the kernel reads ``u`` only at the points it stores (its space says so:
:meth:`kfuse.spaces.base.Space.reads_own_point`; a stencil reading ``u`` at a neighbour would
read a value another thread already overwrote), and (3) no later kernel reads ``u``.  Such a
kernel's two pointers (``u`` and ``f``) are declared without ``__restrict__``.

Grid (stencil) kernels do not claim it: measured on the H200 (benchmarks/tools/inplace_probe.py,
wave2d at 8192^2 float64), the one-kernel step storing into the array it reads took 1793 us,
storing into a new buffer and copying back 919 us (with ``__restrict__`` kept: 1789 us).
"""
from __future__ import annotations

from .. import spaces


def inplace_writes(program, plan) -> dict:
    """Final value -> the written argument whose memory its kernel stores it into."""
    if not program.writes:
        return {}
    info = spaces.program_info(program)
    producer = program.producers()
    kernel_of = {c: k for k, kp in enumerate(plan.kernels) for c in kp.calls}
    out = {}
    for u, f in program.writes.items():
        tu, tf = program.value(u).type, program.value(f).type
        if program.value(f).view_of or f not in producer or \
                (tu.shape, tu.dtype, tu.order, tu.kind) != (tf.shape, tf.dtype, tf.order, tf.kind):
            continue
        k = kernel_of[producer[f]]
        kp = plan.kernels[k]
        if any(_reads(program, later.calls, u) for later in plan.kernels[k + 1:]):
            continue
        if spaces.get(kp.space).reads_own_point(program, list(kp.calls), dict(kp.params), u, info):
            out[f] = u
    return out


def _reads(program, calls, base: str) -> bool:
    """Whether any of ``calls`` reads ``base`` (directly or through a view)."""
    return any(program.base(v) == base for c in calls for v in program.calls[c].args.values())


def describe(program, plan) -> dict:
    """Written argument -> how the call updates it (the plan JSON's ``writes``)."""
    inplace = {u: f for f, u in inplace_writes(program, plan).items()}
    out = {}
    for u, f in program.writes.items():
        shown = program.value(f).display
        out[u] = (f"stored in place: the kernel computing {shown} writes the caller's array" if u in inplace
                  else f"its final value {shown} is copied into the caller's array after the kernels")
    return out
