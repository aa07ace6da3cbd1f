// program sscal: 1 call(s)
// ===================== routines =====================
// compute routine of x = scal(alpha, x) [scal: map]
__device__ __forceinline__ void x_1_scal_compute(const kf_c128 alpha, const kf_c128 x, kf_c128& z) {
    using T = kf_c128; using R = double;
    z = alpha * x;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(1024, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 2, ITERS = 4;
    // grid: 1024 block(s)
    const kf_c128 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 2 =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 512, "iters": 4, "unroll": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(256, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(512)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 512, VEC = 2, ITERS = 4;
    // grid: 256 block(s)
    const kf_c128 alpha_v = alpha;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 3 =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 256, "iters": 4, "unroll": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(256)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 256, VEC = 2, ITERS = 4;
    // grid: 512 block(s)
    const kf_c128 alpha_v = alpha;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 4 =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 512, "iters": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(256, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(512)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 512, VEC = 2, ITERS = 4;
    // grid: 256 block(s)
    const kf_c128 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 5 =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 4, "unroll": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(1024, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 2, ITERS = 4;
    // grid: 1024 block(s)
    const kf_c128 alpha_v = alpha;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 256, "iters": 8, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(256)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 256, VEC = 1, ITERS = 8;
    // grid: 512 block(s)
    const kf_c128 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "ed7dd9e18aca15e0", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 4, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 1048576}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(2048, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1)

// kernel k0_x_1_scal: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c128 alpha,
    const kf_c128* __restrict__ x_,
    kf_c128* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 1, ITERS = 4;
    // grid: 2048 block(s)
    const kf_c128 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c128 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c128 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}
