"""The source article's alert table as data: metrics, rules, thresholds and where each comes from.

The table (NIC drop rate > 0.001 %, PFC pause frames rising, ECN mark rate > 1 %, any CRC
error, switch CPU > 60 %) is :data:`ALERT_TABLE`. One declaration per alert gives the
threshold, what it means, the first thing to do, and the PromQL that measures it from metrics
real exporters publish (:data:`METRICS`):

* node_exporter's ``ethtool`` collector (off by default: ``--collector.ethtool``)
  turns the mlx5 driver's ``ethtool -S`` counters into ``node_ethtool_*``
  (``rx_`` becomes ``received_``, ``tx_`` becomes ``transmitted_``);
* node_exporter's ``infiniband`` collector reads ``/sys/class/infiniband`` port
  counters and, in recent versions, the mlx5 ``hw_counters`` (ECN marks);
* the switch is read over SNMP by snmp_exporter with standard MIBs:
  EtherLike-MIB ``dot3StatsFCSErrors`` (RFC 3635) and HOST-RESOURCES-MIB
  ``hrProcessorLoad`` (RFC 2790).

The same table drives the evaluator (:mod:`calc.monitoring.alerts`) and the Prometheus rules
file and Grafana dashboard (:mod:`calc.monitoring.exports`), so the three cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from calc.sources import cite

__all__ = ["Metric", "METRICS", "AlertRule", "ALERT_TABLE", "RULES", "DEFAULT_THRESHOLDS", "RATE_WINDOW"]

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
GRAFANA_JSON = cite(
    "grafana-json-model",
    "Grafana dashboard JSON model",
    "Grafana Labs documentation", 2025,
    "https://grafana.com/docs/grafana/latest/dashboards/build-dashboards/view-dashboard-json-model/",
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
    Metric("node_ethtool_received_packets_phy", _ETHTOOL,
           "mlx5 ethtool rx_packets_phy (packets received at the physical port, without those dropped for a bad FCS "
           "or length)", "counter"),
    Metric("node_ethtool_received_discards_phy", _ETHTOOL,
           "mlx5 ethtool rx_discards_phy (dropped: no receive buffer at the port)", "counter"),
    Metric("node_ethtool_received_prio3_pause", _ETHTOOL,
           "mlx5 ethtool rx_prio3_pause (PFC pause frames received on priority 3)", "counter"),
    Metric("node_ethtool_transmitted_prio3_pause", _ETHTOOL,
           "mlx5 ethtool tx_prio3_pause (PFC pause frames sent on priority 3)", "counter"),
    Metric("node_ethtool_received_crc_errors_phy", _ETHTOOL,
           "mlx5 ethtool rx_crc_errors_phy (received frames dropped for a bad FCS (CRC) at the physical port)",
           "counter"),
    Metric("node_infiniband_port_packets_received_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/counters/port_rcv_packets (packets received on the port, all "
           "virtual lanes)", "counter"),
    Metric("node_infiniband_np_ecn_marked_roce_packets_received_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/hw_counters/np_ecn_marked_roce_packets (RoCE packets that arrived "
           "ECN-marked: the notification point's count)", "counter"),
    Metric("node_infiniband_port_data_received_bytes_total", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/counters/port_rcv_data (4-byte words; the exporter multiplies by 4)",
           "counter"),
    Metric("node_infiniband_rate_bytes_per_second", _IB,
           "/sys/class/infiniband/<dev>/ports/<n>/rate (the port's signalling rate as text, such as 400 Gb/sec (4X "
           "NDR); the exporter gives it in bytes per second)", "gauge"),
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
