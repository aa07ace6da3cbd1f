"""The BLAS-3 suite without CUDA: points, flops, references, the check, cuBLAS's column-major
mapping, report/plots from synthetic results, parts and merge, the CLI without a GPU."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kfuse.bench.blas3 import merge as M
from kfuse.bench.blas3 import report as R
from kfuse.bench.blas3 import workloads as W
from kfuse.bench.blas3.cublas3 import colmajor_call
from kfuse.bench.stencils.parts import split

SRC = str(Path(__file__).resolve().parents[2] / "src")


# --- workloads and flops -------------------------------------------------------------------

def test_variant_list_is_the_24_of_the_seed_plus_syrk_syr2k():
    fams = [W.VARIANTS[v].family for v in W.ORDER]
    assert len(W.ORDER) == 32 == len(set(W.ORDER))
    assert [fams.count(f) for f in W.FAMILIES] == [4, 4, 8, 8, 4, 4]
    assert {"GEMM-TN", "SYMM-RU", "TRMM-LU-T", "TRSM-RL-N", "SYRK-UT", "SYR2K-LN"} <= set(W.ORDER)


def test_full_and_quick_points():
    full = W.make_points(W.select_variants(None, False), None, None, False)
    # 32 variants x 4 sizes + 4 GEMMs x 3 non-square shapes, 2 precisions
    assert len(full) == (32 * 4 + 4 * 3) * 2
    assert {p.size for p in full if p.v.family == "gemm"} >= {"8192x8192x1024", "1024x1024x8192",
                                                             "4096x4096x64"}
    quick = W.make_points(W.select_variants(None, True), None, None, True)
    assert {p.variant for p in quick} == set(W.QUICK_VARIANTS)
    assert {p.size for p in quick} == {"1024", "4096"} and len(quick) == 24


def test_filters():
    pts = W.make_points(W.select_variants(["trsm", "GEMM-nt"], False), ["2048", "64x32x16"],
                        ["tf32"], False)
    assert {p.variant for p in pts} == {"GEMM-NT"} | {v for v in W.ORDER if v.startswith("TRSM")}
    assert {p.precision for p in pts} == {"tf32"}
    assert [p for p in pts if p.size == "64x32x16"] == [W.Point("GEMM-NT", 64, 32, 16, "tf32")]
    with pytest.raises(ValueError, match="--routines"):
        W.select_variants(["GEMV"], False)
    with pytest.raises(ValueError, match="--sizes"):
        W.parse_size("12x3")


@pytest.mark.parametrize("name,shape,expected", [
    ("GEMM-NN", (4096, 4096, 4096), 2 * 4096 ** 3),
    ("GEMM-TT", (8192, 8192, 1024), 2 * 8192 * 8192 * 1024),
    ("SYMM-LU", (100, 30, 100), 2 * 100 * 100 * 30),
    ("SYMM-RL", (100, 30, 30), 2 * 100 * 30 * 30),
    ("TRMM-LL-N", (1024, 1024, 1024), 1024 ** 3),
    ("TRSM-RU-T", (100, 30, 30), 100 * 30 * 30),
    ("SYRK-LN", (1024, 1024, 512), 1024 * 1025 * 512),
    ("SYR2K-UT", (1024, 1024, 512), 2 * 1024 * 1025 * 512),
])
def test_flops(name, shape, expected):
    assert W.flops(W.VARIANTS[name], *shape) == expected


# --- references against hand-built dense NumPy ---------------------------------------------

def _dense(v, inputs):
    """Loop-built dense operands and the product, written independently of workloads.py."""
    a = inputs[0].astype(np.float64)
    n = a.shape[0]
    if v.family in ("symm", "trmm", "trsm"):
        d = np.zeros((n, n))
        for i in range(n):
            for j in range(n):
                stored = (j <= i) if v.uplo == "L" else (j >= i)
                if v.family == "symm":
                    d[i, j] = a[i, j] if stored else a[j, i]
                elif stored:
                    d[i, j] = a[i, j]
        if v.family == "symm":
            return d
        return d.T if v.trans == "T" else d
    return a


def _expected(v, inputs):
    b = inputs[1].astype(np.float64) if len(inputs) > 1 else None
    if v.family == "gemm":
        a = inputs[0].astype(np.float64)
        return (a.T if v.transa == "T" else a) @ (b.T if v.transb == "T" else b)
    if v.family in ("symm", "trmm"):
        d = _dense(v, inputs)
        return d @ b if v.side == "L" else b @ d
    if v.family == "trsm":
        d = _dense(v, inputs)
        return np.linalg.inv(d) @ b if v.side == "L" else b @ np.linalg.inv(d)
    a = inputs[0].astype(np.float64)
    bb = b if v.family == "syr2k" else a
    c = a @ bb.T if v.trans == "N" else a.T @ bb
    if v.family == "syr2k":
        c = c + c.T
    return c


@pytest.mark.parametrize("name", W.ORDER)
def test_reference_matches_dense(name):
    v = W.VARIANTS[name]
    m, n, k = 7, 5, 6
    inputs = W.make_inputs(v, m, n, k, seed=3, xp=np)
    ref = W.reference(v, inputs, np)
    exp = _expected(v, inputs)
    assert ref.shape == exp.shape
    if v.triangle_out:
        ref, exp = W.tri(np, ref, v.uplo), W.tri(np, exp, v.uplo)
    np.testing.assert_allclose(ref, exp, rtol=1e-10, atol=1e-10)
    if v.family == "trsm":   # the solve really solves: op(T) X = B
        d = _dense(v, inputs)
        b = inputs[1].astype(np.float64)
        np.testing.assert_allclose(d @ ref if v.side == "L" else ref @ d, b, atol=1e-10)


def test_inputs_are_poisoned_and_seeded():
    v = W.VARIANTS["TRSM-LU-N"]
    a, b = W.make_inputs(v, 9, 4, 9, seed=1, xp=np)
    assert a.dtype == np.float32 and b.dtype == np.float32
    assert np.isnan(a[np.tril_indices(9, -1)]).all()
    assert np.isfinite(a[np.triu_indices(9)]).all()
    assert (np.diag(a) >= 1).all()                      # well-conditioned: dominant diagonal
    a2, _ = W.make_inputs(v, 9, 4, 9, seed=1, xp=np)
    np.testing.assert_array_equal(np.nan_to_num(a), np.nan_to_num(a2))
    assert not np.array_equal(b, W.make_inputs(v, 9, 4, 9, seed=2, xp=np)[1])


# --- the check ------------------------------------------------------------------------------

def _f32(x):
    return np.asarray(x, dtype=np.float32)


@pytest.mark.parametrize("name", ["GEMM-TN", "SYMM-RU", "TRMM-LL-T", "TRSM-RL-N", "SYRK-UN", "SYR2K-LT"])
def test_check_accepts_right_rejects_wrong(name):
    v = W.VARIANTS[name]
    shape = (40, 30, 20)
    inputs = W.make_inputs(v, *shape, seed=5, xp=np)
    ref = W.reference(v, inputs, np)
    good = _f32(ref)
    if v.triangle_out:   # the other triangle of C is undefined: NaN there is fine
        other = np.triu(np.ones(ref.shape, bool), 1) if v.uplo == "L" else np.tril(np.ones(ref.shape, bool), -1)
        good[other] = np.nan
    for prec in ("ieee", "tf32"):
        assert W.check(v, prec, shape, good, ref, np)[2] == ""
    bad = good.copy()
    bad[3, 2] += 1.0 + abs(bad[3, 2])          # one wrong element (inside the lower triangle)
    if v.triangle_out and v.uplo == "U":
        bad = good.copy()
        bad[2, 3] += 1.0 + abs(bad[2, 3])
    assert "rel. error" in W.check(v, "ieee", shape, bad, ref, np)[2]
    tf32ish = _f32(ref * (1 + 3e-4 * np.random.default_rng(0).standard_normal(ref.shape)))
    assert W.check(v, "ieee", shape, tf32ish, ref, np)[2]      # TF32-level error fails ieee
    assert "shape" in W.check(v, "ieee", shape, good[:-1], ref, np)[2]


@pytest.mark.parametrize("name", ["SYMM-LL", "SYMM-RU", "TRMM-LU-N", "TRSM-LL-T"])
def test_reading_the_poisoned_triangle_fails_the_check(name):
    v = W.VARIANTS[name]
    shape = (24, 16, 24)
    inputs = W.make_inputs(v, *shape, seed=7, xp=np)
    ref = W.reference(v, inputs, np)
    a, b = inputs[0].astype(np.float64), inputs[1].astype(np.float64)
    naive = a @ b if v.side == "L" else b @ a       # uses all of A, the NaN triangle included
    err, tol, problem = W.check(v, "ieee", shape, _f32(naive), ref, np)
    assert problem and "NaN" in problem


def test_tolerances():
    g = W.VARIANTS["GEMM-NN"]
    assert W.tolerance(g, "ieee", 1024) == W.tolerance(g, "ieee", 4096) == 1e-5
    assert W.tolerance(g, "ieee", 16384) == pytest.approx(2e-5)
    assert 1e-3 <= W.tolerance(g, "tf32", 64) < 1e-2
    assert W.tolerance(W.VARIANTS["TRSM-LL-N"], "ieee", 1024) > W.tolerance(g, "ieee", 1024)


# --- cuBLAS's column-major mapping, against a NumPy model of column-major BLAS ----------------

def _colmajor(buf, rows, cols, ld):
    """The column-major rows x cols matrix with leading dimension ld in a flat buffer."""
    return np.lib.stride_tricks.as_strided(buf, (rows, cols), (buf.itemsize, ld * buf.itemsize)).copy()


def _blas_colmajor(v, c, A, B):
    """What cuBLAS computes (column-major semantics) on the row-major arrays' memory."""
    a, b = A.astype(np.float64).ravel(), (B.astype(np.float64).ravel() if B is not None else None)
    op = (lambda x, t: x.T if t == "T" else x)
    if v.family == "gemm":   # first operand is B's memory, second A's
        r1 = c["k"] if c["opa"] == "T" else c["m"]
        x = _colmajor(b, r1, c["m"] + c["k"] - r1, c["ldb"])
        r2 = c["n"] if c["opb"] == "T" else c["k"]
        y = _colmajor(a, r2, c["n"] + c["k"] - r2, c["lda"])
        return op(x, c["opa"]) @ op(y, c["opb"]), (c["m"], c["n"])
    if v.family in ("symm", "trmm", "trsm"):
        s = c["m"] if c["side"] == "L" else c["n"]
        x = _colmajor(a, s, s, c["lda"])
        x = np.where(np.isnan(x), 0, x)
        low = c["uplo"] == "L"
        t = np.tril(x) if low else np.triu(x)
        if v.family == "symm":
            t = t + (np.tril(x, -1) if low else np.triu(x, 1)).T
        else:
            t = op(t, c["trans"])
        y = _colmajor(b, c["m"], c["n"], c["ldb"])
        if v.family == "trsm":
            t = np.linalg.inv(t)
        return (t @ y if c["side"] == "L" else y @ t), (c["m"], c["n"])
    rows = c["n"] if c["trans"] == "N" else c["k"]
    x = _colmajor(a, rows, c["n"] + c["k"] - rows, c["lda"])
    y = _colmajor(b, rows, c["n"] + c["k"] - rows, c["lda"]) if v.family == "syr2k" else x
    p = op(x, c["trans"]) @ op(y, c["trans"]).T
    return (p + p.T if v.family == "syr2k" else p), (c["n"], c["n"])


@pytest.mark.parametrize("name", W.ORDER)
def test_cublas_colmajor_mapping(name):
    v = W.VARIANTS[name]
    shape = (7, 5, 6) if not v.triangle_out else (5, 5, 6)
    inputs = W.make_inputs(v, *shape, seed=11, xp=np)
    col, (rows, cols) = _blas_colmajor(v, colmajor_call(v, *shape), inputs[0],
                                       inputs[1] if len(inputs) > 1 else None)
    row_major_c = col.T    # the column-major rows x cols result is the row-major cols x rows C
    ref = W.reference(v, inputs, np)
    if v.triangle_out:
        low = colmajor_call(v, *shape)["uplo"] == "L"
        row_major_c = W.tri(np, (np.tril(col) if low else np.triu(col)).T, v.uplo)
        ref = W.tri(np, ref, v.uplo)
    np.testing.assert_allclose(row_major_c, ref, rtol=1e-9, atol=1e-9)


# --- report, plots, parts, merge --------------------------------------------------------------

def _rec(impl, variant, size, prec, us=None, status="ok", note="", m=None):
    n = int(size.split("x")[0]) if m is None else m
    v = W.VARIANTS[variant]
    rec = {"type": "result", "impl": impl, "variant": variant, "family": v.family, "m": n, "n": n,
           "k": n, "size": size, "precision": prec, "flops": W.flops(v, n, n, n), "status": status,
           "note": note}
    if us is not None:
        rec.update(hot={"us": us, "loops": 7}, relerr=1e-6)
    return rec


def synthetic() -> dict:
    recs = []
    for prec, scale in (("ieee", 1.0), ("tf32", 0.2)):
        for size in ("1024", "4096"):
            f = (int(size) / 1024) ** 3
            recs += [_rec("cublas", "GEMM-NN", size, prec, 60 * f * scale),
                     _rec("cublas", "TRSM-LL-N", size, prec, 300 * f),
                     _rec("torch", "GEMM-NN", size, prec, 62 * f * scale),
                     _rec("kfuse", "GEMM-NN", size, prec, 70 * f) if prec == "ieee" else
                     _rec("kfuse", "GEMM-NN", size, prec, status="not-built",
                          note="KfuseError: precision='tf32' is not supported yet"),
                     _rec("kfuse", "TRSM-LL-N", size, prec, status="not-built",
                          note="NotBuilt: kfuse.blas.trsm does not exist yet"),
                     _rec("torch", "TRSM-LL-N", size, prec, status="wrong", note="rel. error nan")]
    return {"schema": M.SCHEMA, "meta": {"impls": ["kfuse", "cublas", "torch"], "quick": True,
                                         "points": [], "wall_s": 10.0},
            "peaks": {"type": "peaks", "gpu": "NVIDIA H200", "sms": 132, "cc": [9, 0], "clock_mhz": 1980,
                      "ffma_probe_tflops": 60.0, "ffma_theoretical_tflops": 66.9,
                      "tf32_datasheet_tflops": 494.7, "probe": "x"},
            "impl_notes": {}, "records": recs}


def test_metrics_and_report():
    res = synthetic()
    m = R.metrics(res, ("GEMM-NN", "4096", "ieee"), "kfuse")
    t = 2 * 4096 ** 3 / (70 * 64 * 1e-6) / 1e12
    assert m["tflops"] == pytest.approx(t)
    assert m["frac_peak"] == pytest.approx(t / 60.0)
    assert m["x_cublas"] == pytest.approx(60 / 70)
    assert m["x_gemm_nn"] == pytest.approx(1.0)
    c = R.metrics(res, ("TRSM-LL-N", "4096", "ieee"), "cublas")
    assert c["x_gemm_nn"] == pytest.approx((4096 ** 3 / 300) / (2 * 4096 ** 3 / 60))
    tf = R.metrics(res, ("GEMM-NN", "1024", "tf32"), "cublas")
    assert tf["frac_peak"] == pytest.approx(tf["tflops"] / 494.7)
    md = R.render(res, [], ["plots skipped: test"])
    assert "## TFLOP/s, exact fp32 (ieee)" in md and "## TFLOP/s, TF32" in md
    assert "n/b" in md and "wrong" in md and "kfuse.blas.trsm does not exist yet" in md
    assert "60.0 TFLOP/s" in md and "494.7" in md
    assert "TFLOP/s, ieee" in R.console_summary(res)


def test_plots(tmp_path):
    pytest.importorskip("matplotlib")
    from kfuse.bench.blas3 import plots

    files, notes = plots.write_plots(synthetic(), tmp_path)
    assert "bars-ieee-4096.png" in files and "sweep-ieee.png" in files and "ratio-ieee-4096.png" in files
    assert all((tmp_path / f).stat().st_size > 1000 for f in files)


def test_plot_data_without_matplotlib():
    from kfuse.bench.blas3 import plots

    res = synthetic()
    bars = plots.bar_data(res, "ieee", "4096")
    assert {v for v, _ in bars["cublas"]} == {"GEMM-NN", "TRSM-LL-N"}
    assert "torch" in bars and all(v == "GEMM-NN" for v, _ in bars["torch"])   # its TRSM was wrong
    ratio = dict(plots.bar_data(res, "ieee", "4096", ratio=True)["cublas"])
    assert ratio["GEMM-NN"] == pytest.approx(1.0)
    sweep = plots.sweep_data(res, "ieee")
    assert sweep["gemm"][0] == "GEMM-NN" and [n for n, _ in sweep["gemm"][1]["kfuse"]] == [1024, 4096]


def test_part_split_and_merge():
    pts = W.make_points(W.select_variants(None, False), None, None, False)
    parts = [split(pts, i, 3) for i in (1, 2, 3)]
    assert sorted(p.key for part in parts for p in part) == sorted(p.key for p in pts)
    assert all({p.size for p in part} >= {"1024", "8192"} for part in parts)
    res = synthetic()
    a = dict(res, records=res["records"][:5], meta=dict(res["meta"], points=["a"], wall_s=4))
    b = dict(res, records=res["records"][5:] + [res["records"][0]], meta=dict(res["meta"], points=["b"], wall_s=6),
             peaks=dict(res["peaks"], ffma_probe_tflops=58.0))
    merged = M.merge([a, b], ["r1", "r2"])
    assert len(merged["records"]) == len(res["records"])
    assert merged["meta"]["points"] == ["a", "b"] and merged["meta"]["wall_s"] == 10
    assert "merge" in merged["impl_notes"]
    own = [r for r in merged["records"] if r.get("peaks")]
    assert own and all(r["peaks"]["ffma_probe_tflops"] == 58.0 for r in own)
    with pytest.raises(ValueError, match="not a BLAS-3"):
        M.merge([res, {"schema": "kfuse-bench-stencils/1"}])
    with pytest.raises(ValueError, match="mix"):
        M.merge([res, dict(res, meta={"quick": False})])


def test_merge_keeps_a_result_over_a_later_not_run():
    """A part cut short by its budget ("not-run") never hides an earlier part's measurement of
    the same point; a later measurement still replaces an earlier one."""
    res = synthetic()
    ok = _rec("kfuse", "GEMM-NN", "8192", "ieee", 900.0)
    late = _rec("kfuse", "GEMM-NN", "8192", "ieee", status="not-run", note="budget")
    newer = _rec("kfuse", "GEMM-NN", "8192", "ieee", 800.0)
    part = lambda recs: dict(res, records=recs)          # noqa: E731
    kept = M.merge([part([ok]), part([late])])["records"]
    assert [r["status"] for r in kept] == ["ok"] and kept[0]["hot"]["us"] == 900.0
    again = M.merge([part([late]), part([newer])])["records"]
    assert [r["hot"]["us"] for r in again] == [800.0]
    assert M.merge([part([ok]), part([newer])])["records"][0]["hot"]["us"] == 800.0


# --- the CLI without a GPU ---------------------------------------------------------------------

def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "kfuse", "bench", "--blas3", *args], capture_output=True,
                          text=True, env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, cwd=cwd, timeout=120)


def test_cli_dry_run_and_no_gpu(tmp_path):
    r = _cli("--quick", "--dry-run")
    assert r.returncode == 0, r.stderr
    assert "24 points" in r.stdout and "TRSM-LL-N" in r.stdout and "tf32" in r.stdout
    r = _cli("--dry-run", "--part", "2/4", "--precisions", "ieee")
    assert r.returncode == 0 and "35 points" in r.stdout   # 140 ieee points / 4
    r = _cli("--routines", "GEMV", "--dry-run")
    assert r.returncode == 2 and "unknown routine" in r.stderr
    from kfuse.platform import device

    if device.probe().kind == "ok":
        pytest.skip("a GPU is present: the no-GPU exit is not testable here")
    r = _cli("--quick", "--out", str(tmp_path / "o"))
    assert r.returncode == 1
    assert len(r.stderr.strip().splitlines()) == 1 and "needs a GPU" in r.stderr
    assert not (tmp_path / "o").exists()


def test_cli_merge_and_report_only(tmp_path):
    res = synthetic()
    for i, recs in enumerate((res["records"][:6], res["records"][6:])):
        d = tmp_path / f"p{i}"
        d.mkdir()
        (d / "results.json").write_text(json.dumps(dict(res, records=recs)))
    r = _cli("--merge", str(tmp_path / "p0"), str(tmp_path / "p1"), "--out", str(tmp_path / "m"), "--no-plots")
    assert r.returncode == 0, r.stderr
    merged = json.loads((tmp_path / "m" / "results.json").read_text())
    assert len(merged["records"]) == len(res["records"])
    assert "n/b" in (tmp_path / "m" / "report.md").read_text()
    r = _cli("--report-only", str(tmp_path / "p0"), "--no-plots")
    assert r.returncode == 0 and (tmp_path / "p0" / "report.md").is_file()
