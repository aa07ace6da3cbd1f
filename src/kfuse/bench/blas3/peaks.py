"""The physical limits of a BLAS-3 run, measured in the same run.

* FFMA peak: a tiny NVRTC kernel (CuPy RawKernel) of 16 independent FFMA chains per thread, 8
  blocks of 256 threads per SM, timed with CUDA events: the fp32 rate the CUDA cores reach;
  also the theoretical SMs x FP32 lanes x 2 x clock (lanes: 128 per SM on sm_86/89/90, 64 on
  sm_70/80).
* streaming read: the best GB/s of :func:`kfuse.calibrate.ceilings.measure_read` over a 1 GiB
  buffer, the limit of the memory-bound fused workloads (``abx``, :mod:`.fused`);
* TF32 dense tensor peak: the datasheet's figure for the GPU (stated as such; None when the GPU
  is not in the table); the practical reference is cuBLAS TF32 GEMM at the same size, from the
  cublas records of the run;
* float64 (:func:`fp64_peaks`): the probes of ``kfuse calibrate --blas3``
  (:data:`kfuse.calibrate.gemm.PEAKS`): ``mma_f64/float64`` (DMMA m16n8k8 chains: the FP64
  tensor-core rate, the peak float64 points are a fraction of) and ``ffma/float64`` (DFMA
  chains on the CUDA cores); None where a probe cannot run (DMMA m16n8k8 needs sm_90).
"""
from __future__ import annotations

FFMA_SRC = r"""
extern "C" __global__ void ffma_peak(float* out, int iters, float a, float b) {
    float x[16];
    #pragma unroll
    for (int c = 0; c < 16; ++c) x[c] = threadIdx.x * 1e-3f + c;
    for (int i = 0; i < iters; ++i) {
        #pragma unroll
        for (int c = 0; c < 16; ++c) x[c] = fmaf(x[c], a, b);
    }
    float s = 0.f;
    #pragma unroll
    for (int c = 0; c < 16; ++c) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
"""
CHAINS = 16
FP32_LANES = {(7, 0): 64, (7, 5): 64, (8, 0): 64, (8, 6): 128, (8, 7): 128, (8, 9): 128,
              (9, 0): 128}
# dense TF32 tensor-core TFLOP/s by the datasheets (no sparsity)
TF32_DATASHEET = (("H200", 494.7), ("H100 SXM", 494.7), ("H100 80GB HBM3", 494.7),
                  ("H100 NVL", 417.5), ("H100 PCIe", 378.0), ("GH200", 494.7),
                  ("A100", 156.0), ("L40S", 183.0), ("A10", 62.5))


def tf32_datasheet(name: str) -> float | None:
    """The datasheet dense TF32 TFLOP/s of a GPU by name, or None."""
    for key, value in TF32_DATASHEET:
        if key.lower() in (name or "").lower():
            return value
    return None


def theoretical_ffma(sms: int, cc: tuple, clock_khz: int) -> float | None:
    """SMs x FP32 lanes x 2 x clock, TFLOP/s (None for an unknown architecture)."""
    lanes = FP32_LANES.get(tuple(cc))
    if not lanes or not clock_khz:
        return None
    return sms * lanes * 2 * clock_khz * 1e3 / 1e12


def read_bandwidth(sms: int, nbytes: int = 1 << 30) -> float | None:
    """The streaming-read ceiling in GB/s (None if it could not be measured)."""
    import cupy

    from ...calibrate.ceilings import measure_read

    try:
        buf = cupy.ones(nbytes // 4, dtype=cupy.float32)
        best, _ = measure_read(buf, sms)
        del buf
        cupy.get_default_memory_pool().free_all_blocks()
        return best
    except Exception:       # the FFMA peak still counts; the GB/s column says "n/a"
        return None


FP64_PROBES = {"fp64_tensor_probe_tflops": "mma_f64/float64", "dfma_probe_tflops": "ffma/float64"}


def fp64_peaks() -> dict:
    """{fp64_tensor_probe_tflops, dfma_probe_tflops}: the float64 probes of
    :func:`kfuse.calibrate.gemm.measure_peaks` in TFLOP/s (None each when they cannot run)."""
    try:
        from ...calibrate.gemm import measure_peaks

        rates = measure_peaks()
    except Exception:       # an old GPU or toolkit: the float64 % peak says "n/a"
        rates = {}
    return {key: (rates[probe] / 1e12 if rates.get(probe) else None)
            for key, probe in FP64_PROBES.items()}


def measure(iters: int = 4096, repeats: int = 5) -> dict:
    """Run the FFMA probe; the device's facts and the peaks (TFLOP/s)."""
    import statistics

    import cupy

    dev = cupy.cuda.Device()
    props = cupy.cuda.runtime.getDeviceProperties(dev.id)
    name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    sms, clock = int(props["multiProcessorCount"]), int(props.get("clockRate", 0) or 0)
    if not clock:   # CUDA 13 dropped cudaDeviceProp.clockRate: ask the attribute (kHz)
        try:
            clock = int(cupy.cuda.runtime.deviceGetAttribute(13, dev.id))   # cudaDevAttrClockRate
        except Exception:
            clock = 0
    cc = (int(props["major"]), int(props["minor"]))
    kernel = cupy.RawKernel(FFMA_SRC, "ffma_peak")
    blocks, threads = sms * 8, 256
    out = cupy.empty(blocks * threads, dtype=cupy.float32)
    args = (out, cupy.int32(iters), cupy.float32(0.9999999), cupy.float32(1e-7))
    kernel((blocks,), (threads,), args)     # compile + warm-up
    dev.synchronize()
    start, end = cupy.cuda.Event(), cupy.cuda.Event()
    times = []
    for _ in range(repeats):
        start.record()
        kernel((blocks,), (threads,), args)
        end.record()
        end.synchronize()
        times.append(cupy.cuda.get_elapsed_time(start, end) * 1e-3)
    flops = 2.0 * CHAINS * iters * blocks * threads
    return {"type": "peaks", "gpu": name, "sms": sms, "cc": list(cc), "clock_mhz": clock / 1e3,
            "ffma_probe_tflops": flops / statistics.median(times) / 1e12,
            "ffma_theoretical_tflops": theoretical_ffma(sms, cc, clock),
            "tf32_datasheet_tflops": tf32_datasheet(name), "read_gbs": read_bandwidth(sms),
            **fp64_peaks(),
            "probe": f"{CHAINS} FFMA chains x {iters} iterations, {blocks} blocks x {threads} threads, "
                     f"median of {repeats}"}
