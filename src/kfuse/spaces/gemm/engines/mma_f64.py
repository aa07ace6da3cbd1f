"""The FP64 tensor-core engine ``mma_f64`` (float64 under the default precision "ieee"; the
printer is :mod:`kfuse.codegen.gemm.mma_f64`): warp tiles, shared memory layouts, the refusals
of a :class:`~kfuse.spaces.gemm.scheme.GemmScheme` run on it, its candidates, and :data:`ENGINE`.

DMMA (``mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64``, sm_90+; four ``m8n8k4`` on sm_80 -
sm_89) rounds each product and each sum in IEEE double, as FFMA does; only the order of the sums
differs (as in cuBLAS DGEMM).
So it serves the same products as the FFMA engine's float64 ones, and the search ranks the two
by the model (:mod:`kfuse.spaces.gemm.model`).

A block of ``bm x bn`` is split into warps of ``wm x wn`` (the scheme's ``wm``, ``wn``; 0 = the
choice of :func:`warp_tile`); each warp runs ``wm/16 x wn/8`` ``mma.m16n8k8`` tiles per k step
of 8 (lane t of a quad holds k slots t and t + 4, the step's k's t and t + 4), each fragment
element one 8-byte shared load straight into the register the mma reads (a 16-byte load of two
k's would need register moves: the mma's A group is rows g, g + 8 before k slot t + 4).  Both
operands are copied into shared memory as they lie in global memory, like :mod:`.mma_tf32`'s: a
k-contiguous operand as ``[x][bk + pad]`` rows, an x-contiguous one as ``[bk][x + pad]``, the pads
chosen by :func:`pad_elems` so that the warp's 8-byte fragment loads take the fewest
shared-memory wavefronts (simulated here, not assumed).

>>> from kfuse.spaces.gemm.scheme import GemmScheme
>>> s = GemmScheme(bm=128, bn=64, bk=16, stages=4, engine="mma_f64")
>>> warp_tile(s), threads(s), refusals(s, "float64")
((32, 32), 256, [])
"""
from __future__ import annotations

from . import smem
from .base import Engine
from .mma_tf32 import MAX_REGISTERS, MAX_SHARED

#: the mma's m, n, k (one mma.m16n8k8 per k step of 8: a lane's slots t, t + 4 take k's t, t + 4)
MMA_M, MMA_N, MMA_K = 16, 8, 8
#: registers of addressing and of each cp.async per thread per tile in the estimate of
#: :func:`registers` (the copies of whole tiles carry no guards: NVRTC 13 kept the 64 x 128 x 16
#: and 128 x 64 x 16 schemes with 32 x 64 warp tiles in 234-243 registers without spills,
#: benchmarks/probes/dmma_sweep.py); the compile tier checks every candidate for spills
ADDRESS_REGISTERS, COPY_REGISTERS = 24, 2
#: doubles per 16-byte cp.async
VEC = 2


def warp_tile(s) -> tuple:
    """(wm, wn) of scheme ``s``: its own fields, or for 0 the largest of 32, 16 (wm; 8 for wn)
    dividing the block tile (32 x 32: 32 double accumulators per thread)."""
    wm = getattr(s, "wm", 0) or next((w for w in (32,) if s.bm % w == 0), 16)
    wn = getattr(s, "wn", 0) or next((w for w in (32, 16) if s.bn % w == 0), 8)
    return wm, wn


def warps(s) -> tuple:
    """(warps along m, warps along n) of the block."""
    wm, wn = warp_tile(s)
    return max(1, s.bm // wm), max(1, s.bn // wn)


def threads(s) -> int:
    """Threads per block: 32 per warp."""
    wy, wx = warps(s)
    return 32 * wy * wx


def _frag_phases(k_contiguous: bool, ld: int) -> list:
    """The shared-memory accesses of one warp's fragment load, as the hardware splits them into
    phases: each phase a list of lanes, each lane the 32-bit words it reads (a double is two).
    Every fragment element is one 8-byte load (half-warp phases); lane 4 g + t reads, for its
    row (A) or column (B) g and k slot t (k slot t + 4 and row g + 8 are the same pattern
    shifted): k-contiguous ``[x][ld]``: the double ``g * ld + t``; x-contiguous ``[k][ld]``:
    ``t * ld + g``."""
    if k_contiguous:
        lanes = [[2 * (g * ld + t) + w for w in range(2)] for g in range(8) for t in range(4)]
    else:
        lanes = [[2 * (t * ld + g) + w for w in range(2)] for g in range(8) for t in range(4)]
    return [lanes[:16], lanes[16:]]


def wavefronts(k_contiguous: bool, ld: int) -> int:
    """Shared-memory wavefronts of the worst phase of one fragment load (1: conflict-free)."""
    return smem.worst_wavefronts(_frag_phases(k_contiguous, ld))


def pad_elems(k_contiguous: bool, row: int) -> int:
    """Padding (doubles, a multiple of 2: rows stay 16-byte aligned for cp.async) of a shared row
    of ``row`` doubles: the smallest with the fewest wavefronts."""
    return smem.smallest_pad(wavefronts, k_contiguous, row, range(0, 34, 2))


def tile_words(k_contiguous: bool, x: int, bk: int) -> int:
    """Doubles of one stage of an operand tile of x rows (or columns) and bk k's."""
    return smem.tile_elems(pad_elems, k_contiguous, x, bk)


def shared_bytes(s, dtype: str = "float64") -> int:
    """Dynamic shared memory of a block (either layout of each operand fits: the larger)."""
    return smem.stage_bytes(pad_elems, s, 8)


def copies(s) -> int:
    """16-byte cp.async copies per thread per k tile (both operands)."""
    return -(-(s.bm + s.bn) * s.bk // VEC // threads(s))


def registers(s) -> int:
    """Estimated registers per thread: accumulators wm*wn/32 doubles, the fragments of one k
    step (four doubles per 16 rows, two per 8 columns), each two registers; addressing and the
    copies (:data:`ADDRESS_REGISTERS`, :data:`COPY_REGISTERS`)."""
    wm, wn = warp_tile(s)
    doubles = wm * wn // 32 + 4 * (wm // MMA_M) + 2 * (wn // MMA_N)
    return 2 * doubles + ADDRESS_REGISTERS + COPY_REGISTERS * copies(s)


def _field_refusals(s, dtype: str) -> list:
    """The dtype and the warp tile fields' types."""
    out = []
    if dtype != "float64":
        out.append(f"engine mma_f64 multiplies float64 (FP64 tensor cores); dtype {dtype!r} runs on ffma"
                   + (" or mma_tf32 (precision 'tf32')" if dtype == "float32" else ""))
    for f in ("wm", "wn"):
        v = getattr(s, f, 0)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            out.append(f"{f}={v!r} must be a non-negative integer (0: the emitter's choice)")
    return out


def _tile_refusals(s) -> list:
    """Split-k, and the block, warp and k tiles against the mma's 16 x 8 x 8."""
    out = []
    if s.splitk > 1:
        out.append(f"splitk={s.splitk}: split-k is not built on mma_f64 (use splitk=1)")
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
        out.append(f"bk={s.bk} is not a multiple of 8 (the k's of one mma.m16n8k8)")
    return out


def _block_refusals(s) -> list:
    """Threads, whole copies per thread, shared memory and registers."""
    out = []
    wm, wn = warp_tile(s)
    t = threads(s)
    if t > 1024:
        out.append(f"{t // 32} warps per block (bm/wm x bn/wn = {s.bm // wm} x {s.bn // wn}) exceed 32")
    for op, x in (("A", s.bm), ("B", s.bn)):
        vecs = x * s.bk // VEC
        if t <= 1024 and vecs % t:
            out.append(f"the {op} tile ({x} x bk={s.bk}) holds {vecs} vectors of 2 float64, not a multiple "
                       f"of the {t} threads: each thread copies the same whole number of vectors")
    smem = shared_bytes(s)
    if smem > MAX_SHARED:
        out.append(f"shared memory {smem} B per block (stages={s.stages} x bk={s.bk} x (bm+bn+pads) doubles) is "
                   f"over the {MAX_SHARED} B limit")
    regs, cap = registers(s), min(MAX_REGISTERS, 65536 // t)
    if regs > cap:
        out.append(f"about {regs} registers per thread (a {wm}x{wn} warp tile: {wm * wn // 32} double "
                   f"accumulators + fragments + addressing + copies) is over {cap} (255, and 65536 per block "
                   f"of {t} threads)")
    return out


def refusals(s, dtype: str = "float64", m: int = 0, n: int = 0, k: int = 0) -> list:
    """Why scheme ``s`` (engine mma_f64) cannot run a ``dtype`` GEMM: one line per reason."""
    out = _field_refusals(s, dtype)
    if out:
        return out
    out = _tile_refusals(s)
    return out or _block_refusals(s)


def structure_refusals(s, structures: tuple) -> list:
    """Why scheme ``s`` cannot host a SYMM / TRMM operand (``structures`` non-empty): the
    element-wise loader of a structured tile needs registers a 4-warp block with 32 x 64 warp
    tiles (64 double accumulators per thread) has not; 8-warp blocks and 32 x 32 warp tiles
    have them (NVRTC 13, sm_90: 64 x 128 and 128 x 64 blocks of 4 warps spilled 8-68 bytes in
    SYMM and TRMM kernels; 128 x 128 of 8 warps and 64 x 64 of 4 warps with 32 x 32 took at most
    234 registers, no spills)."""
    wm, wn = warp_tile(s)
    if structures and wm * wn // 32 > 32 and threads(s) < 256:
        return [f"a {'/'.join(sorted(set(structures)))} operand (SYMM/TRMM, loaded element by element) "
                f"with {wm}x{wn} warp tiles needs 8 warps per block (this scheme has {threads(s) // 32}: "
                "it would spill registers); use bm=bn=128 or wm=wn=32"]
    return []


#: the schemes a search starts from (the first is the default of the engine; the gemm space's
#: :func:`kfuse.spaces.gemm.space.engine_variants` makes them GemmSchemes): the fastest of 254
#: schemes timed on the H200 at 4096^3 float64 (benchmarks/probes/dmma_sweep.py; 0.81-0.89x
#: cuBLAS DGEMM over the four transposes and n = 2048-8192), with the tile order (raster) that
#: was fastest at 8192 (``--candidates``: 49 against 44 TFLOP/s), then smaller tiles for small
#: products; all compile without spills for sm_90 (the compile tier)
CANDIDATES = (
    dict(bm=64, bn=128, bk=16, stages=2, wm=32, wn=64, raster=8),
    dict(bm=64, bn=128, bk=16, stages=2, wm=64, wn=32),
    dict(bm=128, bn=64, bk=16, stages=3, wm=32, wn=64, raster=4),
    dict(bm=128, bn=64, bk=16, stages=2, wm=32, wn=64, raster=8),
    dict(bm=128, bn=128, bk=16, stages=4, wm=32, wn=64),
    dict(bm=64, bn=64, bk=16, stages=2, wm=32, wn=32),
)


class MmaF64Engine(Engine):
    """FP64 ``mma.sync`` on tensor cores (see the module doc): exact IEEE double products and
    sums, so precision "ieee"; no epilogue reductions, no operand prologues (its loader copies
    with cp.async only), no split-k."""

    name = "mma_f64"
    title = "FP64 tensor cores, mma.sync (DMMA)"
    precision = "ieee"
    dtypes = ("float64",)
    #: the H200's FP64 tensor peak through mma.m16n8k8 f64 measured 66 TFLOP/s, the float32 FFMA
    #: peak's (m8n8k4: 33); cuBLAS DGEMM 57-61 (benchmarks/probes/dmma_shapes.py)
    share = {"float64": 1.0}
    tolerance = 1e-12          # IEEE double products and sums (another order)
    peaks = {"float64": ("dmma_peak", "double", 2 * 16 * 8 * 8 * 8 // 32)}

    def threads(self, s) -> int:
        return threads(s)

    def shared_bytes(self, s, dtype: str) -> int:
        return shared_bytes(s, dtype)

    def registers(self, s, dtype: str) -> int:
        return registers(s)

    def refusals(self, s, dtype: str, m: int, n: int, k: int) -> list:
        return refusals(s, dtype, m, n, k)

    def structure_refusals(self, s, structures: tuple) -> list:
        return structure_refusals(s, structures)

    def default_fields(self, dtype: str) -> dict:
        return dict(CANDIDATES[0], engine=self.name)

    def candidates(self, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
        return [dict(kw, engine=self.name) for kw in CANDIDATES]


ENGINE = MmaF64Engine()
