"""The ``fmad`` setting (issue 30, item 1): NVRTC contracts ``a * b + c`` into one FMA by default
(``--fmad=true``, one rounding, as torch.compile/Triton), which NumPy and CuPy eager never do;
``fmad=False`` (``KFUSE_FMAD=0``) compiles with ``--fmad=false`` so every product and sum is
rounded as NumPy rounds it.  It is part of the compile cache's key and of every jitted
function's signature key (the PTX and the GPU result: tests/compile/test_swm_compile.py and
tests/gpu/test_swm_gpu.py)."""
from __future__ import annotations

import types

import pytest

import kfuse
from kfuse import api, config
from kfuse.errors import ConfigError
from kfuse.runtime import cache, nvrtc


def test_setting_from_the_environment_and_override(monkeypatch):
    assert config.Settings().fmad is True
    monkeypatch.setenv("KFUSE_FMAD", "0")
    assert config._from_env().fmad is False
    monkeypatch.setenv("KFUSE_FMAD", "on")
    assert config._from_env().fmad is True
    monkeypatch.setenv("KFUSE_FMAD", "sometimes")
    with pytest.raises(ConfigError, match="KFUSE_FMAD"):
        config._from_env()
    with config.override(fmad=False):
        assert config.get().fmad is False


@pytest.fixture
def nvrtc_calls(monkeypatch):
    """Every compile_cuda call's options (NVRTC itself replaced: no library needed)."""
    seen = []

    def compile_cuda(source, arch, name, options):
        seen.append(list(options))
        return nvrtc.CompileResult(b"\x7fELF" + bytes(len(seen)), "", arch, list(options))
    monkeypatch.setattr(nvrtc, "compile_cuda", compile_cuda)
    monkeypatch.setattr(nvrtc, "version", lambda: (13, 0))
    monkeypatch.setattr(cache, "_MEMORY", {})
    return seen


def test_off_compiles_with_fmad_false_under_its_own_key(nvrtc_calls):
    src = "extern \"C\" __global__ void k(double* x) { x[0] = x[1] * x[2] + x[3]; }"
    with config.override(use_disk_cache=False):
        on, _ = cache.compile_cached(src, "sm_90")
        with config.override(fmad=False):
            off, hit = cache.compile_cached(src, "sm_90")
        again, hit_on = cache.compile_cached(src, "sm_90")
    assert not hit and hit_on and again is on and off is not on
    assert nvrtc_calls == [[], ["--fmad=false", "-DKF_EXACT"]]
    assert cache.cache_key(src, [], "sm_90") != cache.cache_key(src, ["--fmad=false"], "sm_90")


def test_a_jitted_function_compiles_once_per_setting(monkeypatch):
    built = []

    def build(program, plan, arch, checked=False):
        built.append(config.get().fmad)
        return types.SimpleNamespace(plan={"n": len(built)})
    monkeypatch.setattr(api, "build", build)
    f = kfuse.jit(lambda x, y: x * y + 1.0)
    key = tuple(("a", (64,), "float64", "C") for _ in range(2))
    first = f.get((None, None), key)
    assert f.get((None, None), key) is first and built == [True]
    with config.override(fmad=False):
        off = f.get((None, None), key)
        assert off is not first and f.get((None, None), key) is off
    assert built == [True, False]
    assert any(name.endswith("(fmad False)") for name in f.plans)
