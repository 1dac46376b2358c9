"""The Chinese edition as its readers meet it: every page in Chinese at desktop and phone width,
its English counterpart one click away on the same page (and state), calculators with Chinese
labels and Chinese error messages, and the site search finding Chinese words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from calc import i18n
from tests.browser.conftest import PYTHON_READY_MS
from tests.browser.widget import Widget

ROOT = Path(__file__).resolve().parents[2]
CJK_SHARE = 0.5  # of the letters in a page's prose (headings, paragraphs, lists; not code, tables, widgets, the
# list of cited sources, whose titles are in their own language)


def zh_pages() -> list[str]:
    return sorted(p.stem for p in (ROOT / "docs/zh").glob("*.md"))


def url(name: str) -> str:
    return "" if name == "index" else f"{name}/"


PROSE_SHARE = """() => {
  const main = document.querySelector('article.md-content__inner');
  const copy = main.cloneNode(true);
  copy.querySelectorAll('pre, code, table, .calc-widget, .calc-lang-switch, .headerlink, .calc-references').forEach(e => e.remove());
  const text = copy.textContent;
  const cjk = (text.match(/[\\u3400-\\u9fff]/g) || []).length;
  const latin = (text.match(/[A-Za-z]/g) || []).length;
  return cjk / Math.max(1, cjk + latin);
}"""


@pytest.mark.parametrize("width", [1280, 375], ids=["desktop", "phone"])
@pytest.mark.parametrize("name", zh_pages())
def test_chinese_page_reads_in_chinese_without_errors(page: Page, site: str, name: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{site}zh/{url(name)}")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.locator("h1").first).to_be_visible()
    assert page.evaluate(PROSE_SHARE) >= CJK_SHARE
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0


@pytest.mark.parametrize("name", zh_pages())
def test_chinese_page_has_its_english_counterpart_and_the_switch_keeps_the_page(page: Page, site: str,
                                                                                name: str) -> None:
    assert (ROOT / "docs" / f"{name}.md").exists()
    page.goto(f"{site}zh/{url(name)}")
    page.get_by_role("link", name="English", exact=True).click()
    expect(page).to_have_url(f"{site}{url(name)}")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("link", name="中文", exact=True).click()
    expect(page).to_have_url(f"{site}zh/{url(name)}")


def test_the_switch_keeps_the_calculator_state_and_the_anchor(page: Page, site: str) -> None:
    page.goto(f"{site}zh/calculators/?collective.gpus=16#try-it")
    page.get_by_role("link", name="English", exact=True).click()
    expect(page).to_have_url(f"{site}calculators/?collective.gpus=16#try-it")
    expect(page.locator("#calc-collective-gpus")).to_have_value("16")


def test_every_english_page_has_a_chinese_page() -> None:
    nav = re.findall(r":\s*([\w-]+)\.md\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert [n for n in nav if not (ROOT / "docs/zh" / f"{n}.md").exists()] == []


def test_chinese_prose_names_a_field_or_button_as_the_chinese_widget_shows_it() -> None:
    """Prose that tells the reader to press *New numbers* or set *Switch optics* uses the words on
    the Chinese widget (换一组数字, 交换机侧光模块), which has no English label to find."""
    entries = [(en, zh) for topic in ("", *i18n._topics("zh")) for en, zh in i18n.catalogue("zh", topic).items()]
    # A scenario is named by its label's head: *NIC defaults* for "NIC defaults (ConnectX firmware DCQCN), ...".
    heads = [(en.split(" (")[0], re.split(r" \(|（", zh)[0]) for en, zh in entries if " (" in en]
    labels = {en: zh for en, zh in [*heads, *entries] if len(en.split()) >= 2 and "{" not in en and zh != en}
    named = re.compile(r"(?<![*\w])\*{1,2}(" + "|".join(map(re.escape, sorted(labels, key=len, reverse=True)))
                       + r")\*{1,2}(?![*\w])")
    english = [f"{p.name}: {m.group(0)} (the widget says {labels[m.group(1)]})"
               for p in sorted((ROOT / "docs/zh").glob("*.md")) for m in named.finditer(p.read_text())]
    assert english == []


def test_chinese_table_cells_keep_a_few_characters_a_line_on_a_phone(page: Page, site: str) -> None:
    """Beside numbers that never break, Chinese labels were squeezed to one character a line."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "zh/troubleshooting-ecmp/")
    squeezed = page.evaluate("""() => [...document.querySelectorAll('.calc-table td, .calc-table th')]
      .filter(c => /[\\u4e00-\\u9fff]/.test(c.textContent)).filter(c => {
        const s = getComputedStyle(c);
        return c.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) < 2.5 * parseFloat(s.fontSize); })
      .map(c => c.textContent.slice(0, 12))""")
    assert squeezed == []


def _bad_number(widget: object) -> tuple[str, str] | None:
    """A number field and a value just below its minimum, if the widget has one."""
    field = widget.locator("input[type=number][min]:not([disabled])").first  # type: ignore[attr-defined]
    if not field.count():
        return None
    low = float(field.get_attribute("min"))
    return field.get_attribute("id"), str(int(low) - 1 if low == int(low) else low - 1)


@pytest.mark.parametrize("name", [n for n in zh_pages() if "[[calc:" in (ROOT / "docs/zh" / f"{n}.md").read_text()])
def test_each_calculator_shows_chinese_labels_and_a_chinese_error(page: Page, site: str, name: str) -> None:
    page.goto(f"{site}zh/{url(name)}")
    for widget in page.locator(".calc-widget").all():
        labels = widget.locator(".calc-form label").all_text_contents()
        assert [t for t in labels if not re.search(r"[\u3400-\u9fff]", t)] == [], "labels left in English"
        bad = _bad_number(widget)
        if bad is None:
            continue
        widget.scroll_into_view_if_needed()
        expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
        widget.locator(f"#{bad[0]}").fill(bad[1])
        error = widget.locator(f"#{bad[0]}-error")
        expect(error).to_be_visible()
        expect(error).to_contain_text(re.compile(r"必须.*收到"))


def test_the_collective_error_names_the_field_rule_and_value_in_chinese(page: Page, site: str) -> None:
    page.goto(f"{site}zh/calculators/#try-it")
    widget = page.locator("#calc-collective")
    widget.scroll_into_view_if_needed()
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    page.locator("#calc-collective-gpus").fill("1")
    expect(page.locator("#calc-collective-gpus-error")).to_have_text(re.compile(r"^\S.* 必须介于 2 和 131072 之间：收到 1$"))
    expect(widget.locator(".calc-stale-note")).to_have_text("显示的是上一次有效的结果：它与上面的输入不符。")


def test_a_chinese_reader_sees_every_field_an_error_names_by_its_chinese_label(page: Page, site: str) -> None:
    page.goto(f"{site}zh/{url('designing-the-fabric')}")
    widget = Widget(page, "oversubscription").wait_ready()
    widget.field("一台叶交换机下的 GPU").fill("4096")
    expect(widget.error("gpus_per_leaf")).to_have_text("一台叶交换机下的 GPU 最多为 GPU 数 (1024)：收到 4096")


def test_chinese_search_finds_a_page_by_a_chinese_word(page: Page, site: str) -> None:
    page.goto(f"{site}zh/calculators/")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").fill("嵌入")
    page.locator(".md-search__input").press("End")  # typed Chinese arrives without key events: one key runs the search
    result = page.locator(".md-search-result__item a[href*='zh/calculators/']").first
    expect(result).to_be_visible()


def test_the_search_index_holds_chinese_pages_segmented_into_words(built_site: Path) -> None:
    import json

    docs = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))["docs"]
    text = next(d["text"] for d in docs if d["location"] == "zh/calculators/")
    assert "\u200b嵌入\u200b" in text  # jieba's words, between zero-width spaces (Material's search plugin)


def test_an_embed_page_takes_the_language_from_the_url(page: Page, site: str) -> None:
    page.goto(f"{site}embed/collective/?lang=zh&gpus=16")
    expect(page).to_have_url(f"{site}embed/collective/zh/?lang=zh&gpus=16")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.locator("#calc-collective-gpus")).to_have_value("16")
    expect(page.locator("#calc-collective")).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    page.locator("#calc-collective-gpus").fill("1")
    expect(page.locator("#calc-collective-gpus-error")).to_have_text(re.compile(r"必须介于 2 和 131072 之间：收到 1$"))


# ---- Material's own interface and the glossary's tooltips, in Chinese ----------------------

def material_strings(lang: str) -> dict[str, str]:
    """Material's own translations, read from the installed theme (partials/languages/<lang>.html)."""
    import importlib.util
    import json

    theme = Path(str(importlib.util.find_spec("material").origin)).parent  # type: ignore[union-attr]
    text = (theme / "templates/partials/languages" / f"{lang}.html").read_text(encoding="utf-8")
    return json.loads("{" + text.split("{{ {", 1)[1].split("}[key]", 1)[0] + "}")


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def chrome_of(document: str) -> str:
    """A page's interface around its content: the text and the labels, titles and placeholders
    outside the article (and outside scripts and drawings), one per line."""
    from html.parser import HTMLParser

    class Chrome(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.parts: list[str] = []
            self.skip: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if (self.skip or tag in ("article", "script", "svg", "style")) and tag not in VOID:
                self.skip.append(tag)
            if not self.skip:
                self.parts += [v for k, v in attrs if k in ("aria-label", "title", "placeholder") and v]

        def handle_endtag(self, tag: str) -> None:
            if self.skip and self.skip[-1] == tag:
                self.skip.pop()

        def handle_data(self, data: str) -> None:
            if not self.skip and data.strip():
                self.parts.append(data.strip())

    parser = Chrome()
    parser.feed(document)
    return "\n".join(parser.parts)


def english_left(chrome: str) -> list[str]:
    """Material's English interface strings (those its Chinese translation words differently) found."""
    en, zh = material_strings("en"), material_strings("zh")
    words = {v for k, v in en.items() if zh.get(k) != v and len(v) > 2
             and not k.startswith(("language", "direction", "search.config"))}
    site = {"Scale-up vs scale-out: networking for AI clusters", "Switch to dark mode", "Switch to light mode",
            "For contributors", "Made with"}
    return sorted(w for w in words | site if re.search(rf"(?<![\w-]){re.escape(w.replace('#', '').strip())}(?![\w-])", chrome))


@pytest.mark.parametrize("name", zh_pages())
def test_materials_interface_on_a_chinese_page_is_in_chinese(built_site: Path, name: str) -> None:
    import json

    document = (built_site / "zh" / url(name) / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html lang="([^"]+)"', document).group(1) == "zh-Hans"  # type: ignore[union-attr]
    assert english_left(chrome_of(document)) == []
    config = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', document,
                                  re.S).group(1))  # type: ignore[union-attr]
    zh = material_strings("zh")
    assert config["translations"] == {k: zh[k] for k in config["translations"]}  # what Material's scripts read


def test_the_english_page_keeps_materials_english_interface(built_site: Path) -> None:
    document = (built_site / "scale-out/index.html").read_text(encoding="utf-8")
    chrome = chrome_of(document)
    assert re.search(r'<html lang="([^"]+)"', document).group(1) == "en"  # type: ignore[union-attr]
    assert {"Skip to content", "Back to top", "Table of contents", "Search"} <= set(chrome.splitlines())


def test_the_chinese_search_box_and_its_results_speak_chinese(page: Page, site: str) -> None:
    page.goto(f"{site}zh/calculators/")
    expect(page.get_by_role("link", name="跳转至")).to_be_attached()  # the skip link
    page.locator("label.md-search__icon, .md-search__input").first.click()
    expect(page.locator(".md-search__input")).to_have_attribute("placeholder", "搜索")
    page.locator(".md-search__input").fill("嵌入")
    page.locator(".md-search__input").press("End")
    expect(page.locator(".md-search-result__meta")).to_have_text(re.compile(r"^\d+ 个符合条件的结果$|^找到 1 个符合条件的结果$"))


@pytest.mark.parametrize(("lang", "prefix"), [("zh", "zh/"), ("en", "")])
def test_a_glossary_term_shows_its_definition_in_the_pages_language(page: Page, site: str, lang: str,
                                                                     prefix: str) -> None:
    from widgets.glossary import definitions

    page.goto(f"{site}{prefix}tuning-pfc-ecn/")
    term = page.locator("article abbr", has_text=re.compile(r"^PFC$")).first
    term.scroll_into_view_if_needed()
    term.hover()
    expect(page.locator(".md-tooltip2--active")).to_have_text(definitions(lang)["PFC"])


def test_every_link_on_a_chinese_page_leads_to_a_file_of_the_site(built_site: Path) -> None:
    """Raw HTML links (a download in the prose) are not checked by MkDocs: check them all here."""
    from urllib.parse import urljoin, urlsplit

    broken = []
    for name in zh_pages():
        base = f"/zh/{url(name)}"
        document = (built_site / base.strip("/") / "index.html").read_text(encoding="utf-8")
        article = document[document.find("<article"):document.find("</article>")]
        for href in re.findall(r'href="([^"#][^"]*)"', article):
            if urlsplit(href).scheme or href.startswith("//"):
                continue
            path = urlsplit(urljoin(base, href)).path.lstrip("/")
            target = built_site / path
            if not (target / "index.html" if path.endswith("/") or target.is_dir() else target).exists():
                broken.append(f"{base}: {href}")
    assert broken == []


def test_the_pages_own_tooltips_on_a_chinese_page_are_chinese(built_site: Path) -> None:
    english = ("Permanent link", "Tap or click to read it all", "Computed by calculator")
    found = {e for name in zh_pages() for e in english
             if f'"{e}' in (built_site / "zh" / url(name) / "index.html").read_text(encoding="utf-8")}
    assert found == set()


def test_the_chinese_edition_prints_as_one_chinese_document(built_site: Path) -> None:
    document = (built_site / "zh/print/index.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="calc-print-page" id="print-([^"]+)"', document)
    nav = re.findall(r":\s*([\w-]+)\.md\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert sections == ["zh"] + [f"zh/{n}" for n in nav if n != "index"]
    assert re.search(r'<html lang="([^"]+)"', document).group(1) == "zh-Hans"  # type: ignore[union-attr]
    assert "<title>整站打印版</title>" in document


def test_the_configuration_files_on_the_chinese_page_carry_chinese_comments(page: Page, site: str) -> None:
    import zipfile

    page.goto(f"{site}zh/topology-as-code/#configs")
    widget = page.locator("#calc-configs")
    expect(widget.locator("pre.configs-frr")).to_contain_text("! leaf-01：网络 compute 中的 leaf，由拓扑 emulated-fabric 生成")
    widget.scroll_into_view_if_needed()
    expect(widget).to_have_attribute("data-state", "ready", timeout=PYTHON_READY_MS)
    page.locator("#calc-configs-device").fill("host-01")
    widget.locator(".calc-view").scroll_into_view_if_needed()  # a view is drawn when near the screen
    expect(widget.locator("pre.configs-host")).to_contain_text("# host-01：与拓扑 emulated-fabric 的网络相匹配的 RoCE 设置。")
    with page.expect_download() as download:
        widget.locator(".configs-download").click()
    archive = zipfile.ZipFile(download.value.path())
    assert archive.read("emulated-fabric/leaf-01/frr.conf").decode("utf-8").startswith("! leaf-01：网络 compute 中的 leaf")


# ---- the runtime's own words, exports and the 404 page, in Chinese ------------------------------------

@pytest.mark.allow_console_errors
def test_when_python_cannot_start_a_chinese_page_says_so_in_chinese(page: Page, site: str) -> None:
    page.route("**/*.whl", lambda route: route.fulfill(status=404, body="missing"))  # a stale deployment
    page.goto(site + "zh/calculators/")
    root = page.locator("#calc-collective")
    expect(root).to_have_attribute("data-state", "failed", timeout=PYTHON_READY_MS)
    expect(root.locator(".calc-status")).to_have_text(
        "Python 未能启动：找不到计算器程序包 (calc wheel) (404)。显示构建时计算的结果。")


def test_the_loading_steps_are_named_in_chinese(page: Page, site: str) -> None:
    page.route("**/*.whl", lambda route: None)  # the wheel never arrives: Python waits at step 2
    page.goto(site + "zh/calculators/")
    expect(page.locator("#calc-collective .calc-status")).to_have_text(
        "正在浏览器中加载 Python (2/4: Python 已启动，正在加载计算器)…", timeout=PYTHON_READY_MS)


def test_a_chart_downloads_its_series_with_a_chinese_header(page: Page, site: str) -> None:
    page.goto(site + "zh/do-the-math/")
    Widget(page, "math-ring").wait_ready().live_plot("time_vs_size")
    figure = page.locator('#calc-math-ring figure[data-chart="time_vs_size"]')
    with page.expect_download() as info:
        figure.locator("xpath=following-sibling::div[1]").get_by_role("button", name="下载数据序列 (CSV)").click()
    header = Path(info.value.path()).read_text(encoding="utf-8").splitlines()[0].split(",")
    assert header[0] == "数据序列"
    assert header[1:] == [f"{i18n.translate('Message size', 'zh', 'collectives')} (B)",
                          f"{i18n.translate('Time', 'zh', 'collectives')} (µs)"]


@pytest.mark.allow_console_errors  # the browser reports the document's own 404
@pytest.mark.parametrize(("path", "heading", "link", "home"), [
    ("zh/no-such-page/", "404 - 页面未找到", "前往首页", "zh/"),
    ("no-such-page/", "404 - Not found", "Go to the home page", ""),
], ids=["zh", "en"])
def test_a_missing_page_says_so_in_the_language_of_its_address(page: Page, site: str, path: str, heading: str,
                                                                link: str, home: str) -> None:
    response = page.goto(site + path)
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.locator("[data-not-found]:visible")).to_have_count(1)
    page.get_by_role("link", name=link).click()
    expect(page).to_have_url(site + home)
