"""Reader stories about the diagrams (ECMP lanes, topology, PFC animation): readable on a phone
(text never drawn below 11 px, details on tap), usable from the keyboard, and an animation that
waits for its reader and respects reduced motion."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.widget import SIZES, Widget

PHONE = SIZES["phone"]
DESKTOP = SIZES["desktop"]
# Each drawn diagram: page, widget, the figure that holds it.
DIAGRAMS = [("troubleshooting-ecmp/", "lab", ".ecmp-figure"), ("topology-as-code/", "editor", ".topology-figure"),
            ("tuning-pfc-ecn/", "congestion", ".cg-live")]
# Every SVG text the reader can see, with its size on screen: the computed font size times the
# text's own screen transform (its drawing's scale), and its on-screen box (not the attribute).
SCREEN_TEXT = """root => [...root.querySelectorAll('svg text')].filter(t => t.textContent.trim()
    && t.checkVisibility({visibilityProperty: true, opacityProperty: true}) && t.getBoundingClientRect().width > 0)
  .map(t => [t.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(t).fontSize) * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b),
             t.getBoundingClientRect().height])"""
SIDEWAYS = """root => ({page: document.documentElement.scrollWidth - innerWidth,
  figure: Math.max(0, ...[...root.querySelectorAll('.ecmp-figure, .topology-figure, .diagram-frame, .cg-live, .cg-static')]
    .filter(e => e.checkVisibility()).map(e => e.scrollWidth - e.clientWidth))})"""
FRAMES = "n => new Promise(done => { const f = () => (--n <= 0 ? done() : requestAnimationFrame(f)); requestAnimationFrame(f); })"
OVERLAPS = """svg => { const boxes = [...svg.querySelectorAll(':scope > text')].filter(t => t.textContent.trim()
    && t.getAttribute('visibility') !== 'hidden').map(t => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 1 && h > 1) out.push(`${a} / ${b}`); }));
  return out; }"""


def context_page(browser: Browser, **options: object) -> Iterator[Page]:
    context = browser.new_context(**options)  # type: ignore[arg-type]
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from context_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


@pytest.fixture
def still(browser: Browser) -> Iterator[Page]:
    yield from context_page(browser, viewport=DESKTOP, reduced_motion="reduce")


def small_text(root: Locator) -> list[tuple[str, float, float]]:
    """Visible diagram text drawn below 11 px on screen (with its size and box height)."""
    return [(t, size, h) for t, size, h in root.evaluate(SCREEN_TEXT) if size < 10.99]


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize(("path", "wid", "figure"), DIAGRAMS)
def test_a_diagram_fits_its_column_with_text_of_11_px_or_more(browser: Browser, site: str, path: str, wid: str,
                                                                figure: str, size: str) -> None:
    for page in context_page(browser, viewport=SIZES[size], has_touch=size == "phone", is_mobile=size == "phone"):
        page.goto(site + path)
        widget = Widget(page, wid).wait_ready()
        expect(widget.root.locator(figure).first).to_be_visible()
        widget.root.locator(figure).first.scroll_into_view_if_needed()
        assert widget.root.evaluate(SIDEWAYS) == {"page": 0, "figure": 0}
        # Text is shown at 11 px or more, or (a large graph zoomed out) hidden with a hint that says so.
        assert len(widget.root.evaluate(SCREEN_TEXT)) > 0 or widget.root.locator(".diagram-hint").is_visible()
        assert small_text(widget.root) == []


@pytest.mark.parametrize(("path", "figure"), [("troubleshooting-ecmp/", ".ecmp-figure"), ("tuning-pfc-ecn/", ".cg-static")])
def test_the_build_time_drawing_reflows_the_same_way_without_javascript(browser: Browser, site: str, path: str,
                                                                        figure: str) -> None:
    for page in context_page(browser, viewport=PHONE, java_script_enabled=False):
        page.goto(site + path)
        drawing = page.locator(figure).first
        assert drawing.evaluate("f => f.scrollWidth - f.clientWidth") == 0
        assert len(drawing.evaluate(SCREEN_TEXT)) > 0
        assert small_text(drawing) == []


def test_the_ecmp_lanes_wrap_into_rows_on_a_phone_and_a_tapped_block_is_traced(phone: Page, site: str) -> None:
    phone.goto(site + "troubleshooting-ecmp/")
    lab = Widget(phone, "lab").wait_ready()
    drawing = lab.root.locator("svg.ecmp-narrow")
    expect(drawing).to_be_visible()
    expect(lab.root.locator("svg.ecmp-wide")).to_be_hidden()
    lanes = drawing.locator(".ecmp-lane").evaluate_all("ls => new Set(ls.map(l => l.getAttribute('y2'))).size")
    assert lanes == 2  # 16 uplinks in two rows of 8
    block = drawing.locator(".ecmp-flow").nth(3)
    block.tap()
    expect(lab.root.locator(".ecmp-trace")).to_contain_text(f"connection {block.get_attribute('data-conn')} QP 0")


def test_the_pfc_animation_stacks_its_buffers_under_the_network_on_a_phone(phone: Page, site: str) -> None:
    phone.goto(site + "tuning-pfc-ecn/")
    live = player(phone)
    live.scroll_into_view_if_needed()
    scene = live.locator("svg.cg-svg").first
    expect(scene).to_have_attribute("viewBox", re.compile(r"^0 0 300 "))
    network = scene.locator("text", has_text="V (idle)").bounding_box()
    buffers = scene.locator("tspan", has_text="S ingress").bounding_box()
    assert network and buffers and buffers["y"] > network["y"] + network["height"]
    assert scene.evaluate(OVERLAPS) == []
    expect(live.locator(".cg-status")).to_contain_text("Gb/s")


def test_the_pfc_animation_turns_to_the_wide_drawing_when_its_column_widens(browser: Browser, site: str) -> None:
    for page in context_page(browser, viewport=PHONE):
        page.goto(site + "tuning-pfc-ecn/")
        scene = player(page).locator("svg.cg-svg").first
        expect(scene).to_have_attribute("viewBox", re.compile(r"^0 0 300 "))
        page.set_viewport_size(DESKTOP)
        expect(scene).to_have_attribute("viewBox", re.compile(r"^0 0 640 "))


def zoom(page: Page, wid: str) -> tuple[Widget, Locator, Locator]:
    widget = Widget(page, wid).wait_ready()
    bar = widget.root.get_by_role("toolbar", name="Diagram zoom")
    bar.scroll_into_view_if_needed()
    return widget, bar, widget.root.locator(".diagram-frame")


def test_the_topology_fits_a_phone_with_labels_hidden_until_the_reader_zooms_in(phone: Page, site: str) -> None:
    phone.goto(site + "topology-as-code/")
    editor, bar, frame = zoom(phone, "editor")
    labels = frame.locator("g[data-node] text")
    expect(labels.first).to_be_hidden()
    expect(editor.root.locator(".diagram-hint")).to_be_visible()
    expect(bar.get_by_role("button", name="Zoom out")).to_be_disabled()
    assert frame.evaluate("f => f.scrollWidth - f.clientWidth") == 0
    for _ in range(3):
        bar.get_by_role("button", name="Zoom in").click()
    expect(labels.first).to_be_visible()
    expect(editor.root.locator(".diagram-hint")).to_be_hidden()
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")  # the frame scrolls, not the page
    assert editor.root.evaluate(SIDEWAYS)["page"] == 0
    assert small_text(editor.root) == []
    bar.get_by_role("button", name="Fit to width").click()
    expect(labels.first).to_be_hidden()
    assert frame.evaluate("f => f.scrollWidth - f.clientWidth") == 0


def test_the_reader_zoom_survives_a_new_result(page: Page, site: str) -> None:
    page.goto(site + "topology-as-code/")
    editor, bar, frame = zoom(page, "editor")
    bar.get_by_role("button", name="Zoom in").click()
    scale = bar.locator(".diagram-scale").inner_text()
    editor.change("Start from", "article")
    expect(editor.root.locator(".diagram-scale")).to_have_text(scale)


def test_tapping_a_switch_on_a_phone_shows_its_details(phone: Page, site: str) -> None:
    phone.goto(site + "topology-as-code/")
    editor = Widget(phone, "editor").wait_ready()
    switch = editor.root.locator(".topology-figure g[tabindex]").first
    switch.scroll_into_view_if_needed()
    switch.tap()
    detail = editor.root.locator(".calc-diagram-detail")
    expect(detail).to_have_text(re.compile(r"\w+.*\("))
    assert detail.evaluate("d => parseFloat(getComputedStyle(d).fontSize)") >= 12


def test_keyboard_focus_is_visible_on_inputs(page: Page, site: str) -> None:
    page.goto(site + "do-the-math/")
    field = Widget(page, "cost").field("Utilization of A")
    field.focus()
    outline = field.evaluate("e => [getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]")
    assert outline[0] != "none" and outline[1] >= 2


def test_ecmp_blocks_take_keyboard_focus_and_trace_their_connection(page: Page, site: str) -> None:
    page.goto(site + "troubleshooting-ecmp/")
    lab = Widget(page, "lab").wait_ready()
    lab.root.get_by_role("button", name=re.compile("Re-hash")).focus()
    block = lab.root.locator(".ecmp-flow").first
    for _ in range(8):  # past the other controls to the first block, as a keyboard reader does
        if block.evaluate("b => document.activeElement === b"):
            break
        page.keyboard.press("Tab")
    expect(block).to_be_focused()
    expect(lab.root.locator(".ecmp-trace")).to_contain_text("connection 0 QP 0")


def test_rehash_is_styled_as_a_button(page: Page, site: str) -> None:
    page.goto(site + "troubleshooting-ecmp/")
    button = Widget(page, "lab").wait_ready().root.get_by_role("button", name=re.compile("Re-hash"))
    style = button.evaluate("b => [getComputedStyle(b).borderTopWidth, getComputedStyle(b).paddingLeft, getComputedStyle(b).cursor]")
    assert float(style[0][:-2]) >= 1 and float(style[1][:-2]) >= 8 and style[2] == "pointer"


def player(page: Page) -> Locator:
    return page.locator("#calc-congestion .cg-live")


def test_pfc_animation_waits_for_its_reader_and_starts_at_zero(page: Page, site: str) -> None:
    page.goto(site + "tuning-pfc-ecn/")
    expect(player(page)).to_be_attached()
    page.evaluate(FRAMES, 60)
    expect(player(page).get_by_label("Simulated time")).to_have_value("0")
    player(page).scroll_into_view_if_needed()
    expect(player(page).get_by_label("Simulated time")).not_to_have_value("0")


def test_pfc_animation_respects_reduced_motion(still: Page, site: str) -> None:
    still.goto(site + "tuning-pfc-ecn/")
    player(still).scroll_into_view_if_needed()
    expect(player(still).get_by_role("button", name="Play animation")).to_be_visible()
    still.evaluate(FRAMES, 60)
    expect(player(still).get_by_label("Simulated time")).to_have_value("0")


def test_pfc_scene_labels_do_not_collide(page: Page, site: str) -> None:
    page.goto(site + "tuning-pfc-ecn/")
    scene = player(page).locator("svg.cg-svg").first
    scene.scroll_into_view_if_needed()
    assert scene.evaluate(OVERLAPS) == []


SCENE_LABELS = """svg => [...svg.querySelectorAll('.cg-label, tspan')].map(t => t.textContent).sort()"""


@pytest.mark.parametrize(("size", "layout"), [("desktop", "wide"), ("phone", "narrow")])
def test_pfc_player_draws_the_same_scene_as_the_build_time_animation(browser: Browser, site: str, size: str,
                                                                     layout: str) -> None:
    """The congestion view's twin check: Python's CSS animation and the JavaScript player label
    the same switches, hosts and buffer bars, in the same drawing for the reader's width (the
    player draws with the DOM, so it is checked here)."""
    scene = f"""svg => [svg.getAttribute('viewBox'), ({SCENE_LABELS})(svg),
        [...svg.querySelectorAll('rect')].filter(r => /cg-(host|switch)/.test(r.getAttribute('class')))
          .map(r => ['x', 'y', 'width', 'height'].map(k => r.getAttribute(k)).join(' '))]"""
    for page in context_page(browser, java_script_enabled=False):
        page.goto(site + "tuning-pfc-ecn/")
        built = page.locator(f"#calc-congestion .cg-static .cg-{layout} svg.cg-svg").first.evaluate(scene)
    for page in context_page(browser, viewport=SIZES[size]):
        page.route("**/assets/widgets/worker.js", lambda route: route.abort())  # the player from build-time data
        page.goto(site + "tuning-pfc-ecn/")
        live = player(page).locator("svg.cg-svg").first.evaluate(scene)
    assert live == built and "S ingress" in built[1]
