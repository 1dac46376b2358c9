"""The ECMP lab: water-filling, Monte Carlo against exact results, polarization, mitigations, messages."""

from __future__ import annotations

import random

import pytest

from calc.ecmp.analytic import expected_max_load, expected_paths_used, max_load_pmf, p_no_collision
from calc.ecmp.hashing import rdma_get_udp_sport
from calc.ecmp.lab import (
    Scenario,
    _fast_single,
    draw,
    first_trial,
    make_hasher,
    max_min_rates,
    place,
    simulate,
)
from calc.errors import ValidationError
from calc.registry import run


def test_water_filling_single_link() -> None:
    assert max_min_rates([(0,), (0,), (1,)], 1.0) == [0.5, 0.5, 1.0]


def test_water_filling_two_bottlenecks() -> None:
    # link 0 shared by flows 0 and 1 (0.5 each); flow 2 then gets what link 2 leaves: 0.5
    assert max_min_rates([(0, 2), (0, 3), (1, 2)], 1.0) == [0.5, 0.5, 0.5]


def test_water_filling_cap() -> None:
    assert max_min_rates([(0,), (1,)], 0.25) == [0.25, 0.25]


def test_water_filling_unequal_levels() -> None:
    # three flows on link 0 (1/3 each); flow 3 alone on link 1 with flow 0 -> 2/3
    assert max_min_rates([(0, 1), (0,), (0,), (1,)], 1.0) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 2 / 3])


def test_single_tier_rates_are_water_filling() -> None:
    sc = Scenario(12, 4, qps=3, hash="random")
    h = make_hasher(sc)
    h1, h2 = draw(sc, h, random.Random(5).getrandbits)
    t = place(sc, h, h1, h2)
    sub = max_min_rates([(p,) for p in t.paths1], 1 / 3)
    assert t.conn_rates == pytest.approx([3 * min(sub[i:i + 3]) for i in range(0, 36, 3)])


def _within(summary_mean: float, stderr: float, exact: float) -> bool:
    return abs(summary_mean - exact) <= 3 * stderr


@pytest.mark.parametrize("hash_name", ["random", "crc32", "toeplitz"])
def test_monte_carlo_agrees_with_exact(hash_name: str) -> None:
    sc = Scenario(16, 16, hash=hash_name)
    s = simulate(sc, 4000, 11)
    assert _within(s.mean["paths_used"], s.stderr["paths_used"], float(expected_paths_used(16, 16)))
    assert _within(s.mean["max_load"], s.stderr["max_load"], float(expected_max_load(16, 16)))
    slowest = sum(float(p) / k for k, p in max_load_pmf(16, 16))
    assert _within(s.mean["slowest"], s.stderr["slowest"], slowest)


def test_monte_carlo_no_collision_probability() -> None:
    s = simulate(Scenario(4, 16, hash="random"), 4000, 3)
    exact = float(p_no_collision(4, 16))  # 16*15*14*13/16^4 = 0.6665...
    assert _within(s.mean["no_collision"], s.stderr["no_collision"], exact)


def test_fast_loop_matches_the_general_path() -> None:
    for sc in (Scenario(8, 8, qps=2), Scenario(6, 4, hash="random", qps=3), Scenario(8, 8, hash="xor")):
        fast = _fast_single(sc, 50, 9)
        rng = random.Random(9)
        h = make_hasher(sc)
        tops = []
        for _ in range(50):
            h1, h2 = draw(sc, h, rng.getrandbits)
            tops.append(max(place(sc, h, h1, h2).loads))
        assert fast.mean["max_load"] == pytest.approx(sum(tops) / 50)


def test_same_seed_same_result() -> None:
    a = run("ecmp", {"trials": 200, "seed": 7}).to_json()
    b = run("ecmp", {"trials": 200, "seed": 7}).to_json()
    assert a == b
    assert run("ecmp", {"trials": 200, "seed": 8}).to_json()["outputs"] != a["outputs"]


def test_first_trial_uses_the_kernel_source_ports() -> None:
    data = first_trial(Scenario(4, 4, qps=2), 3)
    for conn in data["connections"]:
        for qp in conn["qps"]:
            assert qp["sport"] == rdma_get_udp_sport(0, qp["lqpn"], qp["rqpn"])
    assert max(data["loads"]) in simulate(Scenario(4, 4, qps=2), 1, 3).max_hist


def test_same_hash_and_seed_at_two_tiers_polarizes() -> None:
    # every spine sends all it receives up one of its 8 uplinks: at most 8 of 64 connections' worth
    s = simulate(Scenario(8, 8, tiers="two_same"), 100, 1)
    assert s.mean["efficiency"] <= 1 / 8 + 1e-12


def test_per_tier_seed_does_not_help_an_affine_hash_on_power_of_two_groups() -> None:
    assert simulate(Scenario(8, 8, tiers="two_seed"), 100, 1).mean["efficiency"] <= 1 / 8 + 1e-12


def test_per_tier_seed_helps_toeplitz_and_offset_helps_crc() -> None:
    assert simulate(Scenario(8, 8, hash="toeplitz", tiers="two_seed"), 100, 1).mean["efficiency"] > 0.4
    assert simulate(Scenario(8, 8, tiers="two_offset"), 100, 1).mean["efficiency"] > 0.4


def test_adaptive_balances_and_spray_pays_reordering() -> None:
    assert simulate(Scenario(16, 16, balancing="adaptive"), 50, 1).mean["slowest"] == 1.0
    assert simulate(Scenario(16, 16, balancing="spray", reorder_cost=0.1), 50, 1).mean["slowest"] == pytest.approx(0.9, rel=1e-12)


def test_more_queue_pairs_raise_the_slowest_flow() -> None:
    one = simulate(Scenario(16, 16, qps=1), 500, 2).mean["slowest"]
    four = simulate(Scenario(16, 16, qps=4), 500, 2).mean["slowest"]
    assert four > one


def test_outputs_exact_values() -> None:
    out = run("ecmp", {"trials": 100}).to_json()["outputs"]
    assert out["p_no_collision"] == float(p_no_collision(16, 16))
    assert out["expected_paths_used"] == float(expected_paths_used(16, 16))
    assert out["mean_max_load"] == float(expected_max_load(16, 16))


def _message(params: dict[str, object]) -> tuple[str | None, str]:
    with pytest.raises(ValidationError) as err:
        run("ecmp", params)
    return err.value.field, err.value.message


def test_too_many_subflows() -> None:
    assert _message({"flows": 256, "paths": 256, "qps_per_flow": 4}) == (
        "qps_per_flow", "flows × qps_per_flow must be at most 512: got 1024")


def test_too_many_subflows_per_path() -> None:
    assert _message({"flows": 64, "paths": 4}) == (
        "flows", "flows × qps_per_flow must be at most 8 × paths (32): got 64")


def test_too_much_work() -> None:
    assert _message({"flows": 64, "paths": 64, "trials": 40000}) == (
        "trials", "trials must be at most 18750 under the work cap (uplinks 64, sub-flows 64, flowlet epochs 1): "
                  "got 40000")


def test_the_work_cap_counts_every_flowlet_and_every_uplink() -> None:
    # 100,000 trials of one connection over 256 paths with 8 flowlets took ~13 s before the cap counted them.
    assert _message({"flows": 1, "paths": 256, "balancing": "flowlet", "trials": 100000}) == (
        "trials", "trials must be at most 2840 under the work cap (uplinks 256, sub-flows 1, flowlet epochs 8): "
                  "got 100000")


def test_a_new_crc_seed_only_relabels_power_of_two_paths() -> None:
    # CRC is affine: seed s XORs a constant into every hash, so hash mod 16 is permuted, not re-rolled
    a = simulate(Scenario(16, 16, hash_seed=0), 300, 4)
    b = simulate(Scenario(16, 16, hash_seed=123456), 300, 4)
    assert a.max_hist == b.max_hist and a.mean == b.mean


def test_a_new_toeplitz_seed_rerolls_the_collisions() -> None:
    # the seed XORed into every key word changes the linear map itself (seed bits that reach the low
    # hash bits through the source-port windows; 0xDEADBEEF has such bits)
    a = simulate(Scenario(16, 16, hash="toeplitz", hash_seed=0), 300, 4)
    b = simulate(Scenario(16, 16, hash="toeplitz", hash_seed=0xDEADBEEF), 300, 4)
    assert a.max_hist != b.max_hist


def test_two_tiers_are_limited_to_sixteen_paths() -> None:
    assert _message({"tiers": "two_same", "paths": 32, "flows": 8}) == (
        "paths", "paths must be at most 16 in a two-tier fabric: got 32")
