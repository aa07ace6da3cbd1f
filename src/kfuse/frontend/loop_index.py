"""The index of a folding loop (:mod:`kfuse.frontend.loop_fold`) and the numbers made from it.

While a loop's first steps are traced, its index ``t`` is a :class:`StepInt`: an int that
remembers how it was made from the index (``ops``, the Python operations applied to it).
Arithmetic with plain Python numbers (``+ - * / // %`` and unary ``-``/``+`` with an ``int``
or ``float``, either side: ``t + 1``, ``t % n``, ``n - 1 - t``, ``t * dt``) makes another such
number (a :class:`StepFloat` where Python's result is a float).  Where one reaches the trace (an
operand of an array, ``u + t * dt``; the index of a vector, ``fict[t]``, which is ``pick``),
it becomes a *step input* of the program (:func:`operand`): a host scalar the folded loop's
runner sets at each step to the value Python would have computed there (:func:`value`), so the
body is one step whatever ``t``.  Any other use (a comparison, ``if t % 10 == 0``, ``a[t:]``,
``int(t)``, ``str(t)``, a hash, a NumPy scalar operand, ``float(t)``) gives the Python value and
marks the loop's record as using the index: the loop unrolls, with that use named.
"""
from __future__ import annotations

import operator

# the operations that make another step number: dunder -> text (``{0}``: the number so far,
# ``{1}``: the plain operand)
_ARITH = {"__add__": "{0} + {1}", "__radd__": "{1} + {0}", "__sub__": "{0} - {1}", "__rsub__": "{1} - {0}",
          "__mul__": "{0} * {1}", "__rmul__": "{1} * {0}", "__truediv__": "{0} / {1}",
          "__rtruediv__": "{1} / {0}", "__floordiv__": "{0} // {1}", "__rfloordiv__": "{1} // {0}",
          "__mod__": "{0} % {1}", "__rmod__": "{1} % {0}"}
_UNARY = {"__neg__": "-{0}", "__pos__": "+{0}"}
# the uses that read the Python value (the loop unrolls)
_VALUE_USES = ("__divmod__ __rdivmod__ __pow__ __rpow__ __abs__ __invert__ __and__ __rand__ __or__ __ror__ "
               "__xor__ __rxor__ __lshift__ __rlshift__ __rshift__ __rrshift__ __eq__ __ne__ __lt__ __le__ "
               "__gt__ __ge__ __hash__ __index__ __int__ __float__ __bool__ __str__ __repr__ __format__ "
               "__round__ __trunc__ __floor__ __ceil__").split()


def _apply(name: str, v, c):
    """Python's ``v <op> c`` (``c <op> v`` for a reflected ``name``; ``<op> v`` for a unary one)."""
    if name in _UNARY:
        return getattr(operator, name.strip("_"))(v)
    op = name.strip("_")
    if op.startswith("r"):
        return getattr(operator, op[1:])(c, v)
    return getattr(operator, op)(v, c)


def value(ops: tuple, t):
    """The number ``ops`` make of index value ``t`` (a plain int), as Python computes it."""
    v = t
    for name, c in ops:
        v = _apply(name, v, c)
    return v


def text(ops: tuple, var: str) -> str:
    """``ops`` in words, the index named ``var`` (``t % 7``, ``(t + 1) * 0.5``)."""
    s, atomic = var, True
    for name, c in ops:
        form = _ARITH.get(name) or _UNARY[name]
        s = form.format(s if atomic else f"({s})", repr(c))
        atomic = False
    return s


class _Step:
    """What :class:`StepInt` and :class:`StepFloat` share: the loop's record and the ops."""

    kfuse_step = True

    def __new__(cls, v, rec, ops: tuple = ()):
        self = cls._plain.__new__(cls, v)
        self.rec, self.ops = rec, ops
        return self

    def _derive(self, name, other):
        plain = _apply(name, self._plain.__index__(self) if self._plain is int else float.__float__(self), other)
        ops = self.ops + ((name, other),)
        return StepInt(plain, self.rec, ops) if type(plain) is int else \
            StepFloat(plain, self.rec, ops) if type(plain) is float else plain

    def _touch(self, use: str):
        self.rec.used_index = True
        self.rec.index_use = self.rec.index_use or use


def _arith(name):
    def method(self, other):
        if type(other) in (int, float):
            return self._derive(name, other)
        if getattr(other, "kfuse_traced", False):
            return NotImplemented        # an array's own operator takes the number (operand())
        self._touch(name)
        return getattr(self._plain, name)(self, other)
    method.__name__ = name
    return method


def _unary(name):
    def method(self):
        return self._derive(name, None)
    method.__name__ = name
    return method


def _use(name):
    def method(self, *a):
        self._touch(name)
        return getattr(self._plain, name)(self, *a)
    method.__name__ = name
    return method


class StepInt(_Step, int):
    """An int number of a folding loop's index (the index itself: ``ops`` empty)."""

    _plain = int


class StepFloat(_Step, float):
    """A float number made from a folding loop's index (``t * dt``)."""

    _plain = float


for _cls in (StepInt, StepFloat):
    for _n in _ARITH:
        setattr(_cls, _n, _arith(_n))
    for _n in _UNARY:
        setattr(_cls, _n, _unary(_n))
    for _n in _VALUE_USES:
        if hasattr(_cls._plain, _n):
            setattr(_cls, _n, _use(_n))

TYPES = (StepInt, StepFloat)


def is_step(x) -> bool:
    """Whether ``x`` is a number of a folding loop's index."""
    return type(x) in TYPES


def operand(b, x) -> str | None:
    """The step input of builder ``b`` holding number ``x`` at each step (made on first use, a
    Python-number input typed by its uses); None where ``x`` belongs to another trace or its
    loop is over (its index would be the last traced step's: the use is recorded, it unrolls)."""
    rec = x.rec
    if rec.builder is not b or rec.frame is None:
        x._touch("a use after the loop")
        return None
    for name, ops in rec.inputs.items():
        if ops == x.ops:
            return name
    name = b.add_number_input(b.fresh_name(f"{rec.var}_step"), False)
    b.values[name].user_name = text(x.ops, rec.var)
    rec.inputs[name] = x.ops
    return name


def touch_key(key) -> None:
    """Record, as the index's use, a step number in ``key`` of a traced array's ``t[key]`` or
    ``t[key] = ...`` that is not ``fict[t]`` (``u[t, :]``, ``u[t:]``: the trace takes its value)."""
    keys = key if isinstance(key, tuple) else (key,)
    for k in keys:
        for x in (k.start, k.stop, k.step) if isinstance(k, slice) else (k,):
            if is_step(x):
                x._touch("an index of an array")
                return


def as_key(t, key):
    """``key`` of ``t[key]``: a Tensor of the step input where ``key`` is a step int and ``t`` a
    vector (``fict[t]``: ``pick``), else ``key`` itself (its step numbers recorded as used)."""
    if type(key) is not StepInt or t.ndim != 1 or t._drop or t._axis:
        touch_key(key)
        return key
    step = operand(t._b, key)
    return key if step is None else type(t)(t._b, step)
