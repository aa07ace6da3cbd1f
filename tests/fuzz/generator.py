"""A seeded generator of random kfuse programs, reproducible from the seed alone.

``generate(seed)`` returns a :class:`FuzzProgram`: a random DAG of library calls and
operators over vectors, matrices and scalars of odd sizes (0, 1, 31-33, 1023-1025,
thousands), one of the four element types (with the real values that ``abs``, ``nrm2``,
``asum`` and ``amax`` give in complex programs), row- and column-major matrices, transposed
views, scalars as Python numbers, literals and 0-d device arrays, and the same vector on
both axes of a square matrix.  It renders as a Python function (for ``kfuse.jit`` / the
tracer) or as a ``.kf`` script, and evaluates itself in float64 NumPy (an oracle independent
of kfuse's front ends).

The generator knows which programs are valid: about one in ten gets one deliberately
invalid statement at the end (mismatched shapes or element types, a complex literal with
real operands, matrix @ matrix, a gemv with a vector of the wrong length); kfuse must refuse
those with a KfuseError, and accept every other one.

Static bounds (``hi``: an upper bound of |value|, ``lo``: a lower bound) keep the programs
finite: divisions only by values at least 1 in magnitude, ``sqrt`` only of non-negative real
values, ``exp`` only of values at most 8 in magnitude, no result beyond 1e30.
"""
from __future__ import annotations

import math
import random

from .program import REAL_OF, FuzzProgram, Stmt, Val, sparse_input  # noqa: F401 - re-exported

DTYPES = ("float32", "float64", "complex64", "complex128")
SIZES = (0, 1, 2, 3, 31, 32, 33, 255, 1023, 1024, 1025, 2000, 4099)
REAL_LITERALS = (0.5, 2.0, -1.5, 0.25, 3.0, -0.125, 1.0, -2.0)
COMPLEX_LITERALS = (0.5 - 1.5j, 2j, -0.25 + 0.75j)
LIMIT = 1e30


class _Gen:
    """The generator's state for one program."""

    def __init__(self, seed: int, big: bool):
        self.r = random.Random(seed)
        self.seed = seed
        r = self.r
        self.dtype = r.choice(DTYPES)
        self.rdt = REAL_OF[self.dtype]
        self.front = "py" if r.random() < 0.5 else "kf"
        cap = (1 << 22) if big else (1 << 19)
        self.m = self._size()
        self.n = self.m if r.random() < 0.3 else self._size()
        while self.m * self.n > cap:
            self.n = r.choice([s for s in SIZES if s * self.m <= cap] or [1])
        self.k = r.choice((self.m, self.n, self._size()))
        self.sizes = {}
        for sym, val in (("m", self.m), ("n", self.n), ("k", self.k)):
            if val not in self.sizes.values() and (val == 0 or r.random() < 0.7):
                self.sizes[sym] = val       # scripts: symbolic (a zero size must be a symbol)
        self.inputs: list = []
        self.pool: list = []
        self.stmts: list = []
        self.tags: set = set()
        self.count = 0

    def _size(self) -> int:
        s = self.r.choice(SIZES)
        return self.r.choice((1, 31, 33)) if s == 0 and self.r.random() < 0.6 else s

    # ------------------------------------------------------------ values
    def new_input(self, kind, shape, dtype=None, host=False) -> Val:
        dtype = dtype or self.dtype
        hi = 1.0 if not dtype.startswith("complex") else math.sqrt(2)
        order = "F" if kind == "m" and self.r.random() < 0.4 else "C"
        name = {"s": "s", "v": "x", "m": "A", "S": "S"}[kind] + str(len(self.inputs))
        v = Val(name, kind, dtype, tuple(shape), order, hi=hi, host=host, inp=True)
        if kind == "S":
            v.order, v.fmt, v.per_row = "C", self.r.choice(("csr", "ell")), self.r.choice((1, 3, 8, 40))
        self.inputs.append(v)
        self.pool.append(v)
        return v

    def fresh(self) -> str:
        self.count += 1
        return f"t{self.count}"

    def emit(self, py, kf, np_, kind, dtype, shape, hi, lo=0.0, nonneg=False, order="C") -> Val | None:
        if not hi <= LIMIT:
            return None
        name = self.fresh()
        self.stmts.append(Stmt(name, py, kf, np_))
        v = Val(name, kind, dtype, tuple(shape), order, hi=hi, lo=lo, nonneg=nonneg)
        self.pool.append(v)
        return v

    def vectors(self, length=None, dtype=None):
        return [v for v in self.pool if v.kind == "v" and (length is None or v.shape[0] == length)
                and (dtype is None or v.dtype == dtype)]

    def vec(self, length: int, dtype=None, fresh_p=0.3) -> Val:
        """A vector of ``length``: one of the pool (often) or a new input."""
        dtype = dtype or self.dtype
        have = self.vectors(length, dtype)
        if have and self.r.random() > fresh_p:
            return self.r.choice(have)
        if dtype != self.dtype and not have:
            dtype = self.dtype
        return self.new_input("v", (length,), dtype)

    def mat(self, dtype=None):
        """(expression, shape, Val) of a matrix of the pool or a new input, maybe transposed."""
        dtype = dtype or self.dtype
        have = [v for v in self.pool if v.kind == "m" and v.dtype == dtype]
        if not have or self.r.random() < 0.2:
            shape = (self.m, self.n) if self.r.random() < 0.8 else (self.n, self.m)
            have = [self.new_input("m", shape, dtype)]
        a = self.r.choice(have)
        if self.r.random() < 0.3:
            return f"{a.name}.T", a.shape[::-1], a
        return a.name, a.shape, a

    def scalar(self, dtype=None):
        """(py, kf, np, hi, lo) of a scalar operand: a literal, a host or device scalar input,
        or a 0-d result already computed."""
        dtype = dtype or self.dtype
        r = self.r.random()
        comps = [v for v in self.pool if v.kind == "s" and v.dtype == dtype and not v.inp]
        if r < 0.45 or (dtype != self.dtype and self.front == "py" and r < 0.7):
            if not dtype.startswith("complex") or self.r.random() < 0.7:
                c = self.r.choice(REAL_LITERALS)
            else:
                c = self.r.choice(COMPLEX_LITERALS)
            return self.lit(c) + (abs(c), abs(c))
        if comps and r < 0.7:
            v = self.r.choice(comps)
            return v.name, v.name, v.name, v.hi, v.lo
        host = self.front == "kf" or (self.r.random() < 0.5 and dtype == self.dtype)
        v = self.new_input("s", (), dtype, host=host)
        return v.name, v.name, v.name, v.hi, 0.0

    @staticmethod
    def lit(c) -> tuple:
        if isinstance(c, complex):
            py = f"({c.real!r}{c.imag:+}j)" if c.real else f"{c.imag}j"
            kf = f"({c.real!r} {'+' if c.imag >= 0 else '-'} {abs(c.imag)!r}j)" if c.real else f"{c.imag}j"
            return py, kf, f"({c!r})"
        return (f"({c!r})" if c < 0 else repr(c),) * 3

    def any_value(self, kinds="svm"):
        cand = [v for v in self.pool if v.kind in kinds]
        return self.r.choice(cand) if cand else None


def _hi_dot(n, a, b):
    return max(n, 1) * a * b


# ------------------------------------------------------------------ operations
# Each takes the generator state and emits one or two statements (or returns None: not
# applicable now).  Python, script and NumPy forms are written side by side.

def op_binary(g: _Gen):
    """x op y elementwise (+ - *), arrays of one shape or an array and a scalar."""
    x = g.any_value("vms")
    if x is None:
        return None
    op = g.r.choice("+-*")
    if x.kind == "s" or g.r.random() < 0.35:
        spy, skf, snp, shi, _ = g.scalar(x.dtype)
        a = (x.name, x.name, x.name, x.hi)
        b = (spy, skf, snp, shi)
    else:
        same = [v for v in g.pool if v.kind == x.kind and v.dtype == x.dtype and v.shape == x.shape]
        trans = [v for v in g.pool if v.kind == "m" and v.dtype == x.dtype and v.shape == x.shape[::-1]
                 and v.shape != x.shape]
        if trans and g.r.random() < 0.3:
            y = g.r.choice(trans)
            b = (f"{y.name}.T",) * 3 + (y.hi,)
        else:
            y = g.r.choice(same) if same and g.r.random() < 0.8 else (
                g.new_input(x.kind, x.shape, x.dtype) if x.kind != "s" else x)
            b = (y.name,) * 3 + (y.hi,)
        a = (x.name,) * 3 + (x.hi,)
    if g.r.random() < 0.5:
        a, b = b, a
    hi = a[3] * b[3] if op == "*" else a[3] + b[3]
    order = x.order if x.kind == "m" else "C"
    return g.emit(f"{a[0]} {op} {b[0]}", f"{a[1]} {op} {b[1]}", f"{a[2]} {op} {b[2]}",
                  x.kind, x.dtype, x.shape, hi, order=order)


def op_div(g: _Gen):
    """x / (y + c) with c > |y| + 1: the denominator is at least 1 in magnitude."""
    x = g.any_value("vms")
    if x is None:
        return None
    if g.r.random() < 0.5 and x.kind != "s":
        cand = [v for v in g.pool
                if v.dtype == x.dtype and (v.kind == "s" or (v.kind == x.kind and v.shape == x.shape))]
    else:
        cand = [v for v in g.pool if v.dtype == x.dtype and v.kind == "s"] or [x]
    y = g.r.choice(cand)
    c = float(2 ** math.ceil(math.log2(y.hi + 1.5)))
    if y.lo >= 1 and g.r.random() < 0.5:
        d = (y.name,) * 3
        lo = y.lo
    else:
        d = (f"({y.name} + {c!r})",) * 3
        lo = c - y.hi
    kind = x.kind if x.kind != "s" else y.kind
    shape = x.shape if x.kind != "s" else y.shape
    order = x.order if x.kind == "m" else (y.order if y.kind == "m" else "C")
    return g.emit(f"{x.name} / {d[0]}", f"{x.name} / {d[1]}", f"{x.name} / {d[2]}",
                  kind, x.dtype, shape, x.hi / lo, order=order)


def op_unary(g: _Gen):
    """-x, abs(x), conj(x), sqrt(x) (x >= 0), exp(x) (|x| <= 8)."""
    x = g.any_value("vms")
    if x is None:
        return None
    k = g.r.choice(("neg", "abs", "conj", "sqrt", "exp"))
    o = x.order
    if k == "neg":
        return g.emit(f"-{x.name}", f"-{x.name}", f"-{x.name}", x.kind, x.dtype, x.shape, x.hi, x.lo, order=o)
    if k == "abs":
        py = f"abs({x.name})" if g.r.random() < 0.5 else f"kfuse.abs({x.name})"
        return g.emit(py, f"abs({x.name})", f"np.abs({x.name})", x.kind, REAL_OF[x.dtype], x.shape, x.hi,
                      x.lo, nonneg=True, order=o)
    if k == "conj":
        py = f"kfuse.conj({x.name})" if g.r.random() < 0.5 else f"{x.name}.conj()"
        return g.emit(py, f"conj({x.name})", f"np.conj({x.name})", x.kind, x.dtype, x.shape, x.hi, x.lo, order=o)
    if k == "sqrt":
        if not x.nonneg:
            return None
        return g.emit(f"kfuse.sqrt({x.name})", f"sqrt({x.name})", f"np.sqrt({x.name})", x.kind, x.dtype,
                      x.shape, math.sqrt(x.hi), math.sqrt(x.lo), nonneg=True, order=o)
    if x.hi > 8:
        return None
    return g.emit(f"kfuse.exp({x.name})", f"exp({x.name})", f"np.exp({x.name})", x.kind, x.dtype, x.shape,
                  math.exp(x.hi), math.exp(-x.hi) if x.real else 0.0, nonneg=x.real, order=o)


def op_blas1(g: _Gen):
    """scal, axpy, axpby, waxpby, copy on vectors (and matrices, as maps)."""
    x = g.any_value("vm")
    if x is None:
        return None
    k = g.r.choice(("scal", "axpy", "axpby", "waxpby", "copy"))
    same = [v for v in g.pool if v.kind == x.kind and v.dtype == x.dtype and v.shape == x.shape]
    y = g.r.choice(same)
    o = x.order if x.kind == "m" else "C"
    if k == "copy":
        return g.emit(f"kfuse.blas.copy({x.name})", f"copy({x.name})", f"{x.name}.copy()", x.kind, x.dtype,
                      x.shape, x.hi, x.lo, x.nonneg, order=o)
    a = g.scalar(x.dtype)
    if k == "scal":
        return g.emit(f"kfuse.blas.scal({a[0]}, {x.name})", f"scal({a[1]}, {x.name})",
                      f"{a[2]} * {x.name}", x.kind, x.dtype, x.shape, a[3] * x.hi, order=o)
    if k == "axpy":
        return g.emit(f"kfuse.blas.axpy({a[0]}, {x.name}, {y.name})", f"axpy({a[1]}, {x.name}, {y.name})",
                      f"{a[2]} * {x.name} + {y.name}", x.kind, x.dtype, x.shape, a[3] * x.hi + y.hi, order=o)
    b = g.scalar(x.dtype)
    return g.emit(f"kfuse.blas.{k}({a[0]}, {x.name}, {b[0]}, {y.name})",
                  f"{k}({a[1]}, {x.name}, {b[1]}, {y.name})", f"{a[2]} * {x.name} + {b[2]} * {y.name}",
                  x.kind, x.dtype, x.shape, a[3] * x.hi + b[3] * y.hi, order=o)


def op_reduce(g: _Gen):
    """dot (x @ y), dotc, nrm2, asum, sum, amax of vectors: 0-d device results."""
    x = g.any_value("v")
    if x is None:
        return None
    n = x.shape[0]
    k = g.r.choice(("dot", "dot@", "dotc", "nrm2", "asum", "sum", "amax"))
    if k in ("dot", "dot@", "dotc"):
        y = g.vec(n, x.dtype)
        hi = _hi_dot(n, x.hi, y.hi)
        if k == "dot@":
            return g.emit(f"{x.name} @ {y.name}", f"{x.name} @ {y.name}", f"np.dot({x.name}, {y.name})",
                          "s", x.dtype, (), hi)
        np_ = f"np.dot({x.name}, {y.name})" if k == "dot" else f"np.vdot({x.name}, {y.name})"
        return g.emit(f"kfuse.blas.{k}({x.name}, {y.name})", f"{k}({x.name}, {y.name})", np_, "s", x.dtype, (), hi)
    if k == "nrm2":
        return g.emit(f"kfuse.blas.nrm2({x.name})", f"nrm2({x.name})", f"np.linalg.norm({x.name})", "s",
                      REAL_OF[x.dtype], (), math.sqrt(max(n, 1)) * x.hi, nonneg=True)
    if k == "asum":
        return g.emit(f"kfuse.blas.asum({x.name})", f"asum({x.name})",
                      f"np.sum(np.abs({x.name}.real) + np.abs({x.name}.imag))", "s", REAL_OF[x.dtype], (),
                      max(n, 1) * x.hi * 1.5, nonneg=True)
    if k == "sum":
        return g.emit(f'kfuse.blas.call("sum", {x.name})', f"sum({x.name})", f"np.sum({x.name})", "s",
                      x.dtype, (), max(n, 1) * x.hi)
    if n == 0:
        return None     # the max of nothing: NumPy raises too
    return g.emit(f'kfuse.blas.call("amax", {x.name})', f"amax({x.name})", f"np.max(np.abs({x.name}))", "s",
                  REAL_OF[x.dtype], (), x.hi, nonneg=True)


def op_gemv(g: _Gen):
    """A @ x, A.T @ x, x @ A, gemv/gemv_t with alpha, beta, y."""
    aexpr, shape, a = g.mat()
    rows, cols = shape
    x = g.vec(cols)
    style = g.r.random()
    hi = _hi_dot(cols, a.hi, x.hi)
    if style < 0.5:
        if aexpr.endswith(".T") and g.r.random() < 0.5:   # x @ A is A.T @ x
            return g.emit(f"{x.name} @ {a.name}", f"{x.name} @ {a.name}", f"{x.name} @ {a.name}",
                          "v", g.dtype, (rows,), hi)
        return g.emit(f"{aexpr} @ {x.name}", f"{aexpr} @ {x.name}", f"{aexpr} @ {x.name}", "v", g.dtype,
                      (rows,), hi)
    trans = aexpr.endswith(".T")
    kw_py, kw_kf = [], []
    npx = f"{aexpr} @ {x.name}"
    if g.r.random() < 0.6:
        al = g.scalar()
        kw_py.append(f"alpha={al[0]}")
        kw_kf.append(f"alpha={al[1]}")
        npx = f"{al[2]} * ({npx})"
        hi *= al[3]
    if g.r.random() < 0.5:
        y = g.vec(rows)
        if g.r.random() < 0.6:
            be = g.scalar()
            kw_py.append(f"beta={be[0]}")
            kw_kf.append(f"beta={be[1]}")
            npx += f" + {be[2]} * {y.name}"
            hi += be[3] * y.hi
        else:       # kfuse.blas.gemv: beta is 1 when y is given; the script spells it out
            npx += f" + {y.name}"
            hi += y.hi
            kw_kf.append("beta=1.0")
        kw_py.append(f"y={y.name}")
        kw_kf.append(f"y={y.name}")
    if trans and g.r.random() < 0.5:
        args = [a.name, x.name, "trans=True"] + kw_py
    else:
        args = [aexpr, x.name] + kw_py
    py = f"kfuse.blas.gemv({', '.join(args)})"
    kf = f"{'gemv_t' if trans else 'gemv'}({', '.join([a.name, x.name] + kw_kf)})"
    return g.emit(py, kf, npx, "v", g.dtype, (rows,), hi)


def op_shared(g: _Gen):
    """The same vector on both axes of a square matrix: A @ x with A.T @ x, outer(x, x),
    ger(A, x, x)."""
    sq = [v for v in g.pool if v.kind == "m" and v.dtype == g.dtype and v.shape[0] == v.shape[1]]
    if not sq and g.m != g.n:
        return None
    a = g.r.choice(sq) if sq else g.new_input("m", (g.m, g.m))
    x = g.vec(a.shape[0])
    g.tags.add("shared-axes")
    k = g.r.choice(("bicg", "outer", "ger"))
    if k == "bicg":
        g.emit(f"{a.name} @ {x.name}", f"{a.name} @ {x.name}", f"{a.name} @ {x.name}", "v", g.dtype, x.shape,
               _hi_dot(x.shape[0], a.hi, x.hi))
        return g.emit(f"{a.name}.T @ {x.name}", f"{a.name}.T @ {x.name}", f"{a.name}.T @ {x.name}", "v",
                      g.dtype, x.shape, _hi_dot(x.shape[0], a.hi, x.hi))
    if k == "outer":
        return g.emit(f"kfuse.outer({x.name}, {x.name})", f"outer({x.name}, {x.name})",
                      f"np.outer({x.name}, {x.name})", "m", g.dtype, a.shape, x.hi * x.hi)
    return g.emit(f"kfuse.blas.ger({a.name}, {x.name}, {x.name})", f"ger({a.name}, {x.name}, {x.name})",
                  f"{a.name} + np.outer({x.name}, {x.name})", "m", g.dtype, a.shape, a.hi + x.hi * x.hi,
                  order=a.order)


def op_matrix(g: _Gen):
    """ger(A, x, y[, alpha]), outer(x, y), madd(A, B) (B maybe a transposed view)."""
    k = g.r.choice(("ger", "outer", "madd"))
    aexpr, shape, a = g.mat()
    rows, cols = shape
    if k == "madd":
        same = [v for v in g.pool if v.kind == "m" and v.dtype == g.dtype and v.shape == shape]
        trans = [v for v in g.pool if v.kind == "m" and v.dtype == g.dtype and v.shape == shape[::-1]
                 and v.shape != shape]
        if trans and g.r.random() < 0.4:
            b = g.r.choice(trans)
            bexpr = f"{b.name}.T"
        else:
            b = g.r.choice(same) if same else g.new_input("m", shape)
            bexpr = b.name
        order = "F" if a.order == "F" and not aexpr.endswith(".T") else "C"
        return g.emit(f"kfuse.blas.madd({aexpr}, {bexpr})", f"madd({aexpr}, {bexpr})", f"{aexpr} + {bexpr}",
                      "m", g.dtype, shape, a.hi + b.hi, order=order)
    x, y = g.vec(rows), g.vec(cols)
    if k == "outer":
        return g.emit(f"kfuse.outer({x.name}, {y.name})", f"outer({x.name}, {y.name})",
                      f"np.outer({x.name}, {y.name})", "m", g.dtype, shape, x.hi * y.hi)
    al = g.scalar() if g.r.random() < 0.5 else None
    extra_py, extra_kf = (f", {al[0]}", f", {al[1]}") if al else ("", "")
    npx = f"{aexpr} + {al[2] + ' * ' if al else ''}np.outer({x.name}, {y.name})"
    order = a.order if not aexpr.endswith(".T") else ("C" if a.order == "F" else "F")
    return g.emit(f"kfuse.blas.ger({aexpr}, {x.name}, {y.name}{extra_py})",
                  f"ger({aexpr}, {x.name}, {y.name}{extra_kf})", npx, "m", g.dtype, shape,
                  a.hi + (al[3] if al else 1) * x.hi * y.hi, order=order)


def op_spmv(g: _Gen):
    """S @ x and spmv(S, x, alpha=, beta=, y=) with a CSR or ELLPACK-R matrix."""
    have = [v for v in g.pool if v.kind == "S" and v.dtype == g.dtype]
    if have and g.r.random() < 0.7:
        a = g.r.choice(have)
    else:
        a = g.new_input("S", (g.m, g.n) if g.r.random() < 0.7 else (g.n, g.n))
    rows, cols = a.shape
    x = g.vec(cols)
    hi = _hi_dot(min(cols, a.per_row), a.hi, x.hi)
    if g.r.random() < 0.5:
        return g.emit(f"{a.name} @ {x.name}", f"{a.name} @ {x.name}", f"{a.name} @ {x.name}", "v", g.dtype,
                      (rows,), hi)
    al, be, y = g.scalar(), g.scalar(), g.vec(rows)
    return g.emit(f'kfuse.blas.call("spmv", {a.name}, {x.name}, alpha={al[0]}, beta={be[0]}, y={y.name})',
                  f"spmv({a.name}, {x.name}, alpha={al[1]}, beta={be[1]}, y={y.name})",
                  f"{al[2]} * ({a.name} @ {x.name}) + {be[2]} * {y.name}", "v", g.dtype, (rows,),
                  al[3] * hi + be[3] * y.hi)


OPS = ((op_binary, 5), (op_div, 1), (op_unary, 3), (op_blas1, 3), (op_reduce, 3), (op_gemv, 5),
       (op_shared, 2), (op_matrix, 2), (op_spmv, 1))


# ------------------------------------------------------------------ invalid statements
def invalid_stmt(g: _Gen) -> tuple:
    """(kind, Stmt) of one statement kfuse must refuse (a KfuseError)."""
    kinds = ["shape", "dtype", "matmat", "gemv-length"]
    if g.dtype.startswith("float"):
        kinds.append("complex-literal")
    kind = g.r.choice(kinds)
    name = g.fresh()
    if kind == "shape":
        x = g.vec(g.k)
        y = g.new_input("v", (g.k + 1,))
        return kind, Stmt(name, f"{x.name} + {y.name}", f"{x.name} + {y.name}", "")
    if kind == "dtype":
        other = "float64" if g.dtype != "float64" else "float32"
        x = g.vec(g.k)
        y = g.new_input("v", (g.k,), other)
        return kind, Stmt(name, f"{x.name} - {y.name}", f"{x.name} - {y.name}", "")
    if kind == "complex-literal":
        x = g.vec(g.k)
        return kind, Stmt(name, f"{x.name} * (1+2j)", f"{x.name} * (1 + 2j)", "")
    _, shape, a = g.mat()
    if kind == "matmat":   # matrix @ matrix is a GEMM now: inner sizes that differ are refused
        b = g.new_input("m", (a.shape[1] + 1, 3))
        return kind, Stmt(name, f"{a.name} @ {b.name}", f"{a.name} @ {b.name}", "")
    x = g.new_input("v", (a.shape[1] + 1,))
    return kind, Stmt(name, f"{a.name} @ {x.name}", f"{a.name} @ {x.name}", "")


def generate(seed: int, big: bool = False, max_ops: int = 7) -> FuzzProgram:
    """The program of ``seed`` (``big``: matrices up to 2^22 elements, else 2^19)."""
    g = _Gen(seed, big)
    n_ops = g.r.randint(1, max_ops)
    g.new_input("v", (g.k,))
    if g.r.random() < 0.7:
        g.mat()
    fns, weights = zip(*OPS)
    tries = 0
    while len(g.stmts) < n_ops and tries < 20 * n_ops:
        tries += 1
        g.r.choices(fns, weights)[0](g)
    if not g.stmts:
        op_binary(g)
    consumed = set()
    for s in g.stmts:
        consumed.update(tok for tok in _names(s.np))
    temps = [s.name for s in g.stmts]
    outs = [t for t in temps if t not in consumed]
    outs += [t for t in temps if t not in outs and g.r.random() < 0.25]
    outs = sorted(outs, key=temps.index)[:6] or [temps[-1]]
    valid, kind = True, ""
    if g.r.random() < 0.1:
        kind, st = invalid_stmt(g)
        g.stmts.append(st)
        outs.append(st.name)
        valid = False
    plan = "unfused" if g.r.random() < 0.2 else "default"
    if any(0 in v.shape for v in g.inputs):
        g.tags.add("empty")
    return FuzzProgram(seed, g.front, g.dtype, dict(g.sizes), g.inputs, g.stmts, outs, valid, kind,
                       plan, g.tags)


def _names(text: str):
    import re
    return re.findall(r"\bt\d+\b", text)
