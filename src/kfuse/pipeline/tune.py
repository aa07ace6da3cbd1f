"""Empirical search (``kfuse tune``): benchmark the best predicted plans, keep the fastest.

The candidates are the best implementation of each of the top combinations of
fusions, plus, for the predicted-best combination, the runner-up
implementations of each of its kernels.  Each candidate is compiled (in
parallel), checked against the reference once, and timed with CUDA events
(median of several loops of back-to-back calls).  The winner is cached per
(program, sizes, element types, device, kfuse version) under the cache
directory; later planning of the same program on the same device uses it.  The schemes of
its gemm kernels (all the gemm space's schemes are timed in the refinement) are also
recorded per routine, variant, dtype, precision, shape bucket and GPU
(:mod:`kfuse.pipeline.winners`) for other programs' products of that kind.
The report has the columns of the paper's Tables 4 and 5.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

from .. import config, files
from .._version import __version__
from ..errors import KfuseError, KfuseWarning, PlanError
from ..fusion.plan import Plan, check_plan
from ..spaces import stored
from ..fusion.search import impl_variants, make_plan
from ..ir import Program
from ..runtime.timing import device_seconds, rotating_args


def tune_key(program: Program, device_name: str) -> str:
    """Cache key of a tuned plan: the program (sizes and element types included), the grid its
    ranks cut (one GPU's plans may hold flat kernels), device, version."""
    h = hashlib.sha256()
    ranks = [json.dumps(list(program.grid))] if program.grid else []
    for part in (program.fingerprint(), json.dumps(program.sizes, sort_keys=True), *ranks, device_name, __version__):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()[:24]


def _path(key: str) -> str:
    return os.path.join(config.get().cache_dir, "tuned", key + ".json")


def cached_plan(program: Program, device_name: str) -> Plan | None:
    """The tuned plan of ``program`` on this device, if ``kfuse tune`` has made one.

    An entry that does not validate (not JSON, not a plan, a plan that does not fit the
    program) is ignored with a KfuseWarning: the caller plans afresh."""
    path = _path(tune_key(program, device_name))
    if not os.path.lexists(path):
        return None
    try:
        entry = files.loads(files.read_private(path, files.MAX_JSON_BYTES, config.get().cache_dir), path)
        if not isinstance(entry, dict) or "plan" not in entry:
            raise PlanError("no 'plan' in the entry")
        plan = Plan.from_json(entry["plan"])
        check_plan(program, plan)
        return plan
    except (OSError, ValueError, KfuseError, files.Untrusted) as e:
        warnings.warn(f"tuned plan {path} ignored ({e}); planning afresh", KfuseWarning, stacklevel=2)
        return None


def candidates(program: Program, cal, top: int) -> list:
    """(predicted seconds, Plan) to benchmark, best predicted first, at most ``top``."""
    from ..model.planner import ranked_plans
    from ..model.predict import predict_plan
    ranked = ranked_plans(program, cal)
    out = list(ranked[: max(1, top // 2)])
    best = ranked[0][1]
    need = stored(program, [k.calls for k in best.kernels])
    runner_ups = [_shapes_by_prediction(program, cal, k.calls, need[ki])[1:top] for ki, k in enumerate(best.kernels)]
    for rank in range(top):   # round robin: every kernel's second shape before any kernel's third
        for ki, ups in enumerate(runner_ups):
            if rank < len(ups):
                kernels = [(kk.calls, ups[rank] if j == ki else kk.params) for j, kk in enumerate(best.kernels)]
                t = predict_plan(program, kernels, cal, need)["time_s"]
                out.append((t, make_plan(program, kernels, t)))
    seen, uniq = set(), []
    for t, p in out:   # the top combinations first, then runner-up implementations of the best
        key = plan_key(p)
        if key not in seen:
            seen.add(key)
            uniq.append((t, p))
    return sorted(uniq[:top], key=lambda x: x[0])


def refinements(program: Program, cal, plan, ki: int, tried: set, count: int) -> list:
    """(predicted seconds, Plan): ``plan`` with kernel ``ki`` under each of its ``count`` best
    predicted launch shapes not yet timed (``tried``: keys of the plans measured), the other
    kernels as they are.  Tuning walks the kernels one at a time this way from the best
    measured plan: where the model misranks one kernel's shapes (rows kernels on a matrix the
    probes do not resemble) the measurement still finds the faster shape."""
    from ..model.predict import predict_plan
    need = stored(program, [k.calls for k in plan.kernels])
    out = []
    for params in _shapes_by_prediction(program, cal, plan.kernels[ki].calls, need[ki]):
        kernels = [(kk.calls, params if j == ki else kk.params) for j, kk in enumerate(plan.kernels)]
        t = predict_plan(program, kernels, cal, need)["time_s"]
        cand = make_plan(program, kernels, t)
        if plan_key(cand) in tried:
            continue
        out.append((t, cand))
        if len(out) >= count:
            break
    return out


def _shapes_by_prediction(program: Program, cal, calls: list, needed: set) -> list:
    """The launch shapes of the kernel running ``calls``, one per distinct shape, best
    predicted first."""
    from ..model.predict import predict_kernel
    scored = sorted(impl_variants(program, calls), key=lambda p: predict_kernel(program, calls, p, needed, cal))
    return _distinct_shapes(scored)


def plan_key(plan) -> str:
    """Identity of a plan's kernels and launch shapes (which plans were timed already)."""
    return json.dumps([k.to_json() for k in plan.kernels], sort_keys=True)


def _distinct_shapes(params: list) -> list:
    """The first of ``params`` of each launch shape, in order: runner-ups that differ in more
    than block size and the number of serial iterations (threads per row, loads, finishing,
    a serial loop or none ...), since
    near-equal predictions of one shape rarely hide a win the model missed."""
    seen, out = set(), []
    for p in params:
        shape = json.dumps({**{k: v for k, v in p.items() if k not in ("block", "iters")},
                            "serial": p.get("iters", 1) > 1}, sort_keys=True)
        if shape not in seen:
            seen.add(shape)
            out.append(p)
    return out


#: launch shapes a gemm kernel's refinement times at least (the gemm space offers about ten schemes)
GEMM_REFINE = 16
_TRUST = {"float32": 1e-3, "complex64": 1e-3, "float64": 1e-9, "complex128": 1e-9}


def _time(exe, args) -> float:
    from ..runtime.timing import median_seconds
    return median_seconds(lambda: exe(*args))


def expected_refinements(plan, refine: int) -> int:
    """How many refinement plans :func:`tune` times after its candidates (its progress bar's
    total): ``refine`` per kernel of ``plan``, ``GEMM_REFINE`` at least for a gemm kernel."""
    if not refine:
        return 0
    return sum(max(refine, GEMM_REFINE) if k.space == "gemm" else refine for k in plan.kernels)


def tune(program: Program, top: int = 8, progress: bool = True, save: bool = True, args=None,
         device_time: bool = False, refine: int | None = None) -> dict:
    """Benchmark the top candidates on the GPU; returns the report and caches the winner.

    ``args``: the arguments to time on (as the program is called; default: random inputs of
    the program's sizes and sparsity); ``device_time``: time the kernels alone (graph replay
    with inputs rotating past L2) rather than back-to-back calls with their host path;
    ``refine``: then, kernel by kernel from the best measured plan, time that many more of
    the kernel's best predicted shapes (default ``top // 2``; 0: none)."""
    refine = max(1, top // 2) if refine is None else refine
    if isinstance(refine, bool) or not isinstance(refine, int) or refine < 0:
        raise KfuseError(f"refine must be a count >= 0, got {refine!r}")
    import cupy

    from .. import reference
    from ..model import load_calibration
    from ..model.planner import ranked_plans
    from ..platform import device
    from .stages import build
    dev_name = device.device_name()
    cal = load_calibration(dev_name)
    t0 = time.perf_counter()
    space = ranked_plans(program, cal)
    n_impl = 0
    for _t, p in space:
        n = 1
        for k in p.kernels:
            n *= max(1, len(impl_variants(program, k.calls)))
        n_impl += n
    cands = candidates(program, cal, top)
    search_s = time.perf_counter() - t0
    compile_s = 0.0

    def build_all(batch):   # NVRTC releases the GIL
        nonlocal compile_s
        t1 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 2)) as pool:
            built = list(pool.map(lambda c: build(program, c[1]), batch))
        compile_s += time.perf_counter() - t1
        return built
    exes = build_all(cands)
    ins = list(args) if args is not None else list(reference.random_inputs(program, seed=0, xp=cupy).values())
    refs = dict(zip(program.outputs, exes[0].reference(*ins)))
    rounds = rotating_args(ins) if device_time else None
    rows = []
    total = len(cands) + expected_refinements(cands[0][1], refine)

    def measure(batch, built):
        for (pred, plan), exe in zip(batch, built):
            if progress:
                shown = max(total, len(rows) + 1)   # a plan's refinements may outnumber the first estimate
                bar = "#" * int(30 * (len(rows) + 1) / shown)
                sys.stderr.write(f"\r[{bar:<30}] {len(rows) + 1}/{shown} tuning {program.name}")
                sys.stderr.flush()
            outs = exe(*ins)
            err = max(reference.rel_error(o, refs[n]) for o, n in zip(outs, program.outputs))
            t = device_seconds(exe, rounds) if device_time else _time(exe, ins)
            if not err <= _TRUST[exe.program.value(exe.program.outputs[0]).type.dtype]:
                t = float("inf")   # a wrong answer never wins
            rows.append({"predicted_s": pred, "measured_s": t, "rel_error": err,
                         "kernels": [k.to_json() for k in plan.kernels], "plan": plan})

    measure(cands, exes)
    # then one kernel at a time from the best measured plan: its best predicted shapes not yet timed
    ki = 0
    while refine:
        lead = min(rows, key=lambda r: r["measured_s"])["plan"]
        if ki >= len(lead.kernels):
            break
        count = max(refine, GEMM_REFINE) if lead.kernels[ki].space == "gemm" else refine
        batch = refinements(program, cal, lead, ki, {plan_key(r["plan"]) for r in rows}, count)
        measure(batch, build_all(batch))
        ki += 1
    if progress:
        sys.stderr.write("\n")
    measured = [r["measured_s"] for r in rows]
    best_i = min(range(len(rows)), key=lambda i: measured[i])
    best = rows[best_i]
    report = {"program": program.name, "sizes": dict(program.sizes), "device": dev_name,
              "combinations": len(space), "implementations": n_impl, "benchmarked": len(rows),
              "rank_of_best": best_i + 1,
              "first_vs_best": measured[0] / best["measured_s"],
              "worst_vs_best": max(measured) / best["measured_s"],
              "compile_s": compile_s, "search_s": search_s,
              "prediction_error": abs(rows[0]["predicted_s"] - measured[0]) / measured[0],
              "best_us": best["measured_s"] * 1e6, "first_us": measured[0] * 1e6,
              "best_kernels": len(best["kernels"])}
    if save:
        from ..runtime.cache import write_atomic
        entry = {"plan": best["plan"].to_json(program), "report": report}
        write_atomic(_path(tune_key(program, dev_name)), json.dumps(entry, indent=1).encode())
        from . import winners as tune_gemm   # the gemm kernels' schemes, for other programs of their kind and size
        found = tune_gemm.plan_winners(program, best["plan"], dev_name, best["measured_s"])
        if found:
            tune_gemm.write_table(tune_gemm.user_path(), found, dev_name)
    report["plan"] = best["plan"]
    return report


def tune_table(out: str, top: int = 8, progress: bool = True, programs: list | None = None,
               refine: int | None = None) -> list:
    """Tune every program of :func:`kfuse.pipeline.winners.table_programs` (or ``programs``,
    (dtype, precision, program) triples such as the structured products of ``kfuse tune
    --blas3-routines``) on this GPU (each under its precision) and merge their winners into the
    table ``out`` (the shipped one's content); the tune reports."""
    from ..platform import device
    from . import winners as tune_gemm
    name = device.device_name()
    reports, new = [], {}
    for _dtype, prec, prog in (tune_gemm.table_programs() if programs is None else programs):
        with config.override(precision=prec):
            r = tune(prog, top=top, progress=progress, save=False, refine=refine)
            new.update(tune_gemm.plan_winners(prog, r["plan"], name, r["best_us"] * 1e-6))
        reports.append(r)
        tune_gemm.write_table(out, new, name)   # after each program: a cut-off run keeps what it measured
    return reports


def report_table(reports: list) -> str:
    """Markdown table in the spirit of the paper's Tables 4 and 5."""
    lines = ["| sequence | combinations | implementations | benchmarked | rank of best | first / best | "
             "worst / best | best µs | compile s | search s | prediction error |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in reports:
        lines.append(f"| {r['program']} | {r['combinations']} | {r['implementations']} | {r['benchmarked']} | "
                     f"{r['rank_of_best']} | {r['first_vs_best']:.2f} | {r['worst_vs_best']:.2f} | "
                     f"{r['best_us']:.1f} | {r['compile_s']:.2f} | {r['search_s']:.3f} | "
                     f"{100 * r['prediction_error']:.0f}% |")
    return "\n".join(lines)
