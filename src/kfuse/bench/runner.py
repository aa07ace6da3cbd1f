"""``kfuse bench``: run the benchmark suite and write tables, JSON and plots.

The runner itself imports no GPU library.  It measures the card's ceilings in
one worker process, then runs each implementation in its own worker process
(``python -m kfuse.bench.worker``) over every (sequence, size) point, one
implementation after another, within a wall-clock budget; a crash or timeout of
one implementation is recorded and the run goes on.  Results go to ``--out``:

* ``results.json``  the whole run (meta, ceilings, every record);
* ``raw.jsonl``     the records as they arrived (kept even if the run is cut);
* ``report.md``     Table 2 / Table 3 style tables and details;
* ``plots/*.png``   effective GB/s against size, one line per implementation;
* ``logs/*.log``    each worker's stderr.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from . import sequences
from .environment import collect_meta, default_out_dir
from .impls import DEFAULT_IMPLS, REGISTRY
from ..calibrate.progress import Progress

PREFIX = "@@KFB "

# size presets: BLAS-2 shapes (m, n) and BLAS-1 lengths
PRESETS: dict[str, dict[str, list]] = {
    # the anchors' small / medium / large
    "quick": {"blas2": [(2048, 2048), (4096, 4096), (16384, 16384)],
              "blas1": [1 << 20, 1 << 23, 1 << 26]},
    "default": {"blas2": [(n, n) for n in (256, 512, 1024, 2048, 4096, 8192, 16384)]
                + [(4096, 12288)],
                "blas1": [1 << k for k in (12, 14, 16, 18, 20, 22, 23, 24, 26, 27)]},
}
BUDGET_S = {"quick": 270.0, "default": 520.0}
MIN_TIME_S = {"quick": 0.05, "default": 0.1}
RESERVE_PER_IMPL_S = 15.0      # kept back for each implementation still to run
FAIR_SHARE_FACTOR = 2.5        # no implementation gets more than this times an equal share
POINT_TIMEOUT_S = 90.0         # a worker stuck this long on one point is killed and restarted
MAX_RESTARTS = 3               # restarts of one implementation's worker after a crash or stall
CEILINGS_TIMEOUT_S = 90.0
KILL_GRACE_S = 20.0            # at most this long is left for a worker's last point to finish


# ---------------------------------------------------------------------------
# arguments
# ---------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="kfuse bench",
        description="Benchmark kfuse against cuBLAS, CuPy, PyTorch, torch.compile and JAX "
                    "on the 11 BLAS sequences of the paper's Table 1.",
        epilog="Sizes: --sizes takes presets (quick, default) or lists such as "
               "'2d:2048,4096x12288' (BLAS-2 shapes; n means n x n) and '1d:2^20,1048576' "
               "(BLAS-1 lengths).  A family given no sizes is not run.")
    p.add_argument("--quick", action="store_true",
                   help="three sizes (the anchors' small/medium/large), under 5 minutes")
    p.add_argument("--dtype", default="float32", choices=("float32", "float64"))
    p.add_argument("--impls", default=",".join(DEFAULT_IMPLS),
                   help=f"comma-separated, run in this order (known: {', '.join(REGISTRY)})")
    p.add_argument("--sequences", default="all",
                   help=f"comma-separated (known: {', '.join(sequences.ORDER)}) or 'all'")
    p.add_argument("--sizes", nargs="+", default=None, metavar="SPEC",
                   help="presets or 2d:/1d: lists (see below); default: the default sweep")
    p.add_argument("--out", default=None,
                   help="output folder (default: benchmarks/results/<date>[-quick][-float64])")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds allowed to one implementation's process (default: its share "
                        "of --budget)")
    p.add_argument("--budget", type=float, default=None,
                   help="wall-clock seconds for all measurements (default: 270 with --quick, "
                        "520 otherwise); points not started in time are reported as not run")
    p.add_argument("--point-timeout", type=float, default=POINT_TIMEOUT_S,
                   help="kill and restart a worker stuck this long on one point (default 90)")
    p.add_argument("--min-time", type=float, default=None,
                   help="seconds of measurement per point and timing mode, >= 7 loops anyway "
                        "(default: 0.05 with --quick, 0.1 otherwise)")
    p.add_argument("--seed", type=int, default=2024, help="seed of the random inputs")
    p.add_argument("--reference", default="device", choices=("device", "host"),
                   help="compute the float64 reference with CuPy on the device (fast) or "
                        "with NumPy on the host (slow at large sizes)")
    p.add_argument("--no-rotating", action="store_true",
                   help="skip the rotating-inputs timing of sizes that fit in L2")
    p.add_argument("--no-ceilings", action="store_true", help="do not measure the ceilings")
    p.add_argument("--no-plots", action="store_true", help="do not draw PNG plots")
    p.add_argument("--report-only", metavar="DIR", default=None,
                   help="rebuild report.md and plots from DIR/results.json or DIR/raw.jsonl")
    return p


def parse_int(text: str) -> int:
    """``1048576``, ``2^20``, ``1<<20``, ``4k``/``1M`` (binary) -> int."""
    t = text.strip().lower().replace("_", "")
    if "^" in t:
        base, exp = t.split("^", 1)
        return int(base) ** int(exp)
    if "<<" in t:
        a, b = t.split("<<", 1)
        return int(a) << int(b)
    mult = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    if t and t[-1] in mult:
        return int(t[:-1]) * mult[t[-1]]
    return int(t)


def parse_sizes(specs: list[str] | None, quick: bool) -> dict[str, list]:
    """``--sizes`` tokens -> {"blas2": [(m, n), ...], "blas1": [N, ...]}."""
    if not specs:
        specs = ["quick" if quick else "default"]
    out: dict[str, list] = {"blas2": [], "blas1": []}
    for spec in specs:
        for token in spec.split():
            if token in PRESETS:
                for fam, vals in PRESETS[token].items():
                    out[fam].extend(v for v in vals if v not in out[fam])
                continue
            kind, sep, values = token.partition(":")
            if not sep or kind not in ("2d", "1d"):
                raise ValueError(f"bad --sizes token {token!r}: use a preset "
                                 f"({', '.join(PRESETS)}), 2d:LIST or 1d:LIST")
            for item in filter(None, values.split(",")):
                if kind == "2d":
                    m, _, n = item.lower().partition("x")
                    shape = (parse_int(m), parse_int(n or m))
                    if shape not in out["blas2"]:
                        out["blas2"].append(shape)
                else:
                    v = parse_int(item)
                    if v not in out["blas1"]:
                        out["blas1"].append(v)
    return out


def parse_names(text: str, known, what: str) -> list[str]:
    """Comma-separated names checked against ``known`` (case-insensitive)."""
    lookup = {k.lower(): k for k in known}
    names = []
    for item in filter(None, (x.strip() for x in text.split(","))):
        if item.lower() not in lookup:
            raise ValueError(f"unknown {what} {item!r}; known: {', '.join(known)}")
        names.append(lookup[item.lower()])
    return names


def make_points(seq_names: list[str], sizes: dict[str, list]) -> list[list]:
    """All [sequence, m, n] points, most informative first.

    The anchors' sizes (the quick preset) come first, then the others by size,
    so a run cut short by its budget still has the comparable points.
    """
    quick = PRESETS["quick"]
    pts = []
    for fam, key in (("blas2", "blas2"), ("blas1", "blas1")):
        vals = sorted(sizes[key], key=lambda v: (v not in quick[key],
                                                 v[0] * v[1] if fam == "blas2" else v))
        for rank, v in enumerate(vals):
            for name in seq_names:
                seq = sequences.SEQUENCES[name]
                if seq.family != fam:
                    continue
                m, n = (v if fam == "blas2" else (None, v))
                pts.append((rank, fam, sequences.ORDER.index(name), [name, m, n]))
    pts.sort(key=lambda t: (t[0], t[1] != "blas2", t[2]))
    return [p[3] for p in pts]


# ---------------------------------------------------------------------------
# workers
# ---------------------------------------------------------------------------

def _worker_env() -> dict:
    """Environment for workers: this package importable, JAX not preallocating."""
    env = dict(os.environ)
    pkg_root = str(Path(__file__).parent.parent.parent)   # the folder holding kfuse/
    env["PYTHONPATH"] = pkg_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
    env.setdefault("PYTHONUNBUFFERED", "1")
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    return env


def _reader(stream, q: queue.Queue) -> None:
    for line in stream:
        q.put(line)
    q.put(None)


def _kill(proc: subprocess.Popen) -> None:
    """Stop a worker we started, and its children (its own process group)."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            return
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue


def run_ceilings(out: Path, remaining: float, save) -> tuple:
    """(ceilings, None) from the ceilings worker (each message passed to ``save``), or (what it
    returned or ``{"error": why}``, why) when it failed; within min(CEILINGS_TIMEOUT_S,
    ``remaining``) seconds (10 at least).  Both suites measure their ceilings this way."""
    got: dict = {}

    def on_message(obj):
        if obj.get("type") == "ceilings":
            got.clear()
            got.update(obj)
            save(obj)

    cmd = [sys.executable, "-m", "kfuse.bench.worker", "--impl", "ceilings"]
    timeout = min(CEILINGS_TIMEOUT_S, max(10.0, remaining))
    reason = run_worker(cmd, out / "logs" / "ceilings.log", time.time() + timeout, on_message)
    if reason or not got or "error" in got:
        why = reason or got.get("error", "no result")
        return (got or {"error": why}), why
    return got, None


def run_worker(cmd: list[str], log_path: Path, hard_deadline: float, on_message,
               point_timeout: float | None = None, append: bool = False) -> str | None:
    """Run one worker; call ``on_message(obj)`` per protocol line.

    The worker is killed at ``hard_deadline``, or when one point (from its
    ``progress`` line to its ``result``) takes longer than ``point_timeout``.
    Returns None on a clean exit, else a one-line reason.
    """
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "a" if append else "w") as log:
        log.write("$ " + shlex.join(cmd) + "\n")
        log.flush()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True,
                                env=_worker_env(), start_new_session=True, bufsize=1)
        q: queue.Queue = queue.Queue()
        threading.Thread(target=_reader, args=(proc.stdout, q), daemon=True).start()
        reason, point_start = None, None
        while True:
            now = time.time()
            if now >= hard_deadline:
                reason = "timed out"
            elif point_timeout and point_start and now - point_start > point_timeout:
                reason = f"spent over {point_timeout:.0f} s on one point"
            if reason:
                _kill(proc)
                break
            try:
                line = q.get(timeout=max(0.05, min(1.0, hard_deadline - now)))
            except queue.Empty:
                continue
            if line is None:
                break
            if not line.startswith(PREFIX):
                log.write("stdout: " + line)
                continue
            try:
                obj = json.loads(line[len(PREFIX):])
            except json.JSONDecodeError:
                log.write("unparsable protocol line: " + line)
                continue
            kind = obj.get("type")
            point_start = time.time() if kind == "progress" else None if kind == "result" else point_start
            on_message(obj)
        try:
            rc = proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _kill(proc)
            rc = proc.returncode
        if reason is None and rc not in (0, None):
            reason = f"exited with status {rc}" + (f" (signal {-rc})" if rc and rc < 0 else "")
        log.write(f"# worker finished: {reason or 'ok'}\n")
    return reason


def worker_cmd(impl: str, args, points: list, deadline: float) -> list[str]:
    """The command line of one worker."""
    cmd = [sys.executable, "-m", "kfuse.bench.worker", "--impl", impl, "--dtype", args.dtype,
           "--seed", str(args.seed), "--min-time", str(args.min_time),
           "--reference", args.reference, "--deadline", f"{deadline:.1f}",
           "--points", json.dumps(points, separators=(",", ":"))]
    if args.no_rotating:
        cmd.append("--no-rotating")
    return cmd


# ---------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------

class Run:
    """State of one benchmark run: records, notes, files, progress."""

    def __init__(self, out_dir: Path, meta: dict, points: list, impls: list[str], budget: float,
                 args: argparse.Namespace):
        self.out = out_dir
        self.args = args
        self.meta = meta
        self.points = points
        self.impls = impls
        self.budget = budget
        self.t0 = time.time()
        self.records: list[dict] = []
        self.ceilings: dict | None = None
        self.impl_notes: dict[str, str] = {}
        self.worker_env: dict[str, dict] = {}
        self.out.mkdir(parents=True, exist_ok=True)
        self.raw = open(self.out / "raw.jsonl", "a")
        self.raw.write(json.dumps({"type": "meta", **meta}) + "\n")
        self.progress = Progress(len(points) * len(impls) + 1)

    def remaining(self) -> float:
        return self.budget - (time.time() - self.t0)

    def _save(self, obj: dict) -> None:
        self.raw.write(json.dumps(obj) + "\n")
        self.raw.flush()

    def measure_ceilings(self) -> None:
        """The ceilings worker."""
        self.progress.update("ceilings")
        self.ceilings, why = run_ceilings(self.out, self.remaining(), self._save)
        if why:
            self.progress.note(f"ceilings: not measured ({why})")
        else:
            c = self.ceilings
            self.progress.note(
                f"ceilings: read {c['read_GBs']:.0f} GB/s, write {c['write_GBs']:.0f} GB/s, "
                f"copy {c['copy_GBs']:.0f} GB/s, launch {c['launch_us']:.1f} us "
                f"({c['device'].get('name')})")
        self.progress.advance()

    def measure_hostpath(self) -> None:
        """Host cost of a one-kernel kfuse call against a bare CuPy launch of the same kernel,
        in its own process (:mod:`kfuse.calibrate.hostpath`)."""
        self.hostpath = None
        cmd = [sys.executable, "-m", "kfuse.calibrate.hostpath", "--json"]
        log = self.out / "logs" / "hostpath.log"
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=_worker_env())
        except (OSError, subprocess.TimeoutExpired) as e:
            self.progress.note(f"host path: not measured ({e})")
            return
        log.write_text(proc.stdout + proc.stderr)
        for line in proc.stdout.splitlines():
            if line.startswith("["):
                try:
                    self.hostpath = json.loads(line)
                except ValueError:
                    pass
        if self.hostpath:
            worst = max(r["exe_over_bare_alloc"] for r in self.hostpath)
            self.progress.note(f"host path: kfuse call / bare CuPy launch with allocation <= {worst:.2f}")
        else:
            self.progress.note("host path: not measured (see logs/hostpath.log)")

    def run_impl(self, impl: str, impls_left: int, timeout: float | None) -> None:
        """One implementation over all points: one worker, restarted (without the
        point it was on) if it crashes or stalls on a point, while time is left."""
        left = self.remaining()
        allotted = min(left - RESERVE_PER_IMPL_S * (impls_left - 1),
                       FAIR_SHARE_FACTOR * left / impls_left)
        if timeout:
            allotted = min(allotted, timeout)
        allotted = max(allotted, 5.0)
        start = time.time()
        soft = start + max(1.0, allotted - max(5.0, min(KILL_GRACE_S, 0.15 * allotted)))
        hard = start + allotted
        seen: set[tuple] = set()
        current: dict = {}

        def on_message(obj):
            kind = obj.get("type")
            if kind == "progress":
                current.clear()
                current.update(obj)
                self.progress.update(f"{impl} {obj['seq']} {obj['size']}")
            elif kind == "result":
                current.clear()
                self._record(obj)
                seen.add((obj["seq"], obj["m"], obj["n"]))
                if obj["status"] in ("wrong", "error"):
                    self.progress.note(f"{impl} {obj['seq']} {obj['size']}: "
                                       f"{obj['status']}: {obj['note']}")
            elif kind == "hello":
                self.worker_env[impl] = obj
            elif kind == "env":
                for mod, version in (obj.get("versions") or {}).items():
                    if version:
                        self.meta.setdefault("versions_loaded", {})[mod] = version

        self.progress.update(f"{impl} starting")
        pending, failures = list(self.points), []
        for attempt in range(1 + MAX_RESTARTS):
            reason = run_worker(worker_cmd(impl, self.args, pending, soft),
                                self.out / "logs" / f"{impl}.log", hard, on_message,
                                self.args.point_timeout, append=attempt > 0)
            pending = [p for p in pending if (p[0], p[1], p[2]) not in seen]
            if reason is None:
                break
            failures.append(f"worker {reason} after {time.time() - start:.0f} s")
            self.progress.note(f"{impl}: {failures[-1]}")
            if current and pending and [current.get("seq"), current.get("m"),
                                        current.get("n")] == pending[0]:
                self._record(self._missing(impl, pending.pop(0), "error", f"worker {reason}"))
            current.clear()
            if not pending or time.time() >= soft or reason == "timed out":
                break
        for p in pending:
            why = failures[-1] if failures else "no result from worker"
            self._record(self._missing(impl, p, "not-run", why))
        skipped = {r["note"] for r in self.records if r["impl"] == impl and r["status"] == "skipped"}
        notes = (["skipped: " + "; ".join(sorted(skipped))] if skipped else []) + failures
        if notes:
            self.impl_notes[impl] = "; ".join(notes)
            if skipped:
                self.progress.note(f"{impl}: {notes[0]}")

    def _record(self, rec: dict) -> None:
        """Keep and save one result record, and count it on the progress bar."""
        self.records.append(rec)
        self._save(rec)
        self.progress.advance()

    def _missing(self, impl: str, point: list, status: str, note: str) -> dict:
        """A record for a point the worker gave no result for."""
        name, m, n = point
        seq = sequences.SEQUENCES[name]
        return {"type": "result", "impl": impl, "seq": name, "family": seq.family,
                "m": m, "n": n, "dtype": self.meta["dtype"],
                "size": sequences.size_label(seq.family, m, n), "status": status, "note": note}

    def results(self) -> dict:
        """The whole run as one JSON-able dict."""
        self.meta["wall_s"] = round(time.time() - self.t0, 1)
        return {"schema": "kfuse-bench/1", "meta": self.meta, "ceilings": self.ceilings,
                "impl_notes": self.impl_notes, "workers": self.worker_env,
                "records": self.records, "hostpath": getattr(self, "hostpath", None)}


def load_results(folder: Path) -> dict:
    """results.json, or a results dict rebuilt from raw.jsonl (a run cut short)."""
    path = folder / "results.json"
    if path.is_file():
        return json.loads(path.read_text())
    meta, ceilings, records = {}, None, []
    for line in (folder / "raw.jsonl").read_text().splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        kind = obj.pop("type", None)
        if kind == "meta":
            meta = obj
        elif kind == "ceilings":
            ceilings = obj
        elif kind == "result":
            records.append({"type": "result", **obj})
    return {"schema": "kfuse-bench/1", "meta": meta, "ceilings": ceilings, "impl_notes": {},
            "workers": {}, "records": records}


def write_outputs(results: dict, out: Path, plots: bool) -> list[str]:
    """results.json, report.md and plots; returns notes (e.g. plots skipped)."""
    from . import report
    from .plots import write_plots

    notes, drawn = [], []
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    if plots:
        drawn, notes = write_plots(results, out / "plots")
    text = report.render(results, plot_notes=notes, plots=drawn)
    (out / "report.md").write_text(text)
    return notes


def main(argv: list[str] | None = None) -> int:
    """``kfuse bench`` entry point; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)

    if args.report_only:
        folder = Path(args.report_only)
        results = load_results(folder)
        for note in write_outputs(results, folder, not args.no_plots):
            print(note, file=sys.stderr)
        print(folder / "report.md")
        return 0

    try:
        sizes = parse_sizes(args.sizes, args.quick)
        seqs = list(sequences.ORDER) if args.sequences == "all" else \
            parse_names(args.sequences, sequences.ORDER, "sequence")
        impls = parse_names(args.impls, list(REGISTRY), "implementation")
    except ValueError as exc:
        parser.error(str(exc))
    preset = "quick" if args.quick else "default"
    budget = args.budget or BUDGET_S[preset]
    if args.min_time is None:
        args.min_time = MIN_TIME_S[preset]
    points = make_points(seqs, sizes)
    if not points or not impls:
        parser.error("nothing to run (no sizes for the chosen sequences, or no implementations)")

    from ..errors import NoGPUError
    from ..platform import device
    try:   # no usable GPU: one line, and no results folder of nothing written
        device.require_gpu("kfuse bench")
    except NoGPUError as e:
        print(f"kfuse bench: error: {e}", file=sys.stderr)
        return 1
    out = Path(args.out) if args.out else default_out_dir(args)
    meta = collect_meta(args, argv, sizes, impls, seqs)
    meta["budget_s"] = budget
    run = Run(out, meta, points, impls, budget, args)
    print(f"kfuse bench: {len(points)} points x {len(impls)} implementations, "
          f"{args.dtype}, budget {budget:.0f} s -> {out}", file=sys.stderr)
    if not args.no_ceilings:
        run.measure_ceilings()
        if "kfuse" in impls:
            run.measure_hostpath()
    else:
        run.progress.advance()
    for i, impl in enumerate(impls):
        run.run_impl(impl, len(impls) - i, args.timeout)
    run.progress.close()
    run.raw.close()

    results = run.results()
    for note in write_outputs(results, out, not args.no_plots):
        print(note, file=sys.stderr)
    from . import report

    print(report.console_summary(results))
    print(f"\nreport: {out / 'report.md'}")
    why = report.nothing_measured(results)
    if why:   # never exit 0 on a run that measured nothing (no GPU, every implementation failed)
        print(f"kfuse bench: error: {why}", file=sys.stderr)
        return 1
    return 0

