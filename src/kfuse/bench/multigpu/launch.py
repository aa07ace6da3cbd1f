"""How the multi-GPU suite starts its ranks: the environment every rank runs with, the GPU
counts a run covers, and the command lines (torchrun for the peers with one process per GPU,
one plain process for a peer that drives every GPU itself, as JAX's ``shard_map`` does)."""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from ...errors import ArgumentError

#: Set in every rank's environment: NVLink multicast (NVLS) stays off.
RANK_ENV = {"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1",
            "XLA_PYTHON_CLIENT_PREALLOCATE": "false"}
LAUNCHES = ("torchrun", "single")
RANK_MODULE = "kfuse.bench.multigpu.rank"


def gpu_counts(available: int, asked=None) -> list:
    """The GPU counts to run: ``asked`` (each at most ``available``), else 1 and 2 (or 1 alone)."""
    if available < 1:
        raise ArgumentError("--gpus: no CUDA GPU is visible")
    counts = list(asked) if asked else [1, min(2, available)]
    for n in counts:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ArgumentError(f"--gpus: {n!r} is not a positive number of GPUs")
        if n > available:
            raise ArgumentError(f"--gpus: {n} GPUs asked, {available} visible")
    return sorted(set(counts))


@dataclass(frozen=True)
class Selection:
    """What a job runs: peer names, workload names, dtypes."""

    peers: tuple
    workloads: tuple
    dtypes: tuple


@dataclass(frozen=True)
class Timing:
    """Steps per timed loop, timed loops per point, steps before the check."""

    steps: int = 50
    loops: int = 7
    check_steps: int = 3


@dataclass(frozen=True)
class Job:
    """One launch: ``gpus`` ranks (or one process over ``gpus`` devices) running ``what``,
    writing ``rank<R>.json`` into ``out``."""

    launch: str
    gpus: int
    what: Selection
    out: str
    timing: Timing = Timing()

    def rank_args(self) -> list:
        """The arguments of :mod:`kfuse.bench.multigpu.rank`."""
        w, t = self.what, self.timing
        return ["--peers", ",".join(w.peers), "--workloads", ",".join(w.workloads),
                "--dtypes", ",".join(w.dtypes), "--gpus", str(self.gpus), "--out", self.out,
                "--steps", str(t.steps), "--loops", str(t.loops), "--check-steps", str(t.check_steps)]

    def command(self, python: str = sys.executable, port: int = 29517) -> list:
        """The command line that starts the job's ranks."""
        if self.launch == "single":
            return [python, "-m", RANK_MODULE] + self.rank_args()
        if self.launch != "torchrun":
            raise ArgumentError(f"launch {self.launch!r}: one of {', '.join(LAUNCHES)}")
        return [python, "-m", "torch.distributed.run", "--standalone", f"--nproc-per-node={self.gpus}",
                f"--master-port={port}", "-m", RANK_MODULE] + self.rank_args()

    def describe(self) -> str:
        """One line for ``--dry-run`` and the log."""
        return json.dumps({"launch": self.launch, "gpus": self.gpus, "peers": list(self.what.peers),
                           "workloads": list(self.what.workloads), "dtypes": list(self.what.dtypes)})


def rank_environ(base: dict) -> dict:
    """``base`` with :data:`RANK_ENV` set over it (always: a caller's value does not win)."""
    return {**base, **RANK_ENV}


def plan_jobs(peers_by_launch: dict, counts: list, workloads: list, dtypes: list, out: str,
              timing: Timing = Timing()) -> list:
    """One job per (launch kind, GPU count) that has peers, 1 GPU first."""
    jobs = []
    for n in counts:
        for launch in LAUNCHES:
            names = tuple(peers_by_launch.get(launch, ()))
            if names:
                what = Selection(names, tuple(workloads), tuple(dtypes))
                jobs.append(Job(launch, n, what, f"{out}/{launch}-{n}gpu", timing))
    return jobs
