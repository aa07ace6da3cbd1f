// program gemm_nn: 1 call(s)
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

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "fb7051d8cd9d1ca8", "kernels": [{"calls": [0], "name": "k0_t1_gemm", "params": {"bk": 16, "bm": 128, "bn": 64, "engine": "mma_tf32x3", "frags": 1, "min_blocks": 1, "raster": 1, "splitk": 1, "stages": 4, "store_vec": 1, "tload": 1, "tm": 8, "tn": 8, "wm": 32, "wn": 32}, "space": "gemm"}], "kfuse_plan": 1, "program": "gemm_nn", "sizes": {}}
// Plan: k0_t1_gemm runs call(s) [0]
// launch k0_t1_gemm grid=(35, 1, 1) block=(256, 1, 1) smem=66560 args=(in:A, in:B, out:t1) aligned=(A:16, B:16)

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

#ifndef KF_MMA_X3_HELPERS
#define KF_MMA_X3_HELPERS
// x = hi + lo + r, |r| <= 2^-22 |x| (normal tails): hi = x truncated to TF32 (never overflows to Inf),
// lo = tf32(x - hi) (x - hi is exact in fp32); an Inf is its own head, a NaN a NaN the mma reads, no tail
__device__ __forceinline__ void kf_tf32_split(float x, unsigned& hi, unsigned& lo) {
    const unsigned head = __float_as_uint(x) & 0xffffe000u;
    const bool finite = isfinite(x);
    hi = finite || isinf(x) ? head : 0x7fffffffu;
    lo = finite ? kf_tf32(x - __uint_as_float(head)) : 0u;
}
// d += (ah + al) (bh + bl) less al bl: the tails' products first, the heads' last (3xTF32), into a
// partial p from zero, then added to d in fp32 (rounded to nearest): the tensor core's adder truncates,
// so d accumulated there would drift toward zero by up to a unit in the last place per mma
__device__ __forceinline__ void kf_mma_tf32x3(float* d, const unsigned* ah, const unsigned* bh,
                                              const unsigned* al, const unsigned* bl) {
    float p[4] = {0.f, 0.f, 0.f, 0.f};
    kf_mma_tf32(p, al, bh);
    kf_mma_tf32(p, ah, bl);
    kf_mma_tf32(p, ah, bh);
#pragma unroll
    for (int e = 0; e < 4; ++e) d[e] += p[e];
}
#endif  // KF_MMA_X3_HELPERS

// kfuse GEMM NN (float32 on 3xTF32 tensor cores (error-compensated)): t1[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j] as (hi + lo)(hi + lo) less lo lo, hi lo in TF32), m=517 n=389 k=261
// scheme: thread_grouping(bm=128, bn=64, tm=8, tn=8); loop_tiling(bk=16); loop_unroll(k); sm_alloc(A, transpose, stages=4); sm_alloc(B); reg_alloc(C); warp_tile(wm=32, wn=32); engine(mma_tf32x3) (warp tile 32 x 32)
// op(A)[i, k] = A[i * 261 + k * 1]: k contiguous: cp.async of 4 B (1 x float) along k, 8 per thread per tile
// op(B)[k, j] = B[j * 1 + k * 389]: j contiguous: cp.async of 4 B (1 x float) along j, 4 per thread per tile
// // call 0: t1 = gemm(A, B)   [gemm: contraction]
extern "C" __global__ void __launch_bounds__(256, 1)
k0_t1_gemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ t1)
{
    using idx_t = int;
    constexpr int M = 517, N = 389, K = 261;
    constexpr int BM = 128, BN = 64, BK = 16, WM = 32, WN = 32, STAGES = 4, RASTER = 1;
    constexpr int THREADS = 256, WX = BN / WN;   // threads; warps along n
    constexpr int MI = WM / 16, NI = WN / 8;   // mma.m16n8k8 tiles per warp (m x n)
    constexpr int A_LD = 24, B_LD = 68;   // padded shared rows (conflict-free fragment loads)
    constexpr int A_STAGE = 3072, B_STAGE = 1088;   // floats per stage buffer
    constexpr int A_COPIES = 8, B_COPIES = 4;   // cp.async per thread per tile
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
            // A tile kt -> As[s]: BM rows (i) of BK contiguous k, 4-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < A_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                const int xg = row0 + xr, kg = kt * BK + kq;
                const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
            }
            // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
            #pragma unroll
            for (int r = 0; r < B_COPIES; ++r) {
                const int idx = tid + r * THREADS;
                const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                const int kg = kt * BK + kr, xg = col0 + xq;
                const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
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
                #pragma unroll
                for (int r = 0; r < A_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int xr = idx / (BK / 1), kq = idx % (BK / 1) * 1;
                    const int xg = row0 + xr, kg = kt * BK + kq;
                    const int valid = ((M > 0 && M % BM == 0) || xg < M) ? (((K > 0 && K % BK == 0) || kg < K) ? 1 : max(0, min(1, K - kg))) : 0;
                    const float* src = valid > 0 ? A + (idx_t)xg * A_SX + (idx_t)kg * A_SK : A;
                    kf_cp_async<4>(&As[s * A_STAGE + xr * A_LD + kq], src, valid * 4);
                }
                // B tile kt -> Bs[s]: BK rows (k) of BN contiguous j, 4-byte cp.async, zero-filled past the edges
                #pragma unroll
                for (int r = 0; r < B_COPIES; ++r) {
                    const int idx = tid + r * THREADS;
                    const int kr = idx / (BN / 1), xq = idx % (BN / 1) * 1;
                    const int kg = kt * BK + kr, xg = col0 + xq;
                    const int valid = ((K > 0 && K % BK == 0) || kg < K) ? (((N > 0 && N % BN == 0) || xg < N) ? 1 : max(0, min(1, N - xg))) : 0;
                    const float* src = valid > 0 ? B + (idx_t)xg * B_SX + (idx_t)kg * B_SK : B;
                    kf_cp_async<4>(&Bs[s * B_STAGE + kr * B_LD + xq], src, valid * 4);
                }
            }
        }
        // compute: BK / 8 steps of MI x NI x 3 mma.m16n8k8 (3xTF32) per warp
        const float* as = As + t % STAGES * A_STAGE;
        const float* bs = Bs + t % STAGES * B_STAGE;
        #pragma unroll
        for (int kk = 0; kk < BK; kk += 8) {
            unsigned af[MI][4], bf[NI][2], al[MI][4], bl[NI][2];   // tf32 heads (af, bf) and tails (al, bl): slots tg, tg + 4 = k's kk + 2tg, + 1
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi) {
                const int r = wrow + mi * 16 + g;   // rows r (a0, a2) and r + 8 (a1, a3)
                const kf_vec<float, 2> lo = *reinterpret_cast<const kf_vec<float, 2>*>(&as[r * A_LD + kk + 2 * tg]);
                const kf_vec<float, 2> hi = *reinterpret_cast<const kf_vec<float, 2>*>(&as[(r + 8) * A_LD + kk + 2 * tg]);
                kf_tf32_split(lo.v[0], af[mi][0], al[mi][0]); kf_tf32_split(hi.v[0], af[mi][1], al[mi][1]);
                kf_tf32_split(lo.v[1], af[mi][2], al[mi][2]); kf_tf32_split(hi.v[1], af[mi][3], al[mi][3]);
            }
            #pragma unroll
            for (int ni = 0; ni < NI; ++ni) {
                const int c = wcol + ni * 8 + g;    // column c (b0, b1)
                const float* k0 = &bs[(kk + 2 * tg) * B_LD + c];
                kf_tf32_split(k0[0], bf[ni][0], bl[ni][0]); kf_tf32_split(k0[B_LD], bf[ni][1], bl[ni][1]);
            }
            #pragma unroll
            for (int mi = 0; mi < MI; ++mi)
                #pragma unroll
                for (int ni = 0; ni < NI; ++ni) kf_mma_tf32x3(acc[mi][ni], af[mi], bf[ni], al[mi], bl[ni]);
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
