"""What kfuse keeps in its cache folder, and clearing it (``kfuse cache [--clear]``).

The folder is ``kfuse.config`` ``cache_dir``: ``$KFUSE_CACHE_DIR``, else ``$XDG_CACHE_HOME/kfuse``,
else ``~/.cache/kfuse``.  Compiled kernels live in two-hex-digit subfolders (``ab/<key>.cubin``
and its ptxas log), tuned plans in ``tuned/``.  Clearing removes those two kinds only: anything
else there (a calibration measured by ``kfuse calibrate``, files a user put there) is kept and
listed, so a cache folder pointed at a shared directory never loses what kfuse did not write.
"""
from __future__ import annotations

import os
import re
import shutil

from .. import config

_KERNEL_DIR = re.compile(r"^[0-9a-f]{2}$")
TUNED = "tuned"


def _size(path: str) -> tuple:
    """(files, bytes) under ``path`` (a file or a folder)."""
    if os.path.isfile(path):
        return 1, os.path.getsize(path)
    files = size = 0
    for root, _, names in os.walk(path):
        for n in names:
            try:
                size += os.path.getsize(os.path.join(root, n))
                files += 1
            except OSError:
                pass  # removed meanwhile
    return files, size


def _kind(name: str) -> str:
    """'kernels', 'tuned' or 'other' for an entry of the cache folder."""
    if _KERNEL_DIR.match(name):
        return "kernels"
    return "tuned" if name == TUNED else "other"


def summary(folder: str | None = None) -> dict:
    """{'path', 'exists', 'kernels': (files, bytes), 'tuned': (files, bytes), 'other': {name: (files, bytes)}}."""
    folder = folder or config.get().cache_dir
    out = {"path": folder, "exists": os.path.isdir(folder), "kernels": (0, 0), "tuned": (0, 0),
           "other": {}}
    if not out["exists"]:
        return out
    for name in sorted(os.listdir(folder)):
        files, size = _size(os.path.join(folder, name))
        kind = _kind(name)
        if kind == "other":
            out["other"][name] = (files, size)
        else:
            f0, s0 = out[kind]
            out[kind] = (f0 + files, s0 + size)
    return out


def clear(folder: str | None = None) -> tuple:
    """Remove the compiled kernels and tuned plans; (files, bytes) removed."""
    folder = folder or config.get().cache_dir
    files = size = 0
    if not os.path.isdir(folder):
        return 0, 0
    for name in os.listdir(folder):
        if _kind(name) == "other":
            continue
        path = os.path.join(folder, name)
        f, s = _size(path)
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.remove(path)
        files, size = files + f, size + s
    return files, size


def human(nbytes: int) -> str:
    """1536 -> '1.5 KiB'."""
    size = float(nbytes)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GiB"
