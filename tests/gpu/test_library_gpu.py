"""Every library function alone, all element types, odd sizes, against the float64 reference."""
import numpy as np
import pytest

import kfuse
from kfuse import library, reference
from kfuse.ir import ArrayType
from kfuse.library.builtins import RealMap

from .helpers import TOL, check_outputs

DTYPES = ["float32", "float64", "complex64", "complex128"]
ORDERED = {"gt", "lt", "ge", "le", "maximum", "minimum"}  # complex operands refused (not ordered)
REAL_ONLY = {"amax", "max", "min", "maximum_row", "maximum_col", "minimum_row", "minimum_col"} | ORDERED
POSITIVE = {"sqrt", "log", "pow"}   # real inputs moved into the function's domain
SIZES_1D = [1, 31, 1000, 4097]
SIZES_2D = [(1, 1), (31, 31), (1000, 3001), (3001, 1000), (4097, 33)]


def _one_call_program(fn, dtype, m, n, order="C", fmt="csr"):
    """A program calling ``fn`` once with every parameter (optional ones included)."""
    b = kfuse.frontend.GraphBuilder(f"one_{fn.name}", dtype)
    args = {}
    for p in fn.inputs:
        if p.kind == "sparse":
            t = ArrayType("sparse", dtype, (m, n), "C", fmt)
        elif p.kind == "scalar":
            t = ArrayType("scalar", dtype)
        elif p.kind == "matrix" or (p.kind == "elem" and fn.nested):
            t = ArrayType("matrix", dtype, (m, n), order)
        elif p.kind == "vector" and fn.two_d:
            t = ArrayType("vector", dtype, (m if p.index == "i" else n,))
        elif p.kind == "elem" and fn.name == "madd":
            t = ArrayType("matrix", dtype, (m, n), order)
        else:
            t = ArrayType("vector", dtype, (n,))
        args[p.name] = b.add_input(p.name, t, host=(p.kind == "scalar"))
    out = b.call(fn.name, args)
    return b.finish([out])


def _cases():
    for name in library.names():
        fn = library.get(name)
        if fn.hof in ("contraction", "solve"):
            continue   # gemm, trsm: m x k times k x n, square A (tests/gpu/test_gemm_gpu.py, test_trsm_gpu.py)
        if getattr(fn, "index_params", ()) or getattr(fn, "mask_params", ()):
            continue   # pick (an int64 index), select (a bool mask): test_apps_gpu.py, test_masks_planes_gpu.py
        for dtype in DTYPES:
            if (name in REAL_ONLY or isinstance(fn, RealMap)) and dtype.startswith("complex"):
                continue
            if fn.two_d or name == "madd":
                for m, n in SIZES_2D:
                    yield name, dtype, m, n
            else:
                for n in SIZES_1D:
                    yield name, dtype, 1, n


CASES = list(_cases())


@pytest.mark.parametrize("name,dtype,m,n", CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}x{c[3]}" for c in CASES])
def test_function(name, dtype, m, n):
    import cupy
    fn = library.get(name)
    prog = _one_call_program(fn, dtype, m, n)
    exe = kfuse.compile_program(prog)
    ins = reference.random_inputs(prog, seed=11, xp=cupy)
    if name in POSITIVE and not dtype.startswith("complex"):
        ins["x"] = cupy.abs(ins["x"]) + (0.5 if name != "sqrt" else 0)
    if name == "div":
        ins["y"] = ins["y"] + (2 if not dtype.startswith("complex") else 2 + 1j)
    outs = exe(*ins.values())
    refs = exe.reference(*ins.values())
    check_outputs([name], outs, refs, dtype, f"{name} {dtype} {m}x{n}")


@pytest.mark.parametrize("name", sorted(ORDERED))
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_ordered_refuse_complex(name, dtype):
    """Comparisons, maximum and minimum of complex operands: a DTypeError naming the call."""
    with pytest.raises(kfuse.DTypeError, match=f"{name}: complex numbers are not ordered"):
        _one_call_program(library.get(name), dtype, 1, 31)


@pytest.mark.parametrize("name", sorted(n for n in library.names() if isinstance(library.get(n), RealMap)))
def test_real_maps_refuse_complex(name):
    """log, sin, cos, tanh, pow of a complex operand: a DTypeError naming the call."""
    with pytest.raises(kfuse.DTypeError, match=f"{name}: complex operands are not supported"):
        _one_call_program(library.get(name), "complex128", 1, 31)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_column_major_nested(dtype):
    """Nested functions on column-major matrices (lead order F)."""
    import cupy
    for name in ("gemv", "gemv_t", "ger", "madd"):
        prog = _one_call_program(library.get(name), dtype, 1000, 3001, order="F")
        exe = kfuse.compile_program(prog)
        ins = reference.random_inputs(prog, seed=2, xp=cupy)
        check_outputs([name], exe(*ins.values()), exe.reference(*ins.values()), dtype, name + " F")


def test_user_registered_function():
    """A user function registered from Python works like a built-in (map and reduce)."""
    import cupy
    name = "relu_axpy_gpu"
    if name not in library.names():
        kfuse.register(name, "map", [("a", "scalar"), ("x", "elem"), ("y", "elem")], [("z", "elem")],
                       "z = kf_op_max(a * x + y, T(0));",
                       reference=lambda a, x, y: {"z": np.maximum(a * x + y, 0)})
        kfuse.register("sumsq_gpu", "reduce", [("x", "vector")], [("r", "scalar")], "acc += x * x;",
                       combine="+", reference=lambda x: {"r": np.sum(x * x)})
    f = kfuse.jit(lambda a, x, y: (kfuse.blas.call(name, a, x, y), kfuse.blas.call("sumsq_gpu", x)))
    x = cupy.asarray(np.random.default_rng(0).uniform(-1, 1, 5001))
    y = cupy.asarray(np.random.default_rng(1).uniform(-1, 1, 5001))
    z, r = f(1.5, x, y)
    xn, yn = x.get(), y.get()
    assert reference.rel_error(z, np.maximum(1.5 * xn + yn, 0)) <= TOL["float64"]
    assert reference.rel_error(r, np.sum(xn * xn)) <= TOL["float64"]


def test_eager_blas_calls():
    import cupy
    rng = np.random.default_rng(4)
    A = cupy.asarray(rng.uniform(-1, 1, (77, 55)))
    x = cupy.asarray(rng.uniform(-1, 1, 55))
    y = cupy.asarray(rng.uniform(-1, 1, 77))
    An, xn, yn = A.get(), x.get(), y.get()
    assert reference.rel_error(kfuse.blas.gemv(A, x, alpha=2.0, y=y, beta=0.5), 2 * An @ xn + 0.5 * yn) < 1e-12
    assert reference.rel_error(kfuse.blas.gemv(A, y, trans=True), An.T @ yn) < 1e-12
    assert reference.rel_error(kfuse.blas.nrm2(x), np.linalg.norm(xn)) < 1e-12
    assert reference.rel_error(kfuse.sqrt(cupy.abs(x)), np.sqrt(np.abs(xn))) < 1e-12


def test_last_block_reduction_is_repeatable():
    """The grid-wide reduction (partials + last block) gives bitwise-identical results run to run
    and resets its counters between launches (deterministic=True: the default plan may sum the
    blocks' results with atomics, whose order varies)."""
    import cupy
    with kfuse.config.override(deterministic=True):
        exe = kfuse.compile_program(_one_call_program(library.get("dot"), "float32", 1, 3_000_001))
    assert all(k.params.get("finish") != "atomic" for k in exe.plan_obj.kernels)
    ins = reference.random_inputs(exe.program, seed=9, xp=cupy)
    first = exe(*ins.values())[0].get()
    for _ in range(5):
        assert exe(*ins.values())[0].get() == first
