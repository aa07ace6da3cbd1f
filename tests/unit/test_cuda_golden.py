"""Generated CUDA stays byte-identical to the committed golden corpus (``tests/golden/cuda``).

The corpus holds, for the 11 examples at three sizes and four dtypes and for the solver
iterations (in its grid part, for stencil programs: the plans ranked first; in its gemm part, for
a variant of each BLAS-3 routine and the GEMM fusions in both precisions: the default plan), the source of the top-ranked plans, the best plan's kernels in their next-ranked
implementations, the unfused plan and the misaligned fallback,
with every launch's grid, block, shared memory, arguments and alignment.  An intended change
of code generation is refreshed with ``PYTHONPATH=src python -m tests.golden.corpus --write`` and
its diff reviewed in the commit.
"""
from __future__ import annotations

import os

import pytest

from tests.golden import corpus


@pytest.fixture(scope="module")
def generated():
    return corpus.compute_all()


def test_corpus_covers_examples_dtypes_sizes_and_solvers(generated):
    stems = {f[:-3] for f in os.listdir(corpus.CUDA) if f.endswith(".cu")}
    assert len(list(corpus.example_cases())) == 11 * 4 * 3
    assert {s for s, *_ in corpus.example_cases()} | {s for s, *_ in corpus.solver_cases()} | {"prelude"} | \
        {s for s, *_ in corpus.grid_cases()} | {s for s, *_ in corpus.gemm_cases()} | \
        {s for s, _ in corpus.temporal_cases()} | {s for s, _ in corpus.resident_cases()} == stems
    assert len(list(corpus.temporal_cases())) == 5 and len(list(corpus.resident_cases())) == 4
    assert "blockIdx.z * H" in generated["grid.temporal_heat3d_f32_d3.cu"]   # a 3-D pass streams its planes
    assert "_pad_edge_index(y_p - 1, NY) - y_p" in generated["grid.temporal_hotspot_f64_d4.cu"]   # rows mapped
    assert len(list(corpus.grid_cases())) == 28
    assert len(list(corpus.gemm_cases())) == 2 * len(corpus.GEMM_CASES) + len(corpus.GEMM_F64_CASES) + \
        len(corpus.GEMM_X3_CASES) == 30
    assert "kf_mma_tf32x3(acc[mi][ni], af[mi], bf[ni], al[mi], bl[ni]);" in generated["gemm.gemm_nn.float32.fp32x3.cu"]
    tf32 = generated["gemm.gemm_nn_4096.float32.tf32.cu"]    # the shipped H200 winner of its bucket
    assert '"engine": "mma_tf32"' in tf32 and "mma.sync.aligned.m16n8k8" in tf32 and '"wm": 64' in tf32
    assert generated["gemm.trsm_ll.float32.ieee.cu"].count("__global__") >= 3
    assert "__global__" in generated["grid.heat3d.float32.256x256x256.cu"]
    assert generated["grid.jacobi2d.float64.m4096.n4096.cu"].count("// ===================== rank ") == \
        corpus.GRID_RANKED
    text = generated["axpydot.float32.n1048576.cu"]
    assert text.count("// ===================== rank ") >= corpus.RANKED
    assert text.count(" in its implementation ") == corpus.RANKED - 1
    assert "// error" not in "".join(generated.values())
    scatter = generated["solver.resident_bicg_float32_scatter.cu"]
    assert scatter.count("grid_barrier(barrier);") == 2 and "atomicAdd(&window[w], c)" in scatter
    assert generated["grid.temporal_jacobi_f32_d4.cu"].count("__syncthreads();   // every level") == 4   # one a row, unrolled 4 times


def test_generated_cuda_identical_to_corpus(generated):
    diffs = corpus.differences(generated)
    shown = "\n".join(d for _n, d in diffs[:3])[:6000]
    assert not diffs, (f"{len(diffs)} corpus file(s) differ: {[n for n, _ in diffs][:10]}\n{shown}\n"
                       "If the change is intended: PYTHONPATH=src python -m tests.golden.corpus --write, "
                       "review git diff tests/golden, and say why in the commit")
