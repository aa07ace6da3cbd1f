"""The cubin cache: memory and disk hits, misses on any change, and what the key covers."""
from __future__ import annotations

import os

import pytest

import kfuse
from kfuse.frontend import script
from kfuse.runtime import cache, nvrtc

from .compile_helpers import ARCH, compile_program


def bicgk(dtype="float32", m=64, n=100):
    path = os.path.join(os.path.dirname(kfuse.__file__), "examples", "bicgk.kf")
    return kfuse.api.bind_sizes(script.load(path, dtype), {"m": m, "n": n})


def cached_files(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs)


def test_second_build_is_a_hit_and_disk_hit_after_restart(tmp_path):
    with kfuse.config.override(cache_dir=str(tmp_path)):
        cache.clear_memory()
        first = compile_program(bicgk())
        assert not first.cache_hit
        key = cache.cache_key(first.source, (), ARCH)
        files = cached_files(tmp_path)
        assert files == [os.path.join(key[:2], key + ".cubin"), os.path.join(key[:2], key + ".log")]
        assert (tmp_path / key[:2] / (key + ".cubin")).read_bytes() == first.compiled.cubin
        second = compile_program(bicgk())                 # same process: from memory
        assert second.cache_hit and second.compiled.cubin == first.compiled.cubin
        cache.clear_memory()                               # a new process: from disk
        third = compile_program(bicgk())
        assert third.cache_hit and third.compiled.cubin == first.compiled.cubin
        assert third.resources == first.resources          # the ptxas log is cached too
        assert cached_files(tmp_path) == files


def test_changes_miss(tmp_path):
    with kfuse.config.override(cache_dir=str(tmp_path)):
        cache.clear_memory()
        assert not compile_program(bicgk()).cache_hit
        assert not compile_program(bicgk(m=65)).cache_hit                 # other source
        assert not compile_program(bicgk("float64")).cache_hit            # other source
        assert not compile_program(bicgk(), arch="sm_80").cache_hit       # other arch
        assert compile_program(bicgk(), arch="sm_80").cache_hit
        with kfuse.config.override(nvrtc_extra_options=("-lineinfo",)):
            assert not compile_program(bicgk()).cache_hit                  # other options
        assert len(cached_files(tmp_path)) == 2 * 5


def test_key_covers_source_options_arch_nvrtc_and_kfuse_versions(monkeypatch):
    base = cache.cache_key("src", (), "sm_90")
    assert base == cache.cache_key("src", (), "sm_90")
    assert len({base, cache.cache_key("src2", (), "sm_90"), cache.cache_key("src", ("-G",), "sm_90"),
                cache.cache_key("src", (), "sm_80")}) == 4
    monkeypatch.setattr(cache.nvrtc, "version", lambda: (99, 9))
    assert cache.cache_key("src", (), "sm_90") != base
    monkeypatch.undo()
    assert cache.cache_key("src", (), "sm_90") == base
    monkeypatch.setattr(cache, "__version__", "999.0")
    assert cache.cache_key("src", (), "sm_90") != base


def test_version_change_misses_the_disk_cache(tmp_path, monkeypatch):
    with kfuse.config.override(cache_dir=str(tmp_path)):
        cache.clear_memory()
        assert not compile_program(bicgk()).cache_hit
        cache.clear_memory()
        monkeypatch.setattr(cache, "__version__", kfuse.__version__ + ".post1")
        assert not compile_program(bicgk()).cache_hit
        cache.clear_memory()
        real = nvrtc.version()
        monkeypatch.setattr(cache.nvrtc, "version", lambda: (real[0], real[1] + 1))
        assert not compile_program(bicgk()).cache_hit
        assert len(cached_files(tmp_path)) == 2 * 3


def test_disk_cache_can_be_disabled(tmp_path):
    with kfuse.config.override(cache_dir=str(tmp_path), use_disk_cache=False):
        cache.clear_memory()
        assert not compile_program(bicgk()).cache_hit
        assert cached_files(tmp_path) == []
        cache.clear_memory()
        assert not compile_program(bicgk()).cache_hit


def test_unwritable_cache_only_costs_recompilation(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    with kfuse.config.override(cache_dir=str(blocker)):
        cache.clear_memory()
        exe = compile_program(bicgk())
        assert not exe.cache_hit and exe.compiled.cubin[:4] == b"\x7fELF"


def test_truncated_log_entry_is_a_miss(tmp_path):
    with kfuse.config.override(cache_dir=str(tmp_path)):
        cache.clear_memory()
        compile_program(bicgk())
        for f in cached_files(tmp_path):
            if f.endswith(".log"):
                os.remove(tmp_path / f)
        cache.clear_memory()
        exe = compile_program(bicgk())
        assert not exe.cache_hit and exe.resources   # recompiled, with its ptxas report


@pytest.mark.parametrize("arch", ["sm_80", "sm_90", "sm_100"])
def test_other_architectures(arch):
    exe = compile_program(bicgk(), arch=arch)
    assert exe.arch == arch and exe.compiled.cubin[:4] == b"\x7fELF"
    assert f"-arch={arch}" in exe.compiled.options
