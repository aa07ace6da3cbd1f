// program jacobi2d: 6 call(s)
// ===================== routines =====================
// compute routine of t1 = add(a[1:66, 1:44], a[1:66, 0:43]) [add: map]
__device__ __forceinline__ void t1_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t2 = add(t1, a[1:66, 2:45]) [add: map]
__device__ __forceinline__ void t2_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t3 = add(t2, a[0:65, 1:44]) [add: map]
__device__ __forceinline__ void t3_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t4 = add(t3, a[2:67, 1:44]) [add: map]
__device__ __forceinline__ void t4_add_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x + y;
}
// compute routine of t5 = mul(0.2, t4) [mul: map]
__device__ __forceinline__ void t5_mul_compute(const double x, const double y, double& z) {
    using T = double; using R = double;
    z = x * y;
}
// compute routine of b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])) [interior: map]
__device__ __forceinline__ void b_interior_compute(const double inner, double& z) {
    using T = double; using R = double;
    z = inner;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "27de6fb169655a87", "kernels": [{"calls": [0, 1], "name": "k0_t1_add__t2_add", "params": {"bx": 64, "by": 2, "px": 2, "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k1_t3_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k2_t4_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k3_t5_mul", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k4_b_interior", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "jacobi2d", "sizes": {"m": 67, "n": 45}}
// Plan: k0_t1_add__t2_add runs call(s) [0, 1]; k1_t3_add runs call(s) [2]; k2_t4_add runs call(s) [3]; k3_t5_mul runs call(s) [4]; k4_b_interior runs call(s) [5]
// launch k0_t1_add__t2_add grid=(33, 1, 1) block=(128, 1, 1) smem=0 args=(in:a_, out:t2)
// launch k1_t3_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t2, in:a_, out:t3)
// launch k2_t4_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:a_, out:t4)
// launch k3_t5_mul grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, out:t5)
// launch k4_b_interior grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:a_, in:t5, out:b_)

// kernel k0_t1_add__t2_add: grid 65 x 43 (C order), block 64 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add__t2_add(const double* __restrict__ a_,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 64, BY = 2, PX = 2, PY = 1, VEC = 1;
    constexpr int X0 = 1, NBX = 1;   // x (axis 1): points 1 .. 43
    constexpr int Y0 = 1;   // y (axis 0): points 1 .. 65
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + y_b * BY * PY + ty;
    #pragma unroll
    for (int i = 0; i < PX; ++i) {
        const int x_p = X0 + x_b * BX * PX + i * BX + tx;
        const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
        const idx_t t2_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 43;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double a__e = a_[a__at];
            const double a__xm1_e = a_[a__at - 1];
            // call 0: t1 = add(a[1:66, 1:44], a[1:66, 0:43])
            double t1_e;
            t1_add_compute(a__e, a__xm1_e, t1_e);
            const double a__x1_e = a_[a__at + 1];
            // call 1: t2 = add(t1, a[1:66, 2:45])
            double t2_e;
            t2_add_compute(t1_e, a__x1_e, t2_e);
            t2[t2_at] = t2_e;   // store t2
        }
    }
}

// kernel k1_t3_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k1_t3_add(const double* __restrict__ t2,
    const double* __restrict__ a_,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -1) + (idx_t)y_p * 45;
    const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t2_e = t2[t2_at];
        const double a__e = a_[a__at];
        // call 2: t3 = add(t2, a[0:65, 1:44])
        double t3_e;
        t3_add_compute(t2_e, a__e, t3_e);
        const double t2_y1_e = t2[t2_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y1)
        double t3_y1_e;
        t3_add_compute(t2_y1_e, a__y1_e, t3_y1_e);
        const double t2_y2_e = t2[t2_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y2)
        double t3_y2_e;
        t3_add_compute(t2_y2_e, a__y2_e, t3_y2_e);
        const double t2_y3_e = t2[t2_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y3)
        double t3_y3_e;
        t3_add_compute(t2_y3_e, a__y3_e, t3_y3_e);
        t3[t3_at] = t3_e;   // store t3
        t3[t3_at + 43] = t3_y1_e;   // store t3
        t3[t3_at + 86] = t3_y2_e;   // store t3
        t3[t3_at + 129] = t3_y3_e;   // store t3
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t2_e = t2[t2_at];
            const double a__e = a_[a__at];
            // call 2: t3 = add(t2, a[0:65, 1:44])
            double t3_e;
            t3_add_compute(t2_e, a__e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t2_y1_e = t2[t2_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y1)
            double t3_y1_e;
            t3_add_compute(t2_y1_e, a__y1_e, t3_y1_e);
            t3[t3_at + 43] = t3_y1_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t2_y2_e = t2[t2_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y2)
            double t3_y2_e;
            t3_add_compute(t2_y2_e, a__y2_e, t3_y2_e);
            t3[t3_at + 86] = t3_y2_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t2_y3_e = t2[t2_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y3)
            double t3_y3_e;
            t3_add_compute(t2_y3_e, a__y3_e, t3_y3_e);
            t3[t3_at + 129] = t3_y3_e;   // store t3
        }
    }
}

// kernel k2_t4_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k2_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a_,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 45;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t3_e = t3[t3_at];
        const double a__e = a_[a__at];
        // call 3: t4 = add(t3, a[2:67, 1:44])
        double t4_e;
        t4_add_compute(t3_e, a__e, t4_e);
        const double t3_y1_e = t3[t3_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
        double t4_y1_e;
        t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
        const double t3_y2_e = t3[t3_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
        double t4_y2_e;
        t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
        const double t3_y3_e = t3[t3_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
        double t4_y3_e;
        t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
        t4[t4_at] = t4_e;   // store t4
        t4[t4_at + 43] = t4_y1_e;   // store t4
        t4[t4_at + 86] = t4_y2_e;   // store t4
        t4[t4_at + 129] = t4_y3_e;   // store t4
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t3_e = t3[t3_at];
            const double a__e = a_[a__at];
            // call 3: t4 = add(t3, a[2:67, 1:44])
            double t4_e;
            t4_add_compute(t3_e, a__e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t3_y1_e = t3[t3_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
            double t4_y1_e;
            t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
            t4[t4_at + 43] = t4_y1_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t3_y2_e = t3[t3_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
            double t4_y2_e;
            t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
            t4[t4_at + 86] = t4_y2_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t3_y3_e = t3[t3_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
            double t4_y3_e;
            t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
            t4[t4_at + 129] = t4_y3_e;   // store t4
        }
    }
}

// kernel k3_t5_mul: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k3_t5_mul(const double* __restrict__ t4,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t4_e = t4[t4_at];
        // call 4: t5 = mul(0.2, t4)
        double t5_e;
        t5_mul_compute(0.2, t4_e, t5_e);
        const double t4_y1_e = t4[t4_at + 43];
        // call 4: t5 = mul(0.2, t4)   (at y1)
        double t5_y1_e;
        t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
        const double t4_y2_e = t4[t4_at + 86];
        // call 4: t5 = mul(0.2, t4)   (at y2)
        double t5_y2_e;
        t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
        const double t4_y3_e = t4[t4_at + 129];
        // call 4: t5 = mul(0.2, t4)   (at y3)
        double t5_y3_e;
        t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
        t5[t5_at] = t5_e;   // store t5
        t5[t5_at + 43] = t5_y1_e;   // store t5
        t5[t5_at + 86] = t5_y2_e;   // store t5
        t5[t5_at + 129] = t5_y3_e;   // store t5
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t4_e = t4[t4_at];
            // call 4: t5 = mul(0.2, t4)
            double t5_e;
            t5_mul_compute(0.2, t4_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t4_y1_e = t4[t4_at + 43];
            // call 4: t5 = mul(0.2, t4)   (at y1)
            double t5_y1_e;
            t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
            t5[t5_at + 43] = t5_y1_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t4_y2_e = t4[t4_at + 86];
            // call 4: t5 = mul(0.2, t4)   (at y2)
            double t5_y2_e;
            t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
            t5[t5_at + 86] = t5_y2_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t4_y3_e = t4[t4_at + 129];
            // call 4: t5 = mul(0.2, t4)   (at y3)
            double t5_y3_e;
            t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
            t5[t5_at + 129] = t5_y3_e;   // store t5
        }
    }
}

// kernel k4_b_interior: grid 67 x 45 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k4_b_interior(const double* __restrict__ a_,
    const double* __restrict__ t5,
    double* __restrict__ b_)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 44
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 66
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t b__at = (idx_t)x_p + (idx_t)y_p * 45;
    if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 63) {   // all 4 points inside
        const double a__e = a_[a__at];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
        double b__e = a__e;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double t5_xm1_ym1_e = t5[t5_at - 44];
            b__e = t5_xm1_ym1_e;
        }
        const double a__y1_e = a_[a__at + 45];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
        double b__y1_e = a__y1_e;
        if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
            const double t5_xm1_e = t5[t5_at - 1];
            b__y1_e = t5_xm1_e;
        }
        const double a__y2_e = a_[a__at + 90];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
        double b__y2_e = a__y2_e;
        if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
            const double t5_xm1_y1_e = t5[t5_at + 42];
            b__y2_e = t5_xm1_y1_e;
        }
        const double a__y3_e = a_[a__at + 135];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
        double b__y3_e = a__y3_e;
        if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
            const double t5_xm1_y2_e = t5[t5_at + 85];
            b__y3_e = t5_xm1_y2_e;
        }
        b_[b__at] = b__e;   // store b
        b_[b__at + 45] = b__y1_e;   // store b
        b_[b__at + 90] = b__y2_e;   // store b
        b_[b__at + 135] = b__y3_e;   // store b
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 45 && y_p >= 0 && y_p < 67) {
            const double a__e = a_[a__at];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
            double b__e = a__e;
            if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
                const double t5_xm1_ym1_e = t5[t5_at - 44];
                b__e = t5_xm1_ym1_e;
            }
            b_[b__at] = b__e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 1 >= 0 && y_p + 1 < 67) {
            const double a__y1_e = a_[a__at + 45];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
            double b__y1_e = a__y1_e;
            if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
                const double t5_xm1_e = t5[t5_at - 1];
                b__y1_e = t5_xm1_e;
            }
            b_[b__at + 45] = b__y1_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 2 >= 0 && y_p + 2 < 67) {
            const double a__y2_e = a_[a__at + 90];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
            double b__y2_e = a__y2_e;
            if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
                const double t5_xm1_y1_e = t5[t5_at + 42];
                b__y2_e = t5_xm1_y1_e;
            }
            b_[b__at + 90] = b__y2_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 3 >= 0 && y_p + 3 < 67) {
            const double a__y3_e = a_[a__at + 135];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
            double b__y3_e = a__y3_e;
            if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
                const double t5_xm1_y2_e = t5[t5_at + 85];
                b__y3_e = t5_xm1_y2_e;
            }
            b_[b__at + 135] = b__y3_e;   // store b
        }
    }
}

// ===================== rank 2 =====================
// plan {"fingerprint": "27de6fb169655a87", "kernels": [{"calls": [0], "name": "k0_t1_add", "params": {"bx": 64, "by": 2, "px": 2, "zc": 1}, "space": "grid"}, {"calls": [1, 2], "name": "k1_t2_add__t3_add", "params": {"bx": 64, "by": 2, "px": 2, "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k2_t4_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k3_t5_mul", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k4_b_interior", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "jacobi2d", "sizes": {"m": 67, "n": 45}}
// Plan: k0_t1_add runs call(s) [0]; k1_t2_add__t3_add runs call(s) [1, 2]; k2_t4_add runs call(s) [3]; k3_t5_mul runs call(s) [4]; k4_b_interior runs call(s) [5]
// launch k0_t1_add grid=(33, 1, 1) block=(128, 1, 1) smem=0 args=(in:a_, out:t1)
// launch k1_t2_add__t3_add grid=(33, 1, 1) block=(128, 1, 1) smem=0 args=(in:t1, in:a_, out:t3)
// launch k2_t4_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:a_, out:t4)
// launch k3_t5_mul grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, out:t5)
// launch k4_b_interior grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:a_, in:t5, out:b_)

// kernel k0_t1_add: grid 65 x 43 (C order), block 64 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add(const double* __restrict__ a_,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr int BX = 64, BY = 2, PX = 2, PY = 1, VEC = 1;
    constexpr int X0 = 1, NBX = 1;   // x (axis 1): points 1 .. 43
    constexpr int Y0 = 1;   // y (axis 0): points 1 .. 65
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + y_b * BY * PY + ty;
    #pragma unroll
    for (int i = 0; i < PX; ++i) {
        const int x_p = X0 + x_b * BX * PX + i * BX + tx;
        const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
        const idx_t t1_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 43;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double a__e = a_[a__at];
            const double a__xm1_e = a_[a__at - 1];
            // call 0: t1 = add(a[1:66, 1:44], a[1:66, 0:43])
            double t1_e;
            t1_add_compute(a__e, a__xm1_e, t1_e);
            t1[t1_at] = t1_e;   // store t1
        }
    }
}

// kernel k1_t2_add__t3_add: grid 65 x 43 (C order), block 64 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k1_t2_add__t3_add(const double* __restrict__ t1,
    const double* __restrict__ a_,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 64, BY = 2, PX = 2, PY = 1, VEC = 1;
    constexpr int X0 = 0, NBX = 1;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + y_b * BY * PY + ty;
    #pragma unroll
    for (int i = 0; i < PX; ++i) {
        const int x_p = X0 + x_b * BX * PX + i * BX + tx;
        const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 43;
        const idx_t a__at = (idx_t)(x_p - -2) + (idx_t)(y_p - -1) * 45;
        const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t1_e = t1[t1_at];
            const double a__e = a_[a__at];
            // call 1: t2 = add(t1, a[1:66, 2:45])
            double t2_e;
            t2_add_compute(t1_e, a__e, t2_e);
            const double a__xm1_ym1_e = a_[a__at - 46];
            // call 2: t3 = add(t2, a[0:65, 1:44])
            double t3_e;
            t3_add_compute(t2_e, a__xm1_ym1_e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
    }
}

// kernel k2_t4_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k2_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a_,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 45;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t3_e = t3[t3_at];
        const double a__e = a_[a__at];
        // call 3: t4 = add(t3, a[2:67, 1:44])
        double t4_e;
        t4_add_compute(t3_e, a__e, t4_e);
        const double t3_y1_e = t3[t3_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
        double t4_y1_e;
        t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
        const double t3_y2_e = t3[t3_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
        double t4_y2_e;
        t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
        const double t3_y3_e = t3[t3_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
        double t4_y3_e;
        t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
        t4[t4_at] = t4_e;   // store t4
        t4[t4_at + 43] = t4_y1_e;   // store t4
        t4[t4_at + 86] = t4_y2_e;   // store t4
        t4[t4_at + 129] = t4_y3_e;   // store t4
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t3_e = t3[t3_at];
            const double a__e = a_[a__at];
            // call 3: t4 = add(t3, a[2:67, 1:44])
            double t4_e;
            t4_add_compute(t3_e, a__e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t3_y1_e = t3[t3_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
            double t4_y1_e;
            t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
            t4[t4_at + 43] = t4_y1_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t3_y2_e = t3[t3_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
            double t4_y2_e;
            t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
            t4[t4_at + 86] = t4_y2_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t3_y3_e = t3[t3_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
            double t4_y3_e;
            t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
            t4[t4_at + 129] = t4_y3_e;   // store t4
        }
    }
}

// kernel k3_t5_mul: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k3_t5_mul(const double* __restrict__ t4,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t4_e = t4[t4_at];
        // call 4: t5 = mul(0.2, t4)
        double t5_e;
        t5_mul_compute(0.2, t4_e, t5_e);
        const double t4_y1_e = t4[t4_at + 43];
        // call 4: t5 = mul(0.2, t4)   (at y1)
        double t5_y1_e;
        t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
        const double t4_y2_e = t4[t4_at + 86];
        // call 4: t5 = mul(0.2, t4)   (at y2)
        double t5_y2_e;
        t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
        const double t4_y3_e = t4[t4_at + 129];
        // call 4: t5 = mul(0.2, t4)   (at y3)
        double t5_y3_e;
        t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
        t5[t5_at] = t5_e;   // store t5
        t5[t5_at + 43] = t5_y1_e;   // store t5
        t5[t5_at + 86] = t5_y2_e;   // store t5
        t5[t5_at + 129] = t5_y3_e;   // store t5
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t4_e = t4[t4_at];
            // call 4: t5 = mul(0.2, t4)
            double t5_e;
            t5_mul_compute(0.2, t4_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t4_y1_e = t4[t4_at + 43];
            // call 4: t5 = mul(0.2, t4)   (at y1)
            double t5_y1_e;
            t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
            t5[t5_at + 43] = t5_y1_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t4_y2_e = t4[t4_at + 86];
            // call 4: t5 = mul(0.2, t4)   (at y2)
            double t5_y2_e;
            t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
            t5[t5_at + 86] = t5_y2_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t4_y3_e = t4[t4_at + 129];
            // call 4: t5 = mul(0.2, t4)   (at y3)
            double t5_y3_e;
            t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
            t5[t5_at + 129] = t5_y3_e;   // store t5
        }
    }
}

// kernel k4_b_interior: grid 67 x 45 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k4_b_interior(const double* __restrict__ a_,
    const double* __restrict__ t5,
    double* __restrict__ b_)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 44
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 66
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t b__at = (idx_t)x_p + (idx_t)y_p * 45;
    if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 63) {   // all 4 points inside
        const double a__e = a_[a__at];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
        double b__e = a__e;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double t5_xm1_ym1_e = t5[t5_at - 44];
            b__e = t5_xm1_ym1_e;
        }
        const double a__y1_e = a_[a__at + 45];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
        double b__y1_e = a__y1_e;
        if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
            const double t5_xm1_e = t5[t5_at - 1];
            b__y1_e = t5_xm1_e;
        }
        const double a__y2_e = a_[a__at + 90];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
        double b__y2_e = a__y2_e;
        if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
            const double t5_xm1_y1_e = t5[t5_at + 42];
            b__y2_e = t5_xm1_y1_e;
        }
        const double a__y3_e = a_[a__at + 135];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
        double b__y3_e = a__y3_e;
        if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
            const double t5_xm1_y2_e = t5[t5_at + 85];
            b__y3_e = t5_xm1_y2_e;
        }
        b_[b__at] = b__e;   // store b
        b_[b__at + 45] = b__y1_e;   // store b
        b_[b__at + 90] = b__y2_e;   // store b
        b_[b__at + 135] = b__y3_e;   // store b
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 45 && y_p >= 0 && y_p < 67) {
            const double a__e = a_[a__at];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
            double b__e = a__e;
            if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
                const double t5_xm1_ym1_e = t5[t5_at - 44];
                b__e = t5_xm1_ym1_e;
            }
            b_[b__at] = b__e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 1 >= 0 && y_p + 1 < 67) {
            const double a__y1_e = a_[a__at + 45];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
            double b__y1_e = a__y1_e;
            if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
                const double t5_xm1_e = t5[t5_at - 1];
                b__y1_e = t5_xm1_e;
            }
            b_[b__at + 45] = b__y1_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 2 >= 0 && y_p + 2 < 67) {
            const double a__y2_e = a_[a__at + 90];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
            double b__y2_e = a__y2_e;
            if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
                const double t5_xm1_y1_e = t5[t5_at + 42];
                b__y2_e = t5_xm1_y1_e;
            }
            b_[b__at + 90] = b__y2_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 3 >= 0 && y_p + 3 < 67) {
            const double a__y3_e = a_[a__at + 135];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
            double b__y3_e = a__y3_e;
            if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
                const double t5_xm1_y2_e = t5[t5_at + 85];
                b__y3_e = t5_xm1_y2_e;
            }
            b_[b__at + 135] = b__y3_e;   // store b
        }
    }
}

// ===================== rank 3 =====================
// plan {"fingerprint": "27de6fb169655a87", "kernels": [{"calls": [0], "name": "k0_t1_add", "params": {"bx": 64, "by": 2, "px": 2, "zc": 1}, "space": "grid"}, {"calls": [1], "name": "k1_t2_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [2], "name": "k2_t3_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [3], "name": "k3_t4_add", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [4], "name": "k4_t5_mul", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}, {"calls": [5], "name": "k5_b_interior", "params": {"bx": 32, "by": 16, "py": 4, "rows": "adjacent", "zc": 1}, "space": "grid"}], "kfuse_plan": 1, "program": "jacobi2d", "sizes": {"m": 67, "n": 45}}
// Plan: k0_t1_add runs call(s) [0]; k1_t2_add runs call(s) [1]; k2_t3_add runs call(s) [2]; k3_t4_add runs call(s) [3]; k4_t5_mul runs call(s) [4]; k5_b_interior runs call(s) [5]
// launch k0_t1_add grid=(33, 1, 1) block=(128, 1, 1) smem=0 args=(in:a_, out:t1)
// launch k1_t2_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t1, in:a_, out:t2)
// launch k2_t3_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t2, in:a_, out:t3)
// launch k3_t4_add grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:a_, out:t4)
// launch k4_t5_mul grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, out:t5)
// launch k5_b_interior grid=(4, 1, 1) block=(512, 1, 1) smem=0 args=(in:a_, in:t5, out:b_)

// kernel k0_t1_add: grid 65 x 43 (C order), block 64 x 2, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(128)
k0_t1_add(const double* __restrict__ a_,
    double* __restrict__ t1)
{
    using idx_t = int;
    constexpr int BX = 64, BY = 2, PX = 2, PY = 1, VEC = 1;
    constexpr int X0 = 1, NBX = 1;   // x (axis 1): points 1 .. 43
    constexpr int Y0 = 1;   // y (axis 0): points 1 .. 65
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + y_b * BY * PY + ty;
    #pragma unroll
    for (int i = 0; i < PX; ++i) {
        const int x_p = X0 + x_b * BX * PX + i * BX + tx;
        const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
        const idx_t t1_at = (idx_t)(x_p - 1) + (idx_t)(y_p - 1) * 43;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double a__e = a_[a__at];
            const double a__xm1_e = a_[a__at - 1];
            // call 0: t1 = add(a[1:66, 1:44], a[1:66, 0:43])
            double t1_e;
            t1_add_compute(a__e, a__xm1_e, t1_e);
            t1[t1_at] = t1_e;   // store t1
        }
    }
}

// kernel k1_t2_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k1_t2_add(const double* __restrict__ t1,
    const double* __restrict__ a_,
    double* __restrict__ t2)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t1_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -2) + (idx_t)(y_p - -1) * 45;
    const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t1_e = t1[t1_at];
        const double a__e = a_[a__at];
        // call 1: t2 = add(t1, a[1:66, 2:45])
        double t2_e;
        t2_add_compute(t1_e, a__e, t2_e);
        const double t1_y1_e = t1[t1_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 1: t2 = add(t1, a[1:66, 2:45])   (at y1)
        double t2_y1_e;
        t2_add_compute(t1_y1_e, a__y1_e, t2_y1_e);
        const double t1_y2_e = t1[t1_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 1: t2 = add(t1, a[1:66, 2:45])   (at y2)
        double t2_y2_e;
        t2_add_compute(t1_y2_e, a__y2_e, t2_y2_e);
        const double t1_y3_e = t1[t1_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 1: t2 = add(t1, a[1:66, 2:45])   (at y3)
        double t2_y3_e;
        t2_add_compute(t1_y3_e, a__y3_e, t2_y3_e);
        t2[t2_at] = t2_e;   // store t2
        t2[t2_at + 43] = t2_y1_e;   // store t2
        t2[t2_at + 86] = t2_y2_e;   // store t2
        t2[t2_at + 129] = t2_y3_e;   // store t2
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t1_e = t1[t1_at];
            const double a__e = a_[a__at];
            // call 1: t2 = add(t1, a[1:66, 2:45])
            double t2_e;
            t2_add_compute(t1_e, a__e, t2_e);
            t2[t2_at] = t2_e;   // store t2
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t1_y1_e = t1[t1_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 1: t2 = add(t1, a[1:66, 2:45])   (at y1)
            double t2_y1_e;
            t2_add_compute(t1_y1_e, a__y1_e, t2_y1_e);
            t2[t2_at + 43] = t2_y1_e;   // store t2
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t1_y2_e = t1[t1_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 1: t2 = add(t1, a[1:66, 2:45])   (at y2)
            double t2_y2_e;
            t2_add_compute(t1_y2_e, a__y2_e, t2_y2_e);
            t2[t2_at + 86] = t2_y2_e;   // store t2
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t1_y3_e = t1[t1_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 1: t2 = add(t1, a[1:66, 2:45])   (at y3)
            double t2_y3_e;
            t2_add_compute(t1_y3_e, a__y3_e, t2_y3_e);
            t2[t2_at + 129] = t2_y3_e;   // store t2
        }
    }
}

// kernel k2_t3_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k2_t3_add(const double* __restrict__ t2,
    const double* __restrict__ a_,
    double* __restrict__ t3)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t2_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -1) + (idx_t)y_p * 45;
    const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t2_e = t2[t2_at];
        const double a__e = a_[a__at];
        // call 2: t3 = add(t2, a[0:65, 1:44])
        double t3_e;
        t3_add_compute(t2_e, a__e, t3_e);
        const double t2_y1_e = t2[t2_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y1)
        double t3_y1_e;
        t3_add_compute(t2_y1_e, a__y1_e, t3_y1_e);
        const double t2_y2_e = t2[t2_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y2)
        double t3_y2_e;
        t3_add_compute(t2_y2_e, a__y2_e, t3_y2_e);
        const double t2_y3_e = t2[t2_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 2: t3 = add(t2, a[0:65, 1:44])   (at y3)
        double t3_y3_e;
        t3_add_compute(t2_y3_e, a__y3_e, t3_y3_e);
        t3[t3_at] = t3_e;   // store t3
        t3[t3_at + 43] = t3_y1_e;   // store t3
        t3[t3_at + 86] = t3_y2_e;   // store t3
        t3[t3_at + 129] = t3_y3_e;   // store t3
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t2_e = t2[t2_at];
            const double a__e = a_[a__at];
            // call 2: t3 = add(t2, a[0:65, 1:44])
            double t3_e;
            t3_add_compute(t2_e, a__e, t3_e);
            t3[t3_at] = t3_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t2_y1_e = t2[t2_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y1)
            double t3_y1_e;
            t3_add_compute(t2_y1_e, a__y1_e, t3_y1_e);
            t3[t3_at + 43] = t3_y1_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t2_y2_e = t2[t2_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y2)
            double t3_y2_e;
            t3_add_compute(t2_y2_e, a__y2_e, t3_y2_e);
            t3[t3_at + 86] = t3_y2_e;   // store t3
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t2_y3_e = t2[t2_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 2: t3 = add(t2, a[0:65, 1:44])   (at y3)
            double t3_y3_e;
            t3_add_compute(t2_y3_e, a__y3_e, t3_y3_e);
            t3[t3_at + 129] = t3_y3_e;   // store t3
        }
    }
}

// kernel k3_t4_add: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k3_t4_add(const double* __restrict__ t3,
    const double* __restrict__ a_,
    double* __restrict__ t4)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t3_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t a__at = (idx_t)(x_p - -1) + (idx_t)(y_p - -2) * 45;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t3_e = t3[t3_at];
        const double a__e = a_[a__at];
        // call 3: t4 = add(t3, a[2:67, 1:44])
        double t4_e;
        t4_add_compute(t3_e, a__e, t4_e);
        const double t3_y1_e = t3[t3_at + 43];
        const double a__y1_e = a_[a__at + 45];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
        double t4_y1_e;
        t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
        const double t3_y2_e = t3[t3_at + 86];
        const double a__y2_e = a_[a__at + 90];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
        double t4_y2_e;
        t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
        const double t3_y3_e = t3[t3_at + 129];
        const double a__y3_e = a_[a__at + 135];
        // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
        double t4_y3_e;
        t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
        t4[t4_at] = t4_e;   // store t4
        t4[t4_at + 43] = t4_y1_e;   // store t4
        t4[t4_at + 86] = t4_y2_e;   // store t4
        t4[t4_at + 129] = t4_y3_e;   // store t4
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t3_e = t3[t3_at];
            const double a__e = a_[a__at];
            // call 3: t4 = add(t3, a[2:67, 1:44])
            double t4_e;
            t4_add_compute(t3_e, a__e, t4_e);
            t4[t4_at] = t4_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t3_y1_e = t3[t3_at + 43];
            const double a__y1_e = a_[a__at + 45];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y1)
            double t4_y1_e;
            t4_add_compute(t3_y1_e, a__y1_e, t4_y1_e);
            t4[t4_at + 43] = t4_y1_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t3_y2_e = t3[t3_at + 86];
            const double a__y2_e = a_[a__at + 90];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y2)
            double t4_y2_e;
            t4_add_compute(t3_y2_e, a__y2_e, t4_y2_e);
            t4[t4_at + 86] = t4_y2_e;   // store t4
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t3_y3_e = t3[t3_at + 129];
            const double a__y3_e = a_[a__at + 135];
            // call 3: t4 = add(t3, a[2:67, 1:44])   (at y3)
            double t4_y3_e;
            t4_add_compute(t3_y3_e, a__y3_e, t4_y3_e);
            t4[t4_at + 129] = t4_y3_e;   // store t4
        }
    }
}

// kernel k4_t5_mul: grid 65 x 43 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k4_t5_mul(const double* __restrict__ t4,
    double* __restrict__ t5)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 42
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 64
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t t4_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 62) {   // all 4 points inside
        const double t4_e = t4[t4_at];
        // call 4: t5 = mul(0.2, t4)
        double t5_e;
        t5_mul_compute(0.2, t4_e, t5_e);
        const double t4_y1_e = t4[t4_at + 43];
        // call 4: t5 = mul(0.2, t4)   (at y1)
        double t5_y1_e;
        t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
        const double t4_y2_e = t4[t4_at + 86];
        // call 4: t5 = mul(0.2, t4)   (at y2)
        double t5_y2_e;
        t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
        const double t4_y3_e = t4[t4_at + 129];
        // call 4: t5 = mul(0.2, t4)   (at y3)
        double t5_y3_e;
        t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
        t5[t5_at] = t5_e;   // store t5
        t5[t5_at + 43] = t5_y1_e;   // store t5
        t5[t5_at + 86] = t5_y2_e;   // store t5
        t5[t5_at + 129] = t5_y3_e;   // store t5
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 43 && y_p >= 0 && y_p < 65) {
            const double t4_e = t4[t4_at];
            // call 4: t5 = mul(0.2, t4)
            double t5_e;
            t5_mul_compute(0.2, t4_e, t5_e);
            t5[t5_at] = t5_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 1 >= 0 && y_p + 1 < 65) {
            const double t4_y1_e = t4[t4_at + 43];
            // call 4: t5 = mul(0.2, t4)   (at y1)
            double t5_y1_e;
            t5_mul_compute(0.2, t4_y1_e, t5_y1_e);
            t5[t5_at + 43] = t5_y1_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 2 >= 0 && y_p + 2 < 65) {
            const double t4_y2_e = t4[t4_at + 86];
            // call 4: t5 = mul(0.2, t4)   (at y2)
            double t5_y2_e;
            t5_mul_compute(0.2, t4_y2_e, t5_y2_e);
            t5[t5_at + 86] = t5_y2_e;   // store t5
        }
        if (x_p >= 0 && x_p < 43 && y_p + 3 >= 0 && y_p + 3 < 65) {
            const double t4_y3_e = t4[t4_at + 129];
            // call 4: t5 = mul(0.2, t4)   (at y3)
            double t5_y3_e;
            t5_mul_compute(0.2, t4_y3_e, t5_y3_e);
            t5[t5_at + 129] = t5_y3_e;   // store t5
        }
    }
}

// kernel k5_b_interior: grid 67 x 45 (C order), block 32 x 16, 1 plane(s) per block
extern "C" __global__ void __launch_bounds__(512)
k5_b_interior(const double* __restrict__ a_,
    const double* __restrict__ t5,
    double* __restrict__ b_)
{
    using idx_t = int;
    constexpr int BX = 32, BY = 16, PX = 1, PY = 4, VEC = 1;
    constexpr int X0 = 0, NBX = 2;   // x (axis 1): points 0 .. 44
    constexpr int Y0 = 0;   // y (axis 0): points 0 .. 66
    idx_t b = blockIdx.x;
    const int x_b = (int)(b % NBX); b /= NBX;
    const int y_b = (int)b;
    const int tx = threadIdx.x % BX, ty = threadIdx.x / BX;
    const int y_p = Y0 + (y_b * BY + ty) * PY;   // the first of the thread's PY rows
    const int x_p = X0 + x_b * BX * PX + tx;
    const idx_t a__at = (idx_t)x_p + (idx_t)y_p * 45;
    const idx_t t5_at = (idx_t)x_p + (idx_t)y_p * 43;
    const idx_t b__at = (idx_t)x_p + (idx_t)y_p * 45;
    if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 63) {   // all 4 points inside
        const double a__e = a_[a__at];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
        double b__e = a__e;
        if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
            const double t5_xm1_ym1_e = t5[t5_at - 44];
            b__e = t5_xm1_ym1_e;
        }
        const double a__y1_e = a_[a__at + 45];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
        double b__y1_e = a__y1_e;
        if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
            const double t5_xm1_e = t5[t5_at - 1];
            b__y1_e = t5_xm1_e;
        }
        const double a__y2_e = a_[a__at + 90];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
        double b__y2_e = a__y2_e;
        if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
            const double t5_xm1_y1_e = t5[t5_at + 42];
            b__y2_e = t5_xm1_y1_e;
        }
        const double a__y3_e = a_[a__at + 135];
        // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
        double b__y3_e = a__y3_e;
        if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
            const double t5_xm1_y2_e = t5[t5_at + 85];
            b__y3_e = t5_xm1_y2_e;
        }
        b_[b__at] = b__e;   // store b
        b_[b__at + 45] = b__y1_e;   // store b
        b_[b__at + 90] = b__y2_e;   // store b
        b_[b__at + 135] = b__y3_e;   // store b
    } else {   // the points one by one
        if (x_p >= 0 && x_p < 45 && y_p >= 0 && y_p < 67) {
            const double a__e = a_[a__at];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0])): the kept boundary, then the new interior
            double b__e = a__e;
            if (x_p >= 1 && x_p < 44 && y_p >= 1 && y_p < 66) {
                const double t5_xm1_ym1_e = t5[t5_at - 44];
                b__e = t5_xm1_ym1_e;
            }
            b_[b__at] = b__e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 1 >= 0 && y_p + 1 < 67) {
            const double a__y1_e = a_[a__at + 45];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y1): the kept boundary, then the new interior
            double b__y1_e = a__y1_e;
            if (x_p >= 1 && x_p < 44 && y_p + 1 >= 1 && y_p + 1 < 66) {
                const double t5_xm1_e = t5[t5_at - 1];
                b__y1_e = t5_xm1_e;
            }
            b_[b__at + 45] = b__y1_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 2 >= 0 && y_p + 2 < 67) {
            const double a__y2_e = a_[a__at + 90];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y2): the kept boundary, then the new interior
            double b__y2_e = a__y2_e;
            if (x_p >= 1 && x_p < 44 && y_p + 2 >= 1 && y_p + 2 < 66) {
                const double t5_xm1_y1_e = t5[t5_at + 42];
                b__y2_e = t5_xm1_y1_e;
            }
            b_[b__at + 90] = b__y2_e;   // store b
        }
        if (x_p >= 0 && x_p < 45 && y_p + 3 >= 0 && y_p + 3 < 67) {
            const double a__y3_e = a_[a__at + 135];
            // call 5: b = interior(a, 0.2 * (a + a[0, -1] + a[0, 1] + a[-1, 0] + a[1, 0]))   (at y3): the kept boundary, then the new interior
            double b__y3_e = a__y3_e;
            if (x_p >= 1 && x_p < 44 && y_p + 3 >= 1 && y_p + 3 < 66) {
                const double t5_xm1_y2_e = t5[t5_at + 85];
                b__y3_e = t5_xm1_y2_e;
            }
            b_[b__at + 135] = b__y3_e;   // store b
        }
    }
}
