"""Assignment into traced arrays: ``v[0, :] = v[-2, :]``, ``v[:, 0] = 0.0`` (boundary code).

NumPy modifies ``v`` in place; a traced function is pure, so the assignment is a *functional
update*: it records ``assign(v, new)`` at the window the key selects (the call's ``at``) and
rebinds the Tensor ``v`` to the result, so later reads see the update and the function returns
what NumPy computes.  Views of ``v`` taken before the assignment would see the update in NumPy
but hold the old value here: using one afterwards raises KfuseError rather than computing a
different answer.  Assignment into an array argument makes the argument's final value an
output that the call writes back into the caller's array (``Program.writes``), as NumPy does.
"""
from __future__ import annotations

import numbers
import weakref


from ..errors import ArgumentError, KfuseError, ShapeError
from .plane_versions import replaced_assignment

#: builder -> names of values an assignment replaced (views of them taken before are stale)
_SUPERSEDED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def window_bounds(shape: tuple, key, ints: list | None = None) -> tuple:
    """``(start, stop)`` per axis of ``shape`` for a basic-slice ``key`` (NumPy's rules for
    negative and out-of-range bounds; step 1; ``...`` fills the axes not given).  Steps and
    advanced indexing raise ShapeError; so do integer indexes unless ``ints`` is a list: an
    integer ``i`` then selects the plane ``i:i+1`` (negative from the end, in range) and its
    axis is appended to ``ints``."""
    key = key if isinstance(key, tuple) else (key,)
    if sum(k is Ellipsis for k in key) > 1:
        raise ShapeError("an index can only have a single ellipsis ('...')")
    if Ellipsis in key:
        at = key.index(Ellipsis)
        key = key[:at] + (slice(None),) * (len(shape) - len(key) + 1) + key[at + 1:]
    if len(key) > len(shape):
        raise ShapeError(f"too many indices: {len(key)} for an array of {len(shape)} dimension(s)")
    key = key + (slice(None),) * (len(shape) - len(key))
    out = []
    for a, (k, n) in enumerate(zip(key, shape)):
        if ints is not None and isinstance(k, numbers.Integral) and not isinstance(k, bool):
            if not -n <= k < n:
                raise ShapeError(f"index {k} is out of bounds for axis {a} with size {n}")
            ints.append(a)
            out.append((k % n, k % n + 1))
            continue
        if not isinstance(k, slice):
            what = "an integer index" if isinstance(k, numbers.Integral) else f"index {k!r}"
            raise ShapeError(f"axis {a}: {what} is not supported inside kfuse functions; use basic slices "
                             "with step 1 (u[i:i+1] keeps the axis)")
        if k.step not in (None, 1):
            raise ShapeError(f"axis {a}: slice step {k.step} is not supported (step 1 only)")
        for bound in (k.start, k.stop):
            if bound is not None and (isinstance(bound, bool) or not isinstance(bound, numbers.Integral)):
                raise ShapeError(f"axis {a}: slice bounds must be Python integers, got {bound!r}")
        lo, hi, _ = k.indices(n)
        out.append((lo, max(lo, hi)))
    return tuple(out)


def getitem(t, key):
    """``t[key]``: a window view; integer indexes select planes whose axes the Tensor drops."""
    if t._drop:
        raise ShapeError(f"{t._b.values[t._name].display}: indexing an integer-indexed plane again is not "
                         "supported; index the array once (u[-2, 1:-1])")
    ints: list = []
    bounds = window_bounds(tuple(t._type.shape), key, ints)
    view = type(t)(t._b, t._b.window(t._name, bounds), tuple(ints))
    # the array the view shows (NumPy: its memory), and where: writes through the view go there
    owner, at = (t._owner, t._at) if t._owner is not None else (t, tuple((0, n) for n in t._type.shape))
    view._owner, view._at = owner, tuple((o + lo, o + hi) for (o, _), (lo, hi) in zip(at, bounds))
    return view


def check_operand(t):
    """Refuse a Tensor that cannot stand for its NumPy value: an integer-indexed plane used other
    than as an assignment's value, or a view of an array assigned into since the view was taken."""
    b, v = t._b, t._b.values[t._name]
    base = v.view_of
    if base is not None and base in _superseded(b) and not getattr(t, "_seen", False):
        raise KfuseError(f"{v.display} is a view of {b.values[base].display} taken before an assignment into "
                         f"{b.values[base].display}: NumPy's view would show the assigned values; take the "
                         "slice again after the assignment")
    if t._drop:
        raise ShapeError(f"{v.display}: an integer index (u[-2, :]) or a sum along a short axis "
                         "(a.sum(axis=1)) drops an axis, which kfuse supports only in the value of an "
                         "assignment into a window (v[0, :] = v[-2, :], r[:, 0] = a.sum(axis=1)), not as "
                         "a value of its own (returned, or an argument of another call); for an index, "
                         "a slice u[-2:-1, :] keeps the axis")


def replaced_base(b, name: str) -> str | None:
    """The array that value ``name`` stands for (itself, or the base of a slice or transpose)
    when an assignment has replaced it since, else None: a script name still bound to it (an
    alias ``w = v;`` or a slice ``w = v[1:-1];`` taken before ``v[0] = ...;``) would hold the
    old values where NumPy shows the assigned ones."""
    stale = _superseded(b)
    base = b.values[name].view_of
    if name in stale:
        return name
    return base if base is not None and base in stale else None


def supersede(b, name: str) -> None:
    """Mark value ``name`` of builder ``b`` replaced by an assignment (into it or an alias)."""
    _superseded(b).add(name)


def _superseded(b) -> set:
    return _SUPERSEDED.setdefault(b, set())


def _refuse_target(t):
    """One KfuseError if ``t`` cannot be assigned into (a view, a number, a 0-d array); an
    array argument can (the caller's array is updated, as NumPy does)."""
    refuse_target(t._b, t._name, t._drop, inputs=True)


def refuse_target(b, name: str, drop: tuple = (), inputs: bool = False):
    """One KfuseError if value ``name`` of builder ``b`` cannot be assigned into: an argument
    (unless ``inputs``: the Python front end writes array arguments for the caller), a view
    (``drop``: the axes an integer index removed), a scalar or a sparse matrix (both front ends;
    the script names its inputs itself, with its own fix)."""
    v = b.values[name]
    if b.is_number(name) or (v.role == "input" and not inputs):
        raise KfuseError(f"assignment into argument {v.display!r}: NumPy would modify the caller's array, "
                         "but kfuse functions return new arrays; assign into a copy "
                         f"(w = {v.display}.copy(); w[...] = ...) or into the result of kfuse.interior, "
                         "and return it (f(..., out=buf) writes the result into a buffer you own)")
    if drop or v.view_of is not None:
        raise KfuseError(f"assignment into {v.display}, a view (slice, integer index or transpose) of "
                         f"{b.values[v.view_of].display if v.view_of else 'an array'}: assign into the "
                         "array itself with the whole index (v[1:-1, 0] = ...)")
    if v.type.kind in ("scalar", "sparse"):
        raise KfuseError(f"assignment into {v.display}, a {v.type.kind}: only dense arrays take assignments")


def assigned_window(shape: tuple, key) -> tuple:
    """``(at, window, numpy_shape)`` of ``v[key] = ...`` for ``v`` of ``shape``: the
    ``(start, stop)`` per axis the assignment replaces, the window's keep-dims shape and NumPy's
    shape of ``v[key]`` (integer-indexed axes dropped); ShapeError for a key kfuse refuses."""
    ints: list = []
    at = window_bounds(tuple(shape), key, ints)
    window = tuple(hi - lo for lo, hi in at)
    return at, window, tuple(n for a, n in enumerate(window) if a not in ints)


def check_value_shape(display: str, shape: tuple, keep_shape: tuple, window: tuple, numpy_shape: tuple):
    """ShapeError unless an array value (``display``; NumPy's ``shape``, ``keep_shape`` with
    integer-indexed axes kept) can be assigned into a window of keep-dims shape ``window``
    (NumPy's ``numpy_shape``): NumPy broadcasts it and kfuse gets the window's own shape."""
    if not _fits(shape, numpy_shape):
        raise ShapeError(f"could not broadcast {display} of shape {tuple(shape)} "
                         f"into the assigned window of shape {numpy_shape}")
    if tuple(keep_shape) != tuple(window):
        raise ShapeError(f"assigning {display} of shape {tuple(shape)} into a "
                         f"window of shape {numpy_shape}: kfuse assigns a number or values of the window's "
                         "own shape (an integer-indexed plane u[-2, :] counts as its window u[-2:-1, :])")


def record_assign(b, old: str, at: tuple, inner: str, out: str | None = None, loc=None) -> str:
    """Append ``assign(old, inner)`` at window ``at`` (``out``: a name for the result, ``loc``:
    the script position), label it
    ``v.1 = assign(v[0:1, 0:17], v[11:12, 0:17])``, mark ``old`` superseded; the result's name."""
    u = b.values[old].display
    new = b.call("assign", {"u": old, "inner": inner}, loc=loc, out=out, at=at)
    val = b.values[inner]
    text = repr(val.const) if val.role == "const" else val.display
    b.calls[-1].label = f"{b.values[new].display} = assign({u}[{', '.join(f'{lo}:{hi}' for lo, hi in at)}], {text})"
    _superseded(b).add(old)
    return new


def _fits(value_shape: tuple, target: tuple) -> bool:
    """Whether NumPy broadcasts ``value_shape`` into ``target`` (for assignment: leading axes of
    length 1 beyond the target's rank are dropped first)."""
    value_shape, target = tuple(value_shape), tuple(target)
    while len(value_shape) > len(target) and value_shape[0] == 1:
        value_shape = value_shape[1:]
    if len(value_shape) > len(target):
        return False
    # axis by axis: np.broadcast_shapes refuses shapes of more than 2^63 elements, which the
    # script front end's stand-in sizes of 3-D and 4-D grids reach
    return all(v in (1, t) for v, t in zip(value_shape[::-1], target[::-1]))


def _value(t, window: tuple, numpy_shape: tuple, value, as_operand) -> str:
    """The value name of ``value`` for the window (keep-dims shape ``window``; NumPy's shape of
    the indexed target ``numpy_shape``), after NumPy's broadcasting checks (``as_operand``:
    the tracer's, for numbers and foreign objects)."""
    Tensor = type(t)
    b = t._b
    if isinstance(value, bool):
        raise ArgumentError("assigning a boolean is not supported; assign a number or an array")
    if isinstance(value, numbers.Number):
        return as_operand(b, value)
    if not isinstance(value, Tensor):
        return as_operand(b, value)   # one clear error for arrays captured from outside, others
    if value._b is not b:
        raise KfuseError("a traced array from another kfuse function was used here")
    vt = value._type
    if vt.kind == "scalar":   # a 0-d result (kfuse.sum(u)): fills the window
        check_operand(value)
        return value._name
    if all(n == 1 for n in vt.shape) and any(n != 1 for n in window):
        # one element (ey[0, :] = fict[t], u[0, :] = u[1, 1]) broadcast into the window: read as a
        # 0-d value (a one-element max: exact, the sign of zero and NaN kept), which fills it
        check_operand(type(value)(b, value._name))
        return b.call("max", {"x": value._name})
    check_value_shape(b.values[value._name].display, value.shape, tuple(vt.shape), window, numpy_shape)
    value = Tensor(b, value._name)   # the keep-dims window of an integer-indexed plane
    return as_operand(b, value)


def setitem(t, key, value, as_operand):
    """``t[key] = value`` (module docstring): records ``assign`` and rebinds ``t``; through a
    view (``w = u[1:-1]; w[0] = 1``), into the array it shows, as NumPy writes its memory."""
    if t._owner is not None:
        return _through_view(t, key, value, as_operand)
    if isinstance(value, type(t)) and value._owner is t and value._name == t._b.window(t._name, value._at) \
            and assigned_window(tuple(t._type.shape), key)[0] == value._at:
        return   # u[1:-1] += x: the in-place update wrote u[1:-1] already (Python assigns it again)
    _refuse_target(t)
    b = t._b
    at, window, numpy_shape = assigned_window(tuple(t._type.shape), key)
    inner = _value(t, window, numpy_shape, value, as_operand)
    if 0 in window:
        return   # NumPy assigns nothing
    old = t._name
    t._name = record_assign(b, replaced_assignment(b, old, at), at, inner)   # a plane assigned again: the first replaced
    _superseded(b).add(old)


def _through_view(view, key, value, as_operand):
    """``view[key] = value`` for a view taken by indexing: the assignment into its owner at the
    matching window, then the view shows the owner's new values."""
    owner, at = view._owner, view._at
    axes = [a for a in range(len(at)) if a not in view._drop]          # the view's NumPy axes
    keys = key if isinstance(key, tuple) else (key,)
    inner_shape = tuple(at[a][1] - at[a][0] for a in axes)
    ints: list = []
    sub = window_bounds(inner_shape, keys, ints)
    full = [None] * len(at)
    for a in view._drop:
        full[a] = at[a][0]                                             # the plane the view is
    for m, a in enumerate(axes):
        lo, hi = sub[m]
        full[a] = at[a][0] + lo if m in ints else slice(at[a][0] + lo, at[a][0] + hi)
    setitem(owner, tuple(full), value, as_operand)
    b = owner._b
    view._name = b.window(owner._name, at)
