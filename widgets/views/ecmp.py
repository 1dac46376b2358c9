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

from widgets.texts import T, english

__all__ = ["prerender", "svg", "colour"]

STYLE = """
.ecmp-svg{width:100%;height:auto;font:12px system-ui,sans-serif}
.ecmp-box{fill:none;stroke:currentColor;stroke-opacity:.55}
.ecmp-label{fill:currentColor}.ecmp-small{fill:currentColor;font-size:11px}
.ecmp-fan{stroke:currentColor;stroke-opacity:.18}.ecmp-lane{stroke:currentColor;stroke-opacity:.25}
.ecmp-idle{stroke-dasharray:3 3;stroke:#c0392b;stroke-opacity:.6}
.ecmp-cap{stroke:#c0392b;stroke-dasharray:6 4}
.ecmp-flow{cursor:pointer}
"""
WIDTH = 760
TOP = 56
BOTTOM = 236
SPINE_H = 22


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


def _lanes(paths: int) -> tuple[float, float]:
    """Lane pitch and the x of lane 0."""
    pitch = min(44.0, (WIDTH - 40) / paths)
    return pitch, (WIDTH - pitch * paths) / 2


def _blocks(data: dict[str, Any], unit: float, pitch: float, x0: float, t: T) -> list[str]:
    out = []
    height = [0.0] * data["paths"]
    for conn in data["connections"]:
        for j, qp in enumerate(conn["qps"]):
            lanes = range(data["paths"]) if data["spray"] else [qp["path"]]
            share = 1 / data["paths"] if data["spray"] else 1.0
            for p in lanes:
                h = unit * share
                y = BOTTOM - height[p] - h
                height[p] += h
                tip = _tip(conn, j, qp, t)
                out.append(
                    f'<rect class="ecmp-flow" tabindex="0" data-conn="{conn["id"]}" data-qp="{j}" x="{_f1(x0 + p * pitch + pitch * 0.2)}" '
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


def _spines(data: dict[str, Any], pitch: float, x0: float, t: T) -> list[str]:
    out = []
    loads = data["spine_loads"]
    top = max((max(row) for row in loads), default=1) or 1
    for a, row in enumerate(loads):
        width = pitch * 0.8 / len(row)
        for b, load in enumerate(row):
            h = 40 * load / top
            out.append(f'<rect class="ecmp-spine-up" x="{_f1(x0 + a * pitch + pitch * 0.1 + b * width)}" '
                       f'y="{_f1(BOTTOM + SPINE_H + 46 - h)}" width="{_f1(max(width - 0.3, 0.3))}" height="{_f1(h)}" '
                       f'fill="#777"><title>{t("spine {spine} uplink {uplink}: {load} sub-flows from all leaves", spine=a, uplink=b, load=load)}'
                       "</title></rect>")
    own = t("each spine's own uplinks: sub-flows from every leaf")
    out.append(f'<text x="{_js(WIDTH / 2)}" y="{BOTTOM + SPINE_H + 62}" text-anchor="middle" class="ecmp-label">'
               f"{own}</text>")
    return out


def svg(data: dict[str, Any], t: T = english) -> str:
    """The drawing as an SVG string."""
    u, q = data["paths"], data["qps_per_flow"]
    pitch, x0 = _lanes(u)
    peak = max([*data["loads"], q, 1]) if not data["spray"] else max(data["flows"] * q / u, q, 1)
    unit = (BOTTOM - TOP - 14) / peak
    height = BOTTOM + (SPINE_H + 70 if data["spine_loads"] else SPINE_H + 6)
    parts = [f'<svg class="ecmp-svg" viewBox="0 0 {WIDTH} {height}" role="group" '
             f'aria-label="{t("Sub-flows on {uplinks} uplinks", uplinks=u)}">',
             f'<rect x="{_js(WIDTH / 2 - 90)}" y="6" width="180" height="26" rx="4" class="ecmp-box"/>',
             f'<text x="{_js(WIDTH / 2)}" y="24" text-anchor="middle" class="ecmp-label">'
             f'{t("leaf: {flows} connections × {qps} QP", flows=data["flows"], qps=q)}</text>']
    for p in range(u):
        cx = x0 + (p + 0.5) * pitch
        idle = data["loads"][p] == 0 and not data["spray"]
        parts.append(f'<line x1="{_js(WIDTH / 2)}" y1="32" x2="{_f1(cx)}" y2="{TOP}" class="ecmp-fan"/>')
        parts.append(f'<line x1="{_f1(cx)}" y1="{TOP}" x2="{_f1(cx)}" y2="{BOTTOM}" '
                     f'class="ecmp-lane{" ecmp-idle" if idle else ""}"/>')
        parts.append(f'<rect x="{_f1(x0 + p * pitch + 1)}" y="{BOTTOM}" width="{_f1(pitch - 2)}" height="{SPINE_H}" '
                     f'class="ecmp-box"><title>{t("uplink {uplink}: {load} sub-flows", uplink=p, load=data["loads"][p])}'
                     "</title></rect>")
        if u <= 32:
            parts.append(f'<text x="{_f1(cx)}" y="{BOTTOM + 15}" text-anchor="middle" class="ecmp-small">{p}</text>')
    cap = BOTTOM - unit * q
    parts.append(f'<line x1="{_js(x0)}" y1="{_f1(cap)}" x2="{_js(x0 + pitch * u)}" y2="{_f1(cap)}" class="ecmp-cap"/>')
    parts += _blocks(data, unit, pitch, x0, t)
    if data["spine_loads"]:
        parts += _spines(data, pitch, x0, t)
    parts.append("</svg>")
    return "".join(parts)


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


def prerender(result: dict[str, Any], t: T = english) -> str:
    data = result["data"]
    return (f'<style>{STYLE}</style><figure class="ecmp-figure">{svg(data, t)}<figcaption class="ecmp-summary">'
            f"{escape(summary(data, t))} {legend(t)}</figcaption></figure>")
