"""Build-time view of the ``configs`` calculator: problems, a clickable diagram, the chosen
device's files, the diff of a change and a zip download.

The browser draws the same markup with ``configs.js`` (keep the two in step). Selecting
a switch or server in the diagram puts its name in the form's *Device* field, which
re-runs the calculator; *Download all* asks the engine for the zip of every file.
"""

from __future__ import annotations

from html import escape
from typing import Any

from widgets.exports import DIAGRAM, export_bar
from widgets.texts import T, english
from widgets.views.topology import problems_html

__all__ = ["prerender", "diff_html", "files_html"]


def esc(text: str) -> str:
    """As configs.js escapes: &, <, > and the double quote."""
    return escape(text, quote=False).replace('"', "&quot;")


def diff_html(diff: str, t: T = english) -> str:
    if not diff:
        return ""
    rows = []
    for line in diff.rstrip("\n").split("\n"):
        kind = ("configs-file" if line.startswith(("---", "+++")) else "configs-add" if line.startswith("+")
                else "configs-del" if line.startswith("-") else "configs-hunk" if line.startswith("@@") else "")
        rows.append(f'<span class="{kind}">{esc(line)}</span>' if kind else esc(line))
    return (f'<h4 class="configs-heading">{t("What the change does to each device")}</h4>'
            f'<pre class="configs-diff" aria-label="{t("Diff of the rendered files")}"><code tabindex="0">{chr(10).join(rows)}'
            "</code></pre>")


def files_html(data: dict[str, Any], t: T = english) -> str:
    device = esc(str(data.get("device", "")))
    parts = []
    for key, title in (("frr", "frr.conf (FRR)"), ("sonic", "config_db.json (SONiC)"), ("host", t("RoCE settings (host)"))):
        text = str(data.get(key) or "")
        if text:
            parts.append(f'<details class="configs-file-view" data-file="{key}" open><summary>{device}: {title}'
                         f'</summary><pre class="configs-{key}" tabindex="0"><code>{esc(text)}</code></pre></details>')
    if not parts:
        return f'<p class="configs-none">{t("Nothing is rendered until the problems above are fixed.")}</p>'
    return "".join(parts)


def prerender(result: dict[str, Any], t: T = english) -> str:
    data = result["data"]
    name = esc(str(data.get("name", "topology")))
    caption = t("{name}: select a switch or a server to show its configuration.", name=name)
    figure = (f'<div class="topology-figure configs-figure">{data["svg"]}<p class="topology-caption">{caption}</p></div>'
              f'{export_bar("topology", DIAGRAM, t)}' if data.get("svg") else "")
    return (f'<div class="configs-view" data-device="{esc(str(data.get("device", "")))}">'
            f'<div class="topology-problems" role="region" aria-label="{t("Problems in the topology")}" aria-live="polite">'
            f"{problems_html(data['issues'], t)}</div>{figure}"
            f'<p><button type="button" class="md-button configs-download">{t("Download all files (zip)")}</button> '
            f'<span class="configs-download-status" role="status"></span></p>'
            f'<div class="configs-files" aria-live="polite">{files_html(data, t)}</div>{diff_html(str(data.get("diff", "")), t)}'
            "</div>")
