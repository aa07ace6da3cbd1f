// program hotspot3d: 20 call(s)
// ===================== routines =====================
// compute routine of t1 = full(0.0, s0) [full: map]
__device__ __forceinline__ void t1_full_compute(const double value, double& z) {
    using T = double; using R = double;
    z = value;
}
// compute routine of t2 = np.pad(s0, 1, 'edge') [pad_edge: map]
__device__ __forceinline__ void t2_pad_edge_compute(const double u, double& z) {
    using T = double; using R = double;
    z = u;
}
// index map of t2 = np.pad(s0, 1, 'edge') [pad_edge]: u's element along one axis for element k - before
__device__ __forceinline__ int t2_pad_edge_index(int k, const int n) {
    return min(max(k, 0), n - 1);
}
// compute routine of t3 = mul(0.9989244791666667, t2[1:6, 1:14, 1:12]) [mul: map]
__device__ __forceinline__ void t3_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t4 = mul(1.5755208333333333e-05, t2[1:6, 0:13, 1:12]) [mul: map]
__device__ __forceinline__ void t4_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t5 = add(t3, t4) [add: map]
__device__ __forceinline__ void t5_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t6 = mul(1.5755208333333333e-05, t2[1:6, 2:15, 1:12]) [mul: map]
__device__ __forceinline__ void t6_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t7 = add(t5, t6) [add: map]
__device__ __forceinline__ void t7_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t8 = mul(2.2005208333333336e-05, t2[1:6, 1:14, 2:13]) [mul: map]
__device__ __forceinline__ void t8_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t9 = add(t7, t8) [add: map]
__device__ __forceinline__ void t9_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t10 = mul(2.2005208333333336e-05, t2[1:6, 1:14, 0:11]) [mul: map]
__device__ __forceinline__ void t10_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t11 = add(t9, t10) [add: map]
__device__ __forceinline__ void t11_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t12 = mul(0.0003333333333333334, t2[2:7, 1:14, 1:12]) [mul: map]
__device__ __forceinline__ void t12_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t13 = add(t11, t12) [add: map]
__device__ __forceinline__ void t13_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t14 = mul(0.0003333333333333334, t2[0:5, 1:14, 1:12]) [mul: map]
__device__ __forceinline__ void t14_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t15 = add(t13, t14) [add: map]
__device__ __forceinline__ void t15_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t16 = mul(0.00018619791666666665, s1) [mul: map]
__device__ __forceinline__ void t16_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of t17 = add(t15, t16) [add: map]
__device__ __forceinline__ void t17_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t18 = add(t17, 0.026666666666666672) [add: map]
__device__ __forceinline__ void t18_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t19 = assign(t1[0:5, 0:13, 0:11], t18) [assign: map]
__device__ __forceinline__ void t19_assign_compute(const double inner, double& z) {
    using T = double; using R = double;
    z = inner;
}
// compute routine of t20 = mul(s1, 1.0) [mul: map]
__device__ __forceinline__ void t20_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "2fcdb05b39868e44", "kernels": [{"calls": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19], "name": "k0_t1_full__t2_pad_edge__t3_mul__and17more", "params": {"bx": 32, "by": 16, "px": 2, "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "hotspot3d", "sizes": {}}
// Plan: k0_t1_full__t2_pad_edge__t3_mul__and17more runs call(s) [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
// launch k0_t1_full__t2_pad_edge__t3_mul__and17more grid=(5, 1, 1) block=(512, 1, 1) smem=0 args=(in:s0_, in:s1, out:t19, out:t20)

// kernel k0_t1_full__t2_pad_edge__t3_mul__and17more: grid 5 x 13 x 11 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k0_t1_full__t2_pad_edge__t3_mul__and17more(const double* __restrict__ s0_,
    const double* __restrict__ s1,
    double* __restrict__ t19,
    double* __restrict__ t20)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 2, PY = 1, VEC = 1, ZC = 1;
    constexpr int X0 = 0, NBX = 1;   // x (axis 2): points 0 .. 10
    constexpr int Y0 = 0, NBY = 1;   // y (axis 1): points 0 .. 12
    constexpr int Z0 = 0;   // z (axis 0): points 0 .. 4
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
            const idx_t s0__at = (idx_t)x_p + (idx_t)y_p * 11 + (idx_t)z_p * 143;
            const idx_t s1_at = (idx_t)x_p + (idx_t)y_p * 11 + (idx_t)z_p * 143;
            const idx_t t19_at = (idx_t)x_p + (idx_t)y_p * 11 + (idx_t)z_p * 143;
            const idx_t t20_at = (idx_t)x_p + (idx_t)y_p * 11 + (idx_t)z_p * 143;
            if (x_p >= 0 && x_p < 11 && y_p >= 0 && y_p < 13 && z_p >= 0 && z_p < 5) {
                // call 0: t1 = full(0.0, s0)
                double t1_e;
                t1_full_compute(0.0, t1_e);
                // call 18: t19 = assign(t1[0:5, 0:13, 0:11], t18): the kept boundary, then the assigned window
                double t19_e = t1_e;
                if (x_p >= 0 && x_p < 11 && y_p >= 0 && y_p < 13 && z_p >= 0 && z_p < 5) {
                    const double s0__e = s0_[s0__at];
                    // call 1: t2 = np.pad(s0, 1, 'edge')
                    double t2_e;
                    t2_pad_edge_compute(s0__e, t2_e);
                    // call 2: t3 = mul(0.9989244791666667, t2[1:6, 1:14, 1:12])
                    double t3_e;
                    t3_mul_compute(0.9989244791666667, t2_e, t3_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at ym1): s0 at remapped indices
                    double t2_ym1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(x_p) + (idx_t)(t2_pad_edge_index(y_p - 1, 13)) * 11 + (idx_t)(z_p) * 143], t2_ym1_e);
                    // call 3: t4 = mul(1.5755208333333333e-05, t2[1:6, 0:13, 1:12])   (at ym1)
                    double t4_ym1_e;
                    t4_mul_compute(1.5755208333333333e-05, t2_ym1_e, t4_ym1_e);
                    // call 4: t5 = add(t3, t4)
                    double t5_e;
                    t5_add_compute(t3_e, t4_ym1_e, t5_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at y1): s0 at remapped indices
                    double t2_y1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(x_p) + (idx_t)(t2_pad_edge_index(y_p + 1, 13)) * 11 + (idx_t)(z_p) * 143], t2_y1_e);
                    // call 5: t6 = mul(1.5755208333333333e-05, t2[1:6, 2:15, 1:12])   (at y1)
                    double t6_y1_e;
                    t6_mul_compute(1.5755208333333333e-05, t2_y1_e, t6_y1_e);
                    // call 6: t7 = add(t5, t6)
                    double t7_e;
                    t7_add_compute(t5_e, t6_y1_e, t7_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at x1): s0 at remapped indices
                    double t2_x1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(t2_pad_edge_index(x_p + 1, 11)) + (idx_t)(y_p) * 11 + (idx_t)(z_p) * 143], t2_x1_e);
                    // call 7: t8 = mul(2.2005208333333336e-05, t2[1:6, 1:14, 2:13])   (at x1)
                    double t8_x1_e;
                    t8_mul_compute(2.2005208333333336e-05, t2_x1_e, t8_x1_e);
                    // call 8: t9 = add(t7, t8)
                    double t9_e;
                    t9_add_compute(t7_e, t8_x1_e, t9_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at xm1): s0 at remapped indices
                    double t2_xm1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(t2_pad_edge_index(x_p - 1, 11)) + (idx_t)(y_p) * 11 + (idx_t)(z_p) * 143], t2_xm1_e);
                    // call 9: t10 = mul(2.2005208333333336e-05, t2[1:6, 1:14, 0:11])   (at xm1)
                    double t10_xm1_e;
                    t10_mul_compute(2.2005208333333336e-05, t2_xm1_e, t10_xm1_e);
                    // call 10: t11 = add(t9, t10)
                    double t11_e;
                    t11_add_compute(t9_e, t10_xm1_e, t11_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at z1): s0 at remapped indices
                    double t2_z1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(x_p) + (idx_t)(y_p) * 11 + (idx_t)(t2_pad_edge_index(z_p + 1, 5)) * 143], t2_z1_e);
                    // call 11: t12 = mul(0.0003333333333333334, t2[2:7, 1:14, 1:12])   (at z1)
                    double t12_z1_e;
                    t12_mul_compute(0.0003333333333333334, t2_z1_e, t12_z1_e);
                    // call 12: t13 = add(t11, t12)
                    double t13_e;
                    t13_add_compute(t11_e, t12_z1_e, t13_e);
                    // call 1: t2 = np.pad(s0, 1, 'edge')   (at zm1): s0 at remapped indices
                    double t2_zm1_e;
                    t2_pad_edge_compute(s0_[(idx_t)(x_p) + (idx_t)(y_p) * 11 + (idx_t)(t2_pad_edge_index(z_p - 1, 5)) * 143], t2_zm1_e);
                    // call 13: t14 = mul(0.0003333333333333334, t2[0:5, 1:14, 1:12])   (at zm1)
                    double t14_zm1_e;
                    t14_mul_compute(0.0003333333333333334, t2_zm1_e, t14_zm1_e);
                    // call 14: t15 = add(t13, t14)
                    double t15_e;
                    t15_add_compute(t13_e, t14_zm1_e, t15_e);
                    const double s1_e = s1[s1_at];
                    // call 15: t16 = mul(0.00018619791666666665, s1)
                    double t16_e;
                    t16_mul_compute(0.00018619791666666665, s1_e, t16_e);
                    // call 16: t17 = add(t15, t16)
                    double t17_e;
                    t17_add_compute(t15_e, t16_e, t17_e);
                    // call 17: t18 = add(t17, 0.026666666666666672)
                    double t18_e;
                    t18_add_compute(t17_e, 0.026666666666666672, t18_e);
                    t19_e = t18_e;
                }
                t19[t19_at] = t19_e;   // store t19
                const double s1_e = s1[s1_at];
                // call 19: t20 = mul(s1, 1.0)
                double t20_e;
                t20_mul_compute(s1_e, 1.0, t20_e);
                t20[t20_at] = t20_e;   // store t20
            }
        }
    }
}
