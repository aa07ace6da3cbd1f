// program waxpby: 1 call(s)
// ===================== routines =====================
// compute routine of w = waxpby(alpha, x, beta, y) [waxpby: map]
__device__ __forceinline__ void w_waxpby_compute(const float alpha, const float x, const float beta, const float y, float& w) {
    using T = float; using R = float;
    w = alpha * x + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(131072, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 131072 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 2 =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(65536, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 65536 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 3 =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(32768, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 32768 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 4 =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(16384, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16384 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 5 =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(32768, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 8, ITERS = 1;
    // grid: 32768 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 125, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(525, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 4, ITERS = 125;
    // grid: 525 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "5013983060028f58", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 67108864}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(524288, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_)

// kernel k0_w_waxpby: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const float alpha,
    const float* __restrict__ x_,
    const float beta,
    const float* __restrict__ y_,
    float* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 1, ITERS = 1;
    // grid: 524288 block(s)
    const float alpha_v = alpha;
    const float beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            float w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}
