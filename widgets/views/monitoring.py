"""The monitoring view (alerts calculator): the rules file and dashboard at the reader's thresholds,
as download links (data: URLs, so nothing is fetched). The same markup as monitoring.js."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

from widgets.texts import T, english

__all__ = ["prerender"]

FILES = (
    ("rules", "ai-fabric-alerts.rules.yml", "application/yaml"),
    ("dashboard", "ai-fabric-dashboard.json", "application/json"),
)


def _labels(t: T) -> dict[str, str]:
    return {"rules": t("Rules at these thresholds (YAML)"), "dashboard": t("Dashboard at these thresholds (JSON)")}


def _link(text: str, filename: str, mime: str, label: str) -> str:
    href = f"data:{mime};charset=utf-8,{quote(text, safe='')}"
    return (f'<a class="md-button calc-download" download="{html.escape(filename)}" '
            f'href="{html.escape(href)}">{html.escape(label)}</a>')


def prerender(result: dict[str, Any], t: T = english) -> str:
    data = result.get("data", {})
    labels = _labels(t)
    links = " ".join(_link(data[key], name, mime, labels[key]) for key, name, mime in FILES if key in data)
    return f'<p class="calc-view-downloads">{t("Download with the thresholds above:")} {links}</p>'
