#!/usr/bin/env bash
# Issue 18 on one GPU, one device call: the GPU tier of this tree, then the quick bench of kfuse
# alone for the tree before the refactor (baseline/src, carried) and this one, interleaved
# A B A B by benchmarks/tools/ab_compare.py (noise = the same tree twice).
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
      python3 benchmarks/tools/ab_compare.py --tree before=baseline --tree after=. --rounds 2 \
        --out "$OUT"/ab ;;
    *) echo "unknown step $step (gpu, ab)" ;;
  esac
done
