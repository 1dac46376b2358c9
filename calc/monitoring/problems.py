"""Problems for the monitoring page: what the alert rules of :mod:`calc.monitoring.alerts`
compute from counter increases (the same :func:`measure` the alerts calculator uses)."""

from __future__ import annotations

from calc.monitoring.alerts import Counters, measure
from calc.monitoring.table import RULES
from calc.problems import Hint, Ints, Pick, Step, Worked, problem
from calc.units import format_number as num

__all__ = ["nic_drop_rate", "pfc_pause_rate", "ecn_mark_rate"]


def _measured(key: str, window: int = 5, packets: int = 1, discards: int = 0, pauses: int = 0,
              marked: int = 0) -> float:
    return measure(Counters(window, packets, discards, pauses, marked, 0, 0.0))[key]


@problem(name="nic-drop-rate", page="monitoring", title="NIC drop rate",
         statement="Over {window} minutes a NIC's rx_packets_phy rose by {millions} million and rx_discards_phy by "
                   "{discards}. What drop rate does the NicDropRateHigh rule see (its threshold is 0.001 %)?",
         draws=(Pick("window", (1, 5, 10)), Ints("millions", 50, 900, 50), Ints("discards", 10, 900, 10)),
         unit="%", tolerance=0.005,
         hints=(Hint("A percentage: multiply the fraction by 100.", factors=(0.01, 100)),
                Hint("drop rate = 100 × discards ÷ packets (the window cancels out).")))
def nic_drop_rate(*, window: int, millions: int, discards: int) -> Worked:
    packets = millions * 1_000_000
    rate = _measured("drop", window, packets, discards)
    return Worked(rate, (Step("drop = 100 × discards ÷ packets", f"100 × {discards} ÷ {num(packets)}", f"{num(rate)} %"),))


@problem(name="pfc-pause-rate", page="monitoring", title="PFC pause frames per second",
         statement="Over a {window}-minute window the received plus transmitted priority-3 pause counters of a port "
                   "rose by {pauses} frames. What rate does the PfcPauseFramesRising rule's PromQL (rate over the "
                   "window) report?",
         draws=(Pick("window", (1, 5, 10, 15)), Ints("pauses", 600, 60000, 600)), unit="/s",
         hints=(Hint("rate() is per second, not per minute.", factors=(60,)),
                Hint("rate = increase ÷ window in seconds.")))
def pfc_pause_rate(*, window: int, pauses: int) -> Worked:
    rate = _measured("pfc", window, pauses=pauses)
    return Worked(rate, (Step("rate = pause frames ÷ (minutes × 60 s)", f"{pauses} ÷ ({window} × 60)", f"{num(rate)} /s"),))


@problem(name="ecn-mark-rate", page="monitoring", title="ECN mark rate",
         statement="Over {window} minutes a RoCE NIC received {millions} million packets, {marked} thousand of them "
                   "ECN-marked. What is the mark rate, and is it above the EcnMarkRateHigh threshold of "
                   f"{num(RULES['ecn'].default)} %? (Answer the rate.)",
         draws=(Pick("window", (5, 10)), Ints("millions", 10, 200, 10), Ints("marked", 10, 4000, 10)),
         unit="%",
         hints=(Hint("A percentage: multiply the fraction by 100.", factors=(0.01, 100)),
                Hint("Millions and thousands: bring both counts to packets first.", factors=(1000, 0.001)),
                Hint("mark rate = 100 × marked ÷ received.")))
def ecn_mark_rate(*, window: int, millions: int, marked: int) -> Worked:
    packets, marks = millions * 1_000_000, marked * 1000
    rate = _measured("ecn", window, packets, marked=marks)
    verdict = "above" if rate > RULES["ecn"].default else "not above"
    return Worked(rate, (Step("marks = 100 × marked ÷ received", f"100 × {num(marks)} ÷ {num(packets)}",
                              f"{num(rate)} %, {verdict} the {num(RULES['ecn'].default)} % threshold"),))
