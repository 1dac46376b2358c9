"""An SVG drawing of a topology: one panel per network, tiers as rows, links coloured by oversubscription.

Pure string generation (no I/O, no DOM, no style sheet: only presentation attributes, which a strict CSP allows), so the same function draws the
diagram at build time and in the browser. Rows hold at most ``MAX_ROW``
nodes; larger tiers show their first and last nodes around a "… n more"
marker, and only links between drawn nodes are drawn. A link from a switch to
the tier above takes the colour of that switch's oversubscription (down/up
bandwidth); server links are grey. References to undefined switches appear as
dashed red ghost nodes so a dangling name is visible where it was meant to be.
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from calc.i18n import translate
from calc.topology.analyse import Analysis
from calc.topology.model import Link, Topology

__all__ = ["render", "ratio_colour", "localize", "localize_data", "BANDS", "MAX_ROW", "MAX_PANELS"]

MAX_ROW = 16
MAX_PANELS = 12
"""Networks drawn; a document with more says how many are left out."""
WIDTH = 960
ROW_GAP = 78
NODE_H = 26
BANDS = ((1.0, "#2e7d32", "1:1 or better"), (2.0, "#f9a825", "up to 2:1"),
         (4.0, "#ef6c00", "up to 4:1"), (float("inf"), "#c62828", "above 4:1"))
GREY = "#9e9e9e"
GHOST = "#c62828"
ROWS = ("core", "spine", "leaf", "server")


def ratio_colour(ratio: float) -> str:
    """Colour band of an oversubscription ratio (0 = no uplinks: grey)."""
    if ratio <= 0:
        return GREY
    return next(colour for limit, colour, _ in BANDS if ratio <= limit + 1e-9)


def _shown(names: list[str]) -> tuple[list[str], int]:
    """Names drawn in a row, with the count hidden behind the ellipsis (inserted in the middle)."""
    if len(names) <= MAX_ROW:
        return names, 0
    head = MAX_ROW // 2
    tail = MAX_ROW - head - 1
    return names[:head] + ["…"] + names[-tail:], len(names) - head - tail


class _Parts:
    """Each network's switches, links and dangling references, gathered in one pass."""

    def __init__(self, topo: Topology) -> None:
        self.switches: dict[str, list[str]] = {}
        self.links: dict[str, list[Link]] = {}
        self.dangling: dict[str, list[tuple[str, str, str]]] = {}
        for sw in topo.switches.values():
            self.switches.setdefault(sw.network, []).append(sw.name)
        for link in topo.links:
            self.links.setdefault(link.network, []).append(link)
        for ref in topo.dangling:
            self.dangling.setdefault(topo.switches[ref[0]].network, []).append(ref)


def _rows(topo: Topology, parts: _Parts, network: str) -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {t: [] for t in ROWS}
    for name in parts.switches.get(network, ()):
        rows[topo.switches[name].tier].append(name)
    seen = {link.lower for link in parts.links.get(network, ()) if link.layer == "server"}
    rows["server"] = [s for s in topo.servers if s in seen]
    for _referrer, missing, tier in parts.dangling.get(network, ()):
        rows[tier].append(missing)
    return {t: list(dict.fromkeys(r)) for t, r in rows.items() if r}


def _panel(topo: Topology, analysis: Analysis, parts: _Parts, network: str, top: float,
           ghosts: set[str]) -> tuple[list[str], float]:
    rows = _rows(topo, parts, network)
    pos: dict[str, tuple[float, float, float]] = {}
    out: list[str] = [f'<text x="8" y="{top + 14:.0f}" font-weight="600" font-size="13" fill="currentColor">{escape(network)} network '
                      f'({escape(topo.networks[network])})</text>']
    y = top + 30
    hidden: list[tuple[float, float, int]] = []
    for names in rows.values():
        shown, more = _shown(names)
        slot = (WIDTH - 16) / len(shown)
        width = min(110.0, slot - 4)
        for i, name in enumerate(shown):
            x = 8 + i * slot + (slot - width) / 2
            if name == "…":
                hidden.append((x + width / 2, y, more))
            else:
                pos[name] = (x, y, width)
        y += ROW_GAP
    out += _links(parts.links.get(network, []), analysis, pos)
    out += _ghost_links(parts.dangling.get(network, []), pos)
    for name, (x, ny, w) in pos.items():
        out.append(_node(topo, analysis, name, x, ny, w, name in ghosts))
    for cx, ny, more in hidden:
        out.append(f'<text x="{cx:.1f}" y="{ny + 17:.1f}" font-size="11" fill="currentColor" text-anchor="middle">… {more} more</text>')
    return out, y - ROW_GAP + NODE_H + 24


def _links(links: list[Link], analysis: Analysis, pos: dict[str, tuple[float, float, float]]) -> list[str]:
    out: list[str] = []
    for link in links:
        a = pos.get(link.lower)
        b = pos.get(link.upper)
        if a is None or b is None:
            continue
        colour = GREY if link.layer == "server" else ratio_colour(analysis.ratios.get(link.lower, 0.0))
        width = 1.0 + min(4.0, (link.count - 1) * 0.5)
        out.append(f'<line x1="{a[0] + a[2] / 2:.1f}" y1="{a[1]:.1f}" x2="{b[0] + b[2] / 2:.1f}" '
                   f'y2="{b[1] + NODE_H:.1f}" stroke="{colour}" stroke-width="{width:.1f}">'
                   f'<title>{escape(link.lower)} – {escape(link.upper)}: {link.count} × {link.speed_Gbps:g} Gb/s'
                   f'</title></line>')
    return out


def _ghost_links(dangling: list[tuple[str, str, str]], pos: dict[str, tuple[float, float, float]]) -> list[str]:
    out: list[str] = []
    for referrer, missing, _tier in dangling:
        a, b = pos.get(referrer), pos.get(missing)
        if a is None or b is None:
            continue
        low, high = (a, b) if a[1] > b[1] else (b, a)
        out.append(f'<line x1="{low[0] + low[2] / 2:.1f}" y1="{low[1]:.1f}" x2="{high[0] + high[2] / 2:.1f}" '
                   f'y2="{high[1] + NODE_H:.1f}" stroke="{GHOST}" stroke-dasharray="4 3"/>')
    return out


def _node(topo: Topology, analysis: Analysis, name: str, x: float, y: float, w: float,
          ghost: bool) -> str:
    if ghost:
        style = f'fill="#fff" stroke="{GHOST}" stroke-dasharray="4 3"'
        tip = f"{name}: referenced but not defined"
    elif name in topo.servers:
        server = topo.servers[name]
        style = 'fill="#eceff1" stroke="#546e7a"'
        tip = f"{name}: {server.gpus} GPUs, {server.nics} NICs ({server.role})"
    else:
        ratio = analysis.ratios.get(name, 0.0)
        style = f'fill="#fff" stroke="{ratio_colour(ratio)}" stroke-width="2"'
        tip = f"{name} ({topo.switches[name].tier} switch)" + (f", oversubscription {ratio:.2f}:1" if ratio else "")
    label = escape(name if len(name) * 6.2 <= w else "…" + name[-max(1, int(w / 6.2) - 1):])
    return (f'<g data-node="{escape(name)}" tabindex="0"><title>{escape(tip)}</title><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{NODE_H}" '
            f'rx="4" {style}/><text x="{x + w / 2:.1f}" y="{y + 17:.1f}" text-anchor="middle" fill="#222">{label}'
            '</text></g>')


def _legend() -> str:
    parts = []
    x = 8.0
    for _limit, colour, text in BANDS:
        parts.append(f'<rect x="{x:.0f}" y="6" width="14" height="4" fill="{colour}"/>'
                     f'<text x="{x + 18:.0f}" y="12" font-size="11" fill="currentColor">{escape(text)}</text>')
        x += 24 + len(text) * 6.5
    parts.append(f'<rect x="{x:.0f}" y="2" width="14" height="12" fill="#fff" stroke="{GHOST}" '
                 f'stroke-dasharray="4 3"/><text x="{x + 18:.0f}" y="12" font-size="11" fill="currentColor">'
                 'undefined reference</text>')
    return "".join(parts)


def render(topo: Topology, analysis: Analysis) -> str:
    """The whole diagram as one ``<svg>`` element (self-contained, no external CSS)."""
    ghosts = {missing for _, missing, _ in topo.dangling}
    parts = _Parts(topo)
    body: list[str] = [_legend()]
    top = 24.0
    drawn = [network for network in topo.networks if network in parts.switches]
    for network in drawn[:MAX_PANELS]:
        panel, top = _panel(topo, analysis, parts, network, top, ghosts)
        body += panel
    if len(drawn) > MAX_PANELS:
        body.append(f'<text x="8" y="{top + 14:.0f}" font-size="12" fill="currentColor">… and '
                    f'{len(drawn) - MAX_PANELS} more networks, not drawn</text>')
        top += 24
    height = max(top, 40.0)
    title = escape(f"Topology {topo.name}: {len(topo.switches)} switches, {len(topo.servers)} servers")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0f}" width="100%" role="group" '
            f'aria-label="{title}" class="calc-svg topology-diagram" font-family="system-ui, sans-serif" '
            f'font-size="11"><title>{title}</title>{"".join(body)}</svg>')


# A drawn text (``<text>``, ``<title>``) or an ``aria-label``; a node's own label (its name, inside
# ``<g data-node>`` after its title) is a name, never translated.
_WORDS = re.compile(r'(aria-label=")([^"]*)(")|(<title>)([^<]*)(</title>)|(<text\b[^>]*>)([^<]*)(</text>)')
_NODE_LABEL = re.compile(r'(<g data-node="[^"]*" tabindex="0"><title>[^<]*</title><rect [^>]*/>)(<text [^>]*>[^<]*</text>)')


def localize(svg: str, lang: str) -> str:
    """The drawing with its words in ``lang`` (calc.i18n), names and numbers as drawn."""
    if lang == "en":
        return svg
    labels: list[str] = []

    def keep(m: re.Match[str]) -> str:
        labels.append(m.group(2))
        return f"{m.group(1)}\x00{len(labels) - 1}\x00"

    def word(m: re.Match[str]) -> str:
        start, text, end = next((m.group(i), m.group(i + 1), m.group(i + 2)) for i in (1, 4, 7) if m.group(i))
        return f"{start}{escape(translate(unescape(text), lang, 'topology'), quote=start.startswith('aria'))}{end}"

    out = _WORDS.sub(word, _NODE_LABEL.sub(keep, svg))
    return re.sub("\x00(\\d+)\x00", lambda m: labels[int(m.group(1))], out)


def localize_data(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """A topology view's data in ``lang``: the drawing's words and the problems' messages."""
    issues = [{**i, "message": translate(str(i["message"]), lang, "topology")} for i in data.get("issues", ())]
    svg = {"svg": localize(str(data["svg"]), lang)} if data.get("svg") else {}
    return {**data, "issues": issues, **svg}
