"""Split-k in the FFMA GEMM emitter: SPLITK blocks per output tile, the last one sums the partial
tiles in split order and runs the epilogue (issue 20).  The emitted CUDA runs on the CPU through
g++ (tests/compile/test_gemm_emit.py's shim, blocks one after another) and compiles for sm_90
without spills."""
from __future__ import annotations

import numpy as np
import pytest

from tests.compile.compile_helpers import ARCH
from tests.compile.test_gemm_emit import check_on_cpu, run_on_cpu
from tests.compile.test_gemm_emit_struct import check, general
from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import PlanError
from kfuse.runtime import nvrtc
from kfuse.spaces.gemm.scheme import GemmScheme

SPLIT = GemmScheme(bm=64, bn=64, tm=8, tn=4, splitk=3)


@pytest.mark.parametrize("ta, tb", [(False, False), (True, False), (False, True)], ids=["NN", "TN", "NT"])
@pytest.mark.parametrize("dims", [(7, 13, 5), (129, 67, 200)], ids=str)
def test_split_k_on_cpu(dims, ta, tb):
    """k = 5 (one k tile: splits 1 and 2 sum nothing) and k = 200 (25 tiles in 9 + 9 + 7)."""
    check_on_cpu("float32", *dims, ta, tb, scheme=GemmScheme(bm=64, bn=64, tm=8, tn=4, splitk=3 if dims[2] > 8 else 1))
    if dims[2] > 8:
        check_on_cpu("float64", *dims, ta, tb, scheme=GemmScheme(bm=64, bn=64, tm=8, tn=4, splitk=4), seed=3)


def test_split_k_with_a_triangular_operand_and_k_zero():
    check("tri", "lower", False, "a", "nonunit", 257, 70, scheme=SPLIT, seed=4)
    check("tri", "upper", True, "b", "unit", 131, 9, scheme=SPLIT, seed=5)
    check_on_cpu("float32", 5, 3, 0, False, False, scheme=SPLIT)


def test_split_k_runs_the_epilogue_once_per_element():
    """alpha * acc + beta * C: a non-linear use of the sum (beta * C added once) is right only if
    the epilogue runs once, after all splits."""
    rng = np.random.default_rng(7)
    m, n, k = 70, 90, 300
    A, a = general(rng, m, k, False, "C", "float32")
    B, b = general(rng, k, n, False, "C", "float32")
    C0 = rng.standard_normal((m, n)).astype(np.float32)
    ep = GemmEpilogue((("const float", "alpha"), ("const float", "beta"), ("const float* __restrict__", "C0")),
                      lambda i, j, acc: [f"C[{i} * {n} + {j}] = alpha * {acc} + beta * C0[{i} * {n} + {j}];"])
    src = emit_gemm(GemmKernelSpec("g", "float32", m, n, k, GemmOperand("A"), GemmOperand("B"),
                                   scheme=SPLIT, epilogue=ep))
    assert src.grid[2] == 3 and [w[1] for w in src.workspace] == ["partial", "counter"]
    got = run_on_cpu(src, {"A": A, "B": B, "C": np.full((m, n), np.nan, np.float32), "C0": C0}, "C",
                     {"alpha": 2.0, "beta": -0.5})
    want = 2.0 * (a @ b) - 0.5 * C0
    assert np.linalg.norm(got - want) / np.linalg.norm(want) < 1e-5


def test_split_k_refusals():
    with pytest.raises(PlanError, match="split-k of two products"):
        emit_gemm(GemmKernelSpec("g", "float32", 64, 64, 64, GemmOperand("A"), GemmOperand("A", True),
                                 scheme=SPLIT, second=(GemmOperand("A"), GemmOperand("A", True))))
    assert any("more than the 2 k tiles" in w for w in GemmScheme(splitk=3).refusals("float32", 64, 64, 16))


@pytest.mark.parametrize("scheme", [SPLIT, GemmScheme(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=4),
                                    GemmScheme(bn=256, tn=16, bk=16, stages=3, splitk=2)], ids=str)
def test_split_k_compiles_without_spills(scheme):
    src = emit_gemm(GemmKernelSpec("g", "float32", 1024, 1024, 8192, GemmOperand("A"), GemmOperand("B"),
                                   scheme=scheme))
    r = nvrtc.compile_cuda(src.code, ARCH).resources()["g"]
    assert r["spill_stores"] == 0, r
