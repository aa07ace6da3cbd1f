"""CPU-only tests of the benchmark suite: references, byte/FLOP counts, inputs,
tolerances, the report from a synthetic run, plots, CLI parsing and the worker's
skip path.  Nothing here needs a GPU or times anything."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kfuse.bench import plots, report, runner, sequences, worker
from kfuse.bench.sequences import SEQUENCES

F = np.float64


def ref(name, *args):
    """The float64 reference of one sequence on small hand-made inputs."""
    seq = SEQUENCES[name]
    inputs = [a if isinstance(a, float) else np.array(a, dtype=F) for a in args]
    return [np.asarray(o) for o in seq.reference(inputs, np)]


A32 = [[1, 2], [3, 4], [5, 6]]          # 3 x 2
A22 = [[1, 2], [3, 4]]


# ---------------------------------------------------------------------------
# references against hand-computed results
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("name, args, expected", [
    ("AXPYDOT", ([1, 2], [3, 4], [1, 1], 2.0), [[-5, -6], -11]),
    ("ATAX", (A32, [1, 1]), [[79, 100]]),
    ("BiCGK", (A32, [1, 2], [1, 0, 1]), [[5, 11, 17], [6, 8]]),
    ("SGEMV", (A32, [1, 2], [1, 1, 1], 2.0, 3.0), [[13, 25, 37]]),
    ("SGEMVT", (A32, [1, 0, 1], [1, 1], 2.0, 3.0), [[19, 25], [138, 314, 490]]),
    ("SSCAL", ([1, -2], 3.0), [[3, -6]]),
    ("GEMVER", (A22, [1, 0], [1, 1], [0, 1], [2, 0], [1, 1], [0, 1], 1.0, 2.0),
     [[[2, 3], [5, 4]], [14, 15], [73, 130]]),
    ("GESUMMV", (A22, [[0, 1], [1, 0]], [1, 1], 2.0, 3.0), [[9, 17]]),
    ("MADD", (A22, [[4, 3], [2, 1]]), [[[5, 5], [5, 5]]]),
    ("VADD", ([1, 2], [3, 4], [5, 6]), [[9, 12]]),
    ("WAXPBY", ([1, 2], [3, 4], 2.0, -1.0), [[-1, 0]]),
])
def test_reference_hand_computed(name, args, expected):
    got = ref(name, *args)
    assert len(got) == len(expected) == len(SEQUENCES[name].outputs)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, np.array(e, dtype=F), rtol=0, atol=1e-12)


def test_reference_is_float64_from_float32_inputs():
    seq = SEQUENCES["SGEMV"]
    inputs = seq.make_inputs(seq.sizes(8, 5), "float32", 1, np)
    assert all(a.dtype == np.float32 for a in inputs if not isinstance(a, float))
    (z,) = seq.reference(inputs, np)
    assert z.dtype == np.float64 and z.shape == (8,)


def test_inputs_follow_script_input_order():
    """The operand names are the `input` line of each examples/*.kf script."""
    root = Path(__file__).resolve().parents[2]
    for seq in SEQUENCES.values():
        path = root / "examples" / f"{seq.script}.kf"
        if not path.is_file():
            pytest.skip("examples/ not found")
        text = path.read_text()
        line = next(l for l in text.splitlines() if l.strip().startswith("input"))
        names = [x.strip() for x in line.strip()[len("input"):].rstrip(";").split(",")]
        assert names == [op.name for op in seq.inputs], seq.name
        line = next(l for l in text.splitlines() if l.strip().startswith("return"))
        names = [x.strip() for x in line.strip()[len("return"):].rstrip(";").split(",")]
        assert names == [op.name for op in seq.outputs], seq.name


# ---------------------------------------------------------------------------
# bytes and FLOPs
# ---------------------------------------------------------------------------

# DRAM bytes (min bytes + barrier passes) of the anchors' "large" sizes (peers_h200.json)
ANCHOR_LARGE_DRAM_BYTES = {
    "AXPYDOT": 1073741824, "ATAX": 2147745792, "BiCGK": 1074003968, "SGEMV": 1073938432,
    "SGEMVT": 2147811328, "SSCAL": 536870912, "GEMVER": 3221815296, "GESUMMV": 2147614720,
    "MADD": 3221225472, "VADD": 1073741824, "WAXPBY": 805306368,
}


@pytest.mark.parametrize("name", sequences.ORDER)
def test_dram_bytes_match_anchors(name):
    seq = SEQUENCES[name]
    sizes = seq.sizes(16384, 16384) if seq.family == "blas2" else seq.sizes(None, 1 << 26)
    assert sum(seq.dram_bytes(sizes, 4)) == ANCHOR_LARGE_DRAM_BYTES[name]


def test_min_bytes_counts_each_input_and_output_once():
    m, n = 4096, 12288
    A, vm, vn = m * n, m, n
    cases = {
        "ATAX": ((A + vn) * 4, vn * 4),                    # y = A^T A x: reads A once at least
        "BiCGK": ((A + vn + vm) * 4, (vm + vn) * 4),
        "SGEMV": ((A + vn + vm) * 4, vm * 4),
        "SGEMVT": ((A + vm + vn) * 4, (vn + vm) * 4),
        "GEMVER": ((A + 3 * vm + 3 * vn) * 4, (A + vn + vm) * 4),
        "GESUMMV": ((2 * A + vn) * 4, vm * 4),
        "MADD": (2 * A * 4, A * 4),
    }
    for name, expected in cases.items():
        seq = SEQUENCES[name]
        assert seq.min_bytes(seq.sizes(m, n), 4) == expected, name
    seq = SEQUENCES["AXPYDOT"]
    assert seq.min_bytes(seq.sizes(None, 1000), 8) == (3 * 1000 * 8, 1000 * 8)  # r not counted


def test_dram_passes():
    m, n = 300, 500
    extra = {"ATAX": ((m * n + m) * 4, m * 4), "SGEMVT": ((m * n + n) * 4, 0),
             "GEMVER": ((m * n + n) * 4, 0), "BiCGK": (0, 0), "GESUMMV": (0, 0)}
    for name, (er, ew) in extra.items():
        seq = SEQUENCES[name]
        s = seq.sizes(m, n)
        (r0, w0), (r1, w1) = seq.min_bytes(s, 4), seq.dram_bytes(s, 4)
        assert (r1 - r0, w1 - w0) == (er, ew), name


def test_flops_paper_count():
    m, n = 1000, 3000
    s2 = {"m": m, "n": n}
    assert SEQUENCES["BiCGK"].flops(s2) == 4 * m * n
    assert SEQUENCES["ATAX"].flops(s2) == 4 * m * n
    assert SEQUENCES["SGEMV"].flops(s2) == 2 * m * n + 3 * m
    assert SEQUENCES["GEMVER"].flops(s2) == 8 * m * n + 2 * n + m
    assert SEQUENCES["MADD"].flops(s2) == m * n
    s1 = {"n": n}
    assert SEQUENCES["AXPYDOT"].flops(s1) == 4 * n
    assert SEQUENCES["SSCAL"].flops(s1) == n
    assert SEQUENCES["VADD"].flops(s1) == 2 * n
    assert SEQUENCES["WAXPBY"].flops(s1) == 3 * n


# ---------------------------------------------------------------------------
# inputs and tolerances
# ---------------------------------------------------------------------------

def test_inputs_deterministic_nonzero_and_distinct():
    seq = SEQUENCES["GEMVER"]
    sizes = seq.sizes(33, 17)
    a = seq.make_inputs(sizes, "float32", 7, np)
    b = seq.make_inputs(sizes, "float32", 7, np)
    c = seq.make_inputs(sizes, "float32", 8, np)
    for x, y, z, op in zip(a, b, c, seq.inputs):
        if op.kind == "scalar":
            assert x == y and 0.25 <= x < 0.75 and float(np.float32(x)) == x
            continue
        assert x.shape == op.shape(sizes) and x.dtype == np.float32
        np.testing.assert_array_equal(x, y)
        assert not np.array_equal(x, z)
        assert x.min() >= 0.5 and x.max() < 1.5
    assert not np.array_equal(a[1], a[3])        # u1 and u2 differ
    assert a[0].std() > 0.2                       # spread over [0.5, 1.5)


def test_uniform_independent_of_chunking():
    x = sequences.uniform(np, 12345, 1000, "float64", chunk=7)
    y = sequences.uniform(np, 12345, 1000, "float64")
    np.testing.assert_array_equal(x, y)
    assert 0.0 <= x.min() and x.max() < 1.0 and abs(x.mean() - 0.5) < 0.05


def test_tolerances():
    axpydot = SEQUENCES["AXPYDOT"]
    big = axpydot.sizes(None, 1 << 27)
    assert axpydot.tolerance("z", big, "float32") == 1e-4
    tol_r = axpydot.tolerance("r", big, "float32")
    assert tol_r == pytest.approx(2 * 2.0 ** -24 * math.sqrt(1 << 27))
    assert 1e-3 < tol_r < 2e-3
    assert axpydot.tolerance("r", axpydot.sizes(None, 1 << 18), "float32") == 1e-4
    assert axpydot.tolerance("r", axpydot.sizes(None, 1 << 20), "float32") < 1.3e-4
    assert axpydot.tolerance("r", big, "float64") == 1e-10
    assert SEQUENCES["SGEMV"].tolerance("z", {"m": 16384, "n": 16384}, "float32") == 1e-4


def test_relative_errors_flag_wrong_and_shape():
    seq = SEQUENCES["BiCGK"]
    sizes = seq.sizes(6, 4)
    inputs = seq.make_inputs(sizes, "float32", 3, np)
    refs = seq.reference(inputs, np)
    good = [r.astype(np.float32) for r in refs]
    errs, tols, problem = worker.relative_errors(seq, good, refs, sizes, "float32", np)
    assert problem == "" and all(e < 1e-6 for e in errs.values()) and tols["q"] == 1e-4
    bad = [good[0] * 1.01, good[1]]
    errs, _, problem = worker.relative_errors(seq, bad, refs, sizes, "float32", np)
    assert "q: rel. error" in problem and errs["q"] == pytest.approx(0.01, rel=1e-3)
    nan = [good[0], good[1] * np.nan]
    assert "s:" in worker.relative_errors(seq, nan, refs, sizes, "float32", np)[2]
    shape = [good[0][:-1], good[1]]
    assert "shape" in worker.relative_errors(seq, shape, refs, sizes, "float32", np)[2]


def test_rotation_sets_span_twice_l2():
    l2 = 60 << 20
    assert worker.rotation_sets(16 << 20, l2) == 8
    assert worker.rotation_sets(l2, l2) == 2
    assert worker.rotation_sets(1000, l2) == 2048      # capped


# ---------------------------------------------------------------------------
# report from a synthetic run
# ---------------------------------------------------------------------------

def _rec(impl, seq, m, n, status="ok", hot=None, rot=None, **extra):
    fam = SEQUENCES[seq].family
    rec = {"type": "result", "impl": impl, "seq": seq, "family": fam,
           "m": m if fam == "blas2" else None, "n": n, "dtype": "float32",
           "size": sequences.size_label(fam, m, n), "status": status, "note": extra.pop("note", "")}
    if hot is not None:
        rec["hot"] = {"us": hot, "us_min": hot * 0.99, "us_max": hot * 1.02, "loops": 7}
    if rot is not None:
        rec["rotating"] = {"us": rot, "us_min": rot, "us_max": rot, "loops": 7, "sets": 4}
    rec.update(extra)
    return rec


@pytest.fixture
def synthetic():
    return {
        "schema": "kfuse-bench/1",
        "meta": {"date": "2026-11-21T12:00:00+00:00", "command": "kfuse bench --quick",
                 "dtype": "float32", "impls": ["kfuse", "cublas", "torch", "jax"],
                 "versions": {"numpy": "2.4", "cupy": "14.2", "torch": None}},
        "ceilings": {"read_GBs": 4000.0, "write_GBs": 4000.0, "copy_GBs": 3900.0,
                     "copy_kernel_GBs": 3900.0, "memcpy_GBs": 3800.0, "launch_us": 4.0,
                     "device": {"name": "Test GPU", "l2_bytes": 60 << 20, "sm_count": 132}},
        "impl_notes": {"torch": "skipped: torch not importable"},
        "records": [
            _rec("kfuse", "SGEMV", 2048, 2048, hot=10.0, rot=12.0, relerr={"z": 1e-7},
                 compile_s=0.2, first_call_s=0.01, n_kernels=1),
            _rec("cublas", "SGEMV", 2048, 2048, hot=20.0, rot=30.0, relerr={"z": 2e-7}),
            _rec("torch", "SGEMV", 2048, 2048, "skipped", note="torch not importable"),
            _rec("jax", "SGEMV", 2048, 2048, "wrong", note="z: rel. error 0.1 > 0.0001"),
            _rec("kfuse", "VADD", None, 1 << 20, hot=5.0),
            _rec("cublas", "VADD", None, 1 << 20, hot=15.0),
            _rec("torch", "VADD", None, 1 << 20, hot=10.0),
            _rec("jax", "VADD", None, 1 << 20, "not-run", note="time budget"),
            _rec("kfuse", "MADD", 4096, 12288, "error", note="CompileError: boom"),
            _rec("cublas", "MADD", 4096, 12288, hot=100.0),
        ],
    }


def test_metrics_derived_figures(synthetic):
    rec = synthetic["records"][0]
    m = report.metrics(rec, "hot", synthetic["ceilings"])
    n = 2048
    assert m["gflops"] == pytest.approx((2 * n * n + 3 * n) / 10e-6 / 1e9)
    assert m["eff_GBs"] == pytest.approx(((n * n + 2 * n) * 4 + n * 4) / 10e-6 / 1e9)
    limit = ((n * n + 2 * n) * 4 + n * 4) / 4000e9 * 1e6
    assert m["limit_us"] == pytest.approx(limit)
    assert m["frac_limit"] == pytest.approx(limit / 10.0)
    assert report.metrics(synthetic["records"][3], "hot", synthetic["ceilings"]) is None


def test_table2_speedups(synthetic):
    t2 = report.table2(synthetic, "blas2", "hot")
    row = next(l for l in t2.splitlines() if l.startswith("| SGEMV"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    header = [c.strip() for c in t2.splitlines()[0].strip("|").split("|")]
    col = dict(zip(header, cells))
    assert col["kfuse µs"] == "10.0" and col["cublas µs"] == "20.0"
    assert col["torch µs"] == "–" and col["jax µs"] == "wrong"
    assert col["× cublas"] == "2.00×" and col["× best"] == "2.00×"
    assert col["best peer µs"] == "20.0 (cublas)"
    assert col["GFLOP/s"] == "839.5"
    mrow = next(l for l in t2.splitlines() if l.startswith("| MADD"))
    assert "error" in mrow and "4096x12288" in mrow
    t1 = report.table2(synthetic, "blas1", "hot")
    vrow = next(l for l in t1.splitlines() if l.startswith("| VADD"))
    assert "3.00×" in vrow and "2.00×" in vrow and "n/r" in vrow and "| 2^20 |" in vrow
    rot = report.table2(synthetic, "blas2", "rotating")
    assert "2.50×" in rot and "MADD" not in rot
    assert report.table2(synthetic, "blas1", "rotating") is None


def test_table3_fraction_of_limit(synthetic):
    t3 = report.table3(synthetic, "blas2", "hot")
    row = next(l for l in t3.splitlines() if l.startswith("| SGEMV"))
    n = 2048
    limit = ((n * n + 2 * n) * 4 + n * 4) / 4000e9 * 1e6
    assert f"{100 * limit / 10:.0f}%" in row and f"{100 * limit / 20:.0f}%" in row
    no_ceilings = dict(synthetic, ceilings={"error": "no GPU"})
    assert report.table3(no_ceilings, "blas2", "hot") is None


def test_summary_and_render(synthetic):
    s = report.summary(synthetic)
    assert "| all | best peer | " in s
    text = report.render(synthetic, plot_notes=["plots skipped: test"], plots=["SGEMV"])
    for needle in ("# kfuse benchmark", "Ceilings measured", "4000 GB/s", "Table 2 — BLAS-2",
                   "Table 2 — BLAS-1", "Table 3 — fraction of the DRAM limit", "rotating",
                   "jax SGEMV n=2048: wrong", "kfuse MADD 4096x12288: error",
                   "torch: skipped", "plots skipped: test", "plots/SGEMV.png",
                   "kfuse bench --quick", "Test GPU"):
        assert needle in text, needle
    console = report.console_summary(synthetic)
    assert "SGEMV" in console and "2.00×" in console


def test_report_without_kfuse_or_ceilings(synthetic):
    synthetic["records"] = [r for r in synthetic["records"] if r["impl"] != "kfuse"]
    synthetic["meta"]["impls"].remove("kfuse")
    synthetic["ceilings"] = None
    text = report.render(synthetic)
    assert "Not measured" in text and "× best" not in text and "best peer µs" in text


def test_plots(synthetic, tmp_path):
    pytest.importorskip("matplotlib")
    drawn, notes = plots.write_plots(synthetic, tmp_path)
    assert notes == [] and set(drawn) == {"SGEMV", "VADD", "MADD"}
    for name in drawn + ["overview"]:
        assert (tmp_path / f"{name}.png").stat().st_size > 1000


def test_results_roundtrip_raw_jsonl(synthetic, tmp_path):
    lines = [{"type": "meta", **synthetic["meta"]}, {"type": "ceilings", **synthetic["ceilings"]}]
    lines += synthetic["records"]
    (tmp_path / "raw.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    back = runner.load_results(tmp_path)
    assert len(back["records"]) == len(synthetic["records"])
    assert back["ceilings"]["read_GBs"] == 4000.0
    assert report.table2(back, "blas2", "hot") == report.table2(synthetic, "blas2", "hot")


# ---------------------------------------------------------------------------
# CLI and worker
# ---------------------------------------------------------------------------

def test_parse_sizes_and_points():
    assert runner.parse_int("2^20") == 1 << 20 and runner.parse_int("4M") == 4 << 20
    assert runner.parse_int("1<<12") == 4096
    s = runner.parse_sizes(["2d:2048,4096x12288", "1d:2^20"], quick=False)
    assert s == {"blas2": [(2048, 2048), (4096, 12288)], "blas1": [1 << 20]}
    quick = runner.parse_sizes(None, quick=True)
    pts = runner.make_points(list(sequences.ORDER), quick)
    assert len(pts) == 7 * 3 + 4 * 3
    assert pts[0] == ["ATAX", 2048, 2048] and ["AXPYDOT", None, 1 << 20] in pts[:11]
    default = runner.parse_sizes(None, quick=False)
    assert (4096, 12288) in default["blas2"] and max(default["blas1"]) == 1 << 27
    assert min(default["blas1"]) == 1 << 12 and min(default["blas2"]) == (256, 256)
    dpts = runner.make_points(list(sequences.ORDER), default)
    assert dpts[:33] == pts                         # the anchors' sizes come first
    with pytest.raises(ValueError):
        runner.parse_sizes(["3d:7"], quick=False)
    with pytest.raises(ValueError):
        runner.parse_names("kfuse,nope", ["kfuse"], "implementation")


def _env():
    env = dict(os.environ)
    root = str(Path(sequences.__file__).parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_cli_help():
    res = subprocess.run([sys.executable, "-m", "kfuse.bench", "--help"], capture_output=True,
                         text=True, env=_env(), timeout=60)
    assert res.returncode == 0 and "--quick" in res.stdout and "--dtype" in res.stdout


def test_worker_skips_cleanly_without_cupy():
    code = ("import sys; sys.modules['cupy'] = None; "
            "from kfuse.bench.worker import main; sys.exit(main(sys.argv[1:]))")
    points = json.dumps([["SGEMV", 64, 64], ["VADD", None, 4096]])
    res = subprocess.run([sys.executable, "-c", code, "--impl", "cupy", "--points", points],
                         capture_output=True, text=True, env=_env(), timeout=60)
    assert res.returncode == 0, res.stderr
    msgs = [json.loads(l[len(worker.PREFIX):]) for l in res.stdout.splitlines()
            if l.startswith(worker.PREFIX)]
    results = [m for m in msgs if m["type"] == "result"]
    assert [r["seq"] for r in results] == ["SGEMV", "VADD"]
    assert all(r["status"] == "skipped" and "cupy" in r["note"] and "\n" not in r["note"]
               for r in results)
    assert msgs[-1]["type"] == "done"


def test_ceilings_table_shows_short_kernels_against_the_long_ceilings(synthetic):
    ceil = dict(synthetic["ceilings"])
    assert "MiB in one kernel" not in report.ceilings_table(ceil)   # older runs have none
    ceil["short"] = {"bytes": 64 << 20, "read": {"us": 16.0, "GBs": 3600.0},
                     "write": {"us": 15.0, "GBs": 3800.0}, "copy": {"us": 33.0, "GBs": 3510.0}}
    text = report.ceilings_table(ceil)
    assert "| read of 64 MiB in one kernel" in text and "3600 GB/s = 90% of the above, 16.00 µs" in text
    assert "3800 GB/s = 95% of the above" in text and "3510 GB/s = 90% of the above, 33.00 µs" in text


# ---------------------------------------------------------------------------
# the CUDA-graph peers, the README table and the exit status
# ---------------------------------------------------------------------------

GRAPH_PEERS = ("cupy-graph", "torch-graph", "inductor-graphs")


def test_graph_peers_registered_run_by_default_and_count_as_peers():
    from kfuse.bench import impls
    for name in GRAPH_PEERS:
        assert name in impls.DEFAULT_IMPLS and impls.is_peer(name)
        impl = impls.load(name)          # imports no GPU library
        assert impl.name == name
    assert impls.load("inductor-graphs").check_after_calls == 3   # a replay is what is checked
    assert impls.load("cupy").check_after_calls == 1


@pytest.fixture
def with_graph_peers(synthetic):
    """The synthetic run plus graph peers: one faster than every eager peer at SGEMV."""
    synthetic["meta"]["impls"] += ["torch-graph", "inductor-graphs"]
    synthetic["records"] += [
        _rec("torch-graph", "SGEMV", 2048, 2048, hot=12.5, rot=14.0),
        _rec("inductor-graphs", "SGEMV", 2048, 2048, hot=16.0),
        _rec("torch-graph", "VADD", None, 1 << 20, hot=11.0),
        _rec("inductor-graphs", "VADD", None, 1 << 20, "error", note="RuntimeError: capture"),
    ]
    return synthetic


def test_best_peer_includes_graph_peers(with_graph_peers):
    t2 = report.table2(with_graph_peers, "blas2", "hot")
    header = [c.strip() for c in t2.splitlines()[0].strip("|").split("|")]
    row = next(l for l in t2.splitlines() if l.startswith("| SGEMV"))
    col = dict(zip(header, [c.strip() for c in row.strip("|").split("|")]))
    assert col["best peer µs"] == "12.5 (torch-graph)" and col["× best"] == "1.25×"
    assert col["torch-graph µs"] == "12.5" and col["× inductor-graphs"] == "1.60×"
    vrow = next(l for l in report.table2(with_graph_peers, "blas1", "hot").splitlines()
                if l.startswith("| VADD"))
    assert "10.0 (torch)" in vrow and "error" in vrow      # the failed graph peer is shown, not used
    s = report.summary(with_graph_peers)
    assert "| all | best peer | 1.58× |" in s          # sqrt(1.25 * 2.0)
    assert "| all | torch-graph |" in s


def test_readme_table_names_the_fastest_of_all_peers(with_graph_peers):
    t = report.readme_table(with_graph_peers)
    lines = t.splitlines()
    assert lines[0] == ("| sequence | n=2048 / 2^20: kfuse | × fastest peer "
                        "| 4096x12288: kfuse | × fastest peer |")
    sg = next(l for l in lines if l.startswith("| SGEMV"))
    n = 2048
    limit = ((n * n + 2 * n) * 4 + n * 4) / 4000e9 * 1e6
    assert f"| {100 * limit / 10:.0f}% | 1.25× (torch-graph) |" in sg
    assert "| 2.00× (torch) |" in next(l for l in lines if l.startswith("| VADD"))
    assert "| error |" in next(l for l in lines if l.startswith("| MADD"))
    assert "README table" in report.render(with_graph_peers)
    no_kfuse = dict(with_graph_peers, records=[r for r in with_graph_peers["records"]
                                               if r["impl"] != "kfuse"])
    no_kfuse["meta"] = dict(no_kfuse["meta"], impls=["cublas", "torch"])
    assert report.readme_table(no_kfuse) is None


def test_nothing_measured(synthetic):
    assert report.nothing_measured(synthetic) is None
    skipped = dict(synthetic, records=[dict(r, status="skipped", note="no CUDA device")
                                       for r in synthetic["records"]])
    why = report.nothing_measured(skipped)
    assert why.startswith("nothing was measured") and "no CUDA device" in why
    only_kfuse = dict(synthetic, records=[r if r["impl"] == "kfuse" else
                                          dict(r, status="error", note="boom")
                                          for r in synthetic["records"]])
    assert report.nothing_measured(only_kfuse).startswith("no peer measured nothing")
    no_kfuse = dict(synthetic, records=[r for r in synthetic["records"] if r["impl"] != "kfuse"]
                    + [_rec("kfuse", "SGEMV", 2048, 2048, "error", note="CompileError: x")])
    assert "CompileError" in report.nothing_measured(no_kfuse)
    peers_only = dict(synthetic, records=[r for r in synthetic["records"] if r["impl"] != "kfuse"])
    peers_only["meta"] = dict(synthetic["meta"], impls=["cublas", "torch", "jax"])
    assert report.nothing_measured(peers_only) is None      # no kfuse asked for: peers suffice


def test_bench_exits_nonzero_when_nothing_was_measured(tmp_path):
    """No GPU visible: the run stops at once with the reason, exit 1, and writes no folder (a
    GPU whose every implementation fails ends in nothing_measured, above)."""
    env = _env()
    env["CUDA_VISIBLE_DEVICES"] = ""
    out = tmp_path / "run"
    res = subprocess.run([sys.executable, "-m", "kfuse.bench", "--impls", "cupy,cupy-graph",
                          "--sequences", "SSCAL", "--sizes", "1d:4096", "--no-ceilings",
                          "--no-plots", "--budget", "60", "--out", str(out)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 1, res.stderr[-2000:]
    assert res.stderr.startswith("kfuse bench: error: kfuse bench needs a GPU: "), res.stderr
    assert "Traceback" not in res.stderr and not out.exists()
