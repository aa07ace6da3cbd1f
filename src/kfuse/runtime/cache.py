"""On-disk cache of compiled cubins.

The key hashes everything that changes the output: the CUDA source, the NVRTC
options, the architecture, the NVRTC version and the kfuse version.  Entries
are written atomically (temp file + rename), so concurrent processes are safe.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile

from .. import __version__, config
from . import nvrtc

_MEMORY: dict = {}


def cache_key(source: str, options, arch: str) -> str:
    h = hashlib.sha256()
    for part in (source, json.dumps(list(options)), arch, ".".join(map(str, nvrtc.version())), __version__):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def compile_cached(source: str, arch: str, options=(), name: str = "kfuse.cu") -> tuple:
    """(CompileResult, hit) for ``source``: from memory, from disk, or by compiling with NVRTC."""
    options = tuple(options) + tuple(config.get().nvrtc_extra_options)
    key = cache_key(source, options, arch)
    if key in _MEMORY:
        return _MEMORY[key], True
    s = config.get()
    path = os.path.join(s.cache_dir, key[:2], key + ".cubin")
    if s.use_disk_cache and os.path.exists(path):
        try:
            with open(path, "rb") as f:
                cubin = f.read()
            with open(path[:-6] + ".log") as f:
                log = f.read()
            res = nvrtc.CompileResult(cubin, log, arch, list(options))
            _MEMORY[key] = res
            return res, True
        except OSError:
            pass
    res = nvrtc.compile_cuda(source, arch, name, options)
    _MEMORY[key] = res
    if s.use_disk_cache:
        _write_atomic(path, res.cubin)
        _write_atomic(path[:-6] + ".log", res.log.encode())
    return res, False


def _write_atomic(path: str, data: bytes):
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path))
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache directory only costs recompilation


def clear_memory():
    _MEMORY.clear()
