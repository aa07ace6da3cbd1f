"""The GPU tier's checking path (tests/fuzz/gpu.py) run on the CPU: the device call replaced
by NumPy in the programs' own element types (bounds.emulate).  Correct results pass; a result
with one element off by a little more than its bound is reported as a mismatch, with the
program printed whole and a repro command."""
import numpy as np

from . import bounds, gpu
from .checks import build_program, report
from .generator import generate


def _fake_device(monkeypatch, corrupt=False):
    def compiled(prog, args):
        program = build_program(prog)

        def run(*xs):
            ins = {v.name: x for v, x in zip(prog.inputs, xs)}
            outs = bounds.emulate(program, ins)
            res = [np.array(outs[o]) for o in program.outputs]
            if corrupt:
                b = bounds.bounds(program, ins)[program.outputs[0]][1]
                res[0].flat[0] += 3 * np.asarray(b).flat[0] + 1e-3
            return tuple(res)
        return run, program
    monkeypatch.setattr(gpu, "compiled", compiled)
    monkeypatch.setattr(gpu, "device_inputs", lambda prog, host, mis: [host[v.name] for v in prog.inputs])
    monkeypatch.setattr(gpu, "BIG", False)


def _seeds(n):
    out = []
    for s in range(200):
        p = generate(s)
        if p.valid and not p.tags & {"shared-axes", "empty"} and all(v.kind != "S" for v in p.inputs):
            out.append(s)
        if len(out) == n:
            return out
    return out


def test_gpu_checks_pass_correct_results(monkeypatch):
    _fake_device(monkeypatch)
    for s in _seeds(12):
        r = gpu.run_gpu(s)
        assert r.outcome in ("ok", "internal error"), r.line()
        if r.outcome == "internal error":
            assert r.cls.startswith("known:"), r.detail
        else:
            assert 0 <= r.ratio <= 1


def test_gpu_checks_catch_a_wrong_element(monkeypatch):
    _fake_device(monkeypatch, corrupt=True)
    results = [gpu.run_gpu(s) for s in _seeds(12)]
    mism = [r for r in results if r.outcome == "mismatch"]
    assert mism and all(r.outcome in ("mismatch", "internal error") for r in results)
    text = report(mism[0], gpu=True)
    assert "--seeds" in text and ("def prog" in text or "input " in text)
