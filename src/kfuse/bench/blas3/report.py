"""Tables, console summary and report.md of a BLAS-3 run (``results.json`` of :mod:`.runner`).

Per record (one implementation, variant, size and series: ``ieee`` and ``tf32`` for float32,
``float64`` for float64 points, :func:`.workloads.series`; one table per series):

* TFLOP/s = the routine's flops (:func:`.workloads.flops`) / the median time per call;
* % peak = TFLOP/s / this run's FFMA probe (ieee), the datasheet dense TF32 peak (tf32) or this
  run's FP64 tensor-core (DMMA) probe (float64);
* × cuBLAS = TFLOP/s / cuBLAS's of the same point (same series: TF32 math for tf32, the D
  routines for float64);
* / GEMM-NN = TFLOP/s / the same implementation's GEMM-NN at the same size and series
  (the paper's "comparable to GEMM-NN"); the kfuse column of the summary uses kfuse's.

The fused workloads have a table of their own (:mod:`.fused_report`, which adds it to the report).
"""
from __future__ import annotations

from ..report import impl_order as _impl_order
from ..report import md_table
from . import workloads as W
from .peers import DEFAULT_IMPLS

TITLES = {"ieee": "exact fp32 (ieee)", "tf32": "TF32", "fp32x3": "3xTF32 (kfuse; peers in exact fp32)",
          "float64": "float64 (exact)"}
STATUS_CELL = {"wrong": "wrong", "error": "error", "skipped": "–", "not-run": "n/r",
               "not-built": "n/b"}

DEFINITIONS = """\
- TFLOP/s: the routine's flops (GEMM 2mnk, SYMM 2m²n / 2mn², TRMM and TRSM m²n / mn², SYRK n(n+1)k,
  SYR2K 2n(n+1)k) over the median time per call (CUDA events after warm-up, >= 7 timed loops).
- % peak: of this run's FFMA probe (ieee), of the datasheet dense TF32 peak (tf32), or of this
  run's FP64 tensor-core (DMMA) probe (float64).
- × cuBLAS: over cuBLAS at the same point and precision (TF32 tensor-op math for tf32, the D
  routines in default math for float64).
- /GEMM-NN: over the same implementation's GEMM-NN at the same size and precision.
- Every output was checked against a float64 reference before timing (relative Frobenius
  error at most 1e-5 for ieee, 2e-3 for tf32, 5e-14 = 450 units of roundoff for float64, whose
  reference is float64 too; more for long sums and TRSM), each variant once at the odd size
  517×389×261 too, with the structured operand's unused triangle poisoned with NaN; a wrong result is
  not timed.  alpha = 1, beta = 0.  Peers without a routine use a dense matmul of the filled matrix
  (filled outside the timed call).  Cells: n/b = kfuse does not provide it yet (its message in the
  notes), – = not run by this peer, n/r = not run (budget), wrong / error = see the notes."""


def peaks_of(rec: dict, peaks: dict | None) -> dict:
    return rec.get("peaks") or peaks or {}


def tflops(rec: dict | None) -> float | None:
    """TFLOP/s of a timed record, else None."""
    if not rec or rec.get("status") != "ok" or not rec.get("hot"):
        return None
    return rec["flops"] / (rec["hot"]["us"] * 1e-6) / 1e12


PEAK_OF_SERIES = {"ieee": "ffma_probe_tflops", "tf32": "tf32_datasheet_tflops",
                  "float64": "fp64_tensor_probe_tflops"}


def peak(rec: dict, peaks: dict | None) -> float | None:
    """The peak this record's series is measured against (TFLOP/s)."""
    key = PEAK_OF_SERIES.get(W.record_series(rec))
    return peaks_of(rec, peaks).get(key) if key else None


def index(results: dict) -> dict:
    """{(variant, size, series): {impl: record}} (:func:`.workloads.record_series`)."""
    table: dict = {}
    for rec in results.get("records", []):
        table.setdefault((rec["variant"], rec["size"], W.record_series(rec)), {})[rec["impl"]] = rec
    return table


def impl_order(results: dict) -> list[str]:
    """Implementations in run order (:func:`kfuse.bench.report.impl_order`)."""
    return _impl_order(results, DEFAULT_IMPLS)


def size_key(size: str) -> tuple:
    dims = [int(x) for x in size.split("x")]
    dims = dims * 3 if len(dims) == 1 else dims
    return (len(size.split("x")) > 1, dims[0] * dims[1] * dims[2], dims)


def sorted_keys(table: dict) -> list[tuple]:
    """The keys by series (ieee, tf32, float64), variant, then size."""
    order = {v: i for i, v in enumerate(W.ORDER)}
    series = {s: i for i, s in enumerate(W.SERIES)}
    return sorted(table, key=lambda k: (series.get(k[2], 99), k[2], order.get(k[0], 99), size_key(k[1])))


def metrics(results: dict, key: tuple, impl: str) -> dict | None:
    """TFLOP/s, % peak, × cuBLAS and / GEMM-NN of one implementation at one point."""
    table = index(results) if "_index" not in results else results["_index"]
    rec = table.get(key, {}).get(impl)
    t = tflops(rec)
    if t is None:
        return None
    out = {"tflops": t, "relerr": rec.get("relerr")}
    pk = peak(rec, results.get("peaks"))
    out["frac_peak"] = t / pk if pk else None
    cub = tflops(table.get(key, {}).get("cublas"))
    out["x_cublas"] = t / cub if cub else None
    nn = tflops(table.get(("GEMM-NN", key[1], key[2]), {}).get(impl))
    out["x_gemm_nn"] = t / nn if nn else None
    return out


def cell(rec: dict | None) -> str:
    t = tflops(rec)
    if t is not None:
        return f"{t:.1f}"
    return STATUS_CELL.get((rec or {}).get("status"), "") if rec else ""


def _f(x, fmt: str) -> str:
    return "" if x is None else fmt.format(x)


def main_table(results: dict, precision: str) -> str | None:
    """Per point of one series (``precision``: ieee, tf32 or float64): each implementation's
    TFLOP/s, then kfuse's ratios and error."""
    results = dict(results, _index=index(results))
    table = results["_index"]
    impls = [i for i in impl_order(results) if any(i in recs for recs in table.values())]
    keys = [k for k in sorted_keys(table) if k[2] == precision and k[0] in W.VARIANTS]
    if not keys:
        return None
    head = ["routine", "size"] + impls + ["kfuse × cuBLAS", "kfuse % peak", "kfuse / GEMM-NN",
                                          "cuBLAS / GEMM-NN", "kfuse rel. err"]
    rows = []
    for key in keys:
        recs = table[key]
        k = metrics(results, key, "kfuse") or {}
        c = metrics(results, key, "cublas") or {}
        rows.append([key[0], key[1]] + [cell(recs.get(i)) for i in impls] +
                    [_f(k.get("x_cublas"), "{:.2f}×"), _f(k.get("frac_peak") and 100 * k["frac_peak"], "{:.0f}%"),
                     _f(k.get("x_gemm_nn"), "{:.2f}"), _f(c.get("x_gemm_nn"), "{:.2f}"),
                     _f(k.get("relerr"), "{:.1e}")])
    return md_table(head, rows)


def peaks_section(peaks: dict | None) -> str:
    if not peaks or peaks.get("error"):
        return f"Peaks not measured: {(peaks or {}).get('error', 'no peaks worker result')}."
    th = peaks.get("ffma_theoretical_tflops")
    ds = peaks.get("tf32_datasheet_tflops")
    f64, dfma = peaks.get("fp64_tensor_probe_tflops"), peaks.get("dfma_probe_tflops")
    return "\n".join([
        f"- GPU: {peaks.get('gpu')} ({peaks.get('sms')} SMs, sm_{''.join(map(str, peaks.get('cc', [])))}, "
        f"clock {peaks.get('clock_mhz')} MHz)",
        f"- FFMA probe: **{peaks['ffma_probe_tflops']:.1f} TFLOP/s** ({peaks.get('probe')}); theoretical "
        f"SMs × lanes × 2 × clock: {_f(th, '{:.1f}') or 'n/a'} TFLOP/s",
        f"- TF32 dense tensor peak: {_f(ds, '{:.1f}') + ' TFLOP/s (datasheet)' if ds else 'no datasheet value for this GPU'}; "
        "the practical reference is cuBLAS TF32 GEMM-NN at the same size (column cublas, tf32 table)",
        f"- FP64 tensor-core (DMMA m16n8k8) probe: **{f64:.1f} TFLOP/s** (the float64 peak); DFMA "
        f"probe (CUDA cores): {_f(dfma, '{:.1f}') or 'n/a'} TFLOP/s" if f64 else
        "- FP64 probes: not measured (a run from before float64 points, or no DMMA m16n8k8 here)"])


def notes(results: dict) -> str:
    lines = []
    for rec in sorted(results.get("records", []), key=lambda r: (r["impl"], r["variant"], r["size"])):
        if rec.get("status") in ("wrong", "error", "not-built") and rec.get("note"):
            lines.append(f"- {rec['impl']} {rec['variant']} {rec['size']} {W.record_series(rec)}: "
                         f"{rec['status']}: {rec['note']}")
    skipped = sorted({(r["impl"], r["note"]) for r in results.get("records", [])
                      if r.get("status") in ("skipped", "not-run") and r.get("note")})
    lines += [f"- {impl}: {note}" for impl, note in skipped]
    lines += [f"- {k}: {v}" for k, v in (results.get("impl_notes") or {}).items()]
    compiled = [r for r in results.get("records", []) if r["impl"].startswith("inductor") and r.get("first_call_s")]
    if compiled:
        worst = max(compiled, key=lambda r: r["first_call_s"])
        lines.append(f"- torch.compile first call (trace + compile, excluded from the times): up to "
                     f"{worst['first_call_s']:.1f} s ({worst['impl']} {worst['variant']} {worst['size']})")
    return "\n".join(lines) or "None."


def environment(results: dict) -> str:
    m = results.get("meta", {})
    vers = m.get("versions_loaded") or m.get("versions") or {}
    return "\n".join([f"- date: {m.get('date')}; git: {m.get('git')}; wall: {m.get('wall_s')} s of "
                      f"budget {m.get('budget_s')} s",
                      f"- command: `{m.get('command')}`",
                      f"- GPU: {m.get('nvidia_smi')}",
                      "- versions: " + ", ".join(f"{k} {v}" for k, v in vers.items() if v)])


def render(results: dict, plot_files: list[str] | None = None, plot_notes: list[str] | None = None,
           extra: list[str] | None = None) -> str:
    """report.md; ``extra``: lines of further sections before the definitions (the fused
    workloads', :func:`.fused_report.render`)."""
    parts = ["# kfuse bench --blas3", "", environment(results), "", "## Peaks", "",
             peaks_section(results.get("peaks")), ""]
    for series in W.SERIES:
        t = main_table(results, series)
        if t:
            parts += [f"## TFLOP/s, {TITLES[series]}", "", t, ""]
    parts += extra or []
    parts += ["## Definitions", "", DEFINITIONS, "", "## Notes", "", notes(results), ""]
    if plot_files or plot_notes:
        parts += ["## Plots", ""] + [f"![{f}]({f})" for f in plot_files or []] + \
                 [f"- {n}" for n in plot_notes or []] + [""]
    return "\n".join(parts)


def console_summary(results: dict) -> str:
    """The tables for the terminal."""
    out = [peaks_section(results.get("peaks"))]
    for prec in W.SERIES:
        t = main_table(results, prec)
        if t:
            out += ["", f"TFLOP/s, {prec}:", t]
    return "\n".join(out)
