"""``kfuse stages`` as an editable workflow: numbered artifacts, --until then --from, edits
taken or refused with the reason (issue 19, items 6 and 7)."""
from __future__ import annotations

import json
import os

import pytest

from kfuse.cli import main
from kfuse.fusion.explain import explain_program
from kfuse.model import Calibration
from kfuse.pipeline import workflow

from .unit_helpers import bound, example

SIZES = ["--size", "m=300", "--size", "n=200"]
NUMBERED = ["01_metadata.json", "01_report.txt", "02_targets.json", "02_report.txt", "03_ddg.dot", "03_ddg.json",
            "03_oeg.dot", "03_oeg.json", "03_report.txt", "04_search.json", "04_report.txt", "05_plan.json",
            "05_oeg_new.dot", "05_report.txt", "06_gemver.cu", "06_report.txt"]


def _stages(out, *args, capsys=None):
    rc = main(["stages", example("gemver"), *SIZES, "--out", str(out), *args])
    return rc


def _groups(path) -> list:
    return [k["calls"] for k in json.loads(path.read_text())["kernels"]]


def _edit(path, fn):
    d = json.loads(path.read_text())
    fn(d)
    path.write_text(json.dumps(d, indent=2))


def _move(dot_path, call: int, into: str | None):
    """Move ``"call:N"`` into cluster ``into`` (a new cluster when it is not in the file)."""
    lines = dot_path.read_text().splitlines()
    i = next(j for j, ln in enumerate(lines) if ln.strip().startswith(f'"call:{call}" [shape'))
    line = lines.pop(i)
    at = next((j for j, ln in enumerate(lines) if f"subgraph {into} {{" in ln), None)
    if at is None:
        lines[-1:-1] = [f"  subgraph {into} {{", line, "  }"]
    else:
        lines.insert(at + 1, line)
    dot_path.write_text("\n".join(lines) + "\n")


def test_until_cuda_writes_every_numbered_artifact(tmp_path, capsys):
    out = tmp_path / "st"
    assert _stages(out, "--until", "cuda") == 0
    printed = capsys.readouterr().out
    assert all(f"wrote {out}/{f} (" in printed for f in NUMBERED)
    meta = json.loads((out / "01_metadata.json").read_text())
    c0 = meta["calls"][0]
    assert c0["read_bytes"] == 300 * 200 * 4 + (300 + 200) * 4 and c0["write_bytes"] == 300 * 200 * 4
    assert c0["flops"] > 0 and c0["predicted_us"] > 0 and 0 < c0["dram_limit_pct"] <= 100
    assert c0["reads"][0] == {"param": "A", "field": "A", "value": "A"} and c0["writes"] == ["B"]
    assert meta["device"]["sm_count"] > 0 and meta["device"]["ridge_flops_per_byte"] > 1
    tg = json.loads((out / "02_targets.json").read_text())
    assert tg["eligible"] == [0, 1, 2, 3] and tg["excluded"] == []
    assert json.loads((out / "03_ddg.json").read_text())["kfuse_ddg"] == 1
    assert json.loads((out / "04_search.json").read_text())["strategy"] == "auto"
    assert _groups(out / "05_plan.json") == _groups(out / "gemver.plan.json")
    assert (out / "06_gemver.cu").read_text() == (out / "gemver.cu").read_text()
    assert "fusion decisions:" in (out / "05_report.txt").read_text()


@pytest.mark.parametrize("until,last", [("program", "01"), ("metadata", "01"), ("targets", "02"),
                                        ("graph", "03"), ("search", "04"), ("plan", "05")])
def test_old_and_new_stage_names_stop_where_they_should(tmp_path, until, last):
    out = tmp_path / until
    assert _stages(out, "--until", until) == 0
    numbered = sorted(f for f in os.listdir(out) if f[:2].isdigit())
    assert numbered == sorted(f for f in NUMBERED if f[:2] <= last)
    assert (out / "gemver.program.json").exists()
    assert (out / "gemver.plan.json").exists() == (until == "plan")


def test_from_plan_unedited_gives_the_same_plan_and_leaves_the_files(tmp_path, capsys):
    out = tmp_path / "st"
    assert _stages(out, "--until", "plan") == 0
    before = {f: (out / f).read_bytes() for f in NUMBERED[:14]}
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 0
    printed = capsys.readouterr().out
    assert "06_gemver.cu" in printed and not any(f in printed for f in NUMBERED[:14])
    assert {f: (out / f).read_bytes() for f in NUMBERED[:14]} == before   # stages read back stay as they were
    assert _groups(out / "gemver.plan.json") == _groups(out / "05_plan.json")
    assert (out / "06_gemver.cu").exists()


def test_edited_plan_json_becomes_the_plan(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    capsys.readouterr()
    main(["plan", example("gemver"), *SIZES, "--unfused", "--json"])
    unfused = json.loads(capsys.readouterr().out)
    _edit(out / "05_plan.json", lambda d: d.update(kernels=unfused["kernels"]))
    assert _stages(out, "--from", "plan", "--until", "cuda") == 0
    assert _groups(out / "gemver.plan.json") == [[0], [1], [2], [3]]
    assert (out / "06_gemver.cu").read_text().count("__global__") == 4
    _edit(out / "05_plan.json", lambda d: d["kernels"][0].update(params={}))
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    assert capsys.readouterr().err.startswith("kfuse: error: 05_plan.json: kernel k0_B_ger")


def test_illegal_plan_edit_is_refused_with_the_file_and_reason(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    plan = json.loads((out / "05_plan.json").read_text())
    k0, k1 = plan["kernels"]
    _edit(out / "05_plan.json", lambda d: d.update(kernels=[{**k0, "calls": [0, 1, 2, 3]}]))
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: 05_plan.json: kernel k0_") and "is not a legal fusion" in err
    assert err.count("\n") == 1


def test_clusters_moved_in_the_new_oeg_become_the_plan(tmp_path):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    assert _groups(out / "05_plan.json") == [[0, 1, 2], [3]]
    before = json.loads((out / "05_plan.json").read_text())["kernels"][1]["params"]
    _move(out / "05_oeg_new.dot", 2, "cluster_k9")
    assert _stages(out, "--from", "plan", "--until", "cuda") == 0
    assert _groups(out / "gemver.plan.json") == [[0, 1], [2], [3]]
    kept = json.loads((out / "gemver.plan.json").read_text())["kernels"][2]
    assert kept["params"] == before
    assert _groups(out / "05_plan.json") == [[0, 1], [2], [3]]   # stage 05 made again from the moved clusters


def test_illegal_cluster_move_and_double_edit_are_refused(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    dot = (out / "05_oeg_new.dot").read_text()
    _move(out / "05_oeg_new.dot", 2, "cluster_k1")
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: 05_oeg_new.dot: calls [2, 3] may not share a kernel: call 3")
    assert "global barrier" in err and err.count("\n") == 1
    (out / "05_oeg_new.dot").write_text(dot)
    _move(out / "05_oeg_new.dot", 2, "cluster_k9")
    _edit(out / "05_plan.json", lambda d: (d["kernels"][0].update(calls=[0, 1]), d["kernels"][1].update(calls=[2, 3])))
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    assert capsys.readouterr().err.startswith("kfuse: error: 05_oeg_new.dot and 05_plan.json were both edited")


def test_dot_with_a_call_in_no_cluster_is_refused(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    path = out / "05_oeg_new.dot"
    path.write_text(path.read_text().replace('    "call:3" [shape', '  "call:3" [shape').replace(
        "subgraph cluster_k1 {", "subgraph other {"))
    capsys.readouterr()
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    assert "kfuse: error: 05_oeg_new.dot: call(s) [3] are in no cluster" in capsys.readouterr().err


def test_excluded_target_runs_alone_and_explain_says_why(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "cuda")
    assert _groups(out / "gemver.plan.json") == [[0, 1, 2], [3]]
    _edit(out / "02_targets.json", lambda d: d.update(
        eligible=[0, 2, 3], excluded=[{"call": 1, "reason": "hand-tuned elsewhere"}]))
    assert _stages(out, "--from", "targets", "--until", "cuda") == 0
    assert _groups(out / "gemver.plan.json") == _groups(out / "05_plan.json") == [[0], [1], [2], [3]]
    report = (out / "05_report.txt").read_text()
    assert "call 1 (B = ger(B, u2, v2)) is not a fusion target: hand-tuned elsewhere" in report
    assert "excluded from fusion targets (each runs alone):" in report
    oeg = json.loads((out / "03_oeg.json").read_text())
    assert oeg["calls"][1]["eligible"] is False and oeg["calls"][1]["reason"] == "hand-tuned elsewhere"
    # a plan edited to fuse the excluded call is refused
    _edit(out / "05_plan.json", lambda d: d.update(kernels=[
        {**d["kernels"][0], "calls": sorted(d["kernels"][0]["calls"] + [1])}] + [
        k for k in d["kernels"][1:] if k["calls"] != [1]]))
    assert _groups(out / "05_plan.json")[0] == [0, 1]
    assert _stages(out, "--from", "plan", "--until", "cuda") == 1
    assert "which 02_targets.json excludes from fusion (hand-tuned elsewhere)" in capsys.readouterr().err


def test_a_call_dropped_from_eligible_is_excluded(tmp_path):
    prog = bound("gemver", m=30, n=20)
    path = tmp_path / "02_targets.json"
    tg = workflow.targets(prog, None)
    tg["eligible"] = [0, 1, 3]
    path.write_text(json.dumps(tg))
    assert workflow.read_targets(str(path), prog) == {2: "left out of 'eligible' in 02_targets.json"}


@pytest.mark.parametrize("edit,msg", [
    (lambda d: d.update(excluded=[{"call": 9}]), "02_targets.json: 'excluded' holds {'call': 9}"),
    (lambda d: d.update(excluded=[{"call": 1, "reason": "x"}]), "02_targets.json: call 1 is both eligible and"),
    (lambda d: d.update(eligible="all"), "02_targets.json: fields 'eligible' and 'excluded' must be lists"),
    (lambda d: d.update(fingerprint="0" * 16), "02_targets.json: written for another version of gemver"),
])
def test_bad_targets_edits_are_refused(tmp_path, capsys, edit, msg):
    out = tmp_path / "st"
    _stages(out, "--until", "targets")
    _edit(out / "02_targets.json", edit)
    capsys.readouterr()
    assert _stages(out, "--from", "targets", "--until", "plan") == 1
    assert capsys.readouterr().err.startswith("kfuse: error: " + msg)


def test_search_strategy_edit_and_refusals(tmp_path, capsys):
    out = tmp_path / "st"
    _stages(out, "--until", "search")
    _edit(out / "04_search.json", lambda d: d.update(strategy="unfused"))
    assert _stages(out, "--from", "search", "--until", "plan") == 0
    assert _groups(out / "05_plan.json") == [[0], [1], [2], [3]]
    _edit(out / "04_search.json", lambda d: d.update(strategy="greedy"))
    assert _stages(out, "--from", "search", "--until", "plan") == 0
    assert _groups(out / "05_plan.json") == [[0, 1, 2], [3]]
    for edit, msg in ((lambda d: d.update(strategy="genetic"), "field 'strategy' must be one of auto"),
                      (lambda d: d.update(strategy="auto", seed=3), "field 'seed': the strategies here")):
        _edit(out / "04_search.json", edit)
        capsys.readouterr()
        assert _stages(out, "--from", "search", "--until", "plan") == 1
        assert capsys.readouterr().err.startswith("kfuse: error: 04_search.json: " + msg)


@pytest.mark.parametrize("args,msg", [
    (["--from", "metadata", "--until", "plan"], "--from metadata: the stages to resume from are targets"),
    (["--from", "plan", "--until", "targets"], "--from plan must come before --until targets"),
    (["--from", "targets", "--until", "plan"], "02_targets.json: missing in"),
    (["--until", "sass"], "unknown stage 'sass'"),
])
def test_bad_from_and_until_are_one_line(tmp_path, capsys, args, msg):
    assert _stages(tmp_path / "empty", *args) == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: " + msg) and err.count("\n") == 1


def test_compute_bound_calls_are_excluded_past_the_ridge():
    prog = bound("gemver", m=30, n=20)
    slow = Calibration(fma_rate=1e9)   # a ridge of 0.0002 flops/byte: every call is past it
    meta = workflow.metadata(prog, slow)
    tg = workflow.targets(prog, meta)
    assert tg["eligible"] == [] and all(e["reason"].startswith("compute-bound: ") for e in tg["excluded"])
    fast = workflow.targets(prog, workflow.metadata(prog, Calibration()))
    assert fast["excluded"] == []
    plan = workflow.search_plan(prog, slow, {e["call"]: e["reason"] for e in tg["excluded"]})
    assert [k.calls for k in plan.kernels] == [[0], [1], [2], [3]]


def test_boundary_window_is_excluded_with_its_reason():
    from .test_ddg import _windowed
    prog = _windowed()
    prog.value("x_w").window = ((0, 1),)
    why = workflow.exclusion(prog, prog.calls[0], None)
    assert why == "boundary call: reads 1 plane(s) of axis 0 of x (extent 10)"
    prog.value("x_w").window = ((1, 9),)
    assert workflow.exclusion(prog, prog.calls[0], None) is None
    assert workflow.fields_of(prog, prog.calls[0])["radius"] == {"x": 0}


def test_explain_lists_exclusions_and_keeps_todays_refusals():
    prog = bound("gemver", m=30, n=20)
    plain = explain_program(prog)
    text = explain_program(prog, excluded={0: "boundary call"})
    assert "not fusible: [0: B = ger(A, u1, v1); 1: B = ger(B, u2, v2)]\n    - call 0 (B = ger(A, u1, v1)) is " \
           "not a fusion target: boundary call" in text
    assert "not convex" in plain and "not convex" in text and "global barrier" in text
    assert explain_program(prog, calls=[2, 3]) in explain_program(prog, calls=[2, 3], excluded={0: "x"})


def test_compile_stages_takes_exclusions_and_a_strategy():
    from kfuse.api import compile_stages
    from kfuse.frontend import script
    prog = script.load(example("gemver"))
    sizes = {"m": 300, "n": 200}
    assert [k.calls for k in compile_stages(prog, sizes, until="plan")["plan"].kernels] == [[0, 1, 2], [3]]
    got = compile_stages(prog, sizes, until="plan", exclude={2: "kept apart"})["plan"]
    assert [k.calls for k in got.kernels] == [[0, 1], [2], [3]]
    got = compile_stages(prog, sizes, until="plan", strategy="unfused")["plan"]
    assert len(got.kernels) == 4


def test_metadata_merges_measured_times_and_says_what_was_timed():
    """Stage 01 with the GPU's per-call times: each call gains measured_us and the share of the
    DRAM limit it reached; a kernel serving two calls says so; without times the note says why."""
    prog = bound("gemver", m=300, n=200)
    cal = Calibration()
    plain = workflow.metadata(prog, cal)
    assert plain["measured"] is None and "not asked" in plain["measured_note"]
    skipped = workflow.metadata(prog, cal, {"calls": {}, "skipped": "no GPU: test"})
    assert skipped["measured"] is None and "no GPU: test" in skipped["measured_note"]
    timed = workflow.metadata(prog, cal, {"device": "NVIDIA Test", "calls": {
        0: {"measured_us": 10.0, "kernel": "k0", "shared_with": []},
        1: {"measured_us": 5.0, "kernel": "k1", "shared_with": [2]}}})
    c0, c1, c3 = timed["calls"][0], timed["calls"][1], timed["calls"][3]
    floor = (c0["read_bytes"] / cal.read_bw + c0["write_bytes"] / cal.write_bw) * 1e6
    assert timed["measured"] == "NVIDIA Test" and c0["measured_us"] == 10.0
    assert c0["measured_limit_pct"] == round(100 * floor / 10.0, 1)
    assert "call(s) [2]" in c1["measured_note"] and "measured_us" not in c3
    text = workflow.report_metadata(timed)
    assert "measured on NVIDIA Test" in text and "measured      10.0 us" in text


def test_measure_on_without_a_gpu_is_one_line(tmp_path, capsys, monkeypatch):
    from kfuse.platform import device
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    monkeypatch.setattr(device, "no_gpu_reason", lambda: "no GPU here (test)")
    assert _stages(tmp_path / "m", "--until", "program", "--measure", "on") != 0
    assert "--measure on: no GPU here (test)" in capsys.readouterr().err
    assert _stages(tmp_path / "a", "--until", "program") == 0
    meta = json.loads((tmp_path / "a" / "01_metadata.json").read_text())
    assert meta["measured"] is None and "no GPU here (test)" in meta["measured_note"]


def test_from_plan_remakes_the_edited_plans_prediction_and_report(tmp_path, capsys):
    """Before, --from plan left 05_report.txt describing the plan before the edit and carried
    the edited file's old predicted_us into gemver.plan.json."""
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    old_pred = json.loads((out / "05_plan.json").read_text())["predicted_us"]
    assert "05 plan: 2 kernel(s)" in (out / "05_report.txt").read_text()
    capsys.readouterr()
    main(["plan", example("gemver"), *SIZES, "--unfused", "--json"])
    unfused = json.loads(capsys.readouterr().out)
    _edit(out / "05_plan.json", lambda d: d.update(kernels=unfused["kernels"]))
    assert _stages(out, "--from", "plan", "--until", "cuda") == 0
    assert f"wrote {out}/05_report.txt" in capsys.readouterr().out
    assert "05 plan: 4 kernel(s)" in (out / "05_report.txt").read_text()
    new_pred = json.loads((out / "05_plan.json").read_text())["predicted_us"]
    assert new_pred != old_pred
    assert json.loads((out / "gemver.plan.json").read_text())["predicted_us"] == new_pred
    assert workflow.clusters_of((out / "05_oeg_new.dot").read_text(), "dot", bound("gemver", m=300, n=200))[0] \
        == [[0], [1], [2], [3]]


def test_edited_targets_remake_their_report(tmp_path):
    out = tmp_path / "st"
    _stages(out, "--until", "plan")
    _edit(out / "02_targets.json", lambda d: d.update(
        eligible=[0, 2, 3], excluded=[{"call": 1, "reason": "hand-tuned elsewhere"}]))
    assert _stages(out, "--from", "targets", "--until", "plan") == 0
    assert "call 1: excluded: hand-tuned elsewhere" in (out / "02_report.txt").read_text()


def test_an_earlier_until_removes_the_later_stages_files(tmp_path, capsys):
    """Before, --until search after a run to cuda left 05_* and 06_* of the old plan in the folder."""
    out = tmp_path / "st"
    _stages(out, "--until", "cuda")
    capsys.readouterr()
    assert _stages(out, "--from", "targets", "--until", "search") == 0
    assert f"removed {out}/05_plan.json" in capsys.readouterr().out
    numbered = sorted(f for f in os.listdir(out) if f[:2].isdigit())
    assert numbered == sorted(f for f in NUMBERED if f[:2] <= "04")


@pytest.mark.parametrize("until, name, field, hint", [
    ("targets", "02_targets.json", "exclude", "excluded"),
    ("search", "04_search.json", "stratgy", "strategy"),
])
def test_an_unknown_field_of_an_edited_stage_file_is_refused(tmp_path, capsys, until, name, field, hint):
    """A typo'd field (``"stratgy": "unfused"``) must not pass silently: the file, the field and
    the nearest known one are named."""
    out = tmp_path / "st"
    _stages(out, "--until", until)
    _edit(out / name, lambda d: d.update({field: []}))
    capsys.readouterr()
    assert _stages(out, "--from", until, "--until", "plan") == 1
    err = capsys.readouterr().err
    assert err.startswith(f"kfuse: error: {name}: unknown field '{field}' (did you mean '{hint}'?"), err


def test_the_stage_files_fields_are_the_ones_their_readers_know():
    prog = bound("gemver", m=300, n=200)
    assert tuple(workflow.targets(prog, None)) == workflow.TARGETS_FIELDS
    assert tuple(workflow.search_settings(prog, Calibration())) == workflow.SEARCH_FIELDS
