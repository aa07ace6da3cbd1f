"""Static arguments, keywords, defaults, ``*args`` and ``**kwargs`` of ``kfuse.jit`` (issue 31):
what is traced, what is static, the cache key, and the refusals -- without a GPU (``lower``,
``trace`` of number arguments, and the cache driven with lowering specs)."""
from __future__ import annotations

import enum

import numpy as np
import pytest

import kfuse
from kfuse.errors import ArgumentError, KfuseError
from kfuse.frontend.trace import lower_spec

S = kfuse.ShapeDtype
U = S((64,), "float32")


def counting(fn):
    """``fn`` with a list of the traces it ran (one entry per call of its Python body)."""
    seen = []

    def wrapped(*a, **k):
        seen.append(1)
        return fn(*a, **k)
    wrapped.__name__, wrapped.__wrapped__ = fn.__name__, fn
    return wrapped, seen


def relax(u, T, *, monitor=False, w=0.5):
    for _ in range(T):
        u = u * w + 1.0
    return u * 2.0 if monitor else u


def compiled(jf, *args, **kwargs):
    """The cache entry of a call described by lowering specs (traces and compiles on a miss)."""
    dynamic, key = jf.split(args, kwargs, spec=lower_spec)
    return jf.get(dynamic, key)


# ---------------------------------------------------------------------------- static values
def test_a_static_int_loop_folds_from_three_steps_and_unrolls_below():
    jf = kfuse.jit(relax, static_argnames=("T",))
    lo = jf.lower(U, 2)
    assert [c.fn for c in lo.program.calls] == ["mul", "add"] * 2
    assert lo.program.inputs == ["u", "w"]                       # T and monitor are not inputs
    assert "T = 2 (static)" in lo.signature and "monitor = False (static)" in lo.signature
    assert "fewer than 3 unroll" in lo.loops[0]
    lo = jf.lower(U, 3)                                          # one step, run 3 times
    assert [c.fn for c in lo.program.calls] == ["mul", "add"] and lo.plan["loop"]["count"] == 3
    assert "T = 3 (static)" in lo.signature and "folded, 3 steps" in lo.loops[0]


def test_two_static_values_trace_twice_and_the_same_value_hits_the_cache():
    fn, seen = counting(relax)
    jf = kfuse.jit(fn, static_argnames="T")
    e2 = compiled(jf, U, 2)
    assert compiled(jf, U, 2) is e2 and len(seen) == 1          # the same value: a hit
    e3 = compiled(jf, U, 3)
    assert e3 is not e2 and len(seen) == 2                       # another value: another trace
    assert len(e3.exe.program.calls) == 6 and len(e2.exe.program.calls) == 4
    assert compiled(jf, U, T=2) is e2                            # by keyword: the same key
    keys = [jf.split((U, t), spec=lower_spec)[1] for t in (2, 3, 2)]
    assert keys[0] == keys[2] != keys[1]
    assert len(jf.plans) == 2 and any("T = 3 (static)" in k for k in jf.plans)


def test_static_argnums_by_position():
    jf = kfuse.jit(relax, static_argnums=1)
    assert jf.lower(U, 4).plan["loop"]["count"] == 4
    assert jf.split((U, 4), spec=lower_spec)[1] != jf.split((U, 5), spec=lower_spec)[1]
    assert kfuse.jit(relax, static_argnums=(-1,)).layout.static_names == {"T"}


def test_a_static_value_is_keyed_by_its_type_too():
    jf = kfuse.jit(relax, static_argnames=("T",))
    k1 = jf.split((U, 1), spec=lower_spec)[1]
    k_true = jf.split((U, True), spec=lower_spec)[1]
    assert k1 != k_true                                           # 1 == True, but another trace


class Mode(enum.Enum):
    FAST = 1
    EXACT = 2


@pytest.mark.parametrize("value", [True, False, "wrap", None, (1, 2), Mode.FAST])
def test_bool_str_none_tuple_enum_are_static_without_declaring(value):
    def f(u, opt):
        return u * 2.0 if opt in (True, "wrap", (1, 2), Mode.FAST) else u + 1.0
    lo = kfuse.jit(f).lower(U, value)
    assert lo.program.inputs == ["u"]
    assert [c.fn for c in lo.program.calls] == (["mul"] if value in (True, "wrap", (1, 2), Mode.FAST) else ["add"])


def test_python_numbers_stay_runtime_scalars():
    fn, seen = counting(relax)
    jf = kfuse.jit(fn, static_argnames=("T",))
    assert compiled(jf, U, 2, w=0.25) is compiled(jf, U, 2, w=0.75)   # w is an input, not a key
    assert len(seen) == 1


def test_keyword_only_default_is_static_and_keyed():
    jf = kfuse.jit(relax, static_argnames=("T",))
    a = jf.lower(U, 1)
    b = jf.lower(U, 1, monitor=True)
    assert len(b.program.calls) == len(a.program.calls) + 1
    assert jf.split((U, 1), spec=lower_spec)[1] == jf.split((U, 1), {"monitor": False}, spec=lower_spec)[1]


# ---------------------------------------------------------------------------- *args, **kwargs
def test_var_positional_arrays_are_inputs_one_per_element():
    def total(*fields, scale=1.0):
        s = fields[0]
        for f in fields[1:]:
            s = s + f
        return s * scale
    jf = kfuse.jit(total)
    lo = jf.lower(U, U, U)
    assert lo.program.inputs == ["fields_0", "fields_1", "fields_2", "scale"]
    assert jf.split((U, U), spec=lower_spec)[1] != jf.split((U, U, U), spec=lower_spec)[1]


def test_var_keyword_arrays_and_static_values():
    def f(u, **kw):
        return u * kw["c"] if kw["mode"] == "mul" else u + kw["c"]
    jf = kfuse.jit(f)
    lo = jf.lower(U, c=S((64,), "float32"), mode="mul")
    assert lo.program.inputs == ["u", "c"] and [c.fn for c in lo.program.calls] == ["mul"]
    assert [c.fn for c in jf.lower(U, c=U, mode="add").program.calls] == ["add"]


def test_static_argnums_into_var_positional():
    def f(u, *opts):
        return u * 2.0 if opts[0] == 3 else u
    jf = kfuse.jit(f, static_argnums=1)
    assert jf.lower(U, 3).program.inputs == ["u"]


# ---------------------------------------------------------------------------- refusals
def test_an_unhashable_static_value_names_the_argument():
    jf = kfuse.jit(relax, static_argnames=("T",))
    with pytest.raises(ArgumentError, match=r"argument 'T' is static .* unhashable list"):
        jf.lower(U, [1, 2])


def test_a_tuple_of_arrays_names_the_argument():
    with pytest.raises(ArgumentError, match=r"argument 'opt' is static but holds an array"):
        kfuse.jit(lambda u, opt: u).lower(U, (np.ones(3), 2))


def test_unknown_static_names_and_positions_are_refused_at_jit():
    with pytest.raises(ArgumentError, match=r"static_argnames names 'steps', which is not a parameter"):
        kfuse.jit(relax, static_argnames=("steps",))
    with pytest.raises(ArgumentError, match=r"static_argnums 7 is out of range"):
        kfuse.jit(relax, static_argnums=7)
    with pytest.raises(ArgumentError, match=r"static_argnums holds ints"):
        kfuse.jit(relax, static_argnums=("T",))


def test_range_of_a_traced_number_says_to_declare_it_static():
    """Before: a bare TypeError about an internal Tensor class (issue 31)."""
    with pytest.raises(KfuseError, match=r"test_static_args.py:\d+: a traced array is used as a Python int "
                                         r"\(range\(T\).*static_argnames"):
        kfuse.jit(relax).lower(U, 3)


def test_a_missing_argument_names_the_function():
    with pytest.raises(ArgumentError, match=r"relax: missing a required argument: 'T'"):
        kfuse.jit(relax).lower(U)
