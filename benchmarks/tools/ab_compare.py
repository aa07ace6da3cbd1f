"""Compare kfuse's hot times between bench runs of two source trees, with the noise measured.

Runs A1, B1, A2, B2 (interleaved, same GPU, same settings) of ``kfuse.bench --impls kfuse``:
the noise of a point is |A2/A1 - 1| (the same code twice); a regression is B slower than A by more
than the noise of that point, and by more than 3 %.  Writes a table (stdout) and JSON.

    python benchmarks/tools/ab_compare.py A1/raw.jsonl A2/raw.jsonl B1/raw.jsonl B2/raw.jsonl --json ab.json
"""
from __future__ import annotations

import argparse
import json
import math
import statistics


def hot_times(path: str) -> dict:
    """(sequence, size) -> hot µs of kfuse in one run's raw.jsonl, and the plan's kernel count."""
    out = {}
    with open(path) as f:
        for line in f:
            d = json.loads(line)
            if d.get("type") == "result" and d.get("impl") == "kfuse" and d.get("status") == "ok":
                out[d["seq"], d["size"]] = (d["hot"]["us"], d.get("n_kernels"), json.dumps(d.get("plan", {}).get("kernels")))
    return out


def compare(a1: dict, a2: dict, b1: dict, b2: dict) -> list:
    """Per point: A (mean of its two runs), B (mean), noise (A2/A1 - 1), B/A, same plan or not."""
    rows = []
    for key in sorted(set(a1) & set(a2) & set(b1) & set(b2)):
        ta = (a1[key][0] + a2[key][0]) / 2
        tb = (b1[key][0] + b2[key][0]) / 2
        noise = max(abs(a2[key][0] / a1[key][0] - 1), abs(b2[key][0] / b1[key][0] - 1))
        rows.append({"seq": key[0], "size": key[1], "a_us": ta, "b_us": tb, "b_over_a": tb / ta,
                     "noise": noise, "same_plan": a1[key][2] == b1[key][2],
                     "regression": tb / ta - 1 > max(noise, 0.03)})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs=4, metavar="RAW", help="A1 A2 B1 B2 raw.jsonl files")
    ap.add_argument("--json", help="write the rows and the summary here")
    args = ap.parse_args(argv)
    rows = compare(*(hot_times(p) for p in args.runs))
    print(f"{'sequence':9} {'size':>10} {'A µs':>9} {'B µs':>9} {'B/A':>7} {'noise':>7} plan")
    for r in rows:
        print(f"{r['seq']:9} {r['size']:>10} {r['a_us']:9.2f} {r['b_us']:9.2f} {r['b_over_a']:7.3f} "
              f"{100 * r['noise']:6.1f}% {'same' if r['same_plan'] else 'DIFFERENT'}"
              + ("  REGRESSION" if r["regression"] else ""))
    gm = math.exp(statistics.fmean(math.log(r["b_over_a"]) for r in rows)) if rows else float("nan")
    summary = {"points": len(rows), "geomean_b_over_a": gm, "max_noise": max((r["noise"] for r in rows), default=0),
               "median_noise": statistics.median([r["noise"] for r in rows]) if rows else 0,
               "regressions": sum(r["regression"] for r in rows), "different_plans": sum(not r["same_plan"] for r in rows)}
    print(json.dumps(summary))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "summary": summary}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
