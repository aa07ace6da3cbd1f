"""The kfuse script's tokens: the token pattern, the keywords, :func:`tokenize` (each token
with its line and column, for error messages)."""
from __future__ import annotations

import re

from ..errors import ScriptError
from ..ir import DTYPES, MAX_NAME_CHARS

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r]+) | (?P<nl>\n) | (?P<comment>(\#|//)[^\n]*)
  | (?P<num>(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?j?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>\.\.\.|\.T|>=|<=|[-+*/@=(),;'<>\[\]:{}])
""", re.VERBOSE)

KINDS = ("scalar", "vector", "matrix", "grid", "csr", "ell")
KEYWORDS = set(KINDS) | {"input", "return", "output", "repeat"} | set(DTYPES)
#: the most iterations ``repeat`` unrolls (nested repeats multiply)
MAX_REPEAT = 64
#: the deepest expression tree (a sum of N terms is N deep): deeper ones are one ScriptError
MAX_EXPR_DEPTH = 100
#: the most parentheses, calls and unary signs nested in one another
MAX_NESTING = 50
COMPARE_OPS = (">", "<", ">=", "<=")


class Token:
    __slots__ = ("kind", "text", "line", "col")

    def __init__(self, kind, text, line, col):
        self.kind, self.text, self.line, self.col = kind, text, line, col

    def __repr__(self):
        return f"{self.kind}:{self.text!r}@{self.line}:{self.col}"


def tokenize(text: str, source: str | None = None) -> list:
    """Split a script into tokens carrying line and column; ScriptError on a stray character."""
    toks, pos, line, lstart = [], 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ScriptError(f"unexpected character {text[pos]!r}", line, pos - lstart + 1, source)
        kind = m.lastgroup
        if kind == "nl":
            line, lstart = line + 1, m.end()
        elif kind == "name" and len(m.group()) > MAX_NAME_CHARS:
            raise ScriptError(f"a name of {len(m.group())} characters ({m.group()[:20]}...); names have at most "
                              f"{MAX_NAME_CHARS}", line, m.start() - lstart + 1, source)
        elif kind not in ("ws", "comment"):
            toks.append(Token(kind, m.group(), line, m.start() - lstart + 1))
        pos = m.end()
    toks.append(Token("eof", "", line, pos - lstart + 1))
    return toks
