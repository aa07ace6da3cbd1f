"""A rank's new blocks (outputs, intermediates, a loop's pool blocks) take the memory order of the
program's value: an F-ordered grid's kernels store F-ordered blocks, so a C-ordered block would
hold them transposed (the two-NCCL-rank run of 2026-11-29 read 3e+35 from F-ordered grids).
CuPy is stood in for by NumPy: no GPU needed."""
from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from kfuse import config
from kfuse.distributed.rank_step import RankStep
from kfuse.ir.types import ArrayType


def _stub(order: str, shape=(5, 7)):
    value = types.SimpleNamespace(type=ArrayType("matrix", "float64", shape, order))
    return types.SimpleNamespace(program=types.SimpleNamespace(value=lambda name: value),
                                 padded_shape=lambda name: (shape[0] + 2, shape[1]))


@pytest.fixture
def numpy_as_cupy(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", np)


@pytest.mark.parametrize("order", ["C", "F"])
def test_a_new_block_has_the_values_memory_order(numpy_as_cupy, order):
    b = RankStep.new_block(_stub(order), "b")
    assert b.shape == (7, 7) and b.dtype == np.float64
    assert b.flags.f_contiguous if order == "F" else b.flags.c_contiguous
    assert not (b.flags.c_contiguous if order == "F" else b.flags.f_contiguous)


@pytest.mark.parametrize("order", ["C", "F"])
def test_an_allocator_of_its_own_and_poison(numpy_as_cupy, order):
    asked = []

    def empty(shape, dtype):
        asked.append(shape)
        return np.empty(shape, dtype)
    with config.override(poison=True):
        b = RankStep.new_block(_stub(order), "b", empty)
    assert asked == [(7, 7)] and np.isnan(b).all()
    assert b.flags.f_contiguous if order == "F" else b.flags.c_contiguous
    wide = _stub(order, (4, 9))
    b = RankStep.new_block(wide, "b", empty)
    assert b.shape == (6, 9) and asked[-1] == ((9, 6) if order == "F" else (6, 9))
