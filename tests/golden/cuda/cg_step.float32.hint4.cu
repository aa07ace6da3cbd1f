// program cg_step: 11 call(s)
// ===================== routines =====================
// compute routine of t1 = spmv(A, p) [spmv: sparse_reduce]
__device__ __forceinline__ void t1_spmv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of t1 = spmv(A, p) [spmv: sparse_reduce]
__device__ __forceinline__ void t1_spmv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of t2 = dot(p, t1) [dot: reduce]
__device__ __forceinline__ void t2_dot_compute(const float x, const float y, float& acc) {
    using T = float; using R = float;
    acc += x * y;
}
// finalize routine of t2 = dot(p, t1) [dot: reduce]
__device__ __forceinline__ void t2_dot_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}
// compute routine of t3 = div(rho, t2) [div: map]
__device__ __forceinline__ void t3_div_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x / y;
}
// compute routine of t4 = mul(t3, p) [mul: map]
__device__ __forceinline__ void t4_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t5 = add(x, t4) [add: map]
__device__ __forceinline__ void t5_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t6 = mul(t3, t1) [mul: map]
__device__ __forceinline__ void t6_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t7 = sub(r, t6) [sub: map]
__device__ __forceinline__ void t7_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t8 = dot(t7, t7) [dot: reduce]
__device__ __forceinline__ void t8_dot_compute(const float x, const float y, float& acc) {
    using T = float; using R = float;
    acc += x * y;
}
// finalize routine of t8 = dot(t7, t7) [dot: reduce]
__device__ __forceinline__ void t8_dot_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}
// compute routine of t9 = div(t8, rho) [div: map]
__device__ __forceinline__ void t9_div_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x / y;
}
// compute routine of t10 = mul(t9, p) [mul: map]
__device__ __forceinline__ void t10_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t11 = add(t7, t10) [add: map]
__device__ __forceinline__ void t11_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t2_dot in its implementation 2 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 1024, "finish": "atomic", "group": 2, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(122, 1, 1) block=(1024, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 2 thread(s) per row
extern "C" __global__ void __launch_bounds__(1024)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 1024, G = 2, ITERS = 1, VEC = 1;
    constexpr int GRID = 122;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t2_dot in its implementation 3 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "span": 4, "stage": 0, "vec": 4}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(122, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B]) aligned=(A#data:16, A#indices:16)
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 122;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int R = 4;   // consecutive rows per group
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per R consecutive rows
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;
        const bool kf_holds = lane % (G / R) == 0 && i0 + lane / (G / R) < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0 + lane / (G / R)];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc[R];
        #pragma unroll
        for (int r = 0; r < R; ++r) t1_acc[r] = kf_op_add_t<float>::identity();
        if (i0 < N) {   // R rows, one span: 4-element packs (16-byte loads of values and column indices)
            int A_b[R + 1];   // the rows' bounds in the span
            #pragma unroll
            for (int r = 0; r <= R; ++r) A_b[r] = A_indptr[i0 + r < N ? i0 + r : N];
            const int A_nnz = A_indptr[N];   // the arrays' length: no pack load past it
            #pragma unroll 2
            for (int k = (A_b[0] & ~(PACK - 1)) + lane * PACK; k < A_b[R]; k += G * PACK) {
                float A_v[PACK]; int A_c[PACK];
                kf_load_span_pack<PACK>(A_data, k, A_nnz, A_v); kf_load_span_pack<PACK>(A_indices, k, A_nnz, A_c);
                #pragma unroll
                for (int j = 0; j < PACK; ++j) {
                    if (k + j < A_b[0] || k + j >= A_b[R]) continue;
                    float t1_t = kf_op_add_t<float>::identity();
                    t1_spmv_compute(A_v[j], p[A_c[j]], t1_t);
                    #pragma unroll
                    for (int r = 0; r < R; ++r) if (k + j >= A_b[r] && k + j < A_b[r + 1]) t1_acc[r] = kf_op_add_t<float>::apply(t1_acc[r], t1_t);
                }
            }
        }
        const float t1_r = kf_lane_reduce_k<G, R, kf_op_add_t>(t1_acc);   // row lane / (G / R)
        if (lane % (G / R) == 0) {   // this lane holds the sums of row i0 + lane / (G / R)
            const idx_t row = i0 + lane / (G / R);
            {
                const idx_t i0 = row;
                const float t1_acc = t1_r;
                if (i0 < N) {
                    float t1_e[VEC];
                    t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                    t1[i0] = t1_e[0];
                    // call 1: t2 = dot(p, t1)   [dot: reduce]
                    #pragma unroll
                    for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
                }
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t2_dot in its implementation 4 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 2, "iters": 1, "stage": 0, "vec": 4}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(244, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B]) aligned=(A#data:16, A#indices:16)
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 2 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 2, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 244;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // 4-element packs: 16-byte loads of values and column indices
            const int k_beg = A_indptr[i0], k_end = A_indptr[i0 + 1], A_nnz = A_indptr[N];
            #pragma unroll 2
            for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {
                float A_v[PACK]; int A_c[PACK];
                kf_load_span_pack<PACK>(A_data, k, A_nnz, A_v); kf_load_span_pack<PACK>(A_indices, k, A_nnz, A_c);
                #pragma unroll
                for (int j = 0; j < PACK; ++j)
                    if (k + j >= k_beg && k + j < k_end) t1_spmv_compute(A_v[j], p[A_c[j]], t1_acc);
            }
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t2_dot in its implementation 5 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 1024, "finish": "atomic", "group": 4, "iters": 1, "span": 2, "stage": 0, "vec": 4}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(122, 1, 1) block=(1024, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B]) aligned=(A#data:16, A#indices:16)
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(1024)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 1024, G = 4, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 122;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int R = 2;   // consecutive rows per group
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per R consecutive rows
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G) * R;
        const bool kf_holds = lane % (G / R) == 0 && i0 + lane / (G / R) < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0 + lane / (G / R)];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc[R];
        #pragma unroll
        for (int r = 0; r < R; ++r) t1_acc[r] = kf_op_add_t<float>::identity();
        if (i0 < N) {   // R rows, one span: 4-element packs (16-byte loads of values and column indices)
            int A_b[R + 1];   // the rows' bounds in the span
            #pragma unroll
            for (int r = 0; r <= R; ++r) A_b[r] = A_indptr[i0 + r < N ? i0 + r : N];
            const int A_nnz = A_indptr[N];   // the arrays' length: no pack load past it
            #pragma unroll 2
            for (int k = (A_b[0] & ~(PACK - 1)) + lane * PACK; k < A_b[R]; k += G * PACK) {
                float A_v[PACK]; int A_c[PACK];
                kf_load_span_pack<PACK>(A_data, k, A_nnz, A_v); kf_load_span_pack<PACK>(A_indices, k, A_nnz, A_c);
                #pragma unroll
                for (int j = 0; j < PACK; ++j) {
                    if (k + j < A_b[0] || k + j >= A_b[R]) continue;
                    float t1_t = kf_op_add_t<float>::identity();
                    t1_spmv_compute(A_v[j], p[A_c[j]], t1_t);
                    #pragma unroll
                    for (int r = 0; r < R; ++r) if (k + j >= A_b[r] && k + j < A_b[r + 1]) t1_acc[r] = kf_op_add_t<float>::apply(t1_acc[r], t1_t);
                }
            }
        }
        const float t1_r = kf_lane_reduce_k<G, R, kf_op_add_t>(t1_acc);   // row lane / (G / R)
        if (lane % (G / R) == 0) {   // this lane holds the sums of row i0 + lane / (G / R)
            const idx_t row = i0 + lane / (G / R);
            {
                const idx_t i0 = row;
                const float t1_acc = t1_r;
                if (i0 < N) {
                    float t1_e[VEC];
                    t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                    t1[i0] = t1_e[0];
                    // call 1: t2 = dot(p, t1)   [dot: reduce]
                    #pragma unroll
                    for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
                }
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k1_t3_div__t6_mul__t7_sub__t8_dot in its implementation 2 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 128, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(61, 1, 1) block=(128, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(128)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, VEC = 8, ITERS = 1;
    constexpr int GRID = 61;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k1_t3_div__t6_mul__t7_sub__t8_dot in its implementation 3 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 256, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(31, 1, 1) block=(256, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 8, ITERS = 1;
    constexpr int GRID = 31;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k1_t3_div__t6_mul__t7_sub__t8_dot in its implementation 4 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 128, "finish": "atomic", "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(122, 1, 1) block=(128, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:16, t1:16)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(128)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, VEC = 4, ITERS = 1;
    constexpr int GRID = 122;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k1_t3_div__t6_mul__t7_sub__t8_dot in its implementation 5 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(31, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:16, t1:16)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    constexpr int GRID = 31;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k2_t4_mul__t5_add__t9_div__and2more in its implementation 2 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 256, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(31, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 8, ITERS = 1;
    // grid: 31 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k2_t4_mul__t5_add__t9_div__and2more in its implementation 3 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 128, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(61, 1, 1) block=(128, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:32, t7:32, x:32)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(128)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, VEC = 8, ITERS = 1;
    // grid: 61 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k2_t4_mul__t5_add__t9_div__and2more in its implementation 4 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(31, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:16, t7:16, x:16)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 31 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== rank 1 with k2_t4_mul__t5_add__t9_div__and2more in its implementation 5 =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 8}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B]) aligned=(r:32, t1:32)
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11) aligned=(p:16, t7:16, x:16)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    constexpr int GRID = 16;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0], "name": "k0_t1_spmv", "params": {"block": 256, "group": 8, "iters": 4}, "space": "rows"}, {"calls": [1], "name": "k1_t2_dot", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [2], "name": "k2_t3_div", "params": {}, "space": "scalar"}, {"calls": [3], "name": "k3_t4_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [4], "name": "k4_t5_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [5], "name": "k5_t6_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [6], "name": "k6_t7_sub", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [7], "name": "k7_t8_dot", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [8], "name": "k8_t9_div", "params": {}, "space": "scalar"}, {"calls": [9], "name": "k9_t10_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [10], "name": "k10_t11_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv runs call(s) [0]; k1_t2_dot runs call(s) [1]; k2_t3_div runs call(s) [2]; k3_t4_mul runs call(s) [3]; k4_t5_add runs call(s) [4]; k5_t6_mul runs call(s) [5]; k6_t7_sub runs call(s) [6]; k7_t8_dot runs call(s) [7]; k8_t9_div runs call(s) [8]; k9_t10_mul runs call(s) [9]; k10_t11_add runs call(s) [10]
// launch k0_t1_spmv grid=(488, 1, 1) block=(256, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1)
// launch k1_t2_dot grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:p, in:t1, out:t2, partial:kf_part_t2[244B], counter:kf_count[4B]) aligned=(p:16, t1:16)
// launch k2_t3_div grid=(1, 1, 1) block=(32, 1, 1) smem=0 args=(in:rho, in:t2, out:t3)
// launch k3_t4_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:p, out:t4) aligned=(p:16)
// launch k4_t5_add grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:x_, in:t4, out:t5) aligned=(t4:16, x:16)
// launch k5_t6_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t3, in:t1, out:t6) aligned=(t1:16)
// launch k6_t7_sub grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:r_, in:t6, out:t7) aligned=(r:16, t6:16)
// launch k7_t8_dot grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t7, out:t8, partial:kf_part_t8[244B], counter:kf_count[4B]) aligned=(t7:16)
// launch k8_t9_div grid=(1, 1, 1) block=(32, 1, 1) smem=0 args=(in:t8, in:rho, out:t9)
// launch k9_t10_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t9, in:p, out:t10) aligned=(p:16)
// launch k10_t11_add grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t7, in:t10, out:t11) aligned=(t10:16, t7:16)

// kernel k0_t1_spmv: rows of sparse matrices, M = 62451, 8 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k0_t1_spmv(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 8, ITERS = 4, VEC = 1;
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
            }
        }
    }
}

// kernel k1_t2_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k1_t2_dot(const float* __restrict__ p,
    const float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_part_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    constexpr int GRID = 61;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 1: t2 = dot(p, t1)   [dot: reduce]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_part_t2[blockIdx.x] = t2_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t2[b]));
            __shared__ float kf_red2_t2[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t2);
            if (threadIdx.x == 0) {
                float t2_f;
                t2_dot_finalize(acc, t2_f);
                t2[0] = t2_f;
            }
        }
    }
}

// kernel k2_t3_div: scalar
extern "C" __global__ void __launch_bounds__(32)
k2_t3_div(const float* __restrict__ rho, const float* __restrict__ t2, float* __restrict__ t3)
{
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    t3[0] = t3_v;
}

// kernel k3_t4_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k3_t4_mul(const float* __restrict__ t3,
    const float* __restrict__ p,
    float* __restrict__ t4)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t3_v = t3[0];                  // load t3
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            kf_store_pack<VEC>(t4, i0, N, t4_e);
        }
    }
}

// kernel k4_t5_add: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k4_t5_add(const float* __restrict__ x_,
    const float* __restrict__ t4,
    float* __restrict__ t5)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t4_e[VEC]; kf_load_pack<VEC>(t4, i0, N, t4_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
        }
    }
}

// kernel k5_t6_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k5_t6_mul(const float* __restrict__ t3,
    const float* __restrict__ t1,
    float* __restrict__ t6)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t3_v = t3[0];                  // load t3
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
        }
    }
}

// kernel k6_t7_sub: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k6_t7_sub(const float* __restrict__ r_,
    const float* __restrict__ t6,
    float* __restrict__ t7)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t6_e[VEC]; kf_load_pack<VEC>(t6, i0, N, t6_e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
        }
    }
}

// kernel k7_t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k7_t8_dot(const float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_part_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    constexpr int GRID = 61;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_part_t8[blockIdx.x] = t8_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t8[b]));
            __shared__ float kf_red2_t8[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t8);
            if (threadIdx.x == 0) {
                float t8_f;
                t8_dot_finalize(acc, t8_f);
                t8[0] = t8_f;
            }
        }
    }
}

// kernel k8_t9_div: scalar
extern "C" __global__ void __launch_bounds__(32)
k8_t9_div(const float* __restrict__ t8, const float* __restrict__ rho, float* __restrict__ t9)
{
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    t9[0] = t9_v;
}

// kernel k9_t10_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k9_t10_mul(const float* __restrict__ t9,
    const float* __restrict__ p,
    float* __restrict__ t10)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t9_v = t9[0];                  // load t9
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 9: t10 = mul(t9, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            kf_store_pack<VEC>(t10, i0, N, t10_e);
        }
    }
}

// kernel k10_t11_add: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k10_t11_add(const float* __restrict__ t7,
    const float* __restrict__ t10,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "72fe81e8408202ca", "kernels": [{"calls": [0, 1], "name": "k0_t1_spmv__t2_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [2, 5, 6, 7], "name": "k1_t3_div__t6_mul__t7_sub__t8_dot", "params": {"block": 512, "finish": "atomic", "iters": 1, "vec": 1}, "space": "vec"}, {"calls": [3, 4, 8, 9, 10], "name": "k2_t4_mul__t5_add__t9_div__and2more", "params": {"block": 512, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "cg_step", "sizes": {}}
// Plan: k0_t1_spmv__t2_dot runs call(s) [0, 1]; k1_t3_div__t6_mul__t7_sub__t8_dot runs call(s) [2, 5, 6, 7]; k2_t4_mul__t5_add__t9_div__and2more runs call(s) [3, 4, 8, 9, 10]
// launch k0_t1_spmv__t2_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1, out:t2, accum:kf_sum_t2[4B], counter:kf_count[4B])
// launch k1_t3_div__t6_mul__t7_sub__t8_dot grid=(122, 1, 1) block=(512, 1, 1) smem=0 args=(in:rho, in:t2, in:t1, in:r_, out:t3, out:t7, out:t8, accum:kf_sum_t8[4B], counter:kf_count[4B])
// launch k2_t4_mul__t5_add__t9_div__and2more grid=(122, 1, 1) block=(512, 1, 1) smem=0 args=(in:t3, in:p, in:x_, in:t8, in:rho, in:t7, out:t5, out:t11)

// kernel k0_t1_spmv__t2_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t2_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    float* __restrict__ t1,
    float* __restrict__ t2,
    float* __restrict__ kf_sum_t2,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    float t2_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float p_e[VEC]; if (kf_holds) p_e[0] = p[i0];   // early: in flight during the walk
        // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
        float t1_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = A_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
        }
        t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 1: t2 = dot(p, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t2_dot_compute(p_e[v], t1_e[v], t2_acc);
            }
        }
    }
    // finish the reduction of call 1 (t2 = dot(p, t1)) in the block
    {
        __shared__ float kf_red_t2[(BS + 31) / 32];
        t2_acc = kf_block_reduce<BS, kf_op_add_t>(t2_acc, kf_red_t2);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t2[0], t2_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t2[0]);
            kf_sum_t2[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t2_f;
            t2_dot_finalize(acc, t2_f);
            t2[0] = t2_f;
        }
    }
}

// kernel k1_t3_div__t6_mul__t7_sub__t8_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k1_t3_div__t6_mul__t7_sub__t8_dot(const float* __restrict__ rho,
    const float* __restrict__ t2,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    float* __restrict__ t3,
    float* __restrict__ t7,
    float* __restrict__ t8,
    float* __restrict__ kf_sum_t8,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 1, ITERS = 1;
    constexpr int GRID = 122;
    const float rho_v = rho[0];                  // load rho
    const float t2_v = t2[0];                  // load t2
    // call 2: t3 = div(rho, t2)   [div: map]   (scalar prologue)
    float t3_v;
    t3_div_compute(rho_v, t2_v, t3_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t3[0] = t3_v;
    float t8_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = mul(t3, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_mul_compute(t3_v, t1_e[v], t6_e[v]);
            // call 6: t7 = sub(r, t6)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_sub_compute(r__e[v], t6_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
            // call 7: t8 = dot(t7, t7)   [dot: reduce]
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t8_dot_compute(t7_e[v], t7_e[v], t8_acc);
        }
    }
    // finish the reduction of call 7 (t8 = dot(t7, t7)) in the block
    {
        __shared__ float kf_red_t8[(BS + 31) / 32];
        t8_acc = kf_block_reduce<BS, kf_op_add_t>(t8_acc, kf_red_t8);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t8[0], t8_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t8[0]);
            kf_sum_t8[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t8_f;
            t8_dot_finalize(acc, t8_f);
            t8[0] = t8_f;
        }
    }
}

// kernel k2_t4_mul__t5_add__t9_div__and2more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t4_mul__t5_add__t9_div__and2more(const float* __restrict__ t3,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t8,
    const float* __restrict__ rho,
    const float* __restrict__ t7,
    float* __restrict__ t5,
    float* __restrict__ t11)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 1, ITERS = 1;
    // grid: 122 block(s)
    const float t3_v = t3[0];                  // load t3
    const float t8_v = t8[0];                  // load t8
    const float rho_v = rho[0];                  // load rho
    // call 8: t9 = div(t8, rho)   [div: map]   (scalar prologue)
    float t9_v;
    t9_div_compute(t8_v, rho_v, t9_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 3: t4 = mul(t3, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t4_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t4_mul_compute(t3_v, p_e[v], t4_e[v]);
            // call 4: t5 = add(x, t4)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_add_compute(x__e[v], t4_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
            // call 9: t10 = mul(t9, p)   [mul: map]
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_mul_compute(t9_v, p_e[v], t10_e[v]);
            // call 10: t11 = add(t7, t10)   [add: map]
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t11_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t11_add_compute(t7_e[v], t10_e[v], t11_e[v]);
            kf_store_pack<VEC>(t11, i0, N, t11_e);
        }
    }
}
