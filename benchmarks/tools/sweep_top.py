"""The fastest variants of a benchmarks/stencil_variants.py log and the model's pick among them:
    python3 benchmarks/tools/sweep_top.py LOG [N]"""
import re
import sys


def main(path: str, n: int) -> None:
    rows = [line.rstrip() for line in open(path) if "of limit" in line]
    pct = [float(re.search(r"([\d.]+)% of limit", r).group(1)) for r in rows]
    order = sorted(range(len(rows)), key=lambda i: pct[i])
    print(f"{len(rows)} variants timed")
    for i in order[-n:]:
        print(rows[i])
    for i in order:
        if "<- model" in rows[i]:
            print(f"model's pick, rank {len(rows) - order.index(i)} of {len(rows)}: {rows[i]}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
