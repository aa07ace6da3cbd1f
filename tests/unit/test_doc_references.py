"""Every ``kfuse.a.b`` a module docstring, a comment or a page of docs/ names, and every
``src/kfuse/...`` path a page names, exists: a module moved without its mentions leaves the
reader a name to search for in vain."""
from __future__ import annotations

import importlib
import inspect
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SRC = os.path.join(ROOT, "src")
DOTTED = re.compile(r"(?<![\w./])kfuse(?:\.[A-Za-z_]\w*)+")
PATH = re.compile(r"src/kfuse/[\w/]+\.py")
#: texts that look like names and are not: a file (``kfuse.cu``), an object's repr
NOT_NAMES = {"kfuse.cu", "kfuse.Executable"}


def _texts():
    for base, _dirs, names in os.walk(os.path.join(SRC, "kfuse")):
        for n in names:
            if n.endswith(".py"):
                path = os.path.join(base, n)
                yield os.path.relpath(path, ROOT), open(path, encoding="utf-8").read()
    docs = os.path.join(ROOT, "docs")
    for n in sorted(os.listdir(docs)):
        if n.endswith(".md"):
            yield f"docs/{n}", open(os.path.join(docs, n), encoding="utf-8").read()
    yield "README.md", open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()


def _resolves(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or a module's attribute (a class's, one level down)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):   # an instance's attribute, set in __init__
                return isinstance(obj, type) and f"self.{attr}" in inspect.getsource(obj)
            obj = getattr(obj, attr)
        return True
    return False


def test_every_dotted_kfuse_name_resolves():
    missing = sorted({f"{where}: {name}" for where, text in _texts() for name in DOTTED.findall(text)
                      if name not in NOT_NAMES and not _resolves(name)})
    assert not missing, "names of modules or attributes that do not exist:\n" + "\n".join(missing)


def test_every_source_path_a_page_names_exists():
    missing = sorted({f"{where}: {p}" for where, text in _texts() if not where.startswith("src/")
                      for p in PATH.findall(text) if not os.path.exists(os.path.join(ROOT, p))})
    assert not missing, "paths that do not exist:\n" + "\n".join(missing)
