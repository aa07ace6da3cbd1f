#!/usr/bin/env bash
# Issue 31 (real applications) on one GPU, from the repository root:  bash benchmarks/device_issue31.sh STEP...
# Steps: tests (the GPU files this issue added or changed, 12 workers), tier (the whole GPU tier,
# 14 workers, one line per test as it ends, so a run cut by its limit still names its failures), apps (benchmarks/apps/run.py:
# the application suite against CuPy, PyTorch eager, JAX and kfuse; APPS_PEERS, APPS_DTYPES,
# APPS_BUDGET), inductor (the same with torch.compile, its compile time bounded by INDUCTOR_BUDGET).
# Logs and results go to $OUT (or ./out); each step is bounded in time.
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:.
OUT=${OUT:-out}; mkdir -p "$OUT"; export OUT
TESTS=${TESTS_FILES:-"tests/gpu/test_window_writes_gpu.py tests/gpu/test_iterate_multi.py tests/gpu/test_numpy_protocol_gpu.py
       tests/gpu/test_apps_gpu.py tests/gpu/test_stages_function_gpu.py tests/gpu/test_readme_gpu.py
       tests/gpu/test_assign_gpu.py tests/gpu/test_swm_gpu.py tests/gpu/test_script_stencil_gpu.py
       tests/gpu/test_stencil_gpu.py tests/gpu/test_hostpath_gpu.py tests/gpu/test_frontend_regressions_gpu.py
       tests/gpu/test_examples_gpu.py tests/gpu/test_runtime_gpu.py tests/gpu/test_workflow_gpu.py"}
for step in "$@"; do
  t0=$(date +%s)
  case "$step" in
    tests) timeout "${TESTS_LIMIT:-300}" python3 -m pytest -q -n 12 -p no:cacheprovider -rfE -k "${TESTS_K:-not the_issue_size}" \
             $TESTS > "$OUT/tests.log" 2>&1
           echo "tests: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "^(FAILED|ERROR)" "$OUT/tests.log" | head -30
           tail -3 "$OUT/tests.log" ;;
    tier)  timeout "${TIER_LIMIT:-540}" python3 -m pytest -v -n 14 -p no:cacheprovider -rfE --tb=short tests/gpu \
             > "$OUT/tier.log" 2>&1
           echo "tier: exit $? after $(( $(date +%s) - t0 )) s"; grep -E "(FAILED|ERROR) tests/" "$OUT/tier.log" | head -40
           grep -c PASSED "$OUT/tier.log"; tail -2 "$OUT/tier.log" ;;
    apps)  timeout "${APPS_LIMIT:-330}" python3 benchmarks/apps/run.py --out "$OUT/apps" \
             --peers "${APPS_PEERS:-kfuse-iterate,kfuse,cupy,jax,torch}" --dtypes "${APPS_DTYPES:-float64,float32}" ${APPS_APPS:+--apps $APPS_APPS} \
             --budget "${APPS_BUDGET:-300}" --timeout 200 > "$OUT/apps.log" 2>&1
           echo "apps: exit $? after $(( $(date +%s) - t0 )) s"; tail -40 "$OUT/apps.log" ;;
    inductor) timeout "${INDUCTOR_LIMIT:-330}" python3 benchmarks/apps/run.py --out "$OUT/apps" --no-ceiling \
             --peers "${INDUCTOR_PEERS:-inductor}" --dtypes "${APPS_DTYPES:-float64}" ${INDUCTOR_APPS:+--apps $INDUCTOR_APPS} \
             --budget "${INDUCTOR_BUDGET:-300}" --timeout 200 > "$OUT/inductor.log" 2>&1
           echo "inductor: exit $? after $(( $(date +%s) - t0 )) s"; tail -30 "$OUT/inductor.log" ;;
    report) python3 benchmarks/apps/run.py --out "$OUT/apps" --report-only > "$OUT/report.log" 2>&1
           echo "report: exit $?"; cat "$OUT/apps/report.md" 2>/dev/null | head -80 ;;
    *) echo "unknown step $step (tests, tier, apps, inductor, report)" ;;
  esac
done
