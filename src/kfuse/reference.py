"""A NumPy interpreter of the IR in float64 / complex128: the correctness reference.

Tests compare every GPU result with it, and ``kfuse run`` uses it to execute a
plan when no GPU is present.
"""
from __future__ import annotations

import numpy as np

from . import library
from .errors import ArgumentError
from .ir import Program, probe_row_length, reference_dtype


def to_reference(x, dtype: str):
    """``x`` (NumPy/CuPy array or number) as a float64/complex128 NumPy value."""
    if hasattr(x, "get"):
        x = x.get()
    elif hasattr(x, "detach"):  # torch
        x = x.detach().cpu().numpy()
    return np.asarray(x, dtype=reference_dtype(dtype))


def run(program: Program, inputs: dict) -> dict:
    """Evaluate ``program`` on ``inputs`` (name -> array/number); returns name -> NumPy value."""
    env = {}
    for name in program.inputs:
        v = program.value(name)
        if v.copy_of and name not in inputs:   # the same Python number in another type
            inputs = {**inputs, name: inputs.get(v.copy_of)}
        if name not in inputs:
            raise ArgumentError(f"missing input {name!r}")
        if v.type.kind == "sparse":
            from . import sparse
            m = sparse.CSR.from_any(inputs[name]).to_host()
            env[name] = m.astype(reference_dtype(v.type.dtype).name)
            if tuple(m.shape) != tuple(v.type.shape):
                raise ArgumentError(f"input {name!r}: shape {m.shape}, expected {tuple(v.type.shape)}")
            continue
        arr = to_reference(inputs[name], v.type.dtype)
        if v.type.dtype == "bool" and tuple(arr.shape) + (1,) == tuple(v.type.shape):
            arr = arr.reshape(v.type.shape)   # a mask read by kernels over a grid of one more axis
        if tuple(arr.shape) != tuple(v.type.shape):
            raise ArgumentError(f"input {name!r}: shape {arr.shape}, expected {tuple(v.type.shape)}")
        env[name] = arr
    for name, v in program.values.items():
        if v.role == "const":
            env[name] = np.asarray(v.const, dtype=reference_dtype(v.type.dtype))
    for name, v in program.values.items():
        if v.view_of and v.view_of in env:
            env[name] = _view(env[v.view_of], v)
    for call in program.calls:
        fn = library.get(call.fn)
        if fn.reference is None:
            raise ArgumentError(f"function {fn.name!r} has no NumPy reference")
        args = {p: _get(env, program, v) for p, v in call.args.items()}
        if call.at is not None:   # assign's window
            args["at"] = call.at
        res = fn.reference(**args)
        for p, out in call.outs.items():
            t = program.value(out).type
            env[out] = np.asarray(res[p], dtype=reference_dtype(t.dtype)).reshape(t.shape)
            for name, v in program.values.items():
                if v.view_of == out:
                    env[name] = _view(env[out], v)
    return {o: _get(env, program, o) for o in program.outputs}


def run_plan(program: Program, kernels: list, inputs: dict) -> dict:
    """Evaluate ``program`` kernel by kernel in a plan's order (lists of call ids).

    The result equals :func:`run` for any plan that respects the dependencies;
    a plan that reads a value before it is computed raises ArgumentError.
    """
    order = [cid for k in kernels for cid in k]
    if sorted(order) != list(range(len(program.calls))):
        raise ArgumentError("the plan does not run every call exactly once")
    reordered = Program(program.name, program.values, program.inputs, program.outputs,
                        [program.calls[c] for c in order])
    return run(reordered, inputs)


def _get(env, program, name):
    if name in env:
        return env[name]
    v = program.value(name)
    if v.view_of:
        return _view(env[v.view_of], v)
    raise ArgumentError(f"value {name!r} is read before it is computed")


def _view(base, v):
    """The view ``v`` of the array ``base``: its transpose, or its window (a basic slice)."""
    if v.window is None:
        return base.T
    return base[tuple(slice(lo, hi) for lo, hi in v.window)]


def rel_error(out, ref) -> float:
    """||out - ref|| / ||ref|| (absolute error when ref is zero)."""
    out = to_reference(out, "complex128" if np.iscomplexobj(ref) else "float64")
    ref = np.asarray(ref)
    num = float(np.linalg.norm((out - ref).ravel()))
    den = float(np.linalg.norm(ref.ravel()))
    if not np.isfinite(num):
        return float("inf")
    return num / den if den > 0 else num


def hinted_density(t) -> int:
    """Nonzeros per row of a matrix made for sparse type ``t``: its mean where the type was
    traced from a matrix, else what the calibration probes run at its hint
    (:func:`kfuse.ir.probe_row_length`)."""
    return max(1, round(t.row_mean)) if t.row_mean else probe_row_length(t.per_row)


def random_inputs(program: Program, seed: int | None = None, xp=np) -> dict:
    """Random inputs for a bound program: uniform in [-1, 1) (never zeros); scalars as numbers."""
    rng = np.random.default_rng(seed)
    out = {}
    for name in program.inputs:
        if program.value(name).copy_of:   # filled from its argument at call time
            continue
        t = program.value(name).type
        shape = tuple(t.shape)
        if t.kind == "sparse":
            from . import sparse
            seed_ = int(rng.integers(1 << 30))
            if t.per_row and shape[0] == shape[1]:   # the traced matrix's density, banded
                m = sparse.banded(shape[0], hinted_density(t), t.dtype, seed_, dominant=False)
            else:
                m = sparse.random_sparse(shape[0], shape[1], min(2 * t.per_row or 8, shape[1]), t.dtype, seed_)
            m = m if t.fmt == "csr" else m.to_ell()
            out[name] = m.to_device() if xp is not np else m
            continue
        a = rng.uniform(-1, 1, size=shape)
        if t.dtype.startswith("complex"):
            a = a + 1j * rng.uniform(-1, 1, size=shape)
        a = a.astype(t.dtype)
        if t.kind == "scalar":
            out[name] = a.item()
        else:
            a = np.asfortranarray(a) if t.order == "F" else np.ascontiguousarray(a)
            out[name] = xp.asarray(a, order=t.order) if xp is not np else a
    return out
