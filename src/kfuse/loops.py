"""Time loops: ``kfuse.iterate(step, state, steps=N, consts=...)`` runs a compiled step N times.

The state is an array, or a tuple, list or dict of arrays; the step takes its fields (a tuple or
list: ``step(u, v, *consts)``; a dict: ``step(**state, ...)``, the constants filling the other
parameters in order) and returns the next state in the same structure.  The step is traced and
planned once for the state's and constants' shapes and types; the loop moves each field between
buffers of its own (the caller's arrays are never written; a field passed through, as the
wave equation's ``(u_prev, u) -> (u, u_next)``, moves without a copy: :mod:`kfuse.loop_schedule`)
and replays the launches as CUDA graphs of about ``graph_steps`` steps, so a step costs the GPU
its kernels and the host a fraction of one graph launch::

    def jacobi(a):
        return kfuse.interior(a, 0.2 * (a[1:-1, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:] + a[2:, 1:-1] + a[:-2, 1:-1]))
    a = kfuse.iterate(jacobi, a, steps=1000)

    def gray_scott(u, v, feed):                       # two fields and a constant
        uvv = u[1:-1, 1:-1] * v[1:-1, 1:-1] * v[1:-1, 1:-1]
        ...
        return u_new, v_new
    u, v = kfuse.iterate(gray_scott, (u, v), steps=1000, consts=(feed,))
"""
from __future__ import annotations

import dataclasses
import inspect
import numbers
import weakref

from . import config
from .errors import ArgumentError, KfuseError
from . import loop_temporal
from .loop_run import GRAPH_STEPS
from .loop_schedule import LoopPlan
from .distributed.grid import is_distributed
from .platform import arrays


def iterate(step, state, steps: int, *, consts=(), out=None, graph_steps: int = GRAPH_STEPS):
    """``state`` after ``steps`` applications of ``step``, as the Python loop ``for _ in
    range(steps): state = step(*state, *consts)`` computes it (``step(state, *consts)`` for one
    array; for a dict state, ``step(**state)`` with the constants filling the step's other
    parameters in order).  ``step`` is a function or a :func:`kfuse.jit` of one returning the
    next state in the state's structure, each field of its field's shape, type and layout.

    ``consts``: a tuple (or list) of device arrays and Python numbers passed after the state at
    every step (a dict: by keyword); arrays the step captures from outside work too.  ``out=``:
    where to write the final state, in the state's structure (else new arrays; it may be the
    state itself).  CuPy arrays or torch tensors (each result of its field's kind).  The loop's
    buffers and its CUDA graph are kept with the compiled step (per device and stream), so
    later calls replay them at no host cost beyond the launches."""
    _check_counts(steps, graph_steps)
    form, keys, fields = _fields(state)
    cvals, ckeys = _consts(consts)
    jf = _step_function(step, form, keys, len(fields), ckeys, len(cvals))
    if any(is_distributed(f) for f in list(fields) + list(cvals)):
        return _iterate_distributed(jf, form, keys, fields, cvals, int(steps), out, int(graph_steps))
    torch_fields = [arrays.is_torch(f) for f in fields]
    entry, xs, cs = _device_entry(jf, form, keys, fields, cvals, ckeys)
    targets = _targets(entry.structure, out, xs)
    results = loop_temporal.run_loop(entry, xs, cs, int(steps), int(graph_steps), targets)
    if out is not None:
        return out
    results = [_as_torch(r) if t else r for r, t in zip(results, torch_fields)]
    return _restore(form, keys, results)


def lower(step, state, *, consts=()):
    """The step as :func:`iterate` compiles it, lowered without a GPU for a state and constants
    described by NumPy arrays or :class:`kfuse.ShapeDtype` specs (numbers for numbers): a
    :class:`kfuse.aot.Lowered` whose ``structure`` is the loop's :class:`LoopPlan`.  The
    step's structure is checked as :func:`iterate` checks it (one clear error)."""
    form, keys, fields = _fields(state, lowering=True)
    cvals, ckeys = _consts(consts, lowering=True)
    jf = _step_function(step, form, keys, len(fields), ckeys, len(cvals))
    return jf.lower(*fields, *cvals)


def _device_entry(jf, form: str, keys: tuple, fields: list, cvals: list, ckeys: tuple) -> tuple:
    """(the compiled step's entry, the fields and the constants as CuPy arrays) for device
    fields and constants."""
    xs = [arrays.to_cupy(_label(form, keys, j), f) for j, f in enumerate(fields)]
    cs = [arrays.to_cupy(f"consts[{ckeys[i] if ckeys else i}]", c) if _is_array(c) else c
          for i, c in enumerate(cvals)]
    return jf.get(*jf.split(tuple(xs) + tuple(cs))), xs, cs


def temporal_plan(step, state, steps: int, *, consts=()) -> dict:
    """How :func:`iterate` runs ``steps`` steps of ``step`` on one GPU: ``blocked`` (several
    steps per pass over the grid: :mod:`kfuse.loop_temporal`), the pass's ``depth``, ``threads``
    and ``rows``, the model's time per step blocked and one step per launch, the shapes timed on
    the first run (``tuned_among``; after it, ``measured_us_per_step``), and ``why_not`` where it
    is not blocked.  Device arrays: the decision :func:`iterate` takes (and took, tuned, if it
    ran); NumPy arrays or :class:`kfuse.ShapeDtype` specs: decided without a GPU, as for
    :func:`lower`."""
    _check_counts(steps, GRAPH_STEPS)
    form, keys, fields = _fields(state, lowering=True)
    cvals, ckeys = _consts(consts, lowering=True)
    if fields and all(arrays.is_torch(f) or hasattr(f, "__cuda_array_interface__") for f in fields):
        jf = _step_function(step, form, keys, len(fields), ckeys, len(cvals))
        entry = _device_entry(jf, form, keys, fields, cvals, ckeys)[0]
        return loop_temporal.choose(entry.exe, entry.structure.sources, int(steps)).as_dict()
    low = lower(step, state, consts=consts)
    return loop_temporal.choose(low.executable, low.structure.sources, int(steps)).as_dict()


iterate.lower = lower   # kfuse.iterate.lower(step, state, consts=...): the step lowered without a GPU
iterate.temporal_plan = temporal_plan   # kfuse.iterate.temporal_plan(step, state, steps): blocked or why not


def _check_counts(steps, graph_steps) -> None:
    if isinstance(steps, bool) or not isinstance(steps, numbers.Integral) or steps < 0:
        raise ArgumentError(f"iterate: steps must be a non-negative integer, got {steps!r}")
    if isinstance(graph_steps, bool) or not isinstance(graph_steps, numbers.Integral) or graph_steps < 2:
        raise ArgumentError(f"iterate: graph_steps must be an integer >= 2, got {graph_steps!r}")


def _iterate_distributed(jf, form: str, keys: tuple, fields: list, cvals: list, steps: int, out,
                         graph_steps: int = GRAPH_STEPS):
    """:func:`iterate` on :class:`kfuse.distributed.DistArray` fields: the step's launches and
    exchanges on each rank replayed as CUDA graphs of about ``graph_steps`` steps
    (:mod:`kfuse.distributed.graphed`; where it says why not, one host call per launch and
    exchange), or with the setting ``halo_depth`` above 1 that many steps per exchange
    (:func:`kfuse.distributed.deep.run_deep`).  ``out=``: DistArrays of the same grid take the
    final blocks."""
    for j, f in enumerate(fields):
        if not is_distributed(f):
            raise ArgumentError(f"iterate: {_label(form, keys, j)} is not a DistArray while another field "
                                "is: every field of a distributed state lives on the grid")
    from .distributed.grid import DistArray
    from .distributed.jit import prepare
    xs = [DistArray(f.grid, f.block, f.halo) for f in fields]   # a step writing its argument leaves the caller's
    entry = prepare(jf, *xs, *cvals) if steps else None
    plan = entry.structure if steps else None   # the LoopPlan: where each field comes from
    deep = _deep(entry, steps) if steps > 1 else None
    from .distributed import graphed
    if steps and graphed.why_not(entry.step, steps) is None:
        blocks = graphed.run(entry, xs, list(cvals), steps, graph_steps, deep)
        storage = (deep.step if deep is not None else entry.step).storage
        xs = [DistArray(xs[0].grid, b, storage) if not is_distributed(b) and _is_array(b) else b for b in blocks]
        steps = 0
    elif deep is not None:
        from .distributed.deep import run_deep
        xs = run_deep(entry, xs, list(cvals), steps, deep.depth)
        steps = 0
    for _ in range(steps):
        computed = jf(*xs, *cvals)
        computed = list(computed) if isinstance(computed, (tuple, list)) else [computed]
        args = xs + list(cvals)
        nxt: list = []
        for kind, i in plan.sources:
            nxt.append(computed[i] if kind == "out" else args[i] if kind == "in" else nxt[i])
        xs = nxt
    if out is None:
        return _restore(form, keys, xs)
    oform, okeys, given = _fields(out)
    if oform == "dict":
        given = [out[k] for k in keys]
    if len(given) != len(xs) or not all(is_distributed(o) and o.grid.decomp == x.grid.decomp and o.dtype == x.dtype
                                        for o, x in zip(given, xs)):
        raise ArgumentError("iterate: out must hold DistArrays of the state's grid, structure and types")
    for o, x in zip(given, xs):
        o.block, o.halo = x.block, x.halo
    return out


def _deep(entry, steps: int):
    """The DeepStep the loop runs (the setting ``halo_depth``; 0: the model's depth,
    :func:`kfuse.distributed.depth.choose`), or None for an exchange every step."""
    from .distributed.deep import deep_step
    depth = config.get().halo_depth
    if depth == 0:
        from .distributed.depth import choose
        depth = choose(entry)
    if depth > 1 and _deep_ok(entry, depth):
        return deep_step(entry, depth)
    return None


def _deep_ok(entry, depth: int) -> bool:
    """Whether the step can run ``depth`` steps per exchange; if not, a KfuseWarning says why
    (the loop then exchanges every step, as with ``halo_depth=1``)."""
    import warnings
    from .distributed.deep import deep_step
    from .errors import KfuseWarning, PlanError
    try:
        deep_step(entry, depth)
        return True
    except PlanError as e:
        warnings.warn(f"halo_depth={depth} not used, halos exchanged every step: {e}", KfuseWarning, stacklevel=3)
        return False


def _is_array(x) -> bool:
    return hasattr(x, "shape") and hasattr(x, "dtype") or arrays.is_torch(x)


def _label(form: str, keys: tuple, j: int) -> str:
    return "state" if form == "one" else f"state[{keys[j]!r}]" if form == "dict" else f"state[{j}]"


def _fields(state, lowering: bool = False) -> tuple:
    """(form, dict keys, the fields) of a state: an array, or a tuple / list / dict of them."""
    from .frontend.trace import ShapeDtype
    if isinstance(state, dict):
        form, keys, fields = "dict", tuple(state), list(state.values())
    elif isinstance(state, (tuple, list)):
        form, keys, fields = type(state).__name__, (), list(state)
    else:
        form, keys, fields = "one", (), [state]
    if not fields:
        raise ArgumentError(f"iterate: the state is an empty {form}; give an array or a tuple, list or "
                            "dict of arrays")
    for j, f in enumerate(fields):
        if not (_is_array(f) or lowering and isinstance(f, ShapeDtype)):
            raise ArgumentError(f"iterate: {_label(form, keys, j)} is a {type(f).__name__}; a state is an "
                                "array or a tuple, list or dict of arrays")
        if form == "dict" and not (isinstance(keys[j], str) and keys[j].isidentifier()):
            raise ArgumentError(f"iterate: state key {keys[j]!r} is not a parameter name; a dict state's "
                                "keys are the step's parameter names")
    return form, keys, fields


def _consts(consts, lowering: bool = False) -> tuple:
    """(the constants' values, their keywords or ()): a tuple / list, a dict, or one value."""
    from .frontend.trace import ShapeDtype
    if isinstance(consts, dict):
        keys, vals = tuple(consts), list(consts.values())
    elif isinstance(consts, (tuple, list)):
        keys, vals = (), list(consts)
    else:
        keys, vals = (), [consts]
    for i, c in enumerate(vals):
        ok = _is_array(c) or lowering and isinstance(c, ShapeDtype) or \
            isinstance(c, numbers.Number) and not isinstance(c, bool)
        if not ok:
            raise ArgumentError(f"iterate: consts[{keys[i] if keys else i}] is a {type(c).__name__}; "
                                "constants are arrays or numbers (bind other values with a closure)")
    return vals, keys


# ---------------------------------------------------------------------------- the step
_STEPS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _step_function(step, form: str, keys: tuple, n: int, ckeys: tuple, nc: int):
    """The JitFunction iterate compiles ``step`` with for a state of this structure: its
    arguments are the fields then the constants; it returns the fields as a tuple, and its
    program is checked and reduced to the computed fields (:func:`_loop_program`).  Kept per
    step function (weakly), so a loop traces and plans once."""
    from .api import JitFunction
    if not callable(step):
        raise ArgumentError(f"iterate: step must be a function, got {type(step).__name__}")
    try:
        per_step = _STEPS.setdefault(step, {})
    except TypeError:   # not weakly referable: compiled for this call only
        per_step = {}
    skey = (form, keys, n, ckeys, nc)
    jf = per_step.get(skey)
    if jf is None:
        fn = step.fn if isinstance(step, JitFunction) else step
        opts = dict(plan=step.given_plan, fuse=step.fuse, arch=step.arch, name=step.name) \
            if isinstance(step, JitFunction) else {}
        body = _Body(fn, form, keys, n, ckeys, nc)
        jf = per_step[skey] = JitFunction(body, _finish=lambda p: _loop_program(p, n, form, keys), **opts)
    return jf


class _Body:
    """The traced function of a loop: ``(*fields, *consts) -> tuple of the next fields``,
    calling the user's step in the state's structure and checking the structure it returns."""

    __slots__ = ("_fn", "form", "keys", "n", "ckeys", "__name__", "__signature__")

    @property
    def fn(self):
        return self._fn()

    def __init__(self, fn, form: str, keys: tuple, n: int, ckeys: tuple, nc: int):
        # weakly: the step is the key of the cache holding this body (_STEPS)
        try:
            self._fn = weakref.WeakMethod(fn) if inspect.ismethod(fn) else weakref.ref(fn)
        except TypeError:
            self._fn = lambda: fn
        self.form, self.keys, self.n, self.ckeys = form, keys, n, ckeys
        self.__name__ = getattr(fn, "__name__", "step")
        params = _param_names(fn)
        names = list(keys) if form == "dict" else \
            [params[j] if j < len(params) else f"state{j}" for j in range(n)]
        rest = [p for p in params if p not in names]
        names += list(ckeys) or [rest[i] if i < len(rest) else f"const{i}" for i in range(nc)]
        self.__signature__ = inspect.Signature(
            [inspect.Parameter(_unique(p, names[:i]), inspect.Parameter.POSITIONAL_ONLY) for i, p in enumerate(names)])

    def __call__(self, *args):
        entry = [a._name for a in args]
        result = self._run(args)
        if result is None:   # a step in NumPy's style: it updates its fields in place
            result = args[0] if self.form == "one" else (dict(zip(self.keys, args[:self.n])) if self.form == "dict"
                                                         else tuple(args[:self.n]))
        fields = self._flat(result)
        for j, (a, was) in enumerate(zip(args, entry)):
            if a._name == was:
                continue
            if j >= self.n:
                raise KfuseError(f"iterate: the step {self.__name__!r} assigns into a constant "
                                 f"({a._b.values[was].display}); constants are read only: make it a field of the state")
            if fields[j] is not a:
                raise KfuseError(f"iterate: the step {self.__name__!r} assigns into "
                                 f"{_label(self.form, self.keys, j)} but returns another array as its next "
                                 "value; return nothing (the fields it updates in place are the next state) "
                                 "or return the field itself")
        return fields

    def _run(self, args):
        """The user's step called with the fields and constants as its parameters take them."""
        fields, consts = list(args[:self.n]), list(args[self.n:])
        if self.form == "dict":
            kw = dict(zip(self.keys, fields))
            if self.ckeys:
                kw.update(zip(self.ckeys, consts))
                consts = []
            else:
                rest = [p for p in _param_names(self.fn) if p not in kw]
                kw.update(zip(rest, consts))
                consts = consts[len(rest):]
            result = self._call(consts, kw)
        elif self.ckeys:
            result = self._call(fields, dict(zip(self.ckeys, consts)))
        else:
            result = self._call(fields + consts, {})
        return result

    def _call(self, args: list, kw: dict):
        try:
            inspect.signature(self.fn).bind(*args, **kw)
        except (TypeError, ValueError) as e:
            raise KfuseError(f"iterate: the step {self.__name__!r} cannot take the state and constants "
                             f"({e}); pass other arrays in consts= or bind them with a closure") from None
        return self.fn(*args, **kw)

    def _flat(self, result) -> tuple:
        """The result's fields in the state's order, one clear error for another structure."""
        from .frontend.trace import Tensor
        name = self.__name__
        if self.form == "one":
            if isinstance(result, (tuple, list, dict)):
                raise KfuseError(f"iterate: the step {name!r} returns a {type(result).__name__} for a state "
                                 "of one array; it returns the next state, one array")
            fields = [result]
        elif self.form == "dict":
            if not isinstance(result, dict) or set(result) != set(self.keys):
                got = sorted(result) if isinstance(result, dict) else type(result).__name__
                raise KfuseError(f"iterate: the step {name!r} returns {got} for a state of keys "
                                 f"{sorted(self.keys)}; it returns a dict of the same keys")
            fields = [result[k] for k in self.keys]
        else:
            if not isinstance(result, (tuple, list)) or len(result) != self.n:
                got = f"{len(result)} values" if isinstance(result, (tuple, list)) else \
                    "one array" if isinstance(result, Tensor) else f"a {type(result).__name__}"
                raise KfuseError(f"iterate: the step {name!r} returns {got} for a state of {self.n} arrays; "
                                 "it returns the next state in the same structure")
            fields = list(result)
        for j, f in enumerate(fields):
            if not isinstance(f, Tensor):
                raise KfuseError(f"iterate: the step {name!r} returns a {type(f).__name__} as "
                                 f"{_label(self.form, self.keys, j)}; each field is an array computed "
                                 "from the state")
        return tuple(fields)


def _param_names(fn) -> list:
    try:
        return [p.name for p in inspect.signature(fn).parameters.values()
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    except (TypeError, ValueError):
        return []


def _unique(name: str, taken: list) -> str:
    while name in taken:
        name += "_"
    return name


# ---------------------------------------------------------------------------- the loop program
def _loop_program(program, n: int, form: str, keys: tuple) -> tuple:
    """(the program computing the step's new fields only, its :class:`LoopPlan`): fields the
    step passes through (an input, or a field returned twice) are dropped from the outputs and
    moved by the loop.  Each field of the result must have its state field's shape, type and
    layout (KfuseError naming the field)."""
    outs, sources, types = [], [], []
    user = [n for n in program.inputs if not program.value(n).copy_of]   # the executable's arguments
    for k, o in enumerate(program.outputs):
        v = program.value(o)
        t_in = program.value(program.inputs[k]).type
        shown = _label(form, keys, k)
        if (v.type.kind, v.type.shape, v.type.dtype, v.type.order) != \
                (t_in.kind, t_in.shape, t_in.dtype, t_in.order):
            raise KfuseError(f"iterate: the step {program.name!r} returns {v.type.describe()} as {shown}, "
                             f"which is {t_in.describe()}; a step keeps the state's shape, type and layout "
                             "(kfuse.interior keeps a boundary)")
        if v.view_of:
            raise KfuseError(f"iterate: the step {program.name!r} returns a view of "
                             f"{program.value(v.view_of).display} as {shown}; return a new array (.copy())")
        types.append((tuple(t_in.shape), t_in.dtype, t_in.order))
        if o in program.outputs[:k]:
            sources.append(("same", program.outputs.index(o)))
        elif v.role == "input":
            sources.append(("in", user.index(o)))
        else:
            sources.append(("out", len(outs)))
            outs.append(o)
    if not outs:
        raise KfuseError(f"iterate: the step {program.name!r} computes no field (it returns its state "
                         "or its constants unchanged)")
    # the loop moves the fields between its buffers: nothing is written back into an argument
    return dataclasses.replace(program, outputs=outs, writes={}, results=-1), LoopPlan(n, sources, types, form, keys)


def _targets(plan: LoopPlan, out, xs: list) -> list | None:
    """The caller's ``out=`` arrays per field (CuPy views), checked: the state's structure, each
    of its field's shape and element type (None: no out=)."""
    if out is None:
        return None
    form, keys, given = _fields(out)
    if form != plan.form and not {form, plan.form} <= {"tuple", "list"} or keys and set(keys) != set(plan.keys) \
            or len(given) != plan.n:
        raise ArgumentError(f"iterate: out must have the state's structure (a {plan.form} of {plan.n} "
                            f"array(s){' ' + str(sorted(plan.keys)) if plan.keys else ''})")
    if form == "dict":
        given = [out[k] for k in plan.keys]
    targets = []
    for j, (g, x) in enumerate(zip(given, xs)):
        shown = "out" + _label(plan.form, plan.keys, j)[len("state"):]
        a = arrays.to_cupy(shown, g)
        if a.shape != x.shape or a.dtype != x.dtype:
            raise ArgumentError(f"iterate: {shown} must be a {x.dtype} array of shape {x.shape}, got "
                                f"{a.dtype} {a.shape}")
        targets.append(a)
    return targets


def _restore(form: str, keys: tuple, results: list):
    """The results in the state's structure."""
    if form == "one":
        return results[0]
    if form == "dict":
        return dict(zip(keys, results))
    return tuple(results) if form == "tuple" else list(results)


def _as_torch(x):
    import torch
    return torch.from_dlpack(x)
