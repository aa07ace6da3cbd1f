"""The lowering registry and the code blocks kernels are built from."""
from __future__ import annotations

import copy

import pytest

from kfuse.api import bind_sizes
from kfuse.codegen import LOWERINGS, generate, register_lowering
from kfuse.codegen.common import CodeBlock, KernelSource
from kfuse.codegen.lower_vec import VecLowering
from kfuse.errors import PlanError
from kfuse.frontend import script
from kfuse.fusion.plan import unfused_plan


def test_code_block_indents_nested_blocks():
    code = CodeBlock()
    code("int a;")
    with code.block("for (int i = 0; i < 4; ++i) {"):
        code("a += i;")
        with code.block("if (a > 2)", close=None):
            code("break;")
    assert code.text() == ("int a;\nfor (int i = 0; i < 4; ++i) {\n    a += i;\n    if (a > 2)\n"
                           "        break;\n}\n")


def _axpy_program():
    """AXPYDOT at n = 1000 (two vec kernels unfused)."""
    src = ("vector w(n), v(n), u(n), z(n);\nscalar alpha, r;\ninput w, v, u, alpha;\n"
           "z = w - alpha * v;\nr = dot(z, u);\nreturn z, r;\n")
    return bind_sizes(script.parse(src, "toy", "float32"), {"n": 1000})


def test_a_lowering_may_return_several_kernels(monkeypatch):
    """A registered lowering that returns a list: the module launches each of its kernels."""
    class TwoKernels(VecLowering):
        def emit(self):
            first = super().emit()
            second = copy.copy(first)
            second.name = first.name + "_again"
            second.text = first.text.replace(first.name + "(", second.name + "(")
            return [first, second]

    prog = _axpy_program()
    plan = unfused_plan(prog)
    monkeypatch.setitem(LOWERINGS, "vec", TwoKernels)
    mod = generate(prog, plan)
    names = [k.name for k in mod.kernels]
    assert len(names) == 2 * len(plan.kernels) and names[1] == names[0] + "_again"
    assert all(isinstance(k, KernelSource) for k in mod.kernels)
    assert f"{names[1]}(" in mod.source


def test_unknown_space_is_refused_with_the_known_ones(monkeypatch):
    prog = _axpy_program()
    plan = unfused_plan(prog)
    monkeypatch.delitem(LOWERINGS, "vec")
    with pytest.raises(PlanError, match="no lowering for space 'vec'"):
        generate(prog, plan)


def test_register_lowering_adds_a_space(monkeypatch):
    monkeypatch.setattr("kfuse.codegen.lowering.LOWERINGS", dict(LOWERINGS))
    from kfuse.codegen import lowering
    register_lowering("toy", VecLowering)
    assert lowering.LOWERINGS["toy"] is VecLowering
