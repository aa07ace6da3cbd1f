"""The GPU part of the fuzz tier: a generated program run on the device, checked elementwise
against the float64 reference within the error bound of :mod:`tests.fuzz.bounds`.

Python programs go through ``kfuse.jit``, scripts through ``kfuse.compile_script``; plans are
the default search or one kernel per call (``fuse=False``).  Outputs are poisoned (NaN) before
the launches.  Each program is called three times: on its inputs, on fresh inputs, and on those
again (the replayed-graph path); some vector inputs are offset views (``buf[1:]``: the
misaligned fallback).
"""
from __future__ import annotations

import time

import numpy as np

from . import bounds as _bounds
from .checks import Result, _done, failed
from .generator import FuzzProgram, generate

BIG = True      # the GPU tier's programs use larger matrices (up to 2^22 elements)


def device_inputs(prog: FuzzProgram, host: dict, misaligned: set) -> list:
    """The arguments in input order: CuPy arrays (offset views for ``misaligned`` names),
    0-d device scalars, Python numbers."""
    import cupy
    args = []
    for v in prog.inputs:
        a = host[v.name]
        if v.host:
            args.append(a)
        elif v.kind == "S":
            args.append(a.to_device())
        elif v.name in misaligned:
            buf = cupy.empty(a.size + 1, dtype=a.dtype)
            buf[1:] = cupy.asarray(a)
            args.append(buf[1:])
        else:
            args.append(cupy.asarray(a, order=v.order if v.kind == "m" else "C"))
    return args


def compiled(prog: FuzzProgram, args: list):
    """(callable, Program) for ``prog`` through its front end."""
    import kfuse
    fuse = prog.plan != "unfused"
    if prog.front == "kf":
        with kfuse.config.override(fuse=fuse):
            exe = kfuse.compile_script(prog.script_source(), sizes=_used_sizes(prog), dtype=prog.dtype)
        return exe, exe.program
    jf = kfuse.jit(prog.python_function())
    with kfuse.config.override(fuse=fuse):
        exe = jf.executable(*args)
    return jf, exe.program


def _used_sizes(prog: FuzzProgram) -> dict:
    import kfuse
    syms = kfuse.load(prog.script_source(), prog.dtype).symbols()
    return {k: v for k, v in prog.sizes.items() if k in syms}


def check_call(fn, program, prog: FuzzProgram, host: dict, misaligned: set, bnd: dict) -> tuple:
    """(worst error / bound, message or None) of one call on ``host`` inputs (``bnd``: their
    :func:`bounds.bounds`)."""
    import cupy
    import kfuse
    args = device_inputs(prog, host, misaligned)
    with kfuse.config.override(poison=True):
        outs = fn(*args)
    outs = [cupy.asnumpy(o) for o in (outs if isinstance(outs, (tuple, list)) else (outs,))]
    worst = 0.0
    for i, (o, got) in enumerate(zip(program.outputs, outs)):
        want, bound = bnd[o]
        if got.shape != np.shape(want):
            return worst, f"output {i}: shape {got.shape} != reference {np.shape(want)}"
        r = _bounds.worst_ratio(got, want, bound)
        worst = max(worst, r)
        if not r <= 1:
            idx = np.unravel_index(np.argmax(np.abs(got - want) / bound), got.shape) if got.size and \
                np.all(np.isfinite(got)) else "non-finite"
            return worst, (f"output {i} ({program.value(o).display}): |error| / bound = {r:.3g} "
                           f"(first worst element {idx})")
    return worst, None


def run_gpu(seed: int) -> Result:
    """GPU tier for one seed (see the module doc)."""
    t0, c0 = time.perf_counter(), time.process_time()
    prog = generate(seed, big=BIG)
    res = Result(seed, "ok", front=prog.front, dtype=prog.dtype)
    rng = np.random.default_rng(seed + 77)
    misaligned = {v.name for v in prog.inputs if v.kind == "v" and v.shape[0] > 1 and rng.random() < 0.15}
    if misaligned:
        prog.tags.add("misaligned")
    stage = "frontend"
    try:
        host = prog.random_inputs()
        fn, program = compiled(prog, device_inputs(prog, host, misaligned))
        res.calls = len(program.calls)
        if not prog.valid:
            res.outcome, res.cls = "internal error", f"invalid program accepted ({prog.invalid_kind})"
            return _done(res, t0, c0)
        stage = "run"
        fresh = prog.random_inputs(seed + 1_000_003)
        bnd = {id(host): _bounds.bounds(program, host), id(fresh): _bounds.bounds(program, fresh)}
        for what, ins in (("first call", host), ("fresh inputs", fresh), ("repeated call", fresh)):
            r, msg = check_call(fn, program, prog, ins, misaligned, bnd[id(ins)])
            res.ratio = max(res.ratio, r)
            if msg:
                res.outcome, res.cls, res.detail = "mismatch", "gpu: outside the error bound", f"{what}: {msg}"
                break
    except Exception as e:  # noqa: BLE001 - sorted by failed()
        failed(res, e, stage, prog)
    return _done(res, t0, c0)
