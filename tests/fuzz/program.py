"""The generated programs: values, statements, and a program's renderings (Python function,
``.kf`` script), random inputs and float64 NumPy evaluation.  :mod:`tests.fuzz.generator`
makes them."""
from __future__ import annotations

import dataclasses

import numpy as np

REAL_OF = {"float32": "float32", "float64": "float64", "complex64": "float32", "complex128": "float64"}

@dataclasses.dataclass
class Val:
    """A value of the generated program, with what the generator knows about it."""

    name: str
    kind: str                   # "s" scalar, "v" vector, "m" matrix, "S" sparse matrix
    dtype: str
    shape: tuple
    order: str = "C"
    hi: float = 1.0             # |value| <= hi (elementwise)
    lo: float = 0.0             # |value| >= lo
    nonneg: bool = False        # real and >= 0
    host: bool = False          # a scalar input passed as a Python number
    inp: bool = False           # a program input
    fmt: str = ""               # sparse: "csr" or "ell"
    per_row: int = 0            # sparse: at most this many entries per row

    @property
    def real(self) -> bool:
        return not self.dtype.startswith("complex")


@dataclasses.dataclass
class Stmt:
    """``name = expr`` in the three renderings."""

    name: str
    py: str
    kf: str
    np: str


@dataclasses.dataclass
class FuzzProgram:
    """One generated program: inputs, statements, outputs and how to run it."""

    seed: int
    front: str                  # "py" (traced function) or "kf" (script)
    dtype: str
    sizes: dict                 # size symbol -> int (scripts use the symbols)
    inputs: list
    stmts: list
    outputs: list
    valid: bool = True
    invalid_kind: str = ""
    plan: str = "default"       # "default" (the fusion search) or "unfused"
    tags: set = dataclasses.field(default_factory=set)

    # ------------------------------------------------------------ renderings
    def python_source(self) -> str:
        """The program as a Python function ``prog`` (kfuse and np in its namespace)."""
        lines = [f"def prog({', '.join(v.name for v in self.inputs)}):"]
        lines += [f"    {s.name} = {s.py}" for s in self.stmts]
        lines.append(f"    return {', '.join(self.outputs)}{',' if len(self.outputs) == 1 else ''}")
        return "\n".join(lines) + "\n"

    def python_function(self):
        import kfuse
        ns = {"kfuse": kfuse}
        exec(compile(self.python_source(), f"<fuzz seed {self.seed}>", "exec"), ns)  # noqa: S102
        return ns["prog"]

    def script_source(self) -> str:
        """The program as a ``.kf`` script (sizes symbolic where ``sizes`` names them)."""
        kinds = {"s": "scalar", "v": "vector", "m": "matrix"}
        lines = [f"# kfuse fuzz program, seed {self.seed}"]
        for v in self.inputs:
            kinds["S"] = v.fmt
            dims = [self._dim(d) for d in v.shape]
            if v.kind == "m" and v.order == "F":
                dims.append("order=F")
            lines.append(f"{v.dtype} {kinds[v.kind]} {v.name}{'(' + ', '.join(dims) + ')' if dims else ''};")
        lines.append(f"input {', '.join(v.name for v in self.inputs)};")
        lines += [f"{s.name} = {s.kf};" for s in self.stmts]
        lines.append(f"return {', '.join(self.outputs)};")
        return "\n".join(lines) + "\n"

    def _dim(self, d: int) -> str:
        for sym, val in self.sizes.items():
            if val == d:
                return sym
        return str(d)

    def source(self) -> str:
        return self.python_source() if self.front == "py" else self.script_source()

    def describe(self) -> str:
        head = (f"seed {self.seed}: {self.front} {self.dtype} sizes {self.sizes} plan {self.plan}"
                f"{'' if self.valid else ' INVALID (' + self.invalid_kind + ')'}"
                f"{' tags ' + ','.join(sorted(self.tags)) if self.tags else ''}")
        return head + "\n" + self.source()

    # ------------------------------------------------------------ inputs and oracle
    def random_inputs(self, seed: int | None = None) -> dict:
        """name -> NumPy array of the input's dtype and order, uniform in [-1, 1) (complex: both
        parts); host scalars as Python numbers, device scalars as 0-d arrays."""
        rng = np.random.default_rng(self.seed if seed is None else seed)
        out = {}
        for v in self.inputs:
            if v.kind == "S":       # the same sparse matrix for every input seed (one trace)
                out[v.name] = sparse_input(v, self.seed)
                continue
            a = rng.uniform(-1, 1, size=v.shape)
            if not v.real:
                a = a + 1j * rng.uniform(-1, 1, size=v.shape)
            a = np.asarray(a).astype(v.dtype)
            if v.kind == "m":
                a = np.asfortranarray(a) if v.order == "F" else np.ascontiguousarray(a)
            out[v.name] = a.item() if v.host else a
        return out

    def numpy_eval(self, inputs: dict) -> list:
        """The outputs computed by NumPy in float64/complex128 from the statements' NumPy form."""
        ns = {"np": np}
        for v in self.inputs:
            x = _dense(inputs[v.name]) if v.kind == "S" else inputs[v.name]
            ns[v.name] = np.asarray(x, dtype=np.complex128 if not v.real else np.float64)
        for s in self.stmts:
            ns[s.name] = eval(s.np, ns)  # noqa: S307 - our own generated text
        return [ns[o] for o in self.outputs]


def _dense(m):
    from kfuse import sparse
    return sparse.CSR.from_any(m).todense()


def sparse_input(v: Val, seed: int):
    """The host CSR/ELL matrix of sparse input ``v`` (entries in [-1, 1), rows may be empty)."""
    from kfuse import sparse
    m = sparse.random_sparse(v.shape[0], v.shape[1], v.per_row, v.dtype, seed * 131 + len(v.name))
    return m.to_ell() if v.fmt == "ell" else m
