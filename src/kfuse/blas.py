"""Named library calls in BLAS style: ``kfuse.blas.gemv(A, x, trans=..., alpha=..., beta=..., y=...)``.

Inside a ``@kfuse.jit`` function they record calls; outside one they compile
(once per signature) and run a one-call program, so they also work eagerly
on CuPy arrays.  All are out of place: they return new arrays.
"""
from __future__ import annotations

import inspect

from .api import JitFunction
from .errors import ArgumentError, KfuseError
from .frontend.trace import Tensor, as_operand, current_builder

_EAGER: dict = {}


def _builder(*xs):
    b = current_builder()
    for x in xs:
        if isinstance(x, Tensor):
            return x._b
    return b


def _run(name: str, body, args: tuple, static: dict):
    """Trace ``body`` if we are tracing, else compile and run it eagerly."""
    b = _builder(*args)
    if b is not None:
        return body(b, *args, **static)
    present = tuple(a is not None for a in args)
    key = (name, tuple(sorted(static.items())), present)
    jf = _EAGER.get(key)
    if jf is None:
        def eager(*xs):
            it = iter(xs)
            full = [next(it) if p else None for p in present]
            return body(current_builder(), *full, **static)
        eager.__name__ = name
        eager.__signature__ = inspect.Signature(
            [inspect.Parameter(f"arg{i}", inspect.Parameter.POSITIONAL_OR_KEYWORD) for i in range(sum(present))])
        jf = _EAGER[key] = JitFunction(eager, name=name)
    return jf(*[a for a in args if a is not None])


def _call(b, fn: str, **args):
    return Tensor(b, b.call(fn, {k: as_operand(b, v) for k, v in args.items() if v is not None}))


def _gemv_body(b, A, x, alpha, beta, y, trans=False):
    if not isinstance(A, Tensor):
        raise KfuseError("gemv: A must be an array")
    base = b.values[A._name].view_of if b.values[A._name].window is None else None
    if base:  # A is a transpose view: use the other variant on the base matrix
        A, trans = Tensor(b, base), not trans
    if y is not None and beta is None:
        beta = 1.0
    return _call(b, "gemv_t" if trans else "gemv", A=A, x=x, alpha=alpha,
                 beta=beta if y is not None else None, y=y)


def gemv(A, x, trans: bool = False, alpha=1.0, beta=None, y=None):
    """``alpha * op(A) x + beta * y`` with ``op(A) = A`` or ``A.T`` (``trans=True``).

    ``beta`` defaults to 1 when ``y`` is given.  Conjugate transposes are not
    supported yet (use ``A.conj()`` explicitly in a later version).
    """
    return _run("gemv", _gemv_body, (A, x, alpha, beta, y), {"trans": bool(trans)})


PRECISIONS = ("ieee", "tf32")   # exact fp32 on CUDA cores; TF32 tensor cores (mma.sync)


def _gemm_body(b, A, B, alpha, beta, C, transa=False, transb=False, precision="ieee"):
    if not isinstance(A, Tensor) or not isinstance(B, Tensor):
        raise ArgumentError("gemm: A and B must be arrays (matrices)")
    A = A.T if transa else A
    B = B.T if transb else B
    args = {"A": as_operand(b, A), "B": as_operand(b, B)}
    if alpha is not None:
        args["alpha"] = as_operand(b, alpha)
    if C is not None:
        args["beta"], args["C"] = as_operand(b, beta), as_operand(b, C)
    return Tensor(b, b.gemm(args["A"], args["B"], args.get("alpha"), args.get("beta"), args.get("C")))


def gemm(A, B, transa: bool = False, transb: bool = False, alpha=1.0, beta=0.0, C=None, precision: str | None = None):
    """``alpha * op(A) op(B) + beta * C`` (BLAS gemm, out of place: a new m x n array), with
    ``op(X) = X`` or ``X.T`` (``transa``/``transb``: read transposed, no copy).  ``C`` is read
    only when given with a nonzero ``beta``.  ``precision``: ``"ieee"`` (exact float32/float64
    on CUDA cores) or ``"tf32"`` (float32 on TF32 tensor cores: operands rounded to 10-bit
    mantissas, fp32 sums; float64 stays exact); None: the setting ``kfuse.config`` ``precision``
    ("ieee" unless changed).  Inside ``kfuse.jit`` the precision is the setting's: wrap the call
    of the jitted function in ``kfuse.config.override(precision="tf32")``."""
    from . import config
    precision = config.get().precision if precision is None else precision
    if precision not in PRECISIONS:
        raise ArgumentError(f"gemm: precision={precision!r} is not supported (supported: "
                            f"{', '.join(map(repr, PRECISIONS))})")
    if _builder(A, B, alpha, beta, C) is not None:
        if precision != config.get().precision:
            raise ArgumentError(f"gemm: precision={precision!r} inside kfuse.jit, where the setting is "
                                f"{config.get().precision!r}: a jitted function's products share one precision; "
                                f"call it inside kfuse.config.override(precision={precision!r})")
        return _gemm(A, B, transa, transb, alpha, beta, C)
    with config.override(precision=precision):
        return _gemm(A, B, transa, transb, alpha, beta, C, precision)


def _gemm(A, B, transa, transb, alpha, beta, C, precision="ieee"):
    """:func:`gemm` after its precision is settled (``precision`` keys the eager cache)."""
    if C is None and not _is_zero(beta):
        raise ArgumentError(f"gemm: beta={beta!r} needs C")
    if C is not None and _is_zero(beta):
        C, beta = None, None   # BLAS: C is not read when beta is 0
    alpha = None if (isinstance(alpha, (int, float)) and not isinstance(alpha, bool) and alpha == 1) else alpha
    static = {"transa": bool(transa), "transb": bool(transb)}
    if precision != "ieee":
        static["precision"] = precision
    return _run("gemm", _gemm_body, (A, B, alpha, beta, C), static)


def _is_zero(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == 0


def _body(fn, names):
    def body(b, *args):
        return _call(b, fn, **dict(zip(names, args)))
    return body


def axpy(alpha, x, y):
    """``alpha * x + y``."""
    return _run("axpy", _body("axpy", ("alpha", "x", "y")), (alpha, x, y), {})


def axpby(alpha, x, beta, y):
    """``alpha * x + beta * y``."""
    return _run("axpby", _body("axpby", ("alpha", "x", "beta", "y")), (alpha, x, beta, y), {})


def waxpby(alpha, x, beta, y):
    """``w = alpha * x + beta * y``."""
    return _run("waxpby", _body("waxpby", ("alpha", "x", "beta", "y")), (alpha, x, beta, y), {})


def scal(alpha, x):
    """``alpha * x``."""
    return _run("scal", _body("scal", ("alpha", "x")), (alpha, x), {})


def copy(x):
    """A copy of ``x``."""
    return _run("copy", _body("copy", ("x",)), (x,), {})


def dot(x, y):
    """``sum(x * y)`` (no conjugation) as a 0-d device array."""
    return _run("dot", _body("dot", ("x", "y")), (x, y), {})


def dotc(x, y):
    """``sum(conj(x) * y)``."""
    return _run("dotc", _body("dotc", ("x", "y")), (x, y), {})


def nrm2(x):
    """Euclidean norm of ``x`` (real) as a 0-d device array."""
    return _run("nrm2", _body("nrm2", ("x",)), (x,), {})


def asum(x):
    """``sum(|Re x| + |Im x|)`` (BLAS asum)."""
    return _run("asum", _body("asum", ("x",)), (x,), {})


def ger(A, x, y, alpha=1.0):
    """``A + alpha * x y^T`` (out of place)."""
    return _run("ger", _body("ger", ("A", "x", "y", "alpha")), (A, x, y, alpha), {})


def madd(A, B):
    """``A + B`` for matrices."""
    return _run("madd", _body("madd", ("A", "B")), (A, B), {})


def call(fn_name: str, *args, **kwargs):
    """Call any library function (built-in or registered) by name with positional/keyword args."""
    from . import library
    fn = library.get(fn_name)
    names = [p.name for p in fn.inputs]
    if len(args) > len(names):
        raise KfuseError(f"{fn_name} takes at most {len(names)} arguments")
    full = dict(zip(names, args))
    for k, v in kwargs.items():
        if k not in names:
            raise KfuseError(f"{fn_name} has no parameter {k!r}")
        full[k] = v
    ordered = tuple(full.get(n) for n in names)
    return _run(f"call_{fn_name}", _body(fn_name, tuple(names)), ordered, {})


__all__ = ["gemv", "axpy", "axpby", "waxpby", "scal", "copy", "dot", "dotc", "nrm2", "asum", "ger",
           "madd", "call"]
