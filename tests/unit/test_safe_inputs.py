"""Hostile inputs give one clear kfuse error, never a Python or NumPy traceback (issue 30,
items 7 and 8): JSON nested thousands deep, 5000-digit integers and non-UTF-8 bytes in plans, the
staged workflow's artifacts, tuned plans, winners and calibrations; scripts nested 1,000 deep or
summing 50,000 terms; ``max`` of an empty grid; names of 100,000 characters (which abort the
process inside NVRTC)."""
from __future__ import annotations

import json
import warnings

import pytest

import kfuse
from kfuse import files
from kfuse.api import bind_sizes, load_plan
from kfuse.cli import main
from kfuse.errors import KfuseError, KfuseWarning, PlanError, ScriptError, ShapeError
from kfuse.frontend import script

from .unit_helpers import example

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "1" * 5000
SIZES = ["--size", "m=300", "--size", "n=200"]


@pytest.fixture
def plan_json(capsys):
    main(["plan", example("gemver"), *SIZES, "--unfused", "--json"])
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ the loader itself
@pytest.mark.parametrize("text, msg", [
    (DEEP, r"x\.json: JSON nested more than 64 deep at line 1 column 65"),
    ('{"a": [' + HUGE_INT + "]}", r"x\.json: an integer of 5000 digits at line 1 column 8"),
    (b'{"a":\n "\xff"}', r"x\.json: byte 0xff at line 2 column 3 is not UTF-8"),
    ('{"a": }', r"x\.json: not valid JSON \(line 1 column 7"),
])
def test_loads_refuses_with_the_name_and_position(text, msg):
    with pytest.raises(KfuseError, match=msg):
        files.loads(text, "x.json")


def test_loads_reads_ordinary_json_and_strings_with_brackets():
    assert files.loads('\ufeff{"a": ["[[[", {"b": -12345678901234567890}]}', "x") == \
        {"a": ["[[[", {"b": -12345678901234567890}]}
    assert files.loads(b'\xef\xbb\xbf[1.5e300, "\\"]"]', "x") == [1.5e300, '"]']


def test_read_bytes_stops_at_the_cap(tmp_path):
    with pytest.raises(KfuseError, match="/dev/zero: larger than 1000 bytes"):
        files.read_bytes("/dev/zero", cap=1000)
    with pytest.raises(KfuseError, match="is a folder"):
        files.read_bytes(str(tmp_path))


# ------------------------------------------------------------------ plans
@pytest.mark.parametrize("body", [DEEP, '{"kfuse_plan": ' + HUGE_INT + "}"])
def test_hostile_plan_file_is_one_plan_error(tmp_path, capsys, body):
    path = tmp_path / "p.json"
    path.write_text(body)
    with pytest.raises(PlanError, match=f"{path}: "):
        load_plan(str(path))
    with pytest.raises(PlanError):
        load_plan(body)   # the same as JSON text
    assert main(["plan", example("gemver"), *SIZES, "--plan", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"kfuse: error: {path}: ") and err.count("\n") == 1


def test_plan_with_a_5000_digit_size_names_the_field(plan_json):
    text = json.dumps(plan_json).replace('"m": 300', '"m": ' + HUGE_INT)
    with pytest.raises(PlanError, match="an integer of 5000 digits"):
        load_plan(text)


def test_kernel_name_of_100000_characters_is_refused(plan_json):
    plan_json["kernels"][0]["name"] = "k" * 100_000
    with pytest.raises(PlanError) as e:
        load_plan(plan_json)
    assert "field 'name' has 100000 characters" in str(e.value) and "at most 128" in str(e.value)
    assert len(str(e.value)) < 300   # the name is not echoed whole


# ------------------------------------------------------------------ the staged workflow
def _stages(out, *args):
    return main(["stages", example("gemver"), *SIZES, "--out", str(out), *args])


@pytest.mark.parametrize("fname, start, body", [
    ("02_targets.json", "targets", DEEP),
    ("04_search.json", "search", '{"strategy": ' + "[" * 5000 + "]" * 5000 + "}"),
    ("05_plan.json", "plan", DEEP),
    ("05_plan.json", "plan", '{"kfuse_plan": 1, "kernels": [], "predicted_us": ' + HUGE_INT + "}"),
])
def test_hostile_stage_artifact_is_one_line(tmp_path, capsys, fname, start, body):
    out = tmp_path / "st"
    assert _stages(out, "--until", "plan") == 0
    (out / fname).write_text(body)
    capsys.readouterr()
    assert _stages(out, "--from", start, "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err.startswith(f"kfuse: error: {fname}: ") and err.count("\n") == 1, err[-500:]


def test_non_utf8_byte_in_the_new_oeg_is_one_line(tmp_path, capsys):
    out = tmp_path / "st"
    assert _stages(out, "--until", "plan") == 0
    dot = out / "05_oeg_new.dot"
    dot.write_bytes(dot.read_bytes().replace(b"subgraph", b"\xff subgraph", 1))
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: 05_oeg_new.dot: byte 0xff at line ") and "not UTF-8" in err
    assert err.count("\n") == 1


# ------------------------------------------------------------------ files of the cache folder
def test_deep_tuned_plan_winners_and_calibration_are_skipped_with_a_warning(tmp_path, monkeypatch):
    from kfuse.model import calibration
    from kfuse.pipeline import tune, winners as tune_gemm
    prog = bind_sizes(script.load(example("gemver"), "float32"), {"m": 300, "n": 200})
    with kfuse.config.override(cache_dir=str(tmp_path / "c")):
        entry = tune._path(tune.tune_key(prog, "NVIDIA H200"))
        for path in (entry, tune_gemm.user_path(), calibration.user_calibration_path("NVIDIA H200")):
            files.write_private(path, DEEP.encode())
        with pytest.warns(KfuseWarning, match="tuned plan .* ignored .*nested more than 64 deep"):
            assert tune.cached_plan(prog, "NVIDIA H200") is None
        with pytest.warns(KfuseWarning, match="tuned GEMM schemes .* ignored .*nested more than 64 deep"):
            assert tune_gemm.read_table(tune_gemm.user_path()) == {}
        calibration.load_calibration.cache_clear()
        with pytest.warns(RuntimeWarning, match="ignoring the calibration .*nested more than 64 deep"):
            cal = calibration.load_calibration("NVIDIA H200")
        assert cal.source != "user"
        calibration.load_calibration.cache_clear()


# ------------------------------------------------------------------ scripts
@pytest.mark.parametrize("expr, msg", [
    ("(" * 1000 + "x" + ")" * 1000, "more than 50 parentheses, calls or signs nested"),
    ("abs(" * 1000 + "x" + ")" * 1000, "more than 50 parentheses, calls or signs nested"),
    ("-" * 5000 + "x", "more than 50 parentheses, calls or signs nested"),
    (" + ".join(["x"] * 50_000), "expression nested more than 100 deep"),
    (" * ".join(["x"] * 5_000), "expression nested more than 100 deep"),
])
def test_deep_script_is_one_script_error(expr, msg):
    with pytest.raises(ScriptError, match=msg) as e:
        script.parse(f"vector x(n), y(n);\ninput x;\ny = {expr};\nreturn y;")
    assert e.value.line == 3


def test_a_sum_of_100_terms_still_parses():
    prog = script.parse("vector x(n), y(n); input x; y = " + " + ".join(["x"] * 100) + "; return y;")
    assert len(prog.calls) == 99


def test_deep_script_file_is_one_line_in_the_cli(tmp_path, capsys):
    path = tmp_path / "deep.kf"
    path.write_text("vector x(n), y(n);\ninput x;\ny = " + "(" * 1000 + "x" + ")" * 1000 + ";\nreturn y;\n")
    assert main(["plan", str(path), "--size", "n=8"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"kfuse: error: {path}:3:") and err.count("\n") == 1


def test_value_name_of_100000_characters_is_refused_at_its_position():
    name = "a" * 100_000
    with pytest.raises(ScriptError, match="a name of 100000 characters .*at most 128") as e:
        script.parse(f"vector x(n);\nvector {name}(n);\ninput x;\n{name} = x + x;\nreturn {name};")
    assert (e.value.line, e.value.col) == (2, 8) and len(str(e.value)) < 200


def test_long_names_through_jit_are_refused():
    ns: dict = {}
    exec(f"def f({'a' * 300}): return {'a' * 300} * 2.0", ns)
    with pytest.raises(KfuseError, match="value name of 300 characters"):
        kfuse.jit(ns["f"]).lower(kfuse.ShapeDtype((64,), "float64"))
    with pytest.raises(KfuseError, match="program name of 100000 characters"):
        kfuse.jit(lambda x: x * 2.0, name="p" * 100_000).lower(kfuse.ShapeDtype((64,), "float64"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kfuse.jit(lambda x: x * 2.0, name="p" * 128).lower(
            kfuse.ShapeDtype((64,), "float64"))


@pytest.mark.parametrize("text, sizes", [
    ("grid u(n, n); scalar s; input u; s = max(u); return s;", {"n": 0}),
    ("grid u(n, n); scalar s; input u; s = min(u[1:-1, 1:-1]); return s;", {"n": 2}),
])
def test_max_of_an_empty_grid_is_refused(text, sizes):
    with pytest.raises(KfuseError, match=r"imum of an empty array \(shape \(0, 0\)\) is undefined"):
        bind_sizes(script.parse(text), sizes)


def test_max_of_an_empty_grid_in_kfuse_run_is_one_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "mx.kf"
    path.write_text("grid u(n, n);\nscalar s;\ninput u;\ns = max(u);\nreturn s;\n")
    monkeypatch.chdir(tmp_path)
    assert main(["run", str(path), "--size", "n=0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: s = max(u) (line 4): max: the maximum of an empty array") and \
        err.count("\n") == 1


def test_jit_max_of_an_empty_array_is_refused():
    with pytest.raises(ShapeError, match="max: the maximum of an empty array"):
        kfuse.jit(lambda u: kfuse.max(u)).lower(kfuse.ShapeDtype((0, 4), "float64"))


def test_a_script_path_to_dev_zero_is_refused_not_read_to_the_end():
    with pytest.raises(KfuseError, match="script /dev/zero is larger than 67108864 bytes"):
        script.read_script("/dev/zero")


def test_plans_of_128_character_names_load_again():
    """Generated kernel names are cut to the cap, so a plan kfuse writes is never refused."""
    from kfuse.fusion.search import make_plan
    a, b = "a" * 128, "b" * 128
    prog = bind_sizes(script.parse(f"vector x(n), {a}(n), {b}(n); input x; {a} = x + x; {b} = {a} * x; "
                                   f"return {b};"), {"n": 64})
    for plan in (kfuse.fusion.unfused_plan(prog), make_plan(prog, [([0, 1], {})])):
        assert all(len(k.name) <= 128 for k in plan.kernels)
        assert load_plan(plan.dumps(prog)).kernels == plan.kernels
