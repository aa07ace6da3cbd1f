"""Compile tier of TRSM's inversion kernel alone (issue 20; :mod:`kfuse.codegen.trsm.inverse`): the
emitted kernel run on the CPU (g++, one std::thread per CUDA thread) against
``numpy.linalg.inv`` of each diagonal block in float64: every leaf 16..128, lower and upper, unit
and non-unit, float32 and float64, A' row-major and transposed, n not a multiple of the leaf (a
last partial block, padded with the identity), NaN in the unread triangle (and a unit diagonal),
the workspace NaN-poisoned; the other triangle must be exactly zero."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

import numpy as np
import pytest

from kfuse.codegen.trsm.inverse import emit_invert_kernel, invert_launch
from tests.compile.trsm_cpu import EXTRA, NAN, READ
from tests.compile.test_gemm_emit import SHIM
from tests.compile import gxx


def run_invert(dtype: str, n: int, nb: int, lower: bool, unit: bool, A: np.ndarray, strides: tuple) -> np.ndarray:
    """The kernel's Ainv (blocks x nb x nb) for the n x n A' = ``A[r * strides[0] + c * strides[1]]``."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ to run the emitted CUDA C on the CPU")
    ct = "double" if dtype == "float64" else "float"
    es = np.dtype(dtype).itemsize
    grid, block, smem = invert_launch(n, nb, es)
    assert smem <= 262144                     # the shim's shared memory
    text = emit_invert_kernel("kinv", dtype, n, nb, lower, unit, strides).replace(
        "extern __shared__ __align__(16) unsigned char kf_smem[];", "unsigned char* kf_smem = kf_smem_host;")
    nout = grid[0] * nb * nb
    main = (READ + NAN + "int main(int argc, char** argv) {\n"
            f"    {ct}* a = kf_read<{ct}>(argv[1], {A.size});\n"
            f"    {ct}* w = kf_nan<{ct}>({nout * es});\n"
            f"    kf_launch({grid[0]}, {block[0]}, [&] {{ kinv(a, w); }});\n"
            "    FILE* f = std::fopen(argv[2], \"wb\");\n"
            f"    std::fwrite(w, {es}, {nout}, f);\n    std::fclose(f);\n    return 0;\n}}\n")
    with tempfile.TemporaryDirectory() as tmp:
        cpp, exe, src, res = (os.path.join(tmp, f) for f in ("k.cpp", "k", "a.bin", "out.bin"))
        A.astype(dtype).ravel().tofile(src)
        with open(cpp, "w") as f:
            f.write(SHIM + EXTRA + text + main)
        r = gxx.build(cpp, exe, ["-std=c++20", "-O1", "-w", "-pthread"])
        assert r.returncode == 0, r.stderr[:3000]
        subprocess.run([exe, src, res], check=True, timeout=600)
        return np.fromfile(res, dtype=dtype).reshape(grid[0], nb, nb)


def _inputs(n: int, lower: bool, unit: bool, dtype: str, seed: int) -> np.ndarray:
    """A' (n x n): entries / n off the diagonal, a dominant diagonal, NaN in the other triangle
    (and on a unit diagonal): never read."""
    rng = np.random.default_rng(seed)
    T = rng.standard_normal((n, n)) / max(n, 1) * 4
    T[np.diag_indices(n)] = 1.5 + rng.random(n)
    T[np.triu_indices(n, 1) if lower else np.tril_indices(n, -1)] = np.nan
    if unit:
        T[np.diag_indices(n)] = np.nan
    return T.astype(dtype)


def _check(dtype, n, nb, lower, unit, transposed=False):
    Ap = _inputs(n, lower, unit, dtype, seed=n * nb + lower + 2 * unit)
    A, strides = (Ap.T.copy(), (1, n)) if transposed else (Ap, (n, 1))   # A'[r][c] = A[r * ASR + c * ASC]
    got = run_invert(dtype, n, nb, lower, unit, A, strides)
    T = np.where(np.isnan(Ap), 0.0, Ap).astype(np.float64)
    if unit:
        T[np.diag_indices(n)] = 1.0
    tol = 2e-6 if dtype == "float32" else 1e-14
    for b in range(got.shape[0]):
        r0 = b * nb
        rows = min(nb, n - r0)
        want = np.eye(nb)
        want[:rows, :rows] = np.linalg.inv(T[r0:r0 + rows, r0:r0 + rows])
        blk = got[b].astype(np.float64)
        assert np.all(np.isfinite(blk)), f"block {b}: NaN"
        other = np.triu_indices(nb, 1) if lower else np.tril_indices(nb, -1)
        assert np.all(blk[other] == 0), f"block {b}: the other triangle is not zero"
        err = np.abs(blk - want).max() / np.abs(want).max()
        assert err < tol, f"block {b}: relative error {err}"


@pytest.mark.parametrize("nb", [16, 32, 64, 128])
@pytest.mark.parametrize("lower", [True, False])
def test_every_leaf_inverts_each_block(nb, lower):
    _check("float32", 2 * nb + nb // 2 + 3, nb, lower, unit=nb in (32, 128))   # a last partial block


@pytest.mark.parametrize("lower, unit", [(True, False), (False, True), (True, True), (False, False)])
def test_float64_is_exact(lower, unit):
    _check("float64", 150, 64, lower, unit)


@pytest.mark.parametrize("lower", [True, False])
def test_float64_leaf_128(lower):
    _check("float64", 128 + 77, 128, lower, unit=False)


@pytest.mark.parametrize("lower", [True, False])
def test_transposed_a_reads_its_triangle(lower):
    _check("float32", 70, 32, lower, unit=not lower, transposed=True)


@pytest.mark.parametrize("n", [1, 5, 17])
def test_small_n_pads_with_the_identity(n):
    _check("float32", n, 16, True, unit=False)
    _check("float64", n, 32, False, unit=True)
