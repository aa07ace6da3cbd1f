"""The multi-GPU suite at 4 and 8 ranks on the CPU (kfuse.bench.multigpu.scaling): the exchange
plans run on threads against the whole grid, the busiest rank's share of the plans, the model."""
import pytest

from kfuse.bench.multigpu import scaling
from kfuse.bench.multigpu.workloads import WORKLOADS


@pytest.mark.parametrize("stencil,shape,ranks,split", [
    ("jacobi-2d", (37, 29), 4, "auto"), ("jacobi-2d", (37, 29), 8, (4, 2)), ("jacobi-2d", (37, 29), 8, (8, 1)),
    ("heat-3d", (19, 13, 11), 4, (2, 2, 1)), ("heat-3d", (19, 13, 11), 8, (4, 2, 1)),
    ("heat-3d", (19, 13, 11), 8, (2, 2, 2))])
def test_exchange_plans_of_4_and_8_ranks_give_the_whole_grids_values(stencil, shape, ranks, split):
    assert scaling.simulate(stencil, shape, ranks, 5, split) == 0.0
    assert scaling.simulate(stencil, shape, ranks, 5, split, exchange=False) > 1e-3   # the control


@pytest.mark.parametrize("shape,ranks,split,messages", [
    ((64, 32), 8, (8, 1), 2), ((64, 32), 8, (4, 2), 3), ((16, 16, 16), 8, (2, 2, 2), 3),
    ((16, 16, 16), 8, (4, 2, 1), 3), ((64, 32), 1, "auto", 0)])
def test_the_busiest_ranks_messages_and_bytes(shape, ranks, split, messages):
    st = scaling.plan_stats(shape, ranks, 1, 4, split)
    assert st.messages == messages and st.ranks == ranks
    if ranks == 8 and split == (8, 1):
        assert st.send_bytes == 2 * 32 * 4 and st.points == 8 * 32 and st.boundary_points == 2 * 32


def test_model_efficiencies():
    weak, strong = WORKLOADS["jacobi-2d-16384-weak"], WORKLOADS["jacobi-2d-16384-strong"]
    w = [scaling.predict(weak, p, "float32") for p in (2, 4, 8)]
    s = [scaling.predict(strong, p, "float32") for p in (2, 4, 8)]
    for r in w + s:
        assert 0 < r["efficiency_serial"] <= r["efficiency_overlapped"] <= 1.0
        assert r["serial_us"] == pytest.approx(r["compute_us"] + r["exchange_us"])
    assert s[0]["efficiency_serial"] > s[1]["efficiency_serial"] > s[2]["efficiency_serial"]
    assert s[2]["compute_us"] == pytest.approx(s[0]["compute_us"] / 4, rel=0.02)
    assert scaling.predict(WORKLOADS["cg-poisson-3d"], 8, "float64")["exchange_us"] > 2 * scaling.LINK["allreduce_s"] * 1e6
