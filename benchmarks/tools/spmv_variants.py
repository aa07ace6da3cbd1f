"""SpMV kernel designs side by side on the Table-3 profiles (float32), device time only.

Every variant runs once per copy of the matrix in one CUDA graph (copies rotate past L2, as
calibration does); the table gives microseconds per SpMV and the fraction of the DRAM limit
(values, indices, row pointers, x and y once).  Rows:

* ``read``: a float4 read of as many bytes as the SpMV must move (what streaming reaches at
  this size: the ceiling for any SpMV design);
* ``kfuse csr|ell G= B= I=``: kfuse's generated rows kernel under each launch variant of its
  optimization space;
* ``hand ...``: experimental designs (CSR with 16-byte loads of a row's values and indices,
  CSR-stream over a block's rows staged in shared memory, ELLR-T with deeper unrolling).

    PYTHONPATH=src python3 benchmarks/tools/spmv_variants.py [--json OUT.json] [profiles...]
    (a profile may also be banded:N:PER_ROW, a banded matrix as the calibration's probes use)
"""
import functools
import json
import sys
from concurrent.futures import ThreadPoolExecutor

import cupy
import numpy as np

from kfuse import sparse
from kfuse.api import bind_sizes
from kfuse.calibrate.probes import _with_per_row
from kfuse.runtime.timing import rotating_args
from kfuse.calibrate.ceilings import measure as measure_ceilings
from kfuse.fusion.search import impl_variants, make_plan
from kfuse.frontend import script
from kfuse.frontend.trace import per_row_hint
from kfuse.pipeline.stages import build
from kfuse.runtime.timing import graph_seconds, median_seconds

HAND = r"""
extern "C" __global__ void read_f4(const float4* __restrict__ a, long n4, float* __restrict__ out) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) { float4 v = __ldcs(a + i); if (v.x + v.y + v.z + v.w == 1234.5f) out[0] = v.x; }
}

template <int G>
__device__ __forceinline__ float group_sum(float v) {
    #pragma unroll
    for (int o = G / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// G lanes per row; each lane loads 4 consecutive values and indices (16-byte loads) from the
// row's 16-byte-aligned span; entries outside [s, e) are masked.
template <int G>
__device__ void csr_vec4(const int* __restrict__ ptr, const int* __restrict__ idx,
                         const float* __restrict__ val, const float* __restrict__ x,
                         float* __restrict__ y, int M) {
    const int lane = threadIdx.x & (G - 1);
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
    float acc = 0.f;
    if (row < M) {
        const int s = ptr[row], e = ptr[row + 1];
        #pragma unroll 2
        for (int k = (s & ~3) + lane * 4; k < e; k += G * 4) {
            const float4 v = __ldcs(reinterpret_cast<const float4*>(val + k));
            const int4 c = __ldcs(reinterpret_cast<const int4*>(idx + k));
            if (k >= s) acc += v.x * __ldg(x + c.x);
            if (k + 1 >= s && k + 1 < e) acc += v.y * __ldg(x + c.y);
            if (k + 2 >= s && k + 2 < e) acc += v.z * __ldg(x + c.z);
            if (k + 3 >= s && k + 3 < e) acc += v.w * __ldg(x + c.w);
        }
    }
    acc = group_sum<G>(acc);
    if (row < M && lane == 0) y[row] = acc;
}
extern "C" __global__ void csr_vec4_8(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_vec4<8>(p, i, v, x, y, M); }
extern "C" __global__ void csr_vec4_16(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_vec4<16>(p, i, v, x, y, M); }
extern "C" __global__ void csr_vec4_32(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_vec4<32>(p, i, v, x, y, M); }

// G lanes own R consecutive rows: their spans form one contiguous span, read in aligned packs
// of 4 (fewer partial packs and row-pointer loads per byte than a group per row).
template <int G, int R>
__device__ void csr_rows_span(const int* __restrict__ ptr, const int* __restrict__ idx,
                              const float* __restrict__ val, const float* __restrict__ x,
                              float* __restrict__ y, int M) {
    const int lane = threadIdx.x & (G - 1);
    const int r0 = (blockIdx.x * blockDim.x + threadIdx.x) / G * R;
    float acc[R];
    int bnd[R + 1];
    #pragma unroll
    for (int r = 0; r < R; ++r) acc[r] = 0.f;
    if (r0 < M) {
        #pragma unroll
        for (int r = 0; r <= R; ++r) bnd[r] = ptr[min(r0 + r, M)];
        const int s = bnd[0], e = bnd[R];
        #pragma unroll 2
        for (int k = (s & ~3) + lane * 4; k < e; k += G * 4) {
            const float4 v4 = __ldcs(reinterpret_cast<const float4*>(val + k));
            const int4 c4 = __ldcs(reinterpret_cast<const int4*>(idx + k));
            const float v[4] = {v4.x, v4.y, v4.z, v4.w};
            const int c[4] = {c4.x, c4.y, c4.z, c4.w};
            #pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int kk = k + j;
                if (kk >= s && kk < e) {
                    const float p = v[j] * __ldg(x + c[j]);
                    #pragma unroll
                    for (int r = 0; r < R; ++r) if (kk >= bnd[r] && kk < bnd[r + 1]) acc[r] += p;
                }
            }
        }
    }
    float mine = 0.f;
    #pragma unroll
    for (int r = 0; r < R; ++r) { const float t = group_sum<G>(acc[r]); if (lane == r) mine = t; }
    if (lane < R && r0 + lane < M) y[r0 + lane] = mine;
}
extern "C" __global__ void csr_rows_8_2(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_rows_span<8, 2>(p, i, v, x, y, M); }
extern "C" __global__ void csr_rows_8_4(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_rows_span<8, 4>(p, i, v, x, y, M); }
extern "C" __global__ void csr_rows_16_4(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_rows_span<16, 4>(p, i, v, x, y, M); }
extern "C" __global__ void csr_rows_16_2(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_rows_span<16, 2>(p, i, v, x, y, M); }
extern "C" __global__ void csr_rows_32_4(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_rows_span<32, 4>(p, i, v, x, y, M); }

// CSR-stream: a block owns R = BS / G consecutive rows; it streams their nonzeros (one
// contiguous span) into shared memory as products val * x[col], then G lanes sum each row.
template <int BS, int G, int CAP>
__device__ void csr_stream(const int* __restrict__ ptr, const int* __restrict__ idx,
                           const float* __restrict__ val, const float* __restrict__ x,
                           float* __restrict__ y, int M) {
    __shared__ float prod[CAP];
    constexpr int R = BS / G;
    const int r0 = blockIdx.x * R;
    const int r1 = min(r0 + R, M);
    const int s = ptr[r0], e = ptr[r1];
    const int lane = threadIdx.x & (G - 1);
    const int row = r0 + threadIdx.x / G;
    float acc = 0.f;
    for (int c0 = s; c0 < e; c0 += CAP) {          // pieces of CAP nonzeros (one, normally)
        const int c1 = min(c0 + CAP, e);
        #pragma unroll 4
        for (int k = c0 + threadIdx.x; k < c1; k += BS)
            prod[k - c0] = __ldcs(val + k) * __ldg(x + __ldcs(idx + k));
        __syncthreads();
        if (row < r1) {
            const int a = max(ptr[row], c0), b = min(ptr[row + 1], c1);
            for (int k = a + lane; k < b; k += G) acc += prod[k - c0];
        }
        __syncthreads();
    }
    acc = group_sum<G>(acc);
    if (row < r1 && lane == 0) y[row] = acc;
}
extern "C" __global__ void csr_stream_256_8(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_stream<256, 8, 4096>(p, i, v, x, y, M); }
extern "C" __global__ void csr_stream_256_4(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_stream<256, 4, 4096>(p, i, v, x, y, M); }
extern "C" __global__ void csr_stream_256_2(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_stream<256, 2, 4096>(p, i, v, x, y, M); }
extern "C" __global__ void csr_stream_128_2(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_stream<128, 2, 2048>(p, i, v, x, y, M); }
extern "C" __global__ void csr_stream_512_16(const int* p, const int* i, const float* v, const float* x, float* y, int M) { csr_stream<512, 16, 4096>(p, i, v, x, y, M); }

// ELLR-T: T lanes per row, slot k of row i at k * M + i; unrolled by U.
template <int T, int U>
__device__ void ell_t(const int* __restrict__ cols, const float* __restrict__ vals,
                      const int* __restrict__ rowlen, const float* __restrict__ x,
                      float* __restrict__ y, int M) {
    const int lane = threadIdx.x & (T - 1);
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / T;
    float acc = 0.f;
    if (row < M) {
        const int len = rowlen[row];
        #pragma unroll U
        for (int k = lane; k < len; k += T) {
            const long o = (long)k * M + row;
            acc += __ldcs(vals + o) * __ldg(x + __ldcs(cols + o));
        }
    }
    acc = group_sum<T>(acc);
    if (row < M && lane == 0) y[row] = acc;
}
extern "C" __global__ void ell_1_8(const int* c, const float* v, const int* r, const float* x, float* y, int M) { ell_t<1, 8>(c, v, r, x, y, M); }
extern "C" __global__ void ell_2_8(const int* c, const float* v, const int* r, const float* x, float* y, int M) { ell_t<2, 8>(c, v, r, x, y, M); }
extern "C" __global__ void ell_4_8(const int* c, const float* v, const int* r, const float* x, float* y, int M) { ell_t<4, 8>(c, v, r, x, y, M); }
extern "C" __global__ void ell_8_4(const int* c, const float* v, const int* r, const float* x, float* y, int M) { ell_t<8, 4>(c, v, r, x, y, M); }
"""

HAND_ROWS = {"csr_rows_8_2": (8, 256, 2), "csr_rows_8_4": (8, 256, 4), "csr_rows_16_4": (16, 256, 4),
             "csr_rows_16_2": (16, 256, 2), "csr_rows_32_4": (32, 256, 4)}
HAND_CSR = {**{k: v[:2] for k, v in HAND_ROWS.items()}, "csr_vec4_8": (8, 256), "csr_vec4_16": (16, 256), "csr_vec4_32": (32, 256),
            "csr_stream_256_8": (8, 256), "csr_stream_256_4": (4, 256), "csr_stream_256_2": (2, 256),
            "csr_stream_128_2": (2, 128), "csr_stream_512_16": (16, 512)}
HAND_ELL = {"ell_1_8": (1, 128), "ell_2_8": (2, 256), "ell_4_8": (4, 256), "ell_8_4": (8, 256)}


def graph_time(launch_one, rounds) -> float:
    """Seconds per launch: one launch per argument set in ``rounds`` captured in a graph."""
    return graph_seconds([functools.partial(launch_one, r) for r in rounds])


def limit_s(A, ceil) -> float:
    m, n = A.shape
    return (A.nnz * 8 + (m + 1) * 4 + n * 4) / (ceil["read_GBs"] * 1e9) + m * 4 / (ceil["write_GBs"] * 1e9)


def kfuse_variants(fmt, A, x, want):
    n = A.shape[0]
    text = f"{fmt} A(n, n); vector x(n), y(n); input A, x; y = A @ x; return y;"
    M = (A if fmt == "csr" else A.to_ell()).to_device()
    prog = _with_per_row(bind_sizes(script.parse(text, "spmv"), {"n": n}), per_row_hint(M.stored, n),
                          round(M.stored / n, 1))
    calls = [c.id for c in prog.calls]
    rounds = rotating_args([M, x])
    out = []
    variants = impl_variants(prog, calls)
    with ThreadPoolExecutor(max_workers=16) as pool:   # NVRTC releases the GIL
        exes = list(pool.map(lambda prm: build(prog, make_plan(prog, [(calls, prm)])), variants))
    for params, exe in zip(variants, exes):
        y = exe(M, x)
        y = y[0] if isinstance(y, tuple) else y
        err = float(cupy.linalg.norm(y - want) / cupy.linalg.norm(want))
        envs = [exe.prepare(tuple(r)) for r in rounds]
        g = exe.capture(envs)
        t = median_seconds(lambda: g.launch(), loops=7, calls=2, warmup=2) / len(envs)
        extra = "".join(f" {k[0].upper()}={params[k]}" for k in ("vec", "span", "finish") if k in params)
        out.append((f"kfuse {fmt} G={params.get('group', 1)} B={params['block']} I={params['iters']}{extra}", t, err))
    return out


def hand_variants(mod, A, x, want):
    M = A.shape[0]
    out = []
    Cd = A.to_device()
    y = cupy.empty(M, cupy.float32)
    crounds = rotating_args([Cd])
    for name, (G, BS) in HAND_CSR.items():
        k = mod.get_function(name)
        if name in HAND_ROWS:
            grid = -(-M // (BS // G * HAND_ROWS[name][2]))
        elif name.startswith("csr_stream"):
            grid = -(-M // (BS // G))
        else:
            grid = -(-M * G // BS)
        launch = lambda r, k=k, grid=grid, BS=BS: k((grid,), (BS,), (r[0].indptr, r[0].indices, r[0].data, x, y, np.int32(M)))
        y.fill(np.nan)
        launch(crounds[0])
        err = float(cupy.linalg.norm(y - want) / cupy.linalg.norm(want))
        out.append((f"hand {name}", graph_time(launch, crounds), err))
    E = A.to_ell().to_device()
    erounds = rotating_args([E])
    for name, (T, BS) in HAND_ELL.items():
        k = mod.get_function(name)
        grid = -(-M * T // BS)
        launch = lambda r, k=k, grid=grid, BS=BS: k((grid,), (BS,), (r[0].cols, r[0].vals, r[0].rowlen, x, y, np.int32(M)))
        y.fill(np.nan)
        launch(erounds[0])
        err = float(cupy.linalg.norm(y - want) / cupy.linalg.norm(want))
        out.append((f"hand {name}", graph_time(launch, erounds), err))
    return out


def main(argv):
    path = None
    if argv[:1] == ["--json"]:
        path, argv = argv[1], argv[2:]
    names = argv or list(sparse.PROFILES)
    ceil = measure_ceilings()
    mod = cupy.RawModule(code=HAND, options=("-std=c++17",), name_expressions=None)
    dummy = cupy.empty(1, cupy.float32)
    results = {"ceilings": ceil, "matrices": {}}
    for name in names:
        if name.startswith("banded:"):   # banded:N:PER_ROW, as the calibration probes make them
            _, n_, d_ = name.split(":")
            A = sparse.banded(int(n_), float(d_), dominant=False)
        else:
            A = sparse.profile(name)
        m = A.shape[0]
        x = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, m).astype(np.float32))
        want = cupy.asarray(A.matvec(x.get()))
        lim = limit_s(A, ceil)
        nbytes = A.nnz * 8 + (m + 1) * 4 + 2 * m * 4
        bufs = [cupy.ones(-(-nbytes // 16) * 4, cupy.float32) for _ in range(max(1, -(-(256 << 20) // nbytes)))]
        rd = mod.get_function("read_f4")
        t_read = graph_time(lambda b: rd((-(-b.size // 4 // 256),), (256,), (b, np.int64(b.size // 4), dummy)), bufs)
        del bufs
        rows = [("read (same bytes, float4)", t_read, 0.0)]
        rows += kfuse_variants("csr", A, x, want) + kfuse_variants("ell", A, x, want)
        rows += hand_variants(mod, A, x, want)
        print(f"\n{name}: n={m} nnz={A.nnz} ({A.nnz / m:.1f}/row) limit {lim * 1e6:.2f} us")
        for label, t, err in sorted(rows, key=lambda r: r[1]):
            print(f"  {label:<34} {t * 1e6:8.2f} us  {lim / t * 100:5.1f}%  err {err:.1e}")
        results["matrices"][name] = {"n": m, "nnz": A.nnz, "limit_us": lim * 1e6,
                                     "rows": [{"variant": l, "us": t * 1e6, "of_limit": lim / t, "rel_error": e}
                                              for l, t, e in rows]}
        cupy.get_default_memory_pool().free_all_blocks()
    if path:
        with open(path, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
