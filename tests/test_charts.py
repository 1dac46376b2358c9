"""Build-time SVG charts (widgets/svgchart.py) and live plotly charts (widgets/js/charts.js)
follow the declaration's axis kind and draw the same ticks, colours, dashes and legend."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from calc.outputs import Chart, Trace
from calc.registry import all_calculators, get, run
from widgets import svgchart

ROOT = Path(__file__).resolve().parents[1]
AXES = [("linear", "", [0.0, 37.5]), ("linear", "", [0.0, 0.43]), ("linear", "%", [3.0, 97.0]),
        ("linear", "B", [0.0, 5e9]), ("log", "B", [1024.0, 17179869184.0]), ("log", "B", [1.0, 100.0]),
        ("log", "µs", [0.8, 2.1e6]), ("log", "", [2.0, 8192.0]), ("log", "", [1e-3, 5.0]),
        ("category", "", [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]), ("linear", "Gb/s", [0.0, 12.5, 400.0])]
SCRIPT = """
const charts = await import(process.argv[1]);
const cases = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify({
  axes: cases.axes.map(([kind, unit, values]) => { const a = charts.axisTicks(kind, unit, values); return [a.kind, a.lo, a.hi, a.ticks]; }),
  names: cases.traces.map((traces) => charts.seriesNames(traces, (text, v) => text.replace(/\\{(\\w+)\\}/g, (_, k) => v[k]))),
  colours: charts.COLOURS, dashes: charts.DASHES,
}));
"""


def chart_traces() -> list[list[dict[str, object]]]:
    """The default traces of every declared chart."""
    out = []
    for calc in all_calculators():
        for o in calc.outputs:
            if isinstance(o, Chart):
                out.append(run(calc.name).to_json()["charts"][o.name])
    return out


def _py_axis(kind: str, unit: str, values: list[float]) -> list[object]:
    a = svgchart.axis_ticks(kind, unit, values)
    return [a.kind, round(a.lo, 9), round(a.hi, 9), [[round(v, 6), label] for v, label in a.ticks]]


def _rounded(axis: list[Any]) -> list[Any]:
    kind, lo, hi, ticks = axis
    return [kind, round(float(lo), 9), round(float(hi), 9), [[round(v, 6), label] for v, label in ticks]]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_python_and_javascript_draw_the_same_axes_colours_and_legend() -> None:
    traces = chart_traces()
    cases = {"axes": AXES, "traces": traces}
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT, str(ROOT / "widgets/js/charts.js")],
                         input=json.dumps(cases), capture_output=True, text=True, check=True)
    js = json.loads(out.stdout)
    assert [_rounded(a) for a in js["axes"]] == [_py_axis(*case) for case in AXES]
    py_names = [svgchart.series_names([Trace(t["name"], tuple(t["x"]), tuple(t["y"])) for t in ts])  # type: ignore[arg-type]
                for ts in traces]
    assert js["names"] == py_names
    assert (js["colours"], js["dashes"]) == (list(svgchart.COLOURS), list(svgchart.DASHES))


def test_a_byte_axis_is_labelled_in_binary_units_not_billions() -> None:
    labels = [label for _, label in svgchart.axis_ticks("log", "B", [1024.0, 2.0**34]).ticks]
    assert labels == ["1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"]
    assert [label for _, label in svgchart.axis_ticks("linear", "B", [0, 3e9]).ticks][-1] == "2.79 GiB"


def test_the_training_step_chart_has_a_category_axis_of_tp_degrees() -> None:
    chart = get("step").output("step_vs_tp")
    assert isinstance(chart, Chart) and chart.spec()["x_axis"] == "category"
    svg = svgchart.svg_chart(chart, run("step").outcome.charts["step_vs_tp"])
    ticks = re.findall(r'class="calc-tick"[^>]*text-anchor="middle"[^>]*>([^<]*)<', svg)
    assert ticks == ["1", "2", "4", "8", "16", "32"]


def test_every_bar_and_tick_stays_inside_the_drawing() -> None:
    for calc in all_calculators():
        for o in calc.outputs:
            if isinstance(o, Chart):
                svg = svgchart.svg_chart(o, run(calc.name).outcome.charts[o.name])
                for x, width in re.findall(r'<rect x="([-\d.]+)" y="[-\d.]+" width="([\d.]+)"', svg):
                    assert svgchart.LEFT - 0.5 <= float(x) and float(x) + float(width) <= svgchart.W, (calc.name, o.name)


def test_every_chart_axis_names_its_unit_or_counts_things() -> None:
    counts = {"GPUs", "GPUs per domain", "Packet loss probability", "Sub-flows on an uplink", "Sub-flows on the busiest uplink", "Share of uplinks",
              "Share of trials", "Slowest connection / fair share", "Oversubscription (N:1)",
              "Model time / measured time"}
    for calc in all_calculators():
        for o in calc.outputs:
            if isinstance(o, Chart):
                for label, unit in ((o.x_label, o.x_unit), (o.y_label, o.y_unit)):
                    assert unit or label in counts, f"{calc.name}.{o.name}: axis {label!r} has no unit"


def test_series_hidden_under_an_identical_one_say_so_in_the_legend() -> None:
    names = svgchart.series_names(run("oversubscription").outcome.charts["slowdown"])
    assert "allreduce, packed (same as incast)" in names


def test_preset_curves_say_they_are_textbook_rings() -> None:
    names = [t.name for t in run("collective", {"system": "dgx_h100"}).outcome.charts["time_vs_size"]]
    assert names[:2] == ["Scale-up: NVLink 5 (textbook ring)", "Scale-out: 400G RoCE NIC (textbook ring)"]


WRAP = """
const charts = await import(process.argv[1]);
const chart = { x_axis: "linear", y_axis: "linear", x_unit: "", y_unit: "", x_label: "x", y_label: "y", style: "line" };
const traces = [{ name: "Receiver pausing S→R (same as U→S paused (TCP))", x: [0, 1], y: [0, 1] }];
const layout = (w) => charts.plotLayout(chart, traces, "#000", w);
process.stdout.write(JSON.stringify({ name: charts.plotTraces(chart, traces, (s) => s, 320)[0].name,
  wide: charts.plotTraces(chart, traces, (s) => s, 900)[0].name, phone: layout(320), desktop: layout(900) }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_narrow_plot_wraps_legend_names_at_spaces_and_puts_the_legend_under_it() -> None:
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", WRAP, str(ROOT / "widgets/js/charts.js")],
                                    capture_output=True, text=True, check=True).stdout)
    assert out["name"] == "Receiver pausing S→R (same as U→S<br>paused (TCP))"
    assert out["wide"] == "Receiver pausing S→R (same as U→S paused (TCP))"
    # As tall as the drawings (widgets/phonechart.py, svgchart.py): at 320 px the phone drawing's 361 units to its
    # legend, one entry of two lines (19 + 15) and 4, 300 units drawn 320 px wide; at 900 px the wide drawing's
    # 300 units and one legend row of 16 (a name over 40 characters has its own row), 640 units drawn 900 px wide.
    assert (out["phone"]["height"], out["phone"]["legend"]["yref"]) == (round((361 + 19 + 15 + 4) * 320 / 300), "container")
    assert out["desktop"]["height"] == round((300 + 16) * 900 / 640)
    assert (out["desktop"]["legend"]["yref"], out["desktop"]["legend"]["entrywidth"]) == ("container", 1)


PHONE = """
const charts = await import(process.argv[1]);
const cases = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify({
  ticks: cases.axes.map(([kind, unit, values]) => charts.narrowTicks(charts.axisTicks(kind, unit, values).ticks).map(([, l]) => l)),
  names: cases.names.map((n) => charts.wrapName(n, charts.legendChars(316)).split("<br>")),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_python_and_javascript_thin_a_phone_s_x_ticks_and_wrap_its_legend_alike() -> None:
    names = [str(t["name"]) for traces in chart_traces() for t in traces]
    out = subprocess.run(["node", "--input-type=module", "-e", PHONE, str(ROOT / "widgets/js/charts.js")],
                         input=json.dumps({"axes": AXES, "names": names}), capture_output=True, text=True, check=True)
    js = json.loads(out.stdout)
    assert js["ticks"] == [[label for _, label in svgchart.narrow_ticks(svgchart.axis_ticks(*case).ticks)] for case in AXES]
    assert js["names"] == [svgchart.wrap_name(n, svgchart.legend_chars(316)) for n in names]


def test_a_phone_keeps_every_other_size_tick_and_all_short_ones() -> None:
    sizes = svgchart.axis_ticks("log", "B", [1024.0, 2.0**30]).ticks  # 1 KiB, 32 KiB, ... 1 GiB
    assert [label for _, label in svgchart.narrow_ticks(sizes)] == ["1 KiB", "1 MiB", "1 GiB"]
    times = svgchart.axis_ticks("linear", "", [0.0, 2000.0]).ticks  # 0, 500, ... 2,000: 5 labels of 48 px fit
    assert [label for _, label in svgchart.narrow_ticks(times)] == ["0", "500", "1,000", "1,500", "2,000"]


PHONE_LAYOUT = """
const charts = await import(process.argv[1]);
const chart = { x_axis: "log", y_axis: "linear", x_unit: "B", y_unit: "", x_label: "x", y_label: "y", style: "line" };
const traces = [{ name: "a", x: [1024, 2 ** 30], y: [0, 1] }];
const layout = (w) => charts.plotLayout(chart, traces, "#000", w);
process.stdout.write(JSON.stringify({ phone: layout(316).xaxis.ticktext, column: layout(620).legend.yref,
  desktop: layout(900).xaxis.ticktext }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_live_chart_narrower_than_640_px_takes_the_phone_layout() -> None:
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", PHONE_LAYOUT, str(ROOT / "widgets/js/charts.js")],
                                    capture_output=True, text=True, check=True).stdout)
    assert out["phone"] == ["1 KiB", "1 MiB", "1 GiB"]
    assert out["column"] == "container"  # a 620 px column: legend under the plot, as the phone drawing (#11)
    assert out["desktop"] == ["1 KiB", "32 KiB", "1 MiB", "32 MiB", "1 GiB"]


HEIGHTS = """
const charts = await import(process.argv[1]);
const cases = JSON.parse(await new Promise((ok) => { let s = ""; process.stdin.on("data", (c) => s += c); process.stdin.on("end", () => ok(s)); }));
process.stdout.write(JSON.stringify(cases.names.map((names) => cases.widths.map((w) => charts.drawnHeight(names, w)))));
"""
WIDTHS = (275, 316, 390, 420, 500, 639, 640, 646, 1000)


def _drawn_px(chart: Chart, traces: tuple[Trace, ...], width: int) -> float:
    """The CSS height of the build-time drawing shown in a column ``width`` px wide (widgets.css: the wide
    drawing at least 640 px wide, the phone drawing 275 to 420 px, below 640 px of column)."""
    from widgets import phonechart

    if width < 640:
        svg, units, shown = phonechart.phone_chart(chart, traces, "x"), phonechart.W, min(max(width, 275), 420)
    else:
        svg, units, shown = svgchart.svg_chart(chart, traces), svgchart.W, width
    height = float(re.search(r'viewBox="0 0 \d+ ([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    return height * shown / units


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_live_chart_is_as_tall_as_its_build_time_drawing_at_every_width() -> None:
    declared = [(o, run(c.name).outcome.charts[o.name]) for c in all_calculators() for o in c.outputs
                if isinstance(o, Chart)]
    cases = {"names": [svgchart.series_names(traces) for _, traces in declared], "widths": WIDTHS}
    out = subprocess.run(["node", "--input-type=module", "-e", HEIGHTS, str(ROOT / "widgets/js/charts.js")],
                         input=json.dumps(cases), capture_output=True, text=True, check=True)
    expected = [[round(_drawn_px(chart, traces, w), 1) for w in WIDTHS] for chart, traces in declared]
    assert [[round(h, 1) for h in row] for row in json.loads(out.stdout)] == expected
