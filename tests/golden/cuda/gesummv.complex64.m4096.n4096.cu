// program gesummv: 2 call(s)
// ===================== routines =====================
// compute routine of t = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of t = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of y = gemv(B, x, alpha=beta, beta=1.0, y=t) [gemv: nested_reduce]
__device__ __forceinline__ void y_gemv_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of y = gemv(B, x, alpha=beta, beta=1.0, y=t) [gemv: nested_reduce]
__device__ __forceinline__ void y_gemv_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 64, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_) aligned=(A:16, B:16, x:16)

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 t__o;
                    t_gemv_finalize(t__acc[k], alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                    kf_c64 y__o;
                    y_gemv_finalize(y__acc[k], beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
                    y_[s] = y__o;
                }
            }
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv runs call(s) [1]
// launch k0_t_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:B, in:x_, host:beta, in:t_, out:y_) aligned=(B:32, x:32)

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 t__o;
                    t_gemv_finalize(t__acc[k], alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv(const kf_c64* __restrict__ B,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ t_,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 y__o;
                    y_gemv_finalize(y__acc[k], beta_v, kf_c64(1.0f, 0.0f), t_[s], y__o);
                    y_[s] = y__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 2 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 t__o;
                    t_gemv_finalize(t__acc[k], alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                    kf_c64 y__o;
                    y_gemv_finalize(y__acc[k], beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
                    y_[s] = y__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 3 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 32, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 t__o;
                    t_gemv_finalize(t__acc[k], alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                    kf_c64 y__o;
                    y_gemv_finalize(y__acc[k], beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
                    y_[s] = y__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 4 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(2, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[65536B], partial:kf_part_y_[65536B], counter:kf_count_t_[4096B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_,
    kf_c64* __restrict__ kf_part_t_,
    kf_c64* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 2 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_t_[(idx_t)blockIdx.x * S + s] = t__acc[k];
                    kf_part_y_[(idx_t)blockIdx.x * S + s] = y__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 2)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 4096 ? lo + (TS) : 4096;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 t__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) t__a = kf_op_add_t<kf_c64>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 4096 + x]));
            kf_c64 t__o;
            t_gemv_finalize(t__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
            kf_c64 y__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) y__a = kf_op_add_t<kf_c64>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 4096 + x]));
            kf_c64 y__o;
            y_gemv_finalize(y__a, beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 5 =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 32, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(1, 512, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        const kf_c64 t__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(t__acc);   // row k = tx / (BX / KS)
        const kf_c64 y__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(y__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_c64 t__o;
                t_gemv_finalize(t__r, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                kf_c64 y__o;
                y_gemv_finalize(y__r, beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
                y_[s] = y__o;
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 64, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 64, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv runs call(s) [1]
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:t_) aligned=(A:16, x:16)
// launch k1_y_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:B, in:x_, host:beta, in:t_, out:y_) aligned=(B:16, x:16)

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    kf_c64* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 t__o;
                    t_gemv_finalize(t__acc[k], alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv(const kf_c64* __restrict__ B,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ t_,
    kf_c64* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c64 y__o;
                    y_gemv_finalize(y__acc[k], beta_v, kf_c64(1.0f, 0.0f), t_[s], y__o);
                    y_[s] = y__o;
                }
            }
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "8534f1241e63d7c9", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 64, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(2, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[65536B], partial:kf_part_y_[65536B], counter:kf_count_t_[4096B])

// kernel k0_t_gemv__y_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv__y_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64* __restrict__ B,
    const kf_c64 beta,
    kf_c64* __restrict__ y_,
    kf_c64* __restrict__ kf_part_t_,
    kf_c64* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 2 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<kf_c64>::identity();
    kf_c64 y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        kf_c64 B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = kf_c64(0);
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_compute(B_e[k][v], x__f[v], y__acc[k]);
            }
        }
    }
    // finish reduction(s) t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        #pragma unroll
        for (int k = 0; k < KS; ++k) y__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(y__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_part_t_[(idx_t)blockIdx.x * S + s] = t__acc[k];
                    kf_part_y_[(idx_t)blockIdx.x * S + s] = y__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 2)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 4096 ? lo + (TS) : 4096;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 t__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) t__a = kf_op_add_t<kf_c64>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 4096 + x]));
            kf_c64 t__o;
            t_gemv_finalize(t__a, alpha_v, kf_c64(0.0f, 0.0f), kf_c64(0.0f, 0.0f), t__o);
            kf_c64 y__a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 2; ++b) y__a = kf_op_add_t<kf_c64>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 4096 + x]));
            kf_c64 y__o;
            y_gemv_finalize(y__a, beta_v, kf_c64(1.0f, 0.0f), t__o, y__o);
            y_[x] = y__o;
        }
    }
}
