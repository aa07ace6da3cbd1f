"""A rank's step split for overlap (kfuse.distributed.overlap, RankStep(overlap=True)) on a
machine without a GPU: the interior and strips tile the owned box without overlapping, the
interior reads nothing of the halo, every part compiles for sm_90 without spills, and on the CPU
(g++, tests/compile/grid_cpu.py) each part computes exactly its box, bitwise what the unsplit
kernel computes there, and writes nothing else."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from kfuse.distributed import Halo, LocalComm, decompose, local_box, to_local
from kfuse.distributed.overlap import split_box
from kfuse.distributed.rank_step import RankStep
from kfuse.distributed.reference import fill_halos, scatter
from tests.compile import grid_cpu
from tests.compile.test_distributed_placed import _planned, box9, heat3d, jacobi


@pytest.mark.parametrize("shape, dims, widths", [((13, 11), (3, 2), ((1, 2), (1, 1))), ((15,), (3,), ((2, 1),)),
                                                 ((7, 8, 9), (2, 2, 2), ((1, 1), (0, 1), (1, 0)))])
def test_the_parts_tile_the_owned_box_and_the_interior_reads_no_halo(shape, dims, widths):
    d = decompose(shape, int(np.prod(dims)), split=dims)
    halo = Halo(widths)
    for r in range(d.size):
        s = split_box(d, r, halo)
        cover = np.zeros(shape, int)
        for box in s.boxes:
            assert all(hi > lo for lo, hi in box)
            cover[tuple(slice(lo, hi) for lo, hi in box)] += 1
        own = np.zeros(shape, int)
        own[tuple(slice(lo, hi) for lo, hi in d.box(r))] = 1
        assert np.array_equal(cover, own), r
        for pt in itertools.product(*[range(lo, hi) for lo, hi in s.interior]):   # every read stays owned
            for a, (wl, wh) in enumerate(widths):
                lo, hi = d.box(r)[a]
                assert (pt[a] - wl >= lo or lo == 0) and (pt[a] + wh < hi or hi == shape[a]), (r, pt)


def test_nothing_to_overlap_without_a_neighbour_or_an_interior():
    assert split_box(decompose((8, 8), 1), 0, Halo(((1, 1), (1, 1)))) is None
    assert split_box(decompose((4, 8), 2), 0, Halo(((2, 2), (0, 0)))) is None   # 2 rows, both read across


@pytest.mark.parametrize("fn, shape, dims", [(jacobi, (13, 11), (2, 1)), (jacobi, (13, 11), (3, 2)),
                                             (box9, (12, 9), (2, 2)), (heat3d, (9, 7, 6), (2, 1, 1))],
                         ids=lambda x: getattr(x, "__name__", str(x)))
def test_each_part_computes_its_box_bitwise(fn, shape, dims, tmp_path):
    prog, plan = _planned(fn, shape)
    d = decompose(shape, int(np.prod(dims)), split=dims)
    steps = LocalComm.run(d.size, lambda comm: RankStep(prog, plan, d, comm, arch="sm_90", overlap=True), timeout=300)
    g = np.random.default_rng(4).standard_normal(shape)
    blocks = fill_halos(scatter(g, d, steps[0].storage), d, steps[0].storage)
    for r, step in enumerate(steps):
        split = step.parts.boxes[0]
        assert len(step.parts.modules) == len(split.boxes) and step.schedule == (("a",),)
        for c in step.parts.compiled:
            assert all(x["spill_stores"] == 0 for x in c.resources().values())
        pairs = [(prog, step.module)] + [(prog, m) for m in step.parts.modules]
        (tmp_path / str(r)).mkdir()
        block = np.ascontiguousarray(blocks[r])
        exe = grid_cpu.build(pairs, [block], False, str(tmp_path / str(r)))
        whole = grid_cpu.run(exe, [0], [block], str(tmp_path / str(r)))[0]
        pad = local_box(d, r, step.storage)
        for j, box in enumerate(split.boxes):
            part = grid_cpu.run(exe, [j + 1], [block], str(tmp_path / str(r)))[0]
            inside = to_local(box, pad)
            assert np.array_equal(part[inside], whole[inside]), (r, j)
            mask = np.ones(part.shape, bool)
            mask[inside] = False
            assert np.isnan(part[mask]).all(), (r, j, "wrote outside its box")
