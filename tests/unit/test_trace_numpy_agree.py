"""Traced programs agree with NumPy: a table of small NumPy idioms, each traced by
``kfuse.frontend.trace.trace``, run by the float64 reference (``kfuse.reference.run``) and
compared with NumPy itself on the same data (returned values, their element types and the final
values of the arguments the function writes in place).  An idiom kfuse cannot do right must be
refused with a :class:`kfuse.errors.KfuseError` naming the problem; a raw Python exception or a
value other than NumPy's is a wrong answer.  No GPU is needed."""
from __future__ import annotations

import numpy as np
import pytest

from kfuse import reference
from kfuse.errors import KfuseError
from kfuse.frontend.trace import trace

pytestmark = pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")


def A(*shape, dt="float64", o="C"):
    """The spec of an array argument of ``shape``, element type ``dt`` and order ``o``."""
    return ("a", shape, dt, o)


D = ("d", "float64")     # a 0-d float64 array argument
H = ("h", "real")        # a Python float argument

#: one-array layouts an elementwise idiom is checked at: 1-D, 2-D C and F, 3-D, float32
LAYOUTS = {"1d": A(9), "2dC": A(5, 7), "2dF": A(5, 7, o="F"), "3d": A(3, 4, 5), "f32": A(5, 7, dt="float32")}


def _data(spec, seed):
    """Odd-valued test data (NaN-free, signed) for argument ``spec``."""
    rng = np.random.default_rng(seed)
    if spec[0] == "h":
        return float(rng.random() + 0.5)
    if spec[0] == "d":
        return np.asarray(rng.random() + 0.5, dtype=spec[1])
    _, shape, dt, order = spec
    x = (rng.random(shape) * 4 - 2).astype(dt)
    return np.asfortranarray(x) if order == "F" else np.ascontiguousarray(x)


def _copy(x):
    return x.copy() if isinstance(x, np.ndarray) else x


def check_agrees(fn, specs):
    """Trace ``fn`` for ``specs`` and assert kfuse's reference equals NumPy's ``fn`` on the same
    data: each returned value (shape, element type, values) and each written argument."""
    names = [f"x{i}" for i in range(len(specs))]
    prog = trace(fn, names, specs, "f")[0]
    ins = [_data(s, i) for i, s in enumerate(specs)]
    out = reference.run(prog, {n: _copy(x) for n, x in zip(names, ins)})
    args = [_copy(x) for x in ins]
    with np.errstate(all="ignore"):
        want = fn(*args)
    want = [] if want is None else list(want) if isinstance(want, tuple) else [want]
    assert len(prog.returned()) == len(want)
    for o, w in zip(prog.returned(), want):
        got, w = np.asarray(out[o]), np.asarray(w)
        assert got.shape == w.shape, (o, got.shape, w.shape)
        assert np.dtype(prog.value(o).type.dtype) == w.dtype, (o, prog.value(o).type.dtype, w.dtype)
        tol = 1e-5 if w.dtype == np.float32 else 1e-12
        np.testing.assert_allclose(got, w, rtol=tol, atol=tol, equal_nan=True)
    for i, (n, x) in enumerate(zip(names, args)):
        if n in prog.writes:
            np.testing.assert_allclose(np.asarray(out[prog.writes[n]]), x, rtol=1e-6, atol=1e-6)
        elif isinstance(x, np.ndarray):   # NumPy wrote it in place: kfuse must have too
            assert np.array_equal(x, ins[i]), f"NumPy writes argument {n}, kfuse does not"


def check_refuses(fn, specs, words):
    """Tracing ``fn`` raises a KfuseError whose message holds ``words``."""
    with pytest.raises(KfuseError) as e:
        trace(fn, [f"x{i}" for i in range(len(specs))], specs, "f")
    assert words in str(e.value), str(e.value)


# ------------------------------------------------------------------ in-place updates (functions)
def iadd(a, b): a += b
def isub_number(a): a -= 1.5
def itruediv(a, b): a /= b
def ipow(a):
    a **= 2
    return a + 0
def imatmul(a, b):
    a @= b
    return a + 0
def stencil_1d(a): a[1:-1] = a[:-2] + a[2:]          # NumPy reads the old values on the right
def stencil_2d(a): a[1:-1, 1:-1] = a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:]
def ellipsis_assign(a, b): a[...] = b * 2
def alias_iadd(a): a[1:] += a[:-1]
def alias_iadd_back(a): a[:-1] += a[1:]
def alias_iadd_2d(a): a[:, 1:] += a[:, :-1]
def two_writes(a):
    a[1:] = a[:-1] * 2
    a[:-1] = a[1:] + 1
def slice_of_slice(a, b):
    v = a[1:-1]
    v[1:] += b[2:-1]
def slice_of_slice_2d(a):
    v = a[1:, :]
    v[:, 1:] *= 2.0
def view_update_then_array(a):
    v = a[:, 1:]
    v *= 3.0
    return a * 1
def view_write_then_array(a):
    v = a[1:]
    v[0] = 9.0
    return a * 1
def stale_view(a):
    v = a[1:]
    a[0] = 5.0
    return v * 1
def column_assign(a, b): a[:, 0] = b[:, -1]
def last_row_assign(a): a[-1] = a[0]
def row_number(a): a[0, :] = 3.0
def row_sums_into_column(a, r): r[:, 0] = a.sum(axis=1)
def row_max_into_column(a, r): r[:, 0] = a.max(axis=1)
def row_means_into_column(a, r): r[:, 1] = np.mean(a, axis=1)
def column_sums_into_row(a, r): r[0, :] = a.sum(axis=0)
def write_and_return(a, b):
    a += b
    return a * 2
def return_written_argument(a):
    a[0] = 1.0
    return a
def copy_then_stencil(a):
    c = a.copy()
    c[1:-1] = c[:-2] + c[2:]
    return c
def zeros_then_window(a):
    z = np.zeros_like(a)
    z[1:-1] = a[2:] - a[:-2]
    return z
def read_before_overwrite(a, b):
    c = a + b
    a[...] = 0.0
    return c
def swap(a, b):
    t = a.copy()
    a[...] = b
    b[...] = t
def rebind(a):
    a = a + 1
    return a
def window_3d(a): a[1:-1, :, 1:] = a[2:, :, :-1] * 0.5
def window_from_0d(a, d): a[1:-1] = d
def broadcast_row_into_window(a, b): a[1:-1, :] = b
def roll_into_self(a): a[...] = np.roll(a, 1)
def roll_plus_self(a): a[:] = np.roll(a, 1, axis=0) + a
def where_into_self(a): a[...] = np.where(a > 0, a, -a)
def mask_assign(a): a[a > 0] = 0.0
def empty_like_filled(a):
    e = np.empty_like(a)
    e[...] = a * 2
    return e


AGREE = {
    # views and slices
    "slice_of_slice_read": (lambda a: a[1:][1:] * 1, [A(9)]),
    "slice_of_slice_read_2d": (lambda a: a[1:-1][:, 2:] * 1, [A(5, 7, o="F")]),
    "slice_clipped_high": (lambda a: a[2:100] * 1, [A(9)]),
    "slice_clipped_low": (lambda a: a[-100:3] * 1, [A(9)]),
    "slice_empty": (lambda a: a[5:2] * 1, [A(9)]),
    "slice_negative_start": (lambda a: a[-3:] * 1, [A(9)]),
    "slice_explicit_step_1": (lambda a: a[1:-1:1] * 1, [A(9)]),
    "ellipsis_3d": (lambda a: a[..., 1:] * 1, [A(3, 4, 5)]),
    "ellipsis_after": (lambda a: a[1:-1, ...] * 1, [A(5, 7)]),
    "ellipsis_returned": (lambda a: a[...], [A(5, 7)]),
    "whole_slice_returned": (lambda a: a[:], [A(9)]),
    "argument_returned": (lambda a: a, [A(9)]),
    "last_element_scales": (lambda a: a[-1] * a, [A(9)]),
    "element_returned": (lambda a: a[2] + 0, [A(9)]),
    "differences": (lambda a: a[1:] - a[:-1], [A(9, dt="float32")]),
    # transposes
    "T_2d_F": (lambda a: a.T * 2, [A(5, 7, o="F")]),
    "np_transpose_2d": (lambda a: np.transpose(a) + 1, [A(5, 7)]),
    "transpose_1_0": (lambda a: a.transpose(1, 0) * 1, [A(5, 7)]),
    "T_plus_matrix_F": (lambda a: np.zeros_like(a) + a.T, [A(5, 5, o="F")]),
    # broadcasting
    "column_None_plus_matrix": (lambda a, b: a[:, None] + b, [A(5), A(5, 7)]),
    "row_None_plus_matrix": (lambda a, b: a[None, :] + b, [A(7), A(5, 7)]),
    "outer_by_new_axes": (lambda a, b: a[:, None] * b[None, :], [A(5), A(7)]),
    "matrix_times_column": (lambda a, b: a * b[:, None], [A(5, 7), A(5)]),
    "matrix_plus_row_vector": (lambda a, b: a + b, [A(5, 7), A(7)]),
    "grid_times_last_axis": (lambda a, b: a * b, [A(3, 4, 5), A(5)]),
    "times_0d": (lambda a, d: a * d, [A(5, 7), D]),
    "minus_python_float": (lambda a, h: a - h, [A(5, 7), H]),
    "f32_times_python_float": (lambda a: a * 0.1, [A(5, 7, dt="float32")]),
    "where_0d": (lambda a, d: np.where(a > d, a, d), [A(5, 7), D]),
    "maximum_0d": (lambda a, d: np.maximum(a, d), [A(5, 7), D]),
    "0d_plus_0d": (lambda d: d + d, [D]),
    "0d_returned": (lambda a, d: d, [A(5), D]),
    # elementwise functions
    "where": (lambda a, b: np.where(a > b, a, b), [A(5, 7), A(5, 7)]),
    "maximum": (lambda a, b: np.maximum(a, b), [A(5, 7, o="F"), A(5, 7, o="F")]),
    "minimum_of_three": (lambda a, b, c: np.minimum(np.minimum(a, b), c), [A(9), A(9), A(9)]),
    "clip": (lambda a: np.clip(a, -0.5, 0.5), [A(5, 7)]),
    "power_array": (lambda a, b: np.abs(a) ** b, [A(5, 7), A(5, 7)]),
    "power_negative": (lambda a: a ** -1, [A(5, 7)]),
    "number_to_power": (lambda a: 2.0 ** a, [A(5, 7)]),
    "comparisons_as_mask": (lambda a: a * (a > 0), [A(5, 7)]),
    "comparison_times_number": (lambda a, b: (a < b) * 2.0, [A(5, 7), A(5, 7)]),
    "where_of_numbers": (lambda a, b: np.where(a < b, 1.0, 2.0), [A(5, 7), A(5, 7)]),
    "mean_of_comparison": (lambda a, b: (a < b).mean(), [A(5, 7), A(5, 7)]),
    "equal_and_not_equal": (lambda a, b: (a == b) * 1.0 + (a != b), [A(5, 7), A(5, 7)]),
    "nan_not_equal_itself": (lambda a: (np.sqrt(a) != np.sqrt(a)) * 1.0, [A(5, 7)]),
    "nan_in_maximum": (lambda a: np.maximum(np.sqrt(a), 0.5), [A(5, 7)]),
    "nan_in_max": (lambda a: np.max(np.sqrt(a)), [A(5, 7)]),
    "nan_in_clip": (lambda a: np.clip(np.sqrt(a), 0.0, 0.5), [A(5, 7)]),
    # reductions
    "sum": (lambda a: np.sum(a), [A(5, 7)]),
    "sum_3d_f32": (lambda a: a.sum(), [A(3, 4, 5, dt="float32")]),
    "sum_1d_axis_0": (lambda a: a.sum(axis=0), [A(9)]),
    "max": (lambda a: a.max(), [A(5, 7)]),
    "min_3d": (lambda a: np.min(a), [A(3, 4, 5)]),
    "mean_f32": (lambda a: a.mean(), [A(5, 7, dt="float32")]),
    "sum_of_rows_window": (lambda a: a[1:-1].sum(), [A(5, 7)]),
    "dot": (lambda a, b: np.dot(a, b), [A(9), A(9)]),
    "matvec": (lambda a, b: a @ b, [A(5, 7), A(7)]),
    "matmat": (lambda a, b: a @ b, [A(5, 7), A(7, 3)]),
    "outer": (lambda a, b: np.outer(a, b), [A(5), A(7)]),
    # roll, pad, creation, copies
    "roll_1d": (lambda a: np.roll(a, 1), [A(7)]),
    "roll_axis": (lambda a: np.roll(a, -2, axis=1), [A(5, 7)]),
    "roll_past_length": (lambda a: np.roll(a, 11), [A(9)]),
    "roll_negative_past_length": (lambda a: np.roll(a, -12, axis=0), [A(5, 7)]),
    "roll_two_axes": (lambda a: np.roll(a, (1, 2), axis=(0, 1)), [A(5, 7)]),
    "roll_F": (lambda a: np.roll(a, 2, axis=0), [A(5, 7, o="F")]),
    "roll_3d_last": (lambda a: np.roll(a, 1, axis=2), [A(3, 4, 5)]),
    "pad_zero": (lambda a: np.pad(a, 1), [A(5, 7)]),
    "pad_constant": (lambda a: np.pad(a, 2, constant_values=1.5), [A(5, 7)]),
    "pad_edge": (lambda a: np.pad(a, 1, mode="edge"), [A(5, 7)]),
    "pad_wrap_uneven": (lambda a: np.pad(a, ((1, 2), (0, 1)), mode="wrap"), [A(5, 7)]),
    "pad_reflect": (lambda a: np.pad(a, 1, mode="reflect"), [A(5, 7)]),
    "pad_symmetric": (lambda a: np.pad(a, ((1, 0), (0, 2)), mode="symmetric"), [A(5, 7)]),
    "pad_3d": (lambda a: np.pad(a, 1), [A(3, 4, 5)]),
    "copy_F": (lambda a: a.copy(), [A(5, 7, o="F")]),
    "copy_order_F": (lambda a: a.copy(order="F") * 1, [A(5, 7)]),
    "np_copy": (lambda a: np.copy(a) + 0, [A(5, 7)]),
    "zeros_like_plus": (lambda a: np.zeros_like(a) + a, [A(5, 7)]),
    "zeros_of_shape_and_dtype": (lambda a: np.zeros(a.shape, dtype=a.dtype) + a, [A(5, 7, dt="float32")]),
    "zeros_of_shape": (lambda a: np.zeros(a.shape), [A(5, 7, dt="float32")]),
    "ones_like": (lambda a: np.ones_like(a) * 3, [A(5, 7, dt="float32")]),
    "full_like": (lambda a: np.full_like(a, 2.5) - a, [A(5, 7)]),
    "empty_like_filled": (empty_like_filled, [A(5, 7)]),
    "tuple_return": (lambda a, b: (a + b, a - b), [A(5, 7), A(5, 7)]),
    "tuple_return_argument": (lambda a: (a, a * 2), [A(5, 7)]),
    # in-place updates of arguments
    "iadd": (iadd, [A(5, 7), A(5, 7)]),
    "iadd_F": (iadd, [A(5, 7, o="F"), A(5, 7)]),
    "iadd_row_vector": (iadd, [A(5, 7), A(7)]),
    "isub_number_3d": (isub_number, [A(3, 4, 5)]),
    "itruediv_f32": (itruediv, [A(5, 7, dt="float32"), A(5, 7, dt="float32")]),
    "ipow": (ipow, [A(5, 7)]),
    "imatmul": (imatmul, [A(4, 4), A(4, 4)]),
    "stencil_1d_reads_old": (stencil_1d, [A(9)]),
    "stencil_2d_reads_old": (stencil_2d, [A(6, 7)]),
    "ellipsis_assign": (ellipsis_assign, [A(5, 7), A(5, 7)]),
    "alias_iadd": (alias_iadd, [A(9)]),
    "alias_iadd_back": (alias_iadd_back, [A(9)]),
    "alias_iadd_2d": (alias_iadd_2d, [A(5, 7, o="F")]),
    "two_overlapping_writes": (two_writes, [A(9)]),
    "slice_of_slice_iadd": (slice_of_slice, [A(9), A(9)]),
    "slice_of_slice_imul_2d": (slice_of_slice_2d, [A(5, 7)]),
    "view_update_then_array": (view_update_then_array, [A(5, 7)]),
    "view_write_then_array": (view_write_then_array, [A(9)]),
    "column_assign": (column_assign, [A(5, 7), A(5, 7)]),
    "column_assign_F": (column_assign, [A(5, 7, o="F"), A(5, 7, o="F")]),
    "last_row_assign": (last_row_assign, [A(5, 7)]),
    "row_number": (row_number, [A(5, 7)]),
    "row_sums_into_column": (row_sums_into_column, [A(5, 7), A(5, 3)]),
    "row_sums_into_column_F": (row_sums_into_column, [A(5, 7, o="F"), A(5, 3, o="F")]),
    "row_max_into_column": (row_max_into_column, [A(5, 7), A(5, 3)]),
    "row_means_into_column": (row_means_into_column, [A(5, 7), A(5, 3)]),
    "column_sums_into_row": (column_sums_into_row, [A(5, 7), A(3, 7)]),
    "write_and_return": (write_and_return, [A(5, 7), A(5, 7)]),
    "return_written_argument": (return_written_argument, [A(9)]),
    "copy_then_stencil": (copy_then_stencil, [A(9)]),
    "zeros_then_window": (zeros_then_window, [A(9)]),
    "read_before_overwrite": (read_before_overwrite, [A(5, 7), A(5, 7)]),
    "swap": (swap, [A(5, 7), A(5, 7)]),
    "rebind_is_no_write": (rebind, [A(5, 7)]),
    "window_3d": (window_3d, [A(4, 3, 5)]),
    "window_from_0d": (window_from_0d, [A(9), D]),
    "roll_into_self": (roll_into_self, [A(9)]),
    "roll_plus_self": (roll_plus_self, [A(5, 7)]),
    "where_into_self": (where_into_self, [A(5, 7)]),
}

#: elementwise idioms of one array, checked at every layout of :data:`LAYOUTS`
ELEMENTWISE = {
    "negative_step_free_neg": lambda a: -a,
    "abs": np.abs,
    "abs_builtin": abs,
    "sqrt_of_abs": lambda a: np.sqrt(np.abs(a)),
    "sqrt_of_negative_nan": np.sqrt,
    "exp": np.exp,
    "square": np.square,
    "power_2": lambda a: a ** 2,
    "power_3": lambda a: np.power(a, 3),
    "power_half": lambda a: np.abs(a) ** 0.5,
    "minimum_number": lambda a: np.minimum(a, 0.5),
    "where_number": lambda a: np.where(a > 0, a, 0.0),
    "equal_where": lambda a: np.where(a == a[...], a, 1.0),
}


@pytest.mark.parametrize("name", sorted(AGREE))
def test_agrees_with_numpy(name):
    fn, specs = AGREE[name]
    check_agrees(fn, specs)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("name", sorted(ELEMENTWISE))
def test_elementwise_agrees_at_every_layout(name, layout):
    check_agrees(ELEMENTWISE[name], [LAYOUTS[layout]])


# ------------------------------------------------------------------ refusals
def ifloordiv(a): a //= 2.0
def stale_view_returned(a):
    v = a[1:-1]
    a[2:] = 0.0
    return v * 1
def swap_rows(a): a[0], a[-1] = a[-1], a[0]   # NumPy: a[0] = a[-1] (a view), then a[-1] = the new a[0]
def transpose_view_assign(a):
    t = a.T
    t[0, 1] = 5.0
def element_iadd(a): a[0] += 1.0
def mask_read(a): return a[a > 0]
def write_column_vector(a, c): a[:, 1:] = c[:, None]


REFUSE = {
    # views and indexing kfuse does not take
    "T_3d": (lambda a: a.T + 0, [A(3, 4, 5)], "transposing an array of 3 axes"),
    "transpose_axes_3d": (lambda a: np.transpose(a, (1, 0, 2)) * 1, [A(3, 4, 5)], "axes="),
    "swapaxes": (lambda a: np.swapaxes(a, 0, 1) * 1, [A(5, 7)], "numpy.swapaxes"),
    "slice_of_transpose": (lambda a: a.T[1:, :2] * 1, [A(5, 7)], "slicing a transpose view"),
    "negative_step": (lambda a: a[::-1] + 0, [A(7)], "slice step -1"),
    "step_2": (lambda a: a[::2] * 1, [A(7)], "slice step 2"),
    "step_2_columns": (lambda a: a[:, ::2] * 1, [A(5, 7)], "slice step 2"),
    "last_row_value": (lambda a: a[-1] * 1, [A(5, 7)], "drops an axis"),
    "column_value": (lambda a: a[:, 0] * 1, [A(5, 7, o="F")], "drops an axis"),
    "ellipsis_integer": (lambda a: a[..., 0] * 1, [A(5, 7)], "drops an axis"),
    "plane_of_3d": (lambda a: a[1] + 1, [A(3, 4, 5)], "drops an axis"),
    "element_times_matrix": (lambda a: a[0, 0] * a, [A(5, 7)], "integer-indexed plane"),
    "index_out_of_bounds": (lambda a: a[9] + 0, [A(9)], "out of bounds"),
    "new_axis_of_matrix": (lambda a: a[None] * 1, [A(5, 7)], "a new axis (None)"),
    "mask_read": (mask_read, [A(5, 7)], "an index holding a traced value"),
    # broadcasting kfuse does not take
    "column_array_5x1": (lambda a, b: a + b, [A(5, 7), A(5, 1)], "do not match"),
    "row_array_1x7": (lambda a, b: a + b, [A(5, 7), A(1, 7)], "do not match"),
    "grid_plus_matrix": (lambda a, b: a + b, [A(3, 4, 5), A(4, 5)], "do not match"),
    "grid_times_4x1": (lambda a, b: a * b, [A(3, 4, 5), A(4, 1)], "do not match"),
    "length_1_vector": (lambda a, b: a + b, [A(5, 7), A(1)], "could not be broadcast"),
    "grid_times_column_None": (lambda a, b: a * b[:, None], [A(3, 4, 5), A(4)], "a vector with a new axis"),
    "vector_plus_column_None": (lambda a, b: a + b[:, None], [A(7), A(5)], "a vector with a new axis"),
    # shapes and element types kfuse keeps
    "reshape": (lambda a: a.reshape(7, 5) + 0, [A(5, 7)], ".reshape(7, 5)"),
    "reshape_flat": (lambda a: a.reshape(-1) * 1, [A(5, 7, o="F")], ".reshape(-1,)"),
    "ravel": (lambda a: np.ravel(a) * 1, [A(5, 7)], "numpy.ravel"),
    "flatten": (lambda a: a.flatten() * 1, [A(5, 7)], ".flatten"),
    "roll_flattened": (lambda a: np.roll(a, 3), [A(5, 7)], "axis=None flattens"),
    "astype_f32": (lambda a: a.astype(np.float32), [A(5, 7)], ".astype(float32)"),
    "astype_int": (lambda a: a.astype(np.int32), [A(5, 7)], ".astype(int32)"),
    "int32_times_float": (lambda a: a * 1.5, [A(5, 7, dt="int32")], "'int32'"),
    "int32_remainder": (lambda a: a % 3, [A(5, 7, dt="int32")], "'int32'"),
    "f32_plus_f64": (lambda a, b: a + b, [A(5, 7, dt="float32"), A(5, 7)], "mismatched element types"),
    "f32_times_0d_f64": (lambda a, d: a * d, [A(5, 7, dt="float32"), D], "mismatched element types"),
    "f64_zeros_plus_f32": (lambda a: np.zeros(a.shape) + a, [A(5, 7, dt="float32")], "mismatched element types"),
    "floor_divide": (lambda a: a // 2.0, [A(5, 7)], "// (numpy.floor_divide)"),
    "ifloordiv": (ifloordiv, [A(5, 7)], "// (numpy.floor_divide)"),
    "remainder": (lambda a: a % 3.0, [A(5, 7)], "% (numpy.remainder)"),
    # reductions kfuse does not take
    "sum_axis_0_returned": (lambda a: a.sum(axis=0), [A(5, 7)], "drops an axis"),
    "sum_axis_positional": (lambda a: a.sum(0), [A(5, 7)], "drops an axis"),
    "max_axis_0": (lambda a: np.max(a, axis=0), [A(5, 7)], "drops an axis"),
    "mean_axis_0": (lambda a: a.mean(axis=0), [A(5, 7)], "drops an axis"),
    "sum_last_axis_3d": (lambda a: a.sum(axis=-1), [A(3, 4, 5)], "drops an axis"),
    "sum_keepdims": (lambda a: np.sum(a, keepdims=True), [A(5, 7)], "keepdims=True is not taken"),
    "sum_axis_keepdims": (lambda a: a.sum(axis=1, keepdims=True), [A(5, 7)], "keepdims=True is not taken"),
    "sum_axis_tuple": (lambda a: np.sum(a, axis=(0, 1)), [A(5, 7)], "axis=(0, 1)"),
    "nansum": (lambda a: np.nansum(a), [A(9)], "numpy.nansum"),
    "where_one_argument": (lambda a: np.where(a > 0), [A(5, 7)], "one-argument form"),
    # assignments kfuse cannot do as NumPy does
    "stale_view": (stale_view, [A(9)], "a view of x0 taken before an assignment"),
    "stale_view_returned": (stale_view_returned, [A(9)], "a view of x0 taken before an assignment"),
    "swap_rows": (swap_rows, [A(5, 7)], "a view of x0 taken before an assignment"),
    "transpose_view_assign": (transpose_view_assign, [A(5, 7)], "assignment into x0.T"),
    "element_iadd_1d": (element_iadd, [A(9)], "a scalar"),
    "broadcast_row_into_window": (broadcast_row_into_window, [A(5, 7), A(7)], "assigning x1 of shape (7,)"),
    "broadcast_column_into_window": (write_column_vector, [A(5, 7), A(5)], "assigning x1 of shape (5, 1)"),
    # comparisons are 0/1 masks of the operands' type, NumPy's are bool arrays (findings: fixed)
    "comparison_mask_assign": (mask_assign, [A(5, 7)], "a comparison (u > 0) is a 0/1 mask"),
    "sum_of_comparisons": (lambda a, b: (a < b) + (a > 0), [A(5, 7), A(5, 7)], "the sum of two comparisons"),
    "np_add_of_comparisons": (lambda a, b: np.add(a == b, a != b), [A(5, 7), A(5, 7)], "the sum of two comparisons"),
    "and_of_comparisons": (lambda a, b: (a < b) & (a > 0), [A(5, 7), A(5, 7)], "& (numpy.bitwise_and)"),
    "or_of_comparisons": (lambda a, b: (a < b) | (a > 0), [A(5, 7), A(5, 7)], "| (numpy.bitwise_or)"),
    "xor_of_comparisons": (lambda a, b: (a < b) ^ (a > 0), [A(5, 7), A(5, 7)], "^ (numpy.bitwise_xor)"),
    "not_of_comparison": (lambda a, b: ~(a < b), [A(5, 7), A(5, 7)], "~ (numpy.invert)"),
}


@pytest.mark.parametrize("name", sorted(REFUSE))
def test_refused_with_the_reason(name):
    fn, specs, words = REFUSE[name]
    check_refuses(fn, specs, words)


# ------------------------------------------------------------------ known wrong answers
XFAIL = {
    "comparison_returned": (lambda a, b: a < b, [A(5, 7), A(5, 7)],
                            "a comparison is a 0/1 float64 array, NumPy's is a bool array"),
    "comparison_times_number_f32": (lambda a, b: (a < b) * 2.0, [A(5, 7, dt="float32")] * 2,
                                    "float32 result: NumPy's bool * Python float is float64"),
    "sum_of_comparison": (lambda a, b: (a < b).sum(), [A(5, 7), A(5, 7)],
                          "the count is a float64 0-d array, NumPy's sum of bools is int64"),
    "max_of_comparison": (lambda a, b: (a < b).max(), [A(5, 7), A(5, 7)],
                          "float64 0/1, NumPy's max of bools is a bool"),
    "f32_times_np_float64": (lambda a: a * np.float64(0.1), [A(5, 7, dt="float32")],
                             "a NumPy float64 scalar is a literal of the array's type (float32 result); "
                             "NumPy 2 (NEP 50) promotes float32 * np.float64 to float64"),
}


@pytest.mark.parametrize("name", [pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=v[2]))
                                  for k, v in sorted(XFAIL.items())])
def test_known_disagreements(name):
    fn, specs, _ = XFAIL[name]
    check_agrees(fn, specs)
