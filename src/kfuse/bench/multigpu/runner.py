"""``kfuse bench --multi-gpu``: the multi-GPU suite's command line.

    kfuse bench --multi-gpu [--gpus 1 2] [--workload NAME ...] [--peers a,b] [--dtype ...]
                            [--steps N] [--out DIR] [--dry-run] [--report-only DIR]

For each GPU count (1 and 2, or those asked, or 1 alone on one GPU) it starts the ranks: the
peers with one process per GPU under torchrun, the peers that drive every GPU from one process
as one plain process; each rank writes its JSON (:mod:`.rank`); the driver reads them back,
merges the ranks (:mod:`.schema`) and prints and writes the report (:mod:`.report`).  A peer
whose library is missing is reported as skipped with the reason; ``--dry-run`` prints the
launches and the skipped peers and starts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from ...errors import ArgumentError
from . import launch as L
from . import peers as PR
from . import workloads as W
from .schema import check_rank_file, derive, merge_ranks

JOB_TIMEOUT_S = 540.0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench --multi-gpu",
        description="Stencils, CG on a Poisson matrix, a row-split GEMM and applications on several GPUs: "
                    "kfuse against JAX shard_map (two forms), torch.distributed with torch and with CuPy, "
                    "on 1 and 2 GPUs.",
        epilog="Workloads: " + ", ".join(W.ORDER) + " (those marked not ready are registry slots).")
    p.add_argument("--gpus", type=int, nargs="+", default=None, help="GPU counts (default: 1 and 2)")
    p.add_argument("--workload", nargs="+", default=None, metavar="NAME")
    p.add_argument("--peers", default=",".join(PR.ORDER), help=f"comma-separated (known: {', '.join(PR.ORDER)})")
    p.add_argument("--dtype", nargs="+", default=list(W.DTYPES), choices=W.DTYPES)
    p.add_argument("--steps", type=int, default=50, help="steps per timed loop")
    p.add_argument("--loops", type=int, default=7, help="timed loops per point (the median is kept)")
    p.add_argument("--check-steps", type=int, default=3, help="steps before the check against NumPy")
    p.add_argument("--out", default=None, help="results folder (default benchmarks/results/multigpu-DATE)")
    p.add_argument("--dry-run", action="store_true", help="print the launches and skipped peers; run nothing")
    p.add_argument("--report-only", metavar="DIR", default=None, help="rebuild the report from DIR's rank files")
    p.add_argument("--job-timeout", type=float, default=JOB_TIMEOUT_S,
                   help="seconds one launch (all its ranks) may take before its process group is ended")
    p.add_argument("--no-plots", action="store_true")
    return p


def visible_gpus() -> int:
    """The CUDA devices CuPy sees (0 without CuPy or a driver)."""
    try:
        import cupy

        return int(cupy.cuda.runtime.getDeviceCount())
    except Exception:  # noqa: BLE001 - no library, no driver: no GPU
        return 0


def plan(args, available: int, find_spec=None) -> tuple:
    """(jobs, {skipped peer: reason}) for the parsed ``args`` on ``available`` GPUs."""
    names = PR.parse(args.peers)
    ok, skipped = PR.availability(names, **({"find_spec": find_spec} if find_spec else {}))
    wls = W.select(args.workload)
    counts = L.gpu_counts(available, args.gpus)
    for flag in ("steps", "loops", "check_steps"):
        if getattr(args, flag) < 1:
            raise ArgumentError(f"--{flag.replace('_', '-')}: {getattr(args, flag)} is not a positive count")
    out = args.out or default_out()
    jobs = L.plan_jobs(PR.by_launch(ok), counts, [w.name for w in wls], list(dict.fromkeys(args.dtype)), out,
                       L.Timing(args.steps, args.loops, args.check_steps))
    return jobs, skipped


def default_out() -> str:
    return str(Path("benchmarks") / "results" / time.strftime("multigpu-%Y%m%d"))


def dry_run(jobs: list, skipped: dict) -> str:
    """What a run would start, one launch per line, then the peers skipped."""
    lines = []
    for job in jobs:
        lines.append(f"# {job.describe()}")
        lines.append(" ".join(f"{k}={v}" for k, v in L.RANK_ENV.items()) + " " + " ".join(job.command()))
    lines += [f"# skipped {peer}: {why}" for peer, why in skipped.items()]
    return "\n".join(lines)


def read_ranks(folder: Path) -> list:
    """The checked rank files in ``folder`` (and its job folders)."""
    docs = []
    for f in sorted(folder.glob("**/rank*.json")):
        try:
            docs.append(check_rank_file(json.loads(f.read_text()), str(f)))
        except json.JSONDecodeError as e:
            raise ArgumentError(f"{f}: not JSON ({e})") from None
    return docs


def results_of(docs: list, skipped: dict, meta: dict) -> dict:
    """The merged, derived results of the rank files."""
    scaling = {w.name: w.scaling for w in W.WORKLOADS.values()}
    return {"meta": meta, "skipped": skipped, "points": derive(merge_ranks(docs), scaling)}


def run_job(job, log, timeout_s: float = JOB_TIMEOUT_S) -> dict:
    """Start a job's ranks in a process group of their own and wait; a job past ``timeout_s``
    has that group ended (the rank files written so far stay)."""
    env = L.rank_environ(dict(os.environ))
    t0 = time.time()
    p = subprocess.Popen(job.command(), env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        rc = p.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        rc = "timeout"
    return {"job": json.loads(job.describe()), "rc": rc, "wall_s": round(time.time() - t0, 1)}


def main(argv: list | None = None) -> int:
    """Entry point (``kfuse bench --multi-gpu ...``, the flag itself already removed)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.report_only:
        folder = Path(args.report_only)
        print(_finish(folder, read_ranks(folder), {}, {"report_only": True}, not args.no_plots))
        return 0
    available = visible_gpus()
    if args.dry_run and not available:
        available = max(args.gpus or [2])
        print(f"# no GPU visible here: planned as if {available} were", file=sys.stderr)
    try:
        jobs, skipped = plan(args, available)
    except ArgumentError as e:
        parser.error(str(e))
    if args.dry_run:
        print(dry_run(jobs, skipped))
        return 0
    out = Path(jobs[0].out).parent if jobs else Path(args.out or default_out())
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    with open(out / "log.txt", "a") as log:
        for job in jobs:
            print(f"kfuse bench --multi-gpu: {job.describe()}", file=sys.stderr)
            runs.append(run_job(job, log, args.job_timeout))
    meta = {"device": _device_name(), "gpus_visible": available, "argv": argv, "runs": runs, "env": L.RANK_ENV}
    print(_finish(out, read_ranks(out), skipped, meta, not args.no_plots))
    return 0 if all(r["rc"] == 0 for r in runs) else 1


def _finish(out: Path, docs: list, skipped: dict, meta: dict, plots: bool) -> str:
    from .report import write_outputs

    return write_outputs(results_of(docs, skipped, meta), out, plots)


def _device_name() -> str:
    try:
        import cupy

        return cupy.cuda.runtime.getDeviceProperties(0)["name"].decode()
    except Exception:  # noqa: BLE001
        return "unknown device"
