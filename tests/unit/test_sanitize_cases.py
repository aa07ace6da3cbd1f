"""The sanitizer run's cases (tests/sanitize) enumerate without a GPU and cover what issue 30 asks:
every example in both types, every stencil staging variant, every BLAS-3 family in both
precisions (and the float64 products, on mma_f64), the solvers; the BLAS-3 expectations agree
with kfuse's NumPy reference; the parser attributes a sanitizer's reports to the case that
printed them."""
from __future__ import annotations

import pytest

import kfuse.examples
from tests.sanitize import cases as sc
from tests.sanitize.run_sanitizer import MARK, main, parse


def test_examples_solvers_and_blas3_families_are_all_there():
    ex = [c.name for c in sc.example_cases()]
    assert ex == [f"examples/{n}-{d}" for n in kfuse.examples.names() for d in ("float32", "float64")]
    assert [c.name for c in sc.solver_cases()] == ["solvers/cg-csr", "solvers/cg-ell", "solvers/bicg-float32",
                                                   "solvers/bicg-float64"]
    b3 = [c.name for c in sc.blas3_cases()]
    for fam in ("gemm-NN", "gemm-NT", "gemm-TN", "gemm-TT", "symm-", "trmm-", "trsm-", "syrk-", "syr2k-",
                "solve_triangular-"):
        for prec in ("ieee", "tf32"):
            for order in ("C", "F"):
                assert any(n.startswith(f"blas3/{fam}") and n.endswith(f"-{order}-{prec}") for n in b3), \
                    (fam, order, prec)
    for fam in ("trmm", "trsm"):   # every side x uplo x trans, unit and not
        for side in ("left", "right"):
            for uplo in ("lower", "upper"):
                for tr in "NT":
                    assert sum(n.startswith(f"blas3/{fam}-{side}-{uplo}-{tr}-") for n in b3 if "float64" not in n and "fp32x3" not in n) == 2
        assert any("-unit-" in n and n.startswith(f"blas3/{fam}") for n in b3)
        assert any("-nonunit-" in n and n.startswith(f"blas3/{fam}") for n in b3)
    for fam in ("gemm-NN", "gemm-NT", "gemm-TN", "gemm-TT", "symm-", "trmm-", "syrk-", "syr2k-"):
        for order in ("C", "F"):
            assert any(n.startswith(f"blas3/{fam}") and n.endswith(f"-{order}-float64") for n in b3), (fam, order)
    assert sum(n.endswith("-even-C-float64") for n in b3) == 4
    assert len(set(b3)) == len(b3) == 80 + 14 + 28   # ieee and tf32; fp32x3; float64


def test_the_float64_cases_run_on_the_fp64_tensor_cores():
    """The float64 BLAS-3 cases are the sanitizer's only mma_f64 kernels: their products must be
    planned on that engine (a model change that moves them to ffma would leave it unsanitized)."""
    import numpy as np
    from kfuse.codegen import generate
    from kfuse.frontend.trace import trace
    from kfuse.model import load_calibration
    from kfuse.model.planner import best_plan
    cal = load_calibration("NVIDIA H200")
    for name, body, order in sc.float64_bodies():
        host, _want, call = body(np.random.default_rng(0))
        names = list(host)
        specs = [("a", h.shape, "float64", order) for h in host.values()]
        prog, _ = trace(lambda *xs: call(dict(zip(names, xs)), None), names, specs, "case")
        plan = best_plan(prog, cal)
        engines = [k.params.get("engine") for k in plan.kernels if k.space == "gemm"]
        assert engines and set(engines) == {"mma_f64"}, (name, engines)
        if "-even-" in name:   # even leading dimensions: the 16-byte copies are sanitized too
            assert any("kf_cp_async<16>(" in (k.text or "") for k in generate(prog, plan).kernels), name


def test_stencil_cases_take_every_staging_choice():
    plans = sc.stencil_plans("chain1d", "float32")
    labels = [label for label, _prog, _plan in plans]
    assert labels[:2] == ["unfused", "model"] and labels[-1] == "block64x1"
    assert len(labels) == len(set(labels)) >= 6
    staged = {p.kernels[0].params.get("smem", "") for label, _prog, p in plans[2:-1]}
    assert "" in staged and len(staged) >= 3   # none, and several staged sets


def test_blas3_expectations_agree_with_the_reference():
    """Each exact-fp32 case's expected values against kfuse's NumPy reference of the same call
    (no GPU): a wrong expectation would report a false failure on the device."""
    for c in sc.blas3_cases():
        if c.name.endswith(("-ieee", "-float64")):
            assert c.reference() < 1e-4, c.name


def test_list_needs_no_gpu(capsys):
    assert main(["--list", "--only", "blas3/gemm", "solvers/"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "40 case(s): blas3 36, solvers 4"   # (stencils not planned for this; 8 fp32x3 GEMMs)
    assert out[0] == "blas3/gemm-NN-C-ieee"


def test_parse_attributes_errors_to_cases():
    text = "\n".join([
        "========= COMPUTE-SANITIZER",
        f"{MARK} begin a/x",
        "========= Invalid __global__ write of size 4 bytes",
        "=========     at k0_foo+0x90",
        "========= Invalid __global__ write of size 4 bytes",
        f"{MARK} end a/x ok 0.50 error 1.0e-07",
        f"{MARK} begin a/y",
        f"{MARK} end a/y fail 0.20 CheckFailed: input A changed by the call",
        f"{MARK} begin a/z",
        "========= Error: Race reported between Write access at k1+0x10",
        "========= ERROR SUMMARY: 3 errors",
    ])
    r = parse(text, ["a/x", "a/y", "a/z", "a/w"])
    assert (r["a/x"]["errors"], r["a/x"]["status"], r["a/x"]["seconds"]) == (2, "ok", 0.5)
    assert r["a/y"]["status"] == "fail" and "input A changed" in r["a/y"]["note"]
    assert (r["a/z"]["errors"], r["a/z"]["status"]) == (1, "started (did not finish)")
    assert r["a/w"]["status"] == "not reached"
    assert (r["_total"], r["_outside"]) == (3, 0)


def test_unknown_tool_is_refused():
    with pytest.raises(SystemExit):
        main(["--only", "solvers/cg-csr", "--tools", "initcheck"])


def test_missing_sanitizer_is_said(capsys):
    assert main(["--only", "solvers/cg-csr", "--sanitizer", "/nonexistent/compute-sanitizer"]) == 2
    assert "compute-sanitizer not found (/nonexistent/compute-sanitizer)" in capsys.readouterr().err
