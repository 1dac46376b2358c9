"""Tests for calc.monitoring.exports: the Prometheus rules and the Grafana dashboard.

The exported rules are checked with the real ``promtool`` (Debian's ``prometheus``
package): ``promtool check rules`` for validity and ``promtool test rules`` to show
that Prometheus fires exactly the alerts the Python evaluator says it will.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml

import calc
from calc.cli import main
from calc.monitoring.alerts import SCENARIOS, Counters, Verdict, evaluate
from calc.monitoring.exports import MEAN_UTIL_EXPR, grafana_dashboard, prometheus_rules
from calc.monitoring.table import DEFAULT_THRESHOLDS, METRICS

PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"


# ---- the exports --------------------------------------------------------------------------------

_FUNCTIONS = {"rate", "increase", "avg", "sum", "by", "without", "quantile_over_time", "avg_over_time",
              "or", "and", "unless", "on", "ignoring", "bool", "offset"}


def metric_names(expr: str) -> set[str]:
    """Metric names in a PromQL expression: identifiers that are not functions, keywords,
    label names inside ``{}`` or ``by (...)``, or durations."""
    text = re.sub(r"\{[^}]*\}", "", expr)
    text = re.sub(r"\b(by|without|on|ignoring)\s*\([^)]*\)", "", text)
    text = re.sub(r"\[[^\]]*\]", "", text)
    names = set(re.findall(r"[A-Za-z_:][A-Za-z0-9_:]*", text))
    return {n for n in names if n not in _FUNCTIONS}


def _rules_doc(text: str | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = yaml.safe_load(text or prometheus_rules())
    return doc


def _rule_exprs() -> list[str]:
    return [r["expr"] for g in _rules_doc()["groups"] for r in g["rules"]]


def _dashboard_exprs() -> list[str]:
    board = json.loads(grafana_dashboard())
    return [t["expr"] for p in board["panels"] for t in p["targets"]]


def _promtool(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PROMTOOL, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.tool
def test_promtool_accepts_the_generated_rules(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(prometheus_rules())
    done = _promtool("check", "rules", "rules.yml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS: 6 rules found" in done.stdout


@pytest.mark.tool
def test_promtool_accepts_rules_at_adjusted_thresholds(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(prometheus_rules({"drop": 0.0005, "cpu": 75.5}))
    assert _promtool("check", "rules", "rules.yml", cwd=tmp_path).returncode == 0


def test_rules_carry_the_thresholds_and_for_times() -> None:
    rules = {r["alert"]: r for g in _rules_doc()["groups"] for r in g["rules"]}
    assert rules["NicDropRateHigh"]["expr"].endswith("> 0.001")
    assert rules["PfcPauseFramesRising"]["for"] == "10m"
    assert "for" not in rules["LinkCrcErrors"]
    assert rules["SwitchCpuHigh"]["labels"] == {"severity": "warning"}


def test_rules_use_only_catalogued_metrics() -> None:
    used = set().union(*(metric_names(e) for e in _rule_exprs()))
    assert used == set(METRICS)


def test_dashboard_references_exactly_the_rules_metrics() -> None:
    rules = set().union(*(metric_names(e) for e in _rule_exprs()))
    board = set().union(*(metric_names(e) for e in _dashboard_exprs()))
    assert board == rules


def test_dashboard_is_a_grafana_json_model() -> None:
    board = json.loads(grafana_dashboard())
    ids = [p["id"] for p in board["panels"]]
    assert len(ids) == len(set(ids)) == 6
    assert board["templating"]["list"][0]["type"] == "datasource"
    assert all(p["datasource"]["uid"] == "${datasource}" and p["gridPos"]["w"] in (12, 24)
               for p in board["panels"])


def test_metric_extraction_ignores_labels_and_functions() -> None:
    assert metric_names('avg by (instance) (rate(a_total{job="x"}[5m])) / b') == {"a_total", "b"}


def test_cli_exports_the_same_text() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["export", "prometheus-rules"]) == 0
    assert out.getvalue() == prometheus_rules()


# ---- Prometheus agrees with the evaluator (promtool test rules) ----------------------------------

_NIC = 'instance="gpu-01:9100",job="node",device="eth2"'
_HCA = 'instance="gpu-01:9100",job="node",device="mlx5_0",port="1"'
_SWITCH = 'instance="leaf-01",job="snmp"'


def _counter(per_min: float, minutes: int = 40) -> str:
    return f"0+{per_min:g}x{minutes}"


def _series(c: Counters) -> list[dict[str, str]]:
    per = c.window_min
    return [
        {"series": f"node_ethtool_received_packets_phy{{{_NIC}}}", "values": _counter(c.rx_packets / per)},
        {"series": f"node_ethtool_received_discards_phy{{{_NIC}}}", "values": _counter(c.rx_discards / per)},
        {"series": f"node_ethtool_received_prio3_pause{{{_NIC}}}", "values": _counter(c.pfc_pause_frames / per)},
        {"series": f"node_ethtool_transmitted_prio3_pause{{{_NIC}}}", "values": _counter(0)},
        {"series": f"node_infiniband_port_packets_received_total{{{_HCA}}}", "values": _counter(c.rx_packets / per)},
        {"series": f"node_infiniband_np_ecn_marked_roce_packets_received_total{{{_HCA}}}",
         "values": _counter(c.ecn_marked / per)},
        {"series": f"node_ethtool_received_crc_errors_phy{{{_NIC}}}", "values": _counter(c.crc_errors / per)},
        {"series": f'dot3StatsFCSErrors{{{_SWITCH},dot3StatsIndex="1"}}', "values": _counter(0)},
        {"series": f'hrProcessorLoad{{{_SWITCH},hrDeviceIndex="196608"}}',
         "values": f"_ {c.switch_cpu_pct:g}+0x39"},
        {"series": f'hrProcessorLoad{{{_SWITCH},hrDeviceIndex="196609"}}',
         "values": f"_ {c.switch_cpu_pct:g}+0x39"},
    ]


_ALERT_LABELS = {
    "NicDropRateHigh": {"instance": "gpu-01:9100", "job": "node", "device": "eth2"},
    "PfcPauseFramesRising": {"instance": "gpu-01:9100", "job": "node", "device": "eth2"},
    "EcnMarkRateHigh": {"instance": "gpu-01:9100", "job": "node", "device": "mlx5_0", "port": "1"},
    "LinkCrcErrors": {"instance": "gpu-01:9100", "job": "node", "device": "eth2"},
    "SwitchCpuHigh": {"instance": "leaf-01", "job": "snmp"},
}


def _expected(verdict: Verdict) -> list[dict[str, Any]]:
    if verdict.state != "firing":
        return []
    return [{"exp_labels": {**_ALERT_LABELS[verdict.rule.alert], "severity": verdict.rule.severity}}]


def _case(scenario: str, held_min: int) -> dict[str, Any]:
    c = Counters(5, **{k: v for k, v in SCENARIOS[scenario].items()})  # type: ignore[arg-type]
    verdicts = evaluate(c, DEFAULT_THRESHOLDS, held_min)
    # Samples every minute from t=0; a rate needs two samples, so conditions hold from t=1m
    # (the CPU gauge starts at 1m too), and at 1m + held_min they have held for held_min.
    at = f"{1 + held_min}m"
    return {
        "interval": "1m",
        "input_series": _series(c),
        "alert_rule_test": [{"eval_time": at, "alertname": v.rule.alert, "exp_alerts": _expected(v)}
                            for v in verdicts],
    }


def _without_annotations(text: str) -> str:
    doc = _rules_doc(text)
    for group in doc["groups"]:
        for rule in group["rules"]:
            rule.pop("annotations", None)
    return yaml.safe_dump(doc)


def _run_unit_tests(tmp_path: Path, cases: list[dict[str, Any]]) -> subprocess.CompletedProcess[str]:
    (tmp_path / "rules.yml").write_text(_without_annotations(prometheus_rules()))
    tests = {"rule_files": ["rules.yml"], "evaluation_interval": "1m", "tests": cases}
    (tmp_path / "tests.yml").write_text(yaml.safe_dump(tests))
    return _promtool("test", "rules", "tests.yml", cwd=tmp_path)


@pytest.mark.tool
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
@pytest.mark.parametrize("held_min", [3, 5, 10, 15])
def test_prometheus_fires_what_the_evaluator_says(tmp_path: Path, scenario: str, held_min: int) -> None:
    done = _run_unit_tests(tmp_path, [_case(scenario, held_min)])
    assert done.returncode == 0, done.stdout + done.stderr


def _utilization_counter(per_minute_util: list[float], rate_Bps: float) -> str:
    """Counter samples every 15 s for a link at the given utilization in each minute."""
    values, total = ["0"], 0.0
    for util in per_minute_util:
        for _ in range(4):
            total += util * rate_Bps * 15
            values.append(f"{total:.0f}")
    return " ".join(values)


@pytest.mark.tool
def test_prometheus_burst_rule_fires_on_p99_while_the_mean_stays_low(tmp_path: Path) -> None:
    # 62 minutes at 10 % of 400 Gb/s, except three minutes at line rate.
    minutes = [0.1] * 62
    minutes[30:33] = [1.0, 1.0, 1.0]
    rate_Bps = 5e10
    series = [
        {"series": f"node_infiniband_port_data_received_bytes_total{{{_HCA}}}",
         "values": _utilization_counter(minutes, rate_Bps)},
        {"series": f"node_infiniband_rate_bytes_per_second{{{_HCA}}}", "values": f"{rate_Bps:g}+0x248"},
    ]
    labels = {**_ALERT_LABELS["EcnMarkRateHigh"], "severity": "warning"}
    case = {
        "interval": "15s",
        "input_series": series,
        "alert_rule_test": [{"eval_time": "62m", "alertname": "LinkBusyP99High",
                             "exp_alerts": [{"exp_labels": labels}]}],
        "promql_expr_test": [{"expr": f"({MEAN_UTIL_EXPR}) < bool 20", "eval_time": "62m",
                              "exp_samples": [{"labels": "{" + _HCA + "}", "value": 1}]}],
    }
    done = _run_unit_tests(tmp_path, [case])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.tool
def test_prometheus_burst_rule_stays_quiet_on_steady_traffic(tmp_path: Path) -> None:
    series = [
        {"series": f"node_infiniband_port_data_received_bytes_total{{{_HCA}}}",
         "values": _utilization_counter([0.5] * 62, 5e10)},
        {"series": f"node_infiniband_rate_bytes_per_second{{{_HCA}}}", "values": "5e10+0x248"},
    ]
    case = {"interval": "15s", "input_series": series,
            "alert_rule_test": [{"eval_time": "62m", "alertname": "LinkBusyP99High", "exp_alerts": []}]}
    done = _run_unit_tests(tmp_path, [case])
    assert done.returncode == 0, done.stdout + done.stderr


# ---- the view's build-time download links --------------------------------------------------------


def test_view_prerenders_the_rules_at_the_readers_thresholds() -> None:
    from html import unescape
    from urllib.parse import unquote

    from widgets.views.monitoring import prerender

    result = calc.run("alerts", {"cpu_threshold": "75"}).to_json()
    hrefs = re.findall(r'href="data:[^,]+,([^"]*)"', prerender(result))
    assert [unquote(unescape(h)) for h in hrefs] == [prometheus_rules({"cpu": 75.0}),
                                                    grafana_dashboard({"cpu": 75.0})]


def test_rules_count_matches_the_exported_file() -> None:
    assert calc.run("alert_table").value("rules") == len(_rule_exprs())


# ---- the Chinese downloads (calc.i18n): descriptions translated, identifiers kept ----------

ZH_TEST = {"{metric} above {threshold} on {instance}": "{instance} 上的{metric}超过 {threshold}",
           "NIC drop rate": "网卡丢包率", "AI fabric: RoCE alert table": "AI 网络：RoCE 告警表"}


@pytest.fixture
def zh_catalogue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from calc import i18n

    monkeypatch.setattr(i18n, "catalogue", lambda lang, topic="": {} if lang == "en" else ZH_TEST)
    i18n._templates.cache_clear()
    yield
    i18n._templates.cache_clear()


def test_chinese_rules_translate_the_summary_and_keep_names_labels_and_expressions(zh_catalogue: None) -> None:
    en, zh = prometheus_rules(), prometheus_rules(lang="zh")
    kept = re.compile(r"^\s*(- alert|expr|\(|>|for|severity|- name).*$", re.M)
    assert kept.findall(zh) == kept.findall(en)
    assert 'summary: "{{ $labels.instance }} 上的网卡丢包率超过 0.001 %"' in zh


def test_chinese_dashboard_keeps_uid_and_expressions(zh_catalogue: None) -> None:
    en, zh = json.loads(grafana_dashboard()), json.loads(grafana_dashboard(lang="zh"))
    exprs = [[t["expr"] for p in board["panels"] for t in p["targets"]] for board in (en, zh)]
    assert (zh["uid"], exprs[1]) == (en["uid"], exprs[0])
    assert zh["title"] == "AI 网络：RoCE 告警表"


@pytest.mark.tool
def test_promtool_accepts_the_chinese_rules(tmp_path: Path, zh_catalogue: None) -> None:
    (tmp_path / "rules.yml").write_text(prometheus_rules(lang="zh"), encoding="utf-8")
    done = _promtool("check", "rules", "rules.yml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
