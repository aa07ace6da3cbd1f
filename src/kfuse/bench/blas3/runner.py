"""``kfuse bench --blas3``: the BLAS-3 suite.

    kfuse bench --blas3 [--quick] [--routines gemm TRSM-LL-N ...] [--sizes 1024 8192x8192x1024]
                        [--precisions ieee tf32] [--dtypes float32,float64]
                        [--impls kfuse,cublas,...] [--budget S] [--part N/M] [--out DIR] [--dry-run]
    kfuse bench --blas3 --merge DIR1 DIR2 ... --out DIR
    kfuse bench --blas3 --report-only DIR

Like the stencil suite (:mod:`kfuse.bench.stencils.runner`, whose worker plumbing it reuses):
the peaks first (:mod:`.peaks`, a worker of its own), then one worker process per
implementation over every point (:mod:`.worker`), one after another within the budget (each
gets at most a fair share of what is left); a crash, a stall or a missing package is one line
and the run goes on.  Results in ``--out``: ``results.json``, ``raw.jsonl``, ``report.md``
(:mod:`.report`), PNG plots (:mod:`.plots`) and ``logs/``.  The full suite (280 float32 points;
140 more with ``--dtypes float32,float64``: float64 is exact only) runs as parts merged
afterwards.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .. import suite as S
from ..runner import run_worker
from ..suite import parse_part, split
from . import workloads as W
from .fused import NPBENCH, WORKLOADS, ORDER as FUSED
from .merge import SPEC
from .peers import DEFAULT_IMPLS

SCHEMA = SPEC.schema
BUDGET_S = {"quick": 220.0, "full": 560.0}
MIN_TIME_S = {"quick": 0.03, "full": 0.1}
POINT_TIMEOUT_S = 240.0
PEAKS_TIMEOUT_S = 60.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench --blas3",
        description="BLAS-3 benchmarks: kfuse against cuBLAS (default and TF32 math), "
                    "CuPy, PyTorch and torch.compile, in float32 and/or float64, in TFLOP/s, as a "
                    "fraction of the FFMA / TF32 / FP64 tensor peak, and as ratios to cuBLAS and "
                    "to kfuse's GEMM-NN.",
        epilog="Routines: the families " + ", ".join(W.FAMILIES) + ", variants " + ", ".join(W.ORDER) +
               "; fused workloads (exact, not in the default selection): fused (all) or " +
               ", ".join(FUSED) + "; NPBench chains (exact): npbench (both) or " + ", ".join(NPBENCH) +
               ".  float64 has only the ieee precision (tf32 with float64 is refused).")
    p.add_argument("--quick", action="store_true",
                   help=f"{', '.join(W.QUICK_VARIANTS)} at {', '.join(map(str, W.QUICK_SIZES))} (minutes)")
    p.add_argument("--routines", nargs="+", default=None, metavar="NAME")
    p.add_argument("--sizes", nargs="+", default=None, metavar="N|MxNxK")
    p.add_argument("--precisions", nargs="+", default=None, choices=W.PRECISIONS)
    p.add_argument("--dtypes", nargs="+", default=None, metavar="DTYPE",
                   help=f"{' and/or '.join(W.DTYPES)}, comma- or space-separated (default float32; "
                        "float64 runs ieee only)")
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
    return S.parse_impls(text, DEFAULT_IMPLS)


def select_points(args) -> list[W.Point]:
    """The points of this command (filters, then ``--part``); ValueError naming the option."""
    pts = W.make_points(W.select_variants(args.routines, args.quick), args.sizes,
                        args.precisions, args.quick, W.parse_dtypes(args.dtypes))
    if args.part:
        pts = split(pts, *parse_part(args.part))
    return pts


def default_out(quick: bool, part: str | None) -> Path:
    return S.default_out("blas3", quick, part)


class Blas3Run(S.SuiteRun):
    """One run: the peaks, then one worker per implementation."""

    spec = SPEC

    def __init__(self, args, out: Path, pts: list, impls: list[str], meta: dict):
        super().__init__(args, out, meta, len(pts) * len(impls) + 1)
        self.pts, self.impls = pts, impls

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
        self.measured = got or {"error": why or "no result"}
        if got.get("ffma_probe_tflops"):
            self.progress.note(f"peaks: FFMA probe {got['ffma_probe_tflops']:.1f} TFLOP/s "
                               f"({got.get('gpu')}), TF32 datasheet {got.get('tf32_datasheet_tflops')}, "
                               f"FP64 tensor probe {got.get('fp64_tensor_probe_tflops')}")
        else:
            self.progress.note(f"peaks: not measured ({self.measured.get('error') or why})")
        self.progress.advance()

    def worker_cmd(self, impl: str, pts: list, deadline: float) -> list[str]:
        a = self.args
        cmd = [sys.executable, "-m", "kfuse.bench.blas3.worker", "--impl", impl,
               "--points", json.dumps([p.to_list() for p in pts], separators=(",", ":")),
               "--seed", str(a.seed), "--min-time", str(a.min_time), "--deadline", f"{deadline:.1f}"]
        return cmd + (["--no-odd-check"] if a.no_odd_check else [])

    def run_impl(self, impl: str, workers_left: int) -> None:
        """One implementation over every point (:meth:`kfuse.bench.suite.SuiteRun.run_job`)."""
        self.run_job(impl, impl, self.pts, workers_left)

    def item_key(self, pt: W.Point) -> str:
        return pt.key

    def result_key(self, obj: dict) -> str:
        return W.Point.from_list([obj["variant"], obj["m"], obj["n"], obj["k"], obj["precision"],
                                  obj.get("dtype")]).key

    def failure_note(self, rec: dict) -> str:
        return (f"{rec['variant']} {rec['size']} {W.record_series(rec)}: "
                f"{rec['impl']}: {rec['status']}: {rec['note']}")

    def missing(self, impl: str, pt: W.Point, status: str, note: str) -> dict:
        from .worker import base_record

        rec = base_record(impl, pt)
        rec["status"], rec["note"] = status, note
        return rec


def load_results(folder: Path) -> dict:
    """results.json, or the results rebuilt from raw.jsonl (a run cut short)."""
    return S.load_results(folder, SPEC)


def write_outputs(results: dict, out: Path, plots: bool = True) -> list[str]:
    """results.json, report.md and the PNGs; returns the plot files written."""
    from . import fused_report as report
    from . import plots as PL

    S.write_results_json(results, out)
    files, notes = PL.write_plots(results, out) if plots else ([], ["plots skipped (--no-plots)"])
    (out / "report.md").write_text(report.render(results, files, notes))
    return files


def make_meta(args, argv: list[str], pts: list, impls: list[str]) -> dict:
    from ..environment import collect_meta

    dtypes = sorted({p.dtype for p in pts}, key=W.DTYPES.index)
    ns = argparse.Namespace(dtype=",".join(dtypes), seed=args.seed, min_time=args.min_time,
                            reference="device", no_rotating=True)
    meta = collect_meta(ns, ["--blas3"] + argv, {"blas2": [], "blas1": []}, impls, [])
    for key in ("sequences", "sizes", "rotating"):
        meta.pop(key, None)
    meta.update({"suite": "blas3", "quick": args.quick, "part": args.part, "budget_s": args.budget,
                 "points": [p.key for p in pts], "dtypes": dtypes,
                 "odd_check": not args.no_odd_check})
    return meta


def dry_run(pts: list, impls: list[str]) -> int:
    """Print the points this command would run (no GPU needed): variant, size, precision,
    dtype, GFLOP; for a fused workload or NPBench chain also the kernels kfuse plans for it, or
    why it counts as not built."""
    print(f"kfuse bench --blas3: {len(pts)} points x {len(impls)} implementations ({', '.join(impls)})")
    for p in pts:
        extra = f"   kfuse: {fused_plan_line(p)}" if p.variant in WORKLOADS and "kfuse" in impls else ""
        print(f"  {p.variant:<14} {p.size:<16} {p.precision:<5} {p.dtype:<8} "
              f"{p.flops / 1e9:10.1f} GFLOP{extra}")
    return 0


def fused_plan_line(p: W.Point) -> str:
    """``gemm[0, 1, 2]`` (kfuse's kernels) or ``not built: <why>`` for a fused point."""
    from . import fused as F

    try:
        prog, plan = F.kfuse_plan(p.v, p.m, p.n, p.k, p.dtype)
    except Exception as exc:        # kfuse refusing the program is "not built" too
        return f"not built: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    problem = F.plan_problem(p.v, prog, plan)
    return f"not built: {problem}" if problem else F.describe_plan(plan)


def main(argv: list[str] | None = None) -> int:
    """Entry point (``kfuse bench --blas3 ...``; ``--blas3`` itself already removed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    from . import fused_report as report     # the BLAS-3 report plus the fused workloads'
    from .merge import merge

    done = S.offline_modes(parser, args, SPEC, merge, write_outputs, report.console_summary)
    if done is not None:
        return done
    try:
        pts = select_points(args)
        impls = parse_impls(args.impls)
    except ValueError as exc:
        parser.error(str(exc))
    if not pts:
        parser.error("no point to run (the filters or --part left none)")
    if args.dry_run:
        return dry_run(pts, impls)
    S.apply_preset(args, BUDGET_S, MIN_TIME_S)
    if not S.require_gpu("kfuse bench --blas3"):
        return 1
    out = Path(args.out) if args.out else default_out(args.quick, args.part)
    run = Blas3Run(args, out, pts, impls, make_meta(args, argv, pts, impls))
    print(f"kfuse bench --blas3: {len(pts)} points x {len(impls)} implementations, "
          f"budget {args.budget:.0f} s -> {out}", file=sys.stderr)
    run.measure_peaks()
    for i, impl in enumerate(impls):
        run.run_impl(impl, len(impls) - i)
    return S.finish(run, out, not args.no_plots, write_outputs, report.console_summary,
                    "kfuse bench --blas3")
