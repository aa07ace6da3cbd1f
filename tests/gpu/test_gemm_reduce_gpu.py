"""Reductions of the product in the gemm epilogue on the GPU (issue 20, part E): ``C = A @ B;
y = C @ x`` returning both, ``z = w @ C``, gemv / gemv_t with alpha, beta and y, the column norms
of a residual ``R = B - A @ X`` -- against float64 NumPy at odd, empty and size-1 shapes, float32
and float64, on the default plan and on plans forcing one gemm kernel with small tiles (several
blocks along each summed axis: atomic finishes into zeroed outputs, beta * y added once) and with
one block spanning the sum (finalize and store).  Outputs are poisoned (NaN) before launches by the
GPU tier's conftest."""
import numpy as np
import pytest

import kfuse
import kfuse.api
import kfuse.reference   # (an attribute of kfuse only once imported)
from kfuse.api import bind_sizes, make_plan
from kfuse.frontend import script
from tests.gpu.helpers import every_input_unchanged  # noqa: F401 - autouse: inputs never change

SIZES = [(1, 1, 1), (7, 13, 5), (129, 67, 33), (300, 200, 100), (9, 11, 0), (1, 257, 3), (257, 1, 3)]
EPS = {"float32": 1.2e-7, "float64": 2.3e-16}
PROGRAMS = {
    "gemv": "matrix A(m, k), B(k, n); vector x(n); input A, B, x; C = A @ B; y = C @ x; return C, y;",
    "both": "matrix A(m, k), B(k, n); vector x(n), w(m); input A, B, x, w; C = A @ B; y = C @ x; "
            "z = w @ C; return C, y, z;",
    "scaled": "matrix A(m, k), B(k, n); vector x(n), b(m), c(n), w(m); scalar a; input A, B, x, b, c, w, a; "
              "C = A @ B; y = gemv(C, x, alpha=a, beta=0.5, y=b); z = gemv_t(C, w, alpha=2.0, beta=-1.5, y=c); "
              "return y, z, C;",
    "residual": "matrix A(m, k), X(k, n), B(m, n); vector o(m); input A, X, B, o; R = B - A @ X; "
                "s = sqrt(o @ (R * R)); return s, R;",
}
#: small: several blocks along each summed axis (atomics); wide: one block spans n <= 256 (stored)
SCHEMES = {("small", "float32"): {"bm": 64, "bn": 64, "bk": 16, "tm": 8, "tn": 4, "stages": 3},
           ("small", "float64"): {"bm": 64, "bn": 64, "bk": 16, "tm": 8, "tn": 4, "stages": 3},
           ("wide", "float32"): {"bm": 64, "bn": 256, "bk": 16, "tm": 8, "tn": 8, "stages": 2},
           ("wide", "float64"): {"bm": 32, "bn": 256, "bk": 16, "tm": 4, "tn": 8, "stages": 2}}


def reference(name, ins):
    f = {k: np.asarray(v, np.float64) for k, v in ins.items()}
    if name == "residual":
        R = f["B"] - f["A"] @ f["X"]
        return {"s": np.sqrt(np.ones(R.shape[0]) @ (R * R)), "R": R}
    C = f["A"] @ f["B"]
    if name == "scaled":
        return {"C": C, "y": float(ins["a"]) * (C @ f["x"]) + 0.5 * f["b"], "z": 2.0 * (C.T @ f["w"]) - 1.5 * f["c"]}
    out = {"C": C, "y": C @ f["x"]}
    if name == "both":
        out["z"] = f["w"] @ C
    return out


def inputs(prog, seed):
    rng = np.random.default_rng(seed)
    ins = {}
    for v in prog.inputs:
        t = prog.value(v).type
        ins[v] = float(rng.standard_normal()) if t.kind == "scalar" else \
            rng.standard_normal(tuple(int(d) for d in t.shape)).astype(t.dtype)
    if "o" in ins:
        ins["o"] = np.ones_like(ins["o"])   # column sums of squares
    return ins


def forced_plan(prog, scheme: dict) -> dict:
    """The default plan with the product and every tile call in one gemm kernel of ``scheme`` on
    the FFMA engine (the one with epilogue reductions: a float64 product alone may be planned on
    mma_f64; the sqrt of the residual's norms stays its own kernel, after)."""
    d = make_plan(prog).to_json()
    gemm = next(kd for kd in d["kernels"] if kd["space"] == "gemm")
    joined = [kd for kd in d["kernels"] if kd["space"] in ("gemm", "tile")]
    calls = sorted(c for kd in joined for c in kd["calls"])
    params = dict(gemm["params"], engine="ffma", wm=0, wn=0, **scheme)
    d["kernels"] = [{"name": "k0", "calls": calls, "space": "gemm", "params": params}] + \
        [kd for kd in d["kernels"] if kd not in joined]
    return d


def run(name, dtype, m, n, k, scheme=None, seed=0):
    """Compile ``name`` (its default plan, or one gemm kernel with ``scheme``), run it on CuPy
    arrays, compare every output with float64 NumPy; returns the executable."""
    import cupy
    prog = bind_sizes(script.parse(PROGRAMS[name], name, dtype), {"m": m, "n": n, "k": k})
    plan = forced_plan(prog, scheme) if scheme is not None else None
    exe = kfuse.api.compile_program(script.parse(PROGRAMS[name], name, dtype), {"m": m, "n": n, "k": k}, plan)
    ins = inputs(prog, seed)
    args = [ins[v] if isinstance(ins[v], float) else cupy.asarray(ins[v]) for v in prog.inputs]
    got = exe(*args)
    got = got if isinstance(got, (tuple, list)) else (got,)
    want = reference(name, ins)
    for v, g in zip(prog.outputs, got):
        g = kfuse.reference.to_reference(g, "float64")
        assert g.shape == want[v].shape, (v, g.shape)
        assert np.all(np.isfinite(g)), f"{name} {v}: non-finite (unwritten?)"
        tol = 16 * EPS[dtype] * max(1.0, np.sqrt(k * max(m, n))) + EPS[dtype]
        err = kfuse.reference.rel_error(g, want[v])
        assert err <= tol, f"{name} {v} {m}x{n}x{k} {dtype}: relative error {err:.3e} > {tol:.3e}"
    return exe


@pytest.mark.parametrize("m,n,k", SIZES, ids=[f"{m}x{n}x{k}" for m, n, k in SIZES])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
@pytest.mark.parametrize("scheme", [None, "small", "wide"])
def test_epilogue_reductions_match_float64(name, dtype, m, n, k, scheme):
    exe = run(name, dtype, m, n, k, SCHEMES.get((scheme, dtype)), seed=m + n + k)
    if scheme is not None:
        assert exe.module.kernels[0].plan.space == "gemm"


def test_gemv_of_the_returned_product_is_one_kernel_in_jit():
    import cupy
    rng = np.random.default_rng(1)
    A0, B0, x0 = rng.standard_normal((2001, 257)), rng.standard_normal((257, 1999)), rng.standard_normal(1999)

    @kfuse.jit
    def f(A, B, x):
        C = A @ B
        return C, C @ x
    C, y = f(*(cupy.asarray(a.astype(np.float32)) for a in (A0, B0, x0)))
    assert [kd["calls"] for kd in f.plan["kernels"]] == [[0, 1]]
    want = A0.astype(np.float32).astype(np.float64) @ B0.astype(np.float32)
    for got, ref in ((C, want), (y, want @ x0.astype(np.float32))):
        err = kfuse.reference.rel_error(kfuse.reference.to_reference(got, "float64"), ref)
        assert err <= 16 * EPS["float32"] * np.sqrt(257 * 2001), err


def test_repeated_calls_rezero_the_atomic_outputs():
    exe = run("scaled", "float32", 300, 200, 100, SCHEMES["small", "float32"], seed=11)
    assert exe.module.zero is not None
    run("scaled", "float32", 300, 200, 100, SCHEMES["small", "float32"], seed=12)
