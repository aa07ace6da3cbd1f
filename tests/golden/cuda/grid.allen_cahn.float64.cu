// program allen_cahn: 18 call(s)
// ===================== routines =====================
// compute routine of t1 = np.roll(s0, shift=(1, 0)) [roll: map]
__device__ __forceinline__ void t1_roll_compute(const double u, double& z) {
    using T = double; using R = double;
    z = u;
}
// index map of t1 = np.roll(s0, shift=(1, 0)) [roll]: u's element along one axis for element k - before
__device__ __forceinline__ int t1_roll_index(int k, const int n) {
    return k < 0 ? k + n : k >= n ? k - n : k;   // k in [-n, 2n): one period off at most
}
// index map of t1 = np.roll(s0, shift=(1, 0)) [roll, any k]: u's element along one axis for element k - before
__device__ __forceinline__ int t1_roll_index_far(int k, const int n) {
    k %= n;
    return k < 0 ? k + n : k;
}
// compute routine of t2 = np.roll(s0, shift=(-1, 0)) [roll: map]
__device__ __forceinline__ void t2_roll_compute(const double u, double& z) {
    using T = double; using R = double;
    z = u;
}
// index map of t2 = np.roll(s0, shift=(-1, 0)) [roll]: u's element along one axis for element k - before
__device__ __forceinline__ int t2_roll_index(int k, const int n) {
    return k < 0 ? k + n : k >= n ? k - n : k;   // k in [-n, 2n): one period off at most
}
// index map of t2 = np.roll(s0, shift=(-1, 0)) [roll, any k]: u's element along one axis for element k - before
__device__ __forceinline__ int t2_roll_index_far(int k, const int n) {
    k %= n;
    return k < 0 ? k + n : k;
}
// compute routine of t3 = add(t1, t2) [add: map]
__device__ __forceinline__ void t3_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t4 = np.roll(s0, shift=(0, 1)) [roll: map]
__device__ __forceinline__ void t4_roll_compute(const double u, double& z) {
    using T = double; using R = double;
    z = u;
}
// index map of t4 = np.roll(s0, shift=(0, 1)) [roll]: u's element along one axis for element k - before
__device__ __forceinline__ int t4_roll_index(int k, const int n) {
    return k < 0 ? k + n : k >= n ? k - n : k;   // k in [-n, 2n): one period off at most
}
// index map of t4 = np.roll(s0, shift=(0, 1)) [roll, any k]: u's element along one axis for element k - before
__device__ __forceinline__ int t4_roll_index_far(int k, const int n) {
    k %= n;
    return k < 0 ? k + n : k;
}
// compute routine of t5 = add(t3, t4) [add: map]
__device__ __forceinline__ void t5_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t6 = np.roll(s0, shift=(0, -1)) [roll: map]
__device__ __forceinline__ void t6_roll_compute(const double u, double& z) {
    using T = double; using R = double;
    z = u;
}
// index map of t6 = np.roll(s0, shift=(0, -1)) [roll]: u's element along one axis for element k - before
__device__ __forceinline__ int t6_roll_index(int k, const int n) {
    return k < 0 ? k + n : k >= n ? k - n : k;   // k in [-n, 2n): one period off at most
}
// index map of t6 = np.roll(s0, shift=(0, -1)) [roll, any k]: u's element along one axis for element k - before
__device__ __forceinline__ int t6_roll_index_far(int k, const int n) {
    k %= n;
    return k < 0 ? k + n : k;
}
// compute routine of t7 = add(t5, t6) [add: map]
__device__ __forceinline__ void t7_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t8 = mul(4.0, s0) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t9 = sub(t7, t8) [sub: map]
__device__ __forceinline__ void t9_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t10 = div(t9, 1.0) [div: map]
__device__ __forceinline__ void t10_div_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x / y;
}
// compute routine of t11 = mul(1.0, t10) [mul: map]
__device__ __forceinline__ void t11_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t12 = add(t11, s0) [add: map]
__device__ __forceinline__ void t12_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t13 = pow(s0, 3.0) [pow: map]
__device__ __forceinline__ void t13_pow_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = kf_pow(x, y);
}
// compute routine of t14 = sub(t12, t13) [sub: map]
__device__ __forceinline__ void t14_sub_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x - y;
}
// compute routine of t15 = mul(0.1, t14) [mul: map]
__device__ __forceinline__ void t15_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t16 = add(s0, t15) [add: map]
__device__ __forceinline__ void t16_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of s0.new = full(0, shape=(45, 33))  [every element of s0 is assigned before it is read: its old values are not loaded] [full: map]
__device__ __forceinline__ void s0_new_full_compute(const double value, double& z) {
    using T = double; using R = double;
    z = value;
}
// compute routine of t17 = assign(s0[0:45, 0:33], t16) [assign: map]
__device__ __forceinline__ void t17_assign_compute(const double inner, double& z) {
    using T = double; using R = double;
    z = inner;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "ac26b5bba0240e70", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], "name": "k0_t1_roll__t2_roll__t3_add__and15more", "params": {"bx": 64, "by": 2, "px": 2, "py": 2, "rows": "adjacent", "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "allen_cahn", "sizes": {}}
// Plan: k0_t1_roll__t2_roll__t3_add__and15more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
// launch k0_t1_roll__t2_roll__t3_add__and15more grid=(12, 1, 1) block=(128, 1, 1) smem=0 args=(in:s0_, out:t17)

// kernel k0_t1_roll__t2_roll__t3_add__and15more: grid 45 x 33 (C order), block 64 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_roll__t2_roll__t3_add__and15more(const double* __restrict__ s0_,
    double* __restrict__ t17)
{
    using idx_t = int;
    constexpr int BX = 64, BY = 2, PX = 2, PY = 2, VEC = 1;
    constexpr int X0 = 0, NBX = 1;   // x (axis 1): points 0 .. 32
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 44
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    #pragma unroll
    for (int i = 0; i < PX; ++i) {
        const int x_p = X0 + x_b * BX * PX + i * BX + tx;
        const idx_t s0__at = (idx_t)x_p + (idx_t)y_p * 33;
        const idx_t t17_at = (idx_t)x_p + (idx_t)y_p * 33;
        if (x_p >= 0 && x_p < 33 && y_p >= 0 && y_p < 44) {   // all 2 points inside
            // call 16: s0.new = full(0, shape=(45, 33))  [every element of s0 is assigned before it is read: its old values are not loaded]
            double s0_new__e;
            s0_new_full_compute(0.0, s0_new__e);
            // call 17: t17 = assign(s0[0:45, 0:33], t16): the kept boundary, then the assigned window
            double t17_e = s0_new__e;
            if (x_p >= 0 && x_p < 33 && y_p >= 0 && y_p < 45) {
                const double s0__e = s0_[s0__at];
                // call 0: t1 = np.roll(s0, shift=(1, 0))   (at ym1): s0 at remapped indices
                double t1_ym1_e;
                t1_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t1_roll_index(y_p - 1, 45)) * 33], t1_ym1_e);
                const double s0__y1_e = s0_[s0__at + 33];
                // call 1: t2 = np.roll(s0, shift=(-1, 0))   (at y1)
                double t2_y1_e;
                t2_roll_compute(s0__y1_e, t2_y1_e);
                // call 2: t3 = add(t1, t2)   (at ym1)
                double t3_ym1_e;
                t3_add_compute(t1_ym1_e, t2_y1_e, t3_ym1_e);
                // call 3: t4 = np.roll(s0, shift=(0, 1))   (at xm1): s0 at remapped indices
                double t4_xm1_e;
                t4_roll_compute(s0_[(idx_t)(t4_roll_index(x_p - 1, 33)) + (idx_t)(y_p) * 33], t4_xm1_e);
                // call 4: t5 = add(t3, t4)   (at ym1)
                double t5_ym1_e;
                t5_add_compute(t3_ym1_e, t4_xm1_e, t5_ym1_e);
                // call 5: t6 = np.roll(s0, shift=(0, -1))   (at x1): s0 at remapped indices
                double t6_x1_e;
                t6_roll_compute(s0_[(idx_t)(t6_roll_index(x_p + 1, 33)) + (idx_t)(y_p) * 33], t6_x1_e);
                // call 6: t7 = add(t5, t6)   (at ym1)
                double t7_ym1_e;
                t7_add_compute(t5_ym1_e, t6_x1_e, t7_ym1_e);
                // call 7: t8 = mul(4.0, s0)
                double t8_e;
                t8_mul_compute(4.0, s0__e, t8_e);
                // call 8: t9 = sub(t7, t8)   (at ym1)
                double t9_ym1_e;
                t9_sub_compute(t7_ym1_e, t8_e, t9_ym1_e);
                // call 9: t10 = div(t9, 1.0)   (at ym1)
                double t10_ym1_e;
                t10_div_compute(t9_ym1_e, 1.0, t10_ym1_e);
                // call 10: t11 = mul(1.0, t10)   (at ym1)
                double t11_ym1_e;
                t11_mul_compute(1.0, t10_ym1_e, t11_ym1_e);
                // call 11: t12 = add(t11, s0)   (at ym1)
                double t12_ym1_e;
                t12_add_compute(t11_ym1_e, s0__e, t12_ym1_e);
                // call 12: t13 = pow(s0, 3.0)
                double t13_e;
                t13_pow_compute(s0__e, 3.0, t13_e);
                // call 13: t14 = sub(t12, t13)   (at ym1)
                double t14_ym1_e;
                t14_sub_compute(t12_ym1_e, t13_e, t14_ym1_e);
                // call 14: t15 = mul(0.1, t14)   (at ym1)
                double t15_ym1_e;
                t15_mul_compute(0.1, t14_ym1_e, t15_ym1_e);
                // call 15: t16 = add(s0, t15)
                double t16_e;
                t16_add_compute(s0__e, t15_ym1_e, t16_e);
                t17_e = t16_e;
            }
            // call 16: s0.new = full(0, shape=(45, 33))  [every element of s0 is assigned before it is read: its old values are not loaded]   (at y1)
            double s0_new__y1_e;
            s0_new_full_compute(0.0, s0_new__y1_e);
            // call 17: t17 = assign(s0[0:45, 0:33], t16)   (at y1): the kept boundary, then the assigned window
            double t17_y1_e = s0_new__y1_e;
            if (x_p >= 0 && x_p < 33 && y_p + 1 >= 0 && y_p + 1 < 45) {
                const double s0__y1_e = s0_[s0__at + 33];
                const double s0__e = s0_[s0__at];
                // call 0: t1 = np.roll(s0, shift=(1, 0))
                double t1_e;
                t1_roll_compute(s0__e, t1_e);
                // call 1: t2 = np.roll(s0, shift=(-1, 0))   (at y2): s0 at remapped indices
                double t2_y2_e;
                t2_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t2_roll_index(y_p + 2, 45)) * 33], t2_y2_e);
                // call 2: t3 = add(t1, t2)
                double t3_e;
                t3_add_compute(t1_e, t2_y2_e, t3_e);
                // call 3: t4 = np.roll(s0, shift=(0, 1))   (at xm1_y1): s0 at remapped indices
                double t4_xm1_y1_e;
                t4_roll_compute(s0_[(idx_t)(t4_roll_index(x_p - 1, 33)) + (idx_t)(y_p + 1) * 33], t4_xm1_y1_e);
                // call 4: t5 = add(t3, t4)
                double t5_e;
                t5_add_compute(t3_e, t4_xm1_y1_e, t5_e);
                // call 5: t6 = np.roll(s0, shift=(0, -1))   (at x1_y1): s0 at remapped indices
                double t6_x1_y1_e;
                t6_roll_compute(s0_[(idx_t)(t6_roll_index(x_p + 1, 33)) + (idx_t)(y_p + 1) * 33], t6_x1_y1_e);
                // call 6: t7 = add(t5, t6)
                double t7_e;
                t7_add_compute(t5_e, t6_x1_y1_e, t7_e);
                // call 7: t8 = mul(4.0, s0)   (at y1)
                double t8_y1_e;
                t8_mul_compute(4.0, s0__y1_e, t8_y1_e);
                // call 8: t9 = sub(t7, t8)
                double t9_e;
                t9_sub_compute(t7_e, t8_y1_e, t9_e);
                // call 9: t10 = div(t9, 1.0)
                double t10_e;
                t10_div_compute(t9_e, 1.0, t10_e);
                // call 10: t11 = mul(1.0, t10)
                double t11_e;
                t11_mul_compute(1.0, t10_e, t11_e);
                // call 11: t12 = add(t11, s0)
                double t12_e;
                t12_add_compute(t11_e, s0__y1_e, t12_e);
                // call 12: t13 = pow(s0, 3.0)   (at y1)
                double t13_y1_e;
                t13_pow_compute(s0__y1_e, 3.0, t13_y1_e);
                // call 13: t14 = sub(t12, t13)
                double t14_e;
                t14_sub_compute(t12_e, t13_y1_e, t14_e);
                // call 14: t15 = mul(0.1, t14)
                double t15_e;
                t15_mul_compute(0.1, t14_e, t15_e);
                // call 15: t16 = add(s0, t15)   (at y1)
                double t16_y1_e;
                t16_add_compute(s0__y1_e, t15_e, t16_y1_e);
                t17_y1_e = t16_y1_e;
            }
            t17[t17_at] = t17_e;   // store t17
            t17[t17_at + 33] = t17_y1_e;   // store t17
        } else {   // the points one by one
            if (x_p >= 0 && x_p < 33 && y_p >= 0 && y_p < 45) {
                // call 16: s0.new = full(0, shape=(45, 33))  [every element of s0 is assigned before it is read: its old values are not loaded]
                double s0_new__e;
                s0_new_full_compute(0.0, s0_new__e);
                // call 17: t17 = assign(s0[0:45, 0:33], t16): the kept boundary, then the assigned window
                double t17_e = s0_new__e;
                if (x_p >= 0 && x_p < 33 && y_p >= 0 && y_p < 45) {
                    const double s0__e = s0_[s0__at];
                    // call 0: t1 = np.roll(s0, shift=(1, 0))   (at ym1): s0 at remapped indices
                    double t1_ym1_e;
                    t1_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t1_roll_index(y_p - 1, 45)) * 33], t1_ym1_e);
                    // call 1: t2 = np.roll(s0, shift=(-1, 0))   (at y1): s0 at remapped indices
                    double t2_y1_e;
                    t2_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t2_roll_index(y_p + 1, 45)) * 33], t2_y1_e);
                    // call 2: t3 = add(t1, t2)   (at ym1)
                    double t3_ym1_e;
                    t3_add_compute(t1_ym1_e, t2_y1_e, t3_ym1_e);
                    // call 3: t4 = np.roll(s0, shift=(0, 1))   (at xm1): s0 at remapped indices
                    double t4_xm1_e;
                    t4_roll_compute(s0_[(idx_t)(t4_roll_index(x_p - 1, 33)) + (idx_t)(y_p) * 33], t4_xm1_e);
                    // call 4: t5 = add(t3, t4)   (at ym1)
                    double t5_ym1_e;
                    t5_add_compute(t3_ym1_e, t4_xm1_e, t5_ym1_e);
                    // call 5: t6 = np.roll(s0, shift=(0, -1))   (at x1): s0 at remapped indices
                    double t6_x1_e;
                    t6_roll_compute(s0_[(idx_t)(t6_roll_index(x_p + 1, 33)) + (idx_t)(y_p) * 33], t6_x1_e);
                    // call 6: t7 = add(t5, t6)   (at ym1)
                    double t7_ym1_e;
                    t7_add_compute(t5_ym1_e, t6_x1_e, t7_ym1_e);
                    // call 7: t8 = mul(4.0, s0)
                    double t8_e;
                    t8_mul_compute(4.0, s0__e, t8_e);
                    // call 8: t9 = sub(t7, t8)   (at ym1)
                    double t9_ym1_e;
                    t9_sub_compute(t7_ym1_e, t8_e, t9_ym1_e);
                    // call 9: t10 = div(t9, 1.0)   (at ym1)
                    double t10_ym1_e;
                    t10_div_compute(t9_ym1_e, 1.0, t10_ym1_e);
                    // call 10: t11 = mul(1.0, t10)   (at ym1)
                    double t11_ym1_e;
                    t11_mul_compute(1.0, t10_ym1_e, t11_ym1_e);
                    // call 11: t12 = add(t11, s0)   (at ym1)
                    double t12_ym1_e;
                    t12_add_compute(t11_ym1_e, s0__e, t12_ym1_e);
                    // call 12: t13 = pow(s0, 3.0)
                    double t13_e;
                    t13_pow_compute(s0__e, 3.0, t13_e);
                    // call 13: t14 = sub(t12, t13)   (at ym1)
                    double t14_ym1_e;
                    t14_sub_compute(t12_ym1_e, t13_e, t14_ym1_e);
                    // call 14: t15 = mul(0.1, t14)   (at ym1)
                    double t15_ym1_e;
                    t15_mul_compute(0.1, t14_ym1_e, t15_ym1_e);
                    // call 15: t16 = add(s0, t15)
                    double t16_e;
                    t16_add_compute(s0__e, t15_ym1_e, t16_e);
                    t17_e = t16_e;
                }
                t17[t17_at] = t17_e;   // store t17
            }
            if (x_p >= 0 && x_p < 33 && y_p + 1 >= 0 && y_p + 1 < 45) {
                // call 16: s0.new = full(0, shape=(45, 33))  [every element of s0 is assigned before it is read: its old values are not loaded]   (at y1)
                double s0_new__y1_e;
                s0_new_full_compute(0.0, s0_new__y1_e);
                // call 17: t17 = assign(s0[0:45, 0:33], t16)   (at y1): the kept boundary, then the assigned window
                double t17_y1_e = s0_new__y1_e;
                if (x_p >= 0 && x_p < 33 && y_p + 1 >= 0 && y_p + 1 < 45) {
                    const double s0__y1_e = s0_[s0__at + 33];
                    // call 0: t1 = np.roll(s0, shift=(1, 0)): s0 at remapped indices
                    double t1_e;
                    t1_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t1_roll_index(y_p, 45)) * 33], t1_e);
                    // call 1: t2 = np.roll(s0, shift=(-1, 0))   (at y2): s0 at remapped indices
                    double t2_y2_e;
                    t2_roll_compute(s0_[(idx_t)(x_p) + (idx_t)(t2_roll_index(y_p + 2, 45)) * 33], t2_y2_e);
                    // call 2: t3 = add(t1, t2)
                    double t3_e;
                    t3_add_compute(t1_e, t2_y2_e, t3_e);
                    // call 3: t4 = np.roll(s0, shift=(0, 1))   (at xm1_y1): s0 at remapped indices
                    double t4_xm1_y1_e;
                    t4_roll_compute(s0_[(idx_t)(t4_roll_index(x_p - 1, 33)) + (idx_t)(y_p + 1) * 33], t4_xm1_y1_e);
                    // call 4: t5 = add(t3, t4)
                    double t5_e;
                    t5_add_compute(t3_e, t4_xm1_y1_e, t5_e);
                    // call 5: t6 = np.roll(s0, shift=(0, -1))   (at x1_y1): s0 at remapped indices
                    double t6_x1_y1_e;
                    t6_roll_compute(s0_[(idx_t)(t6_roll_index(x_p + 1, 33)) + (idx_t)(y_p + 1) * 33], t6_x1_y1_e);
                    // call 6: t7 = add(t5, t6)
                    double t7_e;
                    t7_add_compute(t5_e, t6_x1_y1_e, t7_e);
                    // call 7: t8 = mul(4.0, s0)   (at y1)
                    double t8_y1_e;
                    t8_mul_compute(4.0, s0__y1_e, t8_y1_e);
                    // call 8: t9 = sub(t7, t8)
                    double t9_e;
                    t9_sub_compute(t7_e, t8_y1_e, t9_e);
                    // call 9: t10 = div(t9, 1.0)
                    double t10_e;
                    t10_div_compute(t9_e, 1.0, t10_e);
                    // call 10: t11 = mul(1.0, t10)
                    double t11_e;
                    t11_mul_compute(1.0, t10_e, t11_e);
                    // call 11: t12 = add(t11, s0)
                    double t12_e;
                    t12_add_compute(t11_e, s0__y1_e, t12_e);
                    // call 12: t13 = pow(s0, 3.0)   (at y1)
                    double t13_y1_e;
                    t13_pow_compute(s0__y1_e, 3.0, t13_y1_e);
                    // call 13: t14 = sub(t12, t13)
                    double t14_e;
                    t14_sub_compute(t12_e, t13_y1_e, t14_e);
                    // call 14: t15 = mul(0.1, t14)
                    double t15_e;
                    t15_mul_compute(0.1, t14_e, t15_e);
                    // call 15: t16 = add(s0, t15)   (at y1)
                    double t16_y1_e;
                    t16_add_compute(s0__y1_e, t15_e, t16_y1_e);
                    t17_y1_e = t16_y1_e;
                }
                t17[t17_at + 33] = t17_y1_e;   // store t17
            }
        }
    }
}
