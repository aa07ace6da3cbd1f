// program heat3d: 8 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(a1, a0[1:255, 1:255, 1:255]) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255]) [add: map]
__device__ __forceinline__ void t2_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t3 = add(t2, a0[1:255, 0:254, 1:255]) [add: map]
__device__ __forceinline__ void t3_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t4 = add(t3, a0[1:255, 2:256, 1:255]) [add: map]
__device__ __forceinline__ void t4_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t5 = add(t4, a0[1:255, 1:255, 0:254]) [add: map]
__device__ __forceinline__ void t5_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t6 = add(t5, a0[1:255, 1:255, 2:256]) [add: map]
__device__ __forceinline__ void t6_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t7 = mul(a2, t6) [mul: map]
__device__ __forceinline__ void t7_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t8 = add(t1, t7) [add: map]
__device__ __forceinline__ void t8_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "b0a8eda37753853e", "kernels": [{"calls": [0, 1], "name": "k0_t1_mul__t2_add", "params": {"bx": 32, "by": 4, "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k1_t3_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k2_t4_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k3_t5_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k4_t6_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k5_t7_mul", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [7], "name": "k6_t8_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "heat3d", "sizes": {}}
// Plan: k0_t1_mul__t2_add runs call(s) [0, 1]; k1_t3_add runs call(s) [2]; k2_t4_add runs call(s) [3]; k3_t5_add runs call(s) [4]; k4_t6_add runs call(s) [5]; k5_t7_mul runs call(s) [6]; k6_t8_add runs call(s) [7]
// launch k0_t1_mul__t2_add grid=(130560, 1, 1) block=(128, 1, 1) smem=0 args=(host:a1, in:a0, out:t1, out:t2)
// launch k1_t3_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t2, in:a0, out:t3)
// launch k2_t4_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k3_t5_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k4_t6_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, in:a0, out:t6)
// launch k5_t7_mul grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(host:a2, in:t6, out:t7)
// launch k6_t8_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:t7, out:t8)

// kernel k0_t1_mul__t2_add: grid 255 x 254 x 254 (C order), block 32 x 4, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_mul__t2_add(const double a1,
    const double* __restrict__ a0,
    double* __restrict__ t1,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 4, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 1, NBX = 8;   // x (axis 2): points 1 .. 254
    constexpr int Y0 = 1, NBY = 64;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 254
    const double a1_v = a1;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + y_b * BY + ty;
    const int x_p = X0 + x_b * BX + tx;
    const int z0_p = Z0 + z_b * ZC;   // the block's first plane: register queues along z
    double a0_e = a0[(idx_t)min(max(x_p, 0), 255) + (idx_t)min(max(y_p, 0), 255) * 256 + (idx_t)min(max(z0_p, 0), 255) * 65536], a0_z1_e = a0[(idx_t)min(max(x_p, 0), 255) + (idx_t)min(max(y_p, 0), 255) * 256 + (idx_t)min(max(z0_p + 1, 0), 255) * 65536], a0_z2_e;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        a0_z2_e = a0[(idx_t)min(max(x_p, 0), 255) + (idx_t)min(max(y_p, 0), 255) * 256 + (idx_t)min(max(z_p + 2, 0), 255) * 65536];
        const idx_t t1_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)(z_p - 1) * 64516;
        const idx_t t2_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)z_p * 64516;
        if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 255) {
            // call 0: t1 = mul(a1, a0[1:255, 1:255, 1:255])
            double t1_e;
            t1_mul_compute(a1_v, a0_e, t1_e);
            t1[t1_at] = t1_e;   // store t1
        }
        if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {
            // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])
            double t2_e;
            t2_add_compute(a0_e, a0_z2_e, t2_e);
            t2[t2_at] = t2_e;   // store t2
        }
        a0_e = a0_z1_e; a0_z1_e = a0_z2_e;   // the queue moves a plane
    }
}

// kernel k1_t3_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t3_add(const double* __restrict__ t2,
    const double* __restrict__ a0,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -1) + (idx_t)y_p * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t2_e = t2[t2_at];
            const double a0_e = a0[a0_at];
            // call 2: t3 = add(t2, a0[1:255, 0:254, 1:255])
            double t3_e;
            t3_add_compute(t2_e, a0_e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
    }
}

// kernel k2_t4_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t3_e = t3[t3_at];
            const double a0_e = a0[a0_at];
            // call 3: t4 = add(t3, a0[1:255, 2:256, 1:255])
            double t4_e;
            t4_add_compute(t3_e, a0_e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
    }
}

// kernel k3_t5_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t5_add(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t4_e = t4[t4_at];
            const double a0_e = a0[a0_at];
            // call 4: t5 = add(t4, a0[1:255, 1:255, 0:254])
            double t5_e;
            t5_add_compute(t4_e, a0_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
    }
}

// kernel k4_t6_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k4_t6_add(const double* __restrict__ t5,
    const double* __restrict__ a0,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -2) + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t5_e = t5[t5_at];
            const double a0_e = a0[a0_at];
            // call 5: t6 = add(t5, a0[1:255, 1:255, 2:256])
            double t6_e;
            t6_add_compute(t5_e, a0_e, t6_e);
            t6[t6_at] = t6_e;   // store t6
        }
    }
}

// kernel k5_t7_mul: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k5_t7_mul(const double a2,
    const double* __restrict__ t6,
    double* __restrict__ t7)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    const double a2_v = a2;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t6_e = t6[t6_at];
            // call 6: t7 = mul(a2, t6)
            double t7_e;
            t7_mul_compute(a2_v, t6_e, t7_e);
            t7[t7_at] = t7_e;   // store t7
        }
    }
}

// kernel k6_t8_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k6_t8_add(const double* __restrict__ t1,
    const double* __restrict__ t7,
    double* __restrict__ t8)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t8_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t1_e = t1[t1_at];
            const double t7_e = t7[t7_at];
            // call 7: t8 = add(t1, t7)
            double t8_e;
            t8_add_compute(t1_e, t7_e, t8_e);
            t8[t8_at] = t8_e;   // store t8
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "b0a8eda37753853e", "kernels": [{"calls": [1], "name": "k0_t2_add", "params": {"bx": 32, "by": 8, "vec": 2, "zc": 4}, "space": "grid"}, {"calls": [0, 2], "name": "k1_t1_mul__t3_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k2_t4_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k3_t5_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k4_t6_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k5_t7_mul", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [7], "name": "k6_t8_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "heat3d", "sizes": {}}
// Plan: k0_t2_add runs call(s) [1]; k1_t1_mul__t3_add runs call(s) [0, 2]; k2_t4_add runs call(s) [3]; k3_t5_add runs call(s) [4]; k4_t6_add runs call(s) [5]; k5_t7_mul runs call(s) [6]; k6_t8_add runs call(s) [7]
// launch k0_t2_add grid=(8192, 1, 1) block=(256, 1, 1) smem=0 args=(in:a0, out:t2) aligned=(a0:16)
// launch k1_t1_mul__t3_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(host:a1, in:a0, in:t2, out:t1, out:t3)
// launch k2_t4_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k3_t5_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k4_t6_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, in:a0, out:t6)
// launch k5_t7_mul grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(host:a2, in:t6, out:t7)
// launch k6_t8_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:t7, out:t8)

// kernel k0_t2_add: grid 254 x 254 x 254 (C order), block 32 x 8, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k0_t2_add(const double* __restrict__ a0,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 2, ZC = 4;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 254
    constexpr int Y0 = 1, NBY = 32;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + (x_b * BX + tx) * VEC;
        const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
        const idx_t t2_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)z_p * 64516;
        if (x_p >= 1 && x_p < 254 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {   // all 2 points inside
            const double2 a0_q = *reinterpret_cast<const double2*>(&a0[a0_at]);
            const double2 a0_z2_q = *reinterpret_cast<const double2*>(&a0[a0_at + 131072]);
            // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])
            double t2_e;
            t2_add_compute(a0_q.x, a0_z2_q.x, t2_e);
            // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])   (at x1)
            double t2_x1_e;
            t2_add_compute(a0_q.y, a0_z2_q.y, t2_x1_e);
            t2[t2_at] = t2_e;   // store t2
            t2[t2_at + 1] = t2_x1_e;   // store t2
        } else {   // the points one by one
            if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {
                const double a0_e = a0[a0_at];
                const double a0_z2_e = a0[a0_at + 131072];
                // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])
                double t2_e;
                t2_add_compute(a0_e, a0_z2_e, t2_e);
                t2[t2_at] = t2_e;   // store t2
            }
            if (x_p + 1 >= 1 && x_p + 1 < 255 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {
                const double a0_x1_e = a0[a0_at + 1];
                const double a0_x1_z2_e = a0[a0_at + 131073];
                // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])   (at x1)
                double t2_x1_e;
                t2_add_compute(a0_x1_e, a0_x1_z2_e, t2_x1_e);
                t2[t2_at + 1] = t2_x1_e;   // store t2
            }
        }
    }
}

// kernel k1_t1_mul__t3_add: grid 254 x 255 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t1_mul__t3_add(const double a1,
    const double* __restrict__ a0,
    const double* __restrict__ t2,
    double* __restrict__ t1,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 1, NBX = 8;   // x (axis 2): points 1 .. 254
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 254
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 254
    const double a1_v = a1;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
        const idx_t t1_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)(z_p - 1) * 64516;
        const idx_t t2_at = (idx_t)(x_p - 1) + (idx_t)y_p * 254 + (idx_t)(z_p - 1) * 64516;
        const idx_t t3_at = (idx_t)(x_p - 1) + (idx_t)y_p * 254 + (idx_t)(z_p - 1) * 64516;
        if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 255) {
            const double a0_e = a0[a0_at];
            // call 0: t1 = mul(a1, a0[1:255, 1:255, 1:255])
            double t1_e;
            t1_mul_compute(a1_v, a0_e, t1_e);
            t1[t1_at] = t1_e;   // store t1
        }
        if (x_p >= 1 && x_p < 255 && y_p >= 0 && y_p < 254 && z_p >= 1 && z_p < 255) {
            const double t2_e = t2[t2_at];
            const double a0_e = a0[a0_at];
            // call 2: t3 = add(t2, a0[1:255, 0:254, 1:255])
            double t3_e;
            t3_add_compute(t2_e, a0_e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
    }
}

// kernel k2_t4_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t3_e = t3[t3_at];
            const double a0_e = a0[a0_at];
            // call 3: t4 = add(t3, a0[1:255, 2:256, 1:255])
            double t4_e;
            t4_add_compute(t3_e, a0_e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
    }
}

// kernel k3_t5_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t5_add(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t4_e = t4[t4_at];
            const double a0_e = a0[a0_at];
            // call 4: t5 = add(t4, a0[1:255, 1:255, 0:254])
            double t5_e;
            t5_add_compute(t4_e, a0_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
    }
}

// kernel k4_t6_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k4_t6_add(const double* __restrict__ t5,
    const double* __restrict__ a0,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -2) + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t5_e = t5[t5_at];
            const double a0_e = a0[a0_at];
            // call 5: t6 = add(t5, a0[1:255, 1:255, 2:256])
            double t6_e;
            t6_add_compute(t5_e, a0_e, t6_e);
            t6[t6_at] = t6_e;   // store t6
        }
    }
}

// kernel k5_t7_mul: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k5_t7_mul(const double a2,
    const double* __restrict__ t6,
    double* __restrict__ t7)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    const double a2_v = a2;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t6_e = t6[t6_at];
            // call 6: t7 = mul(a2, t6)
            double t7_e;
            t7_mul_compute(a2_v, t6_e, t7_e);
            t7[t7_at] = t7_e;   // store t7
        }
    }
}

// kernel k6_t8_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k6_t8_add(const double* __restrict__ t1,
    const double* __restrict__ t7,
    double* __restrict__ t8)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t8_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t1_e = t1[t1_at];
            const double t7_e = t7[t7_at];
            // call 7: t8 = add(t1, t7)
            double t8_e;
            t8_add_compute(t1_e, t7_e, t8_e);
            t8[t8_at] = t8_e;   // store t8
        }
    }
}

// ===================== rank 3 =====================
// plan {"fingerprint": "b0a8eda37753853e", "kernels": [{"calls": [0], "name": "k0_t1_mul", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [1], "name": "k1_t2_add", "params": {"bx": 32, "by": 8, "vec": 2, "zc": 4}, "space": "grid"}, {"calls": [2], "name": "k2_t3_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k3_t4_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k4_t5_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k5_t6_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [6], "name": "k6_t7_mul", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}, {"calls": [7], "name": "k7_t8_add", "params": {"bx": 32, "by": 8, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "heat3d", "sizes": {}}
// Plan: k0_t1_mul runs call(s) [0]; k1_t2_add runs call(s) [1]; k2_t3_add runs call(s) [2]; k3_t4_add runs call(s) [3]; k4_t5_add runs call(s) [4]; k5_t6_add runs call(s) [5]; k6_t7_mul runs call(s) [6]; k7_t8_add runs call(s) [7]
// launch k0_t1_mul grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(host:a1, in:a0, out:t1)
// launch k1_t2_add grid=(8192, 1, 1) block=(256, 1, 1) smem=0 args=(in:a0, out:t2) aligned=(a0:16)
// launch k2_t3_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t2, in:a0, out:t3)
// launch k3_t4_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:a0, out:t4)
// launch k4_t5_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:a0, out:t5)
// launch k5_t6_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t5, in:a0, out:t6)
// launch k6_t7_mul grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(host:a2, in:t6, out:t7)
// launch k7_t8_add grid=(65024, 1, 1) block=(256, 1, 1) smem=0 args=(in:t1, in:t7, out:t8)

// kernel k0_t1_mul: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k0_t1_mul(const double a1,
    const double* __restrict__ a0,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 1, NBX = 8;   // x (axis 2): points 1 .. 254
    constexpr int Y0 = 1, NBY = 32;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 254
    const double a1_v = a1;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
        const idx_t t1_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)(z_p - 1) * 64516;
        if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 1 && z_p < 255) {
            const double a0_e = a0[a0_at];
            // call 0: t1 = mul(a1, a0[1:255, 1:255, 1:255])
            double t1_e;
            t1_mul_compute(a1_v, a0_e, t1_e);
            t1[t1_at] = t1_e;   // store t1
        }
    }
}

// kernel k1_t2_add: grid 254 x 254 x 254 (C order), block 32 x 8, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k1_t2_add(const double* __restrict__ a0,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 2, ZC = 4;
    constexpr int X0 = 0, NBX = 4;   // x (axis 2): points 0 .. 254
    constexpr int Y0 = 1, NBY = 32;   // y (axis 1): points 1 .. 254
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + (x_b * BX + tx) * VEC;
        const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
        const idx_t t2_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 254 + (idx_t)z_p * 64516;
        if (x_p >= 1 && x_p < 254 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {   // all 2 points inside
            const double2 a0_q = *reinterpret_cast<const double2*>(&a0[a0_at]);
            const double2 a0_z2_q = *reinterpret_cast<const double2*>(&a0[a0_at + 131072]);
            // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])
            double t2_e;
            t2_add_compute(a0_q.x, a0_z2_q.x, t2_e);
            // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])   (at x1)
            double t2_x1_e;
            t2_add_compute(a0_q.y, a0_z2_q.y, t2_x1_e);
            t2[t2_at] = t2_e;   // store t2
            t2[t2_at + 1] = t2_x1_e;   // store t2
        } else {   // the points one by one
            if (x_p >= 1 && x_p < 255 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {
                const double a0_e = a0[a0_at];
                const double a0_z2_e = a0[a0_at + 131072];
                // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])
                double t2_e;
                t2_add_compute(a0_e, a0_z2_e, t2_e);
                t2[t2_at] = t2_e;   // store t2
            }
            if (x_p + 1 >= 1 && x_p + 1 < 255 && y_p >= 1 && y_p < 255 && z_p >= 0 && z_p < 254) {
                const double a0_x1_e = a0[a0_at + 1];
                const double a0_x1_z2_e = a0[a0_at + 131073];
                // call 1: t2 = add(a0[0:254, 1:255, 1:255], a0[2:256, 1:255, 1:255])   (at x1)
                double t2_x1_e;
                t2_add_compute(a0_x1_e, a0_x1_z2_e, t2_x1_e);
                t2[t2_at + 1] = t2_x1_e;   // store t2
            }
        }
    }
}

// kernel k2_t3_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k2_t3_add(const double* __restrict__ t2,
    const double* __restrict__ a0,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -1) + (idx_t)y_p * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t2_e = t2[t2_at];
            const double a0_e = a0[a0_at];
            // call 2: t3 = add(t2, a0[1:255, 0:254, 1:255])
            double t3_e;
            t3_add_compute(t2_e, a0_e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
    }
}

// kernel k3_t4_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k3_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a0,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t3_e = t3[t3_at];
            const double a0_e = a0[a0_at];
            // call 3: t4 = add(t3, a0[1:255, 2:256, 1:255])
            double t4_e;
            t4_add_compute(t3_e, a0_e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
    }
}

// kernel k4_t5_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k4_t5_add(const double* __restrict__ t4,
    const double* __restrict__ a0,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)x_p + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t4_e = t4[t4_at];
            const double a0_e = a0[a0_at];
            // call 4: t5 = add(t4, a0[1:255, 1:255, 0:254])
            double t5_e;
            t5_add_compute(t4_e, a0_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
    }
}

// kernel k5_t6_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k5_t6_add(const double* __restrict__ t5,
    const double* __restrict__ a0,
    double* __restrict__ t6)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t a0_at = (idx_t)(x_p - -2) + (idx_t)(y_p - -1) * 256 + (idx_t)(z_p - -1) * 65536;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t5_e = t5[t5_at];
            const double a0_e = a0[a0_at];
            // call 5: t6 = add(t5, a0[1:255, 1:255, 2:256])
            double t6_e;
            t6_add_compute(t5_e, a0_e, t6_e);
            t6[t6_at] = t6_e;   // store t6
        }
    }
}

// kernel k6_t7_mul: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k6_t7_mul(const double a2,
    const double* __restrict__ t6,
    double* __restrict__ t7)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    const double a2_v = a2;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t6_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t6_e = t6[t6_at];
            // call 6: t7 = mul(a2, t6)
            double t7_e;
            t7_mul_compute(a2_v, t6_e, t7_e);
            t7[t7_at] = t7_e;   // store t7
        }
    }
}

// kernel k7_t8_add: grid 254 x 254 x 254 (C order), block 32 x 8, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k7_t8_add(const double* __restrict__ t1,
    const double* __restrict__ t7,
    double* __restrict__ t8)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 8, PX = 1, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 8;   // x (axis 2): points 0 .. 253
    constexpr int Y0 = 0, NBY = 32;   // y (axis 1): points 0 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 253
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        const int x_p = X0 + x_b * BX * PX + tx;
        const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t7_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        const idx_t t8_at = (idx_t)x_p + (idx_t)y_p * 254 + (idx_t)z_p * 64516;
        if (x_p >= 0 && x_p < 254 && y_p >= 0 && y_p < 254 && z_p >= 0 && z_p < 254) {
            const double t1_e = t1[t1_at];
            const double t7_e = t7[t7_at];
            // call 7: t8 = add(t1, t7)
            double t8_e;
            t8_add_compute(t1_e, t7_e, t8_e);
            t8[t8_at] = t8_e;   // store t8
        }
    }
}
