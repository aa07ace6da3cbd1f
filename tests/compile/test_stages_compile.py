"""Every stage through NVRTC: ``exe.stages``, ``lower().stages`` and ``kfuse stages`` to the end."""
import os

import numpy as np

import kfuse
from kfuse.cli import main
from kfuse.pipeline import stages
from tests.compile.compile_helpers import ARCH, compile_program
from tests.unit.unit_helpers import bound, example


def test_executable_keeps_every_stage():
    exe = compile_program(bound("bicgk", m=300, n=500), plan="default")
    assert tuple(exe.stages) == stages.STAGES
    assert exe.stages["cubin"] == exe.compiled.cubin and exe.stages["cuda"] == exe.source
    assert exe.stages["executable"] is exe.launch_spec and exe.stages["plan"] is exe.plan_obj
    assert exe.stages["kernels"] is exe.module and exe.launch_spec.target == ARCH


def test_lowered_has_stages_and_launch_spec():
    lo = kfuse.jit(lambda x, y: x + 2 * y).lower(np.ones(1000, np.float32), kfuse.ShapeDtype((1000,), "float32"))
    assert tuple(lo.stages) == stages.STAGES and lo.stages["cubin"] == lo.cubin
    assert lo.launch_spec.n_arguments == 2 and len(lo.launch_spec.launches) == 1


def test_cli_stages_to_the_end(tmp_path, capsys):
    out = tmp_path / "all"
    assert main(["stages", example("bicgk"), "--size", "m=300", "--size", "n=500", "--arch", ARCH,
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert any(ln.startswith(f"wrote {out}/bicgk.cubin (cubin: ") for ln in printed)
    assert (out / "bicgk.cubin").read_bytes()[:4] == b"\x7fELF"
    assert os.path.exists(out / "bicgk.launch.json")
