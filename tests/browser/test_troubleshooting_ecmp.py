"""Reader stories for the ECMP page: the drawing before Python, re-hashing live, tracing a flow."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, Route, expect

from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS

PAGE = "troubleshooting-ecmp/"


def lab(page: Page) -> Locator:
    return page.locator("#calc-lab")


def wait_ready(page: Page) -> None:
    expect(lab(page)).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(lab(page)).to_have_attribute("data-runs", re.compile(r"[1-9]"))
    expect(lab(page)).not_to_have_attribute("data-busy", "true")


def click_and_wait(page: Page, name: str) -> None:
    before = lab(page).get_attribute("data-runs")
    lab(page).get_by_role("button", name=name).click()
    expect(lab(page)).not_to_have_attribute("data-runs", str(before))
    expect(lab(page)).not_to_have_attribute("data-busy", "true")


def test_drawing_is_on_the_page_without_javascript(browser: Browser, site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site + PAGE)
    data = run("ecmp").to_json()["data"]
    blocks = lab(page).locator("svg.ecmp-wide .ecmp-flow")  # the desktop drawing (a phone one is drawn too)
    expect(blocks).to_have_count(sum(len(c["qps"]) for c in data["connections"]))
    first = data["connections"][0]["qps"][0]
    assert f'hash {first["hash"]} → uplink {first["path"]}' in (blocks.first.locator("title").text_content() or "")
    context.close()


def test_the_drawing_stays_as_it_is_when_python_brings_the_same_result(page: Page, site: str) -> None:
    """The live result of the page's own inputs is the build's: the lab is not drawn anew under the reader's
    click (a fresh-clone CI lost a download click to that swap)."""
    held: list[Route] = []  # Python waits until the drawing is marked
    page.route("**/assets/widgets/worker.js", lambda route: held.append(route))
    page.goto(site + PAGE)
    figure = lab(page).locator(".ecmp-figure")
    expect(figure).to_be_attached()
    # The script's drawing of the build's result: the build draws the controls disabled, the script enabled.
    expect(lab(page).get_by_role("button", name="Re-hash: new random seed")).to_be_enabled()
    figure.evaluate("f => { f.dataset.first = 'yes'; }")
    lab(page).locator(".calc-view").scroll_into_view_if_needed()  # near: a live drawing would be made at once
    page.unroute("**/assets/widgets/worker.js")  # a held request goes on (unroute lets it through)
    wait_ready(page)  # the live result is shown (and any drawing of it made)
    expect(lab(page).get_by_role("button", name="Download diagram (SVG)").first).to_be_visible()
    expect(figure).to_have_attribute("data-first", "yes")
    expect(lab(page).locator(".ecmp-figure")).to_have_count(1)


def test_new_seed_rehashes_and_is_in_the_url(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_ready(page)
    click_and_wait(page, "Re-hash: new random seed")
    assert "lab.seed=2" in page.url
    expected = run("ecmp", {"seed": 2}).to_json()
    row = lab(page).locator('tr[data-output="mean_slowest_flow_fraction"] td')
    expect(row).to_have_text(expected["display"]["mean_slowest_flow_fraction"])
    expect(lab(page).locator(".ecmp-summary")).to_contain_text(f"{max(expected['data']['loads'])} sub-flows")


def test_more_queue_pairs_and_trace_one_flow(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_ready(page)
    click_and_wait(page, "One more queue pair per connection")
    assert "lab.qps_per_flow=2" in page.url
    lab(page).get_by_label("Trace connection").select_option("3")
    data = run("ecmp", {"qps_per_flow": 2}).to_json()["data"]
    qp = data["connections"][3]["qps"][1]
    expect(lab(page).locator(".ecmp-trace")).to_contain_text(f"QP 1: 10.0.0.4:{qp['sport']} → 11.0.0.4:4791 UDP")
    expect(lab(page).locator("svg.ecmp-wide .ecmp-on")).to_have_count(2)


def test_a_traced_flow_stays_traced_when_the_lab_rehashes(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_ready(page)
    lab(page).get_by_label("Trace connection").select_option("3")
    click_and_wait(page, "Re-hash: new random seed")
    qp = run("ecmp", {"seed": 2}).to_json()["data"]["connections"][3]["qps"][0]
    expect(lab(page).locator(".ecmp-trace")).to_contain_text(f"hash {qp['hash']} → uplink {qp['path']}")
    expect(lab(page).get_by_label("Trace connection")).to_have_value("3")
    expect(lab(page).locator("svg.ecmp-wide .ecmp-on")).to_have_count(1)


def test_a_keyboard_reader_keeps_focus_on_rehash_while_the_drawing_is_redrawn(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    lab(page).scroll_into_view_if_needed()
    wait_ready(page)
    rehash = lab(page).get_by_role("button", name="Re-hash: new random seed")
    rehash.focus()
    page.keyboard.press("Enter")
    summary = run("ecmp", {"seed": 2}).to_json()["data"]
    expect(lab(page).locator(".ecmp-summary")).to_contain_text(f"{max(summary['loads'])} sub-flows")
    expect(rehash).to_be_focused()
