"""Named library calls in BLAS style: ``kfuse.blas.gemv(A, x, trans=..., alpha=..., beta=..., y=...)``.

Inside a ``@kfuse.jit`` function they record calls; outside one they compile
(once per signature) and run a one-call program, so they also work eagerly
on CuPy arrays.  All are out of place: they return new arrays.  Options are spelled as in
cuBLAS, SciPy or the reference BLAS (``trans="N"``/``"T"``/``"C"`` or a bool, ``side="L"``,
``uplo="U"``, ``diag="U"``, any case) or in kfuse's words (``side="left"``...): see
:mod:`kfuse.blas_options`; anything else is refused naming the argument.
"""
from __future__ import annotations

import inspect

from .api import JitFunction, trace_precision
from .blas_options import diag_of, is_complex, side_of, trans_of, uplo_of
from .errors import ArgumentError, KfuseError
from .frontend.trace import Tensor, as_operand, current_builder

_EAGER: dict = {}


def _builder(*xs):
    b = current_builder()
    for x in xs:
        if isinstance(x, Tensor):
            return x._b
    return b


def _run(name: str, body, args: tuple, static: dict, out=None):
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
        names = [n for n, p in zip(_arg_names(body, len(args)), present) if p]
        eager.__signature__ = inspect.Signature(
            [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names])
        jf = _EAGER[key] = JitFunction(eager, name=name)
    return jf(*[a for a in args if a is not None], out=out)


def _arg_names(body, count: int) -> list:
    """The names of ``body``'s first ``count`` arguments after the builder: the BLAS names
    (``A``, ``x``, ``alpha``, ...) an eager call's values, kernel parameters and errors use."""
    names = getattr(body, "arg_names", None)
    if names is None:
        names = [p for p in inspect.signature(body).parameters][1:]
    if len(names) < count:
        raise KfuseError(f"{getattr(body, '__name__', body)}: {count} arguments, {len(names)} names")
    return list(names[:count])


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


def gemv(A, x, trans=False, alpha=1.0, beta=None, y=None):
    """``alpha * op(A) x + beta * y`` with ``op(A) = A`` or ``A.T`` (``trans``: ``'T'``/``'C'``
    or True; ``'N'`` or False: A; see :mod:`kfuse.blas_options`).

    ``beta`` defaults to 1 when ``y`` is given.  Conjugate transposes are not
    supported yet (use ``A.conj()`` explicitly in a later version).
    """
    return _run("gemv", _gemv_body, (A, x, alpha, beta, y), {"trans": trans_of("gemv", "trans", trans, is_complex(A))})


#: exact fp32 on CUDA cores; TF32 tensor cores (mma.sync); 3xTF32 tensor cores (error-compensated fp32)
PRECISIONS = ("ieee", "tf32", "fp32x3")


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


def gemm(A, B, transa=False, transb=False, alpha=1.0, beta=0.0, C=None, precision: str | None = None):
    """``alpha * op(A) op(B) + beta * C`` (BLAS gemm, out of place: a new m x n array), with
    ``op(X) = X`` or ``X.T`` (``transa``/``transb``: ``'N'``, ``'T'``/``'C'`` or a bool; read
    transposed, no copy).  ``C`` is read
    only when given with a nonzero ``beta``.  ``precision``: ``"ieee"`` (exact float32/float64
    on CUDA cores), ``"tf32"`` (float32 on TF32 tensor cores: operands rounded to 10-bit
    mantissas, fp32 sums) or ``"fp32x3"`` (float32 on TF32 tensor cores, each operand split into
    a TF32 head and tail and three products summed: an error of fp32's order; float64 stays
    exact in both); None: the setting ``kfuse.config`` ``precision``
    ("ieee" unless changed).  Inside ``kfuse.jit`` a named precision applies to the whole jitted
    function: its products share one (two calls naming different ones are refused)."""
    from . import config
    transa = trans_of("gemm", "transa", transa, is_complex(A))
    transb = trans_of("gemm", "transb", transb, is_complex(B))
    named = precision is not None
    precision = config.get().precision if precision is None else precision
    if precision not in PRECISIONS:
        raise ArgumentError(f"gemm: precision={precision!r} is not supported (supported: "
                            f"{', '.join(map(repr, PRECISIONS))})")
    if _builder(A, B, alpha, beta, C) is not None:
        if named:
            trace_precision("gemm", precision)
        return _gemm(A, B, transa, transb, alpha, beta, C)
    with config.override(precision=precision):
        return _gemm(A, B, transa, transb, alpha, beta, C, precision)


def _gemm(A, B, transa, transb, alpha, beta, C, precision="ieee"):
    """:func:`gemm` after its precision is settled (``precision`` keys the eager cache)."""
    if C is None and not _is_zero(beta):
        raise ArgumentError(f"gemm: beta={beta!r} needs C")
    if C is None or _is_zero(beta):
        C, beta = None, None   # BLAS: C is not read when beta is 0 (nor passed, when absent)
    alpha = None if (isinstance(alpha, (int, float)) and not isinstance(alpha, bool) and alpha == 1) else alpha
    static = {"transa": transa, "transb": transb}
    if precision != "ieee":
        static["precision"] = precision
    return _run("gemm", _gemm_body, (A, B, alpha, beta, C), static)


def _check_choice(fn: str, name: str, value, choices: tuple) -> str:
    if value not in choices:
        raise ArgumentError(f"{fn}: {name}={value!r} must be one of {', '.join(map(repr, choices))}")
    return value


def _blas3_args(fn: str, alpha, beta, C, precision) -> tuple:
    """(alpha, beta, C) normalised as gemm does (alpha 1 -> absent; C unread when beta is 0);
    ``precision`` checked (one of :data:`PRECISIONS` or None: the setting's)."""
    if precision is not None and precision not in PRECISIONS:
        raise ArgumentError(f"{fn}: precision={precision!r} is not supported (supported: "
                            f"{', '.join(map(repr, PRECISIONS))})")
    if C is None and not _is_zero(beta):
        raise ArgumentError(f"{fn}: beta={beta!r} needs C")
    if C is not None and _is_zero(beta):
        C, beta = None, None
    alpha = None if (isinstance(alpha, (int, float)) and not isinstance(alpha, bool) and alpha == 1) else alpha
    return alpha, beta, C


def _run_precise(name: str, precision, args: tuple, static: dict, out=None, body=None):
    """:func:`_run` of a structured routine (``_product_body``) in ``precision`` (None: the
    setting's), as :func:`gemm` does: eagerly under ``config.override(precision=...)`` (keyed by
    it: "tf32" plans run on engine mma_tf32, float64 stays ieee); inside ``kfuse.jit`` a named
    precision is the whole jitted function's (:func:`kfuse.api.trace_precision`: its products
    share one).  ``body``: the routine's (default ``_product_body``; it takes a ``precision``
    keyword)."""
    from . import config
    body = body or _product_body
    setting = config.get().precision
    if _builder(*args) is not None:
        if precision is not None:
            trace_precision(name, precision)
        return _run_out(name, body, args, static, out)
    precision = setting if precision is None else precision
    with config.override(precision=precision):
        return _run_out(name, body, args, dict(static, precision=precision) if precision != "ieee" else static, out)


def _product_body(b, A, B, alpha, beta, C, fn, mark=None, side="left", trans_a=False, trans_b=False,
                  trans_c=False, precision="ieee"):
    """``alpha * op(A) op(B) + beta * C`` through the builder's product routing: ``mark``
    (structure, uplo, unit) marks A first; ``side`` "right" multiplies the other way round;
    ``fn`` (syr2k) calls that function directly; ``trans_c``: C read transposed (a symmetric
    result reads C's lower triangle: C.T's is C's upper); ``precision`` keys the eager cache only
    (the plan reads the setting)."""
    if not isinstance(A, Tensor) or (B is not None and not isinstance(B, Tensor)):
        raise ArgumentError("A and B must be arrays (matrices)")
    a = as_operand(b, A)
    if mark is not None:
        a = b.mark(a, *mark)
    a = b.transpose(a) if trans_a else a
    x = as_operand(b, B) if B is not None else None
    x = b.transpose(x) if (x is not None and trans_b) else x
    if fn == "syrk":
        x = b.transpose(a)
    first, second = (a, x) if side == "left" else (x, a)
    args = {"alpha": as_operand(b, alpha) if alpha is not None else None}
    if C is not None:
        args["beta"], args["C"] = as_operand(b, beta), as_operand(b, C)
        if trans_c:
            args["C"] = b.transpose(args["C"])
    if fn == "syr2k":
        return Tensor(b, b.call("syr2k", {"A": first, "B": second, **args}))
    return Tensor(b, b.gemm(first, second, args["alpha"], args.get("beta"), args.get("C")))


def symm(A, B, side="left", uplo="lower", alpha=1.0, beta=0.0, C=None, precision: str | None = None):
    """``alpha * S B + beta * C`` (side "left") or ``alpha * B S + beta * C`` ("right") with
    ``S`` the symmetric matrix whose ``uplo`` triangle is stored in ``A`` (the other triangle is
    never read).  BLAS symm, out of place: a new array.  ``precision``: as :func:`gemm`'s
    ("tf32": float32 on TF32 tensor cores, engine mma_tf32; None: the setting's)."""
    side, uplo = side_of("symm", side), uplo_of("symm", uplo)
    A = _unwrap("symm", A, "sym", uplo)
    alpha, beta, C = _blas3_args("symm", alpha, beta, C, precision)
    return _run_precise("symm", precision, (A, B, alpha, beta, C),
                {"fn": "symm", "mark": ("sym", uplo, False), "side": side})


def trmm(A, B, side="left", uplo="lower", trans=False, diag="nonunit", alpha=1.0,
         precision: str | None = None, out=None):
    """``alpha * op(T) B`` (side "left") or ``alpha * B op(T)`` ("right"), ``T`` the triangular
    matrix in ``A``'s ``uplo`` triangle (zero elsewhere, never read), ``op(T) = T`` or ``T.T``
    (``trans``), ``diag`` "unit": ones on the diagonal (never read).  BLAS trmm: a new array, or
    ``out`` (which may be ``B`` itself: BLAS's in-place form).  ``precision``: as :func:`gemm`'s."""
    side, uplo, diag = side_of("trmm", side), uplo_of("trmm", uplo), diag_of("trmm", diag)
    trans = trans_of("trmm", "trans", trans, is_complex(A))
    A = _unwrap("trmm", A, "tri", uplo, diag == "unit")
    alpha, _, _ = _blas3_args("trmm", alpha, 0.0, None, precision)
    return _run_precise("trmm", precision, (A, B, alpha, None, None),
                        {"fn": "trmm", "mark": ("tri", uplo, diag == "unit"), "side": side, "trans_a": trans},
                        out)


def syrk(A, uplo="lower", trans=False, alpha=1.0, beta=0.0, C=None, precision: str | None = None):
    """``alpha * A A^T + beta * C`` (``trans`` False, A n x k) or ``alpha * A^T A + beta * C``
    (True): the FULL symmetric n x n result (the triangle computed once and mirrored, so it equals
    NumPy's); ``C`` is read in its ``uplo`` triangle only.  BLAS syrk, out of place.
    ``precision``: as :func:`gemm`'s."""
    uplo, trans = uplo_of("syrk", uplo), trans_of("syrk", "trans", trans, is_complex(A))
    alpha, beta, C = _blas3_args("syrk", alpha, beta, C, precision)
    return _run_precise("syrk", precision, (A, None, alpha, beta, C),
                {"fn": "syrk", "trans_a": trans, "trans_c": uplo == "upper"})


def syr2k(A, B, uplo="lower", trans=False, alpha=1.0, beta=0.0, C=None, precision: str | None = None):
    """``alpha * (A B^T + B A^T) + beta * C`` (``trans`` False, A and B n x k) or ``alpha *
    (A^T B + B^T A) + beta * C`` (True): the FULL symmetric result; ``C`` read in its ``uplo``
    triangle only.  BLAS syr2k, out of place.  ``precision``: as :func:`gemm`'s."""
    uplo, trans = uplo_of("syr2k", uplo), trans_of("syr2k", "trans", trans, is_complex(A))
    alpha, beta, C = _blas3_args("syr2k", alpha, beta, C, precision)
    return _run_precise("syr2k", precision, (A, B, alpha, beta, C),
                {"fn": "syr2k", "trans_a": trans, "trans_b": not trans, "trans_c": uplo == "upper"})


def _trsm_body(b, A, B, alpha, side="left", uplo="lower", unit=False, trans_a=False, precision="ieee"):
    """``alpha * op(T)^-1 B`` / ``alpha * B op(T)^-1``: A marked triangular, read through a
    ``.T`` view for ``trans_a``; the function by the triangle as read (``precision`` keys the
    eager cache only: the plan reads the setting)."""
    from .library.trsm import trsm_name
    if not isinstance(A, Tensor) or not isinstance(B, Tensor):
        raise ArgumentError("trsm: A and B must be arrays (matrices)")
    a = b.mark(as_operand(b, A), "tri", uplo, unit)
    a = b.transpose(a) if trans_a else a
    read = b.type_of(a)
    args = {"A": a, "B": as_operand(b, B)}
    if alpha is not None:
        args["alpha"] = as_operand(b, alpha)
    return Tensor(b, b.call(trsm_name(side, read.uplo, read.unit), args))


def trsm(A, B, side="left", uplo="lower", trans=False, diag="nonunit", alpha=1.0,
         precision: str | None = None, out=None):
    """``X = alpha * op(T)^-1 B`` (side "left": solves ``op(T) X = alpha B``) or ``alpha * B op(T)^-1``
    ("right": ``X op(T) = alpha B``), ``T`` the triangular matrix in ``A``'s ``uplo`` triangle (the
    other triangle is never read), ``op(T) = T`` or ``T.T`` (``trans``), ``diag`` "unit": ones on the
    diagonal (never read).  BLAS trsm; a new array, or ``out`` (which may be ``B`` itself: BLAS's
    in-place form).  ``precision``: as :func:`gemm`'s; "tf32" runs a float32 solve's GEMM updates on
    TF32 tensor cores (engine mma_tf32), the diagonal blocks stay exact FFMA, float64 stays exact."""
    side, uplo, diag = side_of("trsm", side), uplo_of("trsm", uplo), diag_of("trsm", diag)
    trans = trans_of("trsm", "trans", trans, is_complex(A))
    if precision is not None:
        _check_choice("trsm", "precision", precision, PRECISIONS)
    A = _unwrap("trsm", A, "tri", uplo, diag == "unit")
    alpha = None if (isinstance(alpha, (int, float)) and not isinstance(alpha, bool) and alpha == 1) else alpha
    static = {"side": side, "uplo": uplo, "unit": diag == "unit", "trans_a": trans}
    return _run_precise("trsm", precision, (A, B, alpha), static, out, body=_trsm_body)


def _run_out(name: str, body, args: tuple, static: dict, out):
    """:func:`_run`, the result written into ``out`` when given (outside ``kfuse.jit`` only): passed
    to the launch when it shares no memory with the inputs, else copied in after (``out=B``, BLAS's
    in-place form).  ``out`` sharing memory with any other argument (A, a device alpha) is refused:
    writing it would change an input the routine reads."""
    if out is None:
        return _run(name, body, args, static)
    if _builder(*args) is not None:
        raise ArgumentError(f"{name}: out= is for eager calls; inside kfuse.jit return the result "
                            "(the jitted function's call takes out=)")
    names = _arg_names(body, len(args))
    hit = [n for n, a in zip(names, args) if a is not None and _shares_memory(out, (a,))]
    if any(n != "B" for n in hit):
        raise ArgumentError(f"{name}: out= shares memory with {next(n for n in hit if n != 'B')!r}; only B "
                            "may be overwritten (BLAS's in-place form): the routine never writes its inputs")
    if not hit:
        return _run(name, body, args, static, out=out)
    res = _run(name, body, args, static)
    if hasattr(out, "copy_"):   # torch
        out.copy_(res)
    else:
        out[...] = res
    return out


def _span(x):
    """(first byte, one past the last byte) of the elements of device array ``x`` (CuPy or torch,
    any strides, negative ones included), or None where ``x`` is no array or has no element."""
    x = getattr(x, "array", x) if getattr(x, "_kfuse_structured", False) else x
    if x is None or isinstance(x, (int, float, complex)):
        return None
    try:
        if hasattr(x, "data_ptr"):        # torch: strides in elements
            item = x.element_size()
            ptr, strides = x.data_ptr(), [st * item for st in x.stride()]
        else:
            ptr, item, strides = x.data.ptr, x.itemsize, list(x.strides)
        shape = tuple(int(n) for n in x.shape)
    except (AttributeError, TypeError):
        return None
    if 0 in shape:
        return None
    reach = [st * (n - 1) for st, n in zip(strides, shape)]
    return ptr + sum(r for r in reach if r < 0), ptr + sum(r for r in reach if r > 0) + item


def _shares_memory(out, args: tuple) -> bool:
    """Whether device array ``out`` may overlap one of ``args``: their byte extents (from the first
    to the last element, whatever the strides) intersect."""
    o = _span(out)
    if o is None:
        return False
    for a in args:
        s = _span(a)
        if s and s[0] < o[1] and o[0] < s[1]:
            return True
    return False


def _unwrap(fn: str, X, structure: str, uplo: str, unit: bool = False):
    """The array of a named call's structured argument: a :class:`Structured` must agree with the
    call's own ``uplo``/``diag`` (one clear error when it does not)."""
    if not getattr(X, "_kfuse_structured", False):   # a kfuse.structure.Structured
        return X
    if X.structure != structure or X.uplo != uplo or (structure == "tri" and X.unit != unit):
        raise ArgumentError(f"{fn}: A is marked {X.structure}={X.uplo}{', unit' if X.unit else ''} but the call "
                            f"says {structure}={uplo}{', unit' if unit else ''}")
    return X.array


def _is_zero(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == 0


def _body(fn, names):
    def body(b, *args):
        return _call(b, fn, **dict(zip(names, args)))
    body.arg_names = tuple(names)
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


__all__ = ["gemm", "symm", "trmm", "syrk", "syr2k", "trsm", "gemv", "axpy", "axpby", "waxpby", "scal", "copy", "dot", "dotc", "nrm2", "asum", "ger",
           "madd", "call"]
