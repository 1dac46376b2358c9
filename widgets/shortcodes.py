"""Markdown constructs that put the engine into pages: a Python-Markdown extension.

``[[calc:NAME key=value ...]]`` (alone in a paragraph)  a live widget, default result pre-rendered
``[[value:NAME.OUTPUT key=value ... raw]]`` (inline)     a scalar output's display string
``[[table:NAME.TABLE key=value ...]]`` (alone)           a table output as an HTML table
``[[references]]`` (alone)                              every source cited by the engine
``[[download:EXPORT label="..."]]`` (alone)             a link to an export written into the site
``[[catalog]]`` (alone)                                 every calculator, with its embed page
``[[catalog:problems]]`` (alone)                        every worked problem, with its page and embed address
``[[problems:PAGE]]`` (alone)                           the page's worked problems (calc.problems), checked live

Anything else between ``[[`` and ``]]`` that looks like ``[[word:`` or ``[[word]]`` fails the
build, and so does an unknown calculator, output or parameter. Code spans and code blocks
are left alone. This module knows Markdown, not MkDocs: any generator that runs
Python-Markdown extensions can use it.
"""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as etree
from collections.abc import Callable
from dataclasses import dataclass, field

from markdown import Extension, Markdown
from markdown.blockprocessors import BlockProcessor
from markdown.inlinepatterns import InlineProcessor

from widgets import problems, render

__all__ = ["ShortcodeError", "Shortcode", "parse", "ShortcodeExtension", "makeExtension"]

_SHORTCODE = r"\[\[([a-z]+)(?::([^\]\n]*))?\]\]"
BLOCK_KINDS = ("calc", "table", "references", "download", "catalog", "problems")
INLINE_KINDS = ("value",)


ShortcodeError = render.BuildError


@dataclass(frozen=True)
class Shortcode:
    """A parsed construct: ``kind``, ``target`` (``collective`` or ``collective.time_us``),
    parameter overrides and bare flags."""

    kind: str
    target: str
    params: dict[str, str] = field(default_factory=dict)
    flags: tuple[str, ...] = ()


def parse(kind: str, body: str | None) -> Shortcode:
    """``kind`` and the text after the colon, split shell-style into target, key=value and flags."""
    try:
        words = shlex.split(body or "")
    except ValueError as exc:
        raise ShortcodeError(f"[[{kind}:{body}]]: {exc}") from None
    target = words[0] if words and "=" not in words[0] else ""
    rest = words[1:] if target else words
    params = dict(w.split("=", 1) for w in rest if "=" in w)
    flags = tuple(w for w in rest if "=" not in w)
    return Shortcode(kind, target, params, flags)


class _BlockShortcodes(BlockProcessor):
    """A paragraph that is exactly one block construct becomes its rendered HTML."""

    RE = re.compile(rf"^\s*{_SHORTCODE}\s*$")

    def __init__(self, parser: object, renderers: dict[str, Callable[[Shortcode], str]],
                 fail: Callable[[str], Exception]) -> None:
        super().__init__(parser)  # type: ignore[arg-type]
        self.renderers = renderers
        self.fail = fail

    def test(self, parent: etree.Element, block: str) -> bool:
        match = self.RE.match(block)
        return bool(match and match.group(1) in BLOCK_KINDS)

    def run(self, parent: etree.Element, blocks: list[str]) -> None:
        match = self.RE.match(blocks.pop(0))
        assert match is not None
        try:
            html = self.renderers[match.group(1)](parse(match.group(1), match.group(2)))
        except ShortcodeError as exc:
            raise self.fail(str(exc)) from None
        if match.group(1) == "references":  # real elements: link checkers see the #ref-KEY anchors
            parent.append(etree.fromstring(html))
            return
        placeholder = self.parser.md.htmlStash.store(html)
        etree.SubElement(parent, "p").text = placeholder


class _InlineShortcodes(InlineProcessor):
    """Inline constructs (``value``); a block construct or unknown kind inline fails the build."""

    def __init__(self, md: Markdown, renderers: dict[str, Callable[[Shortcode], str]],
                 fail: Callable[[str], Exception]) -> None:
        super().__init__(_SHORTCODE, md)
        self.renderers = renderers
        self.fail = fail

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        try:
            return self._render(m)
        except ShortcodeError as exc:
            raise self.fail(str(exc)) from None

    def _render(self, m: re.Match[str]) -> tuple[str, int, int]:
        kind = m.group(1)
        if kind in BLOCK_KINDS:
            raise ShortcodeError(f"{m.group(0)}: a {kind} construct must stand alone in its paragraph")
        if kind not in INLINE_KINDS:
            known = ", ".join(BLOCK_KINDS + INLINE_KINDS)
            raise ShortcodeError(f"{m.group(0)}: unknown construct {kind!r}; known: {known}")
        html = self.renderers[kind](parse(kind, m.group(2)))
        return self.md.htmlStash.store(html), m.start(0), m.end(0)


class ShortcodeExtension(Extension):
    """Registers the constructs.

    ``fail`` turns a message into the exception that stops the build (a generator's own error
    type, with the page's name, say); by default :class:`ShortcodeError`.
    """

    def __init__(self, **kwargs: object) -> None:
        self.config = {"fail": [ShortcodeError, "message -> exception that stops the build"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        renderers: dict[str, Callable[[Shortcode], str]] = {
            "calc": render.widget_html,
            "value": render.value_html,
            "table": render.table_html,
            "references": render.references_html,
            "download": render.download_html,
            "catalog": problems.catalog_html,
            "problems": problems.problems_html,
        }
        fail = self.getConfig("fail")
        md.parser.blockprocessors.register(_BlockShortcodes(md.parser, renderers, fail), "calc-shortcodes", 95)
        md.inlinePatterns.register(_InlineShortcodes(md, renderers, fail), "calc-shortcodes", 165)


def makeExtension(**kwargs: object) -> ShortcodeExtension:
    return ShortcodeExtension(**kwargs)
