"""Parser of kfuse scripts, in the spirit of Listing 1 of Filipovic et al.::

    # BiCGK
    matrix A(m, n); vector p(n), r(m), q(m), s(n);
    input A, p, r;
    q = gemv(A, p);
    s = gemv_t(A, r);
    return q, s;

Declarations: ``[dtype] scalar|vector|matrix|csr|ell NAME[(dims)]``, where a
matrix may say ``order=F`` among its dims (column-major); ``csr`` and ``ell``
declare sparse matrices (compressed rows, ELLPACK-R).  Statements end with ``;``.
Expressions: calls with positional and keyword arguments, ``+ - * / @``,
unary ``-``, ``.T``, numbers (``2``, ``1.5e-3``, ``2j``).  Comments: ``#``, ``//``.
Every error names the line and column.
"""
from __future__ import annotations

import os
import re

from ..errors import KfuseError, ScriptError
from ..ir import ArrayType, DTYPES, Program
from .builder import GraphBuilder

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r]+) | (?P<nl>\n) | (?P<comment>(\#|//)[^\n]*)
  | (?P<num>(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?j?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>\.T|[-+*/@=(),;'])
""", re.VERBOSE)

KINDS = ("scalar", "vector", "matrix", "csr", "ell")
KEYWORDS = set(KINDS) | {"input", "return", "output"} | set(DTYPES)


class Token:
    __slots__ = ("kind", "text", "line", "col")

    def __init__(self, kind, text, line, col):
        self.kind, self.text, self.line, self.col = kind, text, line, col

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.line}:{self.col}"


def tokenize(text: str, source: str | None = None) -> list:
    """Split a script into tokens carrying line and column; ScriptError on a stray character."""
    toks, pos, line, lstart = [], 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ScriptError(f"unexpected character {text[pos]!r}", line, pos - lstart + 1, source)
        kind = m.lastgroup
        if kind == "nl":
            line, lstart = line + 1, m.end()
        elif kind not in ("ws", "comment"):
            toks.append(Token(kind, m.group(), line, m.start() - lstart + 1))
        pos = m.end()
    toks.append(Token("eof", "", line, pos - lstart + 1))
    return toks


class _Parser:
    """Recursive-descent parser driving a GraphBuilder."""

    def __init__(self, text: str, name: str, dtype: str, source: str | None):
        self.toks = tokenize(text, source)
        self.i = 0
        self.source = source
        self.b = GraphBuilder(name, dtype)
        self.decl: dict = {}          # name -> (ArrayType, token)
        self.env: dict = {}           # script name -> current value name
        self.outputs: list | None = None

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
        elif t.kind == "name" and self.peek(1).text == "=":
            self.assignment()
        elif t.kind == "eof":
            return
        else:
            raise self.err(f"expected a declaration, input, assignment or return, found {t.text!r}", t)

    def declaration(self):
        dtype = self.b.default_dtype
        if self.peek().text in DTYPES:
            dtype = self.next().text
        kt = self.next()
        if kt.text not in KINDS:
            raise self.err(f"expected scalar, vector or matrix after {dtype}", kt)
        kind = kt.text
        while True:
            nt = self.expect_name(f"a {kind} name")
            if nt.text in KEYWORDS:
                raise self.err(f"{nt.text!r} is a keyword", nt)
            if nt.text in self.decl:
                raise self.err(f"{nt.text!r} is declared twice", nt)
            dims, order = self.dims(kind, nt)
            if kind in ("csr", "ell"):
                typ = self.wrap(nt, ArrayType, "sparse", dtype, tuple(dims), "C", kind)
            else:
                typ = self.wrap(nt, ArrayType, kind, dtype, tuple(dims), order)
            self.decl[nt.text] = (typ, nt)
            if self.peek().text == ",":
                self.next()
                continue
            self.expect(";", "',' or ';'")
            return

    def dims(self, kind, nt):
        want = {"scalar": 0, "vector": 1, "matrix": 2, "csr": 2, "ell": 2}[kind]
        dims, order = [], "C"
        if self.peek().text == "(":
            self.next()
            while True:
                t = self.next()
                if t.text == "order" and self.peek().text == "=":
                    self.next()
                    o = self.next()
                    if o.text not in ("C", "F"):
                        raise self.err("order must be C (row-major) or F (column-major)", o)
                    order = o.text
                elif t.kind == "num" and re.fullmatch(r"\d+", t.text):
                    dims.append(int(t.text))      # 0 is an empty dimension, as in NumPy
                elif t.kind == "name" and t.text not in KEYWORDS:
                    dims.append(t.text)
                else:
                    raise self.err(f"expected a dimension (a name or a non-negative integer), found {t.text!r}", t)
                if self.peek().text == ",":
                    self.next()
                    continue
                self.expect(")", "',' or ')'")
                break
        if len(dims) != want:
            raise self.err(f"a {kind} needs {want} dimension(s), {nt.text!r} has {len(dims)}", nt)
        if order == "F" and kind != "matrix":
            raise self.err("only matrices have a memory order", nt)
        return dims, order

    def input_stmt(self):
        self.next()
        for nt in self.name_list():
            if nt.text not in self.decl:
                raise self.err(f"input {nt.text!r} is not declared (declare it as scalar, vector or matrix)", nt)
            if nt.text in self.env:
                raise self.err(f"{nt.text!r} is already defined", nt)
            typ = self.decl[nt.text][0]
            self.env[nt.text] = self.wrap(nt, self.b.add_input, nt.text, typ, host=typ.kind == "scalar")

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
        val = self.expr()
        self.expect(";", "';' at the end of the assignment")
        label = f"{nt.text} = {self.source_text(start, self.i - 1)}"
        val = self.bind_name(nt, val, label, first_call)
        self.env[nt.text] = val

    def source_text(self, a, b) -> str:
        """Tokens ``a`` to ``b`` as normalised source text: ``gemv(A.T, x, alpha=-2)``, ``w - a * v``."""
        out, prev = [], None
        for t in self.toks[a:b]:
            unary = t.text in ("+", "-") and (prev is None or prev.text in ("(", ",", "=", "+", "-", "*", "/", "@"))
            if t.text in ("+", "-", "*", "/", "@") and not unary:
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
                raise self.err(f"{nt.text!r} is declared as {want.describe()} but the expression "
                               f"gives {v.type.describe()}", nt)
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
        # plain copy of another name, a literal or a view: make it a real call
        src = val
        return self.wrap(nt, self.b.call, "copy", {"x": src}, label, (nt.line, nt.col), nt.text)

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
            return self.env[nt.text]
        if nt.text in self.decl:
            raise self.err(f"{nt.text!r} is used before it is assigned", nt)
        raise self.err(f"unknown variable {nt.text!r}", nt)

    # -------------------------------------------------------------- expressions
    def expr(self) -> str:
        left = self.term()
        while self.peek().text in ("+", "-"):
            op = self.next()
            right = self.term()
            left = self.wrap(op, self.b.binary, op.text, left, right, (op.line, op.col))
        return left

    def term(self) -> str:
        left = self.unary()
        while self.peek().text in ("*", "/", "@"):
            op = self.next()
            right = self.unary()
            left = self.wrap(op, self.b.binary, op.text, left, right, (op.line, op.col))
        return left

    def unary(self) -> str:
        if self.peek().text == "-":
            op = self.next()
            if self.peek().kind == "num":
                return self.number(self.next(), negate=True)
            x = self.unary()
            return self.wrap(op, self.b.unary, "-", x, (op.line, op.col))
        if self.peek().text == "+":
            self.next()
            return self.unary()
        return self.postfix()

    def postfix(self) -> str:
        x = self.primary()
        while self.peek().text in (".T", "'"):
            t = self.next()
            x = self.wrap(t, self.b.transpose, x)
        return x

    def primary(self) -> str:
        t = self.peek()
        if t.kind == "num":
            return self.number(self.next())
        if t.text == "(":
            self.next()
            x = self.expr()
            self.expect(")")
            return x
        if t.kind == "name":
            self.next()
            if self.peek().text == "(":
                return self.call(t)
            if t.text in KEYWORDS:
                raise self.err(f"unexpected keyword {t.text!r}", t)
            return self.lookup(t)
        found = "end of script" if t.kind == "eof" else repr(t.text)
        raise self.err(f"expected an expression, found {found}", t)

    def number(self, t, negate=False) -> str:
        text = t.text
        val = complex(text) if text.endswith("j") else float(text)
        return self.b.const(-val if negate else val)

    def call(self, nt) -> str:
        from .. import library
        self.expect("(")
        try:
            fn = library.get(nt.text)
        except KfuseError as e:
            raise self.err(str(e), nt) from None
        pos, kw = [], {}
        if self.peek().text != ")":
            while True:
                if self.peek().kind == "name" and self.peek(1).text == "=":
                    kt = self.next()
                    self.next()
                    if kt.text in kw:
                        raise self.err(f"argument {kt.text!r} given twice", kt)
                    kw[kt.text] = (self.expr(), kt)
                else:
                    if kw:
                        raise self.err("positional argument after keyword argument")
                    pos.append((self.expr(), self.peek()))
                if self.peek().text == ",":
                    self.next()
                    continue
                break
        self.expect(")", "',' or ')'")
        params = [p.name for p in fn.inputs]
        if len(pos) > len(params):
            raise self.err(f"{fn.name} takes at most {len(params)} arguments ({', '.join(params)}), "
                           f"got {len(pos)}", nt)
        args = {params[k]: v for k, (v, _) in enumerate(pos)}
        for k, (v, kt) in kw.items():
            if k not in params:
                raise self.err(f"{fn.name} has no parameter {k!r} (parameters: {', '.join(params)})", kt)
            if k in args:
                raise self.err(f"argument {k!r} given twice", kt)
            args[k] = v
        return self.wrap(nt, self.b.call, fn.name, args, "", (nt.line, nt.col))


def _same_shape(a, b) -> bool:
    return len(a) == len(b) and all(x == y for x, y in zip(a, b))


def parse(text: str, name: str = "script", dtype: str | None = None, source: str | None = None) -> Program:
    """Parse script text into a Program (sizes stay symbolic until :meth:`Program.bind`)."""
    from .. import config
    return _Parser(text, name, dtype or config.get().default_dtype, source).parse()


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


def read_script(path: str) -> str:
    """A script file's text: UTF-8, a leading byte-order mark skipped; a byte that is not
    UTF-8 is one ScriptError at its line and column, an unreadable file one KfuseError."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise KfuseError(f"cannot read script {path}: {e.strerror or e}") from None
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
