"""The stencil suite's split (--part N/M), merge (--merge), occupancy rule, Table 1's fission
column and time loops, without a GPU."""
from __future__ import annotations

import json

import pytest

from kfuse.bench.stencils import loops, occupancy, parts, peers, report, runner, tables
from kfuse.bench.stencils import workloads as W


# ---------------------------------------------------------------------------
# --part N/M
# ---------------------------------------------------------------------------

def test_parse_part():
    assert parts.parse_part("2/3") == (2, 3)
    assert parts.parse_part(" 1 / 1 ") == (1, 1)
    for bad in ("0/3", "4/3", "3", "a/b", "1/0", ""):
        with pytest.raises(ValueError, match="--part"):
            parts.parse_part(bad)


@pytest.mark.parametrize("total", [1, 2, 3, 5, 12, 13])
def test_parts_cover_every_workload_once(total):
    names = list(W.ORDER)
    got = [parts.split(names, n, total) for n in range(1, total + 1)]
    flat = [x for g in got for x in g]
    assert sorted(flat) == sorted(names) and len(flat) == len(names)
    assert max(map(len, got)) - min(map(len, got)) <= 1            # balanced by count
    assert all(g == [x for x in names if x in g] for g in got)      # suite order kept


def test_three_parts_each_get_a_loop_or_a_big_grid():
    got = [parts.split(list(W.ORDER), n, 3) for n in (1, 2, 3)]
    assert got[0][0] == "heat3d-256" and got[1][0] == "heat3d-512" and got[2][0] == "box27-512"
    assert all(any("_loop" in w for w in g) for g in got)   # a time loop in every part


def test_cli_part_errors_before_needing_a_gpu(capsys):
    with pytest.raises(SystemExit) as e:
        runner.main(["--part", "4/3"])
    assert e.value.code == 2 and "--part" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        runner.main(["--workload", "heat3d-256", "--part", "2/2"])   # an empty part
    assert "no workload in this part" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# --merge
# ---------------------------------------------------------------------------

def rec(impl, workload, dtype="float32", us=100.0, status="ok", **kw):
    wl = W.WORKLOADS[workload]
    r = {"type": "result", "impl": impl, "workload": workload, "kernel": wl.kernel, "dtype": dtype,
         "shape": list(wl.quick_shape), "steps": wl.steps, "status": status, "note": "",
         "first_call_s": 1.0}
    if status == "ok":
        r["hot"] = {"us": us, "us_min": us, "us_max": us}
    r.update(kw)
    return r


def part_results(part, read, records, command="kfuse bench --stencils --quick"):
    return {"schema": "kfuse-bench-stencils/1",
            "meta": {"quick": True, "part": part, "command": f"{command} --part {part}", "wall_s": 100.0,
                     "impls": ["kfuse", "cupy"], "workloads": {r["workload"]: r["shape"] for r in records}},
            "ceilings": {"read_GBs": read, "write_GBs": 3000.0, "copy_GBs": 3500.0, "device": {"name": "Fake"}},
            "impl_notes": {}, "records": records}


def test_merge_joins_records_and_keeps_each_parts_ceilings():
    a = part_results("1/2", 4000.0, [rec("cupy", "heat3d-256", us=50.0), rec("kfuse", "heat3d-256", us=40.0)])
    b = part_results("2/2", 3000.0, [rec("cupy", "jacobi2d-8192", us=20.0)])
    m = parts.merge([a, b], ["r1", "r2"])
    assert len(m["records"]) == 3 and m["ceilings"]["read_GBs"] == 4000.0
    assert set(m["meta"]["workloads"]) == {"heat3d-256", "jacobi2d-8192"}
    assert m["meta"]["wall_s"] == 200.0 and [x["part"] for x in m["meta"]["merged_from"]] == ["1/2", "2/2"]
    jac = next(r for r in m["records"] if r["workload"] == "jacobi2d-8192")
    assert jac["ceilings"]["read_GBs"] == 3000.0                    # its own part's ceilings
    heat = next(r for r in m["records"] if r["workload"] == "heat3d-256")
    assert "ceilings" not in heat
    rd, wr = W.limit_bytes(W.WORKLOADS["jacobi2d-8192"], tuple(jac["shape"]), 4)
    want = (rd / 3000e9 + wr / 3000e9) * 1e6 / 20.0
    assert report.metrics(jac, m["ceilings"])["frac_limit"] == pytest.approx(want)
    text = report.render(m)
    assert "Merged from" in text and "--part 1/2" in text and "--part 2/2" in text
    assert "read 4000 GB/s" in text and "read 3000 GB/s" in text


def test_merge_later_folder_replaces_a_duplicate_and_says_so():
    a = part_results("1/2", 4000.0, [rec("cupy", "heat3d-256", us=50.0)])
    b = part_results("2/2", 4000.0, [rec("cupy", "heat3d-256", us=70.0)])
    m = parts.merge([a, b], ["r1", "r2"])
    assert len(m["records"]) == 1 and m["records"][0]["hot"]["us"] == 70.0
    assert "cupy heat3d-256 float32 (from r2)" in m["impl_notes"]["merge"]


def test_merge_refuses_quick_with_full():
    a = part_results("1/2", 4000.0, [rec("cupy", "heat3d-256")])
    b = part_results("2/2", 4000.0, [rec("cupy", "heat3d-512")])
    b["meta"]["quick"] = False
    with pytest.raises(ValueError, match="mix --quick and full"):
        parts.merge([a, b])


def test_cli_merge_writes_one_report(tmp_path, capsys):
    for i, (wl, read) in enumerate((("heat3d-256", 4000.0), ("jacobi2d_loop-8192", 3900.0)), 1):
        d = tmp_path / f"r{i}"
        d.mkdir()
        res = part_results(f"{i}/2", read, [rec("cupy", wl), rec("kfuse", wl, us=80.0)])
        if i == 2:   # a part cut short: raw.jsonl only
            lines = [{"type": "meta", **res["meta"]}, {"type": "ceilings", **res["ceilings"]}]
            lines += res["records"]
            (d / "raw.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
        else:
            (d / "results.json").write_text(json.dumps(res))
    out = tmp_path / "merged"
    assert runner.main(["--merge", str(tmp_path / "r1"), str(tmp_path / "r2"), "--out", str(out),
                        "--no-plots"]) == 0
    merged = json.loads((out / "results.json").read_text())
    assert {r["workload"] for r in merged["records"]} == {"heat3d-256", "jacobi2d_loop-8192"}
    text = (out / "report.md").read_text()
    assert "heat3d-256" in text and "jacobi2d_loop-8192" in text and "Table 1" in text
    with pytest.raises(SystemExit):
        runner.main(["--merge", str(tmp_path / "r1")])                 # no --out
    with pytest.raises(SystemExit):
        runner.main(["--merge", str(tmp_path / "nosuch"), "--out", str(out)])
    assert "no results.json" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# the occupancy rule
# ---------------------------------------------------------------------------

VARIANTS = [{"bx": 32, "by": 8, "zc": 4}, {"bx": 32, "by": 8, "zc": 4, "px": 2, "smem": "t"},
            {"bx": 32, "by": 4, "zc": 2}, {"bx": 32, "by": 4, "zc": 2, "px": 2, "smem": "t", "uz": 4},
            {"bx": 128, "by": 2, "zc": 8}]


def test_candidates_one_per_block_shape_keeping_kfuse_choices():
    base = {"bx": 32, "by": 8, "zc": 4, "px": 2, "smem": "t", "maxregs": 64}
    got = occupancy.candidates(base, VARIANTS)
    assert [(c["bx"], c["by"]) for c in got] == [(32, 8), (32, 4), (128, 2)]
    assert got[1] == {"bx": 32, "by": 4, "zc": 2, "uz": 4, "px": 2, "smem": "t", "maxregs": 64}
    assert got[2] == {"bx": 128, "by": 2, "zc": 8, "px": 2, "smem": "t", "maxregs": 64}   # no match: shape only


def test_pick_highest_occupancy_ties_first():
    rows = [{"occupancy": 0.5}, {"occupancy": 1.0}, {"occupancy": 1.0}, {"occupancy": None}]
    assert occupancy.pick(rows) == 1
    assert occupancy.pick([{"occupancy": None}, {"occupancy": 0.25}]) == 1
    assert occupancy.pick([{"occupancy": 0.75}, {"occupancy": 0.75}]) == 0
    with pytest.raises(ValueError):
        occupancy.pick([])


def test_occupancy_of_uses_block_registers_and_smem():
    assert occupancy.occupancy_of({"bx": 32, "by": 8}, {"registers": 64, "smem": 0}) == 0.5
    assert occupancy.occupancy_of({"bx": 32, "by": 8}, {"registers": 32, "smem": 100 * 1024}) == 0.25
    assert occupancy.occupancy_of({"bx": 32, "by": 8}, {}) is None


def test_occupancy_table_compares_kfuse_with_the_rule():
    def plan(bx, by, regs):
        return {"calls": 5, "kernels": [{"name": "k0", "space": "grid", "calls": 5,
                                         "params": {"bx": bx, "by": by, "zc": 1},
                                         "resources": {"registers": regs, "smem": 0}}]}
    res = {"ceilings": None, "records": [
        rec("kfuse", "jacobi2d-8192", us=80.0, plan=plan(128, 2, 64)),
        rec("kfuse-tuned", "jacobi2d-8192", us=50.0, plan=plan(64, 4, 64)),
        rec("kfuse-occupancy", "jacobi2d-8192", us=100.0, plan=plan(32, 8, 32))]}
    text = tables.occupancy_table(res, report.metrics)
    assert ("| jacobi2d-8192 | float32 | 128×2, zc 1 | 50% | 80.0 | 64×4, zc 1 | 50% | 50.0 "
            "| 32×8, zc 1 | 100% | 100.0 | 1.25× | 2.00× |") in text
    res["records"].pop(1)   # no tuned record: its cells say so
    assert "| 80.0 | n/a | n/a |  | 32×8, zc 1 | 100% | 100.0 | 1.25× | n/a |" in tables.occupancy_table(res, report.metrics)
    assert "kfuse's plan vs the occupancy rule" in report.render({**res, "meta": {}})


def test_kfuse_occupancy_is_ours_not_a_peer():
    assert "kfuse-occupancy" in peers.DEFAULT_IMPLS and "kfuse-occupancy" not in peers.PEERS
    assert "kfuse-tuned" in peers.OURS and "kfuse-tuned" not in peers.PEERS
    assert peers.get("kfuse-tuned").name == "kfuse-tuned" and hasattr(peers.get("kfuse-tuned"), "specialize")
    assert runner.parse_impls("kfuse,kfuse-occupancy") == ["kfuse", "kfuse-occupancy"]
    assert peers.get("kfuse-occupancy").name == "kfuse-occupancy"


# ---------------------------------------------------------------------------
# Table 1's fission column
# ---------------------------------------------------------------------------

def test_fission_count_from_the_plans_top_level_field():
    ks = [{"name": "k0"}, {"name": "k1a"}, {"name": "k1b"}, {"name": "k1c"}]
    assert tables.fission_count({"kernels": ks, "fissioned": [["k1a", "k1b", "k1c"]]}) == (2, 4)
    assert tables.fission_count({"kernels": ks, "fissioned": []}) == (4, 4)
    assert tables.fission_count({"kernels": ks}) is None


def test_table1_after_fission_from_the_plan_field_without_the_note():
    plan = {"calls": 15, "fissioned": [["k0a", "k0b"]],
            "kernels": [{"name": "k0a", "space": "grid", "calls": 8, "params": {"bx": 32, "by": 8}},
                        {"name": "k0b", "space": "grid", "calls": 7, "params": {"bx": 32, "by": 8}}]}
    res = {"records": [rec("kfuse", "heat3d-256", plan=plan)]}
    text = tables.table1(res)
    assert "| heat3d-256 | 1 | 15 | 15 | 1 | 2 |" in text and tables.NO_FISSION not in text


# ---------------------------------------------------------------------------
# the time loops (fakes; no GPU)
# ---------------------------------------------------------------------------

class FakeCompiler:
    def __init__(self):
        self.marks = 0

    def cudagraph_mark_step_begin(self):
        self.marks += 1


class FakeTorch:
    def __init__(self):
        self.compiler = FakeCompiler()


class Buf(float):
    def clone(self):
        return Buf(self)


def test_cudagraph_loop_marks_once_per_loop_not_per_step():
    torch, calls = FakeTorch(), []

    def step(a):
        calls.append(a)
        return (Buf(a + 1),)

    loop = loops.CudagraphLoop(torch, step, 100, Buf(0))
    assert loop() == 100 and loop() == 100
    assert torch.compiler.marks == 2 and len(calls) == 200
    assert "once per loop" in loop.how


def test_cudagraph_loop_falls_back_to_clones_when_refused():
    torch, seen = FakeTorch(), {"n": 0}

    def step(a):
        seen["n"] += 1
        if seen["n"] == 2 and not hasattr(a, "cloned"):
            raise RuntimeError("Error: accessing tensor output of CUDAGraphs that has been "
                               "overwritten by a subsequent run.")
        return Buf(a + 1)

    loop = loops.CudagraphLoop(torch, step, 3, Buf(0))
    assert loop() == 3 and loop.clone and "clone" in loop.how
    with pytest.raises(RuntimeError, match="other"):
        loops.CudagraphLoop(torch, lambda a: (_ for _ in ()).throw(RuntimeError("other")), 2, Buf(0))()


def test_marked_single_step_thunk():
    torch = FakeTorch()
    thunk = loops.marked(torch, lambda: 7)
    assert thunk() == 7 and thunk() == 7 and torch.compiler.marks == 2


class FakeKfuse:
    def __init__(self, iterate):
        if iterate:
            self.iterate = lambda step, x, steps: ("iterate", step, x, steps)


def test_kfuse_loop_uses_iterate_with_the_compiled_step():
    built = object()
    run = loops.kfuse_loop(FakeKfuse(True), built, 100, "x")
    assert run() == ("iterate", built, "x", 100) and run.how == "kfuse.iterate"


def test_kfuse_loop_ping_pong_without_iterate():
    import numpy as np

    def built(a, out):
        out[...] = a + 1

    x = np.zeros(4)
    run = loops.kfuse_loop(FakeKfuse(False), built, 5, x)
    np.testing.assert_array_equal(run(), np.full(4, 5.0))
    np.testing.assert_array_equal(run(), np.full(4, 5.0))          # from the same input again
    assert (x == 0).all() and "ping-pong" in run.how


def test_loop_table_in_the_report():
    res = {"meta": {}, "ceilings": None,
           "records": [rec("kfuse", "jacobi2d_loop-8192", loop="kfuse.iterate")]}
    text = report.render(res)
    assert "| jacobi2d_loop-8192 | float32 | kfuse | kfuse.iterate |" in text
    assert "loop: kfuse.iterate" in text


def test_temporal_table_in_the_report():
    blocked = rec("kfuse", "jacobi2d_loop-8192", loop="kfuse.iterate")
    blocked["plan"] = {"calls": 6, "kernels": [], "temporal": {
        "blocked": True, "depth": 12, "threads": 256, "rows": 256, "resident_blocks": 3,
        "predicted_us_per_step": 44.6, "measured_us_per_step": {"12/256/256": 49.1}}}
    one = rec("kfuse", "jacobi2d_loop-8192", loop="kfuse.iterate")
    one["dtype"] = "float64"
    one["plan"] = {"calls": 6, "kernels": [], "temporal": {"blocked": False, "why_not": "the setting temporal_depth is 1"}}
    text = report.render({"meta": {}, "ceilings": None, "records": [blocked, one]})
    assert "## Time loops blocked in time" in text
    assert "| jacobi2d_loop-8192 | float32 | 12 | 256 x 256 | 3 | 38% | 44.6 |" in text
    assert "12/256/256: 49.1 µs" in text and "not blocked: the setting temporal_depth is 1" in text
