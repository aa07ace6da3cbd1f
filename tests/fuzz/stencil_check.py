"""Running one generated stencil program (:mod:`tests.fuzz.stencil_gen`) through kfuse and
classifying what happened, with the outcomes, classes, runner and table of the fuzz tier
(:mod:`tests.fuzz.checks`, :mod:`tests.fuzz.run`).

CPU tier (:func:`run_stencil_cpu`): the front end, the planner, CUDA generation and NVRTC
(sm_90 cubins), then kfuse's float64 reference and the plan executor (bitwise equal to it)
against NumPy float64 running the program's own Python text (within 1e-9 of the output's
scale), and every input array bitwise unchanged.  GPU tier (:func:`run_stencil_gpu`): the
program compiled by ``kfuse.jit`` or ``kfuse.compile_script``, called on its inputs, on fresh
ones and on those again (the same device arrays: the replayed-graph path) with outputs
poisoned, each element within the program's static rounding bound of NumPy float64, every
input array bitwise unchanged after each call.
"""
from __future__ import annotations

import os
import time

import numpy as np

from .checks import ARCH, Result, _done, failed
from .stencil_gen import generate_stencil
from .stencil_prog import StencilProgram

#: the GPU tier's programs use larger grids (up to 2^21 points)
BIG = True
#: the CI tier compiles the CUDA of one seed in NVRTC_EVERY with NVRTC (all are generated)
NVRTC_EVERY = 3
#: programs of more calls than this are planned by the greedy search, not the exhaustive one:
#: kfuse's own limit (9 calls, at most ``space.EXHAUSTIVE_COMBINATIONS`` combinations) unless
#: ``FUZZ_EXHAUSTIVE`` lowers it
EXHAUSTIVE = int(os.environ.get("FUZZ_EXHAUSTIVE", "9"))


def build_program(prog: StencilProgram):
    """The kfuse IR program of ``prog`` through its front end (bound to its sizes)."""
    import kfuse
    from kfuse.api import bind_sizes
    from kfuse.frontend import trace as _trace
    if prog.front == "kf":
        p = kfuse.load(prog.script_source(), prog.dtype)
        return bind_sizes(p, {k: v for k, v in prog.sizes.items() if k in p.symbols()})
    specs = [("a", prog.shape(n), prog.dtype, prog.order(n)) for n, _, _ in prog.arrays]
    specs += [("h", "real") for _ in prog.scalars]
    return _trace.trace(prog.python_function(), prog.input_names, specs, "prog")[0]


def _same_bits(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes(order="C") == b.tobytes(order="C")


def changed_inputs(before: dict, after: dict) -> list:
    """Names of the array inputs whose bits (or shape, dtype, order) differ."""
    return [n for n, a in before.items() if isinstance(a, np.ndarray) and not _same_bits(a, after[n])]


def check_cpu(program, plan, prog: StencilProgram) -> tuple:
    """("mismatch" or "changed input", what differs) or None: the plan executor equals the
    reference bitwise, the reference equals NumPy running the program text, inputs unchanged."""
    from kfuse import reference
    ins = prog.random_inputs()
    keep = {n: (a.copy(order="K") if isinstance(a, np.ndarray) else a) for n, a in ins.items()}
    ref = reference.run(program, ins)
    by_plan = reference.run_plan(program, [k.calls for k in plan.kernels], ins)
    bad = changed_inputs(keep, ins)
    if bad:
        return "changed input", f"the CPU path changed input(s) {bad}"
    oracle = prog.numpy_eval(keep)
    for i, o in enumerate(program.outputs):
        want, got, orc = np.asarray(ref[o]), np.asarray(by_plan[o]), oracle[i]
        if got.shape != want.shape or not np.array_equal(got, want, equal_nan=True):
            return "mismatch", f"output {i} ({prog.outputs[i]}): the plan executor differs from the reference"
        if orc.shape != want.shape:
            return "mismatch", f"output {i} ({prog.outputs[i]}): NumPy shape {orc.shape} != kfuse {want.shape}"
        scale = float(np.max(np.abs(orc))) if orc.size else 0.0
        if np.any(np.abs(orc - want) > 1e-9 * (np.abs(orc) + scale) + 1e-290):
            idx = np.unravel_index(np.argmax(np.abs(orc - want)), orc.shape)
            return "mismatch", (f"output {i} ({prog.outputs[i]}): kfuse's reference differs from NumPy "
                                f"(first worst element {idx}: {want[idx]!r} != {orc[idx]!r})")
    return None


def _plan(program, prog: StencilProgram):
    """The plan the generator chose (the fusion search, exhaustive up to :data:`EXHAUSTIVE`
    calls, or one kernel per call)."""
    from kfuse.api import make_plan
    from kfuse.fusion import search as space
    keep, space.EXHAUSTIVE_CALLS = space.EXHAUSTIVE_CALLS, min(space.EXHAUSTIVE_CALLS, EXHAUSTIVE)
    try:
        return make_plan(program, fuse=prog.plan != "unfused")
    finally:
        space.EXHAUSTIVE_CALLS = keep


def run_stencil_cpu(seed: int) -> Result:
    """CI tier for one stencil seed (module doc)."""
    from kfuse.codegen import generate
    from kfuse.pipeline.stages import build
    t0, c0 = time.perf_counter(), time.process_time()
    prog = generate_stencil(seed)
    res = Result(seed, "ok", front=prog.front, dtype=prog.dtype)
    stage = "frontend"
    try:
        program = build_program(prog)
        res.calls = len(program.calls)
        if not prog.valid:
            res.outcome, res.cls = "internal error", f"invalid program accepted ({prog.invalid_kind})"
            return _done(res, t0, c0)
        stage = "plan"
        plan = _plan(program, prog)
        res.kernels = len(plan.kernels)
        stage = "build"
        if seed % NVRTC_EVERY == 0:
            build(program, plan, ARCH)
        else:
            generate(program, plan)
        stage = "reference"
        diff = check_cpu(program, plan, prog)
        if diff:
            res.outcome, res.detail = diff
            res.cls = "cpu: " + diff[1].split(":", 1)[-1].split("(first")[0].strip()
    except Exception as e:  # noqa: BLE001 - sorted by failed()
        failed(res, e, stage, prog)
    return _done(res, t0, c0)


# ------------------------------------------------------------------ the device
def compiled(prog: StencilProgram, args: list):
    """The callable of ``prog`` through its front end (``fuse=False`` for unfused plans),
    traced and compiled now (for the Python front end: on ``args``), so that an invalid
    program fails here."""
    import kfuse
    fuse = prog.plan != "unfused"
    if prog.front == "kf":
        with kfuse.config.override(fuse=fuse):
            return kfuse.compile_script(prog.script_source(), sizes=_used_sizes(prog), dtype=prog.dtype)
    jf = kfuse.jit(prog.python_function(), fuse=fuse)
    jf.executable(*args)
    return jf


def _used_sizes(prog: StencilProgram) -> dict:
    import kfuse
    syms = kfuse.load(prog.script_source(), prog.dtype).symbols()
    return {k: v for k, v in prog.sizes.items() if k in syms}


def to_device(a: np.ndarray, order: str):
    import cupy
    return cupy.asarray(a, order=order)


def to_host(a) -> np.ndarray:
    import cupy
    return cupy.asnumpy(a)


def device_args(prog: StencilProgram, host: dict) -> list:
    """The call's arguments: device copies of the arrays (in their order), the numbers."""
    return [to_device(host[n], prog.order(n)) if isinstance(host[n], np.ndarray) else host[n]
            for n in prog.input_names]


def check_call(fn, prog: StencilProgram, host: dict, args: list) -> tuple:
    """(worst error / tolerance, outcome or None, message) of one device call on ``args``,
    the device copies of ``host``."""
    import kfuse
    with kfuse.config.override(poison=True):
        outs = fn(*args)
    outs = [to_host(o) for o in (outs if isinstance(outs, (tuple, list)) else (outs,))]
    after = {n: (to_host(a) if not isinstance(a, float) else a) for n, a in zip(prog.input_names, args)}
    bad = changed_inputs(host, after)
    if bad:
        return 0.0, "changed input", f"the device call changed input(s) {bad}"
    want = prog.numpy_eval(host)
    worst = 0.0
    for i, (o, got, w) in enumerate(zip(prog.outputs, outs, want)):
        if got.shape != w.shape:
            return worst, "mismatch", f"output {i} ({o}): shape {got.shape} != NumPy {w.shape}"
        if not got.size:
            continue
        tol = prog.tolerance(o)
        d = np.abs(got.astype(np.float64) - w)
        r = float(np.max(d) / tol) if np.all(np.isfinite(got)) else float("inf")
        worst = max(worst, r)
        if not r <= 1:
            idx = np.unravel_index(np.argmax(np.where(np.isfinite(d), d, np.inf)), got.shape)
            return worst, "mismatch", (f"output {i} ({o}): |error| / tolerance = {r:.3g} (tolerance {tol:.3g}; "
                                       f"first worst element {idx}: {got[idx]!r} != NumPy {w[idx]!r})")
    return worst, None, ""


def run_stencil_gpu(seed: int) -> Result:
    """GPU tier for one stencil seed (module doc)."""
    from kfuse.fusion import search as space
    space.EXHAUSTIVE_CALLS = min(space.EXHAUSTIVE_CALLS, EXHAUSTIVE)   # this worker process's search
    t0, c0 = time.perf_counter(), time.process_time()
    prog = generate_stencil(seed, big=BIG)
    res = Result(seed, "ok", front=prog.front, dtype=prog.dtype)
    stage = "frontend"
    try:
        first = prog.random_inputs()
        args = device_args(prog, first)
        fn = compiled(prog, args)
        res.calls = len(prog.lines)
        if not prog.valid:
            res.outcome, res.cls = "internal error", f"invalid program accepted ({prog.invalid_kind})"
            return _done(res, t0, c0)
        stage = "run"
        fresh = prog.random_inputs(seed + 99991)
        for what, ins in (("first call", first), ("fresh inputs", fresh), ("repeated call", fresh)):
            if what == "fresh inputs":   # the repeated call: the same addresses again, a replay
                args = device_args(prog, ins)
            r, outcome, msg = check_call(fn, prog, ins, args)
            res.ratio = max(res.ratio, r)
            if outcome:
                res.outcome, res.cls, res.detail = outcome, f"gpu: {outcome}", f"{what}: {msg}"
                break
    except Exception as e:  # noqa: BLE001 - sorted by failed()
        failed(res, e, stage, prog)
    return _done(res, t0, c0)


def repro(seed: int, gpu: bool = False) -> str:
    return (f"PYTHONPATH=src python -m tests.fuzz.run --stencil --seeds {seed}:{seed + 1} --show"
            f"{' --gpu' if gpu else ''}")


def report(res: Result, gpu: bool = False) -> str:
    """A failing stencil program printed whole, with its seed, its error and a one-line repro."""
    prog = generate_stencil(res.seed, big=gpu)
    return "\n".join([f"=== {res.line()}", prog.describe().rstrip(), "--- error:",
                      (res.detail or res.cls).rstrip()[-3000:], f"--- repro: {repro(res.seed, gpu)}"])
