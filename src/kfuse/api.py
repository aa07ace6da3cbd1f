"""The user-facing API: compile scripts, ``@kfuse.jit``, and NumPy-style helpers."""
from __future__ import annotations

import functools
import inspect
import json
import os

from . import library
from .errors import KfuseError, PlanError
from .frontend import script as _script
from .frontend import trace as _trace
from .fusion import Plan, check_plan, unfused_plan
from .ir import Program
from .runtime import Executable, build


def load_plan(plan) -> Plan | None:
    """A Plan from a Plan, a dict, JSON text or a path to a JSON file (None stays None)."""
    if plan is None or isinstance(plan, Plan):
        return plan
    if isinstance(plan, dict):
        return Plan.from_json(plan)
    if isinstance(plan, str) and os.path.exists(plan):
        with open(plan) as f:
            try:
                return Plan.from_json(json.load(f))
            except json.JSONDecodeError as e:
                raise PlanError(f"{plan}: not valid JSON ({e})") from None
    if isinstance(plan, str):
        try:
            return Plan.from_json(json.loads(plan))
        except json.JSONDecodeError as e:
            raise PlanError(f"plan is neither a file nor valid JSON ({e})") from None
    raise PlanError(f"unsupported plan object {type(plan).__name__}")


def make_plan(program: Program, plan=None) -> Plan:
    """The plan to build: the given one (checked) or the default for ``program``."""
    p = load_plan(plan)
    if p is None:
        return unfused_plan(program)
    check_plan(program, p)
    return p


def bind_sizes(program: Program, sizes: dict | None) -> Program:
    """Bind symbolic sizes; unknown size names and unbound ones are errors."""
    sizes = dict(sizes or {})
    syms = program.symbols()
    unknown = [k for k in sizes if k not in syms]
    if unknown:
        raise KfuseError(f"{program.name}: unknown size(s) {', '.join(unknown)} "
                         f"(the script uses {', '.join(syms) or 'no symbolic sizes'})")
    bound = program.bind(sizes)
    _recheck(bound)
    return bound


def _recheck(program: Program):
    """Re-run type inference on a bound program: catches dims that clash once bound."""
    for c in program.calls:
        fn = library.get(c.fn)
        weak = frozenset(k for k, v in c.args.items() if program.value(v).role == "const")
        try:
            fn.infer({k: program.value(v).type for k, v in c.args.items()}, weak)
        except KfuseError as e:
            loc = f" (line {c.loc[0]})" if c.loc else ""
            raise type(e)(f"{c.label}{loc}: {e}") from None


def compile_program(program: Program, sizes: dict | None = None, plan=None,
                    arch: str | None = None) -> Executable:
    """Bind, plan, generate, compile: an Executable for ``program``."""
    bound = program if program.is_bound and not sizes else bind_sizes(program, sizes)
    return build(bound, make_plan(bound, plan), arch)


def compile_script(path_or_text: str, sizes: dict | None = None, dtype: str | None = None,
                   plan=None, arch: str | None = None) -> Executable:
    """Compile a script file (or script text) for the given sizes and element type.

    >>> exe = kfuse.compile_script("examples/bicgk.kf", sizes={"m": 4096, "n": 4096})  # doctest: +SKIP
    >>> q, s = exe(A, p, r)                                                             # doctest: +SKIP
    """
    return compile_program(_script.load(path_or_text, dtype), sizes, plan, arch)


class JitFunction:
    """A Python function compiled by kfuse: traced on first call per argument signature."""

    def __init__(self, fn, plan=None, name: str | None = None):
        self.fn = fn
        self.plan = plan
        self.name = name or fn.__name__
        self.signature = inspect.signature(fn)
        for p in self.signature.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise KfuseError(f"{self.name}: *args/**kwargs are not supported by kfuse.jit")
        self.names = list(self.signature.parameters)
        self._cache: dict = {}
        functools.update_wrapper(self, fn)

    def _args(self, args, kwargs) -> tuple:
        if not kwargs and len(args) == len(self.names):
            return args
        try:
            b = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise KfuseError(f"{self.name}: {e}") from None
        b.apply_defaults()
        return tuple(b.arguments[n] for n in self.names)

    def key(self, args: tuple) -> tuple:
        return tuple(_trace.arg_spec(n, a) for n, a in zip(self.names, args))

    def get(self, args: tuple, key: tuple | None = None) -> tuple:
        """(Executable, output structure) for these arguments, tracing and compiling on a miss."""
        key = key or self.key(args)
        hit = self._cache.get(key)
        if hit is None:
            program, structure = _trace.trace(self.fn, self.names, list(key), self.name)
            hit = (build(program, make_plan(program, self.plan)), structure)
            self._cache[key] = hit
        return hit

    def trace(self, *args, **kwargs) -> Program:
        """The IR program for these arguments (no compilation)."""
        args = self._args(args, kwargs)
        return _trace.trace(self.fn, self.names, list(self.key(args)), self.name)[0]

    def __call__(self, *args, **kwargs):
        args = self._args(args, kwargs)
        exe, structure = self.get(args)
        outs = exe(*args)
        if structure == "single":
            return outs[0]
        return list(outs) if structure == "list" else outs

    def executable(self, *args, **kwargs) -> Executable:
        return self.get(self._args(args, kwargs))[0]


def jit(fn=None, *, plan=None, name: str | None = None):
    """Compile a Python function of device arrays with kfuse.

    >>> @kfuse.jit
    ... def bicgk(A, p, r):
    ...     return A @ p, A.T @ r
    """
    if fn is None:
        return lambda f: JitFunction(f, plan, name)
    return JitFunction(fn, plan, name)
