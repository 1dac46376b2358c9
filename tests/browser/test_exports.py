"""Reader stories about taking results away: a CSV of every table and chart series, and the
ECMP, topology and PFC diagrams as SVG and PNG files."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from calc.registry import run
from tests.browser.widget import Widget


def downloaded(page: Page, button: Locator) -> tuple[str, bytes]:
    with page.expect_download() as info:
        button.click()
    download = info.value
    return download.suggested_filename, Path(download.path()).read_bytes()


def test_a_widget_table_downloads_as_csv_with_plain_numbers(page: Page, site: str) -> None:
    page.goto(site + "do-the-math/")
    step = Widget(page, "step").wait_ready()
    wrap = step.root.locator('[data-table-output="flows"]')
    name, body = downloaded(page, wrap.locator("xpath=following-sibling::div[1]").get_by_role("button", name="Download table (CSV)"))
    rows = list(csv.reader(io.StringIO(body.decode())))
    assert name == "step-flows.csv"
    assert rows[0] == ["Dimension", "Group size", "Message (B)", "Time per step (ms)", "Flows over", "Expected error (%)"]
    assert len(rows) == 1 + len(run("step").outcome.tables["flows"])
    assert all("," not in cell for row in rows[1:] for cell in row[1:4])
    assert [float(row[5]) for row in rows[1:]] == [row[5] for row in run("step").outcome.tables["flows"]]


def test_a_chart_downloads_its_series_as_csv(page: Page, site: str) -> None:
    page.goto(site + "do-the-math/")
    ring = Widget(page, "math-ring").wait_ready()
    figure = ring.root.locator('figure[data-chart="time_vs_size"]')
    expect(figure.locator(".js-plotly-plot")).to_be_attached()
    _, body = downloaded(page, figure.locator("xpath=following-sibling::div[1]").get_by_role("button", name="Download series (CSV)"))
    rows = list(csv.reader(io.StringIO(body.decode())))
    traces = run("collective").outcome.charts["time_vs_size"]
    assert rows[0] == ["series", "Message size (B)", "Time (µs)"]
    assert len(rows) == 1 + sum(len(t.x) for t in traces)
    assert float(rows[1][2]) == pytest.approx(traces[0].y[0], rel=1e-9)


def test_a_prose_table_downloads_as_csv(page: Page, site: str) -> None:
    page.goto(site + "troubleshooting-ecmp/")
    table = page.locator('.calc-table-wrap:not([data-table-output]) > table.calc-table[data-table="comparison"]')
    name, body = downloaded(page, table.locator("xpath=../following-sibling::div[1]").get_by_role("button", name="Download table (CSV)"))
    assert name == "comparison.csv" and body.decode().count("\n") == table.locator("tr").count()


@pytest.mark.parametrize(("path", "wid", "stem", "marker"), [
    ("troubleshooting-ecmp/", "lab", "ecmp-uplinks", b"ecmp-flow"),
    ("topology-as-code/", "editor", "topology", b"<title>"),
    ("tuning-pfc-ecn/", "congestion", "pfc-ecn-lab", b"cg-"),
])
def test_diagrams_download_as_svg_and_png(page: Page, site: str, path: str, wid: str, stem: str, marker: bytes) -> None:
    page.goto(site + path)
    widget = Widget(page, wid).wait_ready()
    # The live charts are taller than their build-time drawings and push the diagram down when drawn: let them
    # be drawn first, so the button does not move under the click (the fresh-clone CI once missed it so).
    for chart in widget.root.locator("figure.calc-chart[data-chart]").all():
        widget.live_plot(chart.get_attribute("data-chart"))
    svg_name, svg = downloaded(page, widget.root.get_by_role("button", name="Download diagram (SVG)").first)
    assert svg_name == f"{stem}.svg" and svg.startswith(b"<svg") and marker in svg
    png_name, png = downloaded(page, widget.root.get_by_role("button", name="Download diagram (PNG)").first)
    assert png_name == f"{stem}.png" and png.startswith(b"\x89PNG")


def test_before_python_is_live_the_diagram_and_the_tables_download_what_the_page_shows(page: Page, site: str) -> None:
    """The build draws the download buttons; the page's script wires them before Python starts, so a reader on a
    slow link (here: Python never arrives) takes the build's diagram and tables at once."""
    page.route("**/assets/widgets/worker.js", lambda route: route.abort())
    page.goto(site + "troubleshooting-ecmp/")
    lab = page.locator("#calc-lab")
    lab.scroll_into_view_if_needed()
    name, svg = downloaded(page, lab.get_by_role("button", name="Download diagram (SVG)").first)
    assert name == "ecmp-uplinks.svg" and b"ecmp-flow" in svg
    name, _ = downloaded(page, lab.get_by_role("button", name="Download table (CSV)").first)
    assert name.startswith("lab-") and name.endswith(".csv")
