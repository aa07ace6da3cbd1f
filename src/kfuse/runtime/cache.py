"""On-disk cache of compiled cubins.

The key hashes everything that changes the output: the CUDA source, the NVRTC
options, the architecture, the NVRTC version and the kfuse version.  An entry
is two files under ``<cache_dir>/<key[:2]>/``: ``<key>.cubin`` (the cubin as
NVRTC made it) and ``<key>.log``, whose first line is a JSON header (the key,
the key's inputs, the cubin's length and SHA-256) followed by NVRTC's log.
Both are written atomically (temp file + rename), the header first, so
concurrent processes are safe and a reader that finds the cubin finds its header.

What is served is checked: the ELF magic, the length and hash recorded in the
header, and the key's inputs.  A truncated, empty, bit-flipped or foreign
entry is rebuilt with a :class:`~kfuse.errors.KfuseWarning`, never served.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import warnings

from .. import config
from .._version import __version__
from ..errors import KfuseWarning
from . import nvrtc

_MEMORY: dict = {}
ENTRY_VERSION = 1
CUBIN_MAGIC = b"\x7fELF"


def cache_key(source: str, options, arch: str) -> str:
    """The entry's file name: a hash of what changes the cubin, and of the entry format (an entry
    written in another format, by an older kfuse, is never looked up: no warning for it)."""
    h = hashlib.sha256()
    for part in (source, json.dumps(list(options)), arch, ".".join(map(str, nvrtc.version())), __version__,
                 f"entry-format-{ENTRY_VERSION}"):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


def key_inputs(source: str, options, arch: str) -> dict:
    """What the key of an entry was made from, as recorded in its header."""
    return {"source_sha256": hashlib.sha256(source.encode()).hexdigest(), "options": list(options),
            "arch": arch, "nvrtc": ".".join(map(str, nvrtc.version())), "kfuse": __version__}


def entry_paths(key: str) -> tuple:
    """(cubin path, log path) of the entry of ``key`` under the cache directory."""
    base = os.path.join(config.get().cache_dir, key[:2], key)
    return base + ".cubin", base + ".log"


def compile_cached(source: str, arch: str, options=(), name: str = "kfuse.cu") -> tuple:
    """(CompileResult, hit) for ``source``: from memory, from disk, or by compiling with NVRTC."""
    options = tuple(options) + tuple(config.get().nvrtc_extra_options)
    key = cache_key(source, options, arch)
    if key in _MEMORY:
        return _MEMORY[key], True
    s = config.get()
    cubin_path, log_path = entry_paths(key)
    if s.use_disk_cache and os.path.exists(cubin_path):
        res, why = read_entry(key, cubin_path, log_path, key_inputs(source, options, arch))
        if res is not None:
            _MEMORY[key] = res
            return res, True
        warnings.warn(f"cache entry {cubin_path} is {why}: rebuilding it", KfuseWarning, stacklevel=3)
        for p in (cubin_path, log_path):
            _remove(p)
    res = nvrtc.compile_cuda(source, arch, name, options)
    _MEMORY[key] = res
    if s.use_disk_cache:
        header = {"kfuse_cache": ENTRY_VERSION, "key": key, **key_inputs(source, options, arch),
                  "cubin_len": len(res.cubin), "cubin_sha256": hashlib.sha256(res.cubin).hexdigest()}
        if _write_atomic(log_path, json.dumps(header, sort_keys=True).encode() + b"\n" + res.log.encode()):
            _write_atomic(cubin_path, res.cubin)
    return res, False


def read_entry(key: str, cubin_path: str, log_path: str, inputs: dict) -> tuple:
    """(CompileResult, None) for a sound entry, else (None, why it may not be served)."""
    try:
        with open(cubin_path, "rb") as f:
            cubin = f.read()
        with open(log_path, "rb") as f:
            head, _, log = f.read().partition(b"\n")
    except FileNotFoundError:
        return None, "incomplete (its header file is missing)"
    except OSError as e:
        return None, f"unreadable ({e.strerror or e})"
    if not cubin:
        return None, "empty"
    if cubin[:4] != CUBIN_MAGIC:
        return None, "not a cubin (no ELF magic)"
    try:
        header = json.loads(head.decode())
        log_text = log.decode()
    except (UnicodeDecodeError, ValueError):
        return None, "foreign (its header is not kfuse's)"
    if not isinstance(header, dict) or header.get("kfuse_cache") != ENTRY_VERSION:
        return None, "foreign (its header is not kfuse's)"
    if header.get("key") != key or any(header.get(k) != v for k, v in inputs.items()):
        return None, "foreign (made for another source, options, architecture or version)"
    if header.get("cubin_len") != len(cubin):
        return None, f"truncated ({len(cubin)} bytes, {header.get('cubin_len')} written)"
    if header.get("cubin_sha256") != hashlib.sha256(cubin).hexdigest():
        return None, "corrupt (its content does not match its hash)"
    return nvrtc.CompileResult(cubin, log_text, inputs["arch"], list(inputs["options"])), None


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_MODE = 0o666 & ~_umask()   # what open() would have given a new file


def write_atomic(path: str, data: bytes, durable: bool = False) -> None:
    """Write ``data`` to ``path`` whole or not at all (temp file in the same folder + rename);
    OSError propagates.  Never leaves an empty or partial file at ``path``.  ``durable``:
    flush it to the disk before the rename (a file the user asked for)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".kfuse-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, _MODE)
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def _write_atomic(path: str, data: bytes) -> bool:
    """Write a cache file; False where the cache folder is unusable (said once per folder: it
    only costs recompilation)."""
    try:
        write_atomic(path, data)
        return True
    except OSError as e:
        config.cache_unusable(config.get().cache_dir, e.strerror or str(e))
        return False


def clear_memory():
    _MEMORY.clear()
