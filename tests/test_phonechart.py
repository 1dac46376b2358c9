"""The phone drawing of a build-time chart (widgets/phonechart.py): the live chart's phone layout
(legend under the plot, one entry a row, thinned x ticks, 12 px text), its lines reused from the
wide drawing, everything inside its 300 units."""

from __future__ import annotations

import re

from calc.outputs import Chart
from calc.registry import all_calculators, get, run
from widgets import phonechart, svgchart


def drawings() -> list[tuple[str, str]]:
    """Every declared chart's default phone drawing, by name."""
    out = []
    for calc in all_calculators():
        for o in calc.outputs:
            if isinstance(o, Chart):
                out.append((f"{calc.name}.{o.name}", phonechart.phone_chart(o, run(calc.name).outcome.charts[o.name], "l")))
    return out


def test_the_phone_drawing_reuses_the_wide_drawing_s_lines() -> None:
    chart, traces = get("collective").output("time_vs_size"), run("collective").outcome.charts["time_vs_size"]
    assert isinstance(chart, Chart)
    wide = svgchart.svg_chart(chart, traces, lines_id="w-lines")
    phone = phonechart.phone_chart(chart, traces, "w-lines")
    assert re.search(r'<g id="w-lines">(<polyline [^>]*/>){3}</g>', wide)
    assert '<use xlink:href="#w-lines" ' in phone and "<polyline" not in phone


def test_every_x_tick_label_fits_inside_the_phone_drawing() -> None:
    for name, svg in drawings():
        for x, label in re.findall(r'<text class="calc-tick" x="([\d.]+)" y="\d+" text-anchor="middle">([^<]*)<', svg):
            half = len(label) * svgchart.CHAR_PX / 2
            assert 0 <= float(x) - half and float(x) + half <= phonechart.W, (name, label)


def test_phone_text_is_12_units_or_more() -> None:
    for name, svg in drawings():
        assert 'font-size="12"' in svg.split(">", 1)[0], name
        assert {int(s) for s in re.findall(r'font-size="(\d+)"', svg)} <= {12, 13}, name


def test_the_legend_is_under_the_plot_one_entry_a_row_with_long_names_wrapped() -> None:
    chart, traces = get("congestion").output("pause"), run("congestion").outcome.charts["pause"]
    assert isinstance(chart, Chart)
    svg = phonechart.phone_chart(chart, traces, "l")
    legend = re.search(r'<g class="calc-legend">(.*)</g>', svg)
    assert legend
    rows = [float(y) for y in re.findall(r'<line x1="4" x2="32" y1="([\d.]+)"', legend.group(1))]
    assert len(rows) == len(traces) and rows == sorted(set(rows)) and rows[0] > phonechart.PLOT_BOTTOM + 42
    assert '<tspan x="38" dy="15">paused (TCP))</tspan>' in legend.group(1)  # "Receiver pausing S→R (same as …)"
