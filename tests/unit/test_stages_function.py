"""The staged workflow of Python functions (issue 31, item 5): ``kfuse stages MODULE:FUNCTION
--arg NAME=SPEC`` and ``kfuse.jit(f).stages(...)`` write the numbered stages of scripts, take
edits and refuse illegal ones alike, resume ``--from``, and refuse a folder written for another
function, other arguments or an older version of the function's source."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import kfuse
from kfuse.cli import main
from kfuse.errors import ArgumentError, DTypeError, KfuseError, PlanError
from kfuse.frontend.trace import ShapeDtype, lower_spec
from kfuse.pipeline.origin import describe_arg, parse_arg

from . import stage_functions as F
from .unit_helpers import example

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SRC = os.path.join(ROOT, "src")
FNS = "tests/unit/stage_functions.py"
HEAT = ["--arg", "u=float64[33,47]", "--arg", "c=float"]
U = ShapeDtype((33, 47), "float64")


def _groups(path) -> list:
    return [k["calls"] for k in json.loads(open(path).read())["kernels"]]


def _edit(path, fn):
    with open(path) as f:
        d = json.load(f)
    fn(d)
    with open(path, "w") as f:
        json.dump(d, f, indent=2)


def _cli(*args) -> int:
    return main(["stages", *args, "--measure", "off"])


# ------------------------------------------------------------------ argument specs
@pytest.mark.parametrize("text,name,want", [
    ("u=float64[4096,4096]", "u", ("a", (4096, 4096), "float64", "C")),
    ("v = float32[512, 512, 512]:F", "v", ("a", (512, 512, 512), "float32", "F")),
    ("w=complex64[7]", "w", ("a", (7,), "complex64", "C")),
    ("s=float64[]", "s", ("d", "float64")),
    ("c=float", "c", ("h", "real")),
    ("c=0.25", "c", ("h", "real")),
    ("z=complex", "z", ("h", "complex")),
])
def test_arg_specs_parse_and_read_back_alike(text, name, want):
    got_name, value = parse_arg(text)
    assert got_name == name and lower_spec(name, value) == want
    again = describe_arg(name, want)
    assert lower_spec(name, parse_arg(again)[1]) == want   # the record's text parses to the same spec


@pytest.mark.parametrize("text,error,msg", [
    ("u", ArgumentError, "--arg 'u': expected NAME=DTYPE[D0,D1,...]"),
    ("u=float16[4]", DTypeError, "--arg u: unsupported element type 'float16'"),
    ("u=float64[4,x]", ArgumentError, "--arg u=float64[4,x]: dimension 'x' is not a non-negative integer"),
    ("u=float64[-3]", ArgumentError, "--arg u=float64[-3]: dimension '-3' is not a non-negative integer"),
    ("u=float64[4,]", ArgumentError, "--arg u=float64[4,]: dimension '' is not"),
    ("u=float64[1,2,3,4,5]", ArgumentError, "--arg u=float64[1,2,3,4,5]: 5 dimensions; kfuse handles arrays of 0 to 4"),
    ("u=float64[4,4]:G", ArgumentError, "--arg u=float64[4,4]:G: order 'G' after ':' must be C"),
    ("monitor=True", ArgumentError, "--arg monitor=True: static (non-array) arguments are not taken"),
    ("u=banana", ArgumentError, "--arg u=banana: not an array spec DTYPE[D0,D1,...]"),
])
def test_bad_arg_specs_are_refused_naming_the_argument(text, error, msg):
    with pytest.raises(error) as e:
        parse_arg(text)
    assert str(e.value).startswith(msg)


@pytest.mark.parametrize("args,msg", [
    (["--arg", "u=float64[33,47]"], "heat: argument(s) c need a spec: --arg c=DTYPE[D0,...]"),
    (HEAT + ["--arg", "q=float"], "--arg q: heat has no argument 'q' (its arguments: u, c)"),
    (HEAT + ["--arg", "c=float"], "--arg c: given twice"),
    (["--arg", "u=float64[33,x]", "--arg", "c=float"], "--arg u=float64[33,x]: dimension 'x'"),
    (HEAT + ["--size", "m=3"], "--size is for scripts"),
])
def test_bad_cli_arguments_are_one_line(tmp_path, capsys, args, msg):
    assert _cli(f"{FNS}:heat", *args, "--out", str(tmp_path / "st"), "--until", "plan") == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: " + msg) and err.count("\n") == 1
    assert not (tmp_path / "st").exists()


@pytest.mark.parametrize("target,msg", [
    (f"{FNS}:nope", f"{FNS}:nope: {FNS} has no 'nope'"),
    ("tests/unit/no_such_file.py:f", "tests/unit/no_such_file.py: no such file"),
    ("kfuse_no_such_module_x:f", "kfuse_no_such_module_x: cannot import it (No module named"),
    (f"{FNS}:kfuse", f"{FNS}:kfuse: kfuse is a module, not a function"),
])
def test_bad_function_names_are_one_line(tmp_path, capsys, target, msg):
    assert _cli(target, *HEAT, "--out", str(tmp_path / "st")) == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: " + msg) and err.count("\n") == 1


def test_a_module_failing_at_import_names_its_line(tmp_path, capsys):
    bad = tmp_path / "broken.py"
    bad.write_text("import kfuse\n\nX = 1 / 0\n")
    assert _cli(f"{bad}:f", *HEAT, "--out", str(tmp_path / "st")) == 1
    err = capsys.readouterr().err
    assert err == (f"kfuse: error: {bad}: importing it raised ZeroDivisionError: division by zero "
                   f"({bad}, line 3)\n")


def test_an_error_in_the_functions_own_code_names_its_line(tmp_path, capsys):
    assert _cli(f"{FNS}:broken", "--arg", "u=float32[10]", "--out", str(tmp_path / "st")) == 1
    err = capsys.readouterr().err
    line = next(n for n, text in enumerate(open(os.path.join(ROOT, FNS)), 1) if "undefined_name" in text)
    assert err.startswith(f"kfuse: error: {FNS}:broken: tracing it raised NameError: name 'undefined_name' is not "
                          "defined (") and err.endswith(f"stage_functions.py, line {line})\n")


def test_resuming_from_a_missing_folder_or_an_unknown_stage_is_refused(tmp_path):
    with pytest.raises(KfuseError, match="^02_targets.json: missing in"):
        kfuse.jit(F.heat).stages(U, 0.1, dir=str(tmp_path / "none"), from_stage="plan", measure="off")
    with pytest.raises(KfuseError, match="^--from metadata: the stages to resume from are targets, search, plan"):
        kfuse.jit(F.heat).stages(U, 0.1, dir=str(tmp_path / "none"), from_stage="metadata", measure="off")
    with pytest.raises(KfuseError, match="^unknown stage 'sass'"):
        kfuse.jit(F.heat).stages(U, 0.1, dir=str(tmp_path / "none"), until="sass")


def test_arg_for_a_script_and_size_for_a_function_are_refused(tmp_path, capsys):
    assert main(["stages", example("gemver"), "--size", "m=3", "--size", "n=4", "--arg", "u=float64[3]",
                 "--out", str(tmp_path / "g")]) == 1
    assert "--arg and --args-from describe a Python function's arguments" in capsys.readouterr().err


# ------------------------------------------------------------------ the workflow from Python
def test_jit_stages_writes_the_numbered_stages_with_the_function_recorded(tmp_path):
    st = kfuse.jit(F.heat).stages(U, 0.1, dir=str(tmp_path / "st"), until="plan", measure="off")
    numbered = sorted(f for f in os.listdir(st.dir) if f[:2].isdigit())
    assert numbered == sorted(["01_metadata.json", "01_report.txt", "02_targets.json", "02_report.txt", "03_ddg.dot",
                               "03_ddg.json", "03_oeg.dot", "03_oeg.json", "03_report.txt", "04_search.json",
                               "04_report.txt", "05_plan.json", "05_oeg_new.dot", "05_report.txt"])
    n = len(st.program.calls)
    assert n == 11 and sorted(c for g in _groups(st["05_plan.json"]) for c in g) == list(range(n))
    assert [c.fn for c in st.program.calls].count("assign") == 3   # the three window updates
    for name in ("01_metadata.json", "02_targets.json", "04_search.json"):
        rec = json.loads(open(st[name]).read())["function"]
        assert rec["function"] == "tests.unit.stage_functions:heat"
        assert rec["args"] == ["u=float64[33,47]", "c=float"] and len(rec["source_sha256"]) == 64
    assert st.plan is not None and _groups(st["heat.plan.json"]) == _groups(st["05_plan.json"])
    assert kfuse.api.make_plan(st.program, st["05_plan.json"]).kernels == st.plan.kernels   # a plain plan
    assert st.origin["args"] == rec["args"]


def test_an_unfused_plan_edit_is_taken_and_an_illegal_one_refused(tmp_path):
    out = str(tmp_path / "st")
    st = kfuse.jit(F.heat).stages(U, 0.1, dir=out, until="plan", measure="off")
    unfused = kfuse.jit(F.heat, fuse=False).stages(U, 0.1, dir=str(tmp_path / "u"), until="plan", measure="off")
    kernels = json.loads(open(unfused["05_plan.json"]).read())["kernels"]
    _edit(st["05_plan.json"], lambda d: d.update(kernels=kernels))
    again = kfuse.jit(F.heat).stages(U, 0.1, dir=out, from_stage="plan", until="cuda", measure="off")
    n = len(st.program.calls)
    assert [k.calls for k in again.plan.kernels] == [[c] for c in range(n)]
    assert open(again["06_heat.cu"]).read().count("__global__") == n
    assert _groups(os.path.join(out, "heat.plan.json")) == [[c] for c in range(n)]


def test_a_fusion_across_a_global_barrier_is_refused_with_the_file_and_reason(tmp_path, capsys):
    out = str(tmp_path / "st")
    v = ShapeDtype((1000,), "float32")
    st = kfuse.jit(F.scaled).stages(v, dir=out, until="plan", measure="off")
    _edit(st["05_plan.json"], lambda d: d.update(kernels=[{**d["kernels"][0], "calls": [0, 1, 2]}]))
    with pytest.raises(PlanError) as e:
        kfuse.jit(F.scaled).stages(v, dir=out, from_stage="plan", until="cuda", measure="off")
    assert str(e.value).startswith("05_plan.json: kernel k0_") and "is not a legal fusion" in str(e.value)
    # the same refusal on the command line, one line
    assert _cli(f"{FNS}:scaled", "--arg", "u=float32[1000]", "--out", out, "--from", "plan", "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: 05_plan.json: kernel k0_") and err.count("\n") == 1


def test_excluded_target_resumes_alone_and_may_not_be_fused_back(tmp_path):
    out = str(tmp_path / "st")
    st = kfuse.jit(F.heat).stages(U, 0.1, dir=out, until="plan", measure="off")
    fused = next(g for g in _groups(st["05_plan.json"]) if len(g) > 1)
    _edit(st["02_targets.json"], lambda d: d.update(
        eligible=[c for c in d["eligible"] if c != fused[0]],
        excluded=d["excluded"] + [{"call": fused[0], "reason": "hand-tuned elsewhere"}]))
    again = kfuse.jit(F.heat).stages(U, 0.1, dir=out, from_stage="targets", until="plan", measure="off")
    assert [fused[0]] in [k.calls for k in again.plan.kernels]
    assert "is not a fusion target: hand-tuned elsewhere" in open(again["05_report.txt"]).read()

    def refuse(d):   # call fused[0] back into the kernel of the calls it was fused with
        d["kernels"] = [k for k in d["kernels"] if k["calls"] != [fused[0]]]
        home = next(k for k in d["kernels"] if fused[1] in k["calls"])
        home["calls"] = sorted(home["calls"] + [fused[0]])
    _edit(again["05_plan.json"], refuse)
    with pytest.raises(PlanError, match="which 02_targets.json excludes from fusion \\(hand-tuned elsewhere\\)"):
        kfuse.jit(F.heat).stages(U, 0.1, dir=out, from_stage="plan", until="cuda", measure="off")


# ------------------------------------------------------------------ stale folders
APP = '''import kfuse


def step(u, c):
    r = u.copy()
    r[1:-1, 1:-1] = u[1:-1, 1:-1] + c * (u[2:, 1:-1] - u[1:-1, 1:-1])
    r[0, :] = r[-2, :]
    return r
'''


@pytest.mark.parametrize("change", ["# a comment\n    r = u.copy()", "r = 2 * u"])
def test_a_changed_function_source_makes_the_folder_stale(tmp_path, capsys, change):
    app = tmp_path / "app.py"
    app.write_text(APP)
    out = str(tmp_path / "st")
    args = [f"{app}:step", "--arg", "u=float32[20,30]", "--arg", "c=float", "--out", out]
    assert _cli(*args, "--until", "plan") == 0
    assert _cli(*args, "--from", "plan", "--until", "cuda") == 0   # unchanged: resumes
    app.write_text(APP.replace("r = u.copy()", change))
    capsys.readouterr()
    assert _cli(*args, "--from", "plan", "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err == (f"kfuse: error: 02_targets.json: stale: written for another version of {app}:step (its "
                   "source changed since stage 02 was written); run kfuse stages again without --from\n")
    assert _cli(*args, "--until", "plan") == 0   # written again: resumes
    assert _cli(*args, "--from", "search", "--until", "plan") == 0


def test_other_arguments_another_function_or_a_script_are_refused(tmp_path, capsys):
    out = str(tmp_path / "st")
    assert _cli(f"{FNS}:heat", *HEAT, "--out", out, "--until", "plan") == 0
    capsys.readouterr()
    assert _cli(f"{FNS}:heat", "--arg", "u=float64[33,47]:F", "--arg", "c=float", "--out", out,
                "--from", "targets", "--until", "plan") == 1
    assert capsys.readouterr().err.startswith(
        "kfuse: error: 02_targets.json: written for the arguments u=float64[33,47], c=float, not "
        "u=float64[33,47]:F, c=float")
    assert _cli(f"{FNS}:unfused_heat", *HEAT, "--out", out, "--from", "targets", "--until", "plan") == 1
    assert capsys.readouterr().err.startswith(
        f"kfuse: error: 02_targets.json: written for the function {FNS}:heat, not {FNS}:unfused_heat")
    assert main(["stages", example("gemver"), "--size", "m=30", "--size", "n=20", "--out", out,
                 "--from", "targets", "--until", "plan", "--measure", "off"]) == 1
    assert capsys.readouterr().err.startswith(
        f"kfuse: error: 02_targets.json: written for the Python function {FNS}:heat, not for a script")
    script_out = str(tmp_path / "g")
    assert main(["stages", example("gemver"), "--size", "m=30", "--size", "n=20", "--out", script_out,
                 "--until", "plan", "--measure", "off"]) == 0
    capsys.readouterr()
    with pytest.raises(KfuseError, match="^02_targets.json: written for a script, not for the function "):
        kfuse.jit(F.heat).stages(U, 0.1, dir=script_out, from_stage="targets", measure="off")


# ------------------------------------------------------------------ the command line
def test_dotted_module_args_from_and_a_jitted_functions_options(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    out = str(tmp_path / "st")
    assert _cli("tests.unit.stage_functions:unfused_heat", "--args-from", f"{FNS}:heat_args", "--out", out,
                "--until", "plan") == 0
    printed = capsys.readouterr().out
    assert f"wrote {out}/05_plan.json (" in printed
    n = len(json.loads(open(os.path.join(out, "02_targets.json")).read())["eligible"]) + \
        len(json.loads(open(os.path.join(out, "02_targets.json")).read())["excluded"])
    assert _groups(os.path.join(out, "05_plan.json")) == [[c] for c in range(n)]   # fuse=False of the jit
    rec = json.loads(open(os.path.join(out, "04_search.json")).read())["function"]
    assert rec["function"] == "tests.unit.stage_functions:unfused_heat"
    assert rec["args"] == ["u=float64[33,47]", "c=float"]
    # --arg overrides what --args-from gives
    assert _cli("tests.unit.stage_functions:heat", "--args-from", f"{FNS}:heat_args", "--arg", "u=float32[9,8]",
                "--out", out, "--until", "program") == 0
    rec = json.loads(open(os.path.join(out, "01_metadata.json")).read())["function"]
    assert rec["args"] == ["u=float32[9,8]", "c=float"]


def test_python_m_kfuse_stages_a_function_in_a_subprocess(tmp_path):
    out = tmp_path / "st"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([SRC] + [p for p in sys.path if p]))

    def run(*args):
        return subprocess.run([sys.executable, "-m", "kfuse", "stages", f"{FNS}:heat", *HEAT, "--out", str(out),
                               "--measure", "off", *args], capture_output=True, text=True, env=env, cwd=ROOT,
                              timeout=300)
    r = run("--until", "plan")
    assert r.returncode == 0, r.stderr
    assert f"wrote {out}/02_targets.json (" in r.stdout and f"wrote {out}/05_plan.json (" in r.stdout
    rec = json.loads((out / "02_targets.json").read_text())["function"]
    assert rec["function"] == f"{FNS}:heat" and rec["args"] == ["u=float64[33,47]", "c=float"]
    _edit(out / "04_search.json", lambda d: d.update(strategy="unfused"))
    r = run("--from", "search", "--until", "cuda")
    assert r.returncode == 0, r.stderr
    assert "02_targets.json" not in r.stdout and f"wrote {out}/06_heat.cu (" in r.stdout
    assert all(len(g) == 1 for g in _groups(out / "05_plan.json"))
    _edit(out / "04_search.json", lambda d: d.update(strategy="genetic"))
    r = run("--from", "search", "--until", "cuda")
    assert r.returncode == 1 and r.stderr.startswith("kfuse: error: 04_search.json: field 'strategy' must be one of")
    assert r.stderr.count("\n") == 1
