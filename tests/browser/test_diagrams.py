"""Reader stories about the diagrams (ECMP lanes, topology, PFC animation): readable on a phone
(text never drawn below 11 px, details on tap), usable from the keyboard, and an animation that
waits for its reader and respects reduced motion."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.widget import Widget

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
DIAGRAMS = [("troubleshooting-ecmp/", "lab", "svg.ecmp-svg"), ("topology-as-code/", "editor", ".topology-figure svg"),
            ("tuning-pfc-ecn/", "congestion", ".cg-live svg.cg-svg")]
SMALLEST_TEXT = """svgs => Math.min(...svgs.flatMap(svg => [...svg.querySelectorAll('text')]
    .filter(t => t.textContent.trim() && t.getBBox().width > 0)
    .map(t => parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a)))"""
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


@pytest.mark.parametrize(("path", "wid", "selector"), DIAGRAMS)
def test_diagram_text_is_at_least_11_px_on_a_phone(phone: Page, site: str, path: str, wid: str, selector: str) -> None:
    phone.goto(site + path)
    widget = Widget(phone, wid).wait_ready()
    svgs = widget.root.locator(selector)
    expect(svgs.first).to_be_visible()
    assert svgs.evaluate_all(SMALLEST_TEXT) >= 10.99


def test_tapping_a_switch_on_a_phone_shows_its_details(phone: Page, site: str) -> None:
    phone.goto(site + "topology-as-code/")
    editor = Widget(phone, "editor").wait_ready()
    switch = editor.root.locator(".topology-figure g[tabindex]").first
    switch.scroll_into_view_if_needed()
    switch.tap()
    expect(editor.root.locator(".calc-diagram-detail")).to_have_text(re.compile(r"\w+.*\("))


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
    return page.locator("#congestion .cg-live")


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


def test_pfc_player_draws_the_same_scene_as_the_build_time_animation(browser: Browser, site: str) -> None:
    """The congestion view's twin check: Python's CSS animation and the JavaScript player label
    the same switches, hosts and buffer bars (the player draws with the DOM, so it is checked here)."""
    for page in context_page(browser, java_script_enabled=False):
        page.goto(site + "tuning-pfc-ecn/")
        built = page.locator("#congestion .cg-static svg.cg-svg").first.evaluate(SCENE_LABELS)
    for page in context_page(browser, viewport=DESKTOP):
        page.route("**/assets/widgets/worker.js", lambda route: route.abort())  # the player from build-time data
        page.goto(site + "tuning-pfc-ecn/")
        live = player(page).locator("svg.cg-svg").first.evaluate(SCENE_LABELS)
    assert live == built and "S ingress" in built
