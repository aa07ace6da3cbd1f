"""A check on every generated kernel: no name the kernel declares may be one of its parameters.

Value names become kernel parameters (:func:`kfuse.ir.ident`), and the emitters declare their
own locals (``j``, ``g``, ``kk``, ``valid``, ...).  A local that shares a parameter's name
either fails to compile (declared in the function's outermost block) or, in an inner block,
silently hides the parameter: ``gemm(A, B, alpha=j)`` once multiplied each column by its own
index ``j``.  :data:`kfuse.ir.program.RESERVED` keeps value names off every local an emitter
declares; :func:`shadowed` checks that it did, for each kernel kfuse writes.

>>> src = '''extern "C" __global__ void __launch_bounds__(128)
... k0(const float* __restrict__ A, const float j)
... {
...     for (int i = 0, j = 1; i < 4; ++i) { const float v = A[i] * j; }
... }'''
>>> sorted(shadowed(src, ["A", "j"]))
['j']
"""
from __future__ import annotations

import re

_TYPE = (r"(?:unsigned\s+long\s+long|unsigned\s+int|long\s+long|unsigned|int|float|double|bool|char|short|"
         r"size_t|idx_t|auto|(?:u?int|float|double)[234]|cuFloatComplex|cuDoubleComplex|kf_\w+(?:<[^;{}()]*?>)?)")
#: the start of a declaration: qualifiers, a type, pointer marks, then the first declarator
_DECL = re.compile(r"(?:(?<=[;{}(])|^)\s*(?:(?:const|constexpr|static|volatile|__shared__|register)\s+)*"
                   + _TYPE + r"(?:\s*[*&]\s*|\s+)(?:(?:const|__restrict__)\s+)*([A-Za-z_]\w*)\s*(?=[=;\[,)])",
                   re.M)
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_MORE = re.compile(r",\s*\**\s*([A-Za-z_]\w*)\s*(?=[=;\[,])")


def _body(text: str) -> str:
    """The text of the first ``__global__`` function's body in ``text`` (comments and string
    literals removed), or "" where there is none."""
    text = _STRING.sub('""', _COMMENT.sub("", text))
    m = re.search(r"__global__[^{;]*\)\s*\{", text)
    if not m:
        return ""
    depth, i = 1, m.end()
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[m.end():i - 1]


def _top_level_rest(body: str, start: int) -> str:
    """The declaration's text from ``start`` up to the ``;`` (or closing parenthesis) that ends
    it, with nested brackets and their contents left out (an initialiser's call may hold
    commas that are no declarators)."""
    out, depth = [], 0
    for i in range(start, len(body)):   # (no slice of the rest: a fused step's body is megabytes)
        c = body[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                out.append(c)
                break
            depth -= 1
        elif depth == 0:
            out.append(c)
            if c == ";":
                break
    return "".join(out)


def declared(text: str) -> set:
    """Every name the first ``__global__`` function of ``text`` declares in its body: each
    declaration's first declarator and those after its top-level commas."""
    body = _body(text)
    names = set()
    for m in _DECL.finditer(body):
        names.add(m.group(1))
        names.update(_MORE.findall(_top_level_rest(body, m.end())))
    return names


def shadowed(text: str, params) -> set:
    """The parameters of the kernel in ``text`` that its body declares again."""
    return declared(text) & set(params)


__all__ = ["declared", "shadowed"]
