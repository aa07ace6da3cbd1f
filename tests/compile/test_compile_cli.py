"""``kfuse compile`` and ``kfuse run`` through cli.main, and NVRTC errors reaching the user."""
from __future__ import annotations

import json
import os
import re

import pytest

import kfuse
from kfuse import library
from kfuse.cli import main
from kfuse.errors import CompileError
from kfuse.api import bind_sizes
from kfuse.frontend import script
from kfuse.fusion import unfused_plan
from kfuse.platform import device

from .compile_helpers import ARCH, compile_program

EXAMPLES = os.path.join(os.path.dirname(kfuse.__file__), "examples")


def example(name):
    return os.path.join(EXAMPLES, f"{name}.kf")


@pytest.fixture
def broken_function():
    """A user function whose CUDA does not compile; removed afterwards."""
    library.register("user_broken_fn", "map", [("x", "elem")], [("z", "elem")], "z = x +* ;",
                     reference=lambda x: {"z": x})
    yield "user_broken_fn"
    library.unregister("user_broken_fn")


def test_compile_writes_source_and_cubin(capsys, tmp_path):
    cu, cubin = tmp_path / "bicgk.cu", tmp_path / "bicgk.cubin"
    rc = main(["compile", example("bicgk"), "--size", "m=64", "--size", "n=100", "-o", str(cu),
               "--cubin", str(cubin), "--arch", ARCH])
    out, err = capsys.readouterr()
    assert rc == 0 and err == ""
    exe = compile_program(script.load(example("bicgk")), {"m": 64, "n": 100}, plan="default")
    assert cu.read_text() == exe.source
    assert cubin.read_bytes() == exe.compiled.cubin and cubin.read_bytes()[:4] == b"\x7fELF"
    lines = out.splitlines()
    zero = f" and {exe.module.zero.name}" if exe.module.zero else ""
    assert lines[0] == f"wrote {cu} ({exe.n_kernels} kernel(s){zero})"
    assert lines[1] == f"wrote {cubin} ({cubin.stat().st_size} bytes, {ARCH})"
    assert sorted(ln.split(":")[0].strip() for ln in lines[2:]) == sorted(k.name for k in exe.module.launches)
    assert all("0 B stack, 0 B spilled" in ln for ln in lines[2:])


def test_compile_default_output_name_and_dtype(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc = main(["compile", example("gemver"), "--size", "m=33,n=65", "--dtype", "complex128", "--arch", ARCH])
    out, _ = capsys.readouterr()
    assert rc == 0 and re.match(r"wrote gemver\.cu \(\d kernel\(s\)\)\n", out)
    assert "kf_c128" in (tmp_path / "gemver.cu").read_text()
    assert not list(tmp_path.glob("*.cubin"))


def test_compile_with_a_plan_file(capsys, tmp_path):
    prog = bind_sizes(script.load(example("bicgk")), {"m": 64, "n": 100})
    plan = unfused_plan(prog).to_json()
    plan["kernels"].reverse()           # the two calls are independent: any order is legal
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(plan))
    cu = tmp_path / "out.cu"
    rc = main(["compile", example("bicgk"), "--size", "m=64,n=100", "--plan", str(path), "-o", str(cu),
               "--arch", ARCH])
    assert rc == 0
    src = cu.read_text()
    assert src.index("void __launch_bounds__") < src.index("k1_s_gemv_t(") < src.index("k0_q_gemv(")


def test_compile_error_one_line_for_user_errors(capsys, tmp_path):
    rc = main(["compile", example("bicgk"), "--size", "m=64", "-o", str(tmp_path / "x.cu")])
    _, err = capsys.readouterr()
    assert rc == 1 and err == "kfuse: error: size 'n' is not bound (give it with --size n=N)\n"
    assert not (tmp_path / "x.cu").exists()


@pytest.mark.skipif(device.has_gpu(), reason="checks the CPU fallback of a machine without a GPU")
def test_run_without_gpu_uses_the_cpu_reference(capsys, tmp_path):
    rc = main(["run", example("bicgk"), "--size", "m=64", "--size", "n=100", "--out-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0] == "program bicgk" and any(re.fullmatch(r"plan for bicgk: \d kernel\(s\)", ln) for ln in lines)
    assert any(ln.startswith(f"wrote {tmp_path / 'bicgk.cu'}; compiled ") for ln in lines)
    nogpu = [ln for ln in lines if ln.startswith("no GPU")]
    assert len(nogpu) == 1 and nogpu[0].endswith("running the plan on the CPU reference instead")
    after = lines[lines.index(nogpu[0]) + 1:]
    assert [ln.split(":")[0].strip() for ln in after] == ["q", "s"]
    assert "shape (64,)" in after[0] and "shape (100,)" in after[1]
    assert (tmp_path / "bicgk.cu").exists() and (tmp_path / f"bicgk.{ARCH}.cubin").read_bytes()[:4] == b"\x7fELF"


@pytest.mark.skipif(device.has_gpu(), reason="checks the CPU fallback of a machine without a GPU")
def test_run_without_gpu_is_reproducible(capsys, tmp_path):
    args = ["run", example("gemver"), "--size", "m=16,n=24", "--out-dir", str(tmp_path), "--seed", "3"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    second = capsys.readouterr().out
    norms = [ln for ln in first.splitlines() if "norm" in ln]
    assert len(norms) == 3 and norms == [ln for ln in second.splitlines() if "norm" in ln]
    assert "(cache hit)" in second


def test_user_function_with_a_cuda_error_raises_compile_error(broken_function):
    prog = script.parse(f"vector x(n); input x; y = {broken_function}(x); return y;", "broken")
    with pytest.raises(CompileError) as info:
        compile_program(prog, {"n": 100})
    e = info.value
    assert "NVRTC could not compile broken.cu for sm_90" in str(e)
    assert "error" in e.log and "broken.cu" in e.log
    assert e.log in str(e)                      # the message carries the log
    assert "z = x +* ;" in e.source and f"y_{broken_function}_compute" in e.source


def test_cli_prints_the_nvrtc_log(capsys, tmp_path, broken_function):
    path = tmp_path / "broken.kf"
    path.write_text(f"vector x(n);\ninput x;\ny = {broken_function}(x);\nreturn y;\n")
    rc = main(["compile", str(path), "--size", "n=10", "-o", str(tmp_path / "b.cu"), "--arch", ARCH])
    out, err = capsys.readouterr()
    assert rc == 1 and out == ""
    assert err.startswith("kfuse: error: NVRTC could not compile broken.cu for sm_90\n")
    assert "error" in err.split("\n", 1)[1]
