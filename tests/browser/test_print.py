"""A classroom prints the site: one page compactly, and the whole site as one PDF.

The PDF is made by Chromium (``page.pdf()``) from the whole-site print page and read back with
Debian's poppler-utils: page count, the computed numbers of a few pages, and every chart whole
(inside the printable width and short enough to keep on one sheet, which ``break-inside: avoid``
then does)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from calc import run
from calc.outputs import Scalar

A4_CONTENT_PX = (round((210 - 24) / 25.4 * 96), round((297 - 28) / 25.4 * 96))  # @page margins 12 mm, 14 mm


def test_a_printed_page_has_no_navigation_or_controls_and_a_compact_form(page: Page, site: str) -> None:
    page.goto(site + "scale-out/")
    page.emulate_media(media="print")
    expect(page.locator(".md-header")).to_be_hidden()
    expect(page.locator(".md-sidebar--primary")).to_be_hidden()
    expect(page.get_by_role("button", name="New numbers")).to_be_hidden()
    widget = page.locator('.calc-widget[data-calc="collective"]').first
    expect(widget.locator(".calc-status")).to_be_hidden()
    expect(widget.locator('[data-param="gpus"]')).to_have_css("display", "inline")  # "GPUs: 16", one line
    expect(widget.locator(".calc-chart svg").first).to_be_visible()
    expect(widget.locator(".calc-outputs")).to_be_visible()


@pytest.mark.slow
def test_the_whole_site_prints_as_one_pdf_with_its_numbers_and_whole_charts(page: Page, site: str,
                                                                            tmp_path: Path) -> None:
    page.set_viewport_size({"width": A4_CONTENT_PX[0], "height": A4_CONTENT_PX[1]})
    page.goto(site + "print/")
    page.emulate_media(media="print")
    sections = page.locator(".calc-print-page").count()
    charts = page.locator(".calc-print-page svg.calc-svg, .calc-print-page .calc-view svg").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().width > 0).map(e => { const r = e.getBoundingClientRect();"
        " return [r.right, r.height, getComputedStyle(e.closest('figure, .calc-view') || e).breakInside]; })")
    assert len(charts) > 10
    for right, height, brk in charts:
        assert right <= A4_CONTENT_PX[0] + 1 and height <= A4_CONTENT_PX[1] and brk == "avoid"
    widgets = page.locator('.calc-print-page .calc-widget[data-calc="collective"], '
                           '.calc-print-page .calc-widget[data-calc="headroom"], '
                           '.calc-print-page .calc-widget[data-calc="fabric"]').evaluate_all(
        "els => els.map(e => [e.dataset.calc, JSON.parse(e.dataset.options).params])")
    pdf = tmp_path / "site.pdf"
    page.pdf(path=str(pdf), format="A4")

    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))
    assert sections <= pages <= 8 * sections  # every site page starts a sheet; nothing balloons
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert {name for name, _ in widgets} == {"collective", "headroom", "fabric"}
    for name, params in widgets:
        result = run(name, params)
        first = next(o.name for o in result.calculator.outputs if isinstance(o, Scalar))
        assert result.display(first) in text, f"{name} {params}: {result.display(first)} not printed"
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "sheet")], check=True)
    assert len(list(tmp_path.glob("sheet-*.png"))) == pages
