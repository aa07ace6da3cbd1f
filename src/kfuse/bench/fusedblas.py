"""Seed 003's Table 2 on this GPU: fused multi-axpy and multi-dot against unfused kfuse and cuBLAS.

Operations: two independent axpys (``y1 += a x1; y2 += a x2``), three, and two dots
(``x1·y1, x2·y2``); float32, float64, complex64, complex128; n = 1.024e4 .. 1e8.
Three versions: kfuse's fused plan (one kernel), kfuse unfused (one kernel per call), and
cuBLAS (one library call per operation, in place, as seed 003's baseline).  Each result is
checked against float64 NumPy before timing; times are CUDA-event medians of back-to-back
calls.  Writes ``fusedblas.md``, ``fusedblas.json`` and ``fusedblas.png`` into ``--out``.

    python -m kfuse.bench.fusedblas --out benchmarks/results/DATE
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

SIZES = [10_240, 100_000, 1_000_000, 10_000_000, 100_000_000]
DTYPES = ["float32", "float64", "complex64", "complex128"]
OPS = {
    "2 axpy": ("vector x1(n), y1(n), x2(n), y2(n); scalar a; input x1, y1, x2, y2, a;"
               " z1 = axpy(a, x1, y1); z2 = axpy(a, x2, y2); return z1, z2;", 2),
    "3 axpy": ("vector x1(n), y1(n), x2(n), y2(n), x3(n), y3(n); scalar a; input x1, y1, x2, y2, x3, y3, a;"
               " z1 = axpy(a, x1, y1); z2 = axpy(a, x2, y2); z3 = axpy(a, x3, y3); return z1, z2, z3;", 3),
    "2 dot": ("vector x1(n), y1(n), x2(n), y2(n); scalar d1, d2; input x1, y1, x2, y2;"
              " d1 = dot(x1, y1); d2 = dot(x2, y2); return d1, d2;", 2),
}


def _time(fn, min_s: float = 0.05) -> float:
    from ..runtime.timing import median_seconds
    fn()
    import cupy
    t0 = time.perf_counter()
    fn()
    cupy.cuda.runtime.deviceSynchronize()
    one = max(time.perf_counter() - t0, 1e-6)
    calls = max(1, min(200, int(min_s / 7 / one)))
    return median_seconds(fn, loops=7, calls=calls)


def _device_inputs(prog, seed: int) -> dict:
    """Random inputs in [-1, 1) drawn on the device (1e8-element vectors in milliseconds)."""
    import cupy
    rs = cupy.random.RandomState(seed)
    out = {}
    for name in prog.inputs:
        t = prog.value(name).type
        if t.kind == "scalar":
            out[name] = 0.75 if not t.dtype.startswith("complex") else complex(0.75, -0.5)
            continue
        a = rs.uniform(-1, 1, t.shape)
        if t.dtype.startswith("complex"):
            a = a + 1j * rs.uniform(-1, 1, t.shape)
        out[name] = a.astype(t.dtype)
    return out


def _cublas(op: str, dtype: str, ins: dict):
    """In-place cuBLAS calls (the baseline of seed 003) on copies of the inputs."""
    import cupy
    from cupy_backends.cuda.libs import cublas
    handle = cublas.create()
    cublas.setStream(handle, cupy.cuda.get_current_stream().ptr)
    cublas.setPointerMode(handle, cublas.CUBLAS_POINTER_MODE_DEVICE)
    p = {"float32": "s", "float64": "d", "complex64": "c", "complex128": "z"}[dtype]
    axpy = getattr(cublas, p + "axpy")
    dot = getattr(cublas, p + ("dotu" if p in "cz" else "dot"))
    n = ins["x1"].size
    if "axpy" in op:
        k = int(op[0])
        ys = [ins[f"y{i}"].copy() for i in range(1, k + 1)]
        a = cupy.asarray(ins["a"], dtype=dtype)

        def run():
            for i in range(1, k + 1):
                axpy(handle, n, a.data.ptr, ins[f"x{i}"].data.ptr, 1, ys[i - 1].data.ptr, 1)
            return ys
        return run
    outs = [cupy.empty((), dtype=dtype) for _ in range(2)]

    def run():
        for i in (1, 2):
            dot(handle, n, ins[f"x{i}"].data.ptr, 1, ins[f"y{i}"].data.ptr, 1, outs[i - 1].data.ptr)
        return outs
    return run


def measure(sizes=SIZES, dtypes=DTYPES, progress=True) -> list:
    import cupy

    import kfuse
    from kfuse import reference
    rows = []
    total = len(sizes) * len(dtypes) * len(OPS)
    i = 0
    for dtype in dtypes:
        for n in sizes:
            for op, (text, _k) in OPS.items():
                i += 1
                if progress:
                    sys.stderr.write(f"\r[{'#' * (30 * i // total):<30}] {i}/{total} {op} {dtype} n={n}   ")
                itemsize = np.dtype(dtype).itemsize
                if n * itemsize * 7 > cupy.cuda.Device().mem_info[0] * 0.8:
                    continue
                prog = kfuse.api.bind_sizes(kfuse.parse(text, op.replace(" ", "_"), dtype), {"n": n})
                ins = _device_inputs(prog, seed=n)
                args = list(ins.values())
                refs = reference.run(prog, ins) if n <= 10_000_000 else None
                row = {"op": op, "dtype": dtype, "n": n}
                for name, exe in (("kfuse fused", kfuse.compile_program(prog)),
                                  ("kfuse unfused", kfuse.compile_program(prog, fuse=False))):
                    outs = exe(*args)
                    if refs is not None:
                        err = max(reference.rel_error(o, refs[v]) for o, v in zip(outs, prog.outputs))
                        tol = 1e-4 if dtype in ("float32", "complex64") else 1e-10
                        if not err <= tol:
                            row[name] = {"wrong": err}
                            continue
                    row[name] = {"us": _time(lambda e=exe, a=args: e(*a)) * 1e6, "kernels": exe.n_kernels}
                try:
                    run = _cublas(op, dtype, ins)
                    row["cublas"] = {"us": _time(run) * 1e6}
                except Exception as e:  # noqa: BLE001 - a missing cuBLAS binding is reported, not fatal
                    row["cublas"] = {"error": f"{type(e).__name__}: {e}"}
                rows.append(row)
                ins = args = None
                cupy.get_default_memory_pool().free_all_blocks()
    if progress:
        sys.stderr.write("\n")
    return rows


def table(rows: list) -> str:
    out = ["| operation | dtype | n | kfuse fused µs | kfuse unfused µs | cuBLAS µs | fused vs unfused | "
           "fused vs cuBLAS |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        f, u, c = (r.get(k, {}).get("us") for k in ("kfuse fused", "kfuse unfused", "cublas"))
        fmt = (lambda x: f"{x:.1f}" if x else "–")
        out.append(f"| {r['op']} | {r['dtype']} | {r['n']:.3g} | {fmt(f)} | {fmt(u)} | {fmt(c)} | "
                   f"{(u / f if f and u else 0):.2f}× | {(c / f if f and c else 0):.2f}× |")
    return "\n".join(out)


def plot(rows: list, path: str) -> str | None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib missing: no plot"
    fig, axes = plt.subplots(1, len(OPS), figsize=(15, 4.5))
    for ax, op in zip(axes, OPS):
        for dtype in DTYPES:
            pts = [r for r in rows if r["op"] == op and r["dtype"] == dtype and "us" in r.get("kfuse fused", {})]
            for who, style in (("kfuse unfused", "--"), ("cublas", ":")):
                xs = [r["n"] for r in pts if "us" in r.get(who, {})]
                ys = [r[who]["us"] / r["kfuse fused"]["us"] for r in pts if "us" in r.get(who, {})]
                if xs:
                    ax.plot(xs, ys, style, marker="o", label=f"{dtype}: {who} / fused")
        ax.axhline(1.0, color="grey", lw=0.8)
        ax.set_xscale("log")
        ax.set_title(f"{op}: speedup of the fused kernel")
        ax.set_xlabel("n")
    axes[0].set_ylabel("time / fused time")
    axes[-1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m kfuse.bench.fusedblas", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="benchmarks/results/fusedblas")
    ap.add_argument("--sizes", type=int, nargs="*", default=SIZES)
    ap.add_argument("--dtypes", nargs="*", default=DTYPES)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    rows = measure(a.sizes, a.dtypes)
    with open(os.path.join(a.out, "fusedblas.json"), "w") as f:
        json.dump(rows, f, indent=1)
    t = table(rows)
    with open(os.path.join(a.out, "fusedblas.md"), "w") as f:
        f.write("# Fused multi-axpy and multi-dot (seed 003, Table 2)\n\n" + t + "\n")
    note = plot(rows, os.path.join(a.out, "fusedblas.png"))
    print(t)
    if note:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
