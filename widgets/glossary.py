"""Glossary tooltips in the page's language, from one bilingual list.

``docs/includes/abbreviations.yml`` holds each abbreviation or term with its definition in
every language of the site. The hook appends a page's language's definitions to its Markdown
as abbreviations (``*[ECMP]: ...``, Python-Markdown's ``abbr``), so every occurrence becomes
``<abbr title="...">`` and Material shows the definition as a tooltip: English on English pages,
Chinese on ``docs/zh/`` pages. An entry without a text for a language, or with one that would
end the definition early (a line break), fails the build and names the entry.

``also`` lists other spellings on every page; ``zh_terms`` lists the Chinese words for the term,
matched on Chinese pages only (收敛比 for oversubscription). Python-Markdown's ``abbr`` matches at
``\\b`` word edges, and Chinese has none between characters (every Han character is a word
character), so a Chinese term inside a Chinese sentence, or an acronym written against Chinese
(``积压XOFF``), would never match. :class:`CjkAbbreviations` (listed in ``mkdocs.yml`` after
``abbr``) keeps ``abbr``'s definitions and elements and changes only the edges: a match may not
touch an ASCII letter, digit or underscore, so ``ECMPs`` still does not match ``ECMP``.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import yaml
from markdown import Extension, Markdown
from markdown.extensions.abbr import AbbrTreeprocessor

__all__ = ["SOURCE", "GlossaryError", "definitions", "abbreviations", "CjkAbbreviations", "makeExtension"]

SOURCE = Path(__file__).resolve().parent.parent / "docs" / "includes" / "abbreviations.yml"
LANGS = ("en", "zh")


class GlossaryError(ValueError):
    """The bilingual list is malformed: the message names the entry and what is wrong."""


@functools.cache
def definitions(lang: str, source: Path = SOURCE) -> dict[str, str]:
    """Each term (and its other spellings) with its definition in ``lang``."""
    entries = yaml.safe_load(source.read_text(encoding="utf-8"))
    if not isinstance(entries, dict):
        raise GlossaryError(f"{source.name} must map each term to its definitions")
    found: dict[str, str] = {}
    for term, entry in entries.items():
        text = _definition(str(term), entry, lang)
        for spelling in (str(term), *_also(str(term), entry, "also"), *_zh_terms(str(term), entry, lang)):
            found[spelling] = text
    return found


def _definition(term: str, entry: Any, lang: str) -> str:
    if not isinstance(entry, dict) or set(entry) - {*LANGS, "also", "zh_terms"}:
        raise GlossaryError(f"{term}: an entry holds {', '.join(LANGS)} (and also, zh_terms): got {entry!r}"[:200])
    text = entry.get(lang)
    missing = [code for code in LANGS if not isinstance(entry.get(code), str) or not entry[code].strip()]
    if missing:
        raise GlossaryError(f"{term}: no definition in {', '.join(missing)}")
    assert isinstance(text, str)
    if "\n" in text.strip() or "]" in term:
        raise GlossaryError(f"{term}: a term has no ']' and a definition is one line")
    return text.strip()


def _also(term: str, entry: dict[str, Any], key: str) -> list[str]:
    also = entry.get(key, [])
    if not isinstance(also, list) or not all(isinstance(a, str) and a.strip() for a in also):
        raise GlossaryError(f"{term}: {key} must list other spellings: got {also!r}"[:200])
    return also


def _zh_terms(term: str, entry: dict[str, Any], lang: str) -> list[str]:
    """The Chinese words for the term: checked for every language, used on Chinese pages."""
    terms = _also(term, entry, "zh_terms")
    return terms if lang == "zh" else []


def abbreviations(lang: str) -> str:
    """The Markdown abbreviation definitions for a page in ``lang``, to append to it."""
    return "\n\n" + "\n".join(f"*[{term}]: {text}" for term, text in definitions(lang).items()) + "\n"


class _CjkAbbrTreeprocessor(AbbrTreeprocessor):  # type: ignore[misc]  # Markdown is untyped
    """``abbr``'s tree processor with edges that work in Chinese text (see the module's text)."""

    def run(self, root: Element) -> Element | None:
        if not self.abbrs:
            return None
        keys = sorted(self.abbrs, key=len, reverse=True)
        self.RE = re.compile(f"(?<![A-Za-z0-9_])(?:{'|'.join(re.escape(k) for k in keys)})(?![A-Za-z0-9_])")
        self.iter_element(root)
        return None


class CjkAbbreviations(Extension):  # type: ignore[misc]  # Markdown is untyped
    """Replace ``abbr``'s tree processor with :class:`_CjkAbbrTreeprocessor`; ``abbr`` comes first."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        if "abbr" not in md.treeprocessors:
            raise GlossaryError("widgets.glossary must follow the abbr extension in markdown_extensions")
        abbrs = md.treeprocessors["abbr"].abbrs
        md.treeprocessors.register(_CjkAbbrTreeprocessor(md, abbrs), "abbr", 7)


def makeExtension(**kwargs: object) -> CjkAbbreviations:  # noqa: N802 (Python-Markdown's entry point)
    return CjkAbbreviations(**kwargs)
