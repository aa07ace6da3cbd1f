#!/usr/bin/env bash
# The sanitizer run on the device machine, from the repository root:
#   bash tests/sanitize/run_sanitizer.sh [--only TEXT...] [--tools memcheck,racecheck]
# compute-sanitizer memcheck and racecheck over the examples, every stencil staging variant, every
# BLAS-3 family (fp32 and TF32) and the solvers, CuPy's pools off; table on stdout, JSON in $OUT.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:.
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
timeout 570 python3 tests/sanitize/run_sanitizer.py "$@" 2>&1 | tee "$OUT"/sanitizer.log | tail -60
exit "${PIPESTATUS[0]}"
