"""The FFMA engine: one block-tiled GEMM kernel on CUDA cores, written from a scheme.

:func:`emit_ffma` turns a checked :class:`~kfuse.codegen.gemm.spec.GemmKernelSpec` whose scheme's
engine is ``ffma`` into CUDA C that computes ``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j],
i, j)`` for ``0 <= i < m``, ``0 <= j < n``.  It is a pure function of the spec: the lowering
(``codegen/gemm/lower.py``) builds the spec from a plan; tests build specs by hand.
"""
from __future__ import annotations

from ...ir import ctype
from ...spaces.gemm.scheme import DTYPES, TLOAD_ASYNC, vector_elems
from ..common import CodeBlock
from . import epilogue as gemm_epilogue, prologue as gemm_prologue
from .split import split_fixup_lines, split_workspace, vector_store_lines
from .load import (GEMM_HELPERS, Access, emit_issue, emit_store, fill_lines, kernel_lines, main_loop, offset_lines,
    pair_lines, tile_order_lines, unit_elems)
from .reduce import combine_lines, partial_lines
from .spec import IDENT, GemmKernelSpec, GemmOperand, GemmSource, check_spec, comment_lines, dense_ld
from .structure import heavy_axes, k_range_lines, operand_names, uplo_return_lines


def emit_ffma(spec: GemmKernelSpec) -> GemmSource:
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
    check_spec(spec)
    return _Emitter(spec).source()


# ---- the emitter ----------------------------------------------------------------------------------
def _access(spec: GemmKernelSpec, role: str) -> Access:
    """The loader description of operand ``role`` ("A", "B", or "A2", "B2" of ``second``)."""
    s = spec.scheme
    op = {"A": spec.a, "B": spec.b, "A2": (spec.second or (None,))[0], "B2": (spec.second or (None, None))[1]}[role]
    rows, cols = (spec.m, spec.k) if role[0] == "A" else (spec.k, spec.n)
    _, _, dense = dense_ld(op, rows, cols)
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
    pro = (op.prologue, ctype(spec.dtype)) if getattr(op, "prologue", None) is not None else None
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
        self.t = ctype(spec.dtype)
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
        head = [GEMM_HELPERS.strip("\n"), "", *self._comment(),
                f'extern "C" __global__ void __launch_bounds__({bounds})', f"{sp.name}({sig})"]
        code = "\n".join(kernel_lines(head, body) + [""])
        gm = max(1, -(-sp.m // s.bm))
        gn = max(1, -(-sp.n // s.bn))
        return GemmSource(sp.name, code, params, (gm * gn, 1, max(1, s.splitk)), (s.threads, 1, 1),
                          s.shared_bytes(sp.dtype), workspace)

    def _workspace(self) -> tuple:
        return split_workspace(self.spec, self.es) if self.split else ()

    def _comment(self) -> list:
        sp = self.spec
        return comment_lines(sp, sp.dtype, "sum_k op(A)[i, k] * op(B)[k, j]", self.s.to_text(),
                             [self.a.describe(self.t, self.es), self.b.describe(self.t, self.es)],
                             [acc.describe(self.t, self.es) for acc in self.pair2], structures=True)

    def _idx_type(self) -> str:
        """``int`` where every element offset fits in 31 bits, else ``long long``."""
        sp = self.spec
        most = 0
        for op, rows, cols in ((sp.a, sp.m, sp.k), (sp.b, sp.k, sp.n)):
            sr, sc, dense = dense_ld(op, rows, cols)
            most = max(most, (op.ld or dense) * (max(sr, sc) + 1))
        most = max(most, (sp.c_ld or max(sp.m, sp.n, 1)) * (max(sp.m, sp.n) + 1))
        return "int" if most < 2 ** 31 - 2 ** 20 else "long long"

    def _header(self) -> list:
        sp, s, a, b = self.spec, self.s, self.a, self.b
        tx, ty = s.bn // s.tn, s.bm // s.tm
        wx = _warp_shape(tx, ty)
        lines = offset_lines(sp) + [
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
        code = CodeBlock()
        code.extend(["", "// ---- register accumulators ----", f"{self.t} acc[TM][TN];", "#pragma unroll"])
        with code.block("for (int r = 0; r < TM; ++r)", None):
            code("#pragma unroll")
            code(f"for (int q = 0; q < TN; ++q) acc[r][q] = ({self.t})0;")
        lines = code.lines()
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
        return pair_lines("kt", one, two)

    def _store(self) -> list:
        one = emit_store(self.a, self.s.bk, self.kexpr) + emit_store(self.b, self.s.bk, self.kexpr)
        if not self.pair2:
            return one
        two = emit_store(self.pair2[0], self.s.bk) + emit_store(self.pair2[1], self.s.bk)
        return pair_lines("kt", one, two) if one or two else []

    def _prologue(self) -> list:
        return fill_lines(self.nkt, self._issue() + self._store())

    def _main_loop(self) -> list:
        store = self._store()
        code = CodeBlock()
        with main_loop(code, self.nkt):
            code("const int kt = t + STAGES - 1, s = kt % STAGES;")
            code(f"const bool more = kt < {self.nkt};")
            with code.block("if (more) {"):
                code.extend(self._issue())
            code.extend(self._compute())
            if store:
                with code.block("if (more) {"):
                    code.extend(store)
        return code.lines()

    def _frag_reads(self, kk: str, a: str, b: str) -> list:
        """Statements reading k step ``kk``'s fragments into arrays ``a`` (TM) and ``b`` (TN)."""
        t = self.t
        kk = kk if IDENT.match(kk) or kk.isdigit() else f"({kk})"
        code = CodeBlock()
        for frag, x, tile, arr, shared, ld, what in (("AF", "TY", "TM", a, "as", "A_LD", "rows"),
                                                     ("BF", "TX", "TN", b, "bs", "B_LD", "columns")):
            lane = x.lower()
            code("#pragma unroll")
            head = f"for (int c = 0; c < {tile} / {frag}; ++c) {{   // {what} c * {x} * {frag} + {lane} * {frag} + e"
            with code.block(head):
                code(f"const kf_vec<{t}, {frag}> v = *reinterpret_cast<const kf_vec<{t}, {frag}>*>("
                     f"&{shared}[{kk} * {ld} + c * ({x} * {frag}) + {lane} * {frag}]);")
                code("#pragma unroll")
                code(f"for (int e = 0; e < {frag}; ++e) {arr}[c * {frag} + e] = v.v[e];")
        return code.lines()

    @staticmethod
    def _fma(code: CodeBlock, a: str, b: str) -> None:
        """The TM x TN FFMAs of one k step on fragments ``a`` and ``b``."""
        code("#pragma unroll")
        with code.block("for (int r = 0; r < TM; ++r)", None):
            code("#pragma unroll")
            code(f"for (int q = 0; q < TN; ++q) acc[r][q] = fma({a}[r], {b}[q], acc[r][q]);")

    def _compute(self) -> list:
        t = self.t
        code = CodeBlock()
        double = self.s.frags != 1
        if double:
            code("// compute: outer products of the k-major fragments, BK steps; fragments double")
            code("// buffered in registers (step kk + 1's read while step kk's FFMAs run)")
        else:
            code("// compute: outer products of the k-major fragments, BK steps")
        code(f"const {t}* as = As + t % STAGES * (BK * A_LD);")
        code(f"const {t}* bs = Bs + t % STAGES * (BK * B_LD);")
        if double:
            code(f"{t} a[2][TM], b[2][TN];")
            code.extend(self._frag_reads("0", "a[0]", "b[0]"))
        code("#pragma unroll")
        with code.block("for (int kk = 0; kk < BK; ++kk) {"):
            if double:
                with code.block("if (kk + 1 < BK) {"):
                    code.extend(self._frag_reads("kk + 1", "a[(kk + 1) % 2]", "b[(kk + 1) % 2]"))
                self._fma(code, "a[kk % 2]", "b[kk % 2]")
            else:
                code(f"{t} a[TM], b[TN];")
                code.extend(self._frag_reads("kk", "a", "b"))
                self._fma(code, "a", "b")
        return code.lines()

    def _epilogue(self) -> list:
        sp, s = self.spec, self.s
        ldc = gemm_epilogue.output_ld(sp)
        if (sp.epilogue is None or sp.epilogue.lines is None) and s.store_vec > 1 and ldc % s.store_vec == 0 \
                and not sp.c_uplo:
            return vector_store_lines(sp, s.store_vec, self.t, ldc)
        reds = sp.epilogue.reduce if sp.epilogue is not None else ()
        tx, ty = s.bn // s.tn, s.bm // s.tm
        tail = combine_lines(reds, self.t, s, self.es, s.shared_bytes(sp.dtype), _warp_shape(tx, ty))
        loops = [("for (int r = 0; r < TM; ++r) {", ["const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;"]),
                 ("for (int q = 0; q < TN; ++q) {", ["const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;"])]
        return (partial_lines(reds, self.t)
                + gemm_epilogue.store_loop(sp, "acc[r][q]", loops, "rows i, columns j of this thread") + tail)
