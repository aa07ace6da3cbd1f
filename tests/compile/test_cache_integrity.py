"""The cubin cache checks what it serves (issue 17): a truncated, empty, bit-flipped, foreign
or headerless entry is rebuilt with a warning, never served; two processes compiling the same
program into one fresh cache both succeed; ``kfuse compile --cubin`` never leaves an empty or
partial file."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import warnings

import pytest

import kfuse
from kfuse.cli import main
from kfuse.errors import KfuseWarning
from kfuse.frontend import script
from kfuse.runtime import cache, nvrtc

from .compile_helpers import ARCH, compile_program

EXAMPLE = os.path.join(os.path.dirname(kfuse.__file__), "examples", "bicgk.kf")


def bicgk(m=64, n=100):
    return kfuse.api.bind_sizes(script.load(EXAMPLE, "float32"), {"m": m, "n": n})


@pytest.fixture
def entry(tmp_path):
    """A fresh cache holding bicgk's entry: (the first build, cubin path, log path)."""
    with kfuse.config.override(cache_dir=str(tmp_path)):
        cache.clear_memory()
        first = compile_program(bicgk())
        key = cache.cache_key(first.source, (), ARCH)
        cubin, log = cache.entry_paths(key)
        assert os.path.exists(cubin) and os.path.exists(log)
        cache.clear_memory()   # the next build reads the disk, as a new process would
        yield first, cubin, log
    cache.clear_memory()


def rebuilt(first, why: str):
    """Build again: a miss with a warning naming ``why``, the right cubin, a sound entry after."""
    with pytest.warns(KfuseWarning, match=f"cache entry .*\\.cubin is {why}.*: rebuilding it"):
        exe = compile_program(bicgk())
    assert not exe.cache_hit and exe.compiled.cubin == first.compiled.cubin
    assert exe.resources == first.resources
    cache.clear_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = compile_program(bicgk())
    assert again.cache_hit and again.compiled.cubin == first.compiled.cubin
    return exe


def test_sound_entry_is_a_silent_hit(entry):
    first, cubin, log = entry
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exe = compile_program(bicgk())
    assert exe.cache_hit and exe.compiled.cubin == first.compiled.cubin
    header = json.loads(open(log, "rb").read().partition(b"\n")[0])
    assert header["cubin_len"] == len(first.compiled.cubin)
    assert header["cubin_sha256"] == hashlib.sha256(first.compiled.cubin).hexdigest()
    assert header["arch"] == ARCH and header["kfuse"] == kfuse.__version__


def test_truncated_cubin_is_rebuilt(entry):
    """Before the fix, a truncated cubin was served (and failed at load time on the GPU)."""
    first, cubin, _ = entry
    data = open(cubin, "rb").read()
    open(cubin, "wb").write(data[: len(data) // 2])
    rebuilt(first, "truncated")


def test_empty_cubin_is_rebuilt(entry):
    first, cubin, _ = entry
    open(cubin, "wb").close()
    rebuilt(first, "empty")


@pytest.mark.parametrize("where", [0, 100, -1])
def test_bit_flipped_cubin_is_rebuilt(entry, where):
    first, cubin, _ = entry
    data = bytearray(open(cubin, "rb").read())
    data[where] ^= 0x10
    open(cubin, "wb").write(bytes(data))
    rebuilt(first, "not a cubin \\(no ELF magic\\)" if where == 0 else "corrupt")


def test_foreign_entry_is_rebuilt(entry):
    """Another program's entry (both files) copied under this key."""
    first, cubin, log = entry
    other = compile_program(bicgk(m=65))
    other_key = cache.cache_key(other.source, (), ARCH)
    other_cubin, other_log = cache.entry_paths(other_key)
    for src, dst in ((other_cubin, cubin), (other_log, log)):
        open(dst, "wb").write(open(src, "rb").read())
    cache.clear_memory()
    rebuilt(first, "foreign")


def test_foreign_cubin_with_its_header_rewritten_is_rebuilt(entry):
    """A cubin swapped in with a header claiming this key: the hash gives it away."""
    first, cubin, log = entry
    other = compile_program(bicgk(m=65))
    head, _, text = open(log, "rb").read().partition(b"\n")
    header = json.loads(head)
    header["cubin_len"] = len(other.compiled.cubin)
    open(log, "wb").write(json.dumps(header).encode() + b"\n" + text)
    open(cubin, "wb").write(other.compiled.cubin)
    cache.clear_memory()
    rebuilt(first, "corrupt")


@pytest.mark.parametrize("header", [b"", b"not json", b"\xff\xfe", b"[1]", b'{"kfuse_cache": 99}'])
def test_entry_without_kfuse_header_is_rebuilt(entry, header):
    first, _, log = entry
    open(log, "wb").write(header + b"\nptxas info: whatever")
    rebuilt(first, "foreign")


def test_entry_of_other_key_inputs_is_rebuilt(entry):
    first, _, log = entry
    head, _, text = open(log, "rb").read().partition(b"\n")
    header = json.loads(head)
    header["options"] = ["-G"]
    open(log, "wb").write(json.dumps(header).encode() + b"\n" + text)
    rebuilt(first, "foreign")


def test_missing_header_file_is_rebuilt(entry):
    first, _, log = entry
    os.remove(log)
    rebuilt(first, "incomplete")


def test_unreadable_entry_is_rebuilt(entry):
    first, cubin, _ = entry
    os.remove(cubin)
    os.mkdir(cubin)   # a directory where the cubin should be
    with pytest.warns(KfuseWarning, match="is unreadable"):
        exe = compile_program(bicgk())
    assert not exe.cache_hit and exe.compiled.cubin == first.compiled.cubin


TWO_PROCESSES = r"""
import hashlib, os, sys, time, warnings
warnings.simplefilter("error")            # any cache warning fails the process
import kfuse
from kfuse.api import bind_sizes
from kfuse.fusion import unfused_plan
from kfuse.pipeline.stages import build
with kfuse.config.override(cache_dir=sys.argv[1]):
    p = bind_sizes(kfuse.load(sys.argv[2], "float64"), {"m": 300, "n": 257})
    while time.time() < float(sys.argv[3]):   # start together
        time.sleep(0.005)
    exe = build(p, unfused_plan(p), "sm_90")
    assert exe.compiled.cubin[:4] == b"\x7fELF"
    print(hashlib.sha256(exe.compiled.cubin).hexdigest(), exe.cache_hit)
"""


def test_two_processes_compiling_the_same_program_into_one_fresh_cache(tmp_path):
    import time
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    start = str(time.time() + 3.0)
    procs = [subprocess.Popen([sys.executable, "-c", TWO_PROCESSES, str(tmp_path), EXAMPLE, start],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, err
    digests = {out.split()[0] for out, _ in outs}
    assert len(digests) == 1
    files = sorted(f for _, _, fs in os.walk(tmp_path) for f in fs)
    assert len(files) == 2 and not [f for f in files if f.endswith(".tmp")]
    # a third process finds a sound entry
    out = subprocess.run([sys.executable, "-c", TWO_PROCESSES, str(tmp_path), EXAMPLE, "0"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [digests.pop(), "True"]


# --------------------------------------------------------------------- kfuse compile --cubin
def test_compile_cubin_is_whole(tmp_path, capsys):
    out = tmp_path / "b.cubin"
    rc = main(["compile", EXAMPLE, "--size", "m=64,n=100", "-o", str(tmp_path / "b.cu"), "--cubin", str(out)])
    assert rc == 0, capsys.readouterr().err
    data = out.read_bytes()
    assert data[:4] == b"\x7fELF" and f"wrote {out} ({len(data)} bytes, {ARCH})" in capsys.readouterr().out
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.cu", "b.cubin"]


def _umask() -> int:
    m = os.umask(0o022)
    os.umask(m)
    return m


def test_compile_cubin_interrupted_write_leaves_the_old_file(tmp_path, capsys, monkeypatch):
    """A write that fails part-way (disk full, interrupt) leaves the old file as it was and no
    partial one; before the fix `open(path, "wb")` truncated it first."""
    out = tmp_path / "b.cubin"
    out.write_bytes(b"old contents")
    real_replace = os.replace

    def full_disk(src, dst):
        if str(dst) == str(out):
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)
    monkeypatch.setattr(os, "replace", full_disk)
    rc = main(["compile", EXAMPLE, "--size", "m=64,n=100", "-o", str(tmp_path / "b.cu"), "--cubin", str(out)])
    err = capsys.readouterr().err
    assert rc == 1 and err == f"kfuse: error: cannot write {out}: No space left on device\n"
    assert out.read_bytes() == b"old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.cu", "b.cubin"]   # no temp file left


def test_compile_refuses_to_write_an_empty_cubin(tmp_path, capsys, monkeypatch):
    def empty(source, arch="sm_90", name="kfuse.cu", options=(), verbose_ptxas=True):
        return nvrtc.CompileResult(b"", "", arch, list(options))
    monkeypatch.setattr(nvrtc, "compile_cuda", empty)
    cache.clear_memory()
    out = tmp_path / "b.cubin"
    with kfuse.config.override(use_disk_cache=False):
        rc = main(["compile", EXAMPLE, "--size", "m=64,n=101", "-o", str(tmp_path / "b.cu"), "--cubin", str(out)])
    cache.clear_memory()
    err = capsys.readouterr().err
    assert rc == 1 and "NVRTC returned no usable cubin for bicgk (0 bytes); nothing written" in err
    assert not out.exists()
