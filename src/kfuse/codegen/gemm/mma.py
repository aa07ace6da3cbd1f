"""The TF32 tensor-core GEMM engine (``mma_tf32``): ``mma.sync.m16n8k8``.

:func:`emit_gemm_mma` writes, for a float32 :class:`~kfuse.codegen.gemm.spec.GemmKernelSpec` whose
scheme's engine is ``mma_tf32``, one kernel computing
``C[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j]), i, j)`` with fp32 accumulators
(operands rounded to TF32, 10-bit mantissas, by ``cvt.rna.tf32.f32``).
:func:`kfuse.codegen.gemm.emit_gemm` sends such specs here.

* **Blocks and warps**: a block computes a bm x bn tile of C; its warps (bm/wm x bn/wn) each a
  wm x wn tile as (wm/16) x (wn/8) ``mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`` tiles,
  each k step of 8 (the fragment layouts: see :func:`emit_gemm_mma`'s sample).
* **Loads**: each operand is copied to shared memory as it lies in global memory (whichever of
  its indices is contiguous), by multi-stage ``cp.async`` of 16, 8 or 4 bytes zero-filled past the
  edges (:mod:`kfuse.codegen.gemm.mma_load`); no transposing path is needed, because the fragment
  loads read either layout, and the row pads of
  :func:`kfuse.spaces.gemm.engines.mma_tf32.pad_elems` make them conflict-free.
* **Structure** (the hooks of :mod:`kfuse.codegen.gemm.structure`, shared with the FFMA engine):
  a sym/tri operand is loaded element-wise, mirrored or zero-filled, into a k-major tile; a tri
  operand's all-zero k tiles are skipped (``k_range_lines``); ``c_uplo`` returns blocks outside
  the triangle and guards (and under ``mirror_lower`` mirrors) the stores; SYR2K's ``second``
  pair runs k tiles KTILES .. 2 KTILES - 1 through the same buffers.
* **k order inside a step**: thread t of a quad holds the k slots t and t + 4 of the mma
  fragments; they are filled with the *physical* k's 2t and 2t + 1 of the step, for A and B
  alike (a permutation of the 8 k's of a step: the sum is unchanged), so a k-contiguous operand
  gives both with one 8-byte shared load.
"""
from __future__ import annotations

from ...errors import DTypeError, PlanError
from ...spaces.gemm.engines import mma_tf32 as rules
from ..common import CodeBlock
from . import epilogue as gemm_epilogue
from .spec import GemmKernelSpec, GemmSource, check_spec, comment_lines
from .structure import heavy_axes, k_range_lines, operand_names, uplo_return_lines
from .load import GEMM_HELPERS, fill_lines, kernel_lines, main_loop, offset_lines, pair_lines, tile_order_lines
from .mma_load import MmaOperand, emit_copies, operand

MMA_HELPERS = r"""
#ifndef KF_MMA_HELPERS
#define KF_MMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_tf32 needs sm_80 or newer (mma.sync TF32)"
#endif
#ifndef KF_MMA_EMULATE
// fp32 -> tf32, rounded to nearest (ties away from zero): the operand register of mma.sync.
__device__ __forceinline__ unsigned kf_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}
// d[0..3] += A (16 x 8, a[0..3]) * B (8 x 8, b[0..1]) for one warp, fp32 accumulators.
__device__ __forceinline__ void kf_mma_tf32(float* d, const unsigned* a, const unsigned* b) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#endif
#endif  // KF_MMA_HELPERS
"""


def emit_gemm_mma(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec`` on TF32 tensor cores; a KfuseError for what the engine refuses
    (float64, a structured operand together with a second operand pair, and the scheme's
    refusals: :func:`kfuse.spaces.gemm.engines.mma_tf32.refusals`).

    Fragments of ``mma.m16n8k8`` .tf32 (PTX ISA), lane = 4 * g + t (g = groupID, t =
    threadID_in_group): A 16 x 8 row-major a0..a3 at (g, t), (g + 8, t), (g, t + 4),
    (g + 8, t + 4); B 8 x 8 col-major b0, b1 at (k = t, n = g), (t + 4, g); C 16 x 8 c0..c3 at
    (g, 2t), (g, 2t + 1), (g + 8, 2t), (g + 8, 2t + 1).  A sample (128 x 128 x 32, warps
    64 x 64, three stages, NN, C order; abridged)::

        constexpr int BM = 128, BN = 128, BK = 32, WM = 64, WN = 64, STAGES = 3, RASTER = 1;
        constexpr int MI = WM / 16, NI = WN / 8;      // mma tiles per warp (m x n)
        constexpr int A_LD = 40, B_LD = 132;           // padded shared rows: conflict-free
        ...
        // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async ...
        // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async ...
        for (int t = 0; t < KTILES; ++t) {
            kf_cp_async_wait<STAGES - 2>();
            __syncthreads();
            ... issue tile t + STAGES - 1 ...
            for (int kk = 0; kk < BK; kk += 8) {
                unsigned af[MI][4], bf[NI][2];
                ... af[mi][0] = kf_tf32(a(g, kk + 2t)), af[mi][2] = kf_tf32(a(g, kk + 2t + 1)) ...
                for (int mi = 0; mi < MI; ++mi)
                    for (int ni = 0; ni < NI; ++ni) kf_mma_tf32(acc[mi][ni], af[mi], bf[ni]);
            }
            kf_cp_async_commit();
        }
        // epilogue: acc[mi][ni][e] is C[row0 + wrow + mi * 16 + g + 8 * (e / 2)]
        //                              [col0 + wcol + ni * 8 + 2 * t + e % 2], guarded
    """
    refuse_unsupported(spec)
    check_spec(spec)
    return _MmaEmitter(spec).source()


def refuse_unsupported(spec, engine: str = "mma_tf32", dtype: str = "float32",
                       on: str = "float32 on TF32 tensor cores") -> None:
    """Raise for what an mma engine (``engine``, multiplying ``dtype``: ``on``) does not build
    (fields read with defaults, so a spec without them passes): another dtype, a sym/tri operand
    together with a second pair (no BLAS routine has both; the FFMA engine does not build it
    either), and operand offsets with a second pair."""
    if getattr(spec, "second", None) is not None and any(op.offset for op in (spec.a, spec.b)):
        raise PlanError(f"GEMM engine {engine}: operand offsets with a second operand pair are not built (its "
                        "operands would need their own)")
    if spec.dtype != dtype:
        raise DTypeError(f"GEMM engine {engine} multiplies {on}; dtype {spec.dtype!r} "
                         "runs on engine 'ffma'")
    if getattr(spec, "second", None) is not None:
        for role, op in (("a", spec.a), ("b", spec.b)):
            st = getattr(op, "structure", "general")
            if st != "general":
                raise PlanError(f"GEMM engine {engine}: operand {role} ({op.name}) has structure {st!r} and the "
                                "spec has a second operand pair: a structured product with a second pair is "
                                "not built")


def _idx_type(spec) -> str:
    """``int`` where every element offset fits in 31 bits, else ``long long``."""
    most = 0
    pairs = ((spec.a, spec.m, spec.k), (spec.b, spec.k, spec.n))
    pairs += tuple(zip(spec.second or (), (spec.m, spec.k), (spec.k, spec.n)))
    for op, rows, cols in pairs:
        sr, sc = (cols, rows) if op.trans else (rows, cols)
        ld = op.ld or max(1, sc if op.order == "C" else sr)
        most = max(most, ld * (max(sr, sc) + 1))
    most = max(most, (spec.c_ld or max(spec.m, spec.n, 1)) * (max(spec.m, spec.n) + 1))
    return "int" if most < 2 ** 31 - 2 ** 20 else "long long"


class _MmaEmitter:
    """Writes the kernel of one checked spec as lines of CUDA C (TF32; :mod:`.mma_f64`'s
    emitter is a subclass: the class attributes name what differs)."""

    #: the engine's rules module, the element type and its bytes, the helpers printed once per
    #: module, the header's tiles-per-warp line and the compute's comment
    RULES = rules
    CTYPE, ELEM = "float", 4
    HELPERS = MMA_HELPERS
    TILES = "constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)"
    COMPUTE = "// compute: BK / 8 steps of MI x NI mma.m16n8k8 per warp"
    #: the fragments' register type, the mma helper, and the accumulators' zero and their comment
    FRAG, MMA = "unsigned", "kf_mma_tf32"
    #: the fragment arrays of one k step and the mma helper's operands from them
    FRAGS, MMA_ARGS = "af[MI][4], bf[NI][2]", "af[mi], bf[ni]"
    ZERO, ACC_NOTE = "0.f", "fp32 accumulators"
    #: the physical k of each fragment k slot (the fragments' comment)
    SLOTS = "tf32 fragments: slots tg, tg + 4 = k's kk + 2tg, + 1"
    #: the kernel comment's what-on-what and its formula
    ON, FORMULA = "float32 on TF32 tensor cores", "sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])"

    def __init__(self, spec: GemmKernelSpec):
        self.spec, self.s = spec, spec.scheme
        self.wm, self.wn = self.RULES.warp_tile(self.s)
        self.threads = self.RULES.threads(self.s)
        how = (self.threads, self.RULES.pad_elems, self.CTYPE, self.ELEM)
        self.a: MmaOperand = operand(spec, "A", *how)
        self.b: MmaOperand = operand(spec, "B", *how)
        self.pair2 = (operand(spec, "A2", *how), operand(spec, "B2", *how)) if spec.second else ()
        tri = "tri" in (getattr(spec.a, "structure", ""), getattr(spec.b, "structure", ""))
        # the k loop's bound and the k index of its tile kt
        self.nkt = "nkt" if tri else ("2 * KTILES" if spec.second else "KTILES")
        self.kexpr = "(kt0 + kt)" if tri else "kt"

    def _stage_words(self, o: MmaOperand) -> int:
        """Elements of one stage buffer of ``o``'s role: the larger of its pair (SYR2K)."""
        return max([o.stage_words] + [x.stage_words for x in self.pair2 if x.buf == o.role])

    def source(self) -> GemmSource:
        sp = self.spec
        params = tuple((f"const {self.CTYPE}* __restrict__", name) for name in operand_names(sp))
        params += ((f"{self.CTYPE}* __restrict__", sp.c),)
        params += tuple(tuple(p) for p in (sp.epilogue.params if sp.epilogue else ()))
        body = self._header() + self._setup() + self._prologue() + self._main_loop() + self._epilogue()
        sig = ", ".join(f"{d} {n}" for d, n in params)
        head = [GEMM_HELPERS.strip("\n"), self.HELPERS.strip("\n"), "", *self._comment(),
                f'extern "C" __global__ void __launch_bounds__({self.threads}, 1)', f"{sp.name}({sig})"]
        code = "\n".join(kernel_lines(head, body) + [""])
        gm = max(1, -(-sp.m // self.s.bm))
        gn = max(1, -(-sp.n // self.s.bn))
        smem = self.s.stages * (self._stage_words(self.a) + self._stage_words(self.b)) * self.ELEM
        return GemmSource(sp.name, code, params, (gm * gn, 1, 1), (self.threads, 1, 1), smem)

    def _comment(self) -> list:
        return comment_lines(self.spec, self.ON, self.FORMULA,
                             f"{self.s.to_text()} (warp tile {self.wm} x {self.wn})",
                             [self.a.describe(), self.b.describe()], [o.describe() for o in self.pair2],
                             structures=False)

    def _header(self) -> list:
        sp, s, a, b = self.spec, self.s, self.a, self.b
        return [
            *offset_lines(sp),
            f"using idx_t = {_idx_type(sp)};",
            f"constexpr int M = {sp.m}, N = {sp.n}, K = {sp.k};",
            f"constexpr int BM = {s.bm}, BN = {s.bn}, BK = {s.bk}, WM = {self.wm}, WN = {self.wn}, "
            f"STAGES = {s.stages}, RASTER = {s.raster};",
            f"constexpr int THREADS = {self.threads}, WX = BN / WN;   // threads; warps along n",
            self.TILES,
            f"constexpr int A_LD = {a.ld}, B_LD = {b.ld};   // padded shared rows (conflict-free fragment loads)",
            f"constexpr int A_STAGE = {self._stage_words(a)}, B_STAGE = {self._stage_words(b)};   "
            f"// {self.CTYPE}s per stage buffer",
            f"constexpr int A_COPIES = {a.copies}, B_COPIES = {b.copies};   // cp.async per thread per tile",
            f"constexpr idx_t A_SX = {a.sx}, A_SK = {a.sk}, B_SX = {b.sx}, B_SK = {b.sk};   "
            "// element strides of op(A)[i, k], op(B)[k, j]",
            "constexpr int KTILES = (K + BK - 1) / BK;",
            "constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;",
            "constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;",
            "(void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;",
            *(f"constexpr int {x.role}_LD = {x.ld}, {x.role}_COPIES = {x.copies}; constexpr idx_t {x.role}_SX = "
              f"{x.sx}, {x.role}_SK = {x.sk};   // second product" for x in self.pair2),
            "",
            f"// ---- shared memory: STAGES buffers of As ({a.layout()}) and Bs ({b.layout()}) ----",
            "extern __shared__ __align__(16) unsigned char kf_smem[];",
            f"{self.CTYPE}* As = reinterpret_cast<{self.CTYPE}*>(kf_smem);",
            f"{self.CTYPE}* Bs = As + STAGES * A_STAGE;",
            "",
            *self._raster(),
            *uplo_return_lines(sp.c_uplo),
            *(k_range_lines(sp) if self.nkt == "nkt" else ()),
            "",
            "// ---- warps: (BM / WM) x (BN / WN); lane = 4 g + tg (mma groupID, thread in group) ----",
            "const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;",
            "const int g = lane / 4, tg = lane % 4;",
            "const int wrow = warp / WX * WM, wcol = warp % WX * WN;   // the warp's tile in the block",
        ]

    def _raster(self) -> list:
        return tile_order_lines(self.s.raster, 1, heavy_axes(self.spec))

    def _setup(self) -> list:
        code = CodeBlock()
        code.extend(["", f"// ---- {self.ACC_NOTE}: acc[mi][ni][e], e = c0..c3 of mma tile (mi, ni) ----",
                     f"{self.CTYPE} acc[MI][NI][4];", "#pragma unroll"])
        with code.block("for (int mi = 0; mi < MI; ++mi)", None):
            code("#pragma unroll")
            with code.block("for (int ni = 0; ni < NI; ++ni)", None):
                code("#pragma unroll")
                code(f"for (int e = 0; e < 4; ++e) acc[mi][ni][e] = {self.ZERO};")
        return code.lines()

    def _issue(self) -> list:
        one = emit_copies(self.a, self.kexpr) + emit_copies(self.b, self.kexpr)
        if not self.pair2:
            return one
        two = emit_copies(self.pair2[0], "(kt - KTILES)") + emit_copies(self.pair2[1], "(kt - KTILES)")
        return pair_lines("kt", one, two)

    def _prologue(self) -> list:
        return fill_lines(self.nkt, self._issue())

    def _main_loop(self) -> list:
        code = CodeBlock()
        with main_loop(code, self.nkt):
            with code.block("{"):
                code("const int kt = t + STAGES - 1, s = kt % STAGES;")
                with code.block(f"if (kt < {self.nkt}) {{"):
                    code.extend(self._issue())
            code.extend(self._compute())
        return code.lines()

    @staticmethod
    def _cvt(frag: str, slot: str, value: str) -> str:
        """The statement setting fragment register ``frag[slot]`` from the float ``value``."""
        return f"{frag}{slot} = kf_tf32({value});"

    def _frag_a(self, o: MmaOperand) -> list:
        """Statements filling af[mi][0..3] (rows r, r + 8; physical k's kk + 2tg, + 1)."""
        ld, cv = f"{o.role}_LD", self._cvt
        if o.kcontig:
            return ["const kf_vec<float, 2> lo = *reinterpret_cast<const kf_vec<float, 2>*>("
                    f"&as[r * {ld} + kk + 2 * tg]);",
                    "const kf_vec<float, 2> hi = *reinterpret_cast<const kf_vec<float, 2>*>("
                    f"&as[(r + 8) * {ld} + kk + 2 * tg]);",
                    f"{cv('af', '[mi][0]', 'lo.v[0]')} {cv('af', '[mi][1]', 'hi.v[0]')}",
                    f"{cv('af', '[mi][2]', 'lo.v[1]')} {cv('af', '[mi][3]', 'hi.v[1]')}"]
        return [f"const float* k0 = &as[(kk + 2 * tg) * {ld} + r];",
                f"{cv('af', '[mi][0]', 'k0[0]')} {cv('af', '[mi][1]', 'k0[8]')}",
                f"{cv('af', '[mi][2]', f'k0[{ld}]')} {cv('af', '[mi][3]', f'k0[{ld} + 8]')}"]

    def _frag_b(self, o: MmaOperand) -> list:
        """Statements filling bf[ni][0..1] (column c; physical k's kk + 2tg, + 1)."""
        ld, cv = f"{o.role}_LD", self._cvt
        if o.kcontig:
            return ["const kf_vec<float, 2> v = *reinterpret_cast<const kf_vec<float, 2>*>("
                    f"&bs[c * {ld} + kk + 2 * tg]);",
                    f"{cv('bf', '[ni][0]', 'v.v[0]')} {cv('bf', '[ni][1]', 'v.v[1]')}"]
        return [f"const float* k0 = &bs[(kk + 2 * tg) * {ld} + c];",
                f"{cv('bf', '[ni][0]', 'k0[0]')} {cv('bf', '[ni][1]', f'k0[{ld}]')}"]

    def _compute(self) -> list:
        head = [self.COMPUTE,
                f"const {self.CTYPE}* as = As + t % STAGES * A_STAGE;",
                f"const {self.CTYPE}* bs = Bs + t % STAGES * B_STAGE;"]
        one = self._steps(self.a, self.b)
        if not self.pair2 or [o.kcontig for o in self.pair2] == [self.a.kcontig, self.b.kcontig]:
            return head + one      # the second pair's tiles lie as the first's: one compute
        return head + pair_lines("t", one, self._steps(*self.pair2))

    def _steps(self, a: MmaOperand, b: MmaOperand) -> list:
        """The BK / 8 mma steps of one tile whose shared layouts are ``a``'s and ``b``'s."""
        code = CodeBlock()
        code("#pragma unroll")
        with code.block("for (int kk = 0; kk < BK; kk += 8) {"):
            code(f"{self.FRAG} {self.FRAGS};   // {self.SLOTS}")
            code("#pragma unroll")
            with code.block("for (int mi = 0; mi < MI; ++mi) {"):
                code("const int r = wrow + mi * 16 + g;   // rows r (a0, a2) and r + 8 (a1, a3)")
                code.extend(self._frag_a(a))
            code("#pragma unroll")
            with code.block("for (int ni = 0; ni < NI; ++ni) {"):
                code("const int c = wcol + ni * 8 + g;    // column c (b0, b1)")
                code.extend(self._frag_b(b))
            code("#pragma unroll")
            with code.block("for (int mi = 0; mi < MI; ++mi)", None):
                code("#pragma unroll")
                code(f"for (int ni = 0; ni < NI; ++ni) {self.MMA}(acc[mi][ni], {self.MMA_ARGS});")
        return code.lines()

    def _epilogue(self) -> list:
        loops = [("for (int mi = 0; mi < MI; ++mi) {", []), ("for (int ni = 0; ni < NI; ++ni) {", []),
                 ("for (int e = 0; e < 4; ++e) {", ["const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;",
                                                    "const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;"])]
        return gemm_epilogue.store_loop(self.spec, "acc[mi][ni][e]", loops,
                                        "c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1")
