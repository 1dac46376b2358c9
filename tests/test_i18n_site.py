"""widgets.i18n_site: what a Chinese page's chrome reads (Material's translations, the site's words)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config

from widgets.i18n_site import (
    CHROME,
    ChromeTextMissing,
    NotFoundTemplateChanged,
    chrome_text,
    localized_config,
    not_found_page,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def config():
    return load_config(str(ROOT / "mkdocs.yml"))


def test_material_reads_the_pages_language_and_the_sites_own_words(config) -> None:
    zh = localized_config(config, "zh")
    assert (zh.theme.language, zh.theme["language"], config.theme["language"]) == ("zh", "zh", "en")
    assert zh.site_name == "纵向扩展与横向扩展：AI 集群的网络"
    assert [o["toggle"]["name"] for o in zh.theme.palette] == ["切换到深色模式", "切换到浅色模式"]
    assert (zh.theme["features"], zh.site_url, zh["extra_css"]) == (config.theme["features"], config.site_url,
                                                                     config["extra_css"])


def test_an_english_page_reads_the_config_unchanged(config) -> None:
    assert localized_config(config, "en") is config


def test_every_nav_section_has_a_chinese_title(config) -> None:
    sections = [next(iter(item)) for item in config.nav if isinstance(next(iter(item.values())), list)]
    assert sections and all(s in CHROME["zh"] for s in sections)


def test_a_chrome_text_without_a_translation_names_itself() -> None:
    with pytest.raises(ChromeTextMissing, match="'For readers' has no zh text: add it to widgets/i18n_site.CHROME"):
        chrome_text("For readers", "zh")


def test_the_404_page_carries_both_languages_each_linking_to_its_home() -> None:
    page = not_found_page('<article class="md-content__inner md-typeset"><h1>404 - Not found</h1></article>')
    assert '<div class="calc-not-found" data-not-found="en" lang="en"><h1>404 - Not found</h1>' in page
    assert ('<div class="calc-not-found" data-not-found="zh" lang="zh-Hans" hidden><h1>404 - 页面未找到</h1>'
            '<p>此地址没有页面。<a href="/zh/" hreflang="zh-Hans">前往首页</a></p></div>') in page
    assert "<script>" in page and "/zh" in page.split("<script>")[1]


def test_a_404_template_without_materials_heading_fails_the_build() -> None:
    with pytest.raises(NotFoundTemplateChanged, match="404 - Not found"):
        not_found_page("<h1>Not here</h1>")
