"""Element types, dimensions and array types of the IR.

Dimensions are ints or symbol names (``"m"``) bound at compile time.  An
``ArrayType`` is a scalar, a vector, a matrix or a grid (3 or 4 axes: stencil fields) with an
element type and, for matrices and grids, a memory order: ``"C"`` (row-major) or ``"F"``
(column-major).  A square matrix may carry a *structure*: ``sym`` (symmetric, only
the ``uplo`` triangle holds data) or ``tri`` (triangular: zero outside the ``uplo`` triangle,
``unit``: ones on the diagonal, never read); matrix products read it as BLAS does.
"""
from __future__ import annotations

import dataclasses
from typing import Union

import numpy as np

from ..errors import DTypeError, ShapeError

Dim = Union[int, str]

#: dtype name -> (CUDA type in generated code, real counterpart, bytes)
_DTYPES = {
    "float32": ("float", "float32", 4),
    "float64": ("double", "float64", 8),
    "complex64": ("kf_c64", "float32", 8),
    "complex128": ("kf_c128", "float64", 16),
    # an index only: a Python int argument used to index an array (``fict[t]``), never an array's type
    "int64": ("long long", "int64", 8),
    # a mask only: a bool array argument used as F[mask, ...] (a D2Q9 bounce-back's walls), never computed
    "bool": ("bool", "bool", 1),
}
#: element types of arrays and of the numbers computed with them
DTYPES = tuple(d for d in _DTYPES if d not in ("int64", "bool"))
#: the element type of an index value (a Python int argument indexing an array)
INDEX_DTYPE = "int64"
#: matrix structures: symmetric (one triangle stored), triangular
STRUCTURES = ("sym", "tri")
KINDS = ("scalar", "vector", "matrix", "sparse", "grid")
_RANK = {"scalar": (0,), "vector": (1,), "matrix": (2,), "sparse": (2,), "grid": (3, 4)}
#: the kind of a dense array of each rank
DENSE_KIND = {0: "scalar", 1: "vector", 2: "matrix", 3: "grid", 4: "grid"}
MAX_RANK = 4
SPARSE_FORMATS = ("csr", "ell")
# the arrays a sparse matrix of each format is stored in, in the order kernels take them, with the
# C type of their elements ("T": the matrix's own dtype)
SPARSE_PARTS = {"csr": (("indptr", "int"), ("indices", "int"), ("data", "T")),
                "ell": (("cols", "int"), ("vals", "T"), ("rowlen", "int"))}


#: the other triangle
FLIP_UPLO = {"lower": "upper", "upper": "lower"}


def probe_row_length(hint: int) -> int:
    """Nonzeros per row a sparse type's per-row hint (a power of two) stands for: an odd count
    just under it (3, 15, 29, 57, 113 for 4 ... 128), as real matrices of that hint have, so
    row starts fall anywhere inside 16-byte packs rather than all on their boundaries.  The
    calibration's rows probes run banded matrices of this length; the reference and the model
    read a hinted type's rows as this long."""
    return max(1, hint - hint // 8 + 1 if hint >= 8 else hint - 1)


def check_dtype(name, what: str = "dtype", masks: bool = False) -> str:
    """Normalise a dtype given as a name or NumPy dtype; raise DTypeError if unsupported
    (``masks``: a bool array argument is taken too, as a mask)."""
    try:
        key = np.dtype(name).name
    except TypeError:
        key = str(name)
    if masks and key == "bool":
        return key
    if key not in DTYPES:
        raise DTypeError(f"{what}: unsupported element type {key!r}; kfuse supports {', '.join(DTYPES)}")
    return key


def ctype(dtype: str) -> str:
    """CUDA spelling of an element type (``float32`` -> ``float``)."""
    return _DTYPES[dtype][0]


def real_dtype(dtype: str) -> str:
    """The real type underlying ``dtype`` (``complex64`` -> ``float32``)."""
    return _DTYPES[dtype][1]


def is_complex(dtype: str) -> bool:
    return dtype.startswith("complex")


def itemsize(dtype: str) -> int:
    return _DTYPES[dtype][2]


def complex_of(dtype: str) -> str:
    return {"float32": "complex64", "float64": "complex128"}.get(dtype, dtype)


def reference_dtype(dtype: str) -> np.dtype:
    """Precision the NumPy reference computes in: float64 or complex128."""
    return np.dtype("complex128" if is_complex(dtype) else "float64")


@dataclasses.dataclass(frozen=True)
class ArrayType:
    """Type of an IR value.  ``shape`` has one Dim per axis (none for scalars)."""

    kind: str
    dtype: str
    shape: tuple = ()
    order: str = "C"
    fmt: str = ""          # sparse matrices: "csr" or "ell"
    per_row: int = 0       # sparse matrices: nonzeros per row as a power of two (0: unknown), a planning hint
    row_mean: float = 0.0  # sparse matrices: stored entries per row on average, to a tenth (0: unknown)
    structure: str = ""    # square matrices: "" (general), "sym" or "tri"
    uplo: str = ""         # with a structure: the triangle holding the data, "lower" or "upper"
    unit: bool = False     # "tri" only: unit diagonal (ones, never read)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ShapeError(f"unknown kind {self.kind!r}")
        if len(self.shape) not in _RANK[self.kind]:
            want = " or ".join(map(str, _RANK[self.kind]))
            raise ShapeError(f"a {self.kind} has {want} dimension(s), got {self.shape}")
        if self.order not in ("C", "F"):
            raise ShapeError(f"memory order must be 'C' or 'F', got {self.order!r}")
        if self.kind not in ("matrix", "grid") and self.order != "C":
            object.__setattr__(self, "order", "C")
        if self.kind == "sparse" and self.fmt not in SPARSE_FORMATS:
            raise ShapeError(f"a sparse matrix needs a format in {SPARSE_FORMATS}, got {self.fmt!r}")
        if self.kind != "sparse" and self.fmt:
            object.__setattr__(self, "fmt", "")
        if self.kind != "sparse" and (self.per_row or self.row_mean):
            object.__setattr__(self, "per_row", 0)
            object.__setattr__(self, "row_mean", 0.0)
        self._check_structure()

    def _check_structure(self) -> None:
        """A structure only on a square matrix, with a triangle; ``unit`` only for ``tri``."""
        if not self.structure:
            if self.uplo or self.unit:
                object.__setattr__(self, "uplo", "")
                object.__setattr__(self, "unit", False)
            return
        if self.structure not in STRUCTURES:
            raise ShapeError(f"unknown matrix structure {self.structure!r} (known: {', '.join(STRUCTURES)})")
        if self.kind != "matrix":
            raise ShapeError(f"a {self.structure} structure needs a matrix, got a {self.kind}")
        r, c = self.shape
        if isinstance(r, int) and isinstance(c, int) and r != c:
            raise ShapeError(f"a {self.structure} structure needs a square matrix, got ({r}, {c})")
        if self.uplo not in ("lower", "upper"):
            raise ShapeError(f"a {self.structure} matrix needs uplo 'lower' or 'upper', got {self.uplo!r}")
        if self.unit and self.structure != "tri":
            raise ShapeError("a unit diagonal is for triangular matrices only")

    @property
    def parts(self) -> tuple:
        """A sparse matrix's storage: (array name, C element type; "T" for the dtype) in the order
        kernels take them (CSR: indptr, indices, data; ELLPACK-R: cols, vals, rowlen); () otherwise."""
        return SPARSE_PARTS[self.fmt] if self.kind == "sparse" else ()

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_bound(self) -> bool:
        return all(isinstance(d, int) for d in self.shape)

    def size(self) -> int:
        """Number of elements (bound types only)."""
        n = 1
        for d in self.shape:
            n *= int(d)
        return n

    def nbytes(self) -> int:
        """Bytes of a dense value; a sparse matrix's depend on its nonzeros (0 here)."""
        if self.kind == "sparse":
            return 0
        return self.size() * itemsize(self.dtype)

    def bind(self, sizes: dict) -> "ArrayType":
        """Replace symbolic dims by the values in ``sizes``; raise ShapeError naming an unbound one."""
        shape = []
        for d in self.shape:
            if isinstance(d, str):
                if d not in sizes:
                    raise ShapeError(f"size {d!r} is not bound (give it with --size {d}=N)")
                d = sizes[d]
            if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or int(d) < 0:
                raise ShapeError(f"sizes must be non-negative integers (0: an empty axis), got {d!r}")
            shape.append(int(d))
        return dataclasses.replace(self, shape=tuple(shape))

    def transposed(self) -> "ArrayType":
        """Type of the transpose view of a matrix (same memory, flipped order)."""
        if self.kind != "matrix":
            return self
        return ArrayType("matrix", self.dtype, self.shape[::-1], "F" if self.order == "C" else "C",
                         structure=self.structure, uplo=FLIP_UPLO.get(self.uplo, ""), unit=self.unit)

    def general(self) -> "ArrayType":
        """This type without a structure (what a call computing from a structured value gets)."""
        return dataclasses.replace(self, structure="", uplo="", unit=False) if self.structure else self

    @property
    def structure_text(self) -> str:
        """``sym=lower``, ``tri=upper, unit`` (the script's spelling), or ""."""
        if not self.structure:
            return ""
        return f"{self.structure}={self.uplo}" + (", unit" if self.unit else "")

    def with_dtype(self, dtype: str) -> "ArrayType":
        return dataclasses.replace(self, dtype=dtype)

    def describe(self) -> str:
        """Short text such as ``matrix(m, n) float32 C``."""
        dims = ", ".join(str(d) for d in self.shape)
        s = f"{self.kind}({dims}) {self.dtype}" if self.shape else f"scalar {self.dtype}"
        if self.kind in ("matrix", "grid"):
            s += f" {self.order}"
        if self.kind == "sparse":
            s = s.replace("sparse(", f"sparse {self.fmt.upper()}(")
        if self.structure:
            s += f" {self.structure_text}"
        return s

    def to_json(self) -> dict:
        d = {"kind": self.kind, "dtype": self.dtype, "shape": list(self.shape), "order": self.order}
        if self.fmt:
            d["fmt"] = self.fmt
        if self.per_row:
            d["per_row"] = self.per_row
        if self.row_mean:
            d["row_mean"] = self.row_mean
        if self.structure:
            d.update(structure=self.structure, uplo=self.uplo)
            if self.unit:
                d["unit"] = True
        return d

    @staticmethod
    def from_json(d: dict) -> "ArrayType":
        return ArrayType(d["kind"], d["dtype"], tuple(d["shape"]), d.get("order", "C"), d.get("fmt", ""),
                         int(d.get("per_row", 0)), float(d.get("row_mean", 0.0)),
                         str(d.get("structure", "")), str(d.get("uplo", "")), bool(d.get("unit", False)))
