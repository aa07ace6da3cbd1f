#!/usr/bin/env bash
# Issue 36 (BLAS-3 engines) on the device, from the repository root:  bash benchmarks/device_issue36.sh STEP...
# Steps (each under its own limit; batch the ones a 600 s call can hold):
#   tests     the float64 GEMM/BLAS-3 GPU files (mma_f64 kernels, SYMM/TRMM/SYRK/SYR2K plans, the float64
#             BLAS-3 bench's GPU test) at -n 16
#   sanitize  compute-sanitizer memcheck + racecheck over the float64 BLAS-3 cases (CuPy's pools off)
#   sweep     benchmarks/probes/dmma_sweep.py: every accepted mma_f64 scheme at 4096 NN, the best 8 at
#             2048/8192 and in every transpose, cuBLAS in the same run ($OUT/sweep)
#   rasters   the engine's candidates at rasters 1,2,4,8 and n = 4096, 8192 ($OUT/cand)
#   profile   ncu (instructions, stall reasons, pipe and shared-memory figures) of the default scheme and of
#             cuBLAS DGEMM at 4096 ($OUT/ncu.txt)
#   bench64P  kfuse bench --blas3 --dtypes float64, part P of 4 ($OUT/blas3_f64_pP; bench641 .. bench644)
#   npbench   the float64 2mm/3mm chains through kfuse.jit and the peers ($OUT/npbench_f64)
#   x3        precision fp32x3 (engine mma_tf32x3): its GPU file, then kfuse bench --blas3 --precisions fp32x3
#             of the GEMMs at 2048-8192 and the structured routines at 4096, peers in exact fp32 ($OUT/blas3_x3)
#   x3san     compute-sanitizer over the fp32x3 BLAS-3 cases
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:.
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
for step in "$@"; do
  t0=$(date +%s)
  case "$step" in
    tests) timeout "${TESTS_LIMIT:-300}" python3 -m pytest -q -n 16 -p no:cacheprovider -rfE --timeout 240 \
             tests/gpu/test_gemm_f64_mma_gpu.py tests/gpu/test_bench_blas3_f64_gpu.py \
             -k "not rate" > "$OUT/tests.log" 2>&1
           echo "tests: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "(FAILED|ERROR) tests/" "$OUT/tests.log" | head -20
           tail -2 "$OUT/tests.log" ;;
    sanitize) OUT="$OUT/san" bash tests/sanitize/run_sanitizer.sh --only C-float64 F-float64 > "$OUT/sanitize.log" 2>&1
           echo "sanitize: exit $?"; tail -6 "$OUT/sanitize.log" ;;
    sweep) timeout "${SWEEP_LIMIT:-240}" python3 benchmarks/probes/dmma_sweep.py --out "$OUT/sweep" --registers 330 \
             > "$OUT/sweep.log" 2>&1
           echo "sweep: exit $?"; grep -E "^ 4096 NN" "$OUT/sweep.log" | head -8; tail -1 "$OUT/sweep.log" ;;
    rasters) timeout "${SWEEP_LIMIT:-240}" python3 benchmarks/probes/dmma_sweep.py --candidates --out "$OUT/cand" \
             > "$OUT/rasters.log" 2>&1
           echo "rasters: exit $?"; tail -50 "$OUT/rasters.log" ;;
    profile) label=$(python3 -c "from kfuse.spaces.gemm.engines import mma_f64 as r; k = r.CANDIDATES[0]; \
print(f\"{k['bm']}x{k['bn']}x{k['bk']}-w{k['wm']}x{k['wn']}-s{k['stages']}\")")
           m=$(echo smsp__average_warps_issue_stalled_{barrier,long_scoreboard,short_scoreboard,math_pipe_throttle,mio_throttle,wait,not_selected,dispatch_stall}_per_issue_active.ratio | tr ' ' ',')
           timeout "${PROFILE_LIMIT:-200}" ncu --metrics "$m,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,sm__pipe_shared_cycles_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active" \
             --launch-count 3 python3 benchmarks/probes/dmma_profile.py "$label" > "$OUT/ncu.txt" 2>&1
           echo "profile ($label): exit $?"; grep -E "^  [a-z]|stalled|inst_executed|wavefronts|conflicts|pct" "$OUT/ncu.txt" | head -40 ;;
    bench64[1-4]) p=${step#bench64}
           timeout "${BENCH_LIMIT:-560}" python3 -m kfuse bench --blas3 --dtypes float64 --part "$p/4" \
             --out "$OUT/blas3_f64_p$p" > "$OUT/$step.log" 2>&1
           echo "$step: exit $?"; tail -25 "$OUT/$step.log" ;;
    npbench) timeout "${BENCH_LIMIT:-560}" python3 -m kfuse bench --blas3 --dtypes float64 --routines npbench \
             --sizes 1024 2048 4096 8192 --out "$OUT/npbench_f64" > "$OUT/npbench.log" 2>&1
           echo "npbench: exit $?"; tail -25 "$OUT/npbench.log" ;;
    x3) timeout "${TESTS_LIMIT:-200}" python3 -m pytest -q -n 16 -p no:cacheprovider -rfE --timeout 180 \
          tests/gpu/test_gemm_tf32x3_gpu.py > "$OUT/x3_tests.log" 2>&1
        echo "x3 tests: exit $?"; grep -E "(FAILED|ERROR) tests/" "$OUT/x3_tests.log" | head; tail -1 "$OUT/x3_tests.log"
        timeout "${BENCH_LIMIT:-360}" python3 -m kfuse bench --blas3 --precisions fp32x3 --impls kfuse,cublas,torch \
          --routines gemm SYMM-LL TRMM-LL-N TRSM-LL-N SYRK-LN SYR2K-LN --sizes 2048 4096 8192 \
          --out "$OUT/blas3_x3" > "$OUT/x3_bench.log" 2>&1
        echo "x3 bench: exit $? after $(( $(date +%s) - t0 )) s"; tail -30 "$OUT/x3_bench.log" ;;
    x3san) OUT="$OUT/san_x3" bash tests/sanitize/run_sanitizer.sh --only fp32x3 > "$OUT/sanitize_x3.log" 2>&1
           echo "x3san: exit $?"; tail -6 "$OUT/sanitize_x3.log" ;;
    *) echo "unknown step $step (tests sanitize sweep rasters profile bench641..bench644 npbench x3 x3san)" ;;
  esac
done
