"""Tables, console summary and PNG of a stencil run (``results.json`` of :mod:`.runner`).

Per record (one implementation, workload and dtype), from the raw times and the workload:

* µs: the median per step (a 100-step loop's time / 100);
* limit = bytes read / read ceiling + bytes written / write ceiling (one read of every input
  field and one write of every output field per step, this run's ceilings);
* % of the limit = limit / time (above 100% only by reuse across steps or caches);
* × fastest peer = the fastest correct peer's time / this time (> 1: faster than every peer).

Also the seed's Table 1 (statements as written, NumPy-style operations, kfuse's calls before
fusion, kernels after fusion and after fission) and Table 2 (block shape, registers, shared
memory, occupancy, bandwidth reached), read from kfuse's plan when the kfuse records have one,
"n/a" otherwise.  Formatting helpers come from :mod:`kfuse.bench.report`.
"""
from __future__ import annotations

from ..report import fmt_pct, fmt_rate, fmt_speedup, fmt_us, md_table
from ..report import impl_order as _impl_order
from . import workloads as W
from .peers import DEFAULT_IMPLS, PEERS
from .tables import occupancy_table, table1, table2, temporal_table

DEFINITIONS = """\
- µs per step: median of >= 7 timed loops (CUDA events after warm-up; JAX: host clock and a final
  block); a 100-step loop is timed whole and divided by 100.
- limit = bytes read / read ceiling + bytes written / write ceiling: one read of every input field
  and one write of every output field per step, at this run's ceilings; % of limit = limit / time.
- × fastest peer = the fastest correct peer's time / this time (> 1: faster than every peer).
- Every output was checked against a float64 reference before timing; a wrong one is not timed."""

OCC_INTRO = ("kfuse-occupancy runs kfuse's fused kernels with, per grid kernel, the block shape of "
             "highest theoretical occupancy (registers and shared memory from ptxas) among the grid "
             "space's variants (ties: the first); kfuse keeps its own plan.  Gain > 1: kfuse's choice "
             "is faster than occupancy alone by that factor.")

STATUS_CELL = {"wrong": "wrong", "error": "error", "skipped": "–", "not-run": "n/r"}


def itemsize(dtype: str) -> int:
    return 8 if dtype == "float64" else 4


def metrics(rec: dict, ceilings: dict | None) -> dict | None:
    """Per-step time and derived figures of one record, or None if it was not timed."""
    hot = rec.get("hot")
    if rec.get("status") != "ok" or not hot:
        return None
    ceilings = rec.get("ceilings") or ceilings   # merged parts: the ceilings its part measured
    wl = W.WORKLOADS[rec["workload"]]
    shape = tuple(rec["shape"])
    rd, wr = W.limit_bytes(wl, shape, itemsize(rec["dtype"]))
    t = hot["us"] * 1e-6
    out = {"us": hot["us"], "us_min": hot.get("us_min"), "us_max": hot.get("us_max"),
           "read_bytes": rd, "write_bytes": wr, "eff_GBs": (rd + wr) / t / 1e9,
           "gflops": W.flops(wl, shape) / t / 1e9}
    limit = W.limit_us(rd, wr, ceilings)
    if limit is not None:
        out["limit_us"] = limit
        out["frac_limit"] = limit / hot["us"]
    return out


def index(results: dict) -> dict:
    """{(workload, dtype): {impl: record}}."""
    table: dict = {}
    for rec in results.get("records", []):
        table.setdefault((rec["workload"], rec["dtype"]), {})[rec["impl"]] = rec
    return table


def impl_order(results: dict) -> list[str]:
    """Implementations in run order (:func:`kfuse.bench.report.impl_order`)."""
    return _impl_order(results, DEFAULT_IMPLS)


def sorted_keys(table: dict) -> list[tuple]:
    """(workload, dtype) in the suite's order, float32 first."""
    order = list(W.ORDER)
    return sorted(table, key=lambda k: (order.index(k[0]) if k[0] in order else len(order),
                                        k[1] != "float32", k[1]))


def fastest_peer(recs: dict, ceilings) -> tuple[str | None, dict | None]:
    """The fastest correct peer of one (workload, dtype)."""
    best = (None, None)
    for impl, rec in recs.items():
        if impl not in PEERS:
            continue
        m = metrics(rec, ceilings)
        if m and (best[1] is None or m["us"] < best[1]["us"]):
            best = (impl, m)
    return best


def status_text(rec: dict | None) -> str:
    if rec is None:
        return ""
    return STATUS_CELL.get(rec.get("status"), rec.get("status", ""))


def workload_table(recs: dict, impls: list[str], ceilings) -> str:
    """One (workload, dtype): per implementation µs, % of the limit, GB/s, × fastest peer."""
    _, best = fastest_peer(recs, ceilings)
    rows = []
    for impl in impls:
        rec = recs.get(impl)
        if rec is None:
            continue
        m = metrics(rec, ceilings)
        if m is None:
            rows.append([impl, status_text(rec), "", "", "", (rec.get("note") or "")[:160].replace("|", "/")])
            continue
        sp = best["us"] / m["us"] if best else None
        note = f"first call {rec.get('first_call_s', 0):.2f} s"
        if rec.get("loop"):
            note += f"; loop: {rec['loop']}"
        rows.append([impl, fmt_us(m["us"]), fmt_pct(m.get("frac_limit")), fmt_rate(m["eff_GBs"]),
                     fmt_speedup(sp), note])
    return md_table(["impl", "µs per step", "% of limit", "eff. GB/s", "× fastest peer", "note"], rows)


def overview(results: dict) -> str:
    """Every (workload, dtype) in one table: the limit, each implementation's µs (% of the
    limit), the fastest peer, and kfuse against it."""
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    header = ["workload", "dtype", "limit µs"] + impls + ["fastest peer", "kfuse × fastest peer"]
    rows = []
    for key in sorted_keys(table):
        recs = table[key]
        some = next(iter(recs.values()))
        wl = W.WORKLOADS[key[0]]
        rd, wr = W.limit_bytes(wl, tuple(some["shape"]), itemsize(key[1]))
        row = [key[0], key[1], fmt_us(W.limit_us(rd, wr, some.get("ceilings") or ceil))]
        for impl in impls:
            m = metrics(recs[impl], ceil) if impl in recs else None
            row.append(f"{fmt_us(m['us'])} ({fmt_pct(m.get('frac_limit'))})" if m and "frac_limit" in m
                       else fmt_us(m["us"]) if m else status_text(recs.get(impl)))
        bname, best = fastest_peer(recs, ceil)
        row.append(f"{fmt_us(best['us'])} ({bname})" if best else "")
        mine = metrics(recs["kfuse"], ceil) if "kfuse" in recs else None
        row.append(fmt_speedup(best["us"] / mine["us"]) if best and mine else "")
        rows.append(row)
    return md_table(header, rows)


def loop_table(results: dict) -> str:
    """Per time-loop record: the loop that ran (``loop`` of the record), or "" if none."""
    rows = [[r["workload"], r["dtype"], r["impl"], r["loop"]] for r in results.get("records", [])
            if r.get("loop")]
    return md_table(["workload", "dtype", "impl", "loop"], rows) if rows else ""


def kfuse_lines(results: dict) -> list[str]:
    """One line per workload and dtype where kfuse did not run: ``kfuse: <reason>``."""
    lines = []
    for rec in results.get("records", []):
        if rec["impl"] == "kfuse" and rec.get("status") != "ok":
            lines.append(f"{rec['workload']} {rec['dtype']}: kfuse: {rec.get('note') or rec.get('status')}")
    return lines


def notes(results: dict) -> list[str]:
    """Skipped implementations, failed or wrong points (one line each)."""
    out = [f"{impl}: {note}" for impl, note in (results.get("impl_notes") or {}).items()]
    for rec in results.get("records", []):
        if rec.get("status") in ("wrong", "error") and rec["impl"] != "kfuse":
            out.append(f"{rec['workload']} {rec['dtype']}: {rec['impl']}: {rec['status']}: {rec.get('note', '')}")
    return out


def command_line(meta: dict) -> str:
    """The command that ran, or every part's command of a merged report."""
    merged = meta.get("merged_from") or []
    if merged:
        return "Merged from: " + "; ".join(f"`{m.get('command') or '?'}` ({m['folder']})" for m in merged)
    return f"Command: `{meta.get('command', '')}`"


def ceilings_line(c: dict | None, meta: dict | None = None) -> str:
    parts = [m for m in (meta or {}).get("merged_from") or [] if (m.get("ceilings") or {}).get("read_GBs")]
    if len(parts) > 1:
        return "Merged from parts, each record's limit at its own part's ceilings: " + "; ".join(
            f"{m.get('part') or m['folder']}: read {m['ceilings']['read_GBs']:.0f} GB/s, "
            f"write {m['ceilings']['write_GBs']:.0f} GB/s" for m in parts) + "."
    if not c or "read_GBs" not in c:
        return f"Ceilings: not measured ({(c or {}).get('error', 'no result')}); no limits."
    dev = (c.get("device") or {}).get("name", "?")
    return (f"Ceilings measured in this run on {dev}: read {c['read_GBs']:.0f} GB/s, "
            f"write {c['write_GBs']:.0f} GB/s, copy {c.get('copy_GBs', 0):.0f} GB/s.")


def render(results: dict, plot_note: str | None = None) -> str:
    """The whole Markdown report."""
    meta = results.get("meta", {})
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    parts = [f"# Stencil benchmarks ({'quick' if meta.get('quick') else 'full'} sizes, "
             f"{meta.get('date', '')[:10]})", "", command_line(meta), "",
             ceilings_line(ceil, meta), "", DEFINITIONS, "",
             "## Overview: µs per step (% of the limit)", "", overview(results), ""]
    kl = kfuse_lines(results)
    if kl:
        parts += ["## kfuse not run", ""] + [f"- {x}" for x in kl] + [""]
    parts += ["## Table 1 (seed): calls and kernels", "", table1(results), "",
              "## Table 2 (seed): kfuse's kernels: block shape, occupancy, bandwidth", "",
              table2(results, metrics), "",
              "## kfuse's plan vs the occupancy rule (seed: block shape by occupancy alone)", "",
              OCC_INTRO, "", occupancy_table(results, metrics), ""]
    lp = loop_table(results)
    if lp:
        parts += ["## Time loops: which loop each implementation ran", "", lp, ""]
    tt = temporal_table(results, metrics)
    if tt:
        parts += ["## Time loops blocked in time (kfuse.iterate: several steps per pass, Table 2 of the passes)",
                  "", tt, ""]
    for key in sorted_keys(table):
        wl = W.WORKLOADS[key[0]]
        shape = "×".join(map(str, next(iter(table[key].values()))["shape"]))
        loop = f", {wl.steps}-step loop timed per step" if wl.loop else ""
        parts += [f"### {key[0]} {key[1]} ({shape}{loop}; {wl.source})", "",
                  workload_table(table[key], impls, ceil), ""]
    n = notes(results)
    if plot_note:
        n.append(plot_note)
    if n:
        parts += ["## Notes", ""] + [f"- {x}" for x in n] + [""]
    return "\n".join(parts)


def console_summary(results: dict) -> str:
    """Plain text: per workload and dtype, kfuse, the fastest peer, the speedup, % of limit;
    then one ``kfuse: <reason>`` line per workload kfuse did not run."""
    table, ceil = index(results), results.get("ceilings")
    lines = [f"{'workload':22} {'dtype':7} {'kfuse us':>10} {'of lim':>6} {'fastest peer us':>28} "
             f"{'peer %':>7} {'speedup':>8}"]
    for key in sorted_keys(table):
        recs = table[key]
        mine = metrics(recs["kfuse"], ceil) if "kfuse" in recs else None
        bname, best = fastest_peer(recs, ceil)
        lines.append(
            f"{key[0]:22} {key[1]:7} {fmt_us(mine['us']) if mine else status_text(recs.get('kfuse')) or '-':>10} "
            f"{fmt_pct(mine.get('frac_limit')) if mine else '':>6} "
            f"{(fmt_us(best['us']) + ' (' + bname + ')') if best else '-':>28} "
            f"{fmt_pct(best.get('frac_limit')) if best else '':>7} "
            f"{fmt_speedup(best['us'] / mine['us']) if mine and best else '':>8}")
    lines += kfuse_lines(results) + notes(results)
    return "\n".join(lines)


def write_plot(results: dict, path) -> str | None:
    """Bars of % of the limit per workload, one bar per implementation, a panel per dtype.
    Returns a note when nothing could be drawn (no matplotlib, no limits, no timed record)."""
    from ..plots import pyplot

    plt, why = pyplot("plot")
    if plt is None:
        return why
    table, impls, ceil = index(results), impl_order(results), results.get("ceilings")
    dtypes = sorted({k[1] for k in table})
    if not dtypes or not any(metrics(r, ceil) and "frac_limit" in metrics(r, ceil)
                             for recs in table.values() for r in recs.values()):
        return "plot skipped: no timed record with a limit"
    fig, axes = plt.subplots(len(dtypes), 1, figsize=(13, 4.2 * len(dtypes)), squeeze=False)
    width = 0.8 / max(1, len(impls))
    for ax, dt in zip(axes[:, 0], dtypes):
        names = [w for w in W.ORDER if (w, dt) in table]
        for j, impl in enumerate(impls):
            ys = []
            for w in names:
                m = metrics(table[(w, dt)].get(impl) or {}, ceil)
                ys.append(100 * m["frac_limit"] if m and "frac_limit" in m else 0.0)
            ax.bar([i + (j - (len(impls) - 1) / 2) * width for i in range(len(names))], ys, width,
                   label=impl)
        ax.axhline(100, color="gray", ls=":", lw=1)
        ax.set_xticks(range(len(names)), names, rotation=25, ha="right", fontsize=8)
        ax.set_ylabel("% of the limit")
        ax.set_title(f"stencils, {dt}: higher is better", fontsize=9)
        ax.legend(fontsize=7, ncol=len(impls))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return None

