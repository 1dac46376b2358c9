"""The MoE dispatch/combine model (calc/collectives/moe.py): traffic identities, the domain-size effect, validation,
and the comparison with DeepEP's published figures (https://github.com/deepseek-ai/DeepEP, README and
docs/legacy.md at dd758ca)."""

from __future__ import annotations

import math

import pytest

from calc.collectives.moe import Routing, comparison, traffic
from calc.errors import ValidationError
from calc.registry import run


def test_one_expert_per_gpu_sends_each_token_k_times_minus_the_local_share() -> None:
    # 256 experts on 256 GPUs, top-8, one GPU per domain: a given other GPU gets a token with probability 8/256.
    up, out = traffic(Routing(128, 7168, 256, 8, 256, 1), 1)
    assert up == 0.0
    assert out == pytest.approx(128 * 7168 * 255 * 8 / 256, rel=1e-9)


def test_inside_one_domain_everything_is_nvlink() -> None:
    up, out = traffic(Routing(4096, 7168, 256, 8, 8, 8), 1)
    p = 1 - math.comb(224, 8) / math.comb(256, 8)
    assert out == 0.0 and up == pytest.approx(4096 * 7168 * 7 * p, rel=1e-12)


def test_a_token_crosses_the_network_once_per_destination_domain() -> None:
    # 64 GPUs in 8 domains: p_dom = 1 - C(224, 8)/C(256, 8) per other domain.
    _, out = traffic(Routing(1, 1, 256, 8, 64, 8), 1)
    assert out == pytest.approx(7 * (1 - math.comb(224, 8) / math.comb(256, 8)), rel=1e-12)


def test_larger_domains_move_the_all_to_all_off_the_network_and_shorten_dispatch() -> None:
    small = run("moe", {"system": "gb200_nvl72", "gpus_per_domain": 8, "ep": 64}).outcome.values
    large = run("moe", {"system": "gb200_nvl72", "gpus_per_domain": 64, "ep": 64}).outcome.values
    assert large["scaleout_bytes_per_gpu"] == 0 and float(small["scaleout_bytes_per_gpu"]) > 0
    assert float(large["dispatch_us"]) < float(small["dispatch_us"]) / 3


def test_combine_at_bf16_takes_longer_than_dispatch_at_fp8() -> None:
    values = run("moe").outcome.values
    assert float(values["combine_us"]) > float(values["dispatch_us"])


def test_deepep_bandwidth_cases_are_within_20_percent() -> None:
    # Bottleneck bandwidth (GB/s) rows: V2 B200 NVLink 726/740, V1 H800 RDMA EP16/32/64 43/58/51.
    for row in comparison():
        if row[1] == "GB/s":
            assert abs(row[4]) <= 20 and abs(row[7]) <= 20, row


def test_deepep_low_latency_cases_are_within_25_percent() -> None:
    # V1 low-latency kernels, 128 tokens, EP 16/64/256: dispatch 118/173/194 µs, combine 195/314/360 µs.
    for row in comparison():
        if row[1] == "µs":
            assert abs(row[4]) <= 25 and abs(row[7]) <= 25, row


def test_expected_error_is_the_mean_absolute_error_against_deepep() -> None:
    errors = [abs(e) for row in comparison() for e in (row[4], row[7])]
    assert run("moe").value("expected_error_pct") == pytest.approx(sum(errors) / len(errors))


@pytest.mark.parametrize(("params", "field", "message"), [
    ({"ep": 48}, "ep", "ep must divide experts (256): got 48"),
    ({"top_k": 300}, "top_k", "top_k must be at most experts (256): got 300"),
    ({"ep": 32, "gpus_per_domain": 12}, "ep", "ep must be a multiple of gpus_per_domain (12) when larger: got 32"),
])
def test_bad_shapes_are_refused_with_the_field_and_rule(params: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(ValidationError) as err:
        run("moe", params)
    assert (err.value.field, err.value.message) == (field, message)
