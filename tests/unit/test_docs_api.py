"""docs/api.md is what docs/make_api.py writes from today's docstrings: the API reference
cannot drift from the code (run ``python docs/make_api.py`` after changing a public name or
its docstring)."""
from __future__ import annotations

import importlib.util
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def _make_api():
    spec = importlib.util.spec_from_file_location("make_api", os.path.join(ROOT, "docs", "make_api.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_api_page_is_current():
    make_api = _make_api()
    with open(make_api.OUT, encoding="utf-8") as f:
        committed = f.read()
    assert committed == make_api.render(), "docs/api.md is stale: run python docs/make_api.py"


def test_every_public_module_and_name_has_an_entry():
    make_api = _make_api()
    text = make_api.render()
    for modname in make_api.MODULES:
        assert f"## `{modname}`" in text
    import kfuse
    for name in kfuse.__all__:
        assert f"`kfuse.{name}`" in text, name
