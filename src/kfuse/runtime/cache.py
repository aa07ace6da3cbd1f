"""On-disk cache of compiled cubins.

The key hashes everything that changes the output: the CUDA source, the NVRTC
options, the architecture, the NVRTC version and the kfuse version.  An entry
is two files under ``<cache_dir>/<key[:2]>/``: ``<key>.cubin`` (the cubin as
NVRTC made it) and ``<key>.log``, whose first line is a JSON header (the key,
the key's inputs, the cubin's length and SHA-256) followed by NVRTC's log.
Both are written atomically (temp file + rename), the header first, so
concurrent processes are safe and a reader that finds the cubin finds its header.

What is served is checked: both files must be regular files (not a FIFO, a device or a
symbolic link) under a size cap, owned by this user and writable by nobody else, in folders of
the same kind (:func:`kfuse.files.read_private`); then the ELF magic, the lengths and hashes of
the cubin and of the log recorded in the header, and the key's inputs.  A truncated, empty,
bit-flipped, foreign or unsafe entry is rebuilt with a :class:`~kfuse.errors.KfuseWarning`,
never served.  A cache folder owned by another user or writable by group or others is not used
at all (one warning); kfuse creates its folders with mode 0700 and its files with 0600.
"""
from __future__ import annotations

import hashlib
import json
import os
import warnings

from .. import config, files
from .._version import __version__
from ..errors import KfuseWarning
from . import nvrtc

_MEMORY: dict = {}
ENTRY_VERSION = 2
CUBIN_MAGIC = b"\x7fELF"
MAX_CUBIN_BYTES = 256 << 20   # an entry larger than this is not read (a link to /dev/zero)
MAX_LOG_BYTES = 16 << 20
_WARNED: set = set()          # cache folders already warned about


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
    """(CompileResult, hit) for ``source``: from memory, from disk, or by compiling with NVRTC
    (with ``--fmad=false`` and ``KF_EXACT`` defined where the setting ``fmad`` is off: part of
    the key)."""
    options = tuple(options) + (() if config.get().fmad else ("--fmad=false", "-DKF_EXACT")) \
        + tuple(config.get().nvrtc_extra_options)
    key = cache_key(source, options, arch)
    if key in _MEMORY:
        return _MEMORY[key], True
    s = config.get()
    cubin_path, log_path = entry_paths(key)
    disk = s.use_disk_cache and disk_cache_usable()
    if disk and os.path.lexists(cubin_path):
        res, why = read_entry(key, cubin_path, log_path, key_inputs(source, options, arch))
        if res is not None:
            _MEMORY[key] = res
            return res, True
        warnings.warn(f"cache entry {cubin_path} is {why}: rebuilding it", KfuseWarning, stacklevel=3)
        for p in (cubin_path, log_path):
            _remove(p)
    res = nvrtc.compile_cuda(source, arch, name, options)
    _MEMORY[key] = res
    if disk:
        log = res.log.encode()
        header = {"kfuse_cache": ENTRY_VERSION, "key": key, **key_inputs(source, options, arch),
                  "cubin_len": len(res.cubin), "cubin_sha256": hashlib.sha256(res.cubin).hexdigest(),
                  "log_len": len(log), "log_sha256": hashlib.sha256(log).hexdigest()}
        if _write_atomic(log_path, json.dumps(header, sort_keys=True).encode() + b"\n" + log):
            _write_atomic(cubin_path, res.cubin)
    return res, False


def read_entry(key: str, cubin_path: str, log_path: str, inputs: dict) -> tuple:
    """(CompileResult, None) for a sound entry, else (None, why it may not be served)."""
    root = config.get().cache_dir
    try:
        cubin = files.read_private(cubin_path, MAX_CUBIN_BYTES, root)
        head, _, log = files.read_private(log_path, MAX_LOG_BYTES, root).partition(b"\n")
    except FileNotFoundError:
        return None, "incomplete (its header file is missing)"
    except files.Untrusted as e:
        return None, f"unreadable ({e})"
    except OSError as e:
        return None, f"unreadable ({e.strerror or e})"
    if not cubin:
        return None, "empty"
    if cubin[:4] != CUBIN_MAGIC:
        return None, "not a cubin (no ELF magic)"
    try:
        header = files.loads(head, "header", ValueError)
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
    if header.get("log_len") != len(log) or header.get("log_sha256") != hashlib.sha256(log).hexdigest():
        return None, "corrupt (its log does not match the length and hash in its header)"
    return nvrtc.CompileResult(cubin, log_text, inputs["arch"], list(inputs["options"])), None


def disk_cache_usable() -> bool:
    """Whether the cache folder may be used: created (mode 0700) if missing; one that is owned by
    another user or writable by group or others is not used, with one warning per folder."""
    folder = config.get().cache_dir
    try:
        files.make_private_folder(folder)
    except OSError:
        return False   # a read-only or impossible place only costs recompilation
    why = files.folder_problem(folder)
    if why and folder not in _WARNED:
        _WARNED.add(folder)
        warnings.warn(f"cache folder {folder} {why}: not used (anyone who can write it could plant "
                      f"kernels); chmod 700 it or set KFUSE_CACHE_DIR", KfuseWarning, stacklevel=4)
    return why is None


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def write_atomic(path: str, data: bytes) -> None:
    """Write the cache file ``path`` whole or not at all (:func:`kfuse.files.write_private`)."""
    files.write_private(path, data)


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
