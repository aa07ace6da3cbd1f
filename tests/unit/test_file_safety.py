"""The files kfuse reads from its cache folder and writes for the user (issue 30, items 10, 13,
14 and 15): a FIFO or a link to /dev/zero in the cache is refused at once, never waited on or
read until memory runs out; a file or folder another user owns or can write is not used; a new
cache folder is private; NVRTC never comes from the current directory; an output path never
replaces a device, a FIFO or a symbolic link and never creates a missing folder."""
from __future__ import annotations

import os
import stat
import sys
import threading

import pytest

from kfuse import files
from kfuse.cli import _write
from kfuse.errors import KfuseError
from kfuse.runtime import nvrtc


def _private(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    os.chmod(folder, 0o700)
    return folder


# ------------------------------------------------------------------ reading cache files
def test_a_sound_private_file_is_read(tmp_path):
    folder = _private(tmp_path)
    files.write_private(str(folder / "ab" / "x.log"), b"data")
    assert files.read_private(str(folder / "ab" / "x.log"), 100, str(folder)) == b"data"
    assert stat.S_IMODE(os.stat(folder / "ab").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(folder / "ab" / "x.log").st_mode) == 0o600


def test_a_fifo_is_refused_at_once(tmp_path):
    """Before the fix, reading a FIFO in place of an entry waited for a writer forever."""
    folder = _private(tmp_path)
    os.mkfifo(folder / "x.cubin", 0o600)
    result = []
    t = threading.Thread(target=lambda: result.append(_refusal(folder / "x.cubin", folder)), daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():   # unblock the reader so the test run ends, then fail
        with open(folder / "x.cubin", "wb"):
            pass
        pytest.fail("reading a FIFO in the cache hangs")
    assert result == ["not a regular file"]


def _refusal(path, root) -> str:
    try:
        files.read_private(str(path), 1 << 20, str(root))
    except files.Untrusted as e:
        return str(e)
    return "read"


def test_a_link_to_dev_zero_is_refused(tmp_path):
    folder = _private(tmp_path)
    os.symlink("/dev/zero", folder / "x.cubin")
    assert _refusal(folder / "x.cubin", folder) == "a symbolic link"


def test_a_file_larger_than_the_cap_is_refused(tmp_path):
    folder = _private(tmp_path)
    (folder / "x.cubin").write_bytes(b"\x7fELF" + b"\0" * 2000)
    os.chmod(folder / "x.cubin", 0o600)
    with pytest.raises(files.Untrusted, match="larger than 1000 bytes"):
        files.read_private(str(folder / "x.cubin"), 1000, str(folder))


def test_files_and_folders_others_can_write_or_own_are_refused(tmp_path, monkeypatch):
    folder = _private(tmp_path)
    path = folder / "x.cubin"
    path.write_bytes(b"\x7fELF")
    os.chmod(path, 0o620)
    assert _refusal(path, folder) == "is writable by group or others (mode 620)"
    os.chmod(path, 0o600)
    os.chmod(folder, 0o777)
    assert _refusal(path, folder).endswith("is writable by group or others (mode 777)")
    os.chmod(folder, 0o700)
    monkeypatch.setattr(files, "_me", lambda: os.geteuid() + 12345)
    assert "is owned by another user" in _refusal(path, folder)


def test_cache_folder_writable_by_others_is_not_used_with_one_warning(tmp_path):
    import kfuse
    from kfuse.errors import KfuseWarning
    from kfuse.runtime import cache
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    with kfuse.config.override(cache_dir=str(shared)):
        with pytest.warns(KfuseWarning, match=r"cache folder .*shared is writable by group or others .*not used"):
            assert not cache.disk_cache_usable()
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert not cache.disk_cache_usable()   # once per folder
    fresh = tmp_path / "new" / "kfuse"
    with kfuse.config.override(cache_dir=str(fresh)):
        assert cache.disk_cache_usable()
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o700


# ------------------------------------------------------------------ NVRTC's location
def test_nvrtc_is_never_found_in_the_current_directory(tmp_path, monkeypatch):
    """Before the fix, '' on sys.path (a REPL, a notebook, python -c) made ./nvidia/cu13/lib
    of the current directory the first place NVRTC was loaded from."""
    for major, (folder, lib, _) in nvrtc.WHEELS.items():
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / lib).write_bytes(b"planted")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", "."] + sys.path)
    found = nvrtc.wheel_libraries()
    assert not any(p.startswith(str(tmp_path)) for p in found.values()), found
    assert nvrtc.wheel_libraries(["", ".", str(tmp_path)]) == {m: os.path.join(str(tmp_path), f, lib)
                                                               for m, (f, lib, _) in nvrtc.WHEELS.items()}
    assert all(os.path.isabs(p) for p in nvrtc.install_folders())


# ------------------------------------------------------------------ output paths
def test_output_through_a_symbolic_link_writes_its_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.cu"
    target.write_text("old")
    link = tmp_path / "link.cu"
    os.symlink(target, link)
    _write(str(link), b"new")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == b"new"


def test_output_into_a_missing_folder_is_refused_and_creates_nothing(tmp_path):
    with pytest.raises(KfuseError, match=r"cannot write .*x\.cu: its folder .*nonexistent.* does not exist"):
        _write(str(tmp_path / "nonexistent" / "dir" / "x.cu"), b"data")
    assert not (tmp_path / "nonexistent").exists()


def test_output_to_a_fifo_is_written_never_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()), daemon=True)
    reader.start()
    for _ in range(200):   # the reader is waiting in open() once the writer can open
        try:
            _write(str(fifo), b"kernel text")
            break
        except KfuseError as e:
            assert "a FIFO that nothing reads" in str(e)
            threading.Event().wait(0.01)
    reader.join(10)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got == [b"kernel text"]


def test_output_to_a_fifo_without_reader_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(KfuseError, match="a FIFO that nothing reads"):
        _write(str(fifo), b"x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to make a device node")
def test_output_to_a_device_node_writes_it_and_keeps_it(tmp_path):
    """Before the fix, --cubin /dev/full as root replaced the device node by a regular file
    (here: a private copy of /dev/full and /dev/null, never the system's)."""
    full, null = tmp_path / "full", tmp_path / "null"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    with pytest.raises(KfuseError, match=r"cannot write .*full: No space left on device"):
        _write(str(full), b"\x7fELF")
    _write(str(null), b"\x7fELF")
    assert stat.S_ISCHR(os.lstat(full).st_mode) and stat.S_ISCHR(os.lstat(null).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full", "null"]   # no temp file left


def test_output_to_a_folder_is_refused(tmp_path):
    with pytest.raises(KfuseError, match="it is a folder"):
        _write(str(tmp_path), b"x")


def test_output_replacing_a_file_keeps_its_mode(tmp_path):
    path = tmp_path / "x.cu"
    path.write_text("old")
    os.chmod(path, 0o640)
    _write(str(path), b"new")
    assert path.read_bytes() == b"new" and stat.S_IMODE(os.stat(path).st_mode) == 0o640


def test_cli_graph_output_through_a_link_and_into_a_missing_folder(tmp_path, capsys):
    from kfuse.cli import main

    from .unit_helpers import example
    target, link = tmp_path / "g.dot", tmp_path / "link.dot"
    target.write_text("old")
    os.symlink(target, link)
    assert main(["graph", example("bicgk"), "-o", str(link)]) == 0
    assert link.is_symlink() and target.read_text().startswith("digraph")
    capsys.readouterr()
    assert main(["graph", example("bicgk"), "-o", str(tmp_path / "nonexistent" / "dir" / "x.dot")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("kfuse: error: cannot write ") and "does not exist" in err and err.count("\n") == 1
    assert not (tmp_path / "nonexistent").exists()
