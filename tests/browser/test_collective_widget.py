"""Reader stories for a live calculator: the collective widget on the Calculators page."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS
from tests.browser.widget import Widget
from widgets.svgchart import series_names

PAGE = "calculators/"


def widget(page: Page) -> Widget:
    return Widget(page, "collective")


def plotted(page: Page) -> list[dict[str, Any]]:
    return widget(page).root.locator(".calc-plot").first.evaluate(
        "el => el.data.map(t => ({name: t.name, x: Array.from(t.x), y: Array.from(t.y)}))")


def test_default_result_is_on_the_page_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + PAGE)
    expected = run("collective")
    assert widget(page).shown("time_us") == expected.display("time_us")
    assert widget(page).shown("busbw_GBps") == expected.display("busbw_GBps")
    traces = expected.outcome.charts["time_vs_size"]
    expect(widget(page).root.locator("svg.calc-svg").first.locator("polyline")).to_have_count(len(traces))
    context.close()


def test_default_result_is_visible_before_python_is_ready(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # the worker never arrives
    page.goto(site + PAGE)
    assert widget(page).shown("busbw_GBps") == run("collective").display("busbw_GBps")
    expect(widget(page).root.locator("svg.calc-svg").first).to_be_visible()


def test_changing_inputs_shows_what_the_cli_computes(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    widget(page).wait_ready()
    widget(page).change("GPUs", "16")
    widget(page).change("Operation", "allgather")
    widget(page).change("Link preset", "roce400")
    expected = run("collective", {"gpus": "16", "op": "allgather", "preset": "roce400"})
    for output in ("time_us", "algbw_GBps", "busbw_GBps", "steps", "bytes_per_gpu"):
        assert widget(page).shown(output) == expected.display(output)
    assert widget(page).field("Bandwidth per GPU, per direction (GB/s)").input_value() == "50"
    chart = expected.to_json()["charts"]["time_vs_size"]
    # The legend notes a series drawn exactly on top of another ("… (same as …)").
    assert [t["name"] for t in plotted(page)] == series_names(expected.outcome.charts["time_vs_size"])
    for shown_trace, engine_trace in zip(plotted(page), chart, strict=True):
        assert shown_trace["x"] == engine_trace["x"]
        assert shown_trace["y"] == pytest.approx(engine_trace["y"], rel=1e-12)


def test_editing_a_preset_value_switches_the_preset_to_custom(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    widget(page).wait_ready()
    widget(page).change("Bandwidth per GPU, per direction (GB/s)", "200")
    expect(widget(page).field("Link preset")).to_have_value("custom")
    assert widget(page).shown("time_us") == run("collective", {"preset": "custom", "bandwidth_GBps": "200"}).display("time_us")


def test_invalid_input_shows_the_message_beside_the_field_and_keeps_the_last_result(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    widget(page).wait_ready()
    widget(page).change("GPUs", "16")
    good = widget(page).shown("time_us")
    widget(page).change("GPUs", "1")
    error = widget(page).error("gpus")
    expect(error).to_have_text("GPUs must be between 2 and 131072: got 1")
    expect(widget(page).field("GPUs")).to_have_attribute("aria-invalid", "true")
    assert widget(page).shown("time_us") == good
    widget(page).change("GPUs", "16")
    expect(error).to_be_hidden()
    widget(page).change("Message size", "12XB")
    expect(widget(page).error("message")).to_have_text(
        "Message size must be a size in bytes such as 4096, 512KiB, 1MiB or 4GB: got '12XB'")
    expect(error).to_be_hidden()


def test_the_url_reproduces_the_calculation(page: Page, site: str, context: Any) -> None:
    page.goto(site + PAGE)
    widget(page).wait_ready()
    widget(page).change("GPUs", "64")
    widget(page).change("Message size", "256MiB")
    query = parse_qs(urlparse(page.url).query)
    assert query == {"collective.gpus": ["64"], "collective.message": ["256MiB"]}
    colleague = context.new_page()
    colleague.goto(page.url)
    expect(widget(colleague).root).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(widget(colleague).root.locator('tr[data-output="time_us"] td')).to_have_text(
        run("collective", {"gpus": "64", "message": "256MiB"}).display("time_us"))
    expect(widget(colleague).field("GPUs")).to_have_value("64")


def test_embed_page_works_inside_another_sites_iframe(page: Page, site: str) -> None:
    course = "http://localhost:9/lesson.html"  # another origin (a course site), answered by the test
    embed = f"{site}embed/collective/?collective.gpus=32"
    page.route(course, lambda route: route.fulfill(
        content_type="text/html",
        body=f'<!doctype html><title>Lesson</title><iframe title="calculator" src="{embed}" width="900" height="900"></iframe>'))
    page.watch.allowed.add(course)  # type: ignore[attr-defined]
    page.goto(course)
    frame = page.frame_locator("iframe")
    expect(frame.locator("#calc-collective")).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(frame.locator('tr[data-output="time_us"] td')).to_have_text(
        run("collective", {"gpus": "32"}).display("time_us"))
    expect(frame.locator(".md-header")).to_have_count(0)


@pytest.mark.allow_console_errors
def test_python_start_up_failure_is_reported_and_the_build_time_result_stays(page: Page, site: str) -> None:
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="missing"))  # a stale deployment
    page.goto(site + PAGE)
    expect(widget(page).root).to_have_attribute("data-state", "failed", timeout=PYTHON_READY_MS)
    expect(widget(page).root.locator(".calc-status")).to_have_text(
        "Python could not start: calc wheel not found (404). Showing the result computed at build time.")
    assert widget(page).shown("busbw_GBps") == run("collective").display("busbw_GBps")


def test_the_page_stays_responsive_while_python_computes(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    expect(widget(page).root).to_have_attribute("data-state", re.compile("loading|ready"))
    # A long task on the main thread would delay this timer far beyond its 50 ms.
    delay = page.evaluate("""() => new Promise(r => { const t = performance.now();
        setTimeout(() => r(performance.now() - t), 50); })""")
    assert delay < 500
    widget(page).wait_ready()


def test_result_json_in_the_page_matches_the_engine(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    embedded = json.loads(widget(page).root.get_attribute("data-result") or "{}")
    assert embedded == json.loads(json.dumps(run("collective").to_json()))


def test_on_four_aws_p5_servers_auto_reports_what_aws_s_region_tuner_runs(page: Page, site: str) -> None:
    # aws-ofi-nccl's region tuner (calc/collectives/ofi_tuner.py): ring/LL128 for 64 MiB on 32 H100 over EFA, where
    # NCCL's own table would run NVLS-tree; the browser's engine part carries the tuner as the CLI does.
    page.goto(site + PAGE)
    widget(page).wait_ready()
    for label, value in (("System", "dgx_h100"), ("Network (transport)", "efa"), ("GPUs", "32"),
                         ("Message size", "64MiB")):
        widget(page).change(label, value)
    expected = run("collective", {"system": "dgx_h100", "network": "efa", "gpus": "32", "message": "64MiB"})
    assert (expected.display("algorithm_used"), expected.display("protocol")) == ("ring", "LL128")
    for output in ("algorithm_used", "protocol", "busbw_GBps"):
        expect(widget(page).root.locator(f'tr[data-output="{output}"] td')).to_have_text(expected.display(output))
    expect(widget(page).root.locator(".calc-notes li")).to_have_text(list(expected.outcome.notes))  # whose choice
