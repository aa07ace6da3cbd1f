"""The editable staged workflow of ``kfuse stages`` (the programmer-guided mode of Wahib and
Maruyama's stencil fusion).

Each stage writes a numbered artifact and a short report (``NN_report.txt``) into a folder:

====  ==========  ==========================================================================
 no.  stage       artifact (what a user may edit and resume from with ``--from``)
====  ==========  ==========================================================================
 01   metadata    ``01_metadata.json``: per call its unfused kernel's predicted bytes, flops,
                  time and share of the DRAM limit, fields read and written (offsets and
                  radius of window reads); the device facts of the calibration in use
 02   targets     ``02_targets.json``: the calls fusion may group, and the reason for each
                  exclusion (compute-bound, boundary) -- *editable*: an excluded call runs alone
 03   graphs      ``03_ddg.dot/.json`` and ``03_oeg.dot/.json`` (:mod:`kfuse.ir.ddg`)
 04   search      ``04_search.json``: strategy, budget, seed, objective -- *editable*
 05   plan        ``05_plan.json`` and ``05_oeg_new.dot`` (one ``cluster_k<N>`` per kernel) --
                  *editable*: an edited plan, or calls moved between clusters, is the plan
 06   cuda        ``06_<prog>.cu`` (after ``cubin``, the report has registers and spills)
====  ==========  ==========================================================================

The compiler's own stages (:data:`kfuse.pipeline.stages.STAGES`: program, graph, plan, kernels,
cuda, cubin, executable) keep their names; :data:`POSITION` places every name on one line, so
``--until program`` runs 01, ``--until graph`` 01-03, ``--until plan`` 01-05 and
``--until kernels``/``cuda``/``cubin``/``executable`` all six.  ``--from S`` (targets, search,
plan) reads the artifacts of S and the stages before it from the folder, leaves them as they
are, and runs the later ones; an illegal edit is one KfuseError naming the file and the reason.
A Python function's folder (``kfuse stages MODULE:FUNCTION``, ``kfuse.jit(f).stages``) also
records the function, its source's hash and the argument specs (:mod:`kfuse.pipeline.origin`),
checked on resuming.  The reports are :mod:`kfuse.pipeline.workflow_reports`'.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re

from .. import files, spaces
from ..errors import KfuseError, PlanError
from ..fusion import legality
from ..fusion.plan import Plan, check_plan, unfused_plan
from ..fusion.search import EXHAUSTIVE_CALLS, make_plan, order_groups
from ..ir import Program, ddg
from .origin import check_origin
from .stages import STAGE_LIST, STAGES
from .workflow_reports import report_cuda, report_graphs, report_metadata, report_plan, report_targets  # noqa: F401

#: the numbered stages, in order (from the one list, :data:`kfuse.pipeline.stages.STAGE_LIST`)
WORKFLOW = tuple(s.name for s in STAGE_LIST if s.numbered)
#: every stage name ``--until`` / ``--from`` take -> its place (1-6 numbered, 7 cubin, 8 executable)
POSITION = {s.name: s.place for s in STAGE_LIST}
#: the stages ``--from`` resumes at (their artifacts are the editable ones)
RESUMABLE = ("targets", "search", "plan")
#: search strategies ``04_search.json`` may name
STRATEGIES = {"auto": f"exhaustive up to {EXHAUSTIVE_CALLS} calls, greedy pair merging above",
              "exhaustive": "every legal combination (refused above 12 calls)",
              "greedy": "merge the neighbouring pair that gains most until none gains",
              "unfused": "one kernel per call"}
#: a read of at most this many planes of an axis over a much longer one is boundary code
BOUNDARY_PLANES = 2


def position(name: str) -> int:
    """The place of stage ``name`` (:data:`POSITION`), or one KfuseError naming the stages."""
    if name not in POSITION:
        places = sorted(set(POSITION.values()))
        names = [" or ".join(n for n, p in POSITION.items() if p == place) for place in places]
        raise KfuseError(f"unknown stage {name!r} (stages, in order: {', '.join(names)})")
    return POSITION[name]


def check_range(start: str | None, until: str) -> None:
    """Refuse an unknown stage, or ``--from start`` not before ``--until until``."""
    if start is not None and position(start) >= position(until):
        raise KfuseError(f"--from {start} must come before --until {until}")
    position(until)


def compile_stage(until: str) -> str:
    """The compiler stage (:data:`STAGES`) to run for ``--until until``."""
    if until in STAGES:
        return until
    return [s.name for s in STAGE_LIST if s.compiler and s.place <= position(until)][-1]


def calibration():
    """The calibration planning uses (the GPU's, else the default device's), as ``kfuse compile``."""
    from ..model import load_calibration
    from ..platform import device
    return load_calibration(device.planning_device())


# --------------------------------------------------------------------- 01 metadata
def metadata(program: Program, cal, measured: dict | None = None) -> dict:
    """The ``01_metadata.json`` document: per call its unfused kernel as the model sees it,
    the fields it reads and writes, and the device facts of ``cal``; ``measured``: what
    :func:`kfuse.pipeline.measure_calls.measure_calls` timed on the GPU (each call's
    ``measured_us`` and the share of the DRAM limit it reached), None: predictions only."""
    from ..model.planner import make_search
    from ..model.predict import kernel_kind, kernel_traffic
    from ..spaces.base import SMEM_PER_SM, resident_blocks
    search = make_search(program, cal)
    needed = spaces.stored(program, [[c.id] for c in program.calls])
    info = spaces.program_info(program)
    calls = []
    for c in program.calls:
        t, params = search.best_impl((c.id,), frozenset(needed[c.id]))
        tr = kernel_traffic(program, [c.id], params, needed[c.id])
        dom, fn = info.domain(c.id), info.fn(c.id)
        flops = fn.flops * spaces.get(dom.space).elements(dom) * (4 if info.dtype(c.id).startswith("complex") else 1)
        nbytes = tr.read + tr.write
        floor = tr.read / cal.read_bw + tr.write / cal.write_bw
        occ = min(tr.grid, resident_blocks(tr, cal)) * tr.threads / (cal.sm_count * 2048)
        calls.append({"id": c.id, "fn": c.fn, "label": c.label, "kind": kernel_kind(program, [c.id]),
                      "space": dom.space, "params": params, "predicted_us": round(t * 1e6, 3),
                      "read_bytes": tr.read, "write_bytes": tr.write, "flops": flops,
                      "intensity": round(flops / nbytes, 4) if nbytes else None,
                      "dram_limit_pct": round(100 * floor / t, 1) if t else None,
                      "occupancy": round(occ, 3), **fields_of(program, c)})
    return {"program": program.name, "fingerprint": program.fingerprint(), "sizes": dict(program.sizes),
            "device": {"name": cal.device, "calibration": cal.source, "sm_count": cal.sm_count,
                       "l2_bytes": cal.l2_bytes, "read_GBps": cal.read_bw / 1e9, "write_GBps": cal.write_bw / 1e9,
                       "fma_per_s": cal.fma_rate, "ridge_flops_per_byte": round(cal.fma_rate / cal.read_bw, 3),
                       "smem_per_sm": SMEM_PER_SM},
            **_measured_fields(calls, measured, cal),
            "calls": calls}


def _measured_fields(calls: list, measured: dict | None, cal) -> dict:
    """Merge the GPU's per-call times into ``calls`` (``measured_us``, ``measured_limit_pct``)
    and say what was measured, where, or why nothing was."""
    if not measured or not measured.get("calls"):
        why = (measured or {}).get("skipped") or "not asked (--measure off)"
        return {"measured": None, "measured_note": f"figures are the model's predictions; not timed: {why}"}
    for c in calls:
        m = measured["calls"].get(c["id"])
        if m is None:
            continue
        floor_us = (c["read_bytes"] / cal.read_bw + c["write_bytes"] / cal.write_bw) * 1e6
        c["measured_us"] = m["measured_us"]
        c["measured_limit_pct"] = round(100 * floor_us / m["measured_us"], 1) if m["measured_us"] else None
        if m.get("shared_with"):
            c["measured_note"] = f"one kernel with call(s) {m['shared_with']}: its time is theirs too"
    return {"measured": measured.get("device"),
            "measured_note": "measured_us: each call's unfused kernel timed alone on this GPU (CUDA graph, "
                             "median of replays, random inputs); the DRAM limit at the calibration's ceilings"}


def fields_of(program: Program, call) -> dict:
    """``reads`` ([{field, value, offsets}]), ``writes`` (field names) and, where the call
    reads windows, ``radius`` (per field: the largest half-spread of its offsets on an axis,
    rounded up) of one call."""
    reads, spread = [], {}
    for p, v in call.args.items():
        val = program.value(v)
        if val.role == "const":
            continue
        base = program.base(v)
        offs = ddg.offsets_of(program, v)
        reads.append({"param": p, "field": program.value(base).display, "value": v,
                      **({"offsets": list(offs)} if offs is not None else {})})
        if offs is not None:
            spread.setdefault(program.value(base).display, []).append(offs)
    out = {"reads": reads, "writes": [program.value(v).display for v in call.outs.values()]}
    if spread:
        out["radius"] = {f: max(-(-(max(o[a] for o in offs) - min(o[a] for o in offs)) // 2)
                                for a in range(len(offs[0])))
                         for f, offs in spread.items()}
    return out


# --------------------------------------------------------------------- 02 targets
def exclusion(program: Program, call, meta: dict | None) -> str | None:
    """Why ``call`` is no fusion target (the seed's filter), or None: compute-bound (its
    intensity past the model's ridge) or boundary code (a read of a window of at most
    :data:`BOUNDARY_PLANES` planes of an axis of a much longer field).  An assignment into a
    window (``v[0, :] = v[-2, :]``, whatever planes it reads) is a target: it fuses with the
    calls around it."""
    for v in ([] if call.fn == "assign" else call.args.values()):
        window = getattr(program.value(v), "window", None)
        if not window:
            continue
        shape = program.value(program.base(v)).type.shape
        for a, (lo, hi) in enumerate(window):
            if hi - lo <= BOUNDARY_PLANES and isinstance(shape[a], int) and shape[a] > 4 * BOUNDARY_PLANES:
                return (f"boundary call: reads {hi - lo} plane(s) of axis {a} of "
                        f"{program.value(program.base(v)).display} (extent {shape[a]})")
    if meta is not None:
        m = meta["calls"][call.id]
        ridge = meta["device"]["ridge_flops_per_byte"]
        if m["intensity"] is not None and m["intensity"] > ridge:
            return f"compute-bound: {m['intensity']:.2f} flops/byte, past the model's ridge of {ridge:.2f}"
    return None


def targets(program: Program, meta: dict | None) -> dict:
    """The ``02_targets.json`` document: the eligible calls, and each excluded one's reason."""
    excluded = [{"call": c.id, "label": c.label, "reason": why}
                for c in program.calls if (why := exclusion(program, c, meta)) is not None]
    gone = {e["call"] for e in excluded}
    return {"program": program.name, "fingerprint": program.fingerprint(),
            "eligible": [c.id for c in program.calls if c.id not in gone], "excluded": excluded,
            "edit": "move a call from 'eligible' to 'excluded' (with a reason) to keep it out of fusion"}


def read_targets(path: str, program: Program, origin: dict | None = None) -> dict:
    """Call id -> reason of each call an (edited) ``02_targets.json`` keeps out of fusion: those
    under ``excluded`` and those left out of ``eligible``.  Refusals name the file."""
    d = _read_json(path, program, origin)
    name, n = os.path.basename(path), len(program.calls)
    _known_fields(d, name, TARGETS_FIELDS)
    eligible, excl = d.get("eligible"), d.get("excluded", [])
    if not isinstance(eligible, list) or not isinstance(excl, list):
        raise KfuseError(f"{name}: fields 'eligible' and 'excluded' must be lists")
    out = {}
    for e in excl:
        if not isinstance(e, dict) or not _is_call(e.get("call"), n):
            raise KfuseError(f"{name}: 'excluded' holds {e!r}; each is {{\"call\": ID, \"reason\": TEXT}} "
                             f"with ID in 0..{n - 1}")
        out[e["call"]] = str(e.get("reason") or "excluded by the user")
    for c in eligible:
        if not _is_call(c, n):
            raise KfuseError(f"{name}: 'eligible' holds {c!r}; call ids are 0..{n - 1}")
        if c in out:
            raise KfuseError(f"{name}: call {c} is both eligible and excluded")
    for c in range(n):
        if c not in out and c not in eligible:
            out[c] = f"left out of 'eligible' in {name}"
    return out


#: the fields of ``02_targets.json`` and ``04_search.json`` (:func:`targets`, :func:`search_settings`)
TARGETS_FIELDS = ("program", "fingerprint", "eligible", "excluded", "edit")
SEARCH_FIELDS = ("program", "fingerprint", "strategy", "strategies", "budget_s", "seed", "objective", "calls")


def _known_fields(d: dict, name: str, known: tuple) -> None:
    """Refuse, naming the file and the nearest known field, a field ``known`` does not hold
    (an edit's typo must not pass silently)."""
    for field in sorted(set(d) - set(known), key=str):
        near = difflib.get_close_matches(str(field), known, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise KfuseError(f"{name}: unknown field {field!r}{hint}; the file has {', '.join(known)}")


def _is_call(c, n: int) -> bool:
    return isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n


def _read_json(path: str, program: Program, origin: dict | None = None) -> dict:
    """An artifact's JSON, refused (naming the file) when missing, invalid, for another program
    or for another origin (:func:`kfuse.pipeline.origin.check_origin`; None: a script's)."""
    name = os.path.basename(path)
    if not os.path.exists(path):
        raise KfuseError(f"{name}: missing in {os.path.dirname(path) or '.'} (run kfuse stages --until "
                         "first)")
    d = files.load_file(path, name)
    if not isinstance(d, dict):
        raise KfuseError(f"{name}: must be a JSON object")
    check_origin(d, origin, name)
    if d.get("program", program.name) != program.name:
        raise KfuseError(f"{name}: written for program {d['program']!r}, not {program.name!r}")
    if d.get("fingerprint", program.fingerprint()) != program.fingerprint():
        raise KfuseError(f"{name}: written for another version of {program.name} (its fingerprint differs; "
                         "run the stages again)")
    return d


# --------------------------------------------------------------------- 04 search
def search_settings(program: Program, cal, strategy: str = "auto") -> dict:
    """The ``04_search.json`` document."""
    return {"program": program.name, "fingerprint": program.fingerprint(), "strategy": strategy,
            "strategies": dict(STRATEGIES), "budget_s": None, "seed": None,
            "objective": f"predicted time per call (kfuse.model, calibration {cal.source!r} of {cal.device})",
            "calls": len(program.calls)}


def read_search(path: str, program: Program, origin: dict | None = None) -> str:
    """The strategy an (edited) ``04_search.json`` names, checked."""
    d = _read_json(path, program, origin)
    name = os.path.basename(path)
    _known_fields(d, name, SEARCH_FIELDS)
    strategy = d.get("strategy")
    if strategy not in STRATEGIES:
        raise KfuseError(f"{name}: field 'strategy' must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
    for field in ("budget_s", "seed"):
        if d.get(field) is not None:
            raise KfuseError(f"{name}: field {field!r}: the strategies here are deterministic and run to the "
                             "end; leave it null")
    why = exhaustive_refusal(program, strategy)
    if why:
        raise KfuseError(f"{name}: strategy {why}")
    return strategy


def exhaustive_refusal(program: Program, strategy) -> str | None:
    """Why ``strategy`` cannot search ``program`` ("exhaustive" over more than 12 calls)."""
    if strategy == "exhaustive" and len(program.calls) > 12:
        return (f"'exhaustive' over {len(program.calls)} calls is too many combinations (at most 12 "
                "calls); use auto or greedy")
    return None


def search_plan(program: Program, cal=None, excluded: dict | None = None, strategy: str = "auto") -> Plan:
    """The plan ``strategy`` picks under the model, each call of ``excluded`` (id -> reason)
    alone in its kernel (:attr:`kfuse.fusion.legality.Analysis.excluded`)."""
    import time

    from ..model.planner import make_search
    if strategy == "unfused":
        return unfused_plan(program)
    cal = cal or calibration()
    t0 = time.perf_counter()
    search = make_search(program, cal)
    search.analysis.excluded = dict(excluded or {})
    if strategy == "exhaustive":
        t, kernels = search.all_combinations()[0]
    elif strategy == "greedy":
        t, kernels = search.greedy()
    else:
        t, kernels = search.best()
    plan = make_plan(program, kernels, t, search.fissioned(kernels))
    plan.search_s = time.perf_counter() - t0
    return plan


# --------------------------------------------------------------------- 05 plan and the new OEG
def groups_of(plan: Plan) -> list:
    return [sorted(k.calls) for k in plan.kernels]


def oeg_new(program: Program, plan: Plan, oeg) -> str:
    """``05_oeg_new.dot``: the OEG with one ``subgraph cluster_k<N>`` per kernel of ``plan``;
    a comment records the kernels as written, so an edit of this file is told from one of
    ``05_plan.json``."""
    note = f"kfuse: kernels as written {json.dumps(groups_of(plan))}; move \"call:N\"; lines between clusters"
    return oeg.to_dot([(k.name, list(k.calls)) for k in plan.kernels], note)


_CLUSTER = re.compile(r'subgraph\s+"?cluster_([A-Za-z0-9_]*)"?\s*\{([^{}]*)\}')
_WRITTEN = re.compile(r"kfuse: kernels as written (\[.*?\]\]|\[\])")


def clusters_of(text: str, name: str, program: Program) -> tuple:
    """(groups of call ids, one per cluster, the groups recorded as written or None) of an OEG
    DOT text; every call in exactly one cluster, else one KfuseError naming the file."""
    groups, seen = [], {}
    for m in _CLUSTER.finditer(text):
        ids = [int(x) for x in re.findall(r'"call:(\d+)"', m.group(2))]
        for c in ids:
            if not 0 <= c < len(program.calls):
                raise KfuseError(f"{name}: cluster_{m.group(1)} names call {c}; {program.name} has calls "
                                 f"0..{len(program.calls) - 1}")
            if c in seen:
                raise KfuseError(f"{name}: call {c} is in cluster_{seen[c]} and cluster_{m.group(1)}")
            seen[c] = m.group(1)
        if ids:
            groups.append(sorted(set(ids)))
    missing = [c.id for c in program.calls if c.id not in seen]
    if missing:
        raise KfuseError(f"{name}: call(s) {missing} are in no cluster (each call needs one)")
    written = _WRITTEN.search(text)
    return groups, (files.loads(written.group(1), name) if written else None)


def read_plan(folder: str, program: Program, cal=None, excluded: dict | None = None) -> Plan:
    """The plan of an (edited) ``05_plan.json`` or ``05_oeg_new.dot`` in ``folder``: the DOT's
    clusters where they were moved (kernels kept whole keep their launch parameters, new ones
    get the model's best), else the JSON.  Checked (:func:`check_plan`; an excluded call may
    not share a kernel); each refusal is one KfuseError naming the file and the reason."""
    jpath, dpath = os.path.join(folder, "05_plan.json"), os.path.join(folder, "05_oeg_new.dot")
    try:
        plan = Plan.from_json(_read_json(jpath, program))
    except PlanError as e:
        raise PlanError(f"05_plan.json: {e}") from None
    source, chosen = "05_plan.json", plan
    if os.path.exists(dpath):
        text = files.decode(files.read_bytes(dpath, "05_oeg_new.dot"), "05_oeg_new.dot")
        groups, written = clusters_of(text, "05_oeg_new.dot", program)
        dot_moved = sorted(groups) != sorted(written or groups_of(plan))
        if dot_moved:
            if written is not None and sorted(written) != sorted(groups_of(plan)):
                raise PlanError("05_oeg_new.dot and 05_plan.json were both edited and group the calls "
                                "differently; edit one of them")
            source, chosen = "05_oeg_new.dot", _plan_of_groups(program, plan, groups, cal, "05_oeg_new.dot")
    try:
        check_plan(program, chosen)
    except PlanError as e:
        raise PlanError(f"{source}: {e}") from None
    for k in chosen.kernels:
        for c in k.calls:
            if len(k.calls) > 1 and c in (excluded or {}):
                raise PlanError(f"{source}: kernel {k.name} fuses call {c}, which 02_targets.json excludes "
                                f"from fusion ({excluded[c]}); make it eligible there first")
    from ..model.predict import predict_plan   # the file's predicted_us was the plan before the edit
    chosen.predicted_s = predict_plan(program, [(k.calls, k.params) for k in chosen.kernels],
                                      cal or calibration())["time_s"]
    return chosen


def _plan_of_groups(program: Program, plan: Plan, groups: list, cal, name: str) -> Plan:
    """A plan running ``groups`` (call id lists): a kernel of ``plan`` with the same calls keeps
    its launch parameters, a new one gets the model's best implementation; refused with the
    legality reasons of an illegal group or when the groups depend on each other both ways."""
    from ..model.planner import make_search
    for g in groups:
        why = legality.check(program, g)
        if why:
            raise PlanError(f"{name}: calls {g} may not share a kernel: " + "; ".join(why))
    try:
        ordered = order_groups(program, groups)
    except ValueError:
        raise PlanError(f"{name}: the clusters depend on each other both ways (no launch order)") from None
    kept = {tuple(sorted(k.calls)): k for k in plan.kernels}
    needed = spaces.stored(program, ordered)
    search = None
    kernels = []
    for g, need in zip(ordered, needed):
        k = kept.get(tuple(g))
        if k is not None:
            kernels.append((list(k.calls), dict(k.params)))
            continue
        search = search or make_search(program, cal or calibration())
        _t, params = search.best_impl(tuple(g), frozenset(need))
        if params is None:
            raise PlanError(f"{name}: calls {g}: no launch shape fits the shared-memory budget")
        kernels.append((g, params))
    out = make_plan(program, kernels)
    return dataclasses.replace(out, fingerprint=plan.fingerprint or out.fingerprint)


# --------------------------------------------------------------------- reports
def report_search(s: dict) -> str:
    return (f"04 search: strategy {s['strategy']} ({STRATEGIES[s['strategy']]}) over {s['calls']} call(s); "
            f"objective: {s['objective']}\n")



# --------------------------------------------------------------------- the run
class Run:
    """One ``kfuse stages`` run over ``folder``: what ``--from`` read back (the calls kept out of
    fusion, the strategy, the plan) and the numbered artifacts it writes (:meth:`files`).
    ``origin``: what a Python function's folder records (:mod:`kfuse.pipeline.origin`; None: a
    script), written into 01, 02 and 04 and checked in those read back (every ``--from`` reads
    02 first); ``05_plan.json`` stays a plain plan that ``kfuse.jit(f, plan=...)`` takes."""

    def __init__(self, program: Program, folder: str, start: str | None = None, cal=None,
                 measure: str = "auto", arch: str | None = None, origin: dict | None = None):
        self.program, self.folder, self.cal = program, folder, cal or calibration()
        self.measure, self.arch, self.origin = measure, arch, origin
        self.first, self.strategy, self.plan, self._meta = 1, None, None, None
        if start is None:
            self.excluded = {e["call"]: e["reason"] for e in targets(program, self.meta)["excluded"]}
            return
        if start not in RESUMABLE:
            raise KfuseError(f"--from {start}: the stages to resume from are {', '.join(RESUMABLE)} "
                             "(their artifacts are the ones to edit)")
        where = position(start)
        self.first = where + 1
        self.excluded = read_targets(os.path.join(folder, "02_targets.json"), program, origin)
        if where >= POSITION["search"]:
            self.strategy = read_search(os.path.join(folder, "04_search.json"), program, origin)
        if where >= POSITION["plan"]:
            self.plan = read_plan(folder, program, self.cal, self.excluded)

    @property
    def meta(self) -> dict:
        if self._meta is None:
            measured = None
            if self.measure != "off":
                from .measure_calls import measure_calls
                measured = measure_calls(self.program, self.arch)
                if self.measure == "on" and not measured.get("calls"):
                    raise KfuseError(f"--measure on: {measured.get('skipped', 'nothing was timed')}")
            self._meta = metadata(self.program, self.cal, measured)
        return self._meta

    def files(self, stages: dict, until: str, arch: str | None = None) -> list:
        """[(file name, bytes, what)] of the numbered stages from the first not read back up
        to ``until``; ``stages``: the compiler's artifacts (:func:`kfuse.api.compile_stages`)."""
        prog, last = self.program, min(position(until), len(WORKFLOW))
        out = []

        def add(name, data, what):
            out.append((name, data if isinstance(data, bytes) else data.encode(), what))

        if self.first <= 1 <= last:
            add("01_metadata.json", self._doc(self.meta), "metadata: per call, predicted"
                + (" and measured" if self.meta.get("measured") else "") + "; the device")
            add("01_report.txt", report_metadata(self.meta), "metadata: report")
        if self.first <= 2 <= last:
            tg = targets(prog, self.meta)
            add("02_targets.json", self._doc(tg), "targets: eligible calls, the reason for each exclusion")
            add("02_report.txt", report_targets(tg), "targets: report")
        if self.first <= 3 <= last or self.first <= 5 <= last:
            g, o = ddg.build(prog, excluded=self.excluded)
        if self.first <= 3 <= last:
            add("03_ddg.dot", g.to_dot(), "graphs: data dependencies, a node per array version (DOT)")
            add("03_ddg.json", _dump(g.to_json()), "graphs: data dependencies (JSON)")
            add("03_oeg.dot", o.to_dot(), "graphs: order of execution (DOT)")
            add("03_oeg.json", _dump(o.to_json()), "graphs: order of execution (JSON)")
            add("03_report.txt", report_graphs(g, o), "graphs: report")
        if self.first <= 4 <= last:
            s = search_settings(prog, self.cal, self.strategy or "auto")
            add("04_search.json", self._doc(s), "search: strategy, budget, seed, objective")
            add("04_report.txt", report_search(s), "search: report")
        plan = stages.get("plan")
        if self.first <= 5 <= last:
            add("05_plan.json", plan.dumps(prog) + "\n", "plan: the kernels (edit, then --from plan)")
            add("05_oeg_new.dot", oeg_new(prog, plan, o), "plan: the new OEG, a cluster per kernel (editable)")
            add("05_report.txt", report_plan(prog, plan, self.cal, self.excluded), "plan: report")
        if self.first <= 6 <= last and "cuda" in stages:
            add(f"06_{prog.name}.cu", stages["cuda"], "cuda: the module")
            add("06_report.txt", report_cuda(plan, self._resources(stages, arch)), "cuda: report")
        return self._resumed(plan) + out

    def _resumed(self, plan: Plan | None) -> list:
        """The derived files of the stage resumed from (its report; for the plan, also the plan
        JSON with its prediction and the new OEG) made again from what was read back, those that
        differ from the folder's: an edit leaves none of them describing the plan before it."""
        prog, at, files = self.program, self.first - 1, []
        if at == POSITION["targets"]:
            tg = {"eligible": [c.id for c in prog.calls if c.id not in self.excluded],
                  "excluded": [{"call": c, "reason": r} for c, r in sorted(self.excluded.items())]}
            files.append(("02_report.txt", report_targets(tg)))
        elif at == POSITION["search"]:
            files.append(("04_report.txt", report_search(search_settings(prog, self.cal, self.strategy))))
        elif at == POSITION["plan"] and plan is not None:
            files += [("05_plan.json", plan.dumps(prog) + "\n"),
                      ("05_oeg_new.dot", oeg_new(prog, plan, ddg.build(prog, excluded=self.excluded)[1])),
                      ("05_report.txt", report_plan(prog, plan, self.cal, self.excluded))]
        return [(name, data.encode(), "made again from the edited stage (the old one was stale)")
                for name, data in files if _read_bytes(os.path.join(self.folder, name)) != data.encode()]

    def _doc(self, d: dict) -> bytes:
        """A JSON artifact's bytes, with the origin of a function's folder."""
        return _dump({**d, "function": self.origin} if self.origin else d)

    def stale(self, until: str) -> list:
        """The numbered files in the folder of stages after ``until``: made by an earlier run, they
        no longer follow from the stages this run writes (``kfuse stages`` removes them)."""
        last = position(until)
        names = os.listdir(self.folder) if os.path.isdir(self.folder) else []
        return sorted(os.path.join(self.folder, f) for f in names
                      if re.match(r"0[1-6]_", f) and int(f[:2]) > last and os.path.isfile(os.path.join(self.folder, f)))

    def _resources(self, stages: dict, arch: str | None) -> dict | None:
        """ptxas's report per kernel when the cubin stage ran (through the compile cache)."""
        if "cubin" not in stages:
            return None
        from ..platform import device
        from .stages import compile_kernels
        compiled, _target, _hit = compile_kernels(f"{self.program.name}.cu", stages["cuda"],
                                                  stages["kernels"].launches, arch or device.current_arch())
        return compiled.resources() or None


def _read_bytes(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _dump(d) -> bytes:
    return (json.dumps(d, indent=2) + "\n").encode()
