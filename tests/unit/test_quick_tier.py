"""The quick tier (``pytest --quick``): which tests tests/slow.py calls slow, that a stale entry
is caught, and that sweeps keep their corners and strata only."""
from __future__ import annotations

from tests import sampling, slow

CASES = [(a, b) for a in "pq" for b in range(40)]


def test_g_plus_plus_runs_and_listed_tests_are_slow():
    assert slow.why("tests/compile/test_gemm_emit.py::test_runs_on_cpu_every_layout[C-NN]")
    assert slow.why("tests/compile/test_pad_roll_cpu.py::test_the_cases_are_numpy_bitwise_on_the_cpu[a-f]")
    assert slow.why("tests/fuzz/test_fuzz_compile.py::test_fuzz_compile[seeds0-99]")
    assert not slow.why("tests/compile/test_compile_cli.py::test_run_without_gpu_uses_the_cpu_reference")
    assert not slow.why("tests/unit/test_plan.py::test_plan_round_trips")


def test_a_listed_test_that_is_gone_is_reported():
    fid = next(iter(slow.SLOW))
    path = fid.partition("::")[0]
    assert slow.stale([f"{path}::test_something_else"]) == [f for f in slow.SLOW if f.startswith(path + "::")]
    assert slow.stale([f"{fid}[x]"] + [f"{f}" for f in slow.SLOW]) == []
    assert slow.stale(["tests/unit/test_plan.py::test_x"]) == []   # the file was not collected


def test_quick_sweeps_keep_their_corners_and_strata(monkeypatch):
    monkeypatch.delenv(sampling.FULL_VAR, raising=False)
    monkeypatch.setenv(sampling.SEED_VAR, "5")
    monkeypatch.setenv(sampling.QUICK_VAR, "1")
    got = sampling.sample("quick", CASES, 30, corners=[("p", 0)], strata=lambda c: c[0])
    assert ("p", 0) in got and {c[0] for c in got} == {"p", "q"} and len(got) == 2
    assert len(sampling.sample("quick", range(100), 30)) == 1
    monkeypatch.setenv(sampling.FULL_VAR, "1")   # KFTEST_FULL wins
    assert len(sampling.sample("quick", CASES, 30)) == len(CASES)


def test_timings_reads_a_junit_file_and_splits_the_tiers(tmp_path):
    from tests import timings
    xml = tmp_path / "run.xml"
    xml.write_text('<testsuites><testsuite>'
                   '<testcase classname="tests.compile.test_gemm_emit" name="test_runs_on_cpu_every_layout[C]" time="40.0"/>'
                   '<testcase classname="tests.unit.test_plan" name="test_x" time="2.5"/>'
                   '<testcase classname="tests.unit.test_plan.TestY" name="test_z[1]" time="0.5"/>'
                   '</testsuite></testsuites>')
    times = timings.durations(str(xml))
    assert times == {"tests/compile/test_gemm_emit.py::test_runs_on_cpu_every_layout[C]": 40.0,
                     "tests/unit/test_plan.py::test_x": 2.5, "tests/unit/test_plan.py::TestY::test_z[1]": 0.5}
    text = timings.summary(times, top=2)
    assert "quick tier 3 s, marked slow 40 s" in text and "slow tests/compile/test_gemm_emit.py" in text
