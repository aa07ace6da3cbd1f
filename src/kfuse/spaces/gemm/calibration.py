"""The calibration's "gemm" section: the engine peaks and the measured efficiency of GEMM schemes.

``kfuse calibrate --blas3`` (:mod:`kfuse.calibrate.gemm`) times a small set of schemes per
engine and stores, in the device's calibration JSON::

    "gemm": {"source": "kfuse calibrate --blas3, 2026-11-30",
             "key": ["engine", "bm", "bn", ...],               # what an efficiency key lists
             "peak": {"ffma/float32": 6.1e13, "mma_tf32/float32": 3.9e14, ...},   # flop/s
             "efficiency": {"ffma,128,256,16,8,16,3,1,1,1,1,1,0,0": 0.906, ...}}

An efficiency is the share of its engine's ``peak`` (same run) a scheme reaches, after the
model's wave quantisation (so ``peak x efficiency`` is the flop rate
:func:`kfuse.spaces.gemm.model.engine_seconds` divides by).  Keys are
:func:`kfuse.spaces.gemm.space.efficiency_key` (dtype-free; the peak is per engine and dtype).

Where the rate of a scheme comes from, first found wins (:func:`kfuse.spaces.gemm.model.section_rate`, then the
space): the calibration in force's section (the user's, else the shipped one of the device,
else the H200's); the space's built-in :data:`kfuse.spaces.gemm.calibration.MEASURED_EFFICIENCY` x the
model's assumed engine rate; the space's intensity guess.  The H200's shipped section holds the
built-in table with the model's assumed rates as peaks, so it predicts exactly what the
built-in table does.

Efficiencies are measured on float32 products against the ``engine/float32`` peak, except for
an engine that multiplies no float32: the FP64 tensor-core engine ``mma_f64`` is measured on
float64 products against ``mma_f64/float64`` (probe ``dmma_peak``) (:func:`reference_peak`).
"""
from __future__ import annotations

import math

#: measured tile efficiency (H200, n = 8192 NN, float32): TFLOP/s over the engine rate the model
#: assumes (FFMA 51.5, mma_tf32 4 x 51.5), by (engine, bm, bn, bk, tm, tn, stages, raster, frags,
#: min_blocks, store_vec, tload, wm, wn); benchmarks/results/2026-11-24/gemm_emit_probe2_h200.json
#: and gemm_mma_probe_h200.json.  Schemes not measured get the intensity guess x UNMEASURED.
MEASURED_EFFICIENCY = {
    ('ffma', 128, 128, 8, 8, 8, 2, 1, 1, 1, 1, 1, 0, 0): 0.818,
    ('ffma', 128, 128, 16, 8, 8, 2, 1, 1, 1, 1, 1, 0, 0): 0.883,
    ('ffma', 128, 128, 16, 8, 8, 2, 1, 2, 1, 1, 1, 0, 0): 0.871,
    ('ffma', 128, 128, 16, 8, 8, 2, 1, 1, 2, 1, 1, 0, 0): 0.882,
    ('ffma', 128, 128, 16, 8, 8, 3, 1, 1, 1, 1, 1, 0, 0): 0.845,
    ('ffma', 128, 128, 16, 8, 8, 2, 8, 1, 1, 1, 1, 0, 0): 0.89,
    ('ffma', 128, 128, 16, 8, 8, 2, 1, 1, 2, 4, 1, 0, 0): 0.87,
    ('ffma', 128, 128, 16, 8, 8, 2, 8, 2, 2, 4, 1, 0, 0): 0.844,
    ('ffma', 128, 128, 8, 8, 8, 3, 1, 1, 1, 1, 2, 0, 0): 0.783,
    ('ffma', 128, 128, 8, 8, 8, 4, 1, 1, 1, 1, 2, 0, 0): 0.827,
    ('ffma', 128, 128, 8, 8, 8, 4, 1, 1, 2, 1, 2, 0, 0): 0.807,
    ('ffma', 128, 128, 8, 8, 8, 3, 1, 1, 2, 1, 2, 0, 0): 0.783,
    ('ffma', 128, 128, 16, 8, 8, 3, 1, 1, 1, 1, 2, 0, 0): 0.655,
    ('ffma', 128, 128, 16, 8, 8, 4, 1, 2, 1, 1, 2, 0, 0): 0.785,
    ('ffma', 128, 128, 32, 8, 8, 3, 1, 1, 1, 1, 2, 0, 0): 0.722,
    ('ffma', 128, 128, 32, 8, 8, 2, 1, 1, 1, 1, 1, 0, 0): 0.794,
    ('ffma', 256, 128, 8, 16, 8, 2, 1, 1, 1, 1, 1, 0, 0): 0.786,
    ('ffma', 256, 128, 8, 16, 8, 4, 1, 1, 1, 1, 2, 0, 0): 0.774,
    ('ffma', 256, 128, 8, 16, 8, 4, 1, 2, 1, 4, 2, 0, 0): 0.774,
    ('ffma', 256, 128, 16, 16, 8, 3, 1, 1, 1, 1, 2, 0, 0): 0.755,
    ('ffma', 256, 128, 8, 16, 8, 3, 1, 1, 1, 4, 1, 0, 0): 0.811,
    ('ffma', 128, 256, 8, 8, 16, 4, 1, 1, 1, 1, 2, 0, 0): 0.816,
    ('ffma', 128, 256, 16, 8, 16, 3, 1, 1, 1, 1, 1, 0, 0): 0.906,
    # small tiles (n <= 2048 candidates), gemm_emit_probe_small8192_h200.json
    ('ffma', 64, 128, 16, 8, 8, 3, 1, 1, 1, 1, 1, 0, 0): 0.868,
    ('ffma', 128, 128, 16, 8, 8, 3, 1, 1, 2, 1, 1, 0, 0): 0.885,
    ('ffma', 128, 64, 16, 8, 8, 3, 1, 1, 1, 1, 1, 0, 0): 0.819,
    ('ffma', 128, 64, 16, 8, 4, 3, 1, 1, 1, 1, 1, 0, 0): 0.784,
    ('ffma', 64, 64, 16, 8, 4, 3, 1, 1, 1, 1, 1, 0, 0): 0.750,
    ('ffma', 64, 64, 8, 8, 4, 2, 1, 1, 1, 1, 1, 0, 0): 0.738,
    ('ffma', 64, 64, 16, 4, 4, 3, 1, 1, 1, 1, 1, 0, 0): 0.650,
    ('mma_tf32', 128, 128, 32, 8, 8, 3, 1, 1, 1, 1, 1, 64, 32): 0.466,
    ('mma_tf32', 128, 128, 32, 8, 8, 4, 1, 1, 1, 1, 1, 64, 32): 0.462,
    ('mma_tf32', 128, 128, 32, 8, 8, 4, 1, 1, 1, 1, 1, 32, 64): 0.478,
    ('mma_tf32', 128, 128, 16, 8, 8, 4, 1, 1, 1, 1, 1, 64, 64): 0.609,
    ('mma_tf32', 128, 256, 16, 8, 8, 4, 1, 1, 1, 1, 1, 64, 64): 0.578,
    ('mma_tf32', 256, 128, 16, 8, 8, 4, 1, 1, 1, 1, 1, 64, 64): 0.575,
    ('mma_tf32', 64, 64, 32, 8, 8, 4, 1, 1, 1, 1, 1, 32, 32): 0.344,
}
EFFICIENCY_KEY = ('engine', 'bm', 'bn', 'bk', 'tm', 'tn', 'stages', 'raster', 'frags', 'min_blocks', 'store_vec', 'tload', 'wm', 'wn')
#: efficiencies outside (0, MAX_EFFICIENCY] are refused (a measurement over the peak is a bad peak)
MAX_EFFICIENCY = 1.5
#: the dtype whose peak an efficiency is measured against (and rescaled by when merging), for
#: engines that multiply it (:func:`reference_peak`)
REFERENCE_DTYPE = "float32"


def reference_peak(engine: str) -> str:
    """The peak (``engine/dtype``) an efficiency of ``engine`` is measured against: float32's,
    or for an engine without float32 (``mma_f64``) its first dtype's; unknown engines float32."""
    from . import engines
    dtypes = engines.get(engine).dtypes if engine in engines.names() else (REFERENCE_DTYPE,)
    return f"{engine}/{REFERENCE_DTYPE if REFERENCE_DTYPE in dtypes else dtypes[0]}"


def key_text(key: tuple) -> str:
    """``('ffma', 128, ...)`` -> ``"ffma,128,..."`` (a JSON object's key)."""
    return ",".join(str(v) for v in key)


def _positive(v) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v) and v > 0


def check_section(sec) -> None:
    """ValueError naming what is wrong with a "gemm" section (an empty one is valid)."""
    if not isinstance(sec, dict):
        raise ValueError(f"gemm must be a JSON object, got {type(sec).__name__}")
    if not sec:
        return
    key = sec.get("key", list(EFFICIENCY_KEY))
    if list(key) != list(EFFICIENCY_KEY):
        raise ValueError(f"gemm.key must be {list(EFFICIENCY_KEY)} (this kfuse's scheme fields), got {key!r}")
    peak, eff = sec.get("peak", {}), sec.get("efficiency", {})
    if not isinstance(peak, dict) or not isinstance(eff, dict):
        raise ValueError("gemm.peak and gemm.efficiency must be JSON objects")
    for name, v in peak.items():
        if "/" not in name or not _positive(v):
            raise ValueError(f"gemm.peak[{name!r}] must be a positive flop rate keyed 'engine/dtype', got {v!r}")
    for k, v in eff.items():
        if len(k.split(",")) != len(EFFICIENCY_KEY):
            raise ValueError(f"gemm.efficiency[{k!r}]: the key must list {len(EFFICIENCY_KEY)} fields "
                             f"({', '.join(EFFICIENCY_KEY)})")
        if not _positive(v) or v > MAX_EFFICIENCY:
            raise ValueError(f"gemm.efficiency[{k!r}] must be in (0, {MAX_EFFICIENCY}], got {v!r}")
        if reference_peak(k.split(",")[0]) not in peak:
            raise ValueError(f"gemm.efficiency[{k!r}]: no gemm.peak for its engine "
                             f"'{reference_peak(k.split(',')[0])}'")


def merge_sections(old: dict, new: dict) -> dict:
    """``new`` (a fresh measurement) over ``old`` (the section in force on the same device):
    the new peaks; old efficiencies of schemes not remeasured are rescaled to the new peak of
    their engine so that each keeps the flop rate it had (peak x efficiency); the new ones win.
    The TFLOP/s of schemes not remeasured (``measured_tflops``) stay."""
    if not old:
        return dict(new)
    out = {**old, **{k: v for k, v in new.items() if k not in ("peak", "efficiency")}}
    if "measured_tflops" in old or "measured_tflops" in new:
        out["measured_tflops"] = {**old.get("measured_tflops", {}), **new.get("measured_tflops", {})}
    peak = {**old.get("peak", {}), **new.get("peak", {})}
    eff = {}
    for k, v in old.get("efficiency", {}).items():
        ref = reference_peak(k.split(",")[0])
        before, after = old.get("peak", {}).get(ref), peak.get(ref)
        if before and after:
            eff[k] = min(MAX_EFFICIENCY, v * before / after)
    eff.update(new.get("efficiency", {}))
    out.update(peak=peak, efficiency=eff, key=list(EFFICIENCY_KEY))
    return out


def builtin_section(peaks: dict, source: str = "kfuse.spaces.gemm.calibration.MEASURED_EFFICIENCY") -> dict:
    """The section equivalent to the built-in table: its efficiencies against ``peaks`` (the
    model's assumed engine rates, :func:`kfuse.spaces.gemm.model.engine_rate`)."""
    return {"source": source, "key": list(EFFICIENCY_KEY), "peak": dict(peaks),
            "efficiency": {key_text(k): v for k, v in MEASURED_EFFICIENCY.items()}}
