#!/usr/bin/env bash
# What session 34 left unverified on GPUs, on nvidia-h200-x2, from the repository root, each step one
# device call (about 9 minutes), through the packer (one tarball back):
#   bash benchmarks/tools/packed.sh 570 bash benchmarks/device_verify.sh verify
#   bash benchmarks/tools/packed.sh 570 bash benchmarks/device_verify.sh rows
#   bash benchmarks/tools/packed.sh 580 bash benchmarks/device_verify.sh tier
# verify: the two-GPU NCCL/graph files (F-ordered grids, the leapfrog loop with and without peer copies,
#   deep loops' constants, peer copies by default), then side by side on one GPU each: the LocalComm
#   distributed files (F order) and the fp32x3 and temporal files.
# rows: device_issue33.sh rows, then merge (the multi-GPU suite's missing rows).
# tier: the whole GPU tier, its two halves side by side (GEMM/TRSM files on GPU 0, the rest on GPU 1).
set -u
export PYTHONUNBUFFERED=1 PYTHONPATH=src:. NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
OUT=${OUT:-out}; mkdir -p "$OUT"
t0=$(date +%s)
py() { local name=$1 gpu=$2 lim=$3; shift 3
  CUDA_VISIBLE_DEVICES=$gpu timeout "$lim" python3 -m pytest -q -n 8 -p no:cacheprovider -rfE --timeout 240 "$@" \
    > "$OUT/$name.log" 2>&1; echo "$name: exit $? after $(( $(date +%s) - t0 )) s"
  grep -E "(FAILED|ERROR) tests/" "$OUT/$name.log" | head -15; tail -1 "$OUT/$name.log"; }
for step in "$@"; do
  case "$step" in
    verify)
      OUT="$OUT/nccl" TESTS_LIMIT=240 NCCL_WORKERS=4 bash benchmarks/device_issue33.sh nccl
      py local 0 250 tests/gpu/test_distributed_jit_gpu.py tests/gpu/test_distributed_gpu.py \
        tests/gpu/test_distributed_graphed_gpu.py tests/gpu/test_distributed_deep_gpu.py &
      py x3_temporal 1 250 tests/gpu/test_gemm_tf32x3_gpu.py tests/gpu/test_temporal3d_gpu.py \
        tests/gpu/test_temporal_pads_gpu.py &
      wait ;;
    rows)
      OUT="$OUT" BENCH_LIMIT=540 bash benchmarks/device_issue33.sh rows merge ;;
    tier)
      half=$(ls tests/gpu/test_gemm*.py tests/gpu/test_trsm*.py)
      rest=$(ls tests/gpu/test_*.py | grep -v -x -F "$half")
      CUDA_VISIBLE_DEVICES=0 timeout 560 python3 -m pytest -q -n 16 -p no:cacheprovider -rfE --timeout 300 \
        $half > "$OUT/tier_gemm.log" 2>&1 &
      CUDA_VISIBLE_DEVICES=1 timeout 560 python3 -m pytest -q -n 16 -p no:cacheprovider -rfE --timeout 300 \
        $rest > "$OUT/tier_rest.log" 2>&1 &
      wait
      for f in tier_gemm tier_rest; do echo "== $f"; grep -E "(FAILED|ERROR) tests/" "$OUT/$f.log" | head -20
        tail -1 "$OUT/$f.log"; done ;;
    *) echo "unknown step $step (verify, rows, tier)" ;;
  esac
done
