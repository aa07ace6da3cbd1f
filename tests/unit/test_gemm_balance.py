"""Uneven gemm blocks (a triangular operand's skipped k tiles, a symmetric result's empty
blocks): the work per block, the model's schedule of it, and the kernel's heaviest-first order."""
import dataclasses

import pytest

from kfuse import library
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.model import load_calibration
from kfuse.spaces import KernelTraffic
from kfuse.spaces.gemm.model import EngineTraffic, engine_seconds
from kfuse.spaces.gemm.balance import block_work, compact, kernel_block_work, makespan_waves
from kfuse.spaces.gemm.scheme import GemmScheme

S = GemmScheme(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=2)


def test_trmm_rows_grow_and_split_k_halves_each_tiles_range():
    w = kernel_block_work(library.get("trmm_lln"), ("A",), S, 1024, 1024, 1024)
    assert len(w) == 16 * 8 * 2 and max(w) == 32 and min(w) == 2
    assert sum(w) == 8 * sum(4 * (r + 1) for r in range(16))   # 4 k tiles more per row block of 64
    assert kernel_block_work(library.get("trmm_lln"), (), S, 1024, 1024, 1024) is None
    assert kernel_block_work(library.get("gemm"), (), S, 1024, 1024, 1024) is None


def test_a_symmetric_result_leaves_the_blocks_outside_its_triangle_empty():
    s = GemmScheme(bm=128, bn=128, bk=16, tm=8, tn=8)
    w = kernel_block_work(library.get("syrk"), (), s, 512, 512, 64)
    assert sorted(w) == [0] * 6 + [4] * 10   # 4 x 4 tiles: 10 on or below the diagonal


def test_equal_blocks_give_the_wave_quantisation():
    assert makespan_waves(((10, 264),), 132) == 1.0
    assert makespan_waves(((10, 133),), 132) == pytest.approx(2 * 132 / 133)
    assert makespan_waves(compact(block_work(4, 1, 8, lower_rows=True)), 2) == 1.0


def test_the_model_charges_the_heaviest_block_of_a_one_wave_trmm():
    """H200 n = 1024, 64 x 128 split-k 2 (256 blocks, one wave): the TRMM ran as long as the
    GEMM (15-17 against 35 TFLOP/s): the uneven schedule predicts well over the flops' half."""
    cal = load_calibration("NVIDIA H200")
    w = kernel_block_work(library.get("trmm_lln"), ("A",), S, 1024, 1024, 1024)
    terms = EngineTraffic(engine_flops=1024 ** 3, engine="ffma/float32", engine_eff=0.7, regs=144)
    tr = KernelTraffic(read=0, write=0, grid=256, threads=128, space="gemm", terms=terms, smem_dynamic=38400)
    even = engine_seconds(tr, cal)
    uneven = engine_seconds(dataclasses.replace(tr, terms=dataclasses.replace(terms, block_work=compact(w))), cal)
    assert uneven > 1.3 * even


@pytest.mark.parametrize("uplo, trans, side, line", [
    ("lower", False, "a", "(GM - 1 - pid_m) * BM"), ("upper", True, "a", "(GM - 1 - pid_m) * BM"),
    ("upper", False, "a", None), ("upper", False, "b", "(GN - 1 - pid_n) * BN"), ("lower", False, "b", None)])
def test_the_kernel_starts_with_its_heaviest_tiles(uplo, trans, side, line):
    op = GemmOperand("L", trans, structure="tri", uplo=uplo)
    a, b = (op, GemmOperand("B")) if side == "a" else (GemmOperand("B"), op)
    code = emit_gemm(GemmKernelSpec("t", "float32", 256, 256, 256, a, b)).code
    if line:
        assert line in code and "heaviest tiles first" in code
    else:
        assert "heaviest tiles first" not in code
    plain = emit_gemm(GemmKernelSpec("g", "float32", 256, 256, 256, GemmOperand("A"), GemmOperand("B"))).code
    assert "heaviest" not in plain
