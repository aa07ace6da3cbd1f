"""The reports of the staged workflow (``NN_report.txt``, :mod:`kfuse.pipeline.workflow`): each
numbered stage's artifact in words, with hints where a figure is far from its limit."""
from __future__ import annotations

from ..fusion.explain import explain_program
from ..fusion.plan import Plan
from ..spaces import stored
from ..ir import Program


def report_metadata(meta: dict) -> str:
    """Stage 01 in words: per call its predicted (and, where timed, measured) time and share of
    the DRAM limit, with a hint where a call is far from it."""
    timed = bool(meta.get("measured"))
    lines = [f"01 metadata: {len(meta['calls'])} call(s) of {meta['program']} on {meta['device']['name']} "
             f"(calibration {meta['device']['calibration']}); unfused, "
             + (f"predicted and measured on {meta['measured']}" if timed else "predicted")]
    total = sum(c["predicted_us"] for c in meta["calls"])
    for c in meta["calls"]:
        pct = c.get("measured_limit_pct") if timed and c.get("measured_us") else c["dram_limit_pct"]
        hint = "" if (pct or 0) >= 60 else "  <- hint: far from the DRAM limit"
        got = f"  measured {c['measured_us']:>9.1f} us" if timed and c.get("measured_us") is not None else ""
        lines.append(f"  call {c['id']:<3} {c['kind']:<12} {c['predicted_us']:>9.1f} us{got}  "
                     f"{pct or 0:>5.1f}% of DRAM limit  occupancy {c['occupancy']:.2f}  "
                     f"{c['label']}{hint}")
    lines.append(f"  unfused total {total:.1f} us predicted"
                 + (f", {sum(c.get('measured_us') or 0 for c in meta['calls']):.1f} us measured" if timed else "")
                 + " (GPU time; launches back to back)")
    return "\n".join(lines) + "\n"


def report_targets(tg: dict) -> str:
    lines = [f"02 targets: {len(tg['eligible'])} eligible, {len(tg['excluded'])} excluded"]
    lines += [f"  call {e['call']}: excluded: {e['reason']}" for e in tg["excluded"]]
    return "\n".join(lines) + "\n"


def report_graphs(g, o) -> str:
    lines = [f"03 graphs: DDG {len(g.calls)} call(s), {len(g.arrays)} array version(s), {len(g.accesses)} "
             f"edge(s); OEG {len(o.edges)} precedence(s)"]
    lines += [f"  repair: {r}" for r in g.repairs] or ["  no repairs (no read/write cycle, one writer per array)"]
    return "\n".join(lines) + "\n"


def report_plan(program: Program, plan: Plan, cal, excluded: dict) -> str:
    """Kernels, predicted time and share of the program's DRAM limit, occupancy and shared
    memory per kernel, then the fusion decisions (:func:`explain_program`)."""
    from ..model.predict import kernel_traffic, predict_kernel
    from ..spaces.base import resident_blocks
    needed = stored(program, [k.calls for k in plan.kernels])
    lines = [f"05 plan: {len(plan.kernels)} kernel(s) for {len(program.calls)} call(s)"]
    ins = sum(program.value(n).type.nbytes() for n in program.inputs if not program.value(n).host)
    outs = sum(program.value(o).type.nbytes() for o in program.outputs)
    total = 0.0
    for k, need in zip(plan.kernels, needed):
        t = predict_kernel(program, k.calls, k.params, need, cal)
        tr = kernel_traffic(program, k.calls, k.params, need)
        occ = min(tr.grid, resident_blocks(tr, cal)) * tr.threads / (cal.sm_count * 2048)
        floor = tr.read / cal.read_bw + tr.write / cal.write_bw
        total += t
        lines.append(f"  {k.name}: calls {k.calls}, {t * 1e6:.1f} us, {100 * floor / t:.0f}% of its DRAM limit, "
                     f"occupancy {occ:.2f}, {tr.smem} B shared")
    limit = ins / cal.read_bw + outs / cal.write_bw
    lines.append(f"  predicted GPU time {total * 1e6:.1f} us; the program's limit (one read of every input, one "
                 f"write of every output) {limit * 1e6:.1f} us: {100 * limit / total:.0f}%" if total else "")
    lines += ["", explain_program(program, plan, excluded=excluded)]
    return "\n".join(lines) + "\n"


def report_cuda(plan: Plan, resources: dict | None) -> str:
    lines = [f"06 cuda: {len(plan.kernels)} kernel(s)"]
    if not resources:
        lines.append("  registers and spills: not known (run --until cubin; NVRTC's cache may keep no ptxas log)")
    for name, r in (resources or {}).items():
        spill = r["spill_stores"] + r["spill_loads"]
        lines.append(f"  {name}: {r['registers']} registers, {r['smem']} B shared, {spill} B spilled"
                     + ("  <- hint: spills" if spill or r["stack"] else ""))
    return "\n".join(lines) + "\n"
