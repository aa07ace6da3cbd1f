"""The read, write and copy ceilings as a function of the bytes one kernel moves.

The bench's ceilings stream 1 GiB; a 15-30 µs kernel (n = 4096, 2^23 elements) also pays its
ramp (the first loads' latency, blocks still being issued) and its tail (the last wave, the
last block's stragglers).  This measures that cost with the bench's own ceiling kernels at
several sizes (:func:`kfuse.calibrate.ceilings.measure_short`: device time per kernel, one launch
per buffer of a rotating set, so L2 holds none of it, captured in one CUDA graph; the
grid-stride shapes of the ceilings and one 16-byte pack per thread).

    PYTHONPATH=src python3 benchmarks/tools/size_ceilings.py [--json OUT.json]
        [--mib 8 16 32 64 128 256 1024]

The table gives GB/s per size and kind and the fraction of the largest size's figure; the fit
gives the intercept of time against bytes over the sizes (what a kernel pays besides its bytes).
"""
import argparse
import json
import sys

from kfuse.calibrate.ceilings import device_info, measure_short

KINDS = ("read", "write", "copy")


def fit_fixed(rows: list, kind: str) -> tuple[float, float]:
    """Least-squares (intercept µs, GB/s) of best time against bytes moved over the sizes."""
    xs = [r["bytes"] * (2 if kind == "copy" else 1) for r in rows]
    ys = [r[kind]["us"] for r in rows]
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
    rows = [measure_short(info["sm_count"] or 132, m << 20) for m in a.mib]
    top = rows[-1]
    print(f"{info['name']}: best shape per size; fraction of the {top['bytes'] >> 20} MiB figure")
    print(f"{'MiB':>6} | " + " | ".join(f"{k + ' GB/s':>10} {'frac':>5} {'us':>8}" for k in KINDS))
    for r in rows:
        print(f"{r['bytes'] >> 20:>6} | " + " | ".join(
            f"{r[k]['GBs']:10.0f} {r[k]['GBs'] / top[k]['GBs']:5.2f} {r[k]['us']:8.2f}" for k in KINDS))
    fits = {}
    for kind in KINDS:
        fixed, gbs = fit_fixed(rows, kind)
        fits[kind] = {"fixed_us": fixed, "GBs": gbs}
        print(f"{kind}: time = {fixed:.2f} us + bytes / {gbs:.0f} GB/s")
    for r in rows:
        if r["bytes"] in (32 << 20, 64 << 20):
            for kind in KINDS:
                print(f"  {r['bytes'] >> 20} MiB {kind}: " + ", ".join(f"{k} {v:.2f}" for k, v in r[kind]["shapes_us"].items()))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"device": info, "sizes": rows, "fits": fits}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
