// program symm_ll: 1 call(s)
// ===================== routines =====================
// compute routine of t1 = symm_ll(A, B) [symm_ll: contraction]
__device__ __forceinline__ void t1_symm_ll_compute(const float A, const float B, float& acc) {
    using T = float; using R = float;
    acc += A * B;
}
// finalize routine of t1 = symm_ll(A, B) [symm_ll: contraction]
__device__ __forceinline__ void t1_symm_ll_finalize(const float acc, const float alpha, const float beta, const float C, float& D) {
    using T = float; using R = float;
    D = alpha * acc + beta * C;
}

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "7f8e73c7a9b00318", "kernels": [{"calls": [0], "name": "k0_t1_symm_ll", "params": {"a_rule": "symmetrize", "bk": 16, "bm": 64, "bn": 128, "engine": "ffma", "frags": 1, "min_blocks": 1, "raster": 1, "splitk": 4, "stages": 3, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 0, "wn": 0}, "space": "gemm"}], "kfuse_plan": 1, "program": "symm_ll", "sizes": {}}
// Plan: k0_t1_symm_ll_A_full runs call(s) [0]; k0_t1_symm_ll runs call(s) [0]
// launch k0_t1_symm_ll_A_full grid=(17, 17, 1) block=(32, 8, 1) smem=0 args=(in:A, partial:A_full[1069156B])
// launch k0_t1_symm_ll grid=(36, 1, 4) block=(128, 1, 1) smem=38400 args=(partial:A_full[1069156B], in:B, out:t1, partial:kf_part[4718592B], counter:kf_count[144B]) aligned=(A:16, B:16)

// k0_t1_symm_ll_A_full: GM_map(A, Symmetry): the full symmetric matrix from its lower triangle (C order), before the gemm kernel
// call 0: t1 = symm_ll(A, B)   [symm_ll: contraction]
extern "C" __global__ void __launch_bounds__(256)
k0_t1_symm_ll_A_full(const float* __restrict__ A, float* __restrict__ A_full)
{
    constexpr int NN = 517;   // the stored n x n matrix: (s, f) at s * NN + f
    const int s0 = blockIdx.y * 32, f0 = blockIdx.x * 32;
    __shared__ float mirror[32][33];   // the mirror tile: element (f, s) for (s, f)
    for (int y = threadIdx.y; y < 32; y += 8) {   // read (f0 + y, s0 + x): coalesced
        const int s = f0 + y, f = s0 + threadIdx.x;
        mirror[y][threadIdx.x] = s < NN && f < NN ? A[(long long)s * NN + f] : (float)0;
    }
    __syncthreads();
    for (int y = threadIdx.y; y < 32; y += 8) {
        const int s = s0 + y, f = f0 + threadIdx.x;
        if (s < NN && f < NN)
            A_full[(long long)s * NN + f] = f <= s ? A[(long long)s * NN + f] : mirror[threadIdx.x][y];
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

// kfuse GEMM NN (float32): t1[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j]), m=517 n=389 k=517
// scheme: thread_grouping(bm=64, bn=128, tm=8, tn=8); loop_tiling(bk=16); loop_unroll(k); sm_alloc(A, transpose, stages=3); sm_alloc(B); reg_alloc(C); split_k(4); engine(ffma)
// op(A)[i, k] = A_full[i * 517 + k * 1]: k contiguous: loads of 1 x float into registers, stored transposed after the compute, 8 per thread per tile
// op(B)[k, j] = B[j * 1 + k * 389]: j contiguous: cp.async of 4 B (1 x float), 16 per thread per tile
// // call 0: t1 = symm_ll(A, B)   [symm_ll: contraction]
extern "C" __global__ void __launch_bounds__(128)
k0_t1_symm_ll(const float* __restrict__ A_full, const float* __restrict__ B, float* __restrict__ t1, float* __restrict__ kf_part, unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int M = 517, N = 389, K = 517;
    constexpr int SPLITK = 4;   // blocks sharing one output tile's k range
    constexpr int BM = 64, BN = 128, BK = 16, TM = 8, TN = 8, STAGES = 3, RASTER = 1;
    constexpr int THREADS = 128, TX = 16, TY = 8;   // threads along n and m
    constexpr int AF = 4, BF = 4;   // fragment vector widths (elements)
    constexpr int A_LD = BM + 4, B_LD = BN + 4;   // shared rows padded by one 16-byte vector
    constexpr int A_COPIES = 8, B_COPIES = 16;   // loads per thread per tile
    constexpr idx_t A_SX = 517, A_SK = 1, B_SX = 1, B_SK = 389;   // element strides of op(A)[i, k], op(B)[k, j]
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
    float A_stage[A_COPIES * 1];   // register-staged A tile

    // ---- prologue: tiles 0 .. STAGES-2 in flight ----
    #pragma unroll
    for (int kt = 0; kt < STAGES - 1; ++kt) {
        const int s = kt;
        if (kt < nkt) {
            // A tile kt -> registers: BM rows (i) of BK contiguous k, 1 x float per load
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 16, kq = idx % 16 * 1;
                const int xg = row0 + xr, kg = (kt0 + kt) * BK + kq;
                float* dst = &A_stage[r * 1];
                dst[0] = (xg < M && kg < K) ? (A_full + (idx_t)xg * A_SX + kg)[0] : (float)0;
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 128, xq = idx % 128 * 1;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(1, N - xg)) : 0;
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
                kf_cp_async<4>(&Bs[s * (BK * B_LD) + kr * B_LD + xq], src, valid * 4);
            }
            // A registers -> As[s], transposed to k-major
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 16, kq = idx % 16 * 1;
                #pragma unroll
                for (int e = 0; e < 1; ++e)
                    As[s * (BK * A_LD) + (kq + e) * A_LD + xr] = A_stage[r * 1 + e];
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
            // A tile kt -> registers: BM rows (i) of BK contiguous k, 1 x float per load
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / 16, kq = idx % 16 * 1;
                const int xg = row0 + xr, kg = (kt0 + kt) * BK + kq;
                float* dst = &A_stage[r * 1];
                dst[0] = (xg < M && kg < K) ? (A_full + (idx_t)xg * A_SX + kg)[0] : (float)0;
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async copies, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / 128, xq = idx % 128 * 1;
                const int kg = (kt0 + kt) * BK + kr, xg = col0 + xq;
                const int valid = kg < K ? max(0, min(1, N - xg)) : 0;
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
                kf_cp_async<4>(&Bs[s * (BK * B_LD) + kr * B_LD + xq], src, valid * 4);
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
                const int xr = idx / 16, kq = idx % 16 * 1;
                #pragma unroll
                for (int e = 0; e < 1; ++e)
                    As[s * (BK * A_LD) + (kq + e) * A_LD + xr] = A_stage[r * 1 + e];
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

    // ---- epilogue: store acc to t1 (C order, ld 389); rows i, columns j of this thread, guarded ----
    #pragma unroll
    for (int r = 0; r < TM; ++r) {
        const int i = row0 + r / AF * (TY * AF) + ty * AF + r % AF;
        #pragma unroll
        for (int q = 0; q < TN; ++q) {
            const int j = col0 + q / BF * (TX * BF) + tx * BF + q % BF;
            if (i < M && j < N) {
                t1[(idx_t)i * 389 + j] = acc[r][q];
            }
        }
    }
}
