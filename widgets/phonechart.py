"""The phone drawing of a build-time chart (#11): what the live plotly chart shows in a column
narrower than 640 px (``widgets/js/charts.js``, NARROW_PX), drawn before Python is live.

Like the live chart on a phone it has its legend under the plot, one entry a row, names wrapped
at spaces; x tick labels thinned so that they fit side by side (``svgchart.narrow_ticks``); 12 px
text. It is drawn 300 units wide, sized for a 390 px phone's 316 px column, and a container query
(widgets.css) shows it instead of the wide drawing, as the ECMP and PFC diagrams do. Its lines
and bars are the wide drawing's group, reused by ``<use>`` under a transform, so that the page
carries them once; ``vector-effect`` (widgets.css) keeps their strokes 2 px. (A "markers" chart's
dots would be stretched by that transform: no declared chart draws markers.)
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from calc.outputs import Chart, Trace
from widgets import svgchart
from widgets.svgchart import Axis
from widgets.texts import T, english

__all__ = ["phone_chart", "W", "COLUMN_PX"]

W = 300
COLUMN_PX = 316  # the text column of a 390 px phone, the width the live chart is laid out for
UNIT = W / COLUMN_PX  # drawing units per CSS px at that width
TOP, RIGHT = round(20 * UNIT), round(20 * UNIT)  # plotly's margins (charts.js plotLayout)
MIN_LEFT = round(70 * UNIT)
PLOT_BOTTOM = TOP + round(300 * UNIT)  # plotly's 380 px height less its 20 + 60 px margins
LEGEND_TOP = round(380 * UNIT)
ENTRY, LINE = 19, 15  # a legend entry of one line; each further line of a wrapped name
FONT, TITLE_FONT = 12, 13


def _edges(x: Axis, y: Axis) -> tuple[int, int]:
    """The plot's left and right edges, with room (plotly's automargin) for the y axis title and
    the widest y tick label, and for half the x tick label at the axis' end."""
    chars = max((len(label) for _, label in y.ticks), default=0)
    last = svgchart.narrow_ticks(x.ticks)[-1:]
    at_end = [label for value, label in last if (x.scale(value, 0, 1) or 0) > 0.999]
    half = math.ceil(len(at_end[0]) * svgchart.CHAR_PX / 2) + 2 if at_end else 0
    return max(MIN_LEFT, math.ceil(chars * svgchart.CHAR_PX) + 28), W - max(RIGHT, half)


def _names(traces: Sequence[Trace], t: T) -> list[list[str]]:
    chars = svgchart.legend_chars(COLUMN_PX)
    return [svgchart.wrap_name(n, chars) for n in svgchart.series_names(traces, t)]


def _height(names: Sequence[Sequence[str]]) -> int:
    return LEGEND_TOP + sum(ENTRY + (len(lines) - 1) * LINE for lines in names) + 4


def phone_chart(chart: Chart, traces: Sequence[Trace], lines_id: str, t: T = english) -> str:
    """The phone drawing of ``chart``, reusing the wide drawing's group ``lines_id`` (svgchart.svg_chart)."""
    x, y = svgchart.chart_axes(chart, traces)
    edges, names = _edges(x, y), _names(traces, t)
    title = html.escape(chart.title)
    return "".join([
        f'<svg class="calc-svg calc-svg-narrow" viewBox="0 0 {W} {_height(names)}" role="img" aria-label="{title}" '
        f'xmlns="http://www.w3.org/2000/svg" data-x-axis="{x.kind}" '
        f'data-y-axis="{y.kind}" fill="currentColor" '
        f'font-size="{FONT}"><title>{title}</title>', _grid(x, y, edges), _x_ticks(x, edges),
        _y_ticks(y, edges[0]), _lines(lines_id, edges), _titles(chart, edges), _legend(chart, names), "</svg>"])


def _n(v: float) -> str:
    """A coordinate in few bytes: 93, 171.3."""
    return f"{v:.1f}".removesuffix(".0")


def _x_positions(x: Axis, edges: tuple[int, int]) -> list[tuple[float, str]]:
    return [(px, label) for value, label in svgchart.narrow_ticks(x.ticks) if (px := x.scale(value, *edges)) is not None]


def _y_positions(y: Axis) -> list[tuple[float, str]]:
    return [(py, label) for value, label in y.ticks if (py := y.scale(value, PLOT_BOTTOM, TOP)) is not None]


def _grid(x: Axis, y: Axis, edges: tuple[int, int]) -> str:
    """Grid lines at the ticks of both axes (plotly's), one faint path."""
    d = "".join(f"M{_n(px)} {TOP}V{PLOT_BOTTOM}" for px, _ in _x_positions(x, edges))
    d += "".join(f"M{edges[0]} {_n(py)}H{edges[1]}" for py, _ in _y_positions(y))
    return f'<path d="{d}" stroke="currentColor" stroke-opacity="0.12"/>'


def _x_ticks(x: Axis, edges: tuple[int, int]) -> str:
    return "".join(f'<text class="calc-tick" x="{_n(px)}" y="{PLOT_BOTTOM + 15}" text-anchor="middle">'
                   f"{html.escape(label)}</text>" for px, label in _x_positions(x, edges))


def _y_ticks(y: Axis, left: int) -> str:
    return "".join(f'<text class="calc-tick" x="{left - 5}" y="{_n(py + 4)}" text-anchor="end">{html.escape(label)}</text>'
                   for py, label in _y_positions(y))


def _lines(lines_id: str, edges: tuple[int, int]) -> str:
    """The wide drawing's lines and bars, its plot area mapped onto this one's. ``xlink:href``, not
    ``href``: mkdocs-material's instant navigation re-assigns every ``[href]`` element's ``href``,
    which an SVG ``<use>`` refuses (a read-only property; an uncaught error)."""
    left, right = edges
    sx = (right - left) / (svgchart.W - svgchart.RIGHT - svgchart.LEFT)
    sy = (PLOT_BOTTOM - TOP) / (svgchart.H - svgchart.BOTTOM - svgchart.TOP)
    dx, dy = left - svgchart.LEFT * sx, TOP - svgchart.TOP * sy
    return f'<use xlink:href="#{lines_id}" transform="matrix({sx:.5f} 0 0 {sy:.5f} {dx:.3f} {dy:.3f})"/>'


def _titles(chart: Chart, edges: tuple[int, int]) -> str:
    mid_x, mid_y = sum(edges) / 2, (TOP + PLOT_BOTTOM) / 2
    x_title = html.escape(svgchart.axis_title(chart.x_label, chart.x_unit))
    y_title = html.escape(svgchart.axis_title(chart.y_label, chart.y_unit))
    return (f'<text x="{mid_x:.1f}" y="{PLOT_BOTTOM + 42}" font-size="{TITLE_FONT}" text-anchor="middle">{x_title}</text>'
            f'<text transform="translate(14 {mid_y:.1f}) rotate(-90)" font-size="{TITLE_FONT}" '
            f'text-anchor="middle">{y_title}</text>')


def _legend(chart: Chart, names: Sequence[Sequence[str]]) -> str:
    """One entry a row under the plot, the sample centred on the entry's lines (plotly's legend)."""
    items, top = [], LEGEND_TOP
    for i, lines in enumerate(names):
        mid = top + ENTRY / 2 + (len(lines) - 1) * LINE / 2
        items.append(_mark(chart, i, mid) + f'<text x="38" y="{top + ENTRY / 2 + 4:.1f}">' + "".join(
            f'<tspan x="38" dy="{LINE if k else 0}">{html.escape(line)}</tspan>' if len(lines) > 1 else html.escape(line)
            for k, line in enumerate(lines)) + "</text>")
        top += ENTRY + (len(lines) - 1) * LINE
    return f'<g class="calc-legend">{"".join(items)}</g>'


def _mark(chart: Chart, i: int, mid: float) -> str:
    colour, dash = svgchart.COLOURS[i % len(svgchart.COLOURS)], svgchart.DASHES[i % len(svgchart.DASHES)]
    if chart.style in ("line", "step"):
        pattern = f' stroke-dasharray="{dash}"' if dash else ""
        return f'<line x1="4" x2="32" y1="{mid:.1f}" y2="{mid:.1f}" stroke="{colour}" stroke-width="2"{pattern}/>'
    return f'<rect x="12" y="{mid - 5:.1f}" width="10" height="10" fill="{colour}"/>'
