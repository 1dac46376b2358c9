"""Monitoring problems: what the alert rules' PromQL computes from counter increases."""

from __future__ import annotations

import pytest

from calc.problems import get_problem


def test_drop_rate_seed_1() -> None:
    i = get_problem("nic-drop-rate").make(1)
    assert i.values == {"window": 10, "millions": 850, "discards": 140}
    assert i.worked.answer == pytest.approx(100 * 140 / 850e6)
    assert get_problem("nic-drop-rate").check(1, "1.647e-7").correct  # a bare fraction is the same share
    assert get_problem("nic-drop-rate").check(1, "1.647e-7 %").hint == "A percentage: multiply the fraction by 100."


def test_pause_rate_seed_1_is_per_second() -> None:
    i = get_problem("pfc-pause-rate").make(1)
    assert i.values == {"window": 5, "pauses": 10800}
    assert i.worked.answer == 10800 / 300
    assert get_problem("pfc-pause-rate").check(1, "2160 /s").hint == "rate() is per second, not per minute."


def test_ecn_mark_rate_seed_1_says_whether_the_alert_fires() -> None:
    i = get_problem("ecn-mark-rate").make(1)
    assert i.worked.answer == pytest.approx(100 * 2150e3 / 170e6)
    assert i.solution()[0].endswith("= 1.265 %, above the 1 % threshold")
