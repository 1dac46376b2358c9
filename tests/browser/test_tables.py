"""Reader stories about tables on a phone: padded cells, headers that stand apart, numbers and
calculator names that never break inside a word."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.widget import SIZES

WRAPPED = """root => [...root.querySelectorAll(sel)].flatMap(td => {
    // Every word (a run without spaces or hyphens: "50,331,648", "accuracy") is drawn on one line.
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT), broken = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\\s-]+/g)) {
        const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        if (new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1) broken.push(m[0]);
      }
    }
    return broken; })"""


def _without_js(browser: Browser, size: str) -> Iterator[Page]:
    """A page at one of the stories' widths with JavaScript off: the tables as built."""
    context = browser.new_context(viewport=SIZES[size], java_script_enabled=False)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from _without_js(browser, "phone")


def wrapped(page: Page, selector: str) -> list[str]:
    return page.evaluate(f"() => {{ const sel = {selector!r}; return ({WRAPPED})(document); }}")


def test_numbers_in_result_tables_stay_on_one_line_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "do-the-math/")
    assert wrapped(phone, ".calc-table td, .calc-outputs td") == []


def test_result_labels_break_between_words_beside_a_long_address_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "accuracy/")  # the run explorer's source: a 170-character address, broken anywhere
    assert wrapped(phone, "#calc-accuracy-run .calc-outputs th") == []


def test_calculator_names_in_the_catalogue_stay_whole_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "calculators/")
    assert wrapped(phone, ".calc-catalog td:first-child") == []


def test_table_cells_are_padded_and_headers_underlined(phone: Page, site: str) -> None:
    phone.goto(site + "do-the-math/")
    th = phone.locator(".calc-table thead th").first
    pad, border = th.evaluate("e => [parseFloat(getComputedStyle(e).paddingLeft), parseFloat(getComputedStyle(e).borderBottomWidth)]")
    assert pad >= 8 and border >= 1


def test_column_headings_break_between_words_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "troubleshooting-ecmp/")  # "Slowest connection / fair share" in a narrow column
    assert wrapped(phone, ".calc-table th") == []


def test_calculators_catalogue_is_one_card_per_calculator_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "calculators/")
    wrap = phone.get_by_role("region", name="Calculators")
    cut = wrap.evaluate("w => [...w.querySelectorAll('td')].filter(td => td.getBoundingClientRect().right > "
                        "w.getBoundingClientRect().right + 0.5).map(td => td.textContent.slice(0, 30))")
    assert cut == []


SPLIT_FROM_UNIT = """root => [...root.querySelectorAll('.calc-outputs td')].filter(td => /^[\\d.,]+ \\S+$/.test(td.textContent))
  .filter(td => { const r = document.createRange(); r.selectNodeContents(td);
    return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size > 1; }).map(td => td.textContent)"""


def test_a_result_stays_on_one_line_with_its_unit_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "scale-up/")  # "785.3 GB/s" beside "Bus bandwidth at the chosen GPU count"
    assert phone.evaluate(f"() => ({SPLIT_FROM_UNIT})(document)") == []


def test_a_wide_table_keeps_its_caption_inside_its_scrolling_region_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "scale-up/")
    region = phone.get_by_role("region", name="Against DeepEP's published figures (DeepSeek-V3 shapes: hidden 7168, 256 experts, top-8)")
    assert region.evaluate("r => r.scrollWidth > r.clientWidth")  # the table scrolls sideways
    caption = region.evaluate("r => { const c = r.querySelector('caption').getBoundingClientRect(), b = r.getBoundingClientRect();"
                              " return [c.left >= b.left - 0.5, c.right <= b.right + 0.5]; }")
    assert caption == [True, True]


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    yield from _without_js(browser, "desktop")


def cut_off(page: Page, region: str) -> list[str]:
    """Cells of the region's table whose right edge is past the article's: hidden behind a scroll bar."""
    return page.get_by_role("region", name=region).evaluate(
        "w => [...w.querySelectorAll('th, td')].filter(c => c.getBoundingClientRect().right > "
        "w.closest('article').getBoundingClientRect().right + 0.5).map(c => c.textContent.slice(0, 30))")


def test_the_calculators_catalogue_shows_every_column_at_desktop_width(desktop: Page, site: str) -> None:
    desktop.goto(site + "calculators/")
    assert cut_off(desktop, "Calculators") == []


def test_page_names_in_the_problems_catalogue_stay_whole_at_desktop_width(desktop: Page, site: str) -> None:
    desktop.goto(site + "courses/")  # "monitoring", "troubleshooting-ecmp" beside long embed addresses
    assert wrapped(desktop, ".calc-catalog td:nth-child(4)") == []


def test_the_metric_sources_table_shows_every_column_at_desktop_width(desktop: Page, site: str) -> None:
    """Long metric names and sysfs paths break inside the cell rather than push "Raw counter" out
    of sight behind a scroll bar."""
    desktop.goto(site + "monitoring/")
    assert cut_off(desktop, "Where each metric comes from") == []
