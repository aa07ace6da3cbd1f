"""Run every launch of a lowered kfuse program on the CPU: the module's whole CUDA source
compiled as C++ by g++ (the shims of tests/compile/test_gemm_emit.py and trsm_cpu.py: one
std::thread per CUDA thread, ``__syncthreads`` a barrier), with AddressSanitizer where g++ has
it.  Every buffer (inputs, outputs, workspace) is allocated at its exact size, so a read or write
past any array -- the writes that land in a neighbouring allocation of CuPy's pool on the device,
where compute-sanitizer cannot see them -- aborts the run; the inputs are read back after the
launches, so a kernel that writes an input shows.  Launch grids and blocks of up to 3 axes, host
scalars, workspace (NaN-poisoned), shared memory (NaN in every block: a kernel that uses what it did
not write shows) and zeroed counters are simulated."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from tests.compile.test_gemm_emit import SHIM
from tests.compile.trsm_cpu import EXTRA
from tests.compile import gxx

#: CUDA built-ins the module prelude names, for the CPU (no warp shuffles are simulated)
CUDA_HOST = r"""
#include <cstring>
thread_local kf_dim3 blockDim;
struct uint4 { unsigned x, y, z, w; }; struct uint2 { unsigned x, y; };
struct float4 { float x, y, z, w; }; struct float2 { float x, y; }; struct double2 { double x, y; };
inline float atomicAdd(float* p, float v) { return std::atomic_ref<float>(*p).fetch_add(v); }
inline double atomicAdd(double* p, double v) { return std::atomic_ref<double>(*p).fetch_add(v); }
static inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
static inline double __longlong_as_double(long long i) { double f; std::memcpy(&f, &i, 8); return f; }
template <class T> static inline T __ldcg(const T* p) { return *p; }
template <class T> static inline T __ldg(const T* p) { return *p; }
template <class T> static inline T __ldcs(const T* p) { return *p; }
template <class T> static inline void __stcs(T* p, T v) { *p = v; }
template <class T> static inline void __stcg(T* p, T v) { *p = v; }
template <class T> static inline T __shfl_xor_sync(unsigned, T v, int) { std::abort(); return v; }
template <class T> static inline T __shfl_down_sync(unsigned, T v, int) { std::abort(); return v; }
"""

MAIN_HEAD = r"""
template <typename T> static T* kf_exact(size_t n, const char* path) {
    void* p = nullptr;
    if (posix_memalign(&p, 16, n * sizeof(T) ? n * sizeof(T) : 1)) std::abort();
    if (path) {
        FILE* f = std::fopen(path, "rb");
        if (n && std::fread(p, sizeof(T), n, f) != n) std::abort();
        std::fclose(f);
    } else {
        std::memset(p, 0xFF, n * sizeof(T));   // all-ones bytes: NaN, as the setting poison
    }
    return static_cast<T*>(p);
}
template <typename F> static void kf_launch3(unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                             unsigned bz, F body) {
    unsigned threads = bx * by * bz;
    std::barrier<> bar(threads);
    kf_bar = &bar;
    for (unsigned z = 0; z < gz; ++z) for (unsigned y = 0; y < gy; ++y) for (unsigned x = 0; x < gx; ++x) {
        std::memset(kf_smem_host, 0xFF, sizeof(kf_smem_host));   // shared memory starts as NaN in every block
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < threads; ++t)
            ts.emplace_back([&, t, x, y, z] {
                threadIdx.x = t % bx; threadIdx.y = t / bx % by; threadIdx.z = t / bx / by;
                blockIdx.x = x; blockIdx.y = y; blockIdx.z = z;
                gridDim.x = gx; gridDim.y = gy; gridDim.z = gz; blockDim.x = bx; blockDim.y = by; blockDim.z = bz;
                body();
            });
        for (auto& th : ts) th.join();
    }
}
"""

_CT = {"float64": "double", "float32": "float", "uint32": "unsigned"}
_NP = {"double": np.float64, "float": np.float32, "unsigned": np.uint32}


def asan_flags() -> list:
    """``-fsanitize=address`` where g++ links it (checked once per process)."""
    global _ASAN
    if _ASAN is None:
        with tempfile.TemporaryDirectory() as tmp:
            src, exe = os.path.join(tmp, "a.cpp"), os.path.join(tmp, "a")
            with open(src, "w") as f:
                f.write("int main() { return 0; }\n")
            ok = subprocess.run(["g++", "-fsanitize=address", src, "-o", exe], capture_output=True).returncode == 0
        _ASAN = ["-fsanitize=address", "-fno-omit-frame-pointer"] if ok else []
    return _ASAN


_ASAN = None


class _Buffers:
    """The C declarations of the run's buffers, by value name: (C variable, elements, C type)."""

    def __init__(self):
        self.vars, self.decl, self.files, self.zero = {}, [], [], []

    def get(self, name: str, n: int, ct: str, path: str | None = None, zero: bool = False) -> str:
        if name not in self.vars:
            var = f"b{len(self.vars)}"
            self.vars[name] = (var, n, ct)
            if path is not None:
                self.files.append(path)
                self.decl.append(f"    {ct}* {var} = kf_exact<{ct}>({n}, argv[{len(self.files)}]);")
            else:
                self.decl.append(f"    {ct}* {var} = kf_exact<{ct}>({n}, nullptr);")
            if zero:
                self.decl.append(f"    std::memset({var}, 0, {n} * sizeof({ct}));")
        return self.vars[name][0]


def _launch_args(k, prog, inputs: dict, bufs: _Buffers, scalars: dict) -> list:
    args = []
    for a in k.args:
        if a.kind == "in" and a.value in inputs:
            args.append(bufs.vars[a.value][0])
        elif a.kind in ("in", "out"):
            t = prog.value(a.value).type
            args.append(bufs.get(a.value, int(np.prod(t.shape, dtype=np.int64)), _CT[t.dtype]))
        elif a.kind == "const":
            args.append(f"{int(a.value)}ll")
        elif a.kind == "host":
            args.append(repr(float(scalars[a.value])))
        elif a.kind == "partial":
            ct = _CT.get(a.dtype, "float")
            n = max(1, a.nbytes // np.dtype(_NP[ct]).itemsize)
            args.append(bufs.get(a.value or f"{k.name}:{a.cname}", n, ct))
        elif a.kind in ("counter", "accum"):
            args.append(bufs.get(a.value or f"{k.name}:{a.cname}", max(1, a.nbytes // 4), "unsigned", zero=True))
        else:
            raise AssertionError(f"argument kind {a.kind} not simulated")
    return args


def run_program(exe, inputs: dict, scalars: dict | None = None, extra: str = "") -> dict:
    """Run Executable ``exe`` (from ``JitFunction.lower``) on the CPU: ``inputs`` value name ->
    NumPy array stored in the program's layout; ``scalars``: host scalar values.  Returns value
    name -> the flat stored contents after every launch (inputs included).  ``extra``: C++ put
    before the module (e.g. an mma emulation).  An out-of-bounds access fails the test."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    prog, bufs = exe.program, _Buffers()
    with tempfile.TemporaryDirectory() as tmp:
        for name, a in inputs.items():
            path = os.path.join(tmp, f"in{len(bufs.files)}.bin")
            np.asarray(a).ravel(order="K").tofile(path)
            bufs.get(name, int(np.size(a)), _CT[str(np.asarray(a).dtype)], path)
        launches = []
        for k in exe.module.launches:
            args = _launch_args(k, prog, inputs, bufs, scalars or {})
            g, b = tuple(k.grid) + (1,) * (3 - len(k.grid)), tuple(k.block) + (1,) * (3 - len(k.block))
            launches.append(f"    kf_launch3({g[0]}, {g[1]}, {g[2]}, {b[0]}, {b[1]}, {b[2]}, "
                            f"[&] {{ {k.name}({', '.join(args)}); }});")
        dumps = [f'    {{ FILE* f = std::fopen("{os.path.join(tmp, var)}.out", "wb"); '
                 f"std::fwrite({var}, sizeof({ct}), {n}, f); std::fclose(f); }}"
                 for var, n, ct in bufs.vars.values()]
        code = exe.module.source.replace("extern __shared__ __align__(16) unsigned char kf_smem[];",
                                         "unsigned char* kf_smem = kf_smem_host;")
        cpp, binary = os.path.join(tmp, "k.cpp"), os.path.join(tmp, "k")
        with open(cpp, "w") as f:
            f.write(SHIM + EXTRA + CUDA_HOST + extra + code + MAIN_HEAD + "int main(int argc, char** argv) {\n"
                    + "\n".join(bufs.decl + launches + dumps) + "\n    return 0;\n}\n")
        r = gxx.build(cpp, binary, ["-std=c++20", "-O1", "-w", "-pthread", *asan_flags()])
        assert r.returncode == 0, r.stderr[:3000]
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
        r = subprocess.run([binary, *bufs.files], capture_output=True, text=True, timeout=600, env=env)
        assert r.returncode == 0, f"the kernels failed on the CPU (out-of-bounds access?):\n{r.stderr[-3000:]}"
        return {name: np.fromfile(os.path.join(tmp, var) + ".out", dtype=_NP[ct])
                for name, (var, n, ct) in bufs.vars.items()}
