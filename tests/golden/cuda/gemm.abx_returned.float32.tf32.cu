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
// plan {"fingerprint": "495b496a55d166d4", "kernels": [{"calls": [0], "name": "k0_t1_gemm", "params": {"bk": 32, "bm": 64, "bn": 64, "engine": "mma_tf32", "frags": 1, "min_blocks": 1, "raster": 1, "splitk": 1, "stages": 4, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 32, "wn": 32}, "space": "gemm"}, {"calls": [1], "name": "k1_t4_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [2], "name": "k2_t3_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "abx_returned", "sizes": {}}
// Plan: k0_t1_gemm runs call(s) [0]; k1_t4_gemv runs call(s) [1]; k2_t3_gemv runs call(s) [2]; first kf_zero_outputs zeroes t4, t3
// launch kf_zero_outputs grid=(4, 1, 1) block=(256, 1, 1) smem=0 args=(out:t4, out:t3)
// launch k0_t1_gemm grid=(256, 1, 1) block=(128, 1, 1) smem=75776 args=(in:A, in:B, out:t1) aligned=(A:16, B:16)
// launch k1_t4_gemv grid=(8, 256, 1) block=(32, 4, 1) smem=0 args=(in:B, in:x_, out:t4) aligned=(B:16, x:16)
// launch k2_t3_gemv grid=(8, 256, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t4, out:t3) aligned=(A:16, t4:16)

// zero the outputs atomics sum into: t4, t3 (k1_t4_gemv, k2_t3_gemv)
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

// kfuse GEMM NN (float32 on TF32 tensor cores): t1[i, j] = epilogue(sum_k tf32(op(A)[i, k]) * tf32(op(B)[k, j])), m=1024 n=1024 k=1024
// scheme: thread_grouping(bm=64, bn=64, tm=8, tn=8); loop_tiling(bk=32); loop_unroll(k); sm_alloc(A, transpose, stages=4); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=32); engine(mma_tf32) (warp tile 32 x 32)
// op(A)[i, k] = A[i * 1024 + k * 1]: k contiguous: cp.async of 16 B (4 x float) along k, 4 per thread per tile
// op(B)[k, j] = B[j * 1 + k * 1024]: j contiguous: cp.async of 16 B (4 x float) along j, 4 per thread per tile
// // call 0: t1 = gemm(A, B)   [gemm: contraction]
extern "C" __global__ void __launch_bounds__(128, 1)
k0_t1_gemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ t1)
{
    using idx_t = int;
    constexpr int M = 1024, N = 1024, K = 1024;
    constexpr int BM = 64, BN = 64, BK = 32, WM = 32, WN = 32, STAGES = 4, RASTER = 1;
    constexpr int THREADS = 128, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 40, B_LD = 68;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 2560, B_STAGE = 2176;   // floats per stage buffer
    constexpr int A_COPIES = 4, B_COPIES = 4;   // cp.async per thread per tile
    constexpr idx_t A_SX = 1024, A_SK = 1, B_SX = 1, B_SK = 1024;   // element strides of op(A)[i, k], op(B)[k, j]
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
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
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
                    const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
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

    // ---- epilogue: store acc to t1 (C order, ld 1024); c0..c3 of tile (mi, ni) at rows g, g + 8 and columns 2tg, 2tg + 1, guarded ----
    #pragma unroll
    for (int mi = 0; mi < MI; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < NI; ++ni) {
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                const int i = row0 + wrow + mi * 16 + g + e / 2 * 8;
                const int j = col0 + wcol + ni * 8 + 2 * tg + e % 2;
                if (i < M && j < N) {
                    t1[(idx_t)i * 1024 + j] = acc[mi][ni][e];
                }
            }
        }
    }
}

// kernel k1_t4_gemv: tile 1024 x 1024 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_t4_gemv(const float* __restrict__ B,
    const float* __restrict__ x_,
    float* __restrict__ t4)
{
    using idx_t = int;
    constexpr idx_t S = 1024, F = 1024;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t4_acc[KS];          // clear output of reduction B @ x  [reassociated: the product t2 = gemm(A, B) is not formed]
    #pragma unroll
    for (int r = 0; r < KS; ++r) t4_acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: B @ x  [reassociated: the product t2 = gemm(A, B) is not formed]   [gemv: nested_reduce]
        float B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t4_gemv_compute(B_e[k][v], x__f[v], t4_acc[k]);
            }
        }
    }
    // finish reduction(s) B @ x  [reassociated: the product t2 = gemm(A, B) is not formed] across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t4_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t4_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    float t4_c;
                    if (blockIdx.x == 0) {
                        float t4_f;
                        t4_gemv_finalize(t4_acc[k], 1.0f, 0.0f, 0.0f, t4_f);
                        t4_c = t4_f;
                    } else {
                        float t4_f;
                        t4_gemv_finalize(t4_acc[k], 1.0f, 0.0f, 0.0f, t4_f);
                        float t4_z;
                        t4_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t4_z);
                        t4_c = t4_f - t4_z;
                    }
                    kf_atomic_add(&t4[s], t4_c);
                }
            }
        }
    }
}

// kernel k2_t3_gemv: tile 1024 x 1024 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k2_t3_gemv(const float* __restrict__ A,
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
