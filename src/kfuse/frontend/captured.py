"""Arrays captured from outside a traced function: hidden inputs, as ``jax.jit`` takes constants.

A traced function that reads an array it did not receive (a closure's variable, a global) gets
that array as an extra input of the program, after its arguments, named after the variable
that holds it where one is found (``power``), else ``captured0``, ``captured1`` ...  The caller
(:class:`kfuse.JitFunction`) keeps the array and binds it at every call: a device array is read
in place at each call; a host (NumPy) array is copied to the device once per compiled
signature.  Rebinding the variable after the first trace is not seen (as in JAX).
"""
from __future__ import annotations

import sys

import numpy as np

from ..errors import ArgumentError, KfuseError


class Captures:
    """The arrays one trace captured: (input name, the object, its spec) in order."""

    def __init__(self, builder, add_input, spec_of):
        self.builder = builder
        self._add_input = add_input    # (builder, name, spec) -> None
        self._spec_of = spec_of        # (name, x) -> spec (trace.lower_spec)
        self.items: list = []
        self._by_id: dict = {}

    def operand(self, x) -> str:
        """The input name standing for captured array ``x`` (added on first use)."""
        known = self._by_id.get(id(x))
        if known is not None:
            return known
        if not _is_dense(x):
            raise ArgumentError(f"a {type(x).__name__} captured from outside the traced function was used: "
                                "pass it as an argument")
        named = _arrays_in(_user_scopes())
        window = _window_of(x, [v for _, v in named] + [getattr(x, "base", None)])
        if window is not None:   # a slice of a captured array (power[1:-1, 1:-1]): a window of it
            whole, bounds = window
            return self.builder.window(self.operand(whole), bounds)
        b = self.builder
        base = _variable_name(x, named) or f"captured{len(self.items)}"
        name = b.fresh_name(base)
        shown = f"captured array {base!r}"
        try:
            spec = self._spec_of(name, x)
        except KfuseError as e:
            raise type(e)(str(e).replace(f"argument {name!r}", shown)) from None
        if spec[0] not in ("a", "d"):
            raise ArgumentError(f"{shown}: only dense arrays can be captured; pass it as an argument")
        self._add_input(b, name, spec)
        self.items.append((name, x, spec))
        self._by_id[id(x)] = name
        return name


def _is_dense(x) -> bool:
    from .. import sparse
    return not isinstance(x, (sparse.CSR, sparse.ELL))


def _layout(x):
    """(address, shape, byte strides, itemsize) of a NumPy, CuPy or torch array, else None."""
    try:
        if isinstance(x, np.ndarray):
            return x.__array_interface__["data"][0], x.shape, x.strides, x.itemsize
        if hasattr(x, "data_ptr") and hasattr(x, "stride"):   # torch
            size = x.element_size()
            return x.data_ptr(), tuple(x.shape), tuple(s * size for s in x.stride()), size
        if hasattr(x, "data") and hasattr(x.data, "ptr"):     # CuPy
            return x.data.ptr, x.shape, x.strides, x.itemsize
    except (AttributeError, TypeError, RuntimeError):
        return None
    return None


def _window_of(x, candidates):
    """(base array, bounds) when ``x`` is a basic slice of step 1 of one of ``candidates`` (the
    arrays of the user's variables, then ``x.base``) of the same rank and type, else None."""
    lx = _layout(x)
    if lx is None or not lx[1]:
        return None
    for base in candidates:
        if base is x or getattr(base, "dtype", None) != x.dtype or type(base) is not type(x):
            continue
        lb = _layout(base)
        if lb is None or len(lb[1]) != len(lx[1]) or lb[2] != lx[2] or tuple(lb[1]) == tuple(lx[1]):
            continue
        off = lx[0] - lb[0]
        starts = [0] * len(lb[1])
        for a in sorted(range(len(lb[2])), key=lambda a: -lb[2][a]):
            if lb[2][a] <= 0:
                break
            starts[a], off = divmod(off, lb[2][a])
        else:
            if not off and all(0 <= s and s + n <= m for s, n, m in zip(starts, lx[1], lb[1])):
                return base, tuple((s, s + n) for s, n in zip(starts, lx[1]))
    return None


def _user_scopes() -> list:
    """The variables of the innermost frame outside kfuse (locals, closure variables included),
    its caller's locals (a helper given the array as an argument), then its globals."""
    f = sys._getframe(1)
    while f is not None and f.f_globals.get("__name__", "").split(".")[0] == "kfuse":
        f = f.f_back
    if f is None:
        return []
    scopes = [f.f_locals]
    g = f.f_back
    if g is not None and g.f_globals.get("__name__", "").split(".")[0] != "kfuse":
        scopes.append(g.f_locals)
    return scopes + [f.f_globals]


def _arrays_in(scopes: list) -> list:
    """(name, array) of the variables in ``scopes`` holding arrays, in order."""
    return [(k, v) for scope in scopes for k, v in list(scope.items())
            if isinstance(k, str) and k.isidentifier() and not k.startswith("__")
            and hasattr(v, "dtype") and hasattr(v, "shape") and _layout(v) is not None]


def _variable_name(x, named: list) -> str | None:
    """The name of a variable holding ``x`` (or viewing all of it, as np.linspace's result
    views its base), or None."""
    for k, v in named:
        if v is x or getattr(v, "base", None) is x and getattr(v, "shape", None) == x.shape:
            return k
    return None


def bind_captured(items: list) -> tuple:
    """The values to pass for captured arrays at a call: device arrays as CuPy arrays (read
    in place), host NumPy arrays copied to the device (once: the caller keeps the result)."""
    import cupy
    from ..platform import arrays
    out = []
    for name, x, spec in items:
        if isinstance(x, np.ndarray):
            out.append(cupy.asarray(x, order="F" if spec[0] == "a" and spec[3] == "F" else "C"))
        else:
            out.append(arrays.to_cupy(name, x))
    return tuple(out)
