"""The command line through ``kfuse.cli.main`` (the commands that need no NVRTC)."""
from __future__ import annotations

import json

import pytest

import kfuse
from kfuse.api import make_plan
from kfuse.cli import main
from kfuse.fusion import Plan, unfused_plan

from .unit_helpers import bound, check_dot, example


def run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def one_error_line(err: str) -> str:
    assert err.startswith("kfuse: error: "), err
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    return err[len("kfuse: error: "):-1]


def test_graph_to_stdout(capsys):
    rc, out, err = run(capsys, "graph", example("bicgk"))
    assert rc == 0 and err == ""
    assert out == kfuse.load(example("bicgk")).to_dot()
    nodes, edges = check_dot(out)
    assert ("A", "call:0") in edges and ("call:1", "s") in edges


def test_graph_to_file(capsys, tmp_path):
    dot = tmp_path / "g.dot"
    rc, out, err = run(capsys, "graph", example("gemver"), "-o", str(dot))
    assert rc == 0 and err == ""
    assert dot.read_text() == kfuse.load(example("gemver")).to_dot()
    assert out.startswith("program gemver\n") and out.endswith(f"wrote {dot}\n")


def test_graph_with_dtype(capsys):
    rc, out, _ = run(capsys, "graph", example("sscal"), "--dtype", "complex128")
    assert rc == 0 and "vector(n) complex128" in out


def test_plan_text(capsys):
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4", "--size", "n=5")
    assert rc == 0 and err == ""
    prog = bound("bicgk", m=4, n=5)
    assert out == make_plan(prog).describe(prog) + "\n"     # the default plan
    assert out.startswith("plan for bicgk: ")
    assert out.count("call 0: q = gemv(A, p)") == 1 and out.count("call 1: s = gemv_t(A, r)") == 1


def test_plan_json_and_comma_separated_sizes(capsys):
    rc, out, err = run(capsys, "plan", example("gemver"), "--size", "m=40,n=50", "--json")
    assert rc == 0 and err == ""
    d = json.loads(out)
    prog = bound("gemver", m=40, n=50)
    want = make_plan(prog)
    assert Plan.from_json(d).kernels == want.kernels
    assert d["sizes"] == {"m": 40, "n": 50} and d["program"] == "gemver"
    runs = [r for k in d["kernels"] for r in k["runs"]]
    assert runs == [c.label for c in prog.calls]


def test_plan_from_a_file(capsys, tmp_path):
    d = unfused_plan(bound("bicgk", m=4, n=5)).to_json()
    d["kernels"].reverse()             # the two calls are independent: any order is legal
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(d))
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4,n=5", "--plan", str(path))
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "plan for bicgk: 2 kernel(s)" and lines[1].startswith("  k1_s_gemv_t [tile;")
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4,n=5", "--plan", str(path), "--json")
    assert [k["calls"] for k in json.loads(out)["kernels"]] == [[1], [0]]


def test_plan_unfused(capsys):
    rc, out, err = run(capsys, "plan", example("gemver"), "--size", "m=40,n=50", "--unfused")
    prog = bound("gemver", m=40, n=50)
    assert rc == 0 and err == "" and out == unfused_plan(prog).describe(prog) + "\n"


def test_explain(capsys):
    rc, out, err = run(capsys, "explain", example("bicgk"), "--size", "m=64,n=100")
    assert rc == 0 and err == ""
    assert out.startswith("program bicgk\n") and "plan for bicgk:" in out
    rc, out, err = run(capsys, "explain", example("atax"), "--size", "m=64,n=100", "--calls", "0,1")
    assert rc == 0 and "t = gemv(A, x)" in out and "y = gemv_t(A, t)" in out


@pytest.mark.parametrize("calls", ["x", "0,7"])
def test_explain_bad_calls_is_one_error_line(capsys, calls):
    try:
        rc, out, err = run(capsys, "explain", example("bicgk"), "--size", "m=64,n=100", "--calls", calls)
    except Exception as e:  # noqa: BLE001 - the bug: a traceback instead of an error line
        pytest.fail(f"{type(e).__name__}: {e}")
    assert rc == 1 and one_error_line(err)


def test_library_list(capsys):
    rc, out, err = run(capsys, "library")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(kfuse.library.names())
    gemv = next(ln for ln in lines if ln.split()[0] == "gemv")
    assert "nested_reduce" in gemv and "z = gemv(A, x, alpha?, beta?, y?)" in gemv


def test_library_one_function(capsys):
    rc, out, err = run(capsys, "library", "dot")
    assert rc == 0 and err == ""
    assert json.loads(out) == json.loads(json.dumps(kfuse.library.get("dot").metadata()))


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"kfuse {kfuse.__version__}"


# ---------------------------------------------------------------------------- errors
def test_error_bad_script(capsys, tmp_path):
    path = tmp_path / "bad.kf"
    path.write_text("vector x(n), y(n);\ninput x;\ny = sacl(2, x);\nreturn y;\n")
    rc, out, err = run(capsys, "graph", str(path))
    assert rc == 1 and out == ""
    assert one_error_line(err) == f"{path}:3:5: unknown function 'sacl' (did you mean scal?)"


def test_error_bad_script_in_plan(capsys, tmp_path):
    path = tmp_path / "bad.kf"
    path.write_text("vector x(n), y(n);\ninput x;\ny = x $ x;\nreturn y;\n")
    rc, out, err = run(capsys, "plan", str(path), "--size", "n=4")
    assert rc == 1 and out == ""
    assert one_error_line(err) == f"{path}:3:7: unexpected character '$'"


def test_error_unbound_size(capsys):
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4")
    assert rc == 1 and out == ""
    assert one_error_line(err) == "size 'n' is not bound (give it with --size n=N)"


def test_error_no_sizes_at_all(capsys):
    rc, out, err = run(capsys, "plan", example("bicgk"))
    assert rc == 1 and "size 'm' is not bound" in one_error_line(err)


def test_error_unknown_size(capsys):
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4,n=5,k=6")
    assert rc == 1
    assert one_error_line(err) == "bicgk: unknown size(s) k (the script uses m, n)"


@pytest.mark.parametrize("size,msg", [("m=x", "--size m: 'x' is not an integer"),
                                      ("m", "--size expects NAME=VALUE, got 'm'")])
def test_error_bad_size_syntax(capsys, size, msg):
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", size)
    assert rc == 1 and one_error_line(err) == msg


@pytest.mark.parametrize("path", ["missing.kf", "/no/such/dir/script.kf", "/no/such/dir/script.txt", "script"])
def test_error_unknown_file(capsys, path):
    rc, out, err = run(capsys, "graph", path)
    assert rc == 1 and out == ""
    line = one_error_line(err)
    assert line == f"no such script: {path}" if "/" in path else line.startswith(f"no such script: {path} (")


def test_error_shape_clash_at_bind_time(capsys, tmp_path):
    path = tmp_path / "clash.kf"
    path.write_text("vector x(n), y(5), z(n);\ninput x, y;\nz = x + y;\nreturn z;\n")
    rc, out, err = run(capsys, "plan", str(path), "--size", "n=4")
    assert rc == 1
    assert one_error_line(err).startswith("z = x + y (line 3): add: shapes of 'x' vector(4) float32")


def test_error_bad_plan_file(capsys, tmp_path):
    path = tmp_path / "plan.json"
    path.write_text('{"kfuse_plan": 1, "program": "bicgk", "sizes": {"m": 4, "n": 5}, "kernels": []}')
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4,n=5", "--plan", str(path))
    assert rc == 1 and one_error_line(err) == "plan does not run call(s) [0, 1]"
    path.write_text("{not json")
    rc, out, err = run(capsys, "plan", example("bicgk"), "--size", "m=4,n=5", "--plan", str(path))
    assert rc == 1 and one_error_line(err).startswith(f"{path}: not valid JSON")


def test_error_unknown_library_function(capsys):
    rc, out, err = run(capsys, "library", "gemvv")
    assert rc == 1 and one_error_line(err) == "unknown function 'gemvv' (did you mean gemv, gemv_t, gemm?)"


def test_error_graph_output_to_a_missing_directory(capsys, tmp_path):
    rc, out, err = run(capsys, "graph", example("bicgk"), "-o", str(tmp_path / "no" / "such" / "g.dot"))
    assert rc == 1 and "such does not exist (kfuse does not create it)" in one_error_line(err)


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2
    with pytest.raises(SystemExit):
        main([])


def test_a_reader_that_leaves_early_gets_no_error(tmp_path, monkeypatch, capsys):
    """`kfuse examples | head -1`: the closed pipe ends the command quietly (no 'Broken pipe')."""
    class ClosedPipe:
        def __init__(self):
            self.file = open(tmp_path / "out", "w")

        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

        def fileno(self):
            return self.file.fileno()

    import sys
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["examples"]) == 141
    assert capsys.readouterr().err == ""
