"""Settings: defaults, environment variables, and ``override`` restoring what it changed;
plus the promise that kfuse imports (and the unit tier runs) without CuPy."""
from __future__ import annotations

import os
import subprocess
import sys
import warnings

import pytest

import kfuse
from kfuse import config
from kfuse.errors import ConfigError, KfuseWarning


def test_override_changes_and_restores():
    before = config.get()
    with config.override(cache_dir="/tmp/kfuse-test-cache", arch="sm_80", sm_count=128) as s:
        assert s is config.get() and config.settings is s
        assert (s.cache_dir, s.arch, s.sm_count) == ("/tmp/kfuse-test-cache", "sm_80", 128)
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
    with config.override(search_kicks=64):
        with config.override(sm_count=8):
            assert (config.get().search_kicks, config.get().sm_count) == (64, 8)
        assert (config.get().search_kicks, config.get().sm_count) == (64, before.sm_count)
    assert config.get() is before


def test_override_rejects_unknown_settings():
    before = config.get()
    with pytest.raises(ConfigError, match=r"unknown kfuse setting smcount \(did you mean sm_count\?\)"):
        with config.override(smcount=64):
            pass
    assert config.get() is before


def test_override_is_seen_by_the_library():
    prog = kfuse.load("vector x(n); input x; y = x * 2; return y;")
    assert prog.value("y").type.dtype == config.get().default_dtype
    with config.override(default_dtype="float64"):
        assert kfuse.load("vector x(n); input x; y = x * 2; return y;").value("y").type.dtype == "float64"


@pytest.mark.parametrize("changes,msg", [
    ({"precision": "fp16"}, "override(precision='fp16'): setting precision expects ieee, tf32 or fp32x3"),
    ({"sm_count": -3}, "override(sm_count=-3): setting sm_count expects an integer >= 1"),
    ({"sm_count": 2.5}, "override(sm_count=2.5): setting sm_count expects an integer >= 1"),
    ({"fuse": "maybe"}, "override(fuse='maybe'): setting fuse expects one of 0/1, false/true, no/yes, off/on"),
    ({"arch": "hopper"}, "override(arch='hopper'): setting arch expects an architecture such as sm_90"),
    ({"default_dtype": "float16"}, "override(default_dtype='float16'): setting default_dtype expects float32"),
    ({"search_time_s": float("inf")}, "override(search_time_s=inf): setting search_time_s expects a finite "
                                      "number >= 0.0"),
    ({"cache_dir": ""}, "override(cache_dir=''): setting cache_dir expects a directory"),
    ({"cache_dir": 3}, "override(cache_dir=3): setting cache_dir expects a directory"),
    ({"tile_block": (64, 64)}, "override(tile_block=(64, 64)): setting tile_block expects two positive integers"),
    ({"nvrtc_extra_options": 3}, "override(nvrtc_extra_options=3): setting nvrtc_extra_options expects a tuple"),
    ({"block_size": 128}, "override(block_size=128): block_size is no longer a setting: the fusion search"),
])
def test_override_checks_values_as_the_environment_does(changes, msg):
    """Before, override stored anything (precision="TF32", a negative count) unchecked."""
    before = config.get()
    with pytest.raises(ConfigError) as err:
        with config.override(**changes):
            pass
    assert str(err.value).startswith(msg)
    assert config.get() is before


def test_override_converts_as_the_environment_does(tmp_path):
    with config.override(precision="TF32", fuse="off", search_time_s=2, cache_dir=tmp_path, arch="") as s:
        assert (s.precision, s.fuse, s.search_time_s, s.cache_dir, s.arch) == ("tf32", False, 2.0,
                                                                                str(tmp_path), None)
        assert isinstance(s.search_time_s, float)


def test_removed_block_size_variable_is_refused(monkeypatch):
    """KFUSE_BLOCK_SIZE changed no fused plan: it is gone, and setting it says so."""
    monkeypatch.setenv("KFUSE_BLOCK_SIZE", "128")
    with pytest.raises(ConfigError, match="environment variable KFUSE_BLOCK_SIZE='128': "
                                          "block_size is no longer a setting"):
        config._from_env()
    assert not hasattr(config.Settings(), "block_size")


def test_unusable_cache_folder_is_said_once(tmp_path):
    """A cache folder that cannot be written (a file here) only costs recompilation, but the
    user hears it once, with the folder and the reason."""
    from kfuse.runtime import cache
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder should be")
    with config.override(cache_dir=str(blocker)):
        with pytest.warns(KfuseWarning, match=f"kfuse cache folder {blocker} is unusable "
                                              r"\(Not a directory\)"):
            assert cache._write_atomic(os.path.join(str(blocker), "ab", "ab.log"), b"x") is False
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert cache._write_atomic(os.path.join(str(blocker), "cd", "cd.log"), b"x") is False


def test_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("KFUSE_CACHE_DIR", "/somewhere")
    monkeypatch.setenv("KFUSE_USE_DISK_CACHE", "0")
    monkeypatch.setenv("KFUSE_SM_COUNT", "512")
    monkeypatch.setenv("KFUSE_ARCH", "sm_100")
    monkeypatch.setenv("KFUSE_CHECK_INPUTS", "no")
    s = config._from_env()
    assert (s.cache_dir, s.use_disk_cache, s.sm_count, s.arch, s.check_inputs) == \
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
