#!/usr/bin/env bash
# Issue 33 (several GPUs) on the device, from the repository root:  bash benchmarks/device_issue33.sh STEP...
# Steps: tests (the distributed GPU files: ranks as LocalComm threads on one GPU; the NCCL files
# need two GPUs and skip below), sanitize (compute-sanitizer memcheck + racecheck over the
# distributed cases, CuPy's pools off), nccl (the two-GPU NCCL file alone: torchrun ranks, graphs,
# deep halos), bench1 / bench2 (kfuse bench --multi-gpu on 1 or on 1 and 2 GPUs: BENCH_WORKLOADS,
# BENCH_PEERS, BENCH_DTYPES; results in $OUT/mgpu), bench2a / bench2b / bench2c (the suite in three
# parts of about 8 minutes, each in $OUT/mgpu/<part>), merge (one report over $OUT/mgpu's parts),
# probe (benchmarks/probes/mgpu_step_probe.py on 1 and 2 GPUs: PROBE_ARGS), rows (the rows session 34
# left out, about 8 minutes).  The device returns a limited number of files: run the steps through
# benchmarks/tools/packed.sh (one tarball).
# Run on nvidia-h200-x2 for the two-GPU steps.  NVLink multicast stays off (the variables below).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:. NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
FILES="tests/gpu/test_distributed_gpu.py tests/gpu/test_distributed_jit_gpu.py tests/gpu/test_distributed_blas3_gpu.py
       tests/gpu/test_distributed_solvers_gpu.py tests/gpu/test_distributed_reduce_gpu.py
       tests/gpu/test_distributed_placed_fast_gpu.py tests/gpu/test_bench_multigpu_gpu.py tests/gpu/test_distributed_nccl_gpu.py
       tests/gpu/test_distributed_deep_gpu.py tests/gpu/test_distributed_apps_gpu.py tests/gpu/test_distributed_graphed_gpu.py"
for step in "$@"; do
  t0=$(date +%s)
  case "$step" in
    tests) files=$(for f in $FILES; do [ -f "$f" ] && echo "$f"; done)
           timeout "${TESTS_LIMIT:-420}" python3 -m pytest -v -n "${TESTS_WORKERS:-8}" -p no:cacheprovider -rfE \
             --timeout 300 --junitxml="$OUT"/tests.xml $files > "$OUT/tests.log" 2>&1
           echo "tests: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "(FAILED|ERROR) tests/" "$OUT/tests.log" | head -30
           tail -2 "$OUT/tests.log" ;;
    nccl) timeout "${TESTS_LIMIT:-540}" python3 -m pytest -v -n "${NCCL_WORKERS:-3}" -p no:cacheprovider -rfE --timeout 400 \
             tests/gpu/test_distributed_nccl_gpu.py tests/gpu/test_distributed_graphed_gpu.py > "$OUT/nccl.log" 2>&1
           echo "nccl: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "(FAILED|ERROR) tests/" "$OUT/nccl.log" | head
           tail -2 "$OUT/nccl.log" ;;
    bench2a|bench2b|bench2c)
           case "$step" in
             bench2a) wl="jacobi-2d-16384-strong jacobi-2d-4096-strong jacobi-2d-16384-weak" ;;
             bench2b) wl="heat-3d-512-weak app-heat7-512-weak" ;;
             bench2c) wl="cg-poisson-3d gemm-8192-rows" ;;
           esac
           timeout "${BENCH_LIMIT:-540}" python3 -m kfuse bench --multi-gpu --gpus 1 2 --loops "${BENCH_LOOPS:-5}" \
             --workload $wl ${BENCH_PEERS:+--peers $BENCH_PEERS} ${BENCH_DTYPES:+--dtype $BENCH_DTYPES} \
             --job-timeout "${BENCH_JOB_LIMIT:-200}" --out "$OUT/mgpu/$step" > "$OUT/$step.log" 2>&1
           echo "$step: exit $? after $(( $(date +%s) - t0 )) s"; tail -30 "$OUT/$step.log" ;;
    rows)  # the suite's rows session 34 left out (jacobi weak; heat-3d float64 and the application on 2 GPUs;
           # JAX heat-3d float64 on 2 GPUs) and the float64 row-split GEMM again, each part under its own limit
           part() { local name=$1 lim=$2; shift 2
             timeout "$lim" python3 -m kfuse bench --multi-gpu --steps 20 --loops 3 --job-timeout $((lim - 10)) \
               --out "$OUT/mgpu/$name" "$@" > "$OUT/$name.log" 2>&1; echo "$name: exit $? after $(( $(date +%s) - t0 )) s"
             grep -E "^\| (jacobi|heat|app|gemm|cg)" "$OUT/$name.log" | head -20; }
           part weak 150 --gpus 1 2 --workload jacobi-2d-16384-weak --peers kfuse,kfuse-nccl,jax-split,torch-cupy
           part heat64 130 --gpus 2 --workload heat-3d-512-weak --dtype float64 --peers kfuse,kfuse-nccl,torch,jax-split,jax-concat
           part app64 110 --gpus 2 --workload app-heat7-512-weak --dtype float64 --peers kfuse,torch-cupy
           part gemm64 100 --gpus 1 2 --workload gemm-8192-rows --dtype float64 --peers kfuse,torch ;;
    probe) for n in 1 2; do
             timeout "${PROBE_LIMIT:-240}" python3 -m torch.distributed.run --standalone --nproc-per-node $n \
               benchmarks/probes/mgpu_step_probe.py --out "$OUT" ${PROBE_ARGS:-} > "$OUT/probe$n.log" 2>&1
             echo "probe on $n GPU(s): exit $?"; grep "^{" "$OUT/probe$n.log" | cut -c1-400
           done ;;
    merge) python3 -m kfuse bench --multi-gpu --report-only "$OUT/mgpu" > "$OUT/merge.log" 2>&1
           echo "merge: exit $?"; tail -40 "$OUT/merge.log" ;;
    sanitize) bash tests/sanitize/run_sanitizer.sh --only distributed ${SAN_ARGS:-} > "$OUT"/sanitize_stdout.log 2>&1
           echo "sanitize: exit $?"; tail -20 "$OUT"/sanitize_stdout.log ;;
    bench1|bench2)
           gpus="1"; [ "$step" = bench2 ] && gpus="1 2"
           timeout "${BENCH_LIMIT:-560}" python3 -m kfuse bench --multi-gpu --gpus $gpus --loops "${BENCH_LOOPS:-5}" \
             ${BENCH_WORKLOADS:+--workload $BENCH_WORKLOADS} ${BENCH_PEERS:+--peers $BENCH_PEERS} \
             ${BENCH_DTYPES:+--dtype $BENCH_DTYPES} --job-timeout "${BENCH_JOB_LIMIT:-260}" --out "$OUT/mgpu" \
             > "$OUT/$step.log" 2>&1
           echo "$step: exit $? after $(( $(date +%s) - t0 )) s"; tail -50 "$OUT/$step.log" ;;
    *) echo "unknown step $step (tests, nccl, probe, sanitize, bench1, bench2, bench2a, bench2b, bench2c, rows, merge)" ;;
  esac
done
