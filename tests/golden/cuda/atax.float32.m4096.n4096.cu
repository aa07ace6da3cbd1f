// program atax: 2 call(s)
// ===================== routines =====================
// compute routine of t = gemv(A, x) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of t = gemv(A, x) [gemv: nested_reduce]
__device__ __forceinline__ void t_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of y = gemv_t(A, t) [gemv_t: nested_reduce]
__device__ __forceinline__ void y_gemv_t_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of y = gemv_t(A, t) [gemv_t: nested_reduce]
__device__ __forceinline__ void y_gemv_t_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 2 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 3 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 4 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "unroll": 2, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k0_t_gemv in its implementation 5 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes t, y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:t_, out:y_)
// launch k0_t_gemv grid=(2, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:16, x:16)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: t_, y_ (k0_t_gemv, k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ t_, unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) t_[i] = 0u;   // 4096 words of t
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 2 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__c;
                    if (blockIdx.x == 0) {
                        float t__f;
                        t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__f);
                        t__c = t__f;
                    } else {
                        float t__f;
                        t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__f);
                        float t__z;
                        t_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t__z);
                        t__c = t__f - t__z;
                    }
                    kf_atomic_add(&t_[s], t__c);
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 2 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 3 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 16, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
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
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 8, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}

// ===================== rank 1 with k1_y_gemv_t in its implementation 5 =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 8}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "slow", "iters": 16, "ks": 4, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:y_)
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:32, x:32)
// launch k1_y_gemv_t grid=(32, 8, 1) block=(32, 8, 1) smem=0 args=(in:A, in:t_, out:y_) aligned=(A:16)

// zero the outputs atomics sum into: y_ (k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 8, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 4, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 32 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
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
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 8, "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]
// launch k0_t_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_) aligned=(A:16, x:16)
// launch k1_y_gemv_t grid=(32, 16, 1) block=(32, 8, 1) smem=0 args=(in:A, in:t_, out:y_, partial:kf_part_y_[262144B], counter:kf_count_y_[128B]) aligned=(A:16)

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__o;
                    t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__o);
                    t_[s] = t__o;
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(256, 4)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_,
    float* __restrict__ kf_part_y_,
    unsigned int* __restrict__ kf_count_y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 32 x 16
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)blockIdx.y * ITERS + it) * TS;
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    kf_part_y_[(idx_t)blockIdx.y * F + f] = y__a;
                }
            }
        }
        __syncthreads();
    }
    // the last block of each strip finishes y = gemv_t(A, t)
    if (kf_last_block(kf_count_y_ + blockIdx.x, 16)) {
        const idx_t lo = (idx_t)blockIdx.x * (TF);
        const idx_t hi = lo + (TF) < 4096 ? lo + (TF) : 4096;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            float y__a = kf_op_add_t<float>::identity();
            for (int b = 0; b < 16; ++b) y__a = kf_op_add_t<float>::apply(y__a, kf_ldcg(&kf_part_y_[(idx_t)b * 4096 + x]));
            float y__o;
            y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__o);
            y_[x] = y__o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "0a137c12aa33f088", "kernels": [{"calls": [0], "name": "k0_t_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 16, "ks": 1, "vec": 1}, "space": "tile"}, {"calls": [1], "name": "k1_y_gemv_t", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "slow", "iters": 32, "ks": 1, "vec": 1, "walk": "up"}, "space": "tile"}], "kfuse_plan": 1, "program": "atax", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_t_gemv runs call(s) [0]; k1_y_gemv_t runs call(s) [1]; first kf_zero_outputs zeroes t, y
// launch kf_zero_outputs grid=(16, 1, 1) block=(256, 1, 1) smem=0 args=(out:t_, out:y_)
// launch k0_t_gemv grid=(8, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, out:t_)
// launch k1_y_gemv_t grid=(128, 8, 1) block=(32, 16, 1) smem=0 args=(in:A, in:t_, out:y_)

// zero the outputs atomics sum into: t_, y_ (k0_t_gemv, k1_y_gemv_t)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ t_, unsigned int* __restrict__ y_)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 4096; i += step) t_[i] = 0u;   // 4096 words of t
    for (int i = i0; i < 4096; i += step) y_[i] = 0u;   // 4096 words of y
}

// kernel k0_t_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_t_gemv(const float* __restrict__ A,
    const float* __restrict__ x_,
    float* __restrict__ t_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 16;   // serial iterations; grid 8 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t__acc[KS];          // clear output of reduction t = gemv(A, x)
    #pragma unroll
    for (int r = 0; r < KS; ++r) t__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: t = gemv(A, x)   [gemv: nested_reduce, line 5]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    float t__c;
                    if (blockIdx.x == 0) {
                        float t__f;
                        t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__f);
                        t__c = t__f;
                    } else {
                        float t__f;
                        t_gemv_finalize(t__acc[k], 1.0f, 0.0f, 0.0f, t__f);
                        float t__z;
                        t_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t__z);
                        t__c = t__f - t__z;
                    }
                    kf_atomic_add(&t_[s], t__c);
                }
            }
        }
    }
}

// kernel k1_y_gemv_t: tile 4096 x 4096 (lead order C), iterating along slow
extern "C" __global__ void __launch_bounds__(512, 2)
k1_y_gemv_t(const float* __restrict__ A,
    const float* __restrict__ t_,
    float* __restrict__ y_)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 128 x 8
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t fb = (idx_t)blockIdx.x * TF;          // invariant: the loop walks along S
    float y__acc[VEC];          // clear output of reduction y = gemv_t(A, t)
    #pragma unroll
    for (int r = 0; r < VEC; ++r) y__acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t sb = ((idx_t)(ITERS - it) * gridDim.y - 1 - blockIdx.y) * TS;   // walk up: the grid moves up from the last tile row
        // call 1: y = gemv_t(A, t)   [gemv_t: nested_reduce, line 6]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t__s[KS];                                // load: t along S
        #pragma unroll
        for (int k = 0; k < KS; ++k) { const idx_t s = sb + ty + k * BY; t__s[k] = (ALL_S || s < S) ? t_[s] : float(0); }
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
        __shared__ float kf_sm_y_[BY][TF];
        #pragma unroll
        for (int v = 0; v < VEC; ++v) kf_sm_y_[ty][tx * VEC + v] = y__acc[v];
        __syncthreads();
        if (ty == 0) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t f = fb + tx * VEC + v;
                if (ALL_F || f < F) {
                    float y__a = kf_sm_y_[0][tx * VEC + v];
                    for (int y = 1; y < BY; ++y) y__a = kf_op_add_t<float>::apply(y__a, kf_sm_y_[y][tx * VEC + v]);
                    float y__c;
                    if (blockIdx.y == 0) {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        y__c = y__f;
                    } else {
                        float y__f;
                        y_gemv_t_finalize(y__a, 1.0f, 0.0f, 0.0f, y__f);
                        float y__z;
                        y_gemv_t_finalize(float(0), 1.0f, 0.0f, 0.0f, y__z);
                        y__c = y__f - y__z;
                    }
                    kf_atomic_add(&y_[f], y__c);
                }
            }
        }
        __syncthreads();
    }
}
