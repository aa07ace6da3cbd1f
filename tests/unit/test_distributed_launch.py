"""kfuse.distributed.launch: every launcher's variables, every refused value, the device of a rank."""
from __future__ import annotations

import pytest

from kfuse.distributed.launch import Launch, device_for, tasks_on_node
from kfuse.errors import ConfigError, NoGPUError

TORCHRUN = {"RANK": "5", "WORLD_SIZE": "8", "LOCAL_RANK": "1", "LOCAL_WORLD_SIZE": "4"}
OPENMPI = {"OMPI_COMM_WORLD_RANK": "5", "OMPI_COMM_WORLD_SIZE": "8", "OMPI_COMM_WORLD_LOCAL_RANK": "1",
           "OMPI_COMM_WORLD_LOCAL_SIZE": "4"}
PMI = {"PMI_RANK": "5", "PMI_SIZE": "8", "MPI_LOCALRANKID": "1", "MPI_LOCALNRANKS": "4"}
SLURM = {"SLURM_PROCID": "5", "SLURM_NTASKS": "8", "SLURM_LOCALID": "1", "SLURM_TASKS_PER_NODE": "4(x2)",
         "SLURM_NODEID": "1"}


def test_no_launcher_is_one_process():
    assert Launch.from_env({}) == Launch(0, 1, 0, 1, "single")
    assert Launch.from_env({"HOME": "/root", "RANK": ""}) == Launch(0, 1, 0, 1, "single")


@pytest.mark.parametrize("env, source", [(TORCHRUN, "torchrun"), (OPENMPI, "openmpi"), (PMI, "pmi"),
                                         (SLURM, "slurm")])
def test_each_launcher(env, source):
    assert Launch.from_env(env) == Launch(5, 8, 1, 4, source)


def test_pmi_local_variables_of_pmix_and_one_node_without_them():
    env = {"PMI_RANK": "2", "PMI_SIZE": "3", "PMI_LOCAL_RANK": "0", "PMI_LOCAL_SIZE": "1"}
    assert Launch.from_env(env) == Launch(2, 3, 0, 1, "pmi")
    assert Launch.from_env({"PMI_RANK": "2", "PMI_SIZE": "3"}) == Launch(2, 3, 2, 3, "pmi")


def test_slurm_step_counts_come_before_the_job_counts():
    env = {**SLURM, "SLURM_STEP_NUM_TASKS": "6", "SLURM_STEP_TASKS_PER_NODE": "3,3", "SLURM_NTASKS_PER_NODE": "9"}
    assert Launch.from_env(env) == Launch(5, 6, 1, 3, "slurm")
    plain = {"SLURM_PROCID": "0", "SLURM_NPROCS": "2", "SLURM_LOCALID": "0", "SLURM_NTASKS_PER_NODE": "2"}
    assert Launch.from_env(plain) == Launch(0, 2, 0, 2, "slurm")


@pytest.mark.parametrize("value, node, count", [("4", None, 4), ("4(x2),3", 2, 3), ("4(x2),3", 1, 4),
                                                ("2, 1(x3)", 3, 1)])
def test_slurm_task_lists(value, node, count):
    assert tasks_on_node("SLURM_TASKS_PER_NODE", value, node) == count


@pytest.mark.parametrize("value, node", [("4(x2),3", None), ("4(x2),3", 3), ("4(2)", 0), ("", 0)])
def test_slurm_task_lists_refused(value, node):
    with pytest.raises(ConfigError, match="SLURM_TASKS_PER_NODE"):
        tasks_on_node("SLURM_TASKS_PER_NODE", value, node)


def test_nested_launchers_agree_or_slurm_started_the_launcher():
    # torchrun inside a one-task-per-node srun step: Slurm's numbers are the agent's, not this rank's
    outer = {"SLURM_PROCID": "0", "SLURM_NTASKS": "2", "SLURM_LOCALID": "0", "SLURM_TASKS_PER_NODE": "1(x2)",
             "SLURM_NODEID": "0"}
    assert Launch.from_env({**TORCHRUN, **outer}).source == "torchrun"
    # srun started each rank and torchrun variables repeat the same numbers
    assert Launch.from_env({**TORCHRUN, **SLURM}) == Launch(5, 8, 1, 4, "torchrun")
    assert Launch.from_env({**OPENMPI, **PMI}).source == "openmpi"


@pytest.mark.parametrize("env, names", [
    ({**TORCHRUN, "OMPI_COMM_WORLD_RANK": "4", "OMPI_COMM_WORLD_SIZE": "8"}, ("RANK='5'", "OMPI_COMM_WORLD_RANK='4'")),
    ({**OPENMPI, "PMI_RANK": "5", "PMI_SIZE": "9"}, ("OMPI_COMM_WORLD_SIZE='8'", "PMI_SIZE='9'")),
    ({**TORCHRUN, **SLURM, "SLURM_PROCID": "4"}, ("RANK='5'", "SLURM_PROCID='4'")),
])
def test_disagreeing_launchers(env, names):
    with pytest.raises(ConfigError, match="disagree") as info:
        Launch.from_env(env)
    for name in names:
        assert name in str(info.value)


@pytest.mark.parametrize("change, name, value", [
    ({"RANK": "one"}, "RANK", "one"), ({"RANK": "-1"}, "RANK", "-1"), ({"RANK": "8"}, "RANK", "8"),
    ({"WORLD_SIZE": "0"}, "WORLD_SIZE", "0"), ({"WORLD_SIZE": "2.5"}, "WORLD_SIZE", "2.5"),
    ({"LOCAL_RANK": "x"}, "LOCAL_RANK", "x"), ({"LOCAL_RANK": "-2"}, "LOCAL_RANK", "-2"),
    ({"LOCAL_RANK": "4"}, "LOCAL_RANK", "4"), ({"LOCAL_WORLD_SIZE": "0"}, "LOCAL_WORLD_SIZE", "0"),
    ({"LOCAL_WORLD_SIZE": "9"}, "local size 9", "8"),
])
def test_bad_torchrun_values(change, name, value):
    with pytest.raises(ConfigError) as info:
        Launch.from_env({**TORCHRUN, **change})
    assert name in str(info.value) and value in str(info.value)


@pytest.mark.parametrize("env, name, value", [
    ({**OPENMPI, "OMPI_COMM_WORLD_LOCAL_RANK": "1e0"}, "OMPI_COMM_WORLD_LOCAL_RANK", "1e0"),
    ({**PMI, "PMI_SIZE": "five"}, "PMI_SIZE", "five"),
    ({**PMI, "MPI_LOCALNRANKS": "-4"}, "MPI_LOCALNRANKS", "-4"),
    ({**SLURM, "SLURM_PROCID": "8"}, "SLURM_PROCID", "8"),
    ({**SLURM, "SLURM_NODEID": "a"}, "SLURM_NODEID", "a"),
    ({**SLURM, "SLURM_TASKS_PER_NODE": "many"}, "SLURM_TASKS_PER_NODE", "many"),
    ({"RANK": "0"}, "WORLD_SIZE", "RANK='0'"),
    ({"SLURM_PROCID": "0"}, "SLURM_STEP_NUM_TASKS", "not"),
])
def test_bad_values_of_the_other_launchers(env, name, value):
    with pytest.raises(ConfigError) as info:
        Launch.from_env(env)
    assert name in str(info.value) and value in str(info.value)


def test_launch_is_frozen():
    launch = Launch.from_env(TORCHRUN)
    with pytest.raises(AttributeError):
        launch.rank = 0


def test_device_is_the_local_rank():
    assert device_for(Launch(5, 8, 1, 4, "torchrun"), 4) == 1
    assert device_for(Launch(0, 1, 0, 1, "single"), 1) == 0


def test_a_local_rank_without_a_gpu():
    with pytest.raises(ConfigError) as info:
        device_for(Launch(7, 8, 3, 4, "torchrun"), 2)
    assert "local rank 3" in str(info.value) and "has 2" in str(info.value)
    with pytest.raises(NoGPUError, match="rank 0 of 1"):
        device_for(Launch(0, 1, 0, 1, "single"), 0)
