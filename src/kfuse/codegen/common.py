"""What every lowering shares: kernel parameters, the generated kernel record, C literals and
code blocks.

A :class:`CodeBlock` is how C is built: lines, and nested blocks that indent themselves::

    code = CodeBlock()
    with code.block("for (int it = 0; it < ITERS; ++it) {"):
        code("const idx_t i0 = ...;")
    code.text()   # 'for (int it = 0; it < ITERS; ++it) {\\n    const idx_t i0 = ...;\\n}\\n'
"""
from __future__ import annotations

import contextlib
import dataclasses
import math

import numpy as np

from ..ir import DTYPES, ctype, is_complex

#: combine operator of a reduction -> the prelude's functor template
OPS = {"+": "kf_op_add_t", "max": "kf_op_max_t", "min": "kf_op_min_t"}

#: C spelling of an element type -> its dtype (the inverse of :func:`kfuse.ir.ctype`)
DTYPE_OF_CTYPE = {ctype(d): d for d in DTYPES}


@dataclasses.dataclass
class KArg:
    """A kernel parameter: an array pointer, a host scalar, or a workspace pointer.

    kind: ``in`` / ``out`` (value ``value``), ``host`` (scalar by value),
    ``partial`` / ``counter`` (workspace of ``nbytes`` bytes; counters start at 0),
    ``byval`` (a parameter block of ``nbytes`` bytes passed by value, aligned to ``align``).
    """

    cname: str
    decl: str
    kind: str
    value: str | None = None
    nbytes: int = 0
    dtype: str | None = None
    align: int = 0


@dataclasses.dataclass
class KernelSource:
    """Generated kernel text plus what the runtime needs to launch it."""

    name: str
    text: str
    args: list
    grid: tuple
    block: tuple
    plan: object   # the KernelPlan it implements (None for the zeroing kernel)
    aligned: dict = dataclasses.field(default_factory=dict)   # value -> bytes its pointer must be aligned to
    zero: list = dataclasses.field(default_factory=list)      # outputs atomics sum into: zeroed first (module.zero_kernel)
    shared_bytes: int = 0     # dynamic shared memory per block (bytes), passed at launch
    target: str = ""          # the architecture the kernel needs beyond the device's own (e.g. "sm_90a"), or ""
    body: object = None       # the KernelBody it was rendered from (None: written whole, e.g. the zeroing kernel)


class CodeBlock:
    """Lines of C, and nested blocks indented one level deeper than their parent.

    Lines go to the innermost block opened with :meth:`block`; a multi-line text is split and
    each line indented alike.  ``text()`` prints the block at level 0."""

    def __init__(self):
        self.items: list = []     # str (a line) or CodeBlock (indented one level)
        self._open: list = []     # the stack of blocks opened by ``block``

    def _current(self) -> "CodeBlock":
        return self._open[-1] if self._open else self

    def __call__(self, text: str = ""):
        """Append ``text`` (one or more lines) to the innermost open block."""
        self._current().items.extend(text.split("\n"))

    def extend(self, lines):
        """Append each of ``lines`` (one line each) to the innermost open block."""
        self._current().items.extend(lines)

    def append(self, block: "CodeBlock"):
        """Append the lines of ``block`` at the current level (not indented)."""
        self._current().items.extend(block.lines())

    def embed(self, block: "CodeBlock"):
        """Place ``block`` here, at the current level (not indented), by reference: what is
        added to it later is printed here too (a kernel body's per-call blocks)."""
        self._current().items.append(_Embedded(block))

    @contextlib.contextmanager
    def block(self, head: str | None, close: str | None = "}"):
        """``head``, then what the ``with`` body adds, one level deeper, then ``close``
        (None: no line; ``for (...)`` without braces has ``close=None``)::

            with code.block("if (tx == 0) {"):
                code("q[s] = q_f;")
        """
        if head is not None:
            self(head)
        inner = CodeBlock()
        self._current().items.append(inner)
        self._open.append(inner)
        try:
            yield inner
        finally:
            self._open.pop()
        if close is not None:
            self(close)

    def empty(self) -> bool:
        return not self.items

    def lines(self, level: int = 0) -> list:
        """The block's lines, indented by ``level`` (4 spaces a level; empty lines stay empty)."""
        out = []
        for item in self.items:
            if isinstance(item, CodeBlock):
                out.extend(item.lines(level + 1))
            elif isinstance(item, _Embedded):
                out.extend(item.block.lines(level))
            else:
                out.append(("    " * level + item) if item else "")
        return out

    def text(self) -> str:
        return "\n".join(self.lines()) + "\n"


@dataclasses.dataclass(frozen=True)
class _Embedded:
    """A block placed inside another by :meth:`CodeBlock.embed` (printed at its place, not indented)."""

    block: CodeBlock


FLT_MAX = float(np.finfo(np.float32).max)


def comment_text(text) -> str:
    """``text`` made safe inside a ``//`` comment of generated code: printable ASCII stays, any
    other character (a newline would end the comment; a backslash ending a line would splice
    the next one into it) is written as its Python escape (``\\n``, ``\\x5c``, ``\\u03b1``)."""
    return "".join(c if " " <= c <= "~" and c != "\\" else "\\x5c" if c == "\\" else ascii(c)[1:-1]
                   for c in str(text))


def literal(value, dtype: str) -> str:
    """A C literal of ``dtype`` (``2.0f``, ``kf_c64(1.0f, -2.0f)``)."""
    if is_complex(dtype):
        c = complex(value)
        suf = "f" if dtype == "complex64" else ""
        return f"{ctype(dtype)}({_real_lit(c.real, suf)}, {_real_lit(c.imag, suf)})"
    return _real_lit(float(value.real if isinstance(value, complex) else value),
                     "f" if dtype == "float32" else "")


def _float32_range(x: float):
    """``x`` as NumPy stores it in float32 where a decimal ``f`` literal would not do (NVRTC
    refuses those: "floating constant is out of range"): past FLT_MAX the infinity or FLT_MAX
    it rounds to, below the smallest subnormal a signed zero, a subnormal as the C expression
    of its bits (a str); else ``x`` itself."""
    if not math.isfinite(x) or x == 0.0:
        return x
    y = np.float32(x)
    if math.isinf(y) or y == 0.0 or abs(x) > FLT_MAX:
        return float(y)
    if abs(y) < np.finfo(np.float32).tiny:
        return f"__int_as_float(0x{int(y.view(np.uint32)):08x})"
    return x


def _real_lit(x: float, suf: str) -> str:
    """A real C literal (``suf``: "f" for float); NaN and infinities by their bit patterns.  A
    float32 literal out of float32's normal range is what NumPy rounds it to (:func:`_float32_range`)."""
    if suf:
        with np.errstate(over="ignore", under="ignore"):
            x = _float32_range(x)
        if isinstance(x, str):
            return x
    if math.isnan(x):
        return "__int_as_float(0x7fc00000)" if suf else "__longlong_as_double(0x7ff8000000000000ll)"
    if math.isinf(x):
        s = "-" if x < 0 else ""
        return f"({s}__int_as_float(0x7f800000))" if suf else f"({s}__longlong_as_double(0x7ff0000000000000ll))"
    r = repr(float(x))
    if "e" not in r and "." not in r:
        r += ".0"
    return f"{r}{suf}"
