"""The Chinese edition in the site: pages ``docs/zh/<page>.md`` served at ``/zh/<page>/``.

One build holds both languages. A Chinese page gets a Chinese navigation with the English
nav's structure (each entry the Chinese page of the same file, titled by its own heading),
``<html lang="zh-Hans">`` (so the CJK font stack and search segmentation apply) and, like
every page with a counterpart, a language switch that keeps the page, the query string
(calculator state) and the anchor (``widgets/js/i18n.js``). Calculators on a Chinese page
are rendered with Chinese texts (``widgets.render.LANG``, set per page by the hook).
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Mapping
from typing import Any

from mkdocs.structure.nav import Navigation, Section, _add_parent_links, _add_previous_and_next_links
from mkdocs.structure.pages import Page

from widgets.render import SITE_ROOT

__all__ = ["LANGS", "page_lang", "counterpart", "translated_nav", "mark_page", "SWITCH_LABEL",
           "fall_back_links", "translated_homes", "localized_config", "chrome_text", "CHROME", "ChromeTextMissing",
           "not_found_page", "NotFoundTemplateChanged"]

_PAGE_LINK = re.compile(r"\]\(([A-Za-z0-9_.-]+\.md)((?:#[^)\s]*)?)\)")

LANGS = ("en", "zh")
HTML_LANG = {"en": "en", "zh": "zh-Hans"}
SWITCH_LABEL = {"en": "English", "zh": "中文"}
CHROME: dict[str, dict[str, str]] = {
    # The site's own words around the pages, which Material's translations do not hold: mkdocs.yml's
    # site name, description, colour-scheme toggles and nav sections, Material's footer credit and the
    # headings' permalinks (Python-Markdown's toc).
    "zh": {
        "Scale-up vs scale-out: networking for AI clusters": "纵向扩展与横向扩展：AI 集群的网络",
        "An interactive, sourced explainer of NVLink/NVSwitch/UALink scale-up domains and RoCE/InfiniBand "
        "spine-leaf scale-out fabrics, with calculators that run in your browser.":
            "交互式、注明出处的讲解：NVLink/NVSwitch/UALink 纵向扩展域与 RoCE/InfiniBand 叶脊横向扩展网络，"
            "附带在浏览器中运行的计算器。",
        "Switch to dark mode": "切换到深色模式",
        "Switch to light mode": "切换到浅色模式",
        "For contributors": "面向贡献者",
        "Made with": "构建工具：",
        "Permanent link": "永久链接",
        "The whole site, for printing": "整站打印版",
        "404 - Not found": "404 - 页面未找到",
        "There is no page at this address.": "此地址没有页面。",
        "Go to the home page": "前往首页",
    },
}


class ChromeTextMissing(KeyError):
    """A text of the site's chrome has no entry in :data:`CHROME` for a language (fails the build)."""


def chrome_text(text: str, lang: str) -> str:
    """``text`` of the site's chrome in ``lang``; :class:`ChromeTextMissing` names a text without one."""
    if lang == "en":
        return text
    try:
        return CHROME[lang][text]
    except KeyError:
        raise ChromeTextMissing(f"{text!r} has no {lang} text: add it to widgets/i18n_site.CHROME") from None


def page_lang(src_uri: str) -> str:
    """The language of a page from its path in docs/: ``zh/...`` is Chinese."""
    first = src_uri.split("/", 1)[0]
    return first if first in LANGS[1:] and "/" in src_uri else "en"


def counterpart(src_uri: str) -> str:
    """The same page in the other language: ``scale-out.md`` <-> ``zh/scale-out.md``."""
    lang = page_lang(src_uri)
    return src_uri.split("/", 1)[1] if lang != "en" else f"zh/{src_uri}"


def translated_nav(nav: Navigation, files: Any, config: Any, lang: str) -> Navigation:
    """The English nav's structure over the ``lang`` pages that exist, sections titled in ``lang``
    and the ``lang`` home page as its home (the logo's link)."""
    items = _translate_items(nav.items, files, lang)
    pages = [p for p in _walk(items) if isinstance(p, Page)]
    _add_previous_and_next_links(pages)
    _add_parent_links(items)
    translated = Navigation(items, pages)
    home = files.get_file_from_path(f"{lang}/index.md")
    translated.homepage = home.page if home is not None else None
    return translated


def _translate_items(items: list[Any], files: Any, lang: str) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, Section):
            children = _translate_items(item.children, files, lang)
            if children:
                out.append(Section(chrome_text(item.title, lang), children))
        elif isinstance(item, Page):
            found = files.get_file_from_path(f"{lang}/{item.file.src_uri}")
            if found is not None and found.page is not None:
                out.append(found.page)
    return out


def _walk(items: list[Any]) -> list[Any]:
    out: list[Any] = []
    for item in items:
        out += _walk(item.children) if isinstance(item, Section) else [item]
    return out


def _url(src_uri: str) -> str:
    """A page's directory URL (use_directory_urls) from its source path."""
    path = src_uri.removesuffix(".md")
    if path == "index" or path.endswith("/index"):
        path = path.removesuffix("index")
    else:
        path += "/"
    return path


def localized_config(config: Any, lang: str) -> Any:
    """MkDocs' config as Material's templates read it on a ``lang`` page (the hook passes it in the
    page's context). Its ``theme.language`` is ``lang``, so Material's own translations
    (``partials/languages/<lang>.html``) word the skip link, search box and messages, table of
    contents, "back to top", footer and the ``__config`` JSON its scripts read (copy to
    clipboard, search results); the site's own words come from :data:`CHROME`."""
    if lang == "en":
        return config
    palette = [{**option, "toggle": {**option["toggle"], "name": chrome_text(option["toggle"]["name"], lang)}}
               if "toggle" in option else option for option in config.theme["palette"] or []]
    theme = _Overlay(config.theme, {"language": lang, "palette": palette})
    return _Overlay(config, {"theme": theme, "site_name": chrome_text(config.site_name, lang),
                             "site_description": chrome_text(" ".join(config.site_description.split()), lang)})


class _Overlay:
    """A read-only view of a mapping-like object (MkDocs' config, its theme) with some keys
    replaced, for attribute and item access alike (as Jinja reads them)."""

    def __init__(self, base: Any, changes: Mapping[str, Any]) -> None:
        self._base, self._changes = base, dict(changes)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._changes:
            return self._changes[name]
        return getattr(self._base, name)

    def __getitem__(self, key: str) -> Any:
        return self._changes[key] if key in self._changes else self._base[key]

    def __contains__(self, key: object) -> bool:
        return key in self._changes or key in self._base

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default


_CREDIT = re.compile(r'(<div class="md-copyright">.*?)\bMade with\b', re.S)


def mark_page(output: str, src_uri: str, url: str, sources: Collection[str] | None) -> str:
    """``<html lang>`` for the page's language, Material's footer credit in it, and the switch to
    its counterpart if it has one."""
    lang = page_lang(src_uri)
    output = re.sub(r'<html lang="[^"]*"', f'<html lang="{HTML_LANG[lang]}"', output, count=1)
    if lang != "en":
        output = _CREDIT.sub(lambda m: m.group(1) + chrome_text("Made with", lang), output, count=1)
        output = re.sub(r'(<a class="headerlink" href="[^"]*" title=")Permanent link"',
                        lambda m: m.group(1) + chrome_text("Permanent link", lang) + '"', output)
    other = counterpart(src_uri)
    if sources is None or other not in sources:
        return output
    target = page_lang(other)
    switch = (f'<p class="calc-lang-switch"><a href="{SITE_ROOT}{html.escape(_url(other))}" data-lang-switch '
              f'hreflang="{HTML_LANG[target]}" lang="{HTML_LANG[target]}">{SWITCH_LABEL[target]}</a></p>')
    marker = '<article class="md-content__inner md-typeset">'
    return output.replace(marker, marker + switch, 1)


def fall_back_links(markdown: str, src_uri: str, sources: Collection[str]) -> str:
    """On a translated page, a link ``page.md`` whose translation does not exist (yet) goes to
    the English page, so a partly translated edition builds and never links nowhere."""
    lang = page_lang(src_uri)
    if lang == "en":
        return markdown

    def link(m: re.Match[str]) -> str:
        return m.group(0) if f"{lang}/{m.group(1)}" in sources else f"](../{m.group(1)}{m.group(2)})"

    return _PAGE_LINK.sub(link, markdown)


def translated_homes(homes: Mapping[str, str], sources: Collection[str], lang: str) -> dict[str, str]:
    """Each calculator's home page (URL from the site root) in ``lang`` where that page is
    translated, else the English one."""
    translated = {_url(s.split("/", 1)[1]) for s in sources if page_lang(s) == lang}
    return {name: f"{lang}/{url}" if url in translated else url for name, url in homes.items()}


# ---- the 404 page ---------------------------------------------------------------------------------

_NOT_FOUND_HEADING = "<h1>404 - Not found</h1>"  # Material's 404.html
# Runs where it stands (a classic script, externalized by the hook): the right words from the first paint.
_NOT_FOUND_SCRIPT = """(() => {
  const lang = /^\\/zh(\\/|$)/.test(location.pathname) ? "zh" : "en";
  for (const el of document.querySelectorAll("[data-not-found]")) el.hidden = el.dataset.notFound !== lang;
  if (lang === "zh") document.documentElement.lang = "zh-Hans";
})();"""


class NotFoundTemplateChanged(ValueError):
    """Material's 404.html no longer holds the heading :func:`not_found_page` replaces (fails the build)."""


def not_found_page(output: str) -> str:
    """One 404.html is served for every missing path (Netlify): it carries the message in every
    language, each with a link to its edition's home page, and shows the one of the path
    (``/zh/...``: Chinese). Without JavaScript the English one shows."""
    if _NOT_FOUND_HEADING not in output:
        raise NotFoundTemplateChanged(f"404.html has no {_NOT_FOUND_HEADING!r} to put in every language")
    blocks = "".join(_not_found_block(lang) for lang in LANGS)
    return output.replace(_NOT_FOUND_HEADING, f"{blocks}<script>{_NOT_FOUND_SCRIPT}</script>", 1)


def _not_found_block(lang: str) -> str:
    home = "/" if lang == "en" else f"/{lang}/"
    hidden = "" if lang == "en" else " hidden"
    sep = " " if lang == "en" else ""  # no space after a full-width stop
    return (f'<div class="calc-not-found" data-not-found="{lang}" lang="{HTML_LANG[lang]}"{hidden}>'
            f'<h1>{chrome_text("404 - Not found", lang)}</h1><p>{chrome_text("There is no page at this address.", lang)}{sep}'
            f'<a href="{home}" hreflang="{HTML_LANG[lang]}">{chrome_text("Go to the home page", lang)}</a></p></div>')
