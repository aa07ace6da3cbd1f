"""The GEMM emitter: one block-tiled kernel written from a scheme (issue 20, seed 002).

:func:`emit_gemm` turns a
:class:`GemmKernelSpec` -- sizes, the two operands' layouts, the scheme
(:class:`kfuse.spaces.gemm.scheme.GemmScheme`) and an epilogue -- into CUDA C that computes
``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j], i, j)`` for ``0 <= i < m``, ``0 <= j < n``.
It is a pure function of the spec: the lowering (``codegen/gemm/lower.py``) builds the spec from
a plan; tests build specs by hand.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from ...errors import ArgumentError, DTypeError, PlanError, ShapeError
from ...spaces.gemm.scheme import DTYPES, TLOAD_ASYNC, GemmScheme, vector_elems
from . import prologue as gemm_prologue
from .split import split_fixup_lines, split_workspace, vector_store_lines
from .load import GEMM_HELPERS, Access, emit_issue, emit_store, tile_order_lines, unit_elems
from .reduce import check_reductions, combine_lines, partial_lines
from .structure import (check_names, check_output, check_structure, heavy_axes, k_range_lines, operand_names,
    uplo_guard, uplo_return_lines)

CTYPES = {"float32": "float", "float64": "double"}
#: emitters of the other engines by name, registered by their modules on import (``gemm_mma``:
#: "mma_tf32"; ``kfuse.codegen`` imports it), so that this module imports none of them
ENGINE_EMITTERS: dict = {}
_IDENT = re.compile(r"[A-Za-z_]\w*$")


@dataclasses.dataclass(frozen=True)
class GemmOperand:
    """How the kernel reads an operand ``op(X)`` of logical shape rows x cols.

    ``name``: the C identifier of its pointer argument (``const T* __restrict__``).
    ``trans``: op(X) = X^T (X stored cols x rows).  ``order``: memory order of the *stored*
    array, ``"C"`` (row-major) or ``"F"``.  ``ld``: its leading dimension in elements (the
    stored array's row length for C order, column length for F; None: dense).
    ``align``: bytes the pointer is known to be aligned to (CuPy and torch allocations: 256;
    16 lets the loader use 16-byte copies; a view with an offset may need less)."""

    name: str
    trans: bool = False
    order: str = "C"
    ld: int | None = None
    align: int = 16
    #: "general" | "sym" | "tri" (square X; :mod:`kfuse.codegen.gemm.structure`): the triangle
    #: ``uplo`` of the *stored* X holds the data; ``diag`` "unit": a tri operand's diagonal is one
    structure: str = "general"
    uplo: str = "lower"
    diag: str = "nonunit"
    #: elements from the pointer to op(X)[0, 0]'s stored element (a sub-block: TRSM's updates),
    #: or the name of a ``long long`` kernel parameter holding it (one kernel for many launches);
    #: 0 writes no code (``align`` must hold for the shifted pointer)
    offset: int | str = 0
    #: an elementwise map applied to each element as the tile loads (:class:`kfuse.codegen.
    #: gemm_prologue.GemmPrologue`; ``relu(A) @ B``); None: the operand as stored
    prologue: object = None


@dataclasses.dataclass(frozen=True)
class GemmEpilogue:
    """What happens to each accumulated value.

    ``params``: extra kernel parameters as (C declaration, name), e.g.
    ``("const float* __restrict__", "bias")``, ``("const float", "alpha")``.
    ``lines(i, j, acc)``: the statements for one element, given C expressions of its row, its
    column and the accumulated sum; they store the results themselves (the emitter guards them
    with ``i < M && j < N``).  None in a spec: store ``acc`` to the output ``c``.
    ``mirror(i, j)``: under ``c_uplo`` "mirror_lower", the statements that store at (j, i) the
    values ``lines`` computed at (i, j) (the symmetric element is the same value, not the
    epilogue evaluated again at (j, i), which would read its inputs' other triangle).
    ``reduce``: row and column sums of epilogue values (:class:`kfuse.codegen.gemm.reduce.
    GemmReduction`; ``lines`` add into their partials ``name[r]`` / ``name[q]``), combined
    across the block and finished after the element loop (FFMA engine only)."""

    params: tuple = ()
    lines: Callable[[str, str, str], list] | None = None
    mirror: Callable[[str, str], list] | None = None
    reduce: tuple = ()


@dataclasses.dataclass(frozen=True)
class GemmKernelSpec:
    """Everything :func:`emit_gemm` needs: ``name`` of the kernel, ``dtype`` ("float32" or
    "float64"), sizes ``m``, ``n``, ``k``, operands ``a`` (m x k) and ``b`` (k x n), the
    output ``c`` (its pointer name, ``c_order`` and ``c_ld``), the ``scheme``, the
    ``epilogue`` and ``comment`` lines (the program's call, for readers of the CUDA)."""

    name: str
    dtype: str
    m: int
    n: int
    k: int
    a: GemmOperand
    b: GemmOperand
    c: str = "C"
    c_order: str = "C"
    c_ld: int | None = None
    scheme: GemmScheme = GemmScheme()
    epilogue: GemmEpilogue | None = None
    comment: tuple = ()
    #: "" (the full output) | "lower" | "upper" (only that triangle computed and stored; m == n)
    #: | "mirror_lower" (the lower triangle computed, each element stored at (i, j) and (j, i))
    c_uplo: str = ""
    #: (a2, b2): a second product accumulated, op(a) op(b) + op(a2) op(b2) (SYR2K); parameters
    #: a, b, a2, b2, c in that order
    second: tuple | None = None


@dataclasses.dataclass(frozen=True)
class GemmSource:
    """The emitted kernel: ``code`` (one ``extern "C" __global__`` function named ``name``),
    its ``params`` in order as (C declaration, name), the launch ``grid`` and ``block``, and
    ``shared_bytes`` of dynamic shared memory."""

    name: str
    code: str
    params: tuple
    grid: tuple
    block: tuple
    shared_bytes: int
    #: device scratch the launch needs, as (parameter name, kind, bytes): split-k's partial tiles
    #: ("partial") and per-tile arrival counters ("counter": zero at allocation, left zero)
    workspace: tuple = ()


def emit_gemm(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec``: one ``extern "C" __global__`` kernel, sizes as compile-time
    constants, raising a KfuseError (naming the field) for a spec or scheme that cannot work.

    Each block computes a bm x bn tile of C (its place in the grid by the scheme's tile order),
    each thread a tm x tn register tile of it as outer products of fragments read from the
    k-major shared tiles; the k loop walks bk-deep tiles through ``stages`` shared buffers
    (see :mod:`kfuse.codegen.gemm.load` for the two load paths).  A sample (128 x 128 x 8,
    8 x 8, two stages, float32 NN, C order; abridged)::

        extern "C" __global__ void __launch_bounds__(256)
        gemm_nn(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C)
        {
            constexpr int M = 1000, N = 1000, K = 1000;
            constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8, STAGES = 2;
            ...
            // op(A)[i, k] = A[i * 1000 + k * 1]: k contiguous: loads of 4 x float into registers, ...
            // op(B)[k, j] = B[j * 1 + k * 1000]: j contiguous: cp.async of 16 B (4 x float), ...
            // ---- prologue: tiles 0 .. STAGES-2 in flight ----
            // ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----
            for (int t = 0; t < KTILES; ++t) {
                kf_cp_async_wait<STAGES - 2>();
                __syncthreads();
                ...
                #pragma unroll
                for (int kk = 0; kk < BK; ++kk) {
                    ... a[TM], b[TN] read as float4 from As[kk][...], Bs[kk][...]
                    for (int r = 0; r < TM; ++r)
                        for (int q = 0; q < TN; ++q) acc[r][q] = fma(a[r], b[q], acc[r][q]);
                }
                ...
            }
            // ---- epilogue: rows i, columns j of this thread, guarded by i < M && j < N ----
                        if (i < M && j < N) C[(idx_t)i * 1000 + j] = acc[r][q];
        }
    """
    if spec.epilogue is not None and spec.epilogue.reduce and getattr(spec.scheme, "engine", "ffma") != "ffma":
        raise PlanError(f"GEMM engine {spec.scheme.engine!r}: epilogue reductions (row / column sums of the "
                        "product) run on the ffma engine only for now")
    if getattr(spec.scheme, "engine", "ffma") in ENGINE_EMITTERS:   # mma_tf32: codegen/gemm/mma.py
        for role, op in (("a", spec.a), ("b", spec.b)):
            if op.prologue is not None:   # refused: the ffma engine runs prologues
                gemm_prologue.check(role, op, 0, 1, 1, spec.scheme.engine)
        return ENGINE_EMITTERS[spec.scheme.engine](spec)
    _check_spec(spec)
    return _Emitter(spec).source()


# ---- checks ---------------------------------------------------------------------------------------
def _dense_ld(op: GemmOperand, rows: int, cols: int) -> tuple:
    """(stored rows, stored cols, smallest legal ld) of op(X) of logical shape rows x cols."""
    srows, scols = (cols, rows) if op.trans else (rows, cols)
    return srows, scols, max(1, scols if op.order == "C" else srows)


def _check_operand(role: str, op, rows: int, cols: int) -> None:
    if not isinstance(op, GemmOperand):
        raise ArgumentError(f"GEMM operand {role} must be a GemmOperand, got {type(op).__name__}")
    if not isinstance(op.name, str) or not _IDENT.match(op.name):
        raise ArgumentError(f"GEMM operand {role}: name {op.name!r} is not a C identifier")
    if op.order not in ("C", "F"):
        raise ArgumentError(f"GEMM operand {role} ({op.name}): order must be 'C' or 'F', got {op.order!r}")
    _, _, need = _dense_ld(op, rows, cols)
    need = need if rows * cols else 0           # an empty operand's ld is never used
    if op.ld is not None and (isinstance(op.ld, bool) or not isinstance(op.ld, int) or op.ld < need):
        raise ShapeError(f"GEMM operand {role} ({op.name}): ld={op.ld!r} is less than the "
                         f"{'row' if op.order == 'C' else 'column'} length {need} of its stored array")
    if isinstance(op.align, bool) or not isinstance(op.align, int) or op.align < 1:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): align must be a positive integer")
    if isinstance(op.offset, str):
        if not _IDENT.match(op.offset):
            raise ArgumentError(f"GEMM operand {role} ({op.name}): offset {op.offset!r} is not a C identifier")
    elif isinstance(op.offset, bool) or not isinstance(op.offset, int) or op.offset < 0:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): offset must be a non-negative integer or the "
                            "name of a long long parameter")


def _check_spec(spec: GemmKernelSpec) -> None:
    """Raise a KfuseError naming the field where ``spec`` cannot be emitted."""
    if spec.dtype not in DTYPES:
        raise DTypeError(f"GEMM dtype {spec.dtype!r}: the emitter builds float32 and float64")
    for f in ("m", "n", "k"):
        v = getattr(spec, f)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ShapeError(f"GEMM size {f}={v!r} must be a non-negative integer")
    for f in ("name", "c"):
        if not isinstance(getattr(spec, f), str) or not _IDENT.match(getattr(spec, f)):
            raise ArgumentError(f"GEMM {f} {getattr(spec, f)!r} is not a C identifier")
    _check_operand("a", spec.a, spec.m, spec.k)
    _check_operand("b", spec.b, spec.k, spec.n)
    check_structure("a", spec.a, spec.m, spec.k)
    check_structure("b", spec.b, spec.k, spec.n)
    for role, op, tile in (("a", spec.a, spec.scheme.bm), ("b", spec.b, spec.scheme.bn)):
        if op.prologue is not None:
            gemm_prologue.check(role, op, tile, spec.scheme.bk, spec.scheme.threads, spec.scheme.engine)
    check_output(spec)
    for role, op, rows, cols in zip(("a2", "b2"), spec.second or (), (spec.m, spec.k), (spec.k, spec.n)):
        _check_operand(role, op, rows, cols)
    if spec.second and getattr(spec.scheme, "splitk", 1) > 1:
        raise PlanError(f"GEMM scheme splitk={spec.scheme.splitk}: split-k of two products (SYR2K) is not built; "
                        "use splitk=1")
    check_names(spec)
    check_reductions(spec)
    if spec.c_order not in ("C", "F"):
        raise ArgumentError(f"GEMM c_order must be 'C' or 'F', got {spec.c_order!r}")
    need = max(1, spec.n if spec.c_order == "C" else spec.m)
    if spec.c_ld is not None and (not isinstance(spec.c_ld, int) or spec.c_ld < need):
        raise ShapeError(f"GEMM c_ld={spec.c_ld!r} is less than {need}")
    if not isinstance(spec.scheme, GemmScheme):
        raise ArgumentError(f"GEMM scheme must be a GemmScheme, got {type(spec.scheme).__name__}")
    why = spec.scheme.refusals(spec.dtype, spec.m, spec.n, spec.k)
    if why:
        raise PlanError("GEMM scheme " + spec.scheme.to_text() + " refused:\n  " + "\n  ".join(why))


# ---- the emitter ----------------------------------------------------------------------------------
def _access(spec: GemmKernelSpec, role: str) -> Access:
    """The loader description of operand ``role`` ("A", "B", or "A2", "B2" of ``second``)."""
    s = spec.scheme
    op = {"A": spec.a, "B": spec.b, "A2": (spec.second or (None,))[0], "B2": (spec.second or (None, None))[1]}[role]
    rows, cols = (spec.m, spec.k) if role[0] == "A" else (spec.k, spec.n)
    _, _, dense = _dense_ld(op, rows, cols)
    ld = op.ld or dense
    # stored element (r, c) sits at r * ld + c (C order) or r + c * ld (F order)
    rstride, cstride = (ld, 1) if op.order == "C" else (1, ld)
    if op.trans:
        rstride, cstride = cstride, rstride          # op(X)[r, c] = X[c, r]
    # A: (x, k) = (row, col) of op(A); B: (k, x) = (row, col) of op(B)
    sx, sk = (rstride, cstride) if role[0] == "A" else (cstride, rstride)
    straight = _contiguous_is_x(role[0], op)
    es = DTYPES[spec.dtype]
    vec = vector_elems(spec.dtype)
    struct = ()
    if op.structure != "general":
        struct = (op.structure, op.uplo, op.diag, op.trans) + ((ld, 1) if op.order == "C" else (1, ld))
    pro = (op.prologue, CTYPES[spec.dtype]) if getattr(op, "prologue", None) is not None else None
    kasync = not straight and s.tload == TLOAD_ASYNC and not struct and not pro
    u = 1 if (kasync or struct or pro) else unit_elems(vec, ld, op.align, es)
    a = role[0] == "A"
    tile = s.bm if a else s.bn
    copies = tile * s.bk // u // s.threads
    fast = 0
    if struct and straight:   # whole tiles inside the stored triangle: the straight vector copies
        fu = unit_elems(vec, ld, op.align, es)
        fast = fu if fu > 1 and (tile * s.bk) % (fu * s.threads) == 0 else 0
    return Access(role, op.name, "i" if a else "j", "M" if a else "N", "row0" if a else "col0",
                  "BM" if a else "BN", sx, sk, straight, u, copies, kasync,
                  role[0] if len(role) > 1 else "", struct, fast_unit=fast, prologue=pro)


def _contiguous_is_x(role: str, op: GemmOperand) -> bool:
    """Whether the stored array's contiguous index is op(X)'s x index (i of A, j of B)."""
    row_contiguous = op.order == "F"       # F order: the row index runs fastest
    if op.trans:
        row_contiguous = not row_contiguous
    # op(A) is (x, k): x is its row; op(B) is (k, x): x is its column
    return row_contiguous if role == "A" else not row_contiguous


def _warp_shape(tx: int, ty: int) -> int:
    """Threads along n in one warp (8 x 4 when it fits: A and B fragment reads of a warp then
    touch 4 and 8 distinct vectors, one shared-memory wavefront each)."""
    for wx in (8, 4, 16, 2, 32, 1):
        if tx % wx == 0 and 32 % wx == 0 and ty % (32 // wx) == 0:
            return wx
    return 0


class _Emitter:
    """Writes the kernel of one spec (checked) as lines of CUDA C."""

    def __init__(self, spec: GemmKernelSpec):
        self.spec, self.s = spec, spec.scheme
        self.t = CTYPES[spec.dtype]
        self.es = DTYPES[spec.dtype]
        self.vec = vector_elems(spec.dtype)
        self.a, self.b = _access(spec, "A"), _access(spec, "B")
        self.pair2 = (_access(spec, "A2"), _access(spec, "B2")) if spec.second else ()
        tri = "tri" in (spec.a.structure, spec.b.structure)
        self.split = self.s.splitk > 1
        # the k loop's bound and the k index of its tile kt
        ranged = tri or self.split
        self.nkt = "nkt" if ranged else ("2 * KTILES" if spec.second else "KTILES")
        self.kexpr = "(kt0 + kt)" if ranged else "kt"
        self.af, self.bf = min(self.vec, self.s.tm), min(self.vec, self.s.tn)

    def source(self) -> GemmSource:
        sp, s = self.spec, self.s
        params = tuple((f"const {self.t}* __restrict__", name) for name in operand_names(sp)) + (
            (f"{self.t}* __restrict__", sp.c),)
        params += gemm_prologue.extra_params(sp, [n for _, n in params])   # a prologue's inputs, scalars
        params += tuple(tuple(p) for p in (sp.epilogue.params if sp.epilogue else ()))
        workspace = self._workspace()
        params += tuple((("unsigned int* __restrict__" if kind == "counter" else f"{self.t}* __restrict__"), name)
                        for name, kind, _ in workspace)
        body = (self._header() + self._setup() + self._prologue() + self._main_loop()
                + self._split_fixup() + self._epilogue())
        sig = ", ".join(f"{d} {n}" for d, n in params)
        # min_blocks only where blocks share SMs and the pipeline fills: on tiny problems the
        # register cap makes ptxas spill (measured: 7 x 13 x 5, 128 x 128 tile) for no gain
        gm, gn, ktiles = max(1, -(-sp.m // s.bm)), max(1, -(-sp.n // s.bn)), -(-sp.k // s.bk)
        # (and not with a sym/tri operand's element-wise loader: 12 B spilled at 4096, tri, unit)
        cap = (s.min_blocks > 1 and gm * gn >= 4 * s.min_blocks and ktiles >= 2 * s.stages
               and sp.a.structure == sp.b.structure == "general" and sp.a.prologue is sp.b.prologue is None)
        bounds = f"{s.threads}, {s.min_blocks}" if cap else f"{s.threads}"
        code = "\n".join([GEMM_HELPERS.strip("\n"), "", *self._comment(),
                          f'extern "C" __global__ void __launch_bounds__({bounds})',
                          f"{sp.name}({sig})", "{", *("    " + ln if ln else "" for ln in body), "}", ""])
        gm = max(1, -(-sp.m // s.bm))
        gn = max(1, -(-sp.n // s.bn))
        return GemmSource(sp.name, code, params, (gm * gn, 1, max(1, s.splitk)), (s.threads, 1, 1),
                          s.shared_bytes(sp.dtype), workspace)

    def _workspace(self) -> tuple:
        return split_workspace(self.spec, self.es) if self.split else ()

    def _comment(self) -> list:
        sp = self.spec
        ta, tb = ("T" if sp.a.trans else "N"), ("T" if sp.b.trans else "N")
        out = [f"// kfuse GEMM {ta}{tb} ({sp.dtype}): {sp.c}[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j]),"
               f" m={sp.m} n={sp.n} k={sp.k}",
               f"// scheme: {self.s.to_text()}",
               "// " + self.a.describe(self.t, self.es),
               "// " + self.b.describe(self.t, self.es)]
        out += ["// second product: " + acc.describe(self.t, self.es) for acc in self.pair2]
        for role, op in (("A", sp.a), ("B", sp.b)):
            if op.structure != "general":
                out.append(f"// {role} ({op.name}) is {op.structure}, {op.uplo} triangle stored"
                           + (f", {op.diag} diagonal" if op.structure == "tri" else ""))
        if sp.c_uplo:
            out.append(f"// output: c_uplo={sp.c_uplo}")
        return out + [f"// {c}" for c in sp.comment]

    def _idx_type(self) -> str:
        """``int`` where every element offset fits in 31 bits, else ``long long``."""
        sp = self.spec
        most = 0
        for op, rows, cols in ((sp.a, sp.m, sp.k), (sp.b, sp.k, sp.n)):
            sr, sc, dense = _dense_ld(op, rows, cols)
            most = max(most, (op.ld or dense) * (max(sr, sc) + 1))
        most = max(most, (sp.c_ld or max(sp.m, sp.n, 1)) * (max(sp.m, sp.n) + 1))
        return "int" if most < 2 ** 31 - 2 ** 20 else "long long"

    def _header(self) -> list:
        sp, s, a, b = self.spec, self.s, self.a, self.b
        tx, ty = s.bn // s.tn, s.bm // s.tm
        wx = _warp_shape(tx, ty)
        lines = [f"{op.name} += {op.offset}{'' if isinstance(op.offset, str) else 'll'};   "
                 f"// operand {role}: a sub-block at element offset {op.offset}"
                 for role, op in (("A", sp.a), ("B", sp.b)) if op.offset]
        lines += [
            f"using idx_t = {self._idx_type()};",
            f"constexpr int M = {sp.m}, N = {sp.n}, K = {sp.k};",
            f"constexpr int BM = {s.bm}, BN = {s.bn}, BK = {s.bk}, TM = {s.tm}, TN = {s.tn}, "
            f"STAGES = {s.stages}, RASTER = {s.raster};",
            f"constexpr int THREADS = {s.threads}, TX = {tx}, TY = {ty};   // threads along n and m",
            f"constexpr int AF = {self.af}, BF = {self.bf};   // fragment vector widths (elements)",
            f"constexpr int A_LD = BM + {self.vec}, B_LD = BN + {self.vec};   "
            "// shared rows padded by one 16-byte vector",
            f"constexpr int A_COPIES = {a.copies}, B_COPIES = {b.copies};   // loads per thread per tile",
            f"constexpr idx_t A_SX = {a.sx}, A_SK = {a.sk}, B_SX = {b.sx}, B_SK = {b.sk};   "
            "// element strides of op(A)[i, k], op(B)[k, j]",
            "constexpr int KTILES = (K + BK - 1) / BK;",
            "constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;",
            "constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;",
            "(void)A_SK; (void)B_SK; (void)A_COPIES; (void)B_COPIES;",
            *(f"constexpr int {x.role}_COPIES = {x.copies}; constexpr idx_t {x.role}_SX = {x.sx}, "
              f"{x.role}_SK = {x.sk};   // second product" for x in self.pair2),
            "",
            "// ---- shared memory: STAGES buffers of As[BK][A_LD] (A transposed: k-major) and Bs[BK][B_LD] ----",
            "extern __shared__ __align__(16) unsigned char kf_smem[];",
            f"{self.t}* As = reinterpret_cast<{self.t}*>(kf_smem);",
            f"{self.t}* Bs = As + STAGES * BK * A_LD;",
            "",
        ]
        if self.split:
            lines.insert(2, f"constexpr int SPLITK = {s.splitk};   // blocks sharing one output tile's k range")
        lines += self._raster() + uplo_return_lines(sp.c_uplo)
        tri = "tri" in (sp.a.structure, sp.b.structure)
        if self.split:
            lines += k_range_lines(sp, "_all") if tri else ["", "const int kt0_all = 0, nkt_all = KTILES;"]
            lines += ["// ---- split-k: this block's share of the k tiles ----",
                      "const int kchunk = (nkt_all + SPLITK - 1) / SPLITK;",
                      "const int kt0 = kt0_all + split * kchunk;",
                      "const int nkt = max(0, min(kchunk, nkt_all - split * kchunk));"]
        elif self.nkt == "nkt":
            lines += k_range_lines(sp)
        lines += ["",
                  f"// ---- thread grouping: (TY x TX) threads, warps of {32 // wx} x {wx} "
                  "(m x n); each thread owns TM x TN elements ----",
                  "const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;",
                  f"const int tx = warp % (TX / {wx}) * {wx} + lane % {wx};",
                  f"const int ty = warp / (TX / {wx}) * {32 // wx} + lane / {wx};"]
        return lines

    def _raster(self) -> list:
        return tile_order_lines(self.s.raster, self.s.splitk, heavy_axes(self.spec))

    def _split_fixup(self) -> list:
        return split_fixup_lines(self.t) if self.split else []

    def _setup(self) -> list:
        lines = ["", "// ---- register accumulators ----",
                 f"{self.t} acc[TM][TN];",
                 "#pragma unroll",
                 "for (int r = 0; r < TM; ++r)",
                 "    #pragma unroll",
                 f"    for (int q = 0; q < TN; ++q) acc[r][q] = ({self.t})0;"]
        for acc in (self.a, self.b) + self.pair2:
            lines += gemm_prologue.setup_lines(acc) if acc.prologue else []
            if acc.staged:
                lines.append(f"{self.t} {acc.role}_stage[{acc.role}_COPIES * {acc.unit}];   "
                             f"// register-staged {acc.role} tile")
        return lines

    def _issue(self) -> list:
        s, kx = self.s, self.kexpr
        one = (emit_issue(self.a, self.t, self.es, s.bk, s.bm, kx)
               + emit_issue(self.b, self.t, self.es, s.bk, s.bn, kx))
        if not self.pair2:
            return one
        a2, b2 = self.pair2
        two = (emit_issue(a2, self.t, self.es, s.bk, s.bm, "(kt - KTILES)")
               + emit_issue(b2, self.t, self.es, s.bk, s.bn, "(kt - KTILES)"))
        return self._pairs(one, two)

    def _store(self) -> list:
        one = emit_store(self.a, self.s.bk, self.kexpr) + emit_store(self.b, self.s.bk, self.kexpr)
        if not self.pair2:
            return one
        two = emit_store(self.pair2[0], self.s.bk) + emit_store(self.pair2[1], self.s.bk)
        return self._pairs(one, two) if one or two else []

    @staticmethod
    def _pairs(one: list, two: list) -> list:
        """``one`` for the first product's k tiles (kt < KTILES), ``two`` for the second's."""
        return (["if (kt < KTILES) {   // first product", *("    " + ln for ln in one),
                 "} else {             // second product", *("    " + ln for ln in two), "}"])

    def _prologue(self) -> list:
        body = self._issue() + self._store()
        return ["", "// ---- prologue: tiles 0 .. STAGES-2 in flight ----",
                "#pragma unroll",
                "for (int kt = 0; kt < STAGES - 1; ++kt) {",
                "    const int s = kt;",
                f"    if (kt < {self.nkt}) {{",
                *("        " + ln for ln in body),
                "    }",
                "    kf_cp_async_commit();",
                "}"]

    def _main_loop(self) -> list:
        store = self._store()
        lines = ["", "// ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----",
                 f"for (int t = 0; t < {self.nkt}; ++t) {{",
                 "    kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed",
                 "    __syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free",
                 "    const int kt = t + STAGES - 1, s = kt % STAGES;",
                 f"    const bool more = kt < {self.nkt};",
                 "    if (more) {",
                 *("        " + ln for ln in self._issue()),
                 "    }",
                 *("    " + ln for ln in self._compute()),
                 ]
        if store:
            lines += ["    if (more) {", *("        " + ln for ln in store), "    }"]
        return lines + ["    kf_cp_async_commit();", "}"]

    def _frag_reads(self, kk: str, a: str, b: str) -> list:
        """Statements reading k step ``kk``'s fragments into arrays ``a`` (TM) and ``b`` (TN)."""
        t = self.t
        kk = kk if _IDENT.match(kk) or kk.isdigit() else f"({kk})"
        return [
            "#pragma unroll",
            "for (int c = 0; c < TM / AF; ++c) {   // rows c * TY * AF + ty * AF + e",
            f"    const kf_vec<{t}, AF> v = *reinterpret_cast<const kf_vec<{t}, AF>*>("
            f"&as[{kk} * A_LD + c * (TY * AF) + ty * AF]);",
            "    #pragma unroll",
            f"    for (int e = 0; e < AF; ++e) {a}[c * AF + e] = v.v[e];",
            "}",
            "#pragma unroll",
            "for (int c = 0; c < TN / BF; ++c) {   // columns c * TX * BF + tx * BF + e",
            f"    const kf_vec<{t}, BF> v = *reinterpret_cast<const kf_vec<{t}, BF>*>("
            f"&bs[{kk} * B_LD + c * (TX * BF) + tx * BF]);",
            "    #pragma unroll",
            f"    for (int e = 0; e < BF; ++e) {b}[c * BF + e] = v.v[e];",
            "}",
        ]

    def _compute(self) -> list:
        t = self.t
        head = [f"const {t}* as = As + t % STAGES * (BK * A_LD);",
                f"const {t}* bs = Bs + t % STAGES * (BK * B_LD);"]
        fma = ["#pragma unroll",
               "for (int r = 0; r < TM; ++r)",
               "    #pragma unroll",
               "    for (int q = 0; q < TN; ++q) acc[r][q] = fma({a}[r], {b}[q], acc[r][q]);"]
        if self.s.frags == 1:
            return (["// compute: outer products of the k-major fragments, BK steps", *head,
                     "#pragma unroll",
                     "for (int kk = 0; kk < BK; ++kk) {",
                     f"    {t} a[TM], b[TN];"]
                    + ["    " + ln for ln in self._frag_reads("kk", "a", "b")]
                    + ["    " + ln.format(a="a", b="b") for ln in fma] + ["}"])
        return (["// compute: outer products of the k-major fragments, BK steps; fragments double",
                 "// buffered in registers (step kk + 1's read while step kk's FFMAs run)", *head,
                 f"{t} a[2][TM], b[2][TN];"]
                + self._frag_reads("0", "a[0]", "b[0]")
                + ["#pragma unroll",
                   "for (int kk = 0; kk < BK; ++kk) {",
                   "    if (kk + 1 < BK) {"]
                + ["        " + ln for ln in self._frag_reads("kk + 1", "a[(kk + 1) % 2]", "b[(kk + 1) % 2]")]
                + ["    }"]
                + ["    " + ln.format(a="a[kk % 2]", b="b[kk % 2]") for ln in fma] + ["}"])

    def _epilogue(self) -> list:
        sp = self.spec
        ldc = sp.c_ld or max(1, sp.n if sp.c_order == "C" else sp.m)
        mirror = []
        if sp.epilogue is not None and sp.epilogue.lines is not None:
            stmts = list(sp.epilogue.lines("i", "j", "acc[r][q]"))
            if sp.c_uplo == "mirror_lower":
                if sp.epilogue.mirror is None:
                    raise ArgumentError("GEMM spec: c_uplo 'mirror_lower' with an epilogue needs its mirror "
                                        "stores (GemmEpilogue.mirror)")
                mirror = list(sp.epilogue.mirror("i", "j"))
            what = "the epilogue"
        elif self.s.store_vec > 1 and ldc % self.s.store_vec == 0 and not sp.c_uplo:
            return vector_store_lines(self.spec, self.s.store_vec, self.t, ldc)
        else:
            def addr(i, j):
                return f"(idx_t){i} * {ldc} + {j}" if sp.c_order == "C" else f"{i} + (idx_t){j} * {ldc}"
            stmts = [f"{sp.c}[{addr('i', 'j')}] = acc[r][q];"]
            if sp.c_uplo == "mirror_lower":
                mirror = [f"{sp.c}[{addr('j', 'i')}] = acc[r][q];"]
            what = f"store acc to {sp.c} ({sp.c_order} order, ld {ldc})"
        if mirror:
            stmts += ["if (j < i) {   // mirror_lower: the same element at (j, i)",
                      *("    " + ln for ln in mirror), "}"]
            what += ", mirrored"
        reds = sp.epilogue.reduce if sp.epilogue is not None else ()
        tx, ty = self.s.bn // self.s.tn, self.s.bm // self.s.tm
        tail = combine_lines(reds, self.t, self.s, self.es, self.s.shared_bytes(sp.dtype), _warp_shape(tx, ty))
        return partial_lines(reds, self.t) + [
                "", f"// ---- epilogue: {what}; rows i, columns j of this thread, guarded ----",
                "#pragma unroll",
                "for (int r = 0; r < TM; ++r) {",
                "    const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;",
                "    #pragma unroll",
                "    for (int q = 0; q < TN; ++q) {",
                "        const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;",
                f"        if (i < M && j < N{uplo_guard(sp.c_uplo)}) {{",
                *("            " + ln for ln in stmts),
                "        }",
                "    }",
                "}"] + tail
