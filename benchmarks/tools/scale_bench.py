"""How parsing and planning scale with the number of statements (issue 17, "Scale").

Generates scripts of N statements -- a long chain of vector maps, and random DAGs of BLAS-1/2
calls over vectors and matrices -- and times separately

* parse + graph: :func:`kfuse.frontend.script.parse`, binding the sizes, and the program's
  data-dependency graph (edges, readers);
* planning: :func:`kfuse.model.planner.best_plan` with the default search.

Prints a table and writes JSON to ``benchmarks/results/<date>/scale.json`` (``--out``)::

    PYTHONPATH=src python benchmarks/tools/scale_bench.py
    PYTHONPATH=src python benchmarks/tools/scale_bench.py --parse 1000,2000 --plan 50,100 --limit 120

A case that runs past ``--limit`` seconds is recorded as a timeout (and larger cases of the same
kind are skipped).  CPU only: no GPU, no NVRTC.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import signal
import sys
import time

SIZES = {"m": 4096, "n": 2048}


def chain_script(n: int) -> str:
    """``n`` statements, each reading the one before: ``x1 = x0 + y; x2 = x1 * y; ...``."""
    lines = ["vector x0(n), y(n);", "scalar a;", "input x0, y, a;"]
    ops = ("{p} + y", "{p} * y", "scal(a, {p})", "axpy(a, {p}, y)", "{p} - y")
    for i in range(1, n + 1):
        lines.append(f"x{i} = " + ops[i % len(ops)].format(p=f"x{i - 1}") + ";")
    lines.append(f"return x{n};")
    return "\n".join(lines) + "\n"


def dag_script(n: int, seed: int = 0) -> str:
    """``n`` statements of one library call each, over random earlier values (half from the
    last eight of their kind, half from all): vector maps, axpy/waxpby, gemv, gemv_t, dot,
    scal by a computed scalar, and now and then a ger making a new matrix.  Returns every
    value no statement reads."""
    rng = random.Random(seed)
    pools = {"vn": ["x", "u"], "vm": ["y", "w"], "mat": ["A"], "sca": ["a", "b"]}
    read: set = set()

    def pick(kind):
        pool = pools[kind]
        v = rng.choice(pool[-8:]) if rng.random() < 0.5 else rng.choice(pool)
        read.add(v)
        return v

    lines = ["matrix A(m, n);", "vector x(n), u(n), y(m), w(m);", "scalar a, b;",
             "input A, x, u, y, w, a, b;"]
    made = []
    for i in range(n):
        r = rng.random()
        vk = "vn" if rng.random() < 0.5 else "vm"
        if r < 0.22:
            kind, rhs = vk, f"{pick(vk)} + {pick(vk)}"
        elif r < 0.34:
            kind, rhs = vk, f"{pick(vk)} * {pick(vk)}"
        elif r < 0.48:
            kind, rhs = vk, f"axpy({pick('sca')}, {pick(vk)}, {pick(vk)})"
        elif r < 0.56:
            kind, rhs = vk, f"waxpby({pick('sca')}, {pick(vk)}, {pick('sca')}, {pick(vk)})"
        elif r < 0.64:
            kind, rhs = vk, f"scal({pick('sca')}, {pick(vk)})"
        elif r < 0.74:
            kind, rhs = "vm", f"gemv({pick('mat')}, {pick('vn')})"
        elif r < 0.84:
            kind, rhs = "vn", f"gemv_t({pick('mat')}, {pick('vm')})"
        elif r < 0.96:
            kind, rhs = "sca", f"dot({pick(vk)}, {pick(vk)})"
        else:
            kind, rhs = "mat", f"ger({pick('mat')}, {pick('vm')}, {pick('vn')})"
        name = f"t{i}"
        lines.append(f"{name} = {rhs};")
        pools[kind].append(name)
        made.append(name)
    sinks = [v for v in made if v not in read] or made[-1:]
    lines.append(f"return {', '.join(sinks)};")
    return "\n".join(lines) + "\n"


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _timed(fn, limit: float):
    """(wall seconds, CPU seconds, result) of ``fn()``, or (None, None, None) past ``limit``
    wall seconds.  CPU time is this process's: on a shared machine it is the fairer figure."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        res = fn()
        return time.perf_counter() - t0, time.process_time() - c0, res
    except _Timeout:
        return None, None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def parse_graph(text: str):
    """Parse, bind and build the data-dependency graph: the bound program."""
    from kfuse.api import bind_sizes
    from kfuse.frontend import script
    prog = script.parse(text, "scale")
    prog = bind_sizes(prog, {k: v for k, v in SIZES.items() if k in prog.symbols()})
    prog.edges()
    prog.consumers()
    return prog


def plan(prog):
    from kfuse.model.planner import best_plan
    return best_plan(prog)


def run(parse_ns, plan_ns, kinds, limit: float, seed: int) -> list:
    """Time every case; a kind's larger cases are skipped once one times out."""
    rows = []
    for stage, ns in (("parse+graph", parse_ns), ("plan", plan_ns)):
        for kind in kinds:
            dead = False
            for n in ns:
                text = chain_script(n) if kind == "chain" else dag_script(n, seed)
                row = {"stage": stage, "kind": kind, "statements": n}
                if dead:
                    row["status"] = "skipped"
                    rows.append(row)
                    print(_line(row), flush=True)
                    continue
                if stage == "parse+graph":
                    t, cpu, prog = _timed(lambda: parse_graph(text), limit)
                else:
                    prog = parse_graph(text)
                    t, cpu, pl = _timed(lambda: plan(prog), limit)
                    if t is not None:
                        row["kernels"] = len(pl.kernels)
                if prog is not None:
                    row["calls"] = len(prog.calls)
                row["status"] = "ok" if t is not None else f"timeout>{limit:g}s"
                row["seconds"] = round(t, 4) if t is not None else None
                row["cpu_seconds"] = round(cpu, 4) if cpu is not None else None
                dead = t is None
                rows.append(row)
                print(_line(row), flush=True)
    return rows


def _line(r: dict) -> str:
    secs = f"{r['seconds']:.3f}" if r.get("seconds") is not None else r["status"]
    cpu = f"{r['cpu_seconds']:.3f}" if r.get("cpu_seconds") is not None else ""
    return (f"| {r['stage']:<11} | {r['kind']:<5} | {r['statements']:>6} | {r.get('calls', ''):>6} "
            f"| {secs:>12} | {cpu:>8} | {r.get('kernels', ''):>7} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--parse", default="1000,2000,5000,10000", help="statement counts to parse")
    ap.add_argument("--plan", default="50,100,200,500,1000", help="statement counts to plan")
    ap.add_argument("--kinds", default="chain,dag", help="chain and/or dag")
    ap.add_argument("--limit", type=float, default=300.0, help="seconds before a case is abandoned")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--label", default="", help="a note stored with the run (e.g. 'before')")
    ap.add_argument("--out", default=None, help="JSON file (default benchmarks/results/<date>/scale.json)")
    a = ap.parse_args(argv)
    nums = lambda s: [int(x) for x in s.split(",") if x]   # noqa: E731
    print("| stage       | kind  |  stmts |  calls |       wall s |    CPU s | kernels |")
    print("|-------------|-------|--------|--------|--------------|----------|---------|")
    rows = run(nums(a.parse), nums(a.plan), a.kinds.split(","), a.limit, a.seed)
    out = a.out or os.path.join(os.path.dirname(__file__), "..", "results",
                                datetime.date.today().isoformat(), "scale.json")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    runs = []
    if os.path.exists(out):
        with open(out) as f:
            runs = json.load(f).get("runs", [])
    runs.append({"label": a.label, "when": datetime.datetime.now().isoformat(timespec="seconds"),
                 "host": {"cpus": os.cpu_count(), "load_avg": os.getloadavg(),
                          "python": platform.python_version(),
                          "machine": platform.machine()},
                 "sizes": SIZES, "seed": a.seed, "limit_s": a.limit, "rows": rows})
    with open(out, "w") as f:
        json.dump({"benchmark": "scale", "runs": runs}, f, indent=1)
    print(f"wrote {os.path.relpath(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
