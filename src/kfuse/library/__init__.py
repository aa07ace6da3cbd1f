"""The library of elementary functions: built-ins plus those users register.

>>> import kfuse
>>> kfuse.library.get("gemv").hof
'nested_reduce'
"""
from __future__ import annotations

from ..errors import UnknownFunctionError
from .base import ElementaryFunction, Param, HOFS, COMBINES
from .builtins import BUILTINS, ELEMENTWISE, Elementwise
from .contraction import GEMM, Contraction, contract
from .blas3 import BLAS3
from .trsm import TRSM
from .remap import REMAPS

_REGISTRY: dict = {f.name: f for f in BUILTINS + [GEMM] + BLAS3 + TRSM + REMAPS}


def get(name: str) -> ElementaryFunction:
    """The function called ``name``; UnknownFunctionError lists near matches."""
    try:
        return _REGISTRY[name]
    except KeyError:
        import difflib
        close = difflib.get_close_matches(name, list(_REGISTRY), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UnknownFunctionError(f"unknown function {name!r}{hint}") from None


def names() -> list:
    return sorted(_REGISTRY)


def register(name: str, hof: str, inputs, outputs, compute: str, *, combine: str | None = None,
             finalize: str | None = None, reduce_axis: str | None = None, reference=None,
             doc: str = "", flops: int = 1, replace: bool = False) -> ElementaryFunction:
    """Add a user function to the library; it then works like the built-ins.

    ``inputs``/``outputs`` are Param objects or tuples ``(name, kind[, index])``.
    ``compute`` is CUDA: statements assigning the output (map) or folding one
    element into ``acc`` (reduce).  ``reference`` is a NumPy implementation
    ``f(**inputs) -> {output: array}`` used by tests and the CPU fallback.

    >>> register("relu_axpy", "map", [("a", "scalar"), ("x", "elem"), ("y", "elem")],
    ...          [("z", "elem")], "z = kf_op_max(a * x + y, T(0));",
    ...          reference=lambda a, x, y: {"z": np.maximum(a * x + y, 0)})  # doctest: +SKIP
    """
    if name in _REGISTRY and not replace:
        raise ValueError(f"function {name!r} already exists (pass replace=True to redefine it)")
    if not name.isidentifier():
        raise ValueError(f"function name must be an identifier, got {name!r}")
    fn = ElementaryFunction(name, hof, tuple(_param(p) for p in inputs), tuple(_param(p) for p in outputs),
                            compute, combine=combine, finalize=finalize, reduce_axis=reduce_axis,
                            reference=reference, doc=doc, flops=flops, builtin=False)
    if fn.is_reduce and finalize is None:
        fn.finalize = f"{fn.output.name} = acc;"
    _REGISTRY[name] = fn
    return fn


def unregister(name: str) -> None:
    """Remove a user function (built-ins cannot be removed)."""
    fn = get(name)
    if fn.builtin:
        raise ValueError(f"{name!r} is a built-in function")
    del _REGISTRY[name]


def _param(p) -> Param:
    if isinstance(p, Param):
        return p
    if isinstance(p, dict):
        return Param(**p)
    return Param(*p)


__all__ = ["ElementaryFunction", "Param", "HOFS", "COMBINES", "Contraction", "contract", "get", "names", "register", "unregister"]
