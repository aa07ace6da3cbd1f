"""Split-k as plan data (issue 20): an edited plan's ``splitk`` reaches the kernel (blockIdx.z,
the last block of a tile summing the partial tiles), its scratch reaches the launch spec (partial
tiles, counters zeroed once), and the model charges the partial tiles' traffic."""
from __future__ import annotations

import pytest

from kfuse.api import make_plan
from kfuse.codegen import generate
from kfuse.errors import PlanError
from kfuse.runtime.launch_spec import build_spec
from tests.unit.test_gemm_front import relu_prog


def _split_plan(prog, splitk):
    d = make_plan(prog).to_json()
    d["kernels"][0]["params"].update(bm=64, bn=64, bk=8, tm=8, tn=4, stages=2, splitk=splitk,
                                     frags=1, min_blocks=1, store_vec=1, tload=1)
    return make_plan(prog, d)


def test_split_k_plan_reaches_the_kernel_and_its_workspace():
    prog = relu_prog(m=70, n=90, k=300)
    module = generate(prog, _split_plan(prog, 3))
    (k,) = [k for k in module.kernels if k.plan is not None]
    assert "constexpr int SPLITK = 3;" in k.text and "split = blockIdx.z" in k.text
    assert k.grid[2] == 3
    spec = build_spec(prog, module, "sm_90", "sm_90")
    kinds = sorted((a.zeroed, a.nbytes) for a in spec.allocations if a.kind == "workspace")
    tiles = 2 * 2
    assert kinds == sorted([(False, 3 * tiles * 64 * 64 * 4), (True, tiles * 4)])


def test_split_k_past_the_k_tiles_is_refused_naming_the_kernel():
    prog = relu_prog(m=70, n=90, k=16)
    with pytest.raises(PlanError, match="splitk=4 is more than the 2 k tiles"):
        generate(prog, _split_plan(prog, 4))


def test_model_charges_split_k_partials():
    from kfuse.spaces import stored
    from kfuse.model.predict import kernel_traffic
    prog = relu_prog(m=70, n=90, k=300)
    plan = _split_plan(prog, 3)
    k = plan.kernels[0]
    need = stored(prog, [k.calls])[0]
    tr = kernel_traffic(prog, k.calls, k.params, need)
    assert tr.terms.partial == 2 * 3 * 4 * 64 * 64 * 4 and tr.terms.tail_bytes == 2 * 64 * 64 * 4


def test_split_k_is_searched_only_where_the_tiles_leave_the_gpu_idle():
    """H200 n = 4096 SYMM: a split-k 4 plan ran 42 TFLOP/s against 44.8 without; the tiles fill
    the GPU there, so the search leaves split-k out."""
    from kfuse.spaces.gemm.scheme import SPLITK_TILES, variants
    assert not [s for s in variants("float32", 4096, 4096, 4096) if s.splitk > 1]
    small = [s for s in variants("float32", 1024, 1024, 1024) if s.splitk > 1]
    assert small and all(-(-1024 // s.bm) * -(-1024 // s.bn) < SPLITK_TILES for s in small)


def test_symm_on_tensor_cores_symmetrizes_at_1024():
    """The mma engine's element-wise mirror ran SYMM 1024 at 27 TFLOP/s against 60 with the
    symmetrize pass (H200): the model charges it (ENGINE_LOADER_EFFICIENCY)."""
    from kfuse import config
    from kfuse.api import bind_sizes, make_plan
    from kfuse.frontend import script
    text = "matrix S(n, n, sym=lower); matrix B(n, n), C(n, n); input S, B; C = S @ B; return C;"
    with config.override(precision="tf32"):
        plan = make_plan(bind_sizes(script.parse(text, "symm"), {"n": 1024}))
    k = [k for k in plan.kernels if k.space == "gemm"][0]
    assert k.params["engine"] == "mma_tf32" and k.params["a_rule"] == "symmetrize"
