"""``kfuse stages MODULE:FUNCTION --arg NAME=SPEC ...``: the staged workflow of a Python function
named on the command line.

``MODULE`` is a dotted module importable from the current folder (``app.physics:step``) or a
file's path (``path/to/app.py:step``, imported with its folder first on ``sys.path``, as
``python path/to/app.py`` does); ``FUNCTION`` a plain or a dotted name inside it, a function
or a ``kfuse.jit`` one (whose options apply).  The arguments are described with ``--arg``
(:func:`kfuse.pipeline.origin.parse_arg`) and/or ``--args-from MODULE:CALLABLE``, a callable of
no arguments returning example arguments as :meth:`kfuse.JitFunction.lower` takes them (a
tuple or list: positional; a dict: by name; ``--arg`` overrides).
"""
from __future__ import annotations

import copy
import importlib
import importlib.util
import os
import re
import sys
import traceback

from .api import JitFunction
from .pipeline.plan import load_plan
from .errors import ArgumentError, KfuseError
from .pipeline.origin import parse_arg

_TARGET = re.compile(r"^(?P<module>.+):(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)$")
_DOTTED = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")


def is_function(target: str) -> bool:
    """Whether ``target`` names a Python function (``MODULE:NAME``, ``file.py:NAME``), not a script."""
    m = _TARGET.match(target)
    return bool(m) and (m.group("module").endswith(".py") or bool(_DOTTED.match(m.group("module"))))


def load(target: str):
    """The object ``MODULE:NAME`` names, importing the module (one KfuseError naming the module,
    the file and line of what went wrong)."""
    m = _TARGET.match(target)
    if m is None or not is_function(target):
        raise KfuseError(f"{target!r}: name a Python function as MODULE:FUNCTION or path/to/file.py:FUNCTION")
    module = _module(m.group("module"))
    obj = module
    for part in m.group("name").split("."):
        if not hasattr(obj, part):
            raise KfuseError(f"{target}: {m.group('module')} has no {m.group('name')!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise KfuseError(f"{target}: {m.group('name')} is a {type(obj).__name__}, not a function")
    return obj


def _module(where: str):
    """The module of a dotted name (importable from the current folder) or a ``.py`` path."""
    if where.endswith(".py"):
        path = os.path.normpath(where)
        if not os.path.isfile(path):
            raise KfuseError(f"{where}: no such file")
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in sys.path:
            sys.path.insert(0, folder)
        spec = importlib.util.spec_from_file_location(path, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[path] = module   # under its path: the record names it so
        return _run_import(where, lambda: spec.loader.exec_module(module)) or module
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return _run_import(where, lambda: importlib.import_module(where))


def _run_import(where: str, do):
    """``do()`` (an import), its failure one KfuseError naming the module and the user's line."""
    try:
        return do()
    except KfuseError:
        raise
    except ModuleNotFoundError as e:
        raise KfuseError(f"{where}: cannot import it ({e}); run from the folder it is importable from, "
                         "or give the file's path (path/to/file.py:FUNCTION)") from None
    except Exception as e:   # the user's module failed while importing: say where, in one line
        raise KfuseError(f"{where}: importing it raised {type(e).__name__}: {e}{_at(e)}") from None


def _at(e: BaseException) -> str:
    """`` (file, line N)`` of where an exception was raised (a SyntaxError's own position)."""
    if isinstance(e, SyntaxError) and e.filename:
        return f" ({e.filename}, line {e.lineno})"
    tb = traceback.extract_tb(e.__traceback__)
    return f" ({tb[-1].filename}, line {tb[-1].lineno})" if tb else ""


def jitted(target: str, plan=None, arch: str | None = None) -> JitFunction:
    """The JitFunction of ``target`` (a copy of it when it is one, its options kept, else
    ``kfuse.jit`` of it), with ``plan`` (``--plan``) and ``arch`` (``--arch``) where given."""
    obj = load(target)
    fn = copy.copy(obj) if isinstance(obj, JitFunction) else JitFunction(obj)
    if plan is not None:
        fn.given_plan = load_plan(plan)
    fn.arch = arch or fn.arch
    return fn


def arguments(fn: JitFunction, specs: list, args_from: str | None) -> dict:
    """Argument name -> value (a ShapeDtype, a number, or what ``--args-from`` gave) for every
    argument of ``fn`` without a default; each problem is one ArgumentError naming the argument."""
    given = {}
    if args_from:
        given = _from_callable(fn, args_from)
    seen = set()
    for text in specs or []:
        name, value = parse_arg(text)
        if name in seen:
            raise ArgumentError(f"--arg {name}: given twice")
        if name not in fn.names:
            raise ArgumentError(f"--arg {name}: {fn.name} has no argument {name!r} (its arguments: "
                                f"{', '.join(fn.names) or 'none'})")
        seen.add(name)
        given[name] = value
    params = fn.signature.parameters
    missing = [n for n in fn.names if n not in given and params[n].default is params[n].empty]
    if missing:
        raise ArgumentError(f"{fn.name}: argument(s) {', '.join(missing)} need a spec: "
                            f"--arg {missing[0]}=DTYPE[D0,...] "
                            "(or NAME=float for a number), or --args-from MODULE:CALLABLE")
    return given


def _from_callable(fn: JitFunction, target: str) -> dict:
    """The arguments a ``--args-from`` callable returns, by name."""
    make = load(target)
    try:
        got = make()
    except KfuseError:
        raise
    except Exception as e:
        raise KfuseError(f"--args-from {target}: calling it raised {type(e).__name__}: {e}{_at(e)}") from None
    if isinstance(got, dict):
        pos, named = (), got
    else:
        pos, named = (tuple(got) if isinstance(got, (tuple, list)) else (got,)), {}
    try:
        bound = fn.signature.bind_partial(*pos, **named)
    except TypeError as e:
        raise ArgumentError(f"--args-from {target}: its arguments do not fit {fn.name}{fn.signature}: {e}") from None
    return dict(bound.arguments)


def stage(target: str, specs: list, args_from: str | None, plan=None, arch: str | None = None, **options):
    """Run the staged workflow for the function ``target`` (``options``: those of
    :meth:`kfuse.JitFunction.stages`): the :class:`~kfuse.pipeline.staged.Staged`."""
    fn = jitted(target, plan, arch)
    given = arguments(fn, specs, args_from)
    params = fn.signature.parameters
    positional = [given.get(n, params[n].default) for n in fn.names if params[n].kind != params[n].KEYWORD_ONLY]
    named = {n: given[n] for n in fn.names if params[n].kind == params[n].KEYWORD_ONLY and n in given}
    try:
        return fn.stages(*positional, **named, **options)
    except (KfuseError, OSError):
        raise
    except Exception as e:   # raised by the user's code while traced: one line naming its line
        at = _in_file(e, getattr(fn.fn, "__code__", None))
        if at is None:
            raise   # not from the user's code: a kfuse defect, its traceback is the report
        raise KfuseError(f"{target}: tracing it raised {type(e).__name__}: {e} ({at})") from None


def _in_file(e: BaseException, code) -> str | None:
    """``file, line N`` of the last frame of ``e``'s traceback in the file of ``code``, or None."""
    if code is None:
        return None
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == code.co_filename]
    return f"{frames[-1].filename}, line {frames[-1].lineno}" if frames else None
