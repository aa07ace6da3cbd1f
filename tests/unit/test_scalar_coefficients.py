"""Unit tier of issue 30, item 6: a grid kernel whose coefficient multiplies scalar arguments
(``a * b * (t[2:, 1:-1] - ...)``, ``dt * k``) plans and generates; the scalar-only calls are the
kernel's scalar prologue, with no place in the stencil's frame.  Once ``_union`` of the scalar's
empty box raised IndexError in the planner (``kfuse plan`` printed the traceback)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import cli, reference
from kfuse.codegen.module import generate
from kfuse.frontend import script
from kfuse.frontend.trace import trace
from kfuse.api import make_plan as default_plan
from kfuse.fusion.search import make_plan

from ..scalar_coefficients import CASES, SCRIPT
from ..stencil_programs import NUMPY


def traced(name, dtype="float64"):
    factory, shape, scalars = CASES[name]
    specs = [("a", shape, dtype, "C")] + [("h", "real")] * len(scalars)
    names = ["t"] + [f"s{i}" for i in range(len(scalars))]
    return trace(factory(kfuse), names, specs, name)[0]


def _scalar_calls(prog):
    """The calls over scalars only (a reduction's result is a scalar too, its operand not)."""
    return [c.id for c in prog.calls
            if all(prog.value(v).type.kind == "scalar" for v in [*c.args.values(), c.out])]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_scalar_coefficient_plans_into_the_stencil_kernel_as_its_prologue(name):
    prog = traced(name)
    scalars = _scalar_calls(prog)
    assert scalars, "the case computes no scalar-only sub-expression"
    plan = default_plan(prog)
    kernels = [k for k in plan.kernels if set(k.calls) & set(scalars)]
    assert kernels and all(k.space == "grid" for k in kernels)   # hosted by a stencil kernel
    text = generate(prog, plan).source
    for c in scalars:
        assert f"// call {c}: " in text and "(scalar prologue)" in text


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_fused_frame_leaves_the_scalar_calls_out(name):
    prog = traced(name)
    calls = list(range(len(prog.calls)))
    plan = make_plan(prog, [(calls, {"bx": 32, "by": 8})])
    (kernel,) = plan.kernels
    frame = kfuse.spaces.get("grid").frame(prog, calls, kernel.params, _info(prog))
    for c in _scalar_calls(prog):
        assert prog.calls[c].out not in frame.pos and frame.reads[c] == ()
        assert c not in [b for b, _ in frame.boxes]
    assert all(hi > lo for lo, hi in frame.box) and len(frame.box) == frame.rank == len(CASES[name][1])


def _info(prog):
    from kfuse.spaces.registry import program_info
    return program_info(prog)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_reference_of_each_case_equals_numpy(name):
    factory, shape, scalars = CASES[name]
    prog = traced(name)
    t = np.random.default_rng(3).uniform(-1, 1, shape)
    got = reference.run(prog, dict(zip(prog.inputs, [t, *scalars])))
    want = factory(NUMPY)(t, *scalars)
    want = want if isinstance(want, tuple) else (want,)
    for o, w in zip(prog.outputs, want):
        np.testing.assert_allclose(got[o], w, rtol=1e-12, atol=1e-12)


def test_the_script_form_plans_and_kfuse_plan_prints_the_plan(tmp_path, capsys):
    prog = kfuse.api.bind_sizes(script.parse(SCRIPT, "coef", "float64"), {"m": 64, "n": 64})
    plan = default_plan(prog)
    assert [k.space for k in plan.kernels] == ["grid"] and len(plan.kernels[0].calls) == len(prog.calls)
    path = tmp_path / "coef.kf"
    path.write_text(SCRIPT)
    assert cli.main(["plan", str(path), "--size", "m=64", "--size", "n=64"]) in (0, None)
    out = capsys.readouterr()
    assert "1 kernel(s)" in out.out and "[grid;" in out.out and "Traceback" not in out.err
