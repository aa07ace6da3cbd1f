"""Elementary functions in the form of Filipovic et al. (section 4.3).

An elementary function is a higher-order function (``map``, ``reduce``,
``nested_map``, ``nested_reduce``) applied to a first-order function written as
CUDA routines, plus metadata that tells the compiler how it may be fused:

* ``hof`` -- the higher-order function;
* the parameters: kind (scalar, vector, matrix, or ``elem`` = "scalar or an
  array of the call's shape"), and for nested functions which logical axis a
  vector follows (``i`` = rows of the matrix, ``j`` = columns);
* ``compute`` -- CUDA statements run once per element (instance).  For a map
  they assign the outputs; for a reduction they fold one element into ``acc``;
* ``combine`` -- the reduction's associative operator (``+``, ``max``, ``min``);
* ``finalize`` -- statements run once per reduced output, reading ``acc`` and
  the ``stage="finalize"`` inputs, assigning the output;
* element shape (one element per thread per instance: ``threads_per_instance``
  is 1 for every built-in) and the variants it has.

The code generator turns each function into routines -- a load per input, a
compute, a store (or finalize) per output -- and glues them into kernels.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..errors import DTypeError, ShapeError
from ..ir import ArrayType, complex_of, real_dtype, is_complex

HOFS = ("map", "reduce", "nested_map", "nested_reduce", "sparse_reduce", "contraction", "solve")
COMBINES = {"+": "kf_op_add", "max": "kf_op_max", "min": "kf_op_min"}


@dataclasses.dataclass(frozen=True)
class Param:
    """A parameter of an elementary function.

    kind: ``scalar``, ``vector``, ``matrix`` or ``elem``.  index: for vectors of
    nested functions, the matrix axis they follow (``i`` rows, ``j`` columns).
    stage: ``compute`` inputs are read per element, ``finalize`` inputs per
    reduced output.  default: the literal used when an optional parameter is
    absent (0 for an absent vector).  dtype (outputs): ``same`` or ``real``.
    """

    name: str
    kind: str
    index: str = ""
    optional: bool = False
    default: object = None
    stage: str = "compute"
    dtype: str = "same"

    def to_json(self) -> dict:
        return {k: v for k, v in dataclasses.asdict(self).items()
                if not (v is None or v is False or v == "")}


@dataclasses.dataclass
class ElementaryFunction:
    """An elementary function: metadata plus CUDA routine bodies (see module doc)."""

    name: str
    hof: str
    inputs: tuple
    outputs: tuple
    compute: str
    combine: str | None = None
    finalize: str | None = None
    reduce_axis: str | None = None          # nested_reduce: the axis summed over ('i' or 'j')
    reference: Callable | None = None       # NumPy float64 implementation: f(**inputs) -> dict of outputs
    doc: str = ""
    flops: int = 1                          # floating-point operations per element (for reports)
    threads_per_instance: int = 1
    variants: tuple = ("registers",)
    builtin: bool = True
    linear_finalize: bool = False           # finalize(a + b) = finalize(a) + finalize(b) - finalize(0):
                                            # partial results may then be finished by atomics

    def __post_init__(self):
        if self.hof not in HOFS:
            raise ValueError(f"{self.name}: hof must be one of {HOFS}, got {self.hof!r}")
        if self.is_reduce and self.combine not in COMBINES:
            raise ValueError(f"{self.name}: a reduction needs combine in {tuple(COMBINES)}")
        if self.hof in ("nested_reduce", "sparse_reduce") and self.reduce_axis not in ("i", "j"):
            raise ValueError(f"{self.name}: {self.hof} needs reduce_axis 'i' or 'j'")
        if len(self.outputs) != 1:
            raise ValueError(f"{self.name}: elementary functions have exactly one output")
        names = [p.name for p in self.inputs + self.outputs]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: duplicate parameter names {names}")
        for p in self.inputs + self.outputs:
            if p.kind not in ("scalar", "vector", "matrix", "elem", "sparse"):
                raise ValueError(f"{self.name}: parameter {p.name} has unknown kind {p.kind!r}")
            if self.two_d and p.kind == "vector" and p.index not in ("i", "j"):
                raise ValueError(f"{self.name}: vector {p.name} of a nested function needs index 'i' or 'j'")

    # ----------------------------------------------------------------- metadata
    @property
    def is_reduce(self) -> bool:
        return self.hof in ("reduce", "nested_reduce", "sparse_reduce")

    @property
    def nested(self) -> bool:
        return self.hof.startswith("nested")

    @property
    def two_d(self) -> bool:
        """Whether the function iterates over a matrix (dense tiles or sparse rows)."""
        return self.nested or self.hof == "sparse_reduce"

    @property
    def output(self) -> Param:
        return self.outputs[0]

    def param(self, name: str) -> Param:
        for p in self.inputs + self.outputs:
            if p.name == name:
                return p
        raise KeyError(name)

    def metadata(self) -> dict:
        """The metadata as a JSON-able dict (shown by ``kfuse library``)."""
        return {"name": self.name, "hof": self.hof, "inputs": [p.to_json() for p in self.inputs],
                "outputs": [p.to_json() for p in self.outputs], "combine": self.combine,
                "reduce_axis": self.reduce_axis, "element": "scalar",
                "threads_per_instance": self.threads_per_instance, "variants": list(self.variants),
                "access": self.access_pattern(), "doc": self.doc}

    def access_pattern(self) -> dict:
        """Thread-to-data mapping of each parameter: how one instance touches it."""
        acc = {}
        for p in self.inputs + self.outputs:
            if self.is_reduce and p in self.outputs and not self.two_d:
                acc[p.name] = "reduced"
            elif p.kind == "scalar":
                acc[p.name] = "invariant"
            elif p.kind == "matrix" or (p.kind == "elem" and self.nested):
                acc[p.name] = "element(i,j)"
            elif p.kind == "sparse":
                acc[p.name] = "row nonzeros(i)"
            elif self.two_d:
                acc[p.name] = f"element({p.index})" if self.nested or p.index == "i" else "gathered(j)"
            elif p.kind == "elem" and self.output.kind == "scalar" and p in self.outputs:
                acc[p.name] = "reduced"
            else:
                acc[p.name] = "element(i)" if not (self.is_reduce and p in self.outputs) else "reduced"
        return acc

    # ----------------------------------------------------------------- typing
    def infer(self, args: dict, weak: frozenset = frozenset()) -> ArrayType:
        """Check argument types and return the output's type.

        ``args`` maps parameter names to ArrayTypes (absent optionals omitted);
        ``weak`` names arguments that are literals, whose element type adapts.
        Raises ShapeError / DTypeError naming the function and the argument.
        """
        for p in self.inputs:
            if p.name not in args and not p.optional:
                raise ShapeError(f"{self.name}: missing argument {p.name!r}")
        for name in args:
            if not any(p.name == name for p in self.inputs):
                raise ShapeError(f"{self.name}: unknown argument {name!r} "
                                 f"(parameters: {', '.join(p.name for p in self.inputs)})")
        dtype = self._common_dtype(args, weak)
        kinds = {n: self._check_kind(self.param(n), t) for n, t in args.items()}
        out = self.output
        if self.two_d:
            m, n, order = self._nested_domain(args)
            if out.kind == "matrix" or out.kind == "elem":
                shape, kind = (m, n), "matrix"
            else:
                kind, shape = "vector", ((m,) if out.index == "i" else (n,))
            otype = ArrayType(kind, dtype, shape, order if kind == "matrix" else "C")
        else:
            shape, kind, order = self._flat_domain(args, kinds)
            if self.is_reduce:
                if kind == "scalar":
                    raise ShapeError(f"{self.name}: reduces an array; got only scalars")
                if self.combine in ("max", "min") and any(not isinstance(d, str) and d == 0 for d in shape):
                    raise ShapeError(f"{self.name}: the {self.combine}imum of an empty array (shape "
                                     f"{tuple(shape)}) is undefined (NumPy raises too)")
                kind, shape, order = "scalar", (), "C"
            elif out.kind == "scalar":
                kind, shape, order = "scalar", (), "C"
            otype = ArrayType(kind, dtype, shape, order)
        if out.dtype == "real":
            otype = otype.with_dtype(real_dtype(dtype))
        return otype

    def _common_dtype(self, args: dict, weak: frozenset) -> str:
        strong = {n: t.dtype for n, t in args.items() if n not in weak}
        if not strong:
            return next(iter(args.values())).dtype if args else "float32"
        dtypes = set(strong.values())
        if len(dtypes) > 1:
            detail = ", ".join(f"{n}: {d}" for n, d in strong.items())
            raise DTypeError(f"{self.name}: mismatched element types ({detail}); "
                             "convert explicitly, kfuse does not promote")
        dtype = dtypes.pop()
        for n in weak & set(args):
            if is_complex(args[n].dtype) and not is_complex(dtype):
                raise DTypeError(f"{self.name}: complex literal for {n!r} with {dtype} operands: NumPy "
                                 f"would promote the result to {complex_of(dtype)}, kfuse does not "
                                 f"promote arrays; convert the operands to {complex_of(dtype)} first")
        return dtype

    def _check_kind(self, p: Param, t: ArrayType) -> str:
        if p.kind == "elem":
            return t.kind
        if t.kind != p.kind:
            raise ShapeError(f"{self.name}: argument {p.name!r} must be a {p.kind}, got {t.describe()}")
        return t.kind

    def _flat_domain(self, args: dict, kinds: dict):
        ref_name, ref = None, None
        for name, t in args.items():
            if t.kind == "scalar":
                continue
            if ref is None:
                ref_name, ref = name, t
                continue
            if t.kind != ref.kind or not _same_shape(t.shape, ref.shape):
                raise ShapeError(f"{self.name}: shapes of {ref_name!r} {ref.describe()} and {name!r} "
                                 f"{t.describe()} do not match")
        if ref is None:
            return (), "scalar", "C"
        # NumPy-like: column-major only when every matrix (grid) operand is (``A.T + B`` is row-major)
        orders = {t.order for t in args.values() if t.kind in ("matrix", "grid")}
        return ref.shape, ref.kind, ("F" if orders == {"F"} else "C")

    def _nested_domain(self, args: dict):
        m = n = None
        order = "C"
        where = {}

        def unify(axis, d, who):
            nonlocal m, n
            cur = m if axis == "i" else n
            if cur is None:
                if axis == "i":
                    m = d
                else:
                    n = d
                where[axis] = who
            elif not _same_dim(cur, d):
                raise ShapeError(f"{self.name}: {who} has {'rows' if axis == 'i' else 'columns'} {d} "
                                 f"but {where[axis]} has {cur}")

        first_matrix = True
        for name, t in args.items():
            p = self.param(name)
            if t.kind in ("matrix", "sparse"):
                unify("i", t.shape[0], f"{name!r} {t.describe()}")
                unify("j", t.shape[1], f"{name!r} {t.describe()}")
                if first_matrix and t.kind == "matrix":
                    order, first_matrix = t.order, False
            elif t.kind == "vector":
                unify(p.index, t.shape[0], f"{name!r} {t.describe()}")
        if m is None or n is None:
            raise ShapeError(f"{self.name}: cannot tell the matrix shape from the arguments")
        return m, n, order


def _same_dim(a, b) -> bool:
    """Dims agree if equal; a symbol and an int cannot be compared before binding."""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return True


def _same_shape(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(_same_dim(x, y) for x, y in zip(a, b))
