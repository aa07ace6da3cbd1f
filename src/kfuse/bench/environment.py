"""The benchmark run's environment: package versions, GPU, command line, output folder.

Nothing here imports a GPU library (versions come from package metadata, the GPU from
nvidia-smi).
"""
from __future__ import annotations

import datetime as _dt
import platform
import shlex
import subprocess
import sys
from pathlib import Path

PACKAGES = ("numpy", "cupy", "torch", "triton", "jax", "jaxlib", "matplotlib", "kfuse")


def package_versions() -> dict[str, str | None]:
    """Installed versions (from package metadata; nothing is imported)."""
    from importlib import metadata

    try:
        dists = metadata.packages_distributions()
    except Exception:
        dists = {}
    out = {}
    for top in PACKAGES:
        names = list(dists.get(top, [])) + [top]
        version = None
        for dist in names:
            try:
                version = metadata.version(dist)
                if dist != top:
                    version = f"{version} ({dist})"
                break
            except Exception:
                continue
        out[top] = version
    return out


def _run_text(cmd: list[str], cwd: str | None = None) -> str | None:
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=15, cwd=cwd)
        return res.stdout.strip() if res.returncode == 0 else None
    except Exception:
        return None


def collect_meta(args, argv: list[str], sizes: dict, impls: list[str], seqs: list[str]) -> dict:
    """Date, command line, host, versions, GPU (from nvidia-smi) and the run's settings."""
    smi = _run_text(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                     "--format=csv,noheader"])
    git = _run_text(["git", "rev-parse", "--short", "HEAD"])
    dirty = _run_text(["git", "status", "--porcelain"])
    cmd = getattr(sys, "orig_argv", None) or [sys.executable] + sys.argv
    return {
        "date": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "command": shlex.join(cmd),
        "argv": list(argv),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "versions": package_versions(),
        "nvidia_smi": smi,
        "git": (git + ("+dirty" if dirty else "")) if git else None,
        "dtype": args.dtype,
        "seed": args.seed,
        "min_time_s": args.min_time,
        "reference": args.reference,
        "rotating": not args.no_rotating,
        "impls": impls,
        "sequences": seqs,
        "sizes": {"blas2": [list(s) for s in sizes["blas2"]], "blas1": sizes["blas1"]},
    }


def default_out_dir(args) -> Path:
    """benchmarks/results/<date>[-quick][-float64], numbered if it exists."""
    name = _dt.date.today().isoformat()
    if args.quick:
        name += "-quick"
    if args.dtype == "float64":
        name += "-float64"
    base = Path("benchmarks") / "results"
    path, k = base / name, 2
    while path.exists() and any(path.iterdir()):
        path, k = base / f"{name}-{k}", k + 1
    return path
