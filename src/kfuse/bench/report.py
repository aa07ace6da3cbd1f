"""Markdown tables (like the paper's Tables 2 and 3), a console summary and PNG plots.

Input: the results dict written by the runner (``results.json``).  Derived
figures are computed here, from the raw times and :mod:`kfuse.bench.sequences`:

* GFLOP/s = FLOPs / time;
* effective GB/s = min bytes (each input read once, each output written once) / time;
* DRAM limit = dram bytes read / read ceiling + dram bytes written / write ceiling
  (min bytes plus the passes a global barrier forces), with this run's ceilings;
* fraction of the limit = DRAM limit / time;
* speedup of kfuse against a peer = peer time / kfuse time.

matplotlib is imported lazily; without it the plots are skipped with a note.
"""
from __future__ import annotations

import math

from . import sequences
from .impls import OURS, is_peer

MODES = ("hot", "rotating")
MODE_TITLES = {"hot": "hot (the same inputs every call)",
               "rotating": "rotating (calls cycle through copies of the inputs that together "
                           "span >= 2x L2; sizes that fit in L2 only)"}
FAMILY_TITLES = {"blas2": "BLAS-2 (A is m x n)", "blas1": "BLAS-1 (vectors of N elements)"}
STATUS_CELL = {"wrong": "wrong", "error": "error", "skipped": "–", "not-run": "n/r"}


# ---------------------------------------------------------------------------
# derived figures
# ---------------------------------------------------------------------------

def point_key(rec: dict) -> tuple:
    """(sequence, m, n) of a record."""
    return rec["seq"], rec.get("m"), rec["n"]


def metrics(rec: dict, mode: str, ceilings: dict | None) -> dict | None:
    """Time and derived figures of one record in one mode, or None if not timed."""
    timing = rec.get(mode)
    if rec.get("status") != "ok" or not timing:
        return None
    seq = sequences.SEQUENCES[rec["seq"]]
    sizes = seq.sizes(rec.get("m"), rec["n"])
    itemsize = 8 if rec.get("dtype") == "float64" else 4
    t = timing["us"] * 1e-6
    rd, wr = seq.min_bytes(sizes, itemsize)
    out = {"us": timing["us"], "us_min": timing.get("us_min"), "us_max": timing.get("us_max"),
           "gflops": seq.flops(sizes) / t / 1e9, "eff_GBs": (rd + wr) / t / 1e9}
    limit = dram_limit_us(rec, ceilings)
    if limit is not None:
        out["limit_us"] = limit
        out["frac_limit"] = limit / timing["us"]
    return out


def dram_limit_us(rec: dict, ceilings: dict | None) -> float | None:
    """The DRAM limit (µs) of a record's point with the measured ceilings, or None."""
    if not ceilings or not ceilings.get("read_GBs") or not ceilings.get("write_GBs"):
        return None
    seq = sequences.SEQUENCES[rec["seq"]]
    sizes = seq.sizes(rec.get("m"), rec["n"])
    itemsize = 8 if rec.get("dtype") == "float64" else 4
    rd, wr = seq.dram_bytes(sizes, itemsize)
    return (rd / (ceilings["read_GBs"] * 1e9) + wr / (ceilings["write_GBs"] * 1e9)) * 1e6


def index(results: dict) -> dict:
    """{(seq, m, n): {impl: record}}."""
    table: dict = {}
    for rec in results.get("records", []):
        table.setdefault(point_key(rec), {})[rec["impl"]] = rec
    return table


def impl_order(results: dict, default=()) -> list[str]:
    """Implementations in run order (``default`` when the meta has none), then any others
    found in the records.  Every suite's report orders its columns so."""
    names = list(results.get("meta", {}).get("impls") or default)
    for rec in results.get("records", []):
        if rec["impl"] not in names:
            names.append(rec["impl"])
    return names


def sorted_points(table: dict, family: str) -> list[tuple]:
    """Points of one family, by size, then in the paper's Table 1 order."""
    pts = [k for k in table if sequences.SEQUENCES[k[0]].family == family]
    return sorted(pts, key=lambda k: (sequences.elements(family, k[1], k[2]), k[1] or 0,
                                      sequences.ORDER.index(k[0])))


def best_peer(recs: dict, mode: str, ceilings) -> tuple[str | None, dict | None]:
    """The fastest correct peer of one point in one mode."""
    best = (None, None)
    for impl, rec in recs.items():
        if not is_peer(impl):
            continue
        m = metrics(rec, mode, ceilings)
        if m and (best[1] is None or m["us"] < best[1]["us"]):
            best = (impl, m)
    return best


def primary(impls: list[str]) -> str | None:
    """The kfuse variant the speedups are computed for."""
    for name in OURS:
        if name in impls:
            return name
    return None


# ---------------------------------------------------------------------------
# formatting
# ---------------------------------------------------------------------------

def fmt_us(us: float | None) -> str:
    if us is None:
        return ""
    if us < 1:
        return f"{us:.3g}"
    return f"{us:.2f}" if us < 10 else f"{us:.1f}" if us < 10000 else f"{us:.0f}"


def fmt_rate(x: float | None) -> str:
    if x is None:
        return ""
    return f"{x:.2f}" if x < 10 else f"{x:.1f}" if x < 1000 else f"{x:.0f}"


def fmt_speedup(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}×"


def fmt_pct(x: float | None) -> str:
    if x is None:
        return ""
    return f"{100 * x:.1f}%" if x < 0.1 else f"{100 * x:.0f}%"


def cell(rec: dict | None, mode: str, ceilings, fmt, field: str, status: bool = True) -> str:
    """A table cell: the figure, else (if ``status``) the record's status."""
    if rec is None:
        return ""
    m = metrics(rec, mode, ceilings)
    if m is not None:
        return fmt(m.get(field))
    if rec.get("status") == "ok" or not status:
        return ""          # ok but not timed in this mode, or a secondary column
    return STATUS_CELL.get(rec.get("status"), rec.get("status", ""))


def md_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# tables
# ---------------------------------------------------------------------------

def table2(results: dict, family: str, mode: str) -> str | None:
    """Time, GFLOP/s and effective GB/s of kfuse, every peer's time, speedups."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    ours = primary(impls)
    peers = [i for i in impls if is_peer(i)]
    others = [i for i in impls if not is_peer(i) and i != ours]
    header = ["sequence", "size"]
    if ours:
        header += [f"{ours} µs", "GFLOP/s", "eff. GB/s"]
    header += [f"{i} µs" for i in others + peers] + ["best peer µs"]
    if ours:
        header += [f"× {p}" for p in peers] + ["× best"]
    rows = []
    for key in sorted_points(table, family):
        recs = table[key]
        if not any(metrics(r, mode, ceil) for r in recs.values()):
            continue
        row = [key[0], sequences.size_label(family, key[1], key[2])]
        mine = metrics(recs[ours], mode, ceil) if ours and ours in recs else None
        if ours:
            r = recs.get(ours)
            row += [cell(r, mode, ceil, fmt_us, "us"),
                    cell(r, mode, ceil, fmt_rate, "gflops", status=False),
                    cell(r, mode, ceil, fmt_rate, "eff_GBs", status=False)]
        row += [cell(recs.get(i), mode, ceil, fmt_us, "us") for i in others + peers]
        bname, bm = best_peer(recs, mode, ceil)
        row.append(f"{fmt_us(bm['us'])} ({bname})" if bm else "")
        if ours:
            for p in peers:
                pm = metrics(recs[p], mode, ceil) if p in recs else None
                row.append(fmt_speedup(pm["us"] / mine["us"]) if pm and mine else "")
            row.append(fmt_speedup(bm["us"] / mine["us"]) if bm and mine else "")
        rows.append(row)
    return md_table(header, rows) if rows else None


def table3(results: dict, family: str, mode: str) -> str | None:
    """Each implementation's time as a fraction of the DRAM limit (higher is better)."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    if not ceil or not ceil.get("read_GBs"):
        return None
    header = ["sequence", "size", "DRAM limit µs"] + impls + ["best peer"]
    rows = []
    for key in sorted_points(table, family):
        recs = table[key]
        if not any(metrics(r, mode, ceil) for r in recs.values()):
            continue
        limit = dram_limit_us(next(iter(recs.values())), ceil)
        row = [key[0], sequences.size_label(family, key[1], key[2]), fmt_us(limit)]
        row += [cell(recs.get(i), mode, ceil, fmt_pct, "frac_limit") for i in impls]
        bname, bm = best_peer(recs, mode, ceil)
        row.append(f"{fmt_pct(bm.get('frac_limit'))} ({bname})" if bm else "")
        rows.append(row)
    return md_table(header, rows) if rows else None


def details(results: dict) -> str:
    """Every record: status, times, derived figures, first-call/compile time, errors."""
    ceil = results.get("ceilings")
    header = ["impl", "sequence", "size", "status", "hot µs (min–max)", "GFLOP/s", "eff. GB/s",
              "rotating µs", "compile s", "first call s", "max rel. error", "kernels", "note"]
    rows = []
    order = impl_order(results)
    recs = sorted(results.get("records", []),
                  key=lambda r: (order.index(r["impl"]), sequences.ORDER.index(r["seq"]),
                                 sequences.elements(r["family"], r.get("m"), r["n"])))
    for r in recs:
        hot, rot = metrics(r, "hot", ceil), metrics(r, "rotating", ceil)
        errs = [e for e in (r.get("relerr") or {}).values() if e is not None]
        rows.append([
            r["impl"], r["seq"], r.get("size", ""), r.get("status", ""),
            f"{fmt_us(hot['us'])} ({fmt_us(hot['us_min'])}–{fmt_us(hot['us_max'])})" if hot else "",
            fmt_rate(hot["gflops"]) if hot else "", fmt_rate(hot["eff_GBs"]) if hot else "",
            fmt_us(rot["us"]) if rot else "",
            f"{r['compile_s']:.3f}" if r.get("compile_s") is not None else "",
            f"{r['first_call_s']:.3f}" if r.get("first_call_s") is not None else "",
            f"{max(errs):.2e}" if errs else "",
            str(r.get("n_kernels", "")) if not isinstance(r.get("n_kernels"), str) else "",
            (r.get("note") or "").replace("|", "/")[:120],
        ])
    return md_table(header, rows)


def summary(results: dict, mode: str = "hot") -> str | None:
    """Geometric-mean speedup of kfuse against each peer and the best peer, and wins."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    ours = primary(impls)
    if not ours:
        return None
    peers = [i for i in impls if is_peer(i)] + ["best peer"]
    rows = []
    for fam in ("blas2", "blas1", None):
        for p in peers:
            ratios = []
            for key, recs in table.items():
                if fam and sequences.SEQUENCES[key[0]].family != fam:
                    continue
                mine = metrics(recs[ours], mode, ceil) if ours in recs else None
                if p == "best peer":
                    other = best_peer(recs, mode, ceil)[1]
                else:
                    other = metrics(recs[p], mode, ceil) if p in recs else None
                if mine and other:
                    ratios.append(other["us"] / mine["us"])
            if not ratios:
                continue
            gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            wins = sum(x > 1 for x in ratios)
            rows.append([FAMILY_TITLES.get(fam, "all").split(" ")[0] if fam else "all", p,
                         fmt_speedup(gm), fmt_speedup(min(ratios)), fmt_speedup(max(ratios)),
                         f"{wins}/{len(ratios)}"])
    if not rows:
        return None
    return md_table(["family", f"{ours} vs", "geo. mean speedup", "min", "max",
                     f"points where {ours} is faster"], rows)


def readme_table(results: dict, mode: str = "hot") -> str | None:
    """The README's table: per sequence and size, kfuse's fraction of the DRAM limit and the
    fastest peer's time over kfuse's (> 1: kfuse is faster), naming that peer; the fastest of
    ALL peers in the run, the CUDA-graph ones included."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    ours = primary(impls)
    if not ours:
        return None
    sizes: dict = {}          # rank of the size within its family -> label per family
    cells: dict = {}          # (seq, rank) -> (fraction, speedup text)
    for fam in ("blas2", "blas1"):
        pts = sorted_points(table, fam)
        ranks = sorted({sequences.elements(fam, k[1], k[2]) for k in pts})
        for key in pts:
            rank = ranks.index(sequences.elements(fam, key[1], key[2]))
            sizes.setdefault(rank, {})[fam] = sequences.size_label(fam, key[1], key[2])
            recs = table[key]
            mine = metrics(recs[ours], mode, ceil) if ours in recs else None
            bname, bm = best_peer(recs, mode, ceil)
            frac = fmt_pct(mine.get("frac_limit")) if mine else \
                STATUS_CELL.get((recs.get(ours) or {}).get("status"), "")
            sp = f"{fmt_speedup(bm['us'] / mine['us'])} ({bname})" if mine and bm else ""
            cells[(key[0], rank)] = (frac, sp)
    if not cells:
        return None
    ranks = sorted(sizes)
    header = ["sequence"]
    for r in ranks:
        label = " / ".join(sizes[r][f] for f in ("blas2", "blas1") if f in sizes[r])
        header += [f"{label}: {ours}", "× fastest peer"]
    rows = []
    for name in sequences.ORDER:
        if not any((name, r) in cells for r in ranks):
            continue
        row = [name]
        for r in ranks:
            row += list(cells.get((name, r), ("", "")))
        rows.append(row)
    return md_table(header, rows)


def nothing_measured(results: dict) -> str | None:
    """Why this run measured nothing worth an exit status of 0, or None.

    Nothing was timed at all (no GPU, every implementation skipped or failed), or kfuse and
    peers were both asked for and one side has no timed point (no comparison to report)."""
    ceil = results.get("ceilings")
    timed = {r["impl"] for r in results.get("records", [])
             if any(metrics(r, mode, ceil) for mode in MODES)}
    asked = impl_order(results)
    notes = results.get("impl_notes") or {}

    def why(names):
        reasons = []
        for name in names:
            recs = [r for r in results.get("records", []) if r["impl"] == name]
            note = notes.get(name) or next((f"{r['status']}: {r.get('note', '')}" for r in recs
                                            if r.get("note")), "no result")
            reasons.append(f"{name}: {note}")
        return "; ".join(reasons)

    if not timed:
        return "nothing was measured (" + why(asked) + ")"
    ours = [i for i in asked if not is_peer(i)]
    peers = [i for i in asked if is_peer(i)]
    for side, names in (("kfuse", ours), ("no peer", peers)):
        if names and not timed & set(names):
            return f"{side} measured nothing (" + why(names) + ")"
    return None


def ceilings_table(ceil: dict | None) -> str:
    """The measured ceilings, or the reason they are missing."""
    if not ceil or "read_GBs" not in ceil:
        return f"Not measured ({(ceil or {}).get('error', 'skipped')}); Table 3 is omitted."
    dev = ceil.get("device", {})
    rows = [
        ["streaming read (float4 loads, best of the launch shapes tried)", f"{ceil['read_GBs']:.0f} GB/s"],
        ["streaming write (float4 stores)", f"{ceil['write_GBs']:.0f} GB/s"],
        ["device-to-device copy (bytes read + written; best of kernel and cudaMemcpy)",
         f"{ceil['copy_GBs']:.0f} GB/s (kernel {ceil.get('copy_kernel_GBs', 0):.0f}, "
         f"memcpy {ceil.get('memcpy_GBs', 0):.0f})"],
        ["one empty kernel launched from Python through CuPy, back to back",
         f"{ceil['launch_us']:.2f} µs"],
    ]
    short = ceil.get("short") or {}
    for kind in ("read", "write", "copy"):
        if kind in short:
            full = ceil["copy_GBs" if kind == "copy" else f"{kind}_GBs"]
            rows.append([f"{kind} of {short['bytes'] >> 20} MiB in one kernel (ramp and tail included; "
                         "graph of launches over buffers not in L2)",
                         f"{short[kind]['GBs']:.0f} GB/s = {short[kind]['GBs'] / full:.0%} of the above, "
                         f"{short[kind]['us']:.2f} µs"])
    rows += [
        ["L2 cache", f"{dev.get('l2_bytes', 0) / 2**20:.0f} MiB"],
        ["SMs", str(dev.get("sm_count", ""))],
    ]
    if dev.get("theoretical_GBs"):
        rows.append(["theoretical DRAM bandwidth (from device properties)",
                     f"{dev['theoretical_GBs']:.0f} GB/s"])
    return md_table(["what", "figure"], rows)


def environment(results: dict) -> str:
    """Date, command, GPU, driver, CUDA and package versions."""
    meta, ceil = results.get("meta", {}), results.get("ceilings") or {}
    dev = ceil.get("device", {})
    versions = dict(meta.get("versions", {}))
    for mod, version in (meta.get("versions_loaded") or {}).items():
        if not versions.get(mod):                 # e.g. kfuse run from a checkout
            versions[mod] = f"{version} (imported)"
    lines = [
        f"- date: {meta.get('date', '?')}; wall time {meta.get('wall_s', '?')} s "
        f"(budget {meta.get('budget_s', '?')} s)",
        f"- command: `{meta.get('command', '?')}`",
        f"- GPU: {dev.get('name') or meta.get('nvidia_smi') or '?'}"
        f" (compute capability {dev.get('compute_capability', '?')}, {dev.get('sm_count', '?')} SMs)",
        f"- nvidia-smi: {meta.get('nvidia_smi') or 'n/a'}",
        f"- CUDA runtime {dev.get('cuda_runtime_version', '?')}, "
        f"driver API {dev.get('cuda_driver_version', '?')}",
        "- versions: " + ", ".join(f"{k} {v}" for k, v in versions.items() if v)
        + (("; missing: " + ", ".join(k for k, v in versions.items() if not v))
           if any(not v for v in versions.values()) else ""),
        f"- python {meta.get('python', '?')} on {meta.get('platform', '?')}; "
        f"git {meta.get('git') or 'n/a'}",
        f"- dtype {meta.get('dtype', '?')}, seed {meta.get('seed', '?')}, "
        f"reference {meta.get('reference', '?')}, min. measurement {meta.get('min_time_s', '?')} s "
        f"per point and mode",
    ]
    return "\n".join(lines)


DEFINITIONS = """\
- **µs**: median over >= 7 loops of the time per call, each loop running the sequence back to
  back many times; launch and dispatch overhead included, warm-up excluded.  CUDA events
  (kfuse, cuBLAS, CuPy, PyTorch, torch.compile) or the host clock plus a final sync (JAX).
- **hot**: the same inputs every call (data may stay in L2 when it fits);
  **rotating**: calls cycle through copies of the inputs spanning >= 2x L2, so the data comes
  from DRAM (only sizes whose working set fits in L2).
- **GFLOP/s**: FLOPs counted as the paper does (2 per multiply-add, e.g. gemv = 2mn).
- **eff. GB/s**: minimal bytes (each input read once, each output written once) / time.
- **DRAM limit**: bytes read / read ceiling + bytes written / write ceiling, counting each input
  once, each output once and the passes a global barrier forces (ATAX and SGEMVT read A twice;
  GEMVER reads A, writes B and reads B again); Table 3 shows DRAM limit / time.
- **× peer**: peer time / kfuse time (> 1: kfuse is faster); **best peer** (**fastest peer**):
  the fastest correct peer at that point, among all peers run, the CUDA-graph ones
  (cupy-graph, torch-graph, inductor-graphs) included.  `wrong`: output failed the check against the float64 reference (never
  timed); `error`: failed to build or run; `–`: skipped (package missing); `n/r`: not run
  (time budget).
"""


def render(results: dict, plot_notes: list[str] | None = None,
           plots: list[str] | None = None) -> str:
    """The whole Markdown report; ``plots`` names the sequences whose PNG was written."""
    meta = results.get("meta", {})
    parts = [f"# kfuse benchmark ({meta.get('dtype', 'float32')}, {meta.get('date', '')[:10]})",
             "", environment(results), "", "## Ceilings measured in this run", "",
             ceilings_table(results.get("ceilings")), "", "## Columns", "", DEFINITIONS]
    hp = hostpath_table(results.get("hostpath"))
    if hp:
        parts += ["## Host path: one kfuse call against a bare CuPy launch of the same kernel", "", hp, ""]
    summ = summary(results)
    if summ:
        parts += ["## Summary (hot)", "", summ, ""]
    readme = readme_table(results)
    if readme:
        parts += ["## README table (hot): fraction of the DRAM limit, and the fastest of all "
                  "peers over kfuse", "", readme, ""]
    for mode in MODES:
        for fam in ("blas2", "blas1"):
            t = table2(results, fam, mode)
            if t:
                parts += [f"## Table 2 — {FAMILY_TITLES[fam]}, {MODE_TITLES[mode]}", "", t, ""]
    for mode in MODES:
        for fam in ("blas2", "blas1"):
            t = table3(results, fam, mode)
            if t:
                parts += [f"## Table 3 — fraction of the DRAM limit, {FAMILY_TITLES[fam]}, "
                          f"{MODE_TITLES[mode]}", "", t, ""]
    notes = notes_section(results, plot_notes or [])
    if notes:
        parts += ["## Notes", "", notes, ""]
    if plots:
        parts += ["## Plots", "", plots_section(plots), ""]
    parts += ["## Details", "", "<details><summary>every record</summary>", "",
              details(results), "", "</details>", ""]
    return "\n".join(parts)


def hostpath_table(rows) -> str | None:
    """Host cost per call (µs, host clock over back-to-back calls) of kfuse against a bare launch
    (the executable with its defaults: the same arguments again replay a CUDA graph; and with
    ``auto_graph`` off: each call launches)."""
    if not rows:
        return None
    def f(x):
        return "–" if x is None else f"{x:.2f}"
    out = [md_table(["case", "bare launch µs", "bare launch + output allocation µs", "kfuse executable µs",
                     "kfuse.jit µs", "executable / bare+alloc", "jit / bare+alloc",
                     "executable, graphs off µs", "kfuse's parts: driver launch µs", "graph replay µs",
                     "output from the ring µs"],
                    [[r["case"], f"{r['bare_us']:.2f}", f"{r['bare_alloc_us']:.2f}", f"{r['exe_us']:.2f}",
                      f"{r['jit_us']:.2f}", f"{r['exe_over_bare_alloc']:.2f}", f"{r['jit_over_bare_alloc']:.2f}",
                      f(r.get("exe_launch_us")), f(r.get("launch_us")), f(r.get("graph_us")),
                      f(r.get("take_us"))]
                     for r in rows])]
    return "\n".join(out)


def notes_section(results: dict, plot_notes: list[str]) -> str:
    """Skipped implementations, worker failures, wrong and failed points."""
    lines = [f"- {impl}: {note}" for impl, note in (results.get("impl_notes") or {}).items()]
    for r in results.get("records", []):
        if r.get("status") in ("wrong", "error"):
            lines.append(f"- {r['impl']} {r['seq']} {r.get('size', '')}: {r['status']}: "
                         f"{r.get('note', '')}")
    lines += [f"- {n}" for n in plot_notes]
    return "\n".join(lines)


def plots_section(plots: list[str]) -> str:
    """Links to the per-sequence PNGs and the overview image."""
    return "\n".join(f"- [{s}](plots/{s}.png)" for s in plots) + \
        "\n\n![overview](plots/overview.png)"


# ---------------------------------------------------------------------------
# console
# ---------------------------------------------------------------------------

def console_summary(results: dict, mode: str = "hot") -> str:
    """A short plain-text table: kfuse against the best peer at every point."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    ours = primary(impls)
    lines = [f"{'sequence':9} {'size':>11} {(ours or '-') + ' us':>11} {'best peer us':>22} "
             f"{'speedup':>8} {'limit':>6}"]
    for fam in ("blas2", "blas1"):
        for key in sorted_points(table, fam):
            recs = table[key]
            mine_rec = recs.get(ours) if ours else None
            mine = metrics(mine_rec, mode, ceil) if mine_rec else None
            bname, bm = best_peer(recs, mode, ceil)
            mine_txt = fmt_us(mine["us"]) if mine else (mine_rec or {}).get("status", "-")
            best_txt = f"{fmt_us(bm['us'])} ({bname})" if bm else "-"
            sp = fmt_speedup(bm["us"] / mine["us"]) if mine and bm else ""
            lim = fmt_pct(mine.get("frac_limit")) if mine else ""
            lines.append(f"{key[0]:9} {sequences.size_label(fam, key[1], key[2]):>11} "
                         f"{mine_txt:>11} {best_txt:>22} {sp:>8} {lim:>6}")
    s = summary(results, mode)
    if s:
        lines += ["", s]
    for impl, note in (results.get("impl_notes") or {}).items():
        lines.append(f"{impl}: {note}")
    return "\n".join(lines)
