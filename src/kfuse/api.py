"""The user-facing API: compile scripts and programs, ``@kfuse.jit``, the staged workflow and
``explain``; the driver they call (planning, the stages, tuning) is :mod:`kfuse.pipeline`."""
from __future__ import annotations

import contextlib
import functools
import inspect
import threading

from . import config
from .errors import ArgumentError, KfuseError
from .frontend import script as _script
from .frontend import captured as _captured
from .frontend import trace as _trace
from .frontend.loop_split import Folded
from .jitargs import ArgLayout, describe_static, split_key
from .ir import Program
from .pipeline.plan import bind_sizes, bound_program, load_plan, make_plan  # noqa: F401  (planning's face)
from .pipeline.stages import build
from .runtime import Executable
from .runtime.stub import MISS


def compile_program(program: Program, sizes: dict | None = None, plan=None,
                    arch: str | None = None, fuse: bool | None = None, tune: bool = False,
                    graph: bool = False) -> Executable:
    """Bind, plan, generate, compile: an Executable for ``program``.

    ``tune=True`` benchmarks the best predicted plans on the GPU first (once per
    program, sizes and device; the winner is cached).  ``graph=True`` replays the
    whole program as one CUDA graph (see :meth:`Executable.__call__`).
    """
    if tune and plan is None:
        from .platform import device
        device.require_gpu("tune=True (timing plans)")
    bound = bound_program(program, sizes)
    exe = build(bound, make_plan(bound, plan, fuse, {"progress": False} if tune else None), arch, checked=True)
    exe.use_graph = graph
    return exe


def compile_stages(program: Program, sizes: dict | None = None, plan=None, arch: str | None = None,
                   fuse: bool | None = None, until: str = "executable", exclude: dict | None = None,
                   strategy: str | None = None) -> dict:
    """The named stages (:data:`kfuse.pipeline.stages.STAGES`) up to ``until``, as an ordered
    dict of artifacts (``exe.stages`` holds all of them for a compiled program).  Stages up to
    ``cuda`` need neither NVRTC nor a GPU; ``cubin`` and ``executable`` need NVRTC.

    Without a ``plan``, ``exclude`` (call id -> reason: calls kept out of fusion, each alone in
    its kernel) and ``strategy`` (:data:`kfuse.pipeline.workflow.STRATEGIES`) steer the search
    (``kfuse stages``' targets and search settings)."""
    from .pipeline import stages
    stages.check_stage(until)
    bound = bound_program(program, sizes)
    if not stages.reaches(until, "plan"):
        return {k: v for k, v in stages.front(bound).items() if stages.reaches(until, k)}
    chosen = make_plan(bound, plan, fuse, exclude=exclude, strategy=strategy)
    return stages.run_from_plan(bound, chosen, arch, until, checked=True)


def write_stages(program: Program, out: str | None = None, start: str | None = None, until: str = "executable",
                 plan=None, arch: str | None = None, measure: str = "auto", fuse: bool | None = None,
                 origin: dict | None = None, echo=None):
    """The staged workflow of ``kfuse stages`` for a bound ``program``: every stage's artifact
    up to ``until`` and the numbered, editable ones written into ``out`` (default
    ``NAME_stages``), resumed from the edited artifact of stage ``start`` (``--from``);
    ``origin``: a Python function's record (:mod:`kfuse.pipeline.origin`).  Returns a
    :class:`kfuse.pipeline.staged.Staged`."""
    from .pipeline import staged, workflow
    workflow.check_range(start, until)
    run = workflow.Run(program, out or f"{program.name}_stages", start, measure=measure, arch=arch, origin=origin)
    if run.plan is not None and plan is not None:
        raise KfuseError("--plan and --from plan both give the plan; give one")
    if run.plan is not None:   # an edited plan, checked as it was read
        from .pipeline.stages import run_from_plan
        arts = run_from_plan(program, run.plan, arch, workflow.compile_stage(until), checked=True)
    else:
        arts = compile_stages(program, None, plan, arch, fuse, until=workflow.compile_stage(until),
                              exclude=run.excluded, strategy=run.strategy)
    return staged.write(run, arts, until, arch, echo)


def compile_script(path_or_text: str, sizes: dict | None = None, dtype: str | None = None,
                   plan=None, arch: str | None = None, fuse: bool | None = None, tune: bool = False,
                   graph: bool = False) -> Executable:
    """Compile a script file, a packaged example's name (``"bicgk"``: ``kfuse examples`` lists
    them) or script text for the given sizes and element type.

    >>> exe = kfuse.compile_script("examples/bicgk.kf", sizes={"m": 4096, "n": 4096})  # doctest: +SKIP
    >>> q, s = exe(A, p, r)                                                             # doctest: +SKIP
    """
    return compile_program(load_script(path_or_text, dtype), sizes, plan, arch, fuse, tune, graph)


def load_script(path_or_text: str, dtype: str | None = None) -> Program:
    """A script's program: a file, a packaged example's name (as the CLI takes them), or text."""
    from . import examples
    if not isinstance(path_or_text, str):
        raise ArgumentError(f"a script is a path, an example's name or script text, got "
                            f"{type(path_or_text).__name__}")
    return _script.load(examples.resolve(path_or_text), dtype)


def explain(program_or_script, sizes: dict | None = None, calls=None, dtype: str | None = None,
            plan=None) -> str:
    """Fusion decisions in words: for ``calls`` (ids), whether they fuse and why not; without
    ``calls``, every pair of calls that touch the same data, and the plan the search picks
    (or ``plan``, a Plan / JSON / file, checked against the program)."""
    from .fusion.explain import explain_program
    from .model.planner import best_plan
    prog = program_or_script
    if isinstance(prog, str):
        prog = load_script(prog, dtype)
    if sizes or not prog.is_bound:
        prog = bind_sizes(prog, sizes)
    if calls is not None:
        return explain_program(prog, calls=calls)
    return explain_program(prog, best_plan(prog) if plan is None else make_plan(prog, plan))


class JitFunction:
    """A Python function compiled by kfuse: traced on first call per argument signature.

    Options (as ``kfuse.jit`` takes them): ``plan`` (a plan to use instead of planning: Plan,
    dict, JSON text or file), ``fuse`` (False: one kernel per call; None: the setting
    ``kfuse.config`` ``fuse``), ``tune``, ``graph``, ``name``, ``arch`` (the target, such as
    ``"sm_90"``; default: the current GPU's, else the setting ``arch``, else sm_90),
    ``static_argnames`` / ``static_argnums`` (:mod:`kfuse.jitargs`).

    Arguments: device arrays, sparse matrices and Python numbers are traced (inputs of the
    program); static arguments are passed to the function as their Python values and are part
    of the cache key (another value traces again): those declared static, and any bool, str,
    None, tuple or enum.  Keywords, defaults, ``*args`` and ``**kwargs`` are accepted.  An array
    the function captures from outside (a closure's or a global variable) is a hidden input,
    bound at every call to the object seen at the first trace of a signature: a device array is
    read in place at each call, a NumPy array copied to the device once; rebinding the variable
    after that trace is not seen, as in ``jax.jit`` (:mod:`kfuse.frontend.captured`).

    What was compiled: :attr:`plan` (the plan JSON of the last call's signature),
    :attr:`plans` (every compiled signature's), :meth:`plan_for` and :meth:`executable` (for
    given arguments), :meth:`lower` (trace, plan and compile without a GPU).  The plan passed
    in is :attr:`given_plan`.
    """

    def __init__(self, fn, plan=None, name: str | None = None, graph: bool = False, tune: bool = False,
                 fuse: bool | None = None, arch: str | None = None, static_argnums=(), static_argnames=(),
                 _finish=None):
        if not callable(fn):
            raise ArgumentError(f"kfuse.jit needs a function, got {type(fn).__name__}")
        if fuse is not None and not isinstance(fuse, bool):
            raise ArgumentError(f"kfuse.jit: fuse must be True, False or None, got {fuse!r}")
        if tune and fuse is False:
            raise ArgumentError("kfuse.jit: tune=True times fused plans; it cannot be combined with fuse=False")
        self.fn = fn
        self.given_plan = load_plan(plan)
        self.graph = graph
        self.tune = tune
        self.fuse = fuse
        self.arch = arch
        self.name = name or getattr(fn, "__name__", "kernel")
        self.signature = inspect.signature(fn)
        self.layout = ArgLayout(self.name, self.signature, static_argnums, static_argnames)
        self.names = list(self.signature.parameters)
        self._finish = _finish   # program -> (program, structure): kfuse.iterate's step check
        self._cache: dict = {}
        self._fast: dict = {}
        self._distributed: dict = {}    # (key, decomposition, communicator, storage) -> DistEntry
        self._last = None
        self._last_precision = ()       # _numerics() the last call ran under
        functools.update_wrapper(self, fn)

    # ------------------------------------------------------------------ what was compiled
    @property
    def plan(self) -> dict | None:
        """The plan JSON compiled for the arguments of the last call (None before the first)."""
        return self._last.exe.plan if self._last is not None else None

    @property
    def plans(self) -> dict:
        """Every compiled signature's plan JSON, keyed by the signature in words
        (``"A: matrix(4096, 4096) float32 C, p: vector(4096) float32"``)."""
        return {", ".join(self._describe(slot, e)) + "".join(f" ({k} {v})" for k, v in slot[1]): e.exe.plan
                for slot, e in self._cache.items()}

    def _describe(self, slot: tuple, entry=None) -> list:
        """A compiled signature in words, one item per argument (captured arrays last)."""
        from .aot import describe_spec
        specs, layout = split_key(slot[0])
        labels = layout.labels() if layout is not None else self.names
        out = [describe_spec(n, s) for n, s in zip(labels, specs)]
        out += [describe_static(n, v) for n, v in (layout.statics() if layout is not None else ())]
        return out + [describe_spec(n, s) + " (captured)" for n, _, s in (entry.items if entry else ())]

    def plan_for(self, *args, **kwargs) -> dict:
        """The plan JSON for these (device) arguments, compiling on a miss."""
        return self.executable(*args, **kwargs).plan

    def _args(self, args, kwargs) -> tuple:
        """The arguments as one per parameter, in order (defaults applied)."""
        if not kwargs and len(args) == len(self.names):
            return args
        bound = self.layout.bind(args, kwargs)
        return tuple(bound[n] for n in self.names)

    def split(self, args: tuple, kwargs: dict | None = None, spec=None) -> tuple:
        """(dynamic argument values, key) of a call (``spec``: :func:`kfuse.frontend.trace.arg_spec`
        or, for lowering, ``lower_spec``)."""
        dynamic, layout = self.layout.split(args, kwargs or {})
        spec = spec or _trace.arg_spec
        labels = layout.labels() if layout is not None else self.names
        key = tuple(spec(n, a) for n, a in zip(labels, dynamic))
        return dynamic, (key if layout is None else key + (layout,))

    def key(self, args: tuple) -> tuple:
        return self.split(args)[1]

    def _compile(self, key: tuple, args: tuple | None) -> "_Entry":
        """Trace for ``key``, plan (tuning on ``args``, the dynamic arguments, if asked and given)
        and build: the entry (Executable, output structure, captured arrays bound for calls
        where ``args`` are given).  A product that names a precision (``precision="tf32"``)
        makes the whole function plan and compile in it (:func:`trace_precision`)."""
        # a plan given for the function is one of its whole (unrolled) program: no folding then
        program, structure, precision, captured, loops = self._traced(key, fold=self.given_plan is None)
        if self._finish is not None:
            program, structure = self._finish(program)
        bound = _captured.bind_captured(captured) if args is not None and captured else ()
        setting = config.get().precision
        with contextlib.nullcontext() if precision in (None, setting) else config.override(precision=precision):
            if isinstance(program, Folded):
                from .loop_fold_run import FoldedExecutable
                exe = FoldedExecutable(program, lambda p: build(p, make_plan(p, None, self.fuse), self.arch,
                                                                checked=True), loops)
            else:
                tune = self._tune_options(tuple(args) + bound) if self.given_plan is None and args is not None \
                    else None
                exe = build(program, make_plan(program, self.given_plan, self.fuse, tune), self.arch, checked=True)
        exe.use_graph = self.graph
        entry = _Entry(exe, structure, captured, bound, split_key(key)[1] is None and not isinstance(program, Folded))
        entry.loops = loops
        return entry

    def _traced(self, key: tuple, fold: bool = False) -> tuple:
        """(program, output structure, the precision its products named or None, the captured
        arrays as (input name, array, spec), the loops in words) for ``key``.  ``fold``: a
        ``for t in range(T)`` loop of the function may fold (the program is then a
        :class:`~kfuse.frontend.loop_split.Folded`: :mod:`kfuse.frontend.loop_fold`)."""
        specs, layout = split_key(key)
        labels = layout.labels() if layout is not None else self.names
        captured: list = []
        loops: list | None = [] if fold else None
        _ASKED.stack.append({})
        try:
            program, structure = _trace.trace(self.fn, labels, list(specs), self.name,
                                              layout.assemble if layout is not None else None, captured,
                                              layout.statics() if layout is not None else (), loops)
        except TypeError as e:
            if "object cannot be interpreted as an integer" not in str(e):
                raise
            numbers_in = [n for n, s in zip(labels, specs) if s[0] == "h"]
            raise ArgumentError(f"{self.name}: a traced value was used as a Python int ({e}: range(T), a "
                                f"size, an index); the Python numbers {', '.join(numbers_in) or '(none)'} are "
                                "traced as runtime scalars: declare a loop count static, kfuse.jit(f, "
                                "static_argnames=(...))") from None
        finally:
            asked = _ASKED.stack.pop()
        return program, structure, next(iter(asked), None), captured, loops or []

    def get(self, args: tuple, key: tuple | None = None) -> "_Entry":
        """The entry (executable, output structure, captured arrays) for these dynamic arguments
        (``key``: their key; default: ``args`` taken as one per parameter), tracing and
        compiling on a miss."""
        if key is None:
            args, key = self.split(args)
        slot = (key, _numerics())
        hit = self._cache.get(slot)
        if hit is None:
            hit = self._cache[slot] = self._compile(key, args)
        return hit

    def lower(self, *args, **kwargs):
        """Trace, plan and compile for arguments described by NumPy arrays, :class:`kfuse.ShapeDtype`
        specs, host sparse matrices, Python numbers (or device arrays): no GPU needed.  Returns a
        :class:`kfuse.aot.Lowered` with the plan, CUDA source, cubin, ptxas report and
        ``explain()``.  ``tune=True`` uses a plan ``kfuse tune`` cached, else the predicted best.

        >>> lo = kfuse.jit(lambda x, y: x + 2 * y).lower(np.ones(1000, np.float32),
        ...                                               kfuse.ShapeDtype((1000,), "float32"))  # doctest: +SKIP
        >>> lo.plan["kernels"][0]["space"]                                                        # doctest: +SKIP
        'vec'
        """
        from .aot import Lowered
        _, key = self.split(args, kwargs, _trace.lower_spec)
        entry = self._compile(key, None)
        return Lowered(entry.exe, entry.structure, self._describe((key, ()), entry), entry.loops)

    def _lower_key(self, args: tuple, kwargs: dict) -> tuple:
        """The signature key of arguments described as :meth:`lower` takes them (for :meth:`stages`)."""
        return self.split(args, kwargs, _trace.lower_spec)[1]

    def stages(self, *args, dir: str | None = None, until: str = "executable", from_stage: str | None = None,
               measure: str = "auto", **kwargs):
        """The staged workflow of ``kfuse stages`` for this function, traced for arguments
        described as :meth:`lower` takes them (no GPU needed up to ``cuda``): the numbered,
        editable stages and the compiler's artifacts written into ``dir`` (default
        ``NAME_stages``) up to ``until``; ``from_stage`` (targets, search or plan) resumes from
        the edited file, refused with the reason where the edit is illegal, or where the folder
        was written for another function, other arguments or another version of this one's
        source.  Returns a :class:`kfuse.pipeline.staged.Staged` (``files``, ``stages``, ``plan``).

        >>> u = kfuse.ShapeDtype((512, 512), "float64")
        >>> st = kfuse.jit(step).stages(u, 0.1, dir="st", until="plan")         # doctest: +SKIP
        >>> st = kfuse.jit(step).stages(u, 0.1, dir="st", from_stage="plan")    # doctest: +SKIP
        """
        from .pipeline.origin import describe_arg, make_origin
        key = self._lower_key(args, kwargs)
        traced = self._traced(key)
        program, precision = traced[0], traced[2]
        where = f"{getattr(self.fn, '__module__', None)}:{getattr(self.fn, '__qualname__', self.name)}"
        specs, layout = split_key(key)
        labels = layout.labels() if layout is not None else self.names
        origin = make_origin(where, self.fn, [describe_arg(n, s) for n, s in zip(labels, specs)])
        setting = config.get().precision
        with contextlib.nullcontext() if precision in (None, setting) else config.override(precision=precision):
            return write_stages(program, dir, from_stage, until, self.given_plan, self.arch, measure, self.fuse,
                                origin)

    def _tune_options(self, args: tuple) -> dict | None:
        """How to tune a plan (:func:`kfuse.pipeline.plan.tuned_plan`) where this function tunes
        and there is a GPU: the plan ``kfuse tune`` cached, else the fastest of the best
        predicted plans timed now on ``args`` themselves (kernels alone); else None."""
        from .platform import device
        if not self.tune or not device.has_gpu():
            return None
        return {"top": 24, "progress": False, "args": args, "device_time": True}

    def trace(self, *args, **kwargs) -> Program:
        """The IR program for these arguments (no compilation): a
        :class:`~kfuse.frontend.loop_split.Folded` where a time loop folded."""
        return self._traced(self.split(args, kwargs)[1], fold=True)[0]

    def loops(self, *args, **kwargs) -> list:
        """The function's ``for ... in range(...)`` loops for arguments described as :meth:`lower`
        takes them, in words: folded (its count and body) or unrolled, and why."""
        return self._traced(self._lower_key(args, kwargs), fold=True)[4]

    def _fast_key(self, args: tuple):
        """A cheap cache key for the common argument types (None: use the full key)."""
        nd = _cupy_ndarray()
        key = []
        for x in args:
            t = type(x)
            if t is nd:
                key.append((x.shape, x.dtype.char, x._c_contiguous, x._f_contiguous))
            elif t is float or t is int:
                key.append(0)
            elif t is complex:
                key.append(1)
            elif t in _sparse_types():
                key.append((t, x.shape, x.dtype.char, x.stored, x.device))
            else:
                return None
        return tuple(key)

    def __call__(self, *args, out=None, **kwargs):
        """Call the compiled function; ``out=`` (keyword only): arrays to write the results into."""
        last = self._last
        prec = _numerics()
        if last is not None and last.direct and not kwargs and out is None and prec == self._last_precision:
            exe = last[0]
            stub = exe.stub
            if stub is not None and len(args) + len(last.bound) == exe.n_arguments:
                # its checks are the signature: a hit means the same trace applies
                r = stub(*args, *last.bound) if last.bound else stub(*args)
                if r is not MISS:
                    return r[0] if last[1] == "single" else (list(r) if last[1] == "list" else r)
        hit, dynamic = None, None
        if self.layout.plain:
            dynamic = self._args(args, kwargs)
            fk = self._fast_key(dynamic)
            if fk is not None:   # arrays and numbers only: one dynamic argument per parameter
                fk = fk + prec if prec else fk
                hit = self._fast.get(fk)
                if hit is None:
                    hit = self._fast[fk] = self.get(*self.split(args, kwargs))
        if hit is None:
            if _distributed(args, kwargs):
                if out is not None:
                    raise ArgumentError(f"{self.name}: out= is not taken with DistArray arguments (the results "
                                        "are new DistArrays; a function that writes its argument updates it)")
                from .distributed.jit import call
                return call(self, args, kwargs)
            dynamic, key = self.split(args, kwargs)
            hit = self.get(dynamic, key)
        self._last, self._last_precision = hit, prec
        exe, structure = hit
        outs = exe(*dynamic, *hit.bound, out=out) if hit.bound else exe(*dynamic, out=out)
        if structure == "none":   # the function wrote its arguments and returned nothing
            return None
        if structure == "single":
            return outs[0]
        return list(outs) if structure == "list" else outs

    def executable(self, *args, **kwargs) -> Executable:
        return self.entry(*args, **kwargs).exe

    def entry(self, *args, **kwargs) -> "_Entry":
        """The compiled entry for a call with these arguments (compiling on a miss)."""
        dynamic, key = self.split(args, kwargs)
        return self.get(dynamic, key)


class _Entry(tuple):
    """One compiled signature of a JitFunction, the pair (``exe``, ``structure``: of the results,
    "single", "tuple", "list", or what ``_finish`` made) with ``items`` (captured arrays: input
    name, array, spec), ``bound`` (their values passed after the dynamic arguments at a call)
    and ``direct`` (the call's positional arguments are the program's inputs, in order)."""

    def __new__(cls, exe, structure, items, bound, direct):
        self = super().__new__(cls, (exe, structure))
        self.items, self.bound, self.direct = items, bound, direct
        return self

    @property
    def exe(self):
        return self[0]

    @property
    def structure(self):
        return self[1]


def _distributed(args: tuple, kwargs: dict) -> bool:
    """Whether a call has a :class:`kfuse.distributed.DistArray` argument (it then runs on the
    ranks of its grid)."""
    return any(getattr(type(a), "__kfuse_distributed__", False) for a in args) or \
        any(getattr(type(a), "__kfuse_distributed__", False) for a in kwargs.values())


def _numerics() -> tuple:
    """The settings that change a compiled function's arithmetic, where not the defaults (part
    of the key of every compiled signature): ``precision`` (a tf32 plan runs on the tensor
    cores) and ``fmad`` (off: compiled with ``--fmad=false``)."""
    s = config.get()
    return (() if s.precision == "ieee" else (("precision", s.precision),)) + \
        (() if s.fmad else (("fmad", False),))
class _Asked(threading.local):
    """One record per JitFunction trace in progress on this thread (ranks of
    :class:`kfuse.distributed.LocalComm` are threads tracing at once): {precision: the first
    product that named it}."""

    def __init__(self):
        self.stack: list = []


_ASKED = _Asked()


def trace_precision(who: str, precision: str) -> None:
    """A product traced inside ``kfuse.jit`` names ``precision`` (``gemm(..., precision="tf32")``):
    the jitted function plans and compiles in it, every product of it included (they share one
    precision).  Two products naming different ones are an ArgumentError naming both; outside a
    JitFunction's trace only the setting's precision is accepted."""
    if not _ASKED.stack:
        setting = config.get().precision
        if precision != setting:
            raise ArgumentError(f"{who}: precision={precision!r} while tracing outside kfuse.jit, where the "
                                f"setting is {setting!r}: call it inside kfuse.config.override(precision="
                                f"{precision!r})")
        return
    asked = _ASKED.stack[-1]
    other = next((w for p, w in asked.items() if p != precision), None)
    if other is not None:
        raise ArgumentError(f"{who}: precision={precision!r} inside kfuse.jit, where {other} named "
                            f"{next(iter(asked))!r}: a jitted function's products share one precision")
    asked.setdefault(precision, who)


@functools.lru_cache(maxsize=1)
def _cupy_ndarray():
    try:
        import cupy
        return cupy.ndarray
    except ImportError:
        return type(None)


@functools.lru_cache(maxsize=1)
def _sparse_types():
    from . import sparse
    return (sparse.CSR, sparse.ELL)


def jit(fn=None, *, plan=None, fuse: bool | None = None, tune: bool = False, graph: bool = False,
        name: str | None = None, arch: str | None = None, static_argnums=(), static_argnames=()):
    """Compile a Python function of device arrays with kfuse (options: see :class:`JitFunction`).

    ``static_argnames=("T", "monitor")`` / ``static_argnums=(1,)``: arguments passed to the
    function as their Python values and part of the cache key, as ``jax.jit`` takes them (a
    ``for t in range(T)`` loop of the function over a static int is traced and planned once, as
    one step run T times: :mod:`kfuse.frontend.loop_fold`); bools, strings, None and tuples are
    static without declaring.  ``tune=True``: on the first call per argument signature,
    benchmark the best predicted
    plans on the arguments of that call (kernel time) and keep the fastest; the result is
    cached like ``kfuse tune``'s, so later processes start from it.  ``fuse=False``: one
    kernel per call.  ``.plan`` is the plan compiled for the last call; ``.lower(...)``
    compiles without a GPU.

    >>> @kfuse.jit
    ... def bicgk(A, p, r):
    ...     return A @ p, A.T @ r
    """
    def wrap(f):
        return JitFunction(f, plan=plan, name=name, graph=graph, tune=tune, fuse=fuse, arch=arch,
                           static_argnums=static_argnums, static_argnames=static_argnames)
    return wrap if fn is None else wrap(fn)
