"""Tests of calc.congestion.dcqcn: the RED marking profile, the parameter sets and the fluid model's fixed point."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calc.congestion.dcqcn import CONNECTX, PAPER, _balance, fixed_point, mark_probability


def test_marking_is_zero_below_kmin() -> None:
    assert mark_probability(5000.0, 5000.0, 200000.0, 0.01) == 0.0


def test_marking_is_linear_between_kmin_and_kmax() -> None:
    # Zhu et al. 2015, §3.1 (RED-like marking at the congestion point).
    assert mark_probability(102500.0, 5000.0, 200000.0, 0.01) == pytest.approx(0.005, rel=1e-12)


def test_marking_is_one_above_kmax() -> None:
    assert mark_probability(200001.0, 5000.0, 200000.0, 0.01) == 1.0


def test_paper_parameters() -> None:
    # Zhu et al., SIGCOMM 2015 (https://doi.org/10.1145/2785956.2787484) and the CoNEXT 2016
    # fluid-model parameters: g = 1/256, CNP every 50 µs, α timer 55 µs, timer 55 µs,
    # byte counter 10 MB, F = 5, R_AI = 40 Mb/s.
    assert (PAPER.g, PAPER.cnp_interval_us, PAPER.alpha_timer_us, PAPER.timer_us) == (1 / 256, 50.0, 55.0, 55.0)
    assert (PAPER.byte_counter_B, PAPER.fast_recovery, PAPER.ai_Gbps) == (10e6, 5, 0.040)


def test_connectx_alpha_and_decrease_parameters() -> None:
    # NVIDIA DOCA "DCQCN CC Parameters", tables "Alpha Update" and "Rate Decrease" (ConnectX-4 and
    # later): dce_tcp_g 1019 (fixed point, 10 fraction bits), dce_tcp_rtt 1 µs,
    # initial_alpha_value 1023, rpg_min_dec_fac 50 %, rpg_min_rate 1 Mb/s,
    # rate_reduce_monitor_period 4 µs, rate_to_set_on_first_cnp 0 (line rate).
    # https://networking-docs.nvidia.com/doca/archive/3-4-0/dcqcn-cc-parameters
    assert CONNECTX.g == pytest.approx(1 - 1019 / 1024, rel=1e-12)
    assert (CONNECTX.alpha_timer_us, CONNECTX.initial_alpha) == (1.0, 1023 / 1024)
    assert (CONNECTX.min_decrease, CONNECTX.decrease_gap_us, CONNECTX.min_rate_Gbps) == (0.5, 4.0, 0.001)
    assert CONNECTX.first_cnp_line_rate


def test_connectx_increase_and_notification_parameters() -> None:
    # Same page, "Rate Increase" and notification-point rows, as reported by `mlxconfig -q` on
    # ConnectX firmware: RPG_TIME_RESET 300 µs, RPG_BYTE_RESET 32767 (64-byte units, the reading
    # of Google's isekai simulator: byte_reset * 64), RPG_THRESHOLD 1, RPG_AI_RATE 5 Mb/s,
    # RPG_HAI_RATE 50 Mb/s, MIN_TIME_BETWEEN_CNPS 4 µs, CLAMP_TGT_RATE 0,
    # CLAMP_TGT_RATE_AFTER_TIME_INC 1.
    assert (CONNECTX.timer_us, CONNECTX.byte_counter_B, CONNECTX.fast_recovery) == (300.0, 2097088.0, 1)
    assert (CONNECTX.ai_Gbps, CONNECTX.hai_Gbps, CONNECTX.cnp_interval_us) == (0.005, 0.050, 4.0)
    assert not CONNECTX.clamp_target


def test_paper_clamps_the_target_rate_on_every_cut() -> None:
    # DCQCN authors' ns-3 configuration: CLAMP_TARGET_RATE 1 (RT = RC on every cut).
    # https://github.com/bobzhuyb/ns3-rdma (windows/ns-3-dev/mix/config.txt)
    assert PAPER.clamp_target and not PAPER.first_cnp_line_rate


def test_fixed_point_rate_is_fair_share() -> None:
    assert fixed_point(16, 100.0, 5000, 200000, 0.01).rate_Gbps == 6.25


def test_fixed_point_balances_increase_and_decrease() -> None:
    fp = fixed_point(8, 40.0, 5000, 200000, 0.01)
    rc = 40.0 * 1e3 / 8 / 1000 / 8
    assert abs(_balance(fp.p, rc, PAPER)) < 1e-9


def test_fixed_point_queue_grows_with_flows() -> None:
    # CoNEXT 2016, §3: more flows need a higher marking probability at the fixed point.
    queues = [fixed_point(n, 100.0, 5000, 200000, 0.01).queue_B for n in (2, 4, 8, 16)]
    assert queues == sorted(queues)


def test_fixed_point_queue_is_kmax_when_p_exceeds_pmax() -> None:
    assert fixed_point(32, 40.0, 5000, 200000, 0.01).queue_B == 200000


@given(st.integers(min_value=1, max_value=64), st.floats(min_value=10, max_value=400))
def test_fixed_point_probability_is_a_probability(flows: int, link: float) -> None:
    fp = fixed_point(flows, link, 5000, 200000, 0.01)
    assert 0.0 < fp.p < 1.0
    assert 0.0 <= fp.alpha <= 1.0
