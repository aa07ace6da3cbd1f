"""The TF32 tensor-core engine ``mma_tf32`` (float32 under precision "tf32"; the printer is
:mod:`kfuse.codegen.gemm.mma`): warp tiles, shared memory layouts, the refusals of a
:class:`~kfuse.spaces.gemm.scheme.GemmScheme` run on it, its candidates, and :data:`ENGINE`.

A block of ``bm x bn`` is split into warps of ``wm x wn`` (the scheme's ``wm``, ``wn``; 0 = the
choice of :func:`warp_tile`); each warp runs ``wm/16 x wn/8`` ``mma.sync.m16n8k8`` tiles per
k step of 8.  Both operands are copied into shared memory as they lie in global memory (no
transposing path): a k-contiguous operand as ``[x][bk + pad]`` rows, an x-contiguous one as
``[bk][x + pad]``, the pads chosen by :func:`pad_elems` so that the warp's fragment loads hit
32 distinct banks (simulated here, not assumed).

>>> from kfuse.spaces.gemm.scheme import GemmScheme
>>> s = GemmScheme(bm=128, bn=128, bk=32, stages=3, engine="mma_tf32")
>>> warp_tile(s), threads(s), refusals(s, "float32")
((64, 32), 256, [])
"""
from __future__ import annotations

from . import smem
from .base import Engine

#: Shared memory one block may take on sm_90 (opt-in limit, bytes); registers per thread.
MAX_SHARED = 232448
MAX_REGISTERS = 255
#: Registers of addressing, indices, loop counters and pointers, estimated.
ADDRESS_REGISTERS = 48
#: Registers per cp.async a thread issues per tile (its source pointer, measured: 128 x 128 x 32
#: with 64 x 64 warp tiles, 16 copies per thread, spills; 8 copies do not).
COPY_REGISTERS = 4
MMA_M, MMA_N, MMA_K = 16, 8, 8


def warp_tile(s) -> tuple:
    """(wm, wn) of scheme ``s``: its own fields, or for 0 the largest of 64, 32, 16 (wm) and
    32, 16, 8 (wn) that divides the block tile (64 x 32: 64 accumulators per thread, no spills
    with 16 copies in flight, measured with NVRTC 13 for sm_90)."""
    wm = getattr(s, "wm", 0) or next((w for w in (64, 32, 16) if s.bm % w == 0), 16)
    wn = getattr(s, "wn", 0) or next((w for w in (32, 16, 8) if s.bn % w == 0), 8)
    return wm, wn


def warps(s) -> tuple:
    """(warps along m, warps along n) of the block."""
    wm, wn = warp_tile(s)
    return max(1, s.bm // wm), max(1, s.bn // wn)


def threads(s) -> int:
    """Threads per block: 32 per warp."""
    wy, wx = warps(s)
    return 32 * wy * wx


def _frag_words(k_contiguous: bool, ld: int) -> list:
    """The 32-bit shared-memory word offsets of one warp's fragment load (lane -> offset(s)),
    as the emitter reads them: lane = 4 g + t reads, for slot pair (2t, 2t + 1) of row (A) or
    column (B) g, one 8-byte load at ``g * ld + 2t`` (k-contiguous ``[x][ld]``), or two
    4-byte loads at ``2t * ld + g`` and ``(2t + 1) * ld + g`` (x-contiguous ``[k][ld]``)."""
    if k_contiguous:
        return [[g * ld + 2 * t, g * ld + 2 * t + 1] for g in range(8) for t in range(4)]
    return [[2 * t * ld + g] for g in range(8) for t in range(4)] + \
           [[(2 * t + 1) * ld + g] for g in range(8) for t in range(4)]


def wavefronts(k_contiguous: bool, ld: int) -> int:
    """Shared-memory wavefronts of one fragment load (k-contiguous: one 8-byte load of the
    warp, two half-warp phases; x-contiguous: the worse of its two 4-byte loads)."""
    words = _frag_words(k_contiguous, ld)
    if k_contiguous:
        phases = [words[:16], words[16:]]
    else:
        phases = [words[:32], words[32:]]
    return smem.worst_wavefronts(phases)


def pad_elems(k_contiguous: bool, row: int) -> int:
    """Padding (elements, a multiple of 4: rows stay 16-byte aligned for cp.async) of a shared
    row of ``row`` elements: the smallest with conflict-free fragment loads (fewest wavefronts)."""
    return smem.smallest_pad(wavefronts, k_contiguous, row, range(4, 36, 4))


def tile_words(k_contiguous: bool, x: int, bk: int) -> int:
    """Elements of one stage of an operand tile of x rows (or columns) and bk k's."""
    return smem.tile_elems(pad_elems, k_contiguous, x, bk)


def shared_bytes(s, dtype: str = "float32") -> int:
    """Dynamic shared memory of a block (either layout of each operand fits: the larger)."""
    return smem.stage_bytes(pad_elems, s, 4)


def registers(s) -> int:
    """Estimated registers per thread: accumulators wm*wn/32, the fragments of one k step
    (4 per 16 rows, 2 per 8 columns), addressing and the copies' pointers."""
    wm, wn = warp_tile(s)
    copies = -(-(s.bm + s.bn) * s.bk // 4 // threads(s))
    return (wm * wn // 32 + 4 * (wm // MMA_M) + 2 * (wn // MMA_N) + ADDRESS_REGISTERS
            + COPY_REGISTERS * copies)


def refusals(s, dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0, *, engine: str = "mma_tf32",
             registers_of=None) -> list:
    """Why scheme ``s`` (engine ``engine``: mma_tf32, or another on its tiles whose registers
    ``registers_of(s)`` estimates) cannot run a ``dtype`` GEMM: one line per reason."""
    registers_of = registers_of or registers
    out = []
    if dtype != "float32":
        out.append(f"engine {engine} multiplies float32 (TF32 tensor cores); dtype {dtype!r} runs on ffma")
    for f in ("wm", "wn"):
        v = getattr(s, f, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            out.append(f"{f}={v!r} must be a non-negative integer (0: the emitter's choice)")
    if out:
        return out
    if s.splitk > 1:
        out.append(f"splitk={s.splitk}: split-k is not built yet (use splitk=1)")
    wm, wn = warp_tile(s)
    if wm % MMA_M:
        out.append(f"wm={wm} is not a multiple of 16 (the rows of one mma.m16n8k8)")
    if wn % MMA_N:
        out.append(f"wn={wn} is not a multiple of 8 (the columns of one mma.m16n8k8)")
    if s.bm % wm:
        out.append(f"bm={s.bm} is not a multiple of the warp tile wm={wm}")
    if s.bn % wn:
        out.append(f"bn={s.bn} is not a multiple of the warp tile wn={wn}")
    if s.bk % MMA_K:
        out.append(f"bk={s.bk} is not a multiple of 8 (the k of one mma.m16n8k8)")
    if out:
        return out
    t = threads(s)
    if t > 1024:
        out.append(f"{t // 32} warps per block (bm/wm x bn/wn = {s.bm // wm} x {s.bn // wn}) exceed 32")
    for op, x in (("A", s.bm), ("B", s.bn)):
        vecs = x * s.bk // 4
        if t <= 1024 and vecs % t:
            out.append(f"the {op} tile ({x} x bk={s.bk}) holds {vecs} vectors of 4 float32, not a multiple "
                       f"of the {t} threads: each thread copies the same whole number of vectors")
    smem = shared_bytes(s, dtype)
    if smem > MAX_SHARED:
        out.append(f"shared memory {smem} B per block (stages={s.stages} x bk={s.bk} x (bm+bn+pads)) is over "
                   f"the {MAX_SHARED} B limit")
    regs, cap = registers_of(s), min(MAX_REGISTERS, 65536 // t)
    if regs > cap:
        out.append(f"about {regs} registers per thread (a {wm}x{wn} warp tile: {wm * wn // 32} accumulators "
                   f"+ fragments + addressing + copies) is over {cap} (255, and 65536 per block of {t} threads)")
    return out


#: the mma schemes a search starts from (the first is the default of a tf32 call; the gemm
#: space's :func:`kfuse.spaces.gemm.space.engine_variants` makes them GemmSchemes)
CANDIDATES = (   # the first is the default: the best measured on the H200 (gemm_mma_probe_h200.json)
    dict(bm=128, bn=128, bk=16, stages=4, wm=64, wn=64),
    dict(bm=128, bn=128, bk=32, stages=3, wm=64, wn=32),
    dict(bm=128, bn=128, bk=32, stages=4, wm=64, wn=32),
    dict(bm=128, bn=128, bk=32, stages=4, wm=32, wn=64),
    dict(bm=128, bn=256, bk=16, stages=4, wm=64, wn=64),
    dict(bm=256, bn=128, bk=16, stages=4, wm=64, wn=64),
    dict(bm=64, bn=64, bk=32, stages=4, wm=32, wn=32),
)


class MmaTf32Engine(Engine):
    """TF32 ``mma.sync`` on tensor cores (see the module doc): no epilogue reductions, no
    operand prologues (its loader copies with cp.async only), no split-k."""

    name = "mma_tf32"
    title = "TF32 tensor cores, mma.sync"
    precision = "tf32"
    dtypes = ("float32",)
    #: its element-wise mirror (H200 1024 TF32: SYMM with mirror 27 TFLOP/s against 60 with the
    #: symmetrize pass, benchmarks/results/2026-11-24/balance_s17)
    loader_efficiency = {"mirror": 0.4}
    share = {"float32": 4.0}   # mma.sync TF32: ~0.45x cuBLAS TF32 (402 TFLOP/s), uncalibrated
    tolerance = 5e-3           # TF32: 10-bit mantissas
    peaks = {"float32": ("mma_peak", "float", 2 * 16 * 8 * 8 * 8 // 32)}

    def threads(self, s) -> int:
        return threads(s)

    def shared_bytes(self, s, dtype: str) -> int:
        return shared_bytes(s, dtype)

    def registers(self, s, dtype: str) -> int:
        return registers(s)

    def refusals(self, s, dtype: str, m: int, n: int, k: int) -> list:
        return refusals(s, dtype, m, n, k)

    def default_fields(self, dtype: str) -> dict:
        return dict(CANDIDATES[0], engine=self.name)

    def candidates(self, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
        return [dict(kw, engine=self.name) for kw in CANDIDATES]


ENGINE = MmaTf32Engine()
