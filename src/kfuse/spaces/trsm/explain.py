"""The TRSM space's alternatives in words (``kfuse explain``): for a trsm kernel, every
algorithm x leaf with the model's predicted time, the chosen one marked, refused ones with their
reason (:meth:`kfuse.spaces.base.Space.explain_lines`)::

    trsm solver, kernel k0 (X = trsm_lln(A, B)):
      algorithm=recursive leaf=64: 2051.3 us  <- chosen
      algorithm=blocked leaf=64: 3120.9 us predicted, not chosen
      algorithm=inverse leaf=128: 1890.2 us predicted, not chosen
"""
from __future__ import annotations

from .choices import ALGORITHMS, BUILT_ALGORITHMS, LEAVES, trsm_fn


def explain_lines(space, program, kernel, needed: set, predict, info) -> list:
    """Lines for a trsm kernel (a KernelPlan storing ``needed``) of ``space``: its alternatives,
    priced by ``predict(calls, params, needed)`` (``info``: the program's ProgramInfo)."""
    call = next(c for c in kernel.calls if trsm_fn(info, c))
    fn, dtype, dom = info.fn(call), info.dtype(call), info.domain(call)
    chosen = dict(space.defaults(), **kernel.params)
    lines = [f"trsm solver, kernel {kernel.name} ({program.calls[call].label}):"]
    for alg in ALGORITHMS:
        for leaf in LEAVES:
            p = dict(chosen, algorithm=alg, leaf=leaf)
            why = space.refusals(p, dom, fn, dtype)
            label = f"algorithm={alg} leaf={leaf}"
            if why and alg not in BUILT_ALGORITHMS:
                lines.append(f"  algorithm={alg}: dropped: {'; '.join(why)}")
                break
            if why:
                lines.append(f"  {label}: dropped: {'; '.join(why)}")
                continue
            t = predict(kernel.calls, p, needed)
            mark = "  <- chosen" if (alg, leaf) == (chosen["algorithm"], chosen["leaf"]) else " predicted, not chosen"
            lines.append(f"  {label}: {t * 1e6:.1f} us{mark}")
    return lines
