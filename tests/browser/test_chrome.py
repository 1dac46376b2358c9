"""Reader stories about the site around the calculators: where to start, Previous/Next at the foot
of every page, contributors' pages apart from the readers', glossary tooltips, references grouped
by topic, and the Chinese source article's title in a font stack that can draw it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.widget import SIZES


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES[request.param])
    try:
        yield context.new_page()
    finally:
        context.close()


def test_home_shows_where_to_start_above_the_fold(sized: Page, site: str) -> None:
    sized.goto(site)
    start = sized.locator(".start-here")
    expect(start).to_contain_text("Start here")
    link = start.get_by_role("link", name="Scale-out")
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] <= sized.viewport_size["height"]  # type: ignore[index]


def test_every_page_ends_with_previous_and_next(sized: Page, site: str) -> None:
    sized.goto(site + "scale-out/")
    footer = sized.locator("footer")
    expect(footer.get_by_role("link", name=re.compile(r"Previous.*Home"))).to_have_attribute("href", re.compile(r"\.\./$|/$"))
    footer.get_by_role("link", name=re.compile(r"Next.*Scale-up")).click()
    expect(sized.locator("h1").first).to_contain_text("Scale-up")


def test_contributing_sits_in_its_own_section_after_the_readers_pages(page: Page, site: str) -> None:
    page.goto(site)
    nav = page.locator("nav.md-nav--primary")
    section = nav.locator("li.md-nav__item--section", has_text="For contributors")
    expect(section.get_by_role("link", name="Contributing")).to_be_attached()
    readers = nav.locator("li.md-nav__item--section", has_text="For contributors").evaluate(
        "li => [...li.parentElement.children].indexOf(li) === li.parentElement.children.length - 1")
    assert readers, "the contributors' section is the last one"


@pytest.mark.parametrize(("path", "term"), [("tuning-pfc-ecn/", "Kmin"), ("tuning-pfc-ecn/", "headroom"),
                                            ("monitoring/", "incast"), ("scale-out/", "busbw")])
def test_terms_not_only_acronyms_explain_themselves(page: Page, site: str, path: str, term: str) -> None:
    page.goto(site + path)
    expect(page.locator("article abbr", has_text=re.compile(rf"^{term}$")).first).to_have_attribute("title", re.compile(r"\w{4}"))


def test_glossary_terms_are_bold(page: Page, site: str) -> None:
    page.goto(site + "glossary/")
    weight = page.locator("article dt").first.evaluate("dt => Number(getComputedStyle(dt).fontWeight)")
    assert weight >= 700


def test_references_are_grouped_by_topic_without_doubled_full_stops(page: Page, site: str) -> None:
    page.goto(site + "references/")
    article = page.locator("article")
    for topic in ("Collectives, hardware and training", "ECMP and load balancing", "PFC, ECN and congestion control"):
        expect(article.get_by_role("heading", name=topic)).to_be_visible()
    assert "et al.." not in article.inner_text()


def test_home_links_the_chinese_source_article_by_its_title_in_a_cjk_capable_font(page: Page, site: str) -> None:
    page.goto(site)
    title = page.locator('article [lang="zh"]', has_text="智算网络 Scale-out 与 Scale-up 技术解析").first
    expect(title).to_be_visible()
    expect(title.locator("xpath=..")).to_have_attribute("href", re.compile(r"references/#the-source-article$"))
    fonts = title.evaluate("e => getComputedStyle(e).fontFamily")
    assert all(f in fonts for f in ("PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"))
