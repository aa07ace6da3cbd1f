"""compute-sanitizer (memcheck and racecheck) over kfuse's kernels with CuPy's memory pools off,
so an out-of-bounds access leaves every allocation (inside a pool it lands in another array and
memcheck cannot see it).  The cases (tests/sanitize/cases.py): the packaged examples, every
stencil staging variant, every BLAS-3 family in exact fp32 and TF32 and the float64 products
(engine mma_f64), the solvers; each checked against NumPy and its inputs checked unchanged.

    PYTHONPATH=src:. python3 tests/sanitize/run_sanitizer.py            # warm-up, then both tools
    PYTHONPATH=src:. python3 tests/sanitize/run_sanitizer.py --list     # the cases (no GPU needed)
    PYTHONPATH=src:. python3 tests/sanitize/run_sanitizer.py --only blas3/trsm --tools memcheck

A warm-up pass runs the cases without a sanitizer in parallel processes (checking the results and
filling one kernel cache, so the sanitized runs load cubins instead of compiling); then one process
per tool runs every case under ``compute-sanitizer --tool T --error-exitcode 99``, both tools at
once.  Errors are attributed to the case during which the sanitizer printed them (the driver
synchronizes and prints a marker around each case); the tool's ERROR SUMMARY is the total.
Prints a table (case, tool, errors) and writes sanitizer.json to $OUT when it is set.  Exit
status: 0 clean, 1 any sanitizer error, failed check or case not reached.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

MARK = "@@kfuse-sanitize"
TOOL_ARGS = {"memcheck": ["--tool", "memcheck", "--leak-check", "no"],
             "racecheck": ["--tool", "racecheck", "--racecheck-report", "hazard"]}
# a sanitizer's report of one error starts with one of these (memcheck: invalid accesses, API and
# launch errors; racecheck: hazards)
ERROR_LINE = re.compile(r"^=+ (Invalid |Program hit |Error: |Warning: |Race reported|Malloc|Free|"
                        r"Uninitialized|Barrier|Misaligned|Out-of-range|Unknown)")
SUMMARY = re.compile(r"^=+ (ERROR SUMMARY|RACECHECK SUMMARY): (\d+) (error|hazard)")


def select(only: list | None) -> list:
    """The cases whose name contains one of ``only`` (all without it); only the groups that
    ``only`` names when each entry starts with a group (``blas3/trsm``): stencils plan on listing."""
    from tests.sanitize.cases import GROUPS, cases
    groups = {o.split("/")[0] for o in only or ()}
    groups = sorted(groups, key=list(GROUPS).index) if only and groups <= set(GROUPS) and \
        all("/" in o for o in only) else None
    return [c for c in cases(groups) if not only or any(o in c.name for o in only)]


# --------------------------------------------------------------------- the driver (one process)
def drive(names: list) -> int:
    """Run the named cases here, CuPy's pools off and kfuse reusing no outputs; a marker line
    before and after each case (after a device synchronization).  1 if any check failed."""
    import cupy

    import kfuse
    cupy.cuda.set_allocator(None)
    cupy.cuda.set_pinned_memory_allocator(None)
    todo = {c.name: c for c in select(names)}
    failed = 0
    with kfuse.config.override(reuse_outputs=0):
        for name in names:
            print(f"{MARK} begin {name}", flush=True)
            t0 = time.perf_counter()
            try:
                note, status = todo[name].run(), "ok"
            except Exception as e:   # a failed check or an error: recorded, the next case runs
                note, status = f"{type(e).__name__}: {e}".replace("\n", " ")[:300], "fail"
                failed = 1
            try:
                cupy.cuda.Device().synchronize()
            except Exception as e:
                note, status, failed = f"{note}; synchronize: {e}"[:300], "fail", 1
            time.sleep(0.05)   # let the sanitizer print what this case's kernels did first
            print(f"{MARK} end {name} {status} {time.perf_counter() - t0:.2f} {note}", flush=True)
    return failed


# --------------------------------------------------------------------- parsing a run's output
def parse(text: str, names: list) -> dict:
    """{case: {"status", "errors", "seconds", "note"}} plus "_total" (the summary's count, or None)
    and "_outside" (errors printed outside any case) from a driver's output."""
    per = {n: {"status": "not reached", "errors": 0, "seconds": None, "note": ""} for n in names}
    current, outside, total = None, 0, None
    for line in text.splitlines():
        if line.startswith(MARK):
            parts = line.split(" ", 5)
            if parts[1] == "begin" and parts[2] in per:
                current = parts[2]
                per[current]["status"] = "started (did not finish)"
            elif parts[1] == "end" and parts[2] in per:
                per[parts[2]].update(status=parts[3], seconds=float(parts[4]), note=parts[5] if len(parts) > 5 else "")
                current = None
            continue
        m = SUMMARY.match(line)
        if m:
            total = (total or 0) + int(m.group(2))
        elif ERROR_LINE.match(line):
            if current is not None:
                per[current]["errors"] += 1
            else:
                outside += 1
    return {**per, "_total": total, "_outside": outside}


def run_tool(tool: str | None, names: list, env: dict, timeout: float, sanitizer: str) -> dict:
    """Start the driver over ``names`` (under ``tool``, or bare for None); returns the Popen and
    what to do with it (see :func:`finish`)."""
    cmd = [sys.executable, os.path.abspath(__file__), "--driver", *names]
    if tool:
        cmd = [sanitizer, *TOOL_ARGS[tool], "--error-exitcode", "99", *cmd]
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, text=True)
    return {"tool": tool, "names": names, "proc": proc, "log": log, "t0": time.perf_counter(), "timeout": timeout}


def finish(job: dict) -> dict:
    """Wait for a started run (killing it at its timeout) and parse its output."""
    proc, timed_out = job["proc"], False
    try:
        proc.wait(timeout=max(1.0, job["timeout"] - (time.perf_counter() - job["t0"])))
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        timed_out = True
    job["log"].seek(0)
    text = job["log"].read()
    _keep_log(job["tool"] or "none", text)
    res = parse(text, job["names"])
    return {"tool": job["tool"] or "none", "rc": proc.returncode, "timed_out": timed_out,
            "seconds": round(time.perf_counter() - job["t0"], 1), "result": res,
            "tail": "\n".join(l for l in text.splitlines() if not l.startswith(MARK))[-4000:]}


def _keep_log(tool: str, text: str, cap: int = 4 << 20) -> None:
    """The whole output of one tool's run as ``$OUT/sanitizer_<tool>.log`` (its first ``cap``
    characters: the first errors name the kernel and the address), where ``OUT`` is set."""
    out = os.environ.get("OUT")
    if out:
        with open(os.path.join(out, f"sanitizer_{tool}.log"), "a") as f:
            f.write(text[:cap])


# --------------------------------------------------------------------- the whole run
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="print the cases and exit (no GPU needed)")
    ap.add_argument("--driver", nargs="*", metavar="CASE", help=argparse.SUPPRESS)
    ap.add_argument("--only", nargs="*", metavar="TEXT", help="cases whose name contains one of these")
    ap.add_argument("--tools", default="memcheck,racecheck", help="comma-separated (default: both)")
    ap.add_argument("--sanitizer", default=None, help="compute-sanitizer's path (default: on PATH or in CUDA_HOME)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds for each sanitized run (default 300)")
    ap.add_argument("--warmup-timeout", type=float, default=200, help="seconds for the warm-up (default 200)")
    ap.add_argument("--warmup-jobs", type=int, default=min(8, os.cpu_count() or 2),
                    help="parallel processes of the warm-up pass (0: no warm-up)")
    ap.add_argument("--serial", action="store_true", help="run the tools one after the other")
    args = ap.parse_args(argv)
    if args.driver is not None:
        return drive(args.driver)
    chosen = select(args.only)
    if args.list:
        for c in chosen:
            print(c.name)
        groups = {}
        for c in chosen:
            groups[c.group] = groups.get(c.group, 0) + 1
        print(f"{len(chosen)} case(s): " + ", ".join(f"{g} {n}" for g, n in groups.items()))
        return 0
    tools = [t for t in args.tools.split(",") if t]
    bad = [t for t in tools if t not in TOOL_ARGS]
    if bad:
        ap.error(f"unknown tool(s) {bad}; the tools are {', '.join(TOOL_ARGS)}")
    sanitizer = args.sanitizer or shutil.which("compute-sanitizer") or \
        os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "compute-sanitizer")
    if not os.path.exists(sanitizer):
        print(f"compute-sanitizer not found ({sanitizer}); give --sanitizer PATH", file=sys.stderr)
        return 2
    names = [c.name for c in chosen]
    cache = tempfile.mkdtemp(prefix="kfuse-sanitize-cache-")
    env = dict(os.environ, KFUSE_CACHE_DIR=cache, PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "src"), ROOT, os.environ.get("PYTHONPATH", "")]))
    runs = []
    if args.warmup_jobs > 0:   # compile everything into the shared cache, check results unsanitized
        jobs = [run_tool(None, names[i::args.warmup_jobs], env, args.warmup_timeout, sanitizer)
                for i in range(min(args.warmup_jobs, len(names)))]
        runs += merge_runs([finish(j) for j in jobs], "none")
    if args.serial:
        runs += [finish(run_tool(t, names, env, args.timeout, sanitizer)) for t in tools]
    else:
        runs += [finish(j) for j in [run_tool(t, names, env, args.timeout, sanitizer) for t in tools]]
    shutil.rmtree(cache, ignore_errors=True)
    return report(runs, names)


def merge_runs(done: list, tool: str) -> list:
    """The warm-up's parallel runs as one run of ``tool``."""
    res = {"_total": None, "_outside": 0}
    for d in done:
        res.update({k: v for k, v in d["result"].items() if not k.startswith("_")})
        res["_outside"] += d["result"]["_outside"]
    return [{"tool": tool, "rc": max(d["rc"] for d in done), "timed_out": any(d["timed_out"] for d in done),
             "seconds": max(d["seconds"] for d in done), "result": res,
             "tail": "\n".join(d["tail"] for d in done if d["rc"])[-4000:]}]


def report(runs: list, names: list) -> int:
    """Print the table and the totals, write $OUT/sanitizer.json; the exit status."""
    rows, bad = [], False
    print(f"{'case':<64} {'tool':<10} {'errors':>6}  status")
    for r in runs:
        res = r["result"]
        for n in names:
            c = res[n]
            rows.append({"case": n, "tool": r["tool"], "errors": c["errors"], "status": c["status"],
                         "seconds": c["seconds"], "note": c["note"]})
            bad |= c["errors"] > 0 or c["status"] != "ok"
            if c["errors"] or c["status"] != "ok" or len(names) <= 40:
                print(f"{n:<64} {r['tool']:<10} {c['errors']:>6}  {c['status']} {c['note'][:80]}")
    totals = []
    for r in runs:
        res = r["result"]
        attributed = sum(res[n]["errors"] for n in names)
        ok = sum(res[n]["status"] == "ok" for n in names)
        line = (f"{r['tool']}: {ok}/{len(names)} case(s) ok, {attributed} error(s) in cases, {res['_outside']} "
                f"outside, summary {res['_total']}, rc {r['rc']}, {r['seconds']} s"
                + (" (TIMED OUT)" if r["timed_out"] else ""))
        totals.append(line)
        print(line)
        bad |= bool(res["_total"]) or res["_outside"] > 0 or r["timed_out"] or bool(r["rc"])
        if r["rc"] and r["tail"]:
            print(f"--- {r['tool']}: the end of its output ---\n{r['tail'][-2000:]}")
    out = os.environ.get("OUT")
    if out:
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "sanitizer.json"), "w") as f:
            json.dump({"rows": rows, "totals": totals,
                       "runs": [{k: v for k, v in r.items() if k != "result"} for r in runs]}, f, indent=1)
    print("CLEAN" if not bad else "NOT CLEAN")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
