// program abx_unused: 2 call(s)
// ===================== routines =====================
// compute routine of B @ x  [reassociated: the product t1 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t3_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of B @ x  [reassociated: the product t1 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t3_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of A @ (B @ x)  [reassociated: the product t1 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t2_gemv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of A @ (B @ x)  [reassociated: the product t1 = gemm(A, B) is not formed] [gemv: nested_reduce]
__device__ __forceinline__ void t2_gemv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== default plan (H200: shipped calibration and winners) =====================
// plan {"fingerprint": "4e92889141adfc78", "kernels": [{"calls": [0], "name": "k0_t3_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}, {"calls": [1], "name": "k1_t2_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "abx_unused", "sizes": {}}
// Plan: k0_t3_gemv runs call(s) [0]; k1_t2_gemv runs call(s) [1]; first kf_zero_outputs zeroes t3, t2
// launch kf_zero_outputs grid=(4, 1, 1) block=(256, 1, 1) smem=0 args=(out:t3, out:t2)
// launch k0_t3_gemv grid=(8, 256, 1) block=(32, 4, 1) smem=0 args=(in:B, in:x_, out:t3) aligned=(B:16, x:16)
// launch k1_t2_gemv grid=(8, 256, 1) block=(32, 4, 1) smem=0 args=(in:A, in:t3, out:t2) aligned=(A:16, t3:16)

// zero the outputs atomics sum into: t3, t2 (k0_t3_gemv, k1_t2_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ t3, unsigned int* __restrict__ t2)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 1024; i += step) t3[i] = 0u;   // 1024 words of t3
    for (int i = i0; i < 1024; i += step) t2[i] = 0u;   // 1024 words of t2
}

// kernel k0_t3_gemv: tile 1024 x 1024 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_t3_gemv(const float* __restrict__ B,
    const float* __restrict__ x_,
    float* __restrict__ t3)
{
    using idx_t = int;
    constexpr idx_t S = 1024, F = 1024;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t3_acc[KS];          // clear output of reduction B @ x  [reassociated: the product t1 = gemm(A, B) is not formed]
    #pragma unroll
    for (int r = 0; r < KS; ++r) t3_acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: B @ x  [reassociated: the product t1 = gemm(A, B) is not formed]   [gemv: nested_reduce]
        float B_e[KS][VEC];                        // load B
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(B + (idx_t)s * F, fb + tx * VEC, F, B_e[k]);
            else
                for (int v = 0; v < VEC; ++v) B_e[k][v] = float(0);
        }
        float x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t3_gemv_compute(B_e[k][v], x__f[v], t3_acc[k]);
            }
        }
    }
    // finish reduction(s) B @ x  [reassociated: the product t1 = gemm(A, B) is not formed] across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t3_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t3_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    float t3_c;
                    if (blockIdx.x == 0) {
                        float t3_f;
                        t3_gemv_finalize(t3_acc[k], 1.0f, 0.0f, 0.0f, t3_f);
                        t3_c = t3_f;
                    } else {
                        float t3_f;
                        t3_gemv_finalize(t3_acc[k], 1.0f, 0.0f, 0.0f, t3_f);
                        float t3_z;
                        t3_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t3_z);
                        t3_c = t3_f - t3_z;
                    }
                    kf_atomic_add(&t3[s], t3_c);
                }
            }
        }
    }
}

// kernel k1_t2_gemv: tile 1024 x 1024 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k1_t2_gemv(const float* __restrict__ A,
    const float* __restrict__ t3,
    float* __restrict__ t2)
{
    using idx_t = int;
    constexpr idx_t S = 1024, F = 1024;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    float t2_acc[KS];          // clear output of reduction A @ (B @ x)  [reassociated: the product t1 = gemm(A, B) is not formed]
    #pragma unroll
    for (int r = 0; r < KS; ++r) t2_acc[r] = kf_op_add_t<float>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 1: A @ (B @ x)  [reassociated: the product t1 = gemm(A, B) is not formed]   [gemv: nested_reduce]
        float A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = float(0);
        }
        float t3_f[VEC]; kf_load_pack<VEC, ALL_F>(t3, fb + tx * VEC, F, t3_f);   // load: t3 along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) t2_gemv_compute(A_e[k][v], t3_f[v], t2_acc[k]);
            }
        }
    }
    // finish reduction(s) A @ (B @ x)  [reassociated: the product t1 = gemm(A, B) is not formed] across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) t2_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(t2_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    float t2_c;
                    if (blockIdx.x == 0) {
                        float t2_f;
                        t2_gemv_finalize(t2_acc[k], 1.0f, 0.0f, 0.0f, t2_f);
                        t2_c = t2_f;
                    } else {
                        float t2_f;
                        t2_gemv_finalize(t2_acc[k], 1.0f, 0.0f, 0.0f, t2_f);
                        float t2_z;
                        t2_gemv_finalize(float(0), 1.0f, 0.0f, 0.0f, t2_z);
                        t2_c = t2_f - t2_z;
                    }
                    kf_atomic_add(&t2[s], t2_c);
                }
            }
        }
    }
}
