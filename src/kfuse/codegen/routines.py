"""Routine code generation (section 4.3.1): a call's compute and finalize routines.

The library holds the bodies; this module wraps them into ``__device__``
functions named after the call, with concrete types.  For ``q = gemv(A, p)``
in float32 it writes::

    // compute routine of q = gemv(A, p) [gemv: nested_reduce]
    __device__ __forceinline__ void q_gemv_compute(const float A, const float x, float& acc) {
        using T = float; using R = float;
        acc += A * x;
    }
"""
from __future__ import annotations

import re

from ..ir import ctype, real_dtype
from ..spaces import program_info

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def used_params(snippet: str, names) -> list:
    """Parameter names that ``snippet`` mentions, in the order given."""
    found = set(_IDENT.findall(snippet))
    return [n for n in names if n in found]


def routine_types(program, call) -> tuple:
    """(T, R, O) C types of a call: element type of its operands (of its output when it reads
    only constants), its real counterpart, and the output's type."""
    dtypes = [program.value(v).type.dtype for v in call.args.values()
              if program.value(v).role != "const"]
    out_dtype = program.value(call.out).type.dtype
    dt = dtypes[0] if dtypes else out_dtype
    return ctype(dt), ctype(real_dtype(dt)), ctype(out_dtype)


def compute_params(fn) -> list:
    """Input parameters the compute routine of the elementary function ``fn`` reads, in
    declaration order."""
    return used_params(fn.compute, [p.name for p in fn.inputs])


def finalize_params(fn) -> list:
    """Input parameters the finalize routine of ``fn`` reads (none without one)."""
    return used_params(fn.finalize or "", [p.name for p in fn.inputs])


def emit_routines(program, call) -> str:
    """The compute (and, for reductions, finalize) routine of ``call`` as CUDA text."""
    fn = program_info(program).fn(call.id)
    T, R, O = routine_types(program, call)
    out = fn.output.name
    header = f"// {{}} routine of {call.label} [{fn.name}: {fn.hof}]"
    body_types = f"    using T = {T}; using R = {R};"
    args = [f"const {T} {p}" for p in compute_params(fn)]
    folds = fn.is_reduce or fn.hof == "contraction"   # compute folds into acc; finalize makes the output
    if folds:
        args.append(f"{O}& acc")
    else:
        args.append(f"{O}& {out}")
    lines = [header.format("compute"),
             f"__device__ __forceinline__ void {call.name}_compute({', '.join(args)}) {{",
             body_types, _indent(fn.compute), "}"]
    if folds:
        fargs = [f"const {O} acc"] + [f"const {T} {p}" for p in finalize_params(fn)] + [f"{O}& {out}"]
        lines += [header.format("finalize"),
                  f"__device__ __forceinline__ void {call.name}_finalize({', '.join(fargs)}) {{",
                  body_types, _indent(fn.finalize or f"{out} = acc;"), "}"]
    helper = getattr(fn, "index_helper", None)   # a read-through call's index map (library/remap.py)
    if helper is not None:
        lines.append(helper(call.name, call.label).rstrip("\n"))
    return "\n".join(lines) + "\n"


def _indent(code: str) -> str:
    return "\n".join("    " + ln.strip() for ln in code.strip().splitlines())
