"""Real applications as their authors publish them in NumPy (issue 31's benchmark suite).

One module per application.  Each follows a public source (named in its docstring with every
change made) and exposes:

* ``step(...)``: one time step written as the author writes it, with NumPy imported as ``np``;
  it updates its array arguments in place where the original does (and returns what the
  original returns);
* ``run(state, steps, step=step)``: the author's time loop over a state dict (swapping time
  levels where the original does), returning the state;
* ``init(shape, dtype, xp=numpy, seed=0)``: the state dict, keyed by ``step``'s parameter names
  (arrays, then Python numbers), from the original's initial condition;
* ``FIELDS``: ``{"read": names, "written": names}`` per step (the DRAM-limit bytes: every field
  read once and written once);
* ``SIZES`` (per dtype, 0.1-10 ms per step on an H200), ``QUICK`` (a harness smoke test) and
  ``TEST`` (small odd sizes for the unit tier);
* ``jax_step(jnp, state)``: the same step in functional form (``.at[].set``, ``jnp.roll``), for
  the JAX peer; returns the new state dict.

:func:`bind` runs the same code on another array namespace (CuPy, or a NumPy-like view of torch)
by rebinding the module's global ``np``: the one change needed to run it outside NumPy.
"""
from __future__ import annotations

import importlib
import inspect
import types

NAMES = ("gray_scott", "lbm_d2q9", "wave2d", "fdtd3d", "burgers2d", "allen_cahn", "fdtd2d",
         "hotspot", "hotspot3d", "seismic3d", "heat7")


def load(name: str):
    """The application module ``name`` (one of :data:`NAMES`)."""
    if name not in NAMES:
        raise KeyError(f"unknown application {name!r}; known: {', '.join(NAMES)}")
    return importlib.import_module(f"{__name__}.{name}")


def params(fn) -> list:
    """The parameter names of a step function, in order."""
    return list(inspect.signature(fn).parameters)


def args_of(fn, state: dict) -> list:
    """``fn``'s positional arguments taken from ``state`` by name."""
    return [state[n] for n in params(fn)]


def bind(module, xp) -> types.SimpleNamespace:
    """The module's functions (``step``, ``run`` and their helpers) with the global ``np``
    rebound to ``xp``: the same code run on another array library."""
    ns = dict(vars(module))
    ns["np"] = xp
    out = {}
    for name, f in vars(module).items():
        if isinstance(f, types.FunctionType) and f.__module__ == module.__name__:
            g = types.FunctionType(f.__code__, ns, f.__name__, f.__defaults__, f.__closure__)
            g.__kwdefaults__ = f.__kwdefaults__
            ns[name] = out[name] = g
    if "run" in out and out["run"].__defaults__:          # run(state, steps, step=step): the rebound step
        out["run"].__defaults__ = tuple(out["step"] if d is module.step else d
                                        for d in out["run"].__defaults__)
    return types.SimpleNamespace(**out)


def nbytes_per_step(module, state: dict) -> int:
    """Bytes a step must move at least: every field of ``FIELDS`` read once and written once."""
    names = list(module.FIELDS["read"]) + list(module.FIELDS["written"])
    return int(sum(state[n].size * state[n].dtype.itemsize for n in names))


def rel_error(got: dict, want: dict, names) -> float:
    """max over ``names`` of max |got - want| / max |want|: each field against its own largest
    value, floored at 1e-6 of the largest field's (a field that stays ~0, fdtd3d's Hz, is
    measured against the others' scale); inf for a wrong shape or a non-finite value."""
    import numpy as np
    floor = 1e-6 * max(float(np.abs(np.asarray(want[n])).max()) for n in names)
    err = 0.0
    for n in names:
        g, w = np.asarray(got[n], dtype=np.float64), np.asarray(want[n], dtype=np.float64)
        if g.shape != w.shape:
            return float("inf")
        d = np.abs(g - w)
        if not np.isfinite(d).all():
            return float("inf")
        err = max(err, float(d.max()) / max(float(np.abs(w).max()), floor, 1e-300))
    return err


#: check tolerances of :func:`rel_error` after a few steps, per dtype
TOLERANCE = {"float32": 1e-3, "float64": 1e-10}
