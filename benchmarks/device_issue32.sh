#!/usr/bin/env bash
# The architecture step on one GPU: the whole GPU tier of this tree (failures listed, JUnit XML),
# then this tree against the one before the step, A B A B (benchmarks/tools/ab_compare.py: the
# quick BLAS-1/2 bench and the applications' kfuse peer, noise = each tree's own rounds).
# Before the call, unpack the tree before the step beside this one (untracked, so it travels):
#   mkdir abold && git archive 6dffa60 src benchmarks/apps benchmarks/tools tests/programs tests/__init__.py | tar -x -C abold
# Run from the repository root:  bash benchmarks/device_issue32.sh [gpu | gpu1 gpu2] [ab]
# (the whole tier needs more than one 600 s call at -n 16: gpu1 is the GEMM and TRSM files, gpu2 the
# rest, about equal in test time; TLIMIT seconds per step, 570 unless set)
set -u
export PYTHONUNBUFFERED=1 NCCL_NVLS_ENABLE=0
OUT=${OUT:-out}; mkdir -p "$OUT"
steps=("$@"); [ ${#steps[@]} -eq 0 ] && steps=(gpu ab)
for step in "${steps[@]}"; do
  case "$step" in
    gpu|gpu1|gpu2)
      files=(tests/gpu)
      half=(tests/gpu/test_gemm*.py tests/gpu/test_trsm*.py)
      [ "$step" = gpu1 ] && files=("${half[@]}")
      [ "$step" = gpu2 ] && files=($(ls tests/gpu/test_*.py | grep -v -x -F "$(printf '%s\n' "${half[@]}")"))
      timeout "${TLIMIT:-570}" env PYTHONPATH=src:. python3 -m pytest -v -n 16 -p no:cacheprovider --timeout 300 -rfE \
        --durations=15 --junitxml="$OUT"/$step.xml "${files[@]}" > "$OUT"/$step.log 2>&1
      echo "$step: exit $?"; grep -E "(FAILED|ERROR) " "$OUT"/$step.log | head -20
      grep -A30 "short test summary" "$OUT"/$step.log | head -30; tail -2 "$OUT"/$step.log ;;
    ab)
      [ -d abold/src ] || { echo "abold/ missing (see the comment at the top)"; continue; }
      python3 benchmarks/tools/ab_compare.py --tree before=abold --tree after=. --rounds 2 --budget 80 \
        --out "$OUT"/ab > "$OUT"/ab.log 2>&1
      tail -30 "$OUT"/ab.log ;;
    *) echo "unknown step $step (gpu, ab)" ;;
  esac
done
