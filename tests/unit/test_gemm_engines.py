"""The GEMM engines: registered in one table, checked by one function, their epilogues printed by
one module."""
import pkgutil

import pytest

from kfuse.codegen import gemm
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm, epilogue, ffma, mma, mma_f64, mma_tf32x3, spec
from kfuse.errors import ShapeError
from kfuse.spaces.gemm import engines
from kfuse.spaces.gemm.scheme import GemmScheme


def _spec(engine: str) -> GemmKernelSpec:
    scheme = GemmScheme(engine="mma_tf32", bm=64, bn=64, bk=32, wm=32, wn=32) if engine == "mma_tf32" else GemmScheme()
    return GemmKernelSpec("g", "float32", 64, 64, 64, GemmOperand("A"), GemmOperand("B"), scheme=scheme)


def test_the_registry_lists_exactly_the_engine_modules():
    assert gemm.ENGINES == {"ffma": ffma.emit_ffma, "mma_tf32": mma.emit_gemm_mma,
                            "mma_f64": mma_f64.emit_gemm_mma_f64, "mma_tf32x3": mma_tf32x3.emit_gemm_mma_tf32x3}
    assert list(gemm.ENGINES) == list(engines.names())   # the spaces' registry: the same engines
    # an engine module is registered by the table, not by being imported
    modules = {m.name for m in pkgutil.iter_modules(gemm.__path__)}
    assert {fn.__module__.rsplit(".", 1)[1] for fn in gemm.ENGINES.values()} <= modules


def test_emit_gemm_sends_each_spec_to_its_engine(monkeypatch):
    seen = []
    for name in list(gemm.ENGINES):
        monkeypatch.setitem(gemm.ENGINES, name, lambda sp, name=name: seen.append(name) or name)
    assert [emit_gemm(_spec(e)) for e in ("ffma", "mma_tf32")] == ["ffma", "mma_tf32"] == seen


@pytest.mark.parametrize("engine", ["ffma", "mma_tf32"])
def test_both_engines_print_the_one_epilogue_module(monkeypatch, engine):
    plain = emit_gemm(_spec(engine)).code
    assert "// ---- epilogue: store acc to C (C order, ld 64);" in plain

    def marked(sp, acc, loops, where):
        return ["// the shared epilogue"]
    monkeypatch.setattr(epilogue, "store_loop", marked)
    code = emit_gemm(_spec(engine)).code
    assert "// the shared epilogue" in code and "// ---- epilogue: store acc" not in code


@pytest.mark.parametrize("engine", ["ffma", "mma_tf32"])
def test_both_engines_run_the_one_spec_check(monkeypatch, engine):
    calls = []
    real = spec.check_spec
    monkeypatch.setattr(ffma, "check_spec", lambda sp: calls.append(sp) or real(sp))
    monkeypatch.setattr(mma, "check_spec", lambda sp: calls.append(sp) or real(sp))
    emit_gemm(_spec(engine))
    assert len(calls) == 1
    bad = GemmKernelSpec("g", "float32", 64, 64, -1, GemmOperand("A"), GemmOperand("B"),
                         scheme=_spec(engine).scheme)
    with pytest.raises(ShapeError, match="size k=-1"):
        emit_gemm(bad)
