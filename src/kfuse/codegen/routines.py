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

from .. import library
from ..ir import ctype, real_dtype

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")


def used_params(snippet: str, names) -> list:
    """Parameter names that ``snippet`` mentions, in the order given."""
    found = set(_IDENT.findall(snippet))
    return [n for n in names if n in found]


def routine_types(program, call) -> tuple:
    """(T, R) C types of a call: element type of its operands and its real counterpart."""
    fn = library.get(call.fn)
    dtypes = [program.value(v).type.dtype for v in call.args.values()
              if program.value(v).role != "const"]
    out_dtype = program.value(next(iter(call.outs.values()))).type.dtype
    if dtypes:
        dt = dtypes[0]
    elif fn.output.dtype == "real":
        dt = out_dtype
    else:
        dt = out_dtype
    return ctype(dt), ctype(real_dtype(dt)), ctype(out_dtype)


def compute_params(call) -> list:
    """Input parameters the compute routine reads, in declaration order."""
    fn = library.get(call.fn)
    return used_params(fn.compute, [p.name for p in fn.inputs])


def finalize_params(call) -> list:
    fn = library.get(call.fn)
    return used_params(fn.finalize or "", [p.name for p in fn.inputs])


def emit_routines(program, call) -> str:
    """The compute (and, for reductions, finalize) routine of ``call`` as CUDA text."""
    fn = library.get(call.fn)
    T, R, O = routine_types(program, call)
    out = fn.output.name
    header = f"// {{}} routine of {call.label} [{fn.name}: {fn.hof}]"
    body_types = f"    using T = {T}; using R = {R};"
    args = [f"const {T} {p}" for p in compute_params(call)]
    if fn.is_reduce:
        args.append(f"{O}& acc")
    else:
        args.append(f"{O}& {out}")
    lines = [header.format("compute"),
             f"__device__ __forceinline__ void {call.name}_compute({', '.join(args)}) {{",
             body_types, _indent(fn.compute), "}"]
    if fn.is_reduce:
        fargs = [f"const {O} acc"] + [f"const {T} {p}" for p in finalize_params(call)] + [f"{O}& {out}"]
        lines += [header.format("finalize"),
                  f"__device__ __forceinline__ void {call.name}_finalize({', '.join(fargs)}) {{",
                  body_types, _indent(fn.finalize or f"{out} = acc;"), "}"]
    return "\n".join(lines) + "\n"


def _indent(code: str) -> str:
    return "\n".join("    " + ln.strip() for ln in code.strip().splitlines())
