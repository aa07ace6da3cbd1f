"""What a folder of ``kfuse stages`` was made from when it is a Python function (its *origin*),
and the argument specs that describe the function's arguments on the command line.

An argument spec is ``NAME=DTYPE[D0,D1,...]`` for an array (``u=float64[4096,4096]``; ``:F``
after it for column-major order, ``:C`` the default; ``s=float64[]`` a 0-d device array) or
``NAME=float`` / ``NAME=complex`` / ``NAME=0.25`` for a Python number (a runtime scalar: its
value is not part of the trace).  :func:`describe_arg` writes a traced argument back in this
form, so a spec read from the command line and one made from an example array read alike.

The origin is ``{"function": "MODULE:QUALNAME", "source_sha256": ..., "args": [spec, ...]}``;
the JSON artifacts 01, 02 and 04 of the workflow carry it under ``"function"`` (05 is a plain
plan, usable as ``kfuse.jit(f, plan=...)``; its fingerprint ties it to the program), and
:func:`check_origin`
refuses to resume from one written for another function, other arguments or another version
of the function's source (the stage is stale), as a script's changed fingerprint is refused.
"""
from __future__ import annotations

import hashlib
import inspect
import marshal
import re

from ..errors import ArgumentError, KfuseError
from ..ir.types import MAX_RANK, check_dtype

#: the key of the origin in a workflow artifact
KEY = "function"
_NAMED = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*(.*?)\s*$")
_ARRAY = re.compile(r"^([A-Za-z0-9_]+)\s*\[([^\[\]]*)\]\s*(?::\s*(\S*))?$")


def parse_arg(text: str):
    """(name, value) of one ``--arg`` spec: the value a :class:`~kfuse.frontend.trace.ShapeDtype`
    for an array, a Python number for a scalar.  A bad spec is one ArgumentError (DTypeError
    for an element type) naming the argument and what is wrong."""
    from ..frontend.trace import ShapeDtype
    m = _NAMED.match(text) if isinstance(text, str) else None
    if m is None:
        raise ArgumentError(f"--arg {text!r}: expected NAME=DTYPE[D0,D1,...] (an array, ':F' after it for "
                            "column-major) or NAME=float / NAME=complex (a Python number)")
    name, spec = m.groups()
    where = f"--arg {name}"
    a = _ARRAY.match(spec)
    if a is None:
        return name, _number(where, spec)
    dtype, dims, order = a.group(1), a.group(2).strip(), a.group(3)
    shape = []
    for d in (dims.split(",") if dims else []):
        d = d.strip()
        if not d.isdigit():
            raise ArgumentError(f"{where}={spec}: dimension {d!r} is not a non-negative integer")
        shape.append(int(d))
    if len(shape) > MAX_RANK:
        raise ArgumentError(f"{where}={spec}: {len(shape)} dimensions; kfuse handles arrays of 0 to {MAX_RANK}")
    if order is not None and order not in ("C", "F"):
        raise ArgumentError(f"{where}={spec}: order {order!r} after ':' must be C (row-major) or F (column-major)")
    return name, ShapeDtype(tuple(shape), check_dtype(dtype, where), order or "C")


def _number(where: str, spec: str):
    """The stand-in of a Python-number argument: ``float``, ``complex`` or a numeric literal."""
    if spec in ("float", "real", "int"):
        return 0.0
    if spec == "complex":
        return 0j
    if spec in ("True", "False", "None") or spec[:1] in ("'", '"', "("):
        raise ArgumentError(f"{where}={spec}: static (non-array) arguments are not taken on the command line; "
                            "call kfuse.jit(f, ...).stages(...) from Python for them")
    for kind in (int, float, complex):
        try:
            return kind(spec)
        except ValueError:
            continue
    raise ArgumentError(f"{where}={spec}: not an array spec DTYPE[D0,D1,...] (such as float64[512,512] or "
                        "float32[64,64,64]:F) nor a number (float, complex or a literal)")


def describe_arg(name: str, spec: tuple) -> str:
    """An argument as traced (its cache-key entry, :func:`kfuse.frontend.trace.lower_spec`) in the
    spec syntax of :func:`parse_arg`; other kinds (sparse, static values) in a readable form."""
    kind = spec[0] if isinstance(spec, tuple) and spec else None
    if kind == "a":
        return f"{name}={spec[2]}[{','.join(str(d) for d in spec[1])}]" + (":F" if spec[3] == "F" else "")
    if kind == "d":
        return f"{name}={spec[1]}[]"
    if kind == "h":
        return f"{name}={'complex' if spec[1] == 'complex' else 'float'}"
    if kind == "s":
        return f"{name}={spec[1]} {spec[3]}[{','.join(str(d) for d in spec[2])}] ({spec[5]} per row)"
    return f"{name}={spec!r}"


def source_digest(fn) -> str:
    """SHA-256 of a function's source text (of its code object where the source is not to be
    had: a function made by ``exec``)."""
    fn = getattr(fn, "fn", fn)   # a JitFunction: the function it compiles
    fn = inspect.unwrap(fn)
    try:
        data = inspect.getsource(fn).encode()
    except (OSError, TypeError):
        code = getattr(fn, "__code__", None)
        data = marshal.dumps(code) if code is not None else repr(fn).encode()
    return hashlib.sha256(data).hexdigest()


def make_origin(function: str, fn, args: list) -> dict:
    """The origin of a folder made from ``fn`` (``function``: ``MODULE:QUALNAME`` or
    ``path.py:QUALNAME``) traced for ``args`` (their specs, :func:`describe_arg`)."""
    return {"function": function, "source_sha256": source_digest(fn), "args": list(args)}


def qualname(origin: dict) -> str:
    return str(origin.get("function", "")).rsplit(":", 1)[-1]


def check_origin(doc: dict, origin: dict | None, name: str) -> None:
    """Remove the origin from ``doc`` (the JSON of artifact ``name``) and refuse, naming the
    file, one written for another origin than this run's (``origin``; None: a script)."""
    got = doc.pop(KEY, None)
    if got is None and origin is None:
        return
    if origin is None:
        raise KfuseError(f"{name}: written for the Python function {_text(got)}, not for a script "
                         "(resume it with kfuse stages MODULE:FUNCTION --arg ...)")
    if got is None:
        raise KfuseError(f"{name}: written for a script, not for the function {origin['function']} "
                         "(run kfuse stages again without --from)")
    if not isinstance(got, dict) or not isinstance(got.get("args"), list):
        raise KfuseError(f"{name}: field {KEY!r} must be the object kfuse stages wrote "
                         "({\"function\", \"source_sha256\", \"args\"}); run kfuse stages again without --from")
    if qualname(got) != qualname(origin):
        raise KfuseError(f"{name}: written for the function {got.get('function')}, not {origin['function']} "
                         "(run kfuse stages again without --from, or pick another --out)")
    if [str(a) for a in got["args"]] != origin["args"]:
        raise KfuseError(f"{name}: written for the arguments {', '.join(map(str, got['args']))}, not "
                         f"{', '.join(origin['args'])} (run kfuse stages again without --from)")
    if got.get("source_sha256") != origin["source_sha256"]:
        raise KfuseError(f"{name}: stale: written for another version of {origin['function']} (its source "
                         f"changed since stage {name[:2]} was written); run kfuse stages again without --from")


def _text(got) -> str:
    return str(got.get("function")) if isinstance(got, dict) else repr(got)
