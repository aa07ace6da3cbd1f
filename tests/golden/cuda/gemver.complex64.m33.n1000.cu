// program gemver: 4 call(s)
// ===================== routines =====================
// compute routine of B = ger(A, u1, v1) [ger: nested_map]
__device__ __forceinline__ void B_ger_compute(const kf_c64 A, const kf_c64 x, const kf_c64 y, const kf_c64 alpha, kf_c64& B) {
    using T = kf_c64; using R = float;
    B = A + alpha * x * y;
}
// compute routine of B = ger(B, u2, v2) [ger: nested_map]
__device__ __forceinline__ void B_1_ger_compute(const kf_c64 A, const kf_c64 x, const kf_c64 y, const kf_c64 alpha, kf_c64& B) {
    using T = kf_c64; using R = float;
    B = A + alpha * x * y;
}
// compute routine of x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of w = gemv(B, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of w = gemv(B, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1], "name": "k0_B_ger__B_1_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [2], "name": "k1_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [3], "name": "k2_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger runs call(s) [0, 1]; k1_x_gemv_t runs call(s) [2]; k2_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, out:B_1) aligned=(A:32, v1:32, v2:32)
// launch k1_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_) aligned=(B.1:16, z:16)
// launch k2_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_B_ger__B_1_ger(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    kf_c64* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k1_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_x_gemv_t(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k2_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k2_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 3 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1, 2], "name": "k1_B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k2_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger__x_gemv_t runs call(s) [1, 2]; k2_w_gemv runs call(s) [3]
// launch k0_B_ger grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:32, v1:32)
// launch k1_B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:B, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(B:32, v2:32, z:32)
// launch k2_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_B_ger(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    kf_c64* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_B_1_ger__x_gemv_t(const kf_c64* __restrict__ B,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k2_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k2_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 4 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_B_1_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [2], "name": "k2_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [3], "name": "k3_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger runs call(s) [1]; k2_x_gemv_t runs call(s) [2]; k3_w_gemv runs call(s) [3]
// launch k0_B_ger grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:32, v1:32)
// launch k1_B_1_ger grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B, in:u2, in:v2, out:B_1) aligned=(B:32, v2:32)
// launch k2_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_) aligned=(B.1:16, z:16)
// launch k3_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_B_ger(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    kf_c64* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_B_1_ger(const kf_c64* __restrict__ B,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    kf_c64* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k2_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k2_x_gemv_t(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k3_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k3_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(32, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 2 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[12B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        const kf_c64 w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_w_[(idx_t)blockIdx.x * S + s] = w__r;
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 3 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 2, 1) block=(32, 16, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[8B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        const kf_c64 w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_w_[(idx_t)blockIdx.x * S + s] = w__r;
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 4 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 16, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[12B]) aligned=(B.1:32, x:32)

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 5 =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes w
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:w_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:32, v1:32, v2:32, z:32)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:32, x:32)

// zero the outputs atomics sum into: w_ (k1_w_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ w_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) w_[i] = 0u;   // 66 words of w
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        const kf_c64 w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_c64 w__c;
                if (blockIdx.x == 0) {
                    kf_c64 w__f;
                    w_gemv_finalize(w__r, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__f);
                    w__c = w__f;
                } else {
                    kf_c64 w__f;
                    w_gemv_finalize(w__r, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__f);
                    kf_c64 w__z;
                    w_gemv_finalize(kf_c64(0), alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__z);
                    w__c = w__f - w__z;
                }
                kf_atomic_add(&w_[s], w__c);
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_B_1_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [2], "name": "k2_x_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [3], "name": "k3_w_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger runs call(s) [1]; k2_x_gemv_t runs call(s) [2]; k3_w_gemv runs call(s) [3]
// launch k0_B_ger grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:16, v1:16)
// launch k1_B_1_ger grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:B, in:u2, in:v2, out:B_1) aligned=(B:16, v2:16)
// launch k2_x_gemv_t grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_, partial:kf_part_x_[40000B], counter:kf_count_x_[64B]) aligned=(B.1:16, z:16)
// launch k3_w_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[4224B], counter:kf_count_w_[20B]) aligned=(B.1:16, x:16)

// kernel k0_B_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_B_ger(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    kf_c64* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_B_1_ger(const kf_c64* __restrict__ B,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    kf_c64* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k2_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k2_x_gemv_t(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ x_,
    kf_c64* __restrict__ kf_part_x_,
    unsigned int* __restrict__ kf_count_x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_part_x_[(idx_t)blockIdx.y * F + f] = x__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    if (kf_last_block(kf_count_x_ + blockIdx.x, 5)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 1000 ? lo + (TF) : 1000;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 x__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 5; ++b) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_ldcg(&kf_part_x_[(idx_t)b * 1000 + x]));
            kf_c64 x__o;
            x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[x], x__o);
            x_[x] = x__o;
        }
    }
}

// kernel k3_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k3_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 16; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "3816bf1aba887dc2", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(32, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_)
// launch k1_w_gemv grid=(32, 5, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[8448B], counter:kf_count_w_[20B])

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger__x_gemv_t(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ u1,
    const kf_c64* __restrict__ v1,
    const kf_c64* __restrict__ u2,
    const kf_c64* __restrict__ v2,
    const kf_c64* __restrict__ y_,
    const kf_c64 beta,
    const kf_c64* __restrict__ z,
    kf_c64* __restrict__ B_1,
    kf_c64* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    kf_c64 v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    kf_c64 v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    kf_c64 x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : kf_c64(0); }
        kf_c64 B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], kf_c64(1.0f, 0.0f), B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        kf_c64 u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : kf_c64(0); }
        kf_c64 B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], kf_c64(1.0f, 0.0f), B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        kf_c64 y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : kf_c64(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(B_1_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ kf_c64 kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    kf_c64 x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<kf_c64>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_c64 x__o;
                    x_gemv_t_finalize(x__a, beta_v, kf_c64(1.0f, 0.0f), z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const kf_c64* __restrict__ B_1,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ w_,
    kf_c64* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        kf_c64 B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(B_1_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(B, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) w__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(w__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_w_[(idx_t)blockIdx.x * S + s] = w__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes w = gemv(B, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 32)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 w__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 32; ++b) w__a = kf_op_add_t<kf_c64>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            kf_c64 w__o;
            w_gemv_finalize(w__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), w__o);
            w_[x] = w__o;
        }
    }
}
