"""Tests for calc/monitoring.py: the alert table, the evaluator, the bursts lab and the exports.

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
from collections.abc import Mapping
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import calc
from calc.cli import main
from calc.monitoring import alerts as m

PROMTOOL = shutil.which("promtool") or "/usr/bin/promtool"

# ---- the table ----------------------------------------------------------------------------------


def test_table_has_the_articles_five_rows_and_thresholds() -> None:
    # Source article, section 5 (../shared/seeds): drop rate > 0.001 %, PFC pause frames rising,
    # ECN mark rate > 1 %, CRC errors > 0, switch CPU > 60 %.
    rows = [(r.metric, r.article, r.default, r.unit) for r in m.ALERT_TABLE]
    assert rows == [
        ("NIC drop rate", "> 0.001 %", 0.001, "%"),
        ("PFC pause frames", "rising continuously", 0.0, "frames/s"),
        ("ECN mark rate", "> 1 %", 1.0, "%"),
        ("CRC errors", "> 0", 0.0, "errors"),
        ("Switch CPU utilization", "> 60 %", 60.0, "%"),
    ]


def test_every_row_has_a_meaning_and_a_first_action() -> None:
    assert all(r.meaning.strip() and r.first_action.strip() for r in m.ALERT_TABLE)


def test_drop_threshold_is_one_packet_in_a_hundred_thousand() -> None:
    assert calc.run("alert_table").value("drop_one_in") == 100_000


def test_reference_table_shows_adjusted_thresholds() -> None:
    rows = calc.run("alert_table", {"cpu_threshold": "75"}).outcome.tables["reference"]
    assert rows[4][:3] == ("Switch CPU utilization", "> 60 %", "> 75 % for 5 min")


def test_reference_table_says_crc_fires_at_once() -> None:
    assert calc.run("alert_table").outcome.tables["reference"][3][2] == "> 0 errors at once"


def test_rules_count_matches_the_exported_file() -> None:
    assert calc.run("alert_table").value("rules") == len(_rule_exprs())


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


# ---- bursts -------------------------------------------------------------------------------------


def test_defaults_fire_on_the_percentile_but_not_on_the_mean() -> None:
    result = calc.run("bursts")
    assert result.value("mean_alert") is False
    assert result.value("pctl_alert") is True
    assert result.value("mean_util_pct") < 15.0 < 80.0 <= result.value("pctl_util_pct")


def test_same_seed_gives_the_same_traffic() -> None:
    assert calc.run("bursts", {"seed": "7"}).to_json() == calc.run("bursts", {"seed": "7"}).to_json()


def test_every_window_sees_the_same_mean() -> None:
    busy = m.busy_per_bin(m.burst_intervals(0.1, 500.0, 1e7, 1), m.BIN_US, 100_000)
    means = [m.window_stats(busy, w, 99.0).mean_pct for w in m.WINDOWS_US]
    assert means == pytest.approx([100.0 * sum(busy) / 1e7] * len(means), rel=1e-9)


def test_long_windows_flatten_the_percentile_towards_the_mean() -> None:
    pctls = [float(row[3]) for row in calc.run("bursts").outcome.tables["windows"]]
    assert pctls == sorted(pctls, reverse=True)


def test_default_burst_is_one_pytorch_ddp_bucket() -> None:
    # PyTorch DDP bucket_cap_mb defaults to 25 (MB):
    # https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html
    # 500 µs at 400 Gb/s = 500e-6 s * 50e9 B/s = 25e6 B.
    assert calc.run("bursts").value("burst_MB") == 25.0


def test_alert_window_must_fit_ten_times() -> None:
    with pytest.raises(calc.ValidationError) as err:
        calc.run("bursts", {"duration_s": "5", "alert_window": "1s"})
    assert err.value.message == "alert_window must fit at least 10 times in duration_s (5 s): got 1s"


def test_quantile_interpolates_like_prometheus() -> None:
    # quantile_over_time: linear interpolation between ranks, phi*(n-1).
    # https://prometheus.io/docs/prometheus/latest/querying/functions/
    assert m.quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert m.quantile([0.0, 10.0], 0.99) == pytest.approx(9.9, rel=1e-12)
    assert m.quantile([5.0], 0.99) == 5.0


@settings(max_examples=50, deadline=None)
@given(u=st.floats(0.01, 0.9), burst=st.floats(100.0, 5000.0), seed=st.integers(0, 1000))
def test_binning_conserves_busy_time(u: float, burst: float, seed: int) -> None:
    bursts = m.burst_intervals(u, burst, 200_000.0, seed)
    busy = m.busy_per_bin(bursts, m.BIN_US, 2000)
    assert sum(busy) == pytest.approx(sum(e - s for s, e in bursts), rel=1e-9, abs=1e-6)
    assert all(0.0 <= b <= m.BIN_US + 1e-9 for b in busy)


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
    doc: dict[str, Any] = yaml.safe_load(text or m.prometheus_rules())
    return doc


def _rule_exprs() -> list[str]:
    return [r["expr"] for g in _rules_doc()["groups"] for r in g["rules"]]


def _dashboard_exprs() -> list[str]:
    board = json.loads(m.grafana_dashboard())
    return [t["expr"] for p in board["panels"] for t in p["targets"]]


def _promtool(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PROMTOOL, *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.tool
def test_promtool_accepts_the_generated_rules(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(m.prometheus_rules())
    done = _promtool("check", "rules", "rules.yml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS: 6 rules found" in done.stdout


@pytest.mark.tool
def test_promtool_accepts_rules_at_adjusted_thresholds(tmp_path: Path) -> None:
    (tmp_path / "rules.yml").write_text(m.prometheus_rules({"drop": 0.0005, "cpu": 75.5}))
    assert _promtool("check", "rules", "rules.yml", cwd=tmp_path).returncode == 0


def test_rules_carry_the_thresholds_and_for_times() -> None:
    rules = {r["alert"]: r for g in _rules_doc()["groups"] for r in g["rules"]}
    assert rules["NicDropRateHigh"]["expr"].endswith("> 0.001")
    assert rules["PfcPauseFramesRising"]["for"] == "10m"
    assert "for" not in rules["LinkCrcErrors"]
    assert rules["SwitchCpuHigh"]["labels"] == {"severity": "warning"}


def test_rules_use_only_catalogued_metrics() -> None:
    used = set().union(*(metric_names(e) for e in _rule_exprs()))
    assert used == set(m.METRICS)


def test_dashboard_references_exactly_the_rules_metrics() -> None:
    rules = set().union(*(metric_names(e) for e in _rule_exprs()))
    board = set().union(*(metric_names(e) for e in _dashboard_exprs()))
    assert board == rules


def test_dashboard_is_a_grafana_json_model() -> None:
    board = json.loads(m.grafana_dashboard())
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
    assert out.getvalue() == m.prometheus_rules()


# ---- Prometheus agrees with the evaluator (promtool test rules) ----------------------------------

_NIC = 'instance="gpu-01:9100",job="node",device="eth2"'
_HCA = 'instance="gpu-01:9100",job="node",device="mlx5_0",port="1"'
_SWITCH = 'instance="leaf-01",job="snmp"'


def _counter(per_min: float, minutes: int = 40) -> str:
    return f"0+{per_min:g}x{minutes}"


def _series(c: m.Counters) -> list[dict[str, str]]:
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


def _expected(verdict: m.Verdict) -> list[dict[str, Any]]:
    if verdict.state != "firing":
        return []
    return [{"exp_labels": {**_ALERT_LABELS[verdict.rule.alert], "severity": verdict.rule.severity}}]


def _case(scenario: str, held_min: int) -> dict[str, Any]:
    c = m.Counters(5, **{k: v for k, v in m.SCENARIOS[scenario].items()})  # type: ignore[arg-type]
    verdicts = m.evaluate(c, m.DEFAULT_THRESHOLDS, held_min)
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
    (tmp_path / "rules.yml").write_text(_without_annotations(m.prometheus_rules()))
    tests = {"rule_files": ["rules.yml"], "evaluation_interval": "1m", "tests": cases}
    (tmp_path / "tests.yml").write_text(yaml.safe_dump(tests))
    return _promtool("test", "rules", "tests.yml", cwd=tmp_path)


@pytest.mark.tool
@pytest.mark.parametrize("scenario", sorted(m.SCENARIOS))
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
        "promql_expr_test": [{"expr": f"({m.MEAN_UTIL_EXPR}) < bool 20", "eval_time": "62m",
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
    assert [unquote(unescape(h)) for h in hrefs] == [m.prometheus_rules({"cpu": 75.0}),
                                                    m.grafana_dashboard({"cpu": 75.0})]


def test_prometheus_rules_keep_the_exact_threshold_the_evaluator_uses() -> None:
    text = m.prometheus_rules({"drop": 0.12345678901234567, "pfc": 1000.0, "ecn": 1e-05})
    assert "          > 0.12345678901234566\n" in text
    assert "          > 1000\n" in text
    assert "          > 1e-05\n" in text


def test_a_tiny_drop_threshold_is_refused_instead_of_overflowing() -> None:
    with pytest.raises(m.ValidationError) as info:
        m.alert_table.run({"drop_threshold": 1e-320})
    assert (info.value.field, info.value.message) == (
        "drop_threshold", "drop_threshold must be 0 or at least 1e-12 %: got 9.99989e-321")
    assert m.alert_table.run({"drop_threshold": 1e-12}).value("drop_one_in") == 100_000_000_000_000
