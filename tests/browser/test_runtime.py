"""Reader stories for what every calculator does around the engine: whose URL an input belongs
to, results that no longer match the inputs, fields that apply, runs that are replaced, a
Python worker that failed, reset and copy link, and Python's loading progress."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize, expect

from calc.registry import run
from tests.browser.conftest import PYTHON_READY_MS
from tests.browser.widget import LAYOUT_SHIFTS, SIZES, Widget, layout_shifts

STALE = "Showing the last valid result: it does not match the inputs above."


def test_an_edit_stays_with_its_page_when_the_reader_navigates(page: Page, site: str) -> None:
    page.goto(site + "scale-up/")
    scaling = Widget(page, "scaling").wait_ready()
    history = page.evaluate("history.length")
    gpus = scaling.field("GPUs")
    gpus.fill("")
    gpus.press_sequentially("720", delay=50)  # one key at a time
    expect(page).to_have_url(re.compile(r"scale-up/\?scaling\.gpus=720$"))
    assert page.evaluate("history.length") == history  # replaceState: no entry per keystroke
    gpus.fill("144")  # still focused: the change event fires as the link takes the click
    page.get_by_role("link", name="Scale-out", exact=True).first.click()
    expect(page).to_have_url(site + "scale-out/")
    other = Widget(page, "scaling").wait_ready()
    expect(other.field("GPUs")).to_have_value("64")
    expect(other.root.locator('tr[data-output="busbw_GBps"] td')).to_have_text(
        run("scaling", {"system": "dgx_h100", "gpus": "64"}).display("busbw_GBps"))
    assert page.url == site + "scale-out/"


@pytest.mark.parametrize(("width", "scheme"), [(1366, "light"), (390, "dark")])
def test_invalid_inputs_mark_the_results_and_show_every_message(page: Page, site: str, width: int, scheme: str) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(site + "calculators/")
    w = Widget(page, "collective").wait_ready()
    w.change("GPUs", "1")
    w.change("Bandwidth per GPU, per direction (GB/s)", "0")
    expect(w.error("gpus")).to_have_text("GPUs must be between 2 and 131072: got 1")
    expect(w.error("bandwidth_GBps")).to_have_text("Bandwidth per GPU, per direction must be between 0.1 and 100000: got 0")
    expect(w.root.locator(".calc-stale-note")).to_have_text(STALE)
    expect(w.root).to_have_attribute("data-stale", "invalid")
    assert w.root.locator(".calc-results").evaluate("e => Number(getComputedStyle(e).opacity)") < 0.6
    w.change("GPUs", "16")
    w.change("Bandwidth per GPU, per direction (GB/s)", "400")
    expect(w.root.locator(".calc-stale-note")).to_be_hidden()
    expect(w.root).not_to_have_attribute("data-stale", re.compile("."))
    assert w.shown("time_us") == run("collective", {"gpus": "16", "preset": "custom",
                                                    "bandwidth_GBps": "400"}).display("time_us")


def test_a_shared_link_marks_the_default_result_until_python_computes_it(page: Page, site: str) -> None:
    page.route("**/assets/widgets/worker.js", lambda route: None)  # Python never arrives
    page.goto(site + "calculators/?collective.gpus=64")
    w = Widget(page, "collective")
    expect(w.field("GPUs")).to_have_value("64")
    expect(w.root.locator(".calc-stale-note")).to_have_text(
        "Showing the result for this page's defaults until Python computes the inputs above.")
    expect(w.root).to_have_attribute("data-stale", "pending")


def test_a_value_the_field_cannot_hold_is_quoted_as_the_link_had_it(page: Page, site: str) -> None:
    page.goto(site + "calculators/?collective.gpus=lots")
    w = Widget(page, "collective")
    expect(w.error("gpus")).to_have_text("GPUs must be an integer: got 'lots'", timeout=PYTHON_READY_MS)
    expect(w.root.locator(".calc-stale-note")).to_have_text(STALE)


def test_fields_the_chosen_system_ignores_are_hidden(page: Page, site: str) -> None:
    page.goto(site + "scale-up/")
    w = Widget(page, "scaling")
    expect(w.field("Link preset")).to_be_hidden()  # already in the page as built
    expect(w.field("Scale-up domain size")).to_be_visible()
    w.wait_ready()
    w.change("System", "link")
    expect(w.field("Link preset")).to_be_visible()
    expect(w.field("Bandwidth per GPU, per direction")).to_be_visible()
    expect(w.field("Scale-up domain size")).to_be_hidden()
    expect(w.root.locator('[data-param="system"] .calc-help')).not_to_contain_text("system=")


def test_help_text_opens_on_tap_on_a_phone(browser: Browser, site: str) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.new_page()
    page.goto(site + "scale-out/")
    help_text = Widget(page, "two-networks").root.locator('[data-param="system"] .calc-help')
    clipped = "e => e.scrollHeight > e.clientHeight + 1"
    expect(page.locator("#calc-two-networks")).to_have_attribute("data-hydrated", "true")
    help_text.tap()
    expect(help_text).to_have_attribute("data-open", "")
    assert not help_text.evaluate(clipped)
    phone.close()


# Every run the page asks of a Python worker, recorded as it is posted.
SENT = """const post = Worker.prototype.postMessage; window.__sent = [];
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && msg.type === "run") window.__sent.push(msg.params); return post.call(this, msg, ...rest); };"""


def test_one_change_runs_once_and_a_burst_ends_on_the_latest(page: Page, site: str) -> None:
    page.add_init_script(SENT)
    page.goto(site + "calculators/")
    w = Widget(page, "collective").wait_ready()
    w.change("GPUs", "16")
    w.field("GPUs").press("Tab")  # the change event repeats the same inputs: no second run
    w.change("GPUs", "32")
    w.field("GPUs").press_sequentially("12", delay=0)  # 321, then 3212 while 321 may still run
    expect(w.root.locator('tr[data-output="time_us"] td')).to_have_text(run("collective", {"gpus": "3212"}).display("time_us"))
    sent = [p["gpus"] for p in page.evaluate("window.__sent")]
    assert sent[-1] == "3212"
    assert sent.count("16") == 1 and sent.count("32") == 1


def test_reset_and_copy_link(page: Page, site: str, context: BrowserContext) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site + "calculators/")
    w = Widget(page, "collective").wait_ready()
    expect(w.root.get_by_text("The link holds these inputs.")).to_be_visible()
    w.change("GPUs", "64")
    w.root.get_by_role("button", name="Copy link").click()
    expect(w.root.locator(".calc-copy-note")).to_have_text("Link copied: it opens this page with these inputs.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{site}calculators/?collective.gpus=64#calc-collective"
    before = w.runs()
    w.root.get_by_role("button", name="Reset to defaults").click()
    w.wait_for_result(before)
    expect(w.field("GPUs")).to_have_value("8")
    assert w.shown("time_us") == run("collective").display("time_us")
    expect(page).to_have_url(f"{site}calculators/")


def test_loading_shows_progress_then_how_long_python_took(page: Page, site: str) -> None:
    page.route("**/*.whl", lambda route: None)  # the calculators never arrive
    page.goto(site + "calculators/")
    w = Widget(page, "collective")
    progress = w.root.locator("progress.calc-progress")
    expect(progress).to_be_visible()
    expect(progress).to_have_attribute("max", "4")
    expect(w.root.locator(".calc-status")).to_have_text(
        "Loading Python in your browser (2/4: Python started, loading the calculators)…")
    expect(progress).to_have_js_property("value", 2)


def test_the_status_says_how_long_python_took_to_load(page: Page, site: str) -> None:
    page.goto(site + "calculators/")
    w = Widget(page, "collective").wait_ready()
    expect(w.root.locator(".calc-status")).to_have_text(
        re.compile(r"^Live: recomputed in your browser by Python \(Pyodide [\d.]+; loaded in \d+\.\d s\)\.$"))
    expect(w.root.locator("progress.calc-progress")).to_be_hidden()


RECORD_STALE_MARKS = """() => { window.staleMarks = [];
  new MutationObserver((records) => { for (const r of records) if (r.target.dataset.stale) window.staleMarks.push(`${r.target.id}: ${r.target.dataset.stale}`); })
    .observe(document, { subtree: true, attributes: true, attributeFilter: ["data-stale"] }); }"""


def test_the_first_live_run_of_a_pages_own_inputs_never_marks_its_results_as_old(page: Page, site: str) -> None:
    page.add_init_script(f"({RECORD_STALE_MARKS})()")
    # A slow phone: the first runs last past the 300 ms after which a run for other inputs is marked (before the
    # fix, the cost calculator's defaults were marked "Computing the inputs above…" and dimmed).
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 8})
    page.goto(site + "do-the-math/")
    widgets = page.locator(".calc-widget")
    for widget in widgets.all():
        expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    assert page.evaluate("window.staleMarks") == []


LONG_LAB = "lab.trials=7812&lab.flows=64&lab.paths=256&lab.balancing=flowlet&lab.flowlets=1"


def test_a_long_run_neither_blocks_another_calculator_nor_outlives_a_newer_change(page: Page, site: str) -> None:
    page.goto(f"{site}troubleshooting-ecmp/?{LONG_LAB}")  # a shared link to a run of many seconds
    lab, trace = Widget(page, "lab"), Widget(page, "trace")
    trace.wait_ready()
    expect(lab.root).to_have_attribute("data-busy", "true")
    trace.change("Equal-cost paths", "4")  # served (by a second worker while the lab's run lasts)
    assert trace.shown("path") == run("flowhash", {"paths": "4"}).display("path")
    lab.root.get_by_text("Advanced: calibration and overrides").click()
    lab.field("Monte Carlo trials").fill("100")
    expected = run("ecmp", {"trials": "100", "flows": "64", "paths": "256", "balancing": "flowlet",
                            "flowlets": "1"})
    expect(lab.root.locator('tr[data-output="sim_max_load"] td')).to_have_text(expected.display("sim_max_load"))
    expect(lab.root).not_to_have_attribute("data-busy", "true")
    expect(lab.root.locator(".calc-stale-note")).to_be_hidden()
    lab.field("Monte Carlo trials").fill("7812")  # long again: the reader is told the results are old
    expect(lab.root.locator(".calc-stale-note")).to_have_text(
        "Computing the inputs above… the results shown are for the previous inputs.")
    lab.field("Monte Carlo trials").fill("100")
    expect(lab.root.locator(".calc-stale-note")).to_be_hidden()
    expect(lab.root).not_to_have_attribute("data-busy", "true")


def hostile_topology() -> str:
    """A document nested far deeper than any topology: the parser ran out of stack on it (a fatal
    error that replaced the worker); the engine now refuses it cleanly. Either way, the page lives on."""
    return quote("topology:\n  leaf: " + "[" * 5000 + "]" * 5000 + "\n")


def test_a_hostile_shared_link_leaves_the_other_calculators_working(page: Page, site: str) -> None:
    page.goto(f"{site}topology-as-code/?editor.yaml={hostile_topology()}")
    editor, article = Widget(page, "editor"), Widget(page, "article")
    editor.root.scroll_into_view_if_needed()
    expect(editor.root).to_have_attribute("data-runs", re.compile(r"[1-9]"), timeout=PYTHON_READY_MS)
    expect(editor.root.locator(".calc-error:not([hidden])")).to_have_count(1)
    expect(editor.root.locator(".calc-stale-note")).to_have_text(STALE)
    article.wait_ready()  # a failed worker is replaced: never "Live" while broken
    expect(article.root.locator(".calc-status")).to_have_text(re.compile(r"^Live: "))
    before = article.runs()
    article.root.get_by_label("Topology (YAML)").fill("topology:\n  leaf:\n    - {name: a}\n")
    article.wait_for_result(before)
    expect(article.root.locator(".calc-error:not([hidden])")).to_have_count(0)
    assert article.shown("worst_switch") == "a"


@pytest.mark.parametrize("width", [1366, 390])
def test_reset_and_copy_link_are_on_every_calculator(page: Page, site: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site + "troubleshooting-ecmp/")
    for root in page.locator(".calc-widget").all():
        expect(root.get_by_role("button", name="Reset to defaults")).to_be_enabled()
        expect(root.get_by_role("button", name="Copy link")).to_be_enabled()


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_a_calculator_going_live_moves_nothing_on_the_screen(page: Page, site: str, size: ViewportSize) -> None:
    """On a slow link the page is drawn before its script runs. Then the script enables the buttons the build
    drew (Reset, Copy link, the downloads), Python's status keeps its height while it starts, and the note on a
    result for other inputs lies over that result: the reader's place on the screen never moves."""
    page.set_viewport_size(size)
    page.add_init_script(LAYOUT_SHIFTS)
    held: list[Route] = []
    page.route("**/assets/widgets/runtime.js", lambda route: held.append(route))
    page.goto(site + "calculators/", wait_until="commit")
    w = Widget(page, "collective")
    expect(w.root.get_by_role("button", name="Copy link")).to_be_disabled()
    w.root.scroll_into_view_if_needed()
    page.evaluate("() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))")
    for route in held:
        route.continue_()
    w.wait_ready()
    w.live_plot()
    w.change("GPUs", "64")
    expect(w.root.get_by_role("button", name="Download series (CSV)")).to_be_enabled()
    assert layout_shifts(page) == []


def test_an_input_typed_before_the_page_script_runs_is_computed_and_marked_until_then(page: Page, site: str) -> None:
    held = []
    page.route("**/assets/widgets/runtime.js", lambda route: held.append(route))  # the page's script is slow
    page.goto(site + "calculators/", wait_until="commit")
    w = Widget(page, "collective")
    w.field("GPUs").fill("64")
    for route in held:
        route.continue_()
    expect(w.root.locator(".calc-stale-note")).to_have_text(
        "Showing the result for this page's defaults until Python computes the inputs above.")
    expect(w.root.locator('tr[data-output="time_us"] td')).to_have_text(
        run("collective", {"gpus": "64"}).display("time_us"), timeout=PYTHON_READY_MS)
    expect(w.root).not_to_have_attribute("data-stale", re.compile("."))
    expect(page).to_have_url(re.compile(r"\?collective\.gpus=64$"))
