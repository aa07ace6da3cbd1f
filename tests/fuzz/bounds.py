"""Error bounds of a kfuse program's outputs, propagated call by call in float64.

For each value the interpreter carries the float64 reference ``v`` and a bound ``e`` of
|computed - exact| elementwise for a GPU computing in the program's element type with unit
roundoff ``u``.  Polynomial functions use their majorant (``sub`` -> ``|x| + |y|``, ``gemv`` ->
``|alpha| |A| |x| + |beta| |y|``): the propagated part is ``M(|x| + e) - M(|x|)`` and the
rounding part ``K u M(|x| + e)``, where ``K`` is 8 for a map and, for a reduction over n
terms, ``16 + 2 log2(n + 1) + 2 sqrt(n)`` (blocked and tree sums: about log2 n levels, a few
dozen serial terms per thread; the worst case n u is far above what they reach).  Divisions,
square roots and exponentials use their derivative bounds.  The tolerance of an output is
twice its bound (the float64 reference rounds too) plus a floor for subnormals.
"""
from __future__ import annotations

import math

import numpy as np

from kfuse import library, reference
from kfuse.ir import reference_dtype

UNIT = {"float32": 2.0 ** -24, "complex64": 2.0 ** -24, "float64": 2.0 ** -53, "complex128": 2.0 ** -53}
TINY = {"float32": 1e-35, "complex64": 1e-35, "float64": 1e-300, "complex128": 1e-300}
MAP_K = 8.0


def reduce_k(n: int) -> float:
    return 16 + 2 * math.log2(n + 1) + 2 * math.sqrt(n)


def _a(x):
    return np.abs(np.asarray(x))


def _majorant(fn: str, m: dict):
    """The function of magnitudes that bounds |f| and its sensitivity (polynomial functions)."""
    g = m.get
    if fn in ("copy", "neg", "conj"):
        return m["x"]
    if fn == "scal":
        return m["alpha"] * m["x"]
    if fn == "axpy":
        return m["alpha"] * m["x"] + m["y"]
    if fn in ("axpby", "waxpby"):
        return m["alpha"] * m["x"] + m["beta"] * m["y"]
    if fn in ("add", "sub"):
        return m["x"] + m["y"]
    if fn == "mul":
        return m["x"] * m["y"]
    if fn == "madd":
        return m["A"] + m["B"]
    if fn in ("dot", "dotc"):
        return np.sum(m["x"] * m["y"])
    if fn in ("sum", "asum"):
        return np.sum(m["x"]) * (math.sqrt(2) if fn == "asum" else 1)
    if fn in ("gemv", "gemv_t", "spmv"):
        A = m["A"].T if fn == "gemv_t" else m["A"]
        return g("alpha", 1.0) * (A @ m["x"]) + g("beta", 0.0) * g("y", 0.0)
    if fn == "ger":
        return m["A"] + g("alpha", 1.0) * np.outer(m["x"], m["y"])
    if fn == "outer":
        return np.outer(m["x"], m["y"])
    return None


def _terms(fn: str, args: dict) -> int:
    if fn in ("dot", "dotc", "sum", "asum", "nrm2", "amax"):
        return int(np.size(args["x"]))
    if fn == "gemv":
        return int(np.shape(args["A"])[1])
    if fn == "gemv_t":
        return int(np.shape(args["A"])[0])
    if fn == "spmv":    # the longest row
        return int(np.max(np.count_nonzero(args["A"], axis=1), initial=0))
    return 0


def _call_bound(fn: str, args: dict, errs: dict, out, u: float):
    """The error bound of one call's output."""
    mags = {k: _a(v) for k, v in args.items()}
    n = _terms(fn, args)
    k = reduce_k(n) if n or fn in ("gemv", "gemv_t", "spmv", "dot", "dotc", "sum", "asum") else MAP_K
    M0 = _majorant(fn, mags)
    if M0 is not None:
        M1 = _majorant(fn, {p: mags[p] + errs[p] for p in mags})
        return (M1 - M0) + k * u * M1
    z = _a(out)
    if fn == "div":
        ex, ey, ay = errs["x"], errs["y"], mags["y"]
        room = ay - ey
        with np.errstate(divide="ignore", invalid="ignore"):
            prop = np.where(room > 0, (ex + z * ey) / np.where(room > 0, room, 1), np.inf)
        return prop + 16 * u * z
    if fn == "abs":
        return errs["x"] + MAP_K * u * z
    if fn == "sqrt":
        ex, ax = errs["x"], mags["x"]
        with np.errstate(divide="ignore", invalid="ignore"):
            near = np.where(ax - ex > 0, ex / (2 * np.sqrt(np.maximum(ax - ex, 0))), np.inf)
        return np.minimum(np.sqrt(ex), near) + MAP_K * u * z
    if fn == "exp":
        ex = errs["x"]
        return z * np.expm1(ex) * np.exp(ex) + MAP_K * u * z * (1 + mags["x"])
    if fn == "nrm2":
        x, ex = mags["x"], errs["x"]
        s1 = np.sum((x + ex) ** 2)
        es = (s1 - np.sum(x * x)) + k * u * s1
        near = es / (2 * math.sqrt(max(float(np.sum(x * x)) - es, 0))) if np.sum(x * x) > es else math.inf
        return min(math.sqrt(es), near) + MAP_K * u * z
    if fn == "amax":
        return (np.max(errs["x"]) if np.size(errs["x"]) else 0.0) + MAP_K * u * z
    raise KeyError(f"no error bound for {fn!r}")


def _input(program, name, x, dtype=None):
    """An input as a NumPy array (a sparse matrix dense) in the reference's or ``dtype``."""
    t = program.value(name).type
    if t.kind == "sparse":
        from kfuse import sparse
        x = sparse.CSR.from_any(x).todense()
    return np.asarray(reference.to_reference(x, t.dtype)).astype(dtype or reference_dtype(t.dtype))


def _apply(fn, args: dict, pname: str):
    """One call's output from the library's NumPy reference (spmv: on the dense matrix)."""
    if fn.name == "spmv":
        return args.get("alpha", 1.0) * (args["A"] @ args["x"]) + args.get("beta", 0.0) * args.get("y", 0.0)
    return fn.reference(**args)[pname]


def bounds(program, inputs: dict) -> dict:
    """output value name -> (float64 reference, error bound) for ``program`` on ``inputs``."""
    ref = reference.run(program, inputs)   # checks the inputs; ``env`` below recomputes the values
    env, err = {}, {}
    for name in program.inputs:
        env[name] = _input(program, name, inputs[name])
        err[name] = np.zeros(np.shape(env[name]))
    for name, v in program.values.items():
        if v.role == "const":
            env[name] = np.asarray(v.const, dtype=reference_dtype(v.type.dtype))
            err[name] = UNIT[v.type.dtype] * abs(v.const)
    for name, v in program.values.items():
        if v.view_of and v.view_of in env:
            env[name], err[name] = env[v.view_of].T, err[v.view_of].T

    def get(n):
        v = program.value(n)
        if n not in env and v.view_of:
            return env[v.view_of].T, err[v.view_of].T
        return env[n], err[n]

    for call in program.calls:
        fn = library.get(call.fn)
        args = {p: get(x)[0] for p, x in call.args.items()}
        errs = {p: get(x)[1] for p, x in call.args.items()}
        (pname, out), = call.outs.items()
        t = program.value(out).type
        val = np.asarray(_apply(fn, args, pname), dtype=reference_dtype(t.dtype)).reshape(t.shape)
        env[out] = val
        err[out] = np.broadcast_to(_call_bound(call.fn, args, errs, val, UNIT[t.dtype]), t.shape)
    return {o: (ref[o], 2 * get(o)[1] + TINY[program.value(o).type.dtype]) for o in program.outputs}


def worst_ratio(got, want, bound) -> float:
    """max |got - want| / bound over the elements (inf for a non-finite element)."""
    got = np.asarray(got)
    if got.size == 0:
        return 0.0
    if not np.all(np.isfinite(got)):
        return math.inf
    d = np.abs(got.astype(np.complex128) - np.asarray(want, dtype=np.complex128))
    return float(np.max(d / bound))


def emulate(program, inputs: dict) -> dict:
    """The outputs computed by NumPy in the program's own element types (float32 stays
    float32): a CPU stand-in for the GPU that checks the bounds hold for real roundings."""
    env = {}
    for name in program.inputs:
        env[name] = _input(program, name, inputs[name], program.value(name).type.dtype)
    for name, v in program.values.items():
        if v.role == "const":
            env[name] = np.asarray(v.const, dtype=v.type.dtype)

    def get(n):
        v = program.value(n)
        return env[v.view_of].T if v.view_of else env[n]

    for call in program.calls:
        fn = library.get(call.fn)
        (pname, out), = call.outs.items()
        t = program.value(out).type
        with np.errstate(all="ignore"):
            val = _apply(fn, {p: get(x) for p, x in call.args.items()}, pname)
        env[out] = np.asarray(val).astype(t.dtype).reshape(t.shape)
    return {o: get(o) for o in program.outputs}
