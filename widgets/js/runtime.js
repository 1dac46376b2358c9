// Widget runtime: hydrates the pre-rendered calculator widgets on a page.
//
// Loaded on every page (it is small); Python and plotly load only when a page has a
// widget, when one scrolls into view or the browser is idle. One module worker runs
// Pyodide for all widgets and survives mkdocs-material's instant navigation, because
// this module is evaluated once per browser tab.

import { plotLayout, plotTraces } from "./charts.js";
import "./export.js";

const here = new URL(".", import.meta.url);

// ---- the worker client: one ready-promise, an id on every message --------------------------

let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map();
const stats = { workerStartedAt: null, readyAt: null, bootMs: null, pyodide: null, startupError: null };

function call(type, payload = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, type, ...payload });
  });
}

function startWorker() {
  if (ready) return ready;
  stats.workerStartedAt = performance.now();
  worker = new Worker(new URL("worker.js", here), { type: "module", name: "calc-python" });
  worker.onmessage = ({ data }) => {
    const entry = pending.get(data.id);
    if (!entry) return;
    pending.delete(data.id);
    if ("error" in data) entry.reject(Object.assign(new Error(data.error.message), data.error));
    else entry.resolve(data.result);
  };
  worker.onerror = (event) => {
    const error = { startup: true, message: `Python could not start: ${event.message || "the worker failed to load"}` };
    for (const entry of pending.values()) entry.reject(Object.assign(new Error(error.message), error));
    pending.clear();
  };
  ready = call("init").then((info) => {
    stats.readyAt = performance.now();
    stats.bootMs = info.bootMs;
    // Pyodide's own load, on the page's clock: what a bare boot in this same worker took.
    stats.pyodideLoadedAt = info.pyodideLoadedAt - performance.timeOrigin;
    stats.pyodide = info.pyodide;
    return info;
  });
  ready.catch((err) => { stats.startupError = err.message; });
  setStatusAll();
  ready.then(setStatusAll, setStatusAll);
  return ready;
}

// ---- plotly, loaded once on demand -----------------------------------------------------------

let plotly = null;
let configPromise = null;

function runtimeConfig() {
  configPromise ??= fetch(new URL("config.json", here)).then((r) => r.json());
  return configPromise;
}

function loadPlotly() {
  plotly ??= runtimeConfig().then((config) => new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(config.plotly, here).href;
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => reject(new Error("plotly could not be loaded"));
    document.head.appendChild(script);
  }));
  return plotly;
}

// ---- widgets -----------------------------------------------------------------------------------

const widgets = new Set();
const MAX_URL_VALUE = 2000;

function readJSON(root, key) {
  return JSON.parse(root.dataset[key]);
}

function statusText() {
  if (stats.startupError) return `${stats.startupError}. Showing the result computed at build time.`;
  if (stats.readyAt) return `Live: recomputed in your browser by Python (Pyodide ${stats.pyodide}).`;
  if (stats.workerStartedAt) return "Loading Python in your browser…";
  return "Result computed at build time; Python starts when you scroll here.";
}

function setStatusAll() {
  const state = stats.startupError ? "failed" : stats.readyAt ? "ready" : stats.workerStartedAt ? "loading" : "static";
  for (const w of widgets) {
    if (!w.root.isConnected) { widgets.delete(w); continue; }
    w.root.dataset.state = state;
    w.root.querySelector(".calc-status").textContent = statusText();
  }
}

class Widget {
  constructor(root) {
    this.root = root;
    this.id = root.id;
    this.calc = root.dataset.calc;
    this.spec = readJSON(root, "spec");
    this.state = readJSON(root, "options");
    this.result = readJSON(root, "result");
    this.form = root.querySelector(".calc-form");
    this.seq = 0;
    this.initial = this.formValues();
    this.view = null;
    root.dataset.hydrated = "true";
    this.form.addEventListener("input", (e) => this.onInput(e));
    this.form.addEventListener("change", (e) => this.onInput(e));
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.applyUrlState();
    if (root.dataset.view) this.showView(this.result).catch((err) => console.warn(`view ${root.dataset.view}:`, err));
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  formValues() {
    const values = {};
    for (const p of this.spec.params) {
      const el = this.field(p.name);
      if (!el) continue;
      values[p.name] = el.type === "checkbox" ? String(el.checked) : el.value;
    }
    return values;
  }

  params() {
    return { ...this.state.params, ...this.formValues() };
  }

  onInput(event) {
    const name = event.target.name;
    if (!name || (event.type === "input" && event.target.tagName === "SELECT")) return;
    const param = this.spec.params.find((p) => p.name === name);
    if (param?.fills && event.type === "change") this.applyPreset(param);
    this.markCustom(name);
    // A field's "change" on blur repeats the "input" that already ran these values: running again
    // would re-render the view under the reader's pointer (a link being clicked would vanish).
    if (JSON.stringify(this.params()) === this.lastKey) return;
    this.run();
  }

  applyPreset(param) {
    const fills = param.fills[this.field(param.name).value] || {};
    for (const [target, value] of Object.entries(fills)) {
      const el = this.field(target);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = String(value) === "true";
      else el.value = String(value);
    }
  }

  markCustom(name) {
    for (const p of this.spec.params) {
      if (!p.fills || !p.choices.includes("custom") || p.name === name) continue;
      const select = this.field(p.name);
      const fills = select && p.fills[select.value];
      if (fills && name in fills && String(fills[name]) !== this.field(name).value) select.value = "custom";
    }
  }

  async run(params = this.params()) {
    const seq = ++this.seq;
    this.lastKey = JSON.stringify(params);
    this.root.dataset.busy = "true";
    try {
      await startWorker();
      const t0 = performance.now();
      const result = await call("run", { calc: this.calc, params });
      if (seq !== this.seq) return;
      this.clearErrors();
      this.result = result;
      await this.show(result);
      this.root.dataset.ms = String(performance.now() - t0);
      this.root.dataset.chartsAt ??= String(performance.now());
      this.saveUrlState();
    } catch (err) {
      if (seq !== this.seq) return;
      if (err.startup) setStatusAll();
      else this.showError(err);
    } finally {
      if (seq === this.seq) {
        delete this.root.dataset.busy;
        this.root.dataset.runs = String(Number(this.root.dataset.runs || 0) + 1);
        this.root.dispatchEvent(new CustomEvent("calc:result", { bubbles: true }));
      }
    }
  }

  clearErrors() {
    for (const el of this.root.querySelectorAll(".calc-error")) { el.hidden = true; el.textContent = ""; }
    for (const el of this.root.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  }

  showError(err) {
    this.clearErrors();
    const field = err.field && this.root.querySelector(`#${CSS.escape(this.id)}-${CSS.escape(err.field)}-error`);
    const target = field || this.root.querySelector(".calc-error") || this.root.querySelector(".calc-status");
    target.textContent = err.message;
    target.hidden = false;
    if (field) this.field(err.field)?.setAttribute("aria-invalid", "true");
  }

  async show(result) {
    for (const row of this.root.querySelectorAll(".calc-outputs tr[data-output]")) {
      row.querySelector(".calc-out").textContent = result.display[row.dataset.output];
    }
    // Interactive: the live numbers are on the page; the interactive chart replaces the
    // build-time one just after (chartsAt).
    this.root.dataset.interactiveAt ??= String(performance.now());
    const notes = this.root.querySelector(".calc-notes");
    if (notes) notes.replaceChildren(...result.notes.map((n) => Object.assign(document.createElement("li"), { textContent: n })));
    for (const out of this.spec.outputs) {
      if (out.kind === "table") this.showTable(out, result.tables[out.name]);
    }
    await Promise.all([this.showCharts(result), this.showView(result)]);
  }

  showTable(out, rows) {
    const body = this.root.querySelector(`[data-table-output="${out.name}"] tbody`);
    if (!body) return;
    body.replaceChildren(...rows.map((row) => {
      const tr = document.createElement("tr");
      for (const v of row) tr.appendChild(Object.assign(document.createElement("td"), { textContent: formatCell(v) }));
      return tr;
    }));
  }

  async showCharts(result) {
    const charts = this.spec.outputs.filter((o) => o.kind === "chart");
    if (!charts.length) return;
    const Plotly = await loadPlotly();
    for (const chart of charts) {
      const div = this.root.querySelector(`#${CSS.escape(this.id)}-${CSS.escape(chart.name)}`);
      if (!div) continue;
      if (!div.dataset.plotly) { div.replaceChildren(); div.dataset.plotly = "true"; }
      const traces = result.charts[chart.name];
      await Plotly.react(div, plotTraces(chart, traces), plotLayout(chart, traces, getComputedStyle(div).color), {
        displaylogo: false, responsive: true, modeBarButtonsToRemove: ["sendDataToCloud"],
      });
    }
  }

  async showView(result) {
    const name = this.root.dataset.view;
    if (!name) return;
    this.view ??= await import(new URL(`views/${name}.js`, here).href);
    const element = this.root.querySelector(".calc-view");
    await this.view.render(element, result, {
      plotly: plotly ? await plotly : null,
      loadPlotly,
      run: (params) => startWorker().then(() => call("run", { calc: this.calc, params: { ...this.params(), ...params } })),
      widget: this,
      live: Boolean(stats.readyAt),
    });
  }

  applyUrlState() {
    const query = new URLSearchParams(location.search);
    for (const [key, value] of query) {
      const [wid, name] = splitKey(key);
      if (wid !== this.id) continue;
      const el = this.field(name);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = value === "true";
      else el.value = value;
    }
  }

  saveUrlState() {
    const query = new URLSearchParams(location.search);
    for (const key of [...query.keys()]) if (splitKey(key)[0] === this.id) query.delete(key);
    const now = this.formValues();
    for (const [name, value] of Object.entries(now)) {
      // A long text (a pasted topology) would make the URL unusable: it is not shared.
      if (value !== this.initial[name] && value.length <= MAX_URL_VALUE) query.set(`${this.id}.${name}`, value);
    }
    const search = query.toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;
    history.replaceState(history.state, "", url);
  }
}

function splitKey(key) {
  const dot = key.lastIndexOf(".");
  return dot < 0 ? [null, key] : [key.slice(0, dot), key.slice(dot + 1)];
}

function formatCell(v) {
  if (typeof v === "number" && !Number.isInteger(v)) return Number(v.toPrecision(4)).toLocaleString("en-US", { maximumFractionDigits: 12 });
  if (typeof v === "number") return v.toLocaleString("en-US");
  return String(v);
}

// ---- hydration, lazy start, instant navigation -----------------------------------------------

const observer = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) wake(); })
  : null;

function wake() {
  if (!widgets.size) return;
  // plotly downloads and parses while Python boots, so the first live chart does not wait for it.
  if ([...widgets].some((w) => w.spec.outputs.some((o) => o.kind === "chart"))) loadPlotly().catch(() => {});
  startWorker().then(() => {
    for (const w of widgets) {
      if (w.root.isConnected && !w.started) { w.started = true; w.run(); }
    }
  }, () => {});
}

function hydrate() {
  const found = document.querySelectorAll(".calc-widget:not([data-hydrated])");
  for (const root of found) {
    const w = new Widget(root);
    widgets.add(w);
    observer?.observe(root);
  }
  if (!found.length) return;
  setStatusAll();
  if (ready) wake();
  else if ("requestIdleCallback" in window) requestIdleCallback(wake, { timeout: 3000 });
  else setTimeout(wake, 1000);
}

// For benchmarks and tests: compute in the shared worker without a widget.
const compute = (calc, params = {}) => startWorker().then(() => call("run", { calc, params }));
const workerStats = () => startWorker().then(() => call("stats"));
// For other page scripts (problems.js): any request type of the shared worker.
const ask = (type, payload = {}) => startWorker().then(() => call(type, payload));
window.calcRuntime = { stats, hydrate, startWorker, widgets, compute, workerStats, ask };

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => hydrate());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", hydrate);
} else {
  hydrate();
}
