"""PFC/ECN problems: headroom by the IEEE 802.1Qbb sum, RED marking, Kmax from DCQCN's fixed point."""

from __future__ import annotations

import pytest

from calc.congestion.dcqcn import fixed_point
from calc.problems import get_problem


def test_headroom_seed_1_adds_up_the_annex_n_terms() -> None:
    i = get_problem("pfc-headroom").make(1)
    assert i.values == {"speed": 100, "cable": 100, "mtu": 1500}
    delay_ns = 2 * 100 * 5 + 2 * 122880 / 100 + 201728 / 100
    assert i.worked.answer == pytest.approx((2 * 1520 + 84 + 100 / 8 * delay_ns) / 1000)
    assert get_problem("pfc-headroom").check(1, "69.88 KiB").correct


def test_ecn_marking_seed_1_is_linear_to_pmax() -> None:
    i = get_problem("ecn-mark-probability").make(1)
    assert i.statement == ("A switch marks ECN with Kmin = 10 KB, Kmax = 400 KB and Pmax = 5 %. With 50 KB queued, "
                           "what share of packets does it mark?")
    assert i.worked.answer == pytest.approx(5 * 40 / 390)


def test_kmax_seed_1_puts_the_fixed_point_queue_at_xoff() -> None:
    i = get_problem("kmax-for-incast").make(1)
    assert i.values == {"senders": 64, "link": 200, "kmin": 5, "xoff": 240}
    kmax_B = i.worked.answer * 1e3
    assert fixed_point(64, 200.0, 5e3, kmax_B, 0.02).queue_B == pytest.approx(240e3)
