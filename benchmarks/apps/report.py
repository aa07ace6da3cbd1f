"""The application benchmark's report (benchmarks/apps/run.py): ``report.md``, ``results.json``
and ``apps.png`` from the records in ``OUT/raw.jsonl`` (the latest record of each application,
dtype and peer wins)."""
from __future__ import annotations

import json
import math
import os

PEER_ORDER = ("numpy", "cupy", "torch", "inductor", "inductor-ro", "jax", "kfuse", "kfuse-iterate", "kfuse-loop")
OURS = ("kfuse", "kfuse-iterate", "kfuse-loop")


def latest(records: list) -> tuple:
    """({(app, dtype, peer): record}, the latest ceiling record or None)."""
    points, ceil = {}, None
    for r in records:
        if r.get("event") == "start":
            continue
        if r.get("peer") == "ceiling":
            if "gbs" in r:
                ceil = r
            continue
        if r.get("app") is None:
            continue
        points[(r["app"], r["dtype"], r["peer"])] = r
    return points, ceil


def percent(rec: dict, ceil) -> float | None:
    """% of the DRAM limit: the step's bytes at the ceiling's bandwidth over its time."""
    if ceil is None or not rec.get("us") or not rec.get("bytes_per_step"):
        return None
    return 100.0 * rec["bytes_per_step"] / (rec["us"] * 1e-6) / (ceil["gbs"] * 1e9)


def usable(rec) -> bool:
    """Timed, and checked right against NumPy float64."""
    return rec is not None and rec.get("us") is not None and rec.get("check_ok") is True


def cell(rec, ceil) -> str:
    if rec is None:
        return ""
    if "unavailable" in rec:
        return "n/a"
    if "error" in rec:
        return f"error ({rec['error']['stage']})"
    us = rec.get("us")
    if us is None:
        return "?"
    p = percent(rec, ceil)
    text = f"{us:,.1f}" + (f" ({p:.0f}%)" if p is not None else "")
    return text if rec.get("check_ok") else text + " WRONG"


def note(rec) -> str:
    if rec is None:
        return ""
    if "unavailable" in rec:
        return rec["unavailable"]
    if "error" in rec:
        e = rec["error"]
        where = f" [line {e['line_no']}: `{(e.get('line') or '')[:60]}`]" if e.get("line_no") else ""
        return f"{e['type']}: {' '.join(e['message'].split())[:220]}{where}".replace("|", "/")
    info = rec.get("info") or {}
    return f"how: {info['how']}" if info.get("how") else ""


def summary_rows(points: dict, ceil, dtype: str, apps_: list, peers_: list) -> list:
    head = "| app | size | " + " | ".join(peers_) + \
        " | kfuse (jit per call) x fastest peer | best kfuse form x fastest peer | kfuse kernels | kfuse plan s |"
    rows = [head, "|" + "---|" * (len(peers_) + 6)]
    for app in apps_:
        recs = {p: points.get((app, dtype, p)) for p in peers_}
        size = next((r.get("shape") for r in recs.values() if r and r.get("shape")), "")
        ours = min((recs[p] for p in OURS if usable(recs.get(p))), key=lambda r: r["us"], default=None)
        others = [r for p, r in recs.items() if p not in OURS and p != "numpy" and usable(r)]
        best = min(others, key=lambda r: r["us"], default=None)
        ratio = f"{best['us'] / ours['us']:.2f}x ({best['peer']})" if ours and best else ""
        k = recs.get("kfuse") or {}
        jit = f"{best['us'] / k['us']:.2f}x" if best and usable(k) else ""
        plan = (k.get("info") or {}).get("plan_s")
        rows.append(f"| {app} | {'x'.join(map(str, size)) if size else ''} | "
                    + " | ".join(cell(recs[p], ceil) for p in peers_)
                    + f" | {jit} | {ratio} | {k.get('kernels') or ''} | {'' if plan is None else f'{plan:.2f}'} |")
    return rows


def detail_rows(points: dict, ceil) -> list:
    rows = ["| app | dtype | peer | check err | us/step | % DRAM | kernels/step | first loop s | note |",
            "|---|---|---|---|---|---|---|---|---|"]
    order = sorted(points.items(), key=lambda kv: (_app_order(kv[0][0]), kv[0][1], _order(kv[0][2])))
    for (app, dtype, peer), r in order:
        if "unavailable" in r:
            continue
        err, us, first, p = r.get("check_err"), r.get("us"), r.get("first_loop_s"), percent(r, ceil)
        wrong = "" if r.get("check_ok") in (None, True) else " WRONG"
        rows.append(f"| {app} | {dtype} | {peer} | {'' if err is None else f'{err:.1e}'}{wrong} | "
                    f"{'' if us is None else f'{us:,.1f}'} | {'' if p is None else f'{p:.0f}%'} | "
                    f"{r.get('kernels') or ''} | {'' if first is None else f'{first:.2f}'} | {note(r)} |")
    return rows


def _order(peer: str) -> int:
    return PEER_ORDER.index(peer) if peer in PEER_ORDER else len(PEER_ORDER)


def geomean_line(points: dict, dtypes: list, apps_: list, peers_: list, forms: tuple = OURS,
                 what: str = "kfuse (its best form)") -> str:
    """Geometric mean over the points where kfuse and a peer both ran right: fastest peer / kfuse."""
    ratios = []
    for dtype in dtypes:
        for app in apps_:
            ours = [points.get((app, dtype, p)) for p in forms]
            ours = min((r for r in ours if usable(r)), key=lambda r: r["us"], default=None)
            best = min((points.get((app, dtype, p)) for p in peers_ if p not in OURS and p != "numpy"
                        and usable(points.get((app, dtype, p)))), key=lambda r: r["us"], default=None)
            if ours and best:
                ratios.append(best["us"] / ours["us"])
    if not ratios:
        return "kfuse ran right on no point that a peer also ran: no speedup to report."
    g = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    return (f"{what} against the fastest peer: geometric mean {g:.2f}x over {len(ratios)} points "
            f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x).")


def markdown(points: dict, ceil) -> str:
    apps_ = sorted({k[0] for k in points}, key=_app_order)
    dtypes = sorted({k[1] for k in points})
    peers_ = sorted({k[2] for k in points}, key=_order)
    out = ["# Issue 31 applications: kfuse against its peers", ""]
    if ceil is not None:
        out.append(f"DRAM limit of this run: {ceil['gbs']:.0f} GB/s ({ceil.get('how')}, {ceil['bytes'] / 2**30:.2f} GiB "
                   f"moved; {ceil.get('gpu', ceil.get('device'))}). Cells: us per step (% of that limit, every "
                   "field read once and written once); WRONG: the check against NumPy float64 failed; "
                   "kfuse plan s: its first call at that size (trace, plan, compile, one step).")
    out.append("")
    for dtype in dtypes:
        out += [f"## {dtype}", ""] + summary_rows(points, ceil, dtype, apps_, peers_) + [""]
    out += [geomean_line(points, dtypes, apps_, peers_, ("kfuse",), "kfuse.jit per call (the step unchanged)"), "",
            geomean_line(points, dtypes, apps_, peers_), ""]
    missing = {}
    for (app, dtype, peer), r in points.items():
        if "unavailable" in r:
            missing.setdefault((peer, r["unavailable"]), []).append(f"{app} {dtype}")
    for (peer, why), where in sorted(missing.items(), key=lambda kv: _order(kv[0][0])):
        out.append(f"- {peer} not run ({len(where)} points): {why}")
    out += ["", "## Every point", ""] + detail_rows(points, ceil)
    return "\n".join(out) + "\n"


def _app_order(app: str) -> int:
    from tests.programs import apps
    return apps.NAMES.index(app) if app in apps.NAMES else len(apps.NAMES)


def plot(points: dict, path: str) -> str | None:
    """Bars of us per step (log scale), one panel per dtype, one bar per peer; None without
    matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception:                                       # noqa: BLE001
        return None
    apps_ = sorted({k[0] for k in points}, key=_app_order)
    dtypes = sorted({k[1] for k in points})
    peers_ = sorted({k[2] for k in points}, key=_order)
    fig, axes = plt.subplots(len(dtypes), 1, figsize=(max(8, 1.3 * len(apps_)), 4 * len(dtypes)), squeeze=False)
    width = 0.8 / max(1, len(peers_))
    for ax, dtype in zip(axes[:, 0], dtypes):
        for j, peer in enumerate(peers_):
            xs, ys = [], []
            for i, app in enumerate(apps_):
                r = points.get((app, dtype, peer))
                if r is not None and r.get("us"):
                    xs.append(i + j * width)
                    ys.append(r["us"])
            if xs:
                ax.bar(xs, ys, width, label=peer, hatch="//" if peer in OURS else None)
        ax.set_yscale("log")
        ax.set_ylabel("us per step")
        ax.set_title(dtype)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(apps_))])
        ax.set_xticklabels(apps_, rotation=30, ha="right")
        ax.legend(fontsize=7, ncol=4)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def write(out: str) -> str:
    """Write report.md, results.json and apps.png into ``out``; the Markdown text."""
    from run import load_records
    records = load_records(os.path.join(out, "raw.jsonl"))
    points, ceil = latest(records)
    text = markdown(points, ceil)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    recs = [dict(r, percent_dram=percent(r, ceil)) for r in points.values()]
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"ceiling": ceil, "records": recs}, f, indent=1, default=str)
    plot(points, os.path.join(out, "apps.png"))
    return text
