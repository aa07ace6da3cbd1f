"""Indexed assignment in scripts: ``v[0, :] = v[-2, :];``, ``v[:, 0] = 0.0;`` (boundary code).

The same functional update as the Python front end (:mod:`kfuse.frontend.assign`, whose steps
this module calls): the statement records ``assign(v, new)`` at the window the index selects and
rebinds ``v`` to the result, so later statements read the updated values.  The index follows
NumPy: basic slices with step 1, ``...``, and integers, each selecting one plane (negative from
the end).  The value is

- a number or a scalar (``sum(u)``): it fills the window;
- a lone index of a name, ``u[-2, :]`` or ``u[1, 2]``: NumPy's indexing (an integer selects a
  plane, not a neighbour offset), an integer-indexed plane counting as its window ``u[-2:-1, :]``;
- any other expression: its value must have the window's own shape.

Assignment into an input is refused (kfuse returns new arrays: assign into a copy,
``w = copy(u);``), as are scalars and sparse matrices.  Errors are ScriptErrors at the name (the
target), the ``[`` (the index) or the value's first token (its shape).
"""
from __future__ import annotations

from ..errors import KfuseError
from .assign import assigned_window, check_value_shape, record_assign, refuse_target, supersede
from .script_windows import Lowering, _ints


def indexed_assignment(p) -> None:
    """Parse and lower ``NAME[index] = expr;`` with parser ``p`` (its next token is the name)."""
    nt = p.next()
    old = p.lookup(nt)
    _check_target(p, nt, old)
    key = p.index(nt)
    eq = p.expect("=", "'=' after the index (v[0, :] = ...)")
    vt, start = p.peek(), p.i
    tree = p.comparison()
    p.expect(";", "';' at the end of the assignment")
    typ = p.b.values[old].type
    at, window, numpy_shape = _window(p, nt, key, _ints(typ.shape))
    inner = _value(p, tree, vt, p.source_text(start, p.i - 1), window, numpy_shape)
    if 0 in window:
        return   # NumPy assigns nothing
    new = p.wrap(eq, record_assign, p.b, old, at, inner, nt.text, (nt.line, nt.col))
    if old in p.aliases:   # w = v; w[0] = ...: NumPy changed v too
        supersede(p.b, p.aliases[old])
    if old in p.origins:
        p.origins[new] = p.origins[old]
    if old in p.moved:
        p.moved.add(new)
    p.env[nt.text] = new


def _check_target(p, nt, val: str) -> None:
    """ScriptError at the name if ``val`` cannot be assigned into."""
    v = p.b.values[val]
    if v.role == "input":
        raise p.err(f"assignment into input {nt.text!r}: kfuse returns new arrays and never modifies its "
                    f"inputs; assign into a copy and return it (w = copy({nt.text}); w[...] = ...;)", nt)
    base = p.aliases.get(val)
    if base is not None and p.b.values[base].role == "input":
        shown = p.b.values[base].display
        raise p.err(f"assignment into {nt.text!r}, which shares input {shown!r}'s memory (as NumPy's "
                    f"w = {shown}; or a slice of it): kfuse never modifies its inputs; assign into a copy "
                    f"(w = copy({shown});)", nt)
    p.wrap(nt, refuse_target, p.b, val)


def _window(p, nt, key, shape: tuple) -> tuple:
    """``(at, window, numpy_shape)`` of the index ``key`` (a parsed ``[...]``) into ``shape``."""
    try:
        return assigned_window(shape, key.data)
    except KfuseError as e:
        raise p.err(f"{nt.text}[...]: {e}", key.tok) from None


def _value(p, tree, vt, text: str, window: tuple, numpy_shape: tuple) -> str:
    """The value name of the assigned expression ``tree`` (first token ``vt``, source ``text``),
    checked against the window (keep-dims shape ``window``, NumPy's ``numpy_shape``)."""
    if tree.kind in ("slice", "offset"):   # a lone index: NumPy's indexing, integers select planes
        name = p.lookup(tree.name_tok)
        v = p.b.values[name]
        if v.type.kind in ("scalar", "sparse"):
            raise p.err(f"{tree.name_tok.text!r} is a {v.type.kind}: it cannot be indexed", tree.tok)
        vat, keep, shape = _window(p, tree.name_tok, tree, _ints(v.type.shape))
        inner = p.wrap(tree.tok, p.b.window, name, vat)
    else:
        inner, _ = Lowering(p).lower(tree)
        t = p.b.values[inner].type
        if t.kind == "scalar":   # a number or a 0-d value fills the window
            return inner
        shape = keep = tuple(t.shape)
    p.wrap(vt, check_value_shape, text, shape, keep, window, numpy_shape)
    return inner
