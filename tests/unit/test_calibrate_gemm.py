"""``kfuse calibrate --blas3`` without a GPU: the calibration's "gemm" section (read, write,
validate, merge), how the model reads it (and falls back), and the dry run."""
from __future__ import annotations

import dataclasses
import json
import os

import pytest

from kfuse import cli
from kfuse.calibrate import gemm as cg
from kfuse.model import load_calibration
from kfuse.model.calibration import Calibration, read_calibration, user_calibration_path, write_calibration
from kfuse.spaces.gemm.calibration import builtin_section, check_section, merge_sections
from kfuse.spaces import KernelTraffic
from kfuse.spaces.gemm.model import EngineTraffic, engine_rate, engine_seconds, scheme_rate, section_rate
from kfuse.spaces.gemm.space import EFFICIENCY_KEY, MEASURED_EFFICIENCY, efficiency_key, tile_efficiency
from kfuse.spaces.gemm.scheme import GemmScheme

BEST = GemmScheme(bm=128, bn=256, bk=16, tm=8, tn=16, stages=3)   # 0.906 in the built-in table
KEY = efficiency_key(BEST)


def _tr(scheme=BEST, engine="ffma/float32"):
    terms = EngineTraffic(engine_flops=2 * 4096 ** 3, engine=engine, engine_eff=tile_efficiency(scheme),
                          engine_scheme=efficiency_key(scheme))
    return KernelTraffic(read=0, write=0, grid=512, threads=256, space="gemm", terms=terms)


def test_the_shipped_h200_section_is_a_measured_run_covering_the_builtin_table():
    """The H200 file ships the section ``kfuse calibrate --blas3`` measured on the device
    (benchmarks/results/2026-11-24/tune_s17/cal_gemm_h200.json): valid, measured, every
    scheme of the built-in table in it, and the model reads its rates, not the table's."""
    cal = load_calibration("NVIDIA H200")
    check_section(cal.gemm)
    assert "kfuse calibrate --blas3" in cal.gemm["source"]
    assert cal.gemm["key"] == list(EFFICIENCY_KEY)
    assert {",".join(map(str, k)) for k in MEASURED_EFFICIENCY} <= set(cal.gemm["efficiency"])
    bare = dataclasses.replace(cal, gemm={})
    for key in MEASURED_EFFICIENCY:
        s = GemmScheme(**dict(zip(EFFICIENCY_KEY, key)))
        tr = _tr(s, f"{s.engine}/float32")
        rate = cal.gemm["peak"][f"{s.engine}/float32"] * cal.gemm["efficiency"][",".join(map(str, key))]
        assert scheme_rate(tr, cal) == pytest.approx(rate)
        assert scheme_rate(tr, bare) == engine_rate(bare, f"{s.engine}/float32") * MEASURED_EFFICIENCY[key]


def test_the_model_uses_the_calibrated_rate_and_falls_back_to_the_builtin():
    cal = dataclasses.replace(load_calibration("NVIDIA H200"), gemm={
        "key": list(EFFICIENCY_KEY), "peak": {"ffma/float32": 60e12}, "efficiency": {KEY: 0.5}})
    assert scheme_rate(_tr(), cal) == pytest.approx(30e12)
    assert engine_seconds(_tr(), cal) > engine_seconds(_tr(), load_calibration("NVIDIA H200"))
    other = GemmScheme(bm=64, bn=64, tm=8, tn=4)   # not in the section: engine rate x built-in efficiency
    assert scheme_rate(_tr(other), cal) == engine_rate(cal, "ffma/float32") * tile_efficiency(other)
    # no peak for float64 in the section: the model's rate x the built-in efficiency
    assert scheme_rate(_tr(engine="ffma/float64"), cal) == engine_rate(cal, "ffma/float64") * 0.906
    assert section_rate({}, "ffma/float32", KEY) is None


def test_merge_keeps_the_rate_of_schemes_not_remeasured_and_takes_the_new():
    old = builtin_section({"ffma/float32": 50e12, "mma_tf32/float32": 200e12})
    new = {"key": list(EFFICIENCY_KEY), "peak": {"ffma/float32": 62.5e12}, "efficiency": {KEY: 0.8},
           "source": "new"}
    m = merge_sections(old, new)
    check_section(m)
    assert m["source"] == "new" and m["peak"]["ffma/float32"] == 62.5e12
    assert m["efficiency"][KEY] == 0.8
    other = "ffma,128,128,8,8,8,2,1,1,1,1,1,0,0"
    assert m["peak"]["ffma/float32"] * m["efficiency"][other] == pytest.approx(50e12 * 0.818)
    mma = "mma_tf32,128,128,16,8,8,4,1,1,1,1,1,64,64"
    assert m["efficiency"][mma] == old["efficiency"][mma]   # its engine's peak unchanged
    assert merge_sections({}, new) == new


def test_merge_keeps_the_measured_rates_of_engines_not_timed():
    """``--engines mma_f64`` times one engine: the others keep their figures, the TFLOP/s each
    scheme measured (``measured_tflops``) as well as the efficiencies; a remeasured scheme's new."""
    ffma, f64 = "ffma,128,128,8,8,8,2,1,1,1,1,1,0,0", "mma_f64,64,64,16,8,8,2,1,1,1,1,1,32,32"
    peak = {"ffma/float32": 60e12, "mma_f64/float64": 66e12}
    old = {"key": list(EFFICIENCY_KEY), "peak": peak, "efficiency": {ffma: 0.7, f64: 0.7},
           "measured_tflops": {ffma: {"4096": 40.0}, f64: {"4096": 45.0}}, "source": "old"}
    new = {"key": list(EFFICIENCY_KEY), "peak": peak, "efficiency": {f64: 0.75},
           "measured_tflops": {f64: {"4096": 48.0}}, "source": "new"}
    m = merge_sections(old, new)
    check_section(m)
    assert m["efficiency"] == {ffma: 0.7, f64: 0.75}
    assert m["measured_tflops"] == {ffma: {"4096": 40.0}, f64: {"4096": 48.0}}


@pytest.mark.parametrize("section, reason", [
    ([], "JSON object"),
    ({"key": ["engine"], "peak": {}, "efficiency": {}}, "gemm.key"),
    ({"peak": {"ffma": 1e12}, "efficiency": {}}, "engine/dtype"),
    ({"peak": {"ffma/float32": -1}, "efficiency": {}}, "positive"),
    ({"peak": {"ffma/float32": 1e12}, "efficiency": {"ffma,1": 0.5}}, "fields"),
    ({"peak": {"ffma/float32": 1e12}, "efficiency": {KEY: 7.0}}, "(0, 1.5]"),
    ({"peak": {"mma_tf32/float32": 1e12}, "efficiency": {KEY: 0.5}}, "no gemm.peak"),
])
def test_a_bad_section_is_refused_with_the_reason(tmp_path, section, reason):
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
                       .replace("]", r"\]").replace(".", r"\.")):
        check_section(section)
    path = tmp_path / "cal.json"
    path.write_text(json.dumps({**Calibration().to_json(), "gemm": section}))
    with pytest.raises(ValueError):
        read_calibration(str(path))


def test_section_roundtrips_through_the_calibration_file(tmp_path):
    cal = Calibration(gemm=builtin_section({"ffma/float32": 5e13, "mma_tf32/float32": 2e14}))
    path = str(tmp_path / "c.json")
    write_calibration(cal, path)
    assert read_calibration(path).gemm == cal.gemm
    old = {k: v for k, v in Calibration().to_json().items() if k != "gemm"}   # a file from before the section
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert read_calibration(str(tmp_path / "old.json")).gemm == {}


def test_calibrate_without_blas3_keeps_the_gemm_section():
    """A whole or partial ``kfuse calibrate`` starts from the calibration in force: its gemm
    section is carried over unchanged (only --blas3 changes it)."""
    from kfuse.calibrate import probes as calmod
    base = dataclasses.replace(load_calibration("NVIDIA H200"), gemm=builtin_section({"ffma/float32": 4e13}))
    for kinds in (None, ["vec-map"]):
        cal = calmod.fresh_calibration(base, "Test GPU", 100, kinds)
        assert cal.gemm == base.gemm and cal.device == "Test GPU" and cal.sm_count == 100
    assert calmod.fresh_calibration(base, "Test GPU", 100).env_factor == {}


def test_section_of_takes_the_median_over_sizes_and_skips_wrong_results():
    rows = [{"key": KEY, "n": 1024, "efficiency": 0.7, "tflops": 40.0},
            {"key": KEY, "n": 2048, "efficiency": 0.9, "tflops": 50.0},
            {"key": KEY, "n": 4096, "efficiency": 0.8, "tflops": 45.0},
            {"key": "ffma,64,64,8,8,4,2,1,1,1,1,1,0,0", "n": 1024, "efficiency": None, "tflops": None}]
    sec = cg.section_of(rows, {"ffma/float32": 6e13}, (1024, 2048, 4096))
    check_section(sec)
    assert sec["efficiency"] == {KEY: 0.8}
    assert sec["measured_tflops"][KEY] == {"1024": 40.0, "2048": 50.0, "4096": 45.0}


def test_dry_run_lists_peaks_and_every_scheme_per_engine_and_size(capsys):
    assert cli.main(["calibrate", "--blas3", "--dry-run", "--sizes", "1024,4096"]) == 0
    out = capsys.readouterr().out
    assert "ffma/float32, ffma/float64, mma_tf32/float32" in out
    jobs = cg.work((1024, 4096))
    assert f"then {len(jobs)} GEMMs" in out
    for e, n, s in jobs:
        assert f"n={n:<5} {s.to_text()}  [{efficiency_key(s)}]" in out
    assert {e for e, _, _ in jobs} == {"ffma", "mma_tf32", "mma_f64", "mma_tf32x3"}
    assert "float64 for engines without float32" in out
    assert [cg.dtype_of(e) for e in ("ffma", "mma_tf32", "mma_f64")] == ["float32", "float32", "float64"]
    assert cli.main(["calibrate", "--blas3", "--dry-run", "--max-variants", "2", "--sizes", "512"]) == 0
    assert "then 8 GEMMs" in capsys.readouterr().out   # 2 schemes x 4 engines


def test_engines_selects_what_is_timed_and_unknown_ones_are_refused(capsys):
    assert cli.main(["calibrate", "--blas3", "--dry-run", "--engines", "mma_f64", "--sizes", "4096"]) == 0
    out = capsys.readouterr().out
    assert "mma_f64  n=4096" in out and "ffma  " not in out and "mma_tf32" not in out.split("GEMMs")[1]
    for argv in (["calibrate", "--blas3", "--dry-run", "--engines", "dmma"], ["calibrate", "--engines", "ffma"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
    err = capsys.readouterr().err
    assert "unknown engine(s) 'dmma'" in err and "--engines go with --blas3" in err
    # an engine named twice is timed once
    assert cli.main(["calibrate", "--blas3", "--dry-run", "--engines", "mma_f64,mma_f64", "--sizes", "4096"]) == 0
    assert capsys.readouterr().out == out


def test_mma_f64_efficiencies_are_against_its_float64_peak():
    from kfuse.spaces.gemm import calibration as gc
    assert gc.reference_peak("ffma") == "ffma/float32" and gc.reference_peak("mma_f64") == "mma_f64/float64"
    key = "mma_f64,64,128,16,8,8,2,8,1,1,1,1,32,64"
    gc.check_section({"peak": {"mma_f64/float64": 6.6e13}, "efficiency": {key: 0.76}})
    with pytest.raises(ValueError, match="mma_f64/float64"):
        gc.check_section({"peak": {"mma_f64/float32": 6.6e13}, "efficiency": {key: 0.76}})
    merged = gc.merge_sections({"peak": {"mma_f64/float64": 6.0e13}, "efficiency": {key: 0.8}},
                               {"peak": {"mma_f64/float64": 6.6e13}, "efficiency": {}})
    assert merged["efficiency"][key] == pytest.approx(0.8 * 6.0 / 6.6)   # the same flop rate


def test_blas3_arguments_are_checked(capsys):
    with pytest.raises(SystemExit):
        cli.main(["calibrate", "--blas3", "--dry-run", "--sizes", "big"])
    assert "--sizes" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["calibrate", "--dry-run"])
    assert "--blas3" in capsys.readouterr().err


def test_blas3_without_a_gpu_is_one_line_and_writes_nothing(monkeypatch, capsys):
    from kfuse.platform import device
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    monkeypatch.setattr(device, "no_gpu_reason", lambda: "test: no device")
    assert cli.main(["calibrate", "--blas3", "--quick"]) == 1
    assert "kfuse calibrate measures a GPU" in capsys.readouterr().err
    assert not os.path.exists(user_calibration_path("NVIDIA H200"))
