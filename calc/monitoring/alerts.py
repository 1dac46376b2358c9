"""The alert table evaluated: which alerts a set of counters fires, and the table as a reference.

The ``alerts`` calculator turns counter readings (or a scenario) into each alert's state with
the exact thresholds of :data:`calc.monitoring.table.ALERT_TABLE`, and hands the page the
matching Prometheus rules and Grafana dashboard; ``alert_table`` shows the table itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from calc.errors import ValidationError
from calc.monitoring.exports import grafana_dashboard, prometheus_rules
from calc.monitoring.table import (
    ALERT_TABLE,
    GRAFANA_JSON,
    METRICS,
    MLX5_COUNTERS,
    NODE_EXPORTER_ETHTOOL,
    NODE_EXPORTER_IB,
    PROM_ALERTING,
    RFC2790,
    RFC3635,
    SNMP_EXPORTER,
    AlertRule,
)
from calc.outputs import Column, Outcome, Scalar, Table
from calc.params import Choice, Float, Int
from calc.registry import calculator
from calc.units import format_value

__all__ = ["Counters", "Verdict", "measure", "evaluate", "SCENARIOS", "alerts", "alert_table", "MIN_DROP_PCT"]


# ---- the evaluator ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counters:
    """Counter increases over one window of ``window_min`` minutes, and the switch CPU gauge."""

    window_min: int
    rx_packets: int
    rx_discards: int
    pfc_pause_frames: int
    ecn_marked: int
    crc_errors: int
    switch_cpu_pct: float


@dataclass(frozen=True)
class Verdict:
    """One alert's state: ``firing``, ``pending`` (condition true, not yet for long enough) or ``ok``."""

    rule: AlertRule
    value: float
    threshold: float
    state: str
    why: str


def _share_pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def measure(c: Counters) -> dict[str, float]:
    """What each rule's PromQL computes from these counters (a ratio over no traffic is 0)."""
    return {
        "drop": _share_pct(c.rx_discards, c.rx_packets),
        "pfc": c.pfc_pause_frames / (c.window_min * 60.0),
        "ecn": _share_pct(c.ecn_marked, c.rx_packets),
        "crc": float(c.crc_errors),
        "cpu": c.switch_cpu_pct,
    }


def _show(value: float, unit: str) -> str:
    return format_value(value, unit, 4)


def _why(rule: AlertRule, value: float, threshold: float, held_min: int) -> tuple[str, str]:
    shown, limit = _show(value, rule.unit), _show(threshold, rule.unit)
    if value <= threshold:
        return "ok", f"ok: {shown} is not above {limit}"
    wait = "at once" if rule.for_min == 0 else f"after {rule.for_min} min"
    state = "firing" if held_min >= rule.for_min else "pending"
    return state, f"{state}: {shown} > {limit}, held {held_min} min, the rule fires {wait}"


def evaluate(counters: Counters, thresholds: Mapping[str, float], held_min: int) -> tuple[Verdict, ...]:
    """Every rule of the table against the counters; ``held_min``: how long they have looked like this."""
    values = measure(counters)
    verdicts = []
    for rule in ALERT_TABLE:
        state, why = _why(rule, values[rule.key], thresholds[rule.key], held_min)
        verdicts.append(Verdict(rule, values[rule.key], thresholds[rule.key], state, why))
    return tuple(verdicts)


# Scenario presets: counter increases over 5 minutes on one 400G RoCE port.
# 1e9 packets in 5 min is 3.3 million packets/s, about 27 % of 400 Gb/s at 4 KiB packets.
SCENARIOS: dict[str, dict[str, float | int]] = {
    "healthy": {"rx_packets": 1_000_000_000, "rx_discards": 0, "pfc_pause_frames": 0,
                "ecn_marked": 2_000_000, "crc_errors": 0, "switch_cpu_pct": 25.0},
    "incast": {"rx_packets": 1_000_000_000, "rx_discards": 0, "pfc_pause_frames": 600_000,
               "ecn_marked": 30_000_000, "crc_errors": 0, "switch_cpu_pct": 30.0},
    "no_pfc": {"rx_packets": 1_000_000_000, "rx_discards": 150_000, "pfc_pause_frames": 0,
               "ecn_marked": 25_000_000, "crc_errors": 0, "switch_cpu_pct": 25.0},
    "bad_optic": {"rx_packets": 1_000_000_000, "rx_discards": 0, "pfc_pause_frames": 0,
                  "ecn_marked": 2_000_000, "crc_errors": 1_200, "switch_cpu_pct": 25.0},
    "control_plane": {"rx_packets": 1_000_000_000, "rx_discards": 0, "pfc_pause_frames": 0,
                      "ecn_marked": 2_000_000, "crc_errors": 0, "switch_cpu_pct": 85.0},
}
SCENARIO_LABELS = {
    "healthy": "Healthy port",
    "incast": "Incast: many senders into one receiver",
    "no_pfc": "PFC not enabled on the RoCE priority",
    "bad_optic": "Failing optic",
    "control_plane": "Switch control plane overloaded",
    "custom": "Custom counters",
}

_COUNT_MAX = 10**15
MIN_DROP_PCT = 1e-12
"""Smallest non-zero drop threshold: one packet in 10^14, so 'one in N' stays a finite whole number."""


def _check_counters(c: Counters) -> None:
    for name, value in (("rx_discards", c.rx_discards), ("ecn_marked", c.ecn_marked)):
        if value > c.rx_packets:
            raise ValidationError(name, f"{name} must be at most rx_packets ({c.rx_packets}): got {value}",
                                  mentions=("rx_packets",))


def _verdict_rows(verdicts: Sequence[Verdict]) -> tuple[tuple[str, ...], ...]:
    return tuple((v.rule.alert, v.state, v.why, v.rule.first_action if v.state != "ok" else "")
                 for v in verdicts)


def _fires_when(rule: AlertRule, threshold: float) -> str:
    held = "at once" if rule.for_min == 0 else f"for {rule.for_min} min"
    return f"> {_show(threshold, rule.unit)} {held}"


def _reference_rows(thresholds: Mapping[str, float]) -> tuple[tuple[str, ...], ...]:
    return tuple((r.metric, r.article, _fires_when(r, thresholds[r.key]), r.meaning, r.first_action)
                 for r in ALERT_TABLE)


def _thresholds(drop: float, pfc: float, ecn: float, crc: float, cpu: float) -> dict[str, float]:
    return {"drop": drop, "pfc": pfc, "ecn": ecn, "crc": crc, "cpu": cpu}


def _summary(verdicts: Sequence[Verdict]) -> str:
    firing = [v.rule.alert for v in verdicts if v.state == "firing"]
    pending = [v.rule.alert for v in verdicts if v.state == "pending"]
    parts = [f"{len(firing)} firing: {', '.join(firing)}"] if firing else []
    parts += [f"{len(pending)} pending: {', '.join(pending)}"] if pending else []
    return "; ".join(parts) or "all clear"


def _threshold_param(rule: AlertRule) -> Float:
    return Float(f"{rule.key}_threshold", f"Threshold: {rule.metric}", rule.default, unit=rule.unit,
                 minimum=0.0, maximum=rule.maximum,
                 help=f"The article's value: {rule.article}. The alert fires above this.")


def _count_param(name: str, label: str, default: int, help_text: str) -> Int:
    return Int(name, label, default, minimum=0, maximum=_COUNT_MAX, help=help_text)


@calculator(
    name="alerts",
    title="Which alerts fire? The article's alert table as an evaluator",
    summary="Enter counter increases over a window (or pick a scenario) and see which of the five alerts fire, and why.",
    params=(
        Choice("scenario", "Scenario", "healthy", choices=(*SCENARIOS, "custom"), labels=SCENARIO_LABELS,
               fills=SCENARIOS, help="Fills the counters with a typical case; edit any counter to explore."),
        Int("window_min", "Counter window", 5, unit="min", minimum=1, maximum=60,
            help="The counters below are increases over this many minutes (the rules use 5)."),
        Int("held_min", "Counters have looked like this for", 15, unit="min", minimum=0, maximum=1440,
            help="Prometheus fires an alert only after its condition has held for the rule's 'for' time."),
        _count_param("rx_packets", "Packets received by the NIC port", 1_000_000_000,
                     "Increase of node_ethtool_received_packets_phy over the window."),
        _count_param("rx_discards", "Packets the NIC dropped (no buffer)", 0,
                     "Increase of node_ethtool_received_discards_phy over the window."),
        _count_param("pfc_pause_frames", "PFC pause frames on the RoCE priority", 0,
                     "Received plus transmitted pause frames on priority 3 over the window."),
        _count_param("ecn_marked", "ECN-marked RoCE packets received", 2_000_000,
                     "Increase of node_infiniband_np_ecn_marked_roce_packets_received_total."),
        _count_param("crc_errors", "CRC errors (either end of the link)", 0,
                     "Frames with a bad CRC counted by the NIC or the switch port over the window."),
        Float("switch_cpu_pct", "Switch CPU utilization", 25.0, unit="%", minimum=0.0, maximum=100.0,
              help="Average hrProcessorLoad over the switch's CPUs."),
        *(_threshold_param(r) for r in ALERT_TABLE),
    ),
    outputs=(
        Scalar("verdict", "Verdict", "", "Which alerts fire and which are pending."),
        Scalar("firing", "Alerts firing", "", "Alerts whose condition held for at least the rule's 'for' time."),
        Scalar("pending", "Alerts pending", "", "Condition true, but not yet for long enough."),
        Scalar("drop_rate_pct", "NIC drop rate", "%", "Discards as a share of packets received.", digits=3),
        Scalar("pfc_pause_per_s", "PFC pause frames per second", "frames/s", "Pause frames over the window."),
        Scalar("ecn_mark_pct", "ECN mark rate", "%", "Marked packets as a share of packets received.", digits=3),
        Table("verdicts", "Alert states", (
            Column("alert", "Alert", names=True), Column("state", "State"), Column("why", "Why"),
            Column("action", "First action"),
        ), description="Each rule of the table against the counters."),
    ),
    sources=(MLX5_COUNTERS, NODE_EXPORTER_ETHTOOL, NODE_EXPORTER_IB, SNMP_EXPORTER, RFC3635, RFC2790,
             PROM_ALERTING),
    view="monitoring",
    localize_data=lambda data, lang: {**data, "rules": prometheus_rules(data["thresholds"], lang),
                                      "dashboard": grafana_dashboard(data["thresholds"], lang)},
)
def alerts(*, scenario: str, window_min: int, held_min: int, rx_packets: int, rx_discards: int,
           pfc_pause_frames: int, ecn_marked: int, crc_errors: int, switch_cpu_pct: float,
           drop_threshold: float, pfc_threshold: float, ecn_threshold: float, crc_threshold: float,
           cpu_threshold: float) -> Outcome:
    counters = Counters(window_min, rx_packets, rx_discards, pfc_pause_frames, ecn_marked, crc_errors,
                        switch_cpu_pct)
    _check_counters(counters)
    thresholds = _thresholds(drop_threshold, pfc_threshold, ecn_threshold, crc_threshold, cpu_threshold)
    verdicts = evaluate(counters, thresholds, held_min)
    values = measure(counters)
    return Outcome(
        values={
            "verdict": _summary(verdicts),
            "firing": sum(v.state == "firing" for v in verdicts),
            "pending": sum(v.state == "pending" for v in verdicts),
            "drop_rate_pct": values["drop"],
            "pfc_pause_per_s": values["pfc"],
            "ecn_mark_pct": values["ecn"],
        },
        tables={"verdicts": _verdict_rows(verdicts)},
        data={"rules": prometheus_rules(thresholds), "dashboard": grafana_dashboard(thresholds), "thresholds": thresholds},
    )


@calculator(
    name="alert_table",
    title="The alert table",
    summary="The source article's five alerts: threshold, what each means, the first action, and the metrics behind them.",
    params=tuple(_threshold_param(r) for r in ALERT_TABLE),
    outputs=(
        Scalar("drop_one_in", "Drop threshold, one packet in", "",
               "The drop threshold as 'one packet in N' received.", digits=6),
        Scalar("rules", "Alerting rules", "", "Rules in the generated Prometheus file (the table plus the burst rule)."),
        Table("reference", "The alert table", (
            Column("metric", "Metric"), Column("article", "The article says"), Column("fires", "Fires when"),
            Column("meaning", "What it means"), Column("action", "First action"),
        ), description="The article's table, made precise, with the thresholds in use."),
        Table("metrics", "Where each metric comes from", (
            Column("metric", "Prometheus metric", names=True), Column("exporter", "Exporter"), Column("raw", "Raw counter"),
        ), description="The metrics the rules and the dashboard use."),
    ),
    sources=(MLX5_COUNTERS, NODE_EXPORTER_ETHTOOL, NODE_EXPORTER_IB, SNMP_EXPORTER, RFC3635, RFC2790,
             PROM_ALERTING, GRAFANA_JSON),
)
def alert_table(*, drop_threshold: float, pfc_threshold: float, ecn_threshold: float, crc_threshold: float,
                cpu_threshold: float) -> Outcome:
    thresholds = _thresholds(drop_threshold, pfc_threshold, ecn_threshold, crc_threshold, cpu_threshold)
    if 0 < drop_threshold < MIN_DROP_PCT:
        raise ValidationError("drop_threshold", f"drop_threshold must be 0 or at least {MIN_DROP_PCT:g} %: "
                                                f"got {drop_threshold:g}")
    return Outcome(
        values={"drop_one_in": round(100.0 / drop_threshold) if drop_threshold > 0 else 0,
                "rules": len(ALERT_TABLE) + 1},
        tables={"reference": _reference_rows(thresholds),
                "metrics": tuple((m.name, m.exporter, m.raw) for m in METRICS.values())},
    )
