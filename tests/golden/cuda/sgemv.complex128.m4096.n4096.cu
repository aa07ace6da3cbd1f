// program sgemv: 1 call(s)
// ===================== routines =====================
// compute routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_compute(const kf_c128 A, const kf_c128 x, kf_c128& acc) {
    using T = kf_c128; using R = double;
    acc += A * x;
}
// finalize routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_finalize(const kf_c128 acc, const kf_c128 alpha, const kf_c128 beta, const kf_c128 y, kf_c128& z) {
    using T = kf_c128; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(2, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) z[i] = 0u;   // 16384 words of z
}

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 2 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_c;
                    if (blockIdx.x == 0) {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_f);
                        z_c = z_f;
                    } else {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, kf_c128(0), z_f);
                        kf_c128 z_z;
                        z_gemv_finalize(kf_c128(0), alpha_v, beta_v, kf_c128(0), z_z);
                        z_c = z_f - z_z;
                    }
                    kf_atomic_add(&z[s], z_c);
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 2 =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 16, "finish": "atomic", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(2, 256, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) z[i] = 0u;   // 16384 words of z
}

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 2 x 256
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_c;
                    if (blockIdx.x == 0) {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_f);
                        z_c = z_f;
                    } else {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, kf_c128(0), z_f);
                        kf_c128 z_z;
                        z_gemv_finalize(kf_c128(0), alpha_v, beta_v, kf_c128(0), z_z);
                        z_c = z_f - z_z;
                    }
                    kf_atomic_add(&z[s], z_c);
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 3 =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(2, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) z[i] = 0u;   // 16384 words of z
}

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 2 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_c;
                    if (blockIdx.x == 0) {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_f);
                        z_c = z_f;
                    } else {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, kf_c128(0), z_f);
                        kf_c128 z_z;
                        z_gemv_finalize(kf_c128(0), alpha_v, beta_v, kf_c128(0), z_z);
                        z_c = z_f - z_z;
                    }
                    kf_atomic_add(&z[s], z_c);
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 4 =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 64, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 64;   // serial iterations; grid 1 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 5 =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 32, "ks": 1, "unroll": 2, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(2, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) z[i] = 0u;   // 16384 words of z
}

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 2 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_c;
                    if (blockIdx.x == 0) {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_f);
                        z_c = z_f;
                    } else {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, kf_c128(0), z_f);
                        kf_c128 z_z;
                        z_gemv_finalize(kf_c128(0), alpha_v, beta_v, kf_c128(0), z_z);
                        z_c = z_f - z_z;
                    }
                    kf_atomic_add(&z[s], z_c);
                }
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 512, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z)

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 512
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "9eb441d004573b83", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 32, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 4096, "n": 4096}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(64, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(4, 1024, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 16384; i += step) z[i] = 0u;   // 16384 words of z
}

// kernel k0_z_gemv: tile 4096 x 4096 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const kf_c128* __restrict__ A,
    const kf_c128* __restrict__ x_,
    const kf_c128 alpha,
    const kf_c128 beta,
    const kf_c128* __restrict__ y_,
    kf_c128* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 4096, F = 4096;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 32;   // serial iterations; grid 4 x 1024
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c128 alpha_v = alpha;
    const kf_c128 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c128 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c128>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c128 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c128(0);
        }
        kf_c128 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            #pragma unroll
            for (int v = 0; v < VEC; ++v) {
                const idx_t s = sb + ty + k * BY, f = fb + tx * VEC + v;
                if ((ALL_S || s < S) && (ALL_F || f < F)) z_gemv_compute(A_e[k][v], x__f[v], z_acc[k]);
            }
        }
    }
    // finish reduction(s) z = gemv(A, x, alpha=alpha, beta=beta, y=y) across the block
    {
        #pragma unroll
        for (int k = 0; k < KS; ++k) z_acc[k] = kf_lane_reduce<BX, kf_op_add_t>(z_acc[k]);
        if (tx == 0) {
            #pragma unroll
            for (int k = 0; k < KS; ++k) {
                const idx_t s = sb + ty + k * BY;
                if (ALL_S || s < S) {
                    kf_c128 z_c;
                    if (blockIdx.x == 0) {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_f);
                        z_c = z_f;
                    } else {
                        kf_c128 z_f;
                        z_gemv_finalize(z_acc[k], alpha_v, beta_v, kf_c128(0), z_f);
                        kf_c128 z_z;
                        z_gemv_finalize(kf_c128(0), alpha_v, beta_v, kf_c128(0), z_z);
                        z_c = z_f - z_z;
                    }
                    kf_atomic_add(&z[s], z_c);
                }
            }
        }
    }
}
