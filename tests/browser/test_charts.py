"""Reader stories about charts: the build-time chart and the live one look the same (axis kind,
ticks, colours, series), byte axes read KiB/MiB/GiB, and overlapping series stay visible."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.widget import SIZES, Widget

SVG_BARS = """svg => [...new Set([...svg.querySelectorAll('rect[fill^="#"]')].map(r => r.getAttribute('fill')))]"""
SVG_X_TICKS = """svg => [...svg.querySelectorAll('text.calc-tick[text-anchor=middle]')].map(t => t.textContent)"""
LIVE = """p => ({type: p._fullLayout.xaxis.type, ticks: p._fullLayout.xaxis._vals.map(v => v.text),
                names: p._fullData.map(t => t.name), colours: p._fullData.map(t => (t.marker || t.line).color)})"""


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser, site: str) -> Iterator[tuple[Page, Page]]:
    """The same page twice at one width: without JavaScript (the build-time chart) and live."""
    still = browser.new_context(java_script_enabled=False, viewport=SIZES[request.param])
    live = browser.new_context(viewport=SIZES[request.param])
    try:
        yield still.new_page(), live.new_page()
    finally:
        still.close()
        live.close()


def test_training_step_chart_has_tp_degrees_as_categories_before_and_after_python(sized: tuple[Page, Page],
                                                                                  site: str) -> None:
    still, live = sized
    still.goto(site + "do-the-math/")
    svg = Widget(still, "step").root.locator("svg.calc-svg").filter(visible=True)  # the wide or the phone drawing
    expect(svg).to_have_attribute("data-x-axis", "category")
    ticks, colours = svg.evaluate(SVG_X_TICKS), svg.evaluate(SVG_BARS)
    assert ticks == ["1", "2", "4", "8", "16", "32"]
    live.goto(site + "do-the-math/")
    step = Widget(live, "step").wait_ready()
    step.root.locator("figure.calc-chart").first.scroll_into_view_if_needed()  # charts are drawn near the screen
    plot = step.root.locator(".calc-plot.js-plotly-plot")
    expect(plot).to_be_visible()
    shown = plot.evaluate(LIVE)
    assert (shown["type"], shown["ticks"]) == ("category", ticks)
    assert shown["colours"][:len(colours)] == colours


def test_message_size_axis_reads_binary_sizes_and_presets_say_they_are_rings(page: Page, site: str) -> None:
    page.goto(site + "do-the-math/")
    ring = Widget(page, "math-ring")
    before = ring.root.locator("svg.calc-svg").filter(visible=True).evaluate(SVG_X_TICKS)
    assert before == ["1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"]
    shown = ring.wait_ready().live_plot().evaluate(LIVE)
    assert shown["ticks"] == before
    assert all(n.endswith("(textbook ring)") for n in shown["names"][:2])


def test_oversubscription_series_lying_on_each_other_are_named_and_dashed(page: Page, site: str) -> None:
    page.goto(site + "designing-the-fabric/")
    plot = page.locator(".calc-widget", has=page.locator('[data-chart="slowdown"]')).first
    live = Widget(page, plot).wait_ready().live_plot("slowdown").evaluate(
        "p => p._fullData.map(t => [t.name, t.line.dash])")
    assert ["allreduce, packed (same as incast)", "3px,3px"] in [list(t) for t in live]
    assert len({dash for _, dash in live}) == len(live)


TICK_OVERLAPS = """svg => { const boxes = [...svg.querySelectorAll('text.calc-tick[text-anchor=middle]')].map(t => t.getBoundingClientRect());
  return boxes.slice(1).filter((b, i) => b.left < boxes[i].right).length; }"""


@pytest.mark.parametrize("path", ["do-the-math/", "scale-up/", "designing-the-fabric/"])
def test_build_time_chart_x_labels_never_run_into_each_other(sized: tuple[Page, Page], site: str, path: str) -> None:
    still, _ = sized
    still.goto(site + path)
    charts = still.locator("svg.calc-svg[data-x-axis]")
    expect(charts.first).to_be_attached()
    assert [c.evaluate(TICK_OVERLAPS) for c in charts.all()] == [0] * charts.count()


SMALLEST_SVG_TEXT = """svg => Math.min(...[...svg.querySelectorAll('text')]
  .filter(t => t.getClientRects().length && t.getBBox().width > 0)
  .map(t => parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b)))"""


@pytest.mark.parametrize("path", ["do-the-math/", "scale-up/", "designing-the-fabric/", "tuning-pfc-ecn/"])
def test_build_time_chart_text_is_at_least_11_px_on_a_phone(browser: Browser, site: str, path: str) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=SIZES["phone"])
    try:
        page = context.new_page()
        page.goto(site + path)
        charts = page.locator("figure.calc-chart svg.calc-svg").filter(visible=True)  # the phone drawings
        expect(charts.first).to_be_visible()
        assert min(c.evaluate(SMALLEST_SVG_TEXT) for c in charts.all()) >= 11
    finally:
        context.close()


LEGEND_OUTSIDE = """p => { const box = p.getBoundingClientRect();
  return [...p.querySelectorAll('.legend .traces')].filter(e => { const r = e.getBoundingClientRect();
    return r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom; })
    .map(e => e.textContent); }"""


def test_live_chart_legend_entries_stay_inside_the_plot_on_a_phone(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport=SIZES["phone"])
    try:
        page = context.new_page()
        page.goto(site + "tuning-pfc-ecn/")
        lab = Widget(page, page.locator(".calc-widget", has=page.locator('[data-chart="pause"]')).first).wait_ready()
        plot = lab.live_plot("pause")
        expect(plot.locator(".legend .traces")).to_have_count(5)
        assert plot.evaluate(LEGEND_OUTSIDE) == []
        shown = plot.evaluate("p => [...p.querySelectorAll('.legend .traces')].map(e => e.textContent.replace(/ /g, ''))")
        names = plot.evaluate("p => p.data.map(t => t.name.replace(/<br>/g, ' '))")
        assert shown == [n.replace(" ", "") for n in names]  # every word of every name, wrapped, none cut
        assert any(n.startswith("Receiver pausing S→R") for n in names)
    finally:
        context.close()


# What a reader compares between the build-time chart and the live one on a phone: the x tick
# labels, the legend's names (wrapped lines joined) and colours, the legend under the x axis with
# one entry a row, and the text colour (without alpha: plotly draws it opaque with an opacity).
BUILT_LOOK = """svg => { const box = (e) => e.getBoundingClientRect();
  const ticks = [...svg.querySelectorAll('text.calc-tick[text-anchor=middle]')], entries = [...svg.querySelectorAll('.calc-legend text')];
  return {ticks: ticks.map(t => t.textContent), names: entries.map(e => e.textContent.replace(/ /g, '')),
    colours: [...svg.querySelectorAll('.calc-legend line, .calc-legend rect')].map(m => m.getAttribute('stroke') || m.getAttribute('fill')),
    under: Math.min(...entries.map(e => box(e).top)) > Math.max(...ticks.map(t => box(t).bottom)),
    lefts: new Set(entries.map(e => Math.round(box(e).left))).size, ink: getComputedStyle(ticks[0]).fill.match(/\\d+/g).slice(0, 3)}; }"""
LIVE_LOOK = """p => { const box = (e) => e.getBoundingClientRect();
  const ticks = [...p.querySelectorAll('.xtick text')], entries = [...p.querySelectorAll('.legend .traces')];
  return {ticks: ticks.map(t => t.textContent), names: entries.map(e => e.querySelector('.legendtext').textContent.replace(/ /g, '')),
    colours: p._fullData.map(t => (t.marker || t.line).color),
    under: Math.min(...entries.map(e => box(e).top)) > Math.max(...ticks.map(t => box(t).bottom)),
    lefts: new Set(entries.map(e => Math.round(box(e).left))).size, ink: getComputedStyle(ticks[0]).fill.match(/\\d+/g).slice(0, 3)}; }"""
PHONE_CHARTS = [("do-the-math/", "time_vs_size", "Time against message size", "light", False),
                ("troubleshooting-ecmp/", "link_loads", "Sub-flows per uplink", "light", False),
                ("tuning-pfc-ecn/", "pause", "PFC pause state", "dark", True)]


@pytest.mark.parametrize(("path", "chart", "title", "scheme", "script"), PHONE_CHARTS)
def test_on_a_phone_the_build_time_chart_fits_the_column_and_looks_like_the_live_one(
        browser: Browser, site: str, path: str, chart: str, title: str, scheme: str, script: bool) -> None:
    """#11: before Python is live (JavaScript off, or on with Python held back) the chart does not
    scroll sideways, its text is 11 px or more, and it shows what the live chart then shows."""
    built = browser.new_context(java_script_enabled=script, viewport=SIZES["phone"], color_scheme=scheme)  # type: ignore[arg-type]
    live = browser.new_context(viewport=SIZES["phone"], color_scheme=scheme)  # type: ignore[arg-type]
    try:
        before = built.new_page()
        before.route("**/assets/widgets/worker.js", lambda route: None)  # Python never arrives
        before.goto(site + path)
        region = before.get_by_role("region", name=title).first
        region.scroll_into_view_if_needed()
        drawing = region.get_by_role("img", name=title)
        expect(drawing).to_be_visible()
        assert region.evaluate("r => r.scrollWidth - r.clientWidth") == 0
        assert drawing.evaluate(SMALLEST_SVG_TEXT) >= 11
        look = drawing.evaluate(BUILT_LOOK)
        assert (look["under"], look["lefts"]) == (True, 1)

        after = live.new_page()
        after.goto(site + path)
        figure = after.locator(f'figure.calc-chart[data-chart="{chart}"]').first
        Widget(after, after.locator(".calc-widget", has=figure).first).wait_ready()
        figure.scroll_into_view_if_needed()  # charts are drawn near the screen
        plot = figure.locator(".calc-plot.js-plotly-plot")
        expect(plot.locator(".legend .traces")).to_have_count(len(look["names"]))
        assert plot.evaluate(LIVE_LOOK) == look
    finally:
        built.close()
        live.close()


HEIGHT = "e => Math.round(e.getBoundingClientRect().height)"


@pytest.mark.parametrize("path", ["do-the-math/", "designing-the-fabric/"])
def test_a_live_chart_takes_the_height_of_the_drawing_it_replaces(sized: tuple[Page, Page], site: str,
                                                                  path: str) -> None:
    """Nothing under a chart moves when the interactive chart replaces the build-time one (#12's review: 53 px
    a chart at 1366 px moved the ECMP diagram's download button away from a reader's click)."""
    still, live = sized
    still.goto(site + path)
    live.goto(site + path)
    drawn = still.locator(".calc-widget figure.calc-chart")
    expect(drawn.first).to_be_visible()
    heights = []
    for root in live.locator(".calc-widget", has=live.locator("figure.calc-chart")).all():
        widget = Widget(live, root).wait_ready()
        for chart in root.locator("figure.calc-chart").evaluate_all("fs => fs.map(f => f.dataset.chart)"):
            widget.live_plot(chart)
            heights.append(root.locator(f'figure.calc-chart[data-chart="{chart}"]').evaluate(HEIGHT))
    built = [figure.evaluate(HEIGHT) for figure in drawn.all()]
    assert len(heights) == len(built)
    assert all(abs(a - b) <= 1 for a, b in zip(heights, built)), (heights, built)
