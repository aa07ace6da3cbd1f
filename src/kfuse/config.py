"""The one place for kfuse settings.

Settings come from defaults, then environment variables ``KFUSE_<NAME>``.
Tests and callers override them for a block of code with :func:`override`::

    with kfuse.config.override(cache_dir=tmp, arch="sm_90"):
        ...

Both go through the same converter per setting (``_CONVERTERS``): a value it refuses is one
:class:`~kfuse.errors.ConfigError` naming the variable or the setting.
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
    tile_block: tuple = (32, 8)          # threads per block (fast, slow) of 2-D (matrix) kernels of
                                         # the unfused plan (fuse=False); the fusion search picks its own
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
    search_grid_time_s: float = 2.0      # the same for programs of grid calls only (stencil applications:
                                         # 20 unrolled steps of a 3-field FDTD, 303 calls, plan in 4-6 s)
    search_max_s: float = 60.0           # time cap of the whole search, greedy phase included: each phase
                                         # stops there with the best legal plan found (explain() says so)
    search_seed: int = 0                 # seed of the local search's random moves
    # the reference grouped genetic algorithm (kfuse.fusion.gga; not the default search)
    gga_population: int = 100            # individuals (the seed's default)
    gga_gens: int = 500                  # generations (the seed's default)
    gga_time_s: float = 600.0            # time cap (seconds)


def _bool(v) -> bool:
    """A boolean: True/False, 0/1, or the usual spellings 0/1, false/true, no/yes, off/on (any case)."""
    if isinstance(v, bool) or (isinstance(v, int) and v in (0, 1)):
        return bool(v)
    t = v.strip().lower() if isinstance(v, str) else None
    if t in ("1", "true", "yes", "on"):
        return True
    if t in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected one of 0/1, false/true, no/yes, off/on")


def _int(low: int):
    """An integer of at least ``low`` (an int, or its decimal text)."""
    def conv(v) -> int:
        if isinstance(v, str):
            try:
                v = int(v.strip())
            except ValueError:
                raise ValueError("expected an integer") from None
        elif isinstance(v, bool) or not isinstance(v, int):
            raise ValueError("expected an integer")
        if v < low:
            raise ValueError(f"expected an integer >= {low}")
        return v
    return conv


def _float(low: float):
    """A finite number of at least ``low`` (an int, a float, or its text)."""
    def conv(v) -> float:
        if isinstance(v, str):
            try:
                v = float(v.strip())
            except ValueError:
                raise ValueError("expected a number") from None
        elif isinstance(v, bool) or not isinstance(v, (int, float)):
            raise ValueError("expected a number")
        v = float(v)
        if not v >= low or v == float("inf"):
            raise ValueError(f"expected a number >= {low}")
        return v
    return conv


def _text(v, what: str) -> str:
    """``v`` if it is a string, else a ValueError expecting ``what``."""
    if not isinstance(v, str):
        raise ValueError(f"expected {what}")
    return v


def _arch(v) -> str | None:
    """An architecture such as sm_90 (None or empty: the current device's)."""
    t = "" if v is None else _text(v, "an architecture such as sm_90").strip()
    if t and not re.fullmatch(r"sm_\d+[a-z]?", t):
        raise ValueError("expected an architecture such as sm_90")
    return t or None


def _dtype(v) -> str:
    t = _text(v, "float32, float64, complex64 or complex128").strip()
    if t not in ("float32", "float64", "complex64", "complex128"):
        raise ValueError("expected float32, float64, complex64 or complex128")
    return t


def _precision(v) -> str:
    t = _text(v, "ieee or tf32").strip().lower()
    if t not in ("ieee", "tf32"):
        raise ValueError("expected ieee or tf32")
    return t


def _path(v) -> str:
    """A folder's path (a string or a path object; ``~`` expands)."""
    t = os.fspath(v) if isinstance(v, os.PathLike) else _text(v, "a directory")
    if not isinstance(t, str) or not t.strip():
        raise ValueError("expected a directory")
    return os.path.expanduser(t)


def _block(v) -> tuple:
    """Threads per block (fast, slow): two positive integers with a product of at most 1024."""
    if not isinstance(v, (tuple, list)) or len(v) != 2 or \
            not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in v) or v[0] * v[1] > 1024:
        raise ValueError("expected two positive integers (fast, slow) with a product of at most 1024")
    return tuple(v)


def _options(v) -> tuple:
    """Extra NVRTC options: a tuple or list of strings."""
    if not isinstance(v, (tuple, list)) or not all(isinstance(o, str) for o in v):
        raise ValueError("expected a tuple of strings")
    return tuple(v)


# what KFUSE_<NAME> reads; the converters take the variable's text or a Python value (override)
_ENV_TYPES = {"cache_dir": _path, "use_disk_cache": _bool, "arch": _arch, "default_dtype": _dtype,
              "sm_count": _int(1), "target_blocks_per_sm": _int(1),
              "reuse_outputs": _int(0), "check_inputs": _bool, "fuse": _bool, "auto_graph": _bool,
              "deterministic": _bool, "poison": _bool, "fmad": _bool, "precision": _precision,
              "search_local_min_calls": _int(0), "search_kicks": _int(0), "search_time_s": _float(0.0),
              "search_grid_time_s": _float(0.0), "search_max_s": _float(0.0),
              "search_seed": _int(0), "gga_population": _int(2), "gga_gens": _int(0),
              "gga_time_s": _float(0.0)}
# every setting's converter: the environment's, and those only override sets
_CONVERTERS = {**_ENV_TYPES, "tile_block": _block, "nvrtc_extra_options": _options}
# settings kfuse no longer has: a variable or override naming one is refused with the reason
REMOVED = {"block_size": "the fusion search chooses each kernel's block size (see `kfuse explain`); "
                         "pin one with a plan file (`kfuse plan -o`, then --plan)"}

# KFUSE_* variables read elsewhere (not settings): no warning for these
OTHER_ENV: set = set()


def _from_env() -> Settings:
    """Settings from the defaults and the ``KFUSE_*`` environment variables.

    A value that does not parse is a :class:`~kfuse.errors.ConfigError` naming the variable;
    a ``KFUSE_*`` variable kfuse does not know gets a warning (a typo must not pass silently)."""
    from .errors import ConfigError, KfuseWarning
    s = Settings()
    known = {"KFUSE_" + name.upper() for name in _ENV_TYPES} | OTHER_ENV
    for name, why in REMOVED.items():
        var = "KFUSE_" + name.upper()
        if var in os.environ:
            raise ConfigError(f"environment variable {var} is no longer a setting: {why}")
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


def checked(changes: dict) -> dict:
    """``changes`` (setting name -> value) through each setting's converter, as the
    environment's values go: a :class:`~kfuse.errors.ConfigError` naming the first setting
    that is unknown or whose value is refused."""
    from .errors import ConfigError
    fields = {f.name for f in dataclasses.fields(Settings)}
    out = {}
    for name, value in changes.items():
        if name in REMOVED:
            raise ConfigError(f"setting {name} is no longer a setting: {REMOVED[name]}")
        if name not in fields:
            near = difflib.get_close_matches(name, sorted(fields), n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise ConfigError(f"unknown kfuse setting {name}{hint}")
        try:
            out[name] = _CONVERTERS[name](value)
        except ValueError as e:
            raise ConfigError(f"setting {name}={value!r}: {e}") from None
    return out


@contextlib.contextmanager
def override(**changes):
    """Temporarily change settings: ``with override(arch="sm_90"): ...``; the values are
    checked as ``KFUSE_*`` values are (:func:`checked`)."""
    global settings
    changes = checked(changes)
    old = get()
    settings = dataclasses.replace(old, **changes)
    try:
        yield settings
    finally:
        settings = old


_UNUSABLE_SAID: set = set()


def cache_unusable(folder: str, reason: str) -> None:
    """Say once per folder (a :class:`~kfuse.errors.KfuseWarning`) that the cache folder
    ``folder`` cannot be written, and why: kernels then compile again in every process."""
    from .errors import KfuseWarning
    if folder in _UNUSABLE_SAID:
        return
    _UNUSABLE_SAID.add(folder)
    warnings.warn(f"kfuse cache folder {folder} is unusable ({reason}): compiled kernels are not kept "
                  f"on disk (set KFUSE_CACHE_DIR to a writable folder, or KFUSE_USE_DISK_CACHE=0)",
                  KfuseWarning, stacklevel=4)
