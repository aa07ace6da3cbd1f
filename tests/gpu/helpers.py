"""Shared helpers of the GPU tier: tolerances and comparisons against the float64 reference."""
import numpy as np

from kfuse import reference

TOL = {"float32": 1e-5, "complex64": 1e-5, "float64": 1e-12, "complex128": 1e-12}


def check_outputs(names, outs, refs, dtype, what="", terms=None):
    """Every output finite and within tolerance of the reference; returns the errors.

    A 0-d output (a reduction) may lose more: its value is a sum of ``terms`` terms of random
    signs, about sqrt(terms) times smaller than the sum of their magnitudes the rounding
    errors scale with, so its tolerance is TOL * sqrt(terms) (default: the largest output)."""
    import cupy
    errs = {}
    if terms is None:
        terms = max([int(np.size(w)) for w in refs] + [1])
    for name, got, want in zip(names, outs, refs):
        g = cupy.asnumpy(got) if isinstance(got, cupy.ndarray) else np.asarray(got)
        assert g.shape == np.shape(want), f"{what} {name}: shape {g.shape} != {np.shape(want)}"
        assert np.all(np.isfinite(g)), f"{what} {name}: non-finite elements (unwritten output?)"
        err = reference.rel_error(g, want)
        errs[name] = err
        tol = TOL[dtype] * (np.sqrt(terms) if np.ndim(want) == 0 else 1)
        assert err <= tol, f"{what} {name}: relative error {err:.3e} > {tol:g}"
    return errs
