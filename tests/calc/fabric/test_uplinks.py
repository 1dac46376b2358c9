"""The one oversubscription rule (N:1, down:up) shared by the fabric and training-step models."""

from __future__ import annotations

import pytest

from calc.fabric.uplinks import oversubscribed_GBps, slowdown
from calc.registry import run


def test_every_flow_leaving_the_leaf_divides_bandwidth_by_the_ratio() -> None:
    assert oversubscribed_GBps(50.0, 2.0) == 25.0


def test_a_packed_ring_crosses_once_per_leaf_and_is_free_until_the_ratio_exceeds_the_gpus_per_leaf() -> None:
    assert slowdown(2.0, 1 / 32) == 1.0
    assert slowdown(64.0, 1 / 32) == 2.0


def test_the_step_model_is_the_every_flow_crosses_bound_of_the_same_rule() -> None:
    # scale-out.md quotes the step model; designing-the-fabric.md the pattern model: one rule, two placements.
    scattered = run("oversubscription", {"latency_us": 0, "pattern": "allreduce_scattered", "gpus_per_leaf": 2,
                                         "gpus": 1024}).value("allreduce_scattered_2to1")
    assert scattered == pytest.approx(slowdown(2.0, (1024 - 2) / 1023), rel=1e-9)


def test_metas_one_to_seven_between_pods_costs_an_all_to_all_six_times_and_a_packed_ring_nothing() -> None:
    # Llama 3 report 3.3.2: 24K GPUs, pods of 3,072 at full bisection, 1:7 (7:1 down:up) above the pods.
    got = run("oversubscription", {"gpus": 24576, "gpus_per_leaf": 3072, "ratio": 7.0, "latency_us": 0.0,
                                   "message": 4 * 1024**3})
    assert got.value("alltoall_at_ratio") == pytest.approx(7 * (24576 - 3072) / 24575, rel=1e-9)
    assert got.value("allreduce_packed_at_ratio") == 1.0
