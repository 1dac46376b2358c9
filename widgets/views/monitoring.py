"""The monitoring view (alerts calculator): the rules file and dashboard at the reader's thresholds,
as download links (data: URLs, so nothing is fetched). The same markup as monitoring.js."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

__all__ = ["prerender"]

FILES = (
    ("rules", "ai-fabric-alerts.rules.yml", "application/yaml", "Rules at these thresholds (YAML)"),
    ("dashboard", "ai-fabric-dashboard.json", "application/json", "Dashboard at these thresholds (JSON)"),
)


def _link(text: str, filename: str, mime: str, label: str) -> str:
    href = f"data:{mime};charset=utf-8,{quote(text, safe='')}"
    return (f'<a class="md-button calc-download" download="{html.escape(filename)}" '
            f'href="{html.escape(href)}">{html.escape(label)}</a>')


def prerender(result: dict[str, Any]) -> str:
    data = result.get("data", {})
    links = " ".join(_link(data[key], name, mime, label) for key, name, mime, label in FILES if key in data)
    return f'<p class="calc-view-downloads">Download with the thresholds above: {links}</p>'
