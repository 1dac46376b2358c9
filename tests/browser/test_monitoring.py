"""Reader stories for the monitoring lab: the alert evaluator, the bursts lab and the downloads."""

from __future__ import annotations

from urllib.parse import urljoin

from playwright.sync_api import Page, expect

from calc.exporters import exporters
from calc.monitoring.exports import prometheus_rules
from calc.registry import run
from tests.browser.widget import Widget

PAGE = "monitoring/"


def test_default_verdict_is_on_the_page_before_python(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # the worker never arrives
    page.goto(site + PAGE)
    assert Widget(page, "alerts").shown("verdict") == run("alerts").display("verdict")
    assert Widget(page, "bursts").shown("pctl_alert") == run("bursts").display("pctl_alert")


def test_a_scenario_shows_the_alerts_the_cli_reports(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "alerts").wait_ready()
    Widget(page, "alerts").change("Scenario", "incast")
    Widget(page, "alerts").change("Counters have looked like this for", "7")
    expected = run("alerts", {"scenario": "incast", "held_min": "7"})
    assert Widget(page, "alerts").shown("verdict") == expected.display("verdict")
    why = expected.outcome.tables["verdicts"][1][2]
    expect(Widget(page, "alerts").root.get_by_text(str(why))).to_be_visible()


def test_too_many_discards_are_refused_beside_the_field(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "alerts").wait_ready()
    before = Widget(page, "alerts").shown("verdict")
    field = Widget(page, "alerts").root.get_by_label("Packets the NIC dropped", exact=False).first
    field.fill("2000000000")
    error = Widget(page, "alerts").root.locator("#calc-alerts-rx_discards-error")
    expect(error).to_have_text("Packets the NIC dropped (no buffer) must be at most Packets received by the NIC port "
                               "(1000000000): got 2000000000")
    assert Widget(page, "alerts").shown("verdict") == before


def test_a_longer_window_hides_the_burst_from_the_percentile(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "bursts").wait_ready()
    Widget(page, "bursts").change("Alert measures over", "10ms")
    expected = run("bursts", {"alert_window": "10ms"})
    assert Widget(page, "bursts").shown("pctl_util_pct") == expected.display("pctl_util_pct")
    assert Widget(page, "bursts").shown("pctl_alert") == "no"


def test_downloads_are_the_engine_exports(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    for name, label in (("prometheus-rules", "Download the Prometheus alerting rules (YAML)"),
                        ("grafana-dashboard", "Download the Grafana dashboard (JSON)")):
        link = page.get_by_role("link", name=label)
        expect(link).to_be_visible()
        href = link.get_attribute("href") or ""
        reply = page.request.get(urljoin(page.url, href))
        assert reply.ok
        assert reply.text() == exporters()[name].func()


def test_rules_download_follows_the_readers_thresholds(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "alerts").wait_ready()
    Widget(page, "alerts").change("Threshold: Switch CPU utilization", "75")
    with page.expect_download() as download:
        Widget(page, "alerts").root.get_by_role("link", name="Rules at these thresholds (YAML)").click()
    path = download.value.path()
    assert path is not None
    with open(path, encoding="utf-8") as handle:
        assert handle.read() == prometheus_rules({"cpu": 75.0})
