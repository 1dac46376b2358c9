"""Reader stories for the topology editor (Topology as code) and the fabric sizer (Designing the fabric)."""

from __future__ import annotations

import re
from urllib.parse import unquote

from playwright.sync_api import Page, expect

from calc.topology.calculator import ARTICLE_YAML, DEFAULT_YAML
from tests.browser.widget import Widget

PAGE = "topology-as-code/"


def edit(page: Page, text: str) -> None:
    """Replace the YAML the way a reader pastes a file, and wait for the result."""
    editor = Widget(page, "editor")
    before = editor.runs()
    editor.root.get_by_label("Topology (YAML)").fill(text)
    editor.wait_for_result(before)


def test_the_articles_problems_and_ghosts_are_on_the_page_before_python(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    article = Widget(page, "article").root
    expect(article.locator(".topology-problems li")).to_have_count(4)
    expect(article.locator(".topology-problems")).to_contain_text(
        "spine-01 (line 3) lists leaf-02 as a peer, which is not defined")
    expect(article.locator("svg title", has_text="spine-02: referenced but not defined")).to_have_count(1)


def test_a_design_problem_appears_with_its_line_and_the_button_selects_it(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "editor").wait_ready()
    edit(page, "topology:\n  spine:\n    - {name: x}\n  leaf:\n    - {name: x}\n")
    problems = Widget(page, "editor").root.locator(".topology-problems")
    Widget(page, "editor").root.locator(".calc-view").scroll_into_view_if_needed()  # redrawn as the reader nears it
    expect(problems).to_contain_text("duplicate name: x is defined on line 3 and again on line 5")
    problems.get_by_role("button", name="line 5").click()
    selected = Widget(page, "editor").root.get_by_label("Topology (YAML)").evaluate(
        "t => t.value.slice(t.selectionStart, t.selectionEnd)")
    assert selected == "    - {name: x}"


def test_a_syntax_error_shows_under_the_editor_and_marks_the_last_diagram_as_old(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "editor").wait_ready()
    w = Widget(page, "editor").root
    w.get_by_label("Topology (YAML)").fill("topology:\n  leaf: [a, b\n")
    expect(w.locator('[data-param="yaml"] .calc-error')).to_have_text(
        "Topology (YAML) must be valid YAML: line 2, column 14: unclosed '[' from line 2, column 9: expected ']'")
    expect(w.locator(".topology-figure svg")).to_have_count(1)
    # "Valid: yes" and the diagram belong to the last valid document, and say so.
    expect(w.locator(".calc-stale-note")).to_have_text("Showing the last valid result: it does not match the inputs above.")
    for part in (".calc-results", ".calc-view"):
        assert w.locator(part).evaluate("e => Number(getComputedStyle(e).opacity)") < 0.6


def test_choosing_the_articles_example_loads_it(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    Widget(page, "editor").wait_ready()
    w = Widget(page, "editor").root
    before = w.get_attribute("data-runs")
    w.get_by_label("Start from").select_option("article")
    expect(w).not_to_have_attribute("data-runs", str(before))
    expect(w.get_by_label("Topology (YAML)")).to_have_value(ARTICLE_YAML)
    w.locator(".calc-view").scroll_into_view_if_needed()
    expect(w.locator(".topology-problems li")).to_have_count(4)


def test_the_download_link_carries_the_yaml_being_edited(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    link = Widget(page, "editor").root.locator("a.topology-download")
    href = link.get_attribute("href") or ""
    assert href.startswith("data:text/yaml;charset=utf-8,")
    assert unquote(href.split(",", 1)[1]) == DEFAULT_YAML
    Widget(page, "editor").wait_ready()
    edit(page, DEFAULT_YAML.replace("pod-64-gpus", "pod-renamed"))
    Widget(page, "editor").root.locator(".calc-view").scroll_into_view_if_needed()  # redrawn as the reader nears it
    expect(link).to_have_attribute("href", re.compile("pod-renamed"))


def test_leaving_a_changed_field_does_not_compute_it_again(page: Page, site: str) -> None:
    # The blur's "change" used to re-run the sizer and re-render its view while the reader clicked
    # "Open in the topology editor": the link was replaced between press and release, the click
    # was lost, and the editor never opened (the intermittent timeout of the test below).
    page.goto(site + "designing-the-fabric/")
    sizer = Widget(page, "fabric").wait_ready()
    before = int(sizer.runs())
    sizer.field("GPUs").fill("512")
    sizer.wait_for_result(str(before))
    sizer.field("GPUs").press("Tab")
    page.evaluate("() => window.calcRuntime.compute('fabric', {})")  # a round trip through the worker
    expect(sizer.root).to_have_attribute("data-runs", str(before + 1))


def test_the_fabric_sizer_opens_its_yaml_in_the_editor(page: Page, site: str) -> None:
    page.goto(site + "designing-the-fabric/")
    sizer = page.locator("#calc-fabric")
    expect(sizer.locator(".topology-yaml")).to_contain_text("name: fabric-2048-gpus")
    sizer.get_by_role("link", name="Download fabric.yaml").wait_for()
    Widget(page, "fabric").wait_ready()
    before = sizer.get_attribute("data-runs")
    sizer.get_by_label("GPUs", exact=True).fill("256")
    expect(sizer).not_to_have_attribute("data-runs", str(before))
    expect(sizer.locator(".topology-yaml")).to_contain_text("name: fabric-256-gpus")
    sizer.get_by_role("link", name="Open in the topology editor").click()
    Widget(page, "editor").wait_ready()
    expect(Widget(page, "editor").root.get_by_label("Topology (YAML)")).to_have_value(re.compile("fabric-256-gpus"))
    expect(Widget(page, "editor").root.locator('tr[data-output="switches"] td')).to_have_text("12")
    problems = Widget(page, "editor").root.locator(".topology-problems")
    Widget(page, "editor").root.locator(".calc-view").scroll_into_view_if_needed()  # its container, never replaced
    expect(problems).to_contain_text("No problems found.")


def test_a_picked_switch_keeps_its_details_when_the_drawing_is_redrawn_and_typing_keeps_focus(page: Page, site: str) -> None:
    page.goto(site + PAGE)
    editor = Widget(page, "editor").wait_ready()
    figure = editor.root.locator(".topology-figure")
    figure.scroll_into_view_if_needed()
    switch = figure.locator('g[data-node="spine-02"]')
    switch.click()
    detail = editor.root.locator(".calc-diagram-detail")
    expect(detail).to_contain_text("spine-02")
    edit(page, DEFAULT_YAML.replace("spine-04", "spine-09"))
    editor.root.locator(".calc-view").scroll_into_view_if_needed()  # redrawn as the reader nears it
    expect(figure.locator('g[data-node="spine-09"]')).to_have_count(1)
    expect(detail).to_contain_text("spine-02")
    expect(editor.root.get_by_label("Topology (YAML)")).to_be_focused()
