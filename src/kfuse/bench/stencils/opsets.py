"""The small namespace of functions a workload calls, one per framework.

Every workload is written once as ``fn(ops, *fields, **consts)`` with NumPy-style basic slices;
``ops`` supplies ``where``, ``maximum``, ``minimum``, ``sqrt``, ``abs``, ``exp``, ``interior``,
``max`` and ``sum``:

* ``numpy`` / ``cupy``: the module's own functions; ``interior(u, new)`` copies ``u`` and
  assigns ``new`` to its interior (what a NumPy user writes);
* ``torch``: torch's functions (``maximum``/``minimum`` with a Python number go through
  ``clamp``, which torch needs); ``interior`` clones and assigns;
* ``jax``: ``jax.numpy``'s; ``interior`` is ``u.at[...].set(new)``;
* ``kfuse``: the module ``kfuse`` itself (``kfuse.where``, ``kfuse.interior``, ...).

GPU libraries are imported only when their namespace is asked for.
"""
from __future__ import annotations

import numbers
from types import SimpleNamespace

NAMES = ("where", "maximum", "minimum", "sqrt", "abs", "exp", "interior", "max", "sum")


def halo_index(u_shape: tuple, new_shape: tuple) -> tuple:
    """The index of the interior of an array of ``u_shape`` holding an array of ``new_shape``:
    per axis ``h = (u - new) // 2`` cells of halo on each side (the difference must be even
    and >= 0), as ``kfuse.interior`` defines it."""
    if len(u_shape) != len(new_shape):
        raise ValueError(f"interior: rank {len(new_shape)} into rank {len(u_shape)}")
    idx = []
    for axis, (s, n) in enumerate(zip(u_shape, new_shape)):
        d = s - n
        if d < 0 or d % 2:
            raise ValueError(f"interior: axis {axis}: {n} does not sit centred in {s}")
        idx.append(slice(d // 2, s - d // 2))
    return tuple(idx)


def _copy_interior(u, new):
    """``u`` copied, its interior replaced by ``new`` (NumPy and CuPy)."""
    r = u.copy()
    r[halo_index(u.shape, new.shape)] = new
    return r


def numpy_ops():
    """NumPy's functions (the float64 reference runs on these)."""
    import numpy as np

    return SimpleNamespace(where=np.where, maximum=np.maximum, minimum=np.minimum, sqrt=np.sqrt,
                           abs=np.abs, exp=np.exp, interior=_copy_interior, max=np.max, sum=np.sum)


def cupy_ops():
    """CuPy's functions."""
    import cupy as cp

    return SimpleNamespace(where=cp.where, maximum=cp.maximum, minimum=cp.minimum, sqrt=cp.sqrt,
                           abs=cp.abs, exp=cp.exp, interior=_copy_interior, max=cp.max, sum=cp.sum)


def torch_ops():
    """torch's functions (for eager and torch.compile)."""
    import torch

    def maximum(a, b):
        if isinstance(b, numbers.Number):
            return torch.clamp(a, min=b)
        if isinstance(a, numbers.Number):
            return torch.clamp(b, min=a)
        return torch.maximum(a, b)

    def minimum(a, b):
        if isinstance(b, numbers.Number):
            return torch.clamp(a, max=b)
        if isinstance(a, numbers.Number):
            return torch.clamp(b, max=a)
        return torch.minimum(a, b)

    def interior(u, new):
        r = u.clone()
        r[halo_index(tuple(u.shape), tuple(new.shape))] = new
        return r

    return SimpleNamespace(where=torch.where, maximum=maximum, minimum=minimum, sqrt=torch.sqrt,
                           abs=torch.abs, exp=torch.exp, interior=interior, max=torch.max,
                           sum=torch.sum)


def jax_ops():
    """jax.numpy's functions; ``interior`` is the ``.at[...].set`` idiom."""
    import jax.numpy as jnp

    def interior(u, new):
        return u.at[halo_index(tuple(u.shape), tuple(new.shape))].set(new)

    return SimpleNamespace(where=jnp.where, maximum=jnp.maximum, minimum=jnp.minimum, sqrt=jnp.sqrt,
                           abs=jnp.abs, exp=jnp.exp, interior=interior, max=jnp.max, sum=jnp.sum)


def kfuse_ops():
    """The module ``kfuse`` itself (its functions trace into the program)."""
    import kfuse

    return kfuse


FACTORIES = {"numpy": numpy_ops, "cupy": cupy_ops, "torch": torch_ops, "jax": jax_ops,
             "kfuse": kfuse_ops}


def get(framework: str):
    """The ops namespace of ``framework`` (numpy, cupy, torch, jax, kfuse)."""
    try:
        return FACTORIES[framework]()
    except KeyError:
        raise ValueError(f"no ops for {framework!r}; known: {', '.join(FACTORIES)}") from None
