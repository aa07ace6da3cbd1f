#!/usr/bin/env bash
# One device call's worth of work, in the order of importance (each step bounded in time).
# Run from the repository root on the device machine:  bash benchmarks/device_run.sh STEP...
# Steps: tests, calibrate, bench, quick, fusedblas, solvers, tune.  Results go to $OUT (or ./out).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src
OUT=${OUT:-out}; mkdir -p "$OUT"
D=$(date +%F)
for step in "$@"; do
  case "$step" in
    tests)     timeout 200 python3 -m pytest tests/gpu -q -n 14 -p no:cacheprovider -p no:benchmark 2>&1 | tail -15 ;;
    calibrate) timeout 240 python3 -m kfuse calibrate 2>/dev/null | tail -60; cp "${KFUSE_CACHE_DIR:-$HOME/.cache/kfuse}"/calibrations/* "$OUT"/ ;;
    bench)     timeout 560 python3 -m kfuse.bench --budget 470 --out /tmp/kfb/$D > "$OUT"/bench.log 2>&1; tail -25 "$OUT"/bench.log
               tar czf "$OUT"/bench.tgz -C /tmp/kfb "$D" ;;
    quick)     timeout 200 python3 -m kfuse.bench --quick --impls kfuse --no-rotating --out /tmp/kfb/quick > "$OUT"/quick.log 2>&1
               grep -E "n=|\^" "$OUT"/quick.log | tail -34 ;;
    fusedblas) timeout 300 python3 -m kfuse.bench.fusedblas --out /tmp/kfb/fusedblas 2>/dev/null | tail -70
               tar czf "$OUT"/fusedblas.tgz -C /tmp/kfb fusedblas ;;
    solvers)   timeout 400 python3 -m kfuse.bench.solvers --out /tmp/kfb/solvers 2>/dev/null | tail -40
               tar czf "$OUT"/solvers.tgz -C /tmp/kfb solvers ;;
    tune)      (cd src/kfuse/examples && PYTHONPATH=../.. timeout 200 python3 -m kfuse tune atax.kf bicgk.kf sgemv.kf \
                 sgemvt.kf gemver.kf gesummv.kf madd.kf --size m=4096 --size n=4096 --top 8 --report "$OUT"/t45_2.md \
                 2>/dev/null | tail -2) ;;
    *) echo "unknown step $step" ;;
  esac
done
