"""The one list of elementwise functions (``kfuse.library.ELEMENTWISE``) makes kfuse's function,
NumPy's dispatch on traced arrays and the tracer's folding of literals: nothing else lists them."""
from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

import kfuse
from kfuse import library, ops
from kfuse.frontend import builder, numpy_api

ENTRIES = library.ELEMENTWISE


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.fn)
def test_each_entry_is_a_library_function_a_kfuse_function_and_numpys(e):
    assert library.get(e.fn).hof == "map"
    assert getattr(kfuse, e.fn) is getattr(ops, e.fn) and e.fn in kfuse.__all__
    assert getattr(kfuse, e.fn).__doc__ == e.doc and getattr(kfuse, e.fn).__name__ == e.fn
    assert all(name in numpy_api.UFUNCS for name in e.numpy)
    assert (e.fn in builder._FOLD_UNARY) == (e.fold is not None)


@pytest.mark.parametrize("e", ENTRIES, ids=lambda e: e.fn)
def test_numpy_on_a_traced_array_and_kfuse_trace_the_same_call(e):
    via_numpy = kfuse.jit(lambda x: getattr(np, e.numpy[0])(x))
    via_kfuse = kfuse.jit(lambda x: getattr(kfuse, e.fn)(x))
    spec = kfuse.ShapeDtype((7,), "float64")
    runs = [via_numpy.lower(spec).plan["kernels"][0]["runs"], via_kfuse.lower(spec).plan["kernels"][0]["runs"]]
    assert runs[0] == runs[1] == [f"t1 = {e.fn}(x)"]


def test_a_literal_is_folded_by_the_entry():
    f = kfuse.jit(lambda x: kfuse.sqrt(2.0) * x + kfuse.exp(0.5) * x)
    runs = f.lower(kfuse.ShapeDtype((5,), "float64")).plan["kernels"][0]["runs"]
    assert not any("sqrt" in r or "exp" in r for r in runs)
    assert any(repr(math.sqrt(2.0)) in r for r in runs)


def test_no_module_lists_the_functions_by_hand():
    """ops.py defines none of them itself; builder and numpy_api take them from the table."""
    src = inspect.getsource(ops)
    assert not [e.fn for e in ENTRIES if f"\ndef {e.fn}(" in src]
    assert "ELEMENTWISE" in inspect.getsource(builder) and "ELEMENTWISE" in inspect.getsource(numpy_api)
