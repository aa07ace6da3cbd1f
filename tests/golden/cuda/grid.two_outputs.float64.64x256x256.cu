// program two_outputs: 7 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(a0[1:63, 1:255, 0:256], 4.0) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t2 = sub(t1, a0[2:64, 1:255, 0:256]) [sub: map]
__device__ __forceinline__ void t2_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t3 = sub(t2, a0[0:62, 1:255, 0:256]) [sub: map]
__device__ __forceinline__ void t3_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t4 = sub(t3, a0[1:63, 2:256, 0:256]) [sub: map]
__device__ __forceinline__ void t4_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t5 = sub(t4, a0[1:63, 0:254, 0:256]) [sub: map]
__device__ __forceinline__ void t5_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t6 = sub(a1[1:64, 0:256, 0:256], a1[0:63, 0:256, 0:256]) [sub: map]
__device__ __forceinline__ void t6_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t7 = max(t5) [max: reduce]
__device__ __forceinline__ void t7_max_compute(const double x, double& acc) {
    using T = double; using R = double;
    acc = kf_op_max(acc, x);
}
// finalize routine of t7 = max(t5) [max: reduce]
__device__ __forceinline__ void t7_max_finalize(const double acc, double& r) {
    using T = double; using R = double;
    r = acc;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "c36c065f6faf5727", "kernels": [{"calls": [0, 1], "name": "k0_t1_mul__t2_sub", "params": {"bx": 32, "by": 4, "py": 4, "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k1_t3_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k2_t4_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k3_t5_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k4_t6_sub", "params": {"bx": 32, "by": 4, "py": 4, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k5_t7_max", "params": {"bx": 32, "by": 8, "py": 4, "vec": 2, "zc": 4}, "space": "grid"}], "kfuse_plan": 1, "program": "two_outputs", "sizes": {}}
// Plan: k0_t1_mul__t2_sub runs call(s) [0, 1]; k1_t3_sub runs call(s) [2]; k2_t4_sub runs call(s) [3]; k3_t5_sub runs call(s) [4]; k4_t6_sub runs call(s) [5]; k5_t7_max runs call(s) [6]
// launch k0_t1_mul__t2_sub grid=(7936, 1, 1) block=(128, 1, 1) smem=0 args=(in:a0, out:t2)
// launch k1_t3_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t2, in:a0, out:t3)
// launch k2_t4_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k3_t5_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k4_t6_sub grid=(8064, 1, 1) block=(128, 1, 1) smem=0 args=(in:a1, out:t6)
// launch k5_t7_max grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, out:t7, partial:kf_part_t7[4096B], counter:kf_count[4B]) aligned=(t5:16)

// kernel k0_t1_mul__t2_sub: grid 62 x 254 x 256 (C order), block 32 x 4, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_mul__t2_sub(const double* __restrict__ a0,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 4, PX = 1, PY = 4, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 1, NBY = 16;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 62
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + x_b * BX * PX + tx;
            const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
            const idx_t t2_at = (idx_t)x_p + (idx_t)(y_p - 1) * 256 + (idx_t)(z_p - 1) * 65024;
            if (x_p >= 0 && x_p < 256 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 63) {
                const double a0_e = a0[a0_at];
                // call 0: t1 = mul(a0[1:63, 1:255, 0:256], 4.0)
                double t1_e;
                t1_mul_compute(a0_e, 4.0, t1_e);
                const double a0_z1_e = a0[a0_at + 65536];
                // call 1: t2 = sub(t1, a0[2:64, 1:255, 0:256])
                double t2_e;
                t2_sub_compute(t1_e, a0_z1_e, t2_e);
                t2[t2_at] = t2_e;   // store t2
            }
        }
    }
}

// kernel k1_t3_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t3_sub(const double* __restrict__ t2,
    const double* __restrict__ a0,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)z_p * 65536;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t2_e = t2[t2_at];
                    const double a0_e = a0[a0_at];
                    // call 2: t3 = sub(t2, a0[0:62, 1:255, 0:256])
                    double t3_e;
                    t3_sub_compute(t2_e, a0_e, t3_e);
                    t3[t3_at] = t3_e;   // store t3
                }
            }
        }
    }
}

// kernel k2_t4_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t4_sub(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t3_e = t3[t3_at];
                    const double a0_e = a0[a0_at];
                    // call 3: t4 = sub(t3, a0[1:63, 2:256, 0:256])
                    double t4_e;
                    t4_sub_compute(t3_e, a0_e, t4_e);
                    t4[t4_at] = t4_e;   // store t4
                }
            }
        }
    }
}

// kernel k3_t5_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t5_sub(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t4_e = t4[t4_at];
                    const double a0_e = a0[a0_at];
                    // call 4: t5 = sub(t4, a0[1:63, 0:254, 0:256])
                    double t5_e;
                    t5_sub_compute(t4_e, a0_e, t5_e);
                    t5[t5_at] = t5_e;   // store t5
                }
            }
        }
    }
}

// kernel k4_t6_sub: grid 63 x 256 x 256 (C order), block 32 x 4, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k4_t6_sub(const double* __restrict__ a1,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 4, PX = 1, PY = 4, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 255
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 63
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + x_b * BX * PX + tx;
            const idx_t a1_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
            const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - 1) * 65536;
            if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 256 && z_p >= 1 && z_p < 64) {
                const double a1_e = a1[a1_at];
                const double a1_zm1_e = a1[a1_at - 65536];
                // call 5: t6 = sub(a1[1:64, 0:256, 0:256], a1[0:63, 0:256, 0:256])
                double t6_e;
                t6_sub_compute(a1_e, a1_zm1_e, t6_e);
                t6[t6_at] = t6_e;   // store t6
            }
        }
    }
}

// kernel k5_t7_max: grid 62 x 254 x 256 (C order), block 32 x 8, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k5_t7_max(const double* __restrict__ t5,
    double* __restrict__ t7,
    double* __restrict__ kf_part_t7,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 4, VEC = 2, ZC = 4, BS = 256;
    constexpr int GRID = 512;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 8;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    double t7_acc = kf_op_max_t<double>::identity();   // clear output of accumulated reduction
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + (x_b * BX + tx) * VEC;
            const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
            if (x_p >= 0 && x_p < 255 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {   // all 2 points inside
                const double2 t5_q = *reinterpret_cast<const double2*>(&t5[t5_at]);
                t7_max_compute(t5_q.x, t7_acc);   // call 6: t7 = max(t5)
                t7_max_compute(t5_q.y, t7_acc);   // call 6: t7 = max(t5)
            } else {   // the points one by one
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_e = t5[t5_at];
                    t7_max_compute(t5_e, t7_acc);   // call 6: t7 = max(t5)
                }
                if (x_p + 1 >= 0 && x_p + 1 < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_x1_e = t5[t5_at + 1];
                    t7_max_compute(t5_x1_e, t7_acc);   // call 6: t7 = max(t5)
                }
            }
        }
    }
    // finish the reduction of call 6 (t7 = max(t5)) in the block
    {
        __shared__ double kf_red_t7[(BS + 31) / 32];
        t7_acc = kf_block_reduce<BS, kf_op_max_t>(t7_acc, kf_red_t7);
        if (threadIdx.x == 0) kf_part_t7[blockIdx.x] = t7_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            double acc = kf_op_max_t<double>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_max_t<double>::apply(acc, kf_ldcg(&kf_part_t7[b]));
            __shared__ double kf_red2_t7[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_max_t>(acc, kf_red2_t7);
            if (threadIdx.x == 0) {
                double t7_f;
                t7_max_finalize(acc, t7_f);
                t7[0] = t7_f;
            }
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "c36c065f6faf5727", "kernels": [{"calls": [0, 5], "name": "k0_t1_mul__t6_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [1], "name": "k1_t2_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k2_t3_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k3_t4_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k4_t5_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k5_t7_max", "params": {"bx": 32, "by": 8, "py": 4, "vec": 2, "zc": 4}, "space": "grid"}], "kfuse_plan": 1, "program": "two_outputs", "sizes": {}}
// Plan: k0_t1_mul__t6_sub runs call(s) [0, 5]; k1_t2_sub runs call(s) [1]; k2_t3_sub runs call(s) [2]; k3_t4_sub runs call(s) [3]; k4_t5_sub runs call(s) [4]; k5_t7_max runs call(s) [6]
// launch k0_t1_mul__t6_sub grid=(4032, 1, 1) block=(256, 1, 1) smem=0 args=(in:a0, in:a1, out:t1, out:t6)
// launch k1_t2_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:a0, out:t2)
// launch k2_t3_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t2, in:a0, out:t3)
// launch k3_t4_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k4_t5_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k5_t7_max grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, out:t7, partial:kf_part_t7[4096B], counter:kf_count[4B]) aligned=(t5:16)

// kernel k0_t1_mul__t6_sub: grid 63 x 256 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k0_t1_mul__t6_sub(const double* __restrict__ a0,
    const double* __restrict__ a1,
    double* __restrict__ t1,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 255
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 63
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
                const idx_t t1_at = (idx_t)x_p + (idx_t)(y_p - 1) * 256 + (idx_t)(z_p - 1) * 65024;
                const idx_t a1_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
                const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - 1) * 65536;
                if (x_p >= 0 && x_p < 256 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 63) {
                    const double a0_e = a0[a0_at];
                    // call 0: t1 = mul(a0[1:63, 1:255, 0:256], 4.0)
                    double t1_e;
                    t1_mul_compute(a0_e, 4.0, t1_e);
                    t1[t1_at] = t1_e;   // store t1
                }
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 256 && z_p >= 1 && z_p < 64) {
                    const double a1_e = a1[a1_at];
                    const double a1_zm1_e = a1[a1_at - 65536];
                    // call 5: t6 = sub(a1[1:64, 0:256, 0:256], a1[0:63, 0:256, 0:256])
                    double t6_e;
                    t6_sub_compute(a1_e, a1_zm1_e, t6_e);
                    t6[t6_at] = t6_e;   // store t6
                }
            }
        }
    }
}

// kernel k1_t2_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t2_sub(const double* __restrict__ t1,
    const double* __restrict__ a0,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -2) * 65536;
                const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t1_e = t1[t1_at];
                    const double a0_e = a0[a0_at];
                    // call 1: t2 = sub(t1, a0[2:64, 1:255, 0:256])
                    double t2_e;
                    t2_sub_compute(t1_e, a0_e, t2_e);
                    t2[t2_at] = t2_e;   // store t2
                }
            }
        }
    }
}

// kernel k2_t3_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t3_sub(const double* __restrict__ t2,
    const double* __restrict__ a0,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)z_p * 65536;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t2_e = t2[t2_at];
                    const double a0_e = a0[a0_at];
                    // call 2: t3 = sub(t2, a0[0:62, 1:255, 0:256])
                    double t3_e;
                    t3_sub_compute(t2_e, a0_e, t3_e);
                    t3[t3_at] = t3_e;   // store t3
                }
            }
        }
    }
}

// kernel k3_t4_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t4_sub(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t3_e = t3[t3_at];
                    const double a0_e = a0[a0_at];
                    // call 3: t4 = sub(t3, a0[1:63, 2:256, 0:256])
                    double t4_e;
                    t4_sub_compute(t3_e, a0_e, t4_e);
                    t4[t4_at] = t4_e;   // store t4
                }
            }
        }
    }
}

// kernel k4_t5_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k4_t5_sub(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t4_e = t4[t4_at];
                    const double a0_e = a0[a0_at];
                    // call 4: t5 = sub(t4, a0[1:63, 0:254, 0:256])
                    double t5_e;
                    t5_sub_compute(t4_e, a0_e, t5_e);
                    t5[t5_at] = t5_e;   // store t5
                }
            }
        }
    }
}

// kernel k5_t7_max: grid 62 x 254 x 256 (C order), block 32 x 8, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k5_t7_max(const double* __restrict__ t5,
    double* __restrict__ t7,
    double* __restrict__ kf_part_t7,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 4, VEC = 2, ZC = 4, BS = 256;
    constexpr int GRID = 512;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 8;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    double t7_acc = kf_op_max_t<double>::identity();   // clear output of accumulated reduction
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + (x_b * BX + tx) * VEC;
            const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
            if (x_p >= 0 && x_p < 255 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {   // all 2 points inside
                const double2 t5_q = *reinterpret_cast<const double2*>(&t5[t5_at]);
                t7_max_compute(t5_q.x, t7_acc);   // call 6: t7 = max(t5)
                t7_max_compute(t5_q.y, t7_acc);   // call 6: t7 = max(t5)
            } else {   // the points one by one
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_e = t5[t5_at];
                    t7_max_compute(t5_e, t7_acc);   // call 6: t7 = max(t5)
                }
                if (x_p + 1 >= 0 && x_p + 1 < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_x1_e = t5[t5_at + 1];
                    t7_max_compute(t5_x1_e, t7_acc);   // call 6: t7 = max(t5)
                }
            }
        }
    }
    // finish the reduction of call 6 (t7 = max(t5)) in the block
    {
        __shared__ double kf_red_t7[(BS + 31) / 32];
        t7_acc = kf_block_reduce<BS, kf_op_max_t>(t7_acc, kf_red_t7);
        if (threadIdx.x == 0) kf_part_t7[blockIdx.x] = t7_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            double acc = kf_op_max_t<double>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_max_t<double>::apply(acc, kf_ldcg(&kf_part_t7[b]));
            __shared__ double kf_red2_t7[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_max_t>(acc, kf_red2_t7);
            if (threadIdx.x == 0) {
                double t7_f;
                t7_max_finalize(acc, t7_f);
                t7[0] = t7_f;
            }
        }
    }
}

// ===================== rank 3 =====================
// plan {"fingerprint": "c36c065f6faf5727", "kernels": [{"calls": [0], "name": "k0_t1_mul", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [1], "name": "k1_t2_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k2_t3_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k3_t4_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k4_t5_sub", "params": {"bx": 32, "by": 8, "px": 2, "py": 2, "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k5_t6_sub", "params": {"bx": 32, "by": 4, "py": 4, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k6_t7_max", "params": {"bx": 32, "by": 8, "py": 4, "vec": 2, "zc": 4}, "space": "grid"}], "kfuse_plan": 1, "program": "two_outputs", "sizes": {}}
// Plan: k0_t1_mul runs call(s) [0]; k1_t2_sub runs call(s) [1]; k2_t3_sub runs call(s) [2]; k3_t4_sub runs call(s) [3]; k4_t5_sub runs call(s) [4]; k5_t6_sub runs call(s) [5]; k6_t7_max runs call(s) [6]
// launch k0_t1_mul grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:a0, out:t1)
// launch k1_t2_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:a0, out:t2)
// launch k2_t3_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t2, in:a0, out:t3)
// launch k3_t4_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k4_t5_sub grid=(3968, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k5_t6_sub grid=(8064, 1, 1) block=(128, 1, 1) smem=0 args=(in:a1, out:t6)
// launch k6_t7_max grid=(512, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, out:t7, partial:kf_part_t7[4096B], counter:kf_count[4B]) aligned=(t5:16)

// kernel k0_t1_mul: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k0_t1_mul(const double* __restrict__ a0,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 1, NBY = 16;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 62
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
                const idx_t t1_at = (idx_t)x_p + (idx_t)(y_p - 1) * 256 + (idx_t)(z_p - 1) * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 63) {
                    const double a0_e = a0[a0_at];
                    // call 0: t1 = mul(a0[1:63, 1:255, 0:256], 4.0)
                    double t1_e;
                    t1_mul_compute(a0_e, 4.0, t1_e);
                    t1[t1_at] = t1_e;   // store t1
                }
            }
        }
    }
}

// kernel k1_t2_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t2_sub(const double* __restrict__ t1,
    const double* __restrict__ a0,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -2) * 65536;
                const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t1_e = t1[t1_at];
                    const double a0_e = a0[a0_at];
                    // call 1: t2 = sub(t1, a0[2:64, 1:255, 0:256])
                    double t2_e;
                    t2_sub_compute(t1_e, a0_e, t2_e);
                    t2[t2_at] = t2_e;   // store t2
                }
            }
        }
    }
}

// kernel k2_t3_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t3_sub(const double* __restrict__ t2,
    const double* __restrict__ a0,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)z_p * 65536;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t2_e = t2[t2_at];
                    const double a0_e = a0[a0_at];
                    // call 2: t3 = sub(t2, a0[0:62, 1:255, 0:256])
                    double t3_e;
                    t3_sub_compute(t2_e, a0_e, t3_e);
                    t3[t3_at] = t3_e;   // store t3
                }
            }
        }
    }
}

// kernel k3_t4_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t4_sub(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t3_e = t3[t3_at];
                    const double a0_e = a0[a0_at];
                    // call 3: t4 = sub(t3, a0[1:63, 2:256, 0:256])
                    double t4_e;
                    t4_sub_compute(t3_e, a0_e, t4_e);
                    t4[t4_at] = t4_e;   // store t4
                }
            }
        }
    }
}

// kernel k4_t5_sub: grid 62 x 254 x 256 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k4_t5_sub(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 2, PY = 2, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            #pragma unroll
            for (int i = 0; i < PX; ++i) {
                const int x_p = X0 + x_b * BX * PX + i * BX + tx;
                const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - -1) * 65536;
                const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t4_e = t4[t4_at];
                    const double a0_e = a0[a0_at];
                    // call 4: t5 = sub(t4, a0[1:63, 0:254, 0:256])
                    double t5_e;
                    t5_sub_compute(t4_e, a0_e, t5_e);
                    t5[t5_at] = t5_e;   // store t5
                }
            }
        }
    }
}

// kernel k5_t6_sub: grid 63 x 256 x 256 (C order), block 32 x 4, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k5_t6_sub(const double* __restrict__ a1,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 4, PX = 1, PY = 4, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 16;   // y (axis 1): points 0 .. 255
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 63
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + x_b * BX * PX + tx;
            const idx_t a1_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
            const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)(z_p - 1) * 65536;
            if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 256 && z_p >= 1 && z_p < 64) {
                const double a1_e = a1[a1_at];
                const double a1_zm1_e = a1[a1_at - 65536];
                // call 5: t6 = sub(a1[1:64, 0:256, 0:256], a1[0:63, 0:256, 0:256])
                double t6_e;
                t6_sub_compute(a1_e, a1_zm1_e, t6_e);
                t6[t6_at] = t6_e;   // store t6
            }
        }
    }
}

// kernel k6_t7_max: grid 62 x 254 x 256 (C order), block 32 x 8, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k6_t7_max(const double* __restrict__ t5,
    double* __restrict__ t7,
    double* __restrict__ kf_part_t7,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 4, VEC = 2, ZC = 4, BS = 256;
    constexpr int GRID = 512;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 255
    constexpr int Y0 = 0, NBY = 8;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 61
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    double t7_acc = kf_op_max_t<double>::identity();   // clear output of accumulated reduction
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        #pragma unroll
        for (int j = 0; j < PY; ++j) {
            const int y_p = Y0 + y_b * BY * PY + j * BY + ty;
            const int x_p = X0 + (x_b * BX + tx) * VEC;
            const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65024;
            if (x_p >= 0 && x_p < 255 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {   // all 2 points inside
                const double2 t5_q = *reinterpret_cast<const double2*>(&t5[t5_at]);
                t7_max_compute(t5_q.x, t7_acc);   // call 6: t7 = max(t5)
                t7_max_compute(t5_q.y, t7_acc);   // call 6: t7 = max(t5)
            } else {   // the points one by one
                if (x_p >= 0 && x_p < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_e = t5[t5_at];
                    t7_max_compute(t5_e, t7_acc);   // call 6: t7 = max(t5)
                }
                if (x_p + 1 >= 0 && x_p + 1 < 256 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 62) {
                    const double t5_x1_e = t5[t5_at + 1];
                    t7_max_compute(t5_x1_e, t7_acc);   // call 6: t7 = max(t5)
                }
            }
        }
    }
    // finish the reduction of call 6 (t7 = max(t5)) in the block
    {
        __shared__ double kf_red_t7[(BS + 31) / 32];
        t7_acc = kf_block_reduce<BS, kf_op_max_t>(t7_acc, kf_red_t7);
        if (threadIdx.x == 0) kf_part_t7[blockIdx.x] = t7_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            double acc = kf_op_max_t<double>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_max_t<double>::apply(acc, kf_ldcg(&kf_part_t7[b]));
            __shared__ double kf_red2_t7[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_max_t>(acc, kf_red2_t7);
            if (threadIdx.x == 0) {
                double t7_f;
                t7_max_finalize(acc, t7_f);
                t7[0] = t7_f;
            }
        }
    }
}
