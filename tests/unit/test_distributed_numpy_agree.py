"""kfuse.distributed's user API against NumPy on the whole array (blocks in host memory, ranks as
LocalComm threads, no GPU): grids of odd and uneven shapes, 1-D to 3-D, C and F order, cut along
one and two axes, 1 to 4 ranks, periodic axes.  Every call either gives exactly what NumPy gives
on the gathered array (values, shape, dtype, scalar or 0-d) or raises a KfuseError naming the
problem; NumPy refusing means kfuse must refuse too.  A raw Python exception, a hang or another
value is a failure."""
from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest

import kfuse.distributed as kd
from kfuse.distributed import Halo, LocalComm
from kfuse.errors import ArgumentError, DTypeError, KfuseError, ShapeError

#: (shape, split, order, periodic)
CASES = [
    ((11,), (1,), "C", None),
    ((13,), (4,), "F", True),
    ((7, 5), (3, 1), "C", None),
    ((7, 5), (2, 2), "F", (True, False)),
    ((9, 6), (1, 2), "C", None),
    ((6, 9), (2, 1), "F", None),
    ((5, 4, 3), (2, 1, 1), "C", None),
    ((5, 4, 3), (1, 2, 2), "F", (False, True, False)),
    ((4, 5, 6), (3, 1, 1), "F", None),
]
IDS = [f"{'x'.join(map(str, s))}-{'x'.join(map(str, d))}-{o}{'-per' if p else ''}" for s, d, o, p in CASES]


def on_ranks(case, fn, timeout=60):
    """``fn(grid)`` on every rank of ``case``'s grid; the ranks' results."""
    shape, split, order, periodic = case

    def body(comm):
        return fn(kd.Grid(shape, comm=comm, split=split, arrays="numpy", order=order, periodic=periodic))

    return LocalComm.run(math.prod(split), body, timeout=timeout)


def attempt(fn):
    """("ok", value) or ("err", exception): a rank's answer to one call."""
    try:
        return "ok", fn()
    except Exception as exc:   # noqa: BLE001 - judged in agree()
        return "err", exc


def numpy_answer(fn):
    try:
        return "ok", fn()
    except Exception as exc:   # noqa: BLE001
        return "err", exc


def same(got, want) -> bool:
    """Exactly NumPy's result: scalar-ness, shape, dtype, values (NaN equal to NaN)."""
    if isinstance(want, np.ndarray) != isinstance(got, np.ndarray):
        return False
    got, want = np.asarray(got), np.asarray(want)
    nan = want.dtype.kind in "fc"
    return got.shape == want.shape and got.dtype == want.dtype and np.array_equal(got, want, equal_nan=nan)


def agree(what, got, want, refusal_ok=True):
    """kfuse's ``got`` against NumPy's ``want`` (both ("ok"|"err", ...))."""
    kind, value = got
    if kind == "err":
        assert isinstance(value, KfuseError), f"{what}: raw {type(value).__name__}: {value}"
        assert str(value).strip(), f"{what}: a refusal without a message"
        assert refusal_ok or want[0] == "err", f"{what}: refused ({value}), NumPy gives {want[1]!r}"
        return
    assert want[0] == "ok", f"{what}: kfuse gives {value!r}, NumPy raises {want[1]!r}"
    assert same(value, want[1]), f"{what}: kfuse gives {value!r}, NumPy {want[1]!r}"


def whole_of(shape, dtype="float64", seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) * 10).astype(dtype) if np.dtype(dtype).kind != "b" else rng.random(shape) > 0.5


def pad(key, ndim):
    """The first ``ndim`` entries of a key written for 3 axes (all of it when it has ...)."""
    return key if any(k is Ellipsis for k in key) else key[:ndim]


READS = [(3, 4, 2), (-1,), (slice(2, 9, 3), slice(None, None, -1), slice(None)), (Ellipsis, 0),
         (slice(None), None), (0, 0, 0, Ellipsis), (slice(5, 2),), (slice(20, 30),), (np.int64(2), slice(1, 6)),
         (slice(None, None, -2), -2, 1), (), (Ellipsis,), (slice(None, None, 0),), (7.0,), (True,),
         ([1, 2],), (np.array([0, 2]), 1), (slice(None), Ellipsis, None), (99,), (0, 0, 0, 0), (Ellipsis, Ellipsis),
         (slice(1, None, 2.5),)]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_scatter_gather_creation_and_local_are_numpys(case):
    shape, order = case[0], case[2]
    floats, ints = whole_of(shape), whole_of(shape, "int32", 1)

    def rank(g):
        u, k = g.scatter(floats), g.scatter(np.asfortranarray(ints), dtype="int16")
        ff = g.fromfunction(lambda *idx: sum((a + 1) * x for a, x in enumerate(idx)) * 0.5)
        one = g.fromfunction(lambda *idx: 3, dtype="int8")
        return (g.gather(u, root=None), g.gather(u, root=0), u.gather(root=g.comm.size - 1), g.gather(k, root=None),
                g.gather(ff, root=None), g.gather(one, root=None), g.gather(g.zeros(), root=None),
                g.gather(g.full(2.5, dtype="float32"), root=None), g.gather(g.full(True, dtype=bool), root=None),
                np.array(u.local), g.box, u.shape, u.ndim, u.dtype, u.order)

    results = on_ranks(case, rank)
    last = len(results) - 1
    for r, (every, root0, rootn, k, ff, one, z, f, b, local, box, shp, ndim, dt, o) in enumerate(results):
        assert same(every, floats) and (every.flags.f_contiguous if order == "F" else every.flags.c_contiguous)
        assert same(root0, floats) if r == 0 else root0 is None
        assert same(rootn, floats) if r == last else rootn is None
        assert same(k, ints.astype("int16"))
        assert same(ff, np.fromfunction(lambda *idx: sum((a + 1) * x for a, x in enumerate(idx)) * 0.5, shape))
        assert same(one, np.full(shape, 3, "int8"))
        assert same(z, np.zeros(shape)) and same(f, np.full(shape, 2.5, "float32")) and same(b, np.ones(shape, bool))
        assert same(local, floats[tuple(slice(lo, hi) for lo, hi in box)])
        assert (shp, ndim, dt, o) == (shape, len(shape), np.float64, order)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_global_reads_are_numpys_reads_of_the_whole_array(case):
    whole = whole_of(case[0])
    keys = [pad(k, len(case[0])) for k in READS]
    keys = [k[0] if len(k) == 1 and not isinstance(k[0], slice) else k for k in keys]   # u[-1], not u[(-1,)]

    def rank(g):
        u = g.scatter(whole)
        return [attempt(lambda: u[k]) for k in keys]

    for got in on_ranks(case, rank):
        for k, answer in zip(keys, got):
            agree(f"u[{k!r}]", answer, numpy_answer(lambda: whole[k]))


def write_cases(shape):
    nd = len(shape)
    at = tuple(min(i, n - 1) for i, n in zip((3, 4, 2), shape))
    inner = tuple(slice(1, -1) for _ in shape)
    inner_shape = tuple(max(n - 2, 0) for n in shape)
    col = (slice(None), 0) if nd > 1 else (0,)
    sel_col = np.zeros(shape)[col].shape
    return [
        (at, 7), (col, 0), (Ellipsis, 0), (inner, np.arange(math.prod(inner_shape)).reshape(inner_shape)),
        (inner, 1.5), ((slice(5, 2),), 1), ((slice(None, None, -1),), np.arange(shape[-1])),
        (col, np.ones((1, 1) + sel_col)), (col, np.ones(sel_col + (1,))), (at, np.array([5.0])),
        (at, None), (at, "x"), (at, "2.5"), (at, 1 + 2j), (at, [1, 2]), (col, [[1, 2], [3]]),
        ((slice(None, None, 0),), 1), ((slice(None), None), 0), ((np.array([0, 1]),), 1), (at + (0,), 1),
        (Ellipsis, np.ones(shape[::-1]) if nd > 1 and shape != shape[::-1] else np.ones(shape + (2,))),
        (Ellipsis, np.arange(math.prod(shape)).reshape(shape)),
    ]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_writes_are_numpys_writes(case):
    shape = case[0]
    whole = whole_of(shape)
    writes = write_cases(shape)

    def rank(g):
        out = []
        for key, value in writes:
            u = g.scatter(whole)
            got = attempt(lambda: u.__setitem__(key, value))
            out.append((got[0], got[1]) if got[0] == "err" else ("ok", g.gather(u, root=None)))
        return out

    for got in on_ranks(case, rank):
        for (key, value), answer in zip(writes, got):
            want = whole.copy()
            agree(f"u[{key!r}] = {value!r}", answer, numpy_answer(lambda: (want.__setitem__(key, value), want)[1]))


@pytest.mark.parametrize("dtype", ["int32", "uint8", "bool", "float32"])
def test_writes_convert_values_as_numpy_does(dtype):
    case = CASES[3]
    whole = whole_of(case[0], dtype)
    values = [np.nan, 300, -1, 2.7, 1 + 2j, np.float64(np.nan), np.int64(300), np.array([1.5, -2.5, 3.5, 1, 0]),
              np.array(["1", "2", "3", "4", "x"]), True, [0, 1, 2, 3, 4]]

    def rank(g):
        out = []
        for value in values:
            u = g.scatter(whole)
            got = attempt(lambda: u.__setitem__((slice(None), 1) if np.ndim(value) == 0 else (2, slice(None)), value))
            out.append(got if got[0] == "err" else ("ok", g.gather(u, root=None)))
        return out

    with np.errstate(all="ignore"):
        for got in on_ranks(case, rank):
            for value, answer in zip(values, got):
                want = whole.copy()
                key = (slice(None), 1) if np.ndim(value) == 0 else (2, slice(None))
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
                    agree(f"{dtype} u[{key}] = {value!r}", answer,
                          numpy_answer(lambda: (want.__setitem__(key, value), want)[1]), refusal_ok=False)


@pytest.mark.parametrize("case", [CASES[2], CASES[3], CASES[7]], ids=[IDS[2], IDS[3], IDS[7]])
def test_a_dist_array_value(case):
    shape = case[0]
    whole, other = whole_of(shape), whole_of(shape, "int32", 2)
    inner = tuple(slice(1, -1) for _ in shape)
    inner_shape = tuple(n - 2 for n in shape)

    def rank(g):
        u, v = g.scatter(whole), g.scatter(other)
        same_grid = attempt(lambda: u.__setitem__(Ellipsis, v))
        got = g.gather(u, root=None)
        w = g.scatter(whole)
        colon = attempt(lambda: w.__setitem__(slice(None), g.full(4.0)))
        got_colon = g.gather(w, root=None)
        h = kd.Grid(inner_shape, comm=g.comm, arrays="numpy")
        small = h.full(9.0)
        into_inner = attempt(lambda: u.__setitem__(inner, small))
        g2 = kd.Grid(shape, comm=g.comm, split=case[1][::-1] if case[1][::-1] != case[1] else case[1],
                     arrays="numpy", order="F" if case[2] == "C" else "C")
        return same_grid, got, colon, got_colon, into_inner, attempt(lambda: u.__setitem__(Ellipsis, g2.zeros())), \
            attempt(lambda: u.__setitem__(inner, g.full(1.0)))

    for same_grid, got, colon, got_colon, into_inner, other_grid, wrong_shape in on_ranks(case, rank):
        assert same_grid[0] == "ok" and same(got, other.astype(np.float64))
        assert colon[0] == "ok" and same(got_colon, np.full(shape, 4.0))
        agree("u[1:-1, 1:-1] = v (v of another grid)", into_inner, ("ok", None))
        assert into_inner[0] == "err" and "DistArray" in str(into_inner[1])
        agree("u[...] = v (v of another decomposition)", other_grid, ("err", None))
        agree("u[1:-1, 1:-1] = v (v the grid's shape)", wrong_shape, ("err", None))


REDUCE_DTYPES = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64", "complex128"]


@pytest.mark.parametrize("dtype", REDUCE_DTYPES)
@pytest.mark.parametrize("case", [CASES[1], CASES[3], CASES[7]], ids=[IDS[1], IDS[3], IDS[7]])
def test_reductions_are_numpys(case, dtype):
    whole = whole_of(case[0], dtype, 3)
    if dtype.startswith("complex"):
        whole = whole + 1j * whole_of(case[0], "float64", 4)
    negative = -np.abs(whole_of(case[0], "float64", 5)) - 1

    def rank(g):
        u, n = g.scatter(whole), g.scatter(negative)
        return u.sum(), u.max(), u.min(), n.max(), n.min(), u[2:2]

    for s, hi, lo, nhi, nlo, empty in on_ranks(case, rank):
        want = whole.sum()
        assert s.shape == () and s.dtype == want.dtype
        if whole.dtype.kind in "fc":
            assert np.allclose(s, want, rtol=1e-3 if dtype == "float16" else 1e-5)
        else:
            assert s == want
        assert same(np.asarray(hi), np.asarray(whole.max())) and same(np.asarray(lo), np.asarray(whole.min()))
        assert nhi == negative.max() and nlo == negative.min()
        assert same(empty, whole[2:2])


def test_reductions_propagate_nan_as_numpy():
    case = CASES[3]
    whole = whole_of(case[0])
    whole[6, 4] = np.nan

    def rank(g):
        u = g.scatter(whole)
        return u.sum(), u.max(), u.min()

    for s, hi, lo in on_ranks(case, rank):
        assert np.isnan(s) and np.isnan(hi) and np.isnan(lo)


@pytest.mark.parametrize("case", [CASES[1], CASES[3], CASES[7]], ids=[IDS[1], IDS[3], IDS[7]])
def test_with_halo_keeps_the_values_and_refuses_bad_halos(case):
    shape = case[0]
    whole = whole_of(shape)
    nd = len(shape)
    wide = Halo(tuple((1, 2) if d > 1 else (0, 0) for d in case[1]))

    def rank(g):
        u = g.scatter(whole)
        w = u.with_halo(wide)
        bad = [attempt(lambda: u.with_halo(h)) for h in
               (((1, 1),) * nd, Halo(((1, 1),) * (nd + 1)), Halo(((-1, 1),) * nd), Halo(((1.5, 1),) * nd), None)]
        w.local[...] = w.local * 2
        return (u.with_halo(u.halo) is u, g.gather(w, root=None), np.array(w.local), g.box,
                tuple(w.block.shape), w.padded_box, bad)

    for is_same, got, local, box, block, padded, bad in on_ranks(case, rank):
        assert is_same and same(got, 2 * whole)
        assert same(local, 2 * whole[tuple(slice(lo, hi) for lo, hi in box)])
        assert block == tuple(hi - lo for lo, hi in padded)
        for answer in bad:
            assert answer[0] == "err" and isinstance(answer[1], ArgumentError), answer


def test_bad_input_is_refused_naming_it():
    case = CASES[3]
    whole = whole_of(case[0])

    def rank(g):
        u = g.scatter(whole)
        return {
            "list": attempt(lambda: g.scatter(whole.tolist())),
            "shape": attempt(lambda: g.scatter(whole.T)),
            "str dtype": attempt(lambda: g.scatter(whole, dtype="U3")),
            "object": attempt(lambda: g.scatter(whole.astype(object))),
            "zeros foo": attempt(lambda: g.zeros("foo")),
            "full str": attempt(lambda: g.full("x")),
            "full nan int": attempt(lambda: g.full(np.nan, dtype="int32")),
            "full 300 uint8": attempt(lambda: g.full(300, dtype="uint8")),
            "full array": attempt(lambda: g.full(np.ones(3))),
            "full complex": attempt(lambda: g.full(1 + 1j)),
            "fromfunction shape": attempt(lambda: g.fromfunction(lambda i, j: np.ones(3))),
            "gather numpy": attempt(lambda: g.gather(whole)),
            "gather root": attempt(lambda: g.gather(u, root=5)),
            "gather root bool": attempt(lambda: g.gather(u, root=True)),
            "gather other": attempt(lambda: g.gather(kd.Grid((3, 3), comm=g.comm, split=(2, 2),
                                                             arrays="numpy").zeros())),
            "split": attempt(lambda: kd.Grid((7, 5), comm=g.comm, split=(3, 1), arrays="numpy")),
            "split wide": attempt(lambda: kd.Grid((1, 5), comm=g.comm, split=(2, 2), arrays="numpy")),
            "shape 0": attempt(lambda: kd.Grid((0, 5), comm=g.comm, arrays="numpy")),
            "periodic": attempt(lambda: kd.Grid((7, 5), comm=g.comm, periodic=1, arrays="numpy")),
            "order": attempt(lambda: kd.Grid((7, 5), comm=g.comm, order="A", arrays="numpy")),
            "arrays": attempt(lambda: kd.Grid((7, 5), comm=g.comm, arrays="torch")),
            "float index": attempt(lambda: u[1.0, 2]),
            "scatter dtype 0": attempt(lambda: g.scatter(whole, dtype=0)),
        }

    names = {"list": (ArgumentError, "list"), "shape": (ShapeError, r"\(5, 7\)"), "str dtype": (DTypeError, "U3"),
             "object": (DTypeError, "object"), "zeros foo": (DTypeError, "foo"), "full str": (DTypeError, "'x'"),
             "full nan int": (DTypeError, "int32"), "full 300 uint8": (DTypeError, "uint8"),
             "full array": (ArgumentError, r"\(3,\)"), "full complex": (DTypeError, "float64"),
             "fromfunction shape": (ShapeError, r"\(3,\)"), "gather numpy": (ArgumentError, "ndarray"),
             "gather root": (ArgumentError, "root: 5"), "gather root bool": (ArgumentError, "root: True"),
             "gather other": (ArgumentError, "another grid"), "split": (ArgumentError, "3 blocks"),
             "split wide": (ShapeError, "axis 0"), "shape 0": (ShapeError, "shape"),
             "periodic": (ArgumentError, "periodic"), "order": (ArgumentError, "order"),
             "arrays": (ArgumentError, "torch"), "float index": (ArgumentError, "float"),
             "scatter dtype 0": (DTypeError, "0")}
    for answers in on_ranks(case, rank):
        for name, (kind, text) in names.items():
            got = answers[name]
            assert got[0] == "err" and isinstance(got[1], kind) and re.search(text, str(got[1])), (name, got)


def test_ranks_disagreeing_on_the_root_are_stopped():
    def rank(g):
        u = g.zeros()
        return attempt(lambda: g.gather(u, root=g.rank))

    for kind, exc in on_ranks(CASES[3], rank, timeout=2):
        assert kind == "err" and isinstance(exc, KfuseError)


@pytest.mark.xfail(strict=True, reason="a read whose key differs between ranks (u[g.rank]) is not detected: each "
                   "rank plans its receives from its own key, rank 1 of a 2x1 grid gets rank 0's row 0 as u[1] "
                   "(silently wrong) instead of a KfuseError")
def test_ranks_disagreeing_on_a_read_key_are_refused():
    whole = whole_of((7, 5))

    def rank(g):
        return attempt(lambda: g.scatter(whole)[g.rank])

    for r, (kind, value) in enumerate(on_ranks(((7, 5), (2, 1), "C", None), rank, timeout=5)):
        assert (kind == "err" and isinstance(value, KfuseError)) or same(value, whole[r])
        assert kind == "err"


@pytest.mark.xfail(strict=True, reason="scatter() of a whole array that differs between ranks is not detected: "
                   "each rank keeps its block of its own array, the gathered array mixes them (NumPy has no such "
                   "array) instead of a KfuseError")
def test_ranks_disagreeing_on_scatter_are_refused():
    whole = whole_of((7, 5))

    def rank(g):
        return attempt(lambda: g.scatter(whole + g.rank).gather(root=None))

    for kind, value in on_ranks(((7, 5), (2, 1), "C", None), rank, timeout=5):
        assert kind == "err" and isinstance(value, KfuseError)
