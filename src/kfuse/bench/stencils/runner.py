"""``kfuse bench --stencils``: the stencil suite of issue 19, with its own tables.

    kfuse bench --stencils [--quick] [--dtype float32 float64] [--workload NAME ...] [--part N/M] [--out DIR]
    kfuse bench --stencils --merge DIR1 DIR2 ... --out DIR

Like the BLAS suite (:mod:`kfuse.bench.runner`, whose worker plumbing it reuses): the card's
ceilings are measured first in a worker of their own, then every implementation runs in its
own worker process per dtype (:mod:`.worker`), one after another within a wall-clock budget; a
crash, a stall on one workload or a missing package is recorded as one line and the run goes
on.  Results in ``--out``: ``results.json`` (meta, ceilings, every record), ``raw.jsonl`` (as
they arrived), ``report.md`` (:mod:`.report`), ``stencils.png`` and ``logs/``.  The full-size
suite runs as parts (``--part N/M``, one device command each) merged afterwards (``--merge``:
:mod:`.parts`).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..progress import Progress
from ..runner import run_ceilings, run_worker
from . import parts as P
from . import workloads as W
from .peers import DEFAULT_IMPLS

BUDGET_S = {"quick": 480.0, "full": 560.0}   # one command under a 10-minute limit
MIN_TIME_S = {"quick": 0.03, "full": 0.1}
POINT_TIMEOUT_S = 180.0        # a worker stuck this long on one workload is restarted without it
MAX_RESTARTS = 3
RESERVE_PER_WORKER_S = 10.0    # kept back for each worker still to run
FAIR_SHARE = 2.5               # no worker gets more than this times an equal share of what is left
CEILINGS_TIMEOUT_S = 120.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench --stencils",
        description="Stencil benchmarks (issue 19): kfuse against CuPy, PyTorch eager, "
                    "torch.compile (default and max-autotune) and JAX, as time per step and as "
                    "a fraction of the limit (one read of every input field and one write of "
                    "every output field at this run's read and write ceilings).",
        epilog="Workloads: " + ", ".join(W.ORDER) + " (or a stencil name for all its sizes).")
    p.add_argument("--quick", action="store_true", help="small odd sizes: a smoke run of minutes")
    p.add_argument("--dtype", nargs="+", default=["float32", "float64"],
                   choices=("float32", "float64"))
    p.add_argument("--workload", nargs="+", action="extend", default=None, metavar="NAME",
                   help="workloads to run (default: all)")
    p.add_argument("--impls", default=",".join(DEFAULT_IMPLS),
                   help=f"comma-separated, run in this order (known: {', '.join(DEFAULT_IMPLS)})")
    p.add_argument("--out", default=None, help="results folder (default benchmarks/results/"
                                               "stencils-DATE[-quick])")
    p.add_argument("--budget", type=float, default=None,
                   help="wall-clock seconds for everything (default 480 with --quick, 560 otherwise: the full suite "
                        "needs several runs: --part 1/3, 2/3, 3/3, then --merge)")
    p.add_argument("--min-time", type=float, default=None,
                   help="seconds of timing per point, >= 7 loops anyway (default 0.03 quick, 0.1)")
    p.add_argument("--point-timeout", type=float, default=POINT_TIMEOUT_S)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--reference", default="device", choices=("device", "host"),
                   help="float64 reference with CuPy on the device, or NumPy on the host (slow)")
    p.add_argument("--no-ceilings", action="store_true")
    p.add_argument("--no-plots", action="store_true")
    p.add_argument("--part", default=None, metavar="N/M",
                   help="run part N of M of the workloads (round-robin in the suite's order), e.g. "
                        "1/3, 2/3, 3/3 as three commands; then --merge their folders")
    p.add_argument("--merge", nargs="+", default=None, metavar="DIR",
                   help="merge the results of these folders (parts of one suite) into --out: "
                        "results.json, report.md, stencils.png")
    p.add_argument("--report-only", metavar="DIR", default=None,
                   help="rebuild report.md and the plot from DIR/results.json or DIR/raw.jsonl")
    return p


def parse_impls(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in DEFAULT_IMPLS]
    if bad:
        raise ValueError(f"unknown implementation(s) {', '.join(bad)}; known: {', '.join(DEFAULT_IMPLS)}")
    return names


def default_out(quick: bool, part: str | None = None) -> Path:
    import datetime as _dt

    name = f"stencils-{_dt.date.today().isoformat()}" + ("-quick" if quick else "")
    if part:
        n, m = P.parse_part(part)
        name += f"-part{n}of{m}"
    base = Path("benchmarks") / "results"
    path, k = base / name, 2
    while path.exists() and any(path.iterdir()):
        path, k = base / f"{name}-{k}", k + 1
    return path


class StencilRun:
    """One run: the ceilings, then one worker per (dtype, implementation)."""

    def __init__(self, args, out: Path, wls: list, impls: list[str], meta: dict):
        self.args, self.out, self.wls, self.impls, self.meta = args, out, wls, impls, meta
        self.t0 = time.time()
        self.budget = args.budget
        self.records: list[dict] = []
        self.ceilings: dict | None = None
        self.impl_notes: dict[str, str] = {}
        out.mkdir(parents=True, exist_ok=True)
        self.raw = open(out / "raw.jsonl", "a")
        self.save({"type": "meta", **meta})
        self.progress = Progress(len(wls) * len(impls) * len(args.dtype) + 1)

    def remaining(self) -> float:
        return self.budget - (time.time() - self.t0)

    def save(self, obj: dict) -> None:
        self.raw.write(json.dumps(obj, default=str) + "\n")
        self.raw.flush()

    def measure_ceilings(self) -> None:
        """The BLAS suite's ceilings worker (read, write, copy, launch)."""
        self.progress.update("ceilings")
        self.ceilings, why = run_ceilings(self.out, self.remaining(), self.save)
        if why:
            self.ceilings = {"error": why}
            self.progress.note(f"ceilings: not measured ({why})")
        else:
            c = self.ceilings
            self.progress.note(f"ceilings: read {c['read_GBs']:.0f} GB/s, write {c['write_GBs']:.0f} GB/s")
        self.progress.advance()

    def worker_cmd(self, impl: str, dtype: str, names: list[str], deadline: float) -> list[str]:
        a = self.args
        cmd = [sys.executable, "-m", "kfuse.bench.stencils.worker", "--impl", impl, "--dtype", dtype,
               "--workloads", json.dumps(names), "--seed", str(a.seed), "--min-time", str(a.min_time),
               "--reference", a.reference, "--deadline", f"{deadline:.1f}"]
        return cmd + (["--quick"] if a.quick else [])

    def run_impl(self, impl: str, dtype: str, workers_left: int) -> None:
        """One implementation in one dtype over every workload; restarted without the workload
        it stalled or crashed on, while time is left."""
        left = self.remaining()
        allotted = max(5.0, min(left - RESERVE_PER_WORKER_S * (workers_left - 1),
                                FAIR_SHARE * left / workers_left))
        start = time.time()
        soft, hard = start + max(1.0, allotted - min(20.0, 0.15 * allotted)), start + allotted
        seen: set[str] = set()
        current: dict = {}

        def on_message(obj):
            kind = obj.get("type")
            if kind == "progress":
                current.clear()
                current.update(obj)
                self.progress.update(f"{impl} {dtype} {obj['workload']}")
            elif kind == "result":
                current.clear()
                seen.add(obj["workload"])
                self.record(obj)
            elif kind == "env":
                self.meta.setdefault("versions_loaded", {}).update(
                    {k: v for k, v in (obj.get("versions") or {}).items() if v})

        pending, failures = [w.name for w in self.wls], []
        log = self.out / "logs" / f"{impl}-{dtype}.log"
        for attempt in range(1 + MAX_RESTARTS):
            reason = run_worker(self.worker_cmd(impl, dtype, pending, soft), log, hard, on_message,
                                self.args.point_timeout, append=attempt > 0)
            pending = [p for p in pending if p not in seen]
            if reason is None:
                break
            failures.append(f"worker {reason} after {time.time() - start:.0f} s")
            self.progress.note(f"{impl} {dtype}: {failures[-1]}")
            if current and pending and current.get("workload") == pending[0]:
                self.record(self.missing(impl, dtype, pending.pop(0), "error", f"worker {reason}"))
            current.clear()
            if not pending or time.time() >= soft or reason == "timed out":
                break
        for name in pending:
            self.record(self.missing(impl, dtype, name, "not-run",
                                     failures[-1] if failures else "no result from worker"))
        skipped = {r["note"] for r in self.records
                   if r["impl"] == impl and r["dtype"] == dtype and r["status"] == "skipped"}
        if skipped or failures:
            self.impl_notes[f"{impl} {dtype}"] = "; ".join(
                (["skipped: " + "; ".join(sorted(skipped))] if skipped else []) + failures)

    def record(self, rec: dict) -> None:
        self.records.append(rec)
        self.save(rec)
        self.progress.advance()
        if rec["status"] in ("wrong", "error"):
            self.progress.note(f"{rec['workload']} {rec['dtype']}: {rec['impl']}: {rec['note']}")

    def missing(self, impl: str, dtype: str, name: str, status: str, note: str) -> dict:
        wl = W.WORKLOADS[name]
        return {"type": "result", "impl": impl, "workload": name, "kernel": wl.kernel, "dtype": dtype,
                "shape": list(wl.grid(self.args.quick)), "steps": wl.steps, "status": status, "note": note}

    def results(self) -> dict:
        self.meta["wall_s"] = round(time.time() - self.t0, 1)
        return {"schema": "kfuse-bench-stencils/1", "meta": self.meta, "ceilings": self.ceilings,
                "impl_notes": self.impl_notes, "records": self.records}


def load_results(folder: Path) -> dict:
    """results.json, or the results rebuilt from raw.jsonl (a run cut short)."""
    if (folder / "results.json").is_file():
        return json.loads((folder / "results.json").read_text())
    meta, ceilings, records = {}, None, []
    for line in (folder / "raw.jsonl").read_text().splitlines():
        if line.strip():
            obj = json.loads(line)
            kind = obj.get("type")
            if kind == "meta":
                meta = {k: v for k, v in obj.items() if k != "type"}
            elif kind == "ceilings":
                ceilings = obj
            elif kind == "result":
                records.append(obj)
    return {"schema": "kfuse-bench-stencils/1", "meta": meta, "ceilings": ceilings,
            "impl_notes": {}, "records": records}


def write_outputs(results: dict, out: Path, plots: bool = True) -> None:
    """results.json, report.md and stencils.png."""
    from . import report

    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    note = report.write_plot(results, out / "stencils.png") if plots else None
    (out / "report.md").write_text(report.render(results, plot_note=note))


def make_meta(args, argv: list[str], wls: list, impls: list[str]) -> dict:
    from ..environment import collect_meta

    ns = argparse.Namespace(dtype=",".join(args.dtype), seed=args.seed, min_time=args.min_time,
                            reference=args.reference, no_rotating=True)
    meta = collect_meta(ns, ["--stencils"] + argv, {"blas2": [], "blas1": []}, impls, [])
    meta.pop("sequences", None)
    meta.pop("sizes", None)
    meta.update({"suite": "stencils", "quick": args.quick, "dtypes": args.dtype, "part": args.part,
                 "workloads": {w.name: list(w.grid(args.quick)) for w in wls},
                 "budget_s": args.budget})
    return meta


def merge_main(parser, args) -> int:
    """``--merge DIR ... --out DIR``: one report from the parts' results (no GPU needed)."""
    if not args.out:
        parser.error("--merge needs --out DIR (the merged report's folder)")
    folders = [Path(d) for d in args.merge]
    missing = [str(f) for f in folders
               if not (f / "results.json").is_file() and not (f / "raw.jsonl").is_file()]
    if missing:
        parser.error(f"--merge: no results.json or raw.jsonl in {', '.join(missing)}")
    try:
        merged = P.merge([load_results(f) for f in folders], [str(f) for f in folders])
    except ValueError as exc:
        parser.error(str(exc))
    out = Path(args.out)
    write_outputs(merged, out, not args.no_plots)
    from . import report

    print(report.console_summary(merged))
    print(f"\nreport: {out / 'report.md'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point (``kfuse bench --stencils ...``; ``--stencils`` itself already removed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.report_only:
        folder = Path(args.report_only)
        write_outputs(load_results(folder), folder, not args.no_plots)
        print(folder / "report.md")
        return 0
    if args.merge:
        return merge_main(parser, args)
    try:
        wls = W.select(args.workload)
        impls = parse_impls(args.impls)
        if args.part:
            wls = P.split(wls, *P.parse_part(args.part))
    except ValueError as exc:
        parser.error(str(exc))
    if not wls:
        parser.error(f"--part {args.part}: no workload in this part (fewer workloads than parts)")
    preset = "quick" if args.quick else "full"
    args.budget = args.budget or BUDGET_S[preset]
    args.min_time = args.min_time or MIN_TIME_S[preset]
    args.dtype = list(dict.fromkeys(args.dtype))

    from ...errors import NoGPUError
    from ...platform import device
    try:
        device.require_gpu("kfuse bench --stencils")
    except NoGPUError as e:
        print(f"kfuse bench: error: {e}", file=sys.stderr)
        return 1
    out = Path(args.out) if args.out else default_out(args.quick, args.part)
    run = StencilRun(args, out, wls, impls, make_meta(args, argv, wls, impls))
    print(f"kfuse bench --stencils: {len(wls)} workloads x {len(impls)} implementations x "
          f"{len(args.dtype)} dtypes, budget {args.budget:.0f} s -> {out}", file=sys.stderr)
    if args.no_ceilings:
        run.progress.advance()
    else:
        run.measure_ceilings()
    pairs = [(impl, dt) for dt in args.dtype for impl in impls]
    for i, (impl, dt) in enumerate(pairs):
        run.run_impl(impl, dt, len(pairs) - i)
    run.progress.close()
    run.raw.close()
    results = run.results()
    write_outputs(results, out, not args.no_plots)
    from . import report

    print(report.console_summary(results))
    print(f"\nreport: {out / 'report.md'}")
    timed = [r for r in results["records"] if r.get("status") == "ok" and r.get("hot")]
    if not timed:
        print("kfuse bench --stencils: error: nothing was measured", file=sys.stderr)
        return 1
    return 0
