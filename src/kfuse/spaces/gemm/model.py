"""The GEMM engine model: the seconds a matrix product's flops take on its engine (FFMA or
tensor-core MMA), by the calibration's measured scheme rates or the engine's peak share, with
the wave quantisation of its tiles over the GPU's resident slots and, for blocks of uneven work
(TRMM, SYRK), the busiest slot.  The GEMM and TRSM spaces give it as their
:meth:`kfuse.spaces.base.Space.compute_seconds`; the terms it reads are their
:meth:`kfuse.spaces.base.Space.traffic`, an :class:`EngineTraffic`.
``cal`` is a :class:`kfuse.model.calibration.Calibration`.
"""
from __future__ import annotations

import dataclasses
import math

from . import engines
from ..base import resident_blocks
from ..traffic import KernelTraffic, Traffic
from .balance import makespan_waves

#: warps per SM a matrix-product engine needs for its measured tile efficiency (fewer: slower)
ENGINE_WARPS = 8
#: the share of the FFMA peak a tuned SIMT GEMM reaches (cuBLAS SGEMM on the H200: 51.4 of 66.9 TFLOP/s)
FFMA_EFFICIENCY = 0.77


def engine_share(engine: str) -> float:
    """Flop rate of ``engine`` (``"ffma/float64"``) relative to float32 FFMA: the engine's
    ``share`` of the dtype (:mod:`.engines`; 1.0 for an engine or dtype it does not name)."""
    name, _, dtype = engine.partition("/")
    eng = engines.find(name)
    return eng.share.get(dtype, 1.0) if eng is not None else 1.0


@dataclasses.dataclass(frozen=True)
class EngineTraffic(Traffic):
    """The traffic of a kernel whose flops run on a matrix-product engine (GEMM, TRSM): the
    common terms and the engine's, which only :func:`engine_seconds` reads."""

    engine_flops: float = 0.0
    """The product's flops (0: no engine term)."""
    engine: str = ""
    """The engine they run on and its data type, ``"ffma/float32"``."""
    engine_eff: float = 1.0
    """The built-in share of the engine's rate the scheme's tiles reach (:func:`engine_rate` x it)."""
    engine_loader: float = 1.0
    """The share a structured operand's element-wise loader (or a group of products) keeps."""
    engine_scheme: str | None = None
    """The scheme's key in the calibration's "gemm" section (None: the section is not asked)."""
    block_work: tuple = ()
    """Blocks of uneven work as ((k tiles, blocks), ...), heaviest first (empty: even blocks)."""


def engine_rate(cal, engine: str) -> float:
    """Flop/s of ``engine`` (``ffma/float32``, ...): the calibration's ``engine_rates`` where it
    measured one, else twice its FMA rate (SMs x 128 lanes x clock) x :data:`FFMA_EFFICIENCY`
    x :func:`engine_share` (the H200 by default: 132 x 128 x 2 x 1.98 GHz x 0.77 = 51.5 TFLOP/s)."""
    measured = getattr(cal, "engine_rates", None) or {}
    if engine in measured:
        return float(measured[engine])
    return 2 * cal.fma_rate * FFMA_EFFICIENCY * engine_share(engine)


def engine_seconds(tr: KernelTraffic, cal) -> float:
    """The engine term of a kernel whose space gives ``engine_flops`` (a matrix product):
    flops / (engine rate x tile efficiency) x the wave quantisation ceil(T / S) / (T / S) of
    its T blocks over S resident slots (SMs x blocks per SM), or, for fewer blocks than slots,
    SMs x ceil(T / SMs) / T (64 tiles on 132 SMs: 2.06; H200 1024^3 float32, 128 x 128 tiles:
    19.3 TFLOP/s against 28.3 for 64 x 64).  0 for every other kernel."""
    terms = tr.terms
    flops = terms.engine_flops if isinstance(terms, EngineTraffic) else 0
    if not flops:
        return 0.0
    tiles, slots = max(1, tr.grid), resident_blocks(tr, cal)
    if terms.block_work:   # uneven blocks: the busiest slot (or SM, under one wave) sets the time
        return flops / scheme_rate(tr, cal) * uneven_waves(tr, tiles, slots, cal)
    if tiles >= slots:
        waves = math.ceil(tiles / slots) / (tiles / slots)
    else:   # fewer tiles than slots: the busiest SM runs ceil(T / SMs) of them, the rest wait
        sms = max(1, cal.sm_count)
        waves = max(1.0, sms * math.ceil(tiles / sms) / tiles)
        waves /= warp_share(math.ceil(tiles / sms) * tr.threads / 32)
    return flops / scheme_rate(tr, cal) * waves


def warp_share(warps: float) -> float:
    """The share of an SM's rate ``warps`` resident warps reach: an SM with few warps hides less
    latency (H200 1024^3, 64 x 128 tiles of 4 warps, one per SM: 0.74 of the 8192 rate; split-k 2,
    two per SM: 0.77 with its partials)."""
    return math.sqrt(min(1.0, warps / ENGINE_WARPS))


def uneven_waves(tr: KernelTraffic, tiles: int, slots: int, cal) -> float:
    """:func:`engine_seconds`' waves for blocks of uneven work (``block_work``: (k tiles,
    blocks) pairs, heaviest first): the blocks go to the least loaded of the ``slots`` resident
    places, or, fewer busy blocks than slots, of the SMs (with their few-warps penalty)."""
    pairs = tr.terms.block_work
    busy = sum(c for w, c in pairs if w > 0)
    if busy >= slots:
        return makespan_waves(pairs, slots)
    sms = max(1, cal.sm_count)
    total = sum(w * c for w, c in pairs)
    # the heaviest block ends alone on its SM, at the rate its own warps reach: at n = 1024 a 4-warp
    # TRMM block of 32 k tiles lasts as long as two GEMM blocks of 32 sharing the SM (H200)
    warps = tr.threads / 32
    crit = pairs[0][0] / warp_share(warps) * sms / total
    return max(makespan_waves(pairs, sms) / warp_share(math.ceil(busy / sms) * warps), crit)


def section_rate(section: dict, engine: str, key: str | None) -> float | None:
    """Flop/s the scheme ``key`` reaches on ``engine`` ("ffma/float32") by ``section``: its
    efficiency x the engine's peak; None where the section lacks either."""
    if not section or not key:
        return None
    eff = section.get("efficiency", {}).get(key)
    peak = section.get("peak", {}).get(engine)
    if eff is None or peak is None:
        return None
    return peak * eff


def scheme_rate(tr: KernelTraffic, cal) -> float:
    """Flop/s the product of a kernel moving ``tr`` runs at: the calibration's "gemm" section
    rate of its scheme (``engine_scheme``; peak x measured efficiency, ``kfuse calibrate
    --blas3``) where it has one, else :func:`engine_rate` x the space's ``engine_eff``; times
    ``engine_loader``, the share a structured operand's element-wise loader keeps (SYMM/TRMM)."""
    terms = tr.terms
    rate = section_rate(getattr(cal, "gemm", None) or {}, terms.engine, terms.engine_scheme)
    if rate is not None:
        return rate * terms.engine_loader
    return engine_rate(cal, terms.engine) * terms.engine_eff
