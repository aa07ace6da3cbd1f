// program trsm_ll: 1 call(s)
// ===================== routines =====================
// compute routine of t1 = trsm_lln(A, B) [trsm_lln: solve]
__device__ __forceinline__ void t1_trsm_lln_compute(float& X) {
    using T = float; using R = float;
    /* solved by the trsm space's kernels (codegen/trsm/lower.py) */
}

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "acabd927c03e57af", "kernels": [{"calls": [0], "name": "k0_t1_trsm_lln", "params": {"adapt": 1, "algorithm": "inverse", "bk": 16, "bm": 128, "bn": 128, "engine": "mma_tf32", "frags": 1, "leaf": 128, "min_blocks": 1, "raster": 1, "splitk": 1, "stages": 4, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 64, "wn": 64}, "space": "trsm"}], "kfuse_plan": 1, "program": "trsm_ll", "sizes": {}}
// Plan: k0_t1_trsm_lln_copy runs call(s) [0]; k0_t1_trsm_lln_invert runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_256x256x256 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_512x256x512 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_256x256x256 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_update_128x256x128 runs call(s) [0]; k0_t1_trsm_lln_invleaf_128x256x128 runs call(s) [0]
// launch k0_t1_trsm_lln_copy grid=(1024, 1, 1) block=(256, 1, 1) smem=0 args=(in:B, partial:R[1048576B])
// launch k0_t1_trsm_lln_invert grid=(8, 1, 1) block=(256, 1, 1) smem=66048 args=(in:A, partial:Ainv[524288B])
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_128x256x128 grid=(16, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_256x256x256 grid=(32, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_128x256x128 grid=(16, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_512x256x512 grid=(64, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_128x256x128 grid=(16, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_256x256x256 grid=(32, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_update_128x256x128 grid=(16, 1, 1) block=(128, 1, 1) smem=44544 args=(in:A, in:Xk, partial:R[1048576B], const:a_off, const:b_off, const:x_off) aligned=(A:16, t1:16)
// launch k0_t1_trsm_lln_invleaf_128x256x128 grid=(8, 1, 4) block=(128, 1, 1) smem=26112 args=(partial:Ainv[524288B], partial:Rk[1048576B], out:X, const:a_off, const:b_off, const:x_off, partial:kf_part[524288B], counter:kf_count[32B]) aligned=(A:16, t1:16)

// // call 0: t1 = trsm_lln(A, B)   [trsm_lln: solve]
// copy: R = alpha * B (R row-major 1024 x 256), the right-hand sides the solve then works on in place
extern "C" __global__ void __launch_bounds__(256)
k0_t1_trsm_lln_copy(const float* __restrict__ B, float* __restrict__ R)
{
    const long long total = (long long)1024 * 256;
    const float alpha_v = 1.0f;
    for (long long e = (long long)blockIdx.x * 256 + threadIdx.x; e < total; e += (long long)gridDim.x * 256) {
        const long long i = e / 256, j = e % 256;
        R[e] = alpha_v * B[(long long)(i) * 256 + (j)];
    }
}

// call 0: t1 = trsm_lln(A, B)   [trsm_lln: solve]
// TRSM inverse: the 128 x 128 diagonal blocks of the lower A' (non-unit diagonal) inverted, one block each, into Ainv (16 x 16 sub-blocks, then merged pairwise)
extern "C" __global__ void __launch_bounds__(256)
k0_t1_trsm_lln_invert(const float* __restrict__ A, float* __restrict__ Ainv)
{
    constexpr int NB = 128, LD = NB + 1, D = 16, TM = 4, TN = 4, THREADS = 256, N = 1024;
    constexpr long long ASR = 1024, ASC = 1;   // A'[r][c] = A[r * ASR + c * ASC]
    static_assert(NB * NB % THREADS == 0 && NB % D == 0, "whole copies a thread, whole sub-blocks");
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* W = reinterpret_cast<float*>(kf_smem);   // the block of A' (row stride LD), overwritten by its inverse
    const int r0 = blockIdx.x * NB, rows = min(NB, N - r0), tid = threadIdx.x;
    #pragma unroll 16   // a constant trip count: 16 global reads in flight a thread
    for (int q = 0; q < NB * NB / THREADS; ++q) {
        const int e = q * THREADS + tid, r = e / NB, c = e % NB;   // the triangle; the identity elsewhere (and past the last row)
        W[r * LD + c] = (r < rows && c < rows && c <= r) ? A[(r0 + r) * ASR + (r0 + c) * ASC] : (r == c ? 1.0f : 0.0f);
    }
    __syncthreads();
    const int o = tid / D * D, j = tid % D;   // this thread's sub-block (rows and columns o..) and column
    float col[D];   // column j of the inverse of this thread's D x D diagonal sub-block
    if (tid < NB) {
        #pragma unroll
        for (int i = 0; i < D; ++i) {   // forward: row i from the rows above
            float acc = 0.0f;
            #pragma unroll
            for (int k = 0; k < i; ++k) acc = fmaf(W[(o + i) * LD + o + k], col[k], acc);
            const float d = W[(o + i) * LD + o + i];
            col[i] = i == j ? 1.0f / d : (i > j ? -acc / d : 0.0f);
        }
    }
    __syncthreads();   // every thread has read its sub-block of L
    if (tid < NB) {
        #pragma unroll
        for (int i = 0; i < D; ++i) W[(o + i) * LD + o + j] = col[i];
    }
    __syncthreads();
    for (int b = D; b < NB; b *= 2) {   // merge pairs of b x b inverses into 2b x 2b ones
        const int per = (b / TM) * (b / TN);   // tiles of a b x b product; NB / (2b) pairs
        const bool on = tid < NB / (2 * b) * per;
        const int o = tid / per * 2 * b, tr = tid % per / (b / TN) * TM, tc = tid % per % (b / TN) * TN;
        const int ro = o + b, co = o;   // the off-diagonal block L21 (rows ro.., columns co..)
        float acc[TM][TN];
        // L21 @ inv11 (inv11 lower: rows k >= tc of its columns tc..)
        #pragma unroll
        for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = 0.0f;
        if (on) {
            #pragma unroll 4
            for (int k = tc; k < b; ++k) {
                float a[TM], w[TN];
                #pragma unroll
                for (int i = 0; i < TM; ++i) a[i] = W[(ro + tr + i) * LD + co + k];
                #pragma unroll
                for (int q = 0; q < TN; ++q) w[q] = W[(co + k) * LD + co + tc + q];
                #pragma unroll
                for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = fmaf(a[i], w[q], acc[i][q]);
            }
        }
        __syncthreads();
        if (on) {
            #pragma unroll
            for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) W[(ro + tr + i) * LD + co + tc + q] = acc[i][q];
        }
        __syncthreads();
        // inv21 = -inv22 @ (L21 @ inv11) (inv22 lower: columns k <= tr + TM - 1 of its rows tr..)
        #pragma unroll
        for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = 0.0f;
        if (on) {
            #pragma unroll 4
            for (int k = 0; k < tr + TM; ++k) {
                float a[TM], w[TN];
                #pragma unroll
                for (int i = 0; i < TM; ++i) a[i] = W[(ro + tr + i) * LD + ro + k];
                #pragma unroll
                for (int q = 0; q < TN; ++q) w[q] = W[(ro + k) * LD + co + tc + q];
                #pragma unroll
                for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) acc[i][q] = fmaf(a[i], w[q], acc[i][q]);
            }
        }
        __syncthreads();
        if (on) {
            #pragma unroll
            for (int i = 0; i < TM; ++i) for (int q = 0; q < TN; ++q) W[(ro + tr + i) * LD + co + tc + q] = -acc[i][q];
        }
        __syncthreads();
    }
    #pragma unroll 16
    for (int q = 0; q < NB * NB / THREADS; ++q) {   // row-major, unpadded
        const int e = q * THREADS + tid;
        Ainv[(long long)blockIdx.x * NB * NB + e] = W[e / NB * LD + e % NB];
    }
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

// kfuse GEMM NN (float32): X[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j]), m=128 n=256 k=128
// scheme: thread_grouping(bm=64, bn=64, tm=8, tn=4); loop_tiling(bk=16); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); split_k(4); engine(ffma)
// op(A)[i, k] = Ainv[i * 128 + k * 1]: k contiguous: loads of 4 x float into registers, stored transposed after the compute, 2 per thread per tile
// op(B)[k, j] = Rk[j * 1 + k * 256]: j contiguous: cp.async of 16 B (4 x float), 2 per thread per tile
// TRSM inverse leaf: rows r0.. of the left problem X'[r0..] = Ainv_b @ R'[r0..] (the inverted diagonal block times the updated right-hand sides); offsets a_off, b_off, x_off
extern "C" __global__ void __launch_bounds__(128)
k0_t1_trsm_lln_invleaf_128x256x128(const float* __restrict__ Ainv, const float* __restrict__ Rk, float* __restrict__ X, const long long a_off, const long long b_off, const long long x_off, float* __restrict__ kf_part, unsigned int* __restrict__ kf_count)
{
    Ainv += a_off;   // operand A: a sub-block at element offset a_off
    Rk += b_off;   // operand B: a sub-block at element offset b_off
    constexpr int SPLITK = 4;   // blocks sharing one output tile's k range
    using idx_t = int;
    constexpr int M = 128, N = 256, K = 128;
    constexpr int BM = 64, BN = 64, BK = 16, TM = 8, TN = 4, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, TX = 16, TY = 8;   // threads along n and m
    constexpr int AF = 4, BF = 4;   // fragment vector widths (elements)
    constexpr int A_LD = BM + 4, B_LD = BN + 4;   // shared rows padded by one 16-byte vector
    constexpr int A_COPIES = 2, B_COPIES = 2;   // loads per thread per tile
    constexpr idx_t A_SX = 128, A_SK = 1, B_SX = 1, B_SK = 256;   // element strides of op(A)[i, k], op(B)[k, j]
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
                    const kf_vec<float, 4> v = *reinterpret_cast<const kf_vec<float, 4>*>(Ainv + (idx_t)xg * A_SX + kg);
                    #pragma unroll
                    for (int e = 0; e < 4; ++e) dst[e] = v.v[e];
                } else {
                    #pragma unroll
                    for (int e = 0; e < 4; ++e)
                        dst[e] = (xg < M && kg + e < K) ? (Ainv + (idx_t)xg * A_SX + kg)[e] : (float)0;
                }
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 16, xq = idx % 16 * 4;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(4, N - xg)) : 0;
                const float* src = valid > 0 ? Rk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Rk;
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
                    const kf_vec<float, 4> v = *reinterpret_cast<const kf_vec<float, 4>*>(Ainv + (idx_t)xg * A_SX + kg);
                    #pragma unroll
                    for (int e = 0; e < 4; ++e) dst[e] = v.v[e];
                } else {
                    #pragma unroll
                    for (int e = 0; e < 4; ++e)
                        dst[e] = (xg < M && kg + e < K) ? (Ainv + (idx_t)xg * A_SX + kg)[e] : (float)0;
                }
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 16, xq = idx % 16 * 4;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(4, N - xg)) : 0;
                const float* src = valid > 0 ? Rk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Rk;
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

    // ---- epilogue: the epilogue; rows i, columns j of this thread, guarded ----
    #pragma unroll
    for (int r = 0; r < TM; ++r) {
        const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;
        #pragma unroll
        for (int q = 0; q < TN; ++q) {
            const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;
            if (i < M && j < N) {
                X[x_off + (long long)(i) * 256 + (long long)(j) * 1] = acc[r][q];
            }
        }
    }
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
#ifndef KF_MMA_HELPERS
#define KF_MMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_tf32 needs sm_80 or newer (mma.sync TF32)"
#endif
#ifndef KF_MMA_EMULATE
// fp32 -> tf32, rounded to nearest (ties away from zero): the operand register of mma.sync.
__device__ __forceinline__ unsigned kf_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}
// d[0..3] += A (16 x 8, a[0..3]) * B (8 x 8, b[0..1]) for one warp, fp32 accumulators.
__device__ __forceinline__ void kf_mma_tf32(float* d, const unsigned* a, const unsigned* b) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#endif
#endif  // KF_MMA_HELPERS

// kfuse GEMM NN (float32 on TF32 tensor cores): R[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=128 n=256 k=128
// scheme: thread_grouping(bm=64, bn=32, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=16); engine(mma_tf32) (warp tile 32 x 16)
// op(A)[i, k] = A[i * 1024 + k * 1]: k contiguous: cp.async of 16 B (4 x float) along k, 4 per thread per tile
// op(B)[k, j] = Xk[j * 1 + k * 256]: j contiguous: cp.async of 16 B (4 x float) along j, 2 per thread per tile
// TRSM update: rows c0.. of the left problem minus A'[c0.., k0..] @ X'[k0..]; the launch passes the sub-blocks' element offsets a_off, b_off, x_off
extern "C" __global__ void __launch_bounds__(128, 1)
k0_t1_trsm_lln_update_128x256x128(const float* __restrict__ A, const float* __restrict__ Xk, float* __restrict__ R, const long long a_off, const long long b_off, const long long x_off)
{
    A += a_off;   // operand A: a sub-block at element offset a_off
    Xk += b_off;   // operand B: a sub-block at element offset b_off
    using idx_t = int;
    constexpr int M = 128, N = 256, K = 128;
    constexpr int BM = 64, BN = 32, BK = 32, WM = 32, WN = 16, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 36;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 1152;   // floats per stage buffer
    constexpr int A_COPIES = 4, B_COPIES = 2;   // cp.async per thread per tile
    constexpr idx_t A_SX = 1024, A_SK = 1, B_SX = 1, B_SK = 256;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;

    // ---- shared memory: STAGES buffers of As ([BM][BK + pad]: k contiguous) and Bs ([BK][BN + pad]: j contiguous) ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * A_STAGE;

    // ---- tile order: plain, along n first ----
    const int pid = blockIdx.x;
    const int pid_m = pid / GN, pid_n = pid % GN;
    const int row0 = pid_m * BM, col0 = pid_n * BN;

    // ---- warps: (BM / WM) x (BN / WN); lane = 4 g + tg (mma groupID, thread in group) ----
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int g = lane / 4, tg = lane % 4;
    const int wrow = warp / WX * WM, wcol = warp % WX * WN;   // the warp's tile in the block

    // ---- fp32 accumulators: acc[mi][ni][e], e = c0..c3 of mma tile (mi, ni) ----
    float acc[MI][NI][4];
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi)
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni)
            #pragma unroll
            for (int e = 0; e < 4; ++e) acc[mi][ni][e] = 0.f;

    // ---- prologue: tiles 0 .. STAGES-2 in flight ----
    #pragma unroll
    for (int kt = 0; kt < STAGES - 1; ++kt) {
        const int s = kt;
        if (kt < KTILES) {
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
            }
        }
        kf_cp_async_commit();
    }

    // ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----
    for (int t = 0; t < KTILES; ++t) {
        kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed
        __syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free
        {
            const int kt = t + STAGES - 1, s = kt % STAGES;
            if (kt < KTILES) {
                // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                    const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                    kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
                }
            }
        }
        // compute: BK / 8 steps of MI x NI mma.m16n8k8 per warp
        const float* as = As + t % STAGES * A_STAGE;
        const float* bs = Bs + t % STAGES * B_STAGE;
        #pragma unroll
        for (int kk = 0; kk < BK; kk += 8) {
            unsigned af[MI][4], bf[NI][2];   // tf32 fragments: slots tg, tg + 4 = k's kk + 2tg, + 1
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi) {
                const int r = wrow + mi * 16 + g;   // rows r (a0, a2) and r + 8 (a1, a3)
                const kf_vec<float, 2> lo = *reinterpret_cast<const kf_vec<float, 2>*>(&as[r * A_LD + kk + 2 * tg]);
                const kf_vec<float, 2> hi = *reinterpret_cast<const kf_vec<float, 2>*>(&as[(r + 8) * A_LD + kk + 2 * tg]);
                af[mi][0] = kf_tf32(lo.v[0]); af[mi][1] = kf_tf32(hi.v[0]);
                af[mi][2] = kf_tf32(lo.v[1]); af[mi][3] = kf_tf32(hi.v[1]);
            }
            #pragma unroll
            for (int ni = 0; ni < NI; ++ni) {
                const int c = wcol + ni * 8 + g;    // column c (b0, b1)
                const float* k0 = &bs[(kk + 2 * tg) * B_LD + c];
                bf[ni][0] = kf_tf32(k0[0]); bf[ni][1] = kf_tf32(k0[B_LD]);
            }
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi)
                #pragma unroll
                for (int ni = 0; ni < NI; ++ni) kf_mma_tf32(acc[mi][ni], af[mi], bf[ni]);
        }
        kf_cp_async_commit();
    }

    // ---- epilogue: the epilogue; c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    R[x_off + (long long)(i) * 256 + (long long)(j) * 1] -= acc[mi][ni][e];
                }
            }
        }
    }
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
#ifndef KF_MMA_HELPERS
#define KF_MMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_tf32 needs sm_80 or newer (mma.sync TF32)"
#endif
#ifndef KF_MMA_EMULATE
// fp32 -> tf32, rounded to nearest (ties away from zero): the operand register of mma.sync.
__device__ __forceinline__ unsigned kf_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}
// d[0..3] += A (16 x 8, a[0..3]) * B (8 x 8, b[0..1]) for one warp, fp32 accumulators.
__device__ __forceinline__ void kf_mma_tf32(float* d, const unsigned* a, const unsigned* b) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#endif
#endif  // KF_MMA_HELPERS

// kfuse GEMM NN (float32 on TF32 tensor cores): R[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=256 n=256 k=256
// scheme: thread_grouping(bm=64, bn=32, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=16); engine(mma_tf32) (warp tile 32 x 16)
// op(A)[i, k] = A[i * 1024 + k * 1]: k contiguous: cp.async of 16 B (4 x float) along k, 4 per thread per tile
// op(B)[k, j] = Xk[j * 1 + k * 256]: j contiguous: cp.async of 16 B (4 x float) along j, 2 per thread per tile
// TRSM update: rows c0.. of the left problem minus A'[c0.., k0..] @ X'[k0..]; the launch passes the sub-blocks' element offsets a_off, b_off, x_off
extern "C" __global__ void __launch_bounds__(128, 1)
k0_t1_trsm_lln_update_256x256x256(const float* __restrict__ A, const float* __restrict__ Xk, float* __restrict__ R, const long long a_off, const long long b_off, const long long x_off)
{
    A += a_off;   // operand A: a sub-block at element offset a_off
    Xk += b_off;   // operand B: a sub-block at element offset b_off
    using idx_t = int;
    constexpr int M = 256, N = 256, K = 256;
    constexpr int BM = 64, BN = 32, BK = 32, WM = 32, WN = 16, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 36;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 1152;   // floats per stage buffer
    constexpr int A_COPIES = 4, B_COPIES = 2;   // cp.async per thread per tile
    constexpr idx_t A_SX = 1024, A_SK = 1, B_SX = 1, B_SK = 256;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;

    // ---- shared memory: STAGES buffers of As ([BM][BK + pad]: k contiguous) and Bs ([BK][BN + pad]: j contiguous) ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * A_STAGE;

    // ---- tile order: plain, along n first ----
    const int pid = blockIdx.x;
    const int pid_m = pid / GN, pid_n = pid % GN;
    const int row0 = pid_m * BM, col0 = pid_n * BN;

    // ---- warps: (BM / WM) x (BN / WN); lane = 4 g + tg (mma groupID, thread in group) ----
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int g = lane / 4, tg = lane % 4;
    const int wrow = warp / WX * WM, wcol = warp % WX * WN;   // the warp's tile in the block

    // ---- fp32 accumulators: acc[mi][ni][e], e = c0..c3 of mma tile (mi, ni) ----
    float acc[MI][NI][4];
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi)
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni)
            #pragma unroll
            for (int e = 0; e < 4; ++e) acc[mi][ni][e] = 0.f;

    // ---- prologue: tiles 0 .. STAGES-2 in flight ----
    #pragma unroll
    for (int kt = 0; kt < STAGES - 1; ++kt) {
        const int s = kt;
        if (kt < KTILES) {
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
            }
        }
        kf_cp_async_commit();
    }

    // ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----
    for (int t = 0; t < KTILES; ++t) {
        kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed
        __syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free
        {
            const int kt = t + STAGES - 1, s = kt % STAGES;
            if (kt < KTILES) {
                // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                    const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                    kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
                }
            }
        }
        // compute: BK / 8 steps of MI x NI mma.m16n8k8 per warp
        const float* as = As + t % STAGES * A_STAGE;
        const float* bs = Bs + t % STAGES * B_STAGE;
        #pragma unroll
        for (int kk = 0; kk < BK; kk += 8) {
            unsigned af[MI][4], bf[NI][2];   // tf32 fragments: slots tg, tg + 4 = k's kk + 2tg, + 1
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi) {
                const int r = wrow + mi * 16 + g;   // rows r (a0, a2) and r + 8 (a1, a3)
                const kf_vec<float, 2> lo = *reinterpret_cast<const kf_vec<float, 2>*>(&as[r * A_LD + kk + 2 * tg]);
                const kf_vec<float, 2> hi = *reinterpret_cast<const kf_vec<float, 2>*>(&as[(r + 8) * A_LD + kk + 2 * tg]);
                af[mi][0] = kf_tf32(lo.v[0]); af[mi][1] = kf_tf32(hi.v[0]);
                af[mi][2] = kf_tf32(lo.v[1]); af[mi][3] = kf_tf32(hi.v[1]);
            }
            #pragma unroll
            for (int ni = 0; ni < NI; ++ni) {
                const int c = wcol + ni * 8 + g;    // column c (b0, b1)
                const float* k0 = &bs[(kk + 2 * tg) * B_LD + c];
                bf[ni][0] = kf_tf32(k0[0]); bf[ni][1] = kf_tf32(k0[B_LD]);
            }
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi)
                #pragma unroll
                for (int ni = 0; ni < NI; ++ni) kf_mma_tf32(acc[mi][ni], af[mi], bf[ni]);
        }
        kf_cp_async_commit();
    }

    // ---- epilogue: the epilogue; c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    R[x_off + (long long)(i) * 256 + (long long)(j) * 1] -= acc[mi][ni][e];
                }
            }
        }
    }
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
#ifndef KF_MMA_HELPERS
#define KF_MMA_HELPERS
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "kfuse engine mma_tf32 needs sm_80 or newer (mma.sync TF32)"
#endif
#ifndef KF_MMA_EMULATE
// fp32 -> tf32, rounded to nearest (ties away from zero): the operand register of mma.sync.
__device__ __forceinline__ unsigned kf_tf32(float x) {
    unsigned r;
    asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
    return r;
}
// d[0..3] += A (16 x 8, a[0..3]) * B (8 x 8, b[0..1]) for one warp, fp32 accumulators.
__device__ __forceinline__ void kf_mma_tf32(float* d, const unsigned* a, const unsigned* b) {
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#endif
#endif  // KF_MMA_HELPERS

// kfuse GEMM NN (float32 on TF32 tensor cores): R[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=512 n=256 k=512
// scheme: thread_grouping(bm=64, bn=32, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=16); engine(mma_tf32) (warp tile 32 x 16)
// op(A)[i, k] = A[i * 1024 + k * 1]: k contiguous: cp.async of 16 B (4 x float) along k, 4 per thread per tile
// op(B)[k, j] = Xk[j * 1 + k * 256]: j contiguous: cp.async of 16 B (4 x float) along j, 2 per thread per tile
// TRSM update: rows c0.. of the left problem minus A'[c0.., k0..] @ X'[k0..]; the launch passes the sub-blocks' element offsets a_off, b_off, x_off
extern "C" __global__ void __launch_bounds__(128, 1)
k0_t1_trsm_lln_update_512x256x512(const float* __restrict__ A, const float* __restrict__ Xk, float* __restrict__ R, const long long a_off, const long long b_off, const long long x_off)
{
    A += a_off;   // operand A: a sub-block at element offset a_off
    Xk += b_off;   // operand B: a sub-block at element offset b_off
    using idx_t = int;
    constexpr int M = 512, N = 256, K = 512;
    constexpr int BM = 64, BN = 32, BK = 32, WM = 32, WN = 16, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 36;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 1152;   // floats per stage buffer
    constexpr int A_COPIES = 4, B_COPIES = 2;   // cp.async per thread per tile
    constexpr idx_t A_SX = 1024, A_SK = 1, B_SX = 1, B_SK = 256;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;

    // ---- shared memory: STAGES buffers of As ([BM][BK + pad]: k contiguous) and Bs ([BK][BN + pad]: j contiguous) ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * A_STAGE;

    // ---- tile order: plain, along n first ----
    const int pid = blockIdx.x;
    const int pid_m = pid / GN, pid_n = pid % GN;
    const int row0 = pid_m * BM, col0 = pid_n * BN;

    // ---- warps: (BM / WM) x (BN / WN); lane = 4 g + tg (mma groupID, thread in group) ----
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int g = lane / 4, tg = lane % 4;
    const int wrow = warp / WX * WM, wcol = warp % WX * WN;   // the warp's tile in the block

    // ---- fp32 accumulators: acc[mi][ni][e], e = c0..c3 of mma tile (mi, ni) ----
    float acc[MI][NI][4];
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi)
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni)
            #pragma unroll
            for (int e = 0; e < 4; ++e) acc[mi][ni][e] = 0.f;

    // ---- prologue: tiles 0 .. STAGES-2 in flight ----
    #pragma unroll
    for (int kt = 0; kt < STAGES - 1; ++kt) {
        const int s = kt;
        if (kt < KTILES) {
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
            }
        }
        kf_cp_async_commit();
    }

    // ---- main loop: wait for tile t, issue tile t + STAGES - 1, compute tile t ----
    for (int t = 0; t < KTILES; ++t) {
        kf_cp_async_wait<STAGES - 2>();   // this thread's copies of tile t have landed
        __syncthreads();                  // everyone's have; buffer (t - 1) % STAGES is free
        {
            const int kt = t + STAGES - 1, s = kt % STAGES;
            if (kt < KTILES) {
                // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 4), kq = idx % (BK / 4) * 4;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 4 : max(0, min(4, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<16>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 16-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 4), xq = idx % (BN / 4) * 4;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 4 : max(0, min(4, N - xg))) : 0;
                    const float* src = valid > 0 ? Xk + (idx_t)xg * B_SX + (idx_t)kg * B_SK : Xk;
                    kf_cp_async<16>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
                }
            }
        }
        // compute: BK / 8 steps of MI x NI mma.m16n8k8 per warp
        const float* as = As + t % STAGES * A_STAGE;
        const float* bs = Bs + t % STAGES * B_STAGE;
        #pragma unroll
        for (int kk = 0; kk < BK; kk += 8) {
            unsigned af[MI][4], bf[NI][2];   // tf32 fragments: slots tg, tg + 4 = k's kk + 2tg, + 1
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi) {
                const int r = wrow + mi * 16 + g;   // rows r (a0, a2) and r + 8 (a1, a3)
                const kf_vec<float, 2> lo = *reinterpret_cast<const kf_vec<float, 2>*>(&as[r * A_LD + kk + 2 * tg]);
                const kf_vec<float, 2> hi = *reinterpret_cast<const kf_vec<float, 2>*>(&as[(r + 8) * A_LD + kk + 2 * tg]);
                af[mi][0] = kf_tf32(lo.v[0]); af[mi][1] = kf_tf32(hi.v[0]);
                af[mi][2] = kf_tf32(lo.v[1]); af[mi][3] = kf_tf32(hi.v[1]);
            }
            #pragma unroll
            for (int ni = 0; ni < NI; ++ni) {
                const int c = wcol + ni * 8 + g;    // column c (b0, b1)
                const float* k0 = &bs[(kk + 2 * tg) * B_LD + c];
                bf[ni][0] = kf_tf32(k0[0]); bf[ni][1] = kf_tf32(k0[B_LD]);
            }
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi)
                #pragma unroll
                for (int ni = 0; ni < NI; ++ni) kf_mma_tf32(acc[mi][ni], af[mi], bf[ni]);
        }
        kf_cp_async_commit();
    }

    // ---- epilogue: the epilogue; c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    R[x_off + (long long)(i) * 256 + (long long)(j) * 1] -= acc[mi][ni][e];
                }
            }
        }
    }
}
