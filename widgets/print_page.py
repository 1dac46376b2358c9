"""The whole-site print page, ``print/index.html``: every page in navigation order, one document
(and the Chinese edition's, ``zh/print/index.html``, from its own navigation).

Built after the site from the pages' own HTML: the first page is the template (header,
stylesheets, scripts); each page's article becomes one section that starts on a new sheet.
Widgets and problem sets keep their build-time results and are marked hydrated, so printing
never waits for Python. Links of the home page (one folder up from ``print/``) are rebased.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["CALC_CONSTRUCT", "article", "write_print_page"]

CALC_CONSTRUCT = re.compile(r"\[\[calc:([a-z0-9_]+)")
_ARTICLE_OPEN = '<article class="md-content__inner md-typeset">'
_RELATIVE = re.compile(r'(\s(?:href|src)=")(?!\.\./|/|#|[a-z]+:)')
_STATIC = re.compile(r'class="(calc-widget|calc-problems)"')
# Every id a section declares, and what points at one inside it (labels, ARIA, fragment links, SVG
# url(#…)): the pages' ids repeat across pages (a widget on two pages, a "Validation" heading on
# each), so each section's carry its page's prefix and the print page has no duplicate id.
_ID = re.compile(r'(\s(?:id|for)=")([^"]+)"')
_IDREFS = re.compile(r'(\saria-(?:describedby|labelledby|controls|owns)=")([^"]+)"')
_FRAGMENT = re.compile(r'(\shref="#|url\(#)([^")]+)')


def article(html: str) -> str:
    """The inner HTML of a built page's article (empty if the page has none)."""
    start = html.find(_ARTICLE_OPEN)
    end = html.rfind("</article>")
    return html[start + len(_ARTICLE_OPEN):end] if start >= 0 and end > start else ""


def _section(url: str, html: str, home: str) -> str:
    body = article(html)
    if url == home:
        body = _RELATIVE.sub(r"\1../", body)
    body = _STATIC.sub(r'class="\1" data-hydrated="print"', body)
    slug = url.strip("/") or "home"
    body = _unique_ids(body, slug.replace("/", "-") + "--")
    return f'<section class="calc-print-page" id="print-{slug}" data-page="{slug}">{body}</section>'


def _unique_ids(body: str, prefix: str) -> str:
    """The section's ids, and the references to them, with ``prefix``."""
    body = _ID.sub(lambda m: f'{m[1]}{prefix}{m[2]}"', body)
    body = _IDREFS.sub(lambda m: m[1] + " ".join(prefix + ref for ref in m[2].split()) + '"', body)
    return _FRAGMENT.sub(lambda m: m[1] + prefix + m[2], body)


def write_print_page(site: Path, nav: Sequence[str], pages: Mapping[str, str], home: str = "",
                     title: str = "The whole site, for printing") -> Path | None:
    """``<home>print/index.html`` from the built pages (``url -> html``) in navigation order;
    ``home`` is the edition's home page URL (``zh/`` for the Chinese one)."""
    urls = [u for u in nav if u in pages and article(pages[u])]
    if not urls:
        return None
    template = pages[urls[-1]]  # a page one folder below the home, as print/ is
    sections = "".join(_section(u, pages[u], home) for u in urls)
    start = template.find(_ARTICLE_OPEN) + len(_ARTICLE_OPEN)
    end = template.rfind("</article>")
    # The template's own links into its article (its table of contents, "skip to content") follow
    # that page's prefixed ids.
    own = {m[2] for m in _ID.finditer(article(template))}
    slug = urls[-1].strip("/").replace("/", "-") + "--"
    chrome = [_FRAGMENT.sub(lambda m: m[1] + (slug if m[2] in own else "") + m[2], part)
              for part in (template[:start], template[end:])]
    html = chrome[0] + sections + chrome[1]
    html = re.sub(r"<title>.*?</title>", f"<title>{title}</title>", html, count=1, flags=re.S)
    html = html.replace("<body", '<body data-print-page="true"', 1)
    folder = site / home / "print"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text(html)
    return folder / "index.html"
