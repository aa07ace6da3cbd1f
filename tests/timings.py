"""Where a test run's time goes, read from its JUnit XML: the slowest tests, the seconds per test
function (all its parametrizations together), and the share of the quick tier (what
``pytest --quick`` keeps: tests/slow.py) against the tests marked slow.  What to read when
tests/slow.py needs another entry::

    python -m pytest -q -n auto --dist worksteal tests --junitxml=run.xml
    python -m tests.timings run.xml [--top 40]
"""
from __future__ import annotations

import argparse
import collections
import sys
import xml.etree.ElementTree as ET

from tests import slow


def durations(path: str) -> dict:
    """{node id: seconds} of every test case in the JUnit XML file ``path``."""
    out = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        module, name = case.get("classname", ""), case.get("name", "")
        parts = module.split(".")
        # classname is the module's dotted path, then the class (capitalized) of a method
        cut = len(parts) - 1 if parts and parts[-1][:1].isupper() else len(parts)
        out["::".join(["/".join(parts[:cut]) + ".py", *parts[cut:], name])] = float(case.get("time") or 0.0)
    return out


def summary(times: dict, top: int = 30) -> str:
    """The report in words."""
    quick = sum(t for n, t in times.items() if not slow.why(n))
    marked = sum(t for n, t in times.items() if slow.why(n))
    per_fn = collections.Counter()
    for n, t in times.items():
        per_fn[slow.function_id(n)] += t
    lines = [f"{len(times)} tests, {quick + marked:.0f} s in all: quick tier {quick:.0f} s, "
             f"marked slow {marked:.0f} s (seconds of test time, summed over the workers)",
             "", f"slowest {top} tests:"]
    lines += [f"  {t:8.1f} s  {'slow ' if slow.why(n) else '     '}{n}"
              for n, t in sorted(times.items(), key=lambda kv: -kv[1])[:top]]
    lines += ["", f"slowest {top} test functions (all parametrizations):"]
    lines += [f"  {t:8.1f} s  {fn}" for fn, t in per_fn.most_common(top)]
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.timings", description=__doc__.split("\n")[0])
    ap.add_argument("xml", help="a JUnit XML file (pytest --junitxml)")
    ap.add_argument("--top", type=int, default=30, help="rows per table")
    args = ap.parse_args(argv)
    print(summary(durations(args.xml), args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
