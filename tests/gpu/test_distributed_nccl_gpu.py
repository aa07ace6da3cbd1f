"""Ranks on several GPUs through NCCL: tests/gpu/ranks/jacobi_ranks.py started by torchrun, one
process per GPU (kfuse.distributed.init from the launcher's environment, NcclComm, RankStep):
every rank's block after 5 steps bitwise kfuse.jit's whole-grid steps.  Skipped, with the
reason, on a machine with fewer than two GPUs or without torch."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"}


def _gpus() -> int:
    import cupy
    return cupy.cuda.runtime.getDeviceCount()


def _torchrun(args: list, timeout: int = 600):
    """``args`` run by torchrun on two ranks of this machine (skipped below two GPUs or without
    torch), NVLink multicast off, the source tree and the tests on the path; the run's result."""
    pytest.importorskip("torch", reason="torchrun starts the ranks")
    if _gpus() < 2:
        pytest.skip(f"{_gpus()} GPU(s): two are needed")
    env = dict(os.environ, **ENV,
               PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "src"), ROOT, os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2"]
                         + args, env=env, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-3000:]
    return run


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_two_ranks_on_nccl_are_bitwise_one_gpu(dtype):
    run = _torchrun([os.path.join(HERE, "ranks", "jacobi_ranks.py"), dtype])
    assert run.stdout.count("bitwise") == 2, run.stdout


@pytest.mark.parametrize("overlap", [False, True])
def test_the_example_runs_on_two_ranks_as_documented(overlap):
    """``torchrun --nproc-per-node 2 -m kfuse.examples.jacobi_ranks``: checked against NumPy."""
    run = _torchrun(["-m", "kfuse.examples.jacobi_ranks", "--side", "1030", "--steps", "20", "--check"]
                    + (["--overlap"] if overlap else []))
    assert "over 2 rank(s) (2, 1)" in run.stdout and "(ok)" in run.stdout, run.stdout


@pytest.mark.parametrize("dtype, overlap, depth, engine", [
    ("float32", "plain", "1", "nccl"), ("float64", "plain", "1", "nccl"), ("float32", "overlap", "1", "nccl"),
    ("float64", "overlap", "1", "nccl"), ("float32", "plain", "4", "nccl"), ("float64", "plain", "3", "nccl"),
    ("float64", "plain", "0", "nccl"), ("float32", "plain", "1", "peer"), ("float64", "overlap", "1", "peer"),
    ("float64", "plain", "4", "peer")])
def test_kfuse_iterate_on_two_nccl_ranks_replays_graphs_bitwise_one_gpu(dtype, overlap, depth, engine):
    """tests/gpu/ranks/iterate_ranks.py: 75 steps of kfuse.iterate (CUDA graphs per rank, with and
    without the overlapped interior, halos exchanged every step or ``depth`` steps deep; 0: the
    model's depth; by NCCL or by peer copies), bitwise the whole grid's steps and the loop
    without graphs."""
    run = _torchrun([os.path.join(HERE, "ranks", "iterate_ranks.py"), dtype, overlap, depth, engine])
    assert run.stdout.count("bitwise") == 2, run.stdout


def test_the_gpu_tiers_stencil_programs_applications_and_solvers_on_two_nccl_ranks():
    """tests/gpu/ranks/programs_ranks.py: jacobi, box9, heat3d, box27 and a two-sweep step at odd
    sizes cut unevenly, C and F order, float32 and float64, through kfuse.iterate and kfuse.jit on
    two NCCL ranks, bitwise one GPU and near NumPy float64; the applications of tests/programs/apps
    through their own loops, bitwise one GPU; CG, pipelined CG and BiCG on a DistCSR against
    NumPy's solution."""
    run = _torchrun([os.path.join(HERE, "ranks", "programs_ranks.py")], timeout=900)
    assert "FAILED" not in run.stdout and run.stdout.count("failures over the ranks: 0") == 2, run.stdout[-4000:]
