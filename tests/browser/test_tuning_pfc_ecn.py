"""Reader stories for the PFC/ECN lab on "Tuning PFC and ECN": the animation before and after Python."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect

from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS

PAGE = "tuning-pfc-ecn/"


def lab(page: Page) -> Locator:
    return page.locator("#calc-congestion")


def wait_live(page: Page) -> None:
    """Python is ready, the first run in the browser has finished and the player is on the page."""
    expect(lab(page)).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(lab(page)).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    expect(lab(page)).not_to_have_attribute("data-busy", "true", timeout=PYTHON_READY_MS)
    expect(lab(page).locator(".cg-live")).to_be_visible()


def test_build_time_run_is_animated_in_css_for_readers_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + PAGE)
    expect(lab(page).locator(".cg-static .cg-anim").first).to_be_attached()
    context.close()


def test_build_time_run_plays_in_the_player_before_python_is_ready(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # Python never arrives
    page.goto(site + PAGE)
    clock = lab(page).locator(".cg-live .cg-clock")
    clock.scroll_into_view_if_needed()  # the player plays only while the reader can see it
    expect(clock).to_be_visible()
    first = clock.inner_text()
    expect(clock).not_to_have_text(first)
    assert lab(page).get_attribute("data-state") != "ready"


def test_player_has_play_pause_speed_and_a_scrubber(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_live(page)
    player = lab(page).locator(".cg-live")
    player.get_by_role("button", name="Pause animation").click()
    expect(player.get_by_role("button", name="Play animation")).to_be_visible()
    player.get_by_label("Playback speed").select_option("4")
    player.get_by_label("Simulated time").fill("124")
    frames = run("congestion", {}).outcome.data["frames"]["t_us"]
    expect(player.locator(".cg-clock")).to_have_text(re.compile(rf"^{frames[124]:.0f} / "))


def test_changing_the_scenario_reruns_it_in_the_browser(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_live(page)
    before = int(lab(page).get_attribute("data-runs") or 0)
    lab(page).get_by_label("Scenario").select_option("storm")
    expect(lab(page)).not_to_have_attribute("data-runs", str(before), timeout=PYTHON_READY_MS)
    expect(lab(page)).not_to_have_attribute("data-busy", "true", timeout=PYTHON_READY_MS)
    expected = run("congestion", {"scenario": "storm"}).display("victim_Gbps")
    expect(lab(page).locator('tr[data-output="victim_Gbps"] td')).to_have_text(expected)


def test_player_advances_while_playing(page: Page, site: str) -> None:
    # Frame rate is measured by `python -m bench.congestion --browser`, not asserted here.
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_live(page)
    player = lab(page).locator(".cg-live")
    player.scroll_into_view_if_needed()  # the player plays only while the reader can see it
    first = player.locator(".cg-clock").inner_text()
    expect(player.locator(".cg-clock")).not_to_have_text(first)


DRAWN_Y = "f => f.querySelector('.calc-plot').data.map((t) => t.y)"


def test_a_chart_just_below_the_screen_is_drawn_with_the_new_result_unmarked(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 500})
    page.goto(site + PAGE)
    wait_live(page)
    below = lab(page).locator('figure[data-chart="throughput"]')
    below.evaluate("f => window.scrollBy(0, f.getBoundingClientRect().top - innerHeight - 50)")  # 50 px below
    # plotly is fetched after the first live result: until it has drawn, the chart is the build-time SVG
    page.wait_for_function("f => Array.isArray(f.querySelector('.calc-plot').data)", arg=below.element_handle())
    before = below.evaluate(DRAWN_Y)
    lab(page).get_by_label("Scenario").evaluate(
        "s => { s.value = 'storm'; s.dispatchEvent(new Event('change', {bubbles: true})); }")
    expected = run("congestion", {"scenario": "storm"})
    expect(lab(page).locator('tr[data-output="victim_Gbps"] td')).to_have_text(expected.display("victim_Gbps"))
    page.wait_for_function(f"([f, before]) => JSON.stringify(({DRAWN_Y})(f)) !== JSON.stringify(before)",
                           arg=[below.element_handle(), before])
    assert below.evaluate(DRAWN_Y) == [list(t.y) for t in expected.outcome.charts["throughput"]]
    expect(below).not_to_have_attribute("data-earlier", "true")

def test_a_chart_off_the_screen_is_marked_then_redrawn_when_the_reader_scrolls_to_it(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 500})
    page.goto(site + PAGE)
    lab(page).get_by_label("Scenario").scroll_into_view_if_needed()
    wait_live(page)
    last = lab(page).locator('figure[data-chart="throughput"]')
    lab(page).get_by_label("Scenario").select_option("storm")
    expected = run("congestion", {"scenario": "storm"})
    expect(lab(page).locator('tr[data-output="victim_Gbps"] td')).to_have_text(expected.display("victim_Gbps"))
    # Far below the fold it keeps the previous drawing, and says so.
    expect(last).to_have_attribute("data-earlier", "true")
    expect(last.locator(".calc-earlier-note")).to_have_text(
        "For earlier inputs: redrawn with the inputs above when scrolled into view.")
    last.scroll_into_view_if_needed()
    expect(last).not_to_have_attribute("data-earlier", "true")
    expect(last.locator(".calc-earlier-note")).to_have_count(0)
    drawn = last.locator(".calc-plot").evaluate("d => d.data.map((t) => t.y)")
    assert drawn == [list(t.y) for t in expected.outcome.charts["throughput"]]
