"""The GEMM kernel spec: what an engine prints, and the checks every engine runs first.

A :class:`GemmKernelSpec` -- sizes, the two operands' layouts (:class:`GemmOperand`), the
scheme (:class:`kfuse.spaces.gemm.scheme.GemmScheme`) and an epilogue (:class:`GemmEpilogue`)
-- describes ``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j], i, j)``; an engine turns it
into a :class:`GemmSource`.  :func:`check_spec` raises, naming the field, where a spec cannot
be emitted.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from ...errors import ArgumentError, DTypeError, PlanError, ShapeError
from ...spaces.gemm import engines
from ...spaces.gemm.scheme import DTYPES, GemmScheme
from . import prologue as gemm_prologue
from .reduce import check_reductions
from .structure import check_names, check_output, check_structure

#: a C identifier
IDENT = re.compile(r"[A-Za-z_]\w*$")


@dataclasses.dataclass(frozen=True)
class GemmOperand:
    """How the kernel reads an operand ``op(X)`` of logical shape rows x cols.

    ``name``: the C identifier of its pointer argument (``const T* __restrict__``).
    ``trans``: op(X) = X^T (X stored cols x rows).  ``order``: memory order of the *stored*
    array, ``"C"`` (row-major) or ``"F"``.  ``ld``: its leading dimension in elements (the
    stored array's row length for C order, column length for F; None: dense).
    ``align``: bytes the pointer is known to be aligned to (CuPy and torch allocations: 256;
    16 lets the loader use 16-byte copies; a view with an offset may need less)."""

    name: str
    trans: bool = False
    order: str = "C"
    ld: int | None = None
    align: int = 16
    #: "general" | "sym" | "tri" (square X; :mod:`kfuse.codegen.gemm.structure`): the triangle
    #: ``uplo`` of the *stored* X holds the data; ``diag`` "unit": a tri operand's diagonal is one
    structure: str = "general"
    uplo: str = "lower"
    diag: str = "nonunit"
    #: elements from the pointer to op(X)[0, 0]'s stored element (a sub-block: TRSM's updates),
    #: or the name of a ``long long`` kernel parameter holding it (one kernel for many launches);
    #: 0 writes no code (``align`` must hold for the shifted pointer)
    offset: int | str = 0
    #: an elementwise map applied to each element as the tile loads (:class:`kfuse.codegen.
    #: gemm_prologue.GemmPrologue`; ``relu(A) @ B``); None: the operand as stored
    prologue: object = None


@dataclasses.dataclass(frozen=True)
class GemmEpilogue:
    """What happens to each accumulated value.

    ``params``: extra kernel parameters as (C declaration, name), e.g.
    ``("const float* __restrict__", "bias")``, ``("const float", "alpha")``.
    ``lines(i, j, acc)``: the statements for one element, given C expressions of its row, its
    column and the accumulated sum; they store the results themselves (the emitter guards them
    with ``i < M && j < N``).  None in a spec: store ``acc`` to the output ``c``.
    ``mirror(i, j)``: under ``c_uplo`` "mirror_lower", the statements that store at (j, i) the
    values ``lines`` computed at (i, j) (the symmetric element is the same value, not the
    epilogue evaluated again at (j, i), which would read its inputs' other triangle).
    ``reduce``: row and column sums of epilogue values (:class:`kfuse.codegen.gemm.reduce.
    GemmReduction`; ``lines`` add into their partials ``name[r]`` / ``name[q]``), combined
    across the block and finished after the element loop (FFMA engine only)."""

    params: tuple = ()
    lines: Callable[[str, str, str], list] | None = None
    mirror: Callable[[str, str], list] | None = None
    reduce: tuple = ()


@dataclasses.dataclass(frozen=True)
class GemmKernelSpec:
    """Everything an engine needs (:func:`kfuse.codegen.gemm.emit_gemm`): ``name`` of the
    kernel, ``dtype`` ("float32" or "float64"), sizes ``m``, ``n``, ``k``, operands ``a`` (m x k) and ``b`` (k x n), the
    output ``c`` (its pointer name, ``c_order`` and ``c_ld``), the ``scheme``, the
    ``epilogue`` and ``comment`` lines (the program's call, for readers of the CUDA)."""

    name: str
    dtype: str
    m: int
    n: int
    k: int
    a: GemmOperand
    b: GemmOperand
    c: str = "C"
    c_order: str = "C"
    c_ld: int | None = None
    scheme: GemmScheme = GemmScheme()
    epilogue: GemmEpilogue | None = None
    comment: tuple = ()
    #: "" (the full output) | "lower" | "upper" (only that triangle computed and stored; m == n)
    #: | "mirror_lower" (the lower triangle computed, each element stored at (i, j) and (j, i))
    c_uplo: str = ""
    #: (a2, b2): a second product accumulated, op(a) op(b) + op(a2) op(b2) (SYR2K); parameters
    #: a, b, a2, b2, c in that order
    second: tuple | None = None


@dataclasses.dataclass(frozen=True)
class GemmSource:
    """The emitted kernel: ``code`` (one ``extern "C" __global__`` function named ``name``),
    its ``params`` in order as (C declaration, name), the launch ``grid`` and ``block``, and
    ``shared_bytes`` of dynamic shared memory."""

    name: str
    code: str
    params: tuple
    grid: tuple
    block: tuple
    shared_bytes: int
    #: device scratch the launch needs, as (parameter name, kind, bytes): split-k's partial tiles
    #: ("partial") and per-tile arrival counters ("counter": zero at allocation, left zero)
    workspace: tuple = ()


def dense_ld(op: GemmOperand, rows: int, cols: int) -> tuple:
    """(stored rows, stored cols, smallest legal ld) of op(X) of logical shape rows x cols."""
    srows, scols = (cols, rows) if op.trans else (rows, cols)
    return srows, scols, max(1, scols if op.order == "C" else srows)


def _check_operand(role: str, op, rows: int, cols: int) -> None:
    if not isinstance(op, GemmOperand):
        raise ArgumentError(f"GEMM operand {role} must be a GemmOperand, got {type(op).__name__}")
    if not isinstance(op.name, str) or not IDENT.match(op.name):
        raise ArgumentError(f"GEMM operand {role}: name {op.name!r} is not a C identifier")
    if op.order not in ("C", "F"):
        raise ArgumentError(f"GEMM operand {role} ({op.name}): order must be 'C' or 'F', got {op.order!r}")
    _, _, need = dense_ld(op, rows, cols)
    need = need if rows * cols else 0           # an empty operand's ld is never used
    if op.ld is not None and (isinstance(op.ld, bool) or not isinstance(op.ld, int) or op.ld < need):
        raise ShapeError(f"GEMM operand {role} ({op.name}): ld={op.ld!r} is less than the "
                         f"{'row' if op.order == 'C' else 'column'} length {need} of its stored array")
    if isinstance(op.align, bool) or not isinstance(op.align, int) or op.align < 1:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): align must be a positive integer")
    if isinstance(op.offset, str):
        if not IDENT.match(op.offset):
            raise ArgumentError(f"GEMM operand {role} ({op.name}): offset {op.offset!r} is not a C identifier")
    elif isinstance(op.offset, bool) or not isinstance(op.offset, int) or op.offset < 0:
        raise ArgumentError(f"GEMM operand {role} ({op.name}): offset must be a non-negative integer or the "
                            "name of a long long parameter")


def check_spec(spec: GemmKernelSpec) -> None:
    """Raise a KfuseError naming the field where ``spec`` cannot be emitted, on any engine:
    the engine's features first (:func:`_check_engine_features`), then the fields, the operands
    and their structure and prologues, the output, the names, the reductions, and last the
    scheme's own refusals (``GemmScheme.refusals``, the reasons ``GemmSpace.validate`` gives a
    plan: one function for both; the checks here are those of a spec built without a plan, by
    the TRSM lowering or by hand)."""
    _check_kinds(spec)
    _check_engine_features(spec)
    if spec.dtype not in DTYPES:
        raise DTypeError(f"GEMM dtype {spec.dtype!r}: the emitter builds float32 and float64")
    for f in ("m", "n", "k"):
        v = getattr(spec, f)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ShapeError(f"GEMM size {f}={v!r} must be a non-negative integer")
    for f in ("name", "c"):
        if not isinstance(getattr(spec, f), str) or not IDENT.match(getattr(spec, f)):
            raise ArgumentError(f"GEMM {f} {getattr(spec, f)!r} is not a C identifier")
    _check_operand("a", spec.a, spec.m, spec.k)
    _check_operand("b", spec.b, spec.k, spec.n)
    check_structure("a", spec.a, spec.m, spec.k)
    check_structure("b", spec.b, spec.k, spec.n)
    for role, op, tile in (("a", spec.a, spec.scheme.bm), ("b", spec.b, spec.scheme.bn)):
        if op.prologue is not None:
            gemm_prologue.check(role, op, tile, spec.scheme.bk, spec.scheme.threads, spec.scheme.engine)
    check_output(spec)
    for role, op, rows, cols in zip(("a2", "b2"), spec.second or (), (spec.m, spec.k), (spec.k, spec.n)):
        _check_operand(role, op, rows, cols)
    if spec.second and getattr(spec.scheme, "splitk", 1) > 1:
        raise PlanError(f"GEMM scheme splitk={spec.scheme.splitk}: split-k of two products (SYR2K) is not built; "
                        "use splitk=1")
    check_names(spec)
    check_reductions(spec)
    if spec.c_order not in ("C", "F"):
        raise ArgumentError(f"GEMM c_order must be 'C' or 'F', got {spec.c_order!r}")
    need = max(1, spec.n if spec.c_order == "C" else spec.m)
    if spec.c_ld is not None and (not isinstance(spec.c_ld, int) or spec.c_ld < need):
        raise ShapeError(f"GEMM c_ld={spec.c_ld!r} is less than {need}")
    if not isinstance(spec.scheme, GemmScheme):
        raise ArgumentError(f"GEMM scheme must be a GemmScheme, got {type(spec.scheme).__name__}")
    why = spec.scheme.refusals(spec.dtype, spec.m, spec.n, spec.k)
    if why:
        raise PlanError("GEMM scheme " + spec.scheme.to_text() + " refused:\n  " + "\n  ".join(why))
    if (spec.c_uplo == "mirror_lower" and spec.epilogue is not None and spec.epilogue.lines is not None
            and spec.epilogue.mirror is None):
        raise ArgumentError("GEMM spec: c_uplo 'mirror_lower' with an epilogue needs its mirror "
                            "stores (GemmEpilogue.mirror)")


def _check_kinds(spec: GemmKernelSpec) -> None:
    """The fields every later check reads attributes of, and the comment lines printed as they
    are: each of its type (a spec built by hand may hold anything)."""
    if not isinstance(spec.scheme, GemmScheme):
        raise ArgumentError(f"GEMM scheme must be a GemmScheme, got {type(spec.scheme).__name__}")
    if not isinstance(spec.dtype, str):
        raise DTypeError(f"GEMM dtype {spec.dtype!r}: the emitter builds float32 and float64")
    if spec.epilogue is not None and not isinstance(spec.epilogue, GemmEpilogue):
        raise ArgumentError(f"GEMM epilogue must be a GemmEpilogue or None, got {type(spec.epilogue).__name__}")
    if not isinstance(spec.comment, (tuple, list)) or \
            not all(isinstance(c, str) and "\n" not in c and "\r" not in c for c in spec.comment):
        raise ArgumentError(f"GEMM comment must be a tuple of one-line strings, got {spec.comment!r}")


def _check_engine_features(spec: GemmKernelSpec) -> None:
    """What only some engines print (their ``runs_reductions``, ``runs_prologues``): epilogue
    reductions and operand prologues."""
    engine = getattr(spec.scheme, "engine", "ffma")
    eng = engines.find(engine)
    if eng is not None and eng.runs_reductions and eng.runs_prologues:
        return
    if spec.epilogue is not None and spec.epilogue.reduce and not (eng and eng.runs_reductions):
        raise PlanError(f"GEMM engine {engine!r}: epilogue reductions (row / column sums of the "
                        "product) run on the ffma engine only for now")
    for role, op in (("a", spec.a), ("b", spec.b)):
        if op.prologue is not None and not (eng and eng.runs_prologues):
            gemm_prologue.check(role, op, 0, 1, 1, engine)


def comment_lines(sp: GemmKernelSpec, on: str, product: str, scheme: str, operands: list, second: list,
                  structures: bool) -> list:
    """The comment a GEMM kernel opens with: the product and its sizes, the scheme, what each
    operand's loads do (``operands``; ``second``: the second product's), the stored triangles of
    structured operands (``structures``), the output triangle and the spec's own comments."""
    ta, tb = ("T" if sp.a.trans else "N"), ("T" if sp.b.trans else "N")
    out = [f"// kfuse GEMM {ta}{tb} ({on}): {sp.c}[i, j] = epilogue({product}), m={sp.m} n={sp.n} k={sp.k}",
           f"// scheme: {scheme}", *("// " + d for d in operands)]
    out += ["// second product: " + d for d in second]
    for role, op in (("A", sp.a), ("B", sp.b)) if structures else ():
        if op.structure != "general":
            out.append(f"// {role} ({op.name}) is {op.structure}, {op.uplo} triangle stored"
                       + (f", {op.diag} diagonal" if op.structure == "tri" else ""))
    if sp.c_uplo:
        out.append(f"// output: c_uplo={sp.c_uplo}")
    return out + [f"// {c}" for c in sp.comment]
