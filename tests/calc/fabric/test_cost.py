"""Cost per useful work."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.fabric.cost import HOURS_PER_YEAR, hourly_cost
from calc.registry import run


def test_default_is_the_article_example_a_costs_1_4_times_b() -> None:
    # Article: A 30 % cheaper at 40 % utilization against B at 80 %: (0.7/0.4)/(1/0.8) = 1.4
    assert run("cost").value("cost_ratio") == pytest.approx(1.4, rel=1e-12)


def test_equal_price_and_utilization_cost_the_same() -> None:
    params = {"price_a": 5.0, "price_b": 5.0, "utilization_a": 60.0, "utilization_b": 60.0, "power_kW": 1.2}
    assert run("cost", params).value("cost_ratio") == pytest.approx(1.0, rel=1e-12)


def test_hourly_cost_is_depreciation_plus_energy() -> None:
    assert hourly_cost(8766.0, 1.0, 0.1, 1.0) == pytest.approx(1.0 + 0.1, rel=1e-12)
    assert HOURS_PER_YEAR == 8766.0


def test_power_narrows_the_gap_because_both_pay_it() -> None:
    with_power = run("cost", {"power_kW": 1.5}).value("cost_ratio")
    assert 1.4 < with_power < 2.0  # type: ignore[operator]


def test_breakeven_utilization_of_a_is_56_percent_by_default() -> None:
    assert run("cost").value("breakeven_utilization_a") == pytest.approx(56.0, rel=1e-12)


def test_utilization_must_be_a_percentage() -> None:
    with pytest.raises(ValidationError) as err:
        run("cost", {"utilization_a": 0})
    assert err.value.message == "utilization_a must be between 1 and 100: got 0"


@settings(max_examples=200, deadline=None)
@given(st.floats(1.0, 1e7), st.floats(1.0, 100.0), st.floats(1.0, 1e7), st.floats(1.0, 100.0),
       st.floats(0.0, 100.0), st.floats(0.0, 10.0), st.floats(0.1, 20.0))
def test_ratio_is_finite_and_positive_everywhere(pa: float, ua: float, pb: float, ub: float, kw: float,
                                                 price: float, years: float) -> None:
    ratio = run("cost", {"price_a": pa, "utilization_a": ua, "price_b": pb, "utilization_b": ub,
                         "power_kW": kw, "electricity_per_kWh": price, "lifetime_years": years}).value("cost_ratio")
    assert math.isfinite(float(ratio)) and float(ratio) > 0
