"""Tests of calc.congestion.lab: the calculator, its presets, outputs and messages."""

from __future__ import annotations

import math

import pytest

from calc.congestion.lab import SCENARIOS, SWEEP_SENDERS, jain, percentile, rounded
from calc.congestion.sim import Setup, simulate
from calc.errors import ValidationError
from calc.registry import run


def test_jain_is_one_when_equal_and_one_over_n_when_one_takes_all() -> None:
    # Jain, Chiu and Hawe 1984: J = (Σx)² / (n Σx²).
    assert jain([3.0, 3.0, 3.0]) == 1.0
    assert jain([5.0, 0.0, 0.0, 0.0]) == 0.25


def test_percentile_is_nearest_rank() -> None:
    assert percentile([float(v) for v in range(1, 101)], 99) == 99.0


def test_default_run_has_every_declared_output_finite() -> None:
    result = run("congestion", {})
    for name, value in result.outcome.values.items():
        assert not (isinstance(value, float) and not math.isfinite(value)), name
    assert result.value("fair_share_Gbps") == 6.25
    assert result.inputs["senders"] == 16 and result.inputs["link_Gbps"] == 100.0


def test_default_run_is_at_least_2_ms_of_16_senders_at_100g() -> None:
    data = run("congestion", {}).outcome.data
    assert data["duration_us"] >= 2000 and len(data["rates"]) == 17


def test_scenario_fills_thresholds() -> None:
    inputs = run("congestion", {"scenario": "ecn_high", "duration_us": 200}).inputs
    assert (inputs["kmin_KB"], inputs["kmax_KB"]) == (1000.0, 3000.0)


def test_rule_of_thumb_puts_ecn_at_40_to_60_percent_of_the_buffer() -> None:
    fills = SCENARIOS["rule"]
    assert float(fills["kmin_KB"]) == 0.4 * float(fills["buffer_KB"])
    assert float(fills["kmax_KB"]) == 0.6 * float(fills["buffer_KB"])


def test_explicit_parameter_beats_the_scenario() -> None:
    inputs = run("congestion", {"scenario": "ecn_high", "kmin_KB": 50, "duration_us": 200}).inputs
    assert inputs["kmin_KB"] == 50.0


def test_kmax_below_kmin_is_refused() -> None:
    with pytest.raises(ValidationError) as err:
        run("congestion", {"kmin_KB": 100, "kmax_KB": 50})
    assert err.value.field == "kmax_KB"
    assert err.value.message == "kmax_KB must be at least kmin_KB (100): got 50"


def test_xoff_above_buffer_is_refused() -> None:
    with pytest.raises(ValidationError) as err:
        run("congestion", {"buffer_KB": 200, "xoff_KB": 300})
    assert err.value.field == "xoff_KB"
    assert err.value.message == "xoff_KB must be at most buffer_KB (200): got 300"


def test_senders_bounds_message() -> None:
    with pytest.raises(ValidationError) as err:
        run("congestion", {"senders": 0})
    assert err.value.message == "senders must be between 1 and 64: got 0"


def test_pfc_choice_message() -> None:
    with pytest.raises(ValidationError) as err:
        run("congestion", {"pfc": "maybe"})
    assert err.value.message == "pfc must be one of off, roce, all: got 'maybe'"


def test_sweep_table_has_one_row_per_incast_degree() -> None:
    rows = run("congestion", {"scenario": "sweep", "duration_us": 300}).outcome.tables["sweep"]
    assert tuple(r[0] for r in rows) == SWEEP_SENDERS


def test_single_sender_runs() -> None:
    result = run("congestion", {"senders": 1, "duration_us": 300})
    assert result.value("jain_fairness") == 1.0


def test_data_carries_thresholds_for_the_view() -> None:
    data = run("congestion", {"duration_us": 300}).outcome.data
    assert (data["kmin_KB"], data["kmax_KB"], data["xoff_KB"], data["xon_KB"]) == (5.0, 200.0, 100.0, 98.0)
    assert len(data["frames"]["t_us"]) == len(data["rates"][0])


def test_a_dynamic_pfc_threshold_is_stated_in_the_notes() -> None:
    notes = run("congestion", {"pfc_alpha": 0.5}).outcome.notes
    assert "PFC pauses at 0.5 × the switch's free buffer (dynamic threshold); the fixed XOFF line on the queue " \
           "chart is not used." in notes


def test_rounded_rounds_each_value_as_round_does_repeated_or_not() -> None:
    assert rounded([[0.125, 1.005, 0.125], [2.675, 0.125, -3.14159]]) == [[0.12, 1.0, 0.12], [2.67, 0.12, -3.14]]


def test_the_views_rates_are_every_sample_rounded_to_two_decimals() -> None:
    data = run("congestion", {"senders": 8, "duration_us": 200.0}).outcome.data
    rates = simulate(Setup(senders=8, duration_us=200.0)).rates
    assert data["rates"] == [[round(v, 2) for v in r] for r in rates]
