"""The 11 sequences of the paper's Table 1: inputs, reference, bytes and FLOPs.

Everything here works with any array module that follows the NumPy API
(``numpy`` on the host, ``cupy`` on the device) and imports neither: the
caller passes the module as ``xp``.  The same ``compute`` functions serve as
the float64 reference and as the "array expression" peers (CuPy, PyTorch,
torch.compile, JAX), so they use only operators those libraries share
(``+ - * @``, ``.T``, ``[:, None]``).

Sizes are a dict ``{"m": rows, "n": cols}`` for BLAS-2 sequences (A is m x n,
row-major) and ``{"n": length}`` for BLAS-1 sequences.

Byte counts (scalars are not counted):

* ``min_bytes``: every input read once and every output written once; the
  traffic no implementation can avoid.  Effective GB/s = min_bytes / time.
* ``dram bytes``: ``min_bytes`` plus the passes a global barrier forces on a
  GPU (ATAX and SGEMVT read A twice, GEMVER reads B again after writing it,
  and the intermediate vector is written and read again).  The DRAM limit of
  a sequence is ``read / read_ceiling + written / write_ceiling``.

FLOPs are counted as the paper does: 2 per multiply-add (``gemv`` = 2mn,
``ger`` = 2mn, ``dot`` = 2n), plus 1 per scalar multiply or vector add.
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Callable, Mapping

BLAS1 = "blas1"
BLAS2 = "blas2"


@dataclass(frozen=True)
class Operand:
    """A script value: ``kind`` is "matrix", "vector" or "scalar"; ``dims`` names its sizes."""

    name: str
    kind: str
    dims: tuple[str, ...] = ()

    def shape(self, sizes: Mapping[str, int]) -> tuple[int, ...]:
        """The operand's shape for the given sizes (``()`` for a scalar)."""
        return tuple(int(sizes[d]) for d in self.dims)

    def elements(self, sizes: Mapping[str, int]) -> int:
        """Number of elements (1 for a scalar)."""
        return math.prod(self.shape(sizes))


def _mat(name: str) -> Operand:
    return Operand(name, "matrix", ("m", "n"))


def _vec(name: str, dim: str = "n") -> Operand:
    return Operand(name, "vector", (dim,))


def _sca(name: str) -> Operand:
    return Operand(name, "scalar")


# ---------------------------------------------------------------------------
# The computations, array-module generic.  Argument order = the script's
# `input` line, result order = its `return` line.
# ---------------------------------------------------------------------------

def axpydot(w, v, u, alpha):
    """z = w - alpha*v ; r = z . u"""
    z = w - alpha * v
    return z, z @ u


def atax(A, x):
    """y = A^T (A x)"""
    return (A.T @ (A @ x),)


def bicgk(A, p, r):
    """q = A p ; s = A^T r"""
    return A @ p, A.T @ r


def sgemv(A, x, y, alpha, beta):
    """z = alpha*A*x + beta*y"""
    return (alpha * (A @ x) + beta * y,)


def sgemvt(A, y, z, alpha, beta):
    """x = beta*A^T*y + z ; w = alpha*A*x"""
    x = beta * (A.T @ y) + z
    return x, alpha * (A @ x)


def sscal(x, alpha):
    """x = alpha*x (out of place)"""
    return (alpha * x,)


def gemver(A, u1, v1, u2, v2, y, z, alpha, beta):
    """B = A + u1 v1^T + u2 v2^T ; x = beta*B^T*y + z ; w = alpha*B*x"""
    B = A + u1[:, None] * v1[None, :] + u2[:, None] * v2[None, :]
    x = beta * (B.T @ y) + z
    return B, x, alpha * (B @ x)


def gesummv(A, B, x, alpha, beta):
    """y = alpha*A*x + beta*B*x"""
    return (alpha * (A @ x) + beta * (B @ x),)


def madd(A, B):
    """C = A + B"""
    return (A + B,)


def vadd(w, y, z):
    """x = w + y + z"""
    return (w + y + z,)


def waxpby(x, y, alpha, beta):
    """w = alpha*x + beta*y"""
    return (alpha * x + beta * y,)


@dataclass(frozen=True)
class Sequence:
    """One benchmark sequence.

    ``flops(m, n)`` uses ``m = n`` for BLAS-1.  ``extra_read``/``extra_write``
    list the operand shapes (as dims tuples) of the passes a global barrier
    forces beyond ``min_bytes``.  ``reductions`` maps an output to the size
    name of the length of the reduction that produces it (for tolerances).
    """

    name: str
    family: str
    script: str
    formula: str
    inputs: tuple[Operand, ...]
    outputs: tuple[Operand, ...]
    compute: Callable
    flops_fn: Callable[[int, int], int]
    extra_read: tuple[tuple[str, ...], ...] = ()
    extra_write: tuple[tuple[str, ...], ...] = ()
    reductions: tuple[tuple[str, str], ...] = ()

    # -- sizes ----------------------------------------------------------------
    def sizes(self, m: int | None, n: int) -> dict[str, int]:
        """The size dict the script takes: ``{"m", "n"}`` for BLAS-2, ``{"n"}`` for BLAS-1."""
        if self.family == BLAS2:
            return {"m": int(m if m is not None else n), "n": int(n)}
        return {"n": int(n)}

    # -- work -----------------------------------------------------------------
    def flops(self, sizes: Mapping[str, int]) -> int:
        """Floating-point operations of one call, counted as the paper does."""
        return int(self.flops_fn(int(sizes.get("m", sizes["n"])), int(sizes["n"])))

    def min_bytes(self, sizes: Mapping[str, int], itemsize: int) -> tuple[int, int]:
        """(read, written) bytes: each array input read once, each array output written once."""
        read = sum(op.elements(sizes) for op in self.inputs if op.kind != "scalar")
        written = sum(op.elements(sizes) for op in self.outputs if op.kind != "scalar")
        return read * itemsize, written * itemsize

    def dram_bytes(self, sizes: Mapping[str, int], itemsize: int) -> tuple[int, int]:
        """(read, written) bytes of the DRAM limit: min bytes plus barrier-forced passes."""
        read, written = self.min_bytes(sizes, itemsize)
        read += sum(math.prod(sizes[d] for d in dims) for dims in self.extra_read) * itemsize
        written += sum(math.prod(sizes[d] for d in dims) for dims in self.extra_write) * itemsize
        return read, written

    def working_set(self, sizes: Mapping[str, int], itemsize: int) -> int:
        """Bytes touched by one call at least (for the fits-in-L2 test)."""
        return sum(self.min_bytes(sizes, itemsize))

    # -- data -----------------------------------------------------------------
    def make_inputs(self, sizes: Mapping[str, int], dtype: str, seed: int, xp) -> list:
        """Random inputs in ``input`` order: arrays of ``xp`` with values in [0.5, 1.5),
        scalars as Python floats in [0.25, 0.75) exactly representable in ``dtype``.

        The values are a hash of (seed, sequence, operand, sizes, index), so numpy and
        cupy produce bit-identical inputs and every implementation sees the same data.
        """
        import numpy as np  # the host always has numpy; used for scalar rounding only

        out = []
        for op in self.inputs:
            key = _key(seed, self.name, op.name, sizes)
            if op.kind == "scalar":
                u = float(uniform(np, key, 1, "float64")[0])
                out.append(float(np.dtype(dtype).type(0.25 + 0.5 * u)))
            else:
                shape = op.shape(sizes)
                arr = uniform(xp, key, math.prod(shape), dtype, offset=0.5)
                out.append(arr.reshape(shape))
        return out

    def reference(self, inputs: list, xp) -> tuple:
        """Float64 results computed with ``xp`` from the (dtype-rounded) inputs."""
        args = [a if isinstance(a, float) else xp.asarray(a, dtype=xp.float64) for a in inputs]
        return tuple(self.compute(*args))

    def tolerance(self, output: str, sizes: Mapping[str, int], dtype: str) -> float:
        """Largest accepted ||out - ref|| / ||ref|| for one output.

        1e-4 (float32) / 1e-10 (float64), loosened for an output that is a full
        reduction over N elements (AXPYDOT's r) to 2 u sqrt(N), u the unit roundoff.
        A correct float32 sum of N positive terms accumulated in long sequential
        chains (per-thread grid-stride loops, one atomicAdd per block into one word)
        has a typical relative error of about u sqrt(N/3): 4e-4 at N = 2^27, above
        1e-4 from N ~ 2^21.  2 u sqrt(N) is 1e-4 up to N ~ 2^19, 1.2e-4 at 2^20,
        1.4e-3 at 2^27; float64 stays at 1e-10 (2 u sqrt(2^27) = 2.6e-12).  Vector
        outputs (gemv rows: reductions of at most 16384 terms) keep the base value.
        """
        base, unit = (1e-10, 2.0 ** -53) if dtype == "float64" else (1e-4, 2.0 ** -24)
        for name, dim in self.reductions:
            if name == output:
                return max(base, 2.0 * unit * math.sqrt(sizes[dim]))
        return base


def _key(seed: int, seq: str, operand: str, sizes: Mapping[str, int]) -> int:
    """A 64-bit stream key for one operand."""
    text = f"{seed}:{seq}:{operand}:" + ",".join(f"{k}={sizes[k]}" for k in sorted(sizes))
    lo = zlib.crc32(text.encode())
    hi = zlib.crc32(text[::-1].encode())
    return _mix64_int((hi << 32) | lo)


_M64 = (1 << 64) - 1


def _mix64_int(z: int) -> int:
    """SplitMix64 finalizer on a Python int."""
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def uniform(xp, key: int, count: int, dtype: str, offset: float = 0.0, chunk: int = 1 << 22):
    """``count`` values in [offset, offset + 1) of ``dtype``: SplitMix64 of (index + key).

    Identical for numpy and cupy (integer arithmetic wraps mod 2^64 in both);
    computed in chunks so the temporaries stay small.
    """
    out = xp.empty(count, dtype=dtype)
    u64 = xp.uint64
    c1, c2, c3 = u64(0x9E3779B97F4A7C15), u64(0xBF58476D1CE4E5B9), u64(0x94D049BB133111EB)
    s30, s27, s31, s11 = u64(30), u64(27), u64(31), u64(11)
    scale = 2.0 ** -53
    for start in range(0, count, chunk):
        stop = min(count, start + chunk)
        z = xp.arange(start, stop, dtype=xp.uint64) + u64(key)
        z = z + c1
        z = (z ^ (z >> s30)) * c2
        z = (z ^ (z >> s27)) * c3
        z = z ^ (z >> s31)
        vals = (z >> s11).astype(xp.float64) * scale
        if offset:
            vals += offset
        out[start:stop] = vals.astype(dtype)
    return out


def _f_axpydot(m, n):
    return 2 * n + 2 * n                   # z = w - alpha v (mul + sub), dot


def _f_atax(m, n):
    return 2 * m * n + 2 * m * n


def _f_bicgk(m, n):
    return 4 * m * n


def _f_sgemv(m, n):
    return 2 * m * n + 3 * m               # alpha*, beta*, +


def _f_sgemvt(m, n):
    return 4 * m * n + 2 * n + m           # beta*, +z ; alpha*


def _f_sscal(m, n):
    return n


def _f_gemver(m, n):
    return 8 * m * n + 2 * n + m           # 2 ger + gemv_t + gemv ; beta*, +z ; alpha*


def _f_gesummv(m, n):
    return 4 * m * n + 3 * m


def _f_madd(m, n):
    return m * n


def _f_vadd(m, n):
    return 2 * n


def _f_waxpby(m, n):
    return 3 * n


SEQUENCES: dict[str, Sequence] = {s.name: s for s in [
    Sequence("AXPYDOT", BLAS1, "axpydot", "z = w - alpha*v; r = z^T u",
             (_vec("w"), _vec("v"), _vec("u"), _sca("alpha")), (_vec("z"), _sca("r")),
             axpydot, _f_axpydot, reductions=(("r", "n"),)),
    Sequence("ATAX", BLAS2, "atax", "y = A^T (A x)",
             (_mat("A"), _vec("x")), (_vec("y"),),
             atax, _f_atax, extra_read=(("m", "n"), ("m",)), extra_write=(("m",),)),
    Sequence("BiCGK", BLAS2, "bicgk", "q = A p; s = A^T r",
             (_mat("A"), _vec("p"), _vec("r", "m")), (_vec("q", "m"), _vec("s")),
             bicgk, _f_bicgk),
    Sequence("SGEMV", BLAS2, "sgemv", "z = alpha*A*x + beta*y",
             (_mat("A"), _vec("x"), _vec("y", "m"), _sca("alpha"), _sca("beta")), (_vec("z", "m"),),
             sgemv, _f_sgemv),
    Sequence("SGEMVT", BLAS2, "sgemvt", "x = beta*A^T*y + z; w = alpha*A*x",
             (_mat("A"), _vec("y", "m"), _vec("z"), _sca("alpha"), _sca("beta")),
             (_vec("x"), _vec("w", "m")),
             sgemvt, _f_sgemvt, extra_read=(("m", "n"), ("n",))),
    Sequence("SSCAL", BLAS1, "sscal", "x = alpha*x",
             (_vec("x"), _sca("alpha")), (_vec("x"),),
             sscal, _f_sscal),
    Sequence("GEMVER", BLAS2, "gemver",
             "B = A + u1 v1^T + u2 v2^T; x = beta*B^T*y + z; w = alpha*B*x",
             (_mat("A"), _vec("u1", "m"), _vec("v1"), _vec("u2", "m"), _vec("v2"),
              _vec("y", "m"), _vec("z"), _sca("alpha"), _sca("beta")),
             (_mat("B"), _vec("x"), _vec("w", "m")),
             gemver, _f_gemver, extra_read=(("m", "n"), ("n",))),
    Sequence("GESUMMV", BLAS2, "gesummv", "y = alpha*A*x + beta*B*x",
             (_mat("A"), _mat("B"), _vec("x"), _sca("alpha"), _sca("beta")), (_vec("y", "m"),),
             gesummv, _f_gesummv),
    Sequence("MADD", BLAS2, "madd", "C = A + B",
             (_mat("A"), _mat("B")), (_mat("C"),),
             madd, _f_madd),
    Sequence("VADD", BLAS1, "vadd", "x = w + y + z",
             (_vec("w"), _vec("y"), _vec("z")), (_vec("x"),),
             vadd, _f_vadd),
    Sequence("WAXPBY", BLAS1, "waxpby", "w = alpha*x + beta*y",
             (_vec("x"), _vec("y"), _sca("alpha"), _sca("beta")), (_vec("w"),),
             waxpby, _f_waxpby),
]}

ORDER: tuple[str, ...] = tuple(SEQUENCES)  # the paper's Table 1 order


def get(name: str) -> Sequence:
    """Look a sequence up by name, case-insensitively."""
    for key, seq in SEQUENCES.items():
        if key.lower() == name.lower():
            return seq
    raise KeyError(f"unknown sequence {name!r}; known: {', '.join(ORDER)}")


def size_label(family: str, m: int | None, n: int) -> str:
    """Human label of a size: ``n=2048``, ``4096x12288`` or ``2^20``."""
    if family == BLAS2:
        m = n if m is None else m
        return f"n={n}" if m == n else f"{m}x{n}"
    k = int(n).bit_length() - 1
    return f"2^{k}" if n == 1 << k else str(n)


def elements(family: str, m: int | None, n: int) -> int:
    """Problem size in elements (of A for BLAS-2, of a vector for BLAS-1), for sorting/plots."""
    return int(m if m is not None else n) * int(n) if family == BLAS2 else int(n)
