"""The one place for kfuse settings.

Settings come from defaults, then environment variables ``KFUSE_<NAME>``.
Tests and callers override them for a block of code with :func:`override`::

    with kfuse.config.override(cache_dir=tmp, arch="sm_90"):
        ...
"""
from __future__ import annotations

import contextlib
import dataclasses
import difflib
import os
import re
import warnings
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
    fmad: bool = True                    # let NVRTC contract a * b + c into one FMA (one rounding; its
                                         # default, as torch.compile/Triton); False: --fmad=false, every
                                         # product and sum rounded as NumPy/CuPy eager do (bitwise the same)
    deterministic: bool = False          # no float atomics: results bitwise reproducible run to run
    precision: str = "ieee"              # float32 matrix products: "ieee" (exact fp32, CUDA cores) or
                                         # "tf32" (TF32 tensor cores, mma.sync: 10-bit mantissas)
    fuse: bool = True                    # plan with the fusion search (False: one kernel per call)
    poison: bool = False                 # fill outputs and workspace with NaN before launches (tests)
    reuse_outputs: int = 16 << 20        # outputs up to this many bytes may reuse an earlier call's
                                         # array that nobody holds any more (0: always allocate)
    auto_graph: bool = True              # replay a CUDA graph of a call's launches for arguments
                                         # (addresses, scalars) seen twice: one host call, not one per kernel
    # the fusion search over the exhaustive limit (kfuse.fusion.local): greedy, then local search
    search_local_min_calls: int = 101    # programs with fewer calls keep the greedy plan (the golden
                                         # plans, up to 100 calls, are greedy ones; see fusion/local.py)
    search_kicks: int = 300              # perturbation rounds of the local search (0: descent only)
    search_time_s: float = 5.0           # time cap of the improvement phase (seconds): planning 200
                                         # calls stays under 10 s, 1,000 under 60 s (2-core machine)
    search_grid_time_s: float = 15.0     # the same for programs of grid calls only (stencil applications)
    search_seed: int = 0                 # seed of the local search's random moves
    # the reference grouped genetic algorithm (kfuse.fusion.gga; not the default search)
    gga_population: int = 100            # individuals (the seed's default)
    gga_gens: int = 500                  # generations (the seed's default)
    gga_time_s: float = 600.0            # time cap (seconds)


def _bool(s: str) -> bool:
    """A boolean from the usual spellings: 0/1, false/true, no/yes, off/on (any case)."""
    v = s.strip().lower()
    if v in ("1", "true", "yes", "on"):
        return True
    if v in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected one of 0/1, false/true, no/yes, off/on")


def _int(low: int):
    """An integer of at least ``low``."""
    def conv(s: str) -> int:
        try:
            v = int(s.strip())
        except ValueError:
            raise ValueError("expected an integer") from None
        if v < low:
            raise ValueError(f"expected an integer >= {low}")
        return v
    return conv


def _float(low: float):
    """A finite number of at least ``low``."""
    def conv(s: str) -> float:
        try:
            v = float(s.strip())
        except ValueError:
            raise ValueError("expected a number") from None
        if not v >= low or v == float("inf"):
            raise ValueError(f"expected a number >= {low}")
        return v
    return conv


def _arch(s: str) -> str:
    """An architecture such as sm_90 (empty: the current device's)."""
    v = s.strip()
    if v and not re.fullmatch(r"sm_\d+[a-z]?", v):
        raise ValueError("expected an architecture such as sm_90")
    return v or None


def _dtype(s: str) -> str:
    v = s.strip()
    if v not in ("float32", "float64", "complex64", "complex128"):
        raise ValueError("expected float32, float64, complex64 or complex128")
    return v


def _precision(s: str) -> str:
    v = s.strip().lower()
    if v not in ("ieee", "tf32"):
        raise ValueError("expected ieee or tf32")
    return v


def _path(s: str) -> str:
    if not s.strip():
        raise ValueError("expected a directory")
    return os.path.expanduser(s)


_ENV_TYPES = {"cache_dir": _path, "use_disk_cache": _bool, "arch": _arch, "default_dtype": _dtype,
              "block_size": _int(1), "sm_count": _int(1), "target_blocks_per_sm": _int(1),
              "reuse_outputs": _int(0), "check_inputs": _bool, "fuse": _bool, "auto_graph": _bool,
              "deterministic": _bool, "poison": _bool, "fmad": _bool, "precision": _precision,
              "search_local_min_calls": _int(0), "search_kicks": _int(0), "search_time_s": _float(0.0),
              "search_grid_time_s": _float(0.0),
              "search_seed": _int(0), "gga_population": _int(2), "gga_gens": _int(0),
              "gga_time_s": _float(0.0)}

# KFUSE_* variables read elsewhere (not settings): no warning for these
OTHER_ENV: set = set()


def _from_env() -> Settings:
    """Settings from the defaults and the ``KFUSE_*`` environment variables.

    A value that does not parse is a :class:`~kfuse.errors.ConfigError` naming the variable;
    a ``KFUSE_*`` variable kfuse does not know gets a warning (a typo must not pass silently)."""
    from .errors import ConfigError, KfuseWarning
    s = Settings()
    known = {"KFUSE_" + name.upper() for name in _ENV_TYPES} | OTHER_ENV
    for name, conv in _ENV_TYPES.items():
        var = "KFUSE_" + name.upper()
        v = os.environ.get(var)
        if v is not None:
            try:
                setattr(s, name, conv(v))
            except ValueError as e:
                raise ConfigError(f"environment variable {var}={v!r}: {e}") from None
    for var in sorted(k for k in os.environ if k.startswith("KFUSE_") and k not in known):
        near = difflib.get_close_matches(var, sorted(known), n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        warnings.warn(f"unknown environment variable {var} ignored{hint}", KfuseWarning, stacklevel=3)
    return s


settings: Settings | None = None   # read from the environment on first use (see get)


def get() -> Settings:
    """Return the settings in force; the environment is read on first use, so a bad
    ``KFUSE_*`` value is one :class:`~kfuse.errors.ConfigError` where kfuse is used (the CLI
    prints it as one line), never an error on ``import kfuse`` or ``kfuse --version``."""
    global settings
    s = settings
    if s is None:
        s = settings = _from_env()
    return s


@contextlib.contextmanager
def override(**changes):
    """Temporarily change settings: ``with override(arch="sm_90"): ...``."""
    global settings
    unknown = set(changes) - {f.name for f in dataclasses.fields(Settings)}
    if unknown:
        raise TypeError(f"unknown kfuse setting(s): {', '.join(sorted(unknown))}")
    old = get()
    settings = dataclasses.replace(old, **changes)
    try:
        yield settings
    finally:
        settings = old
