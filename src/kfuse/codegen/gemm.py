"""The GEMM emitter: one block-tiled kernel written from a scheme (issue 20, seed 002).

CONTRACT (being built; see /work/wt/BLAS3_API.md).  :func:`emit_gemm` turns a
:class:`GemmKernelSpec` -- sizes, the two operands' layouts, the scheme
(:class:`kfuse.spaces.gemm_scheme.GemmScheme`) and an epilogue -- into CUDA C that computes
``C[i, j] = epilogue(sum_k op(A)[i, k] * op(B)[k, j], i, j)`` for ``0 <= i < m``, ``0 <= j < n``.
It is a pure function of the spec: the lowering (``codegen/lower_gemm.py``) builds the spec from
a plan; tests build specs by hand.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from ..spaces.gemm_scheme import GemmScheme


@dataclasses.dataclass(frozen=True)
class GemmOperand:
    """How the kernel reads an operand ``op(X)`` of logical shape rows x cols.

    ``name``: the C identifier of its pointer argument (``const T* __restrict__``).
    ``trans``: op(X) = X^T (X stored cols x rows).  ``order``: memory order of the *stored*
    array, ``"C"`` (row-major) or ``"F"``.  ``ld``: its leading dimension in elements (the
    stored array's row length for C order, column length for F; None: dense)."""

    name: str
    trans: bool = False
    order: str = "C"
    ld: int | None = None


@dataclasses.dataclass(frozen=True)
class GemmEpilogue:
    """What happens to each accumulated value.

    ``params``: extra kernel parameters as (C declaration, name), e.g.
    ``("const float* __restrict__", "bias")``, ``("const float", "alpha")``.
    ``lines(i, j, acc)``: the statements for one element, given C expressions of its row, its
    column and the accumulated sum; they store the results themselves (the emitter guards them
    with ``i < M && j < N``).  None in a spec: store ``acc`` to the output ``c``."""

    params: tuple = ()
    lines: Callable[[str, str, str], list] | None = None


@dataclasses.dataclass(frozen=True)
class GemmKernelSpec:
    """Everything :func:`emit_gemm` needs: ``name`` of the kernel, ``dtype`` ("float32" or
    "float64"), sizes ``m``, ``n``, ``k``, operands ``a`` (m x k) and ``b`` (k x n), the
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


def emit_gemm(spec: GemmKernelSpec) -> GemmSource:
    """The CUDA C of ``spec``.  Not written yet (issue 20 in progress)."""
    raise NotImplementedError("the GEMM emitter is being written (issue 20)")
