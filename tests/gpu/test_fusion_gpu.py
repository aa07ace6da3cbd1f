"""The 11 sequences under every combination of fusions of their space, and a spread of
implementations (block shapes, packs, loop axis, serial iterations) of the chosen one,
at odd and non-square sizes, float32 and float64."""
import glob
import os

import pytest

import kfuse
from kfuse import reference
from kfuse.fusion.space import impl_variants, make_plan
from kfuse.model.planner import ranked_plans

from .helpers import check_outputs

EXAMPLES = sorted(glob.glob(os.path.join(os.path.dirname(kfuse.__file__), "examples", "*.kf")))
BLAS1 = {"axpydot", "sscal", "vadd", "waxpby"}
VARIANTS_PER_KERNEL = 10


def _sizes(name):
    if name in BLAS1:
        return [{"n": 1001}, {"n": (1 << 20) + 4}]
    return [{"m": 1000, "n": 3001}, {"m": 257, "n": 4100}]


CASES = [(os.path.basename(p)[:-3], p, s, d) for p in EXAMPLES for s in _sizes(os.path.basename(p)[:-3])
         for d in ("float32", "float64")]


def _check(prog, plan, ins, refs, dtype, what):
    exe = kfuse.runtime.build(prog, plan)
    outs = exe(*ins.values())
    check_outputs([prog.value(o).display for o in prog.outputs], outs, [refs[o] for o in prog.outputs],
                  dtype, what)
    return exe


@pytest.mark.parametrize("name,path,sizes,dtype", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[2].values()))}-{c[3]}" for c in CASES])
def test_every_combination(name, path, sizes, dtype):
    import cupy
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
    ins = reference.random_inputs(prog, seed=3, xp=cupy)
    refs = reference.run(prog, ins)
    plans = ranked_plans(prog)
    assert plans, "the space has at least the unfused combination"
    for _t, plan in plans:
        _check(prog, plan, ins, refs, dtype, f"{name} {[k.calls for k in plan.kernels]}")


@pytest.mark.parametrize("name,path,sizes,dtype", CASES,
                         ids=[f"{c[0]}-{'x'.join(map(str, c[2].values()))}-{c[3]}" for c in CASES])
def test_implementations_of_best(name, path, sizes, dtype):
    import cupy
    prog = kfuse.api.bind_sizes(kfuse.load(path, dtype), sizes)
    ins = reference.random_inputs(prog, seed=4, xp=cupy)
    refs = reference.run(prog, ins)
    best = ranked_plans(prog, limit=None)[0][1]
    for ki, k in enumerate(best.kernels):
        variants = impl_variants(prog, k.calls)
        step = max(1, len(variants) // VARIANTS_PER_KERNEL)
        for params in variants[::step]:
            kernels = [(kk.calls, params if j == ki else kk.params) for j, kk in enumerate(best.kernels)]
            _check(prog, make_plan(prog, kernels), ins, refs, dtype, f"{name} kernel {ki} {params}")


def test_default_kernel_counts():
    """The default plan's kernel counts (the fusion decisions of the issue)."""
    want = {"bicgk": 1, "sgemv": 1, "gesummv": 1, "axpydot": 1, "vadd": 1, "waxpby": 1, "madd": 1,
            "sscal": 1, "atax": 2, "sgemvt": 2, "gemver": 2}
    for path in EXAMPLES:
        name = os.path.basename(path)[:-3]
        sizes = {"n": 1 << 20} if name in BLAS1 else {"m": 2048, "n": 2048}
        assert kfuse.compile_script(path, sizes=sizes).n_kernels == want[name], name
