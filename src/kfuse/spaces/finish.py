"""Restrictions on how a kernel's reductions finish (plan parameter ``finish``): the atomic
finishes and why a fusion cannot take them.  Launch-variant restrictions of the vec, tile and
rows spaces; code generation asks them too.
"""
from __future__ import annotations

from .. import config
from ..ir import Program


def atomic_refusal(program: Program, calls, info) -> str | None:
    """Why the reductions among ``calls`` cannot be finished by atomics (None if they can).

    Atomics add each block's contribution to an output zeroed before the kernel:
    the combine must be ``+`` and the finalize affine in ``acc`` (gemv's
    ``alpha * acc + beta * y``), and no finalize may read another reduction of
    the kernel (its value is not complete when the contributions are added).
    ``info``: the program's :class:`kfuse.spaces.facts.ProgramInfo`.
    """
    produced = {v for c in calls for v in program.calls[c].outs.values()}
    any_red = False
    for c in calls:
        call = program.calls[c]
        fn = info.fn(c)
        if not fn.is_reduce:
            continue
        any_red = True
        if fn.combine != "+":
            return f"{call.label}: combine {fn.combine!r} has no atomic form here"
        if not fn.linear_finalize:
            return f"{call.label}: its finalize is not affine in the reduced value"
        for p, v in call.args.items():
            if fn.param(p).stage == "finalize" and program.base(v) in produced:
                return f"{call.label}: its finalize reads {program.value(v).display}, computed in the same kernel"
    if not any_red:
        return "no reduction to finish"
    if config.get().deterministic:
        return "deterministic=True: float atomics are not bitwise reproducible"
    return None


def sum_atomic_refusal(program: Program, calls, info) -> str | None:
    """Why the reductions among ``calls`` cannot add their block results into one accumulator
    with atomics for the last block to finalize (None if they can).  Unlike finishing straight
    into the output (:func:`atomic_refusal`), any finalize is fine; the combine must be ``+``."""
    reds = [c for c in calls if info.fn(c).hof == "reduce"]
    if not reds:
        return "no reduction to finish"
    for c in reds:
        if info.fn(c).combine != "+":
            return f"{program.calls[c].label}: combine {info.fn(c).combine!r} has no atomic form here"
    if config.get().deterministic:
        return "deterministic=True: float atomics are not bitwise reproducible"
    return None
