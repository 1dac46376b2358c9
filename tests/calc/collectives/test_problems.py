"""Scale-out, scale-up and do-the-math problems: exact statements and answers for fixed seeds,
each answer checked against the textbook formula written out by hand."""

from __future__ import annotations

import pytest

from calc.problems import get_problem


def test_nic_bytes_seed_1_is_100_gbps_in_bytes() -> None:
    i = get_problem("nic-bytes").make(1)
    assert i.statement == ("A RoCE NIC runs at 100 Gb/s. How many gigabytes per second can it send in one "
                           "direction? Answer in GB/s.")
    assert i.worked.answer == 100 / 8
    assert i.solution() == ("GB/s = Gb/s ÷ 8 bits per byte = 100 ÷ 8 = 12.5 GB/s", "Answer: 12.5 GB/s")


def test_gpu_scaleout_both_ways_seed_1() -> None:
    i = get_problem("gpu-scaleout-bidirectional").make(1)
    assert i.statement.startswith("Each GPU has 2 NICs of Ethernet / RoCE 800G.")
    assert i.worked.answer == 2 * 2 * 800 / 8


def test_checkpoint_transfer_seed_1_uses_gibibytes() -> None:
    i = get_problem("checkpoint-transfer").make(1)
    assert i.values == {"size": 90, "rate": 200}
    assert i.worked.answer == pytest.approx(90 * 2**30 * 8 / 200e9)
    assert get_problem("checkpoint-transfer").check(1, "3.6 s").hint == "GiB is 2^30 bytes, not 10^9."


def test_nvlink_per_direction_seed_1_is_nvlink5_900() -> None:
    # NVIDIA: NVLink 5, 18 links of 50 GB/s per direction = 900 GB/s per direction (1.8 TB/s both ways).
    i = get_problem("nvlink-per-direction").make(1)
    assert i.values == {"gen": "nvlink5"} and i.worked.answer == 900
    assert (get_problem("nvlink-per-direction").check(1, "1.8 TB/s").hint or "").startswith("Per direction or both ways?")


def test_nvlink_vs_nics_seed_1() -> None:
    i = get_problem("nvlink-vs-nics").make(1)
    assert i.values == {"gen": "nvlink4", "nics": 2, "rate": 400}
    assert i.worked.answer == 450 / (2 * 400 / 8)


@pytest.mark.parametrize("name", ["domain-allreduce-time", "ring-allreduce-time"])
def test_ring_times_are_two_n_minus_one_steps_and_bytes(name: str) -> None:
    i = get_problem(name).make(1)
    n, size, bw, lat = i.values["gpus"], i.values["mib"] * 2**20, i.values["bw"], i.values["lat"]
    assert isinstance(n, int) and isinstance(size, int) and isinstance(bw, int) and isinstance(lat, int)
    assert i.worked.answer == pytest.approx(2 * (n - 1) * lat + 2 * (n - 1) / n * size / (bw * 1e3))


def test_ring_allreduce_bytes_seed_1_is_two_n_minus_one_over_n() -> None:
    i = get_problem("ring-allreduce-bytes").make(1)
    assert i.statement == ("A ring AllReduce of a 16 MiB gradient buffer runs on 8 GPUs. How many bytes does "
                           "each GPU send?")
    assert i.worked.answer == 2 * 7 / 8 * 16
    assert get_problem("ring-allreduce-bytes").check(1, "29360128 B").correct


def test_busbw_seed_2_is_nccl_tests_factor() -> None:
    i = get_problem("busbw-from-algbw").make(2)
    assert i.values == {"algbw": 290, "gpus": 4}
    assert i.worked.answer == 290 * 2 * 3 / 4
