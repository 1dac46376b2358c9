"""Designing-the-fabric problems: fixed seeds against the counts worked out by hand."""

from __future__ import annotations

from calc.problems import get_problem


def test_leaf_down_ports_seed_1_is_half_at_one_to_one() -> None:
    i = get_problem("leaf-down-ports").make(1)
    assert i.statement == ("A leaf switch has 64 ports, all at the NIC speed. At most 1:1 oversubscription "
                           "(down:up), how many ports can face the servers?")
    assert i.worked.answer == 32


def test_leaves_seed_1_512_gpus_on_64_ports() -> None:
    # 64 servers, 32 per rail leaf -> 2 leaf groups x 8 rails = 16 leaves.
    i = get_problem("leaves-for-gpus").make(1)
    assert i.values == {"gpus": 512, "ports": 64, "ratio": "1"}
    assert i.worked.answer == 16
    assert get_problem("leaves-for-gpus").check(1, "2").hint == (
        "Each leaf serves one rail of as many servers as it has down ports.")


def test_spines_seed_1_spread_evenly_over_a_divisor_of_the_uplinks() -> None:
    # 128 ports at 2:1: 85 down, 43 up; 8 leaves x 43 uplinks need >= 3 spines, and 43 is prime.
    i = get_problem("spines-for-gpus").make(1)
    assert i.values == {"gpus": 256, "ports": 128, "ratio": "2"}
    assert i.worked.answer == 43
    assert get_problem("spines-for-gpus").check(1, "16 spines").message == (
        "This answer is a plain number: write it without 'spines'.")
