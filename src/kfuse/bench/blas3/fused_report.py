"""The fused workloads' table and plot (records of :mod:`.fused` points in a BLAS-3 run: the
fused workloads and the NPBench chains), one table per series (exact fp32; float64).

Per workload and size: every implementation's median time (µs), kfuse's figure of merit
(TFLOP/s against this run's FFMA probe, its FP64 tensor-core probe for float64, or for ``abx`` GB/s of the minimal bytes against this
run's streaming-read ceiling), the fastest peer and kfuse's speed-up over it (its time / kfuse's;
> 1: kfuse is faster) and over PyTorch eager, kfuse's kernels and its error.
"""
from __future__ import annotations

from pathlib import Path

from . import fused as F
from .report import PEAK_OF_SERIES, STATUS_CELL, _f, impl_order, index, md_table, peaks_of
from .workloads import record_series

TITLES = {"ieee": "exact fp32", "float64": "float64 (exact)"}

DEFINITIONS = """\
- Fused workloads (`--routines fused`) and NPBench's 2mm / 3mm chains (`--routines npbench`;
  kfuse runs them as it plans them), exact, float32 or float64 (`--dtypes`): the same user
  function for kfuse (`kfuse.jit`), PyTorch eager, torch.compile (default, max-autotune) and CuPy; cuBLAS + CuPy elementwise kernels
  written by hand (for `abx` the hand-reassociated two GEMVs).  Times in µs (median per call).
- kfuse TFLOP/s: the workload's flops (products 2mnk, GEMVs 2mn) per second, % of the FFMA probe
  (float64: of the FP64 tensor-core probe);
  `abx` (product unused, reassociated): GB/s of the minimal bytes (A, B, x read once, y written),
  % of the streaming-read ceiling.
- × fastest peer: the fastest other implementation's time over kfuse's (> 1: kfuse is faster);
  × torch: PyTorch eager's time over kfuse's.
- kfuse n/b: its plan does not fuse the workload yet (the kernels it planned and kfuse's refusal
  in the notes); never timed as the fused routine."""


def time_us(rec: dict | None) -> float | None:
    """The median microseconds of a timed record, else None."""
    if not rec or rec.get("status") != "ok" or not rec.get("hot"):
        return None
    return rec["hot"]["us"]


def fused_keys(table: dict, series: str | None = None) -> list[tuple]:
    """The (workload, size, series) keys of fused records (of ``series`` if given), in the
    workloads' order."""
    from .report import size_key

    order = {w: i for i, w in enumerate(F.ALL)}
    return sorted((k for k in table if k[0] in F.WORKLOADS and series in (None, k[2])),
                  key=lambda k: (order[k[0]], size_key(k[1])))


def merit(rec: dict, peaks: dict | None) -> tuple[float | None, float | None, str]:
    """(value, fraction of its limit, unit) of kfuse's record: TFLOP/s or GB/s."""
    us = time_us(rec)
    if us is None:
        return None, None, ""
    p = peaks_of(rec, peaks)
    if rec.get("metric") == "bytes":
        gbs = rec.get("bytes", 0) / (us * 1e-6) / 1e9
        lim = p.get("read_gbs")
        return gbs, (gbs / lim if lim else None), "GB/s"
    tf = rec["flops"] / (us * 1e-6) / 1e12
    lim = p.get(PEAK_OF_SERIES.get(record_series(rec), "ffma_probe_tflops"))
    return tf, (tf / lim if lim else None), "TFLOP/s"


def fastest_peer(recs: dict) -> tuple[str | None, float | None]:
    """The peer (not kfuse) with the smallest time at one point, and that time."""
    timed = [(time_us(r), i) for i, r in recs.items() if i != "kfuse" and time_us(r) is not None]
    if not timed:
        return None, None
    us, name = min(timed)
    return name, us


def cell(rec: dict | None) -> str:
    us = time_us(rec)
    if us is not None:
        return f"{us:.1f}"
    return STATUS_CELL.get((rec or {}).get("status"), "") if rec else ""


def fused_table(results: dict, series: str = "ieee") -> str | None:
    """The markdown table of the fused workloads of ``series`` (``ieee``: exact fp32;
    ``float64``), or None when the run has none."""
    table = index(results)
    keys = fused_keys(table, series)
    if not keys:
        return None
    impls = [i for i in impl_order(results) if any(i in table[k] for k in keys)]
    head = (["workload", "size"] + [f"{i} µs" for i in impls] +
            ["kfuse merit", "kfuse % limit", "fastest peer", "kfuse × fastest", "kfuse × torch",
             "kfuse kernels", "kfuse rel. err"])
    rows = []
    for key in keys:
        recs = table[key]
        k = recs.get("kfuse") or {}
        value, frac, unit = merit(k, results.get("peaks")) if k else (None, None, "")
        peer, peer_us = fastest_peer(recs)
        kus, tus = time_us(k), time_us(recs.get("torch"))
        rows.append([key[0], key[1]] + [cell(recs.get(i)) for i in impls] +
                    [f"{value:.1f} {unit}" if value is not None else "",
                     _f(frac and 100 * frac, "{:.0f}%"), peer or "",
                     _f(peer_us / kus if peer_us and kus else None, "{:.2f}×"),
                     _f(tus / kus if tus and kus else None, "{:.1f}×"),
                     k.get("plan", "") if kus else "", _f(k.get("relerr") if kus else None, "{:.1e}")])
    return md_table(head, rows)


def render(results: dict, plot_files: list[str] | None = None, plot_notes: list[str] | None = None) -> str:
    """report.md with the fused workloads' section (:func:`.report.render`)."""
    from .report import render as render_blas3

    return render_blas3(results, plot_files, plot_notes, extra=section(results))


def console_summary(results: dict) -> str:
    """The BLAS-3 tables for the terminal, then the fused workloads'."""
    from .report import console_summary as blas3_summary

    out = blas3_summary(results)
    for series, title in TITLES.items():
        t = fused_table(results, series)
        out += f"\n\nFused workloads, {title} (µs; kfuse's merit and speed-ups):\n{t}" if t else ""
    return out


def section(results: dict) -> list[str]:
    """report.md lines of the fused workloads, one table per series (empty without fused
    records)."""
    lines: list[str] = []
    for series, title in TITLES.items():
        t = fused_table(results, series)
        if t:
            lines += [f"## Fused workloads, {title}", "", t, ""]
    return lines + [DEFINITIONS, ""] if lines else []


# ---------------------------------------------------------------------------
# plot
# ---------------------------------------------------------------------------

def plot_size(table: dict, series: str = "ieee") -> str | None:
    """4096 if the run has fused records of ``series`` there, else its largest fused size."""
    from .report import size_key

    sizes = {k[1] for k in fused_keys(table, series)}
    if not sizes:
        return None
    return "4096" if "4096" in sizes else max(sizes, key=size_key)


def speedup_data(results: dict, size: str, series: str = "ieee") -> dict:
    """{impl: [(workload, torch eager's time / impl's time)]} at ``size`` in ``series``."""
    table = index(results)
    out: dict = {}
    for w in F.ALL:
        recs = table.get((w, size, series), {})
        base = time_us(recs.get("torch"))
        for impl, rec in recs.items():
            us = time_us(rec)
            if base and us:
                out.setdefault(impl, []).append((w, base / us))
    return out


def write_plot(plt, results: dict, impls: list, colors: dict, folder: Path) -> list[str]:
    """``fused-<size>.png`` (exact fp32) and ``fused-float64-<size>.png``: each
    implementation's speed-up over PyTorch eager (log scale)."""
    files: list[str] = []
    for series, title in TITLES.items():
        size = plot_size(index(results), series)
        data = speedup_data(results, size, series) if size else {}
        if data:
            name = f"fused-{size}.png" if series == "ieee" else f"fused-{series}-{size}.png"
            draw(plt, data, impls, colors, f"fused workloads at {size}, {title}", Path(folder) / name)
            files.append(name)
    return files


def draw(plt, data: dict, impls: list, colors: dict, title: str, path: Path) -> None:
    """One bar chart of speed-ups over PyTorch eager (``data``: :func:`speedup_data`)."""
    names = [w for w in F.ALL if any(w == x for pts in data.values() for x, _ in pts)]
    drawn = [i for i in impls if i in data]
    width = 0.8 / max(1, len(drawn))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.3 * len(names) + 2), 4.2))
    for j, impl in enumerate(drawn):
        vals = dict(data[impl])
        xs = [i + (j - (len(drawn) - 1) / 2) * width for i, w in enumerate(names) if w in vals]
        ax.bar(xs, [vals[w] for w in names if w in vals], width=width, color=colors[impl], label=impl)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=20, fontsize=8)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", lw=0.6)
    ax.set_ylabel("speed-up over PyTorch eager", fontsize=8)
    ax.set_title(title, fontsize=9)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
