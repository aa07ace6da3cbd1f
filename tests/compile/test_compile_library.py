"""Every built-in library function, called alone, compiles for sm_90 without spills."""
from __future__ import annotations

import pytest

from kfuse import library
from kfuse.frontend import script
from kfuse.frontend.trace import trace

from tests import sampling

from .compile_helpers import DTYPES, assert_clean_resources, compile_program

# contractions (gemm: m x k times k x n) compile in tests/compile/test_gemm_lowering.py, triangular
# solves (square A) in tests/compile/test_trsm_compile.py
# pick (an int64 index) and select (a bool mask) take operands a script does not declare: they
# compile in tests/compile/test_fdtd2d_apps_cpu.py and test_planes_cpu.py
OWN_OPERANDS = {"pick", "select"}
BUILTINS = [n for n in library.names() if library.get(n).builtin and library.get(n).hof not in ("contraction", "solve")
            and n not in OWN_OPERANDS]
REAL_ONLY = {"amax", "max", "min", "maximum", "minimum", "gt", "lt", "ge", "le",
             "maximum_row", "maximum_col", "minimum_row", "minimum_col"}   # ordered: real types only
# the real math library's maps (log, sin, cos, tanh, pow: library.builtins.RealMap)
REAL_ONLY |= {n for n in BUILTINS if type(library.get(n)).__name__ == "RealMap"}


def one_call_script(fn, shape: str, optionals: bool) -> str:
    """``out = fn(...)`` over fresh inputs; ``shape`` is how elem parameters come:
    ``vector``, ``matrix`` (row-major), ``matrixF`` (column-major) or ``scalar``."""
    decl, names, args = [], [], []
    for p in fn.inputs:
        if p.optional and not optionals:
            continue
        name = f"{p.name}_in"
        if p.kind == "scalar" or (p.kind == "elem" and shape == "scalar"):
            decl.append(f"scalar {name};")
        elif p.kind == "sparse":
            decl.append(f"{shape} {name}(m, n);")
        elif p.kind == "matrix" or (p.kind == "elem" and shape.startswith("matrix")):
            decl.append(f"matrix {name}(m, n{', order=F' if shape == 'matrixF' else ''});")
        else:
            decl.append(f"vector {name}({'m' if p.index == 'i' else 'n'});")
        names.append(name)
        args.append(f"{p.name}={name}")
    return "\n".join(decl) + f"\ninput {', '.join(names)};\nout = {fn.name}({', '.join(args)});\nreturn out;\n"


def variants(name):
    fn = library.get(name)
    if name in ("interior", "assign"):   # an array with a window replaced: arrays only (here a halo of 0)
        shapes = ["vector", "matrix", "matrixF"]
    elif any(p.kind == "elem" for p in fn.inputs) and fn.is_reduce:   # sum, max, min: of an array
        shapes = ["vector", "matrix", "matrixF"]
    elif any(p.kind == "elem" for p in fn.inputs):
        shapes = ["vector", "matrix", "matrixF", "scalar"]
    elif any(p.kind == "sparse" for p in fn.inputs):
        shapes = ["csr", "ell"]
    elif fn.nested or any(p.kind == "matrix" for p in fn.inputs):
        shapes = ["matrix", "matrixF"]
    else:
        shapes = ["vector"]
    opts = [True, False] if any(p.optional for p in fn.inputs) else [True]
    return [(shape, o) for shape in shapes for o in opts]


CASES = [(name, dtype, shape, opt)
         for name in BUILTINS
         for dtype in DTYPES if not (name in REAL_ONLY and dtype.startswith("complex"))
         for shape, opt in variants(name)]


def case_id(c):
    plan, name, dtype, shape, opt = c
    return f"{plan}-{name}-{dtype}-{shape}" + ("" if opt else "-required-only")


# every built-in under both plans each run (its dtype, shape and optionals drawn), 250 of the 1,125
# in all; KFTEST_FULL=1 compiles every one (tests/sampling.py)
RUN = sampling.sample("compile_library", [(plan, *c) for plan in ("unfused", "default") for c in CASES], 250,
                      strata=lambda c: (c[0], c[1]))


def test_every_builtin_is_covered():
    assert {c[0] for c in CASES} == set(BUILTINS)
    assert {(c[0], c[1]) for c in CASES} >= {(n, d) for n in BUILTINS for d in DTYPES if n not in REAL_ONLY}
    assert {(c[0], c[1]) for c in RUN} == {(p, n) for p in ("unfused", "default") for n in BUILTINS}


@pytest.mark.parametrize("plan,name,dtype,shape,optionals", RUN, ids=[case_id(c) for c in RUN])
def test_builtin_alone_compiles(plan, name, dtype, shape, optionals):
    """``unfused``: the planner's basic launch parameters; ``default``: those the search picks."""
    text = one_call_script(library.get(name), shape, optionals)
    # row-major rows of 3001 elements use one element per thread; of 4096 elements, 16-byte packs
    n = 4096 if shape == "matrix" else 3001
    exe = compile_program(script.parse(text, name, dtype), {"m": 1000, "n": n}, plan=plan)
    assert exe.n_kernels == 1
    assert_clean_resources(exe)


def _trace_case(name):
    """A traced Python function calling one built-in through kfuse.blas / kfuse ops."""
    import kfuse
    A, x, y = ("a", (1000, 4096), "float32", "C"), ("a", (4096,), "float32", "C"), ("a", (1000,), "float32", "C")
    return {
        "gemv": (lambda A, x: A @ x, [A, x]),
        "gemv_t": (lambda A, y: A.T @ y, [A, y]),
        "dot": (lambda x: x @ x, [x]),
        "ger": (lambda A, y, x: kfuse.blas.ger(A, y, x, alpha=0.5), [A, y, x]),
        "outer": (lambda y, x: kfuse.outer(y, x), [y, x]),
        "axpby": (lambda x, a: kfuse.blas.axpby(a, x, 2.0, x), [x, ("h", "real")]),
        "sqrt": (lambda x: kfuse.sqrt(x), [x]),
        "nrm2": (lambda x: kfuse.blas.nrm2(x), [x]),
    }[name]


@pytest.mark.parametrize("name", ["gemv", "gemv_t", "dot", "ger", "outer", "axpby", "sqrt", "nrm2"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_traced_call_compiles(name, dtype):
    fn, specs = _trace_case(name)
    specs = [s if s[0] == "h" else (s[0], s[1], dtype, s[3]) for s in specs]
    names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    prog, _ = trace(fn, list(names), specs, name)
    assert [c.fn for c in prog.calls] == [name]
    exe = compile_program(prog)
    assert_clean_resources(exe)
