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
"""
from __future__ import annotations

import bisect
import collections
import hashlib
import numbers
import types

import numpy as np

DEPTH = 4   # containers and objects are looked into this deep; deeper ones by identity
_OPAQUE = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def roles(b, marks: list):
    """A function: value name -> what it is for the state at the last of ``marks``:
    ``("made", steps ago, call of its step, output)`` for a value the loop made, ``("before",
    name)`` for one from before the loop (a view: its base's, and the window or "T")."""
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
    return role


def state(frame, role, index_type) -> dict:
    """Name -> fingerprint of the traced function's variables (``frame``'s locals and cells), of
    the module globals its code names and of the attributes its code names of the modules among
    them (``role``: as :func:`roles`; ``index_type``: the loop index's type, seen as the index)."""
    g = frame.f_globals
    g = getattr(g, "module", g)   # loop_fold's view of the globals: the module's own
    names = frame.f_code.co_names
    out = {}
    for n in names:
        if n in g and n != "range":
            out[f"global {n}"] = fingerprint(g[n], role, index_type)
            if isinstance(g[n], types.ModuleType):   # helpers.CALLS: the attributes the code names
                attrs = vars(g[n])
                out.update({f"global {n}.{a}": fingerprint(attrs[a], role, index_type) for a in names if a in attrs})
    out.update({k: fingerprint(v, role, index_type) for k, v in frame.f_locals.items()})
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
    containers, objects' attributes and host NumPy arrays by content, a traced array by its
    :func:`roles` (a tuple that starts with "array"), anything else by identity."""
    t = type(v)
    if t is index_type:
        return ("index",)
    if getattr(t, "kfuse_traced", False):
        return ("array", role(v._name), v._drop, v._axis)
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
        return (t, v.shape, v.dtype.str, hashlib.blake2b(np.ascontiguousarray(v).view(np.uint8)).digest())
    attrs = getattr(v, "__dict__", None)
    slots = _slots(t)
    if isinstance(attrs, dict) or slots:
        return (t, id(v), fp(attrs if isinstance(attrs, dict) else {}), tuple(fp(getattr(v, n, None)) for n in slots))
    return ("object", id(v))


def _slots(t: type) -> list:
    """The ``__slots__`` attribute names of class ``t`` and its bases."""
    names = []
    for k in t.__mro__:
        own = k.__dict__.get("__slots__", ())
        names += [own] if isinstance(own, str) else [n for n in own if n not in ("__dict__", "__weakref__")]
    return names
