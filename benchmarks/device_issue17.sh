#!/usr/bin/env bash
# Issue 17 on one GPU, one device call (expected 7-9 minutes; hard limits below add to 565 s):
#   1. kfuse calibrate --quick with validation (limit 270 s): prints the comparison table of the
#      plans the new and the current calibration choose (11 sequences x 3 sizes, 4 solver
#      kernels) and whether the new one is kept; a kept one is what step 2 plans with.
#   2. kfuse bench --quick with the CUDA-graph peers (budget 250 s, limit 290 s), hot timing only.
# Run from the repository root:  bash benchmarks/device_issue17.sh [calibrate] [bench]
# Files under $OUT (or ./out): calibrate.log, <device>.json or <device>.rejected.json,
# <device>.validation.md, bench.log, report.md, bench-quick.tgz.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src
OUT=${OUT:-out}; mkdir -p "$OUT"
# a cache folder of this run's own: the calibration goes there (never into the package) and
# the bench's kfuse worker reads it from there, as a user's would after `kfuse calibrate`
export KFUSE_CACHE_DIR=${KFUSE_CACHE_DIR:-/tmp/kfuse-issue17-cache}
steps=("$@"); [ ${#steps[@]} -eq 0 ] && steps=(calibrate bench)
for step in "${steps[@]}"; do
  case "$step" in
    calibrate)
      t0=$(date +%s)
      timeout 270 python3 -m kfuse calibrate --quick > "$OUT"/calibrate.log 2> "$OUT"/calibrate.err
      echo "calibrate: exit $? after $(( $(date +%s) - t0 )) s"
      grep -E "^spread" "$OUT"/calibrate.err | tail -1
      tail -c 1500 "$OUT"/calibrate.err | grep -iE "error|Traceback" | tail -5
      cat "$OUT"/calibrate.log
      cp "$KFUSE_CACHE_DIR"/calibrations/* "$OUT"/ 2>/dev/null
      rm -f "$OUT"/calibrate.err ;;
    bench)
      t0=$(date +%s)
      timeout 290 python3 -m kfuse.bench --quick --budget 250 --no-rotating --min-time 0.03 \
        --impls kfuse,torch-graph,cupy-graph,inductor-graphs,cublas,torch,inductor,cupy,jax \
        --out /tmp/kfb/issue17 > "$OUT"/bench.log 2>&1
      echo "bench: exit $? after $(( $(date +%s) - t0 )) s"
      grep -vE "^\[" "$OUT"/bench.log | tail -60
      cp /tmp/kfb/issue17/report.md "$OUT"/ 2>/dev/null
      tar czf "$OUT"/bench-quick.tgz -C /tmp/kfb issue17 ;;
    *) echo "unknown step $step (calibrate, bench)" ;;
  esac
done
