"""The one place for kfuse settings.

Settings come from defaults, then environment variables ``KFUSE_<NAME>``.
Tests and callers override them for a block of code with :func:`override`::

    with kfuse.config.override(cache_dir=tmp, arch="sm_90"):
        ...
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
from pathlib import Path


def _default_cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return os.path.join(base, "kfuse")


@dataclasses.dataclass
class Settings:
    """All kfuse settings.  Fields are documented inline."""

    cache_dir: str = dataclasses.field(default_factory=_default_cache_dir)  # on-disk kernel cache
    use_disk_cache: bool = True          # read/write compiled cubins under cache_dir
    arch: str | None = None              # e.g. "sm_90"; None = the current device's, or sm_90 without one
    default_dtype: str = "float32"       # element type of script values that declare none
    block_size: int = 256                # threads per block of 1-D (vector) kernels
    tile_block: tuple = (32, 8)          # threads per block (fast, slow) of 2-D (matrix) kernels
    target_blocks_per_sm: int = 4        # serial iterations are chosen to leave about this many blocks per SM
    sm_count: int = 132                  # multiprocessors assumed when planning without a GPU (H200)
    check_inputs: bool = True            # validate shapes/dtypes/layout of arrays at every call
    nvrtc_extra_options: tuple = ()      # extra options passed to NVRTC
    deterministic: bool = False          # no float atomics: results bitwise reproducible run to run
    fuse: bool = True                    # plan with the fusion search (False: one kernel per call)
    poison: bool = False                 # fill outputs and workspace with NaN before launches (tests)
    reuse_outputs: int = 16 << 20        # outputs up to this many bytes may reuse an earlier call's
                                         # array that nobody holds any more (0: always allocate)
    auto_graph: bool = True              # replay a CUDA graph of a call's launches for arguments
                                         # (addresses, scalars) seen twice: one host call, not one per kernel


_ENV_TYPES = {"cache_dir": str, "use_disk_cache": lambda s: s not in ("0", "false", "no"),
              "arch": str, "default_dtype": str, "block_size": int, "sm_count": int,
              "target_blocks_per_sm": int, "reuse_outputs": int,
              "check_inputs": lambda s: s not in ("0", "false", "no"),
              "fuse": lambda s: s not in ("0", "false", "no"),
              "auto_graph": lambda s: s not in ("0", "false", "no"),
              "deterministic": lambda s: s not in ("0", "false", "no")}


def _from_env() -> Settings:
    s = Settings()
    for name, conv in _ENV_TYPES.items():
        v = os.environ.get("KFUSE_" + name.upper())
        if v is not None:
            setattr(s, name, conv(v))
    return s


settings: Settings = _from_env()


def get() -> Settings:
    """Return the settings in force."""
    return settings


@contextlib.contextmanager
def override(**changes):
    """Temporarily change settings: ``with override(arch="sm_90"): ...``."""
    global settings
    unknown = set(changes) - {f.name for f in dataclasses.fields(Settings)}
    if unknown:
        raise TypeError(f"unknown kfuse setting(s): {', '.join(sorted(unknown))}")
    old = settings
    settings = dataclasses.replace(old, **changes)
    try:
        yield settings
    finally:
        settings = old
