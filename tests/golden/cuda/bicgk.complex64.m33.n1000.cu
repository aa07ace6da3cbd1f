// program bicgk: 2 call(s)
// ===================== routines =====================
// compute routine of q = gemv(A, p) [gemv: nested_reduce]
__device__ __forceinline__ void q_gemv_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of q = gemv(A, p) [gemv: nested_reduce]
__device__ __forceinline__ void q_gemv_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of s = gemv_t(A, r) [gemv_t: nested_reduce]
__device__ __forceinline__ void s_gemv_t_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of s = gemv_t(A, r) [gemv_t: nested_reduce]
__device__ __forceinline__ void s_gemv_t_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]
// launch k0_q_gemv__s_gemv_t grid=(8, 2, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_, partial:kf_part_q_[2112B], counter:kf_count_q_[8B], partial:kf_part_s_[16000B], counter:kf_count_s_[32B]) aligned=(A:32, p:32)

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_,
    kf_c64* __restrict__ kf_part_q_,
    unsigned int* __restrict__ kf_count_q_,
    kf_c64* __restrict__ kf_part_s_,
    unsigned int* __restrict__ kf_count_s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) q = gemv(A, p) across the block
        {
            const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_q_[(idx_t)blockIdx.x * S + s] = q__r;
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_part_s_[(idx_t)blockIdx.y * F + f] = s__a;
                }
            }
        }
        __syncthreads();
    }
    // the last blocks of their strips finish q = gemv(A, p) | s = gemv_t(A, r)
    unsigned int* const kf_counters[2] = {kf_count_q_ + blockIdx.y, kf_count_s_ + blockIdx.x};
    const unsigned int kf_blocks[2] = {8u, 2u};
    bool kf_last[2];
    kf_last_blocks<2>(kf_counters, kf_blocks, kf_last);
    if (kf_last[0]) {
        const idx_t lo = (idx_t)blockIdx.y * (TS * ITERS);
        const idx_t hi = lo + (TS * ITERS) < 33 ? lo + (TS * ITERS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 q__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) q__a = kf_op_add_t<kf_c64>::apply(q__a, kf_ldcg(&kf_part_q_[(idx_t)b * 33 + x]));
            kf_c64 q__o;
            q_gemv_finalize(q__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__o);
            q_[x] = q__o;
        }
    }
    if (kf_last[1]) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 1000 ? lo + (TF) : 1000;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 s__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_ldcg(&kf_part_s_[(idx_t)b * 1000 + x]));
            kf_c64 s__o;
            s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
            s_[x] = s__o;
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0], "name": "k0_q_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_s_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv runs call(s) [0]; k1_s_gemv_t runs call(s) [1]
// launch k0_q_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, out:q_, partial:kf_part_q_[2112B], counter:kf_count_q_[20B]) aligned=(A:32, p:32)
// launch k1_s_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:r_, out:s_) aligned=(A:16)

// kernel k0_q_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ kf_part_q_,
    unsigned int* __restrict__ kf_count_q_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
    #pragma unroll
    for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
    }
    // finish reduction(s) q = gemv(A, p) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) q__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_q_[(idx_t)blockIdx.x * S + s] = q__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes q = gemv(A, p)
    if (kf_last_block(kf_count_q_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 q__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) q__a = kf_op_add_t<kf_c64>::apply(q__a, kf_ldcg(&kf_part_q_[(idx_t)b * 33 + x]));
            kf_c64 q__o;
            q_gemv_finalize(q__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__o);
            q_[x] = q__o;
        }
    }
}

// kernel k1_s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_c64 s__o;
                    s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
                    s_[f] = s__o;
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_)
// launch k0_q_gemv__s_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) q_[i] = 0u;   // 66 words of q
}

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) q = gemv(A, p) across the block
        {
            const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 q__c;
                    if (blockIdx.x == 0) {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        q__c = q__f;
                    } else {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        kf_c64 q__z;
                        q_gemv_finalize(kf_c64(0), kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_c64 s__o;
                    s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
                    s_[f] = s__o;
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_)
// launch k0_q_gemv__s_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) q_[i] = 0u;   // 66 words of q
}

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 r__s[KS];                                // invariant load: r along S
    #pragma unroll
    for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
    kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
    #pragma unroll
    for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
        #pragma unroll
        for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) s = gemv_t(A, r) across the block
        {
            __shared__ kf_c64 kf_sm_s_[BY][TF];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
            __syncthreads();
            if (ty == 0) {
                #pragma unroll
                for (int v = 0; v < VEC; ++v) {
                    const idx_t f = fb + tx * VEC + v;
                    if (ALL_F || f < F) {
                        kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                        for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                        kf_c64 s__o;
                        s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
                        s_[f] = s__o;
                    }
                }
            }
            __syncthreads();
        }
    }
    // finish reduction(s) q = gemv(A, p) across the block
    {
        const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_c64 q__c;
                if (blockIdx.x == 0) {
                    kf_c64 q__f;
                    q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                    q__c = q__f;
                } else {
                    kf_c64 q__f;
                    q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                    kf_c64 q__z;
                    q_gemv_finalize(kf_c64(0), kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__z);
                    q__c = q__f - q__z;
                }
                kf_atomic_add(&q_[s], q__c);
            }
        }
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_)
// launch k0_q_gemv__s_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:16, p:16)

// zero the outputs atomics sum into: q_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) q_[i] = 0u;   // 66 words of q
}

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) q = gemv(A, p) across the block
        {
            const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 q__c;
                    if (blockIdx.x == 0) {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        q__c = q__f;
                    } else {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        kf_c64 q__z;
                        q_gemv_finalize(kf_c64(0), kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_c64 s__o;
                    s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
                    s_[f] = s__o;
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_)
// launch k0_q_gemv__s_gemv_t grid=(32, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_)

// zero the outputs atomics sum into: q_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) q_[i] = 0u;   // 66 words of q
}

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) q = gemv(A, p) across the block
        {
            const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 q__c;
                    if (blockIdx.x == 0) {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        q__c = q__f;
                    } else {
                        kf_c64 q__f;
                        q_gemv_finalize(q__r, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__f);
                        kf_c64 q__z;
                        q_gemv_finalize(kf_c64(0), kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_c64 s__o;
                    s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
                    s_[f] = s__o;
                }
            }
        }
        __syncthreads();
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0], "name": "k0_q_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_s_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv runs call(s) [0]; k1_s_gemv_t runs call(s) [1]
// launch k0_q_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, out:q_, partial:kf_part_q_[4224B], counter:kf_count_q_[20B]) aligned=(A:16, p:16)
// launch k1_s_gemv_t grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:r_, out:s_, partial:kf_part_s_[40000B], counter:kf_count_s_[64B]) aligned=(A:16)

// kernel k0_q_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ kf_part_q_,
    unsigned int* __restrict__ kf_count_q_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
    #pragma unroll
    for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
    }
    // finish reduction(s) q = gemv(A, p) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) q__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(q__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_q_[(idx_t)blockIdx.x * S + s] = q__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes q = gemv(A, p)
    if (kf_last_block(kf_count_q_ + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 q__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 16; ++b) q__a = kf_op_add_t<kf_c64>::apply(q__a, kf_ldcg(&kf_part_q_[(idx_t)b * 33 + x]));
            kf_c64 q__o;
            q_gemv_finalize(q__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__o);
            q_[x] = q__o;
        }
    }
}

// kernel k1_s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ s_,
    kf_c64* __restrict__ kf_part_s_,
    unsigned int* __restrict__ kf_count_s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_part_s_[(idx_t)blockIdx.y * F + f] = s__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes s = gemv_t(A, r)
    if (kf_last_block(kf_count_s_ + blockIdx.x, 5)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 1000 ? lo + (TF) : 1000;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 s__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 5; ++b) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_ldcg(&kf_part_s_[(idx_t)b * 1000 + x]));
            kf_c64 s__o;
            s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
            s_[x] = s__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "7bdfc2e6035ac868", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]
// launch k0_q_gemv__s_gemv_t grid=(32, 2, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_, partial:kf_part_q_[8448B], counter:kf_count_q_[8B], partial:kf_part_s_[16000B], counter:kf_count_s_[128B])

// kernel k0_q_gemv__s_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv__s_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ p,
    const kf_c64* __restrict__ r_,
    kf_c64* __restrict__ q_,
    kf_c64* __restrict__ s_,
    kf_c64* __restrict__ kf_part_q_,
    unsigned int* __restrict__ kf_count_q_,
    kf_c64* __restrict__ kf_part_s_,
    unsigned int* __restrict__ kf_count_s_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    kf_c64 s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        kf_c64 q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<kf_c64>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) q_gemv_compute(A_e[k][v], p_f[v], q__acc[k]);
            }
        }
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        kf_c64 r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) s_gemv_t_compute(A_e[k][v], r__s[k], s__acc[v]);
            }
        }
        // finish reduction(s) q = gemv(A, p) across the block
        {
            const kf_c64 q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_q_[(idx_t)blockIdx.x * S + s] = q__r;
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ kf_c64 kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_part_s_[(idx_t)blockIdx.y * F + f] = s__a;
                }
            }
        }
        __syncthreads();
    }
    // the last blocks of their strips finish q = gemv(A, p) | s = gemv_t(A, r)
    unsigned int* const kf_counters[2] = {kf_count_q_ + blockIdx.y, kf_count_s_ + blockIdx.x};
    const unsigned int kf_blocks[2] = {32u, 2u};
    bool kf_last[2];
    kf_last_blocks<2>(kf_counters, kf_blocks, kf_last);
    if (kf_last[0]) {
        const idx_t lo = (idx_t)blockIdx.y * (TS * ITERS);
        const idx_t hi = lo + (TS * ITERS) < 33 ? lo + (TS * ITERS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 q__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 32; ++b) q__a = kf_op_add_t<kf_c64>::apply(q__a, kf_ldcg(&kf_part_q_[(idx_t)b * 33 + x]));
            kf_c64 q__o;
            q_gemv_finalize(q__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), q__o);
            q_[x] = q__o;
        }
    }
    if (kf_last[1]) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 1000 ? lo + (TF) : 1000;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 s__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) s__a = kf_op_add_t<kf_c64>::apply(s__a, kf_ldcg(&kf_part_s_[(idx_t)b * 1000 + x]));
            kf_c64 s__o;
            s_gemv_t_finalize(s__a, kf_c64(1.0f, 0.0f), kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), s__o);
            s_[x] = s__o;
        }
    }
}
