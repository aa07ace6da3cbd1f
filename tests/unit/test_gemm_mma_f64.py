"""Unit tier of the FP64 tensor-core engine (issue 36, engine ``mma_f64``): the registries, which
products it serves, the rules and refusals of its schemes, its shared-memory pads, the emitter's
refusals, the model's rate, the search ranking it against ffma (and leaving it out of kernels it
cannot host), and ``explain``'s engine lines."""
from __future__ import annotations

import inspect
import re

import pytest

import kfuse
from kfuse import config
from kfuse.api import bind_sizes
from kfuse.calibrate import gemm as calibrate_gemm
from kfuse.codegen import gemm
from kfuse.codegen.gemm import GemmKernelSpec, GemmOperand, emit_gemm, mma_f64 as printer
from kfuse.errors import DTypeError
from kfuse.frontend.trace import trace
from kfuse.model.calibration import Calibration
from kfuse.spaces.gemm import engines
from kfuse.spaces.gemm.engines import mma_f64 as rules
from kfuse.spaces.gemm.model import engine_rate
from kfuse.spaces.gemm.scheme import GemmScheme
from kfuse.spaces.gemm.space import engine_refusal, engine_variants, product_engine


def dmma(**kw) -> GemmScheme:
    return GemmScheme(engine="mma_f64", **kw)


# ---- registries and products ---------------------------------------------------------------------
def test_both_registries_list_the_engine():
    assert engines.names() == tuple(gemm.ENGINES) == ("ffma", "mma_tf32", "mma_f64", "mma_tf32x3")
    assert gemm.ENGINES["mma_f64"] is printer.emit_gemm_mma_f64
    eng = engines.get("mma_f64")
    assert eng is rules.ENGINE and eng.precision == "ieee" and eng.dtypes == ("float64",)
    assert not (eng.runs_reductions or eng.runs_prologues or eng.splits_k)


def test_it_serves_float64_beside_ffma_and_nothing_else():
    assert [e.name for e in engines.serving("float64", "ieee")] == ["ffma", "mma_f64"]
    assert [e.name for e in engines.serving("float32", "ieee")] == ["ffma"]
    assert [e.name for e in engines.serving("float32", "tf32")] == ["mma_tf32"]
    assert engines.serving("float64", "tf32") == []
    assert "'ieee' runs on engine 'ffma' or 'mma_f64'" in engines.precision_text()
    with config.override(precision="tf32"):   # float64 stays "ieee" whatever the setting
        assert engine_refusal(dmma(**rules.CANDIDATES[0]), "float64") is None
        assert engine_refusal(dmma(**rules.CANDIDATES[0]), "float32") is not None
    assert product_engine("float64").name == "ffma"   # the first call without a search: registry order


def test_the_gemm_space_offers_its_candidates_for_float64_only():
    offered = engine_variants("float64", 1024, 1024, 1024)
    assert {s.engine for s in offered} == {"ffma", "mma_f64"}
    assert [s for s in offered if s.engine == "mma_f64"] == [dmma(**kw) for kw in rules.CANDIDATES]
    assert all(s.engine == "ffma" for s in engine_variants("float32", 1024, 1024, 1024))


def test_the_model_rates_it_at_the_fp64_tensor_peak():
    cal = Calibration()   # the built-in figures
    assert engine_rate(cal, "mma_f64/float64") == engine_rate(cal, "ffma/float32") \
        == 2 * engine_rate(cal, "ffma/float64")
    assert calibrate_gemm.PEAKS["mma_f64/float64"] == ("dmma_peak", "double", 2 * 16 * 8 * 8 * 8 // 32)
    assert "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64" in calibrate_gemm.PEAK_SRC


# ---- rules ----------------------------------------------------------------------------------------
def test_every_candidate_is_accepted_and_the_default_warp_tile_is_chosen():
    for kw in rules.CANDIDATES:
        assert rules.refusals(dmma(**kw)) == [], kw
    s = dmma(bm=128, bn=64, bk=16, stages=4)
    assert rules.warp_tile(s) == (32, 32) and s.threads == 256 and s.refusals("float64") == []
    assert engines.get("mma_f64").default_fields("float64") == dict(rules.CANDIDATES[0], engine="mma_f64")


@pytest.mark.parametrize("kw, words", [
    (dict(bm=96, bn=64, bk=16, wm=24), "wm=24 is not a multiple of 16"),
    (dict(bm=64, bn=64, bk=16, wm=8), "wm=8 is not a multiple of 16"),
    (dict(bm=128, bn=64, bk=16, wn=12), "wn=12 is not a multiple of 8"),
    (dict(bm=96, bn=64, bk=16, wm=64), "bm=96 is not a multiple of the warp tile wm=64"),
    (dict(bm=128, bn=64, bk=12), "bk=12 is not a multiple of 8"),
    (dict(bm=256, bn=256, bk=8, wm=16, wn=8), "exceed 32"),
    (dict(bm=128, bn=128, bk=32, stages=4), "over the 232448 B limit"),
    (dict(bm=128, bn=128, bk=16, wm=64, wn=64), "registers per thread"),
    (dict(bm=64, bn=64, bk=8, wm=16, wn=16), "not a multiple of the 512 threads"),
    (dict(splitk=2), "split-k is not built on mma_f64"),
])
def test_refusals_name_the_reason(kw, words):
    why = dmma(**kw).refusals("float64")
    assert any(words in w for w in why), why


def test_float32_and_bad_warp_fields_are_refused():
    assert any("runs on ffma or mma_tf32" in w for w in dmma().refusals("float32"))
    assert any("'wm'" in w or "wm=-1" in w for w in dmma(wm=-1).refusals("float64"))
    assert any("float64" in w for w in GemmScheme(engine="mma_tf32").refusals("float64"))


def test_text_and_json_round_trip():
    s = dmma(**rules.CANDIDATES[0])
    assert "engine(mma_f64)" in s.to_text() and "warp_tile(wm=32, wn=64)" in s.to_text()
    assert "tile_order(raster=8)" in s.to_text()
    assert GemmScheme.from_text(s.to_text()) == s == GemmScheme.from_json(s.to_json())


# ---- shared-memory pads ---------------------------------------------------------------------------
@pytest.mark.parametrize("kcontig", [True, False], ids=["k-contiguous", "x-contiguous"])
def test_the_pads_make_the_fragment_loads_conflict_free(kcontig):
    for kw in rules.CANDIDATES:
        for row in ((kw["bk"],) if kcontig else (kw["bm"], kw["bn"])):
            pad = rules.pad_elems(kcontig, row)
            assert pad % 2 == 0 and rules.wavefronts(kcontig, row + pad) == 1, (kw, row, pad)


def test_unpadded_rows_conflict_and_the_pads_are_the_smallest():
    # a half-warp's 8-byte loads: 4 rows (g or t) of 4 consecutive doubles; conflict-free when the
    # rows start 8 or 24 words apart mod 32 (ld = 4 mod 8 doubles)
    assert rules.wavefronts(True, 16) == 4 and rules.pad_elems(True, 16) == 4    # ld = 20
    assert rules.wavefronts(False, 64) == 4 and rules.pad_elems(False, 64) == 4  # ld = 68
    assert rules.wavefronts(True, 8) == 2 and rules.pad_elems(True, 8) == 4      # ld = 12: 24 words apart


def test_shared_bytes_count_doubles():
    s = dmma(bm=128, bn=64, bk=16, stages=4)
    # A: max(128 x 20, 16 x 132) doubles, B: max(64 x 20, 16 x 68), 4 stages, 8 bytes
    assert rules.shared_bytes(s) == 4 * (128 * 20 + 64 * 20) * 8 == s.shared_bytes("float64")


# ---- the printer ------------------------------------------------------------------------------------
def test_the_printer_refuses_float32_and_the_tf32_printer_float64():
    s = dmma(**rules.CANDIDATES[2])
    with pytest.raises(DTypeError, match="mma_f64 multiplies float64"):
        emit_gemm(GemmKernelSpec("g", "float32", 64, 64, 64, GemmOperand("A"), GemmOperand("B"), scheme=s))
    with pytest.raises(DTypeError, match="mma_tf32 multiplies float32"):
        emit_gemm(GemmKernelSpec("g", "float64", 64, 64, 64, GemmOperand("A"), GemmOperand("B"),
                                 scheme=GemmScheme(engine="mma_tf32", bm=64, bn=64, bk=32, wm=32, wn=32)))
    with pytest.raises(kfuse.KfuseError, match="bk=12"):
        emit_gemm(GemmKernelSpec("g", "float64", 64, 64, 64, GemmOperand("A"), GemmOperand("B"),
                                 scheme=dmma(bm=64, bn=64, bk=12)))


def test_the_kernel_is_double_throughout():
    src = emit_gemm(GemmKernelSpec("g", "float64", 300, 200, 100, GemmOperand("A"), GemmOperand("B", True),
                                   scheme=dmma(**rules.CANDIDATES[0])))
    body = src.code.split('extern "C"')[1]
    assert "float" not in body.replace("float64", "")
    assert "double acc[MI][NI][4];" in body and "kf_mma_f64(acc[mi][ni], af[mi], bf[ni]);" in body
    assert "double af[MI][4], bf[NI][2];" in body and "kf_tf32" not in body
    assert src.params[:3] == (("const double* __restrict__", "A"), ("const double* __restrict__", "B"),
                              ("double* __restrict__", "C"))
    assert src.block == (128, 1, 1) and src.grid == (5 * 2, 1, 1)   # 64 x 128 tiles of 300 x 200


# ---- the inline asm: what the CPU emulation cannot see ---------------------------------------------
def mma_operands(src: str) -> list:
    """For each ``asm volatile`` of ``src`` issuing ``mma.sync``: (instruction, [D, A, B, C] as
    lists of (constraint, C expression)), its template's four ``{...}`` register groups resolved
    through the output and input operand lists (outputs numbered first)."""
    out = []
    for stmt in [m for m in re.findall(r"asm volatile\((.*?)\);", src, re.S) if "mma.sync" in m]:
        template, outs, ins = stmt.split(":")[:3]
        text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', template))
        ops = [(c, e.strip()) for sec in (outs, ins) for c, e in re.findall(r'"([^"]*)"\s*\(([^()]*)\)', sec)]
        groups = [[ops[int(x.strip().lstrip("%"))] for x in grp.split(",")]
                  for grp in re.findall(r"\{([^}]*)\}", text)]
        out.append((text.split()[0], groups))
    return out


M16 = "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64"
M8 = "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"
#: (instruction, D = C, A, B) as the PTX ISA orders the operands, for each helper and the probe
HELPER_ASM = [(M8, ["d[0]", "d[1]"], ["a"], ["b"]),
              (M16, ["d[0]", "d[1]", "d[2]", "d[3]"], ["a[0]", "a[1]", "a[2]", "a[3]"], ["b[0]", "b[1]"])]
PROBE_ASM = [(M16, [f"acc[c][{i}]" for i in range(4)], [f"a[{i}]" for i in range(4)], ["b[0]", "b[1]"]),
             (M8, ["acc[c][q / 2 * 2]", "acc[c][q / 2 * 2 + 1]"], ["a[q % 2 * 2 + q / 2]"], ["b[q % 2]"])]


def check_asm(src: str, want: list) -> None:
    """Each mma asm of ``src`` is ``want``'s: D = C read-write doubles in order, A and B doubles."""
    got = mma_operands(src)
    assert [g[0] for g in got] == [w[0] for w in want], got
    for (instr, groups), (_, d, a, b) in zip(got, want):
        assert len(groups) == 4, groups
        dd, aa, bb, cc = groups
        assert [e for _, e in dd] == d and [e for _, e in cc] == d, (dd, cc)
        assert all(c == "+d" for c, _ in dd + cc), (dd, cc)   # c tied to d: read-write doubles
        assert aa == [("d", x) for x in a] and bb == [("d", x) for x in b], (aa, bb)


@pytest.mark.parametrize("src, want", [
    (printer.DMMA_HELPERS, HELPER_ASM),
    (calibrate_gemm.PEAK_SRC.split("dmma_peak")[1], PROBE_ASM)], ids=["kf_mma_f64", "dmma_peak"])
def test_the_inline_asm_binds_d_a_b_c_in_the_isa_order(src, want):
    """The compile tier replaces the asm by an emulation of ``kf_mma_f64(d, a, b)`` (d += A B with
    ``a`` the A fragment), so it passes whatever the asm says: here each asm's operands must be the
    PTX ISA's ``d, a, b, c`` with D = C (c0.. in order, read-write), every register a double
    ("d"), on the f64 shapes and layout (.row.col): m16n8k8 (sm_90+) and m8n8k4 (sm_80 - sm_89)."""
    check_asm(src, want)


def test_the_sm80_path_is_the_same_tile_as_four_m8n8k4():
    """Before sm_90 the helper's m16n8k8 is four m8n8k4: rows g (d[0..1]) from a0 with b0 and a2
    with b1 (k slots 0-3, 4-7), rows g + 8 (d[2..3]) from a1 with b0 and a3 with b1."""
    body = printer.DMMA_HELPERS.split("void kf_mma_f64(double* d, const double* a, const double* b)")[1]
    arm = body.split("#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900")[1].split("#else")[0]
    calls = re.findall(r"kf_mma_f64_m8\(([^)]*)\)", arm)
    assert [c.replace(" ", "") for c in calls] == ["d,a[0],b[0]", "d,a[2],b[1]", "d+2,a[1],b[0]", "d+2,a[3],b[1]"]


def test_the_asm_check_fails_for_a_and_b_swapped():
    swapped = printer.DMMA_HELPERS.replace("{%4, %5, %6, %7}, {%8, %9}", "{%8, %9}, {%4, %5, %6, %7}")
    assert swapped != printer.DMMA_HELPERS
    with pytest.raises(AssertionError):
        check_asm(swapped, HELPER_ASM)
    c_swapped = printer.DMMA_HELPERS.replace("{%0, %1, %2, %3}, {%4", "{%1, %0, %2, %3}, {%4")
    assert c_swapped != printer.DMMA_HELPERS
    with pytest.raises(AssertionError):
        check_asm(c_swapped, HELPER_ASM)
    m8_swapped = printer.DMMA_HELPERS.replace("{%0, %1}, {%2}, {%3}", "{%0, %1}, {%3}, {%2}")
    assert m8_swapped != printer.DMMA_HELPERS
    with pytest.raises(AssertionError):
        check_asm(m8_swapped, HELPER_ASM)


# ---- planning ----------------------------------------------------------------------------------------
def _program(src: str, shapes, dtype="float64"):
    fn = eval(src, {"kfuse": kfuse})
    names = list(inspect.signature(fn).parameters)
    return bind_sizes(trace(fn, names, [("a", s, dtype, "C") for s in shapes], "t")[0], {})


def test_the_search_ranks_it_against_ffma_and_explain_says_why():
    from kfuse.model.planner import best_plan
    plan = best_plan(_program("lambda A, B: A @ B", ((1031, 301), (301, 517))))
    assert [k.params["engine"] for k in plan.kernels] == ["mma_f64"]
    text = kfuse.explain("matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;",
                         {"m": 1031, "n": 517, "k": 301}, dtype="float64")
    assert "float64 runs on 'ffma' or 'mma_f64', ranked by the model" in text
    assert "mma_f64: " in text and "<- chosen (FP64 tensor cores, mma.sync (DMMA)" in text
    assert "ffma: " in text and "not chosen" in text
    f32 = kfuse.explain("matrix A(m, k), B(k, n), C(m, n); input A, B; C = A @ B; return C;",
                        {"m": 1031, "n": 517, "k": 301}, dtype="float32")
    assert "engines, kernel" not in f32 and "mma_f64" not in f32   # one engine serves float32


STRUCTURED = (("lambda A, B: kfuse.blas.symm(A, B, side='left', uplo='lower')", ((517, 517), (517, 389)), "a", "mirror",
               "symmetrize"),
              ("lambda A, B: kfuse.blas.trmm(A, B, side='right', uplo='upper', trans=True)", ((517, 517), (389, 517)),
               "b", "skip", "zero_fill"))


def test_symm_and_trmm_plans_leave_out_the_schemes_that_would_spill():
    """A structured operand (element-wise loader: rules mirror, skip) on a 4-warp block of 32 x 64
    warp tiles spills: the space leaves those schemes out of SYMM / TRMM variants whose loader
    reads the structure, and an edited plan naming one is refused with the reason."""
    from kfuse.errors import PlanError
    from kfuse.model.planner import best_plan
    from kfuse.fusion.plan import check_plan, plan_from_json
    bad = dmma(**rules.CANDIDATES[0])
    assert "needs 8 warps per block" in rules.structure_refusals(bad, ("sym",))[0]
    assert not rules.structure_refusals(bad, ()) and not rules.structure_refusals(dmma(**rules.CANDIDATES[4]), ("tri",))
    for src, shapes, op, loader, _ in STRUCTURED:
        prog = _program(src, shapes)
        plan = best_plan(prog)
        (k,) = [k for k in plan.kernels if k.space == "gemm"]
        if k.params["engine"] == "mma_f64" and k.params.get(f"{op}_rule", loader) == loader:
            assert not rules.structure_refusals(GemmScheme(**{f: k.params[f] for f in GemmScheme.__dataclass_fields__}),
                                                ("sym",)), k.params
        d = plan.to_json()
        d["kernels"][0]["params"].update(rules.CANDIDATES[0], engine="mma_f64", **{f"{op}_rule": loader})
        with pytest.raises(PlanError, match="needs 8 warps per block"):
            check_plan(prog, plan_from_json(d))


@pytest.mark.parametrize("src, shapes, op, loader, prior", STRUCTURED, ids=["symm", "trmm"])
def test_a_prior_kernel_rule_leaves_every_scheme_to_the_product(src, shapes, op, loader, prior):
    """Under symmetrize / zero_fill a prior kernel writes the full matrix and the gemm kernel
    reads a general operand: the structure refusal does not apply, so the space offers the 4-warp
    32 x 64 schemes with that rule (not with the loader rule) and a plan naming one is accepted."""
    from kfuse import spaces
    from kfuse.fusion.plan import check_plan, plan_from_json
    from kfuse.model.planner import best_plan
    prog = _program(src, shapes)
    d = best_plan(prog).to_json()
    d["kernels"][0]["params"].update(rules.CANDIDATES[0], engine="mma_f64", **{f"{op}_rule": prior})
    check_plan(prog, plan_from_json(d))   # accepted
    calls = [c.id for c in prog.calls]
    offered = spaces.get("gemm").variants(prog, calls, spaces.kernel_domain(prog, calls), "float64", True,
                                          spaces.program_info(prog))
    first = dict(rules.CANDIDATES[0], engine="mma_f64")
    hits = [v.get(f"{op}_rule") for v in offered if all(v.get(f) == x for f, x in first.items())]
    assert prior in hits and loader not in hits, hits


def test_a_kernel_with_a_prologue_or_a_reduction_stays_on_ffma():
    """The gemm space offers a kernel fusing a prologue (maximum(A, 0) read by the product) or an
    epilogue reduction ((A B) x) only ffma schemes, while the product alone gets mma_f64's; a
    plan fusing them is on ffma (the planner keeps these products alone at these sizes, so the
    space's variants are what is checked)."""
    from kfuse import spaces
    from kfuse.model.planner import best_plan
    gemm_space = spaces.get("gemm")
    for src, shapes in (("lambda A, B: kfuse.ops.maximum(A, 0.0) @ B", ((517, 261), (261, 389))),
                        ("lambda A, B, x: (A @ B, (A @ B) @ x)", ((300, 200), (200, 100), (100,)))):
        prog = _program(src, shapes)
        info = spaces.program_info(prog)
        g = next(c.id for c in prog.calls if c.fn == "gemm")
        for calls, want in (([c.id for c in prog.calls], {"ffma"}), ([g], {"ffma", "mma_f64"})):
            offered = gemm_space.variants(prog, calls, spaces.kernel_domain(prog, calls), "float64", True, info)
            assert {v["engine"] for v in offered} == want, (src, calls)
        for k in best_plan(prog).kernels:
            if k.space == "gemm" and len(k.calls) > 1:   # the product shares its kernel
                assert k.params["engine"] == "ffma", (src, k.params)
