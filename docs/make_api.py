"""Writes docs/api.md, kfuse's API reference, from the docstrings of its public modules, and the
launch-parameter tables of docs/plan.md from the kernel spaces' parameter schemas.

    python docs/make_api.py            # rewrites docs/api.md and the tables in docs/plan.md
    python docs/make_api.py --check    # exit 1 if either is not what this script writes

A module's public names are its ``__all__``, or else the functions and classes it defines whose
names do not start with ``_``.  ``kfuse``'s own names that another documented module defines link
to that module's entry.  tests/unit/test_docs_api.py fails when the committed page is stale.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import os
import re
import sys

MODULES = ("kfuse", "kfuse.ops", "kfuse.blas", "kfuse.linalg", "kfuse.sparse", "kfuse.solvers",
           "kfuse.config", "kfuse.library", "kfuse.errors")
DOCS = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(DOCS, "api.md")
PLAN_PAGE = os.path.join(DOCS, "plan.md")
BEGIN, END = "<!-- space-params:begin -->", "<!-- space-params:end -->"
HEADER = ("# API reference\n\n"
          "Generated from the docstrings by `python docs/make_api.py`; do not edit by hand "
          "(tests/unit/test_docs_api.py checks that this page is current).\n")
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def public_names(module) -> list:
    """The names ``module`` offers: its ``__all__``, else what it defines without a leading ``_``."""
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [k for k, v in vars(module).items()
            if not k.startswith("_") and (inspect.isfunction(v) or inspect.isclass(v))
            and getattr(v, "__module__", None) == module.__name__]


def anchor(qualname: str) -> str:
    """The Markdown anchor of the heading ``qualname`` (GitHub's rule: lower case, no dots)."""
    return re.sub(r"[^a-z0-9_-]", "", qualname.lower())


def signature(obj) -> str:
    """``obj``'s call signature as text, without memory addresses; ``""`` where it has none."""
    try:
        text = str(inspect.signature(obj))
    except (TypeError, ValueError):
        return ""
    return _ADDRESS.sub("", text)


def docstring(obj) -> str:
    """``obj``'s own docstring, cleaned; ``""`` where it inherits or has none."""
    own = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__
    return inspect.cleandoc(own) if own else ""


def field_comments(cls) -> dict:
    """{field: the comment after it on its line (and the comment lines under it)} of a dataclass."""
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):
        return {}
    out, last = {}, None
    for line in lines:
        m = re.match(r"\s+(\w+)\s*:[^#]*#\s?(.*)$", line)
        if m:
            last = m.group(1)
            out[last] = m.group(2).strip()
        elif last and re.match(r"\s+#\s?(.*)$", line) and line.index("#") > 20:
            out[last] += " " + line.strip().lstrip("#").strip()
        else:
            last = None if line.strip() and not line.strip().startswith("#") else last
    return out


def fields_table(cls) -> list:
    """A Markdown table of a dataclass's fields: name, default, the comment beside it."""
    notes = field_comments(cls)
    rows = ["| field | default | meaning |", "|---|---|---|"]
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = f"`{f.default!r}`"
        else:
            default = "(computed)"
        rows.append(f"| `{f.name}` | {default} | {notes.get(f.name, '').replace('|', '/')} |")
    return rows


def methods(cls) -> list:
    """(name, function) of the public methods and properties ``cls`` itself defines, with docs."""
    out = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        func = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        if (inspect.isfunction(func) or isinstance(value, property)) and func.__doc__:
            out.append((name, value))
    return out


def entry(qualname: str, obj) -> list:
    """The Markdown lines of one public function or class."""
    kind = "class" if inspect.isclass(obj) else "function" if callable(obj) else "value"
    lines = [f"### `{qualname}`", "", f"*{kind}*"]
    if callable(obj) and not (inspect.isclass(obj) and issubclass(obj, BaseException)):
        lines[-1] += f" `{qualname.rsplit('.', 1)[-1]}{signature(obj)}`"
    text = docstring(obj) if (inspect.isclass(obj) or callable(obj)) else ""
    lines += ["", text] if text else []
    if inspect.isclass(obj) and dataclasses.is_dataclass(obj) and field_comments(obj):
        lines += [""] + fields_table(obj)
    if inspect.isclass(obj):
        for name, value in methods(obj):
            func = value.fget if isinstance(value, property) else value
            head = f"`{qualname}.{name}`" + ("" if isinstance(value, property) else
                                               f" `{name}{signature(func)}`")
            kind = "property" if isinstance(value, property) else "method"
            lines += ["", f"#### {head}", "", f"*{kind}*", "", inspect.cleandoc(func.__doc__)]
    if not callable(obj):
        lines += ["", f"`{_ADDRESS.sub('', repr(obj))}`" if len(repr(obj)) < 200 else ""]
    return lines + [""]


def home(obj, documented: dict) -> str | None:
    """The documented module other than ``kfuse`` that offers ``obj``, if any."""
    for modname, names in documented.items():
        mod = sys.modules[modname]
        if modname != "kfuse" and any(getattr(mod, n, None) is obj for n in names):
            return modname
    return None


def section(modname: str, documented: dict) -> list:
    """The Markdown lines of one module: its docstring, then one entry per public name."""
    mod = importlib.import_module(modname)
    lines = [f"## `{modname}`", "", inspect.cleandoc(mod.__doc__ or ""), ""]
    for name in documented[modname]:
        obj = getattr(mod, name)
        qual = f"{modname}.{name}"
        other = home(obj, documented) if modname == "kfuse" else None
        if inspect.ismodule(obj):
            target = obj.__name__
            link = f"[`{target}`](#{anchor(target)})" if target in documented else f"`{target}`"
            lines += [f"- `{qual}`: the module {link}"]
        elif other:
            lines += [f"- `{qual}`: see [`{other}.{name}`](#{anchor(other + '.' + name)})"]
        else:
            lines += [""] + entry(qual, obj)
    return lines + [""]


def render() -> str:
    """The whole page."""
    documented = {m: public_names(importlib.import_module(m)) for m in MODULES}
    lines = [HEADER, "Modules: " + ", ".join(f"[`{m}`](#{anchor(m)})" for m in MODULES), ""]
    for m in MODULES:
        lines += section(m, documented)
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip() + "\n"


def _param_range(spec) -> str:
    """A launch parameter's allowed values in words."""
    if spec.choices:
        return ", ".join(f"`{c}`" for c in spec.choices)
    low = "" if spec.low is None else str(spec.low)
    high = "" if spec.high is None else str(spec.high)
    text = f"{low}..{high}" if (low or high) else "any"
    return text + (", a power of two" if spec.power_of_two else "")


def space_params() -> str:
    """One Markdown table per kernel space: its launch parameters from the space's schema."""
    from kfuse import spaces
    out = []
    for name in spaces.SPACES:
        params = spaces.get(name).params
        out += [f"**`{name}`**" + ("" if params else ": no launch parameters"), ""]
        if params:
            out += ["| parameter | kind | default | values | meaning |", "|---|---|---|---|---|"]
            for p in params:
                default = "required" if p.required else "(per kernel)" if p.default is None else f"`{p.default!r}`"
                out.append(f"| `{p.name}` | {p.kind.__name__} | {default} | {_param_range(p)} | "
                           f"{p.doc.replace('|', '/')} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def plan_page(text: str) -> str:
    """``text`` (docs/plan.md) with the block between its markers made :func:`space_params`."""
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{space_params()}{END}{tail}"


def outputs() -> dict:
    """{path: the text this script writes there}."""
    with open(PLAN_PAGE, encoding="utf-8") as f:
        plan = f.read()
    return {OUT: render(), PLAN_PAGE: plan_page(plan)}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    stale = []
    for path, text in outputs().items():
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                continue
        stale.append(os.path.relpath(path, os.path.dirname(DOCS)))
        if "--check" not in argv:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"wrote {path}")
    if "--check" in argv:
        print(f"stale: {', '.join(stale)} (run python docs/make_api.py)" if stale else "docs are current")
        return 1 if stale else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
