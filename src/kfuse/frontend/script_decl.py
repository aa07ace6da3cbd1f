"""The kfuse script's declarations (mixed into :class:`kfuse.frontend.script._Parser`)::

    [dtype] scalar|vector|matrix|grid|csr|ell NAME[(dims)], NAME[(dims)] ...;

A matrix or a grid may say ``order=F`` among its dims (column-major).
"""
from __future__ import annotations

import re

from ..ir import DENSE_KIND, ArrayType, DTYPES
from .script_sizes import PROBE
from .script_tokens import KEYWORDS, KINDS


class DeclParser:
    """The declaration rules of the script parser (a mixin)."""

    def declaration(self):
        dtype = self.b.default_dtype
        if self.peek().text in DTYPES:
            dtype = self.next().text
        kt = self.next()
        if kt.text not in KINDS:
            raise self.err(f"expected scalar, vector or matrix after {dtype} (or grid, csr, ell)", kt)
        kind = kt.text
        if self.peek().text in DTYPES and dtype == self.b.default_dtype:   # ``grid float32 u(n)`` too
            dtype = self.next().text
        while True:
            nt = self.expect_name(f"a {kind} name")
            if nt.text in KEYWORDS:
                raise self.err(f"{nt.text!r} is a keyword", nt)
            if nt.text in self.decl:
                raise self.err(f"{nt.text!r} is declared twice", nt)
            dims, order = self.dims(kind, nt)
            if kind in ("csr", "ell"):
                typ = self.wrap(nt, ArrayType, "sparse", dtype, tuple(dims), "C", kind)
            elif kind == "grid":
                typ = self.wrap(nt, ArrayType, DENSE_KIND[len(dims)], dtype, tuple(dims), order)
            else:
                typ = self.wrap(nt, ArrayType, kind, dtype, tuple(dims), order)
            self.decl[nt.text] = (typ, nt)
            if self.peek().text == ",":
                self.next()
                continue
            self.expect(";", "',' or ';'")
            return

    def dims(self, kind, nt):
        want = {"scalar": 0, "vector": 1, "matrix": 2, "grid": (1, 2, 3, 4), "csr": 2, "ell": 2}[kind]
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
                    dims.append(self.size_of(t.text))
                else:
                    raise self.err(f"expected a dimension (a name or a non-negative integer), found {t.text!r}", t)
                if self.peek().text == ",":
                    self.next()
                    continue
                self.expect(")", "',' or ')'")
                break
        if kind == "grid" and len(dims) not in want:
            raise self.err(f"a grid needs 1 to 4 dimensions, {nt.text!r} has {len(dims)}", nt)
        if kind != "grid" and len(dims) != want:
            raise self.err(f"a {kind} needs {want} dimension(s), {nt.text!r} has {len(dims)}", nt)
        if order == "F" and not (kind == "matrix" or (kind == "grid" and len(dims) >= 2)):
            raise self.err("only matrices have a memory order (and grids of 2 or more axes)", nt)
        return dims, order

    def size_of(self, name: str):
        """A dimension named ``name``: its bound value, a stand-in while probing, or the name."""
        if name in self.sizes:
            return self.sizes[name]
        if self.probe:
            if name not in self.probes:
                self.probes[name] = PROBE * (len(self.probes) + 1) + 7
            return self.probes[name]
        return name
