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
        b = self.builder
        base = _variable_name(x) or f"captured{len(self.items)}"
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


def _variable_name(x) -> str | None:
    """The name of a variable holding ``x`` in the innermost frame outside kfuse (its locals,
    closure variables included, then its globals), or None."""
    f = sys._getframe(1)
    while f is not None and f.f_globals.get("__name__", "").split(".")[0] == "kfuse":
        f = f.f_back
    if f is None:
        return None
    for scope in (f.f_locals, f.f_globals):
        for k, v in scope.items():
            if v is x and k.isidentifier() and not k.startswith("__"):
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
