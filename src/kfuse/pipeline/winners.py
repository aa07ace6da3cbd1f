"""Tuned GEMM schemes: the winner per routine, variant, dtype, precision, shape bucket and GPU.

``kfuse tune`` on a program with matrix products times the gemm space's schemes (the kernel's
variants); the scheme of each gemm kernel of the winning plan is recorded under
:func:`scheme_key` -- ``gemm|NN|float32|tf32|4096x4096x4096|nvidia_h200`` -- in the user's table
(``<cache_dir>/tuned/gemm_winners.json``).  Planning a program without a tuned plan of its own
then runs, in each gemm kernel, the winner recorded for its key (:func:`apply_winners`), the
user's table first, then the one shipped for the GPU (``kfuse/model/calibrations/
gemm_winners_<device>.json``, written by ``kfuse tune --blas3-table``), so a first call of a
product of a known kind and size needs no tuning.  A winner the kernel's space refuses (an
edited table, another kfuse) is not used.

A table is JSON: ``{"version": 1, "device": ..., "winners": {key: {"scheme": {field: value},
"measured_s": t, "program": name, "engines": [...]}}}``; one that does not read or validate is
ignored with a KfuseWarning.  ``engines`` names the engines whose schemes the tuning timed for
the key (those serving its dtype and precision then; :data:`LEGACY_ENGINES` for an entry without
it): a winner is not applied to a kernel the search put on an engine it did not time (float64 on
mma_f64 against a winner timed on ffma alone), since it says nothing of that engine's rate.
"""
from __future__ import annotations

import json
import math
import os
import warnings

from .. import config, files
from ..errors import KfuseError, KfuseWarning

VERSION = 1
_SHIPPED = os.path.join(os.path.dirname(os.path.dirname(__file__)), "model", "calibrations")
#: the programs ``kfuse tune --blas3-table`` tunes: (dtype, precision, sizes)
TABLE_POINTS = (("float32", "ieee", (1024, 2048, 4096, 8192)), ("float32", "tf32", (1024, 2048, 4096, 8192)),
                ("float64", "ieee", (1024, 4096)))


#: the engines a winner without ``engines`` was timed on (the table's entries older than mma_f64)
LEGACY_ENGINES = ("ffma", "mma_tf32")


def bucket(n: int) -> int:
    """The power of two at or above ``n`` (1 for n <= 1): 3000 -> 4096, 4096 -> 4096."""
    return 1 if n <= 1 else 1 << math.ceil(math.log2(n))


def scheme_key(routine: str, variant: str, dtype: str, precision: str, m: int, n: int, k: int,
               device: str) -> str:
    """``gemm|NN|float32|tf32|4096x4096x1024|nvidia_h200``: what a tuned scheme is cached by."""
    from ..model.calibration import device_slug
    return f"{routine}|{variant}|{dtype}|{precision}|{bucket(m)}x{bucket(n)}x{bucket(k)}|{device_slug(device)}"


def kernel_key(program, calls: list, device: str) -> str | None:
    """The :func:`scheme_key` of the gemm kernel running ``calls`` (None without a product):
    the routine and its variant from the library function (``trmm_lun`` -> ``trmm``, ``lun``)
    and whether each operand is read transposed (``NT``), the precision in force for its dtype."""
    from ..spaces import program_info
    from ..spaces.gemm.space import call_precision, gemm_call
    info = program_info(program)
    g = gemm_call(program, calls, info)
    if g is None:
        return None
    fn = info.fn(g)
    routine, _, sub = fn.name.partition("_")
    trans = "".join("T" if _transposed(program, program.calls[g].args[p]) else "N" for p in fn.operands)
    m, n, k = info.domain(g).shape
    dtype = info.dtype(g)
    return scheme_key(routine, f"{sub}-{trans}" if sub else trans, dtype, call_precision(dtype), m, n, k, device)


def _transposed(program, name: str) -> bool:
    val = program.value(name)
    return bool(val.view_of) and val.window is None


def user_path() -> str:
    """The user's table: ``<cache_dir>/tuned/gemm_winners.json``."""
    return os.path.join(config.get().cache_dir, "tuned", "gemm_winners.json")


def shipped_path(device: str) -> str:
    """The table shipped for ``device``: ``kfuse/model/calibrations/gemm_winners_<device>.json``."""
    from ..model.calibration import device_slug
    return os.path.join(_SHIPPED, f"gemm_winners_{device_slug(device)}.json")


def check_table(d) -> dict:
    """The winners of a table's JSON, checked; KfuseError says what is wrong."""
    from ..spaces.gemm.space import SCHEME_FIELDS
    if not isinstance(d, dict) or d.get("version") != VERSION or not isinstance(d.get("winners"), dict):
        raise KfuseError(f"expected {{\"version\": {VERSION}, \"winners\": {{...}}}}")
    for key, w in d["winners"].items():
        if len(key.split("|")) != 6:
            raise KfuseError(f"winner {key!r}: the key must be routine|variant|dtype|precision|MxNxK|device")
        if not isinstance(w, dict) or not isinstance(w.get("scheme"), dict):
            raise KfuseError(f"winner {key!r}: no 'scheme' object")
        unknown = set(w["scheme"]) - set(SCHEME_FIELDS)
        if unknown:
            raise KfuseError(f"winner {key!r}: unknown scheme field(s) {', '.join(sorted(unknown))}")
        if "engines" in w and not (isinstance(w["engines"], list) and all(isinstance(e, str) for e in w["engines"])):
            raise KfuseError(f"winner {key!r}: 'engines' must be a list of engine names")
    return d["winners"]


def read_table(path: str) -> dict:
    """The winners in ``path`` ({} when there is no file; a bad one warns and gives {}), read
    from disk once per process while the file stays as it is (same size and times): a
    later call gets the same dict back, not to be changed."""
    try:
        st = os.lstat(path)
    except OSError:
        return {}
    stamp = (path, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    if stamp not in _TABLES:
        _TABLES[stamp] = _read_table(path)
    return _TABLES[stamp]


#: (path, inode, size, mtime, ctime) -> the winners read from the file so
_TABLES: dict = {}


def _read_table(path: str) -> dict:
    """The winners in the file ``path`` (a bad one warns and gives {})."""
    try:
        if _in_cache(path):
            data = files.read_private(path, files.MAX_JSON_BYTES, config.get().cache_dir)
        else:
            data = files.read_bytes(path)
        return check_table(files.loads(data, path))
    except (OSError, ValueError, KfuseError, files.Untrusted) as e:
        warnings.warn(f"tuned GEMM schemes {path} ignored ({e})", KfuseWarning, stacklevel=3)
        return {}


def _in_cache(path: str) -> bool:
    """Whether ``path`` lies in the cache folder (read only if it is this user's alone)."""
    return os.path.abspath(path).startswith(os.path.join(os.path.abspath(config.get().cache_dir), ""))


def winners(device: str) -> dict:
    """The winners in force on ``device``: the shipped table's, then the user's over them."""
    return {**read_table(shipped_path(device)), **read_table(user_path())}


def write_table(path: str, new: dict, device: str) -> None:
    """Merge ``new`` winners into the table at ``path`` (created if absent), atomically."""
    table = {"version": VERSION, "device": device, "winners": {**read_table(path), **new}}
    data = (json.dumps(table, indent=1, sort_keys=True) + "\n").encode()
    if _in_cache(path):
        files.write_private(path, data)
    else:   # the user's --blas3-table FILE: written as every output path is
        files.write_output(path, data)


def plan_winners(program, plan, device: str, measured_s: float | None = None) -> dict:
    """{key: winner} of the gemm kernels of ``plan`` (their schemes, as tuned)."""
    from ..spaces.gemm.space import SCHEME_FIELDS
    out = {}
    for k in plan.kernels:
        if k.space != "gemm":
            continue
        key = kernel_key(program, k.calls, device)
        if key is not None:
            out[key] = {"scheme": {f: k.params[f] for f in SCHEME_FIELDS if f in k.params},
                        "measured_s": measured_s, "program": program.name, "engines": timed_engines(key)}
    return out


def timed_engines(key: str) -> list:
    """The engines a tuning of ``key`` times: those serving its dtype under its precision."""
    from ..spaces.gemm import engines
    dtype, precision = key.split("|")[2:4]
    return [e.name for e in engines.serving(dtype, precision)] or [engines.default().name]


def apply_winners(program, plan, device: str, table: dict | None = None):
    """``plan`` with each gemm kernel on the winner recorded for its key (``table``, default
    :func:`winners`), where the kernel's checks accept it (:func:`scheme_refusal`); the same
    plan when nothing applies.  The plan itself is not checked here (its caller checks the
    result once)."""
    import dataclasses

    table = winners(device) if table is None else table
    if not table:
        return plan
    kernels, notes = list(plan.kernels), []
    for i, k in enumerate(kernels):
        key = kernel_key(program, k.calls, device) if k.space == "gemm" else None
        if key is None or key not in table:
            continue
        if k.params.get("engine", "ffma") not in table[key].get("engines", LEGACY_ENGINES):
            continue   # planned on an engine the winner was not timed against: the model's pick stands
        params = {**k.params, **table[key]["scheme"]}
        if params == k.params:
            continue
        trial = dataclasses.replace(k, params=params)
        if scheme_refusal(program, trial):
            continue
        kernels[i] = trial
        notes.append(f"{k.name}: the tuned scheme of {key}")
    if not notes:
        return plan
    return dataclasses.replace(plan, kernels=kernels, notes=list(plan.notes) + notes)


def scheme_refusal(program, kernel) -> str | None:
    """Why ``kernel`` (a gemm kernel of a legal plan, its scheme replaced) may not run so, or
    None: what :func:`~kfuse.fusion.plan.check_plan` asks of a kernel's parameters (its
    space's schema, walk order and ``validate``); its calls, and so the rest of the plan, are
    as they were."""
    from .. import spaces
    from ..fusion.plan import check_params, kernel_domain, walk_refusal
    try:
        check_params(kernel)
        why = walk_refusal(program, kernel.calls, kernel.params)
        if why:
            return why
        spaces.get(kernel.space).validate(program, kernel, kernel_domain(program, kernel.calls),
                                          spaces.program_info(program))
    except KfuseError as e:
        return str(e)
    return None


def table_programs() -> list:
    """(dtype, precision, bound program) that ``kfuse tune --blas3-table`` tunes: C = A @ B."""
    from ..frontend import script
    text = "matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;"
    return [(dt, prec, script.parse(text, f"gemm_{n}_{dt}_{prec}", dt).bind({"m": n, "n": n, "k": n}))
            for dt, prec, sizes in TABLE_POINTS for n in sizes]

