#!/usr/bin/env bash
# Issue 18 on one GPU, one device call: the GPU tier of this tree, then the quick bench of kfuse
# alone for the tree before the refactor (baseline/src, carried) and this one, interleaved
# A1 B1 A2 B2, compared by benchmarks/tools/ab_compare.py (noise = the same tree twice).
# Run from the repository root:  [MIN_TIME=0.2] bash benchmarks/device_issue18.sh [gpu] [ab]
set -u
export PYTHONUNBUFFERED=1
OUT=${OUT:-out}; mkdir -p "$OUT"
steps=("$@"); [ ${#steps[@]} -eq 0 ] && steps=(gpu ab)
for step in "${steps[@]}"; do
  case "$step" in
    gpu)
      t0=$(date +%s)
      PYTHONPATH=src timeout 330 python3 -m pytest -q -n 14 -p no:cacheprovider -p no:benchmark -rfE tests/gpu \
        > "$OUT"/gpu.log 2>&1
      echo "gpu tier: exit $? after $(( $(date +%s) - t0 )) s"; tail -15 "$OUT"/gpu.log ;;
    ab)
      for run in A1 B1 A2 B2; do
        src=src; [ "${run:0:1}" = A ] && src=baseline/src
        t0=$(date +%s)
        KFUSE_CACHE_DIR=/tmp/kfab-$run PYTHONPATH=$src timeout 100 python3 -m kfuse.bench --quick --budget 80 \
          --no-rotating --no-plots --min-time ${MIN_TIME:-0.03} --impls kfuse --out /tmp/kfab/$run > "$OUT"/ab-$run.log 2>&1
        echo "bench $run ($src): exit $? after $(( $(date +%s) - t0 )) s"
        cp /tmp/kfab/$run/raw.jsonl "$OUT"/ab-$run.jsonl
      done
      python3 benchmarks/tools/ab_compare.py "$OUT"/ab-A1.jsonl "$OUT"/ab-A2.jsonl "$OUT"/ab-B1.jsonl \
        "$OUT"/ab-B2.jsonl --json "$OUT"/ab.json ;;
    *) echo "unknown step $step (gpu, ab)" ;;
  esac
done
