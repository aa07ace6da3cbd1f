"""PNG plots of a benchmark run: effective GB/s against size, one line per implementation.

matplotlib is imported lazily; without it the plots are skipped with a note.
"""
from __future__ import annotations

import math
from pathlib import Path

from . import sequences
from .impls import OURS
from .report import MODES, impl_order, metrics


def pyplot(what: str = "plots"):
    """(matplotlib.pyplot on the Agg backend, None), or (None, the note that ``what`` is
    skipped because matplotlib is not available).  Every suite's plots start so."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as exc:
        return None, f"{what} skipped: matplotlib not available ({type(exc).__name__})"
    return plt, None


def impl_colors(plt, impls: list[str]) -> dict:
    """One tab10 colour per implementation, in order (the same in every plot of a run)."""
    palette = plt.get_cmap("tab10")
    return {impl: palette(i % 10) for i, impl in enumerate(impls)}


def plot_series(results: dict, seq_name: str) -> dict:
    """{impl: {mode: {"square": [(x, GB/s)], "other": [(x, GB/s, label)]}}} for one sequence."""
    ceil = results.get("ceilings")
    family = sequences.SEQUENCES[seq_name].family
    out: dict = {}
    for rec in results.get("records", []):
        if rec["seq"] != seq_name:
            continue
        for mode in MODES:
            m = metrics(rec, mode, ceil)
            if not m:
                continue
            x = sequences.elements(family, rec.get("m"), rec["n"])
            series = out.setdefault(rec["impl"], {}).setdefault(mode, {"square": [], "other": []})
            if family == "blas2" and rec.get("m") not in (None, rec["n"]):
                series["other"].append((x, m["eff_GBs"], rec.get("size", "")))
            else:
                series["square"].append((x, m["eff_GBs"]))
    for modes in out.values():
        for series in modes.values():
            series["square"].sort()
    return out


def _draw_sequence(ax, results: dict, seq_name: str, impls: list[str], colors: dict,
                   legend: bool) -> bool:
    """One sequence's lines on ``ax``; False if there was nothing to draw."""
    data = plot_series(results, seq_name)
    if not data:
        return False
    seq = sequences.SEQUENCES[seq_name]
    for impl in impls:
        for mode, style in (("hot", "-"), ("rotating", "--")):
            series = data.get(impl, {}).get(mode)
            if not series:
                continue
            label = impl if mode == "hot" else f"{impl} (rotating)"
            if series["square"]:
                xs, ys = zip(*series["square"])
                ax.plot(xs, ys, style, marker="o", ms=3, color=colors[impl], label=label,
                        lw=1.6 if impl in OURS else 1.0)
            for j, (x, y, size) in enumerate(series["other"]):
                ax.plot([x], [y], marker="D" if mode == "hot" else "d", ms=5, ls="none",
                        color=colors[impl], mfc="none" if mode == "rotating" else colors[impl],
                        label=f"{label} {size}" if not series["square"] and j == 0 else None)
    ceil = results.get("ceilings") or {}
    if ceil.get("read_GBs"):
        ax.axhline(ceil["read_GBs"], color="gray", ls=":", lw=1)
        ax.text(ax.get_xlim()[0], ceil["read_GBs"], " read ceiling", va="bottom",
                fontsize=7, color="gray")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_title(f"{seq_name}: {seq.formula}", fontsize=8)
    ax.set_xlabel("m·n (elements of A)" if seq.family == "blas2" else "N (vector length)",
                  fontsize=8)
    ax.set_ylabel("effective GB/s", fontsize=8)
    ax.tick_params(labelsize=7)
    ax.grid(True, which="both", alpha=0.3)
    if legend:
        ax.legend(fontsize=7)
    return True


def write_plots(results: dict, folder: Path) -> tuple[list[str], list[str]]:
    """One PNG per sequence plus ``overview.png``.

    Returns (sequences drawn, notes); a missing matplotlib gives no plots and one note.
    """
    plt, why = pyplot()
    if plt is None:
        return [], [why]
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    ceil = results.get("ceilings")
    impls = [i for i in impl_order(results)
             if any(r["impl"] == i and (metrics(r, "hot", ceil) or metrics(r, "rotating", ceil))
                    for r in results.get("records", []))]
    colors = impl_colors(plt, impls)
    seqs = [s for s in sequences.ORDER if any(r["seq"] == s for r in results.get("records", []))]
    drawn = []
    for s in seqs:
        fig, ax = plt.subplots(figsize=(6.4, 4.2))
        if _draw_sequence(ax, results, s, impls, colors, legend=True):
            fig.tight_layout()
            fig.savefig(folder / f"{s}.png", dpi=110)
            drawn.append(s)
        plt.close(fig)
    if drawn:
        cols = 4
        rows = math.ceil(len(drawn) / cols)
        fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.2 * rows), squeeze=False)
        for ax, s in zip(axes.flat, drawn):
            _draw_sequence(ax, results, s, impls, colors, legend=False)
        for ax in list(axes.flat)[len(drawn):]:
            ax.axis("off")
        handles = [plt.Line2D([], [], color=colors[i], marker="o", label=i) for i in impls]
        handles += [plt.Line2D([], [], color="black", ls="--", label="rotating inputs"),
                    plt.Line2D([], [], color="black", marker="D", ls="none", label="non-square A")]
        fig.legend(handles=handles, loc="lower right", fontsize=8)
        fig.tight_layout()
        fig.savefig(folder / "overview.png", dpi=90)
        plt.close(fig)
    return drawn, ([] if drawn else ["plots skipped: no timed results"])
