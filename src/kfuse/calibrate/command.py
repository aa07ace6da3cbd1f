"""The ``kfuse calibrate`` command line: options, the run (:mod:`.probes`, or :mod:`.gemm` with
``--blas3``) and the printed comparison."""
from __future__ import annotations

import sys
import time

from ..errors import NoGPUError
from . import probes


def main(argv=None, make_check=None) -> int:
    """``kfuse calibrate ...``: parse ``argv``, measure, print the comparison; ``make_check()``
    gives the validation :func:`.probes.calibrate` runs (none: the new calibration is kept
    unvalidated, as with ``--no-validate``).  Returns the exit status."""
    import argparse
    ap = argparse.ArgumentParser(prog="kfuse calibrate", description=probes.__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", help="where to write the JSON (default: the user's "
                    "calibrations folder, <cache_dir>/calibrations/<device>.json)")
    ap.add_argument("--quick", action="store_true", help="the large size only, fewer variants")
    ap.add_argument("--kinds", help="comma-separated probe kinds to (re)measure, merged into the "
                    f"existing calibration ({', '.join(p[0] for p in probes.PROBES)}; host: the host costs of a call)")
    ap.add_argument("--max-variants", type=int, default=None)
    ap.add_argument("--classes", help="comma-separated size classes to measure (medium, large; default both)")
    ap.add_argument("--repeats", type=int, default=probes.REPEATS,
                    help=f"passes over every probe kernel, median kept (default {probes.REPEATS})")
    ap.add_argument("--no-validate", action="store_true",
                    help="write the new calibration without checking that kfuse is not slower with it")
    ap.add_argument("--blas3", action="store_true", help="measure the GEMM engines' peaks and the gemm "
                    "space's schemes instead (the calibration's \"gemm\" section; kfuse.calibrate.gemm)")
    ap.add_argument("--sizes", help="--blas3: comma-separated n of the square products (default 2048,4096,8192; "
                    "--quick: 4096)")
    ap.add_argument("--dry-run", action="store_true", help="--blas3: list the work and stop (no GPU needed)")
    ap.add_argument("--engines", help="--blas3: comma-separated GEMM engines to time (default all: "
                    "ffma, mma_tf32, mma_f64); the others keep their figures")
    a = ap.parse_args(argv)
    if a.blas3:
        return _main_blas3(ap, a)
    if a.dry_run or a.sizes or a.engines:
        ap.error("--dry-run, --sizes and --engines go with --blas3")
    t0 = time.time()
    kinds = a.kinds.split(",") if a.kinds else None
    classes = tuple(a.classes.split(",")) if a.classes else ("large",) if a.quick else ("medium", "large")
    if set(classes) - {"medium", "large"}:
        ap.error(f"--classes: unknown class in {a.classes!r} (medium, large)")
    if a.repeats < 1:
        ap.error("--repeats must be >= 1")
    try:
        check = make_check() if make_check and not a.no_validate else None
        res = probes.calibrate(a.output, classes, a.max_variants or (24 if a.quick else 48), kinds,
                               host=not kinds or "host" in kinds, check=check, repeats=a.repeats)
    except NoGPUError as e:
        print(f"kfuse: error: {e}", file=sys.stderr)
        return 1
    cal = res["calibration"]
    print(res["table"])
    where = res["path"] if res["kept"] else res["path"][:-5] + ".rejected.json"
    print(f"\ncalibrated {cal.device}: {len(cal.env_factor)} environments in {time.time() - t0:.0f} s; "
          f"{'written to' if res['kept'] else 'NOT used, kept for inspection in'} {where}; "
          f"comparison: {res['report']}")
    return 0


def _main_blas3(ap, a) -> int:
    """``kfuse calibrate --blas3 [--quick] [--sizes ...] [--engines ...] [--max-variants K] [--dry-run]
    [-o F]``."""
    from . import gemm as cg
    try:
        sizes = tuple(int(x) for x in a.sizes.split(",")) if a.sizes else cg.QUICK_SIZES if a.quick else cg.SIZES
    except ValueError:
        ap.error(f"--sizes expects comma-separated integers, got {a.sizes!r}")
    if not sizes or min(sizes) < 1:
        ap.error("--sizes must be positive")
    if a.kinds or a.classes or a.no_validate:
        ap.error("--kinds, --classes and --no-validate do not apply to --blas3")
    engines = tuple(dict.fromkeys(a.engines.split(","))) if a.engines else cg.ENGINES   # each once
    unknown = [e for e in engines if e not in cg.ENGINES]
    if unknown or not engines:
        ap.error(f"--engines: unknown engine(s) {', '.join(map(repr, unknown))} (known: {', '.join(cg.ENGINES)})")
    if a.dry_run:
        cg.dry_run(sizes, engines=engines, most=a.max_variants)
        return 0
    t0 = time.time()
    try:
        res = cg.calibrate_gemm(a.output, sizes, engines=engines, most=a.max_variants)
    except NoGPUError as e:
        print(f"kfuse: error: {e}", file=sys.stderr)
        return 1
    print(cg.table(res["rows"], res["section"]["peak"]))
    print(f"\ncalibrated the gemm section ({len(res['rows'])} GEMMs) in {time.time() - t0:.0f} s; "
          f"written to {res['path']}")
    return 0
