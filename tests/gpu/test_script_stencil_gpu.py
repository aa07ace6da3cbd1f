"""GPU tier of stencil scripts: the example scripts (jacobi2d, hdiff, periodic2d) and the other
syntaxes (slices, offsets, repeat, reductions, boundary assignments) compiled with kfuse.compile_script, run in float32 and
float64 at odd sizes, against NumPy in float64 running the same stencil."""
from __future__ import annotations

import numpy as np
import pytest

import kfuse
from kfuse import examples

from ..script_stencils import SCRIPTS, inputs
from .helpers import check_outputs

SIZES = {
    "jacobi2d": [{"m": 67, "n": 45}, {"m": 1001, "n": 3}, {"m": 2, "n": 129}, {"m": 4097, "n": 1023}],
    "jacobi_slices": [{"m": 33, "n": 71}],
    "hdiff": [{"k": 3, "m": 37, "n": 41}, {"k": 1, "m": 5, "n": 5}, {"k": 64, "m": 131, "n": 259}],
    "hdiff_slices": [{"k": 5, "m": 19, "n": 43}],
    "heat3d": [{"k": 19, "m": 23, "n": 37}, {"k": 65, "m": 33, "n": 257}],
    "jacobi_repeat": [{"m": 29, "n": 53}, {"m": 513, "n": 257}],
    "residual": [{"n": 1001}, {"n": 3}],
    "periodic2d": [{"m": 37, "n": 23}, {"m": 3, "n": 3}, {"m": 1025, "n": 4099}],
    "heat3d_walls": [{"k": 13, "m": 7, "n": 11}, {"k": 5, "m": 4, "n": 3}, {"k": 65, "m": 129, "n": 257}],
}
CASES = [(n, s, d) for n, ss in SIZES.items() for s in ss for d in ("float32", "float64")]


@pytest.mark.parametrize("name,sizes,dtype", CASES,
                         ids=[f"{n}-{'x'.join(map(str, s.values()))}-{d}" for n, s, d in CASES])
def test_stencil_script_against_numpy(name, sizes, dtype):
    import cupy
    text = SCRIPTS[name][0]
    exe = kfuse.compile_script(examples.path(text) if "\n" not in text else text, sizes=sizes, dtype=dtype)
    ins, want = inputs(name, sizes, seed=len(str(sizes)))
    dev = [cupy.asarray(np.asarray(ins[k], dtype=dtype)) if np.ndim(ins[k]) else ins[k]
           for k in exe.program.inputs]
    outs = exe(*dev)
    outs = tuple(outs) if isinstance(outs, (tuple, list)) else (outs,)
    check_outputs([exe.program.value(o).display for o in exe.program.outputs], outs,
                  [np.asarray(w) for w in want], dtype, name)
