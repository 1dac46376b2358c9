"""Monitoring a RoCE fabric: the source article's alert table as data, evaluated and exported.

The table (NIC drop rate > 0.001 %, PFC pause frames rising, ECN mark rate > 1 %,
any CRC error, switch CPU > 60 %) is :data:`ALERT_TABLE`. One declaration per
alert gives the threshold, what it means, the first thing to do, and the PromQL
that measures it from metrics real exporters publish (:data:`METRICS`):

* node_exporter's ``ethtool`` collector (off by default: ``--collector.ethtool``)
  turns the mlx5 driver's ``ethtool -S`` counters into ``node_ethtool_*``
  (``rx_`` becomes ``received_``, ``tx_`` becomes ``transmitted_``);
* node_exporter's ``infiniband`` collector reads ``/sys/class/infiniband`` port
  counters and, in recent versions, the mlx5 ``hw_counters`` (ECN marks);
* the switch is read over SNMP by snmp_exporter with standard MIBs:
  EtherLike-MIB ``dot3StatsFCSErrors`` (RFC 3635) and HOST-RESOURCES-MIB
  ``hrProcessorLoad`` (RFC 2790).

The same table drives :func:`evaluate` (the ``alerts`` calculator), the
Prometheus rules file and the Grafana dashboard, so the three cannot disagree.

The ``bursts`` calculator shows why the article alerts on the 99th percentile:
seeded on/off traffic at line rate (exponential burst and gap lengths), whose
utilization is measured over windows from 100 µs to 1 s. Every window sees the
same mean; only short windows see the bursts. Percentiles interpolate linearly
between ranks, as Prometheus' ``quantile_over_time`` does.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from calc.errors import ValidationError
from calc.exporters import exporter
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Choice, Float, Int
from calc.registry import calculator
from calc.sources import cite
from calc.units import format_number, format_value

__all__ = [
    "Metric", "METRICS", "AlertRule", "ALERT_TABLE", "DEFAULT_THRESHOLDS", "Counters", "Verdict",
    "measure", "evaluate", "SCENARIOS", "BurstStats", "WINDOWS_US", "burst_intervals", "busy_per_bin",
    "window_stats", "quantile", "prometheus_rules", "grafana_dashboard", "BURST_RULE", "MEAN_UTIL_EXPR",
    "alerts", "alert_table", "bursts",
]

# ---- sources ------------------------------------------------------------------------------------

NODE_EXPORTER_IB = cite(
    "node-exporter-infiniband",
    "node_exporter InfiniBand collector (port counters and mlx5 hw_counters as node_infiniband_*)",
    "Prometheus, github.com/prometheus/node_exporter", 2025,
    "https://github.com/prometheus/node_exporter/blob/master/collector/infiniband_linux.go",
)
NODE_EXPORTER_ETHTOOL = cite(
    "node-exporter-ethtool",
    "node_exporter ethtool collector: driver statistics as node_ethtool_*, rx_/tx_ renamed received_/transmitted_",
    "Prometheus, github.com/prometheus/node_exporter", 2025,
    "https://github.com/prometheus/node_exporter/blob/master/collector/ethtool_linux.go",
)
MLX5_COUNTERS = cite(
    "mlx5-ethtool-counters",
    "mlx5 ethtool counters: rx_discards_phy, rx_packets_phy, rx_crc_errors_phy, rx/tx_prio[p]_pause",
    "Linux kernel documentation (NVIDIA)", 2023,
    "https://docs.kernel.org/networking/device_drivers/ethernet/mellanox/mlx5/counters.html",
)
SNMP_EXPORTER = cite(
    "snmp-exporter",
    "snmp_exporter: SNMP MIB objects as Prometheus metrics named after the object",
    "Prometheus, github.com/prometheus/snmp_exporter", 2025,
    "https://github.com/prometheus/snmp_exporter",
)
RFC3635 = cite(
    "rfc3635",
    "Definitions of Managed Objects for the Ethernet-like Interface Types (EtherLike-MIB, dot3StatsFCSErrors)",
    "IETF RFC 3635", 2003, "https://www.rfc-editor.org/rfc/rfc3635", authors="J. Flick",
)
RFC2790 = cite(
    "rfc2790",
    "Host Resources MIB (hrProcessorLoad: percent of the last minute a processor was busy)",
    "IETF RFC 2790", 2000, "https://www.rfc-editor.org/rfc/rfc2790",
    authors="S. Waldbusser and P. Grillo",
)
PROM_ALERTING = cite(
    "prometheus-alerting-rules",
    "Prometheus alerting rules: expr, for, labels, annotations; pending and firing states",
    "Prometheus documentation", 2025,
    "https://prometheus.io/docs/prometheus/latest/configuration/alerting_rules/",
)
PROM_QUANTILE = cite(
    "prometheus-functions",
    "PromQL functions: rate, increase, quantile_over_time",
    "Prometheus documentation", 2025, "https://prometheus.io/docs/prometheus/latest/querying/functions/",
)
GRAFANA_JSON = cite(
    "grafana-json-model",
    "Grafana dashboard JSON model",
    "Grafana Labs documentation", 2025,
    "https://grafana.com/docs/grafana/latest/dashboards/build-dashboards/view-dashboard-json-model/",
)
MICROBURSTS = cite(
    "zhang2017-microbursts",
    "High-resolution measurement of data center microbursts",
    "ACM Internet Measurement Conference (IMC)", 2017, "https://doi.org/10.1145/3131365.3131375",
    authors="Q. Zhang, V. Liu, H. Zeng and A. Krishnamurthy",
)
PYTORCH_DDP = cite(
    "pytorch-ddp",
    "torch.nn.parallel.DistributedDataParallel: bucket_cap_mb defaults to 25 MB",
    "PyTorch documentation", 2025,
    "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html",
)

# ---- metrics ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    """A metric name as Prometheus stores it, and who publishes it from which raw counter."""

    name: str
    exporter: str
    raw: str
    kind: str


_ETHTOOL = "node_exporter, ethtool collector (--collector.ethtool)"
_IB = "node_exporter, infiniband collector"
_SNMP = "snmp_exporter on the switch"

METRICS: dict[str, Metric] = {m.name: m for m in (
    Metric("node_ethtool_received_packets_phy", _ETHTOOL, "mlx5 ethtool rx_packets_phy", "counter"),
    Metric("node_ethtool_received_discards_phy", _ETHTOOL,
           "mlx5 ethtool rx_discards_phy (dropped: no receive buffer at the port)", "counter"),
    Metric("node_ethtool_received_prio3_pause", _ETHTOOL,
           "mlx5 ethtool rx_prio3_pause (PFC pause frames received on priority 3)", "counter"),
    Metric("node_ethtool_transmitted_prio3_pause", _ETHTOOL,
           "mlx5 ethtool tx_prio3_pause (PFC pause frames sent on priority 3)", "counter"),
    Metric("node_ethtool_received_crc_errors_phy", _ETHTOOL, "mlx5 ethtool rx_crc_errors_phy", "counter"),
    Metric("node_infiniband_port_packets_received_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/counters/port_rcv_packets", "counter"),
    Metric("node_infiniband_np_ecn_marked_roce_packets_received_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/hw_counters/np_ecn_marked_roce_packets", "counter"),
    Metric("node_infiniband_port_data_received_bytes_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/counters/port_rcv_data (4-byte words; the exporter multiplies by 4)",
           "counter"),
    Metric("node_infiniband_rate_bytes_per_second", _IB, "/sys/class/infiniband/<dev>/ports/<n>/rate", "gauge"),
    Metric("dot3StatsFCSErrors", _SNMP + " (EtherLike-MIB, RFC 3635)",
           "frames received with a bad FCS (CRC)", "counter"),
    Metric("hrProcessorLoad", _SNMP + " (HOST-RESOURCES-MIB, RFC 2790)",
           "per-CPU load, percent of the last minute", "gauge"),
)}

# ---- the alert table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AlertRule:
    """One row of the article's table, made precise.

    ``value`` is the PromQL that measures the quantity in ``unit``; the rule fires
    when it is above the threshold for ``for_min`` minutes.
    """

    key: str
    alert: str
    metric: str
    article: str
    unit: str
    default: float
    maximum: float
    for_min: int
    severity: str
    meaning: str
    first_action: str
    value: str


RATE_WINDOW = "5m"

ALERT_TABLE: tuple[AlertRule, ...] = (
    AlertRule(
        "drop", "NicDropRateHigh", "NIC drop rate", "> 0.001 %", "%", 0.001, 100.0, 5, "critical",
        "The NIC threw away received packets because its port buffer was full. A lossless RoCE "
        "fabric should drop nothing: each drop stalls a queue pair until go-back-N retransmission "
        "resends everything after the lost packet.",
        "Check that PFC is enabled on the RoCE priority on both the NIC and the switch port, and "
        "that DSCP-to-priority mapping matches end to end; then look at the host (PCIe, receive rings).",
        f"100 * rate(node_ethtool_received_discards_phy[{RATE_WINDOW}])"
        f" / rate(node_ethtool_received_packets_phy[{RATE_WINDOW}])",
    ),
    AlertRule(
        "pfc", "PfcPauseFramesRising", "PFC pause frames", "rising continuously", "frames/s", 0.0, 1e9, 10,
        "warning",
        "One side of the link keeps telling the other to stop sending on the RoCE priority: "
        "sustained congestion (incast, a slow receiver) or ECN thresholds too high for congestion "
        "control to slow senders before PFC has to.",
        "Find where the pauses start (the port whose transmitted-pause counter rises), compare "
        "with ECN marks on the same path, and rule out a PFC storm from a stuck NIC (PFC watchdog).",
        f"rate(node_ethtool_received_prio3_pause[{RATE_WINDOW}])"
        f" + rate(node_ethtool_transmitted_prio3_pause[{RATE_WINDOW}])",
    ),
    AlertRule(
        "ecn", "EcnMarkRateHigh", "ECN mark rate", "> 1 %", "%", 1.0, 100.0, 10, "warning",
        "More than the threshold share of received RoCE packets carried a congestion mark: queues "
        "sit above the switch's ECN marking threshold. Either traffic really is congested (incast, "
        "ECMP collisions) or the marking threshold is set too low (shallow).",
        "Compare with PFC pauses and drops on the same port, check ECMP balance on the uplinks, "
        "and review the ECN thresholds against the buffer depth.",
        f"100 * rate(node_infiniband_np_ecn_marked_roce_packets_received_total[{RATE_WINDOW}])"
        f" / rate(node_infiniband_port_packets_received_total[{RATE_WINDOW}])",
    ),
    AlertRule(
        "crc", "LinkCrcErrors", "CRC errors", "> 0", "errors", 0.0, 1e12, 0, "critical",
        "Frames arrived corrupted and were dropped: a physical-layer fault (optic, cable, "
        "connector, dirty fibre) that forward error correction could not repair.",
        "Read the optics' diagnostics (receive power, temperature) and the FEC counters at both "
        "ends; clean or reseat the connectors, then replace the optic or the cable.",
        f"increase(node_ethtool_received_crc_errors_phy[{RATE_WINDOW}])"
        f" or increase(dot3StatsFCSErrors[{RATE_WINDOW}])",
    ),
    AlertRule(
        "cpu", "SwitchCpuHigh", "Switch CPU utilization", "> 60 %", "%", 60.0, 100.0, 5, "warning",
        "The switch control plane is busy: routing-protocol churn, flapping links, a flood of "
        "packets punted to the CPU, or monitoring polling it too hard.",
        "See which process uses the CPU and whether control-plane policing drops packets; look "
        "for flapping links or BGP sessions; slow down pollers if monitoring is the load.",
        "avg by (instance, job) (hrProcessorLoad)",
    ),
)

RULES: dict[str, AlertRule] = {r.key: r for r in ALERT_TABLE}
DEFAULT_THRESHOLDS: dict[str, float] = {r.key: r.default for r in ALERT_TABLE}

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
            raise ValidationError(name, f"{name} must be at most rx_packets ({c.rx_packets}): got {value}")


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
            Column("alert", "Alert"), Column("state", "State"), Column("why", "Why"),
            Column("action", "First action"),
        ), description="Each rule of the table against the counters."),
    ),
    sources=(MLX5_COUNTERS, NODE_EXPORTER_ETHTOOL, NODE_EXPORTER_IB, SNMP_EXPORTER, RFC3635, RFC2790,
             PROM_ALERTING),
    view="monitoring",
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
        data={"rules": prometheus_rules(thresholds), "dashboard": grafana_dashboard(thresholds)},
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
            Column("metric", "Prometheus metric"), Column("exporter", "Exporter"), Column("raw", "Raw counter"),
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


# ---- bursts -------------------------------------------------------------------------------------

WINDOWS_US: tuple[int, ...] = (100, 1_000, 10_000, 100_000, 1_000_000)
WINDOW_LABELS: dict[str, int] = {"100us": 100, "1ms": 1_000, "10ms": 10_000, "100ms": 100_000, "1s": 1_000_000}
_WINDOW_NAMES: dict[int, str] = {100: "100 µs", 1_000: "1 ms", 10_000: "10 ms", 100_000: "100 ms", 1_000_000: "1 s"}
BIN_US = WINDOWS_US[0]


def burst_intervals(mean_util: float, burst_us: float, duration_us: float, seed: int) -> list[tuple[float, float]]:
    """On/off traffic: (start, end) of each line-rate burst in µs, starting with an idle gap.

    Burst and gap lengths are exponential; gaps average ``burst_us·(1−u)/u`` so the
    long-run share of time at line rate is ``u``.
    """
    rng = random.Random(seed)
    gap_mean = burst_us * (1.0 - mean_util) / mean_util
    bursts: list[tuple[float, float]] = []
    t = rng.expovariate(1.0 / gap_mean)
    while t < duration_us:
        end = t + rng.expovariate(1.0 / burst_us)
        bursts.append((t, min(end, duration_us)))
        t = end + rng.expovariate(1.0 / gap_mean)
    return bursts


def busy_per_bin(bursts: Sequence[tuple[float, float]], bin_us: float, bins: int) -> list[float]:
    """Microseconds at line rate inside each bin of ``bin_us``."""
    busy = [0.0] * bins
    for start, end in bursts:
        first, last = int(start // bin_us), min(int(end // bin_us), bins - 1)
        if first == last:
            busy[first] += end - start
            continue
        busy[first] += (first + 1) * bin_us - start
        for b in range(first + 1, last):
            busy[b] = bin_us
        busy[last] += end - last * bin_us
    return busy


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (Prometheus' quantile_over_time method)."""
    rank = q * (len(sorted_values) - 1)
    low = math.floor(rank)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (rank - low)


@dataclass(frozen=True)
class BurstStats:
    """Utilization (percent of line rate) seen over windows of ``window_us``."""

    window_us: int
    windows: int
    mean_pct: float
    pctl_pct: float
    max_pct: float


def window_stats(busy: Sequence[float], window_us: int, percentile: float) -> BurstStats:
    """Mean, percentile and maximum of the utilization of consecutive windows of ``window_us``."""
    k = window_us // BIN_US
    utils = sorted(min(100.0, 100.0 * sum(busy[i:i + k]) / window_us) for i in range(0, len(busy) - k + 1, k))
    mean = sum(utils) / len(utils)
    return BurstStats(window_us, len(utils), mean, quantile(utils, percentile / 100.0), utils[-1])


def _trace_chart(busy: Sequence[float], window_us: int) -> tuple[Trace, ...]:
    """The first 50 ms: utilization per 100 µs bin, and averaged over the alert window."""
    n = min(len(busy), 500)
    xs = tuple(i * BIN_US / 1000.0 for i in range(n))
    fine = tuple(min(100.0, 100.0 * b / BIN_US) for b in busy[:n])
    k = max(1, window_us // BIN_US)
    averages = [min(100.0, 100.0 * sum(busy[j * k:(j + 1) * k]) / (k * BIN_US)) for j in range((n + k - 1) // k)]
    coarse = tuple(averages[i // k] for i in range(n))
    return (Trace("Per 100 µs", xs, fine), Trace(f"Averaged over {_WINDOW_NAMES[k * BIN_US]}", xs, coarse))


def _by_window_chart(stats: Sequence[BurstStats], percentile: float, threshold: float) -> tuple[Trace, ...]:
    xs = tuple(float(s.window_us) for s in stats)
    return (
        Trace("Mean", xs, tuple(s.mean_pct for s in stats)),
        Trace(f"p{format_number(percentile)}", xs, tuple(s.pctl_pct for s in stats)),
        Trace("Maximum", xs, tuple(s.max_pct for s in stats)),
        Trace("Alert threshold", xs, tuple(threshold for _ in stats)),
    )


def _window_rows(stats: Sequence[BurstStats], threshold: float) -> tuple[tuple[str | int | bool, ...], ...]:
    return tuple(
        (_WINDOW_NAMES[s.window_us], s.windows, format_number(s.mean_pct), format_number(s.pctl_pct),
         format_number(s.max_pct), "fires" if s.pctl_pct > threshold else "quiet")
        for s in stats
    )


@calculator(
    name="bursts",
    title="Why averages hide bursts",
    summary="Seeded bursty RDMA traffic at line rate: mean, percentile and maximum utilization over windows from 100 µs to 1 s.",
    params=(
        Float("line_rate_Gbps", "Line rate", 400.0, unit="Gb/s", minimum=1.0, maximum=1600.0,
              help="Port speed; bursts run at exactly this rate."),
        Float("mean_util_pct", "Average utilization", 10.0, unit="%", minimum=0.5, maximum=99.0,
              help="Long-run share of time the link sends at line rate."),
        Float("burst_us", "Average burst length", 500.0, unit="µs", minimum=100.0, maximum=100000.0,
              help="Burst lengths are exponential with this mean. 500 µs is one 25 MB gradient bucket at 400 Gb/s."),
        Int("duration_s", "Trace length", 10, unit="s", minimum=1, maximum=10,
            help="Simulated seconds of traffic."),
        Int("seed", "Random seed", 1, minimum=0, maximum=2**31 - 1, help="Same seed, same traffic."),
        Choice("alert_window", "Alert measures over", "1ms", choices=tuple(WINDOW_LABELS),
               labels={k: _WINDOW_NAMES[v] for k, v in WINDOW_LABELS.items()},
               help="Window over which utilization is averaged before the percentile is taken."),
        Float("percentile", "Percentile", 99.0, minimum=50.0, maximum=99.99,
              help="The alert compares this percentile of per-window utilization with the threshold."),
        Float("threshold_pct", "Alert threshold", 80.0, unit="%", minimum=1.0, maximum=100.0,
              help="Utilization above which the link is treated as saturated."),
    ),
    outputs=(
        Scalar("mean_util_pct", "Mean utilization", "%", "Busy time over the whole trace."),
        Scalar("mean_rate_Gbps", "Mean rate", "Gb/s", "What a rate() over the whole trace reports."),
        Scalar("pctl_util_pct", "Percentile utilization", "%", "The chosen percentile over the alert windows."),
        Scalar("max_util_pct", "Maximum utilization", "%", "The busiest alert window."),
        Scalar("mean_alert", "Alert on the mean fires", "", "Mean utilization above the threshold."),
        Scalar("pctl_alert", "Alert on the percentile fires", "", "Percentile utilization above the threshold."),
        Scalar("bursts", "Bursts in the trace", "", "Number of line-rate bursts simulated."),
        Scalar("burst_MB", "Data in an average burst", "MB", "Average burst length times line rate (MB = 10^6 bytes)."),
        Chart("by_window", "Utilization against measurement window", "Window", "Utilization", "µs", "%",
              log_x=True, style="line", description="Every window has the same mean; short windows see the bursts."),
        Chart("trace", "The first 50 ms of traffic", "Time", "Utilization", "ms", "%", style="step",
              description="Per 100 µs, and averaged over the alert window."),
        Table("windows", "Statistics per window", (
            Column("window", "Window"), Column("count", "Windows"), Column("mean", "Mean", "%"),
            Column("pctl", "Percentile", "%"), Column("max", "Maximum", "%"), Column("alert", "Percentile alert"),
        )),
    ),
    sources=(MICROBURSTS, PROM_QUANTILE, PYTORCH_DDP),
)
def bursts(*, line_rate_Gbps: float, mean_util_pct: float, burst_us: float, duration_s: int, seed: int,
           alert_window: str, percentile: float, threshold_pct: float) -> Outcome:
    window_us = WINDOW_LABELS[alert_window]
    duration_us = duration_s * 1_000_000
    if duration_us < 10 * window_us:
        raise ValidationError("alert_window", f"alert_window must fit at least 10 times in duration_s "
                                              f"({duration_s} s): got {alert_window}")
    trace = burst_intervals(mean_util_pct / 100.0, burst_us, duration_us, seed)
    busy = busy_per_bin(trace, BIN_US, duration_us // BIN_US)
    stats = [window_stats(busy, w, percentile) for w in WINDOWS_US if w <= duration_us]
    mine = next(s for s in stats if s.window_us == window_us)
    mean = 100.0 * sum(busy) / duration_us
    return Outcome(
        values={
            "mean_util_pct": mean,
            "mean_rate_Gbps": mean / 100.0 * line_rate_Gbps,
            "pctl_util_pct": mine.pctl_pct,
            "max_util_pct": mine.max_pct,
            "mean_alert": mean > threshold_pct,
            "pctl_alert": mine.pctl_pct > threshold_pct,
            "bursts": len(trace),
            "burst_MB": burst_us * line_rate_Gbps / 8.0 / 1000.0,
        },
        charts={"by_window": _by_window_chart(stats, percentile, threshold_pct),
                "trace": _trace_chart(busy, window_us)},
        tables={"windows": _window_rows(stats, threshold_pct)},
    )


# ---- exports ------------------------------------------------------------------------------------

BURST_RULE = AlertRule(
    "burst", "LinkBusyP99High", "Link utilization, 99th percentile of 1-minute rates over 1 hour", "p99",
    "%", 80.0, 100.0, 0, "warning",
    "In the last hour the link spent more than 1 % of its minutes above the threshold, whatever "
    "the hourly average says: bursts, not the mean, fill queues.",
    "Look at ECN marks and PFC pauses in the same minutes; check ECMP balance and whether "
    "storage or another job shares the link.",
    "100 * quantile_over_time(0.99, (rate(node_infiniband_port_data_received_bytes_total[1m])"
    " / node_infiniband_rate_bytes_per_second)[1h:1m])",
)
MEAN_UTIL_EXPR = ("100 * avg_over_time((rate(node_infiniband_port_data_received_bytes_total[1m])"
              " / node_infiniband_rate_bytes_per_second)[1h:1m])")


def _q(text: str) -> str:
    """A YAML double-quoted scalar (a JSON string is one)."""
    return json.dumps(text, ensure_ascii=False)


def _threshold_text(value: float) -> str:
    """The exact threshold (the shortest text that reads back as the same float), as the evaluator uses it."""
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(float(value))


def _rule_lines(rule: AlertRule, threshold: float) -> list[str]:
    lines = [
        f"      - alert: {rule.alert}",
        "        expr: |-",
        f"          ({rule.value})",
        f"          > {_threshold_text(threshold)}",
    ]
    if rule.for_min:
        lines.append(f"        for: {rule.for_min}m")
    unit = "" if rule.unit == "errors" else f" {rule.unit}"
    lines += [
        "        labels:",
        f"          severity: {rule.severity}",
        "        annotations:",
        "          summary: " + _q(f"{rule.metric} above {_threshold_text(threshold)}{unit} on "
                                   "{{ $labels.instance }}"),
        "          description: " + _q(f"{rule.metric}: {{{{ $value | printf \"%.4g\" }}}}{unit} "
                                       f"(threshold {_threshold_text(threshold)}{unit}). {rule.meaning}"),
        "          first_action: " + _q(rule.first_action),
    ]
    return lines


def _metric_comments() -> list[str]:
    width = max(len(n) for n in METRICS)
    return [f"#   {m.name:<{width}}  {m.exporter}; {m.raw}" for m in METRICS.values()]


def prometheus_rules(thresholds: Mapping[str, float] | None = None) -> str:
    """A Prometheus alerting-rules file for the table (plus the burst rule) at ``thresholds``."""
    chosen = {**DEFAULT_THRESHOLDS, **(thresholds or {})}
    lines = [
        "# Alerting rules for a RoCE AI fabric, generated from calc/monitoring/alerts.py",
        "# (python -m calc export prometheus-rules). Check with: promtool check rules FILE",
        "# Metrics used, and the exporter that provides each:",
        *_metric_comments(),
        "groups:",
        "  - name: ai-fabric-alert-table",
        "    rules:",
    ]
    for rule in ALERT_TABLE:
        lines += _rule_lines(rule, chosen[rule.key])
    lines += ["  - name: ai-fabric-bursts", "    rules:", *_rule_lines(BURST_RULE, BURST_RULE.default)]
    return "\n".join(lines) + "\n"


_PANEL_UNITS = {"%": "percent", "frames/s": "pps", "errors": "short"}


def _panel(pid: int, rule: AlertRule, threshold: float, x: int, y: int) -> dict[str, object]:
    return {
        "id": pid,
        "type": "timeseries",
        "title": f"{rule.metric} ({rule.alert}: > {_threshold_text(threshold)} {rule.unit})",
        "description": f"{rule.meaning} First action: {rule.first_action}",
        "datasource": {"type": "prometheus", "uid": "${datasource}"},
        "gridPos": {"h": 8, "w": 12, "x": x, "y": y},
        "targets": [{"refId": "A", "expr": rule.value, "legendFormat": "{{instance}} {{device}}"}],
        "fieldConfig": {
            "defaults": {
                "unit": _PANEL_UNITS[rule.unit],
                "custom": {"thresholdsStyle": {"mode": "line"}},
                "thresholds": {"mode": "absolute", "steps": [
                    {"color": "green", "value": None}, {"color": "red", "value": threshold}]},
            },
            "overrides": [],
        },
        "options": {"legend": {"displayMode": "list", "placement": "bottom"}},
    }


def _burst_panel(pid: int, y: int) -> dict[str, object]:
    panel = _panel(pid, BURST_RULE, BURST_RULE.default, 0, y)
    panel["title"] = "Link utilization: hourly mean against p99 of 1-minute rates (LinkBusyP99High)"
    panel["gridPos"] = {"h": 8, "w": 24, "x": 0, "y": y}
    panel["targets"] = [
        {"refId": "A", "expr": MEAN_UTIL_EXPR, "legendFormat": "mean {{instance}} {{device}}"},
        {"refId": "B", "expr": BURST_RULE.value, "legendFormat": "p99 {{instance}} {{device}}"},
    ]
    return panel


def grafana_dashboard(thresholds: Mapping[str, float] | None = None) -> str:
    """A Grafana dashboard (JSON model) with one panel per rule, on the same expressions."""
    chosen = {**DEFAULT_THRESHOLDS, **(thresholds or {})}
    panels = [_panel(i + 1, r, chosen[r.key], 12 * (i % 2), 8 * (i // 2)) for i, r in enumerate(ALERT_TABLE)]
    panels.append(_burst_panel(len(panels) + 1, 8 * ((len(ALERT_TABLE) + 1) // 2)))
    dashboard = {
        "title": "AI fabric: RoCE alert table",
        "uid": "ai-fabric-roce-alerts",
        "description": "Generated from calc/monitoring/alerts.py (python -m calc export grafana-dashboard).",
        "tags": ["rdma", "roce", "ai-fabric"],
        "editable": True,
        "schemaVersion": 39,
        "version": 1,
        "time": {"from": "now-6h", "to": "now"},
        "refresh": "1m",
        "timezone": "utc",
        "templating": {"list": [{"name": "datasource", "label": "Prometheus", "type": "datasource",
                                 "query": "prometheus", "current": {}, "hide": 0}]},
        "annotations": {"list": []},
        "panels": panels,
    }
    return json.dumps(dashboard, indent=2, ensure_ascii=False) + "\n"


@exporter("prometheus-rules", filename="ai-fabric-alerts.rules.yml")
def export_prometheus_rules() -> str:
    return prometheus_rules()


@exporter("grafana-dashboard", filename="ai-fabric-dashboard.json")
def export_grafana_dashboard() -> str:
    return grafana_dashboard()

