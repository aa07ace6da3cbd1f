"""The kfuse script's expressions: a recursive-descent parser (mixed into
:class:`kfuse.frontend.script._Parser`) that returns :class:`kfuse.frontend.script_windows.Node`
trees; :class:`kfuse.frontend.script_windows.Lowering` emits them through the GraphBuilder.

Precedence, lowest first: comparisons (``> < >= <=``, not chained), ``+ -``, ``* / @``, unary
``-``, postfix ``.T``; primaries are numbers, parenthesised expressions, names, indexed names
(``u[1:-1, :]``, ``u[0, -1]``) and calls (positional, then keyword arguments).
"""
from __future__ import annotations

import re

from ..errors import KfuseError
from .script_windows import Node
from .script_tokens import COMPARE_OPS, KEYWORDS, MAX_EXPR_DEPTH, MAX_NESTING


class ExprParser:
    """The expression rules of the script parser (a mixin: ``peek``/``next``/``expect``/``err``
    /``lookup`` come from the parser)."""

    nesting = 0   # parentheses, calls and signs open around the current token

    def node(self, kind: str, tok, kids: list, data=None) -> Node:
        """A Node; one ScriptError at ``tok`` where the tree grows deeper than MAX_EXPR_DEPTH."""
        n = Node(kind, tok, kids, data)
        if n.depth > MAX_EXPR_DEPTH:
            raise self.err(f"expression nested more than {MAX_EXPR_DEPTH} deep (operators in a row, "
                           "calls, parentheses); split it into several statements", tok)
        return n

    def nested(self, rule):
        """``rule()`` one level deeper; one ScriptError past MAX_NESTING levels of parentheses,
        calls and signs (never Python's RecursionError)."""
        self.nesting += 1
        try:
            if self.nesting > MAX_NESTING:
                raise self.err(f"more than {MAX_NESTING} parentheses, calls or signs nested in one "
                               "another; split the expression into several statements")
            return rule()
        finally:
            self.nesting -= 1

    def comparison(self) -> Node:
        return self.nested(self._comparison)

    def _comparison(self) -> Node:
        left = self.expr()
        if self.peek().text in COMPARE_OPS:
            op = self.next()
            left = self.node("bin", op, [left, self.expr()], op.text)
            if self.peek().text in COMPARE_OPS:
                raise self.err("comparisons do not chain; combine them with where()", self.peek())
        return left

    def expr(self) -> Node:
        left = self.term()
        while self.peek().text in ("+", "-"):
            op = self.next()
            left = self.node("bin", op, [left, self.term()], op.text)
        return left

    def term(self) -> Node:
        left = self.unary()
        while self.peek().text in ("*", "/", "@"):
            op = self.next()
            left = self.node("bin", op, [left, self.unary()], op.text)
        return left

    def unary(self) -> Node:
        if self.peek().text == "-":
            op = self.next()
            if self.peek().kind == "num":
                return self.number(self.next(), negate=True)
            return self.node("neg", op, [self.nested(self.unary)])
        if self.peek().text == "+":
            self.next()
            return self.nested(self.unary)
        return self.postfix()

    def postfix(self) -> Node:
        x = self.primary()
        while self.peek().text in (".T", "'"):
            t = self.next()
            x = self.node("transpose", t, [x])
        return x

    def primary(self) -> Node:
        t = self.peek()
        if t.kind == "num":
            return self.number(self.next())
        if t.text == "(":
            self.next()
            x = self.comparison()
            self.expect(")")
            return x
        if t.kind == "name":
            self.next()
            if self.peek().text == "(":
                return self.call(t)
            if t.text in KEYWORDS:
                raise self.err(f"unexpected keyword {t.text!r}", t)
            self.lookup(t)
            if self.peek().text == "[":
                return self.index(t)
            return Node("name", t)
        if t.text == "[":
            raise self.err("only a named array can be indexed ([...] after a name)", t)
        found = "end of script" if t.kind == "eof" else repr(t.text)
        raise self.err(f"expected an expression, found {found}", t)

    def number(self, t, negate=False) -> Node:
        text = t.text
        val = complex(text) if text.endswith("j") else float(text)
        return Node("num", t, data=-val if negate else val)

    def index(self, nt) -> Node:
        """``u[0, -1]`` (offsets: one integer per axis) or ``u[1:-1, ..., :2]`` (NumPy slices)."""
        lb = self.next()
        items, sliced = [], False
        while True:
            t = self.peek()
            if t.text == "...":
                self.next()
                items.append(Ellipsis)
                sliced = True
            else:
                start = self.int_or_none()
                if self.peek().text == ":":
                    self.next()
                    stop = self.int_or_none()
                    step = None
                    if self.peek().text == ":":
                        self.next()
                        step = self.int_or_none()
                    items.append(slice(start, stop, step))
                    sliced = True
                elif start is None:
                    found = "end of script" if t.kind == "eof" else repr(t.text)
                    raise self.err(f"expected an offset (an integer), a slice or '...', found {found}", t)
                else:
                    items.append(start)
            if self.peek().text == ",":
                self.next()
                continue
            self.expect("]", "',' or ']'")
            break
        if sliced:
            return Node("slice", lb, data=tuple(items), name_tok=nt)
        return Node("offset", lb, data=tuple(items), name_tok=nt)

    def int_or_none(self):
        """An optionally signed integer literal inside ``[...]``, or None before ``: , ]``."""
        t = self.peek()
        if t.text in (":", ",", "]"):
            return None
        sign = 1
        if t.text in ("-", "+"):
            sign = -1 if t.text == "-" else 1
            self.next()
            t = self.peek()
        if t.kind == "num" and re.fullmatch(r"\d+", t.text):
            self.next()
            return sign * int(t.text)
        found = "end of script" if t.kind == "eof" else repr(t.text)
        raise self.err(f"offsets and slice bounds must be integer literals, found {found}", t)

    def call(self, nt) -> Node:
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
                    kw[kt.text] = (self.comparison(), kt)
                else:
                    if kw:
                        raise self.err("positional argument after keyword argument")
                    pos.append((self.comparison(), self.peek()))
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
        return self.node("call", nt, list(args.values()), (fn, list(args)))
