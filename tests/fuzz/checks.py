"""Running one generated program through kfuse and classifying what happened.

Outcomes: ``ok``; ``clear error`` (a KfuseError on a program the generator made invalid);
``internal error`` (any other exception, a KfuseError on a valid program, a CompileError
from NVRTC on generated code, an invalid program accepted); ``mismatch`` (numbers differ:
the plan executor or the NumPy oracle against the float64 reference on the CPU, the GPU
against the reference beyond the error bound).  Each non-ok outcome gets a class: a known
bug of issue 17 (``known:...``) or the stage, exception type and first line of the message.
"""
from __future__ import annotations

import dataclasses
import re
import time
import traceback

import numpy as np

from kfuse.errors import CompileError, KfuseError

from .generator import FuzzProgram, generate, sparse_input

ARCH = "sm_90"
OUTCOMES = ("ok", "clear error", "internal error", "mismatch", "changed input")

# the bugs of issue 17 that other helpers are fixing: (class, pattern over "Type: message")
KNOWN = (
    ("known:1 same vector on both axes (undefined identifier)", r'identifier "\w+_[sf]" is undefined'),
    ("known:5 empty dimension (gemv over 0 columns, gemv_t over 0 rows: kf_part_ undefined)",
     r'identifier "kf_part_\w+" is undefined'),
    ("known:2 tile kernel > 48 KiB shared memory", r"too much shared data|shared memory|0xc000 max"),
    ("known:3 real literal with a real result of a complex input", r"complex literal for"),
    ("known:4 misaligned view fallback", r"span > 1 needs"),
    ("known:6 jit(fuse=False)", r"(?<![A-Za-z])TypeError: .*fuse="),
    ("new:3b a Python-number argument of a complex program is complex beside a real value",
     r"DTypeError: \w+: mismatched element types \(\w+: (complex\d+, \w+: float|float\d+, \w+: complex)"),
    ("known:5 empty dimension (a script size bound to 0)", r"sizes must be positive integers, got 0"),
)
EMPTY_CLASS = "known:5 empty dimension"


@dataclasses.dataclass
class Result:
    seed: int
    outcome: str
    cls: str = ""
    detail: str = ""
    seconds: float = 0.0
    cpu: float = 0.0            # CPU seconds of this process (NVRTC included)
    front: str = ""
    dtype: str = ""
    calls: int = 0
    kernels: int = 0
    ratio: float = 0.0          # GPU tier: worst |error| / bound over the outputs

    def line(self) -> str:
        return (f"seed {self.seed}: {self.outcome}{' [' + self.cls + ']' if self.cls else ''} "
                f"({self.front} {self.dtype}, {self.calls} calls, {self.kernels} kernels, {self.seconds:.2f} s)")


def classify(stage: str, exc: BaseException, prog: FuzzProgram) -> str:
    """The class of a failure: a known bug of issue 17, or stage/type/first line."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, CompileError):
        errs = [ln for ln in exc.log.splitlines() if "error" in ln]
        text += "\n" + "\n".join(errs)
    for name, pat in KNOWN:
        if re.search(pat, text):
            return name
    if "empty" in prog.tags:
        return EMPTY_CLASS
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if isinstance(exc, CompileError):
        first = next((ln for ln in exc.log.splitlines() if "error" in ln), first)
    first = re.sub(r"\b(t|x|A|s|c)\d+(\.\d+)?\b", "<v>", first)
    first = re.sub(r"\d+", "N", first)[:90]
    return f"{stage}: {type(exc).__name__}: {first}"


def repro(seed: int, gpu: bool = False) -> str:
    return f"PYTHONPATH=src python -m tests.fuzz.run --seeds {seed}:{seed + 1} --show{' --gpu' if gpu else ''}"


def build_program(prog: FuzzProgram):
    """The kfuse IR program of ``prog`` through its front end (bound to its sizes)."""
    import kfuse
    from kfuse.api import bind_sizes
    from kfuse.frontend import trace as _trace
    if prog.front == "kf":
        p = kfuse.load(prog.script_source(), prog.dtype)
        return bind_sizes(p, {k: v for k, v in prog.sizes.items() if k in p.symbols()})
    fn = prog.python_function()
    specs = []
    for v in prog.inputs:
        if v.host:
            specs.append(("h", "real" if v.real else "complex"))
        elif v.kind == "s":
            specs.append(("d", v.dtype))
        elif v.kind == "S":
            m = sparse_input(v, prog.seed)
            specs.append(("s", v.fmt, tuple(v.shape), v.dtype, _trace.per_row_hint(m.stored, v.shape[0]),
                          round(m.stored / max(1, v.shape[0]), 1)))
        else:
            specs.append(("a", tuple(v.shape), v.dtype, v.order if v.kind == "m" else "C"))
    return _trace.trace(fn, [v.name for v in prog.inputs], specs, "prog")[0]


def make_plan(program, prog: FuzzProgram):
    from kfuse.api import make_plan as _make_plan
    return _make_plan(program, fuse=prog.plan != "unfused")


def check_cpu(program, plan, prog: FuzzProgram) -> str | None:
    """The plan executor, the whole-program reference and the NumPy oracle agree (None) or
    what differs."""
    from kfuse import reference
    ins = prog.random_inputs()
    ref = reference.run(program, ins)
    by_plan = reference.run_plan(program, [k.calls for k in plan.kernels], ins)
    oracle = prog.numpy_eval(ins)
    for i, o in enumerate(program.outputs):
        want = np.asarray(ref[o])
        got = np.asarray(by_plan[o])
        if got.shape != want.shape or not np.array_equal(got, want, equal_nan=True):
            return f"output {i} ({program.value(o).display}): the plan executor differs from the reference"
        orc = np.asarray(oracle[i])
        if orc.shape != want.shape:
            return f"output {i}: NumPy oracle shape {orc.shape} != reference {want.shape}"
        # both in float64, rounding in other orders: compare on the output's scale
        scale = float(np.max(np.abs(want))) if want.size else 0.0
        if np.any(np.abs(orc - want) > 1e-9 * (np.abs(want) + scale) + 1e-290):
            return f"output {i} ({program.value(o).display}): NumPy oracle differs from the reference"
    return None


def check_fronts(program, prog: FuzzProgram) -> str | None:
    """The other front end (script for a Python program, Python for a script) gives a program
    with the same reference outputs (None) or what differs."""
    from kfuse import reference
    other = build_program(dataclasses.replace(prog, front="kf" if prog.front == "py" else "py"))
    ins = prog.random_inputs()
    a, b = reference.run(program, ins), reference.run(other, ins)
    for i, (o1, o2) in enumerate(zip(program.outputs, other.outputs)):
        x, y = np.asarray(a[o1]), np.asarray(b[o2])
        scale = float(np.max(np.abs(x))) if x.size else 0.0
        if x.shape != y.shape or np.any(np.abs(x - y) > 1e-12 * (np.abs(x) + scale) + 1e-290):
            return f"output {i}: the Python and script front ends give different results"
    if len(program.outputs) != len(other.outputs):
        return "the Python and script front ends give different numbers of outputs"
    return None


def run_cpu(seed: int) -> Result:
    """CI tier for one seed: front end, plan, CUDA generation, NVRTC (sm_90), then the plan
    executor and the NumPy oracle against the float64 reference."""
    from kfuse.pipeline.stages import build
    t0, c0 = time.perf_counter(), time.process_time()
    prog = generate(seed)
    res = Result(seed, "ok", front=prog.front, dtype=prog.dtype)
    stage = "frontend"
    try:
        program = build_program(prog)
        res.calls = len(program.calls)
        if not prog.valid:
            res.outcome, res.cls = "internal error", f"invalid program accepted ({prog.invalid_kind})"
            return _done(res, t0, c0)
        stage = "plan"
        plan = make_plan(program, prog)
        res.kernels = len(plan.kernels)
        stage = "build"
        build(program, plan, ARCH)
        stage = "reference"
        diff = check_cpu(program, plan, prog)
        if not diff:
            stage = "other front end"
            diff = check_fronts(program, prog)
        if diff:
            res.outcome, res.cls, res.detail = "mismatch", "cpu: " + diff.split(":", 1)[1].strip(), diff
    except Exception as e:  # noqa: BLE001 - sorted by failed()
        failed(res, e, stage, prog)
    return _done(res, t0, c0)


def failed(res: Result, e: Exception, stage: str, prog: FuzzProgram):
    """Record the exception ``e`` raised at ``stage``: a clear error when the program is invalid
    and the front end refused it with a KfuseError (not NVRTC's), else an internal error."""
    if isinstance(e, KfuseError) and not prog.valid and stage == "frontend" and not isinstance(e, CompileError):
        res.outcome = "clear error"
    else:
        res.outcome, res.cls, res.detail = "internal error", classify(stage, e, prog), traceback.format_exc()


def _done(res: Result, t0: float, c0: float) -> Result:
    res.seconds, res.cpu = time.perf_counter() - t0, time.process_time() - c0
    return res


def report(res: Result, gpu: bool = False) -> str:
    """A failing program printed whole, with its seed, its error and a one-line repro."""
    prog = generate(res.seed, big=gpu)
    return "\n".join([f"=== {res.line()}", prog.describe().rstrip(), "--- error:",
                      (res.detail or res.cls).rstrip()[-3000:], f"--- repro: {repro(res.seed, gpu)}"])
