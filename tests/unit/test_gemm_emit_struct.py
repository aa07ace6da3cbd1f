"""Unit tier of the GEMM emitter's structure hooks and round-2 scheme knobs: spec validation
(one KfuseError naming the field) and the scheme's JSON/text/refusals of the new fields."""
import pytest

from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import KfuseError
from kfuse.spaces.gemm.scheme import GemmScheme


def spec(m=8, n=8, k=8, a=None, b=None, **kw):
    return GemmKernelSpec("g", "float32", m, n, k, a or GemmOperand("A"), b or GemmOperand("B"), **kw)


@pytest.mark.parametrize("kw, words", [
    (dict(c_uplo="lower", n=9), "square output"),
    (dict(c_uplo="diagonal"), "c_uplo"),
    (dict(a=GemmOperand("A", structure="sym"), k=9), "square"),
    (dict(b=GemmOperand("B", structure="tri"), n=5), "square"),
    (dict(a=GemmOperand("A", structure="hermitian")), "structure"),
    (dict(a=GemmOperand("A", structure="tri", uplo="left")), "uplo"),
    (dict(a=GemmOperand("A", structure="tri", diag="one")), "diag"),
    (dict(a=GemmOperand("A", structure="sym", diag="unit")), "diag='unit'"),
    (dict(second=(GemmOperand("A2"),)), "pair"),
    (dict(second=(GemmOperand("A2", structure="sym"), GemmOperand("B2"))), "general"),
    (dict(second=(GemmOperand("A2"), "B2")), "GemmOperand"),
    (dict(c="A"), "used twice"),
])
def test_bad_specs_are_refused_naming_the_field(kw, words):
    with pytest.raises(KfuseError, match=words):
        emit_gemm(spec(**kw))


def test_shared_pointers_are_one_parameter():
    src = emit_gemm(spec(b=GemmOperand("A", True), c_uplo="mirror_lower",
                         second=(GemmOperand("A"), GemmOperand("A", True))))
    assert [p[1] for p in src.params] == ["A", "C"]


def test_default_code_is_unchanged_by_the_new_fields():
    plain = emit_gemm(spec(m=300, n=200, k=100)).code
    assert "__launch_bounds__(256)\n" in plain and "nkt" not in plain and "kt < KTILES" in plain
    assert "return;" not in plain and "second product" not in plain


@pytest.mark.parametrize("s", [GemmScheme(frags=2), GemmScheme(min_blocks=2), GemmScheme(store_vec=4),
                               GemmScheme(tload=2, stages=4), GemmScheme(frags=2, min_blocks=2, store_vec=2,
                                                                         tload=2, raster=8)])
def test_knobs_round_trip(s):
    assert GemmScheme.from_text(s.to_text()) == s
    assert GemmScheme.from_json(s.to_json()) == s
    assert not s.refusals("float32", 4096, 4096, 4096)


def test_default_text_is_unchanged():
    assert GemmScheme().to_text() == ("thread_grouping(bm=128, bn=128, tm=8, tn=8); loop_tiling(bk=8); "
                                      "loop_unroll(k); sm_alloc(A, transpose, stages=2); sm_alloc(B); "
                                      "reg_alloc(C); engine(ffma)")


@pytest.mark.parametrize("kw, words", [(dict(frags=3), "frags=3"), (dict(min_blocks=5), "min_blocks=5"),
                                       (dict(store_vec=3), "store_vec=3"), (dict(tload=3), "tload=3"),
                                       (dict(store_vec=4, tn=2, bn=32), "store_vec=4"),
                                       (dict(bm=256, bn=128, tm=16, tn=8, min_blocks=2), "65536")])
def test_knob_refusals(kw, words):
    why = GemmScheme(**kw).refusals("float32", 1024, 1024, 1024)
    assert any(words in w for w in why), why
