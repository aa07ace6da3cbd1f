"""The error-compensated fp32 engine ``mma_tf32x3`` (float32 under precision "fp32x3"; the printer
is :mod:`kfuse.codegen.gemm.mma_tf32x3`): 3xTF32 on tensor cores.

Each operand element is split into a TF32 head and a TF32 tail, ``x = hi + lo + r`` with
``hi`` = ``x`` truncated to TF32, ``lo = tf32(x - hi)`` and ``|r| <= 2^-22 |x|`` (an Inf or a NaN
is its own head, with no tail); the product is
``lo_a hi_b + hi_a lo_b + hi_a hi_b`` (the ``lo_a lo_b`` term, of order ``2^-22``, dropped), three
``mma.sync.m16n8k8`` TF32 per tile into the fp32 accumulators.  Its error is of fp32's order (the
reference test's ratio within FFMA's), its rate a third of the TF32 engine's at most.  The
bound holds while the tail is a normal number: for operands under about 2^-114 (4e-35) the tail
is subnormal in TF32 and the error grows towards TF32's (at 2^-124, 1.8e-5 relative on the CPU
emulation), as in every 3xTF32 scheme that does not rescale its operands.  Warp
tiles, shared layouts, loaders and refusals are :mod:`.mma_tf32`'s; a thread holds twice the
fragments, so the register estimate (and the candidates it leaves) differ.

>>> from kfuse.spaces.gemm.scheme import GemmScheme
>>> s = GemmScheme(bm=128, bn=128, bk=16, stages=4, wm=32, wn=64, engine="mma_tf32x3")
>>> registers(s), refusals(s, "float32")
(176, [])
"""
from __future__ import annotations

from . import mma_tf32 as tf32
from .mma_tf32 import MMA_M, MMA_N, MmaTf32Engine


def registers(s) -> int:
    """:func:`.mma_tf32.registers` plus the tails of one k step's fragments (4 per 16 rows, 2 per
    8 columns)."""
    wm, wn = tf32.warp_tile(s)
    return tf32.registers(s) + 4 * (wm // MMA_M) + 2 * (wn // MMA_N)


#: the k tile: NVRTC 13 (sm_90) unrolls the k steps of a tile and keeps every step's split
#: fragments live: at bk=32 each warp tile of the TF32 engine's candidates spills (12-72 bytes),
#: at bk=16 none does
BK = 16


def refusals(s, dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
    """Why scheme ``s`` (engine mma_tf32x3) cannot run a ``dtype`` GEMM: one line per reason."""
    out = tf32.refusals(s, dtype, m, n, k, engine="mma_tf32x3", registers_of=registers)
    if not out and s.bk != BK:
        out.append(f"bk={s.bk}: engine mma_tf32x3 takes bk={BK} (deeper k tiles keep more split fragments "
                   "live than the registers hold)")
    return out


#: the schemes a search starts from, the first the default (every layout compiles without
#: spills: tests/compile/test_gemm_tf32x3.py; the most ptxas gave: 198 registers for 32 x 64 warp
#: tiles, 247 for 64 x 32 with A transposed, which TRSM's updates (offsets, ``-=``) push into a
#: spill: the default is 32 x 64); the TF32 engine's 64 x 64 warp tiles and bk=32 tiles do not fit
CANDIDATES = (
    dict(bm=128, bn=128, bk=16, stages=4, wm=32, wn=64),
    dict(bm=128, bn=128, bk=16, stages=4, wm=64, wn=32),
    dict(bm=128, bn=64, bk=16, stages=4, wm=32, wn=32),
    dict(bm=64, bn=64, bk=16, stages=4, wm=32, wn=32),
)


class MmaTf32x3Engine(MmaTf32Engine):
    """3xTF32 ``mma.sync`` on tensor cores (see the module doc): the TF32 engine's tiles and
    limits, three mma per tile, twice the fragments."""

    name = "mma_tf32x3"
    title = "3xTF32 tensor cores (error-compensated fp32), mma.sync"
    precision = "fp32x3"
    share = {"float32": 4.0 / 3}   # a third of mma_tf32's, uncalibrated
    tolerance = 1e-5               # fp32's order

    def registers(self, s, dtype: str) -> int:
        return registers(s)

    def refusals(self, s, dtype: str, m: int, n: int, k: int) -> list:
        return refusals(s, dtype, m, n, k)

    def default_fields(self, dtype: str) -> dict:
        return dict(CANDIDATES[0], engine=self.name)

    def candidates(self, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
        return [dict(kw, engine=self.name) for kw in CANDIDATES]


ENGINE = MmaTf32x3Engine()
