
// ===================== kfuse prelude: types and helpers =====================
struct __align__(8) kf_c64 {
    float re, im;
    __device__ __forceinline__ kf_c64(float r = 0.f, float i = 0.f) : re(r), im(i) {}
};
struct __align__(16) kf_c128 {
    double re, im;
    __device__ __forceinline__ kf_c128(double r = 0.0, double i = 0.0) : re(r), im(i) {}
};
#define KF_COMPLEX_OPS(C, R)                                                                      \
__device__ __forceinline__ C operator+(C a, C b) { return C(a.re + b.re, a.im + b.im); }           \
__device__ __forceinline__ C operator-(C a, C b) { return C(a.re - b.re, a.im - b.im); }           \
__device__ __forceinline__ C operator*(C a, C b) {                                                 \
    return C(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }                              \
__device__ __forceinline__ C operator/(C a, C b) {                                                 \
    R s = (R)1 / (b.re * b.re + b.im * b.im);                                                      \
    return C((a.re * b.re + a.im * b.im) * s, (a.im * b.re - a.re * b.im) * s); }                  \
__device__ __forceinline__ C operator-(C a) { return C(-a.re, -a.im); }                            \
__device__ __forceinline__ C operator+(C a, R b) { return C(a.re + b, a.im); }                     \
__device__ __forceinline__ C operator+(R a, C b) { return C(a + b.re, b.im); }                     \
__device__ __forceinline__ C operator-(C a, R b) { return C(a.re - b, a.im); }                     \
__device__ __forceinline__ C operator-(R a, C b) { return C(a - b.re, -b.im); }                    \
__device__ __forceinline__ C operator*(C a, R b) { return C(a.re * b, a.im * b); }                 \
__device__ __forceinline__ C operator*(R a, C b) { return C(a * b.re, a * b.im); }                 \
__device__ __forceinline__ C operator/(C a, R b) { return C(a.re / b, a.im / b); }                 \
__device__ __forceinline__ C operator/(R a, C b) { return C(a, (R)0) / b; }                        \
__device__ __forceinline__ C& operator+=(C& a, C b) { a = a + b; return a; }                       \
__device__ __forceinline__ C& operator-=(C& a, C b) { a = a - b; return a; }                       \
__device__ __forceinline__ C& operator*=(C& a, C b) { a = a * b; return a; }                       \
__device__ __forceinline__ C kf_conj(C a) { return C(a.re, -a.im); }                              \
__device__ __forceinline__ R kf_abs2(C a) { return a.re * a.re + a.im * a.im; }                    \
__device__ __forceinline__ R kf_abs1(C a) { return kf_abs(a.re) + kf_abs(a.im); }                  \
__device__ __forceinline__ R kf_abs(C a) { return hypot(a.re, a.im); }                             \
__device__ __forceinline__ C kf_exp(C a) { R e = exp(a.re); return C(e * cos(a.im), e * sin(a.im)); } \
__device__ __forceinline__ C kf_sqrt(C a) {                                                        \
    R r = hypot(a.re, a.im);                                                                       \
    R x = sqrt((r + kf_abs(a.re)) * (R)0.5);                                                       \
    if (x == (R)0) return C((R)0, (R)0);                                                           \
    if (a.re >= (R)0) return C(x, a.im / (2 * x));                                                 \
    return C(kf_abs(a.im) / (2 * x), a.im >= (R)0 ? x : -x); }                                     \
__device__ __forceinline__ C kf_shfl_xor(C v, int mask) {                                          \
    return C(__shfl_xor_sync(0xffffffffu, v.re, mask), __shfl_xor_sync(0xffffffffu, v.im, mask)); } \
__device__ __forceinline__ C kf_ldcg(const C* p) {                                                 \
    const R* q = reinterpret_cast<const R*>(p); return C(__ldcg(q), __ldcg(q + 1)); }

__device__ __forceinline__ float  kf_abs(float a)  { return fabsf(a); }
__device__ __forceinline__ double kf_abs(double a) { return fabs(a); }
__device__ __forceinline__ float  kf_abs2(float a)  { return a * a; }
__device__ __forceinline__ double kf_abs2(double a) { return a * a; }
__device__ __forceinline__ float  kf_abs1(float a)  { return fabsf(a); }
__device__ __forceinline__ double kf_abs1(double a) { return fabs(a); }
__device__ __forceinline__ float  kf_sqrt(float a)  { return sqrtf(a); }
__device__ __forceinline__ double kf_sqrt(double a) { return sqrt(a); }
__device__ __forceinline__ float  kf_exp(float a)  { return expf(a); }
__device__ __forceinline__ double kf_exp(double a) { return exp(a); }
// x ** y: a whole exponent 3 or 4 (phi**3 of phase-field codes) as products, within 2 ulp of
// NumPy's pow as torch.compile computes it; other exponents, and every one with fmad off
// (KF_EXACT: each result rounded as NumPy rounds it), the math library's pow
template <class T> __device__ __forceinline__ T kf_pow(T x, T y) {
#ifndef KF_EXACT
    if (y == T(3)) return x * x * x;
    if (y == T(4)) { T s = x * x; return s * s; }
#endif
    return pow(x, y);
}
__device__ __forceinline__ float  kf_conj(float a)  { return a; }
__device__ __forceinline__ double kf_conj(double a) { return a; }
__device__ __forceinline__ float  kf_shfl_xor(float v, int m)  { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ double kf_shfl_xor(double v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
__device__ __forceinline__ float  kf_ldcg(const float* p)  { return __ldcg(p); }
__device__ __forceinline__ double kf_ldcg(const double* p) { return __ldcg(p); }
KF_COMPLEX_OPS(kf_c64, float)
KF_COMPLEX_OPS(kf_c128, double)

// reduction operators: identity() and apply(a, b)
template <class T> struct kf_op_add_t {
    static __device__ __forceinline__ T identity() { return T(0); }
    static __device__ __forceinline__ T apply(T a, T b) { return a + b; }
};
template <class T> struct kf_op_max_t {
    static __device__ __forceinline__ T identity() { return -__int_as_float(0x7f800000); }
    static __device__ __forceinline__ T apply(T a, T b) { return a > b ? a : b; }
};
template <> struct kf_op_max_t<double> {
    static __device__ __forceinline__ double identity() { return -__longlong_as_double(0x7ff0000000000000ll); }
    static __device__ __forceinline__ double apply(double a, double b) { return a > b ? a : b; }
};
template <class T> struct kf_op_min_t {
    static __device__ __forceinline__ T identity() { return __int_as_float(0x7f800000); }
    static __device__ __forceinline__ T apply(T a, T b) { return a < b ? a : b; }
};
template <> struct kf_op_min_t<double> {
    static __device__ __forceinline__ double identity() { return __longlong_as_double(0x7ff0000000000000ll); }
    static __device__ __forceinline__ double apply(double a, double b) { return a < b ? a : b; }
};
template <class T> __device__ __forceinline__ T kf_op_max(T a, T b) { return a > b ? a : b; }
template <class T> __device__ __forceinline__ T kf_op_min(T a, T b) { return a < b ? a : b; }

// reduce v over groups of LANES consecutive lanes (LANES a power of two <= 32);
// every lane of a group ends with the group's result
template <int LANES, template <class> class Op, class T>
__device__ __forceinline__ T kf_lane_reduce(T v) {
    #pragma unroll
    for (int m = LANES / 2; m > 0; m /= 2) v = Op<T>::apply(v, kf_shfl_xor(v, m));
    return v;
}

// reduce K values at once over groups of LANES consecutive lanes (K <= LANES, both powers of
// two): log2(K) exchange steps each halve the values a lane holds (it keeps one half and sends the
// other to its partner), then the remaining steps reduce the one value left.  Lane l of a group
// ends with the group's result for a[(l % LANES) / (LANES / K)]: log2(LANES) + K - 1 shuffles
// rather than K * log2(LANES).
template <int LANES, int K, template <class> class Op, class T>
__device__ __forceinline__ T kf_lane_reduce_k(const T (&a)[K]) {
    T h[K];
    #pragma unroll
    for (int i = 0; i < K; ++i) h[i] = a[i];
    const int lane = threadIdx.x & (LANES - 1);
    #pragma unroll
    for (int n = K, m = LANES / 2; n > 1; n /= 2, m /= 2) {
        const bool upper = (lane & m) != 0;
        #pragma unroll
        for (int i = 0; i < n / 2; ++i) {
            const T send = upper ? h[i] : h[i + n / 2];
            const T keep = upper ? h[i + n / 2] : h[i];
            h[i] = Op<T>::apply(keep, kf_shfl_xor(send, m));
        }
    }
    return kf_lane_reduce<LANES / K, Op>(h[0]);
}

// reduce v over all NT threads of the block; the result is valid in thread 0.
// smem holds NT/32 elements; the block must not be using it.
template <int NT, template <class> class Op, class T>
__device__ __forceinline__ T kf_block_reduce(T v, T* smem) {
    const int tid = threadIdx.x + threadIdx.y * blockDim.x;
    v = kf_lane_reduce<(NT < 32 ? NT : 32), Op>(v);
    if (NT > 32) {
        if ((tid & 31) == 0) smem[tid >> 5] = v;
        __syncthreads();
        v = (tid < NT / 32) ? smem[tid] : Op<T>::identity();
        if (tid < 32) v = kf_lane_reduce<32, Op>(v);
        __syncthreads();
    }
    return v;
}

// V consecutive elements as one aligned pack (16-byte loads and stores when V * sizeof(T) == 16)
template <class T, int V> struct alignas(sizeof(T) * V) kf_pack { T v[V]; };

// d[0..V) = p[i0..i0+V), zero past n; one vector load when the pack is in range
// (p + i0 must then be aligned to V * sizeof(T): the planner and the runtime see to it)
// (FULL: the caller knows the pack is in range, so no check is compiled)
template <int V, bool FULL = false, class T, class I>
__device__ __forceinline__ void kf_load_pack(const T* __restrict__ p, I i0, I n, T (&d)[V]) {
    if (FULL || i0 + V <= n) {
        const kf_pack<T, V> q = *reinterpret_cast<const kf_pack<T, V>*>(p + i0);
        #pragma unroll
        for (int e = 0; e < V; ++e) d[e] = q.v[e];
    } else {
        #pragma unroll
        for (int e = 0; e < V; ++e) d[e] = (i0 + e < n) ? p[i0 + e] : T(0);
    }
}

// d[0..V) = the aligned pack p[i0..i0+V) (i0 a multiple of V, p aligned to V * sizeof(T)), one
// streaming (evict-first) load; the array's last, partial pack (i0 + V > n: n elements in all)
// is read element by element up to n, zeros after, so no load leaves the array.  A CSR row's
// span starts and ends inside packs, so some elements belong to other rows; the caller ignores them.
template <int V, class T>
__device__ __forceinline__ void kf_load_span_pack(const T* __restrict__ p, int i0, int n, T (&d)[V]) {
    if (i0 + V > n) {
        #pragma unroll
        for (int e = 0; e < V; ++e) d[e] = (i0 + e < n) ? p[i0 + e] : T(0);
        return;
    }
    kf_pack<T, V> q;
    if constexpr (sizeof(q) == 16) {
        const uint4 r = __ldcs(reinterpret_cast<const uint4*>(p + i0)); memcpy(&q, &r, 16);
    } else if constexpr (sizeof(q) == 8) {
        const uint2 r = __ldcs(reinterpret_cast<const uint2*>(p + i0)); memcpy(&q, &r, 8);
    } else {
        q = *reinterpret_cast<const kf_pack<T, V>*>(p + i0);
    }
    #pragma unroll
    for (int e = 0; e < V; ++e) d[e] = q.v[e];
}

// p[i0..i0+V) = d[0..V), skipping elements past n
template <int V, bool FULL = false, class T, class I>
__device__ __forceinline__ void kf_store_pack(T* __restrict__ p, I i0, I n, const T (&d)[V]) {
    if (FULL || i0 + V <= n) {
        kf_pack<T, V> q;
        #pragma unroll
        for (int e = 0; e < V; ++e) q.v[e] = d[e];
        *reinterpret_cast<kf_pack<T, V>*>(p + i0) = q;
    } else {
        #pragma unroll
        for (int e = 0; e < V; ++e) if (i0 + e < n) p[i0 + e] = d[e];
    }
}

// atomic accumulation of partial results (complex: two atomics, one per part)
__device__ __forceinline__ void kf_atomic_add(float* p, float v) { atomicAdd(p, v); }
__device__ __forceinline__ void kf_atomic_add(double* p, double v) { atomicAdd(p, v); }
__device__ __forceinline__ void kf_atomic_add(kf_c64* p, kf_c64 v) {
    atomicAdd(reinterpret_cast<float*>(p), v.re); atomicAdd(reinterpret_cast<float*>(p) + 1, v.im); }
__device__ __forceinline__ void kf_atomic_add(kf_c128* p, kf_c128 v) {
    atomicAdd(reinterpret_cast<double*>(p), v.re); atomicAdd(reinterpret_cast<double*>(p) + 1, v.im); }

// last-block handshake: every block calls it after writing its partial results;
// it returns true in every thread of the block that arrives last, which then
// finishes the reduction.  The counter is reset for the next launch.  The barrier
// orders the block's writes before thread 0's fence and count (as a grid barrier
// does), so the other threads' loads in flight are not drained.
__device__ __forceinline__ bool kf_last_block(unsigned int* counter, unsigned int nblocks) {
    __shared__ bool kf_is_last;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        __threadfence();
        const unsigned int done = atomicAdd(counter, 1u);
        kf_is_last = (done == nblocks - 1);
        if (kf_is_last) *counter = 0u;
    }
    __syncthreads();
    if (kf_is_last) __threadfence();
    return kf_is_last;
}
// kf_last_block for N counters at once: one fence, N atomics in flight (several reductions
// of a kernel finished by their strips' last blocks pay one round trip, not N in a row)
template <int N>
__device__ __forceinline__ void kf_last_blocks(unsigned int* const (&counters)[N],
                                               const unsigned int (&nblocks)[N], bool (&last)[N]) {
    __shared__ bool kf_is_last[N];
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        __threadfence();
        unsigned int done[N];
        #pragma unroll
        for (int i = 0; i < N; ++i) done[i] = atomicAdd(counters[i], 1u);
        #pragma unroll
        for (int i = 0; i < N; ++i) {
            kf_is_last[i] = (done[i] == nblocks[i] - 1);
            if (kf_is_last[i]) *counters[i] = 0u;
        }
    }
    __syncthreads();
    bool any = false;
    #pragma unroll
    for (int i = 0; i < N; ++i) { last[i] = kf_is_last[i]; any = any || last[i]; }
    if (any) __threadfence();
}
// =================== end of kfuse prelude ===================================
