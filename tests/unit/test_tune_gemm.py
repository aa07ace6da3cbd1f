"""Tuned GEMM schemes (``kfuse tune`` on products): keys, tables, and planning with the winners."""
from __future__ import annotations

import json

import pytest

import kfuse

from kfuse import config
from kfuse.api import bind_sizes, make_plan
from kfuse.errors import KfuseError, KfuseWarning
from kfuse.frontend import script
from kfuse.model import load_calibration
from kfuse.model.planner import best_plan
from kfuse.pipeline import winners as tg

GPU = "NVIDIA H200"
TEXT = "matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;"
WIN = {"bm": 64, "bn": 64, "bk": 16, "tm": 4, "tn": 4, "stages": 3, "engine": "ffma"}


@pytest.fixture(autouse=True)
def own_cache(tmp_path):
    """A cache folder of each test's own: a winner recorded here reaches no other test."""
    with config.override(cache_dir=str(tmp_path / "cache")):
        yield


def prog(m=1000, n=3000, k=4096, text=TEXT, dtype=None):
    return bind_sizes(script.parse(text, "g", dtype), {"m": m, "n": n, "k": k})


def key_of(p):
    plan = best_plan(p, load_calibration(GPU))
    return tg.kernel_key(p, plan.kernels[0].calls, GPU), plan


@pytest.mark.parametrize("n, b", [(0, 1), (1, 1), (2, 2), (3, 4), (1000, 1024), (1024, 1024), (1025, 2048)])
def test_bucket_is_the_power_of_two_at_or_above(n, b):
    assert tg.bucket(n) == b


def test_key_has_routine_variant_dtype_precision_bucket_and_gpu():
    key, _ = key_of(prog())
    assert key == "gemm|NN|float32|ieee|1024x4096x4096|nvidia_h200"
    with config.override(precision="tf32"):
        assert key_of(prog())[0] == "gemm|NN|float32|tf32|1024x4096x4096|nvidia_h200"
    assert key_of(prog(dtype="float64"))[0] == "gemm|NN|float64|ieee|1024x4096x4096|nvidia_h200"
    assert key_of(prog(1024, 4096, 4000))[0] == key          # same bucket
    assert key_of(prog(1024, 4096, 4097))[0] != key          # next bucket
    t = key_of(prog(text="matrix A(k, m), B(k, n), C(m, n); input A, B; C = A.T @ B; return C;"))[0]
    assert t.startswith("gemm|TN|")
    assert tg.scheme_key("trmm", "lun-NN", "float32", "ieee", 5, 5, 5, "NVIDIA H100 80GB HBM3") == \
        "trmm|lun-NN|float32|ieee|8x8x8|nvidia_h100_80gb_hbm3"


def test_the_shipped_h200_table_holds_the_measured_winners_and_planning_uses_them():
    """The shipped table is ``kfuse tune --blas3-table`` run on the H200
    (benchmarks/results/2026-11-24/tune_s17/; the structured products with ``--blas3-routines``,
    tune_s18/): one winner per tuned product, each accepted by
    the plan's checks of its product, and a first call plans with it (no tuning) unless the search
    put it on an engine the winner was not timed against (float64 on mma_f64)."""
    with open(tg.shipped_path(GPU)) as f:
        d = json.load(f)
    table = tg.check_table(d)
    assert d["device"] == GPU and tg.winners(GPU) == table
    from kfuse.pipeline import tune_points as TP   # + the structured products (tune_s18/)
    progs = tg.table_programs() + [x for prec in ("ieee", "tf32")
                                   for x in TP.programs(TP.STRUCTURED, [1024, 2048, 4096], prec, blas=kfuse.blas)]
    assert len(table) == len(progs) == 10 + 48 + 48
    for dtype, prec, p in progs:
        with config.override(precision=prec):
            key, plan = key_of(p)
            assert key in table, key
            win = table[key]["scheme"]
            got = make_plan(p)
            assert table[key]["measured_s"] > 0
            if got.kernels[0].params["engine"] not in table[key].get("engines", tg.LEGACY_ENGINES):
                assert dtype == "float64", key   # the model's mma_f64: the winner was timed on ffma alone
                continue
            assert {f: got.kernels[0].params[f] for f in win} == win, key


def test_a_recorded_winner_is_planned_and_an_illegal_one_is_not():
    p = prog()
    key, plan = key_of(p)
    assert {k: plan.kernels[0].params[k] for k in WIN} != WIN
    tg.write_table(tg.user_path(), {key: {"scheme": WIN, "measured_s": 1e-3, "program": "g"}}, GPU)
    got = make_plan(p)                       # the user's table, read by planning
    assert {k: got.kernels[0].params[k] for k in WIN} == WIN
    assert any(key in n for n in got.notes)
    other = prog(500, 500, 500)              # another bucket (in neither table): untouched
    assert make_plan(other).kernels[0].params == best_plan(other, load_calibration(GPU)).kernels[0].params
    bad = {key: {"scheme": {**WIN, "tm": 7}}}   # 64 is no multiple of 7: refused by the plan's checks
    assert tg.apply_winners(p, plan, GPU, bad) is plan


def test_plan_winners_records_the_scheme_of_each_gemm_kernel():
    p = prog()
    key, plan = key_of(p)
    w = tg.plan_winners(p, plan, GPU, 2e-3)
    assert list(w) == [key] and w[key]["measured_s"] == 2e-3 and w[key]["engines"] == ["ffma"]
    assert w[key]["scheme"]["bm"] == plan.kernels[0].params["bm"] and "a_rule" not in w[key]["scheme"]
    v = bind_sizes(script.parse("vector x(n), y(n); input x; y = 2 * x; return y;", "v"), {"n": 100})
    assert tg.plan_winners(v, best_plan(v, load_calibration(GPU)), GPU) == {}


def test_write_merges_and_a_bad_table_warns_and_is_ignored(tmp_path):
    path = str(tmp_path / "w.json")
    tg.write_table(path, {"a|b|c|d|1x1x1|g": {"scheme": {"bm": 64}}}, GPU)
    tg.write_table(path, {"a|b|c|d|2x2x2|g": {"scheme": {"bm": 128}}}, GPU)
    assert set(tg.read_table(path)) == {"a|b|c|d|1x1x1|g", "a|b|c|d|2x2x2|g"}
    for text, reason in (("{", "ignored"), ('{"version": 2, "winners": {}}', "version"),
                         ('{"version": 1, "winners": {"x": {"scheme": {}}}}', "key must be"),
                         ('{"version": 1, "winners": {"a|b|c|d|1x1x1|g": {"scheme": {"bogus": 1}}}}', "bogus")):
        (tmp_path / "bad.json").write_text(text)
        with pytest.warns(KfuseWarning, match=reason):
            assert tg.read_table(str(tmp_path / "bad.json")) == {}


def test_table_programs_cover_both_precisions_and_float64():
    got = {(dt, prec, p.sizes["n"]) for dt, prec, p in tg.table_programs()}
    assert ("float32", "tf32", 8192) in got and ("float32", "ieee", 1024) in got and ("float64", "ieee", 4096) in got


def test_cli_tune_needs_scripts_or_the_table(capsys):
    from kfuse import cli
    assert cli.main(["tune"]) == 1
    assert "--blas3-table" in capsys.readouterr().err


def test_the_progress_total_counts_a_gemm_kernels_refinements():
    """The bar showed 17/7 while tuning a product: the total left out GEMM_REFINE."""
    from kfuse.pipeline.tune import GEMM_REFINE, expected_refinements
    _, plan = key_of(prog())
    assert expected_refinements(plan, 2) == GEMM_REFINE
    assert expected_refinements(plan, 0) == 0
    v = bind_sizes(script.parse("vector x(n), y(n); input x; y = 2 * x; return y;", "v"), {"n": 100})
    assert expected_refinements(best_plan(v, load_calibration(GPU)), 3) == 3


def test_structured_table_programs_are_the_blas_calls_and_their_winners_are_planned():
    """``kfuse tune --blas3-table F --blas3-routines ...`` tunes each SYMM/TRMM/SYRK/SYR2K
    variant once per kernel key (SYRK-UN shares SYRK-LN's kernel), traced through kfuse.blas
    as an eager call is; a winner recorded under that key is what planning the call then uses."""
    from kfuse.pipeline import tune_points as TP
    progs = TP.programs(["trmm", "syrk"], [2048], blas=kfuse.blas)
    names = [p.name for _dt, _prec, p in progs]
    assert "trmm_rl_n_2048_ieee" in names and "syrk_ln_2048_ieee" in names and "syrk_un_2048_ieee" not in names
    keys = [TP.table_key(p) for _dt, _prec, p in progs]
    assert len(set(keys)) == len(keys) == 10 and all(k.startswith(("trmm|", "syrk|")) for k in keys)
    p = dict(zip(names, (q for _dt, _prec, q in progs)))["trmm_rl_n_2048_ieee"]
    key = TP.table_key(p)
    fn, argnames = TP.variant_fn(TP.VARIANTS["TRMM-RL-N"], "ieee", kfuse.blas)
    from kfuse.frontend.trace import trace
    again = bind_sizes(trace(fn, argnames, [("a", (2048, 2048), "float32", "C")] * 2, "user")[0], {})
    assert TP.table_key(again) == key
    assert {k: make_plan(again).kernels[0].params[k] for k in WIN} != WIN
    tg.write_table(tg.user_path(), {key: {"scheme": WIN, "measured_s": 1e-3, "program": p.name}}, GPU)
    assert {k: make_plan(again).kernels[0].params[k] for k in WIN} == WIN
    with pytest.raises(ValueError, match="gemm is the table's"):
        TP.programs(["gemm"], [1024], blas=kfuse.blas)
    tf = TP.programs(["symm"], [1024], "tf32", blas=kfuse.blas)       # tf32: its own keys (the precision is in them)
    assert [prec for _dt, prec, _p in tf] == ["tf32"] * 4
    with config.override(precision="tf32"):
        assert all("|float32|tf32|1024x1024x1024|" in TP.table_key(q) for _dt, _prec, q in tf)


def test_cli_blas3_routines_errors_name_the_option(capsys):
    from kfuse import cli
    assert cli.main(["tune", "bicgk", "--blas3-routines", "trmm"]) == 1
    assert "--blas3-routines needs --blas3-table FILE" in capsys.readouterr().err
    assert cli.main(["tune", "--blas3-table", "t.json", "--blas3-routines", "gemm", "trsm"]) == 1
    assert "gemm, trsm is not one of symm, trmm, syrk, syr2k" in capsys.readouterr().err
    assert cli.main(["tune", "--blas3-table", "t.json", "--blas3-routines", "trmm", "--blas3-sizes", "0"]) == 1
    assert "--blas3-sizes: 0: a size to tune is a whole number >= 1" in capsys.readouterr().err


def test_a_winner_applies_only_to_kernels_on_the_engines_it_was_timed_on():
    """A float64 product the search put on mma_f64 keeps its scheme where the winner was timed on
    ffma alone (an entry without ``engines``: the engines before mma_f64); one timed on both
    engines applies."""
    p = bind_sizes(script.parse("matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;", "g",
                                "float64"), {"m": 1000, "n": 1000, "k": 1000})
    plan = best_plan(p, load_calibration(GPU))
    assert plan.kernels[0].params["engine"] == "mma_f64"
    key = tg.kernel_key(p, plan.kernels[0].calls, GPU)
    ffma = {"engine": "ffma", "bm": 128, "bn": 64, "bk": 8, "tm": 8, "tn": 4, "stages": 3, "wm": 0, "wn": 0}
    assert tg.apply_winners(p, plan, GPU, {key: {"scheme": ffma}}) is plan
    both = {key: {"scheme": ffma, "engines": ["ffma", "mma_f64"]}}
    assert tg.apply_winners(p, plan, GPU, both).kernels[0].params["engine"] == "ffma"
    assert tg.timed_engines(key) == ["ffma", "mma_f64"]
    with pytest.raises(KfuseError, match="'engines' must be a list"):
        tg.check_table({"version": 1, "winners": {key: {"scheme": ffma, "engines": "ffma"}}})
