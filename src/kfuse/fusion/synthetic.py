"""Synthetic whole-application programs (seeded), to test and benchmark the fusion searches.

The seed's applications (SCALE-LES, HOMME, Fluam ...) run dozens to hundreds of kernels per
time step over a handful of fields: long chains of elementwise updates, reductions whose
results (norms, CFL numbers) scale later updates, and a few passes over matrices.  The
programs here have that shape, with the elementary functions kfuse has today:

* **fields**: long vectors of length ``n`` (the application's fields), and short vectors of
  length ``rows`` and ``cols`` with ``rows x cols`` matrices (small dense operators);
* **maps** over vectors (``add``, ``sub``, ``mul``, ``axpy``, ``axpby``, ``waxpby``, ``scal``,
  ``abs``, ``sqrt``, ``exp``) and matrices (``madd``, ``ger``);
* **reductions** (``dot``, ``nrm2``, ``asum``, ``amax``, ``sum``) whose scalar results scale
  later maps (a global barrier between the two);
* **nested reductions** over matrices (``gemv``, ``gemv_t``) that turn one kind of vector
  into the other.

``shape="dag"`` draws each operand from the fields alive in a window of recent values
(several independent chains that meet and part); ``shape="chain"`` makes every call read the
previous call's result (a chain: :mod:`kfuse.fusion.local` solves those exactly).

Stencils (``stencil=True``): SCALE-LES-like programs over ``fields`` 3-D grid fields
of shape ``grid``, from :data:`STENCIL_OPS` (the operation table :data:`OPS`'s counterpart):

* **"G"** values span the whole grid (the fields, ``v = mom / dens``, ``p = c * rhot``, and
  ``interior(q, new)`` updates that keep the boundary); **"I"** values span its interior
  (``2:-2`` on every axis, the radius of 4th-order stencils);
* **stencil calls** read window views of "G" values at offsets -2..2 along one axis (the
  interior across it): two points of one field (the terms of 4th-order interpolations and
  differences) or a product of two fields at offsets (fluxes such as ``mf * interp(v)``);
* **pointwise calls** over "I" values (sums of terms, scaling by 7/12 or -1/12, the update
  ``q[2:-2, 2:-2, 2:-2] - tend``), and a few reductions (``max``, ``sum``: CFL numbers) whose
  results scale later terms.

Each operation emits exactly one call, so a program has exactly ``calls`` calls.
"""
from __future__ import annotations

import dataclasses
import random

from ..frontend.builder import GraphBuilder
from ..ir import ArrayType, Program

__all__ = ["OPS", "STENCIL_OPS", "Op", "synthetic_program"]


@dataclasses.dataclass(frozen=True)
class Op:
    """One kind of call: ``reads`` are the operand kinds ("n", "r", "c": vectors of length n,
    rows or cols, "A": a rows x cols matrix, "s": a scalar made by a reduction), ``weight`` its frequency, and
    ``emit(b, fn, operands, consts) -> value`` appends it to the builder ``b``."""
    fn: str
    reads: tuple
    makes: str
    weight: float
    emit: object


def _map2(b, fn, ops, c):
    return b.call(fn, {"x": ops[0], "y": ops[1]})


def _map1(b, fn, ops, c):
    return b.call(fn, {"x": ops[0]})


def _axpy(b, fn, ops, c):
    alpha = ops[2] if len(ops) > 2 else c["a"]
    return b.call("axpy", {"alpha": alpha, "x": ops[0], "y": ops[1]})


def _axpby(b, fn, ops, c):
    return b.call(fn, {"alpha": c["a"], "x": ops[0], "beta": c["b"], "y": ops[1]})


def _scal(b, fn, ops, c):
    return b.call("scal", {"alpha": ops[1] if len(ops) > 1 else c["a"], "x": ops[0]})


def _reduce1(b, fn, ops, c):
    return b.call(fn, {"x": ops[0]})


def _dot(b, fn, ops, c):
    return b.call("dot", {"x": ops[0], "y": ops[1]})


def _gemv(b, fn, ops, c):
    return b.call(fn, {"A": ops[0], "x": ops[1]})


def _ger(b, fn, ops, c):
    return b.call("ger", {"A": ops[0], "x": ops[1], "y": ops[2], "alpha": c["a"]})


def _madd(b, fn, ops, c):
    return b.call("madd", {"A": ops[0], "B": ops[1]})


def _vector_ops(k: str) -> list:
    """Maps and reductions over vectors of kind ``k`` ("n", "r" or "c")."""
    return [Op("add", (k, k), k, 3, _map2), Op("sub", (k, k), k, 2, _map2), Op("mul", (k, k), k, 3, _map2),
            Op("axpy", (k, k), k, 3, _axpy), Op("axpy", (k, k, "s"), k, 1.5, _axpy),
            Op("axpby", (k, k), k, 1.5, _axpby), Op("waxpby", (k, k), k, 1, _axpby),
            Op("scal", (k,), k, 1, _scal), Op("scal", (k, "s"), k, 1, _scal),
            Op("abs", (k,), k, 0.5, _map1), Op("sqrt", (k,), k, 0.3, _map1), Op("exp", (k,), k, 0.3, _map1),
            Op("dot", (k, k), "s", 1, _dot), Op("nrm2", (k,), "s", 0.6, _reduce1),
            Op("asum", (k,), "s", 0.3, _reduce1), Op("amax", (k,), "s", 0.3, _reduce1),
            Op("sum", (k,), "s", 0.3, _reduce1)]


#: every kind of call the generator draws (``matrices=False`` leaves out those reading "A")
OPS: list = _vector_ops("n") + _vector_ops("n") + _vector_ops("r") + _vector_ops("c") + [
    Op("gemv", ("A", "c"), "r", 1.5, _gemv), Op("gemv_t", ("A", "r"), "c", 1.5, _gemv),
    Op("ger", ("A", "r", "c"), "A", 0.5, _ger), Op("madd", ("A", "A"), "A", 0.2, _madd)]


# ------------------------------------------------------------------ stencil calls
HALO = 2   # the radius of the stencils (4th order): "I" values span [HALO:-HALO] on every axis


def _shifted(b, field: str, grid: tuple, axis: int, d: int) -> str:
    """The window of a "G" value at offset ``d`` along ``axis``, over the interior across it."""
    return b.window(field, tuple((HALO + d, n - HALO + d) if a == axis else (HALO, n - HALO)
                                 for a, n in enumerate(grid)))


def _two_points(b, fn, ops, c):
    """``f[i + d1] op f[i + d2]`` along a random axis (a term of a 4th-order stencil)."""
    rng, grid = c["rng"], c["grid"]
    axis = rng.randrange(3)
    d1, d2 = rng.sample(range(-HALO, HALO + 1), 2)
    return b.call(fn, {"x": _shifted(b, ops[0], grid, axis, d1), "y": _shifted(b, ops[0], grid, axis, d2)})


def _flux(b, fn, ops, c):
    """``f[i + d1] * g[i + d2]`` along a random axis (a flux: mass flux times a value)."""
    rng, grid = c["rng"], c["grid"]
    axis = rng.randrange(3)
    return b.call(fn, {"x": _shifted(b, ops[0], grid, axis, rng.randint(-HALO, HALO)),
                       "y": _shifted(b, ops[1], grid, axis, rng.randint(-HALO, HALO))})


def _scale(b, fn, ops, c):
    """A term scaled by 7/12 or -1/12 (4th-order interpolation weights), or by a scalar."""
    k = ops[1] if len(ops) > 1 else c["rng"].choice((c["f7"], c["f1"]))
    return b.call("mul", {"x": ops[0], "y": k})


def _update(b, fn, ops, c):
    """``q[2:-2, 2:-2, 2:-2] - tend`` (a field's stage update at the interior)."""
    return b.call("sub", {"x": _shifted(b, ops[0], c["grid"], 0, 0), "y": ops[1]})


def _interior(b, fn, ops, c):
    """``interior(q, new)``: the field with its interior replaced (the boundary kept)."""
    return b.call("interior", {"u": ops[0], "inner": ops[1]})


def _grid_const(b, fn, ops, c):
    """``c * q`` over the whole grid (an equation of state such as ``p = cs2 * rhot``)."""
    return b.call("mul", {"x": ops[0], "y": c["a"]})


#: the stencil counterpart of :data:`OPS` ("G": whole-grid values, "I": interior values)
STENCIL_OPS: list = [
    Op("add", ("G",), "I", 3, _two_points), Op("sub", ("G",), "I", 3, _two_points),
    Op("mul", ("G", "G"), "I", 2.5, _flux),
    Op("add", ("I", "I"), "I", 4, _map2), Op("sub", ("I", "I"), "I", 1.5, _map2),
    Op("mul", ("I", "I"), "I", 1, _map2), Op("mul", ("I",), "I", 2, _scale),
    Op("div", ("G", "G"), "G", 0.6, _map2), Op("mul", ("G",), "G", 0.3, _grid_const),
    Op("sub", ("G", "I"), "I", 1, _update), Op("interior", ("G", "I"), "G", 1.2, _interior),
    Op("max", ("I",), "s", 0.15, _reduce1), Op("sum", ("I",), "s", 0.1, _reduce1),
    Op("mul", ("I", "s"), "I", 0.3, _scale)]


def synthetic_program(calls: int, seed: int = 0, shape: str = "dag", n: int = 1 << 20, rows: int = 4096,
                      cols: int = 2048,
                      matrices: bool = True, fields: int = 4, window: int = 6, dtype: str = "float32",
                      name: str | None = None, stencil: bool = False, grid: tuple = (64, 128, 128)) -> Program:
    """A program of exactly ``calls`` calls shaped like a whole application (see the module).

    ``seed`` fixes it; ``shape`` is "dag" or "chain"; ``n``: the fields' length, ``rows`` and
    ``cols``: the matrices' shape; ``fields``: input fields of each vector kind; ``window``: how many of the
    most recent values of a kind a call may read (small: long chains; large: a wide DAG).
    ``stencil=True``: a SCALE-LES-like stencil program over ``fields`` grid fields of shape
    ``grid`` (three axes of at least 5) instead (``n``, ``rows``, ``cols``, ``matrices`` unused)."""
    if shape not in ("dag", "chain"):
        raise ValueError(f"shape must be 'dag' or 'chain', got {shape!r}")
    if calls < 1:
        raise ValueError(f"calls must be at least 1, got {calls}")
    if stencil and (len(grid) != 3 or min(grid) < 2 * HALO + 1):
        raise ValueError(f"grid must have 3 axes of at least {2 * HALO + 1}, got {grid!r}")
    rng = random.Random(seed)
    b = GraphBuilder(name or f"synthetic_{'stencil_' if stencil else ''}{shape}_{calls}_{seed}", dtype)
    live = {"n": [], "r": [], "c": [], "A": [], "s": [], "G": [], "I": []}
    consts = {"a": b.const(0.5), "b": b.const(-1.25)}
    if stencil:
        live["G"] = [b.add_input(f"q{i}", ArrayType("grid", dtype, tuple(grid))) for i in range(fields)]
        consts.update(rng=rng, grid=tuple(grid), f7=b.const(7.0 / 12.0), f1=b.const(-1.0 / 12.0))
        ops = STENCIL_OPS
    else:
        for i in range(fields):
            live["n"].append(b.add_input(f"u{i}", ArrayType("vector", dtype, (n,))))
            if matrices:
                live["r"].append(b.add_input(f"y{i}", ArrayType("vector", dtype, (rows,))))
                live["c"].append(b.add_input(f"x{i}", ArrayType("vector", dtype, (cols,))))
        if matrices:
            live["A"] = [b.add_input(f"A{i}", ArrayType("matrix", dtype, (rows, cols))) for i in range(2)]
        ops = [op for op in OPS if matrices or not {"A", "r", "c"} & set(op.reads)]
    kind_of = {v: k for k, vs in live.items() for v in vs}
    made: list = []
    last = None
    while len(b.calls) < calls:
        op = _draw(rng, ops, live, last if shape == "chain" else None, kind_of)
        if op is None:
            raise ValueError("no call can be drawn")   # cannot happen: vector maps always can
        operands = _operands(rng, op, live, window, last if shape == "chain" else None, kind_of)
        out = op.emit(b, op.fn, operands, consts)
        live[op.makes].append(out)
        kind_of[out] = op.makes
        made.append(out)
        last = out
    return b.finish(_outputs(b, made))


def _draw(rng, ops, live, last, kind_of):
    """An operation whose operands exist (``last``: one of them must be of its kind)."""
    want = kind_of[last] if last is not None else None
    fit = [op for op in ops if all(live[k] for k in op.reads) and (want is None or want in op.reads)]
    if not fit:
        return None
    return rng.choices(fit, weights=[op.weight for op in fit])[0]


def _operands(rng, op, live, window, last, kind_of) -> list:
    """Operands for ``op``: recent values of each kind read (``last`` first where given)."""
    out, first = [], last
    for k in op.reads:
        if first is not None and kind_of[first] == k:
            out.append(first)
            first = None
            continue
        pool = live[k][-window:]
        pick = rng.choice(pool)
        if pick in out and len(pool) > 1:
            pick = rng.choice([v for v in pool if v not in out] or pool)
        out.append(pick)
    return out


def _outputs(b, made: list) -> list:
    """The values the program returns: every value nobody reads (the application's results)."""
    read = set()
    for c in b.calls:
        for a in c.args.values():
            v = b.values[a]
            read.add(v.view_of if v.window else a)   # a window view reads its base
    return [v for v in made if v not in read]
