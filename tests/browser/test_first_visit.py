"""Reader stories for a first visit on a slow connection: what a page downloads before its first
calculator is live. plotly, the search index and the offline copy wait; the reader never sees a
chart that does not match the numbers without being told (widgets/js/runtime.js, search-lazy.js,
offline.js). The timings themselves are measured in ``./dev.sh bench browser``, not here."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Request, Route, expect

from tests.browser.widget import Widget

PLOTLY = "**/assets/plotly/**"
CHART_NOTE = "The numbers are live; the chart is for this page's defaults until the interactive chart has loaded."


def started_at(request: Request, page: Page) -> float:
    """When ``request`` started, in the page's ``performance.now()`` time."""
    return float(request.timing["startTime"] - page.evaluate("performance.timeOrigin"))


def test_plotly_is_fetched_only_once_the_first_numbers_are_live(page: Page, site: str) -> None:
    with page.expect_request(re.compile(r"/assets/plotly/")) as plotly:
        page.goto(site + "calculators/")
    Widget(page, "collective").wait_ready()
    first_live = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.calc-widget[data-interactive-at]')]
        .map((w) => Number(w.dataset.interactiveAt)))""")
    assert started_at(plotly.value, page) >= first_live


RUNTIME = re.compile(r"/assets/(pyodide/[^/]+|calc/[0-9a-f]+)/([^/]+)$")


def test_the_pages_engine_is_requested_before_pyodide_has_loaded_and_the_lock_file_never(page: Page, site: str) -> None:
    """The page's parts of the engine download while Pyodide starts, not after it (boot.js);
    Pyodide gets its lock file's header from config.json, not from pyodide-lock.json (inline-lock)."""
    started: dict[str, float] = {}

    def finished(r: Request) -> None:
        m = RUNTIME.search(r.url)
        if m and not r.service_worker:  # the offline copy's requests come after
            started.setdefault(m.group(2), r.timing["startTime"])

    page.on("requestfinished", finished)
    page.goto(site + "calculators/")
    Widget(page, "collective").wait_ready()
    loaded = page.evaluate("() => performance.timeOrigin + window.calcRuntime.stats.pyodideLoadedAt")
    engine = [n for n in started if n.endswith((".whl", ".zip")) and n != "python_stdlib.zip"]
    assert len(engine) == 4  # the kernel, collectives and the topics it imports (ecmp, fabric)
    assert all(started[n] < loaded for n in engine)
    assert "pyodide.asm.wasm" in started and "pyodide-lock.json" not in started


def test_until_plotly_arrives_the_build_time_chart_stays_and_is_the_live_one(page: Page, site: str) -> None:
    held: list[Route] = []
    page.route(PLOTLY, lambda route: held.append(route))
    page.goto(site + "calculators/")
    w = Widget(page, "collective")
    expect(w.root).to_have_attribute("data-interactive-at", re.compile(r"\d"))
    expect(w.root.locator("figure.calc-chart svg.calc-svg").first).to_be_visible()
    expect(w.root.locator(".calc-progress")).to_be_hidden()
    w.root.evaluate("el => new Promise((r) => setTimeout(r, 600))")  # past the 300 ms a slow run is marked after
    expect(w.root).not_to_have_attribute("data-stale", re.compile("."))  # the defaults: this chart is current
    held[0].continue_()
    w.root.locator("figure.calc-chart").first.scroll_into_view_if_needed()  # charts are drawn near the screen
    expect(w.root.locator(".calc-plot.js-plotly-plot").first).to_be_visible()


def test_a_shared_link_marks_the_defaults_chart_until_plotly_draws_its_inputs(page: Page, site: str) -> None:
    held: list[Route] = []
    page.route(PLOTLY, lambda route: held.append(route))
    # plotly is asked for once the numbers are live, which may be just after they show (the last fresh-clone
    # CI reached the end of these checks before the request): wait for it, held by the route, then continue it
    with page.expect_request(re.compile(r"/assets/plotly/")):
        page.goto(site + "calculators/?collective.gpus=64")
        w = Widget(page, "collective")
        expect(w.root).to_have_attribute("data-stale", "chart")  # numbers live, the chart not yet
        expect(w.root.locator(".calc-stale-note")).to_have_text(CHART_NOTE)
        assert w.root.locator(".calc-results").evaluate("e => Number(getComputedStyle(e).opacity)") == 1
        assert w.root.locator("figure.calc-chart").first.evaluate("e => Number(getComputedStyle(e).opacity)") < 0.6
    expect(w.root).to_have_attribute("data-stale", "chart")  # still marked while plotly is held
    assert len(held) == 1
    held[0].continue_()
    expect(w.root).not_to_have_attribute("data-stale", re.compile("."))
    expect(w.root.locator(".calc-stale-note")).to_be_hidden()
    w.root.locator("figure.calc-chart").first.scroll_into_view_if_needed()  # charts are drawn near the screen
    expect(w.root.locator(".calc-plot.js-plotly-plot").first).to_be_visible()
    expect(w.root.locator("figure.calc-chart").first).not_to_have_attribute("data-earlier", re.compile("."))


def test_the_search_index_is_fetched_when_the_reader_searches_not_with_the_page(page: Page, site: str) -> None:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "search_index.json" in r.url else None)
    page.goto(site + "contributing/")
    page.wait_for_load_state("networkidle")
    assert asked == []
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").fill("ECMP")
    expect(page.locator(".md-search-result__item a[href*='troubleshooting-ecmp/']").first).to_be_attached()
    assert len(asked) == 1


def test_a_page_with_widgets_starts_its_offline_copy_only_once_a_widget_is_live(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # Python never arrives
    page.goto(site + "calculators/")
    page.wait_for_load_state("load")
    # offline.js would register at load + idle on a page without widgets: wait past that idle time.
    registered = page.evaluate("""() => new Promise((resolve) => requestIdleCallback(
        () => navigator.serviceWorker.getRegistration().then((r) => resolve(Boolean(r))), { timeout: 5000 }))""")
    assert registered is False
