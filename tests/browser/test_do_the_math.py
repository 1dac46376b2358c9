"""Reader stories on "Do the math": the collective, step and cost widgets and the numbers in the prose."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from calc.registry import run
from tests.browser.widget import Widget

PAGE = "do-the-math/"


def test_prose_and_widgets_show_the_engines_numbers_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + PAGE)
    article = page.locator("article")
    expect(article).to_contain_text(run("cost").display("cost_ratio") + " times as expensive")
    expect(article).to_contain_text(run("step").display("step_ms"))
    assert Widget(page, "step").shown("utilization_pct") == run("step").display("utilization_pct")
    assert Widget(page, "cost").shown("cost_ratio") == run("cost").display("cost_ratio")
    assert Widget(page, "math-ring").shown("time_us") == run("collective").display("time_us")
    context.close()


def test_cost_widget_recomputes_the_ratio_in_the_browser(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "cost").wait_ready()
    Widget(page, "cost").change("Utilization of A", "80")
    assert Widget(page, "cost").shown("cost_ratio") == run("cost", {"utilization_a": "80"}).display("cost_ratio")


def test_step_widget_shows_tp_spilling_out_of_a_small_domain(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "step").wait_ready()
    Widget(page, "step").change("GPUs per scale-up domain", "2")
    expected = run("step", {"gpus_per_domain": "2"})
    assert Widget(page, "step").shown("tp_flows") == expected.display("tp_flows")
    assert Widget(page, "step").shown("utilization_pct") == expected.display("utilization_pct")
