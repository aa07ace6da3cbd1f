"""The read, write and copy ceilings as a function of the bytes one kernel moves.

The bench's ceilings stream 1 GiB; a 15-30 µs kernel (n = 4096, 2^23 elements) also pays its
ramp (the first loads' latency, blocks still being issued) and its tail (the last wave, the
last block's stragglers).  This measures that cost with the bench's own ceiling kernels
(``kfuse.bench.ceilings``) at several sizes: device time per kernel, one launch per buffer of
a rotating set (so L2 holds none of it) captured in one CUDA graph (no host between
launches), median of replays.  Shapes: the grid-stride configurations of the ceilings, and
one 16-byte pack per thread (a grid covering the data once, as kfuse's ``iters=1``).

    PYTHONPATH=src python3 benchmarks/tools/size_ceilings.py [--json OUT.json]
        [--mib 8 16 32 64 128 256 1024]

The table gives GB/s per size and kind and the fraction of the 1 GiB figure; ``fixed_us`` is
the intercept of time against bytes fitted over the sizes (what a kernel pays besides its
bytes).
"""
import argparse
import json
import sys

import cupy

from kfuse.bench.ceilings import COPY_CONFIGS, READ_CONFIGS, WRITE_CONFIGS, _module, device_info, graph_seconds, \
    rotating_buffers


def per_kernel_seconds(make_launch, bufs) -> float:
    """Device seconds per launch of ``make_launch(buf)`` over the rotating ``bufs``."""
    return graph_seconds([make_launch(b) for b in bufs])


def shapes(configs, sms: int, n4: int):
    """(label, grid, threads, unroll) for the grid-stride configs and one pack per thread."""
    out = [(f"{t}x{k}/SM u{u}", sms * k, t, u) for t, k, u in configs]
    for t in (256, 512):
        out.append((f"{t} one pack", -(-n4 // t), t, 1))
    return out


def measure_size(nbytes: int, sms: int) -> dict:
    """Best read, write and copy GB/s (and every shape's) at one size."""
    n4, src, dst, sink = rotating_buffers(nbytes)
    res = {"MiB": nbytes >> 20, "buffers": len(src), "read": {}, "write": {}, "copy": {}}
    try:
        for label, grid, threads, unroll in shapes(READ_CONFIGS, sms, n4):
            k = _module(unroll).get_function("read_f4")
            s = per_kernel_seconds(lambda b: (lambda: k((grid,), (threads,), (b, cupy.int64(n4), sink,
                                                                              cupy.int32(0)))), src)
            res["read"][label] = {"us": s * 1e6, "GBs": nbytes / s / 1e9}
        for label, grid, threads, unroll in shapes(WRITE_CONFIGS, sms, n4):
            k = _module(unroll).get_function("write_f4")
            s = per_kernel_seconds(lambda b: (lambda: k((grid,), (threads,), (b, cupy.int64(n4),
                                                                              cupy.float32(1.0)))), dst)
            res["write"][label] = {"us": s * 1e6, "GBs": nbytes / s / 1e9}
        pairs = list(zip(src, dst))
        for label, grid, threads, unroll in shapes(COPY_CONFIGS, sms, n4):
            k = _module(unroll).get_function("copy_f4")
            s = per_kernel_seconds(lambda p: (lambda: k((grid,), (threads,), (p[0], p[1], cupy.int64(n4)))),
                                   pairs)
            res["copy"][label] = {"us": s * 1e6, "GBs": 2 * nbytes / s / 1e9}
    finally:
        del src, dst
        cupy.get_default_memory_pool().free_all_blocks()
    for kind in ("read", "write", "copy"):
        best = min(res[kind].values(), key=lambda r: r["us"])
        res[kind + "_best"] = best
    return res


def fit_fixed(rows: list, kind: str) -> tuple[float, float]:
    """Least-squares (intercept µs, GB/s) of best time against bytes over the sizes."""
    xs = [r["MiB"] * (1 << 20) * (2 if kind == "copy" else 1) for r in rows]
    ys = [r[kind + "_best"]["us"] for r in rows]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - b * mx, 1e-3 / b


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mib", type=int, nargs="+", default=[8, 16, 32, 64, 128, 256, 1024])
    p.add_argument("--json", help="write the results here")
    a = p.parse_args(argv)
    info = device_info()
    sms = info["sm_count"] or 132
    rows = [measure_size(m << 20, sms) for m in a.mib]
    top = rows[-1]
    print(f"{info['name']}: best shape per size; fraction of the {top['MiB']} MiB figure")
    print(f"{'MiB':>6} | {'read GB/s':>10} {'frac':>5} {'us':>8} | {'write GB/s':>10} {'frac':>5} {'us':>8} |"
          f" {'copy GB/s':>10} {'frac':>5} {'us':>8}")
    for r in rows:
        cells = []
        for kind in ("read", "write", "copy"):
            b = r[kind + "_best"]
            cells.append(f"{b['GBs']:10.0f} {b['GBs'] / top[kind + '_best']['GBs']:5.2f} {b['us']:8.2f}")
        print(f"{r['MiB']:>6} | " + " | ".join(cells))
    fits = {}
    for kind in ("read", "write", "copy"):
        fixed, gbs = fit_fixed(rows, kind)
        fits[kind] = {"fixed_us": fixed, "GBs": gbs}
        print(f"{kind}: time = {fixed:.2f} us + bytes / {gbs:.0f} GB/s")
    for r in rows:
        if r["MiB"] in (32, 64):
            for kind in ("read", "write", "copy"):
                print(f"  {r['MiB']} MiB {kind}: " + ", ".join(f"{k} {v['us']:.2f}" for k, v in r[kind].items()))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"device": info, "sizes": rows, "fits": fits}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
