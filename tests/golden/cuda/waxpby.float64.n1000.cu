// program waxpby: 1 call(s)
// ===================== routines =====================
// compute routine of w = waxpby(alpha, x, beta, y) [waxpby: map]
__device__ __forceinline__ void w_waxpby_compute(const double alpha, const double x, const double beta, const double y, double& w) {
    using T = double; using R = double;
    w = alpha * x + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(1, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 1 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 2 =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 1 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 3 =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(2, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:32, y:32)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(128)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 2 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 4 =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 1, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(1, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 512, VEC = 2, ITERS = 1;
    // grid: 1 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== rank 1 with k0_w_waxpby in its implementation 5 =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 1, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(2, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 256, VEC = 2, ITERS = 1;
    // grid: 2 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 256, "iters": 1, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(2, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_) aligned=(x:16, y:16)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(256)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 256, VEC = 2, ITERS = 1;
    // grid: 2 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "67a369abd8323265", "kernels": [{"calls": [0], "name": "k0_w_waxpby", "params": {"block": 512, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "waxpby", "sizes": {"n": 1000}}
// Plan: k0_w_waxpby runs call(s) [0]
// launch k0_w_waxpby grid=(2, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, host:beta, in:y_, out:w_)

// kernel k0_w_waxpby: vec, N = 1000
extern "C" __global__ void __launch_bounds__(512)
k0_w_waxpby(const double alpha,
    const double* __restrict__ x_,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ w_)
{
    using idx_t = int;
    constexpr idx_t N = 1000;
    constexpr int BS = 512, VEC = 1, ITERS = 1;
    // grid: 2 block(s)
    const double alpha_v = alpha;
    const double beta_v = beta;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: w = waxpby(alpha, x, beta, y)   [waxpby: map, line 5]
            double x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double w__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) w_waxpby_compute(alpha_v, x__e[v], beta_v, y__e[v], w__e[v]);
            kf_store_pack<VEC>(w_, i0, N, w__e);
        }
    }
}
