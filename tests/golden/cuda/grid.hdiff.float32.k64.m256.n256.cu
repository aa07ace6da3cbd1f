// program hdiff: 20 call(s)
// ===================== routines =====================
// compute routine of t1 = mul(4.0, q[0:64, 1:255, 1:255]) [mul: map]
__device__ __forceinline__ void t1_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254]) [add: map]
__device__ __forceinline__ void t2_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t3 = add(t2, q[0:64, 2:256, 1:255]) [add: map]
__device__ __forceinline__ void t3_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t4 = add(t3, q[0:64, 0:254, 1:255]) [add: map]
__device__ __forceinline__ void t4_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0]) [sub: map]
__device__ __forceinline__ void lap_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of flx = lap[0, 0, 1] - lap [sub: map]
__device__ __forceinline__ void flx_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254]) [sub: map]
__device__ __forceinline__ void t7_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t8 = mul(flx, t7) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t9 = gt(t8, 0.0) [gt: map]
__device__ __forceinline__ void t9_gt_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = (x > y) ? T(1) : T(0);
}
// compute routine of flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx) [where: map]
__device__ __forceinline__ void flx_1_where_compute(const float cond, const float x, const float y, float& z) {
    using T = float; using R = float;
    z = (kf_abs(cond) != R(0)) ? x : y;
}
// compute routine of fly = lap[0, 1, 0] - lap [sub: map]
__device__ __forceinline__ void fly_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255]) [sub: map]
__device__ __forceinline__ void t12_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t13 = mul(fly, t12) [mul: map]
__device__ __forceinline__ void t13_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t14 = gt(t13, 0.0) [gt: map]
__device__ __forceinline__ void t14_gt_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = (x > y) ? T(1) : T(0);
}
// compute routine of fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly) [where: map]
__device__ __forceinline__ void fly_1_where_compute(const float cond, const float x, const float y, float& z) {
    using T = float; using R = float;
    z = (kf_abs(cond) != R(0)) ? x : y;
}
// compute routine of t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252]) [sub: map]
__device__ __forceinline__ void t16_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t17 = add(t16, fly[0:64, 1:253, 1:253]) [add: map]
__device__ __forceinline__ void t17_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t18 = sub(t17, fly[0:64, 0:252, 1:253]) [sub: map]
__device__ __forceinline__ void t18_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t19 = mul(coeff, t18) [mul: map]
__device__ __forceinline__ void t19_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0]) [sub: map]
__device__ __forceinline__ void out_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "dfffe060c4021e53", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], "name": "k0_t1_mul__t2_add__t3_add__and17more", "params": {"bx": 128, "by": 2, "py": 4, "rows": "adjacent", "vec": 2, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "hdiff", "sizes": {"k": 64, "m": 256, "n": 256}}
// Plan: k0_t1_mul__t2_add__t3_add__and17more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
// launch k0_t1_mul__t2_add__t3_add__and17more grid=(2048, 1, 1) block=(256, 1, 1) smem=0 args=(in:q_, host:coeff, out:out) aligned=(out:8, q:8)

// kernel k0_t1_mul__t2_add__t3_add__and17more: grid 64 x 252 x 252 (C order), block 128 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(256)
k0_t1_mul__t2_add__t3_add__and17more(const float* __restrict__ q_,
    const float coeff,
    float* __restrict__ out)
{
    using idx_t = int;
    constexpr int BX = 128, BY = 2, PX = 1, PY = 4, VEC = 2, ZC = 1;
    constexpr int X0 = 2, NBX = 1;   // x (axis 2): points 2 .. 253
    constexpr int Y0 = 2, NBY = 32;   // y (axis 1): points 2 .. 253
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 63
    const float coeff_v = coeff;
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)(b % NBY); b /= NBY;
    const int z_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    for (int k = 0; k < ZC; ++k) {
        const int z_p = Z0 + z_b * ZC + k;
        const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
        const int x_p = X0 + (x_b * BX + tx) * VEC;
        const idx_t q__at = (idx_t)x_p + (idx_t)y_p * 256 + (idx_t)z_p * 65536;
        const idx_t out_at = (idx_t)(x_p - 2) + (idx_t)(y_p - 2) * 252 + (idx_t)z_p * 63504;
        if (x_p >= 2 && x_p < 253 && y_p >= 2 && y_p < 251 && z_p >= 0 && z_p < 64) {   // all 8 points inside
            const float2 q__ym2_q = *reinterpret_cast<const float2*>(&q_[q__at - 512]);
            const float2 q__ym1_q = *reinterpret_cast<const float2*>(&q_[q__at - 256]);
            const float2 q__xm2_q = *reinterpret_cast<const float2*>(&q_[q__at - 2]);
            const float2 q__q = *reinterpret_cast<const float2*>(&q_[q__at]);
            const float2 q__x2_q = *reinterpret_cast<const float2*>(&q_[q__at + 2]);
            const float2 q__xm2_y1_q = *reinterpret_cast<const float2*>(&q_[q__at + 254]);
            const float2 q__y1_q = *reinterpret_cast<const float2*>(&q_[q__at + 256]);
            const float2 q__x2_y1_q = *reinterpret_cast<const float2*>(&q_[q__at + 258]);
            const float2 q__xm2_y2_q = *reinterpret_cast<const float2*>(&q_[q__at + 510]);
            const float2 q__y2_q = *reinterpret_cast<const float2*>(&q_[q__at + 512]);
            const float2 q__x2_y2_q = *reinterpret_cast<const float2*>(&q_[q__at + 514]);
            const float2 q__xm2_y3_q = *reinterpret_cast<const float2*>(&q_[q__at + 766]);
            const float2 q__y3_q = *reinterpret_cast<const float2*>(&q_[q__at + 768]);
            const float2 q__x2_y3_q = *reinterpret_cast<const float2*>(&q_[q__at + 770]);
            const float2 q__y4_q = *reinterpret_cast<const float2*>(&q_[q__at + 1024]);
            const float2 q__y5_q = *reinterpret_cast<const float2*>(&q_[q__at + 1280]);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1)
            float t1_x1_e;
            t1_mul_compute(4.0f, q__q.y, t1_x1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2)
            float t2_x2_e;
            t2_add_compute(q__x2_q.x, q__q.x, t2_x2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2)
            float t3_x2_e;
            t3_add_compute(t2_x2_e, q__y1_q.y, t3_x2_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2)
            float t4_x2_e;
            t4_add_compute(t3_x2_e, q__ym1_q.y, t4_x2_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1)
            float lap_x1_e;
            lap_sub_compute(t1_x1_e, t4_x2_e, lap_x1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])
            float t1_e;
            t1_mul_compute(4.0f, q__q.x, t1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1)
            float t2_x1_e;
            t2_add_compute(q__q.y, q__xm2_q.y, t2_x1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1)
            float t3_x1_e;
            t3_add_compute(t2_x1_e, q__y1_q.x, t3_x1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1)
            float t4_x1_e;
            t4_add_compute(t3_x1_e, q__ym1_q.x, t4_x1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])
            float lap_e;
            lap_sub_compute(t1_e, t4_x1_e, lap_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x1)
            float flx_x1_e;
            flx_sub_compute(lap_x1_e, lap_e, flx_x1_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1)
            float t7_x1_e;
            t7_sub_compute(q__q.y, q__q.x, t7_x1_e);
            // call 7: t8 = mul(flx, t7)   (at x1)
            float t8_x1_e;
            t8_mul_compute(flx_x1_e, t7_x1_e, t8_x1_e);
            // call 8: t9 = gt(t8, 0.0)   (at x1)
            float t9_x1_e;
            t9_gt_compute(t8_x1_e, 0.0f, t9_x1_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1)
            float flx_1_x1_e;
            flx_1_where_compute(t9_x1_e, 0.0f, flx_x1_e, flx_1_x1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1)
            float t1_xm1_e;
            t1_mul_compute(4.0f, q__xm2_q.y, t1_xm1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])
            float t2_e;
            t2_add_compute(q__q.x, q__xm2_q.x, t2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])
            float t3_e;
            t3_add_compute(t2_e, q__xm2_y1_q.y, t3_e);
            const float q__xm1_ym1_e = q_[q__at - 257];
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])
            float t4_e;
            t4_add_compute(t3_e, q__xm1_ym1_e, t4_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1)
            float lap_xm1_e;
            lap_sub_compute(t1_xm1_e, t4_e, lap_xm1_e);
            // call 5: flx = lap[0, 0, 1] - lap
            float flx_e;
            flx_sub_compute(lap_e, lap_xm1_e, flx_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])
            float t7_e;
            t7_sub_compute(q__q.x, q__xm2_q.y, t7_e);
            // call 7: t8 = mul(flx, t7)
            float t8_e;
            t8_mul_compute(flx_e, t7_e, t8_e);
            // call 8: t9 = gt(t8, 0.0)
            float t9_e;
            t9_gt_compute(t8_e, 0.0f, t9_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)
            float flx_1_e;
            flx_1_where_compute(t9_e, 0.0f, flx_e, flx_1_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1)
            float t16_x1_e;
            t16_sub_compute(flx_1_x1_e, flx_1_e, t16_x1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y1)
            float t1_y1_e;
            t1_mul_compute(4.0f, q__y1_q.x, t1_y1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y1)
            float t2_x1_y1_e;
            t2_add_compute(q__y1_q.y, q__xm2_y1_q.y, t2_x1_y1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y1)
            float t3_x1_y1_e;
            t3_add_compute(t2_x1_y1_e, q__y2_q.x, t3_x1_y1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y1)
            float t4_x1_y1_e;
            t4_add_compute(t3_x1_y1_e, q__q.x, t4_x1_y1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
            float lap_y1_e;
            lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at y1)
            float fly_y1_e;
            fly_sub_compute(lap_y1_e, lap_e, fly_y1_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y1)
            float t12_y1_e;
            t12_sub_compute(q__y1_q.x, q__q.x, t12_y1_e);
            // call 12: t13 = mul(fly, t12)   (at y1)
            float t13_y1_e;
            t13_mul_compute(fly_y1_e, t12_y1_e, t13_y1_e);
            // call 13: t14 = gt(t13, 0.0)   (at y1)
            float t14_y1_e;
            t14_gt_compute(t13_y1_e, 0.0f, t14_y1_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y1)
            float fly_1_y1_e;
            fly_1_where_compute(t14_y1_e, 0.0f, fly_y1_e, fly_1_y1_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1)
            float t17_x1_e;
            t17_add_compute(t16_x1_e, fly_1_y1_e, t17_x1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at ym1)
            float t1_ym1_e;
            t1_mul_compute(4.0f, q__ym1_q.x, t1_ym1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_ym1)
            float t2_x1_ym1_e;
            t2_add_compute(q__ym1_q.y, q__xm1_ym1_e, t2_x1_ym1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_ym1)
            float t3_x1_ym1_e;
            t3_add_compute(t2_x1_ym1_e, q__q.x, t3_x1_ym1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_ym1)
            float t4_x1_ym1_e;
            t4_add_compute(t3_x1_ym1_e, q__ym2_q.x, t4_x1_ym1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at ym1)
            float lap_ym1_e;
            lap_sub_compute(t1_ym1_e, t4_x1_ym1_e, lap_ym1_e);
            // call 10: fly = lap[0, 1, 0] - lap
            float fly_e;
            fly_sub_compute(lap_e, lap_ym1_e, fly_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])
            float t12_e;
            t12_sub_compute(q__q.x, q__ym1_q.x, t12_e);
            // call 12: t13 = mul(fly, t12)
            float t13_e;
            t13_mul_compute(fly_e, t12_e, t13_e);
            // call 13: t14 = gt(t13, 0.0)
            float t14_e;
            t14_gt_compute(t13_e, 0.0f, t14_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)
            float fly_1_e;
            fly_1_where_compute(t14_e, 0.0f, fly_e, fly_1_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1)
            float t18_x1_e;
            t18_sub_compute(t17_x1_e, fly_1_e, t18_x1_e);
            // call 18: t19 = mul(coeff, t18)   (at x1)
            float t19_x1_e;
            t19_mul_compute(coeff_v, t18_x1_e, t19_x1_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])
            float out_e;
            out_sub_compute(q__q.x, t19_x1_e, out_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2)
            float t1_x2_e;
            t1_mul_compute(4.0f, q__x2_q.x, t1_x2_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3)
            float t2_x3_e;
            t2_add_compute(q__x2_q.y, q__q.y, t2_x3_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3)
            float t3_x3_e;
            t3_add_compute(t2_x3_e, q__x2_y1_q.x, t3_x3_e);
            const float q__x2_ym1_e = q_[q__at - 254];
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3)
            float t4_x3_e;
            t4_add_compute(t3_x3_e, q__x2_ym1_e, t4_x3_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2)
            float lap_x2_e;
            lap_sub_compute(t1_x2_e, t4_x3_e, lap_x2_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x2)
            float flx_x2_e;
            flx_sub_compute(lap_x2_e, lap_x1_e, flx_x2_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2)
            float t7_x2_e;
            t7_sub_compute(q__x2_q.x, q__q.y, t7_x2_e);
            // call 7: t8 = mul(flx, t7)   (at x2)
            float t8_x2_e;
            t8_mul_compute(flx_x2_e, t7_x2_e, t8_x2_e);
            // call 8: t9 = gt(t8, 0.0)   (at x2)
            float t9_x2_e;
            t9_gt_compute(t8_x2_e, 0.0f, t9_x2_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2)
            float flx_1_x2_e;
            flx_1_where_compute(t9_x2_e, 0.0f, flx_x2_e, flx_1_x2_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2)
            float t16_x2_e;
            t16_sub_compute(flx_1_x2_e, flx_1_x1_e, t16_x2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y1)
            float t1_x1_y1_e;
            t1_mul_compute(4.0f, q__y1_q.y, t1_x1_y1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y1)
            float t2_x2_y1_e;
            t2_add_compute(q__x2_y1_q.x, q__y1_q.x, t2_x2_y1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y1)
            float t3_x2_y1_e;
            t3_add_compute(t2_x2_y1_e, q__y2_q.y, t3_x2_y1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y1)
            float t4_x2_y1_e;
            t4_add_compute(t3_x2_y1_e, q__q.y, t4_x2_y1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y1)
            float lap_x1_y1_e;
            lap_sub_compute(t1_x1_y1_e, t4_x2_y1_e, lap_x1_y1_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at x1_y1)
            float fly_x1_y1_e;
            fly_sub_compute(lap_x1_y1_e, lap_x1_e, fly_x1_y1_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y1)
            float t12_x1_y1_e;
            t12_sub_compute(q__y1_q.y, q__q.y, t12_x1_y1_e);
            // call 12: t13 = mul(fly, t12)   (at x1_y1)
            float t13_x1_y1_e;
            t13_mul_compute(fly_x1_y1_e, t12_x1_y1_e, t13_x1_y1_e);
            // call 13: t14 = gt(t13, 0.0)   (at x1_y1)
            float t14_x1_y1_e;
            t14_gt_compute(t13_x1_y1_e, 0.0f, t14_x1_y1_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y1)
            float fly_1_x1_y1_e;
            fly_1_where_compute(t14_x1_y1_e, 0.0f, fly_x1_y1_e, fly_1_x1_y1_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2)
            float t17_x2_e;
            t17_add_compute(t16_x2_e, fly_1_x1_y1_e, t17_x2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_ym1)
            float t1_x1_ym1_e;
            t1_mul_compute(4.0f, q__ym1_q.y, t1_x1_ym1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_ym1)
            float t2_x2_ym1_e;
            t2_add_compute(q__x2_ym1_e, q__ym1_q.x, t2_x2_ym1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_ym1)
            float t3_x2_ym1_e;
            t3_add_compute(t2_x2_ym1_e, q__q.y, t3_x2_ym1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_ym1)
            float t4_x2_ym1_e;
            t4_add_compute(t3_x2_ym1_e, q__ym2_q.y, t4_x2_ym1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_ym1)
            float lap_x1_ym1_e;
            lap_sub_compute(t1_x1_ym1_e, t4_x2_ym1_e, lap_x1_ym1_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at x1)
            float fly_x1_e;
            fly_sub_compute(lap_x1_e, lap_x1_ym1_e, fly_x1_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1)
            float t12_x1_e;
            t12_sub_compute(q__q.y, q__ym1_q.y, t12_x1_e);
            // call 12: t13 = mul(fly, t12)   (at x1)
            float t13_x1_e;
            t13_mul_compute(fly_x1_e, t12_x1_e, t13_x1_e);
            // call 13: t14 = gt(t13, 0.0)   (at x1)
            float t14_x1_e;
            t14_gt_compute(t13_x1_e, 0.0f, t14_x1_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1)
            float fly_1_x1_e;
            fly_1_where_compute(t14_x1_e, 0.0f, fly_x1_e, fly_1_x1_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2)
            float t18_x2_e;
            t18_sub_compute(t17_x2_e, fly_1_x1_e, t18_x2_e);
            // call 18: t19 = mul(coeff, t18)   (at x2)
            float t19_x2_e;
            t19_mul_compute(coeff_v, t18_x2_e, t19_x2_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1)
            float out_x1_e;
            out_sub_compute(q__q.y, t19_x2_e, out_x1_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x1_y1)
            float flx_x1_y1_e;
            flx_sub_compute(lap_x1_y1_e, lap_y1_e, flx_x1_y1_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y1)
            float t7_x1_y1_e;
            t7_sub_compute(q__y1_q.y, q__y1_q.x, t7_x1_y1_e);
            // call 7: t8 = mul(flx, t7)   (at x1_y1)
            float t8_x1_y1_e;
            t8_mul_compute(flx_x1_y1_e, t7_x1_y1_e, t8_x1_y1_e);
            // call 8: t9 = gt(t8, 0.0)   (at x1_y1)
            float t9_x1_y1_e;
            t9_gt_compute(t8_x1_y1_e, 0.0f, t9_x1_y1_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y1)
            float flx_1_x1_y1_e;
            flx_1_where_compute(t9_x1_y1_e, 0.0f, flx_x1_y1_e, flx_1_x1_y1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y1)
            float t1_xm1_y1_e;
            t1_mul_compute(4.0f, q__xm2_y1_q.y, t1_xm1_y1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y1)
            float t2_y1_e;
            t2_add_compute(q__y1_q.x, q__xm2_y1_q.x, t2_y1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y1)
            float t3_y1_e;
            t3_add_compute(t2_y1_e, q__xm2_y2_q.y, t3_y1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y1)
            float t4_y1_e;
            t4_add_compute(t3_y1_e, q__xm2_q.y, t4_y1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y1)
            float lap_xm1_y1_e;
            lap_sub_compute(t1_xm1_y1_e, t4_y1_e, lap_xm1_y1_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at y1)
            float flx_y1_e;
            flx_sub_compute(lap_y1_e, lap_xm1_y1_e, flx_y1_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y1)
            float t7_y1_e;
            t7_sub_compute(q__y1_q.x, q__xm2_y1_q.y, t7_y1_e);
            // call 7: t8 = mul(flx, t7)   (at y1)
            float t8_y1_e;
            t8_mul_compute(flx_y1_e, t7_y1_e, t8_y1_e);
            // call 8: t9 = gt(t8, 0.0)   (at y1)
            float t9_y1_e;
            t9_gt_compute(t8_y1_e, 0.0f, t9_y1_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y1)
            float flx_1_y1_e;
            flx_1_where_compute(t9_y1_e, 0.0f, flx_y1_e, flx_1_y1_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y1)
            float t16_x1_y1_e;
            t16_sub_compute(flx_1_x1_y1_e, flx_1_y1_e, t16_x1_y1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y2)
            float t1_y2_e;
            t1_mul_compute(4.0f, q__y2_q.x, t1_y2_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y2)
            float t2_x1_y2_e;
            t2_add_compute(q__y2_q.y, q__xm2_y2_q.y, t2_x1_y2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y2)
            float t3_x1_y2_e;
            t3_add_compute(t2_x1_y2_e, q__y3_q.x, t3_x1_y2_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y2)
            float t4_x1_y2_e;
            t4_add_compute(t3_x1_y2_e, q__y1_q.x, t4_x1_y2_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y2)
            float lap_y2_e;
            lap_sub_compute(t1_y2_e, t4_x1_y2_e, lap_y2_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at y2)
            float fly_y2_e;
            fly_sub_compute(lap_y2_e, lap_y1_e, fly_y2_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y2)
            float t12_y2_e;
            t12_sub_compute(q__y2_q.x, q__y1_q.x, t12_y2_e);
            // call 12: t13 = mul(fly, t12)   (at y2)
            float t13_y2_e;
            t13_mul_compute(fly_y2_e, t12_y2_e, t13_y2_e);
            // call 13: t14 = gt(t13, 0.0)   (at y2)
            float t14_y2_e;
            t14_gt_compute(t13_y2_e, 0.0f, t14_y2_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y2)
            float fly_1_y2_e;
            fly_1_where_compute(t14_y2_e, 0.0f, fly_y2_e, fly_1_y2_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y1)
            float t17_x1_y1_e;
            t17_add_compute(t16_x1_y1_e, fly_1_y2_e, t17_x1_y1_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y1)
            float t18_x1_y1_e;
            t18_sub_compute(t17_x1_y1_e, fly_1_y1_e, t18_x1_y1_e);
            // call 18: t19 = mul(coeff, t18)   (at x1_y1)
            float t19_x1_y1_e;
            t19_mul_compute(coeff_v, t18_x1_y1_e, t19_x1_y1_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y1)
            float out_y1_e;
            out_sub_compute(q__y1_q.x, t19_x1_y1_e, out_y1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y1)
            float t1_x2_y1_e;
            t1_mul_compute(4.0f, q__x2_y1_q.x, t1_x2_y1_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y1)
            float t2_x3_y1_e;
            t2_add_compute(q__x2_y1_q.y, q__y1_q.y, t2_x3_y1_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y1)
            float t3_x3_y1_e;
            t3_add_compute(t2_x3_y1_e, q__x2_y2_q.x, t3_x3_y1_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y1)
            float t4_x3_y1_e;
            t4_add_compute(t3_x3_y1_e, q__x2_q.x, t4_x3_y1_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y1)
            float lap_x2_y1_e;
            lap_sub_compute(t1_x2_y1_e, t4_x3_y1_e, lap_x2_y1_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x2_y1)
            float flx_x2_y1_e;
            flx_sub_compute(lap_x2_y1_e, lap_x1_y1_e, flx_x2_y1_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y1)
            float t7_x2_y1_e;
            t7_sub_compute(q__x2_y1_q.x, q__y1_q.y, t7_x2_y1_e);
            // call 7: t8 = mul(flx, t7)   (at x2_y1)
            float t8_x2_y1_e;
            t8_mul_compute(flx_x2_y1_e, t7_x2_y1_e, t8_x2_y1_e);
            // call 8: t9 = gt(t8, 0.0)   (at x2_y1)
            float t9_x2_y1_e;
            t9_gt_compute(t8_x2_y1_e, 0.0f, t9_x2_y1_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y1)
            float flx_1_x2_y1_e;
            flx_1_where_compute(t9_x2_y1_e, 0.0f, flx_x2_y1_e, flx_1_x2_y1_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y1)
            float t16_x2_y1_e;
            t16_sub_compute(flx_1_x2_y1_e, flx_1_x1_y1_e, t16_x2_y1_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y2)
            float t1_x1_y2_e;
            t1_mul_compute(4.0f, q__y2_q.y, t1_x1_y2_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y2)
            float t2_x2_y2_e;
            t2_add_compute(q__x2_y2_q.x, q__y2_q.x, t2_x2_y2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y2)
            float t3_x2_y2_e;
            t3_add_compute(t2_x2_y2_e, q__y3_q.y, t3_x2_y2_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y2)
            float t4_x2_y2_e;
            t4_add_compute(t3_x2_y2_e, q__y1_q.y, t4_x2_y2_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y2)
            float lap_x1_y2_e;
            lap_sub_compute(t1_x1_y2_e, t4_x2_y2_e, lap_x1_y2_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at x1_y2)
            float fly_x1_y2_e;
            fly_sub_compute(lap_x1_y2_e, lap_x1_y1_e, fly_x1_y2_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y2)
            float t12_x1_y2_e;
            t12_sub_compute(q__y2_q.y, q__y1_q.y, t12_x1_y2_e);
            // call 12: t13 = mul(fly, t12)   (at x1_y2)
            float t13_x1_y2_e;
            t13_mul_compute(fly_x1_y2_e, t12_x1_y2_e, t13_x1_y2_e);
            // call 13: t14 = gt(t13, 0.0)   (at x1_y2)
            float t14_x1_y2_e;
            t14_gt_compute(t13_x1_y2_e, 0.0f, t14_x1_y2_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y2)
            float fly_1_x1_y2_e;
            fly_1_where_compute(t14_x1_y2_e, 0.0f, fly_x1_y2_e, fly_1_x1_y2_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y1)
            float t17_x2_y1_e;
            t17_add_compute(t16_x2_y1_e, fly_1_x1_y2_e, t17_x2_y1_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y1)
            float t18_x2_y1_e;
            t18_sub_compute(t17_x2_y1_e, fly_1_x1_y1_e, t18_x2_y1_e);
            // call 18: t19 = mul(coeff, t18)   (at x2_y1)
            float t19_x2_y1_e;
            t19_mul_compute(coeff_v, t18_x2_y1_e, t19_x2_y1_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y1)
            float out_x1_y1_e;
            out_sub_compute(q__y1_q.y, t19_x2_y1_e, out_x1_y1_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x1_y2)
            float flx_x1_y2_e;
            flx_sub_compute(lap_x1_y2_e, lap_y2_e, flx_x1_y2_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y2)
            float t7_x1_y2_e;
            t7_sub_compute(q__y2_q.y, q__y2_q.x, t7_x1_y2_e);
            // call 7: t8 = mul(flx, t7)   (at x1_y2)
            float t8_x1_y2_e;
            t8_mul_compute(flx_x1_y2_e, t7_x1_y2_e, t8_x1_y2_e);
            // call 8: t9 = gt(t8, 0.0)   (at x1_y2)
            float t9_x1_y2_e;
            t9_gt_compute(t8_x1_y2_e, 0.0f, t9_x1_y2_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y2)
            float flx_1_x1_y2_e;
            flx_1_where_compute(t9_x1_y2_e, 0.0f, flx_x1_y2_e, flx_1_x1_y2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y2)
            float t1_xm1_y2_e;
            t1_mul_compute(4.0f, q__xm2_y2_q.y, t1_xm1_y2_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y2)
            float t2_y2_e;
            t2_add_compute(q__y2_q.x, q__xm2_y2_q.x, t2_y2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y2)
            float t3_y2_e;
            t3_add_compute(t2_y2_e, q__xm2_y3_q.y, t3_y2_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y2)
            float t4_y2_e;
            t4_add_compute(t3_y2_e, q__xm2_y1_q.y, t4_y2_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y2)
            float lap_xm1_y2_e;
            lap_sub_compute(t1_xm1_y2_e, t4_y2_e, lap_xm1_y2_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at y2)
            float flx_y2_e;
            flx_sub_compute(lap_y2_e, lap_xm1_y2_e, flx_y2_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y2)
            float t7_y2_e;
            t7_sub_compute(q__y2_q.x, q__xm2_y2_q.y, t7_y2_e);
            // call 7: t8 = mul(flx, t7)   (at y2)
            float t8_y2_e;
            t8_mul_compute(flx_y2_e, t7_y2_e, t8_y2_e);
            // call 8: t9 = gt(t8, 0.0)   (at y2)
            float t9_y2_e;
            t9_gt_compute(t8_y2_e, 0.0f, t9_y2_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y2)
            float flx_1_y2_e;
            flx_1_where_compute(t9_y2_e, 0.0f, flx_y2_e, flx_1_y2_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y2)
            float t16_x1_y2_e;
            t16_sub_compute(flx_1_x1_y2_e, flx_1_y2_e, t16_x1_y2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y3)
            float t1_y3_e;
            t1_mul_compute(4.0f, q__y3_q.x, t1_y3_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y3)
            float t2_x1_y3_e;
            t2_add_compute(q__y3_q.y, q__xm2_y3_q.y, t2_x1_y3_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y3)
            float t3_x1_y3_e;
            t3_add_compute(t2_x1_y3_e, q__y4_q.x, t3_x1_y3_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y3)
            float t4_x1_y3_e;
            t4_add_compute(t3_x1_y3_e, q__y2_q.x, t4_x1_y3_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y3)
            float lap_y3_e;
            lap_sub_compute(t1_y3_e, t4_x1_y3_e, lap_y3_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at y3)
            float fly_y3_e;
            fly_sub_compute(lap_y3_e, lap_y2_e, fly_y3_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y3)
            float t12_y3_e;
            t12_sub_compute(q__y3_q.x, q__y2_q.x, t12_y3_e);
            // call 12: t13 = mul(fly, t12)   (at y3)
            float t13_y3_e;
            t13_mul_compute(fly_y3_e, t12_y3_e, t13_y3_e);
            // call 13: t14 = gt(t13, 0.0)   (at y3)
            float t14_y3_e;
            t14_gt_compute(t13_y3_e, 0.0f, t14_y3_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y3)
            float fly_1_y3_e;
            fly_1_where_compute(t14_y3_e, 0.0f, fly_y3_e, fly_1_y3_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y2)
            float t17_x1_y2_e;
            t17_add_compute(t16_x1_y2_e, fly_1_y3_e, t17_x1_y2_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y2)
            float t18_x1_y2_e;
            t18_sub_compute(t17_x1_y2_e, fly_1_y2_e, t18_x1_y2_e);
            // call 18: t19 = mul(coeff, t18)   (at x1_y2)
            float t19_x1_y2_e;
            t19_mul_compute(coeff_v, t18_x1_y2_e, t19_x1_y2_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y2)
            float out_y2_e;
            out_sub_compute(q__y2_q.x, t19_x1_y2_e, out_y2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y2)
            float t1_x2_y2_e;
            t1_mul_compute(4.0f, q__x2_y2_q.x, t1_x2_y2_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y2)
            float t2_x3_y2_e;
            t2_add_compute(q__x2_y2_q.y, q__y2_q.y, t2_x3_y2_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y2)
            float t3_x3_y2_e;
            t3_add_compute(t2_x3_y2_e, q__x2_y3_q.x, t3_x3_y2_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y2)
            float t4_x3_y2_e;
            t4_add_compute(t3_x3_y2_e, q__x2_y1_q.x, t4_x3_y2_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y2)
            float lap_x2_y2_e;
            lap_sub_compute(t1_x2_y2_e, t4_x3_y2_e, lap_x2_y2_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x2_y2)
            float flx_x2_y2_e;
            flx_sub_compute(lap_x2_y2_e, lap_x1_y2_e, flx_x2_y2_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y2)
            float t7_x2_y2_e;
            t7_sub_compute(q__x2_y2_q.x, q__y2_q.y, t7_x2_y2_e);
            // call 7: t8 = mul(flx, t7)   (at x2_y2)
            float t8_x2_y2_e;
            t8_mul_compute(flx_x2_y2_e, t7_x2_y2_e, t8_x2_y2_e);
            // call 8: t9 = gt(t8, 0.0)   (at x2_y2)
            float t9_x2_y2_e;
            t9_gt_compute(t8_x2_y2_e, 0.0f, t9_x2_y2_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y2)
            float flx_1_x2_y2_e;
            flx_1_where_compute(t9_x2_y2_e, 0.0f, flx_x2_y2_e, flx_1_x2_y2_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y2)
            float t16_x2_y2_e;
            t16_sub_compute(flx_1_x2_y2_e, flx_1_x1_y2_e, t16_x2_y2_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y3)
            float t1_x1_y3_e;
            t1_mul_compute(4.0f, q__y3_q.y, t1_x1_y3_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y3)
            float t2_x2_y3_e;
            t2_add_compute(q__x2_y3_q.x, q__y3_q.x, t2_x2_y3_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y3)
            float t3_x2_y3_e;
            t3_add_compute(t2_x2_y3_e, q__y4_q.y, t3_x2_y3_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y3)
            float t4_x2_y3_e;
            t4_add_compute(t3_x2_y3_e, q__y2_q.y, t4_x2_y3_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y3)
            float lap_x1_y3_e;
            lap_sub_compute(t1_x1_y3_e, t4_x2_y3_e, lap_x1_y3_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at x1_y3)
            float fly_x1_y3_e;
            fly_sub_compute(lap_x1_y3_e, lap_x1_y2_e, fly_x1_y3_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y3)
            float t12_x1_y3_e;
            t12_sub_compute(q__y3_q.y, q__y2_q.y, t12_x1_y3_e);
            // call 12: t13 = mul(fly, t12)   (at x1_y3)
            float t13_x1_y3_e;
            t13_mul_compute(fly_x1_y3_e, t12_x1_y3_e, t13_x1_y3_e);
            // call 13: t14 = gt(t13, 0.0)   (at x1_y3)
            float t14_x1_y3_e;
            t14_gt_compute(t13_x1_y3_e, 0.0f, t14_x1_y3_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y3)
            float fly_1_x1_y3_e;
            fly_1_where_compute(t14_x1_y3_e, 0.0f, fly_x1_y3_e, fly_1_x1_y3_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y2)
            float t17_x2_y2_e;
            t17_add_compute(t16_x2_y2_e, fly_1_x1_y3_e, t17_x2_y2_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y2)
            float t18_x2_y2_e;
            t18_sub_compute(t17_x2_y2_e, fly_1_x1_y2_e, t18_x2_y2_e);
            // call 18: t19 = mul(coeff, t18)   (at x2_y2)
            float t19_x2_y2_e;
            t19_mul_compute(coeff_v, t18_x2_y2_e, t19_x2_y2_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y2)
            float out_x1_y2_e;
            out_sub_compute(q__y2_q.y, t19_x2_y2_e, out_x1_y2_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x1_y3)
            float flx_x1_y3_e;
            flx_sub_compute(lap_x1_y3_e, lap_y3_e, flx_x1_y3_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y3)
            float t7_x1_y3_e;
            t7_sub_compute(q__y3_q.y, q__y3_q.x, t7_x1_y3_e);
            // call 7: t8 = mul(flx, t7)   (at x1_y3)
            float t8_x1_y3_e;
            t8_mul_compute(flx_x1_y3_e, t7_x1_y3_e, t8_x1_y3_e);
            // call 8: t9 = gt(t8, 0.0)   (at x1_y3)
            float t9_x1_y3_e;
            t9_gt_compute(t8_x1_y3_e, 0.0f, t9_x1_y3_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y3)
            float flx_1_x1_y3_e;
            flx_1_where_compute(t9_x1_y3_e, 0.0f, flx_x1_y3_e, flx_1_x1_y3_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y3)
            float t1_xm1_y3_e;
            t1_mul_compute(4.0f, q__xm2_y3_q.y, t1_xm1_y3_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y3)
            float t2_y3_e;
            t2_add_compute(q__y3_q.x, q__xm2_y3_q.x, t2_y3_e);
            const float q__xm1_y4_e = q_[q__at + 1023];
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y3)
            float t3_y3_e;
            t3_add_compute(t2_y3_e, q__xm1_y4_e, t3_y3_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y3)
            float t4_y3_e;
            t4_add_compute(t3_y3_e, q__xm2_y2_q.y, t4_y3_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y3)
            float lap_xm1_y3_e;
            lap_sub_compute(t1_xm1_y3_e, t4_y3_e, lap_xm1_y3_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at y3)
            float flx_y3_e;
            flx_sub_compute(lap_y3_e, lap_xm1_y3_e, flx_y3_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y3)
            float t7_y3_e;
            t7_sub_compute(q__y3_q.x, q__xm2_y3_q.y, t7_y3_e);
            // call 7: t8 = mul(flx, t7)   (at y3)
            float t8_y3_e;
            t8_mul_compute(flx_y3_e, t7_y3_e, t8_y3_e);
            // call 8: t9 = gt(t8, 0.0)   (at y3)
            float t9_y3_e;
            t9_gt_compute(t8_y3_e, 0.0f, t9_y3_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y3)
            float flx_1_y3_e;
            flx_1_where_compute(t9_y3_e, 0.0f, flx_y3_e, flx_1_y3_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y3)
            float t16_x1_y3_e;
            t16_sub_compute(flx_1_x1_y3_e, flx_1_y3_e, t16_x1_y3_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y4)
            float t1_y4_e;
            t1_mul_compute(4.0f, q__y4_q.x, t1_y4_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y4)
            float t2_x1_y4_e;
            t2_add_compute(q__y4_q.y, q__xm1_y4_e, t2_x1_y4_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y4)
            float t3_x1_y4_e;
            t3_add_compute(t2_x1_y4_e, q__y5_q.x, t3_x1_y4_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y4)
            float t4_x1_y4_e;
            t4_add_compute(t3_x1_y4_e, q__y3_q.x, t4_x1_y4_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y4)
            float lap_y4_e;
            lap_sub_compute(t1_y4_e, t4_x1_y4_e, lap_y4_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at y4)
            float fly_y4_e;
            fly_sub_compute(lap_y4_e, lap_y3_e, fly_y4_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y4)
            float t12_y4_e;
            t12_sub_compute(q__y4_q.x, q__y3_q.x, t12_y4_e);
            // call 12: t13 = mul(fly, t12)   (at y4)
            float t13_y4_e;
            t13_mul_compute(fly_y4_e, t12_y4_e, t13_y4_e);
            // call 13: t14 = gt(t13, 0.0)   (at y4)
            float t14_y4_e;
            t14_gt_compute(t13_y4_e, 0.0f, t14_y4_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y4)
            float fly_1_y4_e;
            fly_1_where_compute(t14_y4_e, 0.0f, fly_y4_e, fly_1_y4_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y3)
            float t17_x1_y3_e;
            t17_add_compute(t16_x1_y3_e, fly_1_y4_e, t17_x1_y3_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y3)
            float t18_x1_y3_e;
            t18_sub_compute(t17_x1_y3_e, fly_1_y3_e, t18_x1_y3_e);
            // call 18: t19 = mul(coeff, t18)   (at x1_y3)
            float t19_x1_y3_e;
            t19_mul_compute(coeff_v, t18_x1_y3_e, t19_x1_y3_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y3)
            float out_y3_e;
            out_sub_compute(q__y3_q.x, t19_x1_y3_e, out_y3_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y3)
            float t1_x2_y3_e;
            t1_mul_compute(4.0f, q__x2_y3_q.x, t1_x2_y3_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y3)
            float t2_x3_y3_e;
            t2_add_compute(q__x2_y3_q.y, q__y3_q.y, t2_x3_y3_e);
            const float q__x2_y4_e = q_[q__at + 1026];
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y3)
            float t3_x3_y3_e;
            t3_add_compute(t2_x3_y3_e, q__x2_y4_e, t3_x3_y3_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y3)
            float t4_x3_y3_e;
            t4_add_compute(t3_x3_y3_e, q__x2_y2_q.x, t4_x3_y3_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y3)
            float lap_x2_y3_e;
            lap_sub_compute(t1_x2_y3_e, t4_x3_y3_e, lap_x2_y3_e);
            // call 5: flx = lap[0, 0, 1] - lap   (at x2_y3)
            float flx_x2_y3_e;
            flx_sub_compute(lap_x2_y3_e, lap_x1_y3_e, flx_x2_y3_e);
            // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y3)
            float t7_x2_y3_e;
            t7_sub_compute(q__x2_y3_q.x, q__y3_q.y, t7_x2_y3_e);
            // call 7: t8 = mul(flx, t7)   (at x2_y3)
            float t8_x2_y3_e;
            t8_mul_compute(flx_x2_y3_e, t7_x2_y3_e, t8_x2_y3_e);
            // call 8: t9 = gt(t8, 0.0)   (at x2_y3)
            float t9_x2_y3_e;
            t9_gt_compute(t8_x2_y3_e, 0.0f, t9_x2_y3_e);
            // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y3)
            float flx_1_x2_y3_e;
            flx_1_where_compute(t9_x2_y3_e, 0.0f, flx_x2_y3_e, flx_1_x2_y3_e);
            // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y3)
            float t16_x2_y3_e;
            t16_sub_compute(flx_1_x2_y3_e, flx_1_x1_y3_e, t16_x2_y3_e);
            // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y4)
            float t1_x1_y4_e;
            t1_mul_compute(4.0f, q__y4_q.y, t1_x1_y4_e);
            // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y4)
            float t2_x2_y4_e;
            t2_add_compute(q__x2_y4_e, q__y4_q.x, t2_x2_y4_e);
            // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y4)
            float t3_x2_y4_e;
            t3_add_compute(t2_x2_y4_e, q__y5_q.y, t3_x2_y4_e);
            // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y4)
            float t4_x2_y4_e;
            t4_add_compute(t3_x2_y4_e, q__y3_q.y, t4_x2_y4_e);
            // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y4)
            float lap_x1_y4_e;
            lap_sub_compute(t1_x1_y4_e, t4_x2_y4_e, lap_x1_y4_e);
            // call 10: fly = lap[0, 1, 0] - lap   (at x1_y4)
            float fly_x1_y4_e;
            fly_sub_compute(lap_x1_y4_e, lap_x1_y3_e, fly_x1_y4_e);
            // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y4)
            float t12_x1_y4_e;
            t12_sub_compute(q__y4_q.y, q__y3_q.y, t12_x1_y4_e);
            // call 12: t13 = mul(fly, t12)   (at x1_y4)
            float t13_x1_y4_e;
            t13_mul_compute(fly_x1_y4_e, t12_x1_y4_e, t13_x1_y4_e);
            // call 13: t14 = gt(t13, 0.0)   (at x1_y4)
            float t14_x1_y4_e;
            t14_gt_compute(t13_x1_y4_e, 0.0f, t14_x1_y4_e);
            // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y4)
            float fly_1_x1_y4_e;
            fly_1_where_compute(t14_x1_y4_e, 0.0f, fly_x1_y4_e, fly_1_x1_y4_e);
            // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y3)
            float t17_x2_y3_e;
            t17_add_compute(t16_x2_y3_e, fly_1_x1_y4_e, t17_x2_y3_e);
            // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y3)
            float t18_x2_y3_e;
            t18_sub_compute(t17_x2_y3_e, fly_1_x1_y3_e, t18_x2_y3_e);
            // call 18: t19 = mul(coeff, t18)   (at x2_y3)
            float t19_x2_y3_e;
            t19_mul_compute(coeff_v, t18_x2_y3_e, t19_x2_y3_e);
            // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y3)
            float out_x1_y3_e;
            out_sub_compute(q__y3_q.y, t19_x2_y3_e, out_x1_y3_e);
            *reinterpret_cast<float2*>(&out[out_at]) = make_float2(out_e, out_x1_e);   // store out
            *reinterpret_cast<float2*>(&out[out_at + 252]) = make_float2(out_y1_e, out_x1_y1_e);   // store out
            *reinterpret_cast<float2*>(&out[out_at + 504]) = make_float2(out_y2_e, out_x1_y2_e);   // store out
            *reinterpret_cast<float2*>(&out[out_at + 756]) = make_float2(out_y3_e, out_x1_y3_e);   // store out
        } else {   // the points one by one
            if (x_p >= 2 && x_p < 254 && y_p >= 2 && y_p < 254 && z_p >= 0 && z_p < 64) {
                const float q__e = q_[q__at];
                const float q__x1_e = q_[q__at + 1];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1)
                float t1_x1_e;
                t1_mul_compute(4.0f, q__x1_e, t1_x1_e);
                const float q__x2_e = q_[q__at + 2];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2)
                float t2_x2_e;
                t2_add_compute(q__x2_e, q__e, t2_x2_e);
                const float q__x1_y1_e = q_[q__at + 257];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2)
                float t3_x2_e;
                t3_add_compute(t2_x2_e, q__x1_y1_e, t3_x2_e);
                const float q__x1_ym1_e = q_[q__at - 255];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2)
                float t4_x2_e;
                t4_add_compute(t3_x2_e, q__x1_ym1_e, t4_x2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1)
                float lap_x1_e;
                lap_sub_compute(t1_x1_e, t4_x2_e, lap_x1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])
                float t1_e;
                t1_mul_compute(4.0f, q__e, t1_e);
                const float q__xm1_e = q_[q__at - 1];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1)
                float t2_x1_e;
                t2_add_compute(q__x1_e, q__xm1_e, t2_x1_e);
                const float q__y1_e = q_[q__at + 256];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1)
                float t3_x1_e;
                t3_add_compute(t2_x1_e, q__y1_e, t3_x1_e);
                const float q__ym1_e = q_[q__at - 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1)
                float t4_x1_e;
                t4_add_compute(t3_x1_e, q__ym1_e, t4_x1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])
                float lap_e;
                lap_sub_compute(t1_e, t4_x1_e, lap_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1)
                float flx_x1_e;
                flx_sub_compute(lap_x1_e, lap_e, flx_x1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1)
                float t7_x1_e;
                t7_sub_compute(q__x1_e, q__e, t7_x1_e);
                // call 7: t8 = mul(flx, t7)   (at x1)
                float t8_x1_e;
                t8_mul_compute(flx_x1_e, t7_x1_e, t8_x1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1)
                float t9_x1_e;
                t9_gt_compute(t8_x1_e, 0.0f, t9_x1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1)
                float flx_1_x1_e;
                flx_1_where_compute(t9_x1_e, 0.0f, flx_x1_e, flx_1_x1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1)
                float t1_xm1_e;
                t1_mul_compute(4.0f, q__xm1_e, t1_xm1_e);
                const float q__xm2_e = q_[q__at - 2];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])
                float t2_e;
                t2_add_compute(q__e, q__xm2_e, t2_e);
                const float q__xm1_y1_e = q_[q__at + 255];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])
                float t3_e;
                t3_add_compute(t2_e, q__xm1_y1_e, t3_e);
                const float q__xm1_ym1_e = q_[q__at - 257];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])
                float t4_e;
                t4_add_compute(t3_e, q__xm1_ym1_e, t4_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1)
                float lap_xm1_e;
                lap_sub_compute(t1_xm1_e, t4_e, lap_xm1_e);
                // call 5: flx = lap[0, 0, 1] - lap
                float flx_e;
                flx_sub_compute(lap_e, lap_xm1_e, flx_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])
                float t7_e;
                t7_sub_compute(q__e, q__xm1_e, t7_e);
                // call 7: t8 = mul(flx, t7)
                float t8_e;
                t8_mul_compute(flx_e, t7_e, t8_e);
                // call 8: t9 = gt(t8, 0.0)
                float t9_e;
                t9_gt_compute(t8_e, 0.0f, t9_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)
                float flx_1_e;
                flx_1_where_compute(t9_e, 0.0f, flx_e, flx_1_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1)
                float t16_x1_e;
                t16_sub_compute(flx_1_x1_e, flx_1_e, t16_x1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y1)
                float t1_y1_e;
                t1_mul_compute(4.0f, q__y1_e, t1_y1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y1)
                float t2_x1_y1_e;
                t2_add_compute(q__x1_y1_e, q__xm1_y1_e, t2_x1_y1_e);
                const float q__y2_e = q_[q__at + 512];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y1)
                float t3_x1_y1_e;
                t3_add_compute(t2_x1_y1_e, q__y2_e, t3_x1_y1_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y1)
                float t4_x1_y1_e;
                t4_add_compute(t3_x1_y1_e, q__e, t4_x1_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
                float lap_y1_e;
                lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y1)
                float fly_y1_e;
                fly_sub_compute(lap_y1_e, lap_e, fly_y1_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y1)
                float t12_y1_e;
                t12_sub_compute(q__y1_e, q__e, t12_y1_e);
                // call 12: t13 = mul(fly, t12)   (at y1)
                float t13_y1_e;
                t13_mul_compute(fly_y1_e, t12_y1_e, t13_y1_e);
                // call 13: t14 = gt(t13, 0.0)   (at y1)
                float t14_y1_e;
                t14_gt_compute(t13_y1_e, 0.0f, t14_y1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y1)
                float fly_1_y1_e;
                fly_1_where_compute(t14_y1_e, 0.0f, fly_y1_e, fly_1_y1_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1)
                float t17_x1_e;
                t17_add_compute(t16_x1_e, fly_1_y1_e, t17_x1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at ym1)
                float t1_ym1_e;
                t1_mul_compute(4.0f, q__ym1_e, t1_ym1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_ym1)
                float t2_x1_ym1_e;
                t2_add_compute(q__x1_ym1_e, q__xm1_ym1_e, t2_x1_ym1_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_ym1)
                float t3_x1_ym1_e;
                t3_add_compute(t2_x1_ym1_e, q__e, t3_x1_ym1_e);
                const float q__ym2_e = q_[q__at - 512];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_ym1)
                float t4_x1_ym1_e;
                t4_add_compute(t3_x1_ym1_e, q__ym2_e, t4_x1_ym1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at ym1)
                float lap_ym1_e;
                lap_sub_compute(t1_ym1_e, t4_x1_ym1_e, lap_ym1_e);
                // call 10: fly = lap[0, 1, 0] - lap
                float fly_e;
                fly_sub_compute(lap_e, lap_ym1_e, fly_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])
                float t12_e;
                t12_sub_compute(q__e, q__ym1_e, t12_e);
                // call 12: t13 = mul(fly, t12)
                float t13_e;
                t13_mul_compute(fly_e, t12_e, t13_e);
                // call 13: t14 = gt(t13, 0.0)
                float t14_e;
                t14_gt_compute(t13_e, 0.0f, t14_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)
                float fly_1_e;
                fly_1_where_compute(t14_e, 0.0f, fly_e, fly_1_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1)
                float t18_x1_e;
                t18_sub_compute(t17_x1_e, fly_1_e, t18_x1_e);
                // call 18: t19 = mul(coeff, t18)   (at x1)
                float t19_x1_e;
                t19_mul_compute(coeff_v, t18_x1_e, t19_x1_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])
                float out_e;
                out_sub_compute(q__e, t19_x1_e, out_e);
                out[out_at] = out_e;   // store out
            }
            if (x_p + 1 >= 2 && x_p + 1 < 254 && y_p >= 2 && y_p < 254 && z_p >= 0 && z_p < 64) {
                const float q__x1_e = q_[q__at + 1];
                const float q__x2_e = q_[q__at + 2];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2)
                float t1_x2_e;
                t1_mul_compute(4.0f, q__x2_e, t1_x2_e);
                const float q__x3_e = q_[q__at + 3];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3)
                float t2_x3_e;
                t2_add_compute(q__x3_e, q__x1_e, t2_x3_e);
                const float q__x2_y1_e = q_[q__at + 258];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3)
                float t3_x3_e;
                t3_add_compute(t2_x3_e, q__x2_y1_e, t3_x3_e);
                const float q__x2_ym1_e = q_[q__at - 254];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3)
                float t4_x3_e;
                t4_add_compute(t3_x3_e, q__x2_ym1_e, t4_x3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2)
                float lap_x2_e;
                lap_sub_compute(t1_x2_e, t4_x3_e, lap_x2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1)
                float t1_x1_e;
                t1_mul_compute(4.0f, q__x1_e, t1_x1_e);
                const float q__e = q_[q__at];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2)
                float t2_x2_e;
                t2_add_compute(q__x2_e, q__e, t2_x2_e);
                const float q__x1_y1_e = q_[q__at + 257];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2)
                float t3_x2_e;
                t3_add_compute(t2_x2_e, q__x1_y1_e, t3_x2_e);
                const float q__x1_ym1_e = q_[q__at - 255];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2)
                float t4_x2_e;
                t4_add_compute(t3_x2_e, q__x1_ym1_e, t4_x2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1)
                float lap_x1_e;
                lap_sub_compute(t1_x1_e, t4_x2_e, lap_x1_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x2)
                float flx_x2_e;
                flx_sub_compute(lap_x2_e, lap_x1_e, flx_x2_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2)
                float t7_x2_e;
                t7_sub_compute(q__x2_e, q__x1_e, t7_x2_e);
                // call 7: t8 = mul(flx, t7)   (at x2)
                float t8_x2_e;
                t8_mul_compute(flx_x2_e, t7_x2_e, t8_x2_e);
                // call 8: t9 = gt(t8, 0.0)   (at x2)
                float t9_x2_e;
                t9_gt_compute(t8_x2_e, 0.0f, t9_x2_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2)
                float flx_1_x2_e;
                flx_1_where_compute(t9_x2_e, 0.0f, flx_x2_e, flx_1_x2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])
                float t1_e;
                t1_mul_compute(4.0f, q__e, t1_e);
                const float q__xm1_e = q_[q__at - 1];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1)
                float t2_x1_e;
                t2_add_compute(q__x1_e, q__xm1_e, t2_x1_e);
                const float q__y1_e = q_[q__at + 256];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1)
                float t3_x1_e;
                t3_add_compute(t2_x1_e, q__y1_e, t3_x1_e);
                const float q__ym1_e = q_[q__at - 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1)
                float t4_x1_e;
                t4_add_compute(t3_x1_e, q__ym1_e, t4_x1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])
                float lap_e;
                lap_sub_compute(t1_e, t4_x1_e, lap_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1)
                float flx_x1_e;
                flx_sub_compute(lap_x1_e, lap_e, flx_x1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1)
                float t7_x1_e;
                t7_sub_compute(q__x1_e, q__e, t7_x1_e);
                // call 7: t8 = mul(flx, t7)   (at x1)
                float t8_x1_e;
                t8_mul_compute(flx_x1_e, t7_x1_e, t8_x1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1)
                float t9_x1_e;
                t9_gt_compute(t8_x1_e, 0.0f, t9_x1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1)
                float flx_1_x1_e;
                flx_1_where_compute(t9_x1_e, 0.0f, flx_x1_e, flx_1_x1_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2)
                float t16_x2_e;
                t16_sub_compute(flx_1_x2_e, flx_1_x1_e, t16_x2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y1)
                float t1_x1_y1_e;
                t1_mul_compute(4.0f, q__x1_y1_e, t1_x1_y1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y1)
                float t2_x2_y1_e;
                t2_add_compute(q__x2_y1_e, q__y1_e, t2_x2_y1_e);
                const float q__x1_y2_e = q_[q__at + 513];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y1)
                float t3_x2_y1_e;
                t3_add_compute(t2_x2_y1_e, q__x1_y2_e, t3_x2_y1_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y1)
                float t4_x2_y1_e;
                t4_add_compute(t3_x2_y1_e, q__x1_e, t4_x2_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y1)
                float lap_x1_y1_e;
                lap_sub_compute(t1_x1_y1_e, t4_x2_y1_e, lap_x1_y1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y1)
                float fly_x1_y1_e;
                fly_sub_compute(lap_x1_y1_e, lap_x1_e, fly_x1_y1_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y1)
                float t12_x1_y1_e;
                t12_sub_compute(q__x1_y1_e, q__x1_e, t12_x1_y1_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y1)
                float t13_x1_y1_e;
                t13_mul_compute(fly_x1_y1_e, t12_x1_y1_e, t13_x1_y1_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y1)
                float t14_x1_y1_e;
                t14_gt_compute(t13_x1_y1_e, 0.0f, t14_x1_y1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y1)
                float fly_1_x1_y1_e;
                fly_1_where_compute(t14_x1_y1_e, 0.0f, fly_x1_y1_e, fly_1_x1_y1_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2)
                float t17_x2_e;
                t17_add_compute(t16_x2_e, fly_1_x1_y1_e, t17_x2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_ym1)
                float t1_x1_ym1_e;
                t1_mul_compute(4.0f, q__x1_ym1_e, t1_x1_ym1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_ym1)
                float t2_x2_ym1_e;
                t2_add_compute(q__x2_ym1_e, q__ym1_e, t2_x2_ym1_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_ym1)
                float t3_x2_ym1_e;
                t3_add_compute(t2_x2_ym1_e, q__x1_e, t3_x2_ym1_e);
                const float q__x1_ym2_e = q_[q__at - 511];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_ym1)
                float t4_x2_ym1_e;
                t4_add_compute(t3_x2_ym1_e, q__x1_ym2_e, t4_x2_ym1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_ym1)
                float lap_x1_ym1_e;
                lap_sub_compute(t1_x1_ym1_e, t4_x2_ym1_e, lap_x1_ym1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1)
                float fly_x1_e;
                fly_sub_compute(lap_x1_e, lap_x1_ym1_e, fly_x1_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1)
                float t12_x1_e;
                t12_sub_compute(q__x1_e, q__x1_ym1_e, t12_x1_e);
                // call 12: t13 = mul(fly, t12)   (at x1)
                float t13_x1_e;
                t13_mul_compute(fly_x1_e, t12_x1_e, t13_x1_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1)
                float t14_x1_e;
                t14_gt_compute(t13_x1_e, 0.0f, t14_x1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1)
                float fly_1_x1_e;
                fly_1_where_compute(t14_x1_e, 0.0f, fly_x1_e, fly_1_x1_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2)
                float t18_x2_e;
                t18_sub_compute(t17_x2_e, fly_1_x1_e, t18_x2_e);
                // call 18: t19 = mul(coeff, t18)   (at x2)
                float t19_x2_e;
                t19_mul_compute(coeff_v, t18_x2_e, t19_x2_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1)
                float out_x1_e;
                out_sub_compute(q__x1_e, t19_x2_e, out_x1_e);
                out[out_at + 1] = out_x1_e;   // store out
            }
            if (x_p >= 2 && x_p < 254 && y_p + 1 >= 2 && y_p + 1 < 254 && z_p >= 0 && z_p < 64) {
                const float q__y1_e = q_[q__at + 256];
                const float q__x1_y1_e = q_[q__at + 257];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y1)
                float t1_x1_y1_e;
                t1_mul_compute(4.0f, q__x1_y1_e, t1_x1_y1_e);
                const float q__x2_y1_e = q_[q__at + 258];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y1)
                float t2_x2_y1_e;
                t2_add_compute(q__x2_y1_e, q__y1_e, t2_x2_y1_e);
                const float q__x1_y2_e = q_[q__at + 513];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y1)
                float t3_x2_y1_e;
                t3_add_compute(t2_x2_y1_e, q__x1_y2_e, t3_x2_y1_e);
                const float q__x1_e = q_[q__at + 1];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y1)
                float t4_x2_y1_e;
                t4_add_compute(t3_x2_y1_e, q__x1_e, t4_x2_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y1)
                float lap_x1_y1_e;
                lap_sub_compute(t1_x1_y1_e, t4_x2_y1_e, lap_x1_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y1)
                float t1_y1_e;
                t1_mul_compute(4.0f, q__y1_e, t1_y1_e);
                const float q__xm1_y1_e = q_[q__at + 255];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y1)
                float t2_x1_y1_e;
                t2_add_compute(q__x1_y1_e, q__xm1_y1_e, t2_x1_y1_e);
                const float q__y2_e = q_[q__at + 512];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y1)
                float t3_x1_y1_e;
                t3_add_compute(t2_x1_y1_e, q__y2_e, t3_x1_y1_e);
                const float q__e = q_[q__at];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y1)
                float t4_x1_y1_e;
                t4_add_compute(t3_x1_y1_e, q__e, t4_x1_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
                float lap_y1_e;
                lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y1)
                float flx_x1_y1_e;
                flx_sub_compute(lap_x1_y1_e, lap_y1_e, flx_x1_y1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y1)
                float t7_x1_y1_e;
                t7_sub_compute(q__x1_y1_e, q__y1_e, t7_x1_y1_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y1)
                float t8_x1_y1_e;
                t8_mul_compute(flx_x1_y1_e, t7_x1_y1_e, t8_x1_y1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y1)
                float t9_x1_y1_e;
                t9_gt_compute(t8_x1_y1_e, 0.0f, t9_x1_y1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y1)
                float flx_1_x1_y1_e;
                flx_1_where_compute(t9_x1_y1_e, 0.0f, flx_x1_y1_e, flx_1_x1_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y1)
                float t1_xm1_y1_e;
                t1_mul_compute(4.0f, q__xm1_y1_e, t1_xm1_y1_e);
                const float q__xm2_y1_e = q_[q__at + 254];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y1)
                float t2_y1_e;
                t2_add_compute(q__y1_e, q__xm2_y1_e, t2_y1_e);
                const float q__xm1_y2_e = q_[q__at + 511];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y1)
                float t3_y1_e;
                t3_add_compute(t2_y1_e, q__xm1_y2_e, t3_y1_e);
                const float q__xm1_e = q_[q__at - 1];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y1)
                float t4_y1_e;
                t4_add_compute(t3_y1_e, q__xm1_e, t4_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y1)
                float lap_xm1_y1_e;
                lap_sub_compute(t1_xm1_y1_e, t4_y1_e, lap_xm1_y1_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at y1)
                float flx_y1_e;
                flx_sub_compute(lap_y1_e, lap_xm1_y1_e, flx_y1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y1)
                float t7_y1_e;
                t7_sub_compute(q__y1_e, q__xm1_y1_e, t7_y1_e);
                // call 7: t8 = mul(flx, t7)   (at y1)
                float t8_y1_e;
                t8_mul_compute(flx_y1_e, t7_y1_e, t8_y1_e);
                // call 8: t9 = gt(t8, 0.0)   (at y1)
                float t9_y1_e;
                t9_gt_compute(t8_y1_e, 0.0f, t9_y1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y1)
                float flx_1_y1_e;
                flx_1_where_compute(t9_y1_e, 0.0f, flx_y1_e, flx_1_y1_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y1)
                float t16_x1_y1_e;
                t16_sub_compute(flx_1_x1_y1_e, flx_1_y1_e, t16_x1_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y2)
                float t1_y2_e;
                t1_mul_compute(4.0f, q__y2_e, t1_y2_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y2)
                float t2_x1_y2_e;
                t2_add_compute(q__x1_y2_e, q__xm1_y2_e, t2_x1_y2_e);
                const float q__y3_e = q_[q__at + 768];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y2)
                float t3_x1_y2_e;
                t3_add_compute(t2_x1_y2_e, q__y3_e, t3_x1_y2_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y2)
                float t4_x1_y2_e;
                t4_add_compute(t3_x1_y2_e, q__y1_e, t4_x1_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y2)
                float lap_y2_e;
                lap_sub_compute(t1_y2_e, t4_x1_y2_e, lap_y2_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y2)
                float fly_y2_e;
                fly_sub_compute(lap_y2_e, lap_y1_e, fly_y2_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y2)
                float t12_y2_e;
                t12_sub_compute(q__y2_e, q__y1_e, t12_y2_e);
                // call 12: t13 = mul(fly, t12)   (at y2)
                float t13_y2_e;
                t13_mul_compute(fly_y2_e, t12_y2_e, t13_y2_e);
                // call 13: t14 = gt(t13, 0.0)   (at y2)
                float t14_y2_e;
                t14_gt_compute(t13_y2_e, 0.0f, t14_y2_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y2)
                float fly_1_y2_e;
                fly_1_where_compute(t14_y2_e, 0.0f, fly_y2_e, fly_1_y2_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y1)
                float t17_x1_y1_e;
                t17_add_compute(t16_x1_y1_e, fly_1_y2_e, t17_x1_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])
                float t1_e;
                t1_mul_compute(4.0f, q__e, t1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1)
                float t2_x1_e;
                t2_add_compute(q__x1_e, q__xm1_e, t2_x1_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1)
                float t3_x1_e;
                t3_add_compute(t2_x1_e, q__y1_e, t3_x1_e);
                const float q__ym1_e = q_[q__at - 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1)
                float t4_x1_e;
                t4_add_compute(t3_x1_e, q__ym1_e, t4_x1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])
                float lap_e;
                lap_sub_compute(t1_e, t4_x1_e, lap_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y1)
                float fly_y1_e;
                fly_sub_compute(lap_y1_e, lap_e, fly_y1_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y1)
                float t12_y1_e;
                t12_sub_compute(q__y1_e, q__e, t12_y1_e);
                // call 12: t13 = mul(fly, t12)   (at y1)
                float t13_y1_e;
                t13_mul_compute(fly_y1_e, t12_y1_e, t13_y1_e);
                // call 13: t14 = gt(t13, 0.0)   (at y1)
                float t14_y1_e;
                t14_gt_compute(t13_y1_e, 0.0f, t14_y1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y1)
                float fly_1_y1_e;
                fly_1_where_compute(t14_y1_e, 0.0f, fly_y1_e, fly_1_y1_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y1)
                float t18_x1_y1_e;
                t18_sub_compute(t17_x1_y1_e, fly_1_y1_e, t18_x1_y1_e);
                // call 18: t19 = mul(coeff, t18)   (at x1_y1)
                float t19_x1_y1_e;
                t19_mul_compute(coeff_v, t18_x1_y1_e, t19_x1_y1_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y1)
                float out_y1_e;
                out_sub_compute(q__y1_e, t19_x1_y1_e, out_y1_e);
                out[out_at + 252] = out_y1_e;   // store out
            }
            if (x_p + 1 >= 2 && x_p + 1 < 254 && y_p + 1 >= 2 && y_p + 1 < 254 && z_p >= 0 && z_p < 64) {
                const float q__x1_y1_e = q_[q__at + 257];
                const float q__x2_y1_e = q_[q__at + 258];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y1)
                float t1_x2_y1_e;
                t1_mul_compute(4.0f, q__x2_y1_e, t1_x2_y1_e);
                const float q__x3_y1_e = q_[q__at + 259];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y1)
                float t2_x3_y1_e;
                t2_add_compute(q__x3_y1_e, q__x1_y1_e, t2_x3_y1_e);
                const float q__x2_y2_e = q_[q__at + 514];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y1)
                float t3_x3_y1_e;
                t3_add_compute(t2_x3_y1_e, q__x2_y2_e, t3_x3_y1_e);
                const float q__x2_e = q_[q__at + 2];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y1)
                float t4_x3_y1_e;
                t4_add_compute(t3_x3_y1_e, q__x2_e, t4_x3_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y1)
                float lap_x2_y1_e;
                lap_sub_compute(t1_x2_y1_e, t4_x3_y1_e, lap_x2_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y1)
                float t1_x1_y1_e;
                t1_mul_compute(4.0f, q__x1_y1_e, t1_x1_y1_e);
                const float q__y1_e = q_[q__at + 256];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y1)
                float t2_x2_y1_e;
                t2_add_compute(q__x2_y1_e, q__y1_e, t2_x2_y1_e);
                const float q__x1_y2_e = q_[q__at + 513];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y1)
                float t3_x2_y1_e;
                t3_add_compute(t2_x2_y1_e, q__x1_y2_e, t3_x2_y1_e);
                const float q__x1_e = q_[q__at + 1];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y1)
                float t4_x2_y1_e;
                t4_add_compute(t3_x2_y1_e, q__x1_e, t4_x2_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y1)
                float lap_x1_y1_e;
                lap_sub_compute(t1_x1_y1_e, t4_x2_y1_e, lap_x1_y1_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x2_y1)
                float flx_x2_y1_e;
                flx_sub_compute(lap_x2_y1_e, lap_x1_y1_e, flx_x2_y1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y1)
                float t7_x2_y1_e;
                t7_sub_compute(q__x2_y1_e, q__x1_y1_e, t7_x2_y1_e);
                // call 7: t8 = mul(flx, t7)   (at x2_y1)
                float t8_x2_y1_e;
                t8_mul_compute(flx_x2_y1_e, t7_x2_y1_e, t8_x2_y1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x2_y1)
                float t9_x2_y1_e;
                t9_gt_compute(t8_x2_y1_e, 0.0f, t9_x2_y1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y1)
                float flx_1_x2_y1_e;
                flx_1_where_compute(t9_x2_y1_e, 0.0f, flx_x2_y1_e, flx_1_x2_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y1)
                float t1_y1_e;
                t1_mul_compute(4.0f, q__y1_e, t1_y1_e);
                const float q__xm1_y1_e = q_[q__at + 255];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y1)
                float t2_x1_y1_e;
                t2_add_compute(q__x1_y1_e, q__xm1_y1_e, t2_x1_y1_e);
                const float q__y2_e = q_[q__at + 512];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y1)
                float t3_x1_y1_e;
                t3_add_compute(t2_x1_y1_e, q__y2_e, t3_x1_y1_e);
                const float q__e = q_[q__at];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y1)
                float t4_x1_y1_e;
                t4_add_compute(t3_x1_y1_e, q__e, t4_x1_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
                float lap_y1_e;
                lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y1)
                float flx_x1_y1_e;
                flx_sub_compute(lap_x1_y1_e, lap_y1_e, flx_x1_y1_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y1)
                float t7_x1_y1_e;
                t7_sub_compute(q__x1_y1_e, q__y1_e, t7_x1_y1_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y1)
                float t8_x1_y1_e;
                t8_mul_compute(flx_x1_y1_e, t7_x1_y1_e, t8_x1_y1_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y1)
                float t9_x1_y1_e;
                t9_gt_compute(t8_x1_y1_e, 0.0f, t9_x1_y1_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y1)
                float flx_1_x1_y1_e;
                flx_1_where_compute(t9_x1_y1_e, 0.0f, flx_x1_y1_e, flx_1_x1_y1_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y1)
                float t16_x2_y1_e;
                t16_sub_compute(flx_1_x2_y1_e, flx_1_x1_y1_e, t16_x2_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y2)
                float t1_x1_y2_e;
                t1_mul_compute(4.0f, q__x1_y2_e, t1_x1_y2_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y2)
                float t2_x2_y2_e;
                t2_add_compute(q__x2_y2_e, q__y2_e, t2_x2_y2_e);
                const float q__x1_y3_e = q_[q__at + 769];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y2)
                float t3_x2_y2_e;
                t3_add_compute(t2_x2_y2_e, q__x1_y3_e, t3_x2_y2_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y2)
                float t4_x2_y2_e;
                t4_add_compute(t3_x2_y2_e, q__x1_y1_e, t4_x2_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y2)
                float lap_x1_y2_e;
                lap_sub_compute(t1_x1_y2_e, t4_x2_y2_e, lap_x1_y2_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y2)
                float fly_x1_y2_e;
                fly_sub_compute(lap_x1_y2_e, lap_x1_y1_e, fly_x1_y2_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y2)
                float t12_x1_y2_e;
                t12_sub_compute(q__x1_y2_e, q__x1_y1_e, t12_x1_y2_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y2)
                float t13_x1_y2_e;
                t13_mul_compute(fly_x1_y2_e, t12_x1_y2_e, t13_x1_y2_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y2)
                float t14_x1_y2_e;
                t14_gt_compute(t13_x1_y2_e, 0.0f, t14_x1_y2_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y2)
                float fly_1_x1_y2_e;
                fly_1_where_compute(t14_x1_y2_e, 0.0f, fly_x1_y2_e, fly_1_x1_y2_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y1)
                float t17_x2_y1_e;
                t17_add_compute(t16_x2_y1_e, fly_1_x1_y2_e, t17_x2_y1_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1)
                float t1_x1_e;
                t1_mul_compute(4.0f, q__x1_e, t1_x1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2)
                float t2_x2_e;
                t2_add_compute(q__x2_e, q__e, t2_x2_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2)
                float t3_x2_e;
                t3_add_compute(t2_x2_e, q__x1_y1_e, t3_x2_e);
                const float q__x1_ym1_e = q_[q__at - 255];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2)
                float t4_x2_e;
                t4_add_compute(t3_x2_e, q__x1_ym1_e, t4_x2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1)
                float lap_x1_e;
                lap_sub_compute(t1_x1_e, t4_x2_e, lap_x1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y1)
                float fly_x1_y1_e;
                fly_sub_compute(lap_x1_y1_e, lap_x1_e, fly_x1_y1_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y1)
                float t12_x1_y1_e;
                t12_sub_compute(q__x1_y1_e, q__x1_e, t12_x1_y1_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y1)
                float t13_x1_y1_e;
                t13_mul_compute(fly_x1_y1_e, t12_x1_y1_e, t13_x1_y1_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y1)
                float t14_x1_y1_e;
                t14_gt_compute(t13_x1_y1_e, 0.0f, t14_x1_y1_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y1)
                float fly_1_x1_y1_e;
                fly_1_where_compute(t14_x1_y1_e, 0.0f, fly_x1_y1_e, fly_1_x1_y1_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y1)
                float t18_x2_y1_e;
                t18_sub_compute(t17_x2_y1_e, fly_1_x1_y1_e, t18_x2_y1_e);
                // call 18: t19 = mul(coeff, t18)   (at x2_y1)
                float t19_x2_y1_e;
                t19_mul_compute(coeff_v, t18_x2_y1_e, t19_x2_y1_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y1)
                float out_x1_y1_e;
                out_sub_compute(q__x1_y1_e, t19_x2_y1_e, out_x1_y1_e);
                out[out_at + 253] = out_x1_y1_e;   // store out
            }
            if (x_p >= 2 && x_p < 254 && y_p + 2 >= 2 && y_p + 2 < 254 && z_p >= 0 && z_p < 64) {
                const float q__y2_e = q_[q__at + 512];
                const float q__x1_y2_e = q_[q__at + 513];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y2)
                float t1_x1_y2_e;
                t1_mul_compute(4.0f, q__x1_y2_e, t1_x1_y2_e);
                const float q__x2_y2_e = q_[q__at + 514];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y2)
                float t2_x2_y2_e;
                t2_add_compute(q__x2_y2_e, q__y2_e, t2_x2_y2_e);
                const float q__x1_y3_e = q_[q__at + 769];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y2)
                float t3_x2_y2_e;
                t3_add_compute(t2_x2_y2_e, q__x1_y3_e, t3_x2_y2_e);
                const float q__x1_y1_e = q_[q__at + 257];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y2)
                float t4_x2_y2_e;
                t4_add_compute(t3_x2_y2_e, q__x1_y1_e, t4_x2_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y2)
                float lap_x1_y2_e;
                lap_sub_compute(t1_x1_y2_e, t4_x2_y2_e, lap_x1_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y2)
                float t1_y2_e;
                t1_mul_compute(4.0f, q__y2_e, t1_y2_e);
                const float q__xm1_y2_e = q_[q__at + 511];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y2)
                float t2_x1_y2_e;
                t2_add_compute(q__x1_y2_e, q__xm1_y2_e, t2_x1_y2_e);
                const float q__y3_e = q_[q__at + 768];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y2)
                float t3_x1_y2_e;
                t3_add_compute(t2_x1_y2_e, q__y3_e, t3_x1_y2_e);
                const float q__y1_e = q_[q__at + 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y2)
                float t4_x1_y2_e;
                t4_add_compute(t3_x1_y2_e, q__y1_e, t4_x1_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y2)
                float lap_y2_e;
                lap_sub_compute(t1_y2_e, t4_x1_y2_e, lap_y2_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y2)
                float flx_x1_y2_e;
                flx_sub_compute(lap_x1_y2_e, lap_y2_e, flx_x1_y2_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y2)
                float t7_x1_y2_e;
                t7_sub_compute(q__x1_y2_e, q__y2_e, t7_x1_y2_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y2)
                float t8_x1_y2_e;
                t8_mul_compute(flx_x1_y2_e, t7_x1_y2_e, t8_x1_y2_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y2)
                float t9_x1_y2_e;
                t9_gt_compute(t8_x1_y2_e, 0.0f, t9_x1_y2_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y2)
                float flx_1_x1_y2_e;
                flx_1_where_compute(t9_x1_y2_e, 0.0f, flx_x1_y2_e, flx_1_x1_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y2)
                float t1_xm1_y2_e;
                t1_mul_compute(4.0f, q__xm1_y2_e, t1_xm1_y2_e);
                const float q__xm2_y2_e = q_[q__at + 510];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y2)
                float t2_y2_e;
                t2_add_compute(q__y2_e, q__xm2_y2_e, t2_y2_e);
                const float q__xm1_y3_e = q_[q__at + 767];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y2)
                float t3_y2_e;
                t3_add_compute(t2_y2_e, q__xm1_y3_e, t3_y2_e);
                const float q__xm1_y1_e = q_[q__at + 255];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y2)
                float t4_y2_e;
                t4_add_compute(t3_y2_e, q__xm1_y1_e, t4_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y2)
                float lap_xm1_y2_e;
                lap_sub_compute(t1_xm1_y2_e, t4_y2_e, lap_xm1_y2_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at y2)
                float flx_y2_e;
                flx_sub_compute(lap_y2_e, lap_xm1_y2_e, flx_y2_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y2)
                float t7_y2_e;
                t7_sub_compute(q__y2_e, q__xm1_y2_e, t7_y2_e);
                // call 7: t8 = mul(flx, t7)   (at y2)
                float t8_y2_e;
                t8_mul_compute(flx_y2_e, t7_y2_e, t8_y2_e);
                // call 8: t9 = gt(t8, 0.0)   (at y2)
                float t9_y2_e;
                t9_gt_compute(t8_y2_e, 0.0f, t9_y2_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y2)
                float flx_1_y2_e;
                flx_1_where_compute(t9_y2_e, 0.0f, flx_y2_e, flx_1_y2_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y2)
                float t16_x1_y2_e;
                t16_sub_compute(flx_1_x1_y2_e, flx_1_y2_e, t16_x1_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y3)
                float t1_y3_e;
                t1_mul_compute(4.0f, q__y3_e, t1_y3_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y3)
                float t2_x1_y3_e;
                t2_add_compute(q__x1_y3_e, q__xm1_y3_e, t2_x1_y3_e);
                const float q__y4_e = q_[q__at + 1024];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y3)
                float t3_x1_y3_e;
                t3_add_compute(t2_x1_y3_e, q__y4_e, t3_x1_y3_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y3)
                float t4_x1_y3_e;
                t4_add_compute(t3_x1_y3_e, q__y2_e, t4_x1_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y3)
                float lap_y3_e;
                lap_sub_compute(t1_y3_e, t4_x1_y3_e, lap_y3_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y3)
                float fly_y3_e;
                fly_sub_compute(lap_y3_e, lap_y2_e, fly_y3_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y3)
                float t12_y3_e;
                t12_sub_compute(q__y3_e, q__y2_e, t12_y3_e);
                // call 12: t13 = mul(fly, t12)   (at y3)
                float t13_y3_e;
                t13_mul_compute(fly_y3_e, t12_y3_e, t13_y3_e);
                // call 13: t14 = gt(t13, 0.0)   (at y3)
                float t14_y3_e;
                t14_gt_compute(t13_y3_e, 0.0f, t14_y3_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y3)
                float fly_1_y3_e;
                fly_1_where_compute(t14_y3_e, 0.0f, fly_y3_e, fly_1_y3_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y2)
                float t17_x1_y2_e;
                t17_add_compute(t16_x1_y2_e, fly_1_y3_e, t17_x1_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y1)
                float t1_y1_e;
                t1_mul_compute(4.0f, q__y1_e, t1_y1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y1)
                float t2_x1_y1_e;
                t2_add_compute(q__x1_y1_e, q__xm1_y1_e, t2_x1_y1_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y1)
                float t3_x1_y1_e;
                t3_add_compute(t2_x1_y1_e, q__y2_e, t3_x1_y1_e);
                const float q__e = q_[q__at];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y1)
                float t4_x1_y1_e;
                t4_add_compute(t3_x1_y1_e, q__e, t4_x1_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y1)
                float lap_y1_e;
                lap_sub_compute(t1_y1_e, t4_x1_y1_e, lap_y1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y2)
                float fly_y2_e;
                fly_sub_compute(lap_y2_e, lap_y1_e, fly_y2_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y2)
                float t12_y2_e;
                t12_sub_compute(q__y2_e, q__y1_e, t12_y2_e);
                // call 12: t13 = mul(fly, t12)   (at y2)
                float t13_y2_e;
                t13_mul_compute(fly_y2_e, t12_y2_e, t13_y2_e);
                // call 13: t14 = gt(t13, 0.0)   (at y2)
                float t14_y2_e;
                t14_gt_compute(t13_y2_e, 0.0f, t14_y2_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y2)
                float fly_1_y2_e;
                fly_1_where_compute(t14_y2_e, 0.0f, fly_y2_e, fly_1_y2_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y2)
                float t18_x1_y2_e;
                t18_sub_compute(t17_x1_y2_e, fly_1_y2_e, t18_x1_y2_e);
                // call 18: t19 = mul(coeff, t18)   (at x1_y2)
                float t19_x1_y2_e;
                t19_mul_compute(coeff_v, t18_x1_y2_e, t19_x1_y2_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y2)
                float out_y2_e;
                out_sub_compute(q__y2_e, t19_x1_y2_e, out_y2_e);
                out[out_at + 504] = out_y2_e;   // store out
            }
            if (x_p + 1 >= 2 && x_p + 1 < 254 && y_p + 2 >= 2 && y_p + 2 < 254 && z_p >= 0 && z_p < 64) {
                const float q__x1_y2_e = q_[q__at + 513];
                const float q__x2_y2_e = q_[q__at + 514];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y2)
                float t1_x2_y2_e;
                t1_mul_compute(4.0f, q__x2_y2_e, t1_x2_y2_e);
                const float q__x3_y2_e = q_[q__at + 515];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y2)
                float t2_x3_y2_e;
                t2_add_compute(q__x3_y2_e, q__x1_y2_e, t2_x3_y2_e);
                const float q__x2_y3_e = q_[q__at + 770];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y2)
                float t3_x3_y2_e;
                t3_add_compute(t2_x3_y2_e, q__x2_y3_e, t3_x3_y2_e);
                const float q__x2_y1_e = q_[q__at + 258];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y2)
                float t4_x3_y2_e;
                t4_add_compute(t3_x3_y2_e, q__x2_y1_e, t4_x3_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y2)
                float lap_x2_y2_e;
                lap_sub_compute(t1_x2_y2_e, t4_x3_y2_e, lap_x2_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y2)
                float t1_x1_y2_e;
                t1_mul_compute(4.0f, q__x1_y2_e, t1_x1_y2_e);
                const float q__y2_e = q_[q__at + 512];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y2)
                float t2_x2_y2_e;
                t2_add_compute(q__x2_y2_e, q__y2_e, t2_x2_y2_e);
                const float q__x1_y3_e = q_[q__at + 769];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y2)
                float t3_x2_y2_e;
                t3_add_compute(t2_x2_y2_e, q__x1_y3_e, t3_x2_y2_e);
                const float q__x1_y1_e = q_[q__at + 257];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y2)
                float t4_x2_y2_e;
                t4_add_compute(t3_x2_y2_e, q__x1_y1_e, t4_x2_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y2)
                float lap_x1_y2_e;
                lap_sub_compute(t1_x1_y2_e, t4_x2_y2_e, lap_x1_y2_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x2_y2)
                float flx_x2_y2_e;
                flx_sub_compute(lap_x2_y2_e, lap_x1_y2_e, flx_x2_y2_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y2)
                float t7_x2_y2_e;
                t7_sub_compute(q__x2_y2_e, q__x1_y2_e, t7_x2_y2_e);
                // call 7: t8 = mul(flx, t7)   (at x2_y2)
                float t8_x2_y2_e;
                t8_mul_compute(flx_x2_y2_e, t7_x2_y2_e, t8_x2_y2_e);
                // call 8: t9 = gt(t8, 0.0)   (at x2_y2)
                float t9_x2_y2_e;
                t9_gt_compute(t8_x2_y2_e, 0.0f, t9_x2_y2_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y2)
                float flx_1_x2_y2_e;
                flx_1_where_compute(t9_x2_y2_e, 0.0f, flx_x2_y2_e, flx_1_x2_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y2)
                float t1_y2_e;
                t1_mul_compute(4.0f, q__y2_e, t1_y2_e);
                const float q__xm1_y2_e = q_[q__at + 511];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y2)
                float t2_x1_y2_e;
                t2_add_compute(q__x1_y2_e, q__xm1_y2_e, t2_x1_y2_e);
                const float q__y3_e = q_[q__at + 768];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y2)
                float t3_x1_y2_e;
                t3_add_compute(t2_x1_y2_e, q__y3_e, t3_x1_y2_e);
                const float q__y1_e = q_[q__at + 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y2)
                float t4_x1_y2_e;
                t4_add_compute(t3_x1_y2_e, q__y1_e, t4_x1_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y2)
                float lap_y2_e;
                lap_sub_compute(t1_y2_e, t4_x1_y2_e, lap_y2_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y2)
                float flx_x1_y2_e;
                flx_sub_compute(lap_x1_y2_e, lap_y2_e, flx_x1_y2_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y2)
                float t7_x1_y2_e;
                t7_sub_compute(q__x1_y2_e, q__y2_e, t7_x1_y2_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y2)
                float t8_x1_y2_e;
                t8_mul_compute(flx_x1_y2_e, t7_x1_y2_e, t8_x1_y2_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y2)
                float t9_x1_y2_e;
                t9_gt_compute(t8_x1_y2_e, 0.0f, t9_x1_y2_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y2)
                float flx_1_x1_y2_e;
                flx_1_where_compute(t9_x1_y2_e, 0.0f, flx_x1_y2_e, flx_1_x1_y2_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y2)
                float t16_x2_y2_e;
                t16_sub_compute(flx_1_x2_y2_e, flx_1_x1_y2_e, t16_x2_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y3)
                float t1_x1_y3_e;
                t1_mul_compute(4.0f, q__x1_y3_e, t1_x1_y3_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y3)
                float t2_x2_y3_e;
                t2_add_compute(q__x2_y3_e, q__y3_e, t2_x2_y3_e);
                const float q__x1_y4_e = q_[q__at + 1025];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y3)
                float t3_x2_y3_e;
                t3_add_compute(t2_x2_y3_e, q__x1_y4_e, t3_x2_y3_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y3)
                float t4_x2_y3_e;
                t4_add_compute(t3_x2_y3_e, q__x1_y2_e, t4_x2_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y3)
                float lap_x1_y3_e;
                lap_sub_compute(t1_x1_y3_e, t4_x2_y3_e, lap_x1_y3_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y3)
                float fly_x1_y3_e;
                fly_sub_compute(lap_x1_y3_e, lap_x1_y2_e, fly_x1_y3_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y3)
                float t12_x1_y3_e;
                t12_sub_compute(q__x1_y3_e, q__x1_y2_e, t12_x1_y3_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y3)
                float t13_x1_y3_e;
                t13_mul_compute(fly_x1_y3_e, t12_x1_y3_e, t13_x1_y3_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y3)
                float t14_x1_y3_e;
                t14_gt_compute(t13_x1_y3_e, 0.0f, t14_x1_y3_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y3)
                float fly_1_x1_y3_e;
                fly_1_where_compute(t14_x1_y3_e, 0.0f, fly_x1_y3_e, fly_1_x1_y3_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y2)
                float t17_x2_y2_e;
                t17_add_compute(t16_x2_y2_e, fly_1_x1_y3_e, t17_x2_y2_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y1)
                float t1_x1_y1_e;
                t1_mul_compute(4.0f, q__x1_y1_e, t1_x1_y1_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y1)
                float t2_x2_y1_e;
                t2_add_compute(q__x2_y1_e, q__y1_e, t2_x2_y1_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y1)
                float t3_x2_y1_e;
                t3_add_compute(t2_x2_y1_e, q__x1_y2_e, t3_x2_y1_e);
                const float q__x1_e = q_[q__at + 1];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y1)
                float t4_x2_y1_e;
                t4_add_compute(t3_x2_y1_e, q__x1_e, t4_x2_y1_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y1)
                float lap_x1_y1_e;
                lap_sub_compute(t1_x1_y1_e, t4_x2_y1_e, lap_x1_y1_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y2)
                float fly_x1_y2_e;
                fly_sub_compute(lap_x1_y2_e, lap_x1_y1_e, fly_x1_y2_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y2)
                float t12_x1_y2_e;
                t12_sub_compute(q__x1_y2_e, q__x1_y1_e, t12_x1_y2_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y2)
                float t13_x1_y2_e;
                t13_mul_compute(fly_x1_y2_e, t12_x1_y2_e, t13_x1_y2_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y2)
                float t14_x1_y2_e;
                t14_gt_compute(t13_x1_y2_e, 0.0f, t14_x1_y2_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y2)
                float fly_1_x1_y2_e;
                fly_1_where_compute(t14_x1_y2_e, 0.0f, fly_x1_y2_e, fly_1_x1_y2_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y2)
                float t18_x2_y2_e;
                t18_sub_compute(t17_x2_y2_e, fly_1_x1_y2_e, t18_x2_y2_e);
                // call 18: t19 = mul(coeff, t18)   (at x2_y2)
                float t19_x2_y2_e;
                t19_mul_compute(coeff_v, t18_x2_y2_e, t19_x2_y2_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y2)
                float out_x1_y2_e;
                out_sub_compute(q__x1_y2_e, t19_x2_y2_e, out_x1_y2_e);
                out[out_at + 505] = out_x1_y2_e;   // store out
            }
            if (x_p >= 2 && x_p < 254 && y_p + 3 >= 2 && y_p + 3 < 254 && z_p >= 0 && z_p < 64) {
                const float q__y3_e = q_[q__at + 768];
                const float q__x1_y3_e = q_[q__at + 769];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y3)
                float t1_x1_y3_e;
                t1_mul_compute(4.0f, q__x1_y3_e, t1_x1_y3_e);
                const float q__x2_y3_e = q_[q__at + 770];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y3)
                float t2_x2_y3_e;
                t2_add_compute(q__x2_y3_e, q__y3_e, t2_x2_y3_e);
                const float q__x1_y4_e = q_[q__at + 1025];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y3)
                float t3_x2_y3_e;
                t3_add_compute(t2_x2_y3_e, q__x1_y4_e, t3_x2_y3_e);
                const float q__x1_y2_e = q_[q__at + 513];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y3)
                float t4_x2_y3_e;
                t4_add_compute(t3_x2_y3_e, q__x1_y2_e, t4_x2_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y3)
                float lap_x1_y3_e;
                lap_sub_compute(t1_x1_y3_e, t4_x2_y3_e, lap_x1_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y3)
                float t1_y3_e;
                t1_mul_compute(4.0f, q__y3_e, t1_y3_e);
                const float q__xm1_y3_e = q_[q__at + 767];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y3)
                float t2_x1_y3_e;
                t2_add_compute(q__x1_y3_e, q__xm1_y3_e, t2_x1_y3_e);
                const float q__y4_e = q_[q__at + 1024];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y3)
                float t3_x1_y3_e;
                t3_add_compute(t2_x1_y3_e, q__y4_e, t3_x1_y3_e);
                const float q__y2_e = q_[q__at + 512];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y3)
                float t4_x1_y3_e;
                t4_add_compute(t3_x1_y3_e, q__y2_e, t4_x1_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y3)
                float lap_y3_e;
                lap_sub_compute(t1_y3_e, t4_x1_y3_e, lap_y3_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y3)
                float flx_x1_y3_e;
                flx_sub_compute(lap_x1_y3_e, lap_y3_e, flx_x1_y3_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y3)
                float t7_x1_y3_e;
                t7_sub_compute(q__x1_y3_e, q__y3_e, t7_x1_y3_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y3)
                float t8_x1_y3_e;
                t8_mul_compute(flx_x1_y3_e, t7_x1_y3_e, t8_x1_y3_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y3)
                float t9_x1_y3_e;
                t9_gt_compute(t8_x1_y3_e, 0.0f, t9_x1_y3_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y3)
                float flx_1_x1_y3_e;
                flx_1_where_compute(t9_x1_y3_e, 0.0f, flx_x1_y3_e, flx_1_x1_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at xm1_y3)
                float t1_xm1_y3_e;
                t1_mul_compute(4.0f, q__xm1_y3_e, t1_xm1_y3_e);
                const float q__xm2_y3_e = q_[q__at + 766];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at y3)
                float t2_y3_e;
                t2_add_compute(q__y3_e, q__xm2_y3_e, t2_y3_e);
                const float q__xm1_y4_e = q_[q__at + 1023];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at y3)
                float t3_y3_e;
                t3_add_compute(t2_y3_e, q__xm1_y4_e, t3_y3_e);
                const float q__xm1_y2_e = q_[q__at + 511];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at y3)
                float t4_y3_e;
                t4_add_compute(t3_y3_e, q__xm1_y2_e, t4_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at xm1_y3)
                float lap_xm1_y3_e;
                lap_sub_compute(t1_xm1_y3_e, t4_y3_e, lap_xm1_y3_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at y3)
                float flx_y3_e;
                flx_sub_compute(lap_y3_e, lap_xm1_y3_e, flx_y3_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at y3)
                float t7_y3_e;
                t7_sub_compute(q__y3_e, q__xm1_y3_e, t7_y3_e);
                // call 7: t8 = mul(flx, t7)   (at y3)
                float t8_y3_e;
                t8_mul_compute(flx_y3_e, t7_y3_e, t8_y3_e);
                // call 8: t9 = gt(t8, 0.0)   (at y3)
                float t9_y3_e;
                t9_gt_compute(t8_y3_e, 0.0f, t9_y3_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at y3)
                float flx_1_y3_e;
                flx_1_where_compute(t9_y3_e, 0.0f, flx_y3_e, flx_1_y3_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x1_y3)
                float t16_x1_y3_e;
                t16_sub_compute(flx_1_x1_y3_e, flx_1_y3_e, t16_x1_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y4)
                float t1_y4_e;
                t1_mul_compute(4.0f, q__y4_e, t1_y4_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y4)
                float t2_x1_y4_e;
                t2_add_compute(q__x1_y4_e, q__xm1_y4_e, t2_x1_y4_e);
                const float q__y5_e = q_[q__at + 1280];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y4)
                float t3_x1_y4_e;
                t3_add_compute(t2_x1_y4_e, q__y5_e, t3_x1_y4_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y4)
                float t4_x1_y4_e;
                t4_add_compute(t3_x1_y4_e, q__y3_e, t4_x1_y4_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y4)
                float lap_y4_e;
                lap_sub_compute(t1_y4_e, t4_x1_y4_e, lap_y4_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y4)
                float fly_y4_e;
                fly_sub_compute(lap_y4_e, lap_y3_e, fly_y4_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y4)
                float t12_y4_e;
                t12_sub_compute(q__y4_e, q__y3_e, t12_y4_e);
                // call 12: t13 = mul(fly, t12)   (at y4)
                float t13_y4_e;
                t13_mul_compute(fly_y4_e, t12_y4_e, t13_y4_e);
                // call 13: t14 = gt(t13, 0.0)   (at y4)
                float t14_y4_e;
                t14_gt_compute(t13_y4_e, 0.0f, t14_y4_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y4)
                float fly_1_y4_e;
                fly_1_where_compute(t14_y4_e, 0.0f, fly_y4_e, fly_1_y4_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x1_y3)
                float t17_x1_y3_e;
                t17_add_compute(t16_x1_y3_e, fly_1_y4_e, t17_x1_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y2)
                float t1_y2_e;
                t1_mul_compute(4.0f, q__y2_e, t1_y2_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y2)
                float t2_x1_y2_e;
                t2_add_compute(q__x1_y2_e, q__xm1_y2_e, t2_x1_y2_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y2)
                float t3_x1_y2_e;
                t3_add_compute(t2_x1_y2_e, q__y3_e, t3_x1_y2_e);
                const float q__y1_e = q_[q__at + 256];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y2)
                float t4_x1_y2_e;
                t4_add_compute(t3_x1_y2_e, q__y1_e, t4_x1_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y2)
                float lap_y2_e;
                lap_sub_compute(t1_y2_e, t4_x1_y2_e, lap_y2_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at y3)
                float fly_y3_e;
                fly_sub_compute(lap_y3_e, lap_y2_e, fly_y3_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at y3)
                float t12_y3_e;
                t12_sub_compute(q__y3_e, q__y2_e, t12_y3_e);
                // call 12: t13 = mul(fly, t12)   (at y3)
                float t13_y3_e;
                t13_mul_compute(fly_y3_e, t12_y3_e, t13_y3_e);
                // call 13: t14 = gt(t13, 0.0)   (at y3)
                float t14_y3_e;
                t14_gt_compute(t13_y3_e, 0.0f, t14_y3_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at y3)
                float fly_1_y3_e;
                fly_1_where_compute(t14_y3_e, 0.0f, fly_y3_e, fly_1_y3_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x1_y3)
                float t18_x1_y3_e;
                t18_sub_compute(t17_x1_y3_e, fly_1_y3_e, t18_x1_y3_e);
                // call 18: t19 = mul(coeff, t18)   (at x1_y3)
                float t19_x1_y3_e;
                t19_mul_compute(coeff_v, t18_x1_y3_e, t19_x1_y3_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at y3)
                float out_y3_e;
                out_sub_compute(q__y3_e, t19_x1_y3_e, out_y3_e);
                out[out_at + 756] = out_y3_e;   // store out
            }
            if (x_p + 1 >= 2 && x_p + 1 < 254 && y_p + 3 >= 2 && y_p + 3 < 254 && z_p >= 0 && z_p < 64) {
                const float q__x1_y3_e = q_[q__at + 769];
                const float q__x2_y3_e = q_[q__at + 770];
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x2_y3)
                float t1_x2_y3_e;
                t1_mul_compute(4.0f, q__x2_y3_e, t1_x2_y3_e);
                const float q__x3_y3_e = q_[q__at + 771];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x3_y3)
                float t2_x3_y3_e;
                t2_add_compute(q__x3_y3_e, q__x1_y3_e, t2_x3_y3_e);
                const float q__x2_y4_e = q_[q__at + 1026];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x3_y3)
                float t3_x3_y3_e;
                t3_add_compute(t2_x3_y3_e, q__x2_y4_e, t3_x3_y3_e);
                const float q__x2_y2_e = q_[q__at + 514];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x3_y3)
                float t4_x3_y3_e;
                t4_add_compute(t3_x3_y3_e, q__x2_y2_e, t4_x3_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x2_y3)
                float lap_x2_y3_e;
                lap_sub_compute(t1_x2_y3_e, t4_x3_y3_e, lap_x2_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y3)
                float t1_x1_y3_e;
                t1_mul_compute(4.0f, q__x1_y3_e, t1_x1_y3_e);
                const float q__y3_e = q_[q__at + 768];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y3)
                float t2_x2_y3_e;
                t2_add_compute(q__x2_y3_e, q__y3_e, t2_x2_y3_e);
                const float q__x1_y4_e = q_[q__at + 1025];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y3)
                float t3_x2_y3_e;
                t3_add_compute(t2_x2_y3_e, q__x1_y4_e, t3_x2_y3_e);
                const float q__x1_y2_e = q_[q__at + 513];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y3)
                float t4_x2_y3_e;
                t4_add_compute(t3_x2_y3_e, q__x1_y2_e, t4_x2_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y3)
                float lap_x1_y3_e;
                lap_sub_compute(t1_x1_y3_e, t4_x2_y3_e, lap_x1_y3_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x2_y3)
                float flx_x2_y3_e;
                flx_sub_compute(lap_x2_y3_e, lap_x1_y3_e, flx_x2_y3_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x2_y3)
                float t7_x2_y3_e;
                t7_sub_compute(q__x2_y3_e, q__x1_y3_e, t7_x2_y3_e);
                // call 7: t8 = mul(flx, t7)   (at x2_y3)
                float t8_x2_y3_e;
                t8_mul_compute(flx_x2_y3_e, t7_x2_y3_e, t8_x2_y3_e);
                // call 8: t9 = gt(t8, 0.0)   (at x2_y3)
                float t9_x2_y3_e;
                t9_gt_compute(t8_x2_y3_e, 0.0f, t9_x2_y3_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x2_y3)
                float flx_1_x2_y3_e;
                flx_1_where_compute(t9_x2_y3_e, 0.0f, flx_x2_y3_e, flx_1_x2_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at y3)
                float t1_y3_e;
                t1_mul_compute(4.0f, q__y3_e, t1_y3_e);
                const float q__xm1_y3_e = q_[q__at + 767];
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x1_y3)
                float t2_x1_y3_e;
                t2_add_compute(q__x1_y3_e, q__xm1_y3_e, t2_x1_y3_e);
                const float q__y4_e = q_[q__at + 1024];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x1_y3)
                float t3_x1_y3_e;
                t3_add_compute(t2_x1_y3_e, q__y4_e, t3_x1_y3_e);
                const float q__y2_e = q_[q__at + 512];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x1_y3)
                float t4_x1_y3_e;
                t4_add_compute(t3_x1_y3_e, q__y2_e, t4_x1_y3_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at y3)
                float lap_y3_e;
                lap_sub_compute(t1_y3_e, t4_x1_y3_e, lap_y3_e);
                // call 5: flx = lap[0, 0, 1] - lap   (at x1_y3)
                float flx_x1_y3_e;
                flx_sub_compute(lap_x1_y3_e, lap_y3_e, flx_x1_y3_e);
                // call 6: t7 = sub(q[0:64, 1:255, 2:255], q[0:64, 1:255, 1:254])   (at x1_y3)
                float t7_x1_y3_e;
                t7_sub_compute(q__x1_y3_e, q__y3_e, t7_x1_y3_e);
                // call 7: t8 = mul(flx, t7)   (at x1_y3)
                float t8_x1_y3_e;
                t8_mul_compute(flx_x1_y3_e, t7_x1_y3_e, t8_x1_y3_e);
                // call 8: t9 = gt(t8, 0.0)   (at x1_y3)
                float t9_x1_y3_e;
                t9_gt_compute(t8_x1_y3_e, 0.0f, t9_x1_y3_e);
                // call 9: flx = where(flx * (q[0, 0, 1] - q) > 0, 0, flx)   (at x1_y3)
                float flx_1_x1_y3_e;
                flx_1_where_compute(t9_x1_y3_e, 0.0f, flx_x1_y3_e, flx_1_x1_y3_e);
                // call 15: t16 = sub(flx[0:64, 1:253, 1:253], flx[0:64, 1:253, 0:252])   (at x2_y3)
                float t16_x2_y3_e;
                t16_sub_compute(flx_1_x2_y3_e, flx_1_x1_y3_e, t16_x2_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y4)
                float t1_x1_y4_e;
                t1_mul_compute(4.0f, q__x1_y4_e, t1_x1_y4_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y4)
                float t2_x2_y4_e;
                t2_add_compute(q__x2_y4_e, q__y4_e, t2_x2_y4_e);
                const float q__x1_y5_e = q_[q__at + 1281];
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y4)
                float t3_x2_y4_e;
                t3_add_compute(t2_x2_y4_e, q__x1_y5_e, t3_x2_y4_e);
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y4)
                float t4_x2_y4_e;
                t4_add_compute(t3_x2_y4_e, q__x1_y3_e, t4_x2_y4_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y4)
                float lap_x1_y4_e;
                lap_sub_compute(t1_x1_y4_e, t4_x2_y4_e, lap_x1_y4_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y4)
                float fly_x1_y4_e;
                fly_sub_compute(lap_x1_y4_e, lap_x1_y3_e, fly_x1_y4_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y4)
                float t12_x1_y4_e;
                t12_sub_compute(q__x1_y4_e, q__x1_y3_e, t12_x1_y4_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y4)
                float t13_x1_y4_e;
                t13_mul_compute(fly_x1_y4_e, t12_x1_y4_e, t13_x1_y4_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y4)
                float t14_x1_y4_e;
                t14_gt_compute(t13_x1_y4_e, 0.0f, t14_x1_y4_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y4)
                float fly_1_x1_y4_e;
                fly_1_where_compute(t14_x1_y4_e, 0.0f, fly_x1_y4_e, fly_1_x1_y4_e);
                // call 16: t17 = add(t16, fly[0:64, 1:253, 1:253])   (at x2_y3)
                float t17_x2_y3_e;
                t17_add_compute(t16_x2_y3_e, fly_1_x1_y4_e, t17_x2_y3_e);
                // call 0: t1 = mul(4.0, q[0:64, 1:255, 1:255])   (at x1_y2)
                float t1_x1_y2_e;
                t1_mul_compute(4.0f, q__x1_y2_e, t1_x1_y2_e);
                // call 1: t2 = add(q[0:64, 1:255, 2:256], q[0:64, 1:255, 0:254])   (at x2_y2)
                float t2_x2_y2_e;
                t2_add_compute(q__x2_y2_e, q__y2_e, t2_x2_y2_e);
                // call 2: t3 = add(t2, q[0:64, 2:256, 1:255])   (at x2_y2)
                float t3_x2_y2_e;
                t3_add_compute(t2_x2_y2_e, q__x1_y3_e, t3_x2_y2_e);
                const float q__x1_y1_e = q_[q__at + 257];
                // call 3: t4 = add(t3, q[0:64, 0:254, 1:255])   (at x2_y2)
                float t4_x2_y2_e;
                t4_add_compute(t3_x2_y2_e, q__x1_y1_e, t4_x2_y2_e);
                // call 4: lap = 4 * q - (q[0, 0, 1] + q[0, 0, -1] + q[0, 1, 0] + q[0, -1, 0])   (at x1_y2)
                float lap_x1_y2_e;
                lap_sub_compute(t1_x1_y2_e, t4_x2_y2_e, lap_x1_y2_e);
                // call 10: fly = lap[0, 1, 0] - lap   (at x1_y3)
                float fly_x1_y3_e;
                fly_sub_compute(lap_x1_y3_e, lap_x1_y2_e, fly_x1_y3_e);
                // call 11: t12 = sub(q[0:64, 2:255, 1:255], q[0:64, 1:254, 1:255])   (at x1_y3)
                float t12_x1_y3_e;
                t12_sub_compute(q__x1_y3_e, q__x1_y2_e, t12_x1_y3_e);
                // call 12: t13 = mul(fly, t12)   (at x1_y3)
                float t13_x1_y3_e;
                t13_mul_compute(fly_x1_y3_e, t12_x1_y3_e, t13_x1_y3_e);
                // call 13: t14 = gt(t13, 0.0)   (at x1_y3)
                float t14_x1_y3_e;
                t14_gt_compute(t13_x1_y3_e, 0.0f, t14_x1_y3_e);
                // call 14: fly = where(fly * (q[0, 1, 0] - q) > 0, 0, fly)   (at x1_y3)
                float fly_1_x1_y3_e;
                fly_1_where_compute(t14_x1_y3_e, 0.0f, fly_x1_y3_e, fly_1_x1_y3_e);
                // call 17: t18 = sub(t17, fly[0:64, 0:252, 1:253])   (at x2_y3)
                float t18_x2_y3_e;
                t18_sub_compute(t17_x2_y3_e, fly_1_x1_y3_e, t18_x2_y3_e);
                // call 18: t19 = mul(coeff, t18)   (at x2_y3)
                float t19_x2_y3_e;
                t19_mul_compute(coeff_v, t18_x2_y3_e, t19_x2_y3_e);
                // call 19: out = q - coeff * (flx - flx[0, 0, -1] + fly - fly[0, -1, 0])   (at x1_y3)
                float out_x1_y3_e;
                out_sub_compute(q__x1_y3_e, t19_x2_y3_e, out_x1_y3_e);
                out[out_at + 757] = out_x1_y3_e;   // store out
            }
        }
    }
}
