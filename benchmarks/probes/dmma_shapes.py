"""The FP64 tensor cores' shapes, measured (issue 36, item 1): the rate of each ``mma.sync`` f64
shape a kernel can issue on the H200 (``m8n8k4``, sm_80+; ``m16n8k4``, ``m16n8k8``,
``m16n8k16``, sm_90+), the FP64 FFMA peak, and cuBLAS DGEMM (CuPy ``@``) at n = 2048, 4096 and
8192, in the same run.  Each probe keeps 8 independent accumulators per thread in registers
(no memory traffic) on 4 blocks of 256 threads per SM.

    PYTHONPATH=src python3 benchmarks/probes/dmma_shapes.py --out DIR

Writes DIR/dmma_shapes.json and prints a table."""
from __future__ import annotations

import argparse
import json
import os

#: shape -> (A doubles, B doubles, C doubles per thread, m, n, k)
SHAPES = {"m8n8k4": (1, 1, 2, 8, 8, 4), "m16n8k4": (2, 1, 4, 16, 8, 4),
          "m16n8k8": (4, 2, 4, 16, 8, 8), "m16n8k16": (8, 4, 4, 16, 8, 16)}
CHAINS = 8


def probe_source(shape: str) -> str:
    """A kernel issuing ``CHAINS`` independent mma ``shape`` per iteration."""
    na, nb, nc, *_ = SHAPES[shape]
    regs = [f"%{i}" for i in range(nc + na + nb)]
    d, a, b = regs[:nc], regs[nc:nc + na], regs[nc + na:]
    asm = (f"mma.sync.aligned.{shape}.row.col.f64.f64.f64.f64 {{{','.join(d)}}}, {{{','.join(a)}}}, "
           f"{{{','.join(b)}}}, {{{','.join(d)}}};")
    outs = ", ".join(f'"+d"(acc[c][{i}])' for i in range(nc))
    ins = ", ".join([f'"d"(a[{i}])' for i in range(na)] + [f'"d"(b[{i}])' for i in range(nb)])
    return f"""
extern "C" __global__ void __launch_bounds__(256) peak_{shape}(double* out, int iters) {{
    double a[{na}], b[{nb}], acc[{CHAINS}][{nc}];
    #pragma unroll
    for (int i = 0; i < {na}; ++i) a[i] = threadIdx.x * 1e-3 + i;
    #pragma unroll
    for (int i = 0; i < {nb}; ++i) b[i] = 0.5 + i;
    #pragma unroll
    for (int c = 0; c < {CHAINS}; ++c)
        #pragma unroll
        for (int i = 0; i < {nc}; ++i) acc[c][i] = 0.0;
    for (int it = 0; it < iters; ++it) {{
        #pragma unroll
        for (int c = 0; c < {CHAINS}; ++c)
            asm volatile("{asm}\\n" : {outs} : {ins});
    }}
    double s = 0.0;
    #pragma unroll
    for (int c = 0; c < {CHAINS}; ++c)
        #pragma unroll
        for (int i = 0; i < {nc}; ++i) s += acc[c][i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}}
"""


FFMA = r"""
extern "C" __global__ void __launch_bounds__(256) peak_ffma(double* out, int iters) {
    double acc[16];
    const double a = threadIdx.x * 1e-3, b = 0.999;
    #pragma unroll
    for (int c = 0; c < 16; ++c) acc[c] = c;
    for (int it = 0; it < iters; ++it) {
        #pragma unroll
        for (int c = 0; c < 16; ++c) acc[c] = fma(acc[c], b, a);
    }
    double s = 0.0;
    #pragma unroll
    for (int c = 0; c < 16; ++c) s += acc[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
"""


def _kernel(src: str, name: str):
    import cupy
    from kfuse.runtime import nvrtc
    cc = cupy.cuda.Device().compute_capability
    mod = cupy.cuda.function.Module()
    mod.load(nvrtc.compile_cuda(src, f"sm_{cc}").cubin)
    return mod.get_function(name)


def peaks(iters: int = 4096) -> dict:
    """TFLOP/s of each probe over the whole GPU."""
    import cupy
    from kfuse.runtime.timing import median_seconds
    sms = cupy.cuda.Device().attributes["MultiProcessorCount"]
    blocks, threads = 4 * sms, 256
    out = cupy.zeros(blocks * threads)
    rows = {}
    for shape, (_, _, _, m, n, k) in SHAPES.items():
        fn = _kernel(probe_source(shape), f"peak_{shape}")
        t = median_seconds(lambda: fn((blocks,), (threads,), (out, cupy.int32(iters))), loops=5, calls=3)
        rows[shape] = 2 * m * n * k * CHAINS * iters * blocks * (threads // 32) / t / 1e12
    fn = _kernel(FFMA, "peak_ffma")
    t = median_seconds(lambda: fn((blocks,), (threads,), (out, cupy.int32(iters))), loops=5, calls=3)
    rows["ffma"] = 2 * 16 * iters * blocks * threads / t / 1e12
    return rows


def cublas(sizes=(2048, 4096, 8192)) -> dict:
    """TFLOP/s of cuBLAS DGEMM (CuPy ``@``) at each n."""
    import cupy
    import numpy as np
    from kfuse.runtime.timing import median_seconds
    rows = {}
    for n in sizes:
        rng = np.random.default_rng(n)
        A, B = cupy.asarray(rng.standard_normal((n, n))), cupy.asarray(rng.standard_normal((n, n)))
        t = median_seconds(lambda: A @ B, loops=5, calls=3)
        rows[str(n)] = 2 * n ** 3 / t / 1e12
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="out")
    args = ap.parse_args(argv)
    import cupy
    result = {"device": cupy.cuda.runtime.getDeviceProperties(0)["name"].decode(),
              "peaks_tflops": peaks(), "cublas_dgemm_tflops": cublas()}
    for k, v in result["peaks_tflops"].items():
        print(f"peak {k:10s} {v:7.1f} TFLOP/s")
    for k, v in result["cublas_dgemm_tflops"].items():
        print(f"cuBLAS DGEMM n={k:5s} {v:7.1f} TFLOP/s")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "dmma_shapes.json"), "w") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
