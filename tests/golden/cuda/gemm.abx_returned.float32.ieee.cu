// program abx_returned: 3 call(s)
// ===================== routines =====================
// compute routine of t1 = gemm(A, B) [gemm: contraction]
__device__ __forceinline__ void t1_gemm_compute(const float A, const float B, float& acc) {
    using T = float; using R = float;
    acc += A * B;
}
// finalize routine of t1 = gemm(A, B) [gemm: contraction]
__device__ __forceinline__ void t1_gemm_finalize(const float acc, const float alpha, const float beta, const float C, float& D) {
    using T = float; using R = float;
    D = alpha * acc + beta * C;
}
// compute routine of B @ x  [reassociated: the product t2 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t4_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of B @ x  [reassociated: the product t2 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t4_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of A @ (B @ x)  [reassociated: the product t2 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t3_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of A @ (B @ x)  [reassociated: the product t2 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t3_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "495b496a55d166d4", "kernels": [{"calls": [0, 1], "name": "k0_t1_gemm__t4_gemv", "params": {"bk": 16, "bm": 64, "bn": 128, "engine": "ffma", "frags": 1, "min_blocks": 1, "raster": 1, "splitk": 2, "stages": 3, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 0, "wn": 0}, "space": "gemm"}, {"calls": [2], "name": "k1_t3_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "abx_returned", "sizes": {}}
// Plan: k0_t1_gemm__t4_gemv runs call(s) [0, 1]; k1_t3_gemv runs call(s) [2]; first kf_zero_outputs zeroes t4, t3
// launch kf_zero_outputs grid=(4, 1, 1) block=(256, 1, 1) smem=0 args=(out:t4, out:t3)
// launch k0_t1_gemm__t4_gemv grid=(128, 1, 2) block=(128, 1, 1) smem=38400 args=(in:A, in:B, out:t1, in:x_, out:t4, partial:kf_part[8388608B], counter:kf_count[512B]) aligned=(A:16, B:16)
// launch k1_t3_gemv grid=(8, 256, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t4, out:t3) aligned=(A:16, t4:16)

// zero the outputs atomics sum into: t4, t3 (k0_t1_gemm__t4_gemv, k1_t3_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ t4, unsigned int* __restrict__ t3)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 1024; i += step) t4[i] = 0u;   // 1024 words of t4
    for (int i = i0; i < 1024; i += step) t3[i] = 0u;   // 1024 words of t3
}

#ifndef KF_GEMM_HELPERS
#define KF_GEMM_HELPERS
// ---- kfuse GEMM helpers (once per module) ----
// A vector of U elements of T, aligned to its size: one 4/8/16-byte load or store.
template <typename T, int U> struct __align__(sizeof(T) * U) kf_vec { T v[U]; };
// Asynchronous global -> shared copy of BYTES bytes, of which the first src_bytes are read and
// the rest zero-filled (cp.async, sm_80+; synchronous below).
template <int BYTES> __device__ __forceinline__ void kf_cp_async(void* dst, const void* src, int src_bytes) {
#if __CUDA_ARCH__ >= 800
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    if constexpr (BYTES == 16)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(s), "l"(src), "r"(src_bytes) : "memory");
    else
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" :: "r"(s), "l"(src), "n"(BYTES), "r"(src_bytes) : "memory");
#else
    for (int b = 0; b < BYTES; ++b)
        static_cast<unsigned char*>(dst)[b] = b < src_bytes ? static_cast<const unsigned char*>(src)[b] : 0;
#endif
}
__device__ __forceinline__ void kf_cp_async_commit() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}
// Wait until at most N committed groups of this thread's copies are still in flight.
template <int N> __device__ __forceinline__ void kf_cp_async_wait() {
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
#endif
}
#endif  // KF_GEMM_HELPERS

// kfuse GEMM NN (float32): t1[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j]), m=1024 n=1024 k=1024
// scheme: thread_grouping(bm=64, bn=128, tm=8, tn=8); loop_tiling(bk=16); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); split_k(2); engine(ffma)
// op(A)[i, k] = A[i * 1024 + k * 1]: k contiguous: loads of 4 x float into registers, stored transposed after the compute, 2 per thread per tile
// op(B)[k, j] = B[j * 1 + k * 1024]: j contiguous: cp.async of 16 B (4 x float), 4 per thread per tile
// // call 0: t1 = gemm(A, B)   [gemm: contraction]
// // call 1: B @ x  [reassociated: the product t2 = gemm(A, B) is not formed]   [gemv: nested_reduce]
extern "C" __global__ void __launch_bounds__(128)
k0_t1_gemm__t4_gemv(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ t1, const float* __restrict__ x_, float* __restrict__ t4, float* __restrict__ kf_part, unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int M = 1024, N = 1024, K = 1024;
    constexpr int SPLITK = 2;   // blocks sharing one output tile's k range
    constexpr int BM = 64, BN = 128, BK = 16, TM = 8, TN = 8, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, TX = 16, TY = 8;   // threads along n and m
    constexpr int AF = 4, BF = 4;   // fragment vector widths (elements)
    constexpr int A_LD = BM + 4, B_LD = BN + 4;   // shared rows padded by one 16-byte vector
    constexpr int A_COPIES = 2, B_COPIES = 4;   // loads per thread per tile
    constexpr idx_t A_SX = 1024, A_SK = 1, B_SX = 1, B_SK = 1024;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SK; (void)B_SK; (void)A_COPIES; (void)B_COPIES;

    // ---- shared memory: STAGES buffers of As[BK][A_LD] (A transposed: k-major) and Bs[BK][B_LD] ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * BK * A_LD;

    // ---- tile order: plain, along n first ----
    const int pid = blockIdx.x, split = blockIdx.z;   // the tile; this block's share of k (of SPLITK)
    const int pid_m = pid / GN, pid_n = pid % GN;
    const int row0 = pid_m * BM, col0 = pid_n * BN;

    const int kt0_all = 0, nkt_all = KTILES;
    // ---- split-k: this block's share of the k tiles ----
    const int kchunk = (nkt_all + SPLITK - 1) / SPLITK;
    const int kt0 = kt0_all + split * kchunk;
    const int nkt = max(0, min(kchunk, nkt_all - split * kchunk));

    // ---- thread grouping: (TY x TX) threads, warps of 4 x 8 (m x n); each thread owns TM x TN elements ----
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int tx = warp % (TX / 8) * 8 + lane % 8;
    const int ty = warp / (TX / 8) * 4 + lane / 8;

    // ---- register accumulators ----
    float acc[TM][TN];
    #pragma unroll
    for (int r = 0; r < TM; ++r)
        #pragma unroll
        for (int q = 0; q < TN; ++q) acc[r][q] = (float)0;
    float A_stage[A_COPIES * 4];   // register-staged A tile

    // ---- prologue: tiles 0 .. STAGES-2 in flight ----
    #pragma unroll
    for (int kt = 0; kt < STAGES - 1; ++kt) {
        const int s = kt;
        if (kt < nkt) {
            // A tile kt -> registers: BM rows (i) of BK contiguous k, 4 x float per load
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 4, kq = idx % 4 * 4;
                const int xg = row0 + xr, kg = (kt0 + kt) * BK + kq;
                float* dst = &A_stage[r * 4];
                if (xg < M && kg + 4 <= K) {
                    const kf_vec<float, 4> v = *reinterpret_cast<const kf_vec<float, 4>*>(A + (idx_t)xg * A_SX + kg);
                    #pragma unroll
                    for (int e = 0; e < 4; ++e) dst[e] = v.v[e];
                } else {
                    #pragma unroll
                    for (int e = 0; e < 4; ++e)
                        dst[e] = (xg < M && kg + e < K) ? (A + (idx_t)xg * A_SX + kg)[e] : (float)0;
                }
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 32, xq = idx % 32 * 4;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(4, N - xg)) : 0;
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
                kf_cp_async<16>(&Bs[s * (BK * B_LD) + kr * B_LD + xq], src, valid * 4);
            }
            // A registers -> As[s], transposed to k-major
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 4, kq = idx % 4 * 4;
                #pragma unroll
                for (int e = 0; e < 4; ++e)
                    As[s * (BK * A_LD) + (kq + e) * A_LD + xr] = A_stage[r * 4 + e];
            }
        }
        kf_cp_async_commit();
    }

    // ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----
    for (int t = 0; t < nkt; ++t) {
        kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed
        __syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free
        const int kt = t + STAGES - 1, s = kt % STAGES;
        const bool more = kt < nkt;
        if (more) {
            // A tile kt -> registers: BM rows (i) of BK contiguous k, 4 x float per load
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 4, kq = idx % 4 * 4;
                const int xg = row0 + xr, kg = (kt0 + kt) * BK + kq;
                float* dst = &A_stage[r * 4];
                if (xg < M && kg + 4 <= K) {
                    const kf_vec<float, 4> v = *reinterpret_cast<const kf_vec<float, 4>*>(A + (idx_t)xg * A_SX + kg);
                    #pragma unroll
                    for (int e = 0; e < 4; ++e) dst[e] = v.v[e];
                } else {
                    #pragma unroll
                    for (int e = 0; e < 4; ++e)
                        dst[e] = (xg < M && kg + e < K) ? (A + (idx_t)xg * A_SX + kg)[e] : (float)0;
                }
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 32, xq = idx % 32 * 4;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(4, N - xg)) : 0;
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
                kf_cp_async<16>(&Bs[s * (BK * B_LD) + kr * B_LD + xq], src, valid * 4);
            }
        }
        // compute: outer products of the k-major fragments, BK steps
        const float* as = As + t % STAGES * (BK * A_LD);
        const float* bs = Bs + t % STAGES * (BK * B_LD);
        #pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
            float a[TM], b[TN];
            #pragma unroll
            for (int c = 0; c < TM / AF; ++c) {   // rows c * TY * AF + ty * AF + e
                const kf_vec<float, AF> v = *reinterpret_cast<const kf_vec<float, AF>*>(&as[kk * A_LD + c * (TY * AF) + ty * AF]);
                #pragma unroll
                for (int e = 0; e < AF; ++e) a[c * AF + e] = v.v[e];
            }
            #pragma unroll
            for (int c = 0; c < TN / BF; ++c) {   // columns c * TX * BF + tx * BF + e
                const kf_vec<float, BF> v = *reinterpret_cast<const kf_vec<float, BF>*>(&bs[kk * B_LD + c * (TX * BF) + tx * BF]);
                #pragma unroll
                for (int e = 0; e < BF; ++e) b[c * BF + e] = v.v[e];
            }
            #pragma unroll
            for (int r = 0; r < TM; ++r)
                #pragma unroll
                for (int q = 0; q < TN; ++q) acc[r][q] = fma(a[r], b[q], acc[r][q]);
        }
        if (more) {
            // A registers -> As[s], transposed to k-major
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 4, kq = idx % 4 * 4;
                #pragma unroll
                for (int e = 0; e < 4; ++e)
                    As[s * (BK * A_LD) + (kq + e) * A_LD + xr] = A_stage[r * 4 + e];
            }
        }
        kf_cp_async_commit();
    }

    // ---- split-k: partial tiles stored; the last block of this tile sums them in split order ----
    __shared__ int kf_last;
    #pragma unroll
    for (int r = 0; r < TM; ++r)
        #pragma unroll
        for (int q = 0; q < TN; ++q) kf_part[((long long)(pid * SPLITK + split) * (TM * TN) + r * TN + q) * THREADS + tid] = acc[r][q];
    __threadfence();   // this block's partial tile is visible before it counts itself in
    __syncthreads();
    if (tid == 0) kf_last = atomicAdd(&kf_count[pid], 1u) == SPLITK - 1;
    __syncthreads();
    if (!kf_last) return;
    __threadfence();
    if (tid == 0) kf_count[pid] = 0u;   // ready for the next launch
    #pragma unroll
    for (int r = 0; r < TM; ++r)
        #pragma unroll
        for (int q = 0; q < TN; ++q) {
            float sum = (float)0;
            for (int sk = 0; sk < SPLITK; ++sk)
                sum += sk == split ? acc[r][q] : kf_part[((long long)(pid * SPLITK + sk) * (TM * TN) + r * TN + q) * THREADS + tid];
            acc[r][q] = sum;
        }
    float t4_acc[TM];   // row partials of this thread's tile
    #pragma unroll
    for (int e = 0; e < TM; ++e) t4_acc[e] = (float)0;

    // ---- epilogue: the epilogue; rows i, columns j of this thread, guarded ----
    #pragma unroll
    for (int r = 0; r < TM; ++r) {
        const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;
        #pragma unroll
        for (int q = 0; q < TN; ++q) {
            const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;
            if (i < M && j < N) {
                float t1_e;
                t1_gemm_finalize(acc[r][q], 1.0f, 0.0f, 0.0f, t1_e);   // call 0: t1 = gemm(A, B)   [gemm: contraction]
                t1[(long long)(i) * 1024 + (j)] = t1_e;
                t4_gemv_compute(B[(long long)(i) * 1024 + (j)], x_[j], t4_acc[r]);   // call 1: B @ x  [reassociated: the product t2 = gemm(A, B) is not formed]   [gemv: nested_reduce]
            }
        }
    }

    // ---- epilogue reductions: per-thread partials combined across the block, one finish per row / column of the tile ----
    kf_cp_async_wait<0>();
    __syncthreads();   // every copy has landed and every thread left the k loop: the shared tiles are free
    {
        // row sums t4_acc (2 warp(s) of 8 lanes share a row)
        float* red = reinterpret_cast<float*>(kf_smem);
        #pragma unroll
        for (int r = 0; r < TM; ++r) {
            float v = t4_acc[r];
            #pragma unroll
            for (int off = 4; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffffu, v, off);
            if (lane % 8 == 0) red[warp % 2 * BM + r / AF * (TY * AF) + ty * AF + r % AF] = v;
        }
        __syncthreads();
        for (int x = tid; x < BM; x += THREADS) {
            const int i = row0 + x;
            if (i < M) {
                float total = red[x];
                for (int g = 1; g < 2; ++g) total += red[g * BM + x];
                float t4_c;
                if (col0 == 0) {
                    float t4_f;
                    t4_gemv_finalize(total, 1.0f, 0.0f, 0.0f, t4_f);
                    t4_c = t4_f;
                } else {
                    float t4_f;
                    t4_gemv_finalize(total, 1.0f, 0.0f, 0.0f, t4_f);
                    float t4_z;
                    t4_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t4_z);
                    t4_c = t4_f - t4_z;
                }
                kf_atomic_add(&t4[i], t4_c);
            }
        }
    }
}

// kernel k1_t3_gemv: tile 1024 x 1024 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_t3_gemv(const float* __restrict__ A,
    const float* __restrict__ t4,
    float* __restrict__ t3)
{
    using idx_t = int;
    constexpr idx_t S = 1024, F = 1024;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t3_acc[KS];          // clear output of reduction A @ (B @ x)  [reassociated: the product t2 = gemm(A, B) is not formed]
    #pragma unroll
    for (int r = 0; r < KS; ++r) t3_acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 2: A @ (B @ x)  [reassociated: the product t2 = gemm(A, B) is not formed]   [gemv: nested_reduce]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t4_f[VEC]; kf_load_pack<VEC, ALL_F>(t4, fb + tx * VEC, F, t4_f);   // load: t4 along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t3_gemv_compute(A_e[k][v], t4_f[v], t3_acc[k]);
            }
        }
    }
    // finish reduction(s) A @ (B @ x)  [reassociated: the product t2 = gemm(A, B) is not formed] across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t3_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t3_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    float t3_c;
                    if (blockIdx.x == 0) {
                        float t3_f;
                        t3_gemv_finalize(t3_acc[k], 1.0f, 0.0f, 0.0f, t3_f);
                        t3_c = t3_f;
                    } else {
                        float t3_f;
                        t3_gemv_finalize(t3_acc[k], 1.0f, 0.0f, 0.0f, t3_f);
                        float t3_z;
                        t3_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t3_z);
                        t3_c = t3_f - t3_z;
                    }
                    kf_atomic_add(&t3[s], t3_c);
                }
            }
        }
    }
}
