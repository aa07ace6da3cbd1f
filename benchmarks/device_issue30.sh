#!/usr/bin/env bash
# Issue 30 (trust) on one GPU, from the repository root:  bash benchmarks/device_issue30.sh STEP...
# Steps: new (the tests this issue added: swm, stencil fuzz, BLAS-3 sweep, scalar coefficients,
# newcomer, README), sanitize (compute-sanitizer memcheck + racecheck, CuPy's pools off), swm
# (benchmarks/swm_compare.py at 4097^2: kfuse fmad on/off vs NumPy and CuPy eager), tier (the
# rest of the GPU tier), blas3 (the BLAS-3 GPU files, every input checked unchanged), final (the
# sanitizer, the BLAS-3 files and this tests in parallel lanes: the session's last call).
# Logs and JSON go to $OUT (or ./out); each step is bounded in time.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:.
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
NEW="tests/gpu/test_swm_gpu.py tests/gpu/test_fuzz_stencil_gpu.py tests/gpu/test_blas3_sweep_gpu.py
     tests/gpu/test_scalar_coefficients_gpu.py tests/gpu/test_newcomer_gpu.py tests/gpu/test_readme_gpu.py"
BLAS3="tests/gpu/test_blas3_gpu.py tests/gpu/test_gemm_gpu.py tests/gpu/test_gemm_emit_gpu.py
       tests/gpu/test_gemm_emit_struct_gpu.py tests/gpu/test_gemm_group_gpu.py tests/gpu/test_gemm_mma_gpu.py
       tests/gpu/test_gemm_mma_struct_gpu.py tests/gpu/test_gemm_prologue_gpu.py tests/gpu/test_gemm_reduce_gpu.py
       tests/gpu/test_trsm_gpu.py tests/gpu/test_trsm_inv_gpu.py tests/gpu/test_trsm_tf32_gpu.py"
run_pytest() {  # name limit files...
  local name=$1 limit=$2; shift 2
  local t0=$(date +%s)
  timeout "$limit" python3 -m pytest -q -n 12 -p no:cacheprovider -rfE "$@" > "$OUT/$name.log" 2>&1
  echo "$name: exit $? after $(( $(date +%s) - t0 )) s"; tail -6 "$OUT/$name.log"
}
for step in "$@"; do
  case "$step" in
    new)      run_pytest new "${NEW_LIMIT:-330}" -k "${NEW_K:-not the_issue_size}" $NEW ;;
    sanitize) bash tests/sanitize/run_sanitizer.sh ${SAN_ARGS:-} > "$OUT"/sanitize_stdout.log 2>&1
              echo "sanitize: exit $?"; tail -40 "$OUT"/sanitize_stdout.log ;;
    swm)      timeout "${SWM_LIMIT:-240}" python3 benchmarks/swm_compare.py --size 4096 --steps 2,40 --numpy-steps 2 \
                > "$OUT"/swm_compare.log 2>&1; echo "swm: exit $?"; tail -30 "$OUT"/swm_compare.log ;;
    tier)     skip=" $(echo $NEW $BLAS3) "
              files=$(for f in tests/gpu/test_*.py; do case "$skip" in *" $f "*) ;; *) echo "$f";; esac; done)
              run_pytest tier "${TIER_LIMIT:-400}" $files ;;
    blas3)    run_pytest blas3 "${BLAS3_LIMIT:-400}" $BLAS3 ;;
    final)    # one call's worth in three lanes sharing the GPU: the sanitizer; the BLAS-3 files; the
              # fuzz tiers (tables printed), the tests of this fixes and the input probe
              (timeout 300 bash tests/sanitize/run_sanitizer.sh > "$OUT"/sanitize_stdout.log 2>&1
               echo "sanitize: exit $?" > "$OUT"/sanitize_rc.txt) &
              (run_pytest blas3 "${BLAS3_LIMIT:-460}" $BLAS3 > "$OUT"/blas3_rc.txt 2>&1) &
              t0=$(date +%s)
              timeout 200 python3 -m pytest -q -s -p no:xdist -p no:cacheprovider tests/gpu/test_fuzz_stencil_gpu.py \
                tests/gpu/test_blas3_sweep_gpu.py > "$OUT"/fuzz.log 2>&1
              echo "fuzz: exit $? after $(( $(date +%s) - t0 )) s"
              run_pytest fixes 150 -k "not the_issue_size" tests/gpu/test_swm_gpu.py tests/gpu/test_scalar_coefficients_gpu.py \
                tests/gpu/test_newcomer_gpu.py tests/gpu/test_readme_gpu.py tests/gpu/test_source_safety_gpu.py \
                tests/gpu/test_blas3_inputs_gpu.py tests/gpu/test_graph_key_gpu.py tests/gpu/test_runtime_gpu.py \
                tests/gpu/test_hostpath_gpu.py tests/gpu/test_solvers_gpu.py tests/gpu/test_sparse_gpu.py
              timeout 100 python3 benchmarks/tools/blas3_inputs_probe.py --seconds 80 > "$OUT"/probe.log 2>&1
              echo "probe: exit $?"; grep -E "SUMMARY" "$OUT"/probe.log
              wait; cat "$OUT"/blas3_rc.txt "$OUT"/sanitize_rc.txt; tail -12 "$OUT"/sanitize_stdout.log ;;
    *) echo "unknown step $step (new, sanitize, swm, tier, blas3, final)" ;;
  esac
done
