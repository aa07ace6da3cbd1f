"""All 11 sequences of the paper's Table 1, through the script front end and through @kfuse.jit,
at odd and non-square sizes, float32 and float64, against the float64 reference."""
import glob
import os

import numpy as np
import pytest

import kfuse
from kfuse import reference

from .helpers import check_outputs

EXAMPLES = sorted(p for p in glob.glob(os.path.join(os.path.dirname(kfuse.__file__), "examples", "*.kf"))
                  if os.path.basename(p)[:-3] not in ("hdiff", "jacobi2d", "periodic2d"))   # test_script_stencil_gpu.py
BLAS1 = {"axpydot", "sscal", "vadd", "waxpby"}
SQUARE = [1, 31, 1000, 4097]
NONSQUARE = [(1000, 3001), (3001, 1000)]


def _sizes(name):
    if name in BLAS1:
        return [{"n": n} for n in SQUARE + [2**20 + 3]]
    return [{"m": n, "n": n} for n in SQUARE] + [{"m": m, "n": n} for m, n in NONSQUARE]


CASES = [(os.path.basename(p)[:-3], p, s, d) for p in EXAMPLES for s in _sizes(os.path.basename(p)[:-3])
         for d in ("float32", "float64")]


@pytest.mark.parametrize("name,path,sizes,dtype", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[2].values()))}-{c[3]}" for c in CASES])
def test_script(name, path, sizes, dtype):
    import cupy
    exe = kfuse.compile_script(path, sizes=sizes, dtype=dtype)
    ins = reference.random_inputs(exe.program, seed=hash((name, dtype)) & 0xFFFF, xp=cupy)
    outs = exe(*ins.values())
    refs = exe.reference(*ins.values())
    check_outputs([exe.program.value(o).display for o in exe.program.outputs], outs, refs, dtype, name)


# The same sequences as Python functions.
def axpydot(w, v, u, alpha):
    z = w - alpha * v
    return z, z @ u


def atax(A, x):
    return A.T @ (A @ x)


def bicgk(A, p, r):
    return A @ p, A.T @ r


def sgemv(A, x, y, alpha, beta):
    return kfuse.blas.gemv(A, x, alpha=alpha, beta=beta, y=y)


def sgemvt(A, y, z, alpha, beta):
    x = beta * (A.T @ y) + z
    return x, alpha * (A @ x)


def sscal(x, alpha):
    return alpha * x


def gemver(A, u1, v1, u2, v2, y, z, alpha, beta):
    B = A + kfuse.outer(u1, v1) + kfuse.outer(u2, v2)
    x = kfuse.blas.gemv(B, y, trans=True, alpha=beta, y=z)
    return B, x, alpha * (B @ x)


def gesummv(A, B, x, alpha, beta):
    return alpha * (A @ x) + beta * (B @ x)


def madd(A, B):
    return A + B


def vadd(w, y, z):
    return w + y + z


def waxpby(x, y, alpha, beta):
    return alpha * x + beta * y


PYFUNCS = {f.__name__: f for f in (axpydot, atax, bicgk, sgemv, sgemvt, sscal, gemver, gesummv, madd,
                                   vadd, waxpby)}
JIT_CASES = [(n, s, d) for n in PYFUNCS for s in _sizes(n)[1::2] for d in ("float32", "float64")]


@pytest.mark.parametrize("name,sizes,dtype", JIT_CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[1].values()))}-{c[2]}" for c in JIT_CASES])
def test_jit(name, sizes, dtype):
    """@kfuse.jit on the Python form gives the script's reference results."""
    import cupy
    prog = kfuse.api.bind_sizes(kfuse.load(os.path.join(os.path.dirname(kfuse.__file__), "examples",
                                                        name + ".kf"), dtype), sizes)
    ins = reference.random_inputs(prog, seed=7, xp=cupy)
    refs = reference.run(prog, ins)
    fn = kfuse.jit(PYFUNCS[name])
    out = fn(*ins.values())
    outs = out if isinstance(out, tuple) else (out,)
    check_outputs([prog.value(o).display for o in prog.outputs], outs,
                  [refs[o] for o in prog.outputs], dtype, name)
    # cached: a second call with the same signature does not retrace
    assert len(fn._cache) == 1
    fn(*ins.values())
    assert len(fn._cache) == 1


def test_jit_device_scalar_feeds_later_call():
    """A dot result (0-d device array) feeds a later call without a host sync."""
    import cupy

    @kfuse.jit
    def f(x, y):
        a = x @ y
        return a * x + y, a

    rng = np.random.default_rng(3)
    x = cupy.asarray(rng.uniform(-1, 1, 1001).astype(np.float64))
    y = cupy.asarray(rng.uniform(-1, 1, 1001).astype(np.float64))
    z, a = f(x, y)
    xa, ya = x.get(), y.get()
    assert a.shape == ()
    assert abs(float(a) - xa @ ya) <= 1e-12 * abs(xa @ ya)
    assert reference.rel_error(z, (xa @ ya) * xa + ya) <= 1e-12
    # and as an input: a 0-d device array passed in
    g = kfuse.jit(lambda s, x: s * x)
    s = cupy.asarray(np.float64(2.5))
    assert reference.rel_error(g(s, x), 2.5 * xa) <= 1e-12


def test_torch_tensors_in_and_out():
    torch = pytest.importorskip("torch")
    A = torch.rand(300, 257, device="cuda", dtype=torch.float32) - 0.5
    p = torch.rand(257, device="cuda", dtype=torch.float32) - 0.5
    r = torch.rand(300, device="cuda", dtype=torch.float32) - 0.5
    q, s = kfuse.jit(bicgk)(A, p, r)
    assert isinstance(q, torch.Tensor) and q.is_cuda
    An, pn, rn = (t.double().cpu().numpy() for t in (A, p, r))
    assert reference.rel_error(q.cpu().numpy(), An @ pn) <= 1e-5
    assert reference.rel_error(s.cpu().numpy(), An.T @ rn) <= 1e-5


def test_fortran_order_and_transposed_views():
    """Column-major inputs and A.T views compute the same thing."""
    import cupy
    rng = np.random.default_rng(5)
    An = rng.uniform(-1, 1, (333, 517))
    A = cupy.asfortranarray(cupy.asarray(An))
    p = cupy.asarray(rng.uniform(-1, 1, 517))
    r = cupy.asarray(rng.uniform(-1, 1, 333))
    q, s = kfuse.jit(bicgk)(A, p, r)
    assert reference.rel_error(q, An @ p.get()) <= 1e-12
    assert reference.rel_error(s, An.T @ r.get()) <= 1e-12
    C = kfuse.jit(lambda A, B: A + B.T)(A, cupy.asarray(np.ascontiguousarray(An.T)))
    assert reference.rel_error(C, 2 * An) <= 1e-12
