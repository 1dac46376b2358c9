"""The words the browser scripts show, in a page's language, from the engine's catalogues.

The scripts (``widgets/js/*.js``, ``widgets/views/*.js``) write each text in English where they
use it, ``t("{n} problems", {n})``, and so do their Python twins, ``t("{n} problems", n=n)``.
As gettext's extractor does, :func:`texts_of` finds every ``t("…")`` of a script; the build puts
their translations (:func:`browser_texts`, looked up in ``calc/zh.py`` and ``calc/<topic>/zh.py``
by :mod:`calc.i18n`) on the widget as ``data-texts``, which ``widgets/js/texts.js`` reads. A
``{name}`` field is filled the same way in both languages (:func:`fill`, as texts.js's ``fill``).
A text with no entry is a test failure (tests/test_texts.py), never a silent English word.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from typing import Protocol

from calc import i18n

__all__ = ["T", "fill", "translator", "english", "texts_of", "script_texts", "browser_texts", "attribute", "JS", "VIEWS"]

JS = Path(__file__).resolve().parent / "js"
VIEWS = Path(__file__).resolve().parent / "views"
_FIELD = re.compile(r"\{(\w+)\}")
# t("…"): double-quoted literals (Python may continue one on the next line; no template literal,
# no variable), so it can be found.
CALL = re.compile(r'(?<![\w$])t\(\s*((?:"(?:[^"\\\n]|\\.)*"\s*)+)')
_PART = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
USE = re.compile(r"(?<![\w$])t\(")
_IMPORT = re.compile(r"""^import\s(?:.*?from\s+)?"\./([\w-]+\.js)";""", re.M)
# A view's script loading one of the runtime's (widgets/views/x.js's "../zoom.js" is widgets/js/zoom.js
# in the site too): import(new URL("../zoom.js", import.meta.url).href).
_LOAD = re.compile(r"""new URL\("\.\./([\w-]+\.js)", import\.meta\.url\)""")


class T(Protocol):
    def __call__(self, text: str, /, **values: object) -> str: ...


def fill(text: str, values: dict[str, object]) -> str:
    """``{name}`` fields filled from ``values`` (an unknown field stays as written), as texts.js."""
    return _FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


def translator(lang: str, topic: str | None = None) -> T:
    """``t(text, **values)``: ``text`` in ``lang`` (``topic``'s catalogue first) with its fields filled."""
    def t(text: str, /, **values: object) -> str:
        return fill(i18n.translate(text, lang, topic), values)
    return t


english = translator("en")


@functools.cache
def texts_of(path: Path) -> tuple[str, ...]:
    """Every ``t("…")`` text of a script or module, in order of first use."""
    found = ("".join(json.loads(f'"{part}"') for part in _PART.findall(m.group(1)))
             for m in CALL.finditer(path.read_text(encoding="utf-8")))
    return tuple(dict.fromkeys(found))


def script_texts(path: Path) -> tuple[str, ...]:
    """A script's texts and those of the scripts it imports from its own folder."""
    seen: dict[str, None] = dict.fromkeys(texts_of(path))
    source = path.read_text(encoding="utf-8")
    used = [path.parent / name for name in _IMPORT.findall(source)]
    used += [JS / name for name in _LOAD.findall(source)] if path.parent == VIEWS else []
    for script in used:
        if script.exists() and script != path:
            seen.update(dict.fromkeys(script_texts(script)))
    return tuple(seen)


def browser_texts(scripts: tuple[Path, ...], lang: str, topic: str | None = None) -> dict[str, str]:
    """``{english: translation}`` for every text the ``scripts`` show (``topic``'s catalogue
    first: the widget's calculator's); nothing on an English page."""
    if lang == "en":
        return {}
    texts: dict[str, None] = {}
    for path in scripts:
        texts.update(dict.fromkeys(script_texts(path)))
    return {text: i18n.translate(text, lang, topic) for text in texts}



def attribute(words: dict[str, str]) -> str:
    """`` data-texts="…"`` for an element (UTF-8, not escaped: a third smaller), or nothing."""
    if not words:
        return ""
    return f' data-texts="{html.escape(json.dumps(words, ensure_ascii=False, separators=(",", ":")), quote=True)}"'
