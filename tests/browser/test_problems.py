"""A trainee works through a page's problems on a phone; a trainer shares one set of numbers."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Locator, Page, expect

from calc.problems import get_problem
from tests.browser.conftest import PYTHON_READY_MS

PAGE = "scale-out/"


def problem(page: Page, name: str) -> Locator:
    return page.locator(f"#problem-{name}")


def test_a_trainee_solves_a_problem_on_a_phone_with_hints_then_the_solution(page: Page, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + PAGE)
    nic = problem(page, "nic-bytes")
    instance = get_problem("nic-bytes").make(1)
    expect(nic.locator(".calc-problem-statement")).to_have_text(instance.statement)  # pre-rendered at build time
    answer = nic.get_by_label(re.compile("^Your answer"))
    answer.fill("100 GB/s")
    nic.get_by_role("button", name="Check").click()
    feedback = nic.locator(".calc-problem-feedback")
    expect(feedback).to_have_text("Not quite: try again, or ask for a hint. Hint: A byte is 8 bits: a rate in Gb/s "
                                  "is 8 times the same rate in GB/s.", timeout=PYTHON_READY_MS)
    expect(nic.locator(".calc-problem-solution")).to_be_hidden()
    answer.fill("100 Gb/s")
    nic.get_by_role("button", name="Check").click()
    expect(feedback).to_have_text("The question asks for the answer in GB/s or GBps: got Gb/s.")
    expect(answer).to_have_attribute("aria-invalid", "true")
    answer.fill("12.5 GB/s")
    nic.get_by_role("button", name="Check").click()
    expect(feedback).to_have_text("Correct: 12.5 GB/s")
    expect(nic).to_have_attribute("data-correct", "true")
    nic.get_by_role("button", name="Show solution").click()
    expect(nic.locator(".calc-problem-solution li")).to_have_text(list(instance.solution()))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    box = nic.get_by_role("button", name="Show solution").bounding_box()
    assert box is not None and box["height"] >= 32  # a finger can hit it


def test_hints_come_one_at_a_time(page: Page, site: str) -> None:
    page.goto(site + "do-the-math/")
    p = problem(page, "ring-allreduce-time")
    p.get_by_role("button", name="Hint").click()
    expect(p.locator(".calc-problem-feedback")).to_have_text(
        f"Hint: {get_problem('ring-allreduce-time').hint(1)}", timeout=PYTHON_READY_MS)
    p.get_by_role("button", name="Hint").click()
    expect(p.locator(".calc-problem-feedback")).to_have_text(f"Hint: {get_problem('ring-allreduce-time').hint(2)}")


def test_a_shared_seed_gives_everyone_the_same_numbers_and_new_numbers_change_it(page: Page, site: str) -> None:
    page.goto(site + PAGE + "?seed=42")
    statement = problem(page, "checkpoint-transfer").locator(".calc-problem-statement")
    expect(statement).to_have_text(get_problem("checkpoint-transfer").make(42).statement, timeout=PYTHON_READY_MS)
    page.get_by_role("button", name="New numbers").click()
    expect(page).not_to_have_url(re.compile(r"seed=42\b"))
    seed = parse_qs(urlparse(page.url).query)["seed"][0]
    expect(statement).to_have_text(get_problem("checkpoint-transfer").make(seed).statement)
    expect(statement).not_to_have_class(re.compile("calc-stale"))


@pytest.mark.allow_console_errors
def test_when_python_cannot_start_the_check_says_so(page: Page, site: str) -> None:
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="missing"))  # a stale deployment
    page.goto(site + "embed/problems/scale-out/")
    nic = problem(page, "nic-bytes")
    nic.get_by_label("Your answer (GB/s or GBps)").fill("12.5 GB/s")
    nic.get_by_role("button", name="Check").click()
    expect(nic.locator(".calc-problem-feedback")).to_have_text(
        "Python could not start: calc wheel not found (404). Answers are checked by Python in your browser: "
        "reload the page to try again.", timeout=PYTHON_READY_MS)


def test_an_answer_typed_before_the_page_script_runs_waits_for_it(page: Page, site: str) -> None:
    held = []
    page.route("**/assets/widgets/problems.js", lambda route: held.append(route))  # the page's script is slow to arrive
    page.goto(site + PAGE, wait_until="commit")
    nic = problem(page, "nic-bytes")
    check = nic.get_by_role("button", name="Check")
    expect(check).to_be_disabled()
    nic.get_by_label(re.compile("^Your answer")).fill("12.5 GB/s")
    nic.get_by_label(re.compile("^Your answer")).press("Enter")  # a native submission would reload the page
    for route in held:
        route.continue_()
    check.click()
    expect(nic.locator(".calc-problem-feedback")).to_have_text("Correct: 12.5 GB/s", timeout=PYTHON_READY_MS)
    assert urlparse(page.url).query == ""
