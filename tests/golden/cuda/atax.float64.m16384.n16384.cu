// program atax: 2 call(s)
// ===================== routines =====================
// compute routine of t = gemv(A, x) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of t = gemv(A, x) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}
// compute routine of y = gemv_t(A, t) [gemv_t: nested_reduce]
__device__ __forceinline__ void y_gemv_t_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of y = gemv_t(A, t) [gemv_t: nested_reduce]
__device__ __forceinline__ void y_gemv_t_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 2 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 3 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 4 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 5 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 2, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 2048, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        const double t__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(t__acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                double t__o;
                t_gemv_finalize(t__r, 1.0, 0.0, 0.0, t__o);
                t_[s] = t__o;
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:32)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) y_[i] = 0u;   // 32768 words of y
}

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    double y__c;
                    if (blockIdx.y == 0) {
                        double y__f;
                        y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__f);
                        y__c = y__f;
                    } else {
                        double y__f;
                        y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__f);
                        double y__z;
                        y_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 512, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[1048576B], counter:kf_count_y_[512B]) aligned=(A:32)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 8)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 8; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:32)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) y_[i] = 0u;   // 32768 words of y
}

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    double y__c;
                    if (blockIdx.y == 0) {
                        double y__f;
                        y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__f);
                        y__c = y__f;
                    } else {
                        double y__f;
                        y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__f);
                        double y__z;
                        y_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 256, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 2048, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:16, x:16)
// launch k1_y_gemv_t grid=(256, 2, 1) block=(32, 8, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[262144B], counter:kf_count_y_[1024B]) aligned=(A:16)

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t__acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t__acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double t__o;
                    t_gemv_finalize(t__acc[k], 1.0, 0.0, 0.0, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 256 x 2
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 2)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 2; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "0148df46932f6f52", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 1}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 1, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(4, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_, partial:kf_part_t_[524288B], counter:kf_count_t_[16384B])
// launch k1_y_gemv_t grid=(512, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[524288B], counter:kf_count_y_[2048B])

// kernel k0_t_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    double* __restrict__ t_,
    double* __restrict__ kf_part_t_,
    unsigned int* __restrict__ kf_count_t_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 4 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
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
    // finish reduction(s) t = gemv(A, x) across the block
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
    // the last block of each strip finishes t = gemv(A, x)
    if (kf_last_block(kf_count_t_ + blockIdx.y, 4)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 16384 ? lo + (TS) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double t__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) t__a = kf_op_add_t<double>::apply(t__a, kf_ldcg(&kf_part_t_[(idx_t)b * 16384 + x]));
            double t__o;
            t_gemv_finalize(t__a, 1.0, 0.0, 0.0, t__o);
            t_[x] = t__o;
        }
    }
}

// kernel k1_y_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_y_gemv_t(const double* __restrict__ A,
    const double* __restrict__ t_,
    double* __restrict__ y_,
    double* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 512 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : double(0); }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) y_gemv_t_compute(A_e[k][v], t__s[k], y__acc[v]);
            }
        }
    }
    // finish reduction(s) y = gemv_t(A, t) across the block
    {
        __shared__ double kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<double>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double y__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) y__a = kf_op_add_t<double>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 16384 + x]));
            double y__o;
            y_gemv_t_finalize(y__a, 1.0, 0.0, 0.0, y__o);
            y_[x] = y__o;
        }
    }
}
