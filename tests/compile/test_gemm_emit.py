"""Compile tier of the GEMM emitter (issue 20).

1. Every variant of ``variants()`` x {float32, float64} x {NN, NT, TN, TT} x sizes (128, 1000,
   1, 7x13x5) compiles to an sm_90 cubin with no spills and no stack (all 16 kernels of a variant
   in one module: the helpers' include guard is exercised too).
2. The emitted CUDA runs on the CPU: compiled as C++ by g++ (one std::thread per CUDA thread,
   ``__syncthreads`` a barrier, the cp.async helper's synchronous branch), against float64 NumPy
   on random inputs with a NaN-poisoned output: the index maps of every layout, the edge guards,
   the tile order and the epilogue hook are checked without a GPU (skipped without g++).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from tests import sampling
from tests.compile.compile_helpers import ARCH
from tests.compile import gxx
from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.runtime import nvrtc
from kfuse.spaces.gemm.scheme import GemmScheme, default_scheme, variants

TRANSPOSES = ((False, False), (False, True), (True, False), (True, True))
SIZES = ((128, 128, 128), (1000, 1000, 1000), (1, 1, 1), (7, 13, 5))
VARIANTS = [(d, v) for d in ("float32", "float64") for v in variants(d, 4096, 4096, 4096)]
# the variant builds of a run: 12 of the 23, both dtypes (all under KFTEST_FULL=1; tests/sampling.py)
VARIANT_BUILDS = sampling.sample("gemm_emit_variants", VARIANTS, 12, strata=lambda c: c[0])


def _spec(name, dtype, m, n, k, ta, tb, scheme, oa="C", ob="C", oc="C", **kw):
    return GemmKernelSpec(name, dtype, m, n, k, GemmOperand("A", ta, oa, kw.pop("lda", None)),
                          GemmOperand("B", tb, ob, kw.pop("ldb", None)), c_order=oc, scheme=scheme, **kw)


@pytest.mark.parametrize("dtype, scheme", VARIANT_BUILDS,
                         ids=[f"{d}-{v.bm}x{v.bn}x{v.bk}-{v.tm}x{v.tn}-s{v.stages}-r{v.raster}-mb{v.min_blocks}"
                              f"-k{v.splitk}" for d, v in VARIANT_BUILDS])
def test_every_variant_compiles_without_spills(dtype, scheme):
    kernels = []
    for ta, tb in TRANSPOSES:
        for m, n, k in SIZES[1:2]:   # 1000^3: edges in every loop (exact tiles and tiny sizes: the CPU runs)
            if scheme.refusals(dtype, m, n, k):   # refused at this size, with its reason: not built
                continue
            name = f"g_{'TN'[ta]}{'TN'[tb]}_{m}_{n}_{k}"
            kernels.append(emit_gemm(_spec(name, dtype, m, n, k, ta, tb, scheme)))
    assert kernels, "a variant no size takes"
    res = nvrtc.compile_cuda("\n".join(s.code for s in kernels), ARCH).resources()
    assert sorted(res) == sorted(s.name for s in kernels)
    for name, r in res.items():
        assert r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0, f"{name}: {r}"
        assert 0 < r["registers"] <= 255, f"{name}: {r}"
    assert kernels[0].shared_bytes == scheme.shared_bytes(dtype)


def test_the_load_paths_follow_the_layout():
    """NN: A (k contiguous) register-staged and stored transposed, B (j contiguous) by 16-byte
    cp.async; TN: both by cp.async (no register staging at all); fragments are vector reads."""
    nn = emit_gemm(_spec("g", "float32", 1024, 1024, 1024, False, False, GemmScheme(stages=3))).code
    assert "kf_cp_async<16>(&Bs[" in nn and "A_stage[" in nn and "kf_cp_async<16>(&As[" not in nn
    assert "kf_cp_async_wait<STAGES - 2>()" in nn and "kf_vec<float, AF>" in nn
    tn = emit_gemm(_spec("g", "float32", 1024, 1024, 1024, True, False, GemmScheme(stages=3))).code
    assert "kf_cp_async<16>(&As[" in tn and "_stage[" not in tn


# ---- running the CUDA C on the CPU -------------------------------------------------------------
SHIM = r"""
#include <algorithm>
#include <barrier>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
using std::max; using std::min; using std::fma;
struct kf_dim3 { unsigned x = 0, y = 0, z = 0; };
thread_local kf_dim3 threadIdx, blockIdx;
static std::barrier<>* kf_bar;
alignas(16) static unsigned char kf_smem_host[262144];
#define __syncthreads() kf_bar->arrive_and_wait()
#define __global__
#define __device__
#define __forceinline__ inline
#define __restrict__
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __shared__ static
#include <atomic>
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline unsigned atomicAdd(unsigned* p, unsigned v) { return std::atomic_ref<unsigned>(*p).fetch_add(v); }
"""

#: reads an input the test wrote (the main programs of the CPU runs share it)
KF_READ = r"""
template <typename T> static T* kf_read(const char* path, size_t n) {
    T* p = static_cast<T*>(std::aligned_alloc(256, (n * sizeof(T) / 256 + 1) * 256));
    FILE* f = std::fopen(path, "rb");
    if (n && std::fread(p, sizeof(T), n, f) != n) std::abort();
    std::fclose(f);
    return p;
}
"""

MAIN = KF_READ + r"""
int main(int argc, char** argv) {
%(reads)s
    std::barrier<> bar(%(threads)d);
    kf_bar = &bar;
    for (unsigned z = 0; z < %(blocks_z)d; ++z)
    for (unsigned blk = 0; blk < %(blocks)d; ++blk) {
        std::memset(kf_smem_host, 0xFF, sizeof(kf_smem_host));   // shared memory starts as NaN in every block
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < %(threads)d; ++t)
            ts.emplace_back([&, t, blk, z] { threadIdx.x = t; blockIdx.x = blk; blockIdx.z = z; %(name)s(%(args)s); });
        for (auto& th : ts) th.join();
    }
    FILE* f = std::fopen(argv[%(out_arg)d], "wb");
    std::fwrite(%(out)s, sizeof(%(out_t)s), %(out_n)d, f);
    std::fclose(f);
    return 0;
}
"""


def run_on_cpu(src, arrays: dict, out: str, scalars=None) -> np.ndarray:
    """Run GemmSource ``src`` on the CPU with ``arrays`` ({param: NumPy array, stored as is})
    and ``scalars``; returns the array ``out`` after the launch."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    scalars = scalars or {}
    arrays = dict(arrays)
    for name, kind, nbytes in getattr(src, "workspace", ()):   # split-k scratch: zeroed
        et = np.dtype(np.uint32) if kind == "counter" else arrays[out].dtype
        arrays[name] = np.zeros(nbytes // et.itemsize, et)
    with tempfile.TemporaryDirectory() as tmp:
        reads, args, files = [], [], []
        for _, name in src.params:
            if name in arrays:
                a = np.asarray(arrays[name]).ravel(order="K")
                files.append(os.path.join(tmp, name + ".bin"))
                a.tofile(files[-1])
                ct = {np.dtype(np.float64): "double", np.dtype(np.uint32): "unsigned"}.get(a.dtype, "float")
                reads.append(f"    {ct}* {name} = kf_read<{ct}>(argv[{len(files)}], {a.size});")
                args.append(name)
            else:
                args.append(repr(float(scalars[name])))
        code = src.code.replace("extern __shared__ __align__(16) unsigned char kf_smem[];",
                                "unsigned char* kf_smem = kf_smem_host;")
        o = arrays[out]
        main = MAIN % dict(reads="\n".join(reads), threads=src.block[0], blocks=src.grid[0],
                           blocks_z=src.grid[2], name=src.name,
                           args=", ".join(args), out_arg=len(files) + 1, out=out,
                           out_t="double" if o.dtype == np.float64 else "float", out_n=o.size)
        cpp, exe, res = (os.path.join(tmp, f) for f in ("k.cpp", "k", "out.bin"))
        with open(cpp, "w") as f:
            f.write(SHIM + code + main)
        r = gxx.build(cpp, exe, ["-std=c++20", "-O1", "-w", "-pthread"])
        assert r.returncode == 0, r.stderr[:3000]
        subprocess.run([exe, *files, res], check=True, timeout=300)
        order = "F" if o.flags.f_contiguous and not o.flags.c_contiguous else "C"
        return np.fromfile(res, dtype=o.dtype).reshape(o.shape, order=order)


def stored(rng, rows, cols, trans, order, dtype, pad=0):
    """(array as stored, with ``pad`` extra elements per leading dimension; its ld; op(X) in float64)."""
    shape = (cols, rows) if trans else (rows, cols)
    full = (shape[0], shape[1] + pad) if order == "C" else (shape[0] + pad, shape[1])
    x = rng.standard_normal(full).astype(dtype)
    x = np.asfortranarray(x) if order == "F" else np.ascontiguousarray(x)
    view = x[:shape[0], :shape[1]]
    ld = full[1] if order == "C" else full[0]
    return x, ld, (view.T if trans else view).astype(np.float64)


def check_on_cpu(dtype, m, n, k, ta, tb, oa="C", ob="C", oc="C", scheme=None, pad=0, seed=0):
    scheme = scheme or default_scheme(dtype)
    rng = np.random.default_rng(seed)
    A, lda, a = stored(rng, m, k, ta, oa, dtype, pad)
    B, ldb, b = stored(rng, k, n, tb, ob, dtype, pad)
    C = np.full((m, n), np.nan, dtype, order=oc)
    src = emit_gemm(_spec("g", dtype, m, n, k, ta, tb, scheme, oa, ob, oc, lda=lda, ldb=ldb))
    got = run_on_cpu(src, {"A": A, "B": B, "C": C}, "C")
    want = a @ b
    assert np.all(np.isfinite(got)), "unwritten output elements"
    err = np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)
    tol = (1e-6 if dtype == "float32" else 1e-14) * max(1.0, np.sqrt(k))
    assert err <= tol if want.size and np.linalg.norm(want) else np.all(got == 0), (err, tol)


def layouts(name: str, all_dims) -> list:
    """(dims, order, ta, tb) run on the CPU this run: 12 of the 24, every order x transpose, the
    dims drawn (tests/sampling.py; all under KFTEST_FULL=1)."""
    cases = [(d, o, ta, tb) for d in all_dims for o in ("C", "F") for ta, tb in TRANSPOSES]
    return sampling.sample(name, cases, 12, strata=lambda c: c[1:])


def layout_id(c) -> str:
    return f"{c[0]}-{c[1]}-{'NT'[c[2]]}{'NT'[c[3]]}"


LAYOUTS = layouts("gemm_emit_layouts", [(1, 1, 1), (7, 13, 5), (129, 67, 33)])


@pytest.mark.parametrize("dims, order, ta, tb", LAYOUTS, ids=[layout_id(c) for c in LAYOUTS])
def test_runs_on_cpu_every_layout(dims, order, ta, tb):
    check_on_cpu("float32", *dims, ta, tb, order, order, "F" if order == "C" else "C")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_runs_on_cpu_with_k_zero_and_mixed_orders(dtype):
    check_on_cpu(dtype, 5, 3, 0, False, True, "F", "C", "C")
    check_on_cpu(dtype, 37, 21, 19, True, False, "C", "F", "F", seed=1)


@pytest.mark.parametrize("pad", [1, 2])
def test_runs_on_cpu_with_leading_dimensions_that_narrow_the_copies(pad):
    """ld = k + 1 (odd): 4-byte copies; ld = k + 2: 8-byte copies, of both load paths."""
    for ta, tb in ((False, False), (True, True)):
        check_on_cpu("float32", 45, 38, 27, ta, tb, pad=pad, seed=pad)


@pytest.mark.parametrize("dtype, scheme", [("float32", GemmScheme(stages=4, raster=8)),
                                           ("float32", GemmScheme(bm=256, bn=128, tm=16, tn=8, stages=3)),
                                           ("float64", GemmScheme(bm=64, bn=64, bk=16, tm=4, tn=4, stages=3)),
                                           ("float64", GemmScheme(bm=128, bn=64, tn=4, raster=2))], ids=str)
def test_runs_on_cpu_for_schemes(dtype, scheme):
    check_on_cpu(dtype, 300, 270, 41, False, False, scheme=scheme)


def test_runs_on_cpu_with_an_epilogue():
    """alpha * acc + beta * Cin[i, j] + bias[i], relu: the hook gets the element's i and j."""
    rng = np.random.default_rng(5)
    m, n, k = 70, 45, 23
    A, B = rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)
    Cin, bias = rng.standard_normal((m, n)).astype(np.float32), rng.standard_normal(m).astype(np.float32)
    epi = GemmEpilogue((("const float", "alpha"), ("const float", "beta"),
                        ("const float* __restrict__", "Cin"), ("const float* __restrict__", "bias")),
                       lambda i, j, acc: [f"const float v = alpha * {acc} + beta * Cin[{i} * {n} + {j}] + bias[{i}];",
                                          f"C[{i} * {n} + {j}] = v > 0.f ? v : 0.f;"])
    src = emit_gemm(_spec("g", "float32", m, n, k, False, False, GemmScheme(bm=64, bn=64, tm=8, tn=4),
                          epilogue=epi))
    C = np.full((m, n), np.nan, np.float32)
    got = run_on_cpu(src, {"A": A, "B": B, "C": C, "Cin": Cin, "bias": bias}, "C",
                     {"alpha": 0.5, "beta": -2.0})
    want = np.maximum(0.5 * (A.astype(np.float64) @ B) - 2.0 * Cin + bias[:, None], 0)
    assert np.max(np.abs(got - want)) <= 1e-5 * np.max(np.abs(want))


# ---- the pipeline knobs (frags, tload, store_vec, min_blocks) ---------------------------------
KNOBS = [GemmScheme(frags=2), GemmScheme(tload=2, stages=4), GemmScheme(store_vec=4),
         GemmScheme(bk=16, frags=2, store_vec=4, min_blocks=2, raster=8),
         GemmScheme(bm=256, bn=128, bk=16, tm=16, tn=8, tload=2, stages=3, frags=2)]


# every knob each run on one of the 4 transposes, drawn (a run ~6 CPU s; all 20 under KFTEST_FULL=1)
KNOB_RUNS = sampling.sample("gemm_emit_knobs", [(t, s) for s in KNOBS for t in TRANSPOSES], 5, strata=lambda c: c[1])


@pytest.mark.parametrize("ta, tb, scheme", [(*t, s) for t, s in KNOB_RUNS],
                         ids=[f"{'NT'[t[0]]}{'NT'[t[1]]}-{s.to_text().split('reg_alloc')[1]}" for t, s in KNOB_RUNS])
def test_runs_on_cpu_with_pipeline_knobs(scheme, ta, tb):
    """Knob x transpose on the CPU, C and F outputs, sizes that leave partial tiles and a
    leading dimension that is not a multiple of the store vector (scalar fallback)."""
    check_on_cpu("float32", 131, 70, 37, ta, tb, scheme=scheme)
    check_on_cpu("float32", 66, 129, 19, ta, tb, "F", "F", "F", scheme=scheme, seed=3)
    check_on_cpu("float32", 7, 13, 5, ta, tb, scheme=scheme, pad=1, seed=4)


def test_knobs_in_the_code():
    code = emit_gemm(_spec("g", "float32", 512, 512, 512, False, False, KNOBS[3])).code
    assert "__launch_bounds__(256, 2)" in code and "a[2][TM]" in code
    assert "*reinterpret_cast<kf_vec<float, 4>*>(&C[" in code
    code = emit_gemm(_spec("g", "float32", 512, 512, 512, False, False, KNOBS[1])).code
    assert "kf_cp_async<4>(&As[" in code and "A_stage" not in code
    plain = emit_gemm(_spec("g", "float32", 512, 512, 512, False, False, GemmScheme())).code
    assert "__launch_bounds__(256)\n" in plain and "A_stage" in plain and "a[2][TM]" not in plain


# 5 of the 9 per run (a build takes ~10 CPU s; all under KFTEST_FULL=1)
KNOB_BUILDS = sampling.sample("gemm_emit_knob_builds", KNOBS + [
    GemmScheme(frags=2, min_blocks=2), GemmScheme(bk=32, tload=2, stages=3), GemmScheme(tload=2, stages=4, min_blocks=2),
    GemmScheme(bm=128, bn=256, bk=16, tm=8, tn=16, tload=2, stages=3, frags=2)], 5)


@pytest.mark.parametrize("scheme", KNOB_BUILDS, ids=lambda s: s.to_text().split("reg_alloc")[1])
def test_knobs_compile_without_spills(scheme):
    """Every knob scheme the planner may offer (``variants()`` of the size) compiles without
    spills; those that spill at a size (frags=2 with 128 accumulators, measured) must not be
    offered there."""
    from kfuse.spaces.gemm.scheme import variants
    kernels, offered = [], {}
    for dtype in ("float32",):
        for ta, tb in TRANSPOSES:
            for m, n, k in ((4096, 4096, 4096), (1000, 1000, 1000), (7, 13, 5)):
                src = emit_gemm(_spec(f"g_{'TN'[ta]}{'TN'[tb]}_{m}_{k}", dtype, m, n, k, ta, tb, scheme))
                kernels.append(src)
                offered[src.name] = scheme in variants(dtype, m, n, k)
    res = nvrtc.compile_cuda("\n".join(s.code for s in kernels), ARCH).resources()
    capped = {s.name for s in kernels if f"__launch_bounds__({scheme.threads}, 2)" in s.code}
    for name, r in res.items():
        clean = r["spill_stores"] == 0 and r["spill_loads"] == 0 and r["stack"] == 0
        assert clean or not offered[name], f"{name} (offered by variants()): {r}"
        if name in capped and clean:
            assert r["registers"] * scheme.threads * 2 <= 65536, f"{name}: {r}"