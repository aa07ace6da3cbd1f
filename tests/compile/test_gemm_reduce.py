"""Compile tier of the gemm epilogue's reductions (issue 20, part E).

1. Programs whose gemm kernel hosts row / column sums of epilogue values (``y = C @ x`` with C
   returned, ``z = w @ C``, ``gemv`` with alpha, beta and y, the column sums of squares of a
   residual ``R = B - A @ X``) compile to sm_90 cubins without spills, float32 and float64.
2. The lowered kernel runs on the CPU (g++, one std::thread per CUDA thread; blocks one after
   another; warp shuffles through a block barrier), the routines of its calls prepended, against
   float64 NumPy on random inputs: stored outputs NaN-poisoned, atomic outputs zeroed as the
   module's zeroing kernel does.  Both finishes: one block along the summed axis (finalize and
   store) and several (atomics, beta * y added once).  Skipped without g++.
"""
from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from tests.compile.compile_helpers import assert_clean_resources, compile_program
from tests.compile.test_gemm_emit import KF_READ, SHIM
from tests.compile import gxx
from kfuse.api import bind_sizes, make_plan
from kfuse.codegen import generate
from kfuse.codegen.routines import emit_routines
from kfuse.frontend import script
from kfuse.fusion.plan import plan_from_json
from kfuse.spaces.gemm import engines
from kfuse.spaces.gemm.scheme import default_scheme

PROGRAMS = {
    "gemv": "matrix A(m, k), B(k, n); vector x(n); input A, B, x; C = A @ B; y = C @ x; return C, y;",
    "both": "matrix A(m, k), B(k, n); vector x(n), w(m); input A, B, x, w; C = A @ B; y = C @ x; "
            "z = w @ C; return C, y, z;",
    "scaled": "matrix A(m, k), B(k, n); vector x(n), b(m), c(n), w(m); scalar a; input A, B, x, b, c, w, a; "
              "C = A @ B; y = gemv(C, x, alpha=a, beta=0.5, y=b); z = gemv_t(C, w, alpha=2.0, beta=-1.5, y=c); "
              "return y, z, C;",
    "residual": "matrix A(m, k), X(k, n), B(m, n); vector o(m); input A, X, B, o; R = B - A @ X; "
                "s = o @ (R * R); return s;",
}


def reference(name, ins):
    """float64 NumPy results of program ``name`` (its outputs by name)."""
    f = {k: np.asarray(v, np.float64) for k, v in ins.items()}
    if name == "residual":
        R = f["B"] - f["A"] @ f["X"]
        return {"s": f["o"] @ (R * R)}
    C = f["A"] @ f["B"]
    out = {"C": C}
    if name == "scaled":
        out["y"] = float(ins["a"]) * (C @ f["x"]) + 0.5 * f["b"]
        out["z"] = 2.0 * (C.T @ f["w"]) - 1.5 * f["c"]
    else:
        out["y"] = C @ f["x"]
        if name == "both":
            out["z"] = f["w"] @ C
    return out


def program(name, dtype, sizes):
    return bind_sizes(script.parse(PROGRAMS[name], name, dtype), sizes)


def one_kernel_plan(prog, dtype, **scheme):
    """The program in one gemm kernel, its scheme fields replaced by ``scheme``; the FFMA engine's
    default scheme where the product alone was planned on an engine without epilogue reductions
    (float64 on mma_f64)."""
    d = make_plan(prog).to_json()
    params = next(k for k in d["kernels"] if k["space"] == "gemm")["params"]
    if not engines.get(params["engine"]).runs_reductions:
        params = dict(params, **dataclasses.asdict(default_scheme(dtype)))
    params = dict(params, **scheme)
    d["kernels"] = [{"name": "k0", "calls": list(range(len(prog.calls))), "space": "gemm", "params": params}]
    return plan_from_json(d)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_reductions_in_the_epilogue_compile_without_spills(name, dtype):
    prog = program(name, dtype, {"m": 1001, "n": 517, "k": 77})
    exe = compile_program(prog, plan=one_kernel_plan(prog, dtype))
    assert exe.n_kernels == 1
    assert_clean_resources(exe)
    assert exe.module.zero is not None   # several blocks along each summed axis: atomics


# ---- running the lowered kernel on the CPU ---------------------------------------------------------
EXTRA = r"""
static double kf_shfl_slot[1024];
// a warp shuffle on the CPU: every thread of the block takes part (the emitter's shuffles are
// in block-uniform loops), so the block barrier orders the exchange
template <typename T> static T __shfl_xor_sync(unsigned, T v, int off) {
    const int t = threadIdx.x;
    kf_shfl_slot[t] = (double)v;
    __syncthreads();
    const T r = (T)kf_shfl_slot[t ^ off];
    __syncthreads();
    return r;
}
template <typename T> static void kf_atomic_add(T* p, T v) { *p += v; }   // blocks run one after another
"""

MAIN = KF_READ + r"""
int main(int argc, char** argv) {
%(reads)s
    std::barrier<> bar(%(threads)d);
    kf_bar = &bar;
    for (unsigned blk = 0; blk < %(blocks)d; ++blk) {
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < %(threads)d; ++t)
            ts.emplace_back([&, t, blk] { threadIdx.x = t; blockIdx.x = blk; %(name)s(%(args)s); });
        for (auto& th : ts) th.join();
    }
%(writes)s
    return 0;
}
"""


def run_kernel_on_cpu(prog, plan, arrays: dict, scalars: dict) -> dict:
    """Run the plan's one gemm kernel on the CPU; ``arrays``: inputs and the outputs' initial
    contents by value name (as the zeroing kernel / poison leave them); returns the outputs."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    mod = generate(prog, plan)
    (ks,) = mod.kernels
    dt = prog.value(prog.calls[0].out).type.dtype
    ct = "double" if dt == "float64" else "float"
    routines = "".join(emit_routines(prog, prog.calls[c]) for c in ks.plan.calls)
    with tempfile.TemporaryDirectory() as tmp:
        reads, writes, args, n = [], [], [], 0
        for a in ks.args:
            if a.kind == "host":
                args.append(repr(float(scalars[a.value])))
                continue
            arr = np.asarray(arrays[a.value], dtype=dt)
            n += 1
            path = os.path.join(tmp, f"{n}.bin")
            arr.ravel(order="K").tofile(path)
            reads.append(f"    {ct}* {a.cname} = kf_read<{ct}>(argv[{n}], {arr.size});")
            args.append(a.cname)
            if a.kind == "out":
                writes.append(f'    {{ FILE* f = std::fopen("{tmp}/out_{a.cname}.bin", "wb"); '
                              f"std::fwrite({a.cname}, sizeof({ct}), {arr.size}, f); std::fclose(f); }}")
        code = ks.text.replace("extern __shared__ __align__(16) unsigned char kf_smem[];",
                               "unsigned char* kf_smem = kf_smem_host;")
        main = MAIN % dict(reads="\n".join(reads), writes="\n".join(writes), threads=ks.block[0],
                           blocks=ks.grid[0], name=ks.name, args=", ".join(args))
        cpp, exe = os.path.join(tmp, "k.cpp"), os.path.join(tmp, "k")
        with open(cpp, "w") as f:
            f.write(SHIM + EXTRA + routines + code + main)
        built = gxx.build(cpp, exe, ["-std=c++20", "-O1", "-w", "-pthread"])
        assert built.returncode == 0, built.stderr[-3000:]
        files = [os.path.join(tmp, f"{i}.bin") for i in range(1, n + 1)]
        subprocess.run([exe, *files], check=True, timeout=300)
        out = {}
        for a in ks.args:
            if a.kind == "out":
                like = np.asarray(arrays[a.value])
                out[a.value] = np.fromfile(os.path.join(tmp, f"out_{a.cname}.bin"), dtype=dt).reshape(like.shape)
        return out, ks


def check_on_cpu(name, dtype, m, n, k, scheme, seed=0):
    prog = program(name, dtype, {"m": m, "n": n, "k": k})
    plan = one_kernel_plan(prog, dtype, **scheme)
    rng = np.random.default_rng(seed)
    ins, scalars = {}, {}
    for v in prog.inputs:
        val = prog.value(v)
        if val.type.kind == "scalar":
            scalars[v] = ins[v] = float(rng.standard_normal())
        else:
            ins[v] = rng.standard_normal(tuple(int(d) for d in val.type.shape))
    want = reference(name, ins)
    arrays = {v: ins[v] for v in ins if v not in scalars}
    mod = generate(prog, plan)
    zeroed = set(mod.kernels[0].zero)
    for v in prog.outputs:
        arrays[v] = np.zeros(want[v].shape) if v in zeroed else np.full(want[v].shape, np.nan)
    got, ks = run_kernel_on_cpu(prog, plan, arrays, scalars)
    tol = (2e-5 if dtype == "float32" else 1e-12) * max(1.0, np.sqrt(k * max(m, n)))
    for v in prog.outputs:
        assert np.all(np.isfinite(got[v])), f"{v}: unwritten elements"
        err = np.linalg.norm(got[v] - want[v]) / max(np.linalg.norm(want[v]), 1e-300)
        assert err <= tol, (v, err, tol)
    return zeroed


SMALL = {"bm": 64, "bn": 64, "bk": 16, "tm": 8, "tn": 4, "stages": 3}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_reductions_run_on_cpu_with_atomics(name):
    """Several blocks along both axes (3 x 2 tiles of 64 x 64): atomic finishes, beta * y once."""
    zeroed = check_on_cpu(name, "float32", 131, 70, 37, SMALL)
    assert zeroed


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_reductions_run_on_cpu_with_one_block_per_sum(dtype):
    """One block spans n (row sums stored after finalize, no atomics) while the column sums of
    the same kernel add atomically over 3 block rows."""
    zeroed = check_on_cpu("scaled", dtype, 150, 45, 19, dict(SMALL, bn=64), seed=2)
    assert len(zeroed) == 1
    assert check_on_cpu("both", dtype, 7, 13, 5, SMALL, seed=3) == set()


def test_reductions_run_on_cpu_with_k_zero_and_a_row():
    check_on_cpu("scaled", "float32", 1, 9, 0, SMALL, seed=4)
    check_on_cpu("both", "float64", 65, 1, 3, {"bm": 64, "bn": 64, "bk": 16, "tm": 4, "tn": 4, "stages": 3}, seed=5)
