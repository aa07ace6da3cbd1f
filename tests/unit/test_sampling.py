"""The sampled sweeps of tests/sampling.py: corners and strata always run, the rest is a sample
that the run's seed fixes, and KFTEST_FULL=1 gives every case back."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import sampling

ROOT = Path(__file__).resolve().parents[2]
CASES = [(a, b) for a in "pqrs" for b in range(25)]   # 4 strata of 25


@pytest.fixture(autouse=True)
def _not_quick(monkeypatch):
    """These tests draw full samples, also when the run is the quick tier (``--quick``)."""
    monkeypatch.delenv(sampling.QUICK_VAR, raising=False)


def test_a_sample_keeps_corners_and_one_case_of_every_stratum(monkeypatch):
    monkeypatch.delenv(sampling.FULL_VAR, raising=False)
    for seed in range(20):
        monkeypatch.setenv(sampling.SEED_VAR, str(seed))
        got = sampling.sample("t", CASES, 10, corners=[("p", 0), lambda c: c == ("s", 24)], strata=lambda c: c[0])
        assert len(got) == 10 and len(set(got)) == 10
        assert ("p", 0) in got and ("s", 24) in got
        assert {c[0] for c in got} == set("pqrs")
        assert got == sorted(got, key=CASES.index)   # in the sweep's order


def test_the_seed_fixes_the_sample_and_another_seed_draws_another(monkeypatch):
    monkeypatch.delenv(sampling.FULL_VAR, raising=False)
    monkeypatch.setenv(sampling.SEED_VAR, "7")
    first = sampling.sample("t", CASES, 10)
    assert sampling.sample("t", CASES, 10) == first
    assert sampling.sample("u", CASES, 10) != first           # each sweep its own stream
    monkeypatch.setenv(sampling.SEED_VAR, "8")
    assert sampling.sample("t", CASES, 10) != first


def test_full_runs_every_case_and_a_small_sweep_is_never_cut(monkeypatch):
    monkeypatch.setenv(sampling.SEED_VAR, "3")
    monkeypatch.setenv(sampling.FULL_VAR, "1")
    assert sampling.sample("t", CASES, 10) == CASES
    monkeypatch.setenv(sampling.FULL_VAR, "0")
    assert len(sampling.sample("t", CASES, 10)) == 10
    assert sampling.sample("t", CASES[:5], 10) == CASES[:5]
    # more strata than k: every stratum still runs
    assert len(sampling.sample("t", CASES, 2, strata=lambda c: c[0])) == 4


def test_a_malformed_seed_names_the_variable(monkeypatch):
    monkeypatch.setenv(sampling.SEED_VAR, "x1")
    with pytest.raises(ValueError, match="KFTEST_SEED='x1': expected an integer"):
        sampling.seed()


def test_every_run_draws_a_seed_that_reaches_the_xdist_workers(tmp_path):
    """tests/conftest.py draws the run's seed (this run has one), and pytest-xdist's workers
    inherit it: two workers collect the same sample of a sweep of a million cases (pytest-xdist
    stops a run whose workers collect different tests), the sample of the seed in the header."""
    int(os.environ[sampling.SEED_VAR])
    (tmp_path / "conftest.py").write_text("from tests.conftest import pytest_configure, pytest_report_header\n")
    (tmp_path / "test_s.py").write_text(
        "import pytest\nfrom tests import sampling\n\n"
        "@pytest.mark.parametrize('x', sampling.sample('s', range(10 ** 6), 6))\n"
        "def test_x(x):\n    pass\n")
    env = {k: v for k, v in os.environ.items() if k not in (sampling.SEED_VAR, sampling.FULL_VAR, sampling.QUICK_VAR)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "src"), env.get("PYTHONPATH", "")])
    r = subprocess.run([sys.executable, "-m", "pytest", "-v", "-n", "2", "-p", "no:cacheprovider",
                        "--rootdir", str(tmp_path), str(tmp_path)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "6 passed" in r.stdout, r.stdout[-3000:] + r.stderr[-3000:]
    seed = re.search(sampling.SEED_VAR + r"=(\d+)", r.stdout).group(1)
    env[sampling.SEED_VAR] = seed
    expect = subprocess.run([sys.executable, "-c", "from tests import sampling; "
                             "print(sampling.sample('s', range(10 ** 6), 6))"],
                            env=env, cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
    assert set(re.findall(r"test_x\[(\d+)\]", r.stdout)) == set(re.findall(r"\d+", expect)), expect
