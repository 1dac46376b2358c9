"""Build-time view of the ``topology`` and ``fabric`` calculators.

``topology``: diagram, problems with their lines, download. ``fabric``: the
topology YAML the sizing emits, to download or open in the topology editor.

The browser draws the same markup with ``topology.js`` (keep the two in step).
The form's YAML textarea is the editor; this view adds the diagram (an SVG the
engine draws), the list of problems with a button per line number that selects
that line in the editor, and a link that downloads the YAML being shown.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from widgets.exports import DIAGRAM, export_bar
from widgets.texts import T, english

__all__ = ["prerender", "problems_html", "download_href", "fabric_html", "EDITOR_PAGE", "PREVIEW_LINES",
           "MAX_LINK_CHARS"]

EDITOR_PAGE = "../topology-as-code/"  # relative to the fabric page (use_directory_urls)
PREVIEW_LINES = 24
MAX_LINK_CHARS = 6000  # longer YAML is offered as a download only (URLs have practical limits)


def download_href(text: str) -> str:
    """A data: URL of the YAML, so the download works without JavaScript."""
    return "data:text/yaml;charset=utf-8," + quote(text, safe="!*'()")


def problems_html(issues: list[dict[str, Any]], t: T = english) -> str:
    if not issues:
        return f'<p class="topology-ok">{t("No problems found.")}</p>'
    items = "".join(
        f'<li><button type="button" class="topology-line" data-line="{int(i["line"])}">{t("line {line}", line=int(i["line"]))}'
        f'</button> <code>{escape(str(i["rule"]))}</code> {escape(str(i["message"]))}</li>'
        for i in issues)
    count = len(issues)
    found = t("1 problem") if count == 1 else t("{count} problems", count=count)
    return (f'<p class="topology-bad"><strong>{found}</strong> '
            f'{t("(select a line number to jump to it in the editor):")}</p><ol>{items}</ol>')


def fabric_html(yaml: str, t: T = english) -> str:
    """The emitted YAML: a preview, a download, and (when short enough) a link into the editor."""
    lines = yaml.split("\n")
    shown = "\n".join(lines[:PREVIEW_LINES]) + ("\n" + t("# … {more} more lines", more=len(lines) - PREVIEW_LINES)
                                                if len(lines) > PREVIEW_LINES else "")
    link = ""
    if len(yaml) <= MAX_LINK_CHARS:
        encoded = quote(yaml, safe="!*'()")
        href = f"{EDITOR_PAGE}?editor.example=custom&editor.yaml={encoded}#calc-editor"
        link = f' <a class="md-button topology-open" href="{escape(href)}">{t("Open in the topology editor")}</a>'
    intro = t("The same design as a topology file ({lines} lines), which the topology editor reads back to the "
              "same counts:", lines=len(lines) - 1)
    return (f'<div class="topology-view"><p>{intro}</p>'
            f'<pre class="topology-yaml"><code tabindex="0">{escape(shown)}</code></pre>'
            f'<p><a class="md-button topology-download" download="fabric.yaml" href="{escape(download_href(yaml))}">'
            f'{t("Download fabric.yaml")}</a>{link}</p></div>')


def prerender(result: dict[str, Any], t: T = english) -> str:
    data = result["data"]
    if result.get("calculator") == "fabric":
        return fabric_html(str(data["yaml"]), t)
    yaml = str(result["inputs"].get("yaml", ""))
    name = escape(str(data.get("name", "topology")))
    caption = t("{name}: tiers as rows; a link takes the colour of its lower switch's oversubscription. Hover, tap or "
                "focus a switch for its details.", name=name)
    return (f'<div class="topology-view">'
            f'<div class="topology-problems" role="region" aria-label="{t("Problems in the topology")}" aria-live="polite">'
            f'{problems_html(data["issues"], t)}</div>'
            f'<div class="topology-figure">{data["svg"]}<p class="topology-caption">{caption}</p>'
            f'<p class="calc-diagram-detail" aria-live="polite"></p></div>{export_bar("topology", DIAGRAM, t)}'
            f'<p><a class="md-button topology-download" download="topology.yaml" '
            f'href="{escape(download_href(yaml))}">{t("Download this YAML")}</a></p></div>')
