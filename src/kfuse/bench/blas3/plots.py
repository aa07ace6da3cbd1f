"""PNG plots of a BLAS-3 run in the manner of the seed's Figures 10-13.

Per series (``ieee``, ``tf32``: float32; ``float64``, :func:`.workloads.series`):

* ``bars-<series>-<n>.png``: every variant's TFLOP/s at n = 4096 (else the largest square
  size run), one bar per implementation (Figs. 10-12);
* ``sweep-<series>.png``: TFLOP/s against n, one panel per family (its first variant with
  data), one line per implementation (Fig. 13);
* ``ratio-<series>-<n>.png``: each variant over the same implementation's GEMM-NN;
* ``fused-<n>.png`` (``fused-float64-<n>.png``): the fused workloads' and NPBench chains'
  speed-up over PyTorch eager (:mod:`.fused_report`).

matplotlib is imported lazily; without it the plots are skipped with a note.
"""
from __future__ import annotations

from pathlib import Path

from ..plots import impl_colors, pyplot
from . import workloads as W
from .report import impl_order, index, tflops


def bar_size(table: dict, precision: str) -> str | None:
    """4096 if the run has it, else its largest square size."""
    sizes = {k[1] for k in table if k[2] == precision and "x" not in k[1]}
    if not sizes:
        return None
    return "4096" if "4096" in sizes else max(sizes, key=int)


def bar_data(results: dict, precision: str, size: str, ratio: bool = False) -> dict:
    """{impl: [(variant, value)]}: TFLOP/s (or / GEMM-NN) per variant at ``size``."""
    table = index(results)
    out: dict = {}
    for v in W.ORDER:
        for impl, rec in table.get((v, size, precision), {}).items():
            t = tflops(rec)
            if t is None:
                continue
            if ratio:
                nn = tflops(table.get(("GEMM-NN", size, precision), {}).get(impl))
                if not nn:
                    continue
                t = t / nn
            out.setdefault(impl, []).append((v, t))
    return out


def sweep_data(results: dict, precision: str) -> dict:
    """{family: (variant, {impl: [(n, TFLOP/s)]})} over the square sizes."""
    table = index(results)
    out: dict = {}
    for fam in W.FAMILIES:
        for v in (x for x in W.ORDER if W.VARIANTS[x].family == fam):
            lines: dict = {}
            for (var, size, prec), recs in table.items():
                if var != v or prec != precision or "x" in size:
                    continue
                for impl, rec in recs.items():
                    t = tflops(rec)
                    if t is not None:
                        lines.setdefault(impl, []).append((int(size), t))
            if lines:
                out[fam] = (v, {i: sorted(p) for i, p in lines.items()})
                break
    return out


def _bars(plt, data: dict, impls: list, colors: dict, title: str, ylabel: str, path: Path) -> None:
    variants = [v for v in W.ORDER if any(v == x for pts in data.values() for x, _ in pts)]
    drawn = [i for i in impls if i in data]
    width = 0.8 / max(1, len(drawn))
    fig, ax = plt.subplots(figsize=(max(6.0, 0.45 * len(variants) * max(1, len(drawn)) ** 0.5 + 2), 4.2))
    for j, impl in enumerate(drawn):
        vals = dict(data[impl])
        xs = [i + (j - (len(drawn) - 1) / 2) * width for i, v in enumerate(variants) if v in vals]
        ys = [vals[v] for v in variants if v in vals]
        ax.bar(xs, ys, width=width, color=colors[impl], label=impl)
    ax.set_xticks(range(len(variants)))
    ax.set_xticklabels(variants, rotation=70, fontsize=7)
    ax.set_ylabel(ylabel, fontsize=8)
    ax.set_title(title, fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _sweep(plt, data: dict, impls: list, colors: dict, title: str, path: Path) -> None:
    fams = list(data)
    fig, axes = plt.subplots(1, len(fams), figsize=(3.4 * len(fams), 3.4), squeeze=False)
    for ax, fam in zip(axes[0], fams):
        variant, lines = data[fam]
        for impl in impls:
            if impl in lines:
                xs, ys = zip(*lines[impl])
                ax.plot(xs, ys, marker="o", ms=3, color=colors[impl], label=impl)
        ax.set_xscale("log", base=2)
        ax.set_title(variant, fontsize=8)
        ax.set_xlabel("n", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("TFLOP/s", fontsize=8)
    axes[0][0].legend(fontsize=6)
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_plots(results: dict, folder: Path) -> tuple[list[str], list[str]]:
    """The PNGs in ``folder``; (file names written, notes)."""
    plt, why = pyplot()
    if plt is None:
        return [], [why]
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    table = index(results)
    impls = [i for i in impl_order(results)
             if any(tflops(recs.get(i)) is not None for recs in table.values())]
    colors = impl_colors(plt, impls)
    files: list[str] = []
    for prec in W.SERIES:
        size = bar_size(table, prec)
        if size is None:
            continue
        data = bar_data(results, prec, size)
        if data:
            name = f"bars-{prec}-{size}.png"
            _bars(plt, data, impls, colors, f"BLAS-3 variants at n = {size}, {prec}", "TFLOP/s",
                  folder / name)
            files.append(name)
        ratio = bar_data(results, prec, size, ratio=True)
        if ratio:
            name = f"ratio-{prec}-{size}.png"
            _bars(plt, ratio, impls, colors, f"over the same implementation's GEMM-NN, n = {size}, {prec}",
                  "× own GEMM-NN", folder / name)
            files.append(name)
        sweep = sweep_data(results, prec)
        if sweep:
            name = f"sweep-{prec}.png"
            _sweep(plt, sweep, impls, colors, f"TFLOP/s against n, {prec}", folder / name)
            files.append(name)
    from .fused_report import write_plot

    files += write_plot(plt, results, impls, colors, folder)
    return files, ([] if files else ["plots skipped: no timed results"])
