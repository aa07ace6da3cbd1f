// program gesummv: 2 call(s)
// ===================== routines =====================
// compute routine of t = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of t = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}
// compute routine of y = gemv(B, x, alpha=beta, beta=1.0, y=t) [gemv: nested_reduce]
__device__ __forceinline__ void y_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of y = gemv(B, x, alpha=beta, beta=1.0, y=t) [gemv: nested_reduce]
__device__ __forceinline__ void y_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[2112B], partial:kf_part_y_[2112B], counter:kf_count_t_[20B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv runs call(s) [1]
// launch k0_t_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:t_, partial:kf_part_t_[2112B], counter:kf_count_t_[20B]) aligned=(A:32, x:32)
// launch k1_y_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:B, in:x_, host:beta, in:t_, out:y_, partial:kf_part_y_[2112B], counter:kf_count_y_[20B]) aligned=(B:32, x:32)

// kernel k0_t_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ t_,
    double* __restrict__ kf_part_t_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    kf_part_t_[(idx_t)blockIdx.x * S + s] = t__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            t_[x] = t__o;
        }
    }
}

// kernel k1_y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv(const double* __restrict__ B,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    kf_part_y_[(idx_t)blockIdx.x * S + s] = y__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_y_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t_[x], y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 2 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[2112B], partial:kf_part_y_[2112B], counter:kf_count_t_[12B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
        const double t__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(t__acc);   // row k = tx / (BX / KS)
        const double y__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(y__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_t_[(idx_t)blockIdx.x * S + s] = t__r;
                kf_part_y_[(idx_t)blockIdx.x * S + s] = y__r;
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 3 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(8, 2, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[2112B], partial:kf_part_y_[2112B], counter:kf_count_t_[8B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
        const double t__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(t__acc);   // row k = tx / (BX / KS)
        const double y__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(y__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_t_[(idx_t)blockIdx.x * S + s] = t__r;
                kf_part_y_[(idx_t)blockIdx.x * S + s] = y__r;
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 4 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(8, 3, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[2112B], partial:kf_part_y_[2112B], counter:kf_count_t_[12B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv__y_gemv in its implementation 5 =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(8, 2, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[2112B], partial:kf_part_y_[2112B], counter:kf_count_t_[8B]) aligned=(A:32, B:32, x:32)

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
        const double t__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(t__acc);   // row k = tx / (BX / KS)
        const double y__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(y__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_t_[(idx_t)blockIdx.x * S + s] = t__r;
                kf_part_y_[(idx_t)blockIdx.x * S + s] = y__r;
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha); y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv runs call(s) [1]
// launch k0_t_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:t_, partial:kf_part_t_[4224B], counter:kf_count_t_[20B]) aligned=(A:16, x:16)
// launch k1_y_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:B, in:x_, host:beta, in:t_, out:y_, partial:kf_part_y_[4224B], counter:kf_count_y_[20B]) aligned=(B:16, x:16)

// kernel k0_t_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ t_,
    double* __restrict__ kf_part_t_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    kf_part_t_[(idx_t)blockIdx.x * S + s] = t__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes t = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 16; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            t_[x] = t__o;
        }
    }
}

// kernel k1_y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv(const double* __restrict__ B,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    kf_part_y_[(idx_t)blockIdx.x * S + s] = y__acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    if (kf_last_block(kf_count_y_ + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 16; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t_[x], y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "2da7255ff1d28496", "kernels": [{"calls": [0, 1], "name": "k0_t_gemv__y_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "gesummv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_t_gemv__y_gemv runs call(s) [0, 1]
// launch k0_t_gemv__y_gemv grid=(32, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, in:B, host:beta, out:y_, partial:kf_part_t_[8448B], partial:kf_part_y_[8448B], counter:kf_count_t_[20B])

// kernel k0_t_gemv__y_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv__y_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double* __restrict__ B,
    const double beta,
    double* __restrict__ y_,
    double* __restrict__ kf_part_t_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    double y__acc[KS];          // clear output of reduction y = gemv(B, x, alpha=beta, beta=1.0, y=t)
    #pragma unroll
    for (int r = 0; r < KS; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t_gemv_compute(A_e[k][v], x__f[v], t__acc[k]);
            }
        }
        // call 1: y = gemv(B, x, alpha=beta, beta=1.0, y=t)   [gemv: nested_reduce, line 7]
        double B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = double(0);
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
    if (kf_last_block(kf_count_t_ + blockIdx.y, 32)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 32; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 33 + x]));
            double t__o;
            t_gemv_finalize(t__a, alpha_v, 0.0, 0.0, t__o);
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 32; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 33 + x]));
            double y__o;
            y_gemv_finalize(y__a, beta_v, 1.0, t__o, y__o);
            y_[x] = y__o;
        }
    }
}
