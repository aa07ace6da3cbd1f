"""The package's docstring examples (``>>>``) run in the unit tier, so they cannot go stale
(the spaces' claim order once listed four spaces after the grid space came).  Every module of
``kfuse`` outside ``kfuse.bench`` whose source has an example is found and run, with ``kfuse``
imported for it."""
from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

import kfuse

SRC = pathlib.Path(kfuse.__file__).parent


def modules_with_examples() -> list:
    """Dotted names of the modules whose source holds a ``>>>`` example (kfuse.bench aside)."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        if rel.parts[:2] == ("kfuse", "bench") or ">>> " not in path.read_text():
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out.append(".".join(parts))
    return out


def test_some_modules_have_examples():
    assert {"kfuse.spaces", "kfuse.library"} <= set(modules_with_examples())


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples(name):
    module = importlib.import_module(name)
    got = doctest.testmod(module, extraglobs={"kfuse": kfuse}, optionflags=doctest.ELLIPSIS)
    assert got.failed == 0, f"{got.failed} of {got.attempted} examples of {name} failed (see the output above)"
