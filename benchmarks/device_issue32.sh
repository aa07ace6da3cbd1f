#!/usr/bin/env bash
# The architecture step on one GPU: the whole GPU tier of this tree (failures listed, JUnit XML),
# then this tree against the one before the step, A B A B (benchmarks/tools/ab_compare.py: the
# quick BLAS-1/2 bench and the applications' kfuse peer, noise = each tree's own rounds).
# Before the call, unpack the tree before the step beside this one (untracked, so it travels):
#   mkdir abold && git archive 6dffa60 src benchmarks/apps benchmarks/tools tests/programs tests/__init__.py | tar -x -C abold
# Run from the repository root:  bash benchmarks/device_issue32.sh [gpu] [ab]
set -u
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
OUT=${OUT:-out}; mkdir -p "$OUT"
steps=("$@"); [ ${#steps[@]} -eq 0 ] && steps=(gpu ab)
for step in "${steps[@]}"; do
  case "$step" in
    gpu)
      PYTHONPATH=src:. python3 -m pytest -q -n 16 -p no:cacheprovider --timeout 150 -rfE --durations=15 \
        --junitxml="$OUT"/gpu.xml tests/gpu > "$OUT"/gpu.log 2>&1
      echo "gpu tier: exit $?"; grep -A30 "short test summary" "$OUT"/gpu.log | head -30; tail -2 "$OUT"/gpu.log ;;
    ab)
      [ -d abold/src ] || { echo "abold/ missing (see the comment at the top)"; continue; }
      python3 benchmarks/tools/ab_compare.py --tree before=abold --tree after=. --rounds 2 --budget 80 \
        --out "$OUT"/ab > "$OUT"/ab.log 2>&1
      tail -30 "$OUT"/ab.log ;;
    *) echo "unknown step $step (gpu, ab)" ;;
  esac
done
