"""Program values named like the GEMM emitter's constants or locals (``K``, ``M``, ``BM``,
``tid``, ``row0``) compile: NVRTC refused ``K = X @ W; return K;`` (helper G's report,
session 17) because the value's parameter ``K`` clashed with ``constexpr int ... K``."""
import pytest

from kfuse.api import bind_sizes
from kfuse.frontend import script
from .compile_helpers import compile_program


@pytest.mark.parametrize("name", ["K", "M", "BM", "tid", "row0"])
def test_a_value_named_like_an_emitter_constant_compiles(name):
    text = f"matrix X(m, k), W(k, n), {name}(m, n); input X, W; {name} = X @ W; return {name};"
    prog = bind_sizes(script.parse(text, "names", "float32"), {"m": 70, "n": 33, "k": 17})
    exe = compile_program(prog, plan="default")
    assert exe.n_kernels == 1
