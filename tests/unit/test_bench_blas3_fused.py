"""The fused workloads of ``kfuse bench --blas3`` without CUDA: selection and points, flops and
bytes, the float64 references against kfuse's own interpreter of the traced user function and
against NumPy, the check, the "fused or not built" rule on kfuse's plans, the fused table, the
plot and the dry run."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from kfuse import reference as kref
from kfuse.bench.blas3 import fused as F
from kfuse.bench.blas3 import fused_report as FR
from kfuse.bench.blas3 import report as R
from kfuse.bench.blas3 import workloads as W
from kfuse.bench.blas3.worker import base_record

SRC = str(Path(__file__).resolve().parents[2] / "src")
ODD = (37, 23, 19)      # m, n, k: none equal, none a tile multiple


# --- selection and points --------------------------------------------------------------------

def test_fused_selection_and_points():
    names = W.select_variants(["fused"], False)
    assert names == list(F.ORDER) and len(names) == 6
    pts = W.make_points(names, None, None, False)
    # each workload at 1024 and 4096, exact fp32 only (no tf32 points for fused workloads)
    assert sorted(p.key for p in pts) == sorted(f"{w}|{s}|ieee" for w in F.ORDER for s in ("1024", "4096"))
    assert W.make_points(["abx"], ["512x256x128"], ["tf32"], False) == []
    assert W.make_points(["abx", "GEMM-NN"], ["512x256x128"], None, False) == [
        W.Point("abx", 512, 256, 128, "ieee"), W.Point("GEMM-NN", 512, 256, 128, "ieee"),
        W.Point("GEMM-NN", 512, 256, 128, "tf32")]
    assert W.select_variants(["GEMM_BIAS_RELU,shared_operand"], False) == ["gemm_bias_relu", "shared_operand"]
    with pytest.raises(ValueError, match="fused workloads"):
        W.select_variants(["gemm_bias_tanh"], False)


def test_default_selection_has_no_fused_workload():
    assert not set(W.select_variants(None, False)) & set(F.ORDER)
    assert not set(W.select_variants(None, True)) & set(F.ORDER)
    # the BLAS-3 variants keep their own sizes when fused workloads join them
    pts = W.make_points(["GEMM-NN", "abx"], None, ["ieee"], False)
    assert {p.size for p in pts if p.variant == "abx"} == {"1024", "4096"}
    assert {p.size for p in pts if p.variant == "GEMM-NN"} == {"1024", "2048", "4096", "8192",
                                                               "8192x8192x1024", "1024x1024x8192", "4096x4096x64"}


def test_flops_bytes_and_records():
    m, n, k = 300, 200, 100
    p = W.Point("shared_operand", m, n, k, "ieee")
    assert p.v is F.WORKLOADS["shared_operand"] and p.flops == 4 * m * n * k
    assert W.flops(F.WORKLOADS["gemm_gemv"], m, n, k) == 2 * m * n * k + 2 * m * n
    assert W.flops(F.WORKLOADS["abx"], m, n, k) == 2 * k * n + 2 * m * k
    # abx moves A, B, x once and writes y
    assert F.min_bytes(F.WORKLOADS["abx"], m, n, k) == 4 * (m * k + k * n + n + m)
    rec = base_record("kfuse", W.Point("abx", m, n, k, "ieee"))
    assert rec["family"] == "fused" and rec["metric"] == "bytes" and rec["bytes"] == 4 * (m * k + k * n + n + m)
    assert "bytes" not in base_record("kfuse", W.Point("GEMM-NN", m, n, k, "ieee"))


# --- references and the check ----------------------------------------------------------------

@pytest.mark.parametrize("name", F.ALL)
def test_reference_is_what_the_kfuse_function_computes(name):
    """kfuse's float64 interpreter of the traced user function equals the workload reference."""
    w = F.WORKLOADS[name]
    ins = F.make_inputs(w, *ODD, seed=7, xp=np)
    assert all(a.dtype == np.float32 for a in ins) and np.std(ins[0]) > 0.3     # random, not zeros
    prog, _ = F.kfuse_plan(w, *ODD, dtype="float64")
    got = kref.run(prog, {n: a.astype(np.float64) for n, a in zip(w.names, ins)})
    ref = F.reference(w, ins, np)
    assert len(prog.outputs) == len(ref) == len(w.outputs)
    for out, r in zip(prog.outputs, ref):
        np.testing.assert_allclose(got[out], r, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", F.ALL)
def test_reference_matches_the_numpy_peer_function(name):
    w = F.WORKLOADS[name]
    ins = [a.astype(np.float64) for a in F.make_inputs(w, *ODD, seed=3, xp=np)]
    fn = F.array_fn(w, np, lambda x: np.maximum(x, 0), lambda R: np.linalg.norm(R, axis=0))
    got = fn(*ins)
    got = list(got) if isinstance(got, tuple) else [got]
    for g, r in zip(got, F.reference(w, ins, np)):
        np.testing.assert_allclose(g, r, rtol=1e-12, atol=1e-12)


def test_check_accepts_fp32_and_rejects_wrong_outputs():
    w = F.WORKLOADS["gemm_gemv"]
    ins = F.make_inputs(w, *ODD, seed=1, xp=np)
    ref = F.reference(w, ins, np)
    f32 = [r.astype(np.float32) for r in ref]
    err, tol, problem = F.check(w, ODD, f32, ref, np)
    assert problem == "" and err < tol
    bad = [f32[0], f32[1] * np.float32(1.001)]
    assert "y: rel. error" in F.check(w, ODD, bad, ref, np)[2]
    nan = [f32[0].copy(), f32[1]]
    nan[0][3, 4] = np.nan
    assert "C: rel. error nan" in F.check(w, ODD, nan, ref, np)[2]
    assert "1 outputs, expected 2" in F.check(w, ODD, f32[:1], ref, np)[2]
    assert "shape" in F.check(w, ODD, [f32[0].T, f32[1]], ref, np)[2]


# --- kfuse: fused or not built ---------------------------------------------------------------

@pytest.mark.parametrize("name,spaces", [("gemm_bias_relu", ["gemm"]), ("gemm_gemv", ["gemm"]),
                                         ("residual_norms", ["gemm", "vec"])])
def test_epilogue_workloads_are_fused_today(name, spaces):
    w = F.WORKLOADS[name]
    for shape in (ODD, (4096, 4096, 4096)):
        prog, plan = F.kfuse_plan(w, *shape)
        assert [k.space for k in plan.kernels] == spaces
        assert F.plan_problem(w, prog, plan) == ""


def test_abx_is_reassociated_into_gemvs():
    w = F.WORKLOADS["abx"]
    prog, plan = F.kfuse_plan(w, 4096, 4096, 4096)
    assert "gemm" not in [k.space for k in plan.kernels] and F.plan_problem(w, prog, plan) == ""


def _plan(*spaces):
    return SimpleNamespace(kernels=[SimpleNamespace(space=s, calls=[i]) for i, s in enumerate(spaces)])


def test_unfused_plans_are_not_built_with_kfuses_reason():
    w = F.WORKLOADS["prologue"]
    prog, _ = F.kfuse_plan(w, *ODD)
    why = F.plan_problem(w, prog, _plan("tile", "gemm"))
    assert why.startswith("kfuse plans prologue as 2 kernel(s) tile[0] + gemm[1], not fused")
    assert F.plan_problem(w, prog, _plan("gemm")) == ""
    # abx with a product formed (a gemm kernel) is not the reassociation, whatever the count
    abx = F.WORKLOADS["abx"]
    prog, _ = F.kfuse_plan(abx, *ODD)
    assert "not fused" in F.plan_problem(abx, prog, _plan("gemm"))


@pytest.mark.parametrize("name", ["prologue", "shared_operand"])
def test_parts_p_and_g_are_fused_or_refused_with_a_reason(name):
    """Before parts P/G merge: two kernels, 'not built' with the legality refusal; after: one."""
    w = F.WORKLOADS[name]
    prog, plan = F.kfuse_plan(w, *ODD)
    problem = F.plan_problem(w, prog, plan)
    assert (problem == "") == (len(plan.kernels) == 1)
    if problem:
        assert "not fused: call " in problem        # kfuse's own refusal follows


def test_kfuse_peer_raises_not_built_on_the_host(monkeypatch):
    from kfuse.bench.blas3 import peers

    impl = peers.KfuseBlas3()
    impl.kfuse = SimpleNamespace(jit=lambda fn: fn)
    monkeypatch.setattr(F, "kfuse_plan", lambda w, m, n, k, dtype="float32": (SimpleNamespace(calls=[]), _plan("tile", "gemm")))
    with pytest.raises(peers.NotBuilt, match="not fused") as exc:
        impl.build(F.WORKLOADS["prologue"], ODD, "ieee")
    assert peers.is_not_built(impl, exc.value)
    monkeypatch.setattr(F, "kfuse_plan", lambda w, m, n, k, dtype="float32": (SimpleNamespace(calls=[]), _plan("gemm")))
    fn, w = impl.build(F.WORKLOADS["prologue"], ODD, "ieee")
    assert w.name == "prologue" and impl.plan_note == "gemm[0]"
    # the plan the jit compiled on the device is checked again
    fake = SimpleNamespace(plan_for=lambda *a: {"kernels": [{"space": "tile", "calls": [0]},
                                                            {"space": "gemm", "calls": [1]}]})
    with pytest.raises(peers.NotBuilt, match="compiled prologue as tile"):
        impl.prepare((fake, w), [])


# --- report and plot ---------------------------------------------------------------------------

def _rec(impl, name, us=None, status="ok", note="", plan=None):
    w = F.WORKLOADS[name]
    rec = base_record(impl, W.Point(name, 4096, 4096, 4096, "ieee"))
    rec.update(status=status, note=note)
    if us is not None:
        rec.update(hot={"us": us, "loops": 7}, relerr=2e-6)
    if plan:
        rec["plan"] = plan
    assert rec["metric"] == w.metric
    return rec


def results() -> dict:
    recs = [_rec("kfuse", "gemm_bias_relu", 2400.0, plan="gemm[0, 1, 2]"), _rec("torch", "gemm_bias_relu", 3000.0),
            _rec("cublas", "gemm_bias_relu", 2600.0), _rec("inductor", "gemm_bias_relu", status="error", note="boom"),
            _rec("kfuse", "abx", 20.0, plan="tile[0] + tile[1]"), _rec("torch", "abx", 3000.0),
            _rec("cublas", "abx", 25.0),
            _rec("kfuse", "prologue", status="not-built", note="NotBuilt: kfuse plans prologue as 2 kernel(s)"),
            _rec("torch", "prologue", 2500.0),
            {"type": "result", "impl": "kfuse", "variant": "GEMM-NN", "family": "gemm", "m": 4096, "n": 4096,
             "k": 4096, "size": "4096", "precision": "ieee", "flops": 2 * 4096 ** 3, "status": "ok", "note": "",
             "hot": {"us": 2300.0, "loops": 7}, "relerr": 1e-6}]
    return {"schema": "kfuse-bench-blas3/1", "meta": {"impls": ["kfuse", "cublas", "torch", "inductor"],
                                                    "points": [], "wall_s": 1.0},
            "peaks": {"ffma_probe_tflops": 60.0, "read_gbs": 4000.0}, "impl_notes": {}, "records": recs}


def test_fused_table_figures():
    res = results()
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[1:-1]]
            for line in FR.fused_table(res).splitlines()[2:]}
    head = [c.strip() for c in FR.fused_table(res).splitlines()[0].split("|")[1:-1]]
    col = {h: i for i, h in enumerate(head)}
    r = rows["gemm_bias_relu"]
    tf = (2 * 4096 ** 3 + 2 * 4096 ** 2) / 2400e-6 / 1e12
    assert r[col["kfuse µs"]] == "2400.0" and r[col["kfuse merit"]] == f"{tf:.1f} TFLOP/s"
    assert r[col["kfuse % limit"]] == f"{100 * tf / 60:.0f}%"
    assert r[col["fastest peer"]] == "cublas" and r[col["kfuse × fastest"]] == f"{2600 / 2400:.2f}×"
    assert r[col["kfuse × torch"]] == "1.2×" and r[col["inductor µs"]] == "error"
    assert r[col["kfuse kernels"]] == "gemm[0, 1, 2]"
    a = rows["abx"]
    gbs = 4 * (2 * 4096 ** 2 + 2 * 4096) / 20e-6 / 1e9
    assert a[col["kfuse merit"]] == f"{gbs:.1f} GB/s" and a[col["kfuse % limit"]] == f"{100 * gbs / 4000:.0f}%"
    assert a[col["kfuse × torch"]] == "150.0×" and a[col["kfuse × fastest"]] == "1.25×"
    p = rows["prologue"]
    assert p[col["kfuse µs"]] == "n/b" and p[col["kfuse × torch"]] == "" and p[col["kfuse kernels"]] == ""


def test_report_keeps_fused_rows_out_of_the_blas3_table():
    res = results()
    md = FR.render(res, [], [])
    blas3 = md.split("## TFLOP/s, exact fp32 (ieee)")[1].split("## Fused workloads")[0]
    assert "GEMM-NN" in blas3 and "gemm_bias_relu" not in blas3
    assert "## Fused workloads, exact fp32" in md
    assert "kfuse prologue 4096 ieee: not-built: NotBuilt: kfuse plans prologue" in md
    assert "Fused workloads" in FR.console_summary(res) and "Fused workloads" not in R.console_summary(res)
    assert "## Fused workloads" not in R.render(res, [], [])
    assert FR.fused_table(dict(res, records=res["records"][-1:])) is None


def test_fused_plot(tmp_path):
    pytest.importorskip("matplotlib")
    from kfuse.bench.blas3 import plots

    assert FR.speedup_data(results(), "4096")["kfuse"] == [("gemm_bias_relu", 1.25), ("abx", 150.0)]
    files, _ = plots.write_plots(results(), tmp_path)
    assert "fused-4096.png" in files and (tmp_path / "fused-4096.png").stat().st_size > 1000


def test_dry_run_lists_kfuses_kernels():
    out = subprocess.run([sys.executable, "-m", "kfuse", "bench", "--blas3", "--routines", "fused",
                          "--sizes", "1024", "--dry-run"], capture_output=True, text=True,
                         env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = {ln.split()[0]: ln for ln in out.stdout.splitlines()[1:]}
    assert set(lines) == set(F.ORDER)
    assert lines["gemm_bias_relu"].endswith("kfuse: gemm[0, 1, 2]")
    assert "kfuse: tile[0] + tile[1]" in lines["abx"]
    for name in ("prologue", "shared_operand"):     # parts P and G: fused, or not built with why
        assert "kfuse: gemm[" in lines[name] or "kfuse: not built: kfuse plans" in lines[name]


# --- the cuBLAS + CuPy peer's column-major calls, on a NumPy model of cuBLAS ----------------------

class _Dev(np.ndarray):
    """A NumPy array with CuPy's ``.data.ptr`` (its buffer address)."""

    @property
    def data(self):
        return SimpleNamespace(ptr=self.__array_interface__["data"][0])


class _FakeCupy:
    """The few CuPy calls the peer makes, on the host; buffers registered by address."""

    def __init__(self):
        self.mem: dict = {}

    def dev(self, a):
        a = np.ascontiguousarray(a).view(_Dev)
        self.mem[a.data.ptr] = a
        return a

    def empty(self, shape, dtype):
        return self.dev(np.full(shape, np.nan, dtype=dtype))

    def asarray(self, x, dtype):
        return self.dev(np.asarray(x, dtype=dtype))

    def ElementwiseKernel(self, inp, out, body, name):          # noqa: N802 - CuPy's name
        if name == "bench_bias_relu":
            def bias_relu(bias, n, c):
                c[...] = np.maximum(c + np.asarray(bias)[np.arange(c.size) % n].reshape(c.shape), 0)
            return bias_relu
        return lambda a, b: b.__setitem__(Ellipsis, np.maximum(a, 0))

    def ReductionKernel(self, *args):                           # noqa: N802
        return lambda r, axis: np.sqrt((np.asarray(r, dtype=np.float64) ** 2).sum(axis=axis))


class _FakeCublas:
    """Column-major s/dgemm and s/dgemv over the fake device memory (device pointer mode); each
    call's scalars and matrices must be of the routine's dtype (S: float32, D: float64)."""

    def __init__(self, cp):
        self.cp = cp
        self.calls: list = []

    def mat(self, ptr, rows, cols, ld):
        flat = self.cp.mem[ptr].reshape(-1)
        return flat[:cols * ld].reshape(cols, ld)[:, :rows].T

    def scalar(self, ptr):
        return float(self.cp.mem[ptr].reshape(-1)[0])

    def typed(self, name, *ptrs):
        """Record the call; assert every pointer's buffer has the routine's dtype."""
        want = {"s": np.float32, "d": np.float64}[name[0]]
        assert all(self.cp.mem[p].dtype == want for p in ptrs), (name, [self.cp.mem[p].dtype for p in ptrs])
        self.calls.append(name)

    def _gemm(self, name, h, opa, opb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc):
        self.typed(name, alpha, A, B, beta, C)
        a = self.mat(A, k, m, lda).T if opa else self.mat(A, m, k, lda)
        b = self.mat(B, n, k, ldb).T if opb else self.mat(B, k, n, ldb)
        c = self.mat(C, m, n, ldc)
        old = np.nan_to_num(c) if self.scalar(beta) == 0 else c
        c[...] = self.scalar(alpha) * (a @ b) + self.scalar(beta) * old

    def _gemv(self, name, h, trans, m, n, alpha, A, lda, x, incx, beta, y, incy):
        self.typed(name, alpha, A, x, beta, y)
        a = self.mat(A, m, n, lda)
        a = a.T if trans else a
        yy = self.cp.mem[y]
        old = np.nan_to_num(yy) if self.scalar(beta) == 0 else yy
        yy[...] = self.scalar(alpha) * (a @ self.cp.mem[x]) + self.scalar(beta) * old

    def sgemm(self, *a):
        self._gemm("sgemm", *a)

    def dgemm(self, *a):
        self._gemm("dgemm", *a)

    def sgemv(self, *a):
        self._gemv("sgemv", *a)

    def dgemv(self, *a):
        self._gemv("dgemv", *a)


def fake_cublas_peer(cp):
    """The suite's cuBLAS peer (its routine choice and device scalars) on the fake CuPy/cuBLAS."""
    from kfuse.bench.blas3.cublas3 import CublasBlas3

    impl = CublasBlas3()
    impl.cupy, impl.lib, impl.handle, impl.scalars, impl.fns = cp, _FakeCublas(cp), 1, {}, {}
    return impl


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", F.ALL)
def test_cublas_peer_calls_compute_the_workload(name, dtype):
    from kfuse.bench.blas3 import fused_cublas

    cp = _FakeCupy()
    impl = fake_cublas_peer(cp)
    w = F.WORKLOADS[name]
    ins = F.make_inputs(w, *ODD, seed=5, xp=np, dtype=dtype)
    body = fused_cublas.bind(impl, w, ODD, [cp.dev(a) for a in ins])
    got = body()
    got = list(got) if isinstance(got, tuple) else [got]
    err, tol, problem = F.check(w, ODD, [np.asarray(g) for g in got], F.reference(w, ins, np), np, dtype)
    assert problem == "", problem
    assert impl.lib.calls and {c[0] for c in impl.lib.calls} == {"s" if dtype == "float32" else "d"}
