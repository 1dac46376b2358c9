"""widgets/exports.py: the download buttons the build draws, disabled until widgets/js/export.js wires them."""

from __future__ import annotations

from widgets.exports import DIAGRAM, TABLE, export_bar
from widgets.texts import english, translator


def test_a_tables_bar_holds_one_disabled_button_named_for_its_table() -> None:
    assert export_bar("runs", TABLE, english) == (
        '<div class="calc-export" data-for="runs"><button type="button" disabled>Download table (CSV)</button></div>')


def test_a_diagrams_bar_holds_its_two_files_in_the_pages_language() -> None:
    assert export_bar("topology", DIAGRAM, translator("zh")) == (
        '<div class="calc-export" data-for="topology"><button type="button" disabled>下载图 (SVG)</button>'
        '<button type="button" disabled>下载图 (PNG)</button></div>')


def test_a_key_is_escaped_in_its_attribute() -> None:
    assert export_bar('a"b', TABLE, english).startswith('<div class="calc-export" data-for="a&quot;b">')
