"""Resident solver runs on the CPU: which systems qualify, the shapes, the row partition and the
scatter windows, and the model's choice."""
import numpy as np
import pytest

from kfuse import sparse
from kfuse.model import calibration, resident as model
from kfuse.spaces import resident as space


@pytest.mark.parametrize("blocks", [1, 3, 132, 1000])
def test_partition_covers_every_row_once_by_work(blocks):
    A = sparse.random_sparse(997, 997, 40, "float32", seed=1)
    starts = space.partition(A.indptr, blocks)
    assert starts[0] == 0 and starts[-1] == 997 and len(starts) == blocks + 1
    assert np.all(np.diff(starts) >= 0)
    work = np.asarray(A.indptr, dtype=np.int64) + np.arange(998)
    per = work[starts[1:]] - work[starts[:-1]]
    if blocks <= 132:   # no block holds much more than its share plus one row
        assert per.max() <= work[-1] / blocks + 2 * 41


def test_partition_of_an_empty_matrix():
    assert list(space.partition(np.zeros(1, np.int32), 4)) == [0, 0, 0, 0, 0]


def test_windows_cover_a_banded_matrix_and_fall_back_otherwise():
    A = sparse.banded(5000, 12, "float32", seed=2)
    starts = space.partition(A.indptr, 40)
    lows = space.windows(A.indptr, A.indices, starts, 512)
    assert space.in_window(A.indptr, A.indices, starts, lows, 512) == 1.0
    R = sparse.random_sparse(5000, 5000, 12, "float32", seed=3)
    starts = space.partition(R.indptr, 40)
    lows = space.windows(R.indptr, R.indices, starts, 512)
    share = space.in_window(R.indptr, R.indices, starts, lows, 512)
    assert 0.0 < share < 0.3
    assert np.all(lows >= 0)


def test_refusals_and_shapes():
    assert space.refusal("cg", "float32", 10, 30) == ""
    assert "complex64" in space.refusal("cg", "complex64", 10, 30)
    assert "gmres" in space.refusal("gmres", "float32", 10, 30)
    assert "empty" in space.refusal("bicg", "float64", 0, 0)
    assert "int32" in space.refusal("cg", "float64", 2 ** 31, 2 ** 32)
    with pytest.raises(ValueError, match="transpose"):
        space.shape_for("bicg", "float32", 10, 30)
    with pytest.raises(ValueError, match="lanes"):
        space.shape_for("cg", "float32", 10, 30, lanes=3)
    with pytest.raises(ValueError, match="rows"):
        space.shape_for("cg", "float32", 10, 30, rows=3)
    s = space.shape_for("bicg", "float64", 10, 300, "scatter")
    assert s.shared_bytes == s.window * 8 and s.name.startswith("kfuse_bicg_resident_float64_scatter")
    assert space.shape_for("cg", "float32", 10, 300, "scatter").transpose == ""
    assert space.default_lanes(7_000_000, 1_000_000) == 4 and space.default_lanes(120, 1) == 32


def test_model_terms_and_choice():
    cal = calibration.Calibration()
    small = model.choose("bicg", 5000, 45_000, "float32", "", cal)
    large = model.choose("bicg", 36_417, 4_344_765, "float32", "", cal)
    assert small.engine == "resident" and large.engine == "graph"
    assert "grid barriers" in large.why
    f64 = model.resident_s("cg", 10, 1_000_000, 8, cal)
    assert f64 > model.resident_s("cg", 10, 1_000_000, 4, cal)
    cal.resident = {"barrier_s": 1e-9, "entry_s": {"cg": 1e-15, "bicg-scatter": 1e-15, "bicg-same": 1e-15}}
    assert model.choose("bicg", 36_417, 4_344_765, "float32", "", cal).engine == "resident"


def test_refusal_leaves_room_for_the_kernels_int32_strides():
    """The kernel's loops test i < row1 after i += threads x rows (up to 4096) and a tile reads
    offsets up to te0 + tile x threads (8192): within 2^16 of 2^31 - 1 they would overflow int."""
    near = 2 ** 31 - 1 - 100
    assert "int32" in space.refusal("cg", "float32", near, 10)
    assert "int32" in space.refusal("bicg", "float32", 10, near)
    big_stride = max(space.THREADS) * max(space.ROWS) + max(space.TILES) * max(space.THREADS)
    assert space.MAX_ROWS + big_stride + 2048 <= 2 ** 31 - 1
    assert space.refusal("cg", "float32", 2 ** 30, 2 ** 30) == ""
