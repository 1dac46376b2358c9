"""The alert table as files: a Prometheus rules file and a Grafana dashboard.

Both are generated from :data:`calc.monitoring.alerts.ALERT_TABLE` (plus the burst rule), with
the exact thresholds the evaluator uses, and offered by ``python -m calc export NAME`` and the
site's downloads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from calc.exporters import exporter
from calc.i18n import translate
from calc.monitoring.table import ALERT_TABLE, DEFAULT_THRESHOLDS, METRICS, AlertRule

__all__ = ["prometheus_rules", "grafana_dashboard", "BURST_RULE", "MEAN_UTIL_EXPR"]

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


def _rule_lines(rule: AlertRule, threshold: float, lang: str = "en") -> list[str]:
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
        "          summary: " + _q(translate(f"{rule.metric} above {_threshold_text(threshold)}{unit} on "
                                             "{{ $labels.instance }}", lang)),
        "          description: " + _q(translate(f"{rule.metric}: {{{{ $value | printf \"%.4g\" }}}}{unit} "
                                                 f"(threshold {_threshold_text(threshold)}{unit}). {rule.meaning}", lang)),
        "          first_action: " + _q(translate(rule.first_action, lang)),
    ]
    return lines


def _metric_comments() -> list[str]:
    width = max(len(n) for n in METRICS)
    return [f"#   {m.name:<{width}}  {m.exporter}; {m.raw}" for m in METRICS.values()]


def prometheus_rules(thresholds: Mapping[str, float] | None = None, lang: str = "en") -> str:
    """A Prometheus alerting-rules file for the table (plus the burst rule) at ``thresholds``;
    ``lang`` translates the annotations (calc.i18n), never names, labels or expressions."""
    chosen = {**DEFAULT_THRESHOLDS, **(thresholds or {})}
    lines = [
        "# Alerting rules for a RoCE AI fabric, generated from calc/monitoring/table.py",
        "# (python -m calc export prometheus-rules). Check with: promtool check rules FILE",
        "# Metrics used, and the exporter that provides each:",
        *_metric_comments(),
        "groups:",
        "  - name: ai-fabric-alert-table",
        "    rules:",
    ]
    for rule in ALERT_TABLE:
        lines += _rule_lines(rule, chosen[rule.key], lang)
    lines += ["  - name: ai-fabric-bursts", "    rules:", *_rule_lines(BURST_RULE, BURST_RULE.default, lang)]
    return "\n".join(lines) + "\n"


_PANEL_UNITS = {"%": "percent", "frames/s": "pps", "errors": "short"}


def _panel(pid: int, rule: AlertRule, threshold: float, x: int, y: int, lang: str = "en") -> dict[str, object]:
    return {
        "id": pid,
        "type": "timeseries",
        "title": f"{rule.metric} ({rule.alert}: > {_threshold_text(threshold)} {rule.unit})",
        "description": translate(f"{rule.meaning} First action: {rule.first_action}", lang),
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


def _burst_panel(pid: int, y: int, lang: str = "en") -> dict[str, object]:
    panel = _panel(pid, BURST_RULE, BURST_RULE.default, 0, y, lang)
    panel["title"] = translate("Link utilization: hourly mean against p99 of 1-minute rates (LinkBusyP99High)", lang)
    panel["gridPos"] = {"h": 8, "w": 24, "x": 0, "y": y}
    panel["targets"] = [
        {"refId": "A", "expr": MEAN_UTIL_EXPR, "legendFormat": "mean {{instance}} {{device}}"},
        {"refId": "B", "expr": BURST_RULE.value, "legendFormat": "p99 {{instance}} {{device}}"},
    ]
    return panel


def grafana_dashboard(thresholds: Mapping[str, float] | None = None, lang: str = "en") -> str:
    """A Grafana dashboard (JSON model) with one panel per rule, on the same expressions;
    ``lang`` translates titles and descriptions (calc.i18n), never uids or expressions."""
    chosen = {**DEFAULT_THRESHOLDS, **(thresholds or {})}
    panels = [_panel(i + 1, r, chosen[r.key], 12 * (i % 2), 8 * (i // 2), lang) for i, r in enumerate(ALERT_TABLE)]
    panels.append(_burst_panel(len(panels) + 1, 8 * ((len(ALERT_TABLE) + 1) // 2), lang))
    dashboard = {
        "title": translate("AI fabric: RoCE alert table", lang),
        "uid": "ai-fabric-roce-alerts",
        "description": translate("Generated from calc/monitoring/table.py (python -m calc export grafana-dashboard).",
                                 lang),
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
def export_prometheus_rules(lang: str = "en") -> str:
    return prometheus_rules(lang=lang)


@exporter("grafana-dashboard", filename="ai-fabric-dashboard.json")
def export_grafana_dashboard(lang: str = "en") -> str:
    return grafana_dashboard(lang=lang)
