"""The multi-GPU suite's kfuse runs of CG, GEMM and the applications on one GPU, with ranks as
LocalComm threads: each is built as a rank of ``kfuse bench --multi-gpu`` builds it, checked by the
suite's own check against its float64 reference (status "ok"), and timed; the several-field
application is either checked or refused with kfuse's reason."""
from __future__ import annotations

import dataclasses
import types

import pytest

from kfuse.bench.multigpu import measure as M
from kfuse.bench.multigpu import workloads as W
from kfuse.bench.multigpu.peers import kfuse_peer
from kfuse.distributed import LocalComm

SMALL = {"cg-poisson-3d": (12, 10, 9), "gemm-8192-rows": (96, 80, 64), "app-heat7-512-weak": (16, 12, 10),
         "app-wave2d-8192-weak": (40, 33)}


def _records(name: str, gpus: int, dtype: str, **options) -> list:
    wl = dataclasses.replace(W.WORKLOADS[name], shape=SMALL[name])

    def rank(comm):
        ctx = types.SimpleNamespace(rank=comm.rank, size=comm.size, comm=comm)
        return M.measure_peer(lambda c, w, d: kfuse_peer.build(c, w, d, **options), ctx, wl, dtype,
                              steps=4, loops=2, check_steps=3)

    return LocalComm.run(gpus, rank, timeout=300.0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("gpus", [1, 2])
@pytest.mark.parametrize("variant", ["single_reduction", "pipelined"])
def test_kfuse_cg_is_checked_and_timed(variant, gpus, dtype):
    for rec in _records("cg-poisson-3d", gpus, dtype, variant=variant):
        assert rec["status"] == "ok", rec.get("note") or rec.get("traceback")
        assert rec["step_ms"] > 0 and (gpus == 1 or rec["allreduce_ms"] > 0 and rec["halo_ms"] > 0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("gpus", [1, 2])
def test_kfuse_gemm_rows_is_checked(gpus, dtype):
    for rec in _records("gemm-8192-rows", gpus, dtype):
        assert rec["status"] == "ok", rec.get("note") or rec.get("traceback")
        assert rec["check"]["max_abs_err"] <= W.WORKLOADS["gemm-8192-rows"].tolerance(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_kfuse_apps_run_or_are_refused(dtype):
    for rec in _records("app-heat7-512-weak", 2, dtype):
        assert rec["status"] == "ok", rec.get("note") or rec.get("traceback")
    for rec in _records("app-wave2d-8192-weak", 2, dtype):
        assert rec["status"] in ("ok", "refused"), rec.get("note") or rec.get("traceback")
        assert rec["status"] == "ok" or rec["note"]
