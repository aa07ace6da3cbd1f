"""Two source trees of kfuse timed against each other on this GPU, with the run-to-run noise
measured in the same run: rounds of A, B, A, B ... of ``kfuse bench --quick --impls kfuse``
(the BLAS-1/2 sequences at three sizes) and of the application suite's kfuse peer, each tree
run from its own ``src/`` and ``benchmarks/`` (a tree without ``benchmarks/apps`` gives the
first suite only) with a compile cache of its own per round.

    python benchmarks/tools/ab_compare.py --tree old=/path/old --tree new=. --rounds 2 --out DIR

Per point: the median over rounds of each tree, their ratio, and the noise: the largest
relative spread between two rounds of one tree (A against A, B against B) at that point.  A
point is *slower* when B's median exceeds A's by more than that point's noise and more than
``--floor`` (a relative floor for points whose rounds happen to agree closely).  Writes
``DIR/ab.json`` and ``DIR/report.md`` and prints the table.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys


def run_tree(tree: str, out: str, apps: str, budget: int) -> None:
    """One round of both suites from ``tree``'s sources into ``out``."""
    env = {**os.environ, "PYTHONPATH": f"{tree}/src:{tree}", "KFUSE_CACHE_DIR": f"{out}/cache"}
    subprocess.run([sys.executable, "-m", "kfuse", "bench", "--quick", "--impls", "kfuse", "--no-ceilings",
                    "--no-plots", "--budget", str(budget), "--out", f"{out}/bench"], env=env, cwd=tree, check=False)
    subprocess.run([sys.executable, f"{tree}/benchmarks/apps/run.py", "--no-ceiling", "--peers", "kfuse",
                    "--apps", apps, "--dtypes", "float64", "--budget", str(budget), "--out", f"{out}/apps"],
                   env=env, cwd=tree, check=False)


def points(out: str) -> dict:
    """Point name -> microseconds of one round's results."""
    got = {}
    path = f"{out}/bench/results.json"
    if os.path.exists(path):
        for r in json.load(open(path)).get("records", []):
            if r.get("type") == "result" and r.get("status") == "ok" and r.get("hot"):
                got[f"{r['seq']} {r['size']} {r['dtype']}"] = r["hot"]["us"]
    path = f"{out}/apps/raw.jsonl"
    if os.path.exists(path):
        for line in open(path):
            r = json.loads(line)
            if r.get("us") and r.get("peer") == "kfuse":
                got[f"{r['app']} {r['dtype']}"] = r["us"]
    return got


def spread(values: list) -> float:
    """The largest relative difference between two of ``values``."""
    return max(values) / min(values) - 1 if len(values) > 1 else float("nan")


def compare(rounds: dict, names: list, floor: float) -> list:
    """One row per point measured in every round of both trees."""
    a, b = names
    keys = set.intersection(*[set(p) for runs in rounds.values() for p in runs])
    rows = []
    for k in sorted(keys):
        va, vb = [p[k] for p in rounds[a]], [p[k] for p in rounds[b]]
        noise = max(spread(va), spread(vb))
        ratio = statistics.median(vb) / statistics.median(va)
        rows.append({"point": k, a: statistics.median(va), b: statistics.median(vb), "ratio": ratio,
                     "noise": noise, "slower": ratio - 1 > max(noise, floor)})
    return rows


def report(rows: list, names: list) -> str:
    a, b = names
    lines = [f"| point | {a} us | {b} us | {b}/{a} | noise (max spread of one tree's rounds) | slower |",
             "|---|---|---|---|---|---|"]
    lines += [f"| {r['point']} | {r[a]:.2f} | {r[b]:.2f} | {r['ratio']:.3f} | {r['noise']:.1%} | "
              f"{'YES' if r['slower'] else ''} |" for r in rows]
    ratios = [r["ratio"] for r in rows]
    noises = [r["noise"] for r in rows]
    if rows:
        lines += ["", f"{len(rows)} points; {b}/{a} geometric mean "
                  f"{statistics.geometric_mean(ratios):.3f} (min {min(ratios):.3f}, max {max(ratios):.3f}); "
                  f"noise median {statistics.median(noises):.1%}, max {max(noises):.1%}; "
                  f"points slower than their noise: {sum(r['slower'] for r in rows)}"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", action="append", required=True, help="NAME=PATH (two of them: A then B)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--apps", default="gray_scott,hotspot,heat7,fdtd3d")
    ap.add_argument("--budget", type=int, default=120, help="seconds per suite and round")
    ap.add_argument("--floor", type=float, default=0.02)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    trees = dict(t.split("=", 1) for t in a.tree)
    if len(trees) != 2:
        ap.error("give two trees")
    names = list(trees)
    rounds = {n: [] for n in names}
    for i in range(a.rounds):
        for n in names:
            out = os.path.abspath(f"{a.out}/round{i}_{n}")
            run_tree(os.path.abspath(trees[n]), out, a.apps, a.budget)
            rounds[n].append(points(out))
    rows = compare(rounds, names, a.floor)
    os.makedirs(a.out, exist_ok=True)
    json.dump({"trees": trees, "rounds": rounds, "rows": rows}, open(f"{a.out}/ab.json", "w"), indent=1)
    text = report(rows, names)
    open(f"{a.out}/report.md", "w").write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
