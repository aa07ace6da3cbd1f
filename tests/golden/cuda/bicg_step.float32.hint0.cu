// program bicg_step: 17 call(s)
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
// compute routine of t2 = spmv(At, pt) [spmv: sparse_reduce]
__device__ __forceinline__ void t2_spmv_compute(const float A, const float x, float& acc) {
    using T = float; using R = float;
    acc += A * x;
}
// finalize routine of t2 = spmv(At, pt) [spmv: sparse_reduce]
__device__ __forceinline__ void t2_spmv_finalize(const float acc, const float alpha, const float beta, const float y, float& z) {
    using T = float; using R = float;
    z = alpha * acc + beta * y;
}
// compute routine of t3 = dot(pt, t1) [dot: reduce]
__device__ __forceinline__ void t3_dot_compute(const float x, const float y, float& acc) {
    using T = float; using R = float;
    acc += x * y;
}
// finalize routine of t3 = dot(pt, t1) [dot: reduce]
__device__ __forceinline__ void t3_dot_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}
// compute routine of t4 = div(rho, t3) [div: map]
__device__ __forceinline__ void t4_div_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x / y;
}
// compute routine of t5 = mul(t4, p) [mul: map]
__device__ __forceinline__ void t5_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t6 = add(x, t5) [add: map]
__device__ __forceinline__ void t6_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t7 = mul(t4, t1) [mul: map]
__device__ __forceinline__ void t7_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t8 = sub(r, t7) [sub: map]
__device__ __forceinline__ void t8_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t9 = mul(t4, t2) [mul: map]
__device__ __forceinline__ void t9_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t10 = sub(rt, t9) [sub: map]
__device__ __forceinline__ void t10_sub_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x - y;
}
// compute routine of t11 = dot(t10, t8) [dot: reduce]
__device__ __forceinline__ void t11_dot_compute(const float x, const float y, float& acc) {
    using T = float; using R = float;
    acc += x * y;
}
// finalize routine of t11 = dot(t10, t8) [dot: reduce]
__device__ __forceinline__ void t11_dot_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}
// compute routine of t12 = div(t11, rho) [div: map]
__device__ __forceinline__ void t12_div_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x / y;
}
// compute routine of t13 = mul(t12, p) [mul: map]
__device__ __forceinline__ void t13_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t14 = add(t8, t13) [add: map]
__device__ __forceinline__ void t14_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t15 = mul(t12, pt) [mul: map]
__device__ __forceinline__ void t15_mul_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x * y;
}
// compute routine of t16 = add(t10, t15) [add: map]
__device__ __forceinline__ void t16_add_compute(const float x, const float y, float& z) {
    using T = float; using R = float;
    z = x + y;
}
// compute routine of t17 = dot(t8, t8) [dot: reduce]
__device__ __forceinline__ void t17_dot_compute(const float x, const float y, float& acc) {
    using T = float; using R = float;
    acc += x * y;
}
// finalize routine of t17 = dot(t8, t8) [dot: reduce]
__device__ __forceinline__ void t17_dot_finalize(const float acc, float& r) {
    using T = float; using R = float;
    r = acc;
}

// ===================== rank 1 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t3_dot in its implementation 2 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "vec": 4}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, accum:kf_sum_t3[4B], counter:kf_count[4B]) aligned=(A#data:16, A#indices:16)
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_sum_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 488;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int SUB = 1, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
    __shared__ float kf_stage_t1[ROWS];   // the stage's row results
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
        {   // G threads per row
            const int row = threadIdx.x / G;
            const idx_t i0 = base + row;
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
            if (lane == 0) kf_stage_t1[row] = t1_acc;
        }
        __syncthreads();
        if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
            const idx_t i0 = base + threadIdx.x;
            const float t1_acc = kf_stage_t1[threadIdx.x];
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t3[0], t3_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t3[0]);
            kf_sum_t3[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t3_f;
            t3_dot_finalize(acc, t3_f);
            t3[0] = t3_f;
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t3_dot in its implementation 3 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 256, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(976, 1, 1) block=(256, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[3904B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 976;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t3_dot in its implementation 4 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 256, "finish": "atomic", "group": 4, "iters": 1, "stage": 4}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(244, 1, 1) block=(256, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, accum:kf_sum_t3[4B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_sum_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 244;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int SUB = 4, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
    __shared__ float kf_stage_t1[ROWS];   // the stage's row results
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
        #pragma unroll 1
        for (int sub = 0; sub < SUB; ++sub) {   // G threads per row
            const int row = sub * (BS / G) + threadIdx.x / G;
            const idx_t i0 = base + row;
            // call 0: t1 = spmv(A, p)   [spmv: sparse_reduce]
            float t1_acc = kf_op_add_t<float>::identity();
            if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
                const int k_end = A_indptr[i0 + 1];
                #pragma unroll 4
                for (int k = A_indptr[i0] + lane; k < k_end; k += G)
                    t1_spmv_compute(A_data[k], p[A_indices[k]], t1_acc);
            }
            t1_acc = kf_lane_reduce<G, kf_op_add_t>(t1_acc);   // every lane takes part (shuffles)
            if (lane == 0) kf_stage_t1[row] = t1_acc;
        }
        __syncthreads();
        if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
            const idx_t i0 = base + threadIdx.x;
            const float t1_acc = kf_stage_t1[threadIdx.x];
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t3[0], t3_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t3[0]);
            kf_sum_t3[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t3_f;
            t3_dot_finalize(acc, t3_f);
            t3[0] = t3_f;
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k0_t1_spmv__t3_dot in its implementation 5 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "finish": "atomic", "group": 4, "iters": 1, "vec": 4}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, accum:kf_sum_t3[4B], counter:kf_count[4B]) aligned=(A#data:16, A#indices:16)
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_sum_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int SUB = 1, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
    __shared__ float kf_stage_t1[ROWS];   // the stage's row results
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
        {   // G threads per row
            const int row = threadIdx.x / G;
            const idx_t i0 = base + row;
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
            if (lane == 0) kf_stage_t1[row] = t1_acc;
        }
        __syncthreads();
        if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
            const idx_t i0 = base + threadIdx.x;
            const float t1_acc = kf_stage_t1[threadIdx.x];
            if (i0 < N) {
                float t1_e[VEC];
                t1_spmv_finalize(t1_acc, 1.0f, 0.0f, 0.0f, t1_e[0]);
                t1[i0] = t1_e[0];
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t3[0], t3_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t3[0]);
            kf_sum_t3[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t3_f;
            t3_dot_finalize(acc, t3_f);
            t3[0] = t3_f;
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k1_t2_spmv__t4_div__t7_mul__and5more in its implementation 2 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 256, "finish": "atomic", "group": 4, "iters": 1, "stage": 4}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(244, 1, 1) block=(256, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, accum:kf_sum_t11[4B], accum:kf_sum_t17[4B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_sum_t11,
    float* __restrict__ kf_sum_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 244;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int SUB = 4, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
    __shared__ float kf_stage_t2[ROWS];   // the stage's row results
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
        #pragma unroll 1
        for (int sub = 0; sub < SUB; ++sub) {   // G threads per row
            const int row = sub * (BS / G) + threadIdx.x / G;
            const idx_t i0 = base + row;
            // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
            float t2_acc = kf_op_add_t<float>::identity();
            if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
                const int k_end = At_indptr[i0 + 1];
                #pragma unroll 4
                for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                    t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
            }
            t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
            if (lane == 0) kf_stage_t2[row] = t2_acc;
        }
        __syncthreads();
        if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
            const idx_t i0 = base + threadIdx.x;
            const float t2_acc = kf_stage_t2[threadIdx.x];
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float rt_e[VEC]; kf_load_pack<VEC>(rt, i0, N, rt_e);
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t11[0], t11_acc);   // one atomic per block
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t17[0], t17_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t11[0]);
            kf_sum_t11[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t11_f;
            t11_dot_finalize(acc, t11_f);
            t11[0] = t11_f;
        }
        {
            const float acc = kf_ldcg(&kf_sum_t17[0]);
            kf_sum_t17[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t17_f;
            t17_dot_finalize(acc, t17_f);
            t17[0] = t17_f;
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k1_t2_spmv__t4_div__t7_mul__and5more in its implementation 3 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 256, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(976, 1, 1) block=(256, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[3904B], partial:kf_part_t17[3904B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 976;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k1_t2_spmv__t4_div__t7_mul__and5more in its implementation 4 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 512, "finish": "atomic", "group": 4, "iters": 1, "vec": 4}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(488, 1, 1) block=(512, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, accum:kf_sum_t11[4B], accum:kf_sum_t17[4B], counter:kf_count[4B]) aligned=(At#data:16, At#indices:16)
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(512)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_sum_t11,
    float* __restrict__ kf_sum_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, G = 4, ITERS = 1, VEC = 1;
    constexpr int PACK = 4;   // CSR nonzeros per 16-byte load
    constexpr int GRID = 488;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    constexpr int SUB = 1, ROWS = SUB * BS / G;   // a stage: SUB groups of BS / G rows
    __shared__ float kf_stage_t2[ROWS];   // the stage's row results
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t base = ((idx_t)blockIdx.x * ITERS + it) * ROWS;
        {   // G threads per row
            const int row = threadIdx.x / G;
            const idx_t i0 = base + row;
            // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
            float t2_acc = kf_op_add_t<float>::identity();
            if (i0 < N) {   // 4-element packs: 16-byte loads of values and column indices
                const int k_beg = At_indptr[i0], k_end = At_indptr[i0 + 1], At_nnz = At_indptr[N];
                #pragma unroll 2
                for (int k = (k_beg & ~(PACK - 1)) + lane * PACK; k < k_end; k += G * PACK) {
                    float At_v[PACK]; int At_c[PACK];
                    kf_load_span_pack<PACK>(At_data, k, At_nnz, At_v); kf_load_span_pack<PACK>(At_indices, k, At_nnz, At_c);
                    #pragma unroll
                    for (int j = 0; j < PACK; ++j)
                        if (k + j >= k_beg && k + j < k_end) t2_spmv_compute(At_v[j], pt[At_c[j]], t2_acc);
                }
            }
            t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
            if (lane == 0) kf_stage_t2[row] = t2_acc;
        }
        __syncthreads();
        if (threadIdx.x < ROWS) {   // then a thread per row runs every call (coalesced)
            const idx_t i0 = base + threadIdx.x;
            const float t2_acc = kf_stage_t2[threadIdx.x];
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float rt_e[VEC]; kf_load_pack<VEC>(rt, i0, N, rt_e);
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t11[0], t11_acc);   // one atomic per block
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t17[0], t17_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t11[0]);
            kf_sum_t11[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t11_f;
            t11_dot_finalize(acc, t11_f);
            t11[0] = t11_f;
        }
        {
            const float acc = kf_ldcg(&kf_sum_t17[0]);
            kf_sum_t17[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t17_f;
            t17_dot_finalize(acc, t17_f);
            t17[0] = t17_f;
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k1_t2_spmv__t4_div__t7_mul__and5more in its implementation 5 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 1024, "finish": "atomic", "group": 8, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(488, 1, 1) block=(1024, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, accum:kf_sum_t11[4B], accum:kf_sum_t17[4B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(16, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 8 thread(s) per row
extern "C" __global__ void __launch_bounds__(1024)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_sum_t11,
    float* __restrict__ kf_sum_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 1024, G = 8, ITERS = 1, VEC = 1;
    constexpr int GRID = 488;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t11[0], t11_acc);   // one atomic per block
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_atomic_add(&kf_sum_t17[0], t17_acc);   // one atomic per block
    }
    // the last block to finish finalizes the sums the blocks' atomics built, and clears them
    if (kf_last_block(kf_count, GRID) && threadIdx.x == 0) {
        {
            const float acc = kf_ldcg(&kf_sum_t11[0]);
            kf_sum_t11[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t11_f;
            t11_dot_finalize(acc, t11_f);
            t11[0] = t11_f;
        }
        {
            const float acc = kf_ldcg(&kf_sum_t17[0]);
            kf_sum_t17[0] = kf_op_add_t<float>::identity();   // ready for the next launch
            float t17_f;
            t17_dot_finalize(acc, t17_f);
            t17[0] = t17_f;
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 8, ITERS = 1;
    // grid: 16 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k2_t5_mul__t6_add__t12_div__and4more in its implementation 2 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 256, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(31, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 8, ITERS = 1;
    // grid: 31 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k2_t5_mul__t6_add__t12_div__and4more in its implementation 3 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 128, "iters": 1, "vec": 8}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(61, 1, 1) block=(128, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:32, pt:32, t10:32, t8:32, x:32)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(128)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, VEC = 8, ITERS = 1;
    // grid: 61 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k2_t5_mul__t6_add__t12_div__and4more in its implementation 4 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(31, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:16, pt:16, t10:16, t8:16, x:16)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 4, ITERS = 1;
    // grid: 31 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== rank 1 with k2_t5_mul__t6_add__t12_div__and4more in its implementation 5 =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16) aligned=(p:16, pt:16, t10:16, t8:16, x:16)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// ===================== unfused =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0], "name": "k0_t1_spmv", "params": {"block": 256, "group": 8, "iters": 4}, "space": "rows"}, {"calls": [1], "name": "k1_t2_spmv", "params": {"block": 256, "group": 8, "iters": 4}, "space": "rows"}, {"calls": [2], "name": "k2_t3_dot", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [3], "name": "k3_t4_div", "params": {}, "space": "scalar"}, {"calls": [4], "name": "k4_t5_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [5], "name": "k5_t6_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [6], "name": "k6_t7_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [7], "name": "k7_t8_sub", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [8], "name": "k8_t9_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [9], "name": "k9_t10_sub", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [10], "name": "k10_t11_dot", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [11], "name": "k11_t12_div", "params": {}, "space": "scalar"}, {"calls": [12], "name": "k12_t13_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [13], "name": "k13_t14_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [14], "name": "k14_t15_mul", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [15], "name": "k15_t16_add", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}, {"calls": [16], "name": "k16_t17_dot", "params": {"block": 256, "iters": 1, "vec": 4}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv runs call(s) [0]; k1_t2_spmv runs call(s) [1]; k2_t3_dot runs call(s) [2]; k3_t4_div runs call(s) [3]; k4_t5_mul runs call(s) [4]; k5_t6_add runs call(s) [5]; k6_t7_mul runs call(s) [6]; k7_t8_sub runs call(s) [7]; k8_t9_mul runs call(s) [8]; k9_t10_sub runs call(s) [9]; k10_t11_dot runs call(s) [10]; k11_t12_div runs call(s) [11]; k12_t13_mul runs call(s) [12]; k13_t14_add runs call(s) [13]; k14_t15_mul runs call(s) [14]; k15_t16_add runs call(s) [15]; k16_t17_dot runs call(s) [16]
// launch k0_t1_spmv grid=(488, 1, 1) block=(256, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, out:t1)
// launch k1_t2_spmv grid=(488, 1, 1) block=(256, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, out:t2)
// launch k2_t3_dot grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:pt, in:t1, out:t3, partial:kf_part_t3[244B], counter:kf_count[4B]) aligned=(pt:16, t1:16)
// launch k3_t4_div grid=(1, 1, 1) block=(32, 1, 1) smem=0 args=(in:rho, in:t3, out:t4)
// launch k4_t5_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:p, out:t5) aligned=(p:16)
// launch k5_t6_add grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:x_, in:t5, out:t6) aligned=(t5:16, x:16)
// launch k6_t7_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:t1, out:t7) aligned=(t1:16)
// launch k7_t8_sub grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:r_, in:t7, out:t8) aligned=(r:16, t7:16)
// launch k8_t9_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t4, in:t2, out:t9) aligned=(t2:16)
// launch k9_t10_sub grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:rt, in:t9, out:t10) aligned=(rt:16, t9:16)
// launch k10_t11_dot grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t10, in:t8, out:t11, partial:kf_part_t11[244B], counter:kf_count[4B]) aligned=(t10:16, t8:16)
// launch k11_t12_div grid=(1, 1, 1) block=(32, 1, 1) smem=0 args=(in:t11, in:rho, out:t12)
// launch k12_t13_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t12, in:p, out:t13) aligned=(p:16)
// launch k13_t14_add grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t8, in:t13, out:t14) aligned=(t13:16, t8:16)
// launch k14_t15_mul grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t12, in:pt, out:t15) aligned=(pt:16)
// launch k15_t16_add grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t10, in:t15, out:t16) aligned=(t10:16, t15:16)
// launch k16_t17_dot grid=(61, 1, 1) block=(256, 1, 1) smem=0 args=(in:t8, out:t17, partial:kf_part_t17[244B], counter:kf_count[4B]) aligned=(t8:16)

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

// kernel k1_t2_spmv: rows of sparse matrices, M = 62451, 8 thread(s) per row
extern "C" __global__ void __launch_bounds__(256)
k1_t2_spmv(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    float* __restrict__ t2)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, G = 8, ITERS = 4, VEC = 1;
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                t2[i0] = t2_e[0];
            }
        }
    }
}

// kernel k2_t3_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k2_t3_dot(const float* __restrict__ pt,
    const float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    constexpr int GRID = 61;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 2: t3 = dot(pt, t1)   [dot: reduce]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k3_t4_div: scalar
extern "C" __global__ void __launch_bounds__(32)
k3_t4_div(const float* __restrict__ rho, const float* __restrict__ t3, float* __restrict__ t4)
{
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    t4[0] = t4_v;
}

// kernel k4_t5_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k4_t5_mul(const float* __restrict__ t4,
    const float* __restrict__ p,
    float* __restrict__ t5)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t4_v = t4[0];                  // load t4
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            kf_store_pack<VEC>(t5, i0, N, t5_e);
        }
    }
}

// kernel k5_t6_add: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k5_t6_add(const float* __restrict__ x_,
    const float* __restrict__ t5,
    float* __restrict__ t6)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t5_e[VEC]; kf_load_pack<VEC>(t5, i0, N, t5_e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
        }
    }
}

// kernel k6_t7_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k6_t7_mul(const float* __restrict__ t4,
    const float* __restrict__ t1,
    float* __restrict__ t7)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t4_v = t4[0];                  // load t4
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 6: t7 = mul(t4, t1)   [mul: map]
            float t1_e[VEC]; kf_load_pack<VEC>(t1, i0, N, t1_e);
            float t7_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
            kf_store_pack<VEC>(t7, i0, N, t7_e);
        }
    }
}

// kernel k7_t8_sub: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k7_t8_sub(const float* __restrict__ r_,
    const float* __restrict__ t7,
    float* __restrict__ t8)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 7: t8 = sub(r, t7)   [sub: map]
            float r__e[VEC]; kf_load_pack<VEC>(r_, i0, N, r__e);
            float t7_e[VEC]; kf_load_pack<VEC>(t7, i0, N, t7_e);
            float t8_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
            kf_store_pack<VEC>(t8, i0, N, t8_e);
        }
    }
}

// kernel k8_t9_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k8_t9_mul(const float* __restrict__ t4,
    const float* __restrict__ t2,
    float* __restrict__ t9)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t4_v = t4[0];                  // load t4
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 8: t9 = mul(t4, t2)   [mul: map]
            float t2_e[VEC]; kf_load_pack<VEC>(t2, i0, N, t2_e);
            float t9_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
            kf_store_pack<VEC>(t9, i0, N, t9_e);
        }
    }
}

// kernel k9_t10_sub: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k9_t10_sub(const float* __restrict__ rt,
    const float* __restrict__ t9,
    float* __restrict__ t10)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 9: t10 = sub(rt, t9)   [sub: map]
            float rt_e[VEC]; kf_load_pack<VEC>(rt, i0, N, rt_e);
            float t9_e[VEC]; kf_load_pack<VEC>(t9, i0, N, t9_e);
            float t10_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
            kf_store_pack<VEC>(t10, i0, N, t10_e);
        }
    }
}

// kernel k10_t11_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k10_t11_dot(const float* __restrict__ t10,
    const float* __restrict__ t8,
    float* __restrict__ t11,
    float* __restrict__ kf_part_t11,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    constexpr int GRID = 61;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 10: t11 = dot(t10, t8)   [dot: reduce]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
    }
}

// kernel k11_t12_div: scalar
extern "C" __global__ void __launch_bounds__(32)
k11_t12_div(const float* __restrict__ t11, const float* __restrict__ rho, float* __restrict__ t12)
{
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    t12[0] = t12_v;
}

// kernel k12_t13_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k12_t13_mul(const float* __restrict__ t12,
    const float* __restrict__ p,
    float* __restrict__ t13)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t12_v = t12[0];                  // load t12
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 12: t13 = mul(t12, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            kf_store_pack<VEC>(t13, i0, N, t13_e);
        }
    }
}

// kernel k13_t14_add: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k13_t14_add(const float* __restrict__ t8,
    const float* __restrict__ t13,
    float* __restrict__ t14)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t13_e[VEC]; kf_load_pack<VEC>(t13, i0, N, t13_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
        }
    }
}

// kernel k14_t15_mul: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k14_t15_mul(const float* __restrict__ t12,
    const float* __restrict__ pt,
    float* __restrict__ t15)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    const float t12_v = t12[0];                  // load t12
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            kf_store_pack<VEC>(t15, i0, N, t15_e);
        }
    }
}

// kernel k15_t16_add: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k15_t16_add(const float* __restrict__ t10,
    const float* __restrict__ t15,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    // grid: 61 block(s)
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t15_e[VEC]; kf_load_pack<VEC>(t15, i0, N, t15_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}

// kernel k16_t17_dot: vec, N = 62451
extern "C" __global__ void __launch_bounds__(256)
k16_t17_dot(const float* __restrict__ t8,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 256, VEC = 4, ITERS = 1;
    constexpr int GRID = 61;
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 16: t17 = dot(t8, t8)   [dot: reduce]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            #pragma unroll
            for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
        }
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// ===================== fallback of rank 1 (misaligned inputs) =====================
// plan {"fingerprint": "cb530c6828e79e2b", "kernels": [{"calls": [0, 2], "name": "k0_t1_spmv__t3_dot", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [1, 3, 6, 7, 8, 9, 10, 16], "name": "k1_t2_spmv__t4_div__t7_mul__and5more", "params": {"block": 128, "group": 4, "iters": 1, "stage": 0}, "space": "rows"}, {"calls": [4, 5, 11, 12, 13, 14, 15], "name": "k2_t5_mul__t6_add__t12_div__and4more", "params": {"block": 512, "iters": 1, "vec": 1}, "space": "vec"}], "kfuse_plan": 1, "program": "bicg_step", "sizes": {}}
// Plan: k0_t1_spmv__t3_dot runs call(s) [0, 2]; k1_t2_spmv__t4_div__t7_mul__and5more runs call(s) [1, 3, 6, 7, 8, 9, 10, 16]; k2_t5_mul__t6_add__t12_div__and4more runs call(s) [4, 5, 11, 12, 13, 14, 15]
// launch k0_t1_spmv__t3_dot grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:A_indptr, in:A_indices, in:A_data, in:p, in:pt, out:t1, out:t3, partial:kf_part_t3[7808B], counter:kf_count[4B])
// launch k1_t2_spmv__t4_div__t7_mul__and5more grid=(1952, 1, 1) block=(128, 1, 1) smem=0 args=(in:At_indptr, in:At_indices, in:At_data, in:pt, in:rho, in:t3, in:t1, in:r_, in:rt, out:t4, out:t8, out:t10, out:t11, out:t17, partial:kf_part_t11[7808B], partial:kf_part_t17[7808B], counter:kf_count[4B])
// launch k2_t5_mul__t6_add__t12_div__and4more grid=(122, 1, 1) block=(512, 1, 1) smem=0 args=(in:t4, in:p, in:x_, in:t11, in:rho, in:t8, in:pt, in:t10, out:t6, out:t14, out:t16)

// kernel k0_t1_spmv__t3_dot: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k0_t1_spmv__t3_dot(const int* __restrict__ A_indptr,
    const int* __restrict__ A_indices,
    const float* __restrict__ A_data,
    const float* __restrict__ p,
    const float* __restrict__ pt,
    float* __restrict__ t1,
    float* __restrict__ t3,
    float* __restrict__ kf_part_t3,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    float t3_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float pt_e[VEC]; if (kf_holds) pt_e[0] = pt[i0];   // early: in flight during the walk
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
                // call 2: t3 = dot(pt, t1)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t3_dot_compute(pt_e[v], t1_e[v], t3_acc);
            }
        }
    }
    // finish the reduction of call 2 (t3 = dot(pt, t1)) in the block
    {
        __shared__ float kf_red_t3[(BS + 31) / 32];
        t3_acc = kf_block_reduce<BS, kf_op_add_t>(t3_acc, kf_red_t3);
        if (threadIdx.x == 0) kf_part_t3[blockIdx.x] = t3_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t3[b]));
            __shared__ float kf_red2_t3[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t3);
            if (threadIdx.x == 0) {
                float t3_f;
                t3_dot_finalize(acc, t3_f);
                t3[0] = t3_f;
            }
        }
    }
}

// kernel k1_t2_spmv__t4_div__t7_mul__and5more: rows of sparse matrices, M = 62451, 4 thread(s) per row
extern "C" __global__ void __launch_bounds__(128)
k1_t2_spmv__t4_div__t7_mul__and5more(const int* __restrict__ At_indptr,
    const int* __restrict__ At_indices,
    const float* __restrict__ At_data,
    const float* __restrict__ pt,
    const float* __restrict__ rho,
    const float* __restrict__ t3,
    const float* __restrict__ t1,
    const float* __restrict__ r_,
    const float* __restrict__ rt,
    float* __restrict__ t4,
    float* __restrict__ t8,
    float* __restrict__ t10,
    float* __restrict__ t11,
    float* __restrict__ t17,
    float* __restrict__ kf_part_t11,
    float* __restrict__ kf_part_t17,
    unsigned int* __restrict__ kf_count)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 128, G = 4, ITERS = 1, VEC = 1;
    constexpr int GRID = 1952;
    const float rho_v = rho[0];                  // load rho
    const float t3_v = t3[0];                  // load t3
    // call 3: t4 = div(rho, t3)   [div: map]   (scalar prologue)
    float t4_v;
    t4_div_compute(rho_v, t3_v, t4_v);
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0) t4[0] = t4_v;
    float t11_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    float t17_acc = kf_op_add_t<float>::identity();   // clear output of accumulated reduction
    const int lane = threadIdx.x & (G - 1);
    for (int it = 0; it < ITERS; ++it) {   // a group per row
        const idx_t i0 = ((idx_t)blockIdx.x * ITERS + it) * (BS / G) + threadIdx.x / G;
        const bool kf_holds = lane == 0 && i0 < N;   // this lane will run the row's calls
        float t1_e[VEC]; if (kf_holds) t1_e[0] = t1[i0];   // early: in flight during the walk
        float r__e[VEC]; if (kf_holds) r__e[0] = r_[i0];   // early: in flight during the walk
        float rt_e[VEC]; if (kf_holds) rt_e[0] = rt[i0];   // early: in flight during the walk
        // call 1: t2 = spmv(At, pt)   [spmv: sparse_reduce]
        float t2_acc = kf_op_add_t<float>::identity();
        if (i0 < N) {   // unrolled by 4: the loads of several nonzeros overlap
            const int k_end = At_indptr[i0 + 1];
            #pragma unroll 4
            for (int k = At_indptr[i0] + lane; k < k_end; k += G)
                t2_spmv_compute(At_data[k], pt[At_indices[k]], t2_acc);
        }
        t2_acc = kf_lane_reduce<G, kf_op_add_t>(t2_acc);   // every lane takes part (shuffles)
        if (lane == 0) {   // lane 0 holds the row's sums
            if (i0 < N) {
                float t2_e[VEC];
                t2_spmv_finalize(t2_acc, 1.0f, 0.0f, 0.0f, t2_e[0]);
                // call 6: t7 = mul(t4, t1)   [mul: map]
                float t7_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t7_mul_compute(t4_v, t1_e[v], t7_e[v]);
                // call 7: t8 = sub(r, t7)   [sub: map]
                float t8_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t8_sub_compute(r__e[v], t7_e[v], t8_e[v]);
                kf_store_pack<VEC>(t8, i0, N, t8_e);
                // call 8: t9 = mul(t4, t2)   [mul: map]
                float t9_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t9_mul_compute(t4_v, t2_e[v], t9_e[v]);
                // call 9: t10 = sub(rt, t9)   [sub: map]
                float t10_e[VEC];
                #pragma unroll
                for (int v = 0; v < VEC; ++v) t10_sub_compute(rt_e[v], t9_e[v], t10_e[v]);
                kf_store_pack<VEC>(t10, i0, N, t10_e);
                // call 10: t11 = dot(t10, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t11_dot_compute(t10_e[v], t8_e[v], t11_acc);
                // call 16: t17 = dot(t8, t8)   [dot: reduce]
                #pragma unroll
                for (int v = 0; v < VEC; ++v) if (i0 + v < N) t17_dot_compute(t8_e[v], t8_e[v], t17_acc);
            }
        }
    }
    // finish the reduction of call 10 (t11 = dot(t10, t8)) in the block
    {
        __shared__ float kf_red_t11[(BS + 31) / 32];
        t11_acc = kf_block_reduce<BS, kf_op_add_t>(t11_acc, kf_red_t11);
        if (threadIdx.x == 0) kf_part_t11[blockIdx.x] = t11_acc;
    }
    // finish the reduction of call 16 (t17 = dot(t8, t8)) in the block
    {
        __shared__ float kf_red_t17[(BS + 31) / 32];
        t17_acc = kf_block_reduce<BS, kf_op_add_t>(t17_acc, kf_red_t17);
        if (threadIdx.x == 0) kf_part_t17[blockIdx.x] = t17_acc;
    }
    // the last block to finish combines the partial results of all blocks
    if (kf_last_block(kf_count, GRID)) {
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t11[b]));
            __shared__ float kf_red2_t11[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t11);
            if (threadIdx.x == 0) {
                float t11_f;
                t11_dot_finalize(acc, t11_f);
                t11[0] = t11_f;
            }
        }
        {
            float acc = kf_op_add_t<float>::identity();
            for (int b = threadIdx.x; b < GRID; b += BS) acc = kf_op_add_t<float>::apply(acc, kf_ldcg(&kf_part_t17[b]));
            __shared__ float kf_red2_t17[(BS + 31) / 32];
            acc = kf_block_reduce<BS, kf_op_add_t>(acc, kf_red2_t17);
            if (threadIdx.x == 0) {
                float t17_f;
                t17_dot_finalize(acc, t17_f);
                t17[0] = t17_f;
            }
        }
    }
}

// kernel k2_t5_mul__t6_add__t12_div__and4more: vec, N = 62451
extern "C" __global__ void __launch_bounds__(512)
k2_t5_mul__t6_add__t12_div__and4more(const float* __restrict__ t4,
    const float* __restrict__ p,
    const float* __restrict__ x_,
    const float* __restrict__ t11,
    const float* __restrict__ rho,
    const float* __restrict__ t8,
    const float* __restrict__ pt,
    const float* __restrict__ t10,
    float* __restrict__ t6,
    float* __restrict__ t14,
    float* __restrict__ t16)
{
    using idx_t = int;
    constexpr idx_t N = 62451;
    constexpr int BS = 512, VEC = 1, ITERS = 1;
    // grid: 122 block(s)
    const float t4_v = t4[0];                  // load t4
    const float t11_v = t11[0];                  // load t11
    const float rho_v = rho[0];                  // load rho
    // call 11: t12 = div(t11, rho)   [div: map]   (scalar prologue)
    float t12_v;
    t12_div_compute(t11_v, rho_v, t12_v);
    for (int it = 0; it < ITERS; ++it) {
        const idx_t i0 = (((idx_t)blockIdx.x * ITERS + it) * BS + threadIdx.x) * VEC;
        if (i0 < N) {
            // call 4: t5 = mul(t4, p)   [mul: map]
            float p_e[VEC]; kf_load_pack<VEC>(p, i0, N, p_e);
            float t5_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t5_mul_compute(t4_v, p_e[v], t5_e[v]);
            // call 5: t6 = add(x, t5)   [add: map]
            float x__e[VEC]; kf_load_pack<VEC>(x_, i0, N, x__e);
            float t6_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t6_add_compute(x__e[v], t5_e[v], t6_e[v]);
            kf_store_pack<VEC>(t6, i0, N, t6_e);
            // call 12: t13 = mul(t12, p)   [mul: map]
            float t13_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t13_mul_compute(t12_v, p_e[v], t13_e[v]);
            // call 13: t14 = add(t8, t13)   [add: map]
            float t8_e[VEC]; kf_load_pack<VEC>(t8, i0, N, t8_e);
            float t14_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t14_add_compute(t8_e[v], t13_e[v], t14_e[v]);
            kf_store_pack<VEC>(t14, i0, N, t14_e);
            // call 14: t15 = mul(t12, pt)   [mul: map]
            float pt_e[VEC]; kf_load_pack<VEC>(pt, i0, N, pt_e);
            float t15_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t15_mul_compute(t12_v, pt_e[v], t15_e[v]);
            // call 15: t16 = add(t10, t15)   [add: map]
            float t10_e[VEC]; kf_load_pack<VEC>(t10, i0, N, t10_e);
            float t16_e[VEC];
            #pragma unroll
            for (int v = 0; v < VEC; ++v) t16_add_compute(t10_e[v], t15_e[v], t16_e[v]);
            kf_store_pack<VEC>(t16, i0, N, t16_e);
        }
    }
}
