"""Where a folded loop whose step reads its index (NPBench's fdtd-2d, ``ey[0, :] = _fict_[t]``)
spends its time against the same step called per step (issue 31): fdtd2d 8192^2 float64,
CUDA events, median of 5 loops.  Rows: ``kfuse.jit(step)`` per call; the author's loop jitted
(``steps`` static, folded) per step; the folded body's executable alone on fixed buffers; host
time per body call; and a cProfile of one folded call of 20 steps (top lines).
Usage: PYTHONPATH=src:. python3 benchmarks/tools/fold_index_probe.py [N]"""
from __future__ import annotations

import cProfile
import io
import pstats
import sys

import cupy

import kfuse
from benchmarks.apps import peers
from benchmarks.tools.inplace_probe import host_us, median_us
from tests.programs.apps import fdtd2d


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
    st = fdtd2d.init((n, n), "float64", xp=cupy)
    step = kfuse.jit(fdtd2d.step)
    t = [0]

    def per_call():
        step(st["ex"], st["ey"], st["hz"], st["_fict_"], t[0] % fdtd2d.TMAX)
        t[0] += 1
    loop, _ = peers.loop_function(fdtd2d)
    names = peers.loop_params(fdtd2d)
    fn = kfuse.jit(loop, static_argnames=("steps",))
    args = [st[k] for k in names]
    folded = fn.executable(*args, steps=20)
    body = folded.body
    ins = [st["ey"], st["hz"], st["ex"], st["_fict_"], 3][:body.n_arguments]
    outs = tuple(cupy.empty_like(st["ex"]) for _ in body.program.returned())
    rows = [("jit per call", median_us(per_call)),
            ("folded loop, per step", median_us(lambda: fn(*args, steps=20), calls=1) / 20),
            ("folded body alone (out= fixed)", median_us(lambda: body(*ins, out=outs))),
            ("host per body call", host_us(lambda: body(*ins, out=outs))),
            ("host per folded call / 20", host_us(lambda: fn(*args, steps=20), calls=10) / 20)]
    for name, us in rows:
        print(f"{name:34s} {us:10.1f} us")
    print("body inputs", body.program.inputs, "plan", body.plan["kernels"][0]["params"])
    prof = cProfile.Profile()
    prof.enable()
    fn(*args, steps=20)
    cupy.cuda.Device().synchronize()
    prof.disable()
    s = io.StringIO()
    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(15)
    print(s.getvalue()[:4000])


if __name__ == "__main__":
    main()
