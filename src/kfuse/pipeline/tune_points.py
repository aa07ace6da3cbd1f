"""The structured BLAS-3 products ``kfuse tune --blas3-table FILE --blas3-routines ...`` tunes:
each SYMM/TRMM/SYRK/SYR2K :class:`Variant` (the routines' BLAS arguments, row-major semantics;
the BLAS-3 benchmark runs the same variants) at the given sizes, traced
through ``kfuse.blas`` exactly as a user's eager call (and the bench's kfuse column) makes it,
so the winners recorded under :func:`kfuse.pipeline.winners.kernel_key` are the ones those
calls look up.  ``gemm`` keeps the table's own programs (C = A @ B, :func:`kfuse.pipeline.
winners.table_programs`).

The routines are handed in (``blas=kfuse.blas``: the driver sits below the user-facing
libraries), as the command line does.

    >>> import kfuse
    >>> [p.name for _dt, _prec, p in programs(["syrk"], [256], blas=kfuse.blas)]
    ['syrk_ln_256_ieee', 'syrk_lt_256_ieee']
"""
from __future__ import annotations

from dataclasses import dataclass

STRUCTURED = ("symm", "trmm", "syrk", "syr2k")


@dataclass(frozen=True)
class Variant:
    """One routine variant: the family and its BLAS arguments (row-major semantics)."""

    family: str
    side: str = "L"       # L | R (symm, trmm, trsm)
    uplo: str = "L"       # L | U (symm, trmm, trsm, syrk, syr2k)
    trans: str = "N"      # N | T (trmm, trsm, syrk, syr2k)
    transa: str = "N"     # gemm
    transb: str = "N"     # gemm

    @property
    def name(self) -> str:
        f = self.family.upper()
        if self.family == "gemm":
            return f"GEMM-{self.transa}{self.transb}"
        if self.family == "symm":
            return f"SYMM-{self.side}{self.uplo}"
        if self.family in ("trmm", "trsm"):
            return f"{f}-{self.side}{self.uplo}-{self.trans}"
        return f"{f}-{self.uplo}{self.trans}"

    @property
    def triangle_out(self) -> bool:
        """Only the ``uplo`` triangle of the output is defined (SYRK, SYR2K)."""
        return self.family in ("syrk", "syr2k")


def all_variants() -> list[Variant]:
    """The 24 variants of the seed plus SYRK and SYR2K (uplo x trans), in the suite's order."""
    out = [Variant("gemm", transa=a, transb=b) for a in "NT" for b in "NT"]
    out += [Variant("symm", side=s, uplo=u) for s in "LR" for u in "LU"]
    for fam in ("trmm", "trsm"):
        out += [Variant(fam, side=s, uplo=u, trans=t) for s in "LR" for u in "LU" for t in "NT"]
    for fam in ("syrk", "syr2k"):
        out += [Variant(fam, uplo=u, trans=t) for u in "LU" for t in "NT"]
    return out


VARIANTS: dict[str, Variant] = {v.name: v for v in all_variants()}


def kfuse_blas_kwargs(v) -> dict:
    """The BLAS arguments of ``kfuse.blas.<routine>`` (BLAS3_API2: side/uplo/trans/diag keywords;
    syrk/syr2k return the full symmetric result, whose ``uplo`` triangle the check reads)."""
    side = {"L": "left", "R": "right"}[v.side]
    uplo = {"L": "lower", "U": "upper"}[v.uplo]
    if v.family == "gemm":
        return {"transa": v.transa == "T", "transb": v.transb == "T"}
    if v.family == "symm":
        return {"side": side, "uplo": uplo}
    if v.family in ("trmm", "trsm"):
        return {"side": side, "uplo": uplo, "trans": v.trans == "T", "diag": "nonunit"}
    return {"uplo": uplo, "trans": v.trans == "T"}




def variant_fn(v, precision: str, blas):
    """``f(A[, B])`` calling ``blas.<family>`` (``kfuse.blas``) with the variant's BLAS arguments."""
    routine = getattr(blas, v.family)
    kw = dict(kfuse_blas_kwargs(v), precision=precision)
    if v.family == "syrk":
        return (lambda A: routine(A, **kw)), ["A"]
    return (lambda A, B: routine(A, B, **kw)), ["A", "B"]


def programs(families, sizes, precision: str = "ieee", dtype: str = "float32", *, blas) -> list:
    """(dtype, precision, bound program) for every variant of ``families`` (of
    :data:`STRUCTURED`) at each n x n x n of ``sizes``, traced through ``blas`` (``kfuse.blas``),
    largest sizes first (a run cut short keeps the sizes the model predicts worst: 2048 before
    1024); ValueError naming a family that is not a structured one or a size under 1."""
    from .. import config
    from ..frontend.trace import trace

    small = [s for s in sizes if isinstance(s, bool) or not isinstance(s, int) or s < 1]
    if small:
        raise ValueError(f"--blas3-sizes: {', '.join(map(str, small))}: a size to tune is a whole number >= 1")
    bad = [f for f in families if f not in STRUCTURED]
    if bad:
        raise ValueError(f"--blas3-routines: {', '.join(bad)} is not one of {', '.join(STRUCTURED)} "
                         "(gemm is the table's C = A @ B, tuned without --blas3-routines)")
    out, keys = [], set()
    for n in sorted(set(sizes), reverse=True):
        for v in VARIANTS.values():
            if v.family not in families:
                continue
            fn, names = variant_fn(v, precision, blas)
            specs = [("a", (n, n), dtype, "C") for _ in names]
            name = f"{v.name.lower().replace('-', '_')}_{n}_{precision}"
            with config.override(precision=precision):
                prog = trace(fn, names, specs, name)[0].bind({})
                key = table_key(prog)
            if key not in keys:      # SYRK-UN is SYRK-LN's kernel (one key): tuned once
                keys.add(key)
                out.append((dtype, precision, prog))
    return out


def table_key(prog) -> str | None:
    """The winners-table key of the program's gemm kernel under the model's plan (the default
    device names the device: only the routine, variant, dtype, precision and sizes tell programs apart)."""
    from .. import config
    from ..model import load_calibration
    from ..model.planner import best_plan
    from ..platform import device
    from .winners import kernel_key

    plan = best_plan(prog, load_calibration(device.planning_device()), config.get().fuse)
    gemm = [k for k in plan.kernels if k.space == "gemm"]
    return kernel_key(prog, gemm[0].calls, config.DEFAULT_DEVICE) if gemm else None


__all__ = ["STRUCTURED", "VARIANTS", "Variant", "all_variants", "kfuse_blas_kwargs", "programs", "table_key",
           "variant_fn"]
