"""Shared helpers of the GPU tier: tolerances and comparisons against the float64 reference."""
import numpy as np

from kfuse import reference

TOL = {"float32": 1e-5, "complex64": 1e-5, "float64": 1e-12, "complex128": 1e-12}


def check_outputs(names, outs, refs, dtype, what=""):
    """Every output finite and within tolerance of the reference; returns the errors."""
    import cupy
    errs = {}
    for name, got, want in zip(names, outs, refs):
        g = cupy.asnumpy(got) if isinstance(got, cupy.ndarray) else np.asarray(got)
        assert g.shape == np.shape(want), f"{what} {name}: shape {g.shape} != {np.shape(want)}"
        assert np.all(np.isfinite(g)), f"{what} {name}: non-finite elements (unwritten output?)"
        err = reference.rel_error(g, want)
        errs[name] = err
        assert err <= TOL[dtype], f"{what} {name}: relative error {err:.3e} > {TOL[dtype]:g}"
    return errs
