"""The closing line on the GPU tier (tests/conftest.py) prints under the README's test command,
``pytest -n auto`` (pytest-xdist), as without it: a tiny tests folder with the real conftest,
two GPU-tier tests (skipped here as tests/gpu/conftest.py skips them without a GPU) and one other."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r"GPU tier(: 2 test\(s\) collected, run on .+| did NOT run: 2 test\(s\) skipped, no GPU: .+)")


@pytest.fixture(scope="module")
def tiny_tests(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny")
    (root / "pytest.ini").write_text("[pytest]\n")
    tests = root / "tests"
    (tests / "gpu").mkdir(parents=True)
    (tests / "unit").mkdir()
    shutil.copy(os.path.join(HERE, "..", "conftest.py"), tests / "conftest.py")
    (tests / "gpu" / "conftest.py").write_text(
        "import pytest\n"
        "def pytest_collection_modifyitems(items):\n"
        "    for item in items:\n"
        "        if '/tests/gpu/' in str(item.fspath).replace('\\\\', '/'):\n"
        "            item.add_marker(pytest.mark.skip(reason='no GPU: tiny tier'))\n")
    (tests / "gpu" / "test_g.py").write_text("def test_a():\n    pass\n\ndef test_b():\n    pass\n")
    (tests / "unit" / "test_u.py").write_text("def test_c():\n    pass\n")
    return root


def _pytest(root, *args) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "KFUSE_"))}
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, "tests"],
                         cwd=root, capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_gpu_tier_line_without_xdist(tiny_tests):
    assert LINE.search(_pytest(tiny_tests, "-p", "no:xdist")), "no GPU-tier line"


def test_gpu_tier_line_under_xdist(tiny_tests):
    """Before the fix the controller counted 0 GPU tests (it collects none) and said nothing."""
    out = _pytest(tiny_tests, "-n", "2")
    assert "bringing up nodes" in out, out   # xdist ran it
    assert LINE.search(out), out
