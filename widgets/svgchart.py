"""A static SVG chart of a declared chart output, for pages before (or without) JavaScript.

Deliberately plain: axes with decade or linear ticks, one polyline (or bars) per trace,
a legend. The browser replaces it with an interactive plotly chart of the same data.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from calc.outputs import Chart, Trace
from calc.units import format_number, format_size

__all__ = ["svg_chart"]

W, H = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 90
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


def _range(values: Sequence[float], log: bool) -> tuple[float, float]:
    vals = [math.log10(v) for v in values if v > 0] if log else list(values)
    if not vals:
        return (0.0, 1.0)
    low, high = min(vals), max(vals)
    if log:
        low, high = math.floor(low), math.ceil(high)
    elif low > 0 and not log:
        low = 0.0
    return (low, high) if high > low else (low - 1, high + 1)


def _scale(v: float, lo: float, hi: float, log: bool, a: float, b: float) -> float | None:
    if log:
        if v <= 0:
            return None
        v = math.log10(v)
    return a + (v - lo) / (hi - lo) * (b - a)


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    if log:
        every = max(1, math.ceil((hi - lo) / 8))
        return [10.0 ** e for e in range(int(lo), int(hi) + 1, every)]
    raw = (hi - lo) / 5
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=raw)
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(int((hi - first) / step) + 1)]


def _label(v: float, unit: str) -> str:
    if unit == "B" and v >= 1:
        return format_size(int(v)) if int(v) == v else format_number(v)
    return format_number(v, 3)


def svg_chart(chart: Chart, traces: Sequence[Trace]) -> str:
    """The chart as an accessible SVG string."""
    xs = [x for t in traces for x in t.x]
    ys = [y for t in traces for y in t.y]
    xlo, xhi = _range(xs, chart.log_x)
    ylo, yhi = _range(ys, chart.log_y)
    x0, x1, y0, y1 = LEFT, W - RIGHT, H - BOTTOM, TOP
    parts = [f'<svg class="calc-svg" viewBox="0 0 {W} {H}" role="img" aria-label="{html.escape(chart.title)}" '
             f'xmlns="http://www.w3.org/2000/svg"><title>{html.escape(chart.title)}</title>',
             f'<rect x="{x0}" y="{y1}" width="{x1 - x0}" height="{y0 - y1}" fill="none" stroke="currentColor" '
             f'stroke-opacity="0.3"/>']
    for t in _ticks(xlo, xhi, chart.log_x):
        px = _scale(t, xlo, xhi, chart.log_x, x0, x1)
        if px is not None:
            parts.append(f'<text x="{px:.1f}" y="{y0 + 14}" font-size="10" text-anchor="middle" '
                         f'fill="currentColor">{html.escape(_label(t, chart.x_unit))}</text>')
    for t in _ticks(ylo, yhi, chart.log_y):
        py = _scale(t, ylo, yhi, chart.log_y, y0, y1)
        if py is not None:
            parts.append(f'<line x1="{x0}" x2="{x1}" y1="{py:.1f}" y2="{py:.1f}" stroke="currentColor" '
                         f'stroke-opacity="0.1"/><text x="{x0 - 4}" y="{py + 3:.1f}" font-size="10" '
                         f'text-anchor="end" fill="currentColor">{html.escape(_label(t, chart.y_unit))}</text>')
    for i, trace in enumerate(traces):
        parts.append(_trace_svg(chart, trace, COLOURS[i % len(COLOURS)], (xlo, xhi, ylo, yhi), len(traces), i))
    parts.append(_axis_titles(chart, x0, x1, y0, y1))
    parts.append(_legend(traces, y0))
    parts.append("</svg>")
    return "".join(parts)


def _trace_svg(chart: Chart, trace: Trace, colour: str, box: tuple[float, float, float, float],
               count: int, index: int) -> str:
    xlo, xhi, ylo, yhi = box
    pts = [(_scale(x, xlo, xhi, chart.log_x, LEFT, W - RIGHT), _scale(y, ylo, yhi, chart.log_y, H - BOTTOM, TOP))
           for x, y in zip(trace.x, trace.y)]
    good = [(px, py) for px, py in pts if px is not None and py is not None]
    if chart.style == "bar":
        width = max(1.0, (W - LEFT - RIGHT) / max(1, len(good)) / max(1, count) * 0.8)
        base = H - BOTTOM
        return "".join(f'<rect x="{px - width * count / 2 + index * width:.1f}" y="{min(py, base):.1f}" '
                       f'width="{width:.1f}" height="{abs(base - py):.1f}" fill="{colour}"/>' for px, py in good)
    if chart.style == "markers":
        return "".join(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="{colour}"/>' for px, py in good)
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in good)
    return f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'


def _axis_titles(chart: Chart, x0: float, x1: float, y0: float, y1: float) -> str:
    xt = chart.x_label + (f" ({chart.x_unit})" if chart.x_unit else "")
    yt = chart.y_label + (f" ({chart.y_unit})" if chart.y_unit else "")
    return (f'<text x="{(x0 + x1) / 2}" y="{y0 + 32}" font-size="11" text-anchor="middle" fill="currentColor">'
            f'{html.escape(xt)}</text><text transform="translate(14 {(y0 + y1) / 2}) rotate(-90)" font-size="11" '
            f'text-anchor="middle" fill="currentColor">{html.escape(yt)}</text>')


def _legend(traces: Sequence[Trace], y0: float) -> str:
    items = []
    for i, t in enumerate(traces[:6]):
        x, y = LEFT + (i % 2) * 290, y0 + 50 + (i // 2) * 14
        items.append(f'<rect x="{x}" y="{y - 8}" width="10" height="10" fill="{COLOURS[i % len(COLOURS)]}"/>'
                     f'<text x="{x + 14}" y="{y + 1}" font-size="10" fill="currentColor">{html.escape(t.name[:48])}</text>')
    return "".join(items)
