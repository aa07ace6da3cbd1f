"""Planning checks a plan once per compile on every path (given, tuned, searched with GEMM
winners, a steered search, an edited plan of the staged workflow, compile_program), and reads
the GEMM winners tables once per process."""
from __future__ import annotations

import pytest

import kfuse
from kfuse import config, files
from kfuse.fusion import plan as fusion_plan
from kfuse.fusion import unfused_plan
from kfuse.pipeline import plan as pplan
from kfuse.pipeline import stages, tune, winners

from .unit_helpers import bound

GPU = "NVIDIA H200"
GEMM = "matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;"
#: the modules that call check_plan by the name they imported
CALLERS = ("kfuse.pipeline.plan", "kfuse.pipeline.tune", "kfuse.pipeline.stages", "kfuse.pipeline.workflow",
           "kfuse.codegen.module")


@pytest.fixture(autouse=True)
def no_gpu_own_cache(tmp_path, monkeypatch):
    """Plan for the H200 without a GPU, with a cache folder of the test's own."""
    import kfuse.platform.device as device
    monkeypatch.setattr(device, "has_gpu", lambda: False)
    with config.override(cache_dir=str(tmp_path / "cache")):
        yield


@pytest.fixture
def checks(monkeypatch):
    """The programs check_plan was called for, one entry per call, wherever it is called from."""
    import importlib
    seen = []

    def counting(program, plan):
        seen.append(program.name)
        return fusion_plan.check_plan(program, plan)
    for name in CALLERS:
        monkeypatch.setattr(importlib.import_module(name), "check_plan", counting)
    return seen


SCHEME = {"bm": 64, "bn": 64, "bk": 16, "tm": 4, "tn": 4, "stages": 3, "engine": "ffma"}


def record(prog, scheme: dict) -> None:
    """Record ``scheme`` as the user's tuned winner for the product of ``prog``."""
    key = winners.kernel_key(prog, [0], GPU)
    winners.write_table(winners.user_path(), {key: {"scheme": scheme, "measured_s": 1e-3, "program": "g"}}, GPU)


def gemm_program():
    return pplan.bind_sizes(kfuse.parse(GEMM, "g"), {"m": 1000, "n": 3000, "k": 4096})


def test_a_given_plan_is_checked_once(checks):
    prog = bound("gemver", m=300, n=200)
    given = unfused_plan(prog).to_json(prog)
    arts = kfuse.api.compile_stages(prog, plan=given, until="cuda")
    assert checks == ["gemver"] and "cuda" in arts


def test_a_tuned_plan_is_checked_once(checks):
    prog = bound("gemver", m=300, n=200)
    tuned = unfused_plan(prog)
    assert len(pplan.make_plan(prog).kernels) < len(tuned.kernels)   # the search fuses
    checks.clear()
    files.write_private(tune._path(tune.tune_key(prog, GPU)), _json({"plan": tuned.to_json(prog)}))
    arts = kfuse.api.compile_stages(prog, until="cuda")
    assert checks == ["gemver"]
    assert [k.calls for k in arts["plan"].kernels] == [k.calls for k in tuned.kernels]


def test_a_searched_plan_on_gemm_winners_is_checked_once(checks):
    prog = gemm_program()
    record(prog, SCHEME)
    arts = kfuse.api.compile_stages(prog, until="cuda")
    assert checks == ["g"]
    assert any("tuned scheme" in n for n in arts["plan"].notes)   # the recorded winner applied
    record(prog, {**SCHEME, "tm": 7})   # refused by the kernel's checks (64 is no multiple of 7)
    checks.clear()
    plan = pplan.make_plan(prog)
    assert checks == ["g"] and plan.kernels[0].params["tm"] != 7


def test_a_plan_of_a_steered_search_is_checked_once(checks):
    prog = bound("gemver", m=300, n=200)
    kfuse.api.compile_stages(prog, until="cuda", strategy="greedy", exclude={0: "kept alone"})
    assert checks == ["gemver"]


def test_an_edited_plan_of_the_staged_workflow_is_checked_once(checks, tmp_path):
    prog = bound("gemver", m=300, n=200)
    folder = str(tmp_path / "st")
    kfuse.api.write_stages(prog, folder, until="plan", measure="off")
    checks.clear()
    kfuse.api.write_stages(prog, folder, start="plan", until="cuda", measure="off")
    assert checks == ["gemver"]


def test_compile_program_checks_once_and_the_build_trusts_it(checks, monkeypatch):
    made = []

    def build(program, plan, arch=None, checked=False):
        made.append(checked)
        stages.run_from_plan(program, plan, "sm_90", "cuda", checked)
        return type("Built", (), {})()
    monkeypatch.setattr(kfuse.api, "build", build)
    kfuse.api.compile_program(bound("bicgk", m=300, n=200))
    assert checks == ["bicgk"] and made == [True]


def test_build_of_a_plan_from_elsewhere_still_checks(checks):
    prog = bound("bicgk", m=300, n=200)
    stages.run_from_plan(prog, unfused_plan(prog), "sm_90", "cuda")
    assert checks == ["bicgk"]


def test_the_winners_tables_are_read_once_per_process(monkeypatch):
    reads = []
    read = winners._read_table
    monkeypatch.setattr(winners, "_TABLES", {})
    monkeypatch.setattr(winners, "_read_table", lambda path: reads.append(path) or read(path))
    prog = gemm_program()
    record(prog, SCHEME)
    reads.clear()
    for _ in range(3):
        plan = pplan.make_plan(prog)
    assert sorted(reads) == sorted([winners.shipped_path(GPU), winners.user_path()])
    assert {k: plan.kernels[0].params[k] for k in SCHEME} == SCHEME
    record(prog, {**SCHEME, "tm": 8})   # a table written again is read again
    reads.clear()
    plan = pplan.make_plan(prog)
    assert reads == [winners.user_path()] and plan.kernels[0].params["tm"] == 8


def _json(d) -> bytes:
    import json
    return json.dumps(d).encode()
