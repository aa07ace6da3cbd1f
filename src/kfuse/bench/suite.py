"""What the suites that run one worker process per implementation share (``--stencils``,
``--blas3``; the next suite too): the command line's common steps, the run's bookkeeping
(``raw.jsonl``, progress, records), the worker of each job within a budget and a point timeout
(restarted without the point it stalled or crashed on), ``--part N/M`` and ``--merge``.

A suite says what differs in a :class:`SuiteSpec` (its schema, what it measures of the card
first, how a record is named) and in a subclass of :class:`SuiteRun` (its worker command, the
record of a point that got no result, how a result names its point).  The workers' protocol
and the process handling itself are the BLAS suite's (:func:`kfuse.bench.runner.run_worker`).
"""
from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ..calibrate.progress import Progress

MAX_RESTARTS = 3               # restarts of one job's worker after a crash or stall
RESERVE_PER_WORKER_S = 10.0    # kept back for each worker still to run
FAIR_SHARE = 2.5               # no worker gets more than this times an equal share of what is left


@dataclass(frozen=True)
class SuiteSpec:
    """What tells one suite's results apart from another's."""

    name: str                  # in messages: "not a <name> suite result"
    schema: str                # results.json's "schema"
    measured: str              # the key of what the card measured first ("ceilings", "peaks")
    measured_ok: str           # a field that only a successful measurement has
    measured_same: tuple       # fields two parts' measurements must share to be one
    record_key: tuple          # the record fields naming a record (impl first)


# ---------------------------------------------------------------------------
# the command line
# ---------------------------------------------------------------------------

def parse_impls(text: str, known) -> list[str]:
    """``--impls a,b``: the names in order; ValueError naming the unknown ones."""
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in known]
    if bad:
        raise ValueError(f"unknown implementation(s) {', '.join(bad)}; known: {', '.join(known)}")
    return names


def parse_part(text: str) -> tuple[int, int]:
    """``"N/M"`` -> (N, M) with 1 <= N <= M; ValueError naming the argument otherwise."""
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text or "")
    if not m:
        raise ValueError(f"--part must be N/M (e.g. 2/3), got {text!r}")
    n, total = int(m.group(1)), int(m.group(2))
    if total < 1 or not 1 <= n <= total:
        raise ValueError(f"--part {text}: N must be in 1..M and M >= 1")
    return n, total


def split(items: list, n: int, total: int) -> list:
    """Part ``n`` of ``total`` of ``items``: items n-1, n-1+total, ... (round-robin)."""
    return [x for i, x in enumerate(items) if i % total == n - 1]


def default_out(prefix: str, quick: bool, part: str | None = None) -> Path:
    """``benchmarks/results/<prefix>-DATE[-quick][-partNofM]``, numbered if it holds files."""
    import datetime as _dt

    name = f"{prefix}-{_dt.date.today().isoformat()}" + ("-quick" if quick else "")
    if part:
        n, m = parse_part(part)
        name += f"-part{n}of{m}"
    base = Path("benchmarks") / "results"
    path, k = base / name, 2
    while path.exists() and any(path.iterdir()):
        path, k = base / f"{name}-{k}", k + 1
    return path


def require_gpu(prog: str) -> bool:
    """True with a usable GPU; else prints one error line (and nothing is written)."""
    from ..errors import NoGPUError
    from ..platform import device

    try:
        device.require_gpu(prog)
    except NoGPUError as e:
        print(f"kfuse bench: error: {e}", file=sys.stderr)
        return False
    return True


def apply_preset(args, budget_s: dict, min_time_s: dict) -> None:
    """``--budget`` and ``--min-time`` not given: the suite's ``quick`` or ``full`` values."""
    preset = "quick" if args.quick else "full"
    args.budget = args.budget or budget_s[preset]
    args.min_time = args.min_time or min_time_s[preset]


def offline_modes(parser, args, spec: SuiteSpec, merge, write_outputs, console_summary) -> int | None:
    """``--report-only DIR`` or ``--merge DIR ... --out DIR`` (no GPU needed): their exit
    status; None for a run."""
    if args.report_only:
        return report_only(Path(args.report_only), spec, write_outputs, not args.no_plots)
    if args.merge:
        return merge_main(parser, args, spec, merge, write_outputs, console_summary)
    return None


def report_only(folder: Path, spec: SuiteSpec, write_outputs, plots: bool) -> int:
    """``--report-only DIR``: report.md (and the plots) again from DIR's results."""
    write_outputs(load_results(folder, spec), folder, plots)
    print(folder / "report.md")
    return 0


def print_summary(results: dict, out: Path, console_summary) -> None:
    """The console tables, then where report.md is."""
    print(console_summary(results))
    print(f"\nreport: {out / 'report.md'}")


def merge_main(parser, args, spec: SuiteSpec, merge, write_outputs, console_summary) -> int:
    """``--merge DIR ... --out DIR``: one report from the parts' results (no GPU needed)."""
    if not args.out:
        parser.error("--merge needs --out DIR (the merged report's folder)")
    folders = [Path(d) for d in args.merge]
    missing = [str(f) for f in folders
               if not (f / "results.json").is_file() and not (f / "raw.jsonl").is_file()]
    if missing:
        parser.error(f"--merge: no results.json or raw.jsonl in {', '.join(missing)}")
    try:
        merged = merge([load_results(f, spec) for f in folders], [str(f) for f in folders])
    except ValueError as exc:
        parser.error(str(exc))
    out = Path(args.out)
    write_outputs(merged, out, not args.no_plots)
    print_summary(merged, out, console_summary)
    return 0


def finish(run: "SuiteRun", out: Path, plots: bool, write_outputs, console_summary,
           prog: str) -> int:
    """Close the run, write its outputs and summary; 1 when nothing was timed."""
    run.progress.close()
    run.raw.close()
    results = run.results()
    write_outputs(results, out, plots)
    print_summary(results, out, console_summary)
    if not any(r.get("status") == "ok" and r.get("hot") for r in results["records"]):
        print(f"{prog}: error: nothing was measured", file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------------------
# results on disk
# ---------------------------------------------------------------------------

def load_results(folder: Path, spec: SuiteSpec) -> dict:
    """results.json, or the results rebuilt from raw.jsonl (a run cut short)."""
    if (folder / "results.json").is_file():
        return json.loads((folder / "results.json").read_text())
    meta, measured, records = {}, None, []
    for line in (folder / "raw.jsonl").read_text().splitlines():
        if line.strip():
            obj = json.loads(line)
            kind = obj.get("type")
            if kind == "meta":
                meta = {k: v for k, v in obj.items() if k != "type"}
            elif kind == spec.measured:
                measured = obj
            elif kind == "result":
                records.append(obj)
    return {"schema": spec.schema, "meta": meta, spec.measured: measured, "impl_notes": {},
            "records": records}


def write_results_json(results: dict, out: Path) -> None:
    """``out/results.json`` (the folder made if needed)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=1, default=str) + "\n")


# ---------------------------------------------------------------------------
# --merge
# ---------------------------------------------------------------------------

def check_parts(parts: list[dict], names: list[str], spec: SuiteSpec) -> None:
    """ValueError when the parts are not all of this suite, or mix --quick and full runs."""
    if not parts:
        raise ValueError("--merge needs at least one results folder")
    for p, name in zip(parts, names):
        if p.get("schema", spec.schema) != spec.schema:
            raise ValueError(f"--merge: {name} is not a {spec.name} suite result ({p.get('schema')!r})")
    if len({bool(p.get("meta", {}).get("quick")) for p in parts}) > 1:
        raise ValueError("--merge: the folders mix --quick and full-size runs")


def merge_records(parts: list[dict], names: list[str], spec: SuiteSpec, shared) -> tuple[list, list]:
    """Every part's records, a later one replacing an earlier of the same ``spec.record_key``
    (except a later "not-run", which keeps the earlier);
    a record whose part measured other than ``shared`` keeps its own (``spec.measured``).
    Returns (records, what was replaced)."""
    records: dict = {}
    replaced = []
    for p, name in zip(parts, names):
        own = p.get(spec.measured) or {}
        differs = bool(own.get(spec.measured_ok)) and any(
            own.get(k) != (shared or {}).get(k) for k in spec.measured_same)
        for rec in p.get("records", []):
            rec = dict(rec)
            if differs:
                rec[spec.measured] = own
            key = tuple(rec[k] for k in spec.record_key)
            if key in records and rec.get("status") == "not-run":
                continue    # a part that ran out of time never hides an earlier part's result
            if key in records:
                replaced.append(f"{' '.join(key)} (from {name})")
            records[key] = rec
    return list(records.values()), replaced


def merged_from(parts: list[dict], names: list[str], keep_measured: str | None = None) -> list[dict]:
    """Per part: its folder, command, part and wall time (and ``keep_measured`` if given)."""
    out = []
    for p, n in zip(parts, names):
        m = p.get("meta", {})
        entry = {"folder": n, "command": m.get("command"), "part": m.get("part"), "wall_s": m.get("wall_s")}
        if keep_measured:
            entry[keep_measured] = p.get(keep_measured)
        out.append(entry)
    return out


def merge(parts: list[dict], names: list[str] | None, spec: SuiteSpec, meta_union,
          keep_measured: bool = False) -> dict:
    """One results dict from several parts of one suite: records (:func:`merge_records`), the
    first successful measurement, the first part's meta with ``meta_union(parts)`` (the suite's
    own lists), every part's command and the summed wall time, and every part's notes."""
    names = names or [f"part {i + 1}" for i in range(len(parts))]
    check_parts(parts, names, spec)
    shared = next((p[spec.measured] for p in parts if (p.get(spec.measured) or {}).get(spec.measured_ok)),
                  parts[0].get(spec.measured))
    records, replaced = merge_records(parts, names, spec, shared)
    meta = dict(parts[0].get("meta", {}))
    impls: list = []
    for p in parts:
        impls += [i for i in p.get("meta", {}).get("impls") or [] if i not in impls]
    meta.update({"impls": impls or meta.get("impls"), **meta_union(parts),
                 "merged_from": merged_from(parts, names, spec.measured if keep_measured else None),
                 "wall_s": round(sum(p.get("meta", {}).get("wall_s") or 0 for p in parts), 1)})
    notes: dict = {}
    for p, name in zip(parts, names):
        for k, v in (p.get("impl_notes") or {}).items():
            notes[k] = f"{notes[k]} | {name}: {v}" if k in notes else f"{name}: {v}"
    if replaced:
        notes["merge"] = "a later folder replaced: " + "; ".join(replaced)
    return {"schema": spec.schema, "meta": meta, spec.measured: shared, "impl_notes": notes,
            "records": records}


# ---------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------

def allotment(left: float, workers_left: int) -> tuple[float, float, float]:
    """(start, soft, hard) of the next worker: a fair share of ``left`` seconds (at most
    FAIR_SHARE times an equal share, RESERVE_PER_WORKER_S kept for each one after it, 5 s at
    least); no new point after ``soft``, killed at ``hard``."""
    allotted = max(5.0, min(left - RESERVE_PER_WORKER_S * (workers_left - 1),
                            FAIR_SHARE * left / workers_left))
    start = time.time()
    return start, start + max(1.0, allotted - min(20.0, 0.15 * allotted)), start + allotted


class SuiteRun:
    """One run of a suite: ``raw.jsonl``, the progress bar, the records, and one worker per
    job (:meth:`run_job`).  A subclass gives the suite's :meth:`worker_cmd`, :meth:`missing`,
    :meth:`result_key` and :meth:`failure_note`, and measures ``self.measured`` first."""

    spec: SuiteSpec
    point_field = "point"      # the field of a worker's progress message naming the point
    note_skipped = False       # impl_notes also say why points were skipped

    def __init__(self, args, out: Path, meta: dict, total: int):
        self.args, self.out, self.meta = args, out, meta
        self.t0 = time.time()
        self.budget = args.budget
        self.records: list[dict] = []
        self.measured: dict | None = None
        self.impl_notes: dict[str, str] = {}
        out.mkdir(parents=True, exist_ok=True)
        self.raw = open(out / "raw.jsonl", "a")
        self.save({"type": "meta", **meta})
        self.progress = Progress(total)

    def remaining(self) -> float:
        """Seconds of the budget left."""
        return self.budget - (time.time() - self.t0)

    def save(self, obj: dict) -> None:
        """One line of raw.jsonl, flushed (kept if the run is cut)."""
        self.raw.write(json.dumps(obj, default=str) + "\n")
        self.raw.flush()

    def record(self, rec: dict) -> None:
        """Keep and save one result record, count it, and say so if it failed."""
        self.records.append(rec)
        self.save(rec)
        self.progress.advance()
        if rec["status"] in ("wrong", "error"):
            self.progress.note(self.failure_note(rec))

    def item_key(self, item) -> str:
        """The key of a pending item (as results and progress messages name it)."""
        return item

    def result_key(self, obj: dict) -> str:
        """The key of the point a result record is of."""
        raise NotImplementedError

    def worker_cmd(self, job, items: list, deadline: float) -> list[str]:
        """The worker's command line for ``items`` of ``job``, no new point after ``deadline``."""
        raise NotImplementedError

    def missing(self, job, item, status: str, note: str) -> dict:
        """The record of an item the worker gave no result for."""
        raise NotImplementedError

    def failure_note(self, rec: dict) -> str:
        """The progress line of a wrong or failed record."""
        raise NotImplementedError

    def on_env(self, obj: dict) -> None:
        """A worker's ``env`` message: the versions it loaded, into the meta."""
        self.meta.setdefault("versions_loaded", {}).update(
            {k: v for k, v in (obj.get("versions") or {}).items() if v})

    def run_job(self, job, label: str, items: list, workers_left: int) -> None:
        """One worker over ``items`` (``label``: its progress prefix, log name and impl_notes
        key); restarted without the point it stalled or crashed on, while time is left."""
        from .runner import run_worker

        start, soft, hard = allotment(self.remaining(), workers_left)
        seen: set[str] = set()
        current: dict = {}
        n_before = len(self.records)

        def on_message(obj):
            kind = obj.get("type")
            if kind == "progress":
                current.clear()
                current.update(obj)
                self.progress.update(f"{label} {obj[self.point_field]}")
            elif kind == "result":
                current.clear()
                seen.add(self.result_key(obj))
                self.record(obj)
            elif kind == "env":
                self.on_env(obj)

        pending, failures = list(items), []
        log = self.out / "logs" / f"{label.replace(' ', '-')}.log"
        for attempt in range(1 + MAX_RESTARTS):
            reason = run_worker(self.worker_cmd(job, pending, soft), log, hard, on_message,
                                self.args.point_timeout, append=attempt > 0)
            pending = [p for p in pending if self.item_key(p) not in seen]
            if reason is None:
                break
            failures.append(f"worker {reason} after {time.time() - start:.0f} s")
            self.progress.note(f"{label}: {failures[-1]}")
            if current and pending and current.get(self.point_field) == self.item_key(pending[0]):
                self.record(self.missing(job, pending.pop(0), "error", f"worker {reason}"))
            current.clear()
            if not pending or time.time() >= soft or reason == "timed out":
                break
        for item in pending:
            self.record(self.missing(job, item, "not-run",
                                     failures[-1] if failures else "no result from worker"))
        self.note_job(label, self.records[n_before:], failures)

    def note_job(self, label: str, records: list[dict], failures: list[str]) -> None:
        """impl_notes[label]: the worker's failures (and why points were skipped, if
        ``note_skipped``)."""
        skipped = {r["note"] for r in records if r["status"] == "skipped"} if self.note_skipped else set()
        if skipped or failures:
            self.impl_notes[label] = "; ".join(
                (["skipped: " + "; ".join(sorted(skipped))] if skipped else []) + failures)

    def results(self) -> dict:
        """The whole run as one JSON-able dict."""
        self.meta["wall_s"] = round(time.time() - self.t0, 1)
        return {"schema": self.spec.schema, "meta": self.meta, self.spec.measured: self.measured,
                "impl_notes": self.impl_notes, "records": self.records}
