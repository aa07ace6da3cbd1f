"""``kfuse calibrate --blas3``: the GEMM engines' peaks and the schemes' efficiencies on this GPU.

In one run: the engine peaks (:func:`measure_peaks`: 16 independent FFMA chains per thread in
float32 and float64, 8 independent ``mma.sync`` chains per warp, m16n8k8 TF32 and m16n8k8 f64
(four m8n8k4 before sm_90); 8 blocks of 256 threads per SM, CUDA events, median of 5), then each
scheme the gemm space offers an n x n x n product in float32 (in float64 on an engine without
float32: mma_f64), built through kfuse's pipeline (``C = A @ B``, one kernel, the scheme as its plan), checked
once against a float64 product (a wrong kernel is not calibrated), timed as the calibration's
probes are (:func:`kfuse.runtime.timing.device_seconds`: a CUDA graph over inputs rotating
past L2, median of 7 replays).  A scheme's efficiency at a size is the model's engine time at
the measured peak (flops x wave quantisation / peak, :func:`kfuse.spaces.gemm.model.engine_seconds`)
over the measured time; its stored efficiency is the median over the sizes.

The result is the calibration's "gemm" section (:mod:`kfuse.spaces.gemm.calibration`), merged
into the calibration in force (schemes not remeasured keep their flop rate) and written where
``kfuse calibrate`` writes (``<cache_dir>/calibrations/<device>.json``, or ``-o``); the rest of
the calibration is kept as it is.  ``--dry-run`` lists the work without a GPU.
"""
from __future__ import annotations

import dataclasses
import datetime
import statistics
import sys

SIZES = (2048, 4096, 8192)
QUICK_SIZES = (4096,)
from ..spaces.gemm import engines as gemm_engines

ENGINES = gemm_engines.names()
SCRIPT = "matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;"

PEAK_SRC = r"""
extern "C" __global__ void fma_peak(T* out, int iters, T a, T b) {
    T x[16];
    #pragma unroll
    for (int c = 0; c < 16; ++c) x[c] = threadIdx.x * (T)1e-3 + c;
    for (int i = 0; i < iters; ++i) {
        #pragma unroll
        for (int c = 0; c < 16; ++c) x[c] = FMA(x[c], a, b);
    }
    T s = 0;
    #pragma unroll
    for (int c = 0; c < 16; ++c) s += x[c];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void mma_peak(float* out, int iters) {
    unsigned a[4], b[2];
    float acc[8][4];
    #pragma unroll
    for (int r = 0; r < 4; ++r) a[r] = __float_as_uint(threadIdx.x * 1e-3f + r);
    b[0] = __float_as_uint(0.5f); b[1] = __float_as_uint(0.25f);
    #pragma unroll
    for (int c = 0; c < 8; ++c) { acc[c][0] = acc[c][1] = acc[c][2] = acc[c][3] = 0.f; }
    for (int i = 0; i < iters; ++i) {
        #pragma unroll
        for (int c = 0; c < 8; ++c)
            asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                         "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+f"(acc[c][0]), "+f"(acc[c][1]), "+f"(acc[c][2]), "+f"(acc[c][3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    float s = 0.f;
    #pragma unroll
    for (int c = 0; c < 8; ++c) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

extern "C" __global__ void dmma_peak(double* out, int iters) {
    double a[4], b[2], acc[8][4];
    #pragma unroll
    for (int i = 0; i < 4; ++i) a[i] = threadIdx.x * 1e-3 + i;
    b[0] = 0.5, b[1] = 0.25;
    #pragma unroll
    for (int c = 0; c < 8; ++c) { acc[c][0] = acc[c][1] = acc[c][2] = acc[c][3] = 0.0; }
    for (int i = 0; i < iters; ++i) {
        #pragma unroll
        for (int c = 0; c < 8; ++c) {
#if __CUDA_ARCH__ >= 900
            asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
                         "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                         : "+d"(acc[c][0]), "+d"(acc[c][1]), "+d"(acc[c][2]), "+d"(acc[c][3])
                         : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#else       // sm_80 - sm_89 have only m8n8k4 f64: four of them are the same flops (kf_mma_f64's arm)
            #pragma unroll
            for (int q = 0; q < 4; ++q)
                asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                             : "+d"(acc[c][q / 2 * 2]), "+d"(acc[c][q / 2 * 2 + 1])
                             : "d"(a[q % 2 * 2 + q / 2]), "d"(b[q % 2]));
#endif
        }
    }
    double s = 0.0;
    #pragma unroll
    for (int c = 0; c < 8; ++c) s += acc[c][0] + acc[c][1] + acc[c][2] + acc[c][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
"""
#: peak probes: engine -> (kernel, element type, flops per thread per iteration), the engines' ``peaks``
PEAKS = {f"{e.name}/{dtype}": probe for e in gemm_engines.ENGINES for dtype, probe in e.peaks.items()}


def dtype_of(engine: str) -> str:
    """The dtype ``engine``'s schemes are timed in, that of the peak its efficiencies are
    measured against (:func:`kfuse.spaces.gemm.calibration.reference_peak`): float32, or the
    first it multiplies where it multiplies no float32 (mma_f64: float64)."""
    from ..spaces.gemm.calibration import reference_peak
    return reference_peak(engine).split("/")[1]


def schemes(engine: str, n: int) -> list:
    """The schemes the gemm space offers an n x n x n product on ``engine`` in its dtype."""
    from ..spaces.gemm.scheme import checked
    dt = dtype_of(engine)
    return checked(gemm_engines.get(engine).candidates(dt, n, n, n), dt, n, n, n)


def work(sizes=SIZES, engines=ENGINES, most: int | None = None) -> list:
    """The (engine, n, scheme) points to time, at most ``most`` schemes per engine and size."""
    return [(e, n, s) for e in engines for n in sizes for s in schemes(e, n)[:most]]


def dry_run(sizes=SIZES, engines=ENGINES, most: int | None = None, out=None) -> int:
    """Print the work of a run (no GPU needed); the number of timed GEMMs."""
    out = out or sys.stdout
    from ..spaces.gemm.space import efficiency_key
    jobs = work(sizes, engines, most)
    out.write(f"kfuse calibrate --blas3: {len(PEAKS)} peak probes ({', '.join(PEAKS)}), then "
              f"{len(jobs)} GEMMs (C = A @ B in float32, float64 for engines without float32, "
              f"n in {', '.join(map(str, sizes))}):\n")
    for e, n, s in jobs:
        out.write(f"  {e:<8} n={n:<5} {s.to_text()}  [{efficiency_key(s)}]\n")
    out.write("writes the calibration's \"gemm\" section (peaks, efficiency per scheme) to "
              "<cache_dir>/calibrations/<device>.json (or -o); nothing else of it changes\n")
    return len(jobs)


def measure_peaks(iters: int = 2048, repeats: int = 5) -> dict:
    """Flop/s of each engine in :data:`PEAKS` on this GPU (CuPy RawKernels, CUDA events)."""
    import cupy
    dev = cupy.cuda.Device()
    sms = dev.attributes["MultiProcessorCount"]
    blocks, threads = sms * 8, 256
    out = {}
    for engine, (name, ctype, per_iter) in PEAKS.items():
        fma = "fma" if ctype == "double" else "fmaf"
        kern = cupy.RawKernel(f"#define T {ctype}\n#define FMA {fma}\n" + PEAK_SRC, name)
        dt = cupy.float64 if ctype == "double" else cupy.float32
        buf = cupy.empty(blocks * threads, dtype=dt)
        args = (buf, cupy.int32(iters)) + ((dt(0.9999999), dt(1e-7)) if name == "fma_peak" else ())
        kern((blocks,), (threads,), args)
        dev.synchronize()
        times = []
        for _ in range(repeats):
            start, stop = cupy.cuda.Event(), cupy.cuda.Event()
            start.record()
            kern((blocks,), (threads,), args)
            stop.record()
            stop.synchronize()
            times.append(cupy.cuda.get_elapsed_time(start, stop) * 1e-3)
        out[engine] = float(per_iter) * iters * blocks * threads / statistics.median(times)
    return out


def _program(n: int, dtype: str = "float32"):
    from ..api import bind_sizes
    from ..frontend import script
    return bind_sizes(script.parse(SCRIPT, "gemm", dtype=dtype), {"m": n, "n": n, "k": n})


def time_scheme(engine: str, n: int, scheme, peaks: dict, cal) -> dict:
    """Build, check and time one scheme at n; its row (seconds, TFLOP/s, efficiency)."""
    import cupy

    from .. import config
    from ..spaces import stored
    from ..fusion.search import make_plan
    from ..model.predict import kernel_traffic
    from ..spaces.gemm.model import engine_rate, engine_seconds
    from ..pipeline.stages import build
    from ..runtime.timing import device_seconds, rotating_args
    dt = dtype_of(engine)
    prog = _program(n, dt)
    calls = [c.id for c in prog.calls]
    params = dataclasses.asdict(scheme)
    with config.override(precision=gemm_engines.get(engine).precision):
        exe = build(prog, make_plan(prog, [(calls, params)]))
        rng = cupy.random.default_rng(n)
        A, B = (rng.standard_normal((n, n), dtype=dt) for _ in range(2))
        (C,) = exe(A, B)
        ref = A.astype(cupy.float64) @ B.astype(cupy.float64)
        err = float(cupy.linalg.norm(C - ref) / cupy.linalg.norm(ref))
        del C, ref
        t = device_seconds(exe, rotating_args([A, B])) if err <= gemm_engines.get(engine).tolerance else float("nan")
    tr = kernel_traffic(prog, calls, params, stored(prog, [calls])[0])
    at_model_rate = engine_seconds(dataclasses.replace(
        tr, terms=dataclasses.replace(tr.terms, engine_eff=1.0, engine_scheme=None)), cal)
    ideal = at_model_rate * engine_rate(cal, tr.terms.engine) / peaks[tr.terms.engine]
    return {"engine": engine, "n": n, "scheme": scheme.to_text(), "seconds": t, "rel_error": err,
            "tflops": 2.0 * n ** 3 / t / 1e12 if t == t else None,
            "efficiency": ideal / t if t == t else None}


def section_of(rows: list, peaks: dict, sizes) -> dict:
    """The "gemm" section of a run: the peaks, each scheme's median efficiency over the sizes
    it ran correctly at, and the rows' TFLOP/s per size (``measured``)."""
    from ..spaces.gemm.calibration import MAX_EFFICIENCY
    from ..spaces.gemm.space import EFFICIENCY_KEY
    effs: dict = {}
    measured: dict = {}
    for r in rows:
        if r["efficiency"] is None:
            continue
        effs.setdefault(r["key"], []).append(r["efficiency"])
        measured.setdefault(r["key"], {})[str(r["n"])] = round(r["tflops"], 2)
    return {"source": f"kfuse calibrate --blas3, {datetime.date.today().isoformat()} "
                      f"(n = {', '.join(map(str, sizes))}, NN, float32 (float64: mma_f64), median over the sizes)",
            "key": list(EFFICIENCY_KEY), "peak": dict(peaks),
            "efficiency": {k: min(MAX_EFFICIENCY, statistics.median(v)) for k, v in effs.items()},
            "measured_tflops": measured}


def calibrate_gemm(path: str | None = None, sizes=SIZES, engines=ENGINES, most: int | None = None,
                   progress: bool = True) -> dict:
    """Measure the peaks and the schemes on this GPU, merge the section into the calibration in
    force, write it (``path``, default the user's).  Returns {"section", "rows", "path"}."""
    from ..model.calibration import load_calibration, user_calibration_path, write_calibration
    from ..spaces.gemm.calibration import merge_sections
    from ..spaces.gemm.space import efficiency_key
    from .probes import require_gpu
    from .progress import Progress
    name = require_gpu()
    cal = load_calibration(name)
    jobs = work(sizes, engines, most)
    bar = Progress(len(jobs) + 1) if progress else None
    peaks = measure_peaks()
    if bar:
        bar.advance(label="peaks " + ", ".join(f"{k} {v / 1e12:.1f} TFLOP/s" for k, v in peaks.items()))
    rows = []
    for engine, n, s in jobs:
        r = time_scheme(engine, n, s, peaks, cal)
        r["key"] = efficiency_key(s)
        rows.append(r)
        if bar:
            bar.advance(label=f"{engine} n={n} {r['tflops'] or 0:.1f} TFLOP/s {s.to_text()}")
    if bar:
        bar.close()
    section = section_of(rows, peaks, sizes)
    old = cal.gemm if cal.device == name else {}
    merged = merge_sections(old, section)
    new = dataclasses.replace(cal, device=name, gemm=merged)
    path = path or user_calibration_path(name)
    write_calibration(new, path)
    load_calibration.cache_clear()
    return {"section": merged, "rows": rows, "path": path}


def table(rows: list, peaks: dict) -> str:
    """The run as Markdown: peaks, then one line per scheme and size."""
    lines = ["| engine | peak TFLOP/s |", "|---|---|"]
    lines += [f"| {k} | {v / 1e12:.1f} |" for k, v in peaks.items()]
    lines += ["", "| engine | n | scheme | TFLOP/s | efficiency | rel. error |", "|---|---|---|---|---|---|"]
    for r in rows:
        tf = "wrong" if r["tflops"] is None else f"{r['tflops']:.1f}"
        eff = "-" if r["efficiency"] is None else f"{r['efficiency']:.3f}"
        lines.append(f"| {r['engine']} | {r['n']} | {r['scheme']} | {tf} | {eff} | {r['rel_error']:.1e} |")
    return "\n".join(lines)
