"""The structured BLAS-3 products ``kfuse tune --blas3-table FILE --blas3-routines ...`` tunes
(issue 20): each SYMM/TRMM/SYRK/SYR2K variant of :mod:`.workloads` at the given sizes, traced
through ``kfuse.blas`` exactly as a user's eager call (and the bench's kfuse column) makes it,
so the winners recorded under :func:`kfuse.pipeline.winners.kernel_key` are the ones those
calls look up.  ``gemm`` keeps the table's own programs (C = A @ B, :func:`kfuse.runtime.
tune_gemm.table_programs`).

    >>> [p.name for _dt, _prec, p in programs(["syrk"], [256])]
    ['syrk_ln_256_ieee', 'syrk_lt_256_ieee']
"""
from __future__ import annotations

from ... import config
from . import workloads as W
from .peers import kfuse_blas_kwargs

STRUCTURED = ("symm", "trmm", "syrk", "syr2k")


def variant_fn(v, precision: str):
    """``f(A[, B])`` calling ``kfuse.blas.<family>`` with the variant's BLAS arguments."""
    from ... import blas

    routine = getattr(blas, v.family)
    kw = dict(kfuse_blas_kwargs(v), precision=precision)
    if v.family == "syrk":
        return (lambda A: routine(A, **kw)), ["A"]
    return (lambda A, B: routine(A, B, **kw)), ["A", "B"]


def programs(families, sizes, precision: str = "ieee", dtype: str = "float32") -> list:
    """(dtype, precision, bound program) for every variant of ``families`` (of
    :data:`STRUCTURED`) at each n x n x n of ``sizes``, largest sizes first (a run cut short
    keeps the sizes the model predicts worst: 2048 before 1024); ValueError naming a family
    that is not a structured one or a size under 1."""
    from ... import config
    from ...api import bind_sizes
    from ...frontend.trace import trace

    small = [s for s in sizes if isinstance(s, bool) or not isinstance(s, int) or s < 1]
    if small:
        raise ValueError(f"--blas3-sizes: {', '.join(map(str, small))}: a size to tune is a whole number >= 1")
    bad = [f for f in families if f not in STRUCTURED]
    if bad:
        raise ValueError(f"--blas3-routines: {', '.join(bad)} is not one of {', '.join(STRUCTURED)} "
                         "(gemm is the table's C = A @ B, tuned without --blas3-routines)")
    out, keys = [], set()
    for n in sorted(set(sizes), reverse=True):
        for v in W.VARIANTS.values():
            if v.family not in families:
                continue
            fn, names = variant_fn(v, precision)
            specs = [("a", (n, n), dtype, "C") for _ in names]
            name = f"{v.name.lower().replace('-', '_')}_{n}_{precision}"
            with config.override(precision=precision):
                prog = bind_sizes(trace(fn, names, specs, name)[0], {})
                key = table_key(prog)
            if key not in keys:      # SYRK-UN is SYRK-LN's kernel (one key): tuned once
                keys.add(key)
                out.append((dtype, precision, prog))
    return out


def table_key(prog) -> str | None:
    """The winners-table key of the program's gemm kernel under the model's plan (the default
    device names the device: only the routine, variant, dtype, precision and sizes tell programs apart)."""
    from ...api import make_plan
    from ...pipeline.winners import kernel_key

    plan = make_plan(prog)
    gemm = [k for k in plan.kernels if k.space == "gemm"]
    return kernel_key(prog, gemm[0].calls, config.DEFAULT_DEVICE) if gemm else None


__all__ = ["STRUCTURED", "programs", "table_key", "variant_fn"]
