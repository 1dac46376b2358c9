"""Cost per unit of useful work of two clusters: hardware, power, lifetime and utilization.

A GPU-hour of cluster X costs its hardware spread over its lifetime plus its
power: ``price / (lifetime_years · 8766 h) + power_kW · electricity``. Only a
fraction ``utilization`` of that hour does useful work, so the cost of one
useful GPU-hour is that cost divided by the utilization (a share of the hour, in %). ``cost_ratio`` is A's
cost per useful work over B's: above 1, A is the dearer way to get work done.

The article's example (default): A's hardware 30 % cheaper, at 40 %
utilization; B at 80 %. With power at zero the ratio is (0.7/0.4)/(1/0.8) =
1.4: A costs 40 % more per unit of work despite the cheaper hardware.
"""

from __future__ import annotations

from calc.outputs import Chart, Outcome, Scalar, Trace
from calc.params import Float
from calc.registry import calculator
from calc.sources import cite

__all__ = ["HOURS_PER_YEAR", "hourly_cost", "useful_cost", "cost"]

HOURS_PER_YEAR = 8766.0  # 365.25 days

PALM = cite(
    "chowdhery2022",
    "PaLM: Scaling Language Modeling with Pathways (section 4.1 defines model FLOPs utilization)",
    "arXiv:2204.02311", 2022, "https://arxiv.org/abs/2204.02311", authors="A. Chowdhery et al.",
)


def hourly_cost(price: float, power_kW: float, electricity_per_kWh: float, lifetime_years: float) -> float:
    """Cost of one GPU-hour: depreciation plus energy."""
    return price / (lifetime_years * HOURS_PER_YEAR) + power_kW * electricity_per_kWh


def useful_cost(price: float, utilization: float, power_kW: float, electricity_per_kWh: float,
                lifetime_years: float) -> float:
    """Cost of one useful GPU-hour: the hourly cost divided by the utilization."""
    return hourly_cost(price, power_kW, electricity_per_kWh, lifetime_years) / utilization


@calculator(
    name="cost",
    title="Cost per unit of useful work",
    summary="Compare two clusters' cost per useful GPU-hour from price, power, lifetime and utilization.",
    params=(
        Float("price_a", "Price of A per GPU", 21000.0, unit="$", minimum=1.0, maximum=10_000_000.0,
              help="Hardware price per GPU, network included. Default: 30 % cheaper than B."),
        Float("utilization_a", "Utilization of A", 40.0, unit="%", minimum=1.0, maximum=100.0,
              help="Share of each hour spent on useful work (e.g. the step calculator's utilization)."),
        Float("price_b", "Price of B per GPU", 30000.0, unit="$", minimum=1.0, maximum=10_000_000.0,
              help="Hardware price per GPU, network included."),
        Float("utilization_b", "Utilization of B", 80.0, unit="%", minimum=1.0, maximum=100.0,
              help="Share of each hour spent on useful work."),
        Float("power_kW", "Power per GPU (both)", 0.0, unit="kW", minimum=0.0, maximum=100.0,
              help="Whole-system power per GPU, cooling included. 0 compares hardware only."),
        Float("electricity_per_kWh", "Electricity", 0.10, unit="$/kWh", minimum=0.0, maximum=10.0,
              help="Price of energy."),
        Float("lifetime_years", "Lifetime", 4.0, unit="years", minimum=0.1, maximum=20.0,
              help="Years over which the hardware is written off."),
    ),
    outputs=(
        Scalar("cost_ratio", "Cost per useful work, A / B", "", "Above 1: A costs more per unit of work."),
        Scalar("useful_cost_a", "A: cost per useful GPU-hour", "$"),
        Scalar("useful_cost_b", "B: cost per useful GPU-hour", "$"),
        Scalar("price_ratio", "Hardware price, A / B", ""),
        Scalar("breakeven_utilization_a", "Utilization A needs to match B", "%",
               "A's utilization at which both cost the same per unit of work (may exceed 100 %)."),
        Chart("ratio_vs_utilization", "Cost ratio against A's utilization", "Utilization of A", "A / B",
              "%", "×", description="Where the line crosses 1, A and B cost the same per unit of work."),
    ),
    sources=(PALM,),
)
def cost(*, price_a: float, utilization_a: float, price_b: float, utilization_b: float, power_kW: float,
         electricity_per_kWh: float, lifetime_years: float) -> Outcome:
    b = useful_cost(price_b, utilization_b / 100, power_kW, electricity_per_kWh, lifetime_years)
    a = useful_cost(price_a, utilization_a / 100, power_kW, electricity_per_kWh, lifetime_years)
    hourly_a = hourly_cost(price_a, power_kW, electricity_per_kWh, lifetime_years)
    xs = tuple(float(u) for u in range(5, 101, 5))
    ys = tuple(hourly_a / (u / 100) / b for u in xs)
    return Outcome(
        values={
            "cost_ratio": a / b,
            "useful_cost_a": a,
            "useful_cost_b": b,
            "price_ratio": price_a / price_b,
            "breakeven_utilization_a": 100 * hourly_a / b,
        },
        charts={"ratio_vs_utilization": (Trace("A / B", xs, ys), Trace("Break-even", xs, tuple(1.0 for _ in xs)))},
    )
