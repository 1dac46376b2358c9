"""Reader stories for the monitoring lab: the alert evaluator, the bursts lab and the downloads."""

from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import Locator, Page, expect

from calc.exporters import exporters
from calc.monitoring import prometheus_rules
from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS

PAGE = "monitoring/"


def widget(page: Page, name: str) -> Locator:
    return page.locator(f"#{name}")


def wait_ready(page: Page, name: str) -> None:
    widget(page, name).scroll_into_view_if_needed()
    expect(widget(page, name)).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(widget(page, name)).to_have_attribute("data-runs", re.compile(r"[1-9]"))


def change(page: Page, name: str, label: str, value: str) -> None:
    """Change one input the way a reader does, and wait for the result it causes."""
    before = widget(page, name).get_attribute("data-runs") or "0"
    field = widget(page, name).get_by_label(label, exact=False).first
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    expect(widget(page, name)).not_to_have_attribute("data-runs", before)
    expect(widget(page, name)).not_to_have_attribute("data-busy", "true")


def shown(page: Page, name: str, output: str) -> str:
    return widget(page, name).locator(f'tr[data-output="{output}"] td').inner_text()


def test_default_verdict_is_on_the_page_before_python(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # the worker never arrives
    page.goto(site + PAGE)
    assert shown(page, "alerts", "verdict") == run("alerts").display("verdict")
    assert shown(page, "bursts", "pctl_alert") == run("bursts").display("pctl_alert")


def test_a_scenario_shows_the_alerts_the_cli_reports(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    wait_ready(page, "alerts")
    change(page, "alerts", "Scenario", "incast")
    change(page, "alerts", "Counters have looked like this for", "7")
    expected = run("alerts", {"scenario": "incast", "held_min": "7"})
    assert shown(page, "alerts", "verdict") == expected.display("verdict")
    why = expected.outcome.tables["verdicts"][1][2]
    expect(widget(page, "alerts").get_by_text(str(why))).to_be_visible()


def test_too_many_discards_are_refused_beside_the_field(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    wait_ready(page, "alerts")
    before = shown(page, "alerts", "verdict")
    field = widget(page, "alerts").get_by_label("Packets the NIC dropped", exact=False).first
    field.fill("2000000000")
    error = widget(page, "alerts").locator("#alerts-rx_discards-error")
    expect(error).to_have_text("rx_discards must be at most rx_packets (1000000000): got 2000000000")
    assert shown(page, "alerts", "verdict") == before


def test_a_longer_window_hides_the_burst_from_the_percentile(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    wait_ready(page, "bursts")
    change(page, "bursts", "Alert measures over", "10ms")
    expected = run("bursts", {"alert_window": "10ms"})
    assert shown(page, "bursts", "pctl_util_pct") == expected.display("pctl_util_pct")
    assert shown(page, "bursts", "pctl_alert") == "no"


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
    wait_ready(page, "alerts")
    change(page, "alerts", "Threshold: Switch CPU utilisation", "75")
    with page.expect_download() as download:
        widget(page, "alerts").get_by_role("link", name="Rules at these thresholds (YAML)").click()
    path = download.value.path()
    assert path is not None
    with open(path, encoding="utf-8") as handle:
        assert handle.read() == prometheus_rules({"cpu": 75.0})
