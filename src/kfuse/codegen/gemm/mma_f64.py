"""The FP64 tensor-core GEMM engine (``mma_f64``): ``mma.sync.m8n8k4`` on doubles (DMMA).

:func:`emit_gemm_mma_f64` writes, for a float64 :class:`~kfuse.codegen.gemm.spec.GemmKernelSpec`
whose scheme's engine is ``mma_f64``, one kernel computing
``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j], i, j)`` with double accumulators; every
product and sum is rounded in IEEE double as FFMA's are, in another order (the tensor core's).
:func:`kfuse.codegen.gemm.emit_gemm` sends such specs here.

The kernel is the TF32 engine's (:mod:`kfuse.codegen.gemm.mma`: blocks and warps, multi-stage
``cp.async`` loads of each operand as it lies in global memory, the structured operands, SYR2K's
second pair, the epilogue), with its emitter's mma-specific parts replaced:

* **Warps**: a warp's wm x wn tile is (wm/8) x (wn/8) ``mma.sync.aligned.m8n8k4.row.col.f64``
  tiles; the accumulators ``acc[mi][ni][2]`` are double.
* **k order inside a step of 8**: lane t of a quad holds k slot t of each mma's A and B
  fragments; the step's two mma take the *physical* k's 2t (first) and 2t + 1 (second), for A
  and B alike (a permutation of the step's 8 k's: the same sum, rounded in another order), so
  a k-contiguous operand gives both with one 16-byte shared load; an x-contiguous one takes two
  8-byte loads.
* **Shared rows**: the pads of :func:`kfuse.spaces.gemm.engines.mma_f64.pad_elems` (doubles).
"""
from __future__ import annotations

from ...spaces.gemm.engines import mma_f64 as rules
from ..common import CodeBlock
from . import epilogue as gemm_epilogue
from .mma import _MmaEmitter, refuse_unsupported
from .mma_load import MmaOperand
from .spec import GemmKernelSpec, GemmSource, check_spec, comment_lines

DMMA_HELPERS = r"""
#ifndef KF_DMMA_HELPERS
#define KF_DMMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_f64 needs sm_80 or newer (mma.sync f64)"
#endif
#ifndef KF_MMA_EMULATE
// d[0..1] += A (8 x 4, a) * B (4 x 8, b) for one warp, double accumulators (DMMA).
__device__ __forceinline__ void kf_mma_f64(double* d, double a, double b) {
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                 "{%0, %1}, {%2}, {%3}, {%0, %1};\n"
                 : "+d"(d[0]), "+d"(d[1])
                 : "d"(a), "d"(b));
}
#endif
#endif  // KF_DMMA_HELPERS
"""


def emit_gemm_mma_f64(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec`` on FP64 tensor cores; a KfuseError for what the engine refuses
    (float32, a structured operand together with a second operand pair, and the scheme's
    refusals: :func:`kfuse.spaces.gemm.engines.mma_f64.refusals`).

    Fragments of ``mma.m8n8k4`` .f64 (PTX ISA), lane = 4 * g + t (g = groupID, t =
    threadID_in_group): A 8 x 4 row-major a0 at (g, t); B 4 x 8 col-major b0 at (k = t, n = g);
    C 8 x 8 c0, c1 at (g, 2t), (g, 2t + 1).  A sample (128 x 64 x 16, warps 32 x 32, NN,
    C order; abridged)::

        constexpr int MI = WM / 8, NI = WN / 8;     // mma.m8n8k4 tiles per warp (m x n)
        constexpr int A_LD = 24, B_LD = 66;           // padded shared rows (doubles)
        ...
            for (int kk = 0; kk < BK; kk += 8) {
                double af[MI][2], bf[NI][2];   // [0]: k kk + 2tg, [1]: kk + 2tg + 1
                ... af[mi] = as[r * A_LD + kk + 2 tg .. + 1] (one 16-byte load) ...
                for (int h = 0; h < 2; ++h)
                    for (int mi ...) for (int ni ...) kf_mma_f64(acc[mi][ni], af[mi][h], bf[ni][h]);
            }
        // epilogue: acc[mi][ni][e] is C[row0 + wrow + mi * 8 + g][col0 + wcol + ni * 8 + 2 * t + e]
    """
    refuse_unsupported(spec, "mma_f64", "float64", "float64 on FP64 tensor cores")
    check_spec(spec)
    return _DmmaEmitter(spec).source()


class _DmmaEmitter(_MmaEmitter):
    """The TF32 emitter with the m8n8k4 f64 mma: its tiles, accumulators, fragments and the
    accumulator -> (i, j) map of the epilogue."""

    RULES = rules
    CTYPE, ELEM = "double", 8
    HELPERS = DMMA_HELPERS
    TILES = "constexpr int MI = WM / 8, NI = WN / 8;   // mma.m8n8k4 tiles per warp (m x n)"
    COMPUTE = "// compute: BK / 8 steps of 2 x MI x NI mma.m8n8k4 per warp"

    def _comment(self) -> list:
        return comment_lines(self.spec, "float64 on FP64 tensor cores", "sum_k op(A)[i, k] * op(B)[k, j]",
                             f"{self.s.to_text()} (warp tile {self.wm} x {self.wn})",
                             [self.a.describe(), self.b.describe()], [o.describe() for o in self.pair2],
                             structures=False)

    def _setup(self) -> list:
        code = CodeBlock()
        code.extend(["", "// ---- double accumulators: acc[mi][ni][e], e = c0, c1 of mma tile (mi, ni) ----",
                     "double acc[MI][NI][2];", "#pragma unroll"])
        with code.block("for (int mi = 0; mi < MI; ++mi)", None):
            code("#pragma unroll")
            with code.block("for (int ni = 0; ni < NI; ++ni)", None):
                code("acc[mi][ni][0] = 0.0, acc[mi][ni][1] = 0.0;")
        return code.lines()

    @staticmethod
    def _frag(o: MmaOperand, dst: str, buf: str, x: str) -> list:
        """Statements filling ``dst``[0..1] with op(X)[x, kk + 2tg] and [x, kk + 2tg + 1] from
        shared ``buf`` (row or column ``x``): one 16-byte load (k contiguous) or two."""
        ld = f"{o.role}_LD"
        if o.kcontig:
            return ["const kf_vec<double, 2> v = *reinterpret_cast<const kf_vec<double, 2>*>("
                    f"&{buf}[{x} * {ld} + kk + 2 * tg]);",
                    f"{dst}[0] = v.v[0]; {dst}[1] = v.v[1];"]
        return [f"const double* k0 = &{buf}[(kk + 2 * tg) * {ld} + {x}];",
                f"{dst}[0] = k0[0]; {dst}[1] = k0[{ld}];"]

    def _steps(self, a: MmaOperand, b: MmaOperand) -> list:
        """The BK / 8 steps (two mma.m8n8k4 each) of one tile whose shared layouts are ``a``'s
        and ``b``'s."""
        code = CodeBlock()
        code("#pragma unroll")
        with code.block("for (int kk = 0; kk < BK; kk += 8) {"):
            code("double af[MI][2], bf[NI][2];   // k slot tg of the step's two mma: k's kk + 2tg, + 1")
            code("#pragma unroll")
            with code.block("for (int mi = 0; mi < MI; ++mi) {"):
                code("const int r = wrow + mi * 8 + g;   // row r (a0)")
                code.extend(self._frag(a, "af[mi]", "as", "r"))
            code("#pragma unroll")
            with code.block("for (int ni = 0; ni < NI; ++ni) {"):
                code("const int c = wcol + ni * 8 + g;   // column c (b0)")
                code.extend(self._frag(b, "bf[ni]", "bs", "c"))
            code("#pragma unroll")
            with code.block("for (int h = 0; h < 2; ++h)", None):
                code("#pragma unroll")
                with code.block("for (int mi = 0; mi < MI; ++mi)", None):
                    code("#pragma unroll")
                    code("for (int ni = 0; ni < NI; ++ni) kf_mma_f64(acc[mi][ni], af[mi][h], bf[ni][h]);")
        return code.lines()

    def _epilogue(self) -> list:
        loops = [("for (int mi = 0; mi < MI; ++mi) {", []), ("for (int ni = 0; ni < NI; ++ni) {", []),
                 ("for (int e = 0; e < 2; ++e) {", ["const int i = row0 + wrow + mi * 8 + g;",
                                                    "const int j = col0 + wcol + ni * 8 + 2 * tg + e;"])]
        return gemm_epilogue.store_loop(self.spec, "acc[mi][ni][e]", loops,
                                        "c0, c1 of tile (mi, ni) at row g and columns 2tg, 2tg + 1")
