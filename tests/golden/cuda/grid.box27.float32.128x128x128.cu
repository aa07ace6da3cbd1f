// program box27: 53 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(a0[1:127, 1:127, 1:127], 0.5) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t2 = mul(0.01, a0[0:126, 0:126, 0:126]) [mul: map]
__device__ __forceinline__ void t2_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t3 = add(t1, t2) [add: map]
__device__ __forceinline__ void t3_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t4 = mul(0.04, a0[0:126, 0:126, 1:127]) [mul: map]
__device__ __forceinline__ void t4_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t5 = add(t3, t4) [add: map]
__device__ __forceinline__ void t5_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t6 = mul(0.07, a0[0:126, 0:126, 2:128]) [mul: map]
__device__ __forceinline__ void t6_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t7 = add(t5, t6) [add: map]
__device__ __forceinline__ void t7_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t8 = mul(0.03, a0[0:126, 1:127, 0:126]) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t9 = add(t7, t8) [add: map]
__device__ __forceinline__ void t9_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t10 = mul(0.06, a0[0:126, 1:127, 1:127]) [mul: map]
__device__ __forceinline__ void t10_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t11 = add(t9, t10) [add: map]
__device__ __forceinline__ void t11_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t12 = mul(0.09, a0[0:126, 1:127, 2:128]) [mul: map]
__device__ __forceinline__ void t12_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t13 = add(t11, t12) [add: map]
__device__ __forceinline__ void t13_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t14 = mul(0.05, a0[0:126, 2:128, 0:126]) [mul: map]
__device__ __forceinline__ void t14_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t15 = add(t13, t14) [add: map]
__device__ __forceinline__ void t15_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t16 = mul(0.08, a0[0:126, 2:128, 1:127]) [mul: map]
__device__ __forceinline__ void t16_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t17 = add(t15, t16) [add: map]
__device__ __forceinline__ void t17_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t18 = mul(0.11, a0[0:126, 2:128, 2:128]) [mul: map]
__device__ __forceinline__ void t18_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t19 = add(t17, t18) [add: map]
__device__ __forceinline__ void t19_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t20 = mul(0.02, a0[1:127, 0:126, 0:126]) [mul: map]
__device__ __forceinline__ void t20_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t21 = add(t19, t20) [add: map]
__device__ __forceinline__ void t21_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t22 = mul(0.05, a0[1:127, 0:126, 1:127]) [mul: map]
__device__ __forceinline__ void t22_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t23 = add(t21, t22) [add: map]
__device__ __forceinline__ void t23_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t24 = mul(0.08, a0[1:127, 0:126, 2:128]) [mul: map]
__device__ __forceinline__ void t24_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t25 = add(t23, t24) [add: map]
__device__ __forceinline__ void t25_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t26 = mul(0.04, a0[1:127, 1:127, 0:126]) [mul: map]
__device__ __forceinline__ void t26_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t27 = add(t25, t26) [add: map]
__device__ __forceinline__ void t27_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t28 = mul(0.1, a0[1:127, 1:127, 2:128]) [mul: map]
__device__ __forceinline__ void t28_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t29 = add(t27, t28) [add: map]
__device__ __forceinline__ void t29_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t30 = mul(0.06, a0[1:127, 2:128, 0:126]) [mul: map]
__device__ __forceinline__ void t30_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t31 = add(t29, t30) [add: map]
__device__ __forceinline__ void t31_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t32 = mul(0.09, a0[1:127, 2:128, 1:127]) [mul: map]
__device__ __forceinline__ void t32_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t33 = add(t31, t32) [add: map]
__device__ __forceinline__ void t33_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t34 = mul(0.12, a0[1:127, 2:128, 2:128]) [mul: map]
__device__ __forceinline__ void t34_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t35 = add(t33, t34) [add: map]
__device__ __forceinline__ void t35_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t36 = mul(0.03, a0[2:128, 0:126, 0:126]) [mul: map]
__device__ __forceinline__ void t36_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t37 = add(t35, t36) [add: map]
__device__ __forceinline__ void t37_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t38 = mul(0.06, a0[2:128, 0:126, 1:127]) [mul: map]
__device__ __forceinline__ void t38_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t39 = add(t37, t38) [add: map]
__device__ __forceinline__ void t39_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t40 = mul(0.09, a0[2:128, 0:126, 2:128]) [mul: map]
__device__ __forceinline__ void t40_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t41 = add(t39, t40) [add: map]
__device__ __forceinline__ void t41_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t42 = mul(0.05, a0[2:128, 1:127, 0:126]) [mul: map]
__device__ __forceinline__ void t42_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t43 = add(t41, t42) [add: map]
__device__ __forceinline__ void t43_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t44 = mul(0.08, a0[2:128, 1:127, 1:127]) [mul: map]
__device__ __forceinline__ void t44_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t45 = add(t43, t44) [add: map]
__device__ __forceinline__ void t45_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t46 = mul(0.11, a0[2:128, 1:127, 2:128]) [mul: map]
__device__ __forceinline__ void t46_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t47 = add(t45, t46) [add: map]
__device__ __forceinline__ void t47_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t48 = mul(0.07, a0[2:128, 2:128, 0:126]) [mul: map]
__device__ __forceinline__ void t48_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t49 = add(t47, t48) [add: map]
__device__ __forceinline__ void t49_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t50 = mul(0.1, a0[2:128, 2:128, 1:127]) [mul: map]
__device__ __forceinline__ void t50_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t51 = add(t49, t50) [add: map]
__device__ __forceinline__ void t51_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t52 = mul(0.13, a0[2:128, 2:128, 2:128]) [mul: map]
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
// plan {"fingerprint": "943904adf706e111", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52], "name": "k0_t1_mul__t2_mul__t3_add__and50more", "params": {"bx": 32, "by": 4, "py": 2, "rows": "adjacent", "vec": 2, "zc": 4}, "space": "grid"}], "kfuse_plan": 1, "program": "box27", "sizes": {}}
// Plan: k0_t1_mul__t2_mul__t3_add__and50more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52]
// launch k0_t1_mul__t2_mul__t3_add__and50more grid=(1024, 1, 1) block=(128, 1, 1) smem=0 args=(in:a0, out:t53) aligned=(a0:8)

// kernel k0_t1_mul__t2_mul__t3_add__and50more: grid 126 x 126 x 126 (C order), block 32 x 4, 4 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_mul__t2_mul__t3_add__and50more(const float* __restrict__ a0,
    float* __restrict__ t53)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 4, PX = 1, PY = 2, VEC = 2, ZC = 4;
    constexpr int X0 = 0, NBX = 2;   // x (axis 2): points 0 .. 126
    constexpr int Y0 = 1, NBY = 16;   // y (axis 1): points 1 .. 126
    constexpr int Z0 = 1;   // z (axis 0): points 1 .. 126
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
        const int x_p = X0 + (x_b * BX + tx) * VEC;
        const idx_t a0_at = (idx_t)x_p + (idx_t)y_p * 128 + (idx_t)z_p * 16384;
        const idx_t t53_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 126 + (idx_t)(z_p - 1) * 15876;
        if (x_p >= 1 && x_p < 126 && y_p >= 1 && y_p < 126 && z_p >= 1 && z_p < 127) {   // all 4 points inside
            const float2 a0_ym1_zm1_q = *reinterpret_cast<const float2*>(&a0[a0_at - 16512]);
            const float2 a0_zm1_q = *reinterpret_cast<const float2*>(&a0[a0_at - 16384]);
            const float2 a0_y1_zm1_q = *reinterpret_cast<const float2*>(&a0[a0_at - 16256]);
            const float2 a0_y2_zm1_q = *reinterpret_cast<const float2*>(&a0[a0_at - 16128]);
            const float2 a0_ym1_q = *reinterpret_cast<const float2*>(&a0[a0_at - 128]);
            const float2 a0_q = *reinterpret_cast<const float2*>(&a0[a0_at]);
            const float2 a0_y1_q = *reinterpret_cast<const float2*>(&a0[a0_at + 128]);
            const float2 a0_y2_q = *reinterpret_cast<const float2*>(&a0[a0_at + 256]);
            const float2 a0_ym1_z1_q = *reinterpret_cast<const float2*>(&a0[a0_at + 16256]);
            const float2 a0_z1_q = *reinterpret_cast<const float2*>(&a0[a0_at + 16384]);
            const float2 a0_y1_z1_q = *reinterpret_cast<const float2*>(&a0[a0_at + 16512]);
            const float2 a0_y2_z1_q = *reinterpret_cast<const float2*>(&a0[a0_at + 16640]);
            // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)
            float t1_e;
            t1_mul_compute(a0_q.x, 0.5f, t1_e);
            const float a0_xm1_ym1_zm1_e = a0[a0_at - 16513];
            // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at xm1_ym1_zm1)
            float t2_xm1_ym1_zm1_e;
            t2_mul_compute(0.01f, a0_xm1_ym1_zm1_e, t2_xm1_ym1_zm1_e);
            // call 2: t3 = add(t1, t2)
            float t3_e;
            t3_add_compute(t1_e, t2_xm1_ym1_zm1_e, t3_e);
            // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at ym1_zm1)
            float t4_ym1_zm1_e;
            t4_mul_compute(0.04f, a0_ym1_zm1_q.x, t4_ym1_zm1_e);
            // call 4: t5 = add(t3, t4)
            float t5_e;
            t5_add_compute(t3_e, t4_ym1_zm1_e, t5_e);
            // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x1_ym1_zm1)
            float t6_x1_ym1_zm1_e;
            t6_mul_compute(0.07f, a0_ym1_zm1_q.y, t6_x1_ym1_zm1_e);
            // call 6: t7 = add(t5, t6)
            float t7_e;
            t7_add_compute(t5_e, t6_x1_ym1_zm1_e, t7_e);
            const float a0_xm1_zm1_e = a0[a0_at - 16385];
            // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at xm1_zm1)
            float t8_xm1_zm1_e;
            t8_mul_compute(0.03f, a0_xm1_zm1_e, t8_xm1_zm1_e);
            // call 8: t9 = add(t7, t8)
            float t9_e;
            t9_add_compute(t7_e, t8_xm1_zm1_e, t9_e);
            // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at zm1)
            float t10_zm1_e;
            t10_mul_compute(0.06f, a0_zm1_q.x, t10_zm1_e);
            // call 10: t11 = add(t9, t10)
            float t11_e;
            t11_add_compute(t9_e, t10_zm1_e, t11_e);
            // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x1_zm1)
            float t12_x1_zm1_e;
            t12_mul_compute(0.09f, a0_zm1_q.y, t12_x1_zm1_e);
            // call 12: t13 = add(t11, t12)
            float t13_e;
            t13_add_compute(t11_e, t12_x1_zm1_e, t13_e);
            const float a0_xm1_y1_zm1_e = a0[a0_at - 16257];
            // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at xm1_y1_zm1)
            float t14_xm1_y1_zm1_e;
            t14_mul_compute(0.05f, a0_xm1_y1_zm1_e, t14_xm1_y1_zm1_e);
            // call 14: t15 = add(t13, t14)
            float t15_e;
            t15_add_compute(t13_e, t14_xm1_y1_zm1_e, t15_e);
            // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at y1_zm1)
            float t16_y1_zm1_e;
            t16_mul_compute(0.08f, a0_y1_zm1_q.x, t16_y1_zm1_e);
            // call 16: t17 = add(t15, t16)
            float t17_e;
            t17_add_compute(t15_e, t16_y1_zm1_e, t17_e);
            // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x1_y1_zm1)
            float t18_x1_y1_zm1_e;
            t18_mul_compute(0.11f, a0_y1_zm1_q.y, t18_x1_y1_zm1_e);
            // call 18: t19 = add(t17, t18)
            float t19_e;
            t19_add_compute(t17_e, t18_x1_y1_zm1_e, t19_e);
            const float a0_xm1_ym1_e = a0[a0_at - 129];
            // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at xm1_ym1)
            float t20_xm1_ym1_e;
            t20_mul_compute(0.02f, a0_xm1_ym1_e, t20_xm1_ym1_e);
            // call 20: t21 = add(t19, t20)
            float t21_e;
            t21_add_compute(t19_e, t20_xm1_ym1_e, t21_e);
            // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at ym1)
            float t22_ym1_e;
            t22_mul_compute(0.05f, a0_ym1_q.x, t22_ym1_e);
            // call 22: t23 = add(t21, t22)
            float t23_e;
            t23_add_compute(t21_e, t22_ym1_e, t23_e);
            // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x1_ym1)
            float t24_x1_ym1_e;
            t24_mul_compute(0.08f, a0_ym1_q.y, t24_x1_ym1_e);
            // call 24: t25 = add(t23, t24)
            float t25_e;
            t25_add_compute(t23_e, t24_x1_ym1_e, t25_e);
            const float a0_xm1_e = a0[a0_at - 1];
            // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at xm1)
            float t26_xm1_e;
            t26_mul_compute(0.04f, a0_xm1_e, t26_xm1_e);
            // call 26: t27 = add(t25, t26)
            float t27_e;
            t27_add_compute(t25_e, t26_xm1_e, t27_e);
            // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x1)
            float t28_x1_e;
            t28_mul_compute(0.1f, a0_q.y, t28_x1_e);
            // call 28: t29 = add(t27, t28)
            float t29_e;
            t29_add_compute(t27_e, t28_x1_e, t29_e);
            const float a0_xm1_y1_e = a0[a0_at + 127];
            // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at xm1_y1)
            float t30_xm1_y1_e;
            t30_mul_compute(0.06f, a0_xm1_y1_e, t30_xm1_y1_e);
            // call 30: t31 = add(t29, t30)
            float t31_e;
            t31_add_compute(t29_e, t30_xm1_y1_e, t31_e);
            // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at y1)
            float t32_y1_e;
            t32_mul_compute(0.09f, a0_y1_q.x, t32_y1_e);
            // call 32: t33 = add(t31, t32)
            float t33_e;
            t33_add_compute(t31_e, t32_y1_e, t33_e);
            // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x1_y1)
            float t34_x1_y1_e;
            t34_mul_compute(0.12f, a0_y1_q.y, t34_x1_y1_e);
            // call 34: t35 = add(t33, t34)
            float t35_e;
            t35_add_compute(t33_e, t34_x1_y1_e, t35_e);
            const float a0_xm1_ym1_z1_e = a0[a0_at + 16255];
            // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at xm1_ym1_z1)
            float t36_xm1_ym1_z1_e;
            t36_mul_compute(0.03f, a0_xm1_ym1_z1_e, t36_xm1_ym1_z1_e);
            // call 36: t37 = add(t35, t36)
            float t37_e;
            t37_add_compute(t35_e, t36_xm1_ym1_z1_e, t37_e);
            // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at ym1_z1)
            float t38_ym1_z1_e;
            t38_mul_compute(0.06f, a0_ym1_z1_q.x, t38_ym1_z1_e);
            // call 38: t39 = add(t37, t38)
            float t39_e;
            t39_add_compute(t37_e, t38_ym1_z1_e, t39_e);
            // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x1_ym1_z1)
            float t40_x1_ym1_z1_e;
            t40_mul_compute(0.09f, a0_ym1_z1_q.y, t40_x1_ym1_z1_e);
            // call 40: t41 = add(t39, t40)
            float t41_e;
            t41_add_compute(t39_e, t40_x1_ym1_z1_e, t41_e);
            const float a0_xm1_z1_e = a0[a0_at + 16383];
            // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at xm1_z1)
            float t42_xm1_z1_e;
            t42_mul_compute(0.05f, a0_xm1_z1_e, t42_xm1_z1_e);
            // call 42: t43 = add(t41, t42)
            float t43_e;
            t43_add_compute(t41_e, t42_xm1_z1_e, t43_e);
            // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at z1)
            float t44_z1_e;
            t44_mul_compute(0.08f, a0_z1_q.x, t44_z1_e);
            // call 44: t45 = add(t43, t44)
            float t45_e;
            t45_add_compute(t43_e, t44_z1_e, t45_e);
            // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x1_z1)
            float t46_x1_z1_e;
            t46_mul_compute(0.11f, a0_z1_q.y, t46_x1_z1_e);
            // call 46: t47 = add(t45, t46)
            float t47_e;
            t47_add_compute(t45_e, t46_x1_z1_e, t47_e);
            const float a0_xm1_y1_z1_e = a0[a0_at + 16511];
            // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at xm1_y1_z1)
            float t48_xm1_y1_z1_e;
            t48_mul_compute(0.07f, a0_xm1_y1_z1_e, t48_xm1_y1_z1_e);
            // call 48: t49 = add(t47, t48)
            float t49_e;
            t49_add_compute(t47_e, t48_xm1_y1_z1_e, t49_e);
            // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at y1_z1)
            float t50_y1_z1_e;
            t50_mul_compute(0.1f, a0_y1_z1_q.x, t50_y1_z1_e);
            // call 50: t51 = add(t49, t50)
            float t51_e;
            t51_add_compute(t49_e, t50_y1_z1_e, t51_e);
            // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x1_y1_z1)
            float t52_x1_y1_z1_e;
            t52_mul_compute(0.13f, a0_y1_z1_q.y, t52_x1_y1_z1_e);
            // call 52: t53 = add(t51, t52)
            float t53_e;
            t53_add_compute(t51_e, t52_x1_y1_z1_e, t53_e);
            // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at x1)
            float t1_x1_e;
            t1_mul_compute(a0_q.y, 0.5f, t1_x1_e);
            // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at ym1_zm1)
            float t2_ym1_zm1_e;
            t2_mul_compute(0.01f, a0_ym1_zm1_q.x, t2_ym1_zm1_e);
            // call 2: t3 = add(t1, t2)   (at x1)
            float t3_x1_e;
            t3_add_compute(t1_x1_e, t2_ym1_zm1_e, t3_x1_e);
            // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at x1_ym1_zm1)
            float t4_x1_ym1_zm1_e;
            t4_mul_compute(0.04f, a0_ym1_zm1_q.y, t4_x1_ym1_zm1_e);
            // call 4: t5 = add(t3, t4)   (at x1)
            float t5_x1_e;
            t5_add_compute(t3_x1_e, t4_x1_ym1_zm1_e, t5_x1_e);
            const float a0_x2_ym1_zm1_e = a0[a0_at - 16510];
            // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x2_ym1_zm1)
            float t6_x2_ym1_zm1_e;
            t6_mul_compute(0.07f, a0_x2_ym1_zm1_e, t6_x2_ym1_zm1_e);
            // call 6: t7 = add(t5, t6)   (at x1)
            float t7_x1_e;
            t7_add_compute(t5_x1_e, t6_x2_ym1_zm1_e, t7_x1_e);
            // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at zm1)
            float t8_zm1_e;
            t8_mul_compute(0.03f, a0_zm1_q.x, t8_zm1_e);
            // call 8: t9 = add(t7, t8)   (at x1)
            float t9_x1_e;
            t9_add_compute(t7_x1_e, t8_zm1_e, t9_x1_e);
            // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at x1_zm1)
            float t10_x1_zm1_e;
            t10_mul_compute(0.06f, a0_zm1_q.y, t10_x1_zm1_e);
            // call 10: t11 = add(t9, t10)   (at x1)
            float t11_x1_e;
            t11_add_compute(t9_x1_e, t10_x1_zm1_e, t11_x1_e);
            const float a0_x2_zm1_e = a0[a0_at - 16382];
            // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x2_zm1)
            float t12_x2_zm1_e;
            t12_mul_compute(0.09f, a0_x2_zm1_e, t12_x2_zm1_e);
            // call 12: t13 = add(t11, t12)   (at x1)
            float t13_x1_e;
            t13_add_compute(t11_x1_e, t12_x2_zm1_e, t13_x1_e);
            // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at y1_zm1)
            float t14_y1_zm1_e;
            t14_mul_compute(0.05f, a0_y1_zm1_q.x, t14_y1_zm1_e);
            // call 14: t15 = add(t13, t14)   (at x1)
            float t15_x1_e;
            t15_add_compute(t13_x1_e, t14_y1_zm1_e, t15_x1_e);
            // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at x1_y1_zm1)
            float t16_x1_y1_zm1_e;
            t16_mul_compute(0.08f, a0_y1_zm1_q.y, t16_x1_y1_zm1_e);
            // call 16: t17 = add(t15, t16)   (at x1)
            float t17_x1_e;
            t17_add_compute(t15_x1_e, t16_x1_y1_zm1_e, t17_x1_e);
            const float a0_x2_y1_zm1_e = a0[a0_at - 16254];
            // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x2_y1_zm1)
            float t18_x2_y1_zm1_e;
            t18_mul_compute(0.11f, a0_x2_y1_zm1_e, t18_x2_y1_zm1_e);
            // call 18: t19 = add(t17, t18)   (at x1)
            float t19_x1_e;
            t19_add_compute(t17_x1_e, t18_x2_y1_zm1_e, t19_x1_e);
            // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at ym1)
            float t20_ym1_e;
            t20_mul_compute(0.02f, a0_ym1_q.x, t20_ym1_e);
            // call 20: t21 = add(t19, t20)   (at x1)
            float t21_x1_e;
            t21_add_compute(t19_x1_e, t20_ym1_e, t21_x1_e);
            // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at x1_ym1)
            float t22_x1_ym1_e;
            t22_mul_compute(0.05f, a0_ym1_q.y, t22_x1_ym1_e);
            // call 22: t23 = add(t21, t22)   (at x1)
            float t23_x1_e;
            t23_add_compute(t21_x1_e, t22_x1_ym1_e, t23_x1_e);
            const float a0_x2_ym1_e = a0[a0_at - 126];
            // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x2_ym1)
            float t24_x2_ym1_e;
            t24_mul_compute(0.08f, a0_x2_ym1_e, t24_x2_ym1_e);
            // call 24: t25 = add(t23, t24)   (at x1)
            float t25_x1_e;
            t25_add_compute(t23_x1_e, t24_x2_ym1_e, t25_x1_e);
            // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])
            float t26_e;
            t26_mul_compute(0.04f, a0_q.x, t26_e);
            // call 26: t27 = add(t25, t26)   (at x1)
            float t27_x1_e;
            t27_add_compute(t25_x1_e, t26_e, t27_x1_e);
            const float a0_x2_e = a0[a0_at + 2];
            // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x2)
            float t28_x2_e;
            t28_mul_compute(0.1f, a0_x2_e, t28_x2_e);
            // call 28: t29 = add(t27, t28)   (at x1)
            float t29_x1_e;
            t29_add_compute(t27_x1_e, t28_x2_e, t29_x1_e);
            // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at y1)
            float t30_y1_e;
            t30_mul_compute(0.06f, a0_y1_q.x, t30_y1_e);
            // call 30: t31 = add(t29, t30)   (at x1)
            float t31_x1_e;
            t31_add_compute(t29_x1_e, t30_y1_e, t31_x1_e);
            // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at x1_y1)
            float t32_x1_y1_e;
            t32_mul_compute(0.09f, a0_y1_q.y, t32_x1_y1_e);
            // call 32: t33 = add(t31, t32)   (at x1)
            float t33_x1_e;
            t33_add_compute(t31_x1_e, t32_x1_y1_e, t33_x1_e);
            const float a0_x2_y1_e = a0[a0_at + 130];
            // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x2_y1)
            float t34_x2_y1_e;
            t34_mul_compute(0.12f, a0_x2_y1_e, t34_x2_y1_e);
            // call 34: t35 = add(t33, t34)   (at x1)
            float t35_x1_e;
            t35_add_compute(t33_x1_e, t34_x2_y1_e, t35_x1_e);
            // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at ym1_z1)
            float t36_ym1_z1_e;
            t36_mul_compute(0.03f, a0_ym1_z1_q.x, t36_ym1_z1_e);
            // call 36: t37 = add(t35, t36)   (at x1)
            float t37_x1_e;
            t37_add_compute(t35_x1_e, t36_ym1_z1_e, t37_x1_e);
            // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at x1_ym1_z1)
            float t38_x1_ym1_z1_e;
            t38_mul_compute(0.06f, a0_ym1_z1_q.y, t38_x1_ym1_z1_e);
            // call 38: t39 = add(t37, t38)   (at x1)
            float t39_x1_e;
            t39_add_compute(t37_x1_e, t38_x1_ym1_z1_e, t39_x1_e);
            const float a0_x2_ym1_z1_e = a0[a0_at + 16258];
            // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x2_ym1_z1)
            float t40_x2_ym1_z1_e;
            t40_mul_compute(0.09f, a0_x2_ym1_z1_e, t40_x2_ym1_z1_e);
            // call 40: t41 = add(t39, t40)   (at x1)
            float t41_x1_e;
            t41_add_compute(t39_x1_e, t40_x2_ym1_z1_e, t41_x1_e);
            // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at z1)
            float t42_z1_e;
            t42_mul_compute(0.05f, a0_z1_q.x, t42_z1_e);
            // call 42: t43 = add(t41, t42)   (at x1)
            float t43_x1_e;
            t43_add_compute(t41_x1_e, t42_z1_e, t43_x1_e);
            // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at x1_z1)
            float t44_x1_z1_e;
            t44_mul_compute(0.08f, a0_z1_q.y, t44_x1_z1_e);
            // call 44: t45 = add(t43, t44)   (at x1)
            float t45_x1_e;
            t45_add_compute(t43_x1_e, t44_x1_z1_e, t45_x1_e);
            const float a0_x2_z1_e = a0[a0_at + 16386];
            // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x2_z1)
            float t46_x2_z1_e;
            t46_mul_compute(0.11f, a0_x2_z1_e, t46_x2_z1_e);
            // call 46: t47 = add(t45, t46)   (at x1)
            float t47_x1_e;
            t47_add_compute(t45_x1_e, t46_x2_z1_e, t47_x1_e);
            // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at y1_z1)
            float t48_y1_z1_e;
            t48_mul_compute(0.07f, a0_y1_z1_q.x, t48_y1_z1_e);
            // call 48: t49 = add(t47, t48)   (at x1)
            float t49_x1_e;
            t49_add_compute(t47_x1_e, t48_y1_z1_e, t49_x1_e);
            // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at x1_y1_z1)
            float t50_x1_y1_z1_e;
            t50_mul_compute(0.1f, a0_y1_z1_q.y, t50_x1_y1_z1_e);
            // call 50: t51 = add(t49, t50)   (at x1)
            float t51_x1_e;
            t51_add_compute(t49_x1_e, t50_x1_y1_z1_e, t51_x1_e);
            const float a0_x2_y1_z1_e = a0[a0_at + 16514];
            // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x2_y1_z1)
            float t52_x2_y1_z1_e;
            t52_mul_compute(0.13f, a0_x2_y1_z1_e, t52_x2_y1_z1_e);
            // call 52: t53 = add(t51, t52)   (at x1)
            float t53_x1_e;
            t53_add_compute(t51_x1_e, t52_x2_y1_z1_e, t53_x1_e);
            // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at y1)
            float t1_y1_e;
            t1_mul_compute(a0_y1_q.x, 0.5f, t1_y1_e);
            // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at xm1_zm1)
            float t2_xm1_zm1_e;
            t2_mul_compute(0.01f, a0_xm1_zm1_e, t2_xm1_zm1_e);
            // call 2: t3 = add(t1, t2)   (at y1)
            float t3_y1_e;
            t3_add_compute(t1_y1_e, t2_xm1_zm1_e, t3_y1_e);
            // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at zm1)
            float t4_zm1_e;
            t4_mul_compute(0.04f, a0_zm1_q.x, t4_zm1_e);
            // call 4: t5 = add(t3, t4)   (at y1)
            float t5_y1_e;
            t5_add_compute(t3_y1_e, t4_zm1_e, t5_y1_e);
            // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x1_zm1)
            float t6_x1_zm1_e;
            t6_mul_compute(0.07f, a0_zm1_q.y, t6_x1_zm1_e);
            // call 6: t7 = add(t5, t6)   (at y1)
            float t7_y1_e;
            t7_add_compute(t5_y1_e, t6_x1_zm1_e, t7_y1_e);
            // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at xm1_y1_zm1)
            float t8_xm1_y1_zm1_e;
            t8_mul_compute(0.03f, a0_xm1_y1_zm1_e, t8_xm1_y1_zm1_e);
            // call 8: t9 = add(t7, t8)   (at y1)
            float t9_y1_e;
            t9_add_compute(t7_y1_e, t8_xm1_y1_zm1_e, t9_y1_e);
            // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at y1_zm1)
            float t10_y1_zm1_e;
            t10_mul_compute(0.06f, a0_y1_zm1_q.x, t10_y1_zm1_e);
            // call 10: t11 = add(t9, t10)   (at y1)
            float t11_y1_e;
            t11_add_compute(t9_y1_e, t10_y1_zm1_e, t11_y1_e);
            // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x1_y1_zm1)
            float t12_x1_y1_zm1_e;
            t12_mul_compute(0.09f, a0_y1_zm1_q.y, t12_x1_y1_zm1_e);
            // call 12: t13 = add(t11, t12)   (at y1)
            float t13_y1_e;
            t13_add_compute(t11_y1_e, t12_x1_y1_zm1_e, t13_y1_e);
            const float a0_xm1_y2_zm1_e = a0[a0_at - 16129];
            // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at xm1_y2_zm1)
            float t14_xm1_y2_zm1_e;
            t14_mul_compute(0.05f, a0_xm1_y2_zm1_e, t14_xm1_y2_zm1_e);
            // call 14: t15 = add(t13, t14)   (at y1)
            float t15_y1_e;
            t15_add_compute(t13_y1_e, t14_xm1_y2_zm1_e, t15_y1_e);
            // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at y2_zm1)
            float t16_y2_zm1_e;
            t16_mul_compute(0.08f, a0_y2_zm1_q.x, t16_y2_zm1_e);
            // call 16: t17 = add(t15, t16)   (at y1)
            float t17_y1_e;
            t17_add_compute(t15_y1_e, t16_y2_zm1_e, t17_y1_e);
            // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x1_y2_zm1)
            float t18_x1_y2_zm1_e;
            t18_mul_compute(0.11f, a0_y2_zm1_q.y, t18_x1_y2_zm1_e);
            // call 18: t19 = add(t17, t18)   (at y1)
            float t19_y1_e;
            t19_add_compute(t17_y1_e, t18_x1_y2_zm1_e, t19_y1_e);
            // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at xm1)
            float t20_xm1_e;
            t20_mul_compute(0.02f, a0_xm1_e, t20_xm1_e);
            // call 20: t21 = add(t19, t20)   (at y1)
            float t21_y1_e;
            t21_add_compute(t19_y1_e, t20_xm1_e, t21_y1_e);
            // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])
            float t22_e;
            t22_mul_compute(0.05f, a0_q.x, t22_e);
            // call 22: t23 = add(t21, t22)   (at y1)
            float t23_y1_e;
            t23_add_compute(t21_y1_e, t22_e, t23_y1_e);
            // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x1)
            float t24_x1_e;
            t24_mul_compute(0.08f, a0_q.y, t24_x1_e);
            // call 24: t25 = add(t23, t24)   (at y1)
            float t25_y1_e;
            t25_add_compute(t23_y1_e, t24_x1_e, t25_y1_e);
            // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at xm1_y1)
            float t26_xm1_y1_e;
            t26_mul_compute(0.04f, a0_xm1_y1_e, t26_xm1_y1_e);
            // call 26: t27 = add(t25, t26)   (at y1)
            float t27_y1_e;
            t27_add_compute(t25_y1_e, t26_xm1_y1_e, t27_y1_e);
            // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x1_y1)
            float t28_x1_y1_e;
            t28_mul_compute(0.1f, a0_y1_q.y, t28_x1_y1_e);
            // call 28: t29 = add(t27, t28)   (at y1)
            float t29_y1_e;
            t29_add_compute(t27_y1_e, t28_x1_y1_e, t29_y1_e);
            const float a0_xm1_y2_e = a0[a0_at + 255];
            // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at xm1_y2)
            float t30_xm1_y2_e;
            t30_mul_compute(0.06f, a0_xm1_y2_e, t30_xm1_y2_e);
            // call 30: t31 = add(t29, t30)   (at y1)
            float t31_y1_e;
            t31_add_compute(t29_y1_e, t30_xm1_y2_e, t31_y1_e);
            // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at y2)
            float t32_y2_e;
            t32_mul_compute(0.09f, a0_y2_q.x, t32_y2_e);
            // call 32: t33 = add(t31, t32)   (at y1)
            float t33_y1_e;
            t33_add_compute(t31_y1_e, t32_y2_e, t33_y1_e);
            // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x1_y2)
            float t34_x1_y2_e;
            t34_mul_compute(0.12f, a0_y2_q.y, t34_x1_y2_e);
            // call 34: t35 = add(t33, t34)   (at y1)
            float t35_y1_e;
            t35_add_compute(t33_y1_e, t34_x1_y2_e, t35_y1_e);
            // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at xm1_z1)
            float t36_xm1_z1_e;
            t36_mul_compute(0.03f, a0_xm1_z1_e, t36_xm1_z1_e);
            // call 36: t37 = add(t35, t36)   (at y1)
            float t37_y1_e;
            t37_add_compute(t35_y1_e, t36_xm1_z1_e, t37_y1_e);
            // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at z1)
            float t38_z1_e;
            t38_mul_compute(0.06f, a0_z1_q.x, t38_z1_e);
            // call 38: t39 = add(t37, t38)   (at y1)
            float t39_y1_e;
            t39_add_compute(t37_y1_e, t38_z1_e, t39_y1_e);
            // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x1_z1)
            float t40_x1_z1_e;
            t40_mul_compute(0.09f, a0_z1_q.y, t40_x1_z1_e);
            // call 40: t41 = add(t39, t40)   (at y1)
            float t41_y1_e;
            t41_add_compute(t39_y1_e, t40_x1_z1_e, t41_y1_e);
            // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at xm1_y1_z1)
            float t42_xm1_y1_z1_e;
            t42_mul_compute(0.05f, a0_xm1_y1_z1_e, t42_xm1_y1_z1_e);
            // call 42: t43 = add(t41, t42)   (at y1)
            float t43_y1_e;
            t43_add_compute(t41_y1_e, t42_xm1_y1_z1_e, t43_y1_e);
            // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at y1_z1)
            float t44_y1_z1_e;
            t44_mul_compute(0.08f, a0_y1_z1_q.x, t44_y1_z1_e);
            // call 44: t45 = add(t43, t44)   (at y1)
            float t45_y1_e;
            t45_add_compute(t43_y1_e, t44_y1_z1_e, t45_y1_e);
            // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x1_y1_z1)
            float t46_x1_y1_z1_e;
            t46_mul_compute(0.11f, a0_y1_z1_q.y, t46_x1_y1_z1_e);
            // call 46: t47 = add(t45, t46)   (at y1)
            float t47_y1_e;
            t47_add_compute(t45_y1_e, t46_x1_y1_z1_e, t47_y1_e);
            const float a0_xm1_y2_z1_e = a0[a0_at + 16639];
            // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at xm1_y2_z1)
            float t48_xm1_y2_z1_e;
            t48_mul_compute(0.07f, a0_xm1_y2_z1_e, t48_xm1_y2_z1_e);
            // call 48: t49 = add(t47, t48)   (at y1)
            float t49_y1_e;
            t49_add_compute(t47_y1_e, t48_xm1_y2_z1_e, t49_y1_e);
            // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at y2_z1)
            float t50_y2_z1_e;
            t50_mul_compute(0.1f, a0_y2_z1_q.x, t50_y2_z1_e);
            // call 50: t51 = add(t49, t50)   (at y1)
            float t51_y1_e;
            t51_add_compute(t49_y1_e, t50_y2_z1_e, t51_y1_e);
            // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x1_y2_z1)
            float t52_x1_y2_z1_e;
            t52_mul_compute(0.13f, a0_y2_z1_q.y, t52_x1_y2_z1_e);
            // call 52: t53 = add(t51, t52)   (at y1)
            float t53_y1_e;
            t53_add_compute(t51_y1_e, t52_x1_y2_z1_e, t53_y1_e);
            // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at x1_y1)
            float t1_x1_y1_e;
            t1_mul_compute(a0_y1_q.y, 0.5f, t1_x1_y1_e);
            // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at zm1)
            float t2_zm1_e;
            t2_mul_compute(0.01f, a0_zm1_q.x, t2_zm1_e);
            // call 2: t3 = add(t1, t2)   (at x1_y1)
            float t3_x1_y1_e;
            t3_add_compute(t1_x1_y1_e, t2_zm1_e, t3_x1_y1_e);
            // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at x1_zm1)
            float t4_x1_zm1_e;
            t4_mul_compute(0.04f, a0_zm1_q.y, t4_x1_zm1_e);
            // call 4: t5 = add(t3, t4)   (at x1_y1)
            float t5_x1_y1_e;
            t5_add_compute(t3_x1_y1_e, t4_x1_zm1_e, t5_x1_y1_e);
            // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x2_zm1)
            float t6_x2_zm1_e;
            t6_mul_compute(0.07f, a0_x2_zm1_e, t6_x2_zm1_e);
            // call 6: t7 = add(t5, t6)   (at x1_y1)
            float t7_x1_y1_e;
            t7_add_compute(t5_x1_y1_e, t6_x2_zm1_e, t7_x1_y1_e);
            // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at y1_zm1)
            float t8_y1_zm1_e;
            t8_mul_compute(0.03f, a0_y1_zm1_q.x, t8_y1_zm1_e);
            // call 8: t9 = add(t7, t8)   (at x1_y1)
            float t9_x1_y1_e;
            t9_add_compute(t7_x1_y1_e, t8_y1_zm1_e, t9_x1_y1_e);
            // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at x1_y1_zm1)
            float t10_x1_y1_zm1_e;
            t10_mul_compute(0.06f, a0_y1_zm1_q.y, t10_x1_y1_zm1_e);
            // call 10: t11 = add(t9, t10)   (at x1_y1)
            float t11_x1_y1_e;
            t11_add_compute(t9_x1_y1_e, t10_x1_y1_zm1_e, t11_x1_y1_e);
            // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x2_y1_zm1)
            float t12_x2_y1_zm1_e;
            t12_mul_compute(0.09f, a0_x2_y1_zm1_e, t12_x2_y1_zm1_e);
            // call 12: t13 = add(t11, t12)   (at x1_y1)
            float t13_x1_y1_e;
            t13_add_compute(t11_x1_y1_e, t12_x2_y1_zm1_e, t13_x1_y1_e);
            // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at y2_zm1)
            float t14_y2_zm1_e;
            t14_mul_compute(0.05f, a0_y2_zm1_q.x, t14_y2_zm1_e);
            // call 14: t15 = add(t13, t14)   (at x1_y1)
            float t15_x1_y1_e;
            t15_add_compute(t13_x1_y1_e, t14_y2_zm1_e, t15_x1_y1_e);
            // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at x1_y2_zm1)
            float t16_x1_y2_zm1_e;
            t16_mul_compute(0.08f, a0_y2_zm1_q.y, t16_x1_y2_zm1_e);
            // call 16: t17 = add(t15, t16)   (at x1_y1)
            float t17_x1_y1_e;
            t17_add_compute(t15_x1_y1_e, t16_x1_y2_zm1_e, t17_x1_y1_e);
            const float a0_x2_y2_zm1_e = a0[a0_at - 16126];
            // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x2_y2_zm1)
            float t18_x2_y2_zm1_e;
            t18_mul_compute(0.11f, a0_x2_y2_zm1_e, t18_x2_y2_zm1_e);
            // call 18: t19 = add(t17, t18)   (at x1_y1)
            float t19_x1_y1_e;
            t19_add_compute(t17_x1_y1_e, t18_x2_y2_zm1_e, t19_x1_y1_e);
            // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])
            float t20_e;
            t20_mul_compute(0.02f, a0_q.x, t20_e);
            // call 20: t21 = add(t19, t20)   (at x1_y1)
            float t21_x1_y1_e;
            t21_add_compute(t19_x1_y1_e, t20_e, t21_x1_y1_e);
            // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at x1)
            float t22_x1_e;
            t22_mul_compute(0.05f, a0_q.y, t22_x1_e);
            // call 22: t23 = add(t21, t22)   (at x1_y1)
            float t23_x1_y1_e;
            t23_add_compute(t21_x1_y1_e, t22_x1_e, t23_x1_y1_e);
            // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x2)
            float t24_x2_e;
            t24_mul_compute(0.08f, a0_x2_e, t24_x2_e);
            // call 24: t25 = add(t23, t24)   (at x1_y1)
            float t25_x1_y1_e;
            t25_add_compute(t23_x1_y1_e, t24_x2_e, t25_x1_y1_e);
            // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at y1)
            float t26_y1_e;
            t26_mul_compute(0.04f, a0_y1_q.x, t26_y1_e);
            // call 26: t27 = add(t25, t26)   (at x1_y1)
            float t27_x1_y1_e;
            t27_add_compute(t25_x1_y1_e, t26_y1_e, t27_x1_y1_e);
            // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x2_y1)
            float t28_x2_y1_e;
            t28_mul_compute(0.1f, a0_x2_y1_e, t28_x2_y1_e);
            // call 28: t29 = add(t27, t28)   (at x1_y1)
            float t29_x1_y1_e;
            t29_add_compute(t27_x1_y1_e, t28_x2_y1_e, t29_x1_y1_e);
            // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at y2)
            float t30_y2_e;
            t30_mul_compute(0.06f, a0_y2_q.x, t30_y2_e);
            // call 30: t31 = add(t29, t30)   (at x1_y1)
            float t31_x1_y1_e;
            t31_add_compute(t29_x1_y1_e, t30_y2_e, t31_x1_y1_e);
            // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at x1_y2)
            float t32_x1_y2_e;
            t32_mul_compute(0.09f, a0_y2_q.y, t32_x1_y2_e);
            // call 32: t33 = add(t31, t32)   (at x1_y1)
            float t33_x1_y1_e;
            t33_add_compute(t31_x1_y1_e, t32_x1_y2_e, t33_x1_y1_e);
            const float a0_x2_y2_e = a0[a0_at + 258];
            // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x2_y2)
            float t34_x2_y2_e;
            t34_mul_compute(0.12f, a0_x2_y2_e, t34_x2_y2_e);
            // call 34: t35 = add(t33, t34)   (at x1_y1)
            float t35_x1_y1_e;
            t35_add_compute(t33_x1_y1_e, t34_x2_y2_e, t35_x1_y1_e);
            // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at z1)
            float t36_z1_e;
            t36_mul_compute(0.03f, a0_z1_q.x, t36_z1_e);
            // call 36: t37 = add(t35, t36)   (at x1_y1)
            float t37_x1_y1_e;
            t37_add_compute(t35_x1_y1_e, t36_z1_e, t37_x1_y1_e);
            // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at x1_z1)
            float t38_x1_z1_e;
            t38_mul_compute(0.06f, a0_z1_q.y, t38_x1_z1_e);
            // call 38: t39 = add(t37, t38)   (at x1_y1)
            float t39_x1_y1_e;
            t39_add_compute(t37_x1_y1_e, t38_x1_z1_e, t39_x1_y1_e);
            // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x2_z1)
            float t40_x2_z1_e;
            t40_mul_compute(0.09f, a0_x2_z1_e, t40_x2_z1_e);
            // call 40: t41 = add(t39, t40)   (at x1_y1)
            float t41_x1_y1_e;
            t41_add_compute(t39_x1_y1_e, t40_x2_z1_e, t41_x1_y1_e);
            // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at y1_z1)
            float t42_y1_z1_e;
            t42_mul_compute(0.05f, a0_y1_z1_q.x, t42_y1_z1_e);
            // call 42: t43 = add(t41, t42)   (at x1_y1)
            float t43_x1_y1_e;
            t43_add_compute(t41_x1_y1_e, t42_y1_z1_e, t43_x1_y1_e);
            // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at x1_y1_z1)
            float t44_x1_y1_z1_e;
            t44_mul_compute(0.08f, a0_y1_z1_q.y, t44_x1_y1_z1_e);
            // call 44: t45 = add(t43, t44)   (at x1_y1)
            float t45_x1_y1_e;
            t45_add_compute(t43_x1_y1_e, t44_x1_y1_z1_e, t45_x1_y1_e);
            // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x2_y1_z1)
            float t46_x2_y1_z1_e;
            t46_mul_compute(0.11f, a0_x2_y1_z1_e, t46_x2_y1_z1_e);
            // call 46: t47 = add(t45, t46)   (at x1_y1)
            float t47_x1_y1_e;
            t47_add_compute(t45_x1_y1_e, t46_x2_y1_z1_e, t47_x1_y1_e);
            // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at y2_z1)
            float t48_y2_z1_e;
            t48_mul_compute(0.07f, a0_y2_z1_q.x, t48_y2_z1_e);
            // call 48: t49 = add(t47, t48)   (at x1_y1)
            float t49_x1_y1_e;
            t49_add_compute(t47_x1_y1_e, t48_y2_z1_e, t49_x1_y1_e);
            // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at x1_y2_z1)
            float t50_x1_y2_z1_e;
            t50_mul_compute(0.1f, a0_y2_z1_q.y, t50_x1_y2_z1_e);
            // call 50: t51 = add(t49, t50)   (at x1_y1)
            float t51_x1_y1_e;
            t51_add_compute(t49_x1_y1_e, t50_x1_y2_z1_e, t51_x1_y1_e);
            const float a0_x2_y2_z1_e = a0[a0_at + 16642];
            // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x2_y2_z1)
            float t52_x2_y2_z1_e;
            t52_mul_compute(0.13f, a0_x2_y2_z1_e, t52_x2_y2_z1_e);
            // call 52: t53 = add(t51, t52)   (at x1_y1)
            float t53_x1_y1_e;
            t53_add_compute(t51_x1_y1_e, t52_x2_y2_z1_e, t53_x1_y1_e);
            t53[t53_at] = t53_e;   // store t53
            t53[t53_at + 1] = t53_x1_e;   // store t53
            t53[t53_at + 126] = t53_y1_e;   // store t53
            t53[t53_at + 127] = t53_x1_y1_e;   // store t53
        } else {   // the points one by one
            if (x_p >= 1 && x_p < 127 && y_p >= 1 && y_p < 127 && z_p >= 1 && z_p < 127) {
                const float a0_e = a0[a0_at];
                // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)
                float t1_e;
                t1_mul_compute(a0_e, 0.5f, t1_e);
                const float a0_xm1_ym1_zm1_e = a0[a0_at - 16513];
                // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at xm1_ym1_zm1)
                float t2_xm1_ym1_zm1_e;
                t2_mul_compute(0.01f, a0_xm1_ym1_zm1_e, t2_xm1_ym1_zm1_e);
                // call 2: t3 = add(t1, t2)
                float t3_e;
                t3_add_compute(t1_e, t2_xm1_ym1_zm1_e, t3_e);
                const float a0_ym1_zm1_e = a0[a0_at - 16512];
                // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at ym1_zm1)
                float t4_ym1_zm1_e;
                t4_mul_compute(0.04f, a0_ym1_zm1_e, t4_ym1_zm1_e);
                // call 4: t5 = add(t3, t4)
                float t5_e;
                t5_add_compute(t3_e, t4_ym1_zm1_e, t5_e);
                const float a0_x1_ym1_zm1_e = a0[a0_at - 16511];
                // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x1_ym1_zm1)
                float t6_x1_ym1_zm1_e;
                t6_mul_compute(0.07f, a0_x1_ym1_zm1_e, t6_x1_ym1_zm1_e);
                // call 6: t7 = add(t5, t6)
                float t7_e;
                t7_add_compute(t5_e, t6_x1_ym1_zm1_e, t7_e);
                const float a0_xm1_zm1_e = a0[a0_at - 16385];
                // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at xm1_zm1)
                float t8_xm1_zm1_e;
                t8_mul_compute(0.03f, a0_xm1_zm1_e, t8_xm1_zm1_e);
                // call 8: t9 = add(t7, t8)
                float t9_e;
                t9_add_compute(t7_e, t8_xm1_zm1_e, t9_e);
                const float a0_zm1_e = a0[a0_at - 16384];
                // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at zm1)
                float t10_zm1_e;
                t10_mul_compute(0.06f, a0_zm1_e, t10_zm1_e);
                // call 10: t11 = add(t9, t10)
                float t11_e;
                t11_add_compute(t9_e, t10_zm1_e, t11_e);
                const float a0_x1_zm1_e = a0[a0_at - 16383];
                // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x1_zm1)
                float t12_x1_zm1_e;
                t12_mul_compute(0.09f, a0_x1_zm1_e, t12_x1_zm1_e);
                // call 12: t13 = add(t11, t12)
                float t13_e;
                t13_add_compute(t11_e, t12_x1_zm1_e, t13_e);
                const float a0_xm1_y1_zm1_e = a0[a0_at - 16257];
                // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at xm1_y1_zm1)
                float t14_xm1_y1_zm1_e;
                t14_mul_compute(0.05f, a0_xm1_y1_zm1_e, t14_xm1_y1_zm1_e);
                // call 14: t15 = add(t13, t14)
                float t15_e;
                t15_add_compute(t13_e, t14_xm1_y1_zm1_e, t15_e);
                const float a0_y1_zm1_e = a0[a0_at - 16256];
                // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at y1_zm1)
                float t16_y1_zm1_e;
                t16_mul_compute(0.08f, a0_y1_zm1_e, t16_y1_zm1_e);
                // call 16: t17 = add(t15, t16)
                float t17_e;
                t17_add_compute(t15_e, t16_y1_zm1_e, t17_e);
                const float a0_x1_y1_zm1_e = a0[a0_at - 16255];
                // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x1_y1_zm1)
                float t18_x1_y1_zm1_e;
                t18_mul_compute(0.11f, a0_x1_y1_zm1_e, t18_x1_y1_zm1_e);
                // call 18: t19 = add(t17, t18)
                float t19_e;
                t19_add_compute(t17_e, t18_x1_y1_zm1_e, t19_e);
                const float a0_xm1_ym1_e = a0[a0_at - 129];
                // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at xm1_ym1)
                float t20_xm1_ym1_e;
                t20_mul_compute(0.02f, a0_xm1_ym1_e, t20_xm1_ym1_e);
                // call 20: t21 = add(t19, t20)
                float t21_e;
                t21_add_compute(t19_e, t20_xm1_ym1_e, t21_e);
                const float a0_ym1_e = a0[a0_at - 128];
                // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at ym1)
                float t22_ym1_e;
                t22_mul_compute(0.05f, a0_ym1_e, t22_ym1_e);
                // call 22: t23 = add(t21, t22)
                float t23_e;
                t23_add_compute(t21_e, t22_ym1_e, t23_e);
                const float a0_x1_ym1_e = a0[a0_at - 127];
                // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x1_ym1)
                float t24_x1_ym1_e;
                t24_mul_compute(0.08f, a0_x1_ym1_e, t24_x1_ym1_e);
                // call 24: t25 = add(t23, t24)
                float t25_e;
                t25_add_compute(t23_e, t24_x1_ym1_e, t25_e);
                const float a0_xm1_e = a0[a0_at - 1];
                // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at xm1)
                float t26_xm1_e;
                t26_mul_compute(0.04f, a0_xm1_e, t26_xm1_e);
                // call 26: t27 = add(t25, t26)
                float t27_e;
                t27_add_compute(t25_e, t26_xm1_e, t27_e);
                const float a0_x1_e = a0[a0_at + 1];
                // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x1)
                float t28_x1_e;
                t28_mul_compute(0.1f, a0_x1_e, t28_x1_e);
                // call 28: t29 = add(t27, t28)
                float t29_e;
                t29_add_compute(t27_e, t28_x1_e, t29_e);
                const float a0_xm1_y1_e = a0[a0_at + 127];
                // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at xm1_y1)
                float t30_xm1_y1_e;
                t30_mul_compute(0.06f, a0_xm1_y1_e, t30_xm1_y1_e);
                // call 30: t31 = add(t29, t30)
                float t31_e;
                t31_add_compute(t29_e, t30_xm1_y1_e, t31_e);
                const float a0_y1_e = a0[a0_at + 128];
                // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at y1)
                float t32_y1_e;
                t32_mul_compute(0.09f, a0_y1_e, t32_y1_e);
                // call 32: t33 = add(t31, t32)
                float t33_e;
                t33_add_compute(t31_e, t32_y1_e, t33_e);
                const float a0_x1_y1_e = a0[a0_at + 129];
                // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x1_y1)
                float t34_x1_y1_e;
                t34_mul_compute(0.12f, a0_x1_y1_e, t34_x1_y1_e);
                // call 34: t35 = add(t33, t34)
                float t35_e;
                t35_add_compute(t33_e, t34_x1_y1_e, t35_e);
                const float a0_xm1_ym1_z1_e = a0[a0_at + 16255];
                // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at xm1_ym1_z1)
                float t36_xm1_ym1_z1_e;
                t36_mul_compute(0.03f, a0_xm1_ym1_z1_e, t36_xm1_ym1_z1_e);
                // call 36: t37 = add(t35, t36)
                float t37_e;
                t37_add_compute(t35_e, t36_xm1_ym1_z1_e, t37_e);
                const float a0_ym1_z1_e = a0[a0_at + 16256];
                // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at ym1_z1)
                float t38_ym1_z1_e;
                t38_mul_compute(0.06f, a0_ym1_z1_e, t38_ym1_z1_e);
                // call 38: t39 = add(t37, t38)
                float t39_e;
                t39_add_compute(t37_e, t38_ym1_z1_e, t39_e);
                const float a0_x1_ym1_z1_e = a0[a0_at + 16257];
                // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x1_ym1_z1)
                float t40_x1_ym1_z1_e;
                t40_mul_compute(0.09f, a0_x1_ym1_z1_e, t40_x1_ym1_z1_e);
                // call 40: t41 = add(t39, t40)
                float t41_e;
                t41_add_compute(t39_e, t40_x1_ym1_z1_e, t41_e);
                const float a0_xm1_z1_e = a0[a0_at + 16383];
                // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at xm1_z1)
                float t42_xm1_z1_e;
                t42_mul_compute(0.05f, a0_xm1_z1_e, t42_xm1_z1_e);
                // call 42: t43 = add(t41, t42)
                float t43_e;
                t43_add_compute(t41_e, t42_xm1_z1_e, t43_e);
                const float a0_z1_e = a0[a0_at + 16384];
                // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at z1)
                float t44_z1_e;
                t44_mul_compute(0.08f, a0_z1_e, t44_z1_e);
                // call 44: t45 = add(t43, t44)
                float t45_e;
                t45_add_compute(t43_e, t44_z1_e, t45_e);
                const float a0_x1_z1_e = a0[a0_at + 16385];
                // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x1_z1)
                float t46_x1_z1_e;
                t46_mul_compute(0.11f, a0_x1_z1_e, t46_x1_z1_e);
                // call 46: t47 = add(t45, t46)
                float t47_e;
                t47_add_compute(t45_e, t46_x1_z1_e, t47_e);
                const float a0_xm1_y1_z1_e = a0[a0_at + 16511];
                // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at xm1_y1_z1)
                float t48_xm1_y1_z1_e;
                t48_mul_compute(0.07f, a0_xm1_y1_z1_e, t48_xm1_y1_z1_e);
                // call 48: t49 = add(t47, t48)
                float t49_e;
                t49_add_compute(t47_e, t48_xm1_y1_z1_e, t49_e);
                const float a0_y1_z1_e = a0[a0_at + 16512];
                // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at y1_z1)
                float t50_y1_z1_e;
                t50_mul_compute(0.1f, a0_y1_z1_e, t50_y1_z1_e);
                // call 50: t51 = add(t49, t50)
                float t51_e;
                t51_add_compute(t49_e, t50_y1_z1_e, t51_e);
                const float a0_x1_y1_z1_e = a0[a0_at + 16513];
                // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x1_y1_z1)
                float t52_x1_y1_z1_e;
                t52_mul_compute(0.13f, a0_x1_y1_z1_e, t52_x1_y1_z1_e);
                // call 52: t53 = add(t51, t52)
                float t53_e;
                t53_add_compute(t51_e, t52_x1_y1_z1_e, t53_e);
                t53[t53_at] = t53_e;   // store t53
            }
            if (x_p + 1 >= 1 && x_p + 1 < 127 && y_p >= 1 && y_p < 127 && z_p >= 1 && z_p < 127) {
                const float a0_x1_e = a0[a0_at + 1];
                // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at x1)
                float t1_x1_e;
                t1_mul_compute(a0_x1_e, 0.5f, t1_x1_e);
                const float a0_ym1_zm1_e = a0[a0_at - 16512];
                // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at ym1_zm1)
                float t2_ym1_zm1_e;
                t2_mul_compute(0.01f, a0_ym1_zm1_e, t2_ym1_zm1_e);
                // call 2: t3 = add(t1, t2)   (at x1)
                float t3_x1_e;
                t3_add_compute(t1_x1_e, t2_ym1_zm1_e, t3_x1_e);
                const float a0_x1_ym1_zm1_e = a0[a0_at - 16511];
                // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at x1_ym1_zm1)
                float t4_x1_ym1_zm1_e;
                t4_mul_compute(0.04f, a0_x1_ym1_zm1_e, t4_x1_ym1_zm1_e);
                // call 4: t5 = add(t3, t4)   (at x1)
                float t5_x1_e;
                t5_add_compute(t3_x1_e, t4_x1_ym1_zm1_e, t5_x1_e);
                const float a0_x2_ym1_zm1_e = a0[a0_at - 16510];
                // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x2_ym1_zm1)
                float t6_x2_ym1_zm1_e;
                t6_mul_compute(0.07f, a0_x2_ym1_zm1_e, t6_x2_ym1_zm1_e);
                // call 6: t7 = add(t5, t6)   (at x1)
                float t7_x1_e;
                t7_add_compute(t5_x1_e, t6_x2_ym1_zm1_e, t7_x1_e);
                const float a0_zm1_e = a0[a0_at - 16384];
                // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at zm1)
                float t8_zm1_e;
                t8_mul_compute(0.03f, a0_zm1_e, t8_zm1_e);
                // call 8: t9 = add(t7, t8)   (at x1)
                float t9_x1_e;
                t9_add_compute(t7_x1_e, t8_zm1_e, t9_x1_e);
                const float a0_x1_zm1_e = a0[a0_at - 16383];
                // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at x1_zm1)
                float t10_x1_zm1_e;
                t10_mul_compute(0.06f, a0_x1_zm1_e, t10_x1_zm1_e);
                // call 10: t11 = add(t9, t10)   (at x1)
                float t11_x1_e;
                t11_add_compute(t9_x1_e, t10_x1_zm1_e, t11_x1_e);
                const float a0_x2_zm1_e = a0[a0_at - 16382];
                // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x2_zm1)
                float t12_x2_zm1_e;
                t12_mul_compute(0.09f, a0_x2_zm1_e, t12_x2_zm1_e);
                // call 12: t13 = add(t11, t12)   (at x1)
                float t13_x1_e;
                t13_add_compute(t11_x1_e, t12_x2_zm1_e, t13_x1_e);
                const float a0_y1_zm1_e = a0[a0_at - 16256];
                // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at y1_zm1)
                float t14_y1_zm1_e;
                t14_mul_compute(0.05f, a0_y1_zm1_e, t14_y1_zm1_e);
                // call 14: t15 = add(t13, t14)   (at x1)
                float t15_x1_e;
                t15_add_compute(t13_x1_e, t14_y1_zm1_e, t15_x1_e);
                const float a0_x1_y1_zm1_e = a0[a0_at - 16255];
                // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at x1_y1_zm1)
                float t16_x1_y1_zm1_e;
                t16_mul_compute(0.08f, a0_x1_y1_zm1_e, t16_x1_y1_zm1_e);
                // call 16: t17 = add(t15, t16)   (at x1)
                float t17_x1_e;
                t17_add_compute(t15_x1_e, t16_x1_y1_zm1_e, t17_x1_e);
                const float a0_x2_y1_zm1_e = a0[a0_at - 16254];
                // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x2_y1_zm1)
                float t18_x2_y1_zm1_e;
                t18_mul_compute(0.11f, a0_x2_y1_zm1_e, t18_x2_y1_zm1_e);
                // call 18: t19 = add(t17, t18)   (at x1)
                float t19_x1_e;
                t19_add_compute(t17_x1_e, t18_x2_y1_zm1_e, t19_x1_e);
                const float a0_ym1_e = a0[a0_at - 128];
                // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at ym1)
                float t20_ym1_e;
                t20_mul_compute(0.02f, a0_ym1_e, t20_ym1_e);
                // call 20: t21 = add(t19, t20)   (at x1)
                float t21_x1_e;
                t21_add_compute(t19_x1_e, t20_ym1_e, t21_x1_e);
                const float a0_x1_ym1_e = a0[a0_at - 127];
                // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at x1_ym1)
                float t22_x1_ym1_e;
                t22_mul_compute(0.05f, a0_x1_ym1_e, t22_x1_ym1_e);
                // call 22: t23 = add(t21, t22)   (at x1)
                float t23_x1_e;
                t23_add_compute(t21_x1_e, t22_x1_ym1_e, t23_x1_e);
                const float a0_x2_ym1_e = a0[a0_at - 126];
                // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x2_ym1)
                float t24_x2_ym1_e;
                t24_mul_compute(0.08f, a0_x2_ym1_e, t24_x2_ym1_e);
                // call 24: t25 = add(t23, t24)   (at x1)
                float t25_x1_e;
                t25_add_compute(t23_x1_e, t24_x2_ym1_e, t25_x1_e);
                const float a0_e = a0[a0_at];
                // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])
                float t26_e;
                t26_mul_compute(0.04f, a0_e, t26_e);
                // call 26: t27 = add(t25, t26)   (at x1)
                float t27_x1_e;
                t27_add_compute(t25_x1_e, t26_e, t27_x1_e);
                const float a0_x2_e = a0[a0_at + 2];
                // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x2)
                float t28_x2_e;
                t28_mul_compute(0.1f, a0_x2_e, t28_x2_e);
                // call 28: t29 = add(t27, t28)   (at x1)
                float t29_x1_e;
                t29_add_compute(t27_x1_e, t28_x2_e, t29_x1_e);
                const float a0_y1_e = a0[a0_at + 128];
                // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at y1)
                float t30_y1_e;
                t30_mul_compute(0.06f, a0_y1_e, t30_y1_e);
                // call 30: t31 = add(t29, t30)   (at x1)
                float t31_x1_e;
                t31_add_compute(t29_x1_e, t30_y1_e, t31_x1_e);
                const float a0_x1_y1_e = a0[a0_at + 129];
                // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at x1_y1)
                float t32_x1_y1_e;
                t32_mul_compute(0.09f, a0_x1_y1_e, t32_x1_y1_e);
                // call 32: t33 = add(t31, t32)   (at x1)
                float t33_x1_e;
                t33_add_compute(t31_x1_e, t32_x1_y1_e, t33_x1_e);
                const float a0_x2_y1_e = a0[a0_at + 130];
                // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x2_y1)
                float t34_x2_y1_e;
                t34_mul_compute(0.12f, a0_x2_y1_e, t34_x2_y1_e);
                // call 34: t35 = add(t33, t34)   (at x1)
                float t35_x1_e;
                t35_add_compute(t33_x1_e, t34_x2_y1_e, t35_x1_e);
                const float a0_ym1_z1_e = a0[a0_at + 16256];
                // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at ym1_z1)
                float t36_ym1_z1_e;
                t36_mul_compute(0.03f, a0_ym1_z1_e, t36_ym1_z1_e);
                // call 36: t37 = add(t35, t36)   (at x1)
                float t37_x1_e;
                t37_add_compute(t35_x1_e, t36_ym1_z1_e, t37_x1_e);
                const float a0_x1_ym1_z1_e = a0[a0_at + 16257];
                // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at x1_ym1_z1)
                float t38_x1_ym1_z1_e;
                t38_mul_compute(0.06f, a0_x1_ym1_z1_e, t38_x1_ym1_z1_e);
                // call 38: t39 = add(t37, t38)   (at x1)
                float t39_x1_e;
                t39_add_compute(t37_x1_e, t38_x1_ym1_z1_e, t39_x1_e);
                const float a0_x2_ym1_z1_e = a0[a0_at + 16258];
                // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x2_ym1_z1)
                float t40_x2_ym1_z1_e;
                t40_mul_compute(0.09f, a0_x2_ym1_z1_e, t40_x2_ym1_z1_e);
                // call 40: t41 = add(t39, t40)   (at x1)
                float t41_x1_e;
                t41_add_compute(t39_x1_e, t40_x2_ym1_z1_e, t41_x1_e);
                const float a0_z1_e = a0[a0_at + 16384];
                // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at z1)
                float t42_z1_e;
                t42_mul_compute(0.05f, a0_z1_e, t42_z1_e);
                // call 42: t43 = add(t41, t42)   (at x1)
                float t43_x1_e;
                t43_add_compute(t41_x1_e, t42_z1_e, t43_x1_e);
                const float a0_x1_z1_e = a0[a0_at + 16385];
                // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at x1_z1)
                float t44_x1_z1_e;
                t44_mul_compute(0.08f, a0_x1_z1_e, t44_x1_z1_e);
                // call 44: t45 = add(t43, t44)   (at x1)
                float t45_x1_e;
                t45_add_compute(t43_x1_e, t44_x1_z1_e, t45_x1_e);
                const float a0_x2_z1_e = a0[a0_at + 16386];
                // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x2_z1)
                float t46_x2_z1_e;
                t46_mul_compute(0.11f, a0_x2_z1_e, t46_x2_z1_e);
                // call 46: t47 = add(t45, t46)   (at x1)
                float t47_x1_e;
                t47_add_compute(t45_x1_e, t46_x2_z1_e, t47_x1_e);
                const float a0_y1_z1_e = a0[a0_at + 16512];
                // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at y1_z1)
                float t48_y1_z1_e;
                t48_mul_compute(0.07f, a0_y1_z1_e, t48_y1_z1_e);
                // call 48: t49 = add(t47, t48)   (at x1)
                float t49_x1_e;
                t49_add_compute(t47_x1_e, t48_y1_z1_e, t49_x1_e);
                const float a0_x1_y1_z1_e = a0[a0_at + 16513];
                // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at x1_y1_z1)
                float t50_x1_y1_z1_e;
                t50_mul_compute(0.1f, a0_x1_y1_z1_e, t50_x1_y1_z1_e);
                // call 50: t51 = add(t49, t50)   (at x1)
                float t51_x1_e;
                t51_add_compute(t49_x1_e, t50_x1_y1_z1_e, t51_x1_e);
                const float a0_x2_y1_z1_e = a0[a0_at + 16514];
                // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x2_y1_z1)
                float t52_x2_y1_z1_e;
                t52_mul_compute(0.13f, a0_x2_y1_z1_e, t52_x2_y1_z1_e);
                // call 52: t53 = add(t51, t52)   (at x1)
                float t53_x1_e;
                t53_add_compute(t51_x1_e, t52_x2_y1_z1_e, t53_x1_e);
                t53[t53_at + 1] = t53_x1_e;   // store t53
            }
            if (x_p >= 1 && x_p < 127 && y_p + 1 >= 1 && y_p + 1 < 127 && z_p >= 1 && z_p < 127) {
                const float a0_y1_e = a0[a0_at + 128];
                // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at y1)
                float t1_y1_e;
                t1_mul_compute(a0_y1_e, 0.5f, t1_y1_e);
                const float a0_xm1_zm1_e = a0[a0_at - 16385];
                // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at xm1_zm1)
                float t2_xm1_zm1_e;
                t2_mul_compute(0.01f, a0_xm1_zm1_e, t2_xm1_zm1_e);
                // call 2: t3 = add(t1, t2)   (at y1)
                float t3_y1_e;
                t3_add_compute(t1_y1_e, t2_xm1_zm1_e, t3_y1_e);
                const float a0_zm1_e = a0[a0_at - 16384];
                // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at zm1)
                float t4_zm1_e;
                t4_mul_compute(0.04f, a0_zm1_e, t4_zm1_e);
                // call 4: t5 = add(t3, t4)   (at y1)
                float t5_y1_e;
                t5_add_compute(t3_y1_e, t4_zm1_e, t5_y1_e);
                const float a0_x1_zm1_e = a0[a0_at - 16383];
                // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x1_zm1)
                float t6_x1_zm1_e;
                t6_mul_compute(0.07f, a0_x1_zm1_e, t6_x1_zm1_e);
                // call 6: t7 = add(t5, t6)   (at y1)
                float t7_y1_e;
                t7_add_compute(t5_y1_e, t6_x1_zm1_e, t7_y1_e);
                const float a0_xm1_y1_zm1_e = a0[a0_at - 16257];
                // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at xm1_y1_zm1)
                float t8_xm1_y1_zm1_e;
                t8_mul_compute(0.03f, a0_xm1_y1_zm1_e, t8_xm1_y1_zm1_e);
                // call 8: t9 = add(t7, t8)   (at y1)
                float t9_y1_e;
                t9_add_compute(t7_y1_e, t8_xm1_y1_zm1_e, t9_y1_e);
                const float a0_y1_zm1_e = a0[a0_at - 16256];
                // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at y1_zm1)
                float t10_y1_zm1_e;
                t10_mul_compute(0.06f, a0_y1_zm1_e, t10_y1_zm1_e);
                // call 10: t11 = add(t9, t10)   (at y1)
                float t11_y1_e;
                t11_add_compute(t9_y1_e, t10_y1_zm1_e, t11_y1_e);
                const float a0_x1_y1_zm1_e = a0[a0_at - 16255];
                // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x1_y1_zm1)
                float t12_x1_y1_zm1_e;
                t12_mul_compute(0.09f, a0_x1_y1_zm1_e, t12_x1_y1_zm1_e);
                // call 12: t13 = add(t11, t12)   (at y1)
                float t13_y1_e;
                t13_add_compute(t11_y1_e, t12_x1_y1_zm1_e, t13_y1_e);
                const float a0_xm1_y2_zm1_e = a0[a0_at - 16129];
                // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at xm1_y2_zm1)
                float t14_xm1_y2_zm1_e;
                t14_mul_compute(0.05f, a0_xm1_y2_zm1_e, t14_xm1_y2_zm1_e);
                // call 14: t15 = add(t13, t14)   (at y1)
                float t15_y1_e;
                t15_add_compute(t13_y1_e, t14_xm1_y2_zm1_e, t15_y1_e);
                const float a0_y2_zm1_e = a0[a0_at - 16128];
                // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at y2_zm1)
                float t16_y2_zm1_e;
                t16_mul_compute(0.08f, a0_y2_zm1_e, t16_y2_zm1_e);
                // call 16: t17 = add(t15, t16)   (at y1)
                float t17_y1_e;
                t17_add_compute(t15_y1_e, t16_y2_zm1_e, t17_y1_e);
                const float a0_x1_y2_zm1_e = a0[a0_at - 16127];
                // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x1_y2_zm1)
                float t18_x1_y2_zm1_e;
                t18_mul_compute(0.11f, a0_x1_y2_zm1_e, t18_x1_y2_zm1_e);
                // call 18: t19 = add(t17, t18)   (at y1)
                float t19_y1_e;
                t19_add_compute(t17_y1_e, t18_x1_y2_zm1_e, t19_y1_e);
                const float a0_xm1_e = a0[a0_at - 1];
                // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])   (at xm1)
                float t20_xm1_e;
                t20_mul_compute(0.02f, a0_xm1_e, t20_xm1_e);
                // call 20: t21 = add(t19, t20)   (at y1)
                float t21_y1_e;
                t21_add_compute(t19_y1_e, t20_xm1_e, t21_y1_e);
                const float a0_e = a0[a0_at];
                // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])
                float t22_e;
                t22_mul_compute(0.05f, a0_e, t22_e);
                // call 22: t23 = add(t21, t22)   (at y1)
                float t23_y1_e;
                t23_add_compute(t21_y1_e, t22_e, t23_y1_e);
                const float a0_x1_e = a0[a0_at + 1];
                // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x1)
                float t24_x1_e;
                t24_mul_compute(0.08f, a0_x1_e, t24_x1_e);
                // call 24: t25 = add(t23, t24)   (at y1)
                float t25_y1_e;
                t25_add_compute(t23_y1_e, t24_x1_e, t25_y1_e);
                const float a0_xm1_y1_e = a0[a0_at + 127];
                // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at xm1_y1)
                float t26_xm1_y1_e;
                t26_mul_compute(0.04f, a0_xm1_y1_e, t26_xm1_y1_e);
                // call 26: t27 = add(t25, t26)   (at y1)
                float t27_y1_e;
                t27_add_compute(t25_y1_e, t26_xm1_y1_e, t27_y1_e);
                const float a0_x1_y1_e = a0[a0_at + 129];
                // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x1_y1)
                float t28_x1_y1_e;
                t28_mul_compute(0.1f, a0_x1_y1_e, t28_x1_y1_e);
                // call 28: t29 = add(t27, t28)   (at y1)
                float t29_y1_e;
                t29_add_compute(t27_y1_e, t28_x1_y1_e, t29_y1_e);
                const float a0_xm1_y2_e = a0[a0_at + 255];
                // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at xm1_y2)
                float t30_xm1_y2_e;
                t30_mul_compute(0.06f, a0_xm1_y2_e, t30_xm1_y2_e);
                // call 30: t31 = add(t29, t30)   (at y1)
                float t31_y1_e;
                t31_add_compute(t29_y1_e, t30_xm1_y2_e, t31_y1_e);
                const float a0_y2_e = a0[a0_at + 256];
                // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at y2)
                float t32_y2_e;
                t32_mul_compute(0.09f, a0_y2_e, t32_y2_e);
                // call 32: t33 = add(t31, t32)   (at y1)
                float t33_y1_e;
                t33_add_compute(t31_y1_e, t32_y2_e, t33_y1_e);
                const float a0_x1_y2_e = a0[a0_at + 257];
                // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x1_y2)
                float t34_x1_y2_e;
                t34_mul_compute(0.12f, a0_x1_y2_e, t34_x1_y2_e);
                // call 34: t35 = add(t33, t34)   (at y1)
                float t35_y1_e;
                t35_add_compute(t33_y1_e, t34_x1_y2_e, t35_y1_e);
                const float a0_xm1_z1_e = a0[a0_at + 16383];
                // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at xm1_z1)
                float t36_xm1_z1_e;
                t36_mul_compute(0.03f, a0_xm1_z1_e, t36_xm1_z1_e);
                // call 36: t37 = add(t35, t36)   (at y1)
                float t37_y1_e;
                t37_add_compute(t35_y1_e, t36_xm1_z1_e, t37_y1_e);
                const float a0_z1_e = a0[a0_at + 16384];
                // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at z1)
                float t38_z1_e;
                t38_mul_compute(0.06f, a0_z1_e, t38_z1_e);
                // call 38: t39 = add(t37, t38)   (at y1)
                float t39_y1_e;
                t39_add_compute(t37_y1_e, t38_z1_e, t39_y1_e);
                const float a0_x1_z1_e = a0[a0_at + 16385];
                // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x1_z1)
                float t40_x1_z1_e;
                t40_mul_compute(0.09f, a0_x1_z1_e, t40_x1_z1_e);
                // call 40: t41 = add(t39, t40)   (at y1)
                float t41_y1_e;
                t41_add_compute(t39_y1_e, t40_x1_z1_e, t41_y1_e);
                const float a0_xm1_y1_z1_e = a0[a0_at + 16511];
                // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at xm1_y1_z1)
                float t42_xm1_y1_z1_e;
                t42_mul_compute(0.05f, a0_xm1_y1_z1_e, t42_xm1_y1_z1_e);
                // call 42: t43 = add(t41, t42)   (at y1)
                float t43_y1_e;
                t43_add_compute(t41_y1_e, t42_xm1_y1_z1_e, t43_y1_e);
                const float a0_y1_z1_e = a0[a0_at + 16512];
                // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at y1_z1)
                float t44_y1_z1_e;
                t44_mul_compute(0.08f, a0_y1_z1_e, t44_y1_z1_e);
                // call 44: t45 = add(t43, t44)   (at y1)
                float t45_y1_e;
                t45_add_compute(t43_y1_e, t44_y1_z1_e, t45_y1_e);
                const float a0_x1_y1_z1_e = a0[a0_at + 16513];
                // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x1_y1_z1)
                float t46_x1_y1_z1_e;
                t46_mul_compute(0.11f, a0_x1_y1_z1_e, t46_x1_y1_z1_e);
                // call 46: t47 = add(t45, t46)   (at y1)
                float t47_y1_e;
                t47_add_compute(t45_y1_e, t46_x1_y1_z1_e, t47_y1_e);
                const float a0_xm1_y2_z1_e = a0[a0_at + 16639];
                // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at xm1_y2_z1)
                float t48_xm1_y2_z1_e;
                t48_mul_compute(0.07f, a0_xm1_y2_z1_e, t48_xm1_y2_z1_e);
                // call 48: t49 = add(t47, t48)   (at y1)
                float t49_y1_e;
                t49_add_compute(t47_y1_e, t48_xm1_y2_z1_e, t49_y1_e);
                const float a0_y2_z1_e = a0[a0_at + 16640];
                // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at y2_z1)
                float t50_y2_z1_e;
                t50_mul_compute(0.1f, a0_y2_z1_e, t50_y2_z1_e);
                // call 50: t51 = add(t49, t50)   (at y1)
                float t51_y1_e;
                t51_add_compute(t49_y1_e, t50_y2_z1_e, t51_y1_e);
                const float a0_x1_y2_z1_e = a0[a0_at + 16641];
                // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x1_y2_z1)
                float t52_x1_y2_z1_e;
                t52_mul_compute(0.13f, a0_x1_y2_z1_e, t52_x1_y2_z1_e);
                // call 52: t53 = add(t51, t52)   (at y1)
                float t53_y1_e;
                t53_add_compute(t51_y1_e, t52_x1_y2_z1_e, t53_y1_e);
                t53[t53_at + 126] = t53_y1_e;   // store t53
            }
            if (x_p + 1 >= 1 && x_p + 1 < 127 && y_p + 1 >= 1 && y_p + 1 < 127 && z_p >= 1 && z_p < 127) {
                const float a0_x1_y1_e = a0[a0_at + 129];
                // call 0: t1 = mul(a0[1:127, 1:127, 1:127], 0.5)   (at x1_y1)
                float t1_x1_y1_e;
                t1_mul_compute(a0_x1_y1_e, 0.5f, t1_x1_y1_e);
                const float a0_zm1_e = a0[a0_at - 16384];
                // call 1: t2 = mul(0.01, a0[0:126, 0:126, 0:126])   (at zm1)
                float t2_zm1_e;
                t2_mul_compute(0.01f, a0_zm1_e, t2_zm1_e);
                // call 2: t3 = add(t1, t2)   (at x1_y1)
                float t3_x1_y1_e;
                t3_add_compute(t1_x1_y1_e, t2_zm1_e, t3_x1_y1_e);
                const float a0_x1_zm1_e = a0[a0_at - 16383];
                // call 3: t4 = mul(0.04, a0[0:126, 0:126, 1:127])   (at x1_zm1)
                float t4_x1_zm1_e;
                t4_mul_compute(0.04f, a0_x1_zm1_e, t4_x1_zm1_e);
                // call 4: t5 = add(t3, t4)   (at x1_y1)
                float t5_x1_y1_e;
                t5_add_compute(t3_x1_y1_e, t4_x1_zm1_e, t5_x1_y1_e);
                const float a0_x2_zm1_e = a0[a0_at - 16382];
                // call 5: t6 = mul(0.07, a0[0:126, 0:126, 2:128])   (at x2_zm1)
                float t6_x2_zm1_e;
                t6_mul_compute(0.07f, a0_x2_zm1_e, t6_x2_zm1_e);
                // call 6: t7 = add(t5, t6)   (at x1_y1)
                float t7_x1_y1_e;
                t7_add_compute(t5_x1_y1_e, t6_x2_zm1_e, t7_x1_y1_e);
                const float a0_y1_zm1_e = a0[a0_at - 16256];
                // call 7: t8 = mul(0.03, a0[0:126, 1:127, 0:126])   (at y1_zm1)
                float t8_y1_zm1_e;
                t8_mul_compute(0.03f, a0_y1_zm1_e, t8_y1_zm1_e);
                // call 8: t9 = add(t7, t8)   (at x1_y1)
                float t9_x1_y1_e;
                t9_add_compute(t7_x1_y1_e, t8_y1_zm1_e, t9_x1_y1_e);
                const float a0_x1_y1_zm1_e = a0[a0_at - 16255];
                // call 9: t10 = mul(0.06, a0[0:126, 1:127, 1:127])   (at x1_y1_zm1)
                float t10_x1_y1_zm1_e;
                t10_mul_compute(0.06f, a0_x1_y1_zm1_e, t10_x1_y1_zm1_e);
                // call 10: t11 = add(t9, t10)   (at x1_y1)
                float t11_x1_y1_e;
                t11_add_compute(t9_x1_y1_e, t10_x1_y1_zm1_e, t11_x1_y1_e);
                const float a0_x2_y1_zm1_e = a0[a0_at - 16254];
                // call 11: t12 = mul(0.09, a0[0:126, 1:127, 2:128])   (at x2_y1_zm1)
                float t12_x2_y1_zm1_e;
                t12_mul_compute(0.09f, a0_x2_y1_zm1_e, t12_x2_y1_zm1_e);
                // call 12: t13 = add(t11, t12)   (at x1_y1)
                float t13_x1_y1_e;
                t13_add_compute(t11_x1_y1_e, t12_x2_y1_zm1_e, t13_x1_y1_e);
                const float a0_y2_zm1_e = a0[a0_at - 16128];
                // call 13: t14 = mul(0.05, a0[0:126, 2:128, 0:126])   (at y2_zm1)
                float t14_y2_zm1_e;
                t14_mul_compute(0.05f, a0_y2_zm1_e, t14_y2_zm1_e);
                // call 14: t15 = add(t13, t14)   (at x1_y1)
                float t15_x1_y1_e;
                t15_add_compute(t13_x1_y1_e, t14_y2_zm1_e, t15_x1_y1_e);
                const float a0_x1_y2_zm1_e = a0[a0_at - 16127];
                // call 15: t16 = mul(0.08, a0[0:126, 2:128, 1:127])   (at x1_y2_zm1)
                float t16_x1_y2_zm1_e;
                t16_mul_compute(0.08f, a0_x1_y2_zm1_e, t16_x1_y2_zm1_e);
                // call 16: t17 = add(t15, t16)   (at x1_y1)
                float t17_x1_y1_e;
                t17_add_compute(t15_x1_y1_e, t16_x1_y2_zm1_e, t17_x1_y1_e);
                const float a0_x2_y2_zm1_e = a0[a0_at - 16126];
                // call 17: t18 = mul(0.11, a0[0:126, 2:128, 2:128])   (at x2_y2_zm1)
                float t18_x2_y2_zm1_e;
                t18_mul_compute(0.11f, a0_x2_y2_zm1_e, t18_x2_y2_zm1_e);
                // call 18: t19 = add(t17, t18)   (at x1_y1)
                float t19_x1_y1_e;
                t19_add_compute(t17_x1_y1_e, t18_x2_y2_zm1_e, t19_x1_y1_e);
                const float a0_e = a0[a0_at];
                // call 19: t20 = mul(0.02, a0[1:127, 0:126, 0:126])
                float t20_e;
                t20_mul_compute(0.02f, a0_e, t20_e);
                // call 20: t21 = add(t19, t20)   (at x1_y1)
                float t21_x1_y1_e;
                t21_add_compute(t19_x1_y1_e, t20_e, t21_x1_y1_e);
                const float a0_x1_e = a0[a0_at + 1];
                // call 21: t22 = mul(0.05, a0[1:127, 0:126, 1:127])   (at x1)
                float t22_x1_e;
                t22_mul_compute(0.05f, a0_x1_e, t22_x1_e);
                // call 22: t23 = add(t21, t22)   (at x1_y1)
                float t23_x1_y1_e;
                t23_add_compute(t21_x1_y1_e, t22_x1_e, t23_x1_y1_e);
                const float a0_x2_e = a0[a0_at + 2];
                // call 23: t24 = mul(0.08, a0[1:127, 0:126, 2:128])   (at x2)
                float t24_x2_e;
                t24_mul_compute(0.08f, a0_x2_e, t24_x2_e);
                // call 24: t25 = add(t23, t24)   (at x1_y1)
                float t25_x1_y1_e;
                t25_add_compute(t23_x1_y1_e, t24_x2_e, t25_x1_y1_e);
                const float a0_y1_e = a0[a0_at + 128];
                // call 25: t26 = mul(0.04, a0[1:127, 1:127, 0:126])   (at y1)
                float t26_y1_e;
                t26_mul_compute(0.04f, a0_y1_e, t26_y1_e);
                // call 26: t27 = add(t25, t26)   (at x1_y1)
                float t27_x1_y1_e;
                t27_add_compute(t25_x1_y1_e, t26_y1_e, t27_x1_y1_e);
                const float a0_x2_y1_e = a0[a0_at + 130];
                // call 27: t28 = mul(0.1, a0[1:127, 1:127, 2:128])   (at x2_y1)
                float t28_x2_y1_e;
                t28_mul_compute(0.1f, a0_x2_y1_e, t28_x2_y1_e);
                // call 28: t29 = add(t27, t28)   (at x1_y1)
                float t29_x1_y1_e;
                t29_add_compute(t27_x1_y1_e, t28_x2_y1_e, t29_x1_y1_e);
                const float a0_y2_e = a0[a0_at + 256];
                // call 29: t30 = mul(0.06, a0[1:127, 2:128, 0:126])   (at y2)
                float t30_y2_e;
                t30_mul_compute(0.06f, a0_y2_e, t30_y2_e);
                // call 30: t31 = add(t29, t30)   (at x1_y1)
                float t31_x1_y1_e;
                t31_add_compute(t29_x1_y1_e, t30_y2_e, t31_x1_y1_e);
                const float a0_x1_y2_e = a0[a0_at + 257];
                // call 31: t32 = mul(0.09, a0[1:127, 2:128, 1:127])   (at x1_y2)
                float t32_x1_y2_e;
                t32_mul_compute(0.09f, a0_x1_y2_e, t32_x1_y2_e);
                // call 32: t33 = add(t31, t32)   (at x1_y1)
                float t33_x1_y1_e;
                t33_add_compute(t31_x1_y1_e, t32_x1_y2_e, t33_x1_y1_e);
                const float a0_x2_y2_e = a0[a0_at + 258];
                // call 33: t34 = mul(0.12, a0[1:127, 2:128, 2:128])   (at x2_y2)
                float t34_x2_y2_e;
                t34_mul_compute(0.12f, a0_x2_y2_e, t34_x2_y2_e);
                // call 34: t35 = add(t33, t34)   (at x1_y1)
                float t35_x1_y1_e;
                t35_add_compute(t33_x1_y1_e, t34_x2_y2_e, t35_x1_y1_e);
                const float a0_z1_e = a0[a0_at + 16384];
                // call 35: t36 = mul(0.03, a0[2:128, 0:126, 0:126])   (at z1)
                float t36_z1_e;
                t36_mul_compute(0.03f, a0_z1_e, t36_z1_e);
                // call 36: t37 = add(t35, t36)   (at x1_y1)
                float t37_x1_y1_e;
                t37_add_compute(t35_x1_y1_e, t36_z1_e, t37_x1_y1_e);
                const float a0_x1_z1_e = a0[a0_at + 16385];
                // call 37: t38 = mul(0.06, a0[2:128, 0:126, 1:127])   (at x1_z1)
                float t38_x1_z1_e;
                t38_mul_compute(0.06f, a0_x1_z1_e, t38_x1_z1_e);
                // call 38: t39 = add(t37, t38)   (at x1_y1)
                float t39_x1_y1_e;
                t39_add_compute(t37_x1_y1_e, t38_x1_z1_e, t39_x1_y1_e);
                const float a0_x2_z1_e = a0[a0_at + 16386];
                // call 39: t40 = mul(0.09, a0[2:128, 0:126, 2:128])   (at x2_z1)
                float t40_x2_z1_e;
                t40_mul_compute(0.09f, a0_x2_z1_e, t40_x2_z1_e);
                // call 40: t41 = add(t39, t40)   (at x1_y1)
                float t41_x1_y1_e;
                t41_add_compute(t39_x1_y1_e, t40_x2_z1_e, t41_x1_y1_e);
                const float a0_y1_z1_e = a0[a0_at + 16512];
                // call 41: t42 = mul(0.05, a0[2:128, 1:127, 0:126])   (at y1_z1)
                float t42_y1_z1_e;
                t42_mul_compute(0.05f, a0_y1_z1_e, t42_y1_z1_e);
                // call 42: t43 = add(t41, t42)   (at x1_y1)
                float t43_x1_y1_e;
                t43_add_compute(t41_x1_y1_e, t42_y1_z1_e, t43_x1_y1_e);
                const float a0_x1_y1_z1_e = a0[a0_at + 16513];
                // call 43: t44 = mul(0.08, a0[2:128, 1:127, 1:127])   (at x1_y1_z1)
                float t44_x1_y1_z1_e;
                t44_mul_compute(0.08f, a0_x1_y1_z1_e, t44_x1_y1_z1_e);
                // call 44: t45 = add(t43, t44)   (at x1_y1)
                float t45_x1_y1_e;
                t45_add_compute(t43_x1_y1_e, t44_x1_y1_z1_e, t45_x1_y1_e);
                const float a0_x2_y1_z1_e = a0[a0_at + 16514];
                // call 45: t46 = mul(0.11, a0[2:128, 1:127, 2:128])   (at x2_y1_z1)
                float t46_x2_y1_z1_e;
                t46_mul_compute(0.11f, a0_x2_y1_z1_e, t46_x2_y1_z1_e);
                // call 46: t47 = add(t45, t46)   (at x1_y1)
                float t47_x1_y1_e;
                t47_add_compute(t45_x1_y1_e, t46_x2_y1_z1_e, t47_x1_y1_e);
                const float a0_y2_z1_e = a0[a0_at + 16640];
                // call 47: t48 = mul(0.07, a0[2:128, 2:128, 0:126])   (at y2_z1)
                float t48_y2_z1_e;
                t48_mul_compute(0.07f, a0_y2_z1_e, t48_y2_z1_e);
                // call 48: t49 = add(t47, t48)   (at x1_y1)
                float t49_x1_y1_e;
                t49_add_compute(t47_x1_y1_e, t48_y2_z1_e, t49_x1_y1_e);
                const float a0_x1_y2_z1_e = a0[a0_at + 16641];
                // call 49: t50 = mul(0.1, a0[2:128, 2:128, 1:127])   (at x1_y2_z1)
                float t50_x1_y2_z1_e;
                t50_mul_compute(0.1f, a0_x1_y2_z1_e, t50_x1_y2_z1_e);
                // call 50: t51 = add(t49, t50)   (at x1_y1)
                float t51_x1_y1_e;
                t51_add_compute(t49_x1_y1_e, t50_x1_y2_z1_e, t51_x1_y1_e);
                const float a0_x2_y2_z1_e = a0[a0_at + 16642];
                // call 51: t52 = mul(0.13, a0[2:128, 2:128, 2:128])   (at x2_y2_z1)
                float t52_x2_y2_z1_e;
                t52_mul_compute(0.13f, a0_x2_y2_z1_e, t52_x2_y2_z1_e);
                // call 52: t53 = add(t51, t52)   (at x1_y1)
                float t53_x1_y1_e;
                t53_add_compute(t51_x1_y1_e, t52_x2_y2_z1_e, t53_x1_y1_e);
                t53[t53_at + 127] = t53_x1_y1_e;   // store t53
            }
        }
    }
}
