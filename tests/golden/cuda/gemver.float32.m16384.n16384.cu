// program gemver: 4 call(s)
// ===================== routines =====================
// compute routine of B = ger(A, u1, v1) [ger: nested_map]
__device__ __forceinline__ void B_ger_compute(const float A, const float x, const float y, const float alpha, float& B) {
    using T = float; using R = float;
    B = A + alpha * x * y;
}
// compute routine of B = ger(B, u2, v2) [ger: nested_map]
__device__ __forceinline__ void B_1_ger_compute(const float A, const float x, const float y, const float alpha, float& B) {
    using T = float; using R = float;
    B = A + alpha * x * y;
}
// compute routine of x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of x = gemv_t(B, y, alpha=beta, beta=1.0, y=z) [gemv_t: nested_reduce]
__device__ __forceinline__ void x_gemv_t_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of w = gemv(B, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of w = gemv(B, x, alpha=alpha) [gemv: nested_reduce]
__device__ __forceinline__ void w_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1], "name": "k0_B_ger__B_1_ger", "params": {"bx": 32, "by": 16, "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [2], "name": "k1_x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "up"}, "space": "tile"}, {"calls": [3], "name": "k2_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger runs call(s) [0, 1]; k1_x_gemv_t runs call(s) [2]; k2_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger grid=(128, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, out:B_1) aligned=(A:16, v1:16, v2:16)
// launch k1_x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_) aligned=(B.1:16, z:16)
// launch k2_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k1_x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger__B_1_ger(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    float* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 128 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k1_x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_x_gemv_t(const float* __restrict__ B_1,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k2_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k2_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 3 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 16, "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [1, 2], "name": "k1_B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "up"}, "space": "tile"}, {"calls": [3], "name": "k2_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger__x_gemv_t runs call(s) [1, 2]; k2_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger grid=(128, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:16, v1:16)
// launch k1_B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:B, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(B:16, v2:16, z:16)
// launch k2_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k1_B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    float* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 128 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k1_B_1_ger__x_gemv_t(const float* __restrict__ B,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = float(0);
        }
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k2_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k2_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 4 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 16, "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [1], "name": "k1_B_1_ger", "params": {"bx": 32, "by": 16, "iter_axis": "slow", "iters": 1, "ks": 4, "vec": 4, "walk": "up"}, "space": "tile"}, {"calls": [2], "name": "k2_x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k3_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger runs call(s) [1]; k2_x_gemv_t runs call(s) [2]; k3_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger grid=(128, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:16, v1:16)
// launch k1_B_1_ger grid=(128, 256, 1) block=(32, 16, 1) smem=0 args=(in:B, in:u2, in:v2, out:B_1) aligned=(B:16, v2:16)
// launch k2_x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_) aligned=(B.1:16, z:16)
// launch k3_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k2_x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k0_B_ger(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    float* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 128 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_B_1_ger(const float* __restrict__ B,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    float* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 128 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = float(0);
        }
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k2_x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k2_x_gemv_t(const float* __restrict__ B_1,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k3_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k3_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 256, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 4 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 256, "ks": 4, "unroll": 2, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_B_ger__B_1_ger__x_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 128, "ks": 4, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 8, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 2 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 3 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 4 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== rank 1 with k1_w_gemv in its implementation 5 =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 4, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(128, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_) aligned=(A:16, v1:16, v2:16, z:16)
// launch k1_w_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0], "name": "k0_B_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 512, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_B_1_ger", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 512, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [2], "name": "k2_x_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 512, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [3], "name": "k3_w_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger runs call(s) [0]; k1_B_1_ger runs call(s) [1]; k2_x_gemv_t runs call(s) [2]; k3_w_gemv runs call(s) [3]
// launch k0_B_ger grid=(128, 4, 1) block=(32, 8, 1) smem=0 args=(in:A, in:u1, in:v1, out:B) aligned=(A:16, v1:16)
// launch k1_B_1_ger grid=(128, 4, 1) block=(32, 8, 1) smem=0 args=(in:B, in:u2, in:v2, out:B_1) aligned=(B:16, v2:16)
// launch k2_x_gemv_t grid=(128, 4, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:y_, host:beta, in:z, out:x_, partial:kf_part_x_[262144B], counter:kf_count_x_[512B]) aligned=(B.1:16, z:16)
// launch k3_w_gemv grid=(1, 2048, 1) block=(32, 8, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_) aligned=(B.1:16, x:16)

// kernel k0_B_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k0_B_ger(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    float* __restrict__ B)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
        }
    }
}

// kernel k1_B_1_ger: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_B_1_ger(const float* __restrict__ B,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    float* __restrict__ B_1)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = float(0);
        }
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
    }
}

// kernel k2_x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k2_x_gemv_t(const float* __restrict__ B_1,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ x_,
    float* __restrict__ kf_part_x_,
    unsigned int* __restrict__ kf_count_x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 128 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    kf_part_x_[(idx_t)blockIdx.y * F + f] = x__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    if (kf_last_block(kf_count_x_ + blockIdx.x, 4)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 16384 ? lo + (TF) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            float x__a = kf_op_add_t<float>::identity();
            for (int b = 0; b < 4; ++b) x__a = kf_op_add_t<float>::apply(x__a, kf_ldcg(&kf_part_x_[(idx_t)b * 16384 + x]));
            float x__o;
            x_gemv_t_finalize(x__a, beta_v, 1.0f, z[x], x__o);
            x_[x] = x__o;
        }
    }
}

// kernel k3_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k3_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float w__o;
                    w_gemv_finalize(w__acc[k], alpha_v, 0.0f, 0.0f, w__o);
                    w_[s] = w__o;
                }
            }
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "7c228a81a5970cbd", "kernels": [{"calls": [0, 1, 2], "name": "k0_B_ger__B_1_ger__x_gemv_t", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "slow", "iters": 512, "ks": 2, "vec": 1, "walk": "down"}, "space": "tile"}, {"calls": [3], "name": "k1_w_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 1, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "gemver", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_B_ger__B_1_ger__x_gemv_t runs call(s) [0, 1, 2]; k1_w_gemv runs call(s) [3]; first kf_zero_outputs zeroes x
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:x_)
// launch k0_B_ger__B_1_ger__x_gemv_t grid=(512, 4, 1) block=(32, 4, 1) smem=0 args=(in:A, in:u1, in:v1, in:u2, in:v2, in:y_, host:beta, in:z, out:B_1, out:x_)
// launch k1_w_gemv grid=(4, 4096, 1) block=(32, 4, 1) smem=0 args=(in:B_1, in:x_, host:alpha, out:w_, partial:kf_part_w_[262144B], counter:kf_count_w_[16384B])

// zero the outputs atomics sum into: x_ (k0_B_ger__B_1_ger__x_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ x_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) x_[i] = 0u;   // 16384 words of x
}

// kernel k0_B_ger__B_1_ger__x_gemv_t: tile 16384 x 16384 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(128, 8)
k0_B_ger__B_1_ger__x_gemv_t(const float* __restrict__ A,
    const float* __restrict__ u1,
    const float* __restrict__ v1,
    const float* __restrict__ u2,
    const float* __restrict__ v2,
    const float* __restrict__ y_,
    const float beta,
    const float* __restrict__ z,
    float* __restrict__ B_1,
    float* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 512;   // serial iterations; grid 512 x 4
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float beta_v = beta;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float v1_f[VEC]; kf_load_pack<VEC, ALL_F>(v1, fb + tx * VEC, F, v1_f);   // invariant load: v1 along F
    float v2_f[VEC]; kf_load_pack<VEC, ALL_F>(v2, fb + tx * VEC, F, v2_f);   // invariant load: v2 along F
    float x__acc[VEC];          // clear output of reduction x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) x__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)it * gridDim.y + blockIdx.y) * TS;   // walk down: the grid moves down the matrix
        // call 0: B = ger(A, u1, v1)   [ger: nested_map, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float u1_s[KS];                                // load: u1 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u1_s[k] = (ALL_S || s < S) ? u1[s] : float(0); }
        float B_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_ger_compute(A_e[k][v], u1_s[k], v1_f[v], 1.0f, B_e[k][v]);
            }
        }
        // call 1: B = ger(B, u2, v2)   [ger: nested_map, line 7]
        float u2_s[KS];                                // load: u2 along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; u2_s[k] = (ALL_S || s < S) ? u2[s] : float(0); }
        float B_1_e[KS][VEC];
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                (void)s; (void)f;
                B_1_ger_compute(B_e[k][v], u2_s[k], v2_f[v], 1.0f, B_1_e[k][v]);
            }
        }
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_store_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
        }
        // call 2: x = gemv_t(B, y, alpha=beta, beta=1.0, y=z)   [gemv_t: nested_reduce, line 8]
        float y__s[KS];                                // load: y along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; y__s[k] = (ALL_S || s < S) ? y_[s] : float(0); }
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
        __shared__ float kf_sm_x_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_x_[ty][tx * VEC + v] = x__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float x__a = kf_sm_x_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) x__a = kf_op_add_t<float>::apply(x__a, kf_sm_x_[y][tx * VEC + v]);
                    float x__c;
                    if (blockIdx.y == 0) {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, z[f], x__f);
                        x__c = x__f;
                    } else {
                        float x__f;
                        x_gemv_t_finalize(x__a, beta_v, 1.0f, float(0), x__f);
                        float x__z;
                        x_gemv_t_finalize(float(0), beta_v, 1.0f, float(0), x__z);
                        x__c = x__f - x__z;
                    }
                    kf_atomic_add(&x_[f], x__c);
                }
            }
        }
        __syncthreads();
    }
}

// kernel k1_w_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_w_gemv(const float* __restrict__ B_1,
    const float* __restrict__ x_,
    const float alpha,
    float* __restrict__ w_,
    float* __restrict__ kf_part_w_,
    unsigned int* __restrict__ kf_count_w_)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 4 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const float alpha_v = alpha;
    const idx_t sb = (idx_t)(gridDim.y - 1 - blockIdx.y) * TS;   // invariant: the loop walks along F; walk up: block rows from the last
    float w__acc[KS];          // clear output of reduction w = gemv(B, x, alpha=alpha)
    #pragma unroll
    for (int r = 0; r < KS; ++r) w__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + ITERS - 1 - it) * TF;   // walk up: columns from the right
        // call 3: w = gemv(B, x, alpha=alpha)   [gemv: nested_reduce, line 9]
        float B_1_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B_1 + (idx_t)s * F, fb + tx * VEC, F, B_1_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_1_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
    if (kf_last_block(kf_count_w_ + blockIdx.y, 4)) {
        const idx_t lo = sb;
        const idx_t hi = lo + (TS) < 16384 ? lo + (TS) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            float w__a = kf_op_add_t<float>::identity();
            for (int b = 0; b < 4; ++b) w__a = kf_op_add_t<float>::apply(w__a, kf_ldcg(&kf_part_w_[(idx_t)b * 16384 + x]));
            float w__o;
            w_gemv_finalize(w__a, alpha_v, 0.0f, 0.0f, w__o);
            w_[x] = w__o;
        }
    }
}
