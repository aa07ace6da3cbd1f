"""Issue 31's acceptance report: does kfuse take each application of tests/programs/apps
unchanged?  For every application and dtype, ``kfuse.jit(step).lower(...)`` on NumPy arrays
(no GPU needed) and, for one-field loops, ``kfuse.iterate``; prints a Markdown table (accepted
or the first error with the user's line, kernels in the plan, trace + plan + compile seconds)
and writes the records as JSON.

    PYTHONPATH=src:. python benchmarks/apps/accept.py [--apps gray_scott,heat7] [--dtypes float32]
        [--size test|quick] [--json accept.json]
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from tests.programs import apps  # noqa: E402
from tests.programs.apps import accept  # noqa: E402


def table(records: list) -> str:
    """The records as a Markdown table."""
    rows = ["| app | dtype | form | result | kernels | plan s |", "|---|---|---|---|---|---|"]
    for r in records:
        kernels = r.get("kernels", "")
        rows.append(f"| {r['app']} | {r['dtype']} | {r['form']} | {accept.first_line(r).replace('|', '/')} | "
                    f"{kernels} | {r.get('plan_s', 0):.2f} |")
    n_ok = sum(1 for r in records if r.get("accepted") and r["form"] != "iterate")
    n = sum(1 for r in records if r["form"] != "iterate")
    rows.append(f"\n{n_ok} of {n} (application, dtype) steps accepted unchanged by kfuse.jit(step).lower.")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", default=",".join(apps.NAMES), help="comma-separated application names")
    ap.add_argument("--dtypes", default="float32,float64")
    ap.add_argument("--size", choices=("test", "quick"), default="test",
                    help="the modules' TEST (small odd) or QUICK sizes")
    ap.add_argument("--json", default=None, help="write the records here")
    a = ap.parse_args(argv)
    records = []
    for name in a.apps.split(","):
        m = apps.load(name)
        shape = m.TEST if a.size == "test" else m.QUICK
        for dtype in a.dtypes.split(","):
            for rec in (accept.try_lower(name, dtype, shape), accept.try_iterate(name, dtype, shape)):
                if rec is not None:
                    records.append(rec)
                    print(f"{name} {dtype} {rec['form']}: {accept.first_line(rec, 100)}", file=sys.stderr, flush=True)
    print(table(records))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(records, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
