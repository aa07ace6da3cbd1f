// program sgemv: 1 call(s)
// ===================== routines =====================
// compute routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_compute(const kf_c64 A, const kf_c64 x, kf_c64& acc) {
    using T = kf_c64; using R = float;
    acc += A * x;
}
// finalize routine of z = gemv(A, x, alpha=alpha, beta=beta, y=y) [gemv: nested_reduce]
__device__ __forceinline__ void z_gemv_finalize(const kf_c64 acc, const kf_c64 alpha, const kf_c64 beta, const kf_c64 y, kf_c64& z) {
    using T = kf_c64; using R = float;
    z = alpha * acc + beta * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(8, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[2112B], counter:kf_count_z[20B]) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
    if (kf_last_block(kf_count_z + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 2 =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[2112B], counter:kf_count_z[12B]) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
        const kf_c64 z_r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(z_acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_z[(idx_t)blockIdx.x * S + s] = z_r;
            }
        }
    }
    // the last block of each strip finishes z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    if (kf_last_block(kf_count_z + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 3 =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(8, 2, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[2112B], counter:kf_count_z[8B]) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 2
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
        const kf_c64 z_r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(z_acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_part_z[(idx_t)blockIdx.x * S + s] = z_r;
            }
        }
    }
    // the last block of each strip finishes z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    if (kf_last_block(kf_count_z + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 4 =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 16, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(8, 3, 1) block=(32, 16, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[2112B], counter:kf_count_z[12B]) aligned=(A:32, x:32)

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(512, 2)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 16, KS = 1, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
    if (kf_last_block(kf_count_z + blockIdx.y, 8)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 8; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}

// ===================== rank 1 with k0_z_gemv in its implementation 5 =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "finish": "atomic", "iter_axis": "fast", "iters": 1, "ks": 2, "vec": 4}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]; first kf_zero_outputs zeroes z
// launch kf_zero_outputs grid=(1, 1, 1) block=(256, 1, 1) smem=0 args=(out:z)
// launch k0_z_gemv grid=(8, 3, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z) aligned=(A:32, x:32)

// zero the outputs atomics sum into: z (k0_z_gemv)
extern "C" __global__ void __launch_bounds__(256)
kf_zero_outputs(unsigned int* __restrict__ z)
{
    const int i0 = ((int)blockIdx.x * blockDim.x + threadIdx.x), step = (int)gridDim.x * blockDim.x;
    for (int i = i0; i < 66; i += step) z[i] = 0u;   // 66 words of z
}

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 2, VEC = 4, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 8 x 3
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
        const kf_c64 z_r = kf_lane_reduce_k<BX, KS, kf_op_add_t>(z_acc);   // row k = tx / (BX / KS)
        if (tx % (BX / KS) == 0) {
            const int k = tx / (BX / KS);
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) {
                kf_c64 z_c;
                if (blockIdx.x == 0) {
                    kf_c64 z_f;
                    z_gemv_finalize(z_r, alpha_v, beta_v, y_[s], z_f);
                    z_c = z_f;
                } else {
                    kf_c64 z_f;
                    z_gemv_finalize(z_r, alpha_v, beta_v, kf_c64(0), z_f);
                    kf_c64 z_z;
                    z_gemv_finalize(kf_c64(0), alpha_v, beta_v, kf_c64(0), z_z);
                    z_c = z_f - z_z;
                }
                kf_atomic_add(&z[s], z_c);
            }
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 2}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(16, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[4224B], counter:kf_count_z[20B]) aligned=(A:16, x:16)

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 2, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 16 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
    if (kf_last_block(kf_count_z + blockIdx.y, 16)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 16; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "35fc612f5c3ce6b8", "kernels": [{"calls": [0], "name": "k0_z_gemv", "params": {"bx": 32, "by": 8, "finish": "last_block", "iter_axis": "fast", "iters": 1, "ks": 1, "vec": 1}, "space": "tile"}], "kfuse_plan": 1, "program": "sgemv", "sizes": {"m": 33, "n": 1000}}
// Plan: k0_z_gemv runs call(s) [0]
// launch k0_z_gemv grid=(32, 5, 1) block=(32, 8, 1) smem=0 args=(in:A, in:x_, host:alpha, host:beta, in:y_, out:z, partial:kf_part_z[8448B], counter:kf_count_z[20B])

// kernel k0_z_gemv: tile 33 x 1000 (lead order C), iterating along fast
extern "C" __global__ void __launch_bounds__(256, 4)
k0_z_gemv(const kf_c64* __restrict__ A,
    const kf_c64* __restrict__ x_,
    const kf_c64 alpha,
    const kf_c64 beta,
    const kf_c64* __restrict__ y_,
    kf_c64* __restrict__ z,
    kf_c64* __restrict__ kf_part_z,
    unsigned int* __restrict__ kf_count_z)
{
    using idx_t = int;
    constexpr idx_t S = 33, F = 1000;   // slow x fast extent
    constexpr int BX = 32, BY = 8, KS = 1, VEC = 1, TF = BX * VEC, TS = BY * KS;
    constexpr int ITERS = 1;   // serial iterations; grid 32 x 5
    constexpr bool ALL_S = false, ALL_F = false;   // the grid covers S (F) exactly: no bounds checks along it
    const int tx = threadIdx.x, ty = threadIdx.y;
    const kf_c64 alpha_v = alpha;
    const kf_c64 beta_v = beta;
    const idx_t sb = (idx_t)blockIdx.y * TS;          // invariant: the loop walks along F
    kf_c64 z_acc[KS];          // clear output of reduction z = gemv(A, x, alpha=alpha, beta=beta, y=y)
    #pragma unroll
    for (int r = 0; r < KS; ++r) z_acc[r] = kf_op_add_t<kf_c64>::identity();
    for (int it = 0; it < ITERS; ++it) {
        const idx_t fb = ((idx_t)blockIdx.x * ITERS + it) * TF;
        // call 0: z = gemv(A, x, alpha=alpha, beta=beta, y=y)   [gemv: nested_reduce, line 6]
        kf_c64 A_e[KS][VEC];                        // load A
        #pragma unroll
        for (int k = 0; k < KS; ++k) {
            const idx_t s = sb + ty + k * BY;
            if (ALL_S || s < S) kf_load_pack<VEC, ALL_F>(A + (idx_t)s * F, fb + tx * VEC, F, A_e[k]);
            else
                for (int v = 0; v < VEC; ++v) A_e[k][v] = kf_c64(0);
        }
        kf_c64 x__f[VEC]; kf_load_pack<VEC, ALL_F>(x_, fb + tx * VEC, F, x__f);   // load: x along F
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
    if (kf_last_block(kf_count_z + blockIdx.y, 32)) {
        const idx_t lo = (idx_t)blockIdx.y * (TS);
        const idx_t hi = lo + (TS) < 33 ? lo + (TS) : 33;
        for (idx_t x = lo + tx + ty * BX; x < hi; x += BX * BY) {
            kf_c64 z_a = kf_op_add_t<kf_c64>::identity();
            for (int b = 0; b < 32; ++b) z_a = kf_op_add_t<kf_c64>::apply(z_a, kf_ldcg(&kf_part_z[(idx_t)b * 33 + x]));
            kf_c64 z_o;
            z_gemv_finalize(z_a, alpha_v, beta_v, y_[x], z_o);
            z[x] = z_o;
        }
    }
}
