"""The card's ceilings, measured in the same run: read, write, copy, launch.

The kernels are CuPy ``RawKernel`` source compiled by NVRTC (no nvcc):

* streaming read: ``float4`` loads, ``UNROLL`` independent 16-byte loads in flight
  per thread, grid-stride; a few launch shapes are tried and the best is kept;
* streaming write: ``float4`` stores, several per thread per iteration, grid-stride;
* device-to-device copy: a ``float4`` copy kernel and ``cudaMemcpyAsync``
  (bytes read + bytes written per second, the better of the two);
* launch: the host cost of one empty kernel launched from Python through CuPy,
  back to back (host clock over many launches, then one sync);
* short kernels: the same read, write and copy moving 64 MiB per kernel (device time from a
  graph over rotating buffers): what a 15-35 µs kernel reaches with its ramp and tail.

All bandwidths in GB/s (1e9 bytes per second).
"""
from __future__ import annotations

import functools
import statistics
import time

from .. import config

SOURCE = r"""
extern "C" __global__ void read_f4(const float4* __restrict__ a, long long n4,
                                   float* __restrict__ out, int flag)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float sx = 0.f, sy = 0.f, sz = 0.f, sw = 0.f;
    for (; i + (UNROLL - 1) * stride < n4; i += UNROLL * stride) {
        float4 v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) v[u] = a[i + u * stride];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) { sx += v[u].x; sy += v[u].y; sz += v[u].z; sw += v[u].w; }
    }
    for (; i < n4; i += stride) { float4 v = a[i]; sx += v.x; sy += v.y; sz += v.z; sw += v.w; }
    if (flag) out[(long long)blockIdx.x * blockDim.x + threadIdx.x] = sx + sy + sz + sw;
}

extern "C" __global__ void write_f4(float4* __restrict__ a, long long n4, float value)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    const float4 v = make_float4(value, value, value, value);
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (UNROLL - 1) * stride < n4; i += UNROLL * stride) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) a[i + u * stride] = v;
    }
    for (; i < n4; i += stride) a[i] = v;
}

extern "C" __global__ void copy_f4(const float4* __restrict__ src, float4* __restrict__ dst,
                                   long long n4)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (UNROLL - 1) * stride < n4; i += UNROLL * stride) {
        float4 v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) v[u] = src[i + u * stride];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) dst[i + u * stride] = v[u];
    }
    for (; i < n4; i += stride) dst[i] = src[i];
}

extern "C" __global__ void empty_kernel() {}
"""

# (threads per block, blocks per SM, loads in flight per thread)
READ_CONFIGS = ((256, 8, 4), (256, 8, 8), (512, 4, 4), (1024, 2, 4), (256, 16, 2))
WRITE_CONFIGS = ((256, 8, 4), (512, 4, 2), (1024, 2, 4))
COPY_CONFIGS = ((256, 8, 4), (512, 4, 2))


def device_info() -> dict:
    """Name, SMs, L2 and memory of the current device, plus driver/runtime versions."""
    import cupy

    rt = cupy.cuda.runtime
    dev = cupy.cuda.Device()
    props = rt.getDeviceProperties(dev.id)
    name = props.get("name", b"")
    info = {
        "name": name.decode() if isinstance(name, bytes) else str(name),
        "sm_count": int(props.get("multiProcessorCount", 0)),
        "l2_bytes": int(props.get("l2CacheSize", 0)),
        "total_mem_bytes": int(props.get("totalGlobalMem", 0)),
        "compute_capability": f"{props.get('major', '?')}.{props.get('minor', '?')}",
        "cuda_driver_version": _cuda_version(rt.driverGetVersion()),
        "cuda_runtime_version": _cuda_version(rt.runtimeGetVersion()),
    }
    for key in ("memoryClockRate", "memoryBusWidth"):
        if key in props:
            info[key] = int(props[key])
    if "memoryClockRate" in props and "memoryBusWidth" in props and props["memoryClockRate"]:
        # kHz * bits * 2 (DDR) / 8 -> bytes/s
        info["theoretical_GBs"] = round(props["memoryClockRate"] * 1e3 * props["memoryBusWidth"]
                                        * 2 / 8 / 1e9, 1)
    return info


def _cuda_version(v: int) -> str:
    """12040 -> '12.4'."""
    return f"{v // 1000}.{(v % 1000) // 10}"


@functools.lru_cache(maxsize=None)
def _module(unroll: int):
    """The ceiling kernels compiled by NVRTC with UNROLL = ``unroll``."""
    import cupy

    return cupy.RawModule(code=SOURCE, options=(f"-DUNROLL={unroll}",))


def _median_seconds(launch, loops: int = 7, per_loop: int = 5) -> float:
    """Median over loops of the per-launch time (CUDA events around ``per_loop`` launches)."""
    from ..runtime.timing import median_seconds
    return median_seconds(launch, loops=loops, calls=per_loop, warmup=1)


def measure_read(buf, sms: int) -> tuple[float, list[dict]]:
    """Best streaming-read GB/s over READ_CONFIGS, and every config's figure."""
    import cupy

    n4 = buf.size // 4
    out = cupy.empty(1024 * 1024, dtype=cupy.float32)
    results = []
    for threads, per_sm, unroll in READ_CONFIGS:
        kern = _module(unroll).get_function("read_f4")
        grid = sms * per_sm
        s = _median_seconds(lambda: kern((grid,), (threads,),
                                         (buf, cupy.int64(n4), out, cupy.int32(0))))
        results.append({"threads": threads, "blocks_per_sm": per_sm, "loads_in_flight": unroll,
                        "GBs": round(buf.nbytes / s / 1e9, 1)})
    return max(r["GBs"] for r in results), results


def measure_write(buf, sms: int) -> tuple[float, list[dict]]:
    """Best streaming-write GB/s over WRITE_CONFIGS."""
    import cupy

    n4 = buf.size // 4
    results = []
    for threads, per_sm, unroll in WRITE_CONFIGS:
        kern = _module(unroll).get_function("write_f4")
        grid = sms * per_sm
        s = _median_seconds(lambda: kern((grid,), (threads,),
                                         (buf, cupy.int64(n4), cupy.float32(1.0))))
        results.append({"threads": threads, "blocks_per_sm": per_sm, "stores_per_iter": unroll,
                        "GBs": round(buf.nbytes / s / 1e9, 1)})
    return max(r["GBs"] for r in results), results


def measure_copy(src, dst, sms: int) -> dict:
    """Copy GB/s (read + written bytes): best kernel config and cudaMemcpyAsync."""
    import cupy

    n4 = src.size // 4
    kernel_best = 0.0
    for threads, per_sm, unroll in COPY_CONFIGS:
        kern = _module(unroll).get_function("copy_f4")
        grid = sms * per_sm
        s = _median_seconds(lambda: kern((grid,), (threads,), (src, dst, cupy.int64(n4))))
        kernel_best = max(kernel_best, 2 * src.nbytes / s / 1e9)
    rt = cupy.cuda.runtime

    def memcpy():
        rt.memcpyAsync(dst.data.ptr, src.data.ptr, src.nbytes, rt.memcpyDeviceToDevice,
                       cupy.cuda.get_current_stream().ptr)

    s = _median_seconds(memcpy)
    memcpy_GBs = 2 * src.nbytes / s / 1e9
    return {"copy_kernel_GBs": round(kernel_best, 1), "memcpy_GBs": round(memcpy_GBs, 1),
            "copy_GBs": round(max(kernel_best, memcpy_GBs), 1)}


def measure_launch(launches: int = 2000, loops: int = 7) -> dict:
    """Host microseconds per empty-kernel launch through CuPy, back to back."""
    import cupy

    kern = _module(1).get_function("empty_kernel")
    for _ in range(100):
        kern((1,), (32,), ())
    cupy.cuda.Device().synchronize()
    host = []
    for _ in range(loops):
        t0 = time.perf_counter()
        for _ in range(launches):
            kern((1,), (32,), ())
        cupy.cuda.Device().synchronize()
        host.append((time.perf_counter() - t0) / launches * 1e6)
    return {"launch_us": round(statistics.median(host), 3), "launch_us_min": round(min(host), 3)}


SHORT_BYTES = 64 << 20   # the medium sizes' A (n = 4096) and two 2^23 vectors: 15-35 µs kernels


def rotating_buffers(nbytes: int, rotate: int = 512 << 20) -> tuple:
    """(float4 count per buffer, sources of ones, destinations, a sink): enough float32 buffers of
    ``nbytes`` that a round over them moves ``rotate`` bytes (none of it left in L2)."""
    import cupy

    n = nbytes // 4
    count = max(2, rotate // nbytes)
    src = [cupy.ones(n, dtype=cupy.float32) for _ in range(count)]
    dst = [cupy.empty(n, dtype=cupy.float32) for _ in range(count)]
    return n // 4, src, dst, cupy.empty(1 << 20, dtype=cupy.float32)


def measure_short(sms: int, nbytes: int = SHORT_BYTES) -> dict:
    """Read, write and copy of ``nbytes`` per kernel: the best of the ceiling shapes (every
    shape's µs in ``shapes_us``), device time over a rotating set of buffers (none of it in
    L2) launched from one graph.  What a
    kernel that moves that much reaches, ramp and tail included (H200: a 64 MiB read reaches
    88% of the 1 GiB read ceiling)."""
    import cupy
    from ..runtime.timing import graph_seconds

    n4, src, dst, sink = rotating_buffers(nbytes)
    count = len(src)
    out = {"bytes": nbytes}
    try:
        def best(name, configs, args_of, moved):
            shapes = {}
            for threads, per_sm, unroll in configs:
                k = _module(unroll).get_function(name)
                grids = {f"{threads}x{per_sm}/SM u{unroll}": sms * per_sm}   # grid-stride
                if unroll == 4:
                    grids[f"{threads} one pack"] = -(-n4 // threads)          # one pack per thread
                for label, grid in grids.items():
                    shapes[label] = round(graph_seconds([functools.partial(k, (grid,), (threads,), args_of(i))
                                                         for i in range(count)]) * 1e6, 3)
            us = min(shapes.values())
            return {"us": us, "GBs": round(moved / us / 1e3, 1), "shapes_us": shapes}

        out["read"] = best("read_f4", READ_CONFIGS,
                           lambda i: (src[i], cupy.int64(n4), sink, cupy.int32(0)), nbytes)
        out["write"] = best("write_f4", WRITE_CONFIGS,
                            lambda i: (dst[i], cupy.int64(n4), cupy.float32(1.0)), nbytes)
        out["copy"] = best("copy_f4", COPY_CONFIGS,
                           lambda i: (src[i], dst[i], cupy.int64(n4)), 2 * nbytes)
    finally:
        src.clear()
        dst.clear()
        cupy.get_default_memory_pool().free_all_blocks()
    return out


def measure(buffer_bytes: int = 1 << 30) -> dict:
    """All ceilings plus device facts; frees its buffers before returning."""
    import cupy

    info = device_info()
    sms = info["sm_count"] or config.DEFAULT_SM_COUNT
    n = buffer_bytes // 4
    src = cupy.empty(n, dtype=cupy.float32)
    dst = cupy.empty(n, dtype=cupy.float32)
    try:
        src.fill(1.0)
        read_GBs, read_cfg = measure_read(src, sms)
        write_GBs, write_cfg = measure_write(dst, sms)
        copy = measure_copy(src, dst, sms)
    finally:
        del src, dst
        cupy.get_default_memory_pool().free_all_blocks()
    launch = measure_launch()
    short = measure_short(sms)
    return {"device": info, "read_GBs": read_GBs, "write_GBs": write_GBs, **copy, **launch, "short": short,
            "buffer_bytes": buffer_bytes, "read_configs": read_cfg, "write_configs": write_cfg}
