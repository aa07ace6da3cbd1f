"""The CSR span walk's pack load (``kf_load_span_pack`` of the CUDA prelude) never reads past its
array: compiled as C++ by g++ with AddressSanitizer, every aligned pack of arrays of 1 to 9
elements, allocated at their exact size, loads what lies inside the array and zeros after it.
(compute-sanitizer's memcheck found CG's fused SpMV + dot reading an 8-byte pack of 369 column
indices at element 368: an aligned pack past the array's end.)"""
import os
import shutil
import subprocess
import tempfile

import pytest

from kfuse.codegen.prelude import PRELUDE
from tests.compile.module_cpu import CUDA_HOST, asan_flags
from tests.compile.test_gemm_emit import SHIM
from tests.compile.trsm_cpu import EXTRA
from tests.compile import gxx

pytestmark = pytest.mark.compile

HARNESS = r"""
#include <cstdio>
template <int V, class T> int check(int n) {
    T* q = new T[n];   // exact size (16-byte aligned): a read past n is a heap overflow
    for (int i = 0; i < n; ++i) q[i] = T(i + 1);
    int bad = 0;
    for (int k = 0; k < n; k += V) {
        T d[V];
        kf_load_span_pack<V>(q, k, n, d);
        for (int e = 0; e < V; ++e)
            if (d[e] != (k + e < n ? T(k + e + 1) : T(0))) ++bad;
    }
    delete[] q;
    return bad;
}
int main() {
    int bad = 0;
    for (int n = 1; n <= 9; ++n)
        bad += check<2, double>(n) + check<4, float>(n) + check<4, int>(n) + check<2, int>(n);
    std::printf("%d\n", bad);
    return bad != 0;
}
"""


def test_span_pack_loads_stay_inside_the_array():
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the prelude on the CPU")
    if not asan_flags():
        pytest.skip("g++ has no AddressSanitizer here")
    with tempfile.TemporaryDirectory() as tmp:
        cpp, exe = os.path.join(tmp, "pack.cpp"), os.path.join(tmp, "pack")
        with open(cpp, "w") as f:
            f.write(SHIM + EXTRA + CUDA_HOST + PRELUDE + HARNESS)
        r = gxx.build(cpp, exe, ["-std=c++20", "-O1", "-w", "-pthread", *asan_flags()])
        assert r.returncode == 0, r.stderr[-3000:]
        r = subprocess.run([exe], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and r.stdout.strip() == "0", (r.stdout + r.stderr)[-3000:]
