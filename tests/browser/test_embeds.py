"""A course page on another origin frames a calculator and a problem set with the documented
example host page (docs/examples/course-host.html): the frames size themselves, honour the
fixed and shown fields, and report answered problems to the course page."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import FrameLocator, Locator, Page, Route, expect

from calc import run
from calc.problems import get_problem
from tests.browser.conftest import PYTHON_READY_MS
from tests.browser.widget import LAYOUT_SHIFTS, layout_shifts

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
COURSE = "http://localhost:9/course/"  # another origin (a course site), answered by the test


def open_course(page: Page, site: str) -> None:
    def answer(route: Route) -> None:
        name = route.request.url.removeprefix(COURSE)
        body = (EXAMPLES / name).read_text().replace('src="../../embed/', f'src="{site}embed/')
        route.fulfill(content_type="text/html" if name.endswith(".html") else "text/javascript", body=body)

    page.route(COURSE + "*", answer)
    for name in ("course-host.html", "course-host.js"):
        page.watch.allowed.add(COURSE + name)  # type: ignore[attr-defined]
    page.goto(COURSE + "course-host.html")


def test_a_course_step_fixes_the_system_and_lets_the_trainee_vary_gpus(page: Page, site: str) -> None:
    open_course(page, site)
    frame = page.frame_locator('iframe[title="Collective time calculator"]')
    system = frame.get_by_label("System")
    expect(system).to_be_disabled()
    expect(system).to_have_value("dgx_h100")
    expect(frame.get_by_label("GPUs")).to_be_editable()
    expect(frame.get_by_role("textbox", name="Message size")).to_be_hidden()
    widget = frame.locator("#calc-collective")
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    frame.get_by_label("GPUs").fill("64")
    expect(widget.locator('tr[data-output="time_us"] td')).to_have_text(
        run("collective", {"system": "dgx_h100", "gpus": "64"}).display("time_us"))
    expect(frame.get_by_role("link", name="Open the full page")).to_have_attribute("href", "../../scale-out/")


def test_embeds_take_their_contents_height_and_show_no_scroll_bar(page: Page, site: str) -> None:
    open_course(page, site)
    for title in ("Collective time calculator", "Practice problems: scale-out"):
        iframe = page.locator(f'iframe[title="{title}"]')
        expect(iframe).not_to_have_attribute("style", "")  # resized by the host snippet
        frame = iframe.content_frame
        for widget in frame.locator(".calc-widget").all():  # its content settles once Python is live
            expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
        heights = _after_the_host_follows(iframe, frame)
        assert heights[0] <= heights[1], f"{title}: inner scroll bar {heights}"


def _after_the_host_follows(iframe: Locator, frame: FrameLocator, attempts: int = 5) -> list[int]:
    """The frame's [scrollHeight, clientHeight] once the host has resized it to its content's height. Content
    that grows meanwhile (the interactive chart replacing the drawing) is measured again, and the host must
    follow that too (the last fresh-clone CI measured between the growth and the host's resize)."""
    for _ in range(attempts):
        height = frame.locator("html").evaluate("h => Math.ceil(h.getBoundingClientRect().height)")
        expect(iframe).to_have_attribute("style", re.compile(rf"height: {height}px"))  # the frame follows
        heights: list[int] = frame.locator("html").evaluate("h => [h.scrollHeight, h.clientHeight]")
        if heights[0] <= heights[1]:
            break
    return heights


def test_the_course_page_sizes_the_calculator_once_as_it_goes_live(page: Page, site: str) -> None:
    """The frame tells the course page one height and keeps it while Python starts and the interactive chart
    replaces the drawing, so the problems under it never move under the trainee's pointer."""
    page.add_init_script("""window.__heights = {};
      addEventListener("message", (e) => {
        if (e.data?.type === "calc:resize") (window.__heights[e.data.embed] ??= []).push(e.data.height);
      });""")
    open_course(page, site)
    _until_the_calculator_above_has_settled(page)
    frame = page.frame_locator('iframe[title="Collective time calculator"]')
    frame.locator("figure.calc-chart").scroll_into_view_if_needed()  # a chart is drawn when the reader nears it
    expect(frame.locator(".calc-plot.js-plotly-plot")).to_be_visible()
    heights = page.evaluate("window.__heights.collective")
    assert len(set(heights)) == 1, f"the course page resized the calculator's frame to {heights} px"


def test_an_embed_is_first_drawn_as_its_link_makes_it(page: Page, site: str) -> None:
    """The embed page's scripts block its first drawing, so it is drawn with the fields its link leaves out
    already gone and the system already fixed; nothing on it moves as it goes live either. (Measured on the
    page itself: in a frame, Chromium also counts the host's resizing of the frame as a shift of its body.)"""
    page.add_init_script(LAYOUT_SHIFTS)
    page.goto(site + "embed/collective/?system=dgx_h100&fix=system&show=gpus,op&theme=dark")
    widget = page.locator("#calc-collective")
    expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    expect(widget).not_to_have_attribute("data-stale", re.compile("."))
    page.locator("figure.calc-chart").scroll_into_view_if_needed()
    expect(page.locator(".calc-plot.js-plotly-plot")).to_be_visible()
    assert layout_shifts(page) == []


def test_an_embedded_problem_reports_each_answer_to_the_course_page(page: Page, site: str) -> None:
    open_course(page, site)
    frame = page.frame_locator('iframe[title="Practice problems: scale-out"]')
    expect(frame.locator("#problem-checkpoint-transfer")).to_be_hidden()  # show= keeps two problems
    nic = frame.locator("#problem-nic-bytes")
    expect(nic.locator(".calc-problem-statement")).to_have_text(
        get_problem("nic-bytes").make(42).statement, timeout=PYTHON_READY_MS)
    expect(frame.get_by_role("status").first).to_have_text(  # both problems drawn for the link's numbers
        "Numbers set 42; answers are checked by the engine in your browser.")
    _until_the_calculator_above_has_settled(page)
    answer = get_problem("nic-bytes").make(42).answer_text
    nic.get_by_label("Your answer (GB/s or GBps)").fill("1 GB/s")
    nic.get_by_role("button", name="Check").click()
    expect(nic.locator(".calc-problem-feedback")).to_have_text(re.compile("^Not quite"), timeout=PYTHON_READY_MS)
    expect(page.locator("#log li")).to_have_text(["nic-bytes (seed 42): not yet after 1 attempt(s)"])
    nic.get_by_label("Your answer (GB/s or GBps)").fill(answer)
    nic.get_by_role("button", name="Check").click()
    expect(page.locator("#log li").nth(1)).to_have_text("nic-bytes (seed 42): correct after 2 attempt(s)")
    expect(frame.get_by_role("link", name="Open the full page")).to_have_attribute("href", "../../../scale-out/")


def _until_the_calculator_above_has_settled(page: Page) -> None:
    """The calculator framed above the problems shows its live result and the course page has sized it. Before
    the frame kept one height (test_the_course_page_sizes_the_calculator_once_as_it_goes_live), it grew and shrank
    in this time and moved the problems under the pointer: two fresh-clone CIs clicked Check then and no answer
    reached the course page. The answer story still waits for it, so that a failure there is the problems' own."""
    iframe = page.locator('iframe[title="Collective time calculator"]')
    widget = iframe.content_frame.locator(".calc-widget")
    expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    expect(widget).not_to_have_attribute("data-stale", re.compile("."))
    _after_the_host_follows(iframe, iframe.content_frame)


def test_the_colour_scheme_comes_from_the_url(page: Page, site: str) -> None:
    page.emulate_media(color_scheme="light")
    page.goto(site + "embed/problems/monitoring/?theme=dark")
    expect(page.locator("body")).to_have_css("background-color", "rgb(30, 32, 41)")
    page.goto(site + "embed/problems/monitoring/?theme=light")
    expect(page.locator("body")).to_have_css("background-color", "rgb(255, 255, 255)")
