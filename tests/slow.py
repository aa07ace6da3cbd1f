"""Which tests are slow: the ones ``pytest --quick`` (the quick tier for daily work) leaves out
and the full tiers run (CI's ``.ci/run``, the README's full command).  ``tests/conftest.py``
marks them ``slow``, so ``-m slow`` runs only them and ``-m "not slow"`` is the quick tier's
selection without its smaller sweep samples.

A test is slow when it builds the generated CUDA with g++ and runs it on the CPU (by the
tiers' naming rule, its name says ``on_cpu`` or ``on_the_cpu``: a build is 4-15 CPU-s), or when
:data:`SLOW` lists it with the reason (the test's function, every parametrization;
``python -m tests.timings run.xml`` shows where a run's time goes).  An entry naming no
collected test of a collected file stops the run, so a renamed test cannot leave the list
silently.
"""
from __future__ import annotations

import re

#: g++ builds and runs of generated code on the CPU, by the tiers' naming rule
ON_CPU = re.compile(r"on_(the_)?cpu")

#: file::function -> why it is slow (measured on the 2-core machine)
SLOW = {
    "tests/fuzz/test_fuzz_compile.py::test_fuzz_compile":
        "200 random programs through NVRTC and the plan executor (chunks of 25)",
    "tests/fuzz/test_fuzz_stencil_compile.py::test_fuzz_stencil_compile":
        "200 random stencil programs through the planner, NVRTC and NumPy (chunks of 25)",
    # g++ builds and runs of generated code named otherwise than the rule
    "tests/compile/test_apps_accept.py::test_an_accepted_one_field_step_computes_numpys_answer":
        "each accepted application's step built with g++ and run for 4 steps",
    "tests/compile/test_capped_plan_compile.py::"
    "test_a_plan_stopped_by_its_cap_compiles_and_computes_numpy":
        "a 303-call plan compiled by NVRTC and g++, run on the CPU",
    "tests/compile/test_numpy_compile.py::test_generated_roll_and_pad_kernels_are_numpy_bit_for_bit":
        "roll and pad kernels built with g++ per shape and dtype",
    "tests/compile/test_span_pack_bounds.py::test_span_pack_loads_stay_inside_the_array":
        "CSR span kernels built with g++ and the address sanitizer",
    "tests/compile/test_swm_compile.py::"
    "test_the_generated_cuda_is_numpy_without_contraction_and_within_rounding_with_it":
        "the shallow-water model built twice with g++ and run for 2 and 40 steps",
    "tests/compile/test_trsm_inv_kernel.py::test_every_leaf_inverts_each_block": "g++ build per case",
    "tests/compile/test_trsm_inv_kernel.py::test_float64_is_exact": "g++ build per case",
    "tests/compile/test_trsm_inv_kernel.py::test_float64_leaf_128": "g++ build per case",
    "tests/compile/test_trsm_inv_kernel.py::test_transposed_a_reads_its_triangle": "g++ build per case",
    "tests/compile/test_trsm_inv_kernel.py::test_small_n_pads_with_the_identity": "g++ build per case",
    # measured on the shared 2-core machine under load (tests/timings.py, 2026-11-28)
    "tests/compile/test_gemm_emit_struct.py::test_structures_compile_without_spills":
        "every structured GEMM variant through NVRTC in one test (318 s loaded)",
    "tests/compile/test_newcomer_compile.py::test_tf32_named_inside_jit_compiles_on_the_tensor_cores":
        "a TF32 GEMM compiled inside jit (99 s loaded)",
    "tests/compile/test_lbm_d2q9_cpu.py::test_each_thread_owns_a_site_and_the_compiler_merges_what_the_planes_share":
        "D2Q9 lowered and compiled per dtype (117 s loaded)",
    "tests/unit/test_search_scale.py::test_default_search_beats_gga_given_ten_times_its_time":
        "the genetic algorithm given ten times the search's time (52 s loaded)",
    "tests/fuzz/test_fuzz_compile.py::test_the_seeds_hold_invalid_programs":
        "goes with the chunks: the whole sample holds invalid programs",
    "tests/fuzz/test_fuzz_stencil_compile.py::test_the_stencil_seeds_hold_invalid_programs":
        "goes with the chunks: the whole sample holds invalid programs",
    # several ranks of a decomposed grid, each rank's placed kernels built with g++ and run
    "tests/compile/test_distributed_apps.py::test_an_application_runs_on_ranks_bitwise_the_whole_grid":
        "each application's step on 2 or 4 ranks, a g++ build per rank",
    "tests/compile/test_distributed_overlap.py::test_each_part_computes_its_box_bitwise":
        "the unsplit kernel and each part, one g++ build per rank",
    "tests/compile/test_distributed_placed.py::test_ranks_run_bitwise_the_one_grid_steps": "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::test_vectors_and_adjacent_rows_are_kept_and_bitwise":
        "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::"
    "test_blocks_whose_rows_lose_the_alignment_run_an_element_at_a_time": "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::test_staged_tiles_are_filled_from_the_padded_block":
        "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::test_a_staged_computed_value_and_box9": "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::test_planned_steps_and_several_fields_are_bitwise":
        "a g++ build per rank",
    "tests/compile/test_distributed_placed_fast.py::test_the_multi_field_step_at_two_frame_positions":
        "a g++ build per rank",
    "tests/compile/test_distributed_roll_pad.py::test_ranks_roll_and_pad_bitwise_the_one_grid_steps":
        "a g++ build per rank",
}


def function_id(nodeid: str) -> str:
    """``file::function`` of a test's node id (its parametrization and class dropped)."""
    path, _, rest = nodeid.partition("::")
    return f"{path}::{rest.split('::')[-1].split('[')[0]}"


def why(nodeid: str) -> str | None:
    """Why the test ``nodeid`` is slow, or None."""
    fid = function_id(nodeid)
    if fid in SLOW:
        return SLOW[fid]
    if fid.startswith("tests/compile/") and ON_CPU.search(fid.split("::")[1]):
        return "builds the generated code with g++ and runs it on the CPU"
    return None


def stale(nodeids: list) -> list:
    """Entries of :data:`SLOW` whose file was collected but none of whose tests was."""
    files = {n.partition("::")[0] for n in nodeids}
    seen = {function_id(n) for n in nodeids}
    return [fid for fid in SLOW if fid.partition("::")[0] in files and fid not in seen]
