"""Run a lowered kfuse module's kernels in order on the CPU (g++, one std::thread per CUDA
thread; the shim of tests/compile/test_gemm_emit.py): TRSM's copy, leaf and update launches
checked without a GPU."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from tests.compile.test_gemm_emit import KF_READ, SHIM
from tests.compile import gxx

EXTRA = r"""
thread_local kf_dim3 gridDim;
#define __noinline__
static inline float fmaf_(float a, float b, float c) { return std::fma(a, b, c); }
#define fmaf fmaf_
"""

READ = KF_READ + r"""
template <typename F> static void kf_launch(unsigned blocks, unsigned threads, F body) {
    std::barrier<> bar(threads);
    kf_bar = &bar;
    for (unsigned blk = 0; blk < blocks; ++blk) {
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < threads; ++t)
            ts.emplace_back([&, t, blk] { threadIdx.x = t; blockIdx.x = blk; gridDim.x = blocks; body(); });
        for (auto& th : ts) th.join();
    }
}
"""

#: a workspace buffer of ``bytes`` bytes, every element NaN
NAN = r"""
template <typename T> static T* kf_nan(size_t bytes) {
    size_t n = bytes / sizeof(T) + 1;
    T* p = static_cast<T*>(std::aligned_alloc(256, (n * sizeof(T) / 256 + 1) * 256));
    for (size_t i = 0; i < n; ++i) p[i] = NAN;
    return p;
}
"""


def run_module(module, arrays: dict, out: str) -> np.ndarray:
    """Run ``module``'s kernels in launch order on the CPU; ``arrays``: value name -> NumPy array
    (as stored; ``out``'s array is the poisoned buffer the kernels write); returns ``out``."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    names = sorted(arrays)
    with tempfile.TemporaryDirectory() as tmp:
        reads, files = [], []
        for i, v in enumerate(names):
            a = np.asarray(arrays[v])
            files.append(os.path.join(tmp, f"a{i}.bin"))
            a.ravel(order="K").tofile(files[-1])
            ct = "double" if a.dtype == np.float64 else "float"
            reads.append(f"    {ct}* v{i} = kf_read<{ct}>(argv[{i + 1}], {a.size});")
        launches, work = [], {}
        for k in module.kernels:
            args = []
            for a in k.args:
                if a.kind in ("in", "out"):
                    args.append(f"v{names.index(a.value)}")
                elif a.kind == "const":
                    args.append(f"{int(a.value)}ll")
                elif a.kind == "partial":   # a workspace shared by name (NaN-poisoned: never read unwritten)
                    ct = "double" if a.dtype == "float64" else "float"
                    w = work.setdefault(a.value, [f"w{len(work)}", 0, ct])
                    w[1] = max(w[1], a.nbytes)
                    args.append(w[0])
                else:
                    raise AssertionError(f"argument kind {a.kind} not simulated")
            launches.append(f"    kf_launch({k.grid[0]}, {k.block[0]}, [&] {{ {k.name}({', '.join(args)}); }});")
        code = "\n".join(k.text for k in module.kernels).replace(
            "extern __shared__ __align__(16) unsigned char kf_smem[];", "unsigned char* kf_smem = kf_smem_host;")
        o = np.asarray(arrays[out])
        reads += [f"    {ct}* {w} = kf_nan<{ct}>({nbytes});" for w, nbytes, ct in work.values()]
        main = (READ + NAN + "int main(int argc, char** argv) {\n" + "\n".join(reads) + "\n" + "\n".join(launches)
                + f"\n    FILE* f = std::fopen(argv[{len(files) + 1}], \"wb\");\n"
                + f"    std::fwrite(v{names.index(out)}, {o.itemsize}, {o.size}, f);\n    std::fclose(f);\n"
                + "    return 0;\n}\n")
        cpp, exe, res = (os.path.join(tmp, f) for f in ("k.cpp", "k", "out.bin"))
        with open(cpp, "w") as f:
            f.write(SHIM + EXTRA + code + main)
        r = gxx.build(cpp, exe, ["-std=c++20", "-O1", "-w", "-pthread"])
        assert r.returncode == 0, r.stderr[:3000]
        subprocess.run([exe, *files, res], check=True, timeout=600)
        return np.fromfile(res, dtype=o.dtype).reshape(o.shape)


def solve_reference(A, B, uplo: str, trans: bool, diag: str, side: str, alpha: float = 2.0) -> np.ndarray:
    """``alpha * op(T)^-1 B`` (left) or ``alpha * B op(T)^-1`` (right) in float64, T the
    triangle of A that is read (ones on a unit diagonal)."""
    from kfuse.library.blas3 import triangle
    T = triangle(A, uplo, diag == "unit")
    T = T.T if trans else T
    B64 = B.astype(np.float64)
    return alpha * (np.linalg.solve(T, B64) if side == "left" else np.linalg.solve(T.T, B64.T).T)

