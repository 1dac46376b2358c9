// Exports for readers: a CSV of every result table and of every chart's series, and PNG/SVG files of
// the diagrams (ECMP lanes, topology, PFC animation). Buttons are added under each after every
// result (the widget's "calc:result" event) and every later drawing ("calc:drawn"); files are built in the page, so nothing is fetched.

import { english, textsOf } from "./texts.js";

const DIAGRAMS = [
  [".ecmp-figure svg.ecmp-svg", "ecmp-uplinks"],
  [".topology-figure svg", "topology"],
  [".cg-live svg.cg-svg", "pfc-ecn-lab"],
];

const csvCell = (v) => {
  const s = String(v ?? "");
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
export const csv = (rows) => rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";

// A number as shown ("1,234.5") back to a plain number for spreadsheets; anything else as shown.
const plain = (text) => (/^-?\d{1,3}(,\d{3})*(\.\d+)?$/.test(text.trim()) ? text.trim().replace(/,/g, "") : text.trim());

export function tableRows(table) {
  const head = [...table.querySelectorAll("thead th")].map((th) => th.textContent.trim());
  const body = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((td) => plain(td.textContent)));
  return [head, ...body];
}

// `t`: the widget's translator, for the column naming each series (the labels are the spec's, already in its language).
export function chartRows(chart, traces, t = english) {
  const x = chart.x_unit ? `${chart.x_label} (${chart.x_unit})` : chart.x_label;
  const y = chart.y_unit ? `${chart.y_label} (${chart.y_unit})` : chart.y_label;
  return [[t("series"), x, y], ...traces.flatMap((trace) => Array.from(trace.x, (xv, i) => [trace.name, xv, trace.y[i]]))];
}

function download(name, href) {
  const a = Object.assign(document.createElement("a"), { href, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const dataUrl = (mime, text) => `data:${mime};charset=utf-8,${encodeURIComponent(text)}`;

function bar(after, key) {
  let el = after.parentElement.querySelector(`:scope > .calc-export[data-for="${key}"]`);
  if (!el) {
    el = Object.assign(document.createElement("div"), { className: "calc-export" });
    el.dataset.for = key;
    after.after(el);
  }
  return el;
}

// The build draws the bars of what it renders, disabled (widgets/exports.py): they are wired and enabled
// here, so the page does not move; a bar for something drawn later is made here.
function button(parent, label, act) {
  const found = [...parent.children].find((b) => b.textContent === label);
  if (found?.dataset.wired) return;
  const b = found ?? parent.appendChild(Object.assign(document.createElement("button"), { type: "button", textContent: label }));
  b.addEventListener("click", act);
  b.dataset.wired = "true";
  b.disabled = false;
}

/** The diagram as a standalone SVG file: its view's stylesheet inlined, colours fixed to the page's. */
export function standaloneSvg(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const style = getComputedStyle(svg);
  const box = svg.viewBox.baseVal;
  copy.setAttribute("width", String(box.width || svg.clientWidth));
  copy.setAttribute("height", String(box.height || svg.clientHeight));
  copy.setAttribute("style", `color:${style.color};font-family:${style.fontFamily};background:${pageBackground(svg)}`);
  const css = [...(svg.closest(".calc-view")?.querySelectorAll("style") ?? [])].map((s) => s.textContent).join("\n");
  if (css) copy.insertBefore(Object.assign(document.createElementNS("http://www.w3.org/2000/svg", "style"), { textContent: css }), copy.firstChild);
  const bg = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [k, v] of Object.entries({ x: 0, y: 0, width: "100%", height: "100%", fill: pageBackground(svg) })) bg.setAttribute(k, v);
  copy.insertBefore(bg, copy.querySelector("style")?.nextSibling ?? copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

function pageBackground(el) {
  for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && c !== "transparent" && !/rgba\(.*,\s*0\)$/.test(c)) return c;
  }
  return "#fff";
}

function png(svg, name) {
  const text = standaloneSvg(svg);
  const img = new Image();
  img.onload = () => {
    const scale = 2;
    const canvas = Object.assign(document.createElement("canvas"), { width: img.width * scale, height: img.height * scale });
    const ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0);
    download(`${name}.png`, canvas.toDataURL("image/png"));
  };
  img.src = dataUrl("image/svg+xml", text);
}

function decorate(root) {
  const wid = root.dataset.wid || root.id;
  const t = textsOf(root);
  for (const wrap of root.querySelectorAll("[data-table-output]")) {
    const table = wrap.querySelector("table");
    if (!table) continue;
    button(bar(wrap, wrap.dataset.tableOutput), t("Download table (CSV)"),
      () => download(`${wid}-${wrap.dataset.tableOutput}.csv`, dataUrl("text/csv", csv(tableRows(table)))));
  }
  const spec = JSON.parse(root.dataset.spec || "{}");
  for (const fig of root.querySelectorAll("figure.calc-chart[data-chart]")) {
    const chart = (spec.outputs || []).find((o) => o.name === fig.dataset.chart);
    const plot = fig.querySelector(".calc-plot");
    if (!chart || !plot) continue;
    button(bar(fig, fig.dataset.chart), t("Download series (CSV)"), () => {
      // The live chart's data, or before Python the build-time result the page shows.
      const traces = (plot.data ?? JSON.parse(root.dataset.result || "{}").charts?.[chart.name] ?? [])
        .map((tr) => ({ ...tr, name: String(tr.name).replaceAll("<br>", " ") })); // a phone's wrapped legend name
      download(`${wid}-${chart.name}.csv`, dataUrl("text/csv", csv(chartRows(chart, traces, t))));
    });
  }
  for (const [selector, name] of DIAGRAMS) {
    const svg = root.querySelector(selector);
    if (!svg) continue;
    const holder = svg.closest("figure, .topology-figure, .cg-live") ?? svg;
    const b = bar(holder, name);
    button(b, t("Download diagram (SVG)"), () => download(`${name}.svg`, dataUrl("image/svg+xml", standaloneSvg(root.querySelector(selector)))));
    button(b, t("Download diagram (PNG)"), () => png(root.querySelector(selector), name));
  }
}

// After every result, and after a drawing made later, when the reader neared it ("calc:drawn").
for (const type of ["calc:result", "calc:drawn"]) {
  document.addEventListener(type, (event) => {
    const root = event.target.closest?.(".calc-widget");
    if (root) decorate(root);
  });
}
// Tables the page's prose shows from the engine ([[table:…]]), outside any widget.
function decorateProseTables() {
  for (const table of document.querySelectorAll(".calc-table-wrap > table.calc-table[data-table]")) {
    if (table.closest(".calc-widget")) continue;
    const wrap = table.parentElement;
    button(bar(wrap, table.dataset.table), textsOf(wrap)("Download table (CSV)"),
      () => download(`${table.dataset.table}.csv`, dataUrl("text/csv", csv(tableRows(table)))));
  }
}
const decorateAll = () => { document.querySelectorAll(".calc-widget").forEach(decorate); decorateProseTables(); };
if (window.document$?.subscribe) window.document$.subscribe(decorateAll);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", decorateAll);
else decorateAll();
