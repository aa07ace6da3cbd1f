"""The example scripts shipped with kfuse (the 11 sequences of the paper's Table 1).

After ``pip install`` they are reachable by name: ``kfuse run bicgk --size m=4096 --size n=4096``
and ``kfuse examples`` lists them.  In Python::

    from kfuse import examples
    examples.names()                  # ['atax', 'axpydot', 'bicgk', ...]
    kfuse.compile_script(examples.path("bicgk"), sizes={"m": 64, "n": 64})
"""
from __future__ import annotations

import os

from ..errors import KfuseError

_HERE = os.path.dirname(os.path.abspath(__file__))


def names() -> list:
    """Names of the packaged examples, sorted (``bicgk`` for ``bicgk.kf``)."""
    return sorted(f[:-3] for f in os.listdir(_HERE) if f.endswith(".kf"))


def path(name: str) -> str:
    """The packaged script of example ``name`` (``bicgk`` or ``bicgk.kf``); KfuseError listing the names."""
    stem = name[:-3] if name.endswith(".kf") else name
    if stem not in names():
        raise KfuseError(f"no example named {name!r}; the examples are: {', '.join(names())}")
    return os.path.join(_HERE, stem + ".kf")


def describe(name: str) -> str:
    """One line about example ``name``: its script's first comment, without the ``#``."""
    with open(path(name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("#") or line.startswith("//"):
                return line.lstrip("#/ ").strip()
            if line:
                break
    return ""


def resolve(arg: str) -> str:
    """A script argument of the CLI: an existing file as given, else a packaged example's name.

    A name without a folder (``bicgk``, ``bicgk.kf``) that is not a file here is looked up among
    the examples; an unknown one is a KfuseError listing them.  A path with a folder that does
    not exist, and script text (``vector x(n); ... return x;``), are left to the script loader."""
    if "\n" in arg or ";" in arg or os.path.isfile(arg) or os.sep in arg or (os.altsep and os.altsep in arg):
        return arg
    stem = arg[:-3] if arg.endswith(".kf") else arg
    if stem in names():
        return path(stem)
    raise KfuseError(f"no such script: {arg} (and no example of that name; the examples are: "
                     f"{', '.join(names())})")
