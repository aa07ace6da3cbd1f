"""The GEMM and TRSM generators build C as blocks: indentation comes from nesting
(:class:`kfuse.codegen.common.CodeBlock`), never from spaces inside a string literal.

A string literal (or an f-string's leading text) that starts with four or more spaces in
``codegen/gemm`` or ``codegen/trsm`` is hand-indented C: a line written at a level it cannot
know, or an indent glued in front of other lines (``"    " + ln``).  Lines inside a
multi-line literal count too.  Docstrings are not code and are skipped; the allow-list names
what must stay, with the reason.
"""
from __future__ import annotations

import ast
import os
import re

SRC = os.path.join(os.path.dirname(__file__), "..", "..", "src", "kfuse", "codegen")
PACKAGES = ("gemm", "trsm")
INDENTED_START = re.compile(r" {4,}")        # a literal that starts a line indented
INDENTED_LINE = re.compile(r"\n {4,}\S")     # a line inside a multi-line literal, indented

#: (file under codegen/, the assignment target of the literal) -> why it keeps its spaces
ALLOWED = {
    ("gemm/load.py", "GEMM_HELPERS"): "a fixed C header printed verbatim once per module "
                                      "(templates and inline asm, no generated part)",
    ("gemm/mma.py", "MMA_HELPERS"): "the same for the mma engine (fragment loads and mma.sync as inline asm)",
    ("gemm/mma_f64.py", "DMMA_HELPERS"): "the same for the FP64 mma engine (mma.sync m8n8k4 f64 as inline asm)",
    ("gemm/mma_tf32x3.py", "X3_HELPERS"): "the same for the 3xTF32 engine (the split and the three mma)",
}


def _docstrings(tree) -> set:
    """The ids of the docstring nodes of ``tree``'s module, classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _allowed_literals(tree, rel: str) -> set:
    """The ids of the literals assigned to an allow-listed name of file ``rel``."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and (rel, t.id) in ALLOWED for t in node.targets):
            out.update(id(n) for n in ast.walk(node.value))
    return out


def _literals(tree):
    """(node, text, whether the text starts a line) of each string literal of ``tree``: a
    plain string, or an f-string's literal parts (only its leading one starts a line)."""
    parts = {id(p) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for p in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for n, part in enumerate(node.values):
                if isinstance(part, ast.Constant) and isinstance(part.value, str):
                    yield node, part.value, n == 0
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            yield node, node.value, True


def _offenders(rel: str, root: str = SRC) -> list:
    """``file:line: text`` of each hand-indented literal of ``<root>/<rel>``."""
    with open(os.path.join(root, rel)) as fh:
        tree = ast.parse(fh.read())
    skip = _docstrings(tree) | _allowed_literals(tree, rel)
    out = []
    for node, text, starts_line in _literals(tree):
        if id(node) in skip:
            continue
        if (starts_line and INDENTED_START.match(text)) or INDENTED_LINE.search(text):
            out.append((node.lineno, f"{rel}:{node.lineno}: {text[:60]!r}"))
    return [text for _, text in sorted(out)]


def _files() -> list:
    return sorted(f"{pkg}/{name}" for pkg in PACKAGES for name in os.listdir(os.path.join(SRC, pkg))
                  if name.endswith(".py"))


def test_no_hand_indented_c_in_the_gemm_and_trsm_generators():
    offenders = [ln for rel in _files() for ln in _offenders(rel)]
    assert not offenders, ("C indented by spaces inside string literals (build it with CodeBlock: "
                           "nested blocks carry the indentation):\n" + "\n".join(offenders))


def test_the_scan_sees_hand_indented_c(tmp_path):
    """The scan catches a plain literal, an f-string, a bare indent and a multi-line literal,
    and leaves docstrings and spaces inside a line alone."""
    (tmp_path / "gemm").mkdir()
    (tmp_path / "gemm" / "bad.py").write_text(
        '"""Doc\n    indented doc is fine."""\n'
        'A = "    x = 1;"\nB = f"    y = {A};"\nC = ["    " + s for s in "ab"]\n'
        'D = "{\\n    z = 2;\\n}"\nE = f"{A}    ok;   // fine"\n')
    found = _offenders("gemm/bad.py", str(tmp_path))
    assert [ln.split(":")[1] for ln in found] == ["3", "4", "5", "6"], found
