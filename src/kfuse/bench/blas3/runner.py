"""``kfuse bench --blas3``: the BLAS-3 suite of issue 20.

    kfuse bench --blas3 [--quick] [--routines gemm TRSM-LL-N ...] [--sizes 1024 8192x8192x1024]
                        [--precisions ieee tf32] [--impls kfuse,cublas,...] [--budget S]
                        [--part N/M] [--out DIR] [--dry-run]
    kfuse bench --blas3 --merge DIR1 DIR2 ... --out DIR
    kfuse bench --blas3 --report-only DIR

Like the stencil suite (:mod:`kfuse.bench.stencils.runner`, whose worker plumbing it reuses):
the peaks first (:mod:`.peaks`, a worker of its own), then one worker process per
implementation over every point (:mod:`.worker`), one after another within the budget (each
gets at most a fair share of what is left); a crash, a stall or a missing package is one line
and the run goes on.  Results in ``--out``: ``results.json``, ``raw.jsonl``, ``report.md``
(:mod:`.report`), PNG plots (:mod:`.plots`) and ``logs/``.  The full suite (262 points) runs as
parts merged afterwards.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..progress import Progress
from ..runner import run_worker
from ..stencils.parts import parse_part, split
from . import workloads as W
from .peers import DEFAULT_IMPLS

SCHEMA = "kfuse-bench-blas3/1"
BUDGET_S = {"quick": 220.0, "full": 560.0}
MIN_TIME_S = {"quick": 0.03, "full": 0.1}
POINT_TIMEOUT_S = 240.0
MAX_RESTARTS = 3
RESERVE_PER_WORKER_S = 10.0
FAIR_SHARE = 2.5
PEAKS_TIMEOUT_S = 60.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench --blas3",
        description="BLAS-3 benchmarks (issue 20): kfuse against cuBLAS (default and TF32 math), "
                    "CuPy, PyTorch and torch.compile, in TFLOP/s, as a fraction of the FFMA / TF32 "
                    "peak, and as ratios to cuBLAS and to kfuse's GEMM-NN.",
        epilog="Routines: the families " + ", ".join(W.FAMILIES) + " or variants " + ", ".join(W.ORDER))
    p.add_argument("--quick", action="store_true",
                   help=f"{', '.join(W.QUICK_VARIANTS)} at {', '.join(map(str, W.QUICK_SIZES))} (minutes)")
    p.add_argument("--routines", nargs="+", default=None, metavar="NAME")
    p.add_argument("--sizes", nargs="+", default=None, metavar="N|MxNxK")
    p.add_argument("--precisions", nargs="+", default=None, choices=W.PRECISIONS)
    p.add_argument("--impls", default=",".join(DEFAULT_IMPLS),
                   help=f"comma-separated, run in this order (known: {', '.join(DEFAULT_IMPLS)})")
    p.add_argument("--out", default=None, help="results folder (default benchmarks/results/blas3-DATE)")
    p.add_argument("--budget", type=float, default=None,
                   help="wall-clock seconds for everything (default 220 with --quick, 560 otherwise; "
                        "the full suite needs several --part runs, then --merge)")
    p.add_argument("--min-time", type=float, default=None, help="seconds of timing per point")
    p.add_argument("--point-timeout", type=float, default=POINT_TIMEOUT_S)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--no-odd-check", action="store_true",
                   help="skip the once-per-variant check at the odd size 517x389x261")
    p.add_argument("--no-plots", action="store_true")
    p.add_argument("--dry-run", action="store_true", help="list the points and exit (no GPU needed)")
    p.add_argument("--part", default=None, metavar="N/M", help="part N of M of the points")
    p.add_argument("--merge", nargs="+", default=None, metavar="DIR",
                   help="merge the results of these folders into --out")
    p.add_argument("--report-only", metavar="DIR", default=None,
                   help="rebuild report.md and the plots from DIR")
    return p


def parse_impls(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in DEFAULT_IMPLS]
    if bad:
        raise ValueError(f"unknown implementation(s) {', '.join(bad)}; known: {', '.join(DEFAULT_IMPLS)}")
    return names


def select_points(args) -> list[W.Point]:
    """The points of this command (filters, then ``--part``); ValueError naming the option."""
    pts = W.make_points(W.select_variants(args.routines, args.quick), args.sizes,
                        args.precisions, args.quick)
    if args.part:
        pts = split(pts, *parse_part(args.part))
    return pts


def default_out(quick: bool, part: str | None) -> Path:
    import datetime as _dt

    name = f"blas3-{_dt.date.today().isoformat()}" + ("-quick" if quick else "")
    if part:
        n, m = parse_part(part)
        name += f"-part{n}of{m}"
    base = Path("benchmarks") / "results"
    path, k = base / name, 2
    while path.exists() and any(path.iterdir()):
        path, k = base / f"{name}-{k}", k + 1
    return path


class Blas3Run:
    """One run: the peaks, then one worker per implementation."""

    def __init__(self, args, out: Path, pts: list, impls: list[str], meta: dict):
        self.args, self.out, self.pts, self.impls, self.meta = args, out, pts, impls, meta
        self.t0 = time.time()
        self.records: list[dict] = []
        self.peaks: dict | None = None
        self.impl_notes: dict[str, str] = {}
        out.mkdir(parents=True, exist_ok=True)
        self.raw = open(out / "raw.jsonl", "a")
        self.save({"type": "meta", **meta})
        self.progress = Progress(len(pts) * len(impls) + 1)

    def remaining(self) -> float:
        return self.args.budget - (time.time() - self.t0)

    def save(self, obj: dict) -> None:
        self.raw.write(json.dumps(obj, default=str) + "\n")
        self.raw.flush()

    def measure_peaks(self) -> None:
        """The FFMA probe (and the datasheet TF32 peak) in a worker of its own."""
        self.progress.update("peaks")
        got: dict = {}

        def on_message(obj):
            if obj.get("type") == "peaks":
                got.update(obj)
                self.save(obj)

        cmd = [sys.executable, "-m", "kfuse.bench.blas3.worker", "--impl", "peaks"]
        why = run_worker(cmd, self.out / "logs" / "peaks.log",
                         time.time() + min(PEAKS_TIMEOUT_S, max(10.0, self.remaining())), on_message)
        self.peaks = got or {"error": why or "no result"}
        if got.get("ffma_probe_tflops"):
            self.progress.note(f"peaks: FFMA probe {got['ffma_probe_tflops']:.1f} TFLOP/s "
                               f"({got.get('gpu')}), TF32 datasheet {got.get('tf32_datasheet_tflops')}")
        else:
            self.progress.note(f"peaks: not measured ({self.peaks.get('error') or why})")
        self.progress.advance()

    def worker_cmd(self, impl: str, pts: list, deadline: float) -> list[str]:
        a = self.args
        cmd = [sys.executable, "-m", "kfuse.bench.blas3.worker", "--impl", impl,
               "--points", json.dumps([p.to_list() for p in pts], separators=(",", ":")),
               "--seed", str(a.seed), "--min-time", str(a.min_time), "--deadline", f"{deadline:.1f}"]
        return cmd + (["--no-odd-check"] if a.no_odd_check else [])

    def run_impl(self, impl: str, workers_left: int) -> None:
        """One implementation over every point; restarted without the point it stalled or
        crashed on, while time is left."""
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
                self.progress.update(f"{impl} {obj['point']}")
            elif kind == "result":
                current.clear()
                seen.add(W.Point.from_list([obj["variant"], obj["m"], obj["n"], obj["k"],
                                            obj["precision"]]).key)
                self.record(obj)
            elif kind == "env":
                self.meta.setdefault("versions_loaded", {}).update(
                    {k: v for k, v in (obj.get("versions") or {}).items() if v})

        pending, failures = list(self.pts), []
        log = self.out / "logs" / f"{impl}.log"
        for attempt in range(1 + MAX_RESTARTS):
            reason = run_worker(self.worker_cmd(impl, pending, soft), log, hard, on_message,
                                self.args.point_timeout, append=attempt > 0)
            pending = [p for p in pending if p.key not in seen]
            if reason is None:
                break
            failures.append(f"worker {reason} after {time.time() - start:.0f} s")
            self.progress.note(f"{impl}: {failures[-1]}")
            if current and pending and current.get("point") == pending[0].key:
                self.record(self.missing(impl, pending.pop(0), "error", f"worker {reason}"))
            current.clear()
            if not pending or time.time() >= soft or reason == "timed out":
                break
        for pt in pending:
            self.record(self.missing(impl, pt, "not-run",
                                     failures[-1] if failures else "no result from worker"))
        if failures:
            self.impl_notes[impl] = "; ".join(failures)

    def record(self, rec: dict) -> None:
        self.records.append(rec)
        self.save(rec)
        self.progress.advance()
        if rec["status"] in ("wrong", "error"):
            self.progress.note(f"{rec['variant']} {rec['size']} {rec['precision']}: "
                               f"{rec['impl']}: {rec['status']}: {rec['note']}")

    def missing(self, impl: str, pt: W.Point, status: str, note: str) -> dict:
        from .worker import base_record

        rec = base_record(impl, pt)
        rec["status"], rec["note"] = status, note
        return rec

    def results(self) -> dict:
        self.meta["wall_s"] = round(time.time() - self.t0, 1)
        return {"schema": SCHEMA, "meta": self.meta, "peaks": self.peaks,
                "impl_notes": self.impl_notes, "records": self.records}


def load_results(folder: Path) -> dict:
    """results.json, or the results rebuilt from raw.jsonl (a run cut short)."""
    if (folder / "results.json").is_file():
        return json.loads((folder / "results.json").read_text())
    meta, peaks, records = {}, None, []
    for line in (folder / "raw.jsonl").read_text().splitlines():
        if line.strip():
            obj = json.loads(line)
            kind = obj.get("type")
            if kind == "meta":
                meta = {k: v for k, v in obj.items() if k != "type"}
            elif kind == "peaks":
                peaks = obj
            elif kind == "result":
                records.append(obj)
    return {"schema": SCHEMA, "meta": meta, "peaks": peaks, "impl_notes": {}, "records": records}


def write_outputs(results: dict, out: Path, plots: bool = True) -> list[str]:
    """results.json, report.md and the PNGs; returns the plot files written."""
    from . import plots as PL
    from . import report

    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    files, notes = PL.write_plots(results, out) if plots else ([], ["plots skipped (--no-plots)"])
    (out / "report.md").write_text(report.render(results, files, notes))
    return files


def make_meta(args, argv: list[str], pts: list, impls: list[str]) -> dict:
    from ..environment import collect_meta

    ns = argparse.Namespace(dtype="float32", seed=args.seed, min_time=args.min_time,
                            reference="device", no_rotating=True)
    meta = collect_meta(ns, ["--blas3"] + argv, {"blas2": [], "blas1": []}, impls, [])
    for key in ("sequences", "sizes", "rotating"):
        meta.pop(key, None)
    meta.update({"suite": "blas3", "quick": args.quick, "part": args.part, "budget_s": args.budget,
                 "points": [p.key for p in pts], "odd_check": not args.no_odd_check})
    return meta


def merge_main(parser, args) -> int:
    """``--merge DIR ... --out DIR``: one report from the parts (no GPU needed)."""
    from .merge import merge

    if not args.out:
        parser.error("--merge needs --out DIR (the merged report's folder)")
    folders = [Path(d) for d in args.merge]
    missing = [str(f) for f in folders
               if not (f / "results.json").is_file() and not (f / "raw.jsonl").is_file()]
    if missing:
        parser.error(f"--merge: no results.json or raw.jsonl in {', '.join(missing)}")
    try:
        merged = merge([load_results(f) for f in folders], [str(f) for f in folders])
    except ValueError as exc:
        parser.error(str(exc))
    out = Path(args.out)
    write_outputs(merged, out, not args.no_plots)
    from . import report

    print(report.console_summary(merged))
    print(f"\nreport: {out / 'report.md'}")
    return 0


def dry_run(pts: list, impls: list[str]) -> int:
    """Print the points this command would run (no GPU needed)."""
    print(f"kfuse bench --blas3: {len(pts)} points x {len(impls)} implementations ({', '.join(impls)})")
    for p in pts:
        print(f"  {p.variant:<11} {p.size:<16} {p.precision:<5} {p.flops / 1e9:10.1f} GFLOP")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point (``kfuse bench --blas3 ...``; ``--blas3`` itself already removed)."""
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
        pts = select_points(args)
        impls = parse_impls(args.impls)
    except ValueError as exc:
        parser.error(str(exc))
    if not pts:
        parser.error("no point to run (the filters or --part left none)")
    if args.dry_run:
        return dry_run(pts, impls)
    preset = "quick" if args.quick else "full"
    args.budget = args.budget or BUDGET_S[preset]
    args.min_time = args.min_time or MIN_TIME_S[preset]
    from ...errors import NoGPUError
    from ...platform import device
    try:
        device.require_gpu("kfuse bench --blas3")
    except NoGPUError as e:
        print(f"kfuse bench: error: {e}", file=sys.stderr)
        return 1
    out = Path(args.out) if args.out else default_out(args.quick, args.part)
    run = Blas3Run(args, out, pts, impls, make_meta(args, argv, pts, impls))
    print(f"kfuse bench --blas3: {len(pts)} points x {len(impls)} implementations, "
          f"budget {args.budget:.0f} s -> {out}", file=sys.stderr)
    run.measure_peaks()
    for i, impl in enumerate(impls):
        run.run_impl(impl, len(impls) - i)
    run.progress.close()
    run.raw.close()
    results = run.results()
    write_outputs(results, out, not args.no_plots)
    from . import report

    print(report.console_summary(results))
    print(f"\nreport: {out / 'report.md'}")
    if not any(r.get("status") == "ok" and r.get("hot") for r in results["records"]):
        print("kfuse bench --blas3: error: nothing was measured", file=sys.stderr)
        return 1
    return 0
