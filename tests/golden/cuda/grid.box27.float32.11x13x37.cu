// program box27: 53 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(a0[1:10, 1:12, 1:36], 0.5) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t2 = mul(0.01, a0[0:9, 0:11, 0:35]) [mul: map]
__device__ __forceinline__ void t2_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t3 = add(t1, t2) [add: map]
__device__ __forceinline__ void t3_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t4 = mul(0.04, a0[0:9, 0:11, 1:36]) [mul: map]
__device__ __forceinline__ void t4_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t5 = add(t3, t4) [add: map]
__device__ __forceinline__ void t5_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t6 = mul(0.07, a0[0:9, 0:11, 2:37]) [mul: map]
__device__ __forceinline__ void t6_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t7 = add(t5, t6) [add: map]
__device__ __forceinline__ void t7_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t8 = mul(0.03, a0[0:9, 1:12, 0:35]) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t9 = add(t7, t8) [add: map]
__device__ __forceinline__ void t9_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t10 = mul(0.06, a0[0:9, 1:12, 1:36]) [mul: map]
__device__ __forceinline__ void t10_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t11 = add(t9, t10) [add: map]
__device__ __forceinline__ void t11_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t12 = mul(0.09, a0[0:9, 1:12, 2:37]) [mul: map]
__device__ __forceinline__ void t12_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t13 = add(t11, t12) [add: map]
__device__ __forceinline__ void t13_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t14 = mul(0.05, a0[0:9, 2:13, 0:35]) [mul: map]
__device__ __forceinline__ void t14_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t15 = add(t13, t14) [add: map]
__device__ __forceinline__ void t15_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t16 = mul(0.08, a0[0:9, 2:13, 1:36]) [mul: map]
__device__ __forceinline__ void t16_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t17 = add(t15, t16) [add: map]
__device__ __forceinline__ void t17_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t18 = mul(0.11, a0[0:9, 2:13, 2:37]) [mul: map]
__device__ __forceinline__ void t18_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t19 = add(t17, t18) [add: map]
__device__ __forceinline__ void t19_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t20 = mul(0.02, a0[1:10, 0:11, 0:35]) [mul: map]
__device__ __forceinline__ void t20_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t21 = add(t19, t20) [add: map]
__device__ __forceinline__ void t21_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t22 = mul(0.05, a0[1:10, 0:11, 1:36]) [mul: map]
__device__ __forceinline__ void t22_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t23 = add(t21, t22) [add: map]
__device__ __forceinline__ void t23_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t24 = mul(0.08, a0[1:10, 0:11, 2:37]) [mul: map]
__device__ __forceinline__ void t24_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t25 = add(t23, t24) [add: map]
__device__ __forceinline__ void t25_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t26 = mul(0.04, a0[1:10, 1:12, 0:35]) [mul: map]
__device__ __forceinline__ void t26_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t27 = add(t25, t26) [add: map]
__device__ __forceinline__ void t27_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t28 = mul(0.1, a0[1:10, 1:12, 2:37]) [mul: map]
__device__ __forceinline__ void t28_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t29 = add(t27, t28) [add: map]
__device__ __forceinline__ void t29_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t30 = mul(0.06, a0[1:10, 2:13, 0:35]) [mul: map]
__device__ __forceinline__ void t30_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t31 = add(t29, t30) [add: map]
__device__ __forceinline__ void t31_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t32 = mul(0.09, a0[1:10, 2:13, 1:36]) [mul: map]
__device__ __forceinline__ void t32_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t33 = add(t31, t32) [add: map]
__device__ __forceinline__ void t33_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t34 = mul(0.12, a0[1:10, 2:13, 2:37]) [mul: map]
__device__ __forceinline__ void t34_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t35 = add(t33, t34) [add: map]
__device__ __forceinline__ void t35_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t36 = mul(0.03, a0[2:11, 0:11, 0:35]) [mul: map]
__device__ __forceinline__ void t36_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t37 = add(t35, t36) [add: map]
__device__ __forceinline__ void t37_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t38 = mul(0.06, a0[2:11, 0:11, 1:36]) [mul: map]
__device__ __forceinline__ void t38_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t39 = add(t37, t38) [add: map]
__device__ __forceinline__ void t39_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t40 = mul(0.09, a0[2:11, 0:11, 2:37]) [mul: map]
__device__ __forceinline__ void t40_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t41 = add(t39, t40) [add: map]
__device__ __forceinline__ void t41_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t42 = mul(0.05, a0[2:11, 1:12, 0:35]) [mul: map]
__device__ __forceinline__ void t42_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t43 = add(t41, t42) [add: map]
__device__ __forceinline__ void t43_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t44 = mul(0.08, a0[2:11, 1:12, 1:36]) [mul: map]
__device__ __forceinline__ void t44_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t45 = add(t43, t44) [add: map]
__device__ __forceinline__ void t45_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t46 = mul(0.11, a0[2:11, 1:12, 2:37]) [mul: map]
__device__ __forceinline__ void t46_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t47 = add(t45, t46) [add: map]
__device__ __forceinline__ void t47_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t48 = mul(0.07, a0[2:11, 2:13, 0:35]) [mul: map]
__device__ __forceinline__ void t48_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t49 = add(t47, t48) [add: map]
__device__ __forceinline__ void t49_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t50 = mul(0.1, a0[2:11, 2:13, 1:36]) [mul: map]
__device__ __forceinline__ void t50_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t51 = add(t49, t50) [add: map]
__device__ __forceinline__ void t51_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t52 = mul(0.13, a0[2:11, 2:13, 2:37]) [mul: map]
__device__ __forceinline__ void t52_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t53 = add(t51, t52) [add: map]
__device__ __forceinline__ void t53_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "26cfa42b9d269885", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52], "name": "k0_t1_mul__t2_mul__t3_add__and50more", "params": {"bx": 32, "by": 16, "px": 2, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "box27", "sizes": {}}
// Plan: k0_t1_mul__t2_mul__t3_add__and50more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52]
// launch k0_t1_mul__t2_mul__t3_add__and50more grid=(9, 1, 1) block=(512, 1, 1) smem=0 args=(in:a0, out:t53)

// kernel k0_t1_mul__t2_mul__t3_add__and50more: grid 9 x 11 x 35 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k0_t1_mul__t2_mul__t3_add__and50more(const float* __restrict__ a0,
    float* __restrict__ t53)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 2, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 1, NBX = 1;   // x (axis 2): points 1 .. 35
    constexpr int Y0 = 1, NBY = 1;   // y (axis 1): points 1 .. 11
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 9
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + y_b * BY * PY + ty;
        #pragma unroll
        for (int i = 0; i < PX; ++i) {
            const int x_p = X0 + x_b * BX * PX + i * BX + tx;
            const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 37 + (idx_t)z_p * 481;
            const idx_t t53_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 35 + (idx_t)(z_p - 1) * 385;
            if (x_p >= 1 && x_p < 36 && y_p >= 1 && y_p < 12 && z_p >= 1 && z_p < 10) {
                const float a0_e = a0[a0_at];
                // call 0: t1 = mul(a0[1:10, 1:12, 1:36], 0.5)
                float t1_e;
                t1_mul_compute(a0_e, 0.5f, t1_e);
                const float a0_xm1_ym1_zm1_e = a0[a0_at - 519];
                // call 1: t2 = mul(0.01, a0[0:9, 0:11, 0:35])   (at xm1_ym1_zm1)
                float t2_xm1_ym1_zm1_e;
                t2_mul_compute(0.01f, a0_xm1_ym1_zm1_e, t2_xm1_ym1_zm1_e);
                // call 2: t3 = add(t1, t2)
                float t3_e;
                t3_add_compute(t1_e, t2_xm1_ym1_zm1_e, t3_e);
                const float a0_ym1_zm1_e = a0[a0_at - 518];
                // call 3: t4 = mul(0.04, a0[0:9, 0:11, 1:36])   (at ym1_zm1)
                float t4_ym1_zm1_e;
                t4_mul_compute(0.04f, a0_ym1_zm1_e, t4_ym1_zm1_e);
                // call 4: t5 = add(t3, t4)
                float t5_e;
                t5_add_compute(t3_e, t4_ym1_zm1_e, t5_e);
                const float a0_x1_ym1_zm1_e = a0[a0_at - 517];
                // call 5: t6 = mul(0.07, a0[0:9, 0:11, 2:37])   (at x1_ym1_zm1)
                float t6_x1_ym1_zm1_e;
                t6_mul_compute(0.07f, a0_x1_ym1_zm1_e, t6_x1_ym1_zm1_e);
                // call 6: t7 = add(t5, t6)
                float t7_e;
                t7_add_compute(t5_e, t6_x1_ym1_zm1_e, t7_e);
                const float a0_xm1_zm1_e = a0[a0_at - 482];
                // call 7: t8 = mul(0.03, a0[0:9, 1:12, 0:35])   (at xm1_zm1)
                float t8_xm1_zm1_e;
                t8_mul_compute(0.03f, a0_xm1_zm1_e, t8_xm1_zm1_e);
                // call 8: t9 = add(t7, t8)
                float t9_e;
                t9_add_compute(t7_e, t8_xm1_zm1_e, t9_e);
                const float a0_zm1_e = a0[a0_at - 481];
                // call 9: t10 = mul(0.06, a0[0:9, 1:12, 1:36])   (at zm1)
                float t10_zm1_e;
                t10_mul_compute(0.06f, a0_zm1_e, t10_zm1_e);
                // call 10: t11 = add(t9, t10)
                float t11_e;
                t11_add_compute(t9_e, t10_zm1_e, t11_e);
                const float a0_x1_zm1_e = a0[a0_at - 480];
                // call 11: t12 = mul(0.09, a0[0:9, 1:12, 2:37])   (at x1_zm1)
                float t12_x1_zm1_e;
                t12_mul_compute(0.09f, a0_x1_zm1_e, t12_x1_zm1_e);
                // call 12: t13 = add(t11, t12)
                float t13_e;
                t13_add_compute(t11_e, t12_x1_zm1_e, t13_e);
                const float a0_xm1_y1_zm1_e = a0[a0_at - 445];
                // call 13: t14 = mul(0.05, a0[0:9, 2:13, 0:35])   (at xm1_y1_zm1)
                float t14_xm1_y1_zm1_e;
                t14_mul_compute(0.05f, a0_xm1_y1_zm1_e, t14_xm1_y1_zm1_e);
                // call 14: t15 = add(t13, t14)
                float t15_e;
                t15_add_compute(t13_e, t14_xm1_y1_zm1_e, t15_e);
                const float a0_y1_zm1_e = a0[a0_at - 444];
                // call 15: t16 = mul(0.08, a0[0:9, 2:13, 1:36])   (at y1_zm1)
                float t16_y1_zm1_e;
                t16_mul_compute(0.08f, a0_y1_zm1_e, t16_y1_zm1_e);
                // call 16: t17 = add(t15, t16)
                float t17_e;
                t17_add_compute(t15_e, t16_y1_zm1_e, t17_e);
                const float a0_x1_y1_zm1_e = a0[a0_at - 443];
                // call 17: t18 = mul(0.11, a0[0:9, 2:13, 2:37])   (at x1_y1_zm1)
                float t18_x1_y1_zm1_e;
                t18_mul_compute(0.11f, a0_x1_y1_zm1_e, t18_x1_y1_zm1_e);
                // call 18: t19 = add(t17, t18)
                float t19_e;
                t19_add_compute(t17_e, t18_x1_y1_zm1_e, t19_e);
                const float a0_xm1_ym1_e = a0[a0_at - 38];
                // call 19: t20 = mul(0.02, a0[1:10, 0:11, 0:35])   (at xm1_ym1)
                float t20_xm1_ym1_e;
                t20_mul_compute(0.02f, a0_xm1_ym1_e, t20_xm1_ym1_e);
                // call 20: t21 = add(t19, t20)
                float t21_e;
                t21_add_compute(t19_e, t20_xm1_ym1_e, t21_e);
                const float a0_ym1_e = a0[a0_at - 37];
                // call 21: t22 = mul(0.05, a0[1:10, 0:11, 1:36])   (at ym1)
                float t22_ym1_e;
                t22_mul_compute(0.05f, a0_ym1_e, t22_ym1_e);
                // call 22: t23 = add(t21, t22)
                float t23_e;
                t23_add_compute(t21_e, t22_ym1_e, t23_e);
                const float a0_x1_ym1_e = a0[a0_at - 36];
                // call 23: t24 = mul(0.08, a0[1:10, 0:11, 2:37])   (at x1_ym1)
                float t24_x1_ym1_e;
                t24_mul_compute(0.08f, a0_x1_ym1_e, t24_x1_ym1_e);
                // call 24: t25 = add(t23, t24)
                float t25_e;
                t25_add_compute(t23_e, t24_x1_ym1_e, t25_e);
                const float a0_xm1_e = a0[a0_at - 1];
                // call 25: t26 = mul(0.04, a0[1:10, 1:12, 0:35])   (at xm1)
                float t26_xm1_e;
                t26_mul_compute(0.04f, a0_xm1_e, t26_xm1_e);
                // call 26: t27 = add(t25, t26)
                float t27_e;
                t27_add_compute(t25_e, t26_xm1_e, t27_e);
                const float a0_x1_e = a0[a0_at + 1];
                // call 27: t28 = mul(0.1, a0[1:10, 1:12, 2:37])   (at x1)
                float t28_x1_e;
                t28_mul_compute(0.1f, a0_x1_e, t28_x1_e);
                // call 28: t29 = add(t27, t28)
                float t29_e;
                t29_add_compute(t27_e, t28_x1_e, t29_e);
                const float a0_xm1_y1_e = a0[a0_at + 36];
                // call 29: t30 = mul(0.06, a0[1:10, 2:13, 0:35])   (at xm1_y1)
                float t30_xm1_y1_e;
                t30_mul_compute(0.06f, a0_xm1_y1_e, t30_xm1_y1_e);
                // call 30: t31 = add(t29, t30)
                float t31_e;
                t31_add_compute(t29_e, t30_xm1_y1_e, t31_e);
                const float a0_y1_e = a0[a0_at + 37];
                // call 31: t32 = mul(0.09, a0[1:10, 2:13, 1:36])   (at y1)
                float t32_y1_e;
                t32_mul_compute(0.09f, a0_y1_e, t32_y1_e);
                // call 32: t33 = add(t31, t32)
                float t33_e;
                t33_add_compute(t31_e, t32_y1_e, t33_e);
                const float a0_x1_y1_e = a0[a0_at + 38];
                // call 33: t34 = mul(0.12, a0[1:10, 2:13, 2:37])   (at x1_y1)
                float t34_x1_y1_e;
                t34_mul_compute(0.12f, a0_x1_y1_e, t34_x1_y1_e);
                // call 34: t35 = add(t33, t34)
                float t35_e;
                t35_add_compute(t33_e, t34_x1_y1_e, t35_e);
                const float a0_xm1_ym1_z1_e = a0[a0_at + 443];
                // call 35: t36 = mul(0.03, a0[2:11, 0:11, 0:35])   (at xm1_ym1_z1)
                float t36_xm1_ym1_z1_e;
                t36_mul_compute(0.03f, a0_xm1_ym1_z1_e, t36_xm1_ym1_z1_e);
                // call 36: t37 = add(t35, t36)
                float t37_e;
                t37_add_compute(t35_e, t36_xm1_ym1_z1_e, t37_e);
                const float a0_ym1_z1_e = a0[a0_at + 444];
                // call 37: t38 = mul(0.06, a0[2:11, 0:11, 1:36])   (at ym1_z1)
                float t38_ym1_z1_e;
                t38_mul_compute(0.06f, a0_ym1_z1_e, t38_ym1_z1_e);
                // call 38: t39 = add(t37, t38)
                float t39_e;
                t39_add_compute(t37_e, t38_ym1_z1_e, t39_e);
                const float a0_x1_ym1_z1_e = a0[a0_at + 445];
                // call 39: t40 = mul(0.09, a0[2:11, 0:11, 2:37])   (at x1_ym1_z1)
                float t40_x1_ym1_z1_e;
                t40_mul_compute(0.09f, a0_x1_ym1_z1_e, t40_x1_ym1_z1_e);
                // call 40: t41 = add(t39, t40)
                float t41_e;
                t41_add_compute(t39_e, t40_x1_ym1_z1_e, t41_e);
                const float a0_xm1_z1_e = a0[a0_at + 480];
                // call 41: t42 = mul(0.05, a0[2:11, 1:12, 0:35])   (at xm1_z1)
                float t42_xm1_z1_e;
                t42_mul_compute(0.05f, a0_xm1_z1_e, t42_xm1_z1_e);
                // call 42: t43 = add(t41, t42)
                float t43_e;
                t43_add_compute(t41_e, t42_xm1_z1_e, t43_e);
                const float a0_z1_e = a0[a0_at + 481];
                // call 43: t44 = mul(0.08, a0[2:11, 1:12, 1:36])   (at z1)
                float t44_z1_e;
                t44_mul_compute(0.08f, a0_z1_e, t44_z1_e);
                // call 44: t45 = add(t43, t44)
                float t45_e;
                t45_add_compute(t43_e, t44_z1_e, t45_e);
                const float a0_x1_z1_e = a0[a0_at + 482];
                // call 45: t46 = mul(0.11, a0[2:11, 1:12, 2:37])   (at x1_z1)
                float t46_x1_z1_e;
                t46_mul_compute(0.11f, a0_x1_z1_e, t46_x1_z1_e);
                // call 46: t47 = add(t45, t46)
                float t47_e;
                t47_add_compute(t45_e, t46_x1_z1_e, t47_e);
                const float a0_xm1_y1_z1_e = a0[a0_at + 517];
                // call 47: t48 = mul(0.07, a0[2:11, 2:13, 0:35])   (at xm1_y1_z1)
                float t48_xm1_y1_z1_e;
                t48_mul_compute(0.07f, a0_xm1_y1_z1_e, t48_xm1_y1_z1_e);
                // call 48: t49 = add(t47, t48)
                float t49_e;
                t49_add_compute(t47_e, t48_xm1_y1_z1_e, t49_e);
                const float a0_y1_z1_e = a0[a0_at + 518];
                // call 49: t50 = mul(0.1, a0[2:11, 2:13, 1:36])   (at y1_z1)
                float t50_y1_z1_e;
                t50_mul_compute(0.1f, a0_y1_z1_e, t50_y1_z1_e);
                // call 50: t51 = add(t49, t50)
                float t51_e;
                t51_add_compute(t49_e, t50_y1_z1_e, t51_e);
                const float a0_x1_y1_z1_e = a0[a0_at + 519];
                // call 51: t52 = mul(0.13, a0[2:11, 2:13, 2:37])   (at x1_y1_z1)
                float t52_x1_y1_z1_e;
                t52_mul_compute(0.13f, a0_x1_y1_z1_e, t52_x1_y1_z1_e);
                // call 52: t53 = add(t51, t52)
                float t53_e;
                t53_add_compute(t51_e, t52_x1_y1_z1_e, t53_e);
                t53[t53_at] = t53_e;   // store t53
            }
        }
    }
}
