"""Time loops inside a traced function: ``for t in range(T)`` traced once, whatever T.

While :func:`kfuse.frontend.trace.trace` runs a jitted function, ``range`` in the function's own
code is :func:`traced_range`.  A ``for`` statement of that code over it (found by the bytecode
calling ``__iter__``: ``GET_ITER`` then ``FOR_ITER``; ``list(range(T))`` and comprehensions get
a plain range) yields its first iterations as usual, marking in the builder where each one's
calls start.  Once iteration ``k`` is iteration ``k - 1`` with every value renamed consistently
(:func:`kfuse.frontend.loop_analysis.analyse`) and starts from the same Python state up to that
renaming (:mod:`kfuse.frontend.loop_state`), the Python loop stops: the iterations traced so far
are dropped and one of them becomes the body of a loop node run ``T`` times
(:mod:`kfuse.frontend.loop_split`).

The body reads, from outside its iteration, *invariants* (the same value at every iteration) and
*slots*: the values a place of the body reads change from one iteration to the next, each the
output of the previous iteration or another slot's previous value (a rotation such as the wave
equation's ``u_nm1, u_n, u = u_n, u, u_nm1``).  The loop index reaches the body only as *step
inputs* (:mod:`kfuse.frontend.loop_index`: ``fict[t]``, ``t * dt``), host numbers set at each
step.  Where the loop is not steady (the body uses the index as a Python value: ``if t % 10``,
``u[t:]``; differs from one iteration to the next, changes a Python value, or is left by
``break``) or ``T < 3``, the loop unrolls as plain Python does, and the reason is recorded for
``explain()``; a trace whose unrolled loop made step inputs is traced again with plain ints.
"""
from __future__ import annotations

import builtins
import dis
import sys
import threading
import types

from ..errors import KfuseError
from . import loop_index, loop_state, plane_versions

_state = threading.local()
MIN_COUNT = 3        # a loop of fewer steps unrolls
MAX_TRACED = 6       # iterations traced at most before the loop is folded (or unrolled)


LoopIndex = loop_index.StepInt   # the index of a folding loop (loop_index)


class Record:
    """One folding loop of a trace: where each traced iteration's calls start (``marks``), the
    arguments' value names at each mark (``arg_names``), its range, where it is written, and the
    outcome: ``K`` (iterations traced when folded) or ``reason`` (why it unrolled)."""

    def __init__(self, r: range, loc: tuple):
        self.range, self.count, self.loc = r, len(r), loc
        self.marks: list = []
        self.arg_names: list = []
        self.used_index = False
        self.index_use = None    # the first use of the index as a Python value (a dunder's name)
        self.inputs: dict = {}   # step input -> the ops that make its value of the index
        self.builder = None
        self.var = "t"           # the loop variable's name
        self.K = None
        self.reason = None
        self.analysis = None
        self.frame = None     # the traced function's frame, while the loop runs
        self.python: list = []   # per mark, the Python values its steps see (loop_state.state)

    def where(self) -> str:
        return f"the loop at {self.loc[0]}:{self.loc[1]}" if self.loc else "the loop"


class Context:
    """Folding state of one trace: the builder, the argument Tensors and the records."""

    def __init__(self, builder, args: list, code):
        self.b, self.args, self.code = builder, args, code
        self.records: list = []
        self.active = None   # the record of the loop being traced
        self.outside = None  # what the function reads from outside, before it ran (wrap)

    def mark(self, rec: Record) -> None:
        plane_versions.fence(self.b)
        rec.marks.append(len(self.b.calls))
        rec.arg_names.append([t._name for t in self.args])
        rec.python.append(loop_state.state(rec.frame, loop_state.roles(self.b, rec.marks), loop_index.TYPES))


def wrap(fn, ctx: Context):
    """``fn`` with ``range`` bound to :func:`traced_range` in a view of its globals (only a plain
    function whose code looks the built-in ``range`` up and assigns no global); else ``fn``."""
    if not isinstance(fn, types.FunctionType) or "range" not in fn.__code__.co_names \
            or fn.__globals__.get("range", builtins.range) is not builtins.range or _stores_globals(fn.__code__):
        return fn
    new = types.FunctionType(fn.__code__, _Globals(fn.__globals__), fn.__name__, fn.__defaults__, fn.__closure__)
    new.__kwdefaults__ = fn.__kwdefaults__
    ctx.outside = loop_state.outside(fn)
    return new


def check_replay(fn, ctx: Context, reason: str) -> None:
    """Raise a KfuseError where ``fn``, about to be traced again with its loop unrolled
    (``reason``: why it cannot stay folded), would see values from outside it that its first
    run changed (a list it appends to): the second run would not be the first."""
    if ctx.outside is None:
        return
    now = loop_state.outside(fn)
    changed = sorted(k for k in set(now) | set(ctx.outside) if now.get(k) != ctx.outside.get(k))
    if changed:
        raise KfuseError(f"{reason}; it would be traced again with the loop unrolled, but its first run "
                         f"changed {', '.join(changed)}, which it reads: keep that state out of the "
                         "function, or make the loop fold")


class _Globals(dict):
    """A function's globals with ``range`` bound to :func:`traced_range`: every other name is
    read from the module's own globals when the code reads it (``__missing__``), so a value a
    helper assigns there while the function runs is seen, as in the module itself.  Read as a
    mapping (``globals()`` in the function, the captured arrays' names), it is the module's
    globals with that ``range``."""

    def __init__(self, module: dict):
        super().__init__(range=traced_range, __builtins__=module.get("__builtins__", builtins))
        self.module = module

    def __missing__(self, name):
        return self.module[name]

    def _merged(self) -> dict:
        out = dict(self.module)
        out.update(dict.items(self))
        return out

    def __contains__(self, name):
        return dict.__contains__(self, name) or name in self.module

    def get(self, name, default=None):
        return self[name] if name in self else default

    def __iter__(self):
        return iter(self._merged())

    def __len__(self):
        return len(self._merged())

    def keys(self):
        return self._merged().keys()

    def items(self):
        return self._merged().items()

    def values(self):
        return self._merged().values()


def _stores_globals(code) -> bool:
    """Whether ``code`` (or a function defined in it) assigns a global variable, which
    :class:`_Globals` would keep from the module."""
    if any(ins.opname in ("STORE_GLOBAL", "DELETE_GLOBAL") for ins in dis.get_instructions(code)):
        return True
    return any(_stores_globals(c) for c in code.co_consts if isinstance(c, types.CodeType))


class using:
    """``with using(ctx):`` folding loops of this trace (nested traces save and restore it)."""

    def __init__(self, ctx):
        self.ctx = ctx

    def __enter__(self):
        self.prev = getattr(_state, "ctx", None), getattr(_state, "record", None)
        _state.ctx, _state.record = self.ctx, None
        return self.ctx

    def __exit__(self, *exc):
        _state.ctx, _state.record = self.prev


def traced_range(*args):
    """``range(*args)``; inside a folding trace, a :class:`TracedRange` over it."""
    r = builtins.range(*args)
    ctx = getattr(_state, "ctx", None)
    return r if ctx is None else TracedRange(r, ctx)


class TracedRange:
    """A range whose ``for`` loop in the traced function's own code may fold (module doc);
    anything else (``len``, indexing, ``list(...)``) sees the range itself."""

    def __init__(self, r: range, ctx: Context):
        self._r, self._ctx = r, ctx

    def __len__(self):
        return len(self._r)

    def __getitem__(self, i):
        return self._r[i]

    def __contains__(self, x):
        return x in self._r

    def __reversed__(self):
        return reversed(self._r)

    def __repr__(self):
        return repr(self._r)

    def __iter__(self):
        ctx = self._ctx
        frame = sys._getframe(1)
        if frame.f_code is not ctx.code or ctx.active is not None or not _is_for(frame) \
                or any(r.K is not None for r in ctx.records):
            _note_unfolded(ctx, frame, self._r)
            return iter(self._r)
        rec = Record(self._r, (frame.f_code.co_filename, frame.f_lineno))
        rec.frame, rec.builder, rec.var = frame, ctx.b, _loop_variable(frame) or "t"
        ctx.records.append(rec)
        if rec.count < MIN_COUNT:
            rec.reason = f"{rec.where()} runs {rec.count} step(s); loops of fewer than {MIN_COUNT} unroll"
            return iter(self._r)
        return _iterations(ctx, rec)


def _note_unfolded(ctx: Context, frame, r: range) -> None:
    """A ``for`` over ``range`` that cannot fold (in a function the jitted one calls, or inside
    another loop): a record with the reason, once per place, for ``lower().loops`` and the call
    limit's error."""
    loc = (frame.f_code.co_filename, frame.f_lineno)
    if not _is_for(frame) or any(x.K is not None or x.loc == loc for x in ctx.records):
        return
    rec = Record(r, loc)
    if ctx.active is not None:
        rec.reason = f"{rec.where()} is inside {ctx.active.where()}: it unrolls within each step"
    else:
        rec.reason = (f"{rec.where()} is in {frame.f_code.co_name}(), which the jitted function calls: only "
                      "loops in the jitted function's own code fold, so it unrolls")
    ctx.records.append(rec)


def _loop_variable(frame):
    """The name the ``for`` at the running ``GET_ITER`` binds (None: not a plain name)."""
    seen = 0
    for ins in _instructions(frame.f_code):
        if ins.offset == frame.f_lasti:
            seen = 1
        elif seen == 1 and ins.opname == "FOR_ITER":
            seen = 2
        elif seen == 2:
            name = ins.argval[0] if isinstance(ins.argval, tuple) else ins.argval   # STORE_FAST_LOAD_FAST
            return name if ins.opname.startswith(("STORE_FAST", "STORE_NAME", "STORE_DEREF")) else None
    return None


_USES = {"__bool__": "a truth value (if ...)", "__index__": "an index or a size (a[t:], range(t))",
         "an index of an array": "an index or a slice of an array other than v[t] of a vector",
         "__eq__": "==", "__ne__": "!=", "__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">=",
         "__hash__": "a hash (a dict key)", "__int__": "int()", "__float__": "float()",
         "__str__": "str()", "__repr__": "repr()", "__format__": "format()"}


def _use_words(use) -> str:
    """The index's first use as a Python value, in words."""
    return _USES.get(use, use.strip("_") if use else "a Python value")


def _instructions(code):
    """``code``'s instructions without ``EXTENDED_ARG`` (the prefix of an argument past 255: a
    loop body that long puts one between ``GET_ITER`` and ``FOR_ITER``)."""
    return (ins for ins in dis.get_instructions(code) if ins.opname != "EXTENDED_ARG")


def _is_for(frame) -> bool:
    """Whether the instruction after the one running (``GET_ITER``) is ``FOR_ITER``."""
    after = False
    for ins in _instructions(frame.f_code):
        if after:
            return ins.opname == "FOR_ITER"
        after = ins.offset == frame.f_lasti and ins.opname == "GET_ITER"
    return False


def _iterations(ctx: Context, rec: Record):
    """The loop's values: the first iterations as :class:`LoopIndex`, until :func:`analyse`
    says the loop folds (the generator stops: ``rec.K`` set) or not (the rest as plain ints,
    ``rec.reason`` set).  A loop left by ``break`` leaves ``rec.K`` and ``rec.reason`` None."""
    from .loop_analysis import analyse
    r = rec.range
    ctx.active, prev = rec, getattr(_state, "record", None)
    _state.record = rec
    k = 0
    try:
        ctx.mark(rec)
        while k < rec.count:
            yield loop_index.StepInt(r[k], rec)
            k += 1
            ctx.mark(rec)
            if rec.used_index:
                rec.reason = (f"{rec.where()} uses its index as a number ({_use_words(rec.index_use)}), so its "
                              "steps may differ")
                break
            if k < 2:
                continue
            changed = loop_state.changes(rec.python, arrays=False)
            if changed:
                rec.reason = (f"{rec.where()} changes the Python value(s) {', '.join(changed)} from one step "
                              "to the next, so its steps may differ")
                break
            # arrays still moving into place (c = d; d = b): trace on; all steps traced: exact
            moved = loop_state.changes(rec.python, arrays=True) if k < rec.count else []
            if moved and k >= MAX_TRACED:
                rec.reason = (f"{rec.where()} holds other arrays in {', '.join(moved)} at each of its "
                              f"{k} traced steps, so its steps may differ")
                break
            res = analyse(ctx.b, rec, ctx.args, k)
            if isinstance(res, str):
                rec.reason = f"{rec.where()}: {res}"
                break
            if not moved and (res.settled or k >= MAX_TRACED or k >= rec.count):
                if res.ambiguous:
                    rec.reason = f"{rec.where()}: its state moves in a way {k} traced steps do not tell apart"
                    break
                rec.K, rec.analysis = k, res
                return
    finally:
        ctx.active, _state.record = None, prev
        rec.frame = None
    rec.marks, rec.arg_names = rec.marks[:1], rec.arg_names[:1]
    while k < rec.count:   # unrolled: the rest as Python runs it
        yield r[k]
        k += 1
