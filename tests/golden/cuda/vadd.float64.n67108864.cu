// program vadd: 2 call(s)
// ===================== routines =====================
// compute routine of t1 = add(w, y) [add: map]
__device__ __forceinline__ void t1_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of x = w + y + z [add: map]
__device__ __forceinline__ void x_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(131072, 1, 1) block=(128, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_) aligned=(w:32, y:32, z:32)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 131072 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0], "name": "k0_t1_add", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [1], "name": "k1_x_add", "params": {"block": 128, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add runs call(s) [0]; k1_x_add runs call(s) [1]
// launch k0_t1_add grid=(131072, 1, 1) block=(128, 1, 1) smem=0 args=(in:w_, in:y_, out:t1) aligned=(w:32, y:32)
// launch k1_x_add grid=(131072, 1, 1) block=(128, 1, 1) smem=0 args=(in:t1, in:z, out:x_) aligned=(t1:32, z:32)

// kernel k0_t1_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 131072 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            kf_store_pack<VEC>(t1, i0, N, t1_e);
        }
    }
}

// kernel k1_x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k1_x_add(const double* __restrict__ t1,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    // grid: 131072 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 1: x = w + y + z   [add: map, line 4]
            double t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== rank 1 with k0_t1_add__x_add in its implementation 2 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 128, "iters": 125, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(1049, 1, 1) block=(128, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_) aligned=(w:32, y:32, z:32)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 4, ITERS = 125;
    // grid: 1049 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== rank 1 with k0_t1_add__x_add in its implementation 3 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(65536, 1, 1) block=(256, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_) aligned=(w:32, y:32, z:32)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 65536 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== rank 1 with k0_t1_add__x_add in its implementation 4 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 256, "iters": 125, "unroll": 4, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(525, 1, 1) block=(256, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_) aligned=(w:32, y:32, z:32)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 4, ITERS = 125;
    // grid: 525 block(s)
    #pragma unroll 4   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== rank 1 with k0_t1_add__x_add in its implementation 5 =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(32768, 1, 1) block=(512, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_) aligned=(w:32, y:32, z:32)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(512)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 32768 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0], "name": "k0_t1_add", "params": {"block": 256, "iters": 249, "vec": 2}, "space": "vec"}, {"calls": [1], "name": "k1_x_add", "params": {"block": 256, "iters": 249, "vec": 2}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add runs call(s) [0]; k1_x_add runs call(s) [1]
// launch k0_t1_add grid=(527, 1, 1) block=(256, 1, 1) smem=0 args=(in:w_, in:y_, out:t1) aligned=(w:16, y:16)
// launch k1_x_add grid=(527, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:z, out:x_) aligned=(t1:16, z:16)

// kernel k0_t1_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k0_t1_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 2, ITERS = 249;
    // grid: 527 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            kf_store_pack<VEC>(t1, i0, N, t1_e);
        }
    }
}

// kernel k1_x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(256)
k1_x_add(const double* __restrict__ t1,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 256, VEC = 2, ITERS = 249;
    // grid: 527 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 1: x = w + y + z   [add: map, line 4]
            double t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "69abcf560260d1ee", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__x_add", "params": {"block": 128, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "vadd", "sizes": {"n": 67108864}}
// Plan: k0_t1_add__x_add runs call(s) [0, 1]
// launch k0_t1_add__x_add grid=(524288, 1, 1) block=(128, 1, 1) smem=0 args=(in:w_, in:y_, in:z, out:x_)

// kernel k0_t1_add__x_add: vec, N = 67108864
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add__x_add(const double* __restrict__ w_,
    const double* __restrict__ y_,
    const double* __restrict__ z,
    double* __restrict__ x_)
{
    using idx_t = int;
    constexpr idx_t N = 67108864;
    constexpr int BS = 128, VEC = 1, ITERS = 1;
    // grid: 524288 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 0: t1 = add(w, y)   [add: map, line 4]
            double w__e[VEC]; kf_load_pack<VEC>(w_, i0, N, w__e);
            double y__e[VEC]; kf_load_pack<VEC>(y_, i0, N, y__e);
            double t1_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t1_add_compute(w__e[v], y__e[v], t1_e[v]);
            // call 1: x = w + y + z   [add: map, line 4]
            double z_e[VEC]; kf_load_pack<VEC>(z, i0, N, z_e);
            double x__e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) x_add_compute(t1_e[v], z_e[v], x__e[v]);
            kf_store_pack<VEC>(x_, i0, N, x__e);
        }
    }
}
