"""The kfuse script's declarations (mixed into :class:`kfuse.frontend.script._Parser`)::

    [dtype] scalar|vector|matrix|grid|csr|ell NAME[(dims)], NAME[(dims)] ...;

A matrix or a grid may say ``order=F`` among its dims (column-major).  A square matrix may
carry a structure, as ``kfuse.sym`` / ``kfuse.tri`` give one in Python::

    matrix A(n, n, sym=lower);          # symmetric: only the lower triangle is read
    matrix L(n, n, tri=upper, unit);    # triangular, unit diagonal (never read)

so ``A @ B`` is SYMM and ``L @ B`` / ``B @ L.T`` TRMM.  An input takes it when declared input; an
assigned name when assigned (the value computed is read as structured from then on).
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
            structure, self.pending_structure = self.pending_structure, None
            if structure is not None:
                self.check_square(nt, dims, structure)
                self.structured[nt.text] = structure
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
        dims, order, seen_order = [], "C", False
        if self.peek().text == "(":
            self.next()
            while True:
                t = self.next()
                if t.text in ("sym", "tri") and self.peek().text == "=":
                    self.structure_option(kind, nt, t)
                elif t.text == "unit" and kind == "matrix" and len(dims) == 2:
                    self.unit_option(nt, t)
                elif t.text == "order" and self.peek().text == "=":
                    if seen_order:
                        raise self.err(f"{nt.text!r}: order is given twice", t)
                    seen_order = True
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
        pending = self.pending_structure
        if pending is not None and pending[0] == "":
            raise self.err(f"{nt.text!r}: unit (a unit diagonal) is for triangular matrices: "
                           "tri=lower, unit or tri=upper, unit", pending[3])
        return dims, order

    # ------------------------------------------------------------------ structure
    def structure_option(self, kind: str, nt, t) -> None:
        """``sym=lower|upper`` / ``tri=lower|upper`` of matrix ``nt``: pending until the
        declaration's dims are read (:meth:`check_square`)."""
        self.next()
        u = self.next()
        if kind != "matrix":
            raise self.err(f"{nt.text!r}: only matrices have a structure ({t.text}=), not a {kind}", t)
        if u.text not in ("lower", "upper"):
            raise self.err(f"{t.text} must be lower or upper (the triangle holding the data), found {u.text!r}", u)
        pending = self.pending_structure
        if pending is not None and pending[0]:
            raise self.err(f"{nt.text!r} has two structures ({pending[0]}={pending[1]} and {t.text}={u.text}); "
                           "give one", t)
        unit = bool(pending and pending[2])
        self.pending_structure = (t.text, u.text, unit, t)

    def unit_option(self, nt, t) -> None:
        """``unit`` (a unit diagonal, never read): only with ``tri=``."""
        pending = self.pending_structure
        if pending is not None and pending[2]:
            raise self.err(f"{nt.text!r}: unit is given twice", t)
        if pending is not None and pending[0] == "sym":
            raise self.err(f"{nt.text!r}: unit (a unit diagonal) is for triangular matrices, not sym=", t)
        self.pending_structure = (pending[0], pending[1], True, pending[3]) if pending else ("", "", True, t)

    def check_square(self, nt, dims: list, structure: tuple) -> None:
        """A structured matrix must be square: its two dims the same size name or number."""
        kind, _, unit, t = structure
        if unit and kind == "sym":
            raise self.err(f"{nt.text!r}: unit (a unit diagonal) is for triangular matrices, not sym=", t)
        if dims[0] != dims[1]:
            what = "symmetric" if kind == "sym" else "triangular"
            shown = ", ".join(str(self.shown_dim(d)) for d in dims)
            raise self.err(f"{nt.text!r}: a {what} matrix must be square, declared ({shown}); give it the same "
                           "size twice", t)

    def shown_dim(self, d):
        """A dimension as the script wrote it (a stand-in size by its name)."""
        return next((k for k, v in self.probes.items() if v == d), d)

    def size_of(self, name: str):
        """A dimension named ``name``: its bound value, a stand-in while probing, or the name."""
        if name in self.sizes:
            return self.sizes[name]
        if self.probe:
            if name not in self.probes:
                self.probes[name] = PROBE * (len(self.probes) + 1) + 7
            return self.probes[name]
        return name
