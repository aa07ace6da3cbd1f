"""Run the generated CUDA C of grid and vec kernels on the CPU (g++), several whole modules
one after another (a time loop): the compile tier's check of what the kernels compute, with and
without floating-point contraction (``a * b + c`` fused into one rounding, as NVRTC does by
default with ``--fmad=true``).

A kernel without ``__syncthreads`` runs its CUDA threads one after another in one OS thread
(blocks in order; 3-D grids and blocks); one with it runs a std::thread per CUDA thread and a barrier.  Warp shuffles
and atomics are not simulated (a kernel that uses them is refused).  Each program of
``schedule`` maps the state positionally: its inputs are the state, its outputs the next state.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from kfuse.ir import ident
from tests.compile.test_gemm_emit import KF_READ, SHIM
from tests.compile import gxx

#: CUDA built-ins the prelude names, for the host: loads, vector types, shuffles and atomics
#: (those two abort: the runner does not simulate them)
HOST = r"""
#include <cstring>
#include <cstdint>
using std::memcpy; using std::hypot; using std::sqrt; using std::exp; using std::cos; using std::sin;
using std::fabs;
thread_local kf_dim3 blockDim, gridDim;
struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct double2 { double x, y; };
static inline float2 make_float2(float x, float y) { return {x, y}; }
static inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
static inline double2 make_double2(double x, double y) { return {x, y}; }
static inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
static inline double __longlong_as_double(long long i) { double f; memcpy(&f, &i, 8); return f; }
template <typename T> static inline T __ldcg(const T* p) { return *p; }
template <typename T> static inline T __ldcs(const T* p) { return *p; }
template <typename T> static inline T __ldg(const T* p) { return *p; }
template <typename T> static inline T __shfl_xor_sync(unsigned, T, int) { std::abort(); }
template <typename T> static inline T atomicAdd(T*, T) { std::abort(); }
#define __grid_constant__
"""

LAUNCH = r"""
template <typename F> static void kf_run(kf_dim3 grid, kf_dim3 block, bool sync, F body) {
    const unsigned threads = block.x * block.y * block.z;
    auto at = [&](unsigned t, unsigned bx, unsigned by, unsigned bz) {
        threadIdx.x = t % block.x; threadIdx.y = t / block.x % block.y; threadIdx.z = t / (block.x * block.y);
        blockIdx.x = bx; blockIdx.y = by; blockIdx.z = bz; blockDim = block; gridDim = grid; };
    for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx) {
        std::memset(kf_smem_host, 0xFF, sizeof(kf_smem_host));   // shared memory starts as NaN in every block
        if (!sync) {
            for (unsigned t = 0; t < threads; ++t) { at(t, bx, by, bz); body(); }
            continue;
        }
        std::barrier<> bar(threads);
        kf_bar = &bar;
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < threads; ++t)
            ts.emplace_back([&, t] { at(t, bx, by, bz); body(); });
        for (auto& th : ts) th.join();
    }
}
template <typename T> static T* kf_poison(size_t n) {
    T* p = static_cast<T*>(std::aligned_alloc(256, (n * sizeof(T) / 256 + 1) * 256));
    for (size_t i = 0; i < n; ++i) p[i] = NAN;
    return p;
}
"""

#: g++ options: contraction off (every product rounded and x**3 a pow, as NumPy: KF_EXACT) or on
#: (fused where g++ sees a*b+c, whole exponents as products)
CONTRACT = {False: ["-ffp-contract=off", "-DKF_EXACT"], True: ["-mfma", "-ffp-contract=fast"]}


def _module_text(module, ns: str) -> str:
    text = module.source.replace('extern "C" ', "").replace(
        "extern __shared__ __align__(16) unsigned char kf_smem[];", "unsigned char* kf_smem = kf_smem_host;")
    return f"namespace {ns} {{\n{text}\n}}   // namespace {ns}\n"


def _dim3(d: tuple) -> str:
    return "kf_dim3{" + ", ".join(f"{int(x)}u" for x in tuple(d) + (1,) * (3 - len(d))) + "}"


def _ctype(a) -> str:
    return {"float64": "double", "float32": "float", "int64": "long long", "bool": "bool"}[np.dtype(a.dtype).name]


def _consts(ns: str, consts: dict) -> tuple:
    """(declarations, name -> C expression) of the inputs that are no part of the state: arrays
    as static data, host scalars as literals (``consts``: input name -> NumPy array or number)."""
    decls, expr = [], {}
    for name, x in consts.items():
        a = np.asarray(x)
        if a.ndim == 0:
            expr[name] = repr(int(a)) + "LL" if a.dtype.kind in "iu" else repr(float(a))
            continue
        data = ", ".join(repr(int(v)) if a.dtype.kind == "b" else repr(float(v)) for v in a.ravel())
        decls.append(f"static const {_ctype(a)} {ns}_{ident(name)}[] = {{{data}}};")
        expr[name] = f"{ns}_{ident(name)}"
    return decls, expr


def _kernel_calls(program, module, ns: str, state: list, consts: dict | None = None) -> tuple:
    """(buffer declarations, launch lines) of one run of ``module``: inputs read from the state
    pointers (those of ``consts``, from constants), outputs and intermediates in buffers of
    their own (NaN-poisoned)."""
    decls, lines, bufs = [], [], {}
    consts = consts or {}
    stateful = [n for n in program.inputs if n not in consts]
    for k in module.launches:
        if re.search(r"kf_shfl|atomic|kf_block_reduce|kf_last_block", k.text):
            raise AssertionError(f"{k.name}: warp shuffles and atomics are not simulated")
        args = []
        for a in k.args:
            if a.kind not in ("in", "out", "host"):
                raise AssertionError(f"{k.name}: argument kind {a.kind} not simulated")
            if a.value in consts:
                args.append(consts[a.value])
                continue
            if a.value in program.inputs:
                args.append(state[stateful.index(a.value)])
                continue
            if a.value not in bufs:
                t = program.value(a.value).type
                ct = _ctype(t)
                bufs[a.value] = f"{ns}_{ident(a.value)}"
                decls.append(f"    {ct}* {bufs[a.value]} = kf_poison<{ct}>({max(1, t.size())});")
            args.append(bufs[a.value])
        sync = "true" if "__syncthreads" in k.text else "false"
        lines.append(f"        kf_run({_dim3(k.grid)}, {_dim3(k.block)}, {sync}, [&] {{ {ns}::{k.name}({', '.join(args)}); }});")
    return decls, lines, bufs


def build(programs: list, state_like: list, contract: bool, tmp: str, consts: list | None = None) -> str:
    """Compile ``(program, module)`` pairs into one CPU executable in folder ``tmp``; its path.
    The executable takes the state's input files, then its output files, then the schedule: a
    string of digits, the index of the pair each step runs.  ``consts``: per pair, the inputs
    that are no part of the state (name -> NumPy array or number: ``fict``, ``t``)."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    n = len(state_like)
    ptrs = [f"s{i}" for i in range(n)]
    code, main = [], []
    for i, a in enumerate(state_like):
        ct = "double" if a.dtype == np.float64 else "float"
        main.append(f"    {ct}* s{i} = kf_read<{ct}>(argv[{i + 1}], {a.size});")
    for m, (program, module) in enumerate(programs):
        fixed = dict((consts or [{}] * len(programs))[m])
        assert len(program.inputs) - len(fixed) == len(program.outputs) == n, "a step maps the state to a new state"
        assert not set(program.outputs) & set(program.inputs), "every output is computed"
        static, fixed = _consts(f"m{m}", fixed)
        code.append("\n".join(static) + "\n" + _module_text(module, f"m{m}"))
        decls, lines, bufs = _kernel_calls(program, module, f"m{m}", ptrs, fixed)
        main += decls
        copies = [f"        std::memcpy(s{i}, {bufs[o]}, sizeof(*s{i}) * {state_like[i].size});"
                  for i, o in enumerate(program.outputs)]
        main.append(f"    auto step{m} = [&] {{\n" + "\n".join(lines + copies) + "\n    };")
    main.append(f"    for (const char* c = argv[{2 * n + 1}]; *c; ++c) switch (*c - '0') {{\n"
                + "".join(f"        case {m}: step{m}(); break;\n" for m in range(len(programs)))
                + "        default: std::abort();\n    }")
    main += [f"    {{ FILE* f = std::fopen(argv[{n + 1 + i}], \"wb\"); std::fwrite(s{i}, sizeof(*s{i}), "
             f"{a.size}, f); std::fclose(f); }}" for i, a in enumerate(state_like)]
    src = (SHIM + HOST + "\n".join(code) + KF_READ + LAUNCH + "int main(int argc, char** argv) {\n"
           + "\n".join(main) + "\n    return 0;\n}\n")
    cpp, exe = os.path.join(tmp, "k.cpp"), os.path.join(tmp, "k")
    with open(cpp, "w") as f:
        f.write(src)
    r = gxx.build(cpp, exe, ["-std=gnu++20", "-O2", "-w", "-pthread", *CONTRACT[contract]])
    assert r.returncode == 0, r.stderr[:3000]
    return exe


def run(exe: str, schedule: list, state: list, tmp: str) -> list:
    """Run executable ``exe`` of :func:`build` from ``state`` (C-order NumPy arrays) over
    ``schedule`` (pair indexes, < 10); the state after the last step (new arrays)."""
    assert all(a.flags.c_contiguous for a in state), "the runner reads C-order state"
    assert all(0 <= m < 10 for m in schedule)
    ins = [os.path.join(tmp, f"in{i}.bin") for i in range(len(state))]
    outs = [os.path.join(tmp, f"out{i}.bin") for i in range(len(state))]
    for a, f in zip(state, ins):
        a.tofile(f)
    subprocess.run([exe, *ins, *outs, "".join(map(str, schedule))], check=True, timeout=900)
    return [np.fromfile(f, dtype=a.dtype).reshape(a.shape) for a, f in zip(state, outs)]


def run_schedule(programs: list, schedule: list, state: list, contract: bool, consts: list | None = None) -> list:
    """Build (:func:`build`) and run (:func:`run`) once: ``programs`` are ``(program, module)``
    pairs, ``schedule`` the pair each step runs, ``state`` what the first step reads.
    ``contract``: let g++ fuse multiply-adds (FMA, one rounding) as NVRTC's default
    ``--fmad=true`` does.  ``consts``: as for :func:`build`."""
    with tempfile.TemporaryDirectory() as tmp:
        return run(build(programs, state, contract, tmp, consts), schedule, state, tmp)
