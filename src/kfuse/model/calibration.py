"""Calibration data: what one GPU model does, measured once and shipped per device.

``calibrations/<device>.json`` holds the figures the cost model uses: streaming
read and write bandwidth, the bandwidth a kernel reaches as a function of the
bytes it has in flight (occupancy and 16-byte packs), the GPU-side gap between
dependent kernels, the host cost of a call, a launch and an allocation, and
per-routine compute cost per element, and the "gemm" section (the GEMM engines' peaks and
the schemes' efficiencies, ``kfuse calibrate --blas3``; :mod:`kfuse.spaces.gemm.calibration`).
``kfuse calibrate`` measures them on the
GPU in simulated fusion environments; the H200's ship with the package, so
planning works on a machine with no GPU.

Where a calibration is read from, first found wins (:func:`load_calibration`):

1. the user's: ``<kfuse.config cache_dir>/calibrations/<device>.json``, written by
   ``kfuse calibrate`` (never into the installed package); one that cannot be read or does not
   validate gives a warning and is skipped;
2. the one shipped for that device, then the default device's shipped one (the H200's,
   :data:`kfuse.config.DEFAULT_DEVICE`);
3. built-in defaults.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import warnings

from .. import config, files, spaces

_HERE = os.path.join(os.path.dirname(__file__), "calibrations")


@dataclasses.dataclass
class Calibration:
    """Figures of one GPU model (SI units: seconds, bytes/s)."""

    device: str = config.DEFAULT_DEVICE
    source: str = "defaults"              # 'defaults' or how/when it was measured
    sm_count: int = config.DEFAULT_SM_COUNT
    l2_bytes: int = 60 * 2**20
    read_bw: float = 4.41e12              # streaming read, 16-byte loads, full occupancy
    write_bw: float = 4.25e12             # streaming write
    l2_bw: float = 9.0e12                 # re-reads that hit L2
    # bytes in flight (grid-wide) at which a kernel reaches half its bandwidth: 0.5 MB matches the
    # 5% a 1-input map loses to a 2-input one under one 16-byte pack per thread (2^23, H200)
    bytes_in_flight_half: float = 0.5e6
    narrow_load_penalty: float = 1.35     # time factor for 4-byte instead of 16-byte loads at full occupancy
    gpu_launch_s: float = 2.0e-6          # GPU-side cost of one more kernel in a sequence
    host_call_s: float = 4.0e-6           # host cost of one kfuse call: argument checks, outputs list
    host_launch_s: float = 3.6e-6         # host cost of one launch through CuPy
    host_alloc_s: float = 1.5e-6          # host cost of allocating one output
    last_block_s: float = 1.5e-6          # the last-block handshake: fence, atomic, one more wave
    block_bw: float = 60e9                # bytes/s one block pulls when it alone finishes a strip
    atomic_rate: float = 1.5e11           # float atomics per second into distinct addresses
    zero_kernel_s: float = 1.5e-6         # GPU-side cost of the kernel zeroing atomic outputs before a plan
    routine_s: dict = dataclasses.field(default_factory=dict)  # "fn/dtype" -> seconds per element (compute)
    fma_rate: float = 33e12               # scalar FMA per second across the chip (fallback compute cost)
    env_factor: dict = dataclasses.field(default_factory=dict)  # env_key -> measured / analytic time
    measured: int = 0                     # kernels timed to make env_factor
    measured_wide: bool = False           # whether two 16-byte packs per thread were measured
    # share of the L2 a kernel walking ``up`` a matrix finds still holding what the kernel before
    # it touched last (fitted by ``kfuse calibrate`` on ATAX, SGEMVT and GEMVER)
    l2_reuse: float = 0.15
    wave_tail_s: float = 0.0              # a partly filled last wave of blocks (0: not modelled; a
                                          # calibration sets it with the factors measured under it)
    # temporally blocked passes: dtype -> {"level", "row"} thread-instructions, "single_block",
    # and "3d": a table of those keys for 3-D grids (:mod:`kfuse.model.temporal`; empty: its
    # defaults, fitted on the H200's 2-D passes; no "3d": no 3-D loop blocked unless forced)
    temporal: dict = dataclasses.field(default_factory=dict)
    # resident solver iterations: barrier_s, entry_s, f64, l2_bw, l2_share
    # (:mod:`kfuse.model.resident`; empty: its defaults, measured on the H200)
    resident: dict = dataclasses.field(default_factory=dict)
    # GEMM engine peaks and scheme efficiencies (``kfuse calibrate --blas3``; :mod:`kfuse.spaces.gemm.calibration`)
    gemm: dict = dataclasses.field(default_factory=dict)
    # several GPUs: "exchange_s" (one halo exchange between neighbours replayed in a CUDA graph)
    # and "bw" (bytes/s of a large message) (:mod:`kfuse.distributed.depth`; empty: its defaults)
    link: dict = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict:
        return dataclasses.asdict(self)

    @staticmethod
    def from_json(d: dict) -> "Calibration":
        fields = {f.name for f in dataclasses.fields(Calibration)}
        return Calibration(**{k: v for k, v in d.items() if k in fields})


def device_slug(device: str) -> str:
    """``NVIDIA H100 80GB HBM3`` -> ``nvidia_h100_80gb_hbm3`` (the file name's stem)."""
    return "".join(c.lower() if c.isalnum() else "_" for c in device).strip("_")


def _file_for(device: str) -> str:
    """The calibration shipped in the package for ``device`` (it may not exist)."""
    return os.path.join(_HERE, f"{device_slug(device)}.json")


def user_calibration_path(device: str) -> str:
    """Where ``kfuse calibrate`` writes ``device``'s calibration and the model reads it first:
    ``<cache_dir>/calibrations/<device>.json`` (:mod:`kfuse.config`)."""
    return os.path.join(config.get().cache_dir, "calibrations", f"{device_slug(device)}.json")


_POSITIVE = ("read_bw", "write_bw", "l2_bw", "sm_count", "l2_bytes")


def read_calibration(path: str, private: bool = False) -> Calibration:
    """The calibration in ``path``, checked; ValueError (or OSError) says what is wrong.
    ``private``: a file of the cache folder, read only if it and its folder are this user's
    alone (:func:`kfuse.files.read_private`)."""
    if private:
        try:
            data = files.read_private(path, files.MAX_JSON_BYTES, config.get().cache_dir)
        except files.Untrusted as e:
            raise ValueError(f"not used: {e}") from None
    else:
        data = files.read_bytes(path, path, error=ValueError)
    d = files.loads(data, os.path.basename(path), ValueError)
    if not isinstance(d, dict):
        raise ValueError(f"expected a JSON object, got {type(d).__name__}")
    fields = {f.name: f for f in dataclasses.fields(Calibration)}
    defaults = Calibration()
    for k, v in d.items():
        if k not in fields:
            continue
        want = type(getattr(defaults, k))
        if want in (int, float) and (isinstance(v, bool) or not isinstance(v, (int, float))
                                     or not math.isfinite(v)):
            raise ValueError(f"{k} must be a finite number, got {v!r}")
        if want in (dict, str, bool) and not isinstance(v, want):
            raise ValueError(f"{k} must be a {want.__name__}, got {type(v).__name__}")
    for space in spaces.claim_order():   # a space's own section (the GEMM engines' rates)
        if space.calibration_section in d:
            space.check_calibration(d[space.calibration_section])
    for k in _POSITIVE:
        if k in d and d[k] <= 0:
            raise ValueError(f"{k} must be > 0, got {d[k]!r}")
    for table in ("env_factor", "routine_s", "link"):
        for key, v in (d.get(table) or {}).items():
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0 or not math.isfinite(v):
                raise ValueError(f"{table}[{key!r}] must be a positive number, got {v!r}")
    return Calibration.from_json(d)


def write_calibration(cal: Calibration, path: str) -> None:
    """Write ``cal`` to ``path`` atomically (a reader never sees half a file)."""
    files.make_private_folder(os.path.dirname(os.path.abspath(path)))
    tmp = f"{path}.{os.getpid()}.tmp"
    with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
        json.dump(cal.to_json(), f, indent=1, sort_keys=True)
    os.replace(tmp, path)


def load_calibration(device: str = config.DEFAULT_DEVICE) -> Calibration:
    """The calibration of ``device``: the user's (``kfuse calibrate``), else the shipped one for
    the device, else the default device's shipped one (:data:`kfuse.config.DEFAULT_DEVICE`), else
    built-in defaults.  A user calibration that
    does not read or validate is skipped with a warning.  Cached per file state."""
    user = user_calibration_path(device)
    try:
        st = os.stat(user)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        user, stamp = None, None
    return _load(device, user, stamp)


@functools.lru_cache(maxsize=16)
def _load(device: str, user: str | None, stamp) -> Calibration:
    if user is not None:
        try:
            return read_calibration(user, private=True)
        except (OSError, ValueError, TypeError) as e:
            warnings.warn(f"kfuse: ignoring the calibration {user} ({e}); using the shipped one. "
                          "Run `kfuse calibrate` again or delete the file.", RuntimeWarning, stacklevel=3)
    for path in (_file_for(device), _file_for(config.DEFAULT_DEVICE)):
        if os.path.exists(path):
            return read_calibration(path)
    return Calibration(device=device)


load_calibration.cache_clear = _load.cache_clear   # type: ignore[attr-defined]
