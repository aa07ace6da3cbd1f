// program sgemvt: 2 call(s)
// ===================== routines =====================
// compute routine of x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}
// compute routine of w = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of w = gemv(A, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_x_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:32, z:32)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_x_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(8, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:32, z:32)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_x_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(32, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k0_x_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[20B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 2 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[12B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
    {
        const double w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_w_[(idx_t)blockIdx.x * S + s] = w__r;
            }
        }
    }
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 3 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 2, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[8B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
    {
        const double w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_w_[(idx_t)blockIdx.x * S + s] = w__r;
            }
        }
    }
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 4 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[2112B], counter:kf_count_w_[12B]) aligned=(A:32, x:32)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 5 =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]; first kf_zero_outputs zeroes w
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:w_)
// launch k0_x_gemv_t grid=(16, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_) aligned=(A:32, x:32)

// zero the outputs atomics sum into: w_ (k1_w_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ w_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) w_[i] = 0u;   // 66 words of w
}

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
    {
        const double w__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(w__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                double w__c;
                if (blockIdx.x == 0) {
                    double w__f;
                    w_gemv_finalize(w__r, alpha_v, 0.0, 0.0, w__f);
                    w__c = w__f;
                } else {
                    double w__f;
                    w_gemv_finalize(w__r, alpha_v, 0.0, 0.0, w__f);
                    double w__z;
                    w_gemv_finalize(double(0), alpha_v, 0.0, 0.0, w__z);
                    w__c = w__f - w__z;
                }
                kf_atomic_add(&w_[s], w__c);
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_, partial:kf_part_x_[40000B], counter:kf_count_x_[64B]) aligned=(A:16, z:16)
// launch k1_w_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[4224B], counter:kf_count_w_[20B]) aligned=(A:16, x:16)

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_,
    double* __restrict__ kf_part_x_,
    unsigned int* __restrict__ kf_count_x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_part_x_[(idx_t)blockIdx.y * F + f] = x__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    if (kf_last_block(kf_count_x_ + blockIdx.x, 5)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 1000 ? lo + (TF) : 1000;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double x__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 5; ++b) x__a = kf_op_add_t<double>::apply(x__a, kf_ldcg(&kf_part_x_[(idx_t)b * 1000 + x]));
            double x__o;
            x_gemv_t_finalize(x__a, beta_v, 1.0, z[x], x__o);
            x_[x] = x__o;
        }
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 16; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "e9dc49e72c46156c", "kernels": [{"calls": [0], "name": "k0_x_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 1}, "space": "tile"}, {"calls": [1], "name": "k1_w_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemvt", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_x_gemv_t runs call(s) [0]; k1_w_gemv runs call(s) [1]
// launch k0_x_gemv_t grid=(32, 1, 1) block=(32, 16, 1) smem=0 args=(in:A, in:y_, host:beta, in:z, out:x_)
// launch k1_w_gemv grid=(32, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, out:w_, partial:kf_part_w_[8448B], counter:kf_count_w_[20B])

// kernel k0_x_gemv_t: tile 33 x 1000 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_x_gemv_t(const double* __restrict__ A,
    const double* __restrict__ y_,
    const double beta,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 1
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double x__acc[VEC];          // clear output of reduction x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: x = gemv_t(A, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) x_gemv_t_compute(A_e[k][v], y__s[k], x__acc[v]);
            }
        }
    }
    // finish reduction(s) x = gemv_t(A, y, alpha=beta, beta=1.0, y=z) across the block
    {
        __shared__ double kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<double>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    double x__o;
                    x_gemv_t_finalize(x__a, beta_v, 1.0, z[f], x__o);
                    x_[f] = x__o;
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k1_w_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    double* __restrict__ w_,
    double* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double w__acc[KS];          // clear output of reduction w = gemv(A, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: w = gemv(A, x, alpha=alpha)   [gemv: nested_reduce, line 7]
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
                if ((ALL_S || s < S) && (ALL_F || f < F)) w_gemv_compute(A_e[k][v], x__f[v], w__acc[k]);
            }
        }
    }
    // finish reduction(s) w = gemv(A, x, alpha=alpha) across the block
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
    // the last block of each strip finishes w = gemv(A, x, alpha=alpha)
    if (kf_last_block(kf_count_w_ + blockIdx.y, 32)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double w__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 32; ++b) w__a = kf_op_add_t<double>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 33 + x]));
            double w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0, 0.0, w__o);
            w_[x] = w__o;
        }
    }
}
