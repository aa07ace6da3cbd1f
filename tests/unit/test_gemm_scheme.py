"""The GEMM scheme as data (issue 20): JSON and text round trips, each refusal reason, the
variants list, and the emitter's checks of a spec (pure: no CUDA)."""
import dataclasses

import pytest

from kfuse.codegen.gemm import GemmEpilogue, GemmKernelSpec, GemmOperand, emit_gemm
from kfuse.errors import ArgumentError, DTypeError, KfuseError, PlanError, ScriptError, ShapeError
from kfuse.spaces.gemm.scheme import MAX_SHARED, GemmScheme, SchemeError, default_scheme, variants

SCHEMES = [GemmScheme(), GemmScheme(stages=4, raster=8), GemmScheme(bm=64, bn=64, bk=16, tm=4, tn=4),
           GemmScheme(splitk=2, engine="mma_tf32")]


@pytest.mark.parametrize("s", SCHEMES, ids=str)
def test_json_and_text_round_trip(s):
    assert GemmScheme.from_json(s.to_json()) == s
    assert GemmScheme.from_text(s.to_text()) == s


def test_text_form_reads_like_the_paper():
    assert GemmScheme().to_text() == (
        "thread_grouping(bm=128, bn=128, tm=8, tn=8); loop_tiling(bk=8); loop_unroll(k); "
        "sm_alloc(A, transpose, stages=2); sm_alloc(B); reg_alloc(C); engine(ffma)")
    multi = "thread_grouping(bm=64,\n  bn=32, tm=4, tn=4);\nloop_tiling(bk=16); tile_order(raster=4);"
    assert GemmScheme.from_text(multi) == GemmScheme(bm=64, bn=32, tm=4, tn=4, bk=16, raster=4)


@pytest.mark.parametrize("obj, field", [({"bm": 128, "bx": 3}, "bx"), ({"bm": 0}, "bm"),
                                        ({"tn": "8"}, "tn"), ({"stages": True}, "stages"),
                                        ({"engine": 3}, "engine"), ({"raster": -1}, "raster")])
def test_json_refuses_unknown_keys_and_bad_values_naming_the_field(obj, field):
    with pytest.raises(SchemeError, match=f"'{field}'"):
        GemmScheme.from_json(obj)
    assert issubclass(SchemeError, KfuseError)


@pytest.mark.parametrize("text, line, col, what", [
    ("thread_grouping(bm=128; loop_tiling(bk=8)", 1, 23, "expected ',' or '\\)', found ';'"),
    ("loop_tiling(bk=8);\nfoo(x)", 2, 1, "unknown statement 'foo'"),
    ("engine(ffma) extra", 1, 14, "expected ';'"),
    ("loop_tiling(bk=eight)", 1, 13, "bk must be an integer"),
    ("loop_tiling(bx=8)", 1, 13, "does not take bx="),
    ("sm_alloc(B, transpose)", 1, 13, "only A is transposed"),
    ("loop_tiling(bk=8); loop_tiling(bk=16)", 1, 20, "given twice"),
    ("thread_grouping(bm=128 $", 1, 24, "unexpected '\\$'"),
    ("loop_tiling(bk=8", 1, 17, "expected ',' or '\\)', found the end"),
])
def test_text_syntax_errors_name_the_position(text, line, col, what):
    with pytest.raises(ScriptError, match=what) as e:
        GemmScheme.from_text(text)
    assert (e.value.line, e.value.col) == (line, col), str(e.value)


def test_text_with_a_bad_value_names_the_field():
    with pytest.raises(SchemeError, match="'bk'"):
        GemmScheme.from_text("loop_tiling(bk=0)")


def test_the_default_is_accepted_for_both_dtypes():
    assert default_scheme("float32") == GemmScheme()
    assert GemmScheme().refusals("float32", 4096, 4096, 4096) == []
    assert default_scheme("float64").refusals("float64", 1, 1, 1) == []
    assert GemmScheme().threads == 256


def test_eight_by_eight_doubles_are_refused_for_registers():
    """Regression: 8 x 8 doubles per thread passed the estimate and spilled (72 B) at 1 x 1 x 1."""
    assert any("registers" in w for w in GemmScheme().refusals("float64", 1, 1, 1))


@pytest.mark.parametrize("scheme, dtype, reason", [
    (GemmScheme(bk=128, stages=4), "float32", "over the 232448 B limit"),
    (GemmScheme(tm=16, tn=16, bm=256, bn=256), "float32", "registers per thread"),
    (GemmScheme(bm=128, tm=6), "float32", "bm=128 is not a multiple of tm=6"),
    (GemmScheme(bn=100, tn=8), "float32", "bn=100 is not a multiple of tn=8"),
    (GemmScheme(bm=256, bn=256, tm=4, tn=4), "float32", "4096 threads per block .* exceed 1024"),
    (GemmScheme(bm=40, bn=32, tm=8, tn=8), "float32", "20 threads per block .* not a multiple of 32"),
    (GemmScheme(bm=64, bn=64, bk=8, tm=4, tn=4), "float32", "A tile .* not a multiple of the 256 threads"),
    (GemmScheme(bk=6), "float32", "bk=6 is not a multiple of 4"),
    (GemmScheme(bm=96, tm=3, bn=128, tn=8), "float32", "tm=3 neither divides"),
    (GemmScheme(engine="wmma"), "float32", "engine 'wmma' is unknown"),
    (GemmScheme(engine="mma_tf32"), "float64", "dtype 'float64' runs on ffma"),
    (GemmScheme(splitk=200), "float32", "at most 16 blocks share one output tile"),
    (GemmScheme(bn=64, tn=4, bk=16, stages=3, min_blocks=2), "float64", "min_blocks=2 caps registers at 128"),
    (GemmScheme(splitk=16, bk=128), "float32", "splitk=16 is more than the 8 k tiles of k=1000"),
    (GemmScheme(), "float16", "dtype 'float16'"),
    (GemmScheme(bm=0), "float32", "'bm' must be a positive integer"),
])
def test_each_refusal_reason(scheme, dtype, reason):
    why = scheme.refusals(dtype, 1000, 1000, 1000)
    assert any(__import__("re").search(reason, w) for w in why), why


def test_shared_memory_limit_is_the_per_block_opt_in():
    s = GemmScheme(bk=32, stages=4, bm=256, bn=128, tm=16, tn=8)
    assert s.shared_bytes("float32") == 4 * 32 * (260 + 132) * 4 <= MAX_SHARED
    assert s.shared_bytes("float64") > MAX_SHARED
    assert any("shared memory" in w for w in s.refusals("float64"))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_variants_are_filtered_and_start_with_the_default(dtype):
    vs = variants(dtype, 4096, 4096, 4096)
    assert vs[0] == default_scheme(dtype) and len(vs) == len(set(vs)) >= 6
    assert all(v.refusals(dtype) == [] for v in vs)
    assert {v.stages for v in vs} >= {2, 3, 4} and any(v.raster > 1 for v in vs)
    if dtype == "float64":      # 8 x 8 doubles per thread: over the register budget
        assert not any(v.tm * v.tn >= 64 for v in vs)


# ---- the emitter's checks (pure) ---------------------------------------------------------------
def _spec(**kw):
    base = dict(name="g", dtype="float32", m=7, n=13, k=5, a=GemmOperand("A"), b=GemmOperand("B"))
    base.update(kw)
    return GemmKernelSpec(**base)


def test_emit_returns_the_contracts_launch_data():
    src = emit_gemm(_spec(m=300, n=129, epilogue=GemmEpilogue(
        (("const float", "alpha"),), lambda i, j, acc: [f"C[{i} * 129 + {j}] = alpha * {acc};"])))
    assert [n for _, n in src.params] == ["A", "B", "C", "alpha"]
    assert src.grid == (3 * 2, 1, 1) and src.block == (256, 1, 1)
    assert src.shared_bytes == GemmScheme().shared_bytes("float32")
    assert 'extern "C" __global__ void __launch_bounds__(256)\ng(' in src.code
    assert "C[i * 129 + j] = alpha * acc[r][q];" in src.code
    assert "// scheme: " + GemmScheme().to_text() in src.code


def test_emit_names_layouts_in_comments():
    code = emit_gemm(_spec(a=GemmOperand("A", trans=True, order="F", ld=9), m=7, k=5)).code
    assert "op(A)[i, k] = A[i * 9 + k * 1]: k contiguous" in code
    code = emit_gemm(_spec(b=GemmOperand("B", order="C", ld=13))).code
    assert "op(B)[k, j] = B[j * 1 + k * 13]: j contiguous: cp.async of 4 B" in code


@pytest.mark.parametrize("kw, err, what", [
    (dict(a=GemmOperand("A", ld=4)), ShapeError, "ld=4 is less than the row length 5"),
    (dict(b=GemmOperand("B", order="F", ld=3)), ShapeError, "ld=3 is less than the column length 5"),
    (dict(a=GemmOperand("A", order="X")), KfuseError, "order must be 'C' or 'F'"),
    (dict(a=GemmOperand("A[0]")), KfuseError, "not a C identifier"),
    (dict(dtype="int32"), KfuseError, "dtype 'int32'"),
    (dict(k=-1), ShapeError, "k=-1"),
    (dict(c_ld=3), ShapeError, "c_ld=3"),
    (dict(scheme=GemmScheme(splitk=9)), PlanError, "splitk=9 is more than the 1 k tiles of k=5"),
])
def test_emit_refuses_bad_specs_naming_the_field(kw, err, what):
    with pytest.raises(err, match=what):
        emit_gemm(_spec(**kw))


def test_index_type_widens_past_31_bits():
    assert "using idx_t = int;" in emit_gemm(_spec()).code
    big = _spec(m=70000, n=8, k=70000)
    assert "using idx_t = long long;" in emit_gemm(big).code


def test_emitted_code_is_a_pure_function_of_the_spec():
    s = _spec(scheme=dataclasses.replace(GemmScheme(), raster=8))
    assert emit_gemm(s) == emit_gemm(s)
    assert "groups of RASTER tile rows" in emit_gemm(s).code


@pytest.mark.parametrize("kw, err, what", [
    ({"scheme": {"bm": 64}}, ArgumentError, "GEMM scheme must be a GemmScheme, got dict"),
    ({"scheme": None}, ArgumentError, "GEMM scheme must be a GemmScheme, got NoneType"),
    ({"dtype": ["float32"]}, DTypeError, "GEMM dtype \\['float32'\\]"),
    ({"epilogue": "relu"}, ArgumentError, "GEMM epilogue must be a GemmEpilogue or None, got str"),
    ({"comment": "one line"}, ArgumentError, "GEMM comment must be a tuple of one-line strings"),
    ({"comment": ("a\nb = 1;",)}, ArgumentError, "GEMM comment must be a tuple of one-line strings"),
])
def test_a_spec_field_of_the_wrong_kind_is_one_error_naming_it(kw, err, what):
    """A hand-built spec's scheme, dtype, epilogue or comment of the wrong type: the field named,
    not an AttributeError or TypeError from inside the checks (nor a comment that ends the C comment)."""
    with pytest.raises(err, match=what):
        emit_gemm(_spec(**kw))
