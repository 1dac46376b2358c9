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

__all__ = ["prerender", "problems_html", "download_href", "fabric_html", "EDITOR_PAGE", "PREVIEW_LINES",
           "MAX_LINK_CHARS"]

EDITOR_PAGE = "../topology-as-code/"  # relative to the fabric page (use_directory_urls)
PREVIEW_LINES = 24
MAX_LINK_CHARS = 6000  # longer YAML is offered as a download only (URLs have practical limits)


def download_href(text: str) -> str:
    """A data: URL of the YAML, so the download works without JavaScript."""
    return "data:text/yaml;charset=utf-8," + quote(text, safe="!*'()")


def problems_html(issues: list[dict[str, Any]]) -> str:
    if not issues:
        return '<p class="topology-ok">No problems found.</p>'
    items = "".join(
        f'<li><button type="button" class="topology-line" data-line="{int(i["line"])}">line {int(i["line"])}'
        f'</button> <code>{escape(str(i["rule"]))}</code> {escape(str(i["message"]))}</li>'
        for i in issues)
    count = len(issues)
    return (f'<p class="topology-bad"><strong>{count} problem{"s" if count != 1 else ""}</strong> '
            f"(select a line number to jump to it in the editor):</p><ol>{items}</ol>")


def fabric_html(yaml: str) -> str:
    """The emitted YAML: a preview, a download, and (when short enough) a link into the editor."""
    lines = yaml.split("\n")
    shown = "\n".join(lines[:PREVIEW_LINES]) + (f"\n# … {len(lines) - PREVIEW_LINES} more lines"
                                                if len(lines) > PREVIEW_LINES else "")
    link = ""
    if len(yaml) <= MAX_LINK_CHARS:
        encoded = quote(yaml, safe="!*'()")
        href = f"{EDITOR_PAGE}?editor.example=custom&editor.yaml={encoded}#calc-editor"
        link = f' <a class="md-button topology-open" href="{escape(href)}">Open in the topology editor</a>'
    return (f'<div class="topology-view"><p>The same design as a topology file ({len(lines) - 1} lines), '
            f"which the topology editor reads back to the same counts:</p>"
            f'<pre class="topology-yaml"><code tabindex="0">{escape(shown)}</code></pre>'
            f'<p><a class="md-button topology-download" download="fabric.yaml" href="{escape(download_href(yaml))}">'
            f"Download fabric.yaml</a>{link}</p></div>")


def prerender(result: dict[str, Any]) -> str:
    data = result["data"]
    if result.get("calculator") == "fabric":
        return fabric_html(str(data["yaml"]))
    yaml = str(result["inputs"].get("yaml", ""))
    name = escape(str(data.get("name", "topology")))
    return (f'<div class="topology-view">'
            f'<div class="topology-problems" role="region" aria-label="Problems in the topology" aria-live="polite">'
            f'{problems_html(data["issues"])}</div>'
            f'<div class="topology-figure">{data["svg"]}<p class="topology-caption">{name}: tiers as rows; a link '
            f"takes the colour of its lower switch's oversubscription. Hover, tap or focus a switch for its details.</p>"
            f'<p class="calc-diagram-detail" aria-live="polite"></p></div>'
            f'<p><a class="md-button topology-download" download="topology.yaml" '
            f'href="{escape(download_href(yaml))}">Download this YAML</a></p></div>')
