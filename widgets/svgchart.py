"""A static SVG chart of a declared chart output, for pages before (or without) JavaScript.

The browser replaces it with a plotly chart of the same data, drawn by ``widgets/js/charts.js``.
Both follow the same rules, kept in step by ``tests/test_charts.py``: the axis kind the
declaration names (linear, log or category), the same ticks and tick labels (byte axes in
KiB/MiB/GiB, never plotly's "1B" for a billion), the same colours, a dash pattern per line
so that series lying on top of each other stay visible, and "(same as …)" in the legend for
a series identical to an earlier one.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

from calc.outputs import Chart, Trace
from widgets.texts import T, english

__all__ = ["svg_chart", "chart_axes", "axis_ticks", "axis_title", "bar_axis", "series_names", "narrow_ticks", "wrap_name", "legend_chars",
           "COLOURS", "DASHES", "Axis"]

W, H = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 78, 20, 16, 50
LEGEND_ROW = 16
LEGEND_CHARS = 40  # longer names get one legend column
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
DASHES = ("", "9,3", "3,3", "9,3,3,3", "15,4", "2,6", "6,2", "12,3,3,3,3,3")
BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")
MAX_TICKS = 8
# A phone's chart (widgets/js/charts.js, NARROW_PX): x tick labels thinned to fit side by side, legend
# names wrapped at spaces. Widths are estimates at the charts' 12 px font, widest average character.
NARROW_PLOT_PX = 240  # room for x tick labels under the plot in a 390 px phone's column (316 px)
CHAR_PX = 7.2
TICK_GAP_PX = 12
LEGEND_MARK_PX = 48  # the line sample and gaps before a legend name


@dataclass(frozen=True)
class Axis:
    """An axis' kind, its range in drawing units (log10 for log axes, index for categories), its ticks."""

    kind: str
    lo: float
    hi: float
    ticks: tuple[tuple[float, str], ...]
    cats: tuple[float, ...] = ()

    def scale(self, v: float, a: float, b: float) -> float | None:
        """Drawing position of data value ``v`` between ``a`` (at lo) and ``b`` (at hi)."""
        if self.kind == "category":
            v = float(self.cats.index(v))
        elif self.kind == "log":
            if v <= 0:
                return None
            v = math.log10(v)
        return a + (v - self.lo) / (self.hi - self.lo) * (b - a)


def _fixed(v: float, decimals: int) -> str:
    return f"{v:,.{decimals}f}" if decimals else f"{round(v):,}"


def byte_label(v: float) -> str:
    """1024 -> ``1 KiB``, 1536 -> ``1.5 KiB``: binary units, at most three significant digits."""
    k = 0
    while k < len(BYTE_UNITS) - 1 and abs(v) >= 1024 ** (k + 1):
        k += 1
    scaled = v / 1024 ** k
    text = f"{scaled:.{max(0, 2 - math.floor(math.log10(abs(scaled))))}f}" if scaled else "0"
    return (text.rstrip("0").rstrip(".") if "." in text else text) + f" {BYTE_UNITS[k]}"


def _decade_label(e: int) -> str:
    if e >= 7:
        return f"1e{e}"
    return f"{10 ** e:,}" if e >= 0 else f"{10.0 ** e:.{-e}f}"


def _nice_step(span: float) -> float:
    raw = span / 5
    mag = 10 ** math.floor(math.log10(raw))
    return float(min(m * mag for m in (1, 2, 5, 10) if m * mag >= raw * 0.999))


def _linear(values: Sequence[float], unit: str) -> Axis:
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    lo = min(lo, 0.0)
    hi = hi if hi > lo else lo + 1
    step = _nice_step(hi - lo)
    hi = math.ceil(hi / step - 1e-9) * step
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    count = round((hi - lo) / step)
    first = math.ceil(lo / step - 1e-9)
    ticks = [round((first + i) * step, 12) for i in range(count + 1)]
    label = byte_label if unit == "B" else (lambda t: _fixed(t, decimals))
    return Axis("linear", lo, hi, tuple((t, label(t)) for t in ticks))


def _log_bytes(values: Sequence[float]) -> Axis:
    exps = [math.log2(v) for v in values if v > 0] or [0.0, 1.0]
    lo, hi = math.floor(min(exps) + 1e-9), math.ceil(max(exps) - 1e-9)
    hi = hi if hi > lo else lo + 1
    step = next(s for s in (1, 2, 5, 10, 20, 40) if (hi - lo) // s + 1 <= MAX_TICKS)
    ticks = [e for e in range(lo, hi + 1) if e % step == 0]
    return Axis("log", lo * math.log10(2), hi * math.log10(2), tuple((2.0 ** e, byte_label(2.0 ** e)) for e in ticks))


def _log(values: Sequence[float], unit: str) -> Axis:
    if unit == "B":
        return _log_bytes(values)
    exps = [math.log10(v) for v in values if v > 0] or [0.0, 1.0]
    lo, hi = math.floor(min(exps) + 1e-9), math.ceil(max(exps) - 1e-9)
    hi = hi if hi > lo else lo + 1
    step = max(1, math.ceil((hi - lo + 1) / MAX_TICKS))
    return Axis("log", lo, hi, tuple((10.0 ** e, _decade_label(e)) for e in range(lo, hi + 1, step)))


def _categories(values: Sequence[float], unit: str) -> Axis:
    cats = list(dict.fromkeys(values))
    label = byte_label if unit == "B" else (lambda t: _fixed(t, 0) if t == int(t) else f"{t:g}")
    return Axis("category", -0.5, len(cats) - 0.5, tuple((c, label(c)) for c in cats), tuple(cats))


def axis_ticks(kind: str, unit: str, values: Sequence[float]) -> Axis:
    """The axis of ``kind`` (linear, log or category) spanning ``values``, with labelled ticks."""
    return {"log": _log, "category": _categories}.get(kind, _linear)(values, unit)


def bar_axis(axis: Axis, values: Sequence[float]) -> Axis:
    """A linear x axis under bars, widened by half the closest spacing so the end bars fit."""
    xs = sorted(set(values))
    if axis.kind != "linear" or len(xs) < 2:
        return axis
    pad = min(b - a for a, b in zip(xs, xs[1:])) / 2
    return Axis("linear", min(axis.lo, xs[0] - pad), max(axis.hi, xs[-1] + pad), axis.ticks)


def series_names(traces: Sequence[Trace], t: T = english) -> list[str]:
    """Legend names; a series identical to an earlier one says so (it is drawn on top of it)."""
    names = []
    for i, trace in enumerate(traces):
        same = next((u.name for u in traces[:i] if list(u.x) == list(trace.x) and list(u.y) == list(trace.y)), None)
        names.append(t("{name} (same as {same})", name=trace.name, same=same) if same else trace.name)
    return names


def narrow_ticks(ticks: Sequence[tuple[float, str]]) -> tuple[tuple[float, str], ...]:
    """Every k-th tick from the first, the smallest k whose labels fit side by side under a phone's plot."""
    widest = max((len(label) for _, label in ticks), default=0) * CHAR_PX + TICK_GAP_PX
    k = 1
    while k < len(ticks) and math.ceil(len(ticks) / k) * widest > NARROW_PLOT_PX:
        k += 1
    return tuple(ticks[::k])


def legend_chars(width_px: float) -> int:
    """How many characters of a legend name fit on one line in a plot ``width_px`` wide."""
    return max(12, math.floor((width_px - LEGEND_MARK_PX) / CHAR_PX))


def wrap_name(name: str, chars: int) -> list[str]:
    """``name`` broken at spaces into lines of at most ``chars`` characters (a longer word keeps its line)."""
    lines: list[str] = []
    for word in name.split(" "):
        if lines and len(f"{lines[-1]} {word}") <= chars:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


def axis_title(label: str, unit: str) -> str:
    return f"{label} ({unit})" if unit and unit != "B" else label


def chart_axes(chart: Chart, traces: Sequence[Trace]) -> tuple[Axis, Axis]:
    """The chart's x axis (widened for bars) and y axis over every trace's values."""
    xs = [v for t in traces for v in t.x]
    x = axis_ticks(chart.x_kind, chart.x_unit, xs)
    x = bar_axis(x, xs) if chart.style == "bar" else x
    return x, axis_ticks(chart.y_kind, chart.y_unit, [v for t in traces for v in t.y])


def svg_chart(chart: Chart, traces: Sequence[Trace], t: T = english, lines_id: str = "") -> str:
    """The chart as an accessible SVG string; ``chart`` and the trace names already in the page's
    language (calc.i18n), ``t`` for the chart's own words. With ``lines_id`` it is the wide one of two
    drawings (widgets.phonechart), its lines and bars a group of that id the phone drawing reuses."""
    x, y = chart_axes(chart, traces)
    names = series_names(traces, t)
    rows = math.ceil(len(traces) / _columns(names))
    height = H + rows * LEGEND_ROW
    parts = [f'<svg class="calc-svg{" calc-svg-wide" if lines_id else ""}" viewBox="0 0 {W} {height}" role="img" '
             f'aria-label="{html.escape(chart.title)}" '
             f'xmlns="http://www.w3.org/2000/svg" data-x-axis="{x.kind}" data-y-axis="{y.kind}">'
             f"<title>{html.escape(chart.title)}</title>",
             f'<rect x="{LEFT}" y="{TOP}" width="{W - RIGHT - LEFT}" height="{H - BOTTOM - TOP}" fill="none" '
             f'stroke="currentColor" stroke-opacity="0.3"/>', _x_ticks(x), _y_ticks(y)]
    parts += [f'<g id="{lines_id}">' if lines_id else ""]
    parts += [_trace_svg(chart, t, i, len(traces), (x, y)) for i, t in enumerate(traces)]
    parts += ["</g>" if lines_id else ""]
    parts += [_axis_titles(chart), _legend(chart, names), "</svg>"]
    return "".join(parts)


def _x_ticks(x: Axis) -> str:
    out = []
    for value, label in x.ticks:
        px = x.scale(value, LEFT, W - RIGHT)
        if px is not None:
            out.append(f'<text class="calc-tick" x="{px:.1f}" y="{H - BOTTOM + 15}" font-size="11" '
                       f'text-anchor="middle" fill="currentColor">{html.escape(label)}</text>')
    return "".join(out)


def _y_ticks(y: Axis) -> str:
    out = []
    for value, label in y.ticks:
        py = y.scale(value, H - BOTTOM, TOP)
        if py is not None:
            out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{py:.1f}" y2="{py:.1f}" stroke="currentColor" '
                       f'stroke-opacity="0.12"/><text class="calc-tick" x="{LEFT - 5}" y="{py + 4:.1f}" '
                       f'font-size="11" text-anchor="end" fill="currentColor">{html.escape(label)}</text>')
    return "".join(out)


def _points(trace: Trace, axes: tuple[Axis, Axis]) -> list[tuple[float, float]]:
    x, y = axes
    pts = [(x.scale(a, LEFT, W - RIGHT), y.scale(b, H - BOTTOM, TOP)) for a, b in zip(trace.x, trace.y)]
    return [(px, py) for px, py in pts if px is not None and py is not None]


def _trace_svg(chart: Chart, trace: Trace, i: int, count: int, axes: tuple[Axis, Axis]) -> str:
    pts = _points(trace, axes)
    colour = _colour(i)
    if chart.style == "bar":
        return _bars(pts, colour, i, count, axes[0])
    if chart.style == "markers":
        return "".join(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colour}"/>' for px, py in pts)
    if chart.style == "step":
        pts = [p for k, p in enumerate(pts) for p in ([p] if k == 0 else [(p[0], pts[k - 1][1]), p])]
    dash = f' stroke-dasharray="{DASHES[i % len(DASHES)]}"' if DASHES[i % len(DASHES)] else ""
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    return f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'


def _bars(pts: list[tuple[float, float]], colour: str, i: int, count: int, x: Axis) -> str:
    band = (W - RIGHT - LEFT) / (x.hi - x.lo) * (1 if x.kind == "category" else _spacing(pts, x))
    width = band * 0.8 / count
    base = H - BOTTOM
    return "".join(f'<rect x="{px - band * 0.4 + i * width:.1f}" y="{min(py, base):.1f}" width="{width:.1f}" '
                   f'height="{abs(base - py):.1f}" fill="{colour}"/>' for px, py in pts)


def _spacing(pts: list[tuple[float, float]], x: Axis) -> float:
    """Closest spacing of the bars' x values, in data units (1 when there is only one bar)."""
    px = sorted({p for p, _ in pts})
    width = (W - RIGHT - LEFT) / (x.hi - x.lo)
    return min((b - a for a, b in zip(px, px[1:])), default=width) / width


def _axis_titles(chart: Chart) -> str:
    mid_x, mid_y = (LEFT + W - RIGHT) / 2, (TOP + H - BOTTOM) / 2
    return (f'<text x="{mid_x}" y="{H - BOTTOM + 36}" font-size="12" text-anchor="middle" fill="currentColor">'
            f"{html.escape(axis_title(chart.x_label, chart.x_unit))}</text><text transform=\"translate(16 {mid_y}) "
            f'rotate(-90)" font-size="12" text-anchor="middle" fill="currentColor">'
            f"{html.escape(axis_title(chart.y_label, chart.y_unit))}</text>")


def _columns(names: Sequence[str]) -> int:
    return 2 if max((len(n) for n in names), default=0) <= LEGEND_CHARS else 1


def _legend(chart: Chart, names: Sequence[str]) -> str:
    items, cols = [], _columns(names)
    for i, name in enumerate(names):
        x, y = LEFT + (i % cols) * 280, H + 4 + (i // cols) * LEGEND_ROW
        dash = DASHES[i % len(DASHES)] if chart.style in ("line", "step") else ""
        mark = (f'<line x1="{x}" x2="{x + 22}" y1="{y}" y2="{y}" stroke="{_colour(i)}" stroke-width="2"'
                f'{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>'
                if chart.style in ("line", "step") else
                f'<rect x="{x + 6}" y="{y - 5}" width="10" height="10" fill="{_colour(i)}"/>')
        items.append(f'{mark}<text x="{x + 28}" y="{y + 4}" font-size="11" fill="currentColor">'
                     f"{html.escape(name)}</text>")
    return "".join(items)
