"""The arguments of a :func:`kfuse.jit` function: which are traced, which are static, and the key.

A call's arguments split, in the manner of ``jax.jit``, into *dynamic* ones (device arrays,
sparse matrices and Python numbers: inputs of the traced program, bound at every call) and
*static* ones (passed to the traced function as their Python values; part of the cache key, so
another value traces again).  Static are the parameters named in ``static_argnames`` or at the
positions in ``static_argnums``, and, without declaring, every bool, str, None, tuple, enum,
frozenset, type or NumPy dtype.  Keyword arguments, defaults, ``*args`` and ``**kwargs`` are
accepted: an ``*args`` element is ``args_0``, ``args_1`` ... in the program, a ``**kwargs``
element its keyword.

:class:`ArgLayout` splits a call; the key of a call is the tuple of its dynamic arguments'
specs (:func:`kfuse.frontend.trace.arg_spec`), followed by a :class:`Layout` where the call is
not simply one dynamic argument per parameter, in order.
"""
from __future__ import annotations

import enum
import inspect
import numbers

import numpy as np

from .errors import ArgumentError

#: values static without declaring (Python numbers stay runtime scalars)
AUTO_STATIC = (bool, str, bytes, type(None), tuple, frozenset, enum.Enum, type, np.dtype)
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _holds_array(v) -> bool:
    """Whether ``v`` is, or a tuple / frozenset holding, an array or a sparse matrix."""
    if isinstance(v, (tuple, frozenset)):
        return any(_holds_array(x) for x in v)
    return hasattr(v, "shape") and hasattr(v, "dtype") or hasattr(v, "__dlpack__")


def static_item(label: str, v) -> tuple:
    """The key item of a static argument: ``("s", type, value)``; ArgumentError naming the
    argument for an unhashable value or a tuple of arrays."""
    if _holds_array(v):
        raise ArgumentError(f"argument {label!r} is static but holds an array: pass arrays as arguments "
                            "of their own (or as *args), not in a tuple or as a static argument")
    try:
        hash(v)
    except TypeError:
        raise ArgumentError(f"argument {label!r} is static (its value is part of the cache key), so it "
                            f"must be hashable; got an unhashable {type(v).__name__}") from None
    return ("s", type(v), v)


def is_auto_static(v) -> bool:
    """A value static without declaring: bool, str, None, tuple (of no arrays), enum, ..."""
    return isinstance(v, AUTO_STATIC)


class Layout(tuple):
    """How a call maps onto the function's parameters, hashable (the tail of a key): one entry
    ``(parameter name, kind, item)`` per parameter, where ``item`` is ``("d", label)`` (a
    dynamic argument, input ``label`` of the program) or ``("s", type, value)`` (static), a
    tuple of items for ``*args`` and a tuple of ``(keyword, item)`` for ``**kwargs``."""

    def labels(self) -> list:
        """The program input names of the dynamic arguments, in order."""
        return [it[1] for it in self._items() if it[0] == "d"]

    def statics(self) -> list:
        """(label, value) of every static argument, in order."""
        out = []
        for pname, kind, item in self:
            if kind == inspect.Parameter.VAR_POSITIONAL:
                out += [(f"{pname}[{i}]", it[2]) for i, it in enumerate(item) if it[0] == "s"]
            elif kind == inspect.Parameter.VAR_KEYWORD:
                out += [(k, it[2]) for k, it in item if it[0] == "s"]
            elif item[0] == "s":
                out.append((pname, item[2]))
        return out

    def _items(self):
        for _, kind, item in self:
            if kind == inspect.Parameter.VAR_POSITIONAL:
                yield from item
            elif kind == inspect.Parameter.VAR_KEYWORD:
                yield from (it for _, it in item)
            else:
                yield item

    def assemble(self, dynamic: list) -> tuple:
        """(positional args, keyword args) calling the function with ``dynamic`` (traced values
        of the dynamic arguments, in order) and the static values."""
        it = iter(dynamic)

        def value(item):
            return next(it) if item[0] == "d" else item[2]
        pos, kw = [], {}
        for pname, kind, item in self:
            if kind in _POSITIONAL:
                pos.append(value(item))
            elif kind == inspect.Parameter.KEYWORD_ONLY:
                kw[pname] = value(item)
            elif kind == inspect.Parameter.VAR_POSITIONAL:
                pos += [value(i) for i in item]
            else:
                kw.update((k, value(i)) for k, i in item)
        return pos, kw


class ArgLayout:
    """The parameters of a jit function and its declared static ones (checked when jit is
    called: an unknown name or a position out of range is an ArgumentError)."""

    def __init__(self, fname: str, signature: inspect.Signature, static_argnums=(), static_argnames=()):
        self.fname = fname
        self.signature = signature
        self.params = list(signature.parameters.values())
        self.names = [p.name for p in self.params]
        nums = _as_tuple(static_argnums, "static_argnums", fname)
        names = _as_tuple(static_argnames, "static_argnames", fname)
        positional = [p.name for p in self.params if p.kind in _POSITIONAL]
        has_var = any(p.kind == p.VAR_POSITIONAL for p in self.params)
        has_varkw = any(p.kind == p.VAR_KEYWORD for p in self.params)
        self.static_names, self.static_var = set(), set()
        for n in nums:
            if isinstance(n, bool) or not isinstance(n, numbers.Integral):
                raise ArgumentError(f"kfuse.jit({fname}): static_argnums holds ints, got {n!r}")
            n = int(n) if n >= 0 else len(positional) + int(n)
            if 0 <= n < len(positional):
                self.static_names.add(positional[n])
            elif n >= len(positional) and has_var:
                self.static_var.add(n - len(positional))
            else:
                raise ArgumentError(f"kfuse.jit({fname}): static_argnums {n} is out of range: the function "
                                    f"has {len(positional)} positional parameter(s)")
        for n in names:
            if not isinstance(n, str):
                raise ArgumentError(f"kfuse.jit({fname}): static_argnames holds names, got {n!r}")
            if n not in self.names and not has_varkw:
                raise ArgumentError(f"kfuse.jit({fname}): static_argnames names {n!r}, which is not a "
                                    f"parameter ({', '.join(self.names) or 'none'})")
            self.static_names.add(n)
        #: every call is one dynamic argument per parameter, unless a parameter is static or variadic
        self.plain = not self.static_names and not self.static_var and \
            all(p.kind in _POSITIONAL or p.kind == p.KEYWORD_ONLY for p in self.params)

    def bind(self, args: tuple, kwargs: dict):
        """The bound arguments, defaults applied (a KfuseError naming the function on a mismatch)."""
        try:
            b = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise ArgumentError(f"{self.fname}: {e}") from None
        b.apply_defaults()
        return b.arguments

    def split(self, args: tuple, kwargs: dict) -> tuple:
        """(dynamic argument values, Layout or None): None where every parameter got one dynamic
        argument (the key is then the specs alone, as for a function without static ones)."""
        bound = self.bind(args, kwargs)
        dynamic, layout, simple = [], [], True
        taken = set(self.names)
        for p in self.params:
            v = bound.get(p.name, () if p.kind == p.VAR_POSITIONAL else {})
            if p.kind == p.VAR_POSITIONAL:
                simple = False
                items = []
                for i, x in enumerate(v):
                    label = _fresh(f"{p.name}_{i}", taken)
                    items.append(self._item(label, f"{p.name}[{i}]", x, i in self.static_var, dynamic))
                layout.append((p.name, p.kind, tuple(items)))
            elif p.kind == p.VAR_KEYWORD:
                simple = False
                items = tuple((k, self._item(_fresh(k, taken), k, x, k in self.static_names, dynamic))
                              for k, x in v.items())
                layout.append((p.name, p.kind, items))
            else:
                item = self._item(p.name, p.name, v, p.name in self.static_names, dynamic)
                simple &= item[0] == "d"
                layout.append((p.name, p.kind, item))
        return tuple(dynamic), (None if simple else Layout(layout))

    @staticmethod
    def _item(label: str, shown: str, x, declared: bool, dynamic: list) -> tuple:
        if declared or is_auto_static(x):
            return static_item(shown, x)
        dynamic.append(x)
        return ("d", label)


def _fresh(name: str, taken: set) -> str:
    """``name``, or ``name_`` ... when taken (by a parameter or an earlier element)."""
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def _as_tuple(v, what: str, fname: str) -> tuple:
    if v is None:
        return ()
    if isinstance(v, (str, numbers.Integral)) and not isinstance(v, bool):
        return (v,)
    try:
        return tuple(v)
    except TypeError:
        raise ArgumentError(f"kfuse.jit({fname}): {what} must be a name / int or a tuple of them, "
                            f"got {v!r}") from None


def split_key(key: tuple) -> tuple:
    """(the dynamic arguments' specs, Layout or None) of a cache key."""
    if key and isinstance(key[-1], Layout):
        return key[:-1], key[-1]
    return key, None


def describe_static(label: str, value) -> str:
    """One static argument of a signature in words: ``T = 20 (static)``."""
    text = repr(value)
    return f"{label} = {text if len(text) <= 60 else text[:57] + '...'} (static)"
