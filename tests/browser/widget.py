"""A calculator widget as a reader sees it: wait for Python, change a field, read a result."""

from __future__ import annotations

import re

from playwright.sync_api import Error, Locator, Page, ViewportSize, expect

from tests.browser.conftest import PYTHON_READY_MS

# The two widths the reader stories run at.
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}

__all__ = ["Widget", "LAYOUT_SHIFTS", "layout_shifts"]

# The browser's Layout Instability API, which CLS sums: every move of something on the screen that no
# input caused, from the page's first drawing, as [score, what moved and by how many pixels].
LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push([e.value, e.sources.map(
    (s) => `${s.node?.className || s.node?.nodeName || "?"} ${s.currentRect.y - s.previousRect.y}px`).join(", ")]);
}).observe({ type: "layout-shift", buffered: true });
"""


def layout_shifts(page: Page) -> list[list[object]]:
    """What moved on ``page`` (a page given LAYOUT_SHIFTS as an init script) since it was first drawn."""
    shifts: list[list[object]] = page.evaluate("window.__shifts")
    return shifts


class Widget:
    """The widget with id ``wid`` (or at ``wid``, a locator) on ``page``; fields are found by
    their visible label."""

    def __init__(self, page: Page, wid: str | Locator) -> None:
        self.page = page
        self.root: Locator = page.locator(f"#calc-{wid}") if isinstance(wid, str) else wid

    def wait_ready(self) -> Widget:
        """Python is running and has computed at least one live result."""
        self._scroll_into_view()
        expect(self.root).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
        expect(self.root).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
        return self

    def _scroll_into_view(self, attempts: int = 5) -> None:
        """Scroll to the widget; after an instant navigation the previous page's widget of the same id may be
        replaced while Playwright scrolls to it ('not attached'): resolve the locator again."""
        for attempt in range(attempts):
            try:
                self.root.scroll_into_view_if_needed()
                return
            except Error as error:
                if "not attached" not in str(error) or attempt == attempts - 1:
                    raise

    def live_plot(self, chart: str | None = None) -> Locator:
        """The interactive chart (the first, or the one of output ``chart``) once drawn: a chart is drawn when the
        reader nears it, so scroll to it first."""
        figure = self.root.locator(f'figure.calc-chart[data-chart="{chart}"]' if chart else "figure.calc-chart").first
        figure.scroll_into_view_if_needed()
        plot = figure.locator(".calc-plot.js-plotly-plot")
        expect(plot).to_be_visible()
        return plot

    def runs(self) -> str:
        return self.root.get_attribute("data-runs") or "0"

    def field(self, label: str) -> Locator:
        """The input labelled ``label`` exactly, with or without its unit: "Bandwidth" or "Bandwidth (GB/s)"."""
        return self.root.get_by_label(re.compile(rf"^{re.escape(label)}( \(.*\))?$"))

    def change(self, label: str, value: str) -> None:
        """Change one input the way a reader does, and wait for the result it causes."""
        before = self.runs()
        field = self.field(label)
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
        self.wait_for_result(before)

    def wait_for_result(self, before: str) -> None:
        expect(self.root).not_to_have_attribute("data-runs", before)
        expect(self.root).not_to_have_attribute("data-busy", "true")

    def shown(self, output: str) -> str:
        """The result table's cell for a scalar output."""
        return self.root.locator(f'tr[data-output="{output}"] td').inner_text()

    def error(self, param: str) -> Locator:
        """The message beside a field."""
        return self.root.locator(f'[data-param="{param}"] .calc-error')
