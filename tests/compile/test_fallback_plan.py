"""The plan run for misaligned inputs (an offset view such as ``x[1:]``) is always legal (issue 17, bug 4).

Alignment does not enter planning: plans assume 16-byte aligned inputs, and an Executable whose
inputs are not aligned for its packed loads runs :meth:`Executable.fallback`, built from
:func:`kfuse.fusion.unpacked_plan`.  Here every example and sparse program is planned (the
default plan, the unfused one, and every rows variant the space offers, span > 1 included) and
its fallback must pass check_plan, generate, and, for a sample, compile without spills and
need no alignment at all.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import kfuse
from kfuse.codegen import generate
from kfuse.fusion import check_plan, unfused_plan, unpacked_plan
from kfuse.fusion.search import impl_variants, make_plan
from kfuse.frontend import script
from kfuse.model.planner import best_plan

from .compile_helpers import DTYPES, assert_clean_resources, compile_program
from .test_compile_sparse import BICG_SPMVS, CG_STEP, ROWS_VEC

EXAMPLES = sorted(p for p in (Path(kfuse.__file__).parent / "examples").glob("*.kf")
                  if p.stem not in ("hdiff", "jacobi2d", "periodic2d"))   # stencils: test_compile_script_stencil.py
SPARSE = {"cg-step": CG_STEP, "bicg-spmvs": BICG_SPMVS, "rows-vec": ROWS_VEC}


def _assert_unpacked_and_legal(prog, plan):
    fb = unpacked_plan(plan)
    check_plan(prog, fb)
    assert all(k.params.get("vec", 1) == 1 and "span" not in k.params for k in fb.kernels)
    assert [(k.name, k.calls, k.space) for k in fb.kernels] == [(k.name, k.calls, k.space) for k in plan.kernels]
    mod = generate(prog, fb)   # the emitters' own checks (span needs packs, ...)
    assert all(not k.aligned for k in mod.kernels), "the fallback still needs aligned inputs"
    return fb


def _sparse_program(name, fmt, dtype, hint):
    prog = script.parse(SPARSE[name].replace("{fmt}", fmt).replace("csr A", f"{fmt} A"), name, dtype)
    prog = prog.bind({"n": 10007})
    for vname, v in list(prog.values.items()):
        if v.type.kind == "sparse":
            prog.values[vname] = dataclasses.replace(v, type=dataclasses.replace(v.type, per_row=hint))
    return prog


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_fallback_plans_are_legal(path, dtype):
    for sizes in ({"m": 1024, "n": 4096}, {"m": 1000, "n": 3001}, {"m": 33, "n": 1}):
        prog = script.load(str(path), dtype)
        prog = prog.bind({k: v for k, v in sizes.items() if k in prog.symbols()})
        for plan in (best_plan(prog), unfused_plan(prog)):
            _assert_unpacked_and_legal(prog, plan)


@pytest.mark.parametrize("hint", [4, 16])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fmt", ["csr", "ell"])
@pytest.mark.parametrize("name", list(SPARSE))
def test_sparse_fallback_plans_are_legal(name, fmt, dtype, hint):
    prog = _sparse_program(name, fmt, dtype, hint)
    calls = [c.id for c in prog.calls]
    variants = impl_variants(prog, calls)
    spans = [p for p in variants if p.get("span", 1) > 1]
    if fmt == "csr" and dtype != "complex128" and hint == 16 and name != "cg-step":
        assert spans, "the space should offer span variants here (the case bug 4 hit)"
    sample = spans + [p for p in variants[::6] if p not in spans]   # every span variant, a sixth of the rest
    for plan in [best_plan(prog), unfused_plan(prog)] + [make_plan(prog, [(calls, p)]) for p in sample]:
        _assert_unpacked_and_legal(prog, plan)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_fallback_of_a_span_kernel_compiles(dtype):
    """Executable.fallback() of a CSR rows kernel owning several rows per group (span > 1, vec > 1)
    used to keep span with vec 1: PlanError 'span > 1 needs group > 1 and CSR packs (vec > 1)'."""
    prog = _sparse_program("rows-vec", "csr", dtype, 16)
    calls = [c.id for c in prog.calls]
    span = next(p for p in impl_variants(prog, calls) if p.get("span", 1) > 1)
    exe = compile_program(prog, plan=make_plan(prog, [(calls, span)]))
    assert exe._aligned   # the packed kernel needs aligned CSR parts
    fb = exe.fallback()
    assert fb._aligned == {} and fb.plan_obj.kernels[0].params.get("vec", 1) == 1
    assert "span" not in fb.plan_obj.kernels[0].params
    assert_clean_resources(fb)
    assert exe.plan_obj.kernels[0].params["span"] == span["span"]   # the plan itself is untouched


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_fallbacks_compile(path):
    exe = compile_program(script.load(str(path), "float32"), {"m": 1024, "n": 4096}, plan="default")
    assert exe._aligned   # 16-byte packs somewhere: misaligned inputs take the fallback
    fb = exe.fallback()
    assert fb._aligned == {}
    assert_clean_resources(fb)
