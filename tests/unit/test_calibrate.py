"""CPU-only tests of ``kfuse calibrate``: the keep/reject decision on synthetic timings, where a
calibration is written and read (user's cache folder first, the shipped one as fallback, a
corrupt user file warned about and skipped), and NoGPUError before anything is compiled."""
from __future__ import annotations

import json
import os
import warnings

import pytest

import kfuse
from kfuse import config
from kfuse.calibrate import probes as calmod
from kfuse.bench import validate
from kfuse.errors import NoGPUError
from kfuse.model import calibration as calib
from kfuse.model.calibration import Calibration, load_calibration, user_calibration_path


def rows(*ratios, same=None):
    return [{"point": f"P{i}", "ratio": r, "same_plan": (same or [False] * len(ratios))[i],
             "current_us": 100.0, "new_us": 100.0 * r, "noise": 0.005}
            for i, r in enumerate(ratios)]


# ---------------------------------------------------------------------------
# the decision
# ---------------------------------------------------------------------------

def test_decide_keeps_a_calibration_that_is_not_slower():
    keep, why = validate.decide(rows(1.0, 1.0, 1.0, same=[True, True, True]))
    assert keep and why.startswith("kept")
    keep, why = validate.decide(rows(0.9, 1.02, 0.97, 1.0))
    assert keep and "worst 1.020 (P1)" in why


def test_decide_rejects_the_h100_regression():
    """The issue's H100 figures: SGEMV 16384 350 -> 405 us, ATAX 4096 +16%, BiCGK 2048 +38%."""
    r = rows(405 / 350, 1.16, 1.38, 1.0, 1.0, 0.99)
    keep, why = validate.decide(r)
    assert not keep and "geometric mean" in why and "worst 1.380 (P2)" in why


def test_decide_rejects_one_point_slower_beyond_the_tolerance_even_if_faster_on_average():
    keep, why = validate.decide(rows(0.80, 0.85, 1.05))
    assert not keep and "more than 3%" in why
    keep, _ = validate.decide(rows(0.80, 0.85, 1.05), tolerance=0.06)
    assert keep


def test_decide_rejects_slower_on_the_geometric_mean_within_tolerance():
    keep, why = validate.decide(rows(1.02, 1.02, 1.01, 0.99))
    assert not keep and "slower on the geometric mean" in why


def test_decide_rejects_when_nothing_could_be_validated():
    assert validate.decide([])[0] is False
    assert validate.decide(rows(float("nan"), 1.0))[0] is False
    assert validate.decide(rows(0.0, 1.0))[0] is False


def test_table_shows_every_point_and_the_decision():
    r = rows(0.95, 1.10, 1.0, same=[False, False, True])
    keep, why = validate.decide(r)
    text = validate.table(r, keep, why)
    assert "| P1 | 100.0 | 110.0 | 1.100 **slower** | differ | 0.5% |" in text
    assert "| P2 |" in text and "| same |" in text
    assert "REJECTED (current kept)" in text


# ---------------------------------------------------------------------------
# where calibrations live
# ---------------------------------------------------------------------------

@pytest.fixture
def cache(tmp_path):
    with config.override(cache_dir=str(tmp_path)):
        load_calibration.cache_clear()
        yield tmp_path
    load_calibration.cache_clear()


def test_user_path_is_in_the_cache_folder_not_the_package(cache):
    p = user_calibration_path("NVIDIA H100 80GB HBM3")
    assert p == os.path.join(str(cache), "calibrations", "nvidia_h100_80gb_hbm3.json")
    assert os.path.dirname(calib.__file__) not in p


def test_reader_prefers_the_user_calibration_then_falls_back_to_the_shipped(cache):
    dev = "NVIDIA H100 80GB HBM3"
    shipped = load_calibration(dev)
    assert shipped.device == "NVIDIA H200"            # nothing for the H100 shipped
    mine = Calibration(device=dev, source="kfuse calibrate, test", read_bw=3.1e12,
                       env_factor={"tile-rfast|large|x": 1.25})
    calib.write_calibration(mine, user_calibration_path(dev))
    got = load_calibration(dev)
    assert got.device == dev and got.read_bw == 3.1e12 and got.env_factor == mine.env_factor
    assert load_calibration("NVIDIA H200").source == shipped.source   # other devices untouched
    os.remove(user_calibration_path(dev))
    assert load_calibration(dev).source == shipped.source            # no stale cache


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"read_bw": "fast"}', "read_bw must be a finite number"),
    ('{"read_bw": -1}', "read_bw must be > 0"),
    ('{"env_factor": {"k": "x"}}', "env_factor['k'] must be a positive number"),
    ('{"env_factor": []}', "env_factor must be a dict"),
    ("", "not valid JSON"),
])
def test_a_corrupt_user_calibration_warns_and_the_shipped_one_is_used(cache, text, reason):
    dev = "NVIDIA H200"
    load_calibration.cache_clear()
    path = user_calibration_path(dev)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    with pytest.warns(RuntimeWarning, match="ignoring the calibration") as rec:
        cal = load_calibration(dev)
    assert reason in str(rec[0].message) and path in str(rec[0].message)
    assert cal.source != "defaults" and len(cal.env_factor) > 100     # the shipped H200 one


def test_write_calibration_is_atomic_and_roundtrips(cache):
    path = os.path.join(str(cache), "sub", "x.json")
    cal = Calibration(device="Test GPU", env_factor={"a|b": 2.0})
    calib.write_calibration(cal, path)
    assert os.listdir(os.path.dirname(path)) == ["x.json"]
    assert calib.read_calibration(path) == cal


# ---------------------------------------------------------------------------
# kfuse calibrate without a GPU, and its keep/reject flow with the GPU parts replaced
# ---------------------------------------------------------------------------

def _no_compiler(monkeypatch):
    """Make every way to parse or compile fail loudly if calibrate reaches it."""
    def boom(*a, **k):
        raise AssertionError("compiled or parsed before checking for a GPU")
    import kfuse.frontend.script as script
    import kfuse.pipeline.stages as stages
    monkeypatch.setattr(stages, "build", boom)
    monkeypatch.setattr(script, "parse", boom)
    monkeypatch.setattr(calmod, "measure", boom)


def test_no_gpu_raises_before_any_compile(monkeypatch, cache):
    import kfuse.platform.device as device
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    monkeypatch.setattr(device, "no_gpu_reason", lambda: "no CUDA device")
    _no_compiler(monkeypatch)
    with pytest.raises(NoGPUError, match="no CUDA device"):
        calmod.calibrate(classes=("large",))
    assert not os.path.exists(os.path.join(str(cache), "calibrations"))


def test_cli_calibrate_without_gpu_is_one_line_and_nonzero(monkeypatch, cache, capsys):
    import kfuse.platform.device as device
    from kfuse import cli
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    monkeypatch.setattr(device, "no_gpu_reason", lambda: "no CUDA device")
    _no_compiler(monkeypatch)
    assert cli.main(["calibrate", "--quick"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: ") and "no CUDA device" in err and err.count("\n") == 1


def test_help_lists_calibrate(capsys):
    from kfuse import cli
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "calibrate" in capsys.readouterr().out


def _fake_gpu(monkeypatch, ratios):
    """calibrate() with the measurement and the timing replaced by synthetic figures."""
    new = Calibration(device="Test GPU", source="kfuse calibrate, test", read_bw=1.23e12)
    monkeypatch.setattr(calmod, "require_gpu", lambda: "Test GPU")
    monkeypatch.setattr(calmod, "measure", lambda *a, **k: new)
    monkeypatch.setattr(validate, "compare", lambda new, cur, pts, progress=None: rows(*ratios))
    return new


def test_calibrate_keeps_a_faster_calibration_in_the_user_folder(monkeypatch, cache):
    shipped_dir = os.path.dirname(calib._file_for("x"))
    before = sorted(os.listdir(shipped_dir))
    _fake_gpu(monkeypatch, [0.97, 1.0, 1.01])
    res = calmod.calibrate(classes=("large",), check=validate.calibration_check(lambda: []))
    assert res["kept"] and res["path"] == user_calibration_path("Test GPU")
    assert load_calibration("Test GPU").read_bw == 1.23e12
    assert "new calibration KEPT" in open(res["report"]).read()
    assert sorted(os.listdir(shipped_dir)) == before                # the package is untouched


def test_calibrate_rejects_a_slower_calibration_and_keeps_the_current(monkeypatch, cache):
    current = load_calibration("Test GPU")
    _fake_gpu(monkeypatch, [405 / 350, 1.16, 1.38])
    res = calmod.calibrate(classes=("large",), check=validate.calibration_check(lambda: []))
    assert not res["kept"] and not os.path.exists(res["path"])
    assert os.path.exists(res["path"][:-5] + ".rejected.json")
    assert load_calibration("Test GPU").read_bw == current.read_bw != 1.23e12
    assert "REJECTED" in res["table"] and "| P2 | 100.0 | 138.0 |" in res["table"]
