#!/usr/bin/env bash
# Issue 35 (stencils at the limit) on the device, from the repository root:
#   bash benchmarks/device_issue35.sh STEP...
# Steps: health (clocks, other processes, the copy ceiling: exits the script when the copy
# reaches under HEALTH_MIN GB/s, so no figure of a degraded GPU is taken), calibrate (the grid
# kinds of the calibration re-measured, merged into the shipped one: $OUT/cal/), install (that
# calibration in force for the later steps), sweep (the
# variant sweep of benchmarks/stencil_variants.py over SWEEP workloads, each in both dtypes,
# logs tarred into $OUT/sweep.tgz), tests (the stencil files of the GPU tier), bench (kfuse bench
# --stencils over BENCH_WORKLOADS), temporal3d (the 3-D and np.pad temporal blocking tests of the GPU tier,
# then benchmarks/temporal_sweep.py --heat3d at 512^3, both types: every tile beside one step per
# launch, and the fitted temporal["3d"] figures, in $OUT/temporal3d/).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:.
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
for step in "$@"; do
  t0=$(date +%s)
  case "$step" in
    health)
      nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.draw,temperature.gpu,utilization.gpu --format=csv
      nvidia-smi --query-compute-apps=pid,name,used_memory --format=csv
      python3 - <<'PY' || exit 3
import os, cupy, numpy as np
x = cupy.empty(1 << 28, np.float32); y = cupy.empty_like(x)
for _ in range(3): cupy.copyto(y, x)
a, b = cupy.cuda.Event(), cupy.cuda.Event(); a.record()
for _ in range(20): cupy.copyto(y, x)
b.record(); b.synchronize()
gbs = 2 * x.nbytes * 20 / (cupy.cuda.get_elapsed_time(a, b) * 1e-3) / 1e9
print(f"copy ceiling {gbs:.0f} GB/s")
raise SystemExit(0 if gbs >= float(os.environ.get("HEALTH_MIN", 3800)) else 1)
PY
      [ $? -eq 0 ] || { echo "health: the copy ceiling is under ${HEALTH_MIN:-3800} GB/s: no figures taken"; exit 3; } ;;
    calibrate)
      mkdir -p "$OUT/cal"
      timeout "${CAL_LIMIT:-300}" python3 -m kfuse calibrate --kinds "${CAL_KINDS:-grid3-map,grid3-chain,grid2-map,grid3-map-f64,grid3-chain-f64,grid2-map-f64}" \
        --max-variants 200 --no-validate -o "$OUT/cal/nvidia_h200.json" > "$OUT/cal/log.txt" 2>&1
      echo "calibrate: exit $? after $(( $(date +%s) - t0 )) s"; tail -3 "$OUT/cal/log.txt" ;;
    install)   # the calibration just measured, in force for the steps after this one (this copy of the tree only)
      cp "$OUT/cal/nvidia_h200.json" src/kfuse/model/calibrations/nvidia_h200.json && echo "install: calibration in force" ;;
    sweep)
      mkdir -p "$OUT/sweep"
      product='{"bx": [32, 64, 128], "by": [2, 4, 8], "vec": [2, 4], "zc": [1, 2, 4, 8], "py": [1, 2]}'
      for n in ${SWEEP:-heat3d-512 box27-512 flux5-512}; do for d in float32 float64; do
        PRODUCT="${PRODUCT:-$product}" DTYPE=$d \
          OUT="$OUT/sweep/$n-$d" timeout "${SWEEP_LIMIT:-70}" python3 benchmarks/stencil_variants.py $n > "$OUT/sweep/$n-$d.log" 2>&1
        echo "$n $d: exit $?"; grep -E "model plan|ceiling" "$OUT/sweep/$n-$d.log"
        python3 benchmarks/tools/sweep_top.py "$OUT/sweep/$n-$d.log" 5
      done; done
      tar -czf "$OUT/sweep.tgz" -C "$OUT" sweep && rm -rf "$OUT/sweep" ;;
    tests)
      timeout "${TESTS_LIMIT:-300}" python3 -m pytest -q -n "${TESTS_WORKERS:-12}" -p no:cacheprovider -rfE --timeout 200 \
        ${TESTS:-tests/gpu/test_stencil_gpu.py tests/gpu/test_script_stencil_gpu.py tests/gpu/test_fuzz_stencil_gpu.py} > "$OUT/tests.log" 2>&1
      echo "tests: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "(FAILED|ERROR) tests/" "$OUT/tests.log" | head -20; tail -2 "$OUT/tests.log" ;;
    bench)
      timeout "${BENCH_LIMIT:-400}" python3 -m kfuse bench --stencils ${BENCH_WORKLOADS:+--workload $BENCH_WORKLOADS} \
        ${BENCH_IMPLS:+--impls $BENCH_IMPLS} \
        --budget "${BENCH_BUDGET:-360}" --out "$OUT/stencils" > "$OUT/bench.log" 2>&1
      echo "bench: exit $? after $(( $(date +%s) - t0 )) s"; tail -40 "$OUT/bench.log" ;;
    temporal3d)
      mkdir -p "$OUT/temporal3d"
      timeout "${TESTS_LIMIT:-240}" python3 -m pytest -q -n "${TESTS_WORKERS:-8}" -p no:cacheprovider -rfE --timeout 200 \
        tests/gpu/test_temporal3d_gpu.py tests/gpu/test_temporal_gpu.py tests/gpu/test_temporal_pads_gpu.py \
        > "$OUT/temporal3d/tests.log" 2>&1
      echo "temporal3d tests: exit $?"; grep -E "(FAILED|ERROR) tests/" "$OUT/temporal3d/tests.log" | head; tail -1 "$OUT/temporal3d/tests.log"
      timeout "${SWEEP_LIMIT:-300}" python3 benchmarks/temporal_sweep.py --heat3d --sizes "${HEAT3D_N:-512}" \
        --depths ${HEAT3D_DEPTHS:-2 3 4} --steps 24 --repeats 3 --out "$OUT/temporal3d" > "$OUT/temporal3d/sweep.log" 2>&1
      echo "temporal3d sweep: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "one step|model|fitted|check" "$OUT/temporal3d/sweep.log"
      sort -k7 -n "$OUT/temporal3d/sweep.log" | grep forced | head -8 ;;
    tsan)   # compute-sanitizer over the temporal blocking cases (2-D, 3-D, np.pad)
      OUT="$OUT/san_temporal" bash tests/sanitize/run_sanitizer.sh --only temporal/ > "$OUT/sanitize_temporal.log" 2>&1
      echo "tsan: exit $?"; tail -8 "$OUT/sanitize_temporal.log" ;;
    *) echo "unknown step $step (health, calibrate, sweep, tests, bench, temporal3d, tsan)" ;;
  esac
done
