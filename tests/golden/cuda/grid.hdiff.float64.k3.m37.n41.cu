// program hdiff: 20 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(4.0, q[0:3, 1:36, 1:40]) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39]) [add: map]
__device__ __forceinline__ void t2_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t3 = add(t2, q[0:3, 2:37, 1:40]) [add: map]
__device__ __forceinline__ void t3_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t4 = add(t3, q[0:3, 0:35, 1:40]) [add: map]
__device__ __forceinline__ void t4_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0]) [sub: map]
__device__ __forceinline__ void lap_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of flx = lap[0, 0, 1] - lap [sub: map]
__device__ __forceinline__ void flx_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t7 = sub(q[0:3, 1:36, 2:40], q[0:3, 1:36, 1:39]) [sub: map]
__device__ __forceinline__ void t7_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t8 = mul(flx, t7) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t9 = gt(t8, 0.0) [gt: map]
__device__ __forceinline__ void t9_gt_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = (x > y) ? T(1) : T(0);
}
// compute routine of flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx) [where: map]
__device__ __forceinline__ void flx_1_where_compute(const double cond, const double x, const double y, double& z) {
    using T = double; using R = double;
    z = (kf_abs(cond) != R(0)) ? x : y;
}
// compute routine of fly = lap[0, 1, 0] - lap [sub: map]
__device__ __forceinline__ void fly_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t12 = sub(q[0:3, 2:36, 1:40], q[0:3, 1:35, 1:40]) [sub: map]
__device__ __forceinline__ void t12_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t13 = mul(fly, t12) [mul: map]
__device__ __forceinline__ void t13_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t14 = gt(t13, 0.0) [gt: map]
__device__ __forceinline__ void t14_gt_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = (x > y) ? T(1) : T(0);
}
// compute routine of fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly) [where: map]
__device__ __forceinline__ void fly_1_where_compute(const double cond, const double x, const double y, double& z) {
    using T = double; using R = double;
    z = (kf_abs(cond) != R(0)) ? x : y;
}
// compute routine of t16 = sub(flx[0:3, 1:34, 1:38], flx[0:3, 1:34, 0:37]) [sub: map]
__device__ __forceinline__ void t16_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t17 = add(t16, fly[0:3, 1:34, 1:38]) [add: map]
__device__ __forceinline__ void t17_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t18 = sub(t17, fly[0:3, 0:33, 1:38]) [sub: map]
__device__ __forceinline__ void t18_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t19 = mul(coeff, t18) [mul: map]
__device__ __forceinline__ void t19_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0]) [sub: map]
__device__ __forceinline__ void out_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "b976513be5ae0829", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], "name": "k0_t1_mul__t2_add__t3_add__and17more", "params": {"bx": 32, "by": 16, "px": 2, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "hdiff", "sizes": {"k": 3, "m": 37, "n": 41}}
// Plan: k0_t1_mul__t2_add__t3_add__and17more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
// launch k0_t1_mul__t2_add__t3_add__and17more grid=(9, 1, 1) block=(512, 1, 1) smem=0 args=(in:q_, host:coeff, out:out)

// kernel k0_t1_mul__t2_add__t3_add__and17more: grid 3 x 33 x 37 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k0_t1_mul__t2_add__t3_add__and17more(const double* __restrict__ q_,
    const double coeff,
    double* __restrict__ out)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 2, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 2, NBX = 1;   // x (axis 2): points 2 .. 38
    constexpr int Y0 = 2, NBY = 3;   // y (axis 1): points 2 .. 34
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 2
    const double coeff_v = coeff;
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
            const idx_t q__at = (idx_t)x_p + (idx_t)y_p * 41 + (idx_t)z_p * 1517;
            const idx_t out_at = (idx_t)(x_p - 2) + (idx_t)(y_p - 2) * 37 + (idx_t)z_p * 1221;
            if (x_p >= 2 && x_p < 39 && y_p >= 2 && y_p < 35 && z_p >= 0 && z_p < 3) {
                const double q__e = q_[q__at];
                const double q__x1_e = q_[q__at + 1];
                // call 0: t1 = mul(4.0, q[0:3, 1:36, 1:40])   (at x1)
                double t1_x1_e;
                t1_mul_compute(4.0, q__x1_e, t1_x1_e);
                const double q__x2_e = q_[q__at + 2];
                // call 1: t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39])   (at x2)
                double t2_x2_e;
                t2_add_compute(q__x2_e, q__e, t2_x2_e);
                const double q__x1_y1_e = q_[q__at + 42];
                // call 2: t3 = add(t2, q[0:3, 2:37, 1:40])   (at x2)
                double t3_x2_e;
                t3_add_compute(t2_x2_e, q__x1_y1_e, t3_x2_e);
                const double q__x1_ym1_e = q_[q__at - 40];
                // call 3: t4 = add(t3, q[0:3, 0:35, 1:40])   (at x2)
                double t4_x2_e;
                t4_add_compute(t3_x2_e, q__x1_ym1_e, t4_x2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1)
                double lap_x1_e;
                lap_sub_compute(t1_x1_e, t4_x2_e, lap_x1_e);
                // call 0: t1 = mul(4.0, q[0:3, 1:36, 1:40])
                double t1_e;
                t1_mul_compute(4.0, q__e, t1_e);
                const double q__xm1_e = q_[q__at - 1];
                // call 1: t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39])   (at x1)
                double t2_x1_e;
                t2_add_compute(q__x1_e, q__xm1_e, t2_x1_e);
                const double q__y1_e = q_[q__at + 41];
                // call 2: t3 = add(t2, q[0:3, 2:37, 1:40])   (at x1)
                double t3_x1_e;
                t3_add_compute(t2_x1_e, q__y1_e, t3_x1_e);
                const double q__ym1_e = q_[q__at - 41];
                // call 3: t4 = add(t3, q[0:3, 0:35, 1:40])   (at x1)
                double t4_x1_e;
                t4_add_compute(t3_x1_e, q__ym1_e, t4_x1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])
                double lap_e;
                lap_sub_compute(t1_e, t4_x1_e, lap_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1)
                double flx_x1_e;
                flx_sub_compute(lap_x1_e, lap_e, flx_x1_e);
                // call 6: t7 = sub(q[0:3, 1:36, 2:40], q[0:3, 1:36, 1:39])   (at x1)
                double t7_x1_e;
                t7_sub_compute(q__x1_e, q__e, t7_x1_e);
                // call 7: t8 = mul(flx, t7)   (at x1)
                double t8_x1_e;
                t8_mul_compute(flx_x1_e, t7_x1_e, t8_x1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1)
                double t9_x1_e;
                t9_gt_compute(t8_x1_e, 0.0, t9_x1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1)
                double flx_1_x1_e;
                flx_1_where_compute(t9_x1_e, 0.0, flx_x1_e, flx_1_x1_e);
                // call 0: t1 = mul(4.0, q[0:3, 1:36, 1:40])   (at xm1)
                double t1_xm1_e;
                t1_mul_compute(4.0, q__xm1_e, t1_xm1_e);
                const double q__xm2_e = q_[q__at - 2];
                // call 1: t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39])
                double t2_e;
                t2_add_compute(q__e, q__xm2_e, t2_e);
                const double q__xm1_y1_e = q_[q__at + 40];
                // call 2: t3 = add(t2, q[0:3, 2:37, 1:40])
                double t3_e;
                t3_add_compute(t2_e, q__xm1_y1_e, t3_e);
                const double q__xm1_ym1_e = q_[q__at - 42];
                // call 3: t4 = add(t3, q[0:3, 0:35, 1:40])
                double t4_e;
                t4_add_compute(t3_e, q__xm1_ym1_e, t4_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1)
                double lap_xm1_e;
                lap_sub_compute(t1_xm1_e, t4_e, lap_xm1_e);
                // call 5: flx = lap[0, 0, 1] - lap
                double flx_e;
                flx_sub_compute(lap_e, lap_xm1_e, flx_e);
                // call 6: t7 = sub(q[0:3, 1:36, 2:40], q[0:3, 1:36, 1:39])
                double t7_e;
                t7_sub_compute(q__e, q__xm1_e, t7_e);
                // call 7: t8 = mul(flx, t7)
                double t8_e;
                t8_mul_compute(flx_e, t7_e, t8_e);
                // call 8: t9 = gt(t8, 0.0)
                double t9_e;
                t9_gt_compute(t8_e, 0.0, t9_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)
                double flx_1_e;
                flx_1_where_compute(t9_e, 0.0, flx_e, flx_1_e);
                // call 15: t16 = sub(flx[0:3, 1:34, 1:38], flx[0:3, 1:34, 0:37])   (at x1)
                double t16_x1_e;
                t16_sub_compute(flx_1_x1_e, flx_1_e, t16_x1_e);
                // call 0: t1 = mul(4.0, q[0:3, 1:36, 1:40])   (at y1)
                double t1_y1_e;
                t1_mul_compute(4.0, q__y1_e, t1_y1_e);
                // call 1: t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39])   (at x1_y1)
                double t2_x1_y1_e;
                t2_add_compute(q__x1_y1_e, q__xm1_y1_e, t2_x1_y1_e);
                const double q__y2_e = q_[q__at + 82];
                // call 2: t3 = add(t2, q[0:3, 2:37, 1:40])   (at x1_y1)
                double t3_x1_y1_e;
                t3_add_compute(t2_x1_y1_e, q__y2_e, t3_x1_y1_e);
                // call 3: t4 = add(t3, q[0:3, 0:35, 1:40])   (at x1_y1)
                double t4_x1_y1_e;
                t4_add_compute(t3_x1_y1_e, q__e, t4_x1_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
                double lap_y1_e;
                lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y1)
                double fly_y1_e;
                fly_sub_compute(lap_y1_e, lap_e, fly_y1_e);
                // call 11: t12 = sub(q[0:3, 2:36, 1:40], q[0:3, 1:35, 1:40])   (at y1)
                double t12_y1_e;
                t12_sub_compute(q__y1_e, q__e, t12_y1_e);
                // call 12: t13 = mul(fly, t12)   (at y1)
                double t13_y1_e;
                t13_mul_compute(fly_y1_e, t12_y1_e, t13_y1_e);
                // call 13: t14 = gt(t13, 0.0)   (at y1)
                double t14_y1_e;
                t14_gt_compute(t13_y1_e, 0.0, t14_y1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y1)
                double fly_1_y1_e;
                fly_1_where_compute(t14_y1_e, 0.0, fly_y1_e, fly_1_y1_e);
                // call 16: t17 = add(t16, fly[0:3, 1:34, 1:38])   (at x1)
                double t17_x1_e;
                t17_add_compute(t16_x1_e, fly_1_y1_e, t17_x1_e);
                // call 0: t1 = mul(4.0, q[0:3, 1:36, 1:40])   (at ym1)
                double t1_ym1_e;
                t1_mul_compute(4.0, q__ym1_e, t1_ym1_e);
                // call 1: t2 = add(q[0:3, 1:36, 2:41], q[0:3, 1:36, 0:39])   (at x1_ym1)
                double t2_x1_ym1_e;
                t2_add_compute(q__x1_ym1_e, q__xm1_ym1_e, t2_x1_ym1_e);
                // call 2: t3 = add(t2, q[0:3, 2:37, 1:40])   (at x1_ym1)
                double t3_x1_ym1_e;
                t3_add_compute(t2_x1_ym1_e, q__e, t3_x1_ym1_e);
                const double q__ym2_e = q_[q__at - 82];
                // call 3: t4 = add(t3, q[0:3, 0:35, 1:40])   (at x1_ym1)
                double t4_x1_ym1_e;
                t4_add_compute(t3_x1_ym1_e, q__ym2_e, t4_x1_ym1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at ym1)
                double lap_ym1_e;
                lap_sub_compute(t1_ym1_e, t4_x1_ym1_e, lap_ym1_e);
                // call 10: fly = lap[0, 1, 0] - lap
                double fly_e;
                fly_sub_compute(lap_e, lap_ym1_e, fly_e);
                // call 11: t12 = sub(q[0:3, 2:36, 1:40], q[0:3, 1:35, 1:40])
                double t12_e;
                t12_sub_compute(q__e, q__ym1_e, t12_e);
                // call 12: t13 = mul(fly, t12)
                double t13_e;
                t13_mul_compute(fly_e, t12_e, t13_e);
                // call 13: t14 = gt(t13, 0.0)
                double t14_e;
                t14_gt_compute(t13_e, 0.0, t14_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)
                double fly_1_e;
                fly_1_where_compute(t14_e, 0.0, fly_e, fly_1_e);
                // call 17: t18 = sub(t17, fly[0:3, 0:33, 1:38])   (at x1)
                double t18_x1_e;
                t18_sub_compute(t17_x1_e, fly_1_e, t18_x1_e);
                // call 18: t19 = mul(coeff, t18)   (at x1)
                double t19_x1_e;
                t19_mul_compute(coeff_v, t18_x1_e, t19_x1_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])
                double out_e;
                out_sub_compute(q__e, t19_x1_e, out_e);
                out[out_at] = out_e;   // store out
            }
        }
    }
}
