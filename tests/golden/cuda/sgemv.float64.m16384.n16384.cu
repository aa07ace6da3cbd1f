// program sgemv: 1 call(s)
// ===================== routines =====================
// compute routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_compute(const double A, const double x, double& acc) {
    using T = double; using R = double;
    acc += A * x;
}
// finalize routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_finalize(const double acc, const double alpha, const double beta, const double y, double& z) {
    using T = double; using R = double;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    double z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 2 =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    double z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 3 =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    double z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 4 =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 1, "unroll": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    #pragma unroll 2   // more loads in flight
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    double z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 5 =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "atomic", "iter_axis": "fast", "iters": 128, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 2048, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
        const double z_r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(z_acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                double z_o;
                z_gemv_finalize(z_r, alpha_v, beta_v, y_[s], z_o);
                z[s] = z_o;
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 256, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(1, 2048, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:16, x:16)

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 256;   // serial iterations; grid 1 x 2048
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    double z_o;
                    z_gemv_finalize(z_acc[k], alpha_v, beta_v, y_[s], z_o);
                    z[s] = z_o;
                }
            }
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "e7ddb4ea68ae658a", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 4, "finish": "last_block", "iter_axis": "fast", "iters": 128, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 16384, "n": 16384}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(4, 4096, 1) block=(32, 4, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[524288B], counter:kf_count_z[16384B])

// kernel k0_z_gemv: tile 16384 x 16384 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(128, 8)
k0_z_gemv(const double* __restrict__ A,
    const double* __restrict__ x_,
    const double alpha,
    const double beta,
    const double* __restrict__ y_,
    double* __restrict__ z,
    double* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 16384, F = 16384;   // slow x fast extent
    constexpr int BX = 32, BY = 4, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 128;   // serial iterations; grid 4 x 4096
    constexpr bool ALL_S = true, ALL_F = true;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const double alpha_v = alpha;
    const double beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    double z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<double>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        double A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = double(0);
        }
        double x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
                    kf_part_z[(idx_t)blockIdx.x * S + s] = z_acc[k];
                }
            }
        }
    }
    // the last block of each strip finishes z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    if (kf_last_block(kf_count_z + blockIdx.y, 4)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 16384 ? lo + (TS) : 16384;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            double z_a = kf_op_add_t<double>::identity();
            for (int b = 0; b < 4; ++b) z_a = kf_op_add_t<double>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 16384 + x]));
            double z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}
