"""The GEMM epilogue both engines print: each accumulated element, guarded, stored (or handed to
the spec's epilogue statements), and mirrored under ``c_uplo`` "mirror_lower".

An engine says how its accumulators map to rows and columns (its nested loops, the lines that
set ``i`` and ``j``, the C expression of one accumulator); :func:`store_loop` prints the rest::

    // ---- epilogue: store acc to C (C order, ld 1000); rows i, columns j of this thread, guarded ----
    #pragma unroll
    for (int r = 0; r < TM; ++r) {
        const int i = ...;
        #pragma unroll
        for (int q = 0; q < TN; ++q) {
            const int j = ...;
            if (i < M && j < N) {
                C[(idx_t)i * 1000 + j] = acc[r][q];
            }
        }
    }
"""
from __future__ import annotations

import contextlib

from ..common import CodeBlock
from .structure import uplo_guard


def output_ld(spec) -> int:
    """The leading dimension of the output: ``c_ld``, else dense for ``c_order``."""
    return spec.c_ld or max(1, spec.n if spec.c_order == "C" else spec.m)


def element_statements(spec, acc: str) -> tuple:
    """(statements for the element (i, j) whose accumulator is ``acc``, what they do in words):
    the spec's epilogue lines, or a store to the output; under "mirror_lower", then the same
    value at (j, i) for the elements below the diagonal."""
    ldc = output_ld(spec)
    mirror = []
    if spec.epilogue is not None and spec.epilogue.lines is not None:
        stmts = list(spec.epilogue.lines("i", "j", acc))
        if spec.c_uplo == "mirror_lower":
            mirror = list(spec.epilogue.mirror("i", "j"))
        what = "the epilogue"
    else:
        def addr(i, j):
            return f"(idx_t){i} * {ldc} + {j}" if spec.c_order == "C" else f"{i} + (idx_t){j} * {ldc}"
        stmts = [f"{spec.c}[{addr('i', 'j')}] = {acc};"]
        if spec.c_uplo == "mirror_lower":
            mirror = [f"{spec.c}[{addr('j', 'i')}] = {acc};"]
        what = f"store acc to {spec.c} ({spec.c_order} order, ld {ldc})"
    if mirror:
        code = CodeBlock()
        with code.block("if (j < i) {   // mirror_lower: the same element at (j, i)"):
            for ln in mirror:
                code(ln)
        stmts += code.lines()
        what += ", mirrored"
    return stmts, what


def store_loop(spec, acc: str, loops: list, where: str) -> list:
    """The epilogue's lines: a comment, then ``loops`` -- (``for`` head, lines at the top of its
    body), outermost first, each unrolled -- around the guarded statements of one element
    (:func:`element_statements` of accumulator ``acc``); ``where`` says which elements the
    thread holds (for the comment)."""
    stmts, what = element_statements(spec, acc)
    code = CodeBlock()
    code("")
    code(f"// ---- epilogue: {what}; {where}, guarded ----")
    with contextlib.ExitStack() as nest:
        for head, top in loops:
            code("#pragma unroll")
            nest.enter_context(code.block(head))
            for ln in top:
                code(ln)
        with code.block(f"if (i < M && j < N{uplo_guard(spec.c_uplo)}) {{"):
            for ln in stmts:
                code(ln)
    return code.lines()
