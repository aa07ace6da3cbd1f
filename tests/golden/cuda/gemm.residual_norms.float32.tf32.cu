// program residual_norms: 6 call(s)
// ===================== routines =====================
// compute routine of t1 = gemm(A, X) [gemm: contraction]
__device__ __forceinline__ void t1_gemm_compute(const float A, const float B, float& acc) {
    using T = float; using R = float;
    acc += A * B;
}
// finalize routine of t1 = gemm(A, X) [gemm: contraction]
__device__ __forceinline__ void t1_gemm_finalize(const float acc, const float alpha, const float beta, const float C, float& D) {
    using T = float; using R = float;
    D = alpha * acc + beta * C;
}
// compute routine of t2 = sub(B, t1) [sub: map]
__device__ __forceinline__ void t2_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t3 = gemm(A, X) [gemm: contraction]
__device__ __forceinline__ void t3_gemm_compute(const float A, const float B, float& acc) {
    using T = float; using R = float;
    acc += A * B;
}
// finalize routine of t3 = gemm(A, X) [gemm: contraction]
__device__ __forceinline__ void t3_gemm_finalize(const float acc, const float alpha, const float beta, const float C, float& D) {
    using T = float; using R = float;
    D = alpha * acc + beta * C;
}
// compute routine of t4 = sub(B, t3) [sub: map]
__device__ __forceinline__ void t4_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t5 = mul(t2, t4) [mul: map]
__device__ __forceinline__ void t5_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t6 = sum(t5) [sum: reduce]
__device__ __forceinline__ void t6_sum_compute(const float x, float& acc) {
    using T = float; using R = float;
    acc += x;
}
// finalize routine of t6 = sum(t5) [sum: reduce]
__device__ __forceinline__ void t6_sum_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "8fa3d4e14ded69d8", "kernels": [{"calls": [0, 2], "name": "k0_t1_gemm__t3_gemm", "params": {"bk": 32, "bm": 64, "bn": 64, "engine": "mma_tf32", "frags": 1, "min_blocks": 1, "raster": 1, "splitk": 1, "stages": 4, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 32, "wn": 32}, "space": "gemm"}, {"calls": [1, 3, 4, 5], "name": "k1_t2_sub__t4_sub__t5_mul__t6_sum", "params": {"bx": 32, "by": 16, "px": 2, "py": 2, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "residual_norms", "sizes": {}}
// Plan: k0_t1_gemm__t3_gemm runs call(s) [0, 2]; k1_t2_sub__t4_sub__t5_mul__t6_sum runs call(s) [1, 3, 4, 5]
// launch k0_t1_gemm__t3_gemm grid=(126, 1, 1) block=(128, 1, 1) smem=75776 args=(in:A, in:X, out:t1, out:t3) aligned=(A:16, X:16)
// launch k1_t2_sub__t4_sub__t5_mul__t6_sum grid=(119, 1, 1) block=(512, 1, 1) smem=0 args=(in:B, in:t1, in:t3, out:t6, partial:kf_part_t6[476B], counter:kf_count[4B])

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

// kfuse GEMM NN (float32 on TF32 tensor cores): t1[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=517 n=389 k=261
// scheme: thread_grouping(bm=64, bn=64, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=4); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=32); engine(mma_tf32) (warp tile 32 x 32)
// op(A)[i, k] = A[i * 261 + k * 1]: k contiguous: cp.async of 4 B (1 x float) along k, 16 per thread per tile
// op(B)[k, j] = X[j * 1 + k * 389]: j contiguous: cp.async of 4 B (1 x float) along j, 16 per thread per tile
// // call 0: t1 = gemm(A, X)   [gemm: contraction]
static __device__ __forceinline__ void
k0_t1_gemm__t3_gemm_p0(const float* __restrict__ A, const float* __restrict__ X, float* __restrict__ t1, const int kf_tile)
{
    using idx_t = int;
    constexpr int M = 517, N = 389, K = 261;
    constexpr int BM = 64, BN = 64, BK = 32, WM = 32, WN = 32, STAGES = 4, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 68;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 2176;   // floats per stage buffer
    constexpr int A_COPIES = 16, B_COPIES = 16;   // cp.async per thread per tile
    constexpr idx_t A_SX = 261, A_SK = 1, B_SX = 1, B_SK = 389;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;

    // ---- shared memory: STAGES buffers of As ([BM][BK + pad]: k contiguous) and Bs ([BK][BN + pad]: j contiguous) ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * A_STAGE;

    // ---- tile order: plain, along n first ----
    const int pid = kf_tile;   // this product's tile (the group kernel dispatches it)
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
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 4-byte cp.async, zero-filled past the edges
            #pragma unroll 4   // not fully: hoisted source pointers would spill
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
            #pragma unroll 4   // not fully: hoisted source pointers would spill
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                const float* src = valid > 0 ? X + (idx_t)xg * B_SX + (idx_t)kg * B_SK : X;
                kf_cp_async<4>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
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
                // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 4-byte cp.async, zero-filled past the edges
                #pragma unroll 4   // not fully: hoisted source pointers would spill
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
                #pragma unroll 4   // not fully: hoisted source pointers would spill
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                    const float* src = valid > 0 ? X + (idx_t)xg * B_SX + (idx_t)kg * B_SK : X;
                    kf_cp_async<4>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
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

    // ---- epilogue: store acc to t1 (C order, ld 389); c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    t1[(idx_t)i * 389 + j] = acc[mi][ni][e];
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

// kfuse GEMM NN (float32 on TF32 tensor cores): t3[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=517 n=389 k=261
// scheme: thread_grouping(bm=64, bn=64, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=4); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=32); engine(mma_tf32) (warp tile 32 x 32)
// op(A)[i, k] = A[i * 261 + k * 1]: k contiguous: cp.async of 4 B (1 x float) along k, 16 per thread per tile
// op(B)[k, j] = X[j * 1 + k * 389]: j contiguous: cp.async of 4 B (1 x float) along j, 16 per thread per tile
// // call 2: t3 = gemm(A, X)   [gemm: contraction]
static __device__ __forceinline__ void
k0_t1_gemm__t3_gemm_p1(const float* __restrict__ A, const float* __restrict__ X, float* __restrict__ t3, const int kf_tile)
{
    using idx_t = int;
    constexpr int M = 517, N = 389, K = 261;
    constexpr int BM = 64, BN = 64, BK = 32, WM = 32, WN = 32, STAGES = 4, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 68;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 2176;   // floats per stage buffer
    constexpr int A_COPIES = 16, B_COPIES = 16;   // cp.async per thread per tile
    constexpr idx_t A_SX = 261, A_SK = 1, B_SX = 1, B_SK = 389;   // element strides of op(A)[i, k], op(B)[k, j]
    constexpr int KTILES = (K + BK - 1) / BK;
    constexpr int GM = (M + BM - 1) / BM > 0 ? (M + BM - 1) / BM : 1;
    constexpr int GN = (N + BN - 1) / BN > 0 ? (N + BN - 1) / BN : 1;
    (void)A_SX; (void)A_SK; (void)B_SX; (void)B_SK; (void)GM;

    // ---- shared memory: STAGES buffers of As ([BM][BK + pad]: k contiguous) and Bs ([BK][BN + pad]: j contiguous) ----
    extern __shared__ __align__(16) unsigned char kf_smem[];
    float* As = reinterpret_cast<float*>(kf_smem);
    float* Bs = As + STAGES * A_STAGE;

    // ---- tile order: plain, along n first ----
    const int pid = kf_tile;   // this product's tile (the group kernel dispatches it)
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
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 4-byte cp.async, zero-filled past the edges
            #pragma unroll 4   // not fully: hoisted source pointers would spill
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
            #pragma unroll 4   // not fully: hoisted source pointers would spill
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                const float* src = valid > 0 ? X + (idx_t)xg * B_SX + (idx_t)kg * B_SK : X;
                kf_cp_async<4>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
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
                // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 4-byte cp.async, zero-filled past the edges
                #pragma unroll 4   // not fully: hoisted source pointers would spill
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
                #pragma unroll 4   // not fully: hoisted source pointers would spill
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                    const float* src = valid > 0 ? X + (idx_t)xg * B_SX + (idx_t)kg * B_SK : X;
                    kf_cp_async<4>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
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

    // ---- epilogue: store acc to t3 (C order, ld 389); c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    t3[(idx_t)i * 389 + j] = acc[mi][ni][e];
                }
            }
        }
    }
}

// kfuse GEMM group: 2 products in one launch, 2 x 63 blocks: block b computes tile b / 2 of product b % 2
// (the blocks of one output tile of each product run side by side: the shared operand A (operand A), X (operand B) is re-read from L2)
extern "C" __global__ void __launch_bounds__(128, 1)
k0_t1_gemm__t3_gemm(const float* __restrict__ A, const float* __restrict__ X, float* __restrict__ t1, float* __restrict__ t3)
{
    const int product = blockIdx.x % 2, tile = blockIdx.x / 2;
    if (product == 0) k0_t1_gemm__t3_gemm_p0(A, X, t1, tile);   // call 0: t1 = gemm(A, X)   [gemm: contraction]
    else k0_t1_gemm__t3_gemm_p1(A, X, t3, tile);   // call 2: t3 = gemm(A, X)   [gemm: contraction]
}

// kernel k1_t2_sub__t4_sub__t5_mul__t6_sum: grid 517 x 389 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k1_t2_sub__t4_sub__t5_mul__t6_sum(const float* __restrict__ B,
    const float* __restrict__ t1,
    const float* __restrict__ t3,
    float* __restrict__ t6,
    float* __restrict__ kf_part_t6,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 2, PY = 2, VEC = 1, BS = 512;
    constexpr int GRID = 119;
    constexpr int X0 = 0, NBX = 7;   // x (axis 1): points 0 .. 388
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 516
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    float t6_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    #pragma unroll
    for (int j = 0; j < PY; ++j) {
        const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
        #pragma unroll
        for (int i = 0; i < PX; ++i) {
            const int x_p = X0 + x_b * BX * PX + i * BX + tx;
            const idx_t B_at = (idx_t)x_p + (idx_t)y_p * 389;
            const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 389;
            const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 389;
            if (x_p >= 0 && x_p < 389 && y_p >= 0 && y_p < 517) {
                const float B_e = B[B_at];
                const float t1_e = t1[t1_at];
                // call 1: t2 = sub(B, t1)
                float t2_e;
                t2_sub_compute(B_e, t1_e, t2_e);
                const float t3_e = t3[t3_at];
                // call 3: t4 = sub(B, t3)
                float t4_e;
                t4_sub_compute(B_e, t3_e, t4_e);
                // call 4: t5 = mul(t2, t4)
                float t5_e;
                t5_mul_compute(t2_e, t4_e, t5_e);
                t6_sum_compute(t5_e, t6_acc);   // call 5: t6 = sum(t5)
            }
        }
    }
    // finish the reduction of call 5 (t6 = sum(t5)) in the block
    {
        __shared__ float kf_red_t6[(BS + 31) / 32];
        t6_acc = kf_block_reduce<BS, kf_op_add_t>(t6_acc, kf_red_t6);
        if (threadIdx.x == 0) kf_part_t6[blockIdx.x] = t6_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t6[b]));
            __shared__ float kf_red2_t6[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t6);
            if (threadIdx.x == 0) {
                float t6_f;
                t6_sum_finalize(acc, t6_f);
                t6[0] = t6_f;
            }
        }
    }
}
