"""Every page as a reader meets it: no errors, no foreign requests, labels, phone width,
no Python on pages without widgets, and instant navigation that keeps one worker."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PYTHON_READY_MS

ROOT = Path(__file__).resolve().parents[2]


def pages() -> list[str]:
    nav = re.findall(r":\s*([\w-]+)\.md\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    return ["" if name == "index" else f"{name}/" for name in nav]


@pytest.mark.parametrize("path", pages())
def test_page_loads_without_errors_and_every_widget_becomes_live(page: Page, site: str, path: str) -> None:
    page.goto(site + path)
    expect(page.locator("h1").first).to_be_visible()
    for widget in page.locator(".calc-widget:not([data-static])").all():  # a report without inputs stays as built
        widget.scroll_into_view_if_needed()
        expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
        expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
        if widget.locator(".calc-plot").count():
            expect(widget).to_have_attribute("data-charts-at", re.compile(r"\d"))
            narrow = widget.evaluate("""w => [...w.querySelectorAll('.calc-plot')]
                .filter(p => p.clientWidth < 0.8 * w.querySelector('.calc-results').clientWidth).map(p => p.id)""")
            assert narrow == [], "charts drawn narrower than their widget"


@pytest.mark.parametrize("path", pages())
def test_every_input_has_a_label_and_every_image_a_text_alternative(page: Page, site: str, path: str) -> None:
    page.goto(site + path)
    unlabeled = page.evaluate("""() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
        .filter(e => !e.closest('.md-header, .md-search, .md-sidebar, [data-md-component]') || e.closest('.calc-widget'))
        .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map(e => e.outerHTML.slice(0, 80))""")
    assert unlabeled == []
    no_alt = page.evaluate("""() => [...document.querySelectorAll('img:not([alt]), svg[role=img]:not([aria-label])')]
        .map(e => e.outerHTML.slice(0, 80))""")
    assert no_alt == []


@pytest.mark.parametrize("path", pages())
def test_phone_width_shows_no_horizontal_scrolling(page: Page, site: str, path: str) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(site + path)
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0


@pytest.fixture
def still_phone(browser: Browser) -> Iterator[Page]:
    """A phone (390 x 844) with JavaScript off: what a reader sees before, or without, scripts."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize("path", pages())
def test_phone_width_without_javascript_shows_no_horizontal_scrolling(still_phone: Page, site: str, path: str) -> None:
    still_phone.goto(site + path)
    overflow = still_phone.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0


SMALL_TEXT = """() => { const small = []; const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { const text = walk.currentNode, e = text.parentElement, range = document.createRange();
    range.selectNodeContents(text);
    if (!text.textContent.trim() || e.closest('svg') || !range.getClientRects().length) continue;
    if (parseFloat(getComputedStyle(e).fontSize) < 11) small.push(text.textContent.trim().slice(0, 40)); }
  return small; }"""


@pytest.mark.parametrize("path", pages())
def test_phone_text_is_never_below_11_px_without_javascript(still_phone: Page, site: str, path: str) -> None:
    still_phone.goto(site + path)
    assert still_phone.evaluate(SMALL_TEXT) == []


def test_a_page_without_widgets_downloads_no_python(page: Page, site: str) -> None:
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    page.goto(site + "contributing/")
    page.wait_for_load_state("networkidle")
    assert [u for u in loaded if re.search(r"pyodide|\.wasm|worker\.js|\.whl|plotly", u)] == []


def test_instant_navigation_keeps_one_worker_and_does_not_duplicate_widgets(page: Page, site: str) -> None:
    page.goto(site + "calculators/")
    expect(page.locator("#calc-collective")).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    started = page.evaluate("() => window.calcRuntime.stats.workerStartedAt")
    page.evaluate("() => { window.__samePage = true; }")
    page.get_by_role("link", name="Contributing").first.click()
    expect(page).to_have_url(re.compile("contributing/$"))
    page.get_by_role("link", name="Troubleshooting: ECMP imbalance").first.click()
    expect(page).to_have_url(re.compile("troubleshooting-ecmp/$"))
    for widget in page.locator(".calc-widget").all():  # custom views hydrate after a swap too
        widget.scroll_into_view_if_needed()
        expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    page.get_by_role("link", name="Calculators").first.click()
    expect(page).to_have_url(re.compile("calculators/$"))
    expect(page.locator(".calc-widget")).to_have_count(1)
    expect(page.locator("#calc-collective")).to_have_attribute("data-state", "ready")
    expect(page.locator("#calc-collective")).to_have_attribute("data-runs", re.compile(r"[1-9]"))
    assert page.evaluate("() => window.calcRuntime.stats.workerStartedAt") == started
    assert page.evaluate("() => window.__samePage") is True  # never a full page load

