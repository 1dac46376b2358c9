// The ECMP lab's drawing in the browser: the same picture as widgets/views/ecmp.py (keep in step),
// plus controls that re-hash live (new seed, more or fewer queue pairs) and "trace one flow":
// pick a connection (or click a block) to highlight its sub-flows and list their tuples and paths.

import { diagramBar } from "./topology.js";

const WIDTH = 640;   // the wide drawing: at a desktop column its 11 px text stays 11 px
export const NARROW = 300;  // the phone drawing: lanes wrap into rows (at most 8 a row, 4 rows)
const TOP = 56;
const BOTTOM = 236;
const SPINE_H = 22;
const ROW_GAP = 16;
const NARROW_LANE_H = 120;
export const legend = (t) => t("Colour: connection. Red dashed line: one uplink's capacity; dashed lane: idle uplink. Hover, tap or focus a block to trace its flow.");

export const STYLE = `
.ecmp-svg{width:100%;height:auto;font:12px system-ui,sans-serif}
.ecmp-box{fill:none;stroke:currentColor;stroke-opacity:.55}
.ecmp-label{fill:currentColor}.ecmp-small{fill:currentColor;font-size:11px}
.ecmp-fan{stroke:currentColor;stroke-opacity:.18}.ecmp-lane{stroke:currentColor;stroke-opacity:.25}
.ecmp-idle{stroke-dasharray:3 3;stroke:#c0392b;stroke-opacity:.6}
.ecmp-cap{stroke:#c0392b;stroke-dasharray:6 4}
.ecmp-flow{cursor:pointer}.ecmp-dim .ecmp-flow:not(.ecmp-on){opacity:.12}
.ecmp-controls{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.5em 0}
.ecmp-trace{font:12px ui-monospace,monospace;white-space:pre-wrap;margin:.3em 0}
`;

export function colour(conn) {
  return `hsl(${((conn * 137.508) % 360).toFixed(1)},65%,48%)`;
}

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function hex6(n) {
  return `0x${n.toString(16).padStart(6, "0")}`;
}

function tip(conn, j, qp, t) {
  const port = "sport" in qp ? `:${qp.sport}` : "";
  const qpn = "lqpn" in qp ? ` QPN ${hex6(qp.lqpn)}→${hex6(qp.rqpn)}` : "";
  const tier2 = "path2" in qp ? t(", spine uplink {uplink}", { uplink: qp.path2 }) : "";
  return t("connection {id} QP {qp}: {src} → {dst}:4791 UDP{qpn}; hash {hash} → uplink {path}{tier2}; rate {rate} of fair share",
    { id: conn.id, qp: j, src: `${conn.src}${port}`, dst: conn.dst, qpn, hash: qp.hash, path: qp.path, tier2,
      rate: `${Math.round(conn.rate * 100)}%` });
}

// Where lane p is drawn: uplinks in rows (one row when wide), as _Grid in ecmp.py.
function grid(paths, width, spines) {
  const rows = width >= WIDTH ? 1 : Math.min(4, Math.ceil(paths / 8));
  const per = Math.ceil(paths / rows);
  const pitch = Math.min(44, (width - 40) / per);
  const laneH = rows === 1 ? BOTTOM - TOP : NARROW_LANE_H;
  const band = laneH + SPINE_H + (spines ? 70 : 6) + ROW_GAP;
  const x0 = (width - pitch * per) / 2;
  return { width, rows, per, pitch, x0, laneH, band, height: TOP + rows * band - ROW_GAP,
    x: (p) => x0 + (p % per) * pitch, bottom: (p) => TOP + Math.floor(p / per) * band + laneH };
}

function lane(data, g, p, t) {
  const cx = g.x(p) + g.pitch / 2, bottom = g.bottom(p);
  const idle = data.loads[p] === 0 && !data.spray;
  const out = p < g.per ? [`<line x1="${g.width / 2}" y1="32" x2="${cx.toFixed(1)}" y2="${TOP}" class="ecmp-fan"/>`] : [];
  out.push(`<line x1="${cx.toFixed(1)}" y1="${bottom - g.laneH}" x2="${cx.toFixed(1)}" y2="${bottom}" class="ecmp-lane${idle ? " ecmp-idle" : ""}"/>`);
  out.push(`<rect x="${(g.x(p) + 1).toFixed(1)}" y="${bottom}" width="${(g.pitch - 2).toFixed(1)}" height="${SPINE_H}" class="ecmp-box"><title>${t("uplink {uplink}: {load} sub-flows", { uplink: p, load: data.loads[p] })}</title></rect>`);
  if (data.paths <= 32) out.push(`<text x="${cx.toFixed(1)}" y="${bottom + 15}" text-anchor="middle" class="ecmp-small">${p}</text>`);
  return out;
}

export function svg(data, width, t) {
  const u = data.paths;
  const q = data.qps_per_flow;
  const g = grid(u, width, data.spine_loads.length > 0);
  const pitch = g.pitch;
  const peak = data.spray ? Math.max((data.flows * q) / u, q, 1) : Math.max(...data.loads, q, 1);
  const unit = (g.laneH - 14) / peak;
  const layout = width >= WIDTH ? "ecmp-wide" : "ecmp-narrow";
  const parts = [
    `<svg class="ecmp-svg ${layout}" viewBox="0 0 ${width} ${g.height}" role="group" aria-label="${t("Sub-flows on {uplinks} uplinks", { uplinks: u })}">`,
    `<rect x="${width / 2 - 90}" y="6" width="180" height="26" rx="4" class="ecmp-box"/>`,
    `<text x="${width / 2}" y="24" text-anchor="middle" class="ecmp-label">${t("leaf: {flows} connections × {qps} QP", { flows: data.flows, qps: q })}</text>`,
  ];
  for (let p = 0; p < u; p++) parts.push(...lane(data, g, p, t));
  for (let row = 0; row < g.rows; row++) {
    const cap = TOP + row * g.band + g.laneH - unit * q;
    parts.push(`<line x1="${g.x0}" y1="${cap.toFixed(1)}" x2="${g.x0 + pitch * g.per}" y2="${cap.toFixed(1)}" class="ecmp-cap"/>`);
  }
  const stack = new Array(u).fill(0);
  for (const conn of data.connections) {
    conn.qps.forEach((qp, j) => {
      const lanes = data.spray ? [...Array(u).keys()] : [qp.path];
      const h = unit * (data.spray ? 1 / u : 1);
      for (const p of lanes) {
        const y = g.bottom(p) - stack[p] - h;
        stack[p] += h;
        parts.push(`<rect class="ecmp-flow" tabindex="0" data-conn="${conn.id}" data-qp="${j}" x="${(g.x(p) + pitch * 0.2).toFixed(1)}" y="${y.toFixed(1)}" width="${(pitch * 0.6).toFixed(1)}" height="${Math.max(h - 0.6, 0.4).toFixed(1)}" fill="${colour(conn.id)}"><title>${esc(tip(conn, j, qp, t))}</title></rect>`);
      }
    });
  }
  if (data.spine_loads.length) {
    const top = Math.max(1, ...data.spine_loads.map((row) => Math.max(...row)));
    data.spine_loads.forEach((row, a) => {
      const w = (pitch * 0.8) / row.length;
      row.forEach((load, b) => {
        const h = (40 * load) / top;
        parts.push(`<rect class="ecmp-spine-up" x="${(g.x(a) + pitch * 0.1 + b * w).toFixed(1)}" y="${(g.bottom(a) + SPINE_H + 46 - h).toFixed(1)}" width="${Math.max(w - 0.3, 0.3).toFixed(1)}" height="${h.toFixed(1)}" fill="#777"><title>${t("spine {spine} uplink {uplink}: {load} sub-flows from all leaves", { spine: a, uplink: b, load })}</title></rect>`);
      });
    });
    const size = width >= WIDTH ? "ecmp-label" : "ecmp-small"; // 11 px fits the phone's 300
    parts.push(`<text x="${width / 2}" y="${g.height - 8}" text-anchor="middle" class="${size}">${t("each spine's own uplinks: sub-flows from every leaf")}</text>`);
  }
  parts.push("</svg>");
  return parts.join("");
}

/** Both drawings; the page's style sheet shows the one that fits (a container query). */
export function drawings(data, t) {
  return svg(data, WIDTH, t) + svg(data, NARROW, t);
}

export function summary(data, t) {
  if (data.spray) return t("Trial 1: every connection is spread over all {paths} uplinks.", { paths: data.paths });
  const idle = data.loads.filter((x) => x === 0).length;
  const slowest = Math.min(...data.connections.map((c) => c.rate));
  return t("Trial 1: the busiest uplink carries {busiest} sub-flows, {idle} of {paths} uplinks are idle, and the slowest connection runs at {rate} of its fair share.",
    { busiest: Math.max(...data.loads), idle, paths: data.paths, rate: `${Math.round(slowest * 100)}%` });
}

function traceText(data, id, t) {
  const conn = data.connections.find((c) => c.id === id);
  if (!conn) return "";
  return conn.qps.map((qp, j) => tip(conn, j, qp, t)).join("\n");
}

function setField(ctx, name, value) {
  const field = ctx.widget?.field?.(name);
  if (!field) return false;
  field.value = String(value);
  ctx.widget.run();
  return true;
}

// A result drawn later (the live one after the build-time one, or a re-hash) keeps the traced
// connection, kept on the element; the runtime gives back the focus.
function retrace(element, data, trace) {
  const id = element.dataset.traced === undefined ? null : Number(element.dataset.traced);
  if (id !== null && data.connections.some((c) => c.id === id)) trace(id);
}

/** The view's markup: the controls, both drawings with their download buttons, the trace. The build draws
 * it with its controls disabled (`live` false: widgets/views/ecmp.py prerender), in place, so nothing moves
 * when the live view replaces it. */
export function viewHtml(result, t, live = true) {
  const data = result.data;
  const off = live ? "" : " disabled";
  return `<style>${STYLE}</style>`
    + `<div class="ecmp-controls">`
    + `<button type="button" data-act="seed"${off}>${t("Re-hash: new random seed")}</button>`
    + `<button type="button" data-act="more"${off}>${t("One more queue pair per connection")}</button>`
    + `<button type="button" data-act="fewer"${data.qps_per_flow <= 1 ? " disabled" : off}>${t("One fewer")}</button>`
    + `<label>${t("Trace connection")} <select data-act="trace"${off}><option value="">${t("none")}</option>`
    + data.connections.map((c) => `<option value="${c.id}">${c.id}: ${esc(c.src)} → ${esc(c.dst)}</option>`).join("")
    + `</select></label></div>`
    + `<figure class="ecmp-figure">${drawings(data, t)}<figcaption class="ecmp-summary">${esc(summary(data, t))} ${legend(t)}</figcaption></figure>${diagramBar("ecmp-uplinks", t)}`
    + `<pre class="ecmp-trace" aria-live="polite"></pre>`;
}

/** The build's drawing (the parity test calls it beside the Python one). */
export const prerender = (result, t) => viewHtml(result, t, false);

export function render(element, result, ctx) {
  const data = result.data;
  const inputs = result.inputs || {};
  const t = ctx.t;
  element.innerHTML = viewHtml(result, t);
  const figure = element.querySelector(".ecmp-figure");
  const select = element.querySelector('select[data-act="trace"]');
  const out = element.querySelector(".ecmp-trace");
  const trace = (id) => {
    figure.classList.toggle("ecmp-dim", id !== null);
    for (const rect of figure.querySelectorAll(".ecmp-flow")) rect.classList.toggle("ecmp-on", Number(rect.dataset.conn) === id);
    out.textContent = id === null ? "" : traceText(data, id, t);
    select.value = id === null ? "" : String(id);
    if (id === null) delete element.dataset.traced;
    else element.dataset.traced = String(id);
  };
  select.addEventListener("change", () => trace(select.value === "" ? null : Number(select.value)));
  const pick = (event) => {
    const rect = event.target.closest?.(".ecmp-flow");
    if (rect) trace(Number(rect.dataset.conn));
  };
  figure.addEventListener("click", pick);
  figure.addEventListener("focusin", pick);
  const rerun = async (params) => {
    const name = Object.keys(params)[0];
    if (setField(ctx, name, params[name])) return;
    render(element, await ctx.run(params), ctx);
  };
  element.querySelector('[data-act="seed"]').addEventListener("click", () => rerun({ seed: (Number(inputs.seed ?? 1) + 1) % 4294967296 }));
  element.querySelector('[data-act="more"]').addEventListener("click", () => rerun({ qps_per_flow: Math.min(64, data.qps_per_flow + 1) }));
  element.querySelector('[data-act="fewer"]').addEventListener("click", () => rerun({ qps_per_flow: Math.max(1, data.qps_per_flow - 1) }));
  retrace(element, data, trace);
}
