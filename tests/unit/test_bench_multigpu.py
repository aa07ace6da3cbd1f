"""The multi-GPU suite on the CPU: the workload table, the torchrun command line, the rank JSON
schema, the report from canned rank files, skipped peers, the dry run, and the slab layout and
check the peers share (run on NumPy blocks)."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from kfuse.bench.multigpu import launch as L
from kfuse.bench.multigpu import measure as M
from kfuse.bench.multigpu import peers as PR
from kfuse.bench.multigpu import report, runner, schema
from kfuse.bench.multigpu import workloads as W
from kfuse.bench.multigpu.peers.base import PeerRun, slab, update_rows
from kfuse.errors import ArgumentError


# ------------------------------------------------------------------ workloads
def test_workload_table():
    ready = [w.name for w in W.select()]
    assert ready == ["jacobi-2d-16384-strong", "jacobi-2d-4096-strong", "jacobi-2d-16384-weak", "heat-3d-512-weak",
                     "cg-poisson-3d", "gemm-8192-rows", "app-heat7-512-weak", "app-wave2d-8192-weak"]
    assert [w.kind for w in W.WORKLOADS.values()][4:] == ["cg", "gemm", "app", "app"]
    strong, weak, heat = (W.WORKLOADS[n] for n in ("jacobi-2d-16384-strong", "jacobi-2d-16384-weak",
                                                    "heat-3d-512-weak"))
    assert strong.global_shape(2) == (16384, 16384) and weak.global_shape(2) == (32768, 16384)
    assert heat.global_shape(2) == (1024, 512, 512)
    assert heat.boxes(2) == [((0, 512), (0, 512), (0, 512)), ((512, 1024), (0, 512), (0, 512))]
    assert strong.bytes_per_step(2, "float32") == 2 * 8192 * 16384 * 4
    assert weak.bytes_per_step(2, "float64") == 2 * 16384 * 16384 * 8
    assert strong.halo_bytes(1, "float32") == 0 and strong.halo_bytes(2, "float32") == 16384 * 4
    assert [w.name for w in W.select(["heat-3d"])] == ["heat-3d-512-weak"]


def test_workload_select_refuses(monkeypatch):
    with pytest.raises(ArgumentError, match="no such workload"):
        W.select(["jacobi-9d"])
    slot = W.ScaledWorkload("fft-slot", "fft", (8,), "strong", ready=False)
    monkeypatch.setitem(W.WORKLOADS, slot.name, slot)
    with pytest.raises(ArgumentError, match="registry slot"):
        W.select(["fft"])
    assert [w.name for w in W.select(["app"])] == ["app-heat7-512-weak", "app-wave2d-8192-weak"]


def test_init_block_is_a_function_of_the_global_index():
    whole = W.init_block(((0, 7), (0, 5)), np, "float64")
    part = W.init_block(((3, 6), (0, 5)), np, "float64")
    assert np.array_equal(whole[3:6], part)
    assert whole[1, 2] == pytest.approx(((7 * 1 + 13 * 2) % 97) / 97)


# ------------------------------------------------------------------ slabs, the shared step, the check
def _numpy_steps(wl, gpus: int, steps: int) -> list:
    """Every rank's padded block after ``steps`` steps, halos exchanged by copies."""
    slabs = [slab(wl, gpus, r) for r in range(gpus)]
    blocks = [W.init_block((s.pad,) + s.box[1:], np, "float64") for s in slabs]
    for _ in range(steps):
        for s, b in zip(slabs, blocks):
            for peer, _send, recv in s.sends():
                b[recv] = blocks[peer][s.pad[0] + recv - slabs[peer].pad[0]]
        new = []
        for s, b in zip(slabs, blocks):
            c = b.copy()
            update_rows(b, c, *s.update, wl.stencil)
            new.append(c)
        blocks = new
    return list(zip(slabs, blocks))


@pytest.mark.parametrize("name,shape", [("jacobi-2d-4096-strong", (23, 11)), ("heat-3d-512-weak", (6, 5, 7))])
@pytest.mark.parametrize("gpus", [1, 2, 3])
def test_slab_steps_match_the_reference(name, shape, gpus):
    wl = dataclasses.replace(W.WORKLOADS[name], shape=shape)
    for s, b in _numpy_steps(wl, gpus, 3):
        want = W.reference_window(wl, gpus, s.box, 3)
        assert np.allclose(b[s.owned_rows], want, rtol=0, atol=1e-15)
        whole = wl.step()
        a = W.init_block(tuple((0, n) for n in wl.global_shape(gpus)), np, "float64")
        for _ in range(3):
            a = whole(a)
        assert np.allclose(want, a[s.own[0]:s.own[1]], rtol=0, atol=1e-15)


def test_slab_layout():
    wl = dataclasses.replace(W.WORKLOADS["jacobi-2d-4096-strong"], shape=(10, 4))
    s0, s1 = slab(wl, 2, 0), slab(wl, 2, 1)
    assert (s0.own, s0.pad, s1.own, s1.pad) == ((0, 5), (0, 6), (5, 10), (4, 10))
    assert s0.update == (1, 5) and s1.update == (1, 5)
    assert s0.sends() == [(1, 4, 5)] and s1.sends() == [(0, 1, 0)]
    assert s0.edges == [4] and s1.edges == [1]


class NumpyRun(PeerRun):
    """A one-rank peer on NumPy; ``bad`` adds an error to the result."""

    def __init__(self, ctx, wl, dtype, bad=0.0):
        self.s, self.wl, self.bad = slab(wl, 1, 0), wl, bad
        self.a = W.init_block((self.s.pad,) + self.s.box[1:], np, dtype)

    def run(self, what, steps):
        for _ in range(steps if what != "halo" else 0):
            b = self.a.copy()
            update_rows(self.a, b, *self.s.update, self.wl.stencil)
            self.a = b
        return 1e-3 * steps

    def owned(self):
        return self.s.box, self.a.astype(np.float64) + self.bad


class Ctx:
    rank, size = 0, 1


def test_measure_checks_before_timing():
    wl = dataclasses.replace(W.WORKLOADS["jacobi-2d-4096-strong"], shape=(12, 9))
    good = M.measure_peer(NumpyRun, Ctx(), wl, "float32", steps=4, loops=3, check_steps=2)
    assert good["status"] == "ok" and good["step_ms"] == pytest.approx(1.0)
    assert good["check"]["max_abs_err"] < 1e-6 and "halo_ms" not in good
    bad = M.measure_peer(lambda c, w, d: NumpyRun(c, w, d, bad=1e-3), Ctx(), wl, "float32", 4, 3, 2)
    assert bad["status"] == "wrong" and "step_ms" not in bad
    broken = M.measure_peer(lambda c, w, d: 1 / 0, Ctx(), wl, "float64", 4, 3, 2)
    assert broken["status"] == "failed" and broken["note"].startswith("ZeroDivisionError")


# ------------------------------------------------------------------ launches
def test_torchrun_command_line():
    job = L.Job("torchrun", 2, L.Selection(("kfuse", "torch"), ("jacobi-2d-4096-strong",), ("float32",)),
                "out/torchrun-2gpu")
    cmd = job.command(python="py")
    assert cmd[:6] == ["py", "-m", "torch.distributed.run", "--standalone", "--nproc-per-node=2",
                       "--master-port=29517"]
    assert cmd[6:8] == ["-m", "kfuse.bench.multigpu.rank"]
    args = cmd[8:]
    assert args[args.index("--peers") + 1] == "kfuse,torch" and args[args.index("--gpus") + 1] == "2"
    single = L.Job("single", 2, L.Selection(("jax-split",), ("heat-3d-512-weak",), ("float64",)), "o",
                   L.Timing(steps=20)).command(python="py")
    assert single[:3] == ["py", "-m", "kfuse.bench.multigpu.rank"] and single[single.index("--steps") + 1] == "20"
    with pytest.raises(ArgumentError, match="launch"):
        L.Job("mpirun", 2, L.Selection((), (), ()), "o").command()


def test_rank_environment_always_disables_multicast():
    env = L.rank_environ({"NCCL_NVLS_ENABLE": "1", "PATH": "/bin"})
    assert env["NCCL_NVLS_ENABLE"] == "0" and env["TORCH_SYMM_MEM_DISABLE_MULTICAST"] == "1"
    assert env["NVSHMEM_DISABLE_NVLS"] == "1" and env["PATH"] == "/bin"


def test_gpu_counts():
    assert L.gpu_counts(2) == [1, 2] and L.gpu_counts(1) == [1] and L.gpu_counts(8, [2, 1, 2]) == [1, 2]
    with pytest.raises(ArgumentError, match="3 GPUs asked, 2 visible"):
        L.gpu_counts(2, [3])
    with pytest.raises(ArgumentError, match="no CUDA GPU"):
        L.gpu_counts(0)


# ------------------------------------------------------------------ peers skipped, dry run
def test_missing_peer_is_skipped_with_its_reason():
    have = {"torch", "cupy"}
    ok, skipped = PR.availability(list(PR.ORDER), find_spec=lambda m: object() if m in have else None)
    assert ok == ["kfuse", "kfuse-depth", "kfuse-nccl", "kfuse-pipelined", "torch", "torch-cupy"]
    assert skipped == {"jax-concat": "jax not installed", "jax-split": "jax not installed"}
    with pytest.raises(ArgumentError, match="unknown peer 'mpi'"):
        PR.parse("kfuse,mpi")


def test_dry_run_lists_launches_and_skips():
    args = runner.build_parser().parse_args(["--gpus", "1", "2", "--workload", "jacobi-2d-4096-strong",
                                             "--dtype", "float32", "--out", "o"])
    jobs, skipped = runner.plan(args, 2, find_spec=lambda m: object() if m != "jax" else None)
    assert [(j.launch, j.gpus) for j in jobs] == [("torchrun", 1), ("torchrun", 2)]
    assert jobs[1].out == "o/torchrun-2gpu"
    assert jobs[1].what.peers == ("kfuse", "kfuse-depth", "kfuse-nccl", "kfuse-pipelined", "torch", "torch-cupy")
    text = runner.dry_run(jobs, skipped)
    assert "NCCL_NVLS_ENABLE=0" in text and "--nproc-per-node=2" in text
    assert "# skipped jax-split: jax not installed" in text


def test_cli_dry_run_and_bad_peer(capsys):
    from kfuse.cli import main

    assert main(["bench", "--multi-gpu", "--dry-run", "--peers", "torch"]) == 0
    out = capsys.readouterr().out
    assert "torch" in out
    with pytest.raises(SystemExit):
        main(["bench", "--multi-gpu", "--dry-run", "--peers", "nope"])
    assert "unknown peer 'nope'" in capsys.readouterr().err


# ------------------------------------------------------------------ schema and report
def _rec(peer, wl, gpus, rank, step, compute, halo=None, dtype="float32", status="ok"):
    w = W.WORKLOADS[wl]
    r = {"peer": peer, "workload": wl, "dtype": dtype, "gpus": gpus, "rank": rank, "status": status,
         "bytes_per_step": w.bytes_per_step(gpus, dtype), "halo_bytes": w.halo_bytes(gpus, dtype),
         "flops_per_step": w.flops_per_step(gpus, dtype),
         "check": {"ok": status == "ok", "max_abs_err": 1e-7, "tol": 1e-5}}
    if status == "ok":
        r.update(step_ms=step, compute_ms=compute, **({"halo_ms": halo} if halo else {}))
    return r


def _rank(rank, size, recs, bw=4000.0):
    return {"schema": schema.RANK_SCHEMA, "rank": rank, "size": size, "launch": "torchrun",
            "copy_GBps": bw, "peer_records": recs}


CANNED = [
    _rank(0, 1, [_rec("kfuse", "jacobi-2d-16384-strong", 1, 0, 1.0, 0.98),
                 _rec("kfuse", "jacobi-2d-16384-weak", 1, 0, 1.0, 0.98)]),
    _rank(0, 2, [_rec("kfuse", "jacobi-2d-16384-strong", 2, 0, 0.50, 0.49, 0.05),
                 _rec("kfuse", "jacobi-2d-16384-weak", 2, 0, 1.02, 1.0, 0.05),
                 _rec("torch", "jacobi-2d-16384-strong", 2, 0, 0, 0, status="failed")]),
    _rank(1, 2, [_rec("kfuse", "jacobi-2d-16384-strong", 2, 1, 0.52, 0.49, 0.06),
                 _rec("kfuse", "jacobi-2d-16384-weak", 2, 1, 1.00, 1.0, 0.05),
                 _rec("torch", "jacobi-2d-16384-strong", 2, 1, 3.0, 2.9)], bw=3900.0),
]


def test_rank_schema_checks():
    for doc in CANNED:
        assert schema.check_rank_file(json.loads(json.dumps(doc))) is not None
    with pytest.raises(ArgumentError, match="schema"):
        schema.check_rank_file({**CANNED[0], "schema": "x"})
    with pytest.raises(ArgumentError, match="no 'copy_GBps'"):
        schema.check_rank_file({k: v for k, v in CANNED[0].items() if k != "copy_GBps"})
    bad = dict(CANNED[0], peer_records=[dict(CANNED[0]["peer_records"][0], status="meh")])
    with pytest.raises(ArgumentError, match="status 'meh'"):
        schema.check_rank_file(bad)


def test_report_from_canned_rank_files(tmp_path):
    for i, doc in enumerate(CANNED):
        d = tmp_path / f"job{doc['size']}"
        d.mkdir(exist_ok=True)
        (d / f"rank{doc['rank']}.json").write_text(json.dumps(doc))
    res = runner.results_of(runner.read_ranks(tmp_path), {"jax-split": "jax not installed"}, {"device": "H200"})
    pts = {(p["peer"], p["workload"], p["gpus"]): p for p in res["points"]}
    strong2 = pts[("kfuse", "jacobi-2d-16384-strong", 2)]
    assert strong2["step_ms"] == 0.52 and strong2["ranks"] == 2           # the slowest rank
    assert strong2["efficiency"] == pytest.approx(1.0 / (2 * 0.52))
    assert strong2["exposed_ms"] == pytest.approx(0.03)
    assert strong2["copy_GBps"] == 3900.0
    assert strong2["dram_frac"] == pytest.approx(2 * 8192 * 16384 * 4 / 0.52e-3 / 3900e9)
    assert pts[("kfuse", "jacobi-2d-16384-weak", 2)]["efficiency"] == pytest.approx(1.0 / 1.02)
    torch2 = pts[("torch", "jacobi-2d-16384-strong", 2)]
    assert torch2["status"] == "failed" and torch2["step_ms"] is None and torch2["efficiency"] is None
    text = report.write_outputs(res, tmp_path / "out")
    assert "| jacobi-2d-16384-strong | float32 | kfuse | 1.0000 | 0.5200 | 96.2% | 0.0600 |" in text
    assert "jax-split: jax not installed" in text and "torch jacobi-2d-16384-strong float32 on 2 GPU(s): failed" in text
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert saved["schema"] == schema.RESULTS_SCHEMA and len(saved["points"]) == 5
    assert (tmp_path / "out" / "report.md").exists()
    pytest.importorskip("matplotlib")
    assert (tmp_path / "out" / "multigpu.png").stat().st_size > 1000


def test_rank_writes_a_checked_file_the_report_reads(tmp_path, monkeypatch):
    """A single-launch rank on the CPU with a NumPy peer: its file passes the schema check and
    the report is built from it (the peer registry and the copy bandwidth are stand-ins)."""
    import types

    from kfuse.bench.multigpu import rank

    for k, v in L.RANK_ENV.items():   # restored after the test: the rank sets them
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("WORLD_SIZE", raising=False)
    small = dataclasses.replace(W.WORKLOADS["jacobi-2d-4096-strong"], shape=(40, 33))
    monkeypatch.setitem(W.WORKLOADS, small.name, small)
    fake = PR.PeerSpec("numpy", "none", (), "single", "NumPy rows")
    monkeypatch.setattr(PR.PeerSpec, "load", lambda self: types.SimpleNamespace(build=NumpyRun))
    monkeypatch.setitem(rank.REGISTRY, "numpy", fake)
    monkeypatch.setattr(rank, "copy_GBps", lambda ctx: 1000.0)
    out = tmp_path / "single-1gpu"
    assert rank.main(["--peers", "numpy", "--workloads", small.name, "--dtypes", "float32,float64",
                      "--gpus", "1", "--out", str(out), "--steps", "2", "--loops", "3"]) == 0
    doc = schema.check_rank_file(json.loads((out / "rank0.json").read_text()))
    assert [(r["dtype"], r["status"]) for r in doc["peer_records"]] == [("float32", "ok"), ("float64", "ok")]
    assert doc["env"]["NCCL_NVLS_ENABLE"] == "0"
    res = runner.results_of(runner.read_ranks(tmp_path), {}, {})
    p = res["points"][0]
    assert p["step_ms"] == pytest.approx(1.0) and p["efficiency"] == pytest.approx(1.0)
    assert p["dram_frac"] == pytest.approx(2 * 40 * 33 * 4 / 1e-3 / 1000e9)


def test_run_job_sets_the_environment_and_ends_a_late_job(tmp_path):
    import sys
    import types

    script = "import os; print('NVLS=' + os.environ['NCCL_NVLS_ENABLE'])"
    ok = types.SimpleNamespace(command=lambda: [sys.executable, "-c", script], describe=lambda: "{}")
    with open(tmp_path / "log.txt", "w") as log:
        assert runner.run_job(ok, log, 60)["rc"] == 0
    assert "NVLS=0" in (tmp_path / "log.txt").read_text()
    late = types.SimpleNamespace(command=lambda: [sys.executable, "-c", "import time; time.sleep(60)"],
                                 describe=lambda: "{}")
    with open(tmp_path / "log2.txt", "w") as log:
        r = runner.run_job(late, log, 1.0)
    assert r["rc"] == "timeout" and r["wall_s"] < 30


# ------------------------------------------------------------------ CG, GEMM, applications
from kfuse.bench.multigpu import cg_workload as CW  # noqa: E402
from kfuse.bench.multigpu.peers import cg_loop  # noqa: E402
from kfuse.bench.multigpu.peers.base import NotApplicable, Refused  # noqa: E402
from kfuse.bench.multigpu.peers.rows_run import GemmRun  # noqa: E402


def _small_cg(shape=(5, 4, 3)):
    return dataclasses.replace(W.WORKLOADS["cg-poisson-3d"], shape=shape)


def test_cg_workload_sizes_bytes_and_flops():
    wl = W.WORKLOADS["cg-poisson-3d"]
    n = 216 ** 3
    assert n >= 10 ** 7 and wl.global_shape(2) == (432, 216, 216)
    assert wl.rows(2, 1) == (n, n) and wl.planes(2, 0) == (0, 216)
    nnz1 = 7 * n - 6 * 216 ** 2                                   # one GPU: a cube, 6 faces
    assert CW.nnz((216,) * 3, (0, 216)) == nnz1
    assert wl.bytes_per_step(1, "float32") == nnz1 * 8 + (n + 1) * 4 + 13 * n * 4
    assert wl.flops_per_step(1, "float64") == 2 * nnz1 + 12 * n
    assert CW.nnz((432, 216, 216), (0, 216)) == nnz1 + 216 ** 2   # the cut face reads the next rank
    assert wl.halo_bytes(2, "float64") == 216 * 216 * 8 and wl.halo_bytes(1, "float64") == 0


def test_poisson_rows_match_the_whole_matrix():
    from kfuse.sparse import poisson3d

    whole = poisson3d(4, "float64")
    indptr, indices, data = CW.poisson_rows((4, 4, 4), (0, 4), "float64")
    assert np.array_equal(indptr, whole.indptr) and np.array_equal(indices, whole.indices)
    assert np.array_equal(data, whole.data)
    ip, ix, dv = CW.poisson_rows((4, 4, 4), (1, 3), "float32")   # planes 1, 2: rows 16:48
    s, e = int(whole.indptr[16]), int(whole.indptr[48])
    assert np.array_equal(ix, whole.indices[s:e]) and np.array_equal(ip, whole.indptr[16:49] - s)
    assert dv.dtype == np.float32 and CW.nnz((4, 4, 4), (1, 3)) == len(ix)
    _, local, _ = CW.poisson_rows((4, 4, 4), (1, 3), "float32", local=True)
    g = ix.astype(np.int64)
    want = np.where(g < 16, 32 + g - 0, np.where(g >= 48, 32 + 16 + g - 48, g - 16))
    assert np.array_equal(local, want)                 # [owned 32 | plane 0 | plane 3]


def test_cg_reference_against_a_float64_solve():
    k = 4
    b = W.init_block(((0, k),) * 3, np, "float64")
    from kfuse.sparse import poisson3d

    a = poisson3d(k, "float64")
    dense = np.zeros(a.shape)
    for i in range(a.shape[0]):
        dense[i, a.indices[a.indptr[i]:a.indptr[i + 1]]] = a.data[a.indptr[i]:a.indptr[i + 1]]
    x, res = CW.cg_reference(b, 60)
    assert np.allclose(x.ravel(), np.linalg.solve(dense, b.ravel()), rtol=0, atol=1e-10) and res < 1e-9
    assert np.allclose(CW.laplacian(b).ravel(), dense @ b.ravel(), rtol=0, atol=1e-12)


def _numpy_ops(comm, wl, rank):
    """The CG peers' ops on NumPy through a Communicator (host CSR product)."""
    from kfuse.distributed.csr import host_spmv
    from kfuse.sparse import CSR

    lay = cg_loop.layout(wl, comm.size, rank)
    ip, ix, dv = CW.poisson_rows(wl.global_shape(comm.size), wl.planes(comm.size, rank), "float64", local=True)
    a = CSR(ip, ix, dv, (lay.n, lay.n + lay.n_ghost))
    return lay, cg_loop.CGOps(matvec=lambda ext: host_spmv(a, ext), exchange=comm.exchange,
                              all_reduce=lambda red: comm.all_reduce(red, "sum"),
                              pack=lambda *d: np.array(d), empty=lambda n, like: np.empty(n, like.dtype))


@pytest.mark.parametrize("gpus", [1, 2, 3])
def test_cg_loop_on_localcomm_matches_the_reference_and_kfuse(gpus):
    from kfuse.distributed import LocalComm
    from kfuse.distributed.csr import DistCSR
    from kfuse.distributed.solvers import cg
    from kfuse.sparse import CSR

    wl, iters = _small_cg(), 7

    def rank(comm):
        lay, ops = _numpy_ops(comm, wl, comm.rank)
        box = wl.boxes(comm.size)[comm.rank]
        run = cg_loop.CGRun(ops, lay, wl.rhs(box, "float64"), box, cg_loop.host_timer, np.asarray)
        run.run("step", iters)
        shape, (first, m) = wl.global_shape(comm.size), wl.rows(comm.size, comm.rank)
        n = int(np.prod(shape))
        A = DistCSR.from_rows(CSR(*CW.poisson_rows(shape, wl.planes(comm.size, comm.rank), "float64"), (m, n)),
                              first, n, comm)
        xk, info = cg(A, wl.rhs(box, "float64"), tol=0.0, maxiter=iters, check_every=iters)
        return run.owned(), float(run.red[0]), xk, info.iterations

    want_x, want_res = CW.cg_reference(W.init_block(tuple((0, s) for s in wl.global_shape(gpus)), np, "float64"),
                                       iters)
    for (box, x), rr, xk, its in LocalComm.run(gpus, rank):
        ref = wl.reference(gpus, box, iters)
        assert np.allclose(x, ref, rtol=0, atol=1e-10 * np.abs(ref).max()) and its == iters
        assert np.allclose(xk.reshape(x.shape), ref, rtol=0, atol=1e-10 * np.abs(ref).max())
        assert rr ** 0.5 == pytest.approx(want_res, rel=1e-8)
        assert np.array_equal(ref, want_x[box[0][0]:box[0][1]])


def test_cg_run_through_measure_is_checked_and_timed():
    from kfuse.distributed import SingleComm

    wl = _small_cg((6, 5, 4))

    def build(ctx, w, dtype):
        lay, ops = _numpy_ops(SingleComm(), w, 0)
        box = w.boxes(1)[0]
        return cg_loop.CGRun(ops, lay, w.rhs(box, dtype) * (1.01 if dtype == "float32" else 1), box,
                             cg_loop.host_timer, np.asarray)

    good = M.measure_peer(build, Ctx(), wl, "float64", steps=3, loops=2, check_steps=4)
    assert good["status"] == "ok" and good["check"]["max_abs_err"] < 1e-12 and "allreduce_ms" not in good
    assert good["flops_per_step"] == wl.flops_per_step(1, "float64")
    bad = M.measure_peer(build, Ctx(), wl, "float32", steps=3, loops=2, check_steps=4)   # b off by 1%
    assert bad["status"] == "wrong" and bad["check"]["max_abs_err"] == pytest.approx(0.01, rel=1e-3)


def test_gemm_workload_and_run():
    wl = W.WORKLOADS["gemm-8192-rows"]
    assert wl.boxes(2) == [((0, 4096), (0, 8192)), ((4096, 8192), (0, 8192))]
    assert wl.flops_per_step(1, "float32") == 2 * 8192 ** 3 and wl.flops_per_step(2, "float32") == 8192 ** 3
    assert wl.bytes_per_step(2, "float64") == (4096 * 8192 * 2 + 8192 * 8192) * 8 and wl.halo_bytes(2, "float64") == 0
    small = dataclasses.replace(wl, shape=(9, 5, 7))
    a, b = small.operands(small.boxes(2)[1], "float64")
    assert a.shape == (4, 7) and b.shape == (7, 5)
    assert np.array_equal(small.reference(2, small.boxes(2)[1], 1), a @ b)

    def build(ctx, w, dtype):
        box = w.boxes(1)[0]
        return GemmRun(np.matmul, *w.operands(box, dtype), box, cg_loop.host_timer, np.asarray)

    rec = M.measure_peer(build, Ctx(), small, "float32", steps=2, loops=2, check_steps=1)
    assert rec["status"] == "ok" and 0 < rec["check"]["max_abs_err"] < 1e-6


@pytest.mark.parametrize("name,shape", [("app-heat7-512-weak", (6, 5, 7)), ("app-wave2d-8192-weak", (9, 11))])
def test_app_workload_reference_on_slabs(name, shape):
    from tests.programs import apps

    wl = dataclasses.replace(W.WORKLOADS[name], shape=shape)
    mod = apps.load(wl.app)
    whole = mod.run(mod.init(wl.global_shape(2), "float64"), 3)
    for box in wl.boxes(2):
        want = np.stack([whole[k][box[0][0]:box[0][1]] for k in mod.FIELDS["read"]])
        assert np.allclose(wl.reference(2, box, 3), want, rtol=0, atol=1e-13)
    item = len(mod.FIELDS["read"]) + len(mod.FIELDS["written"])
    assert wl.bytes_per_step(2, "float32") == item * int(np.prod(shape)) * 4
    assert wl.halo_bytes(2, "float32") == len(mod.FIELDS["read"]) * int(np.prod(shape[1:])) * 4


def test_measure_records_skipped_and_refused():
    wl = W.WORKLOADS["app-wave2d-8192-weak"]

    def skip(ctx, w, dtype):
        raise NotApplicable("no torch form")

    def refuse(ctx, w, dtype):
        raise Refused("the arrays of the grid's shape lie at different positions of the kernel's frame")

    assert M.measure_peer(skip, Ctx(), wl, "float32", 2, 2, 1)["status"] == "skipped"
    r = M.measure_peer(refuse, Ctx(), wl, "float32", 2, 2, 1)
    assert r["status"] == "refused" and r["note"].startswith("the arrays") and "step_ms" not in r
    assert not PR.REGISTRY["kfuse-pipelined"].applies(W.WORKLOADS["gemm-8192-rows"])
    assert PR.REGISTRY["kfuse-pipelined"].applies(W.WORKLOADS["cg-poisson-3d"])
    assert not PR.REGISTRY["torch"].applies(wl) and PR.REGISTRY["torch-cupy"].applies(wl)


def test_report_rows_refused_tflops_and_allreduce(tmp_path):
    reason = "the arrays of the grid's shape lie at different positions of the kernel's frame"
    gemm = [_rec("kfuse", "gemm-8192-rows", g, 0, 10.0 / g, 10.0 / g) for g in (1, 2)]
    cg = [dict(_rec("torch", "cg-poisson-3d", g, 0, 2.0, 1.9, 0.05), allreduce_ms=0.02) for g in (1, 2)]
    refused = [dict(_rec("kfuse", "app-wave2d-8192-weak", g, 0, 0, 0, status="refused"), note=reason)
               for g in (1, 2)]
    docs = [_rank(0, g, [gemm[g - 1], cg[g - 1], refused[g - 1]]) for g in (1, 2)]
    res = runner.results_of(docs, {}, {"device": "H200"})
    pts = {(p["peer"], p["workload"], p["gpus"]): p for p in res["points"]}
    assert pts[("kfuse", "gemm-8192-rows", 2)]["tflops"] == pytest.approx(8192 ** 3 / 5e-3 / 1e12)
    assert pts[("kfuse", "app-wave2d-8192-weak", 2)]["status"] == "refused"
    text = report.write_outputs(res, tmp_path, plot=False)
    table = {tuple(c.strip() for c in line.strip("|").split("|")[:3]): line for line in text.splitlines()
             if line.startswith("| ")}
    assert f"refused: {reason}" in table[("app-wave2d-8192-weak", "float32", "kfuse")]
    assert table[("gemm-8192-rows", "float32", "kfuse")].rstrip().endswith(f"| {8192 ** 3 / 5e-3 / 1e12:.2f} |")
    assert "| 0.0200 |" in table[("cg-poisson-3d", "float32", "torch")]


def test_dry_run_lists_the_new_workloads():
    args = runner.build_parser().parse_args(["--gpus", "1", "2", "--dtype", "float32", "float64", "--out", "o"])
    jobs, skipped = runner.plan(args, 2, find_spec=lambda m: object() if m != "jax" else None)
    text = runner.dry_run(jobs, skipped)
    for name in ("cg-poisson-3d", "gemm-8192-rows", "app-heat7-512-weak", "app-wave2d-8192-weak"):
        assert name in text
    assert "kfuse-pipelined" in text and "# skipped jax-concat: jax not installed" in text


@pytest.mark.parametrize("name,shape", [("app-heat7-512-weak", (5, 6, 7)), ("app-wave2d-8192-weak", (8, 13))])
def test_app_step_on_padded_slabs_matches_the_reference(name, shape):
    """The CuPy peer's form on NumPy: every read field's halo rows exchanged, then one step of the
    author's loop on the padded rows (``bind``), for each of 3 steps on 3 ranks."""
    from kfuse.bench.multigpu.app_workload import rows_of
    from kfuse.bench.multigpu.peers.rows_run import read_fields
    from tests.programs import apps

    wl, gpus = dataclasses.replace(W.WORKLOADS[name], shape=shape), 3
    bound = apps.bind(wl.module(), np)
    slabs = [slab(wl, gpus, r) for r in range(gpus)]
    start = wl.start(gpus, "float64")
    states = [rows_of(start, s.pad) for s in slabs]
    for _ in range(3):
        for s, st in zip(slabs, states):
            for f in wl.fields()["read"]:
                for peer, _send, recv in s.sends():
                    st[f][recv] = states[peer][f][s.pad[0] + recv - slabs[peer].pad[0]]
        states = [bound.run(st, 1, step=bound.step) for st in states]
    for s, st in zip(slabs, states):
        got = read_fields(wl, st, np.asarray, s.owned_rows)
        assert np.allclose(got, wl.reference(gpus, s.box, 3), rtol=0, atol=1e-13)
