"""The Python state a folding loop's steps see (:mod:`kfuse.frontend.loop_fold`), compared from
one traced step to the next.

A loop folds into one step run T times only where step ``k`` starts from the state step ``k - 1``
started from: the same Python values (a counter, a list that grows, an object's attribute, a
host NumPy array, a module global the function reads: any change, and the steps may differ by
it), and the same arrays in the same variables up to the steps' renaming (:func:`roles`: an
array made ``n`` steps ago by the same call, or the same array from before the loop).  The
second tells a loop still filling its state (``c = d; d = b`` keeps ``a``, a value from before
the loop, in ``c`` for two steps) from one that repeats.  What no variable of the function, no
container or object it holds, and no global its code names reaches (a helper's own globals or
closures) is not seen.

:func:`outside` is what the function reads from outside (its globals, its closure) before it
runs: a function traced again to unroll a loop that cannot stay folded must find it unchanged.
"""
from __future__ import annotations

import bisect
import collections
import hashlib
import numbers
import types

import numpy as np

DEPTH = 4   # containers and objects are looked into this deep; deeper ones by identity
_OPAQUE = (types.ModuleType, type, types.BuiltinFunctionType)


def roles(b, marks: list):
    """A function: traced array -> what its value is for the state at the last of ``marks``:
    ``("made", steps ago, call of its step, output)`` for a value the loop made, ``("before",
    name)`` for one from before the loop (a view: its base's, and the window or "T"), or the
    array's identity where it belongs to another trace than builder ``b``'s."""
    m0, now = marks[0], len(marks) - 2
    producer = {o: (cid, key) for cid in range(m0, len(b.calls)) for key, o in b.calls[cid].outs.items()}

    def role(name: str) -> tuple:
        v = b.values[name]
        if v.view_of:
            return role(v.view_of) + (v.window if v.window is not None else "T",)
        if name not in producer:
            return ("before", name)
        cid, key = producer[name]
        j = bisect.bisect_right(marks, cid) - 1
        return ("made", now - j, cid - marks[j], key)
    return lambda t: role(t._name) if t._b is b else ("other trace", id(t))


def state(frame, role, index_type) -> dict:
    """Name -> fingerprint of the traced function's variables (``frame``'s locals and cells), of
    the module globals its code names and of the attributes its code names of the modules among
    them (``role``: as :func:`roles`; ``index_type``: the types of the loop index and of the
    numbers made from it, seen by how they are made, not by value)."""
    out = _globals(frame.f_globals, frame.f_code.co_names, role, index_type)
    out.update({k: fingerprint(v, role, index_type) for k, v in frame.f_locals.items()})
    return out


def outside(fn) -> dict:
    """Name -> fingerprint of what function ``fn`` reads from outside a call: the module globals
    (and modules' attributes) its code names and its closure's variables (traced arrays by
    identity)."""
    role = lambda t: ("array", id(t))   # noqa: E731
    out = _globals(fn.__globals__, fn.__code__.co_names, role, None)
    cells = zip(fn.__code__.co_freevars, fn.__closure__ or ())
    out.update({k: fingerprint(_contents(c), role, None) for k, c in cells})
    return out


def _globals(g: dict, names: tuple, role, index_type) -> dict:
    """The fingerprints of the globals of ``g`` among ``names``, with the attributes among
    ``names`` of the modules among them (``helpers.CALLS``)."""
    g = getattr(g, "module", g)   # loop_fold's view of the globals: the module's own
    out = {}
    for n in names:
        if n in g and n != "range":
            out[f"global {n}"] = fingerprint(g[n], role, index_type)
            if isinstance(g[n], types.ModuleType):
                attrs = vars(g[n])
                out.update({f"global {n}.{a}": fingerprint(attrs[a], role, index_type) for a in names if a in attrs})
    return out


def changes(states: list, arrays: bool) -> list:
    """The names whose fingerprint differs between the last two of ``states`` (``arrays``:
    which arrays a variable holds counts; else only that it holds arrays)."""
    last, prev = states[-1], states[-2]
    if not arrays:
        last, prev = _plain(last), _plain(prev)
    return sorted(k for k in set(last) | set(prev) if last.get(k) != prev.get(k))


def _plain(fp):
    """``fp`` with each traced array's fingerprint reduced to ``("array",)``."""
    if isinstance(fp, dict):
        return {k: _plain(x) for k, x in fp.items()}
    if isinstance(fp, tuple):
        return ("array",) if fp and fp[0] == "array" else tuple(_plain(x) for x in fp)
    if isinstance(fp, frozenset):
        return frozenset(_plain(x) for x in fp)
    return fp


def fingerprint(v, role, index_type, depth: int = 0):
    """What a Python value is, comparable between steps: numbers and strings by value,
    containers, objects' attributes, functions' code and closures and host NumPy arrays by
    content, a traced array by its :func:`roles` (a tuple that starts with "array"), anything
    else (modules, classes, objects of C types) by identity."""
    t = type(v)
    if index_type and t in index_type:   # the loop index, or a number made from it (t * dt)
        return ("index", v.ops)
    if getattr(t, "kfuse_traced", False):
        return ("array", role(v), v._drop, v._axis)
    if isinstance(v, (numbers.Number, str, bytes, type(None))):
        return (t, v)
    if depth >= DEPTH or isinstance(v, _OPAQUE):
        return ("object", id(v))

    def fp(x):
        return fingerprint(x, role, index_type, depth + 1)
    if isinstance(v, (list, tuple, collections.deque)):
        return (t, tuple(fp(x) for x in v))
    if isinstance(v, (set, frozenset)):
        return (t, frozenset(fp(x) for x in v))
    if isinstance(v, dict):
        return (t, tuple((fp(k), fp(x)) for k, x in v.items()))
    if isinstance(v, np.ndarray) and not v.dtype.hasobject:
        return (t, v.shape, v.dtype.str, hashlib.blake2b(np.ascontiguousarray(v).tobytes()).digest())
    if isinstance(v, types.FunctionType):   # a lambda made at each step is the same function
        cells = tuple(fp(_contents(c)) for c in v.__closure__ or ())
        return (t, id(v.__code__), cells, fp(v.__defaults__), fp(v.__kwdefaults__))
    if isinstance(v, types.MethodType):
        return (t, fp(v.__func__), fp(v.__self__))
    attrs = getattr(v, "__dict__", None)
    slots = _slots(t)
    if isinstance(attrs, dict) or slots:   # an object made at each step with the same content is the same
        return (t, fp(attrs if isinstance(attrs, dict) else {}), tuple(fp(getattr(v, n, None)) for n in slots))
    return ("object", id(v))


def _contents(cell):
    """A closure cell's value (a marker where it is still empty)."""
    try:
        return cell.cell_contents
    except ValueError:
        return ("empty cell",)


def _slots(t: type) -> list:
    """The ``__slots__`` attribute names of class ``t`` and its bases."""
    names = []
    for k in t.__mro__:
        own = k.__dict__.get("__slots__", ())
        names += [own] if isinstance(own, str) else [n for n in own if n not in ("__dict__", "__weakref__")]
    return names
