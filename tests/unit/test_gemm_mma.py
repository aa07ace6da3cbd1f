"""Unit tier of the TF32 mma engine (issue 20): the rules and refusals of mma schemes, their
text and JSON with the warp tile, a model of one warp's fragments (the emitter's permuted k
slots against the PTX ISA's layout), and the precision plumbing (setting, blas.gemm, the gemm
space's engine by precision, an edited plan with the wrong engine refused)."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import ArgumentError, ConfigError, DTypeError, KfuseError, PlanError
from kfuse.spaces.gemm.engines import mma_tf32 as rules
from kfuse.spaces.gemm.scheme import GemmScheme, SchemeError


def mma(**kw) -> GemmScheme:
    return GemmScheme(engine="mma_tf32", **kw)


# ---- rules --------------------------------------------------------------------------------------
def test_every_candidate_is_accepted_and_the_default_warp_tile_is_chosen():
    for kw in rules.CANDIDATES:
        assert rules.refusals(mma(**kw)) == [], kw
    s = mma(bm=128, bn=128, bk=32)
    assert rules.warp_tile(s) == (64, 32) and s.threads == 256 and s.refusals() == []


@pytest.mark.parametrize("kw, words", [
    (dict(bm=96, bn=128, bk=32, wm=24), "wm=24 is not a multiple of 16"),
    (dict(bm=128, bn=128, bk=32, wn=12), "not a multiple of 8"),
    (dict(bm=96, bn=128, bk=32, wm=64), "bm=96 is not a multiple of the warp tile wm=64"),
    (dict(bm=128, bn=128, bk=12), "bk=12 is not a multiple of 8"),
    (dict(bm=256, bn=256, bk=8, wm=16, wn=16), "exceed 32"),
    (dict(bm=256, bn=256, bk=64, stages=4), "over the 232448 B limit"),
    (dict(bm=128, bn=128, bk=32, wm=64, wn=64), "registers per thread"),
    (dict(bm=64, bn=64, bk=8, wm=16, wn=16), "not a multiple of the 512 threads"),
    (dict(splitk=2), "split-k is not built yet"),
])
def test_refusals_name_the_reason(kw, words):
    why = mma(**kw).refusals("float32")
    assert any(words in w for w in why), why


def test_float64_and_bad_warp_fields_are_refused():
    assert any("runs on ffma" in w for w in mma().refusals("float64"))
    assert any("'wm'" in w for w in mma(wm=-1).refusals())
    with pytest.raises(SchemeError, match="wm"):
        GemmScheme.from_json({"engine": "mma_tf32", "wm": -16})


def test_ffma_schemes_keep_their_text_and_refusals():
    s = GemmScheme()
    assert "warp_tile" not in s.to_text() and s.refusals() == [] and s.threads == 256


def test_text_and_json_round_trip_with_the_warp_tile():
    s = mma(bm=128, bn=256, bk=16, stages=4, wm=64, wn=64)
    text = s.to_text()
    assert "warp_tile(wm=64, wn=64)" in text and "engine(mma_tf32)" in text
    assert GemmScheme.from_text(text) == s and GemmScheme.from_json(s.to_json()) == s
    assert s.to_json()["wm"] == 64 and GemmScheme.from_json({"engine": "mma_tf32"}).wm == 0


@pytest.mark.parametrize("row", [8, 16, 32, 64, 128, 256])
def test_fragment_loads_are_conflict_free(row):
    for kcontig in (True, False):
        pad = rules.pad_elems(kcontig, row)
        assert pad % 4 == 0 and rules.wavefronts(kcontig, row + pad) == 1


def test_shared_bytes_bound_the_emitted_kernels():
    s = mma(bm=128, bn=128, bk=32, stages=3)
    for ta in (False, True):
        for tb in (False, True):
            spec = GemmKernelSpec("g", "float32", 500, 400, 300, GemmOperand("A", ta), GemmOperand("B", tb), scheme=s)
            assert emit_gemm(spec).shared_bytes <= s.shared_bytes() <= rules.MAX_SHARED


# ---- a model of one warp's mma.m16n8k8 -----------------------------------------------------------
def warp_mma(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """C = A (16 x 8) B (8 x 8) as one warp computes it: each lane's registers filled as the
    emitter fills them (slots t, t + 4 hold the physical k's 2t, 2t + 1), then each lane's c0..c3
    computed from the PTX ISA's tables (a_r at rows g (+8), k slots t (+4); b_r at k slot t (+4),
    column g; c_e at row g + 8 (e // 2), column 2t + e % 2)."""
    regs_a, regs_b = {}, {}
    for lane in range(32):
        g, t = lane // 4, lane % 4
        regs_a[lane] = [A[g, 2 * t], A[g + 8, 2 * t], A[g, 2 * t + 1], A[g + 8, 2 * t + 1]]
        regs_b[lane] = [B[2 * t, g], B[2 * t + 1, g]]
    C = np.full((16, 8), np.nan)
    for lane in range(32):
        g, t = lane // 4, lane % 4
        for e in range(4):
            row, col = g + 8 * (e // 2), 2 * t + e % 2
            total = 0.0
            for slot in range(8):        # the k slot of the PTX table
                a = regs_a[4 * (row % 8) + slot % 4][(row >= 8) + 2 * (slot >= 4)]
                b = regs_b[4 * col + slot % 4][slot >= 4]
                total += a * b
            C[row, col] = total
    return C


def test_the_permuted_fragments_multiply_like_numpy():
    rng = np.random.default_rng(0)
    A, B = rng.standard_normal((16, 8)), rng.standard_normal((8, 8))
    np.testing.assert_allclose(warp_mma(A, B), A @ B, rtol=1e-12, atol=1e-12)


# ---- what the engine refuses --------------------------------------------------------------------
def _spec(**kw):
    base = dict(name="g", dtype="float32", m=64, n=64, k=64, a=GemmOperand("A"), b=GemmOperand("B"),
                scheme=mma(bm=64, bn=64, bk=32, wm=32, wn=32))
    base.update(kw)
    return GemmKernelSpec(**base)


def test_the_engine_refuses_float64_and_a_structured_operand_with_a_second_pair():
    with pytest.raises(DTypeError, match="float32"):
        emit_gemm(_spec(dtype="float64"))
    sym = GemmOperand("A", structure="sym")
    assert "mma.sync" in emit_gemm(_spec(a=sym)).code      # structured operands are built (round 3)
    with pytest.raises(PlanError, match="structure 'sym' and the spec has a second operand pair"):
        emit_gemm(_spec(a=sym, second=(GemmOperand("B2"), GemmOperand("A2", True))))
    with pytest.raises(PlanError, match="refused"):
        emit_gemm(_spec(scheme=mma(bm=64, bn=64, bk=12)))


# ---- precision ----------------------------------------------------------------------------------
def _trace(jf, *arrays):
    """The program of jitted ``jf`` for host arrays (no GPU)."""
    from kfuse.frontend import trace as tr
    return tr.trace(jf.fn, jf.names, [tr.lower_spec(n, a) for n, a in zip(jf.names, arrays)], jf.name)[0]


def _plan(precision: str, dtype="float32"):
    f = kfuse.jit(lambda A, B: A @ B)
    A, B = np.ones((300, 200), dtype), np.ones((200, 100), dtype)
    with kfuse.config.override(precision=precision):
        prog = _trace(f, A, B)
        return prog, kfuse.api.make_plan(prog)


def test_the_plan_engine_follows_the_precision():
    _, ieee = _plan("ieee")
    _, tf32 = _plan("tf32")
    engines = lambda p: [k.params["engine"] for k in p.kernels]   # noqa: E731
    assert engines(ieee) == ["ffma"] and engines(tf32) == ["mma_tf32"]
    assert ieee.to_json() != tf32.to_json()
    _, f64 = _plan("tf32", "float64")          # float64 stays exact: IEEE double, FFMA or DMMA
    assert engines(f64) in (["ffma"], ["mma_f64"])


def test_a_plan_with_the_wrong_engine_for_the_precision_is_refused():
    prog, ieee = _plan("ieee")
    with kfuse.config.override(precision="tf32"):
        with pytest.raises(PlanError, match="does not match the product's precision 'tf32'"):
            kfuse.api.make_plan(prog, ieee.to_json())
    _, tf32 = _plan("tf32")
    with pytest.raises(PlanError, match="engine 'mma_tf32' does not match"):
        kfuse.api.make_plan(prog, tf32.to_json())


def test_precision_setting_and_arguments_are_checked(monkeypatch):
    monkeypatch.setenv("KFUSE_PRECISION", "fp16")
    monkeypatch.setattr(kfuse.config, "settings", None)
    with pytest.raises(ConfigError, match="KFUSE_PRECISION"):
        kfuse.config.get()
    monkeypatch.setenv("KFUSE_PRECISION", "TF32")
    monkeypatch.setattr(kfuse.config, "settings", None)
    assert kfuse.config.get().precision == "tf32"
    monkeypatch.setattr(kfuse.config, "settings", None)
    monkeypatch.delenv("KFUSE_PRECISION")
    with pytest.raises(ArgumentError, match="precision='fp16'"):
        kfuse.blas.gemm(np.ones((2, 2), np.float32), np.ones((2, 2), np.float32), precision="fp16")


def test_inside_jit_a_precision_other_than_the_setting_is_refused():
    f = kfuse.jit(lambda A, B: kfuse.blas.gemm(A, B, precision="tf32"))
    A = np.ones((20, 20), np.float32)
    with pytest.raises(KfuseError, match="config.override"):
        _trace(f, A, A)
    with kfuse.config.override(precision="tf32"):
        assert _trace(f, A, A).calls[0].fn == "gemm"
