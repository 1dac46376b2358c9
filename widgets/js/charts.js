// Live charts: plotly traces and layout for a declared chart output. The JavaScript twin of
// widgets/svgchart.py (the build-time SVG): the same axis kinds, ticks and tick labels, colours,
// dash patterns and legend names, kept in step by tests/test_charts.py. No DOM at import time,
// so node can load this module for that test.

export const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"];
export const DASHES = ["", "9,3", "3,3", "9,3,3,3", "15,4", "2,6", "6,2", "12,3,3,3,3,3"];
const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
const MAX_TICKS = 8;
const LOG10_2 = Math.log10(2);

// One formatter per number of decimals (what toLocaleString makes anew on every call).
const formats = new Map();
const grouped = (v, decimals) => {
  if (!formats.has(decimals)) formats.set(decimals, new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
  return formats.get(decimals).format(v);
};
const fixed = (v, decimals) => (decimals ? grouped(v, decimals) : Math.round(v).toLocaleString("en-US"));

export function byteLabel(v) {
  let k = 0;
  while (k < BYTE_UNITS.length - 1 && Math.abs(v) >= 1024 ** (k + 1)) k += 1;
  const scaled = v / 1024 ** k;
  let text = scaled ? scaled.toFixed(Math.max(0, 2 - Math.floor(Math.log10(Math.abs(scaled))))) : "0";
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return `${text} ${BYTE_UNITS[k]}`;
}

function decadeLabel(e) {
  if (e >= 7) return `1e${e}`;
  return e >= 0 ? (10 ** e).toLocaleString("en-US") : (10 ** e).toFixed(-e);
}

function niceStep(span) {
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return Math.min(...[1, 2, 5, 10].map((m) => m * mag).filter((s) => s >= raw * 0.999));
}

const round12 = (v) => Number(v.toFixed(12));

function linear(values, unit) {
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  lo = Math.min(lo, 0);
  hi = hi > lo ? hi : lo + 1;
  const step = niceStep(hi - lo);
  hi = Math.ceil(hi / step - 1e-9) * step;
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const count = Math.round((hi - lo) / step);
  const first = Math.ceil(lo / step - 1e-9);
  const ticks = Array.from({ length: count + 1 }, (_, i) => round12((first + i) * step));
  const label = unit === "B" ? byteLabel : (t) => fixed(t, decimals);
  return { kind: "linear", lo, hi, ticks: ticks.map((t) => [t, label(t)]) };
}

function exponents(values, log) {
  const exps = values.filter((v) => v > 0).map(log);
  return exps.length ? exps : [0, 1];
}

function logBytes(values) {
  const exps = exponents(values, Math.log2);
  const lo = Math.floor(Math.min(...exps) + 1e-9);
  let hi = Math.ceil(Math.max(...exps) - 1e-9);
  hi = hi > lo ? hi : lo + 1;
  const step = [1, 2, 5, 10, 20, 40].find((s) => Math.floor((hi - lo) / s) + 1 <= MAX_TICKS);
  const ticks = [];
  for (let e = lo; e <= hi; e++) if (e % step === 0) ticks.push([2 ** e, byteLabel(2 ** e)]);
  return { kind: "log", lo: lo * LOG10_2, hi: hi * LOG10_2, ticks };
}

function log(values, unit) {
  if (unit === "B") return logBytes(values);
  const exps = exponents(values, Math.log10);
  const lo = Math.floor(Math.min(...exps) + 1e-9);
  let hi = Math.ceil(Math.max(...exps) - 1e-9);
  hi = hi > lo ? hi : lo + 1;
  const step = Math.max(1, Math.ceil((hi - lo + 1) / MAX_TICKS));
  const ticks = [];
  for (let e = lo; e <= hi; e += step) ticks.push([10 ** e, decadeLabel(e)]);
  return { kind: "log", lo, hi, ticks };
}

function categories(values, unit) {
  const cats = [...new Set(values)];
  const label = unit === "B" ? byteLabel : (t) => (Number.isInteger(t) ? fixed(t, 0) : String(t));
  return { kind: "category", lo: -0.5, hi: cats.length - 0.5, ticks: cats.map((c) => [c, label(c)]), cats };
}

/** The axis of `kind` (linear, log or category) spanning `values`, with labelled ticks. */
export function axisTicks(kind, unit, values) {
  return ({ log, category: categories }[kind] ?? linear)(values, unit);
}

/** A linear x axis under bars, widened by half the closest spacing so the end bars fit. */
export function barAxis(axis, values) {
  const xs = [...new Set(values)].sort((a, b) => a - b);
  if (axis.kind !== "linear" || xs.length < 2) return axis;
  const pad = Math.min(...xs.slice(1).map((b, i) => b - xs[i])) / 2;
  return { ...axis, lo: Math.min(axis.lo, xs[0] - pad), hi: Math.max(axis.hi, xs[xs.length - 1] + pad) };
}

const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Legend names; a series identical to an earlier one says so (it is drawn on top of it). */
export function seriesNames(traces, t) {
  return traces.map((trace, i) => {
    const twin = traces.slice(0, i).find((u) => same(u.x, trace.x) && same(u.y, trace.y));
    return twin ? t("{name} (same as {same})", { name: trace.name, same: twin.name }) : trace.name;
  });
}

const title = (label, unit) => (unit && unit !== "B" ? `${label} (${unit})` : label);
const dashPx = (dash) => (dash ? dash.split(",").map((d) => `${d}px`).join(",") : "solid");

// Below this drawn width (a phone) the legend goes under the plot, one entry per line, each name
// broken at spaces into lines that fit: plotly neither wraps a name nor keeps it inside the plot.
// The x tick labels are thinned to fit side by side. The build-time chart's phone drawing
// (widgets/phonechart.py) is shown below the same width (the diagrams' 640 px) and looks the same.
export const NARROW_PX = 640;
const LEGEND_CHAR_PX = 7.2; // plotly's 12 px system font, widest average (digits, capitals)
const NARROW_PLOT_PX = 240; // room for x tick labels under the plot in a 390 px phone's column
const TICK_GAP_PX = 12;
const LEGEND_MARK_PX = 48; // the line sample and gaps before the name
const LEGEND_ENTRY_PX = 20; // one legend entry of one line
const LEGEND_LINE_PX = 16; // each further line of a wrapped name

/** `name` broken at spaces into lines of at most `chars` characters, joined with plotly's <br>. */
export function wrapName(name, chars) {
  const lines = [];
  for (const word of name.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join("<br>");
}

/** Every k-th tick from the first, the smallest k whose labels fit side by side under a phone's plot. */
export function narrowTicks(ticks) {
  const widest = Math.max(0, ...ticks.map(([, label]) => label.length)) * LEGEND_CHAR_PX + TICK_GAP_PX;
  let k = 1;
  while (k < ticks.length && Math.ceil(ticks.length / k) * widest > NARROW_PLOT_PX) k += 1;
  return ticks.filter((_, i) => i % k === 0);
}

export const legendChars = (width) => Math.max(12, Math.floor((width - LEGEND_MARK_PX) / LEGEND_CHAR_PX));
const narrow = (width) => width > 0 && width < NARROW_PX;

export function plotTraces(chart, traces, t, width = 0) {
  const names = seriesNames(traces, t).map((n) => (narrow(width) ? wrapName(n, legendChars(width)) : n));
  const x = axisTicks(chart.x_axis, chart.x_unit, traces.flatMap((t) => t.x));
  return traces.map((t, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const lines = chart.style === "line" || chart.style === "step";
    return {
      type: chart.style === "bar" ? "bar" : "scatter",
      mode: chart.style === "markers" ? "markers" : "lines",
      name: names[i],
      // A category axis gets the tick labels as x, so plotly keeps the declared order and names.
      x: x.kind === "category" ? t.x.map((v) => x.ticks[x.cats.indexOf(v)][1]) : t.x,
      y: t.y,
      marker: { color: colour },
      line: lines ? { color: colour, width: 2, dash: dashPx(DASHES[i % DASHES.length]), shape: chart.style === "step" ? "hv" : "linear" } : undefined,
      text: t.text && t.text.length ? t.text : undefined,
    };
  });
}

// `phone`: the x axis of a narrow plot, its tick labels thinned (narrowTicks).
function plotAxis(label, unit, axis, phone = false) {
  const base = { title: { text: title(label, unit) }, gridcolor: "rgba(128,128,128,0.25)", zeroline: false, automargin: true };
  const ticks = phone ? narrowTicks(axis.ticks) : axis.ticks;
  if (axis.kind === "category") {
    return phone ? { ...base, type: "category", tickmode: "array", tickvals: ticks.map(([, l]) => l) } : { ...base, type: "category" };
  }
  return { ...base, type: axis.kind, range: [axis.lo, axis.hi], tickmode: "array",
    tickvals: ticks.map(([v]) => v), ticktext: ticks.map(([, l]) => l) };
}

/** Height of a legend of one entry a row, each name wrapped to `width`: `entry` for its first line, `line` a further one. */
function stackedLegend(names, width, entry, line) {
  return names.reduce((sum, n) => sum + entry + (wrapName(n, legendChars(width)).split("<br>").length - 1) * line, 0);
}

/** Height (px) of the legend under a narrow plot, one entry per row (0 when the plot is wide). */
function legendHeight(names, width) {
  return narrow(width) ? stackedLegend(names, width, LEGEND_ENTRY_PX, LEGEND_LINE_PX) : 0;
}

// The build-time drawings' proportions (widgets/svgchart.py W, H, LEGEND_ROW, LEGEND_CHARS, TOP,
// BOTTOM, LEFT; widgets/phonechart.py W, COLUMN_PX, LEGEND_TOP, ENTRY, LINE; the drawn widths in
// widgets.css). A live chart is as tall as the drawing it replaces at the same width, so that
// nothing under it moves when it is drawn (tests/test_charts.py keeps the two in step).
const WIDE = { units: 640, plot: 300, row: 16, chars: 40, top: 16, bottom: 50, left: 78 };
const PHONE = { units: 300, column: 316, minPx: 275, maxPx: 420, legendTop: 361, entry: 19, line: 15, end: 4 };

/** Rows of the wide drawing's legend: two names a row, one where a name is longer than 40 characters. */
export function legendRows(names) {
  const columns = Math.max(0, ...names.map((n) => n.length)) <= WIDE.chars ? 2 : 1;
  return Math.ceil(names.length / columns);
}

/** Height (px) of the build-time drawing of a chart with legend `names` in a column `width` px wide. */
export function drawnHeight(names, width) {
  if (narrow(width)) {
    const units = PHONE.legendTop + stackedLegend(names, PHONE.column, PHONE.entry, PHONE.line) + PHONE.end;
    return units * Math.min(Math.max(width, PHONE.minPx), PHONE.maxPx) / PHONE.units;
  }
  return (WIDE.plot + legendRows(names) * WIDE.row) * Math.max(width, WIDE.units) / WIDE.units;
}

// Wide: the drawing's margins, scaled, and its legend where the drawing has it: under the x axis
// title from its left edge, two columns (each half the plot's width) or one, at its 11 px.
function wideFrame(names, width) {
  const scale = Math.max(width, WIDE.units) / WIDE.units;
  const rows = legendRows(names);
  return {
    margin: { l: 70, r: 20, t: Math.round(WIDE.top * scale), b: Math.round((WIDE.bottom + rows * WIDE.row) * scale) },
    legend: { orientation: "h", x: WIDE.left / WIDE.units, xref: "container", xanchor: "left", y: 0, yanchor: "bottom",
      yref: "container", entrywidth: rows < names.length ? 0.5 : 1, entrywidthmode: "fraction", font: { size: 11 },
      maxheight: 1 },
  };
}

function narrowFrame(names, width) {
  return {
    margin: { l: 70, r: 20, t: 20, b: 60 + legendHeight(names, width) },
    // maxheight 1: the whole legend shows (plotly caps one under the plot at half the height, with a scroll bar).
    legend: { orientation: "h", x: 0, xanchor: "left", xref: "container", y: 0, yanchor: "bottom", yref: "container",
      maxheight: 1 },
  };
}

export function plotLayout(chart, traces, colour, width = 0, t = (s) => s) {
  const xs = traces.flatMap((t) => t.x);
  const x = axisTicks(chart.x_axis, chart.x_unit, xs);
  const names = seriesNames(traces, t);
  return {
    xaxis: plotAxis(chart.x_label, chart.x_unit, chart.style === "bar" ? barAxis(x, xs) : x, narrow(width)),
    yaxis: plotAxis(chart.y_label, chart.y_unit, axisTicks(chart.y_axis, chart.y_unit, traces.flatMap((t) => t.y))),
    ...(narrow(width) ? narrowFrame(names, width) : wideFrame(names, width)),
    height: Math.round(drawnHeight(names, width)), colorway: COLOURS, barmode: "group", bargap: 0.2,
    paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)", font: { color: colour },
  };
}
