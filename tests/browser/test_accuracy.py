"""Reader stories on "How accurate is this?": one published run at a time against the model."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from calc.registry import run
from tests.browser.widget import Widget

A100 = "A100 1x8 AllReduce (AI-GBB-Bootcamp, ND A100 v4)"


def test_a_reader_picks_a_published_run_and_sees_its_points_and_its_part(page: Page, site: str) -> None:
    page.goto(site + "accuracy/")
    explorer = Widget(page, "accuracy-run").wait_ready()
    expect(explorer.root.locator('tr[data-output="part"] td')).to_have_text("held-out v7")
    explorer.change("Published run", A100)
    expect(explorer.root.locator('tr[data-output="part"] td')).to_have_text("held-out v8")
    expect(explorer.root.locator('tr[data-output="points"] td')).to_have_text("31")
    points = explorer.root.get_by_role("table", name="Every point of the run")
    expect(points.locator("tbody tr")).to_have_count(31)
    expect(explorer.live_plot("busbw").locator(".legend .traces")).to_have_count(2)
    expect(explorer.root.locator(".calc-notes li")).to_have_text(  # why its three misses miss
        ["At 4 MiB–16 MiB: one A100 server, ring/LL128 at 4-16 MiB: 0.60-0.66x (the LL128 fill per ring step)"])


def test_a_shared_link_opens_the_run_it_names(page: Page, site: str) -> None:
    page.goto(site + "accuracy/?accuracy-run.run=" + A100.replace(" ", "+").replace(",", "%2C"))
    explorer = Widget(page, "accuracy-run").wait_ready()
    expect(explorer.field("Published run")).to_have_value(A100)
    expect(explorer.root.locator('tr[data-output="part"] td')).to_have_text("held-out v8")


def test_the_report_without_inputs_says_it_was_computed_with_the_site_and_python_leaves_it_alone(
        page: Page, site: str) -> None:
    page.goto(site + "accuracy/")
    Widget(page, "accuracy-run").wait_ready()  # Python is live on the page
    report = page.locator("#calc-accuracy-collectives")
    expect(report.get_by_role("status")).to_have_text(
        "Computed when the site was built: a report without inputs, nothing to recompute.")
    expect(report.get_by_role("form")).to_have_count(0)
    expect(report).not_to_have_attribute("data-runs", re.compile("."))
    expect(report).not_to_have_attribute("data-hydrated", re.compile("."))


def test_the_reports_hundreds_of_figures_are_folded_and_its_tables_come_first(page: Page, site: str) -> None:
    page.goto(site + "accuracy/")
    report = page.locator("#calc-accuracy-collectives")
    folded = re.compile(r"^All \d+ figures of the report$")  # the report's every scalar (259 with eight held-out parts)
    figures = report.get_by_role("group").filter(has=page.get_by_text(folded))
    expect(figures.get_by_role("table", name="Results")).to_be_hidden()
    expect(report.get_by_role("table", name="Errors by part")).to_be_visible()
    figures.get_by_text(folded).click()
    expect(figures.get_by_role("table", name="Results")).to_be_visible()


def test_a_weakness_links_to_the_run_that_shows_it(page: Page, site: str) -> None:
    page.goto(site + "accuracy/")
    page.get_by_role("link", name="one of the two").click()
    explorer = Widget(page, "accuracy-run").wait_ready()
    expect(explorer.field("Published run")).to_have_value("H100 2x8 AllGather, TCPXO (gke-recipes, A3 Mega)")
    expect(explorer.root.locator('tr[data-output="part"] td')).to_have_text("held-out v8")
    expect(explorer.root).to_be_in_viewport()


def test_the_runs_and_the_blind_parts_points_open_from_summaries_that_count_them(page: Page, site: str) -> None:
    page.goto(site + "accuracy/")
    report = page.locator("#calc-accuracy-collectives")
    runs = run("accuracy", {}).outcome.tables["runs"]
    summary = report.get_by_text(f"Errors by published run: {len(runs)} rows", exact=True)
    table = report.get_by_role("table", name="Errors by published run")
    expect(table).to_be_hidden()
    summary.click()
    expect(table.locator("tbody tr")).to_have_count(len(runs))
    expect(table).to_be_visible()
    with page.expect_download() as download:
        report.locator('[data-folded="runs"]').get_by_role("button", name="Download table (CSV)").click()
    assert download.value.suggested_filename == "accuracy-collectives-runs.csv"
