"""Hopper's own means for stencils, measured (issue 35, item 4): the three primitives a
cluster- or TMA-based stencil would stand on, each against what kfuse's kernels use today.

1. Cluster barrier (``barrier.cluster.arrive.release`` + ``wait.acquire``) for clusters of 2, 4
   and 8 CTAs: seconds per barrier (a halo exchange through distributed shared memory needs one
   per exchanged plane or row).
2. Reads of a neighbouring CTA's shared memory (``mapa`` + ``ld.shared::cluster.v4``) against the
   CTA's own shared memory and against an L2-resident global buffer (``ld.global.cg.v4``), the
   halo's three possible sources: bytes/s over the whole GPU (132 CTAs of 256 threads).
3. Streaming 1 GiB from DRAM through shared memory with the bulk-copy engine
   (``cp.async.bulk`` + ``mbarrier``, one thread issues 16 KiB chunks into a ring) at 1 and 2 CTAs
   per SM, against 16-byte loads at full occupancy and the copy ceiling: what plane loads by the
   copy engine would leave of the bandwidth while freeing the threads.

    PYTHONPATH=src python3 benchmarks/probes/hopper_means.py --out DIR

Writes DIR/hopper_means.json and prints a table."""
from __future__ import annotations

import argparse
import json
import os

import numpy as np

CLUSTER_BARRIER = r"""
extern "C" __global__ void __cluster_dims__(CS, 1, 1) __launch_bounds__(256) cluster_barrier(int iters, int* out) {
    for (int i = 0; i < iters; ++i)
        asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = iters;
}
"""

READS = r"""
#define WORDS 2048   // float4 per CTA buffer: 32 KiB
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256) reads(int rounds, const float4* __restrict__ g, float* out) {
    __shared__ float4 buf[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += 256) buf[i] = make_float4((float)i, 1.f, 2.f, 3.f);
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    unsigned rank;
    asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    const unsigned local = (unsigned)__cvta_generic_to_shared(buf);
    unsigned remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank ^ 1u));
    const float4* gs = g + (size_t)blockIdx.x * WORDS;
    float acc = 0.f;
    for (int r = 0; r < rounds; ++r) {
        #pragma unroll 8
        for (int i = threadIdx.x; i < WORDS; i += 256) {
            const int w = (i + r * 32) & (WORDS - 1);
            float4 v;
            SOURCE
            acc += v.x + v.y + v.z + v.w;
        }
    }
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (acc == -1.f) out[0] = acc;
}
"""

SOURCES = {
    "own shared memory": "v = buf[w];",
    "neighbour's shared memory (DSMEM)": (
        'asm volatile("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v.x), "=f"(v.y), '
        '"=f"(v.z), "=f"(v.w) : "r"(remote + (unsigned)w * 16u));'),
    "L2-resident global (ld.global.cg)": "v = __ldcg(&gs[w]);",
}

BULK = r"""
#define CHUNK 4096   // floats: 16 KiB
extern "C" __global__ void __launch_bounds__(256) bulk_stream(const float* __restrict__ src, long long chunks, float* out) {
    extern __shared__ __align__(128) float ring[];   // STAGES chunks
    __shared__ __align__(8) unsigned long long bar[STAGES];
    const long long mine = blockIdx.x < chunks ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
    const unsigned bar0 = (unsigned)__cvta_generic_to_shared(bar), ring0 = (unsigned)__cvta_generic_to_shared(ring);
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s)
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(bar0 + 8u * s) : "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        for (int s = 0; s < STAGES && s < mine; ++s) {
            const float* from = src + (blockIdx.x + (long long)s * gridDim.x) * CHUNK;
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar0 + 8u * s), "r"(CHUNK * 4) : "memory");
            asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                         :: "r"(ring0 + s * CHUNK * 4u), "l"(from), "r"(CHUNK * 4), "r"(bar0 + 8u * s) : "memory");
        }
    }
    __syncthreads();
    float acc = 0.f;
    for (long long c = 0; c < mine; ++c) {
        const int s = (int)(c % STAGES);
        const unsigned parity = (unsigned)((c / STAGES) & 1);
        unsigned ok = 0;
        while (!ok)
            asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                         : "=r"(ok) : "r"(bar0 + 8u * s), "r"(parity) : "memory");
        const float4* v = (const float4*)(ring + s * CHUNK);
        #pragma unroll 4
        for (int i = threadIdx.x; i < CHUNK / 4; i += 256) { const float4 t = v[i]; acc += t.x + t.y + t.z + t.w; }
        __syncthreads();   // every thread is done with slot s
        if (threadIdx.x == 0 && c + STAGES < mine) {
            const float* from = src + (blockIdx.x + (c + STAGES) * gridDim.x) * CHUNK;
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar0 + 8u * s), "r"(CHUNK * 4) : "memory");
            asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                         :: "r"(ring0 + s * CHUNK * 4u), "l"(from), "r"(CHUNK * 4), "r"(bar0 + 8u * s) : "memory");
        }
    }
    if (acc == -1.f) out[0] = acc;
}
"""

LDG = r"""
extern "C" __global__ void __launch_bounds__(256) ldg_stream(const float4* __restrict__ src, long long n4, float* out) {
    float acc = 0.f;
    for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n4; i += (long long)gridDim.x * 256) {
        const float4 t = src[i]; acc += t.x + t.y + t.z + t.w;
    }
    if (acc == -1.f) out[0] = acc;
}
"""


def _function(src: str, name: str):
    import cupy

    from kfuse.platform import device
    from kfuse.runtime import nvrtc
    module = cupy.cuda.function.Module()
    module.load(nvrtc.compile_cuda(src, device.current_arch(), name + ".cu", ()).cubin)
    return module, module.get_function(name)


def _time(launch, reps: int = 5) -> float:
    """Median seconds of ``launch()`` (CUDA events) after one warm-up."""
    from kfuse.runtime.timing import median_seconds
    return median_seconds(launch, loops=reps, calls=1, warmup=1)


def cluster_barriers() -> list:
    import cupy
    out, rows = cupy.zeros(1, np.int32), []
    for cs in (2, 4, 8):
        mod, fn = _function(CLUSTER_BARRIER.replace("CS", str(cs)), "cluster_barrier")
        blocks = cs * (128 // cs)
        t = [_time(lambda k=k: fn((blocks,), (256,), (np.int32(k), out))) for k in (100, 20100)]
        rows.append({"cluster": cs, "blocks": blocks, "barrier_ns": (t[1] - t[0]) / 20000 * 1e9})
        print(f"cluster barrier, clusters of {cs}: {rows[-1]['barrier_ns']:.0f} ns", flush=True)
    return rows


def reads() -> list:
    import cupy
    g = cupy.ones(132 * 2048 * 4, np.float32)   # 132 x 32 KiB: L2-resident
    out, rows, rounds = cupy.zeros(1, np.float32), [], 400
    for name, source in SOURCES.items():
        mod, fn = _function(READS.replace("SOURCE", source), "reads")
        t = _time(lambda: fn((132,), (256,), (np.int32(rounds), g, out)))
        bw = 132 * 2048 * 16 * rounds / t
        rows.append({"source": name, "GBs": bw / 1e9})
        print(f"reads from {name}: {bw / 1e9:.0f} GB/s", flush=True)
    return rows


def streams(ceiling: float) -> list:
    import cupy

    from kfuse.platform import device
    n = 1 << 28
    src = cupy.ones(n, np.float32)
    out, rows = cupy.zeros(1, np.float32), []
    sms = device.sm_count()
    mod, ldg = _function(LDG, "ldg_stream")
    t = _time(lambda: ldg((sms * 8,), (256,), (src, np.int64(n // 4), out)))
    rows.append({"kernel": "16-byte loads, 8 blocks of 256 per SM", "GBs": n * 4 / t / 1e9, "of_ceiling": n * 4 / t / ceiling})
    from cupy.cuda import driver
    for stages in (4, 8):
        mod, fn = _function(BULK.replace("STAGES", str(stages)), "bulk_stream")
        shared = stages * 4096 * 4
        driver.funcSetAttribute(fn.ptr, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared)
        for per_sm in (1, 2):
            t = _time(lambda: fn((sms * per_sm,), (256,), (src, np.int64(n // 4096), out), shared_mem=shared))
            rows.append({"kernel": f"bulk copy, {stages} x 16 KiB ring, {per_sm} block(s) of 256 per SM",
                         "GBs": n * 4 / t / 1e9, "of_ceiling": n * 4 / t / ceiling})
    for r in rows:
        print(f"{r['kernel']}: {r['GBs']:.0f} GB/s ({100 * r['of_ceiling']:.0f}% of the copy ceiling)", flush=True)
    return rows


def ceiling_bw() -> float:
    import cupy
    x = cupy.empty(1 << 28, np.float32)
    y = cupy.empty_like(x)
    t = _time(lambda: cupy.copyto(y, x))
    return 2 * x.nbytes / t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    ceil = ceiling_bw()
    print(f"copy ceiling {ceil / 1e9:.0f} GB/s", flush=True)
    result = {"ceiling_GBs": ceil / 1e9}
    for key, fn in (("cluster_barrier", cluster_barriers), ("reads", reads), ("streams", lambda: streams(ceil))):
        try:
            result[key] = fn()
        except Exception as e:   # noqa: BLE001 - a probe that fails is a result too
            result[key] = {"error": f"{type(e).__name__}: {e}"}
            print(f"{key}: {result[key]['error']}", flush=True)
        with open(os.path.join(a.out, "hopper_means.json"), "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
