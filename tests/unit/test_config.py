"""Settings: defaults, environment variables, and ``override`` restoring what it changed;
plus the promise that kfuse imports (and the unit tier runs) without CuPy."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import kfuse
from kfuse import config


def test_override_changes_and_restores():
    before = config.get()
    with config.override(cache_dir="/tmp/kfuse-test-cache", arch="sm_80", block_size=128) as s:
        assert s is config.get() and config.settings is s
        assert (s.cache_dir, s.arch, s.block_size) == ("/tmp/kfuse-test-cache", "sm_80", 128)
        assert s.default_dtype == before.default_dtype        # the rest is unchanged
    assert config.get() is before
    assert before.cache_dir != "/tmp/kfuse-test-cache"


def test_override_restores_on_error():
    before = config.get()
    with pytest.raises(RuntimeError):
        with config.override(poison=True, use_disk_cache=False):
            assert config.get().poison
            raise RuntimeError("boom")
    assert config.get() is before


def test_nested_overrides():
    before = config.get()
    with config.override(block_size=64):
        with config.override(sm_count=8):
            assert (config.get().block_size, config.get().sm_count) == (64, 8)
        assert (config.get().block_size, config.get().sm_count) == (64, before.sm_count)
    assert config.get() is before


def test_override_rejects_unknown_settings():
    before = config.get()
    with pytest.raises(TypeError, match="unknown kfuse setting"):
        with config.override(blocksize=64):
            pass
    assert config.get() is before


def test_override_is_seen_by_the_library():
    prog = kfuse.load("vector x(n); input x; y = x * 2; return y;")
    assert prog.value("y").type.dtype == config.get().default_dtype
    with config.override(default_dtype="float64"):
        assert kfuse.load("vector x(n); input x; y = x * 2; return y;").value("y").type.dtype == "float64"


def test_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("KFUSE_CACHE_DIR", "/somewhere")
    monkeypatch.setenv("KFUSE_USE_DISK_CACHE", "0")
    monkeypatch.setenv("KFUSE_BLOCK_SIZE", "512")
    monkeypatch.setenv("KFUSE_ARCH", "sm_100")
    monkeypatch.setenv("KFUSE_CHECK_INPUTS", "no")
    s = config._from_env()
    assert (s.cache_dir, s.use_disk_cache, s.block_size, s.arch, s.check_inputs) == \
        ("/somewhere", False, 512, "sm_100", False)
    monkeypatch.setenv("KFUSE_USE_DISK_CACHE", "1")
    assert config._from_env().use_disk_cache


def test_default_cache_dir_follows_xdg(monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert config._default_cache_dir() == os.path.join("/xdg", "kfuse")


def test_kfuse_imports_without_cupy():
    """kfuse, its CLI and every front end import, parse, plan and generate with CuPy blocked."""
    code = r"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "cupy" or name.startswith("cupy.") or name == "torch":
            raise ImportError("blocked for the test: " + name)
sys.meta_path.insert(0, Block())
import kfuse, kfuse.cli, kfuse.blas, kfuse.reference
from kfuse.frontend.trace import trace
from kfuse.fusion import unfused_plan
from kfuse.codegen import generate
from kfuse.platform import device
p = kfuse.api.bind_sizes(kfuse.load(sys.argv[1]), {"m": 8, "n": 9})
generate(p, unfused_plan(p))
generate(p, kfuse.api.make_plan(p))
trace(lambda A, x: A @ x, ["A", "x"], [("a", (3, 4), "float32", "C"), ("a", (4,), "float32", "C")])
assert not device.has_gpu() and "CuPy is not importable" in device.no_gpu_reason()
assert "cupy" not in sys.modules
print("ok")
"""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    gemver = os.path.join(os.path.dirname(kfuse.__file__), "examples", "gemver.kf")
    out = subprocess.run([sys.executable, "-c", code, gemver], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
