// program bicgk: 2 call(s)
// ===================== routines =====================
// compute routine of q = gemv(A, p) [gemv: nested_reduce]
__device__ __forceinline__ void q_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of q = gemv(A, p) [gemv: nested_reduce]
__device__ __forceinline__ void q_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}
// compute routine of s = gemv_t(A, r) [gemv_t: nested_reduce]
__device__ __forceinline__ void s_gemv_t_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of s = gemv_t(A, r) [gemv_t: nested_reduce]
__device__ __forceinline__ void s_gemv_t_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 128, "ks": 4, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0], "name": "k0_q_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv runs call(s) [0]; k1_s_gemv_t runs call(s) [1]
// launch k0_q_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, out:q_) aligned=(A:32, p:32)
// launch k1_s_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:r_, out:s_, partial:kf_part_s_[524288B], counter:kf_count_s_[512B]) aligned=(A:32)

// kernel k0_q_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv(const double* __restrict__ A,
    const double* __restrict__ p,
    double* __restrict__ q_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double q__acc[KS];          // clear output of reduction q = gemv(A, p)
    #pragma unroll
    for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
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
                    double q__o;
                    q_gemv_finalize(q__acc[k], 1.0, 0.0, 0.0, q__o);
                    q_[s] = q__o;
                }
            }
        }
    }
}

// kernel k1_s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ r_,
    double* __restrict__ s_,
    double* __restrict__ kf_part_s_,
    unsigned int* __restrict__ kf_count_s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_part_s_[(idx_t)blockIdx.y * F + f] = s__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes s = gemv_t(A, r)
    if (kf_last_block(kf_count_s_ + blockIdx.x, 4)) {
        const idx_t lo = fb;
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double s__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) s__a = kf_op_add_t<double>::apply(s__a, kf_ldcg(&kf_part_s_[(idx_t)b * 16384 + x]));
            double s__o;
            s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__o);
            s_[x] = s__o;
        }
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 128, "ks": 4, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "slow", "iters": 256, "ks": 2, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(128, 4, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 64, "ks": 4, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(128, 16, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 128 x 16
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_q_gemv__s_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 256, "ks": 2, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_) aligned=(A:32, p:32)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0], "name": "k0_q_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 256, "ks": 1, "vec": 2}, "space": "tile"}, {"calls": [1], "name": "k1_s_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 1024, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv runs call(s) [0]; k1_s_gemv_t runs call(s) [1]
// launch k0_q_gemv grid=(1, 2048, 1) block=(32, 8, 1) smem=0 args=(in:A, in:p, out:q_) aligned=(A:16, p:16)
// launch k1_s_gemv_t grid=(256, 2, 1) block=(32, 8, 1) smem=0 args=(in:A, in:r_, out:s_, partial:kf_part_s_[262144B], counter:kf_count_s_[1024B]) aligned=(A:16)

// kernel k0_q_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_q_gemv(const double* __restrict__ A,
    const double* __restrict__ p,
    double* __restrict__ q_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double q__acc[KS];          // clear output of reduction q = gemv(A, p)
    #pragma unroll
    for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // load: p along F
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
                    double q__o;
                    q_gemv_finalize(q__acc[k], 1.0, 0.0, 0.0, q__o);
                    q_[s] = q__o;
                }
            }
        }
    }
}

// kernel k1_s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ r_,
    double* __restrict__ s_,
    double* __restrict__ kf_part_s_,
    unsigned int* __restrict__ kf_count_s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1024;   // serial iterations; grid 256 x 2
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: s = gemv_t(A, r)   [gemv_t: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    kf_part_s_[(idx_t)blockIdx.y * F + f] = s__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes s = gemv_t(A, r)
    if (kf_last_block(kf_count_s_ + blockIdx.x, 2)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double s__a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 2; ++b) s__a = kf_op_add_t<double>::apply(s__a, kf_ldcg(&kf_part_s_[(idx_t)b * 16384 + x]));
            double s__o;
            s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__o);
            s_[x] = s__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "72acea81725d744e", "kernels": [{"calls": [0, 1], "name": "k0_q_gemv__s_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 128, "ks": 4, "unroll": 2, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_q_gemv__s_gemv_t runs call(s) [0, 1]; first kf_zero_outputs zeroes q, s
// launch kf_zero_outputs grid=(128, 1, 1) block=(256, 1, 1) smem=0 args=(out:q_, out:s_)
// launch k0_q_gemv__s_gemv_t grid=(512, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:p, in:r_, out:q_, out:s_)

// zero the outputs atomics sum into: q_, s_ (k0_q_gemv__s_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ q_, unsigned int* __restrict__ s_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 32768; i += step) q_[i] = 0u;   // 32768 words of q
    for (int i = i0; i < 32768; i += step) s_[i] = 0u;   // 32768 words of s
}

// kernel k0_q_gemv__s_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_q_gemv__s_gemv_t(const double* __restrict__ A,
    const double* __restrict__ p,
    const double* __restrict__ r_,
    double* __restrict__ q_,
    double* __restrict__ s_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 512 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    double p_f[VEC]; kf_load_pack<VEC, ALL_F>(p, fb + tx * VEC, F, p_f);   // invariant load: p along F
    double s__acc[VEC];          // clear output of reduction s = gemv_t(A, r)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) s__acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        double q__acc[KS];          // clear output of reduction q = gemv(A, p)
        #pragma unroll
        for (int r = 0; r < KS; ++r) q__acc[r] = kf_op_add_t<double>::identity();
        // call 0: q = gemv(A, p)   [gemv: nested_reduce, line 5]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
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
        double r__s[KS];                                // load: r along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; r__s[k] = (ALL_S || s < S) ? r_[s] : double(0); }
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
            const double q__r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(q__acc);   // row k = tx / (BX / KS)
            if (tx % (BX / KS) == 0) {
                const int k = tx / (BX / KS);
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    double q__c;
                    if (blockIdx.x == 0) {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        q__c = q__f;
                    } else {
                        double q__f;
                        q_gemv_finalize(q__r, 1.0, 0.0, 0.0, q__f);
                        double q__z;
                        q_gemv_finalize(double(0), 1.0, 0.0, 0.0, q__z);
                        q__c = q__f - q__z;
                    }
                    kf_atomic_add(&q_[s], q__c);
                }
            }
        }
    }
    // finish reduction(s) s = gemv_t(A, r) across the block
    {
        __shared__ double kf_sm_s_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_s_[ty][tx * VEC + v] = s__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    double s__a = kf_sm_s_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) s__a = kf_op_add_t<double>::apply(s__a, kf_sm_s_[y][tx * VEC + v]);
                    double s__c;
                    if (blockIdx.y == 0) {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        s__c = s__f;
                    } else {
                        double s__f;
                        s_gemv_t_finalize(s__a, 1.0, 0.0, 0.0, s__f);
                        double s__z;
                        s_gemv_t_finalize(double(0), 1.0, 0.0, 0.0, s__z);
                        s__c = s__f - s__z;
                    }
                    kf_atomic_add(&s_[f], s__c);
                }
            }
        }
        __syncthreads();
    }
}
