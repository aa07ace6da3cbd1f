"""The seed's Tables 1 and 2 for the stencil suite, from kfuse's plans.

Table 1 (per workload): statements as written (the issue's "calls"), NumPy-style operations
(traced, :mod:`.shapes`), kfuse's calls before fusion (its program), kernels after fusion and
after fission (from its plan: the plan's top-level ``fissioned`` lists, per group the search
fissioned, the names of the kernels it became; before fission such a group is one kernel; an
older record without the field shows the kernels after fusion in both columns, marked).

Table 2 (per kfuse kernel): block shape (``bx``×``by``, ``zc`` planes per block, or ``block``),
registers and shared memory (ptxas), the theoretical occupancy those allow (CUDA's occupancy
equations for sm_90: 64 warps, 32 blocks, 65,536 registers and 228 KiB of shared memory per
SM), and the bandwidth the whole step reached (bytes of the limit / time).

Where kfuse did not run or its plan lacks a figure, the cell says "n/a".
"""
from __future__ import annotations

import math

from ..report import fmt_pct, fmt_rate, md_table
from . import workloads as W

NA = "n/a"

# sm_90 (H100 / H200) per-SM limits of CUDA's occupancy calculator
SM90 = {"max_warps": 64, "max_blocks": 32, "regs": 65536, "reg_unit": 256, "smem": 233472,
        "smem_reserved": 1024, "smem_unit": 128}


def occupancy(threads: int, regs: int, smem: int, sm: dict = SM90) -> float:
    """Theoretical occupancy (active warps / max warps) of blocks of ``threads`` threads using
    ``regs`` registers per thread and ``smem`` bytes of shared memory per block."""
    if threads <= 0:
        raise ValueError("threads must be positive")
    warps = math.ceil(threads / 32)
    by_warps = sm["max_warps"] // warps
    regs_per_warp = math.ceil(max(regs, 1) * 32 / sm["reg_unit"]) * sm["reg_unit"]
    by_regs = (sm["regs"] // regs_per_warp) // warps
    if smem > 0:
        per_block = math.ceil((smem + sm["smem_reserved"]) / sm["smem_unit"]) * sm["smem_unit"]
        by_smem = sm["smem"] // per_block
    else:
        by_smem = sm["max_blocks"]
    blocks = min(sm["max_blocks"], by_warps, by_regs, by_smem)
    return blocks * warps / sm["max_warps"]


def threads_of(params: dict) -> int | None:
    """Threads per block from a kernel's plan params, or None."""
    if params.get("bx") and params.get("by"):
        return int(params["bx"]) * int(params["by"])
    if params.get("block"):
        return int(params["block"])
    return None


def block_text(params: dict) -> str:
    if params.get("bx") and params.get("by"):
        z = f", zc {params['zc']}" if params.get("zc") else ""
        return f"{params['bx']}×{params['by']}{z}"
    return f"{params['block']}" if params.get("block") else NA


def fission_count(plan: dict) -> tuple | None:
    """(kernels after fusion, kernels after fission) of a plan summary, from its ``fissioned``
    (lists of the kernel names each fissioned group became: :class:`kfuse.fusion.plan.Plan`);
    None when the summary does not say (older records)."""
    if "fissioned" not in plan:
        return None
    kernels = len(plan.get("kernels") or [])
    return kernels - sum(len(part) - 1 for part in plan["fissioned"] or []), kernels


def kfuse_plans(results: dict) -> dict:
    """{workload: the plan summary of its first kfuse record that has one (float32 first)}."""
    out: dict = {}
    recs = sorted(results.get("records", []), key=lambda r: r.get("dtype") != "float32")
    for rec in recs:
        plan = rec.get("plan")
        if rec["impl"] == "kfuse" and isinstance(plan, dict) and "kernels" in plan:
            out.setdefault(rec["workload"], plan)
    return out


NO_FISSION = ("¹ the plan records no fission yet (kfuse's plans gain a top-level field listing "
              "fissioned kernels): after fission = after fusion.")


def table1(results: dict) -> str:
    """Calls before fusion, kernels after fusion and after fission, per workload (a note
    under the table where a plan records no fission)."""
    plans = kfuse_plans(results)
    unrecorded = False
    names = [w for w in W.ORDER if any(r["workload"] == w for r in results.get("records", []))]
    rows = []
    for name in names:
        wl = W.WORKLOADS[name]
        plan = plans.get(name)
        shape = next(tuple(r["shape"]) for r in results["records"] if r["workload"] == name)
        ops = wl.traced(shape)["ops"]
        if plan:
            fis = fission_count(plan)
            unrecorded = unrecorded or fis is None
            rows.append([name, str(wl.statements), str(ops), str(plan["calls"]),
                         str(len(plan["kernels"]) if fis is None else fis[0]),
                         f"{len(plan['kernels'])}¹" if fis is None else str(fis[1])])
        else:
            rows.append([name, str(wl.statements), str(ops), NA, NA, NA])
    table = md_table(["workload", "statements as written", "NumPy-style operations",
                      "kfuse calls before fusion", "kernels after fusion", "after fission"], rows)
    return table + ("\n\n" + NO_FISSION if unrecorded else "")


def table2(results: dict, metrics) -> str:
    """Per kfuse kernel: block shape, registers, shared memory, occupancy; per step: the
    bandwidth reached and the fraction of the limit (``metrics``: :func:`.report.metrics`)."""
    ceil = results.get("ceilings")
    rows = []
    for rec in results.get("records", []):
        if rec["impl"] != "kfuse":
            continue
        plan = rec.get("plan") if isinstance(rec.get("plan"), dict) else {}
        m = metrics(rec, ceil)
        bw = fmt_rate(m["eff_GBs"]) if m else NA
        frac = fmt_pct(m.get("frac_limit")) if m and "frac_limit" in m else NA
        kernels = plan.get("kernels") or []
        if not kernels:
            rows.append([rec["workload"], rec["dtype"], NA, NA, NA, NA, NA, NA, bw, frac])
            continue
        for k in kernels:
            params, res = k.get("params") or {}, k.get("resources") or {}
            threads = threads_of(params)
            occ = NA
            if threads and res.get("registers") is not None:
                occ = fmt_pct(occupancy(threads, int(res["registers"]), int(res.get("smem") or 0)))
            rows.append([rec["workload"], rec["dtype"], str(k.get("name", "?")), str(k.get("space", NA)),
                         block_text(params), str(res.get("registers", NA)), str(res.get("smem", NA)),
                         occ, bw, frac])
    if not rows:
        return "n/a (no kfuse record)"
    return md_table(["workload", "dtype", "kernel", "space", "block shape", "registers",
                     "smem bytes", "occupancy", "step GB/s", "% of limit"], rows)


def _blocks(plan: dict) -> str:
    """The grid kernels' block shapes of a plan summary, ``;``-separated."""
    return "; ".join(block_text(k.get("params") or {}) for k in plan.get("kernels") or []) or NA


def _occupancies(plan: dict) -> str:
    """Theoretical occupancy per kernel of a plan summary, ``;``-separated."""
    out = []
    for k in plan.get("kernels") or []:
        params, res = k.get("params") or {}, k.get("resources") or {}
        threads = threads_of(params)
        out.append(fmt_pct(occupancy(threads, int(res["registers"]), int(res.get("smem") or 0)))
                   if threads and res.get("registers") is not None else NA)
    return "; ".join(out) or NA


def occupancy_table(results: dict, metrics) -> str:
    """kfuse's plan (the model's, and tuned on the device) against the occupancy rule
    (``kfuse-occupancy``: the same fused kernels, block shapes by occupancy alone), per
    workload and dtype: block shapes, µs per step, and the gains (the rule's time / kfuse's:
    > 1, kfuse's choice is faster)."""
    from ..report import fmt_speedup, fmt_us

    ceil = results.get("ceilings")
    impls = ("kfuse", "kfuse-tuned", "kfuse-occupancy")
    pairs: dict = {}
    for rec in results.get("records", []):
        if rec["impl"] in impls:
            pairs.setdefault((rec["workload"], rec["dtype"]), {})[rec["impl"]] = rec
    order = list(W.ORDER)
    rows = []
    for key in sorted(pairs, key=lambda k: (order.index(k[0]) if k[0] in order else len(order), k[1])):
        cells = [key[0], key[1]]
        times = {}
        for impl in impls:
            rec = pairs[key].get(impl)
            plan = rec.get("plan") if rec and isinstance(rec.get("plan"), dict) else {}
            m = metrics(rec, ceil) if rec else None
            times[impl] = m["us"] if m else None
            status = fmt_us(m["us"]) if m else (rec or {}).get("status", "") if rec else ""
            cells += [_blocks(plan), _occupancies(plan), status]
        rule = times["kfuse-occupancy"]
        for impl in ("kfuse", "kfuse-tuned"):
            cells.append(fmt_speedup(rule / times[impl]) if rule and times[impl] else NA)
        rows.append(cells)
    if not rows:
        return "n/a (no kfuse or kfuse-occupancy record)"
    return md_table(["workload", "dtype", "kfuse blocks", "kfuse occupancy", "kfuse µs",
                     "tuned blocks", "tuned occupancy", "tuned µs",
                     "occupancy-rule blocks", "rule occupancy", "rule µs",
                     "model's gain (rule µs / kfuse µs)", "tuned gain (rule µs / tuned µs)"], rows)


def temporal_table(results: dict, metrics) -> str:
    """kfuse's time loops blocked in time (``plan["temporal"]`` of a loop record): depth, block
    (threads x rows), resident blocks per SM and occupancy, the model's µs per step beside the
    measured, the bandwidth a step reaches and the fraction of the one-step limit; or why the
    loop ran one step per launch.  "" when no record has it."""
    from ..report import fmt_us

    ceil = results.get("ceilings")
    rows = []
    for rec in results.get("records", []):
        plan = rec.get("plan") if isinstance(rec.get("plan"), dict) else {}
        tp = plan.get("temporal")
        if rec["impl"] != "kfuse" or not isinstance(tp, dict):
            continue
        m = metrics(rec, ceil)
        if not tp.get("blocked"):
            rows.append([rec["workload"], rec["dtype"], "1", NA, NA, NA, NA, fmt_us(m["us"]) if m else NA, NA,
                         NA, "not blocked: " + str(tp.get("why_not", ""))])
            continue
        res = tp.get("resident_blocks")
        occ = fmt_pct(res * tp["threads"] / 2048) if res else NA
        rows.append([rec["workload"], rec["dtype"], str(tp["depth"]), f"{tp['threads']} x {tp['rows']}",
                     str(res or NA), occ, fmt_us(tp.get("predicted_us_per_step")),
                     fmt_us(m["us"]) if m else NA, fmt_rate(m["eff_GBs"]) if m else NA,
                     fmt_pct(m.get("frac_limit")) if m and "frac_limit" in m else NA,
                     "timed: " + ", ".join(f"{k}: {v} µs" for k, v in (tp.get("measured_us_per_step") or {}).items())])
    if not rows:
        return ""
    return md_table(["workload", "dtype", "steps per pass", "block (threads x rows)", "resident blocks / SM",
                     "occupancy", "model µs / step", "measured µs / step", "step GB/s", "% of limit",
                     "note (depth/threads/rows timed on the first run)"], rows)
