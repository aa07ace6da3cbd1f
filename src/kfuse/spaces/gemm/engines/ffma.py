"""The FFMA engine ``ffma``: the block-tiled SIMT GEMM on CUDA cores (float32 and float64,
exact IEEE products; the printer is :mod:`kfuse.codegen.gemm.ffma`).  Its rules: threads
(bm / tm) x (bn / tn), the k-major shared tiles, the register estimate and the refusals of a
:class:`~kfuse.spaces.gemm.scheme.GemmScheme` run on it; its candidates are
:data:`_CANDIDATES` (checked by :func:`kfuse.spaces.gemm.scheme.variants`).

>>> from kfuse.spaces.gemm.scheme import GemmScheme
>>> ENGINE.threads(GemmScheme()), ENGINE.refusals(GemmScheme(bm=100), "float32", 0, 0, 0)[0]
(256, 'bm=100 is not a multiple of tm=8')
"""
from __future__ import annotations

from .. import limits as sch
from .base import Engine


class FfmaEngine(Engine):
    """FFMA on CUDA cores (see the module doc)."""

    name = "ffma"
    title = "FFMA on CUDA cores"
    precision = "ieee"
    dtypes = ("float32", "float64")
    runs_reductions = True
    runs_prologues = True
    splits_k = True
    share = {"float32": 1.0, "float64": 0.5}   # the H200's float64 FMA: half
    tolerance = 1e-4
    peaks = {"float32": ("fma_peak", "float", 2 * 16), "float64": ("fma_peak", "double", 2 * 16)}

    def threads(self, s) -> int:
        return (s.bm // s.tm) * (s.bn // s.tn)

    def shared_bytes(self, s, dtype: str) -> int:
        """``stages`` buffers of the k-major A tile (bk x (bm + pad)) and B tile (bk x (bn + pad))."""
        pad = sch.pad_elems(dtype)
        return s.stages * s.bk * (s.bm + pad + s.bn + pad) * sch.DTYPES[dtype]

    def registers(self, s, dtype: str) -> int:
        """Accumulators tm*tn, two sets of fragments (tm + tn, the next k step's loaded while
        this one computes), the register-staged tile elements of a k-contiguous operand, all
        times the dtype's 32-bit words, plus addressing."""
        words = sch.DTYPES[dtype] // 4
        staged = -(-(s.bm + s.bn) * s.bk // max(1, s.threads)) if s.tload == 1 else 0
        # addressing counted per word too: measured with NVRTC 13 for sm_90, 8 x 8 doubles per
        # thread take 230-255 registers and spill at some sizes (the estimate refuses them)
        frags = (s.frags + 1) * (s.tm + s.tn)
        return (s.tm * s.tn + frags + staged + sch.ADDRESS_REGISTERS) * words

    def refusals(self, s, dtype: str, m: int, n: int, k: int) -> list:
        out = []
        if dtype not in sch.DTYPES:
            out.append(f"dtype {dtype!r}: the GEMM emitter builds float32 and float64")
        out += _knob_refusals(s)
        if s.splitk > 1 and k > 0 and s.splitk > -(-k // s.bk):
            out.append(f"splitk={s.splitk} is more than the {-(-k // s.bk)} k tiles of k={k} (bk={s.bk}): "
                       "a split would get no k tile")
        if s.bm % s.tm:
            out.append(f"bm={s.bm} is not a multiple of tm={s.tm}")
        if s.bn % s.tn:
            out.append(f"bn={s.bn} is not a multiple of tn={s.tn}")
        if out and dtype not in sch.DTYPES:
            return out
        if not (s.bm % s.tm or s.bn % s.tn):
            out += _thread_refusals(s)
        if dtype in sch.DTYPES:
            out += _dtype_refusals(s, dtype)
            out += _size_refusals(s, dtype, m, n, k)
        return out

    def default_fields(self, dtype: str) -> dict:
        """128 x 128 x 8, 8 x 8 per thread for float32; 128 x 64 x 8, 8 x 4 per thread for
        float64 (8 x 8 doubles is over the registers)."""
        return dict(engine=self.name) if dtype != "float64" else dict(engine=self.name, bn=64, tn=4)

    def candidates(self, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
        return [dict(self.default_fields(dtype), **kw) for kw in _CANDIDATES]


def _size_refusals(s, dtype: str, m: int, n: int, k: int) -> list:
    """A 16-column thread tile (8 x 16) with the transposing operand through registers
    (tload 1) at sizes that are not multiples of a 16-byte vector: the copies become
    element-wide and NVRTC 13 spills (sm_90: 129 x 67 x 33 and 2047 x 2049 x 1023 take 255
    registers and spill 28-104 B, where 1000 and 4096 take 221-251 and none)."""
    v = sch.vector_elems(dtype)
    if s.tn >= 16 and s.tload == sch.TLOAD_REGISTERS \
            and any(d % v for d in (m, n, k) if d):
        return [f"{s.tm} x {s.tn} per thread needs m, n and k multiples of {v} (16-byte copies): "
                f"{m} x {n} x {k} makes the copies element-wide and spills"]
    return []


def _knob_refusals(s) -> list:
    """Reasons for the pipeline knobs (frags, min_blocks, store_vec, tload)."""
    out = []
    if s.frags not in (1, 2):
        out.append(f"frags={s.frags}: register fragments are single (1) or double buffered (2)")
    if s.min_blocks > 4:
        out.append(f"min_blocks={s.min_blocks}: at most 4 blocks per SM are asked for")
    if s.store_vec not in (1, 2, 4):
        out.append(f"store_vec={s.store_vec}: stores are of 1, 2 or 4 elements")
    if s.splitk > sch.MAX_SPLITK:
        out.append(f"splitk={s.splitk}: at most {sch.MAX_SPLITK} blocks share one output tile")
    if s.tload not in (sch.TLOAD_REGISTERS, sch.TLOAD_ASYNC):
        out.append(f"tload={s.tload}: the transposing operand is loaded through registers (1) "
                   f"or by cp.async (2)")
    return out


def _thread_refusals(s) -> list:
    t = s.threads
    if t > sch.MAX_THREADS:
        return [f"{t} threads per block (bm/tm x bn/tn = {s.bm // s.tm} x "
                f"{s.bn // s.tn}) exceed {sch.MAX_THREADS}"]
    if t % 32:
        return [f"{t} threads per block (bm/tm x bn/tn = {s.bm // s.tm} x "
                f"{s.bn // s.tn}) is not a multiple of 32 (whole warps)"]
    return []


def _dtype_refusals(s, dtype: str) -> list:
    out, v = [], sch.vector_elems(dtype)
    smem = s.shared_bytes(dtype)
    if smem > sch.MAX_SHARED:
        out.append(f"shared memory {smem} B per block (stages={s.stages} x bk={s.bk} x "
                   f"(bm+bn+pads)) is over the {sch.MAX_SHARED} B limit")
    regs = s.registers(dtype)
    if regs > sch.MAX_REGISTERS:
        out.append(f"about {regs} registers per thread ({s.tm}x{s.tn} {dtype} accumulators "
                   f"+ fragments + staging + addressing) is over {sch.MAX_REGISTERS}")
    cap = 65536 // max(1, s.threads * s.min_blocks)
    # the estimate runs high (136 and 152 for float32 schemes that fit 128 without spills);
    # float64 128 x 64 x 16 (184) spilled under the cap of 128
    if s.min_blocks > 1 and regs > 1.2 * cap:
        out.append(f"min_blocks={s.min_blocks} caps registers at {cap} per thread, well under the "
                   f"about {regs} this {dtype} scheme needs: ptxas would spill")
    for name, val in (("bm", s.bm), ("bn", s.bn), ("bk", s.bk)):
        if val % v:
            out.append(f"{name}={val} is not a multiple of {v} (one 16-byte vector of {dtype}): "
                       f"the loader copies whole vectors")
    if s.store_vec > 1 and (s.store_vec > v or min(s.tm, s.tn, v) % s.store_vec):
        out.append(f"store_vec={s.store_vec}: a store covers at most one 16-byte vector of "
                   f"{dtype} ({v}) inside one thread's fragment run (tm={s.tm}, tn={s.tn})")
    live = (s.tm * s.tn + (s.frags + 1) * (s.tm + s.tn)) * (sch.DTYPES[dtype] // 4)
    if s.min_blocks > 1 and live * s.min_blocks * s.threads > 65536:
        out.append(f"min_blocks={s.min_blocks}: {s.min_blocks} blocks of {s.threads} threads "
                   f"with {live} registers of accumulators and fragments each are over the 65536 "
                   f"registers of an SM")
    for name, val in (("tm", s.tm), ("tn", s.tn)):
        if val % v and v % val:
            out.append(f"{name}={val} neither divides nor is a multiple of {v}: fragments are "
                       f"read from shared memory as vectors")
    t = s.threads
    if t and t % 32 == 0 and not (s.bm % v or s.bn % v or s.bk % v):
        for op, rows in (("A", s.bm), ("B", s.bn)):
            vecs = rows * s.bk // v
            if vecs % t:
                out.append(f"the {op} tile ({rows} x bk={s.bk}) holds {vecs} vectors of {v} "
                           f"{dtype}, not a multiple of the {t} threads: each thread copies the "
                           f"same whole number of vectors")
    return out


_CANDIDATES = (
    dict(),                                            # the default first
    # the best measured on the H200 (0.91x cuBLAS at 4096 and 8192, gemm_emit_probe2_h200.json)
    dict(bn=256, tn=16, bk=16, stages=3),
    dict(stages=3), dict(stages=4), dict(raster=8), dict(bk=16),
    dict(bm=256, bn=128, tm=16, tn=8), dict(bm=128, bn=64, tm=8, tn=8),
    dict(bm=64, bn=64, tm=8, tn=4), dict(bm=64, bn=64, bk=16, tm=4, tn=4, stages=3),
    # small sizes (1024: 0.91x cuBLAS for 64 x 128, gemm_emit_probe_small_h200.json)
    dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3), dict(bk=16, stages=3, min_blocks=2),
    dict(bm=128, bn=64, bk=16, tm=8, tn=4, stages=3), dict(bm=64, bn=64, bk=16, tm=8, tn=4, stages=3),
    # split-k: more blocks for grids that leave SMs idle (small m x n, long k)
    dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=2), dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=4),
    dict(bn=256, tn=16, bk=16, stages=3, splitk=2),
)


ENGINE = FfmaEngine()
