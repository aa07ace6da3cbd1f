// program waxpby: 1 call(s)
// ===================== routines =====================
// compute routine of w = waxpby(alpha, x, beta, y) [waxpby: map]
__device__ __forceinline__ void w_waxpby_compute(const kf_c64 alpha, const kf_c64 x, const kf_c64 beta, const kf_c64 y, kf_c64& w) {
    using T = kf_c64; using R = float;
    w = alpha * x + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 2, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(1024, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 4, ITERS = 2;
    // grid: 1024 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 2 =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 2, "unroll": 4, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(256, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 512, VEC = 4, ITERS = 2;
    // grid: 256 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 3 =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 2, "unroll": 4, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 256, VEC = 4, ITERS = 2;
    // grid: 512 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 4 =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 2, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(256, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 512, VEC = 4, ITERS = 2;
    // grid: 256 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 5 =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 2, "unroll": 4, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(1024, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 4, ITERS = 2;
    // grid: 1024 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 4, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 256, VEC = 2, ITERS = 4;
    // grid: 512 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "ed48252ee1dc752a", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 2, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1048576}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(4096, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_)

// kernel k0_w_waxpby: vec, N = 1048576
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1048576;
    constexpr int BS = 128, VEC = 1, ITERS = 2;
    // grid: 4096 block(s)
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            kf_c64 w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}
