// program sscal: 1 call(s)
// ===================== routines =====================
// compute routine of x = scal(alpha, x) [scal: map]
__device__ __forceinline__ void x_1_scal_compute(const kf_c64 alpha, const kf_c64 x, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * x;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(131072, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 131072 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 2 =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(65536, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 65536 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 3 =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(32768, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(512)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 32768 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 4 =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 125, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(1049, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 125;
    // grid: 1049 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== rank 1 with k0_x_1_scal in its implementation 5 =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 512, "iters": 125, "unroll": 4, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(263, 1, 1) block=(512, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:32)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(512)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 512, VEC = 4, ITERS = 125;
    // grid: 263 block(s)
    const kf_c64 alpha_v = alpha;
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 256, "iters": 249, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(527, 1, 1) block=(256, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1) aligned=(x:16)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 2, ITERS = 249;
    // grid: 527 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "e6dc1bdcadc45d51", "kernels": [{"calls": [0], "name": "k0_x_1_scal", "params": {"block": 128, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "sscal", "sizes": {"n": 67108864}}
// Plan: k0_x_1_scal runs call(s) [0]
// launch k0_x_1_scal grid=(524288, 1, 1) block=(128, 1, 1) smem=0 args=(host:alpha, in:x_, out:x_1)

// kernel k0_x_1_scal: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_x_1_scal(const kf_c64 alpha,
    const kf_c64* __restrict__ x_,
    kf_c64* __restrict__ x_1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 1, ITERS = 1;
    // grid: 524288 block(s)
    const kf_c64 alpha_v = alpha;
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: x = scal(alpha, x)   [scal: map, line 5]
            kf_c64 x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            kf_c64 x_1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_1_scal_compute(alpha_v, x__e[v], x_1_e[v]);
            kf_store_pack<VEC>(x_1, i0, N, x_1_e);
        }
    }
}
