"""The build-time half of widgets/js/export.js: the download buttons under a table, a chart or a diagram,
drawn with the page (disabled) so that nothing moves when the script wires them up and enables them.
The labels are export.js's own words, in the page's language."""

from __future__ import annotations

import html

from widgets.texts import T

__all__ = ["TABLE", "SERIES", "DIAGRAM", "export_bar"]

TABLE = ("Download table (CSV)",)
SERIES = ("Download series (CSV)",)
DIAGRAM = ("Download diagram (SVG)", "Download diagram (PNG)")


def export_bar(key: str, labels: tuple[str, ...], t: T) -> str:
    """export.js's bar for ``key`` (a table's, a chart's or a diagram's name) with its buttons, disabled until the
    script runs (a reader without scripts sees what the page offers, and cannot press a dead button)."""
    buttons = "".join(f'<button type="button" disabled>{html.escape(t(label))}</button>' for label in labels)
    return f'<div class="calc-export" data-for="{html.escape(key, quote=True)}">{buttons}</div>'
