"""Does kfuse take issue 31's applications unchanged?  ``kfuse.jit(step).lower(...)`` of each
application's step, as written, for NumPy arrays of a size (no GPU needed), and
``kfuse.iterate`` where the application is a one-field loop.

Each attempt gives a record: accepted or the first error (its type, message, whether it is a
kfuse error or a raw one from below, and the user's line in the application where the
traceback shows one), the kernels in the plan and the time to trace, plan and compile.
"""
from __future__ import annotations

import time
import traceback

import numpy as np

from . import args_of, load

# What kfuse takes today (tests/compile/test_apps_accept.py and tests/gpu/test_apps_gpu.py pin it):
# (app, dtype) -> kernels in the plan (an upper bound from now on)
ACCEPTED = {(app, dtype): 1 for app in ("gray_scott", "wave2d", "fdtd3d", "burgers2d", "allen_cahn", "hotspot",
                                         "hotspot3d", "seismic3d", "heat7", "fdtd2d")
            for dtype in ("float32", "float64")}
# D2Q9 (a ~300-call step): one kernel at the TEST size when the search runs to its end; a bound
# that a search cut short by its time caps on a loaded machine still meets
ACCEPTED.update({("lbm_d2q9", dtype): 4 for dtype in ("float32", "float64")})

# app -> today's refusal (both dtypes)
REFUSED = {}

# app -> why kfuse takes its step but lowering it is too slow for a test today (the tests skip it)
SLOW = {}


def user_line(exc: BaseException) -> tuple:
    """(line number, source text) of the innermost traceback frame in an application module
    (None, None where the traceback never enters one)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if "/programs/apps/" in f.filename.replace("\\", "/") and not f.filename.endswith("accept.py")]
    if not frames:
        return None, None
    return frames[-1].lineno, (frames[-1].line or "").strip()


def failure(exc: BaseException) -> dict:
    """The record's error fields for ``exc``."""
    from kfuse.errors import KfuseError
    lineno, line = user_line(exc)
    return {"accepted": False, "error_type": type(exc).__name__, "error": str(exc).strip(),
            "kfuse_error": isinstance(exc, KfuseError), "line_no": lineno, "line": line}


def try_lower(name: str, dtype: str, shape=None) -> dict:
    """``kfuse.jit(step).lower(<the state's arrays and numbers>)`` of application ``name``."""
    import kfuse
    m = load(name)
    shape = tuple(shape or m.TEST)
    rec = {"app": name, "dtype": dtype, "shape": list(shape), "form": "jit(step).lower"}
    args = args_of(m.step, m.init(shape, dtype))
    t0 = time.perf_counter()
    try:
        lo = kfuse.jit(m.step).lower(*args)
    except Exception as e:                      # noqa: BLE001 - the record is the point
        rec.update(failure(e), plan_s=time.perf_counter() - t0)
        return rec
    rec.update(accepted=True, plan_s=time.perf_counter() - t0, kernels=len(lo.plan["kernels"]),
               calls=len(lo.program.calls), spaces=[k.get("space") for k in lo.plan["kernels"]])
    return rec


def try_iterate(name: str, dtype: str, shape=None, steps: int = 2) -> dict | None:
    """``kfuse.iterate(step, u, steps)`` of a one-field application (None for the others).
    Without a GPU kfuse cannot run it; the record says what kfuse answers."""
    import kfuse
    m = load(name)
    if not getattr(m, "SINGLE_FIELD", False):
        return None
    shape = tuple(shape or m.TEST)
    rec = {"app": name, "dtype": dtype, "shape": list(shape), "form": "iterate"}
    (u,) = args_of(m.step, m.init(shape, dtype))
    t0 = time.perf_counter()
    try:
        out = kfuse.iterate(m.step, u, steps=steps)
    except Exception as e:                      # noqa: BLE001
        rec.update(failure(e), plan_s=time.perf_counter() - t0)
        return rec
    want = m.run({"u": u.copy()}, steps)["u"]
    rec.update(accepted=bool(np.allclose(np.asarray(out), want)), plan_s=time.perf_counter() - t0)
    return rec


def first_line(rec: dict, width: int = 150) -> str:
    """The record in one cell: ``ok`` or ``Type: message`` (cut to ``width``) and the user's line."""
    if rec.get("accepted"):
        return "accepted unchanged"
    msg = " ".join(rec.get("error", "").split())
    text = f"{rec.get('error_type')}: {msg}"
    if len(text) > width:
        text = text[:width - 3] + "..."
    if rec.get("line_no"):
        text += f" [line {rec['line_no']}: `{rec['line'][:60]}`]"
    if rec.get("kfuse_error") is False:
        text = "RAW " + text
    return text
