"""A generated stencil program (:mod:`tests.fuzz.stencil_gen` makes them): its statements in
the Python and ``.kf`` forms, random inputs, the NumPy float64 oracle and the error bounds.

The oracle runs the program's own Python text with ``kfuse`` bound to NumPy (:data:`NUMPY`:
``kfuse.interior`` is a copy with the interior replaced, ``kfuse.sum`` is ``np.sum``...) on
float64 copies of the inputs: what NumPy computes on the code a user wrote is the definition
of right.  Each output carries a static bound (``hi``: of its magnitude, ``err``: of the
rounding error of a device computing in the program's element type, in units of the unit
roundoff), propagated statement by statement by the generator.
"""
from __future__ import annotations

import dataclasses
import math
import types

import numpy as np

UNIT = {"float32": 2.0 ** -24, "float64": 2.0 ** -53}
TINY = {"float32": 1e-30, "float64": 1e-290}


def _np_interior(u, new):
    h = [(a - b) // 2 for a, b in zip(u.shape, new.shape)]
    out = np.array(u, copy=True)
    out[tuple(slice(k, n - k) for k, n in zip(h, u.shape))] = new
    return out


#: what ``kfuse.`` means in the oracle
NUMPY = types.SimpleNamespace(where=np.where, maximum=np.maximum, minimum=np.minimum, sqrt=np.sqrt,
                              exp=np.exp, abs=np.abs, interior=_np_interior, max=np.max, min=np.min,
                              sum=np.sum)


@dataclasses.dataclass
class Line:
    """One statement: ``py`` (Python) and ``kf`` (script) text, ``what`` it is."""

    py: str
    kf: str
    what: str = ""


@dataclasses.dataclass
class StencilProgram:
    """One generated stencil program."""

    seed: int
    front: str                  # "py" (kfuse.jit of a function) or "kf" (a script)
    dtype: str
    sizes: dict                 # symbol -> extent (scripts declare grids with the symbols)
    arrays: list                # (name, shape in symbols, order) of the grid inputs
    scalars: list               # names of the scalar inputs (Python numbers)
    lines: list
    outputs: list
    bounds: dict                # output -> (hi, err in units of the unit roundoff)
    valid: bool = True
    invalid_kind: str = ""
    plan: str = "default"       # "default" (the fusion search) or "unfused"
    tags: set = dataclasses.field(default_factory=set)

    @property
    def input_names(self) -> list:
        return [a[0] for a in self.arrays] + list(self.scalars)

    def shape(self, name: str) -> tuple:
        dims = next(a[1] for a in self.arrays if a[0] == name)
        return tuple(self.sizes[d] for d in dims)

    def order(self, name: str) -> str:
        return next(a[2] for a in self.arrays if a[0] == name)

    # ------------------------------------------------------------ renderings
    def python_source(self) -> str:
        lines = [f"def prog({', '.join(self.input_names)}):"]
        lines += [f"    {ln.py}" for ln in self.lines]
        lines.append(f"    return {', '.join(self.outputs)}{',' if len(self.outputs) == 1 else ''}")
        return "\n".join(lines) + "\n"

    def python_function(self, kfuse_ns=None):
        """``prog`` with ``kfuse`` bound to ``kfuse_ns`` (default: kfuse itself)."""
        if kfuse_ns is None:
            import kfuse as kfuse_ns
        ns = {"kfuse": kfuse_ns}
        exec(compile(self.python_source(), f"<stencil fuzz seed {self.seed}>", "exec"), ns)  # noqa: S102
        return ns["prog"]

    def script_source(self) -> str:
        lines = [f"# kfuse stencil fuzz program, seed {self.seed}"]
        for name, dims, order in self.arrays:
            lines.append(f"grid {name}({', '.join(dims)}{', order=F' if order == 'F' else ''});")
        if self.scalars:
            lines.append(f"scalar {', '.join(self.scalars)};")
        lines.append(f"input {', '.join(self.input_names)};")
        lines += [f"{ln.kf};" for ln in self.lines]
        lines.append(f"return {', '.join(self.outputs)};")
        return "\n".join(lines) + "\n"

    def source(self) -> str:
        return self.python_source() if self.front == "py" else self.script_source()

    def describe(self) -> str:
        shapes = ", ".join(f"{n}{self.shape(n)}{' F' if o == 'F' else ''}" for n, _, o in self.arrays)
        head = (f"stencil seed {self.seed}: {self.front} {self.dtype} plan {self.plan} inputs {shapes}"
                f"{'' if self.valid else ' INVALID (' + self.invalid_kind + ')'}"
                f"{' tags ' + ','.join(sorted(self.tags)) if self.tags else ''}")
        return head + "\n" + self.source()

    # ------------------------------------------------------------ inputs, oracle, bounds
    def random_inputs(self, seed: int | None = None) -> dict:
        """name -> NumPy array (the program's dtype and the input's order, uniform in [-1, 1))
        or Python float."""
        rng = np.random.default_rng(self.seed if seed is None else seed)
        out = {}
        for name, _, order in self.arrays:
            a = rng.uniform(-1, 1, size=self.shape(name)).astype(self.dtype)
            out[name] = np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)
        for name in self.scalars:
            out[name] = float(np.round(rng.uniform(-1, 1), 6))
        return out

    def numpy_eval(self, inputs: dict) -> list:
        """The outputs NumPy computes in float64 running the program's Python text."""
        fn = self.python_function(NUMPY)
        args = [np.array(inputs[n], dtype=np.float64) if not isinstance(inputs[n], float) else inputs[n]
                for n in self.input_names]
        with np.errstate(over="raise", invalid="raise", divide="raise", under="ignore"):
            outs = fn(*args)
        return [np.asarray(o, dtype=np.float64) for o in outs]

    def tolerance(self, output: str):
        """The largest |device - NumPy float64| allowed for ``output``: twice its rounding bound
        (the oracle rounds too) plus a floor for subnormals."""
        hi, err = self.bounds[output]
        return 2 * err * UNIT[self.dtype] + TINY[self.dtype]


def reduce_k(n: int) -> float:
    """Rounding of a sum over ``n`` terms in units of u (blocked and tree sums, atomics)."""
    return 16 + 2 * math.log2(n + 1) + 2 * math.sqrt(n)
