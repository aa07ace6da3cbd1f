"""Indexing with a number known only at run time: ``fict[t]`` for ``t`` a Python int argument.

Every call may pass another ``t``, so the element cannot be a window of the trace: it is
``pick(fict, t)``, a 0-d value read by the kernel that uses it (its scalar prologue), with
``t`` an int64 host scalar.  NumPy's rules hold: a negative ``t`` counts from the end once; one
out of range is refused by the runtime before the launch (it knows ``t`` on the host, so the
check costs no device sync) and the kernel clamps as well, so no read leaves ``fict``.
"""
from __future__ import annotations

import numpy as np

from ..errors import KfuseError, ShapeError
from ..ir import INDEX_DTYPE
from .site import user_site


def is_runtime_index(key) -> bool:
    """Whether ``key`` (an index as written) holds a traced value (a Tensor)."""
    keys = key if isinstance(key, tuple) else (key,)
    return any(getattr(k, "kfuse_traced", False) for k in keys)


def is_argument_element(t, key) -> bool:
    """Whether ``t[key]`` is one element of an argument vector at a Python int (``src[2]``): a
    0-d value any operation takes, as NumPy's scalar is (a plane of a computed array stays a
    plane, the value of an assignment)."""
    return (isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)) and t.ndim == 1
            and not t._drop and not t._axis and t._name in t._b.inputs)


def _constant_pick(t, k):
    """``pick(t, k)`` for a Python int ``k``: NumPy's range (negative from the end, once), else
    one ShapeError naming the line."""
    b, n = t._b, t.shape[0]
    if not -n <= int(k) < n:
        raise ShapeError(f"{user_site()}: {b.values[t._name].display}[{int(k)}]: index {int(k)} is out of "
                         f"bounds for an axis of size {n}")
    return type(t)(b, b.call("pick", {"x": t._name, "i": b.const(float(int(k) % n), INDEX_DTYPE)}))


def pick(t, key):
    """``t[key]`` with ``key`` a traced number: the 0-d ``pick(t, key)`` (a Python int into an
    argument vector: :func:`_constant_pick`); one KfuseError naming the line for any other index
    holding a traced value."""
    b = t._b
    if is_argument_element(t, key):
        return _constant_pick(t, key)
    keys = key if isinstance(key, tuple) else (key,)
    shown = b.values[t._name].display
    k = keys[0]
    if len(keys) != 1 or not getattr(k, "kfuse_traced", False) or t._drop or t._axis or t.ndim != 1:
        raise KfuseError(f"{user_site()}: {shown}[...]: an index holding a traced value is supported only as "
                         "v[t], one element of a vector at a Python int argument t")
    if not b.is_number(k._name) or not b.is_number_argument(k._name):
        raise KfuseError(f"{user_site()}: {shown}[{b.values[k._name].display}]: the index must be a Python int "
                         "argument itself (v[t]), not an array or a value computed from one; compute the "
                         "index on the host and pass it")
    if b.number_is_complex(k._name):
        raise KfuseError(f"{user_site()}: {shown}[{b.values[k._name].display}]: a complex number is no index")
    i = b.typed_number(k._name, INDEX_DTYPE, "an index")
    return type(t)(b, b.call("pick", {"x": t._name, "i": i}))
