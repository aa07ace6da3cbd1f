"""The multi-GPU suite's report: one table row per workload, dtype and peer (the step on one
GPU and on the run's largest count, the scaling efficiency, the halo exchange alone, the
exposed communication, the % of the DRAM limit per GPU, the check, the all-reduce alone, TFLOP/s
per GPU; a refused point as "refused: <reason>"), the peers skipped and why, ``results.json``
and a PNG of the step times."""
from __future__ import annotations

import json
from pathlib import Path

from ..plots import impl_colors, pyplot
from ..report import md_table
from .schema import RESULTS_SCHEMA


def _ms(x) -> str:
    return "—" if x is None else f"{x:.4f}"


def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _tf(x) -> str:
    return "—" if x is None else f"{x:.2f}"


def _cell(point: dict | None, field: str, fmt) -> str:
    if point is None:
        return "—"
    if point["status"] == "refused":
        return "refused: " + " ".join(str(point.get("note", "")).split()).replace("|", "/")
    if point["status"] != "ok":
        return point["status"]
    return fmt(point.get(field))


def rows(results: dict) -> list:
    """Table rows: [workload, dtype, peer, 1 GPU, P GPUs, efficiency, halo, exposed, DRAM, check,
    all-reduce, TFLOP/s per GPU on P GPUs]; a refused point's cells say "refused: <reason>"."""
    pts = results["points"]
    top = max((p["gpus"] for p in pts), default=1)
    index = {(p["peer"], p["workload"], p["dtype"], p["gpus"]): p for p in pts}
    keys = dict.fromkeys((p["workload"], p["dtype"], p["peer"]) for p in pts)
    out = []
    for wl, dtype, peer in keys:
        one, many = index.get((peer, wl, dtype, 1)), index.get((peer, wl, dtype, top))
        exposed = None
        if many and many.get("exposed_ms") is not None and many.get("step_ms"):
            exposed = f"{_ms(many['exposed_ms'])} ({_pct(many['exposed_ms'] / many['step_ms'])})"
        err = [p.get("check_max_abs_err") for p in (one, many) if p and p.get("check_max_abs_err") is not None]
        out.append([wl, dtype, peer, _cell(one, "step_ms", _ms), _cell(many, "step_ms", _ms),
                    _cell(many, "efficiency", _pct), _cell(many, "halo_ms", _ms),
                    exposed or "—", _cell(many, "dram_frac", _pct),
                    f"{max(err):.1e}" if err else "—", _cell(many, "allreduce_ms", _ms),
                    _cell(many, "tflops", _tf)])
    return out


def render(results: dict) -> str:
    """The report as Markdown."""
    top = max((p["gpus"] for p in results["points"]), default=1)
    many = f"{top} GPU{'s' if top > 1 else ''} ms (scaled)"
    head = ["workload", "dtype", "peer", "1 GPU ms", many, "efficiency", "halo alone ms", "exposed ms",
            "DRAM % per GPU", "check max err", "all-reduce alone ms", "TFLOP/s per GPU"]
    parts = [f"# kfuse bench --multi-gpu ({results.get('meta', {}).get('device', 'device unknown')})", "",
             md_table(head, rows(results)), ""]
    skipped = results.get("skipped") or {}
    if skipped:
        parts += ["Skipped peers:", ""] + [f"- {k}: {v}" for k, v in skipped.items()] + [""]
    failed = [p for p in results["points"] if p["status"] in ("failed", "wrong", "skipped")]
    if failed:
        parts += ["Failed, wrong or skipped points:", ""]
        parts += [f"- {p['peer']} {p['workload']} {p['dtype']} on {p['gpus']} GPU(s): {p['status']}: {p.get('note', '')}"
                  for p in failed] + [""]
    return "\n".join(parts)


def write_plot(results: dict, path: Path) -> str | None:
    """Step time per peer, one panel per (workload, dtype), a bar per GPU count; a note if none."""
    plt, note = pyplot("the multi-GPU plot")
    if plt is None:
        return note
    pts = [p for p in results["points"] if p.get("step_ms")]
    if not pts:
        return "the multi-GPU plot skipped: no step was timed"
    panels = list(dict.fromkeys((p["workload"], p["dtype"]) for p in pts))
    peers = list(dict.fromkeys(p["peer"] for p in pts))
    counts = sorted({p["gpus"] for p in pts})
    colors = impl_colors(plt, peers)
    fig, axes = plt.subplots(1, len(panels), figsize=(4 * len(panels), 3.5), squeeze=False)
    width = 0.8 / max(len(counts), 1)
    for ax, (wl, dtype) in zip(axes[0], panels):
        for j, n in enumerate(counts):
            ys = [next((p["step_ms"] for p in pts if (p["peer"], p["workload"], p["dtype"], p["gpus"])
                        == (peer, wl, dtype, n)), 0.0) for peer in peers]
            ax.bar([i + j * width for i in range(len(peers))], ys, width,
                   color=[colors[p] for p in peers], alpha=1.0 - 0.4 * j, label=f"{n} GPU(s)")
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(peers))], peers, rotation=45, ha="right")
        ax.set_title(f"{wl} {dtype}", fontsize=8)
        ax.set_ylabel("ms per step")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


def write_outputs(results: dict, out: Path, plot: bool = True) -> str:
    """results.json, report.md and multigpu.png in ``out``; the report's text."""
    out.mkdir(parents=True, exist_ok=True)
    results = {"schema": RESULTS_SCHEMA, **results}
    (out / "results.json").write_text(json.dumps(results, indent=1))
    text = render(results)
    note = write_plot(results, out / "multigpu.png") if plot else None
    (out / "report.md").write_text(text + (f"\n{note}\n" if note else ""))
    return text
