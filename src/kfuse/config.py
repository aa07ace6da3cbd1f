"""kfuse's settings: one frozen :class:`Settings`, each field declared with its converter.

A setting is a field of :class:`Settings` declared with :func:`_setting`: its name, type, default,
a :class:`Converter` (how a ``KFUSE_<NAME>`` text parses and which values are allowed) and a
one-line doc; :data:`SPECS` is that table.  Every way of giving a value goes through one function,
:func:`_convert`: the environment (read on first use, :func:`get`), :func:`override` for a block of
code, and building a ``Settings`` itself.  So every setting can be set from the environment, a value
is accepted or refused alike on every path, and a refused one is one
:class:`~kfuse.errors.ConfigError` naming where it came from (``environment variable KFUSE_X=...``
or ``override(x=...)``), the setting and the values it allows::

    with kfuse.config.override(cache_dir=tmp, arch="sm_90"):
        ...

The module also names the GPU kfuse plans for when there is none: :data:`DEFAULT_DEVICE`.
"""
from __future__ import annotations

import contextlib
import dataclasses
import difflib
import os
import re
import shlex
import warnings
from pathlib import Path
from typing import Any, Callable

from .errors import ConfigError, KfuseWarning

#: the GPU kfuse plans and generates for without one (its calibration ships with kfuse)
DEFAULT_DEVICE = "NVIDIA H200"
#: the multiprocessors of :data:`DEFAULT_DEVICE` (the default of the setting ``sm_count``)
DEFAULT_SM_COUNT = 132
#: the architecture of :data:`DEFAULT_DEVICE` (the target without a GPU or the setting ``arch``)
DEFAULT_ARCH = "sm_90"


@dataclasses.dataclass(frozen=True)
class Converter:
    """How one setting reads a value.

    ``parse`` turns a text (a ``KFUSE_*`` value, or a text given to :func:`override`) into a Python
    value; ``check`` takes a Python value to the setting's value, raising ValueError or TypeError
    for one it refuses; ``allowed`` says in words what it accepts (every refusal quotes it).
    ``kind`` and ``params`` name the family and its parameters (a minimum, the choices)."""

    kind: str
    allowed: str
    check: Callable[[Any], Any]
    parse: Callable[[str], Any] = str.strip
    params: tuple = ()

    def __call__(self, value):
        return self.check(self.parse(value) if isinstance(value, str) else value)


def _flag_text(text: str) -> bool:
    t = text.strip().lower()
    if t in ("1", "true", "yes", "on"):
        return True
    if t in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


def _flag_value(v) -> bool:
    if isinstance(v, bool) or (isinstance(v, int) and v in (0, 1)):
        return bool(v)
    raise ValueError(v)


FLAG = Converter("flag", "one of 0/1, false/true, no/yes, off/on (any case)", _flag_value, _flag_text)


def _integer(low: int) -> Converter:
    """An integer of at least ``low``."""
    def check(v) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise ValueError(v)
        return v
    return Converter("int", f"an integer >= {low}", check, int, (low,))


def _number(low: float) -> Converter:
    """A finite number of at least ``low`` (kept as a float)."""
    def check(v) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not low <= v < float("inf"):
            raise ValueError(v)
        try:
            return float(v)
        except OverflowError:   # an int past the largest float (10**400)
            raise ValueError(v) from None
    return Converter("number", f"a finite number >= {low}", check, float, (low,))


def _choice(*options: str, fold_case: bool = False) -> Converter:
    """One of ``options`` (any case where ``fold_case``)."""
    def check(v) -> str:
        t = v.strip().lower() if fold_case and isinstance(v, str) else v
        if not isinstance(t, str) or t not in options:
            raise ValueError(v)
        return t
    return Converter("choice", ", ".join(options[:-1]) + " or " + options[-1], check, str.strip, options)


def _arch_value(v) -> str | None:
    if v is None or v == "":
        return None
    if not isinstance(v, str) or not re.fullmatch(r"sm_\d+[a-z]?", v):
        raise ValueError(v)
    return v


ARCH = Converter("arch", f"an architecture such as {DEFAULT_ARCH} (empty: the current device's)", _arch_value)


def _folder_value(v) -> str:
    t = os.fspath(v) if isinstance(v, os.PathLike) else v
    if not isinstance(t, str) or not t.strip():
        raise ValueError(v)
    return os.path.expanduser(t)


FOLDER = Converter("folder", "a directory (a non-empty path; ~ expands)", _folder_value, lambda t: t)


def _block_text(text: str) -> tuple:
    return tuple(int(part) for part in text.replace("x", ",").split(","))


def _block_value(v) -> tuple:
    if not isinstance(v, (tuple, list)) or len(v) != 2 or \
            not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in v) or v[0] * v[1] > 1024:
        raise ValueError(v)
    return tuple(v)


BLOCK = Converter("block", "two positive integers (fast, slow) with a product of at most 1024 "
                           "(in text: 32,8)", _block_value, _block_text)


def _options_value(v) -> tuple:
    if not isinstance(v, (tuple, list)) or not all(isinstance(o, str) for o in v):
        raise ValueError(v)
    return tuple(v)


OPTIONS = Converter("options", "a tuple of strings (in text: shell words, as '-lineinfo --use_fast_math')",
                    _options_value, shlex.split)


def _setting(default, converter: Converter, doc: str, factory=None):
    """A field of :class:`Settings`: its default (or ``factory``), converter and one-line doc."""
    meta = {"converter": converter, "doc": doc}
    if factory is not None:
        return dataclasses.field(default_factory=factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def _default_cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return os.path.join(base, "kfuse")


@dataclasses.dataclass(frozen=True)
class Settings:
    """All kfuse settings, each converted and checked on construction (:func:`_convert`)."""

    cache_dir: str = _setting(None, FOLDER, "the on-disk kernel cache", _default_cache_dir)
    use_disk_cache: bool = _setting(True, FLAG, "read/write compiled cubins under cache_dir")
    arch: str | None = _setting(None, ARCH, "the target, e.g. sm_90; None: the current device's, "
                                            f"or {DEFAULT_ARCH} without one")
    default_dtype: str = _setting("float32", _choice("float32", "float64", "complex64", "complex128"),
                                  "the element type of script values that declare none")
    tile_block: tuple = _setting((32, 8), BLOCK, "threads per block (fast, slow) of 2-D (matrix) kernels "
                                                 "of the unfused plan (fuse=False); the search picks its own")
    target_blocks_per_sm: int = _setting(4, _integer(1), "serial iterations leave about this many blocks per SM")
    sm_count: int = _setting(DEFAULT_SM_COUNT, _integer(1), "multiprocessors assumed when planning without "
                                                            f"a GPU ({DEFAULT_DEVICE}'s)")
    check_inputs: bool = _setting(True, FLAG, "validate shapes/dtypes/layout of arrays at every call")
    nvrtc_extra_options: tuple = _setting((), OPTIONS, "extra options passed to NVRTC")
    fmad: bool = _setting(True, FLAG, "let NVRTC contract a * b + c into one FMA (its default, as "
                                      "torch.compile/Triton); False: --fmad=false, rounded as NumPy/CuPy eager")
    deterministic: bool = _setting(False, FLAG, "no float atomics: results bitwise reproducible run to run")
    precision: str = _setting("ieee", _choice("ieee", "tf32", "fp32x3", fold_case=True),
                              "float32 matrix products: ieee (exact fp32, CUDA cores), tf32 (TF32 tensor "
                              "cores, mma.sync: 10-bit mantissas) or fp32x3 (3xTF32 tensor cores: each "
                              "operand split into two TF32 parts, an error of fp32's order)")
    fuse: bool = _setting(True, FLAG, "plan with the fusion search (False: one kernel per call)")
    poison: bool = _setting(False, FLAG, "fill outputs and workspace with NaN before launches (tests)")
    overlap: bool = _setting(False, FLAG, "on several GPUs, compute each step's interior while its halos are "
                                          "exchanged, then the boundary strips (kfuse.distributed)")
    halo_depth: int = _setting(1, _integer(0), "on several GPUs, kfuse.iterate steps a one-kernel step this "
                                               "many times per exchange of halos as many times wider "
                                               "(kfuse.distributed.deep; 1: an exchange every step; 0: the "
                                               "depth the model predicts fastest, kfuse.distributed.depth)")
    peer_copies: bool = _setting(True, FLAG, "on several GPUs of one node, the halo exchanges of kfuse.iterate's "
                                             "CUDA graphs whose messages are at most 256 KiB copy from the "
                                             "neighbours' memory (CUDA IPC) instead of NCCL "
                                             "(kfuse.distributed.peer)")
    temporal_depth: int = _setting(0, _integer(0), "kfuse.iterate on one GPU: steps per pass over the grid of a "
                                                   "2-D or 3-D stencil step (temporal blocking; 0: the model picks, "
                                                   "1: one step per pass, k: k steps, where the step allows it)")
    temporal_tune: int = _setting(3, _integer(0), "kfuse.iterate: time this many of the model's best pass shapes "
                                                  "on a step's first blocked run and keep the fastest (0, 1: "
                                                  "the model's pick)")
    reuse_outputs: int = _setting(16 << 20, _integer(0), "outputs up to this many bytes may reuse an earlier "
                                                         "call's array nobody holds any more (0: always allocate)")
    auto_graph: bool = _setting(True, FLAG, "replay a CUDA graph of a call's launches for arguments seen "
                                            "twice: one host call, not one per kernel")
    search_local_min_calls: int = _setting(101, _integer(0), "programs with fewer calls keep the greedy plan "
                                                             "of the fusion search (see fusion/local.py)")
    search_kicks: int = _setting(300, _integer(0), "perturbation rounds of the local search (0: descent only)")
    search_time_s: float = _setting(5.0, _number(0.0), "time cap of the search's improvement phase (seconds)")
    search_grid_time_s: float = _setting(2.0, _number(0.0), "the same for programs of grid calls only")
    search_max_s: float = _setting(60.0, _number(0.0), "time cap of the whole search, greedy phase included: "
                                                       "each phase stops there with the best legal plan")
    search_seed: int = _setting(0, _integer(0), "seed of the local search's random moves")
    gga_population: int = _setting(100, _integer(2), "individuals of the reference grouped genetic algorithm "
                                                     "(kfuse.fusion.gga; not the default search)")
    gga_gens: int = _setting(500, _integer(0), "generations of the reference grouped genetic algorithm")
    gga_time_s: float = _setting(600.0, _number(0.0), "time cap of the reference grouped genetic algorithm (s)")

    def __post_init__(self):
        for spec in SPECS.values():
            value = getattr(self, spec.name)
            object.__setattr__(self, spec.name, _convert(spec.name, value, f"Settings({spec.name}={value!r})"))


@dataclasses.dataclass(frozen=True)
class Spec:
    """One row of the settings table: a field of :class:`Settings` and how it is given."""

    name: str
    type: str
    converter: Converter
    doc: str
    field: dataclasses.Field = dataclasses.field(repr=False)

    @property
    def env(self) -> str:
        """The environment variable that sets it."""
        return "KFUSE_" + self.name.upper()

    @property
    def default(self):
        f = self.field
        return f.default_factory() if f.default is dataclasses.MISSING else f.default


#: the settings table: name -> :class:`Spec`, in declaration order
SPECS = {f.name: Spec(f.name, str(f.type), f.metadata["converter"], f.metadata["doc"], f)
         for f in dataclasses.fields(Settings)}
#: settings kfuse no longer has: a variable or override naming one is refused with the reason
REMOVED = {"block_size": "the fusion search chooses each kernel's block size (see `kfuse explain`); "
                         "pin one with a plan file (`kfuse plan -o`, then --plan)"}
#: KFUSE_* variables read elsewhere (not settings): no warning for these
OTHER_ENV: set = set()


def _hint(name: str, known, prefix: str = "") -> str:
    """The " (did you mean X?)" for the name of ``known`` nearest ``name``, compared without ``prefix``."""
    near = difflib.get_close_matches(name[len(prefix):], sorted(k[len(prefix):] for k in known), n=1)
    return f" (did you mean {prefix}{near[0]}?)" if near else ""


def _convert(name: str, value, source: str):
    """``value`` of the setting ``name`` through its converter; ``source`` says where the value
    came from.  The one path of every value: a refusal is one ConfigError naming the source, the
    setting and the values it allows."""
    if name in REMOVED:
        raise ConfigError(f"{source}: {name} is no longer a setting: {REMOVED[name]}")
    spec = SPECS.get(name)
    if spec is None:
        raise ConfigError(f"{source}: unknown kfuse setting {name}{_hint(name, SPECS)}")
    try:
        return spec.converter(value)
    except (ValueError, TypeError):
        raise ConfigError(f"{source}: setting {name} expects {spec.converter.allowed}") from None


def env_source(name: str, text: str) -> str:
    """How a refusal names a value from the environment."""
    return f"environment variable KFUSE_{name.upper()}={text!r}"


def override_source(name: str, value) -> str:
    """How a refusal names a value given to :func:`override`."""
    return f"override({name}={value!r})"


def _from_env() -> Settings:
    """Settings from the defaults and the ``KFUSE_*`` environment variables.

    A setting's or removed setting's variable goes through :func:`_convert` (a refused value is a
    ConfigError naming the variable); a ``KFUSE_*`` variable kfuse does not know gets a warning
    (a typo must not pass silently)."""
    known = {spec.env for spec in SPECS.values()} | OTHER_ENV
    values = {}
    for var in sorted(k for k in os.environ if k.startswith("KFUSE_")):
        name = var[len("KFUSE_"):].lower()
        if var == "KFUSE_" + name.upper() and (name in SPECS or name in REMOVED):
            values[name] = _convert(name, os.environ[var], env_source(name, os.environ[var]))
        elif var not in known:
            hint = _hint(var, known, "KFUSE_")
            warnings.warn(f"unknown environment variable {var} ignored{hint}", KfuseWarning, stacklevel=3)
    return Settings(**values)


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
    """``changes`` (setting name -> value) as :func:`override` takes them: each through
    :func:`_convert`, the path of the environment's values."""
    return {name: _convert(name, value, override_source(name, value)) for name, value in changes.items()}


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
    if folder in _UNUSABLE_SAID:
        return
    _UNUSABLE_SAID.add(folder)
    warnings.warn(f"kfuse cache folder {folder} is unusable ({reason}): compiled kernels are not kept "
                  f"on disk (set KFUSE_CACHE_DIR to a writable folder, or KFUSE_USE_DISK_CACHE=0)",
                  KfuseWarning, stacklevel=4)
