"""Glossary tooltips in the page's language, from one bilingual list.

``docs/includes/abbreviations.yml`` holds each abbreviation or term with its definition in
every language of the site. The hook appends a page's language's definitions to its Markdown
as abbreviations (``*[ECMP]: ...``, Python-Markdown's ``abbr``), so every occurrence becomes
``<abbr title="...">`` and Material shows the definition as a tooltip: English on English pages,
Chinese on ``docs/zh/`` pages. An entry without a text for a language, or with one that would
end the definition early (a line break), fails the build and names the entry.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

__all__ = ["SOURCE", "GlossaryError", "definitions", "abbreviations"]

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
        for spelling in (str(term), *_also(str(term), entry)):
            found[spelling] = text
    return found


def _definition(term: str, entry: Any, lang: str) -> str:
    if not isinstance(entry, dict) or set(entry) - {*LANGS, "also"}:
        raise GlossaryError(f"{term}: an entry holds {', '.join(LANGS)} (and also): got {entry!r}"[:200])
    text = entry.get(lang)
    missing = [code for code in LANGS if not isinstance(entry.get(code), str) or not entry[code].strip()]
    if missing:
        raise GlossaryError(f"{term}: no definition in {', '.join(missing)}")
    assert isinstance(text, str)
    if "\n" in text.strip() or "]" in term:
        raise GlossaryError(f"{term}: a term has no ']' and a definition is one line")
    return text.strip()


def _also(term: str, entry: dict[str, Any]) -> list[str]:
    also = entry.get("also", [])
    if not isinstance(also, list) or not all(isinstance(a, str) and a.strip() for a in also):
        raise GlossaryError(f"{term}: also must list other spellings: got {also!r}"[:200])
    return also


def abbreviations(lang: str) -> str:
    """The Markdown abbreviation definitions for a page in ``lang``, to append to it."""
    return "\n\n" + "\n".join(f"*[{term}]: {text}" for term, text in definitions(lang).items()) + "\n"
