"""A Chinese reader meets the diagrams, players and problems in Chinese: each custom view's labels,
buttons, captions, tooltips and status lines, the chart legends, and a problem answered right and
wrong, on /zh/ pages and in ``?lang=zh`` embeds, before and after Python is live."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from calc.problems import get_problem
from tests.browser.conftest import PYTHON_READY_MS
from tests.support.texts import english_words

# Everything a view shows a reader: its text, and the labels a screen reader or a tooltip gives.
SHOWN = """(view) => {
  const parts = [];
  const walk = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) if (!walk.currentNode.parentElement.closest('style, pre, code, option')) parts.push(walk.currentNode.textContent);
  for (const e of view.querySelectorAll('[aria-label], [title]')) parts.push(e.getAttribute('aria-label') || e.getAttribute('title'));
  return parts.join(' ');
}"""

# page, widget id, and what only the live view adds (so the test waits for it)
VIEWS = [
    ("topology-as-code/", "article", ".topology-problems"),
    ("topology-as-code/", "configs", ".configs-download"),
    ("troubleshooting-ecmp/", "lab", ".ecmp-controls button"),
    ("tuning-pfc-ecn/", "congestion", ".cg-live .cg-play"),
    ("monitoring/", "alerts", ".calc-view-downloads a"),
    ("designing-the-fabric/", "fabric", ".topology-download"),
]


def live(page: Page, wid: str) -> Locator:
    widget = page.locator(f"#calc-{wid}")
    widget.scroll_into_view_if_needed()
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    expect(widget).to_have_attribute("data-runs", re.compile(r"[1-9]"))
    return widget


@pytest.mark.parametrize(("path", "wid", "part"), VIEWS, ids=[f"{p}{w}" for p, w, _ in VIEWS])
def test_each_custom_view_shows_chinese_before_and_after_python(page: Page, site: str, path: str, wid: str,
                                                              part: str) -> None:
    page.goto(f"{site}zh/{path}")
    view = page.locator(f"#calc-{wid} .calc-view")
    assert english_words(view.evaluate(SHOWN)) == set(), "the build-time view"
    live(page, wid)
    expect(view.locator(part).first).to_be_visible()
    assert english_words(view.evaluate(SHOWN)) == set(), "the live view"
    status = page.locator(f"#calc-{wid} .calc-status")
    expect(status).to_contain_text("实时")


def test_the_pfc_player_speaks_chinese_while_it_plays(page: Page, site: str) -> None:
    page.goto(f"{site}zh/tuning-pfc-ecn/")
    live(page, "congestion")
    play = page.locator("#calc-congestion .cg-play")
    expect(play).to_have_text(re.compile("^(暂停|播放)$"))
    play.click()
    expect(play).to_have_attribute("aria-label", re.compile("动画$"))
    expect(page.locator("#calc-congestion .cg-live .cg-status")).to_contain_text("受害流")


def test_an_ecmp_embed_in_chinese_traces_a_flow_in_chinese(page: Page, site: str) -> None:
    page.goto(f"{site}embed/ecmp/?lang=zh")
    expect(page).to_have_url(re.compile(r"embed/ecmp/zh/\?lang=zh$"))
    live(page, "ecmp")
    page.get_by_role("button", name="重新哈希：换一个随机种子").click()
    page.get_by_label("追踪连接").select_option("0")
    expect(page.locator(".ecmp-trace")).to_contain_text(re.compile(r"^连接 0 QP 0：.*速率为公平份额的 \d+%"))
    assert english_words(page.locator(".ecmp-trace").inner_text()) == set()


def test_a_chart_legend_and_axes_are_chinese_before_and_after_python(page: Page, site: str) -> None:
    page.goto(f"{site}zh/tuning-pfc-ecn/")
    chart = page.locator("#calc-congestion figure.calc-chart").first
    drawings = chart.locator("svg.calc-svg").evaluate_all("ss => ss.map((s) => s.textContent).join(' ')")  # wide and phone
    assert english_words(drawings) == set()
    live(page, "congestion")
    expect(chart.locator(".js-plotly-plot")).to_be_visible()
    legend_and_axes = chart.locator(".legendtext, .g-xtitle, .g-ytitle").all_text_contents()
    assert legend_and_axes and english_words(" ".join(legend_and_axes)) == set()


def test_a_chinese_reader_answers_a_problem_wrong_then_right(page: Page, site: str) -> None:
    page.goto(f"{site}zh/scale-out/")
    nic = page.locator("#problem-nic-bytes")
    expect(nic.locator(".calc-problem-statement")).to_contain_text("一块 RoCE 网卡速率为")
    answer = nic.get_by_label(re.compile("^你的答案"))
    answer.fill("100 GB/s")
    nic.get_by_role("button", name="检查").click()
    feedback = nic.locator(".calc-problem-feedback")
    expect(feedback).to_have_text(re.compile(r"^还不对：再试一次，或者要一个提示。 提示：1 字节是 8 比特"), timeout=PYTHON_READY_MS)
    answer.fill("12.5 Gb/s")
    nic.get_by_role("button", name="检查").click()
    expect(feedback).to_have_text("题目要求以 GB/s 或 GBps 作答：收到 Gb/s。")
    answer.fill("12.5 GB/s")
    nic.get_by_role("button", name="检查").click()
    expect(feedback).to_have_text("正确：12.5 GB/s")
    nic.get_by_role("button", name="显示解答").click()
    steps = nic.locator(".calc-problem-solution li")
    expect(steps.last).to_have_text("答案：12.5 GB/s")
    assert english_words(" ".join(steps.all_text_contents())) == set()


def test_a_problem_embed_in_chinese_draws_the_same_numbers_as_english(page: Page, site: str) -> None:
    page.goto(f"{site}embed/problems/scale-out/?lang=zh&seed=42")
    expect(page).to_have_url(re.compile(r"embed/problems/scale-out/zh/\?lang=zh&seed=42$"))
    statement = page.locator("#problem-checkpoint-transfer .calc-problem-statement")
    instance = get_problem("checkpoint-transfer").make(42)
    numbers = sorted(re.findall(r"\d+(?:[,.]\d+)*", instance.statement))
    expect(statement).not_to_have_class(re.compile("calc-stale"), timeout=PYTHON_READY_MS)
    expect(page.locator(".calc-problems-status")).to_have_text("数字组 42；答案由浏览器中的计算引擎检查。")
    assert sorted(re.findall(r"\d+(?:[,.]\d+)*", statement.inner_text())) == numbers
    assert re.search(r"[\u4e00-\u9fff]", statement.inner_text())
