"""The cubin cache serves only what this user wrote (issue 30, items 10 and 13): a FIFO, a
symbolic link or an oversized file in place of an entry, a truncated or bit-flipped log body, an
entry another user owns or others can write, and any entry of a cache folder others can write
(a planted cubin with a matching header) are a miss with a warning, never served or waited on."""
from __future__ import annotations

import os
import shutil
import threading

import pytest

import kfuse
from kfuse.errors import KfuseWarning
from kfuse.runtime import cache

from .compile_helpers import compile_program
from .test_cache_integrity import bicgk, entry, rebuilt  # noqa: F401 (the fixture)


def _build_with_deadline(seconds: float, unblock):
    """compile_program(bicgk()) in a thread; fails the test (after ``unblock()``) if it hangs."""
    out = []
    t = threading.Thread(target=lambda: out.append(_catching(lambda: compile_program(bicgk()))), daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        unblock()
        t.join(30)
        pytest.fail("reading the cache entry hangs")
    return out[0]


def _catching(fn):
    import warnings
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        exe = fn()
    return exe, [str(w.message) for w in rec if issubclass(w.category, KfuseWarning)]


@pytest.mark.parametrize("which", [0, 1])
def test_a_fifo_in_place_of_an_entry_is_a_miss_not_a_hang(entry, which):   # noqa: F811
    first, *paths = entry
    path = paths[which]
    os.remove(path)
    os.mkfifo(path, 0o600)

    def unblock():
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    exe, warned = _build_with_deadline(60, unblock)
    assert not exe.cache_hit and exe.compiled.cubin == first.compiled.cubin
    assert any("is unreadable (not a regular file): rebuilding it" in w for w in warned), warned
    assert os.path.isfile(path) and not os.path.islink(path)


def test_a_symbolic_link_in_place_of_the_cubin_is_not_followed(entry, tmp_path_factory):   # noqa: F811
    """Even one pointing at the right cubin: the cache reads no file through a link (a link
    to /dev/zero read until memory ran out)."""
    first, cubin, _ = entry
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "x.cubin"
    shutil.move(cubin, elsewhere)
    os.symlink(elsewhere, cubin)
    rebuilt(first, "unreadable \\(a symbolic link\\)")
    assert not os.path.islink(cubin)


def test_an_oversized_cubin_is_refused_without_reading_it(entry):   # noqa: F811
    first, cubin, _ = entry
    with open(cubin, "r+b") as f:
        f.truncate(cache.MAX_CUBIN_BYTES + 1)   # sparse: no disk, no memory
    rebuilt(first, f"unreadable \\(larger than {cache.MAX_CUBIN_BYTES} bytes\\)")


@pytest.mark.parametrize("damage", ["truncate", "flip"])
def test_a_damaged_log_body_is_not_served(entry, damage):   # noqa: F811
    first, _, log = entry
    data = bytearray(open(log, "rb").read())
    head_end = data.index(b"\n") + 1
    assert len(data) > head_end   # ptxas's resource lines
    if damage == "truncate":
        data = data[:head_end + (len(data) - head_end) // 2]
    else:
        data[-1] ^= 0x01
    open(log, "wb").write(bytes(data))
    rebuilt(first, "corrupt \\(its log does not match")


def test_an_entry_others_can_write_is_rebuilt(entry):   # noqa: F811
    first, cubin, _ = entry
    os.chmod(cubin, 0o666)
    rebuilt(first, "unreadable \\(is writable by group or others \\(mode 666\\)\\)")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_an_entry_another_user_owns_is_rebuilt(entry):   # noqa: F811
    first, cubin, log = entry
    os.chown(log, 54321, 54321)
    rebuilt(first, "unreadable \\(is owned by another user \\(uid 54321")


def test_a_cache_folder_others_can_write_is_not_used(entry):   # noqa: F811
    """A planted cubin with a matching header (here: a sound entry) in a folder anyone can
    write was loaded without a word before the fix."""
    first, cubin, _ = entry
    folder = kfuse.config.get().cache_dir
    os.chmod(folder, 0o777)
    getattr(cache, "_WARNED", set()).discard(folder)
    try:
        with pytest.warns(KfuseWarning, match="cache folder .* is writable by group or others .*: not used"):
            exe = compile_program(bicgk())
        assert not exe.cache_hit and exe.compiled.cubin == first.compiled.cubin
    finally:
        os.chmod(folder, 0o700)
        getattr(cache, "_WARNED", set()).discard(folder)
