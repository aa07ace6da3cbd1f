"""Parser of kfuse scripts, in the spirit of Listing 1 of Filipovic et al.::

    # BiCGK
    matrix A(m, n); vector p(n), r(m), q(m), s(n);
    input A, p, r;
    q = gemv(A, p);
    s = gemv_t(A, r);
    return q, s;

Declarations: ``[dtype] scalar|vector|matrix|grid|csr|ell NAME[(dims)]``, where a
matrix or a grid may say ``order=F`` among its dims (column-major); ``grid`` declares an
array of 1 to 4 axes (``grid float32 u(nz, ny, nx);``); ``csr`` and ``ell``
declare sparse matrices (compressed rows, ELLPACK-R).  Statements end with ``;``.
Expressions: calls with positional and keyword arguments, ``+ - * / @``, comparisons
``> < >= <=`` (for ``where``), unary ``-``, ``.T``, numbers (``2``, ``1.5e-3``, ``2j``),
NumPy slices ``u[1:-1, :-2]`` and neighbour offsets ``u[0, -1]`` (see
:mod:`kfuse.frontend.script_windows` for how values of different domains line up).
``v[0, :] = v[-2, :];`` assigns into a window (:mod:`kfuse.frontend.script_assign`).
``repeat N { ... }`` unrolls its body N times (N <= 64).  Comments: ``#``, ``//``.
Every error names the line and column.
"""
from __future__ import annotations

import dataclasses
import os
import re

from ..errors import KfuseError, ScriptError, ShapeError
from ..ir import DTYPES, Program
from .builder import GraphBuilder
from .assign import replaced_base
from .script_assign import indexed_assignment
from .script_decl import DeclParser
from .script_expr import ExprParser
from .script_windows import Lowering, NeedSizes
from .script_sizes import symbolic_program, unprobe
from .script_tokens import COMPARE_OPS, KEYWORDS, KINDS, MAX_REPEAT, Token, tokenize  # noqa: F401 (re-exported)


class _Parser(DeclParser, ExprParser):
    """Recursive-descent parser driving a GraphBuilder."""

    def __init__(self, text: str, name: str, dtype: str, source: str | None, sizes: dict | None = None,
                 probe: bool = False):
        self.toks = tokenize(text, source)
        self.i = 0
        self.source = source
        self.b = GraphBuilder(name, dtype)
        self.decl: dict = {}          # name -> (ArrayType, token)
        self.env: dict = {}           # script name -> current value name
        self.outputs: list | None = None
        self.sizes = dict(sizes or {})  # bound sizes: declarations take their values
        self.probe = probe            # unbound sizes get stand-in values (see parse())
        self.probes: dict = {}        # size name -> its stand-in value
        self.origins: dict = {}       # value name -> the grid point of its element 0 (if not 0)
        self.moved: set = set()       # values computed from slices or offsets
        self.aliases: dict = {}       # value of ``w = v;`` or ``w = v[1:-1];`` -> the array v (NumPy: one memory)
        self.unroll = 1               # iterations of the enclosing repeats
        self.structured: dict = {}    # name -> (structure, uplo, unit, token) of sym=/tri= declarations
        self.pending_structure = None  # the declaration being read's structure (script_decl.py)

    # -------------------------------------------------------------- helpers
    def err(self, msg, tok=None):
        tok = tok or self.peek()
        return ScriptError(msg, tok.line, tok.col, self.source)

    def peek(self, k=0) -> Token:
        i = self.i + k
        return self.toks[i] if i < len(self.toks) else self.toks[-1]

    def next(self) -> Token:
        t = self.peek()
        self.i += 1
        return t

    def expect(self, text, what=None) -> Token:
        t = self.peek()
        if t.text != text:
            found = "end of script" if t.kind == "eof" else repr(t.text)
            raise self.err(f"expected {what or repr(text)}, found {found}", t)
        return self.next()

    def expect_name(self, what="a name") -> Token:
        t = self.peek()
        if t.kind != "name":
            found = "end of script" if t.kind == "eof" else repr(t.text)
            raise self.err(f"expected {what}, found {found}", t)
        return self.next()

    def wrap(self, tok, fn, *a, **kw):
        """Run a builder step; re-raise its KfuseError at ``tok``'s position."""
        try:
            return fn(*a, **kw)
        except ScriptError:
            raise
        except KfuseError as e:
            raise self.err(str(e), tok) from None

    # -------------------------------------------------------------- statements
    def parse(self) -> Program:
        while self.peek().kind != "eof":
            self.statement()
        if self.outputs is None:
            raise self.err("the script has no return statement")
        return self.b.finish(self.outputs)

    def statement(self):
        t = self.peek()
        if self.outputs is not None:
            raise self.err("statement after return", t)
        if t.kind == "name" and (t.text in KINDS or t.text in DTYPES):
            self.declaration()
        elif t.text == "input":
            self.input_stmt()
        elif t.text in ("return", "output"):
            self.return_stmt()
        elif t.text == "repeat":
            self.repeat_stmt()
        elif t.kind == "name" and self.peek(1).text == "=":
            self.assignment()
        elif t.kind == "name" and self.peek(1).text == "[":
            indexed_assignment(self)   # v[0, :] = v[-2, :]; (boundary code)
        elif t.kind == "eof":
            return
        else:
            raise self.err(f"expected a declaration, input, assignment or return, found {t.text!r}", t)

    def repeat_stmt(self):
        """``repeat N { statements }``: the body unrolled N times (names rebind, SSA)."""
        rt = self.next()
        nt = self.next()
        if nt.kind != "num" or not re.fullmatch(r"\d+", nt.text):
            raise self.err(f"repeat needs a literal count (a non-negative integer), found {nt.text!r}", nt)
        n = int(nt.text)
        if n * self.unroll > MAX_REPEAT:
            raise self.err(f"repeat {n}: kfuse unrolls at most {MAX_REPEAT} iterations "
                           f"({'with the enclosing repeats, ' if self.unroll > 1 else ''}{n * self.unroll} asked); "
                           "for a longer time loop use kfuse.iterate(step, state, steps=N) from Python", nt)
        self.expect("{", "'{' after the repeat count")
        start, end = self.i, self.matching_brace(rt)
        outer, self.unroll = self.unroll, self.unroll * max(n, 1)
        for _ in range(n):
            self.i = start
            while self.i < end:
                t = self.peek()
                if t.text in KINDS or t.text in DTYPES or t.text in ("input", "return", "output"):
                    raise self.err(f"{t.text!r} is not allowed inside repeat (only assignments and repeats)", t)
                self.statement()
        self.unroll = outer
        self.i = end
        self.expect("}")

    def matching_brace(self, rt) -> int:
        """Index of the ``}`` closing the ``{`` just read."""
        depth, i = 1, self.i
        while i < len(self.toks) and self.toks[i].kind != "eof":
            depth += {"{": 1, "}": -1}.get(self.toks[i].text, 0)
            if depth == 0:
                return i
            i += 1
        raise self.err("this repeat's '{' is never closed with '}'", rt)

    def input_stmt(self):
        self.next()
        for nt in self.name_list():
            if nt.text not in self.decl:
                raise self.err(f"input {nt.text!r} is not declared (declare it as scalar, vector or matrix)", nt)
            if nt.text in self.env:
                raise self.err(f"{nt.text!r} is already defined", nt)
            typ = self.decl[nt.text][0]
            val = self.wrap(nt, self.b.add_input, nt.text, typ, host=typ.kind == "scalar")
            self.env[nt.text] = self.apply_structure(nt, val)

    def return_stmt(self):
        self.next()
        outs = []
        for nt in self.name_list():
            outs.append(self.lookup(nt))
        self.outputs = outs

    def name_list(self) -> list:
        names = [self.expect_name()]
        while self.peek().text == ",":
            self.next()
            names.append(self.expect_name())
        self.expect(";", "',' or ';'")
        return names

    def assignment(self):
        nt = self.next()
        if nt.text in KEYWORDS:
            raise self.err(f"cannot assign to keyword {nt.text!r}", nt)
        self.expect("=")
        start, first_call = self.i, len(self.b.calls)
        tree = self.comparison()
        self.expect(";", "';' at the end of the assignment")
        val, dom = Lowering(self).lower(tree)
        label = f"{nt.text} = {self.source_text(start, self.i - 1)}"
        val = self.apply_structure(nt, self.bind_name(nt, val, label, first_call))
        if dom is not None and any(o != 0 for o in dom.origin):
            self.origins[val] = dom.origin
        if dom is not None and dom.moved:
            self.moved.add(val)
        self.env[nt.text] = val

    def apply_structure(self, nt, val: str) -> str:
        """Value ``val`` of name ``nt`` marked with its declared structure (``sym=lower``), if any:
        :meth:`kfuse.frontend.builder.GraphBuilder.mark`, as ``kfuse.sym``/``kfuse.tri`` do."""
        st = self.structured.get(nt.text)
        if st is None:
            return val
        structure, uplo, unit, _ = st
        return self.wrap(nt, self.b.mark, val, structure, uplo, unit)

    def source_text(self, a, b) -> str:
        """Tokens ``a`` to ``b`` as normalised source text: ``gemv(A.T, x, alpha=-2)``, ``w - a * v``."""
        out, prev = [], None
        for t in self.toks[a:b]:
            unary = t.text in ("+", "-") and (prev is None or prev.text in ("(", ",", "=", "+", "-", "*", "/", "@",
                                                                             "[", ":") + COMPARE_OPS)
            if t.text in ("+", "-", "*", "/", "@") + COMPARE_OPS and not unary:
                out.append(f" {t.text} ")
            elif t.text == ",":
                out.append(", ")
            else:
                if out and t.kind in ("name", "num") and out[-1][-1:].isalnum():
                    out.append(" ")
                out.append(t.text)
            prev = t
        return "".join(out)

    def bind_name(self, nt, val, label, first_call=0):
        """Name the value produced for ``name = expr``, checking the declaration if any."""
        v = self.b.values[val]
        if nt.text in self.decl and v.role == "const":   # a literal takes the declared type
            val = self.b.const(v.const, self.decl[nt.text][0].dtype)
            v = self.b.values[val]
        if nt.text in self.decl:
            want = self.decl[nt.text][0]
            if v.type.kind != want.kind or not _same_shape(v.type.shape, want.shape):
                raise self.err(f"{nt.text!r} is declared as {self.show(want)} but the expression "
                               f"gives {self.show(v.type)}", nt)
            if v.type.dtype != want.dtype:
                raise self.err(f"{nt.text!r} is declared {want.dtype} but the expression gives "
                               f"{v.type.dtype}", nt)
            if want.kind == "matrix" and v.type.order != want.order:
                raise self.err(f"{nt.text!r} is declared with order={want.order} but the expression "
                               f"gives order={v.type.order}", nt)
        if v.role == "temp" and not v.view_of and v.user_name is None:
            # rename the temporary produced by the last call to the script's name
            new = self.b.fresh_name(nt.text)
            self._rename(val, new, nt.text, label, first_call)
            return new
        # plain copy of another name, a literal or a view: make it a real call, remembered as an
        # alias of the array (NumPy's w = v and w = v[1:-1] share v's memory: an assignment into
        # either one makes the other name stale, see lookup and script_assign)
        src = val
        new = self.wrap(nt, self.b.call, "copy", {"x": src}, label, (nt.line, nt.col), nt.text)
        if v.role != "const" and v.type.kind not in ("scalar", "sparse"):
            base = v.view_of or val
            self.aliases[new] = self.aliases.get(base, base)
        return new

    def _rename(self, old, new, user, label, first_call=0):
        """Rename the statement's result ``old`` to ``new``; only calls from ``first_call`` on
        (the statement's own) can name a value the statement made."""
        v = self.b.rename_value(old, new)
        v.user_name = user
        for c in self.b.calls[first_call:]:
            for k, x in c.outs.items():
                if x == old:
                    c.outs[k] = new
                    c.label = label
            for k, x in c.args.items():
                if x == old:
                    c.args[k] = new

    def lookup(self, nt) -> str:
        if nt.text in self.env:
            val = self.env[nt.text]
            base = replaced_base(self.b, val) or (replaced_base(self.b, self.aliases[val]) if val in self.aliases
                                                  else None)
            if base is not None:
                shown = self.b.values[base].display
                raise self.err(f"{nt.text!r} holds {shown} as it was before an assignment into {shown} or "
                               "a name sharing its memory (w = v; and w = v[1:-1]; share it in NumPy): NumPy "
                               "would show the assigned values; read it again after the assignment, or copy "
                               "first (w = copy(v);)", nt)
            return val
        if nt.text in self.decl:
            raise self.err(f"{nt.text!r} is used before it is assigned", nt)
        raise self.err(f"unknown variable {nt.text!r}", nt)

    # -------------------------------------------------------------- messages
    def show(self, typ) -> str:
        """``typ.describe()`` with stand-in sizes shown by name (``matrix(n-2, n-2)``)."""
        if not self.probes:
            return typ.describe()
        return dataclasses.replace(typ, shape=tuple(unprobe(d, self.probes) for d in typ.shape)).describe()


def _same_shape(a, b) -> bool:
    return len(a) == len(b) and all(x == y for x, y in zip(a, b))


def parse(text: str, name: str = "script", dtype: str | None = None, source: str | None = None,
          sizes: dict | None = None) -> Program:
    """Parse script text into a Program (sizes stay symbolic until :meth:`Program.bind`).

    A script whose slices or offsets need the sizes' values (``u[1:-1]`` of ``u(n)``) is parsed
    again when bound: it is a :class:`ScriptProgram` until then, its shapes shown as ``n-2``."""
    from .. import config
    if not isinstance(text, str):
        raise KfuseError(f"script text must be a str, got {type(text).__name__}")
    _check_sizes(sizes)
    dtype = dtype or config.get().default_dtype
    try:
        return _Parser(text, name, dtype, source, sizes).parse()
    except NeedSizes:
        pass
    parser = _Parser(text, name, dtype, source, sizes, probe=True)
    return symbolic_program(parser.parse(), parser.probes, (parse, text, dtype, source, dict(sizes or {})))


def _check_sizes(sizes) -> None:
    """Refuse ``sizes`` that are not a dict of size name -> non-negative integer (one ShapeError)."""
    if sizes is None:
        return
    if not isinstance(sizes, dict):
        raise ShapeError(f"sizes must be a dict of size name -> integer, got {type(sizes).__name__} {sizes!r}")
    for k, d in sizes.items():
        if isinstance(d, bool) or not hasattr(d, "__index__") or int(d) < 0:
            raise ShapeError(f"size {k!r}: sizes must be non-negative integers (0: an empty axis), got {d!r}")


def load(path_or_text: str, dtype: str | None = None) -> Program:
    """Parse a script file (or script text, if no such file exists).

    One line without ``;`` cannot be a script (every script ends with ``return ...;``),
    so it is taken as a path even if it does not end in ``.kf``."""
    if "\n" not in path_or_text and (os.path.exists(path_or_text) or path_or_text.endswith(".kf")
                                     or ";" not in path_or_text):
        if not os.path.exists(path_or_text):
            raise KfuseError(f"no such script: {path_or_text}")
        text = read_script(path_or_text)
        name = os.path.splitext(os.path.basename(path_or_text))[0]
        return parse(text, name, dtype, path_or_text)
    return parse(path_or_text.removeprefix("\ufeff"), "script", dtype, None)


MAX_SCRIPT_BYTES = 64 << 20   # a script path to /dev/zero is refused, not read until memory runs out


def read_script(path: str) -> str:
    """A script file's text: UTF-8, a leading byte-order mark skipped; a byte that is not
    UTF-8 is one ScriptError at its line and column, an unreadable file one KfuseError."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SCRIPT_BYTES + 1)
    except OSError as e:
        raise KfuseError(f"cannot read script {path}: {e.strerror or e}") from None
    if len(data) > MAX_SCRIPT_BYTES:
        raise KfuseError(f"script {path} is larger than {MAX_SCRIPT_BYTES} bytes, more than kfuse reads")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        start = data.rfind(b"\n", 0, e.start) + 1
        line = data.count(b"\n", 0, e.start) + 1
        col = len(data[start:e.start].decode("utf-8", errors="replace")) + 1
        raise ScriptError(f"byte 0x{data[e.start]:02x} is not UTF-8 (save the script as UTF-8)",
                          line, col, path) from None
