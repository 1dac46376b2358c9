"""Tests for calc.monitoring.table and calc.monitoring.alerts: the alert table and the evaluator."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import calc
from calc.errors import ValidationError
from calc.monitoring.alerts import alert_table
from calc.monitoring.exports import prometheus_rules
from calc.monitoring.table import ALERT_TABLE

# ---- the table ----------------------------------------------------------------------------------


def test_table_has_the_articles_five_rows_and_thresholds() -> None:
    # Source article, section 5 (../shared/seeds): drop rate > 0.001 %, PFC pause frames rising,
    # ECN mark rate > 1 %, CRC errors > 0, switch CPU > 60 %.
    rows = [(r.metric, r.article, r.default, r.unit) for r in ALERT_TABLE]
    assert rows == [
        ("NIC drop rate", "> 0.001 %", 0.001, "%"),
        ("PFC pause frames", "rising continuously", 0.0, "frames/s"),
        ("ECN mark rate", "> 1 %", 1.0, "%"),
        ("CRC errors", "> 0", 0.0, "errors"),
        ("Switch CPU utilization", "> 60 %", 60.0, "%"),
    ]


def test_every_row_has_a_meaning_and_a_first_action() -> None:
    assert all(r.meaning.strip() and r.first_action.strip() for r in ALERT_TABLE)


def test_drop_threshold_is_one_packet_in_a_hundred_thousand() -> None:
    assert calc.run("alert_table").value("drop_one_in") == 100_000


def test_reference_table_shows_adjusted_thresholds() -> None:
    rows = calc.run("alert_table", {"cpu_threshold": "75"}).outcome.tables["reference"]
    assert rows[4][:3] == ("Switch CPU utilization", "> 60 %", "> 75 % for 5 min")


def test_reference_table_says_crc_fires_at_once() -> None:
    assert calc.run("alert_table").outcome.tables["reference"][3][2] == "> 0 errors at once"


# ---- the evaluator ------------------------------------------------------------------------------


def _whys(params: Mapping[str, object]) -> list[str]:
    return [str(row[2]) for row in calc.run("alerts", params).outcome.tables["verdicts"]]


def test_healthy_scenario_is_all_clear_with_exact_messages() -> None:
    assert _whys({"scenario": "healthy"}) == [
        "ok: 0 % is not above 0.001 %",
        "ok: 0 frames/s is not above 0 frames/s",
        "ok: 0.2 % is not above 1 %",
        "ok: 0 errors is not above 0 errors",
        "ok: 25 % is not above 60 %",
    ]
    assert calc.run("alerts").value("verdict") == "all clear"


def test_incast_fires_pfc_and_ecn_after_their_for_time() -> None:
    result = calc.run("alerts", {"scenario": "incast", "held_min": "15"})
    assert _whys({"scenario": "incast", "held_min": "15"})[1:3] == [
        "firing: 2,000 frames/s > 0 frames/s, held 15 min, the rule fires after 10 min",
        "firing: 3 % > 1 %, held 15 min, the rule fires after 10 min",
    ]
    assert result.value("verdict") == "2 firing: PfcPauseFramesRising, EcnMarkRateHigh"


def test_incast_is_pending_before_the_for_time() -> None:
    result = calc.run("alerts", {"scenario": "incast", "held_min": "7"})
    assert _whys({"scenario": "incast", "held_min": "7"})[1] == (
        "pending: 2,000 frames/s > 0 frames/s, held 7 min, the rule fires after 10 min")
    assert (result.value("firing"), result.value("pending")) == (0, 2)
    assert result.value("verdict") == "2 pending: PfcPauseFramesRising, EcnMarkRateHigh"


def test_crc_errors_fire_at_once() -> None:
    assert _whys({"scenario": "bad_optic", "held_min": "0"})[3] == (
        "firing: 1,200 errors > 0 errors, held 0 min, the rule fires at once")


def test_no_pfc_scenario_fires_drops_and_ecn() -> None:
    # 150,000 of 1e9 packets = 0.015 % dropped; 25e6 marked = 2.5 %.
    result = calc.run("alerts", {"scenario": "no_pfc"})
    assert result.value("verdict") == "2 firing: NicDropRateHigh, EcnMarkRateHigh"
    assert result.value("drop_rate_pct") == pytest.approx(0.015, rel=1e-12)


def test_control_plane_scenario_fires_switch_cpu() -> None:
    assert _whys({"scenario": "control_plane"})[4] == (
        "firing: 85 % > 60 %, held 15 min, the rule fires after 5 min")


def test_raising_a_threshold_silences_its_alert() -> None:
    result = calc.run("alerts", {"scenario": "no_pfc", "drop_threshold": "0.02"})
    assert result.value("verdict") == "1 firing: EcnMarkRateHigh"


def test_pause_rate_uses_the_window_length() -> None:
    result = calc.run("alerts", {"scenario": "custom", "pfc_pause_frames": "600", "window_min": "1"})
    assert result.value("pfc_pause_per_s") == 10.0


def test_no_traffic_gives_zero_rates_not_an_error() -> None:
    result = calc.run("alerts", {"scenario": "custom", "rx_packets": "0", "ecn_marked": "0"})
    assert (result.value("drop_rate_pct"), result.value("ecn_mark_pct")) == (0.0, 0.0)


def test_more_discards_than_packets_is_refused() -> None:
    with pytest.raises(calc.ValidationError) as err:
        calc.run("alerts", {"rx_packets": "1000", "rx_discards": "2000", "ecn_marked": "0"})
    assert err.value.message == "rx_discards must be at most rx_packets (1000): got 2000"
    assert err.value.field == "rx_discards"


def test_more_marks_than_packets_is_refused() -> None:
    with pytest.raises(calc.ValidationError) as err:
        calc.run("alerts", {"rx_packets": "1000", "ecn_marked": "1001"})
    assert err.value.message == "ecn_marked must be at most rx_packets (1000): got 1001"


def test_threshold_bounds_are_checked() -> None:
    with pytest.raises(calc.ValidationError) as err:
        calc.run("alerts", {"cpu_threshold": "120"})
    assert err.value.message == "cpu_threshold must be between 0 and 100: got 120"


def test_prometheus_rules_keep_the_exact_threshold_the_evaluator_uses() -> None:
    text = prometheus_rules({"drop": 0.12345678901234567, "pfc": 1000.0, "ecn": 1e-05})
    assert "          > 0.12345678901234566\n" in text
    assert "          > 1000\n" in text
    assert "          > 1e-05\n" in text


def test_a_tiny_drop_threshold_is_refused_instead_of_overflowing() -> None:
    with pytest.raises(ValidationError) as info:
        alert_table.run({"drop_threshold": 1e-320})
    assert (info.value.field, info.value.message) == (
        "drop_threshold", "drop_threshold must be 0 or at least 1e-12 %: got 9.99989e-321")
    assert alert_table.run({"drop_threshold": 1e-12}).value("drop_one_in") == 100_000_000_000_000
