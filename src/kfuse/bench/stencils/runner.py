"""``kfuse bench --stencils``: the stencil suite, with its own tables.

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
from pathlib import Path

from .. import suite as S
from ..runner import run_ceilings
from . import parts as P
from . import workloads as W
from .parts import SPEC
from .peers import DEFAULT_IMPLS

BUDGET_S = {"quick": 480.0, "full": 560.0}   # one command under a 10-minute limit
MIN_TIME_S = {"quick": 0.03, "full": 0.1}
POINT_TIMEOUT_S = 180.0        # a worker stuck this long on one workload is restarted without it
CEILINGS_TIMEOUT_S = 120.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench --stencils",
        description="Stencil benchmarks: kfuse against CuPy, PyTorch eager, "
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
    return S.parse_impls(text, DEFAULT_IMPLS)


def default_out(quick: bool, part: str | None = None) -> Path:
    return S.default_out("stencils", quick, part)


class StencilRun(S.SuiteRun):
    """One run: the ceilings, then one worker per (dtype, implementation)."""

    spec = SPEC
    point_field = "workload"
    note_skipped = True

    def __init__(self, args, out: Path, wls: list, impls: list[str], meta: dict):
        super().__init__(args, out, meta, len(wls) * len(impls) * len(args.dtype) + 1)
        self.wls, self.impls = wls, impls

    def measure_ceilings(self) -> None:
        """The BLAS suite's ceilings worker (read, write, copy, launch)."""
        self.progress.update("ceilings")
        self.measured, why = run_ceilings(self.out, self.remaining(), self.save)
        if why:
            self.measured = {"error": why}
            self.progress.note(f"ceilings: not measured ({why})")
        else:
            c = self.measured
            self.progress.note(f"ceilings: read {c['read_GBs']:.0f} GB/s, write {c['write_GBs']:.0f} GB/s")
        self.progress.advance()

    def worker_cmd(self, job: tuple, names: list[str], deadline: float) -> list[str]:
        impl, dtype = job
        a = self.args
        cmd = [sys.executable, "-m", "kfuse.bench.stencils.worker", "--impl", impl, "--dtype", dtype,
               "--workloads", json.dumps(names), "--seed", str(a.seed), "--min-time", str(a.min_time),
               "--reference", a.reference, "--deadline", f"{deadline:.1f}"]
        return cmd + (["--quick"] if a.quick else [])

    def run_impl(self, impl: str, dtype: str, workers_left: int) -> None:
        """One implementation in one dtype over every workload
        (:meth:`kfuse.bench.suite.SuiteRun.run_job`)."""
        self.run_job((impl, dtype), f"{impl} {dtype}", [w.name for w in self.wls], workers_left)

    def result_key(self, obj: dict) -> str:
        return obj["workload"]

    def failure_note(self, rec: dict) -> str:
        return f"{rec['workload']} {rec['dtype']}: {rec['impl']}: {rec['note']}"

    def missing(self, job: tuple, name: str, status: str, note: str) -> dict:
        impl, dtype = job
        wl = W.WORKLOADS[name]
        return {"type": "result", "impl": impl, "workload": name, "kernel": wl.kernel, "dtype": dtype,
                "shape": list(wl.grid(self.args.quick)), "steps": wl.steps, "status": status, "note": note}


def load_results(folder: Path) -> dict:
    """results.json, or the results rebuilt from raw.jsonl (a run cut short)."""
    return S.load_results(folder, SPEC)


def write_outputs(results: dict, out: Path, plots: bool = True) -> None:
    """results.json, report.md and stencils.png."""
    from . import report

    S.write_results_json(results, out)
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


def main(argv: list[str] | None = None) -> int:
    """Entry point (``kfuse bench --stencils ...``; ``--stencils`` itself already removed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    from . import report

    done = S.offline_modes(parser, args, SPEC, P.merge, write_outputs, report.console_summary)
    if done is not None:
        return done
    try:
        wls = W.select(args.workload)
        impls = parse_impls(args.impls)
        if args.part:
            wls = P.split(wls, *P.parse_part(args.part))
    except ValueError as exc:
        parser.error(str(exc))
    if not wls:
        parser.error(f"--part {args.part}: no workload in this part (fewer workloads than parts)")
    S.apply_preset(args, BUDGET_S, MIN_TIME_S)
    args.dtype = list(dict.fromkeys(args.dtype))

    if not S.require_gpu("kfuse bench --stencils"):
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
    return S.finish(run, out, not args.no_plots, write_outputs, report.console_summary,
                    "kfuse bench --stencils")
