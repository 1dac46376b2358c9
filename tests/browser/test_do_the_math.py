"""Reader stories on "Do the math": the collective, step and cost widgets and the numbers in the prose."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS

PAGE = "do-the-math/"


def widget(page: Page, wid: str) -> Locator:
    return page.locator(f"#{wid}")


def wait_ready(page: Page, wid: str) -> None:
    expect(widget(page, wid)).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(widget(page, wid)).to_have_attribute("data-runs", re.compile(r"[1-9]"))


def change(page: Page, wid: str, label: str, value: str) -> None:
    before = widget(page, wid).get_attribute("data-runs") or "0"
    field = widget(page, wid).get_by_label(label, exact=False).first
    if field.evaluate("e => e.tagName") == "SELECT":
        field.select_option(value)
    else:
        field.fill(value)
    expect(widget(page, wid)).not_to_have_attribute("data-runs", before)
    expect(widget(page, wid)).not_to_have_attribute("data-busy", "true")


def shown(page: Page, wid: str, output: str) -> str:
    return widget(page, wid).locator(f'tr[data-output="{output}"] td').inner_text()


def test_prose_and_widgets_show_the_engines_numbers_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + PAGE)
    article = page.locator("article")
    expect(article).to_contain_text(run("cost").display("cost_ratio") + " times as expensive")
    expect(article).to_contain_text(run("step").display("step_ms"))
    assert shown(page, "step", "utilization_pct") == run("step").display("utilization_pct")
    assert shown(page, "cost", "cost_ratio") == run("cost").display("cost_ratio")
    assert shown(page, "math-ring", "time_us") == run("collective").display("time_us")
    context.close()


def test_cost_widget_recomputes_the_ratio_in_the_browser(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    wait_ready(page, "cost")
    change(page, "cost", "Utilization of A", "80")
    assert shown(page, "cost", "cost_ratio") == run("cost", {"utilization_a": "80"}).display("cost_ratio")


def test_step_widget_shows_tp_spilling_out_of_a_small_domain(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    wait_ready(page, "step")
    change(page, "step", "GPUs per scale-up domain", "2")
    expected = run("step", {"gpus_per_domain": "2"})
    assert shown(page, "step", "tp_flows") == expected.display("tp_flows")
    assert shown(page, "step", "utilization_pct") == expected.display("utilization_pct")
