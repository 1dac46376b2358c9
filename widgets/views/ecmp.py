"""Build-time drawing of the ECMP lab's first trial: sub-flows stacked on the uplinks they hash to.

The same drawing is made in the browser by ``ecmp.js`` (keep the two in step):
one lane per uplink from the leaf down to its spine, one coloured block per
sub-flow (colour = connection), a dashed line at one link's capacity, and with
two tiers each spine's own uplinks (loads from every leaf) underneath. Every
block has a tooltip with the flow's tuple, hash and path, so tracing a flow
works before Python loads and without JavaScript.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from typing import Any

from widgets.exports import DIAGRAM, export_bar
from widgets.texts import T, english

__all__ = ["controls", "prerender", "svg", "drawings", "colour", "WIDTH", "NARROW"]

STYLE = """
.ecmp-svg{width:100%;height:auto;font:12px system-ui,sans-serif}
.ecmp-box{fill:none;stroke:currentColor;stroke-opacity:.55}
.ecmp-label{fill:currentColor}.ecmp-small{fill:currentColor;font-size:11px}
.ecmp-fan{stroke:currentColor;stroke-opacity:.18}.ecmp-lane{stroke:currentColor;stroke-opacity:.25}
.ecmp-idle{stroke-dasharray:3 3;stroke:#c0392b;stroke-opacity:.6}
.ecmp-cap{stroke:#c0392b;stroke-dasharray:6 4}
.ecmp-flow{cursor:pointer}.ecmp-dim .ecmp-flow:not(.ecmp-on){opacity:.12}
.ecmp-controls{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.5em 0}
.ecmp-trace{font:12px ui-monospace,monospace;white-space:pre-wrap;margin:.3em 0}
"""
WIDTH = 640
"""The wide drawing, in user units: at a desktop column (646 px) its 11 px text stays 11 px."""
NARROW = 300
"""The phone drawing: lanes wrap into rows (at most 8 per row, at most 4 rows), text at 11 px or more."""
TOP = 56
BOTTOM = 236
SPINE_H = 22
ROW_GAP = 16
NARROW_LANE_H = 120


def _js(x: float) -> str:
    """A number as JavaScript's String(x) writes it (so both drawings are byte-identical)."""
    return str(int(x)) if x == int(x) else repr(x)


def _f1(x: float) -> str:
    """``x.toFixed(1)`` as JavaScript writes it (exact ties round up, unlike Python's format)."""
    return str(Decimal(x).quantize(Decimal("0.1"), ROUND_HALF_UP))


def _pct(x: float) -> str:
    """``Math.round(x * 100)`` followed by ``%``, as ecmp.js writes it."""
    return f"{math.floor(x * 100 + 0.5)}%"


def colour(conn: int) -> str:
    """Colour of connection ``conn`` (golden-angle hues, as ecmp.js)."""
    return f"hsl({_f1((conn * 137.508) % 360)},65%,48%)"


class _Grid:
    """Where lane ``p`` is drawn: uplinks in rows (one row when wide), each row a band of lanes
    above its uplink boxes (and, with two tiers, the spines' own uplinks under them)."""

    def __init__(self, paths: int, width: int, spines: bool) -> None:
        self.width = width
        self.rows = 1 if width >= WIDTH else min(4, math.ceil(paths / 8))
        self.per = math.ceil(paths / self.rows)
        self.pitch = min(44.0, (width - 40) / self.per)
        self.x0 = (width - self.pitch * self.per) / 2
        self.lane_h = BOTTOM - TOP if self.rows == 1 else NARROW_LANE_H
        self.band = self.lane_h + SPINE_H + (70 if spines else 6) + ROW_GAP
        self.height = TOP + self.rows * self.band - ROW_GAP

    def x(self, p: int) -> float:
        """Left edge of lane ``p``'s slot."""
        return self.x0 + (p % self.per) * self.pitch

    def bottom(self, p: int) -> float:
        """The y where lane ``p`` meets its uplink box."""
        return TOP + (p // self.per) * self.band + self.lane_h


def _blocks(data: dict[str, Any], unit: float, grid: _Grid, t: T) -> list[str]:
    out = []
    height = [0.0] * data["paths"]
    pitch = grid.pitch
    for conn in data["connections"]:
        for j, qp in enumerate(conn["qps"]):
            lanes = range(data["paths"]) if data["spray"] else [qp["path"]]
            share = 1 / data["paths"] if data["spray"] else 1.0
            for p in lanes:
                h = unit * share
                y = grid.bottom(p) - height[p] - h
                height[p] += h
                tip = _tip(conn, j, qp, t)
                out.append(
                    f'<rect class="ecmp-flow" tabindex="0" data-conn="{conn["id"]}" data-qp="{j}" x="{_f1(grid.x(p) + pitch * 0.2)}" '
                    f'y="{_f1(y)}" width="{_f1(pitch * 0.6)}" height="{_f1(max(h - 0.6, 0.4))}" fill="{colour(conn["id"])}">'
                    f"<title>{escape(tip)}</title></rect>")
    return out


def _tip(conn: dict[str, Any], j: int, qp: dict[str, Any], t: T = english) -> str:
    port = f':{qp["sport"]}' if "sport" in qp else ""
    qpn = f' QPN {qp["lqpn"]:#08x}→{qp["rqpn"]:#08x}' if "lqpn" in qp else ""
    tier2 = t(", spine uplink {uplink}", uplink=qp["path2"]) if "path2" in qp else ""
    return t("connection {id} QP {qp}: {src} → {dst}:4791 UDP{qpn}; hash {hash} → uplink {path}{tier2}; "
             "rate {rate} of fair share", id=conn["id"], qp=j, src=f'{conn["src"]}{port}', dst=conn["dst"], qpn=qpn,
             hash=qp["hash"], path=qp["path"], tier2=tier2, rate=_pct(conn["rate"]))


def _spines(data: dict[str, Any], grid: _Grid, t: T) -> list[str]:
    out = []
    loads = data["spine_loads"]
    top = max((max(row) for row in loads), default=1) or 1
    for a, row in enumerate(loads):
        width = grid.pitch * 0.8 / len(row)
        for b, load in enumerate(row):
            h = 40 * load / top
            out.append(f'<rect class="ecmp-spine-up" x="{_f1(grid.x(a) + grid.pitch * 0.1 + b * width)}" '
                       f'y="{_f1(grid.bottom(a) + SPINE_H + 46 - h)}" width="{_f1(max(width - 0.3, 0.3))}" height="{_f1(h)}" '
                       f'fill="#777"><title>{t("spine {spine} uplink {uplink}: {load} sub-flows from all leaves", spine=a, uplink=b, load=load)}'
                       "</title></rect>")
    size = "ecmp-label" if grid.width >= WIDTH else "ecmp-small"  # 11 px fits the phone's 300
    own = t("each spine's own uplinks: sub-flows from every leaf")
    out.append(f'<text x="{_js(grid.width / 2)}" y="{_js(grid.height - 8)}" text-anchor="middle" class="{size}">'
               f"{own}</text>")
    return out


def _lane(data: dict[str, Any], grid: _Grid, p: int, t: T) -> list[str]:
    """Lane ``p``: its fan line from the leaf (first row), the lane, its uplink box and number."""
    cx, bottom = grid.x(p) + grid.pitch / 2, grid.bottom(p)
    idle = data["loads"][p] == 0 and not data["spray"]
    out = [f'<line x1="{_js(grid.width / 2)}" y1="32" x2="{_f1(cx)}" y2="{TOP}" class="ecmp-fan"/>'] if p < grid.per else []
    out.append(f'<line x1="{_f1(cx)}" y1="{_js(bottom - grid.lane_h)}" x2="{_f1(cx)}" y2="{_js(bottom)}" '
               f'class="ecmp-lane{" ecmp-idle" if idle else ""}"/>')
    out.append(f'<rect x="{_f1(grid.x(p) + 1)}" y="{_js(bottom)}" width="{_f1(grid.pitch - 2)}" height="{SPINE_H}" '
               f'class="ecmp-box"><title>{t("uplink {uplink}: {load} sub-flows", uplink=p, load=data["loads"][p])}'
               "</title></rect>")
    if data["paths"] <= 32:
        out.append(f'<text x="{_f1(cx)}" y="{_js(bottom + 15)}" text-anchor="middle" class="ecmp-small">{p}</text>')
    return out


def svg(data: dict[str, Any], width: int = WIDTH, t: T = english) -> str:
    """The drawing as an SVG string, ``width`` user units wide (WIDTH, or NARROW: lanes in rows)."""
    u, q = data["paths"], data["qps_per_flow"]
    grid = _Grid(u, width, bool(data["spine_loads"]))
    peak = max([*data["loads"], q, 1]) if not data["spray"] else max(data["flows"] * q / u, q, 1)
    unit = (grid.lane_h - 14) / peak
    layout = "ecmp-wide" if width >= WIDTH else "ecmp-narrow"
    parts = [f'<svg class="ecmp-svg {layout}" viewBox="0 0 {width} {_js(grid.height)}" role="group" '
             f'aria-label="{t("Sub-flows on {uplinks} uplinks", uplinks=u)}">',
             f'<rect x="{_js(width / 2 - 90)}" y="6" width="180" height="26" rx="4" class="ecmp-box"/>',
             f'<text x="{_js(width / 2)}" y="24" text-anchor="middle" class="ecmp-label">'
             f'{t("leaf: {flows} connections × {qps} QP", flows=data["flows"], qps=q)}</text>']
    for p in range(u):
        parts += _lane(data, grid, p, t)
    for row in range(grid.rows):
        cap = TOP + row * grid.band + grid.lane_h - unit * q
        parts.append(f'<line x1="{_js(grid.x0)}" y1="{_f1(cap)}" x2="{_js(grid.x0 + grid.pitch * grid.per)}" '
                     f'y2="{_f1(cap)}" class="ecmp-cap"/>')
    parts += _blocks(data, unit, grid, t)
    if data["spine_loads"]:
        parts += _spines(data, grid, t)
    parts.append("</svg>")
    return "".join(parts)


def drawings(data: dict[str, Any], t: T = english) -> str:
    """Both drawings; the page's style sheet shows the one that fits (a container query)."""
    return svg(data, WIDTH, t) + svg(data, NARROW, t)


def summary(data: dict[str, Any], t: T = english) -> str:
    """One sentence about the drawn trial."""
    rates = [c["rate"] for c in data["connections"]]
    idle = sum(1 for x in data["loads"] if x == 0)
    if data["spray"]:
        return t("Trial 1: every connection is spread over all {paths} uplinks.", paths=data["paths"])
    return t("Trial 1: the busiest uplink carries {busiest} sub-flows, {idle} of {paths} uplinks are idle, and the "
             "slowest connection runs at {rate} of its fair share.", busiest=max(data["loads"]), idle=idle,
             paths=data["paths"], rate=_pct(min(rates)))


def legend(t: T = english) -> str:
    return t("Colour: connection. Red dashed line: one uplink's capacity; dashed lane: idle uplink. Hover, tap or "
             "focus a block to trace its flow.")


def controls(data: dict[str, Any], t: T = english) -> str:
    """The live view's controls (re-hash, one more or one fewer queue pair, trace a connection), disabled: drawn in
    place so that nothing moves when the live view (ecmp.js viewHtml) enables them."""
    options = "".join(f'<option value="{c["id"]}">{c["id"]}: {escape(str(c["src"]), quote=False)} → '
                      f'{escape(str(c["dst"]), quote=False)}</option>' for c in data["connections"])
    return ('<div class="ecmp-controls">'
            f'<button type="button" data-act="seed" disabled>{t("Re-hash: new random seed")}</button>'
            f'<button type="button" data-act="more" disabled>{t("One more queue pair per connection")}</button>'
            f'<button type="button" data-act="fewer" disabled>{t("One fewer")}</button>'
            f'<label>{t("Trace connection")} <select data-act="trace" disabled><option value="">{t("none")}</option>'
            f"{options}</select></label></div>")


def prerender(result: dict[str, Any], t: T = english) -> str:
    data = result["data"]
    return (f'<style>{STYLE}</style>{controls(data, t)}<figure class="ecmp-figure">{drawings(data, t)}'
            f'<figcaption class="ecmp-summary">{escape(summary(data, t))} {legend(t)}</figcaption></figure>'
            f"{export_bar('ecmp-uplinks', DIAGRAM, t)}"
            '<pre class="ecmp-trace" aria-live="polite"></pre>')
