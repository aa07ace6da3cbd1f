"""The trsm space's alternatives in words (``kfuse explain``): for each trsm kernel of a plan,
every algorithm x leaf with the model's predicted time, the chosen one marked, refused ones with
their reason::

    trsm solver, kernel k0 (X = trsm_lln(A, B)):
      algorithm=recursive leaf=64: 2051.3 us  <- chosen
      algorithm=blocked leaf=64: 3120.9 us predicted, not chosen
      algorithm=inverse leaf=128: 1890.2 us predicted, not chosen
"""
from __future__ import annotations

from .. import spaces
from ..spaces import stored
from ..ir import Program
from ..spaces.trsm.space import ALGORITHMS, BUILT_ALGORITHMS, LEAVES, trsm_fn
from .calibration import Calibration
from .predict import predict_kernel


def trsm_lines(program: Program, kernels: list, cal: Calibration) -> list:
    """Lines for each trsm kernel (a KernelPlan): its alternatives, predicted."""
    lines = []
    info = spaces.program_info(program)
    needed = stored(program, [k.calls for k in kernels])
    space = spaces.get("trsm")
    for k, need in zip(kernels, needed):
        if k.space != "trsm":
            continue
        call = next(c for c in k.calls if trsm_fn(info, c))
        fn, dtype, dom = info.fn(call), info.dtype(call), info.domain(call)
        chosen = dict(space.defaults(), **k.params)
        lines.append(f"trsm solver, kernel {k.name} ({program.calls[call].label}):")
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
                t = predict_kernel(program, k.calls, p, need, cal)
                mark = "  <- chosen" if (alg, leaf) == (chosen["algorithm"], chosen["leaf"]) else \
                    " predicted, not chosen"
                lines.append(f"  {label}: {t * 1e6:.1f} us{mark}")
    return lines
