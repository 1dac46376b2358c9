// Widget runtime: hydrates the pre-rendered calculator widgets on a page.
//
// Loaded on every page (it is small); Python and plotly load only when a page has a
// widget, right after the page's first paint. One module worker runs
// Pyodide for all widgets (a second one only while a long run would hold up the others)
// and survives mkdocs-material's instant navigation, because this module is evaluated
// once per browser tab.

import { plotLayout, plotTraces } from "./charts.js";
import { inLanguage, said, translator } from "./texts.js";
import "./export.js";

const here = new URL(".", import.meta.url);

// ---- the Python workers: one ready-promise each, an id on every message ----------------------
//
// Requests carry a key (the widget asking); the latest request per key wins: a queued one is
// replaced, a running one is interrupted (Pyodide's interrupt buffer, where the page is
// cross-origin isolated) or, past LONG_RUN_MS without that, its worker is replaced. A run past
// LONG_RUN_MS lets a second worker take the other widgets' requests, so none waits behind it.
// A worker that failed (memory, recursion, a crash) is replaced and the status says so.

const LONG_RUN_MS = 400;
const MAX_WORKERS = 2;
const SPARE_IDLE_MS = 30_000;
const STAGES = 4; // boot progress steps the worker reports (see worker.js)

const stats = {
  workerStartedAt: null, readyAt: null, bootMs: null, pyodide: null, startupError: null,
  restarts: 0, restartReason: null, progress: 0, progressText: "", interruptible: false,
};
const pool = [];
const queue = new Map(); // key -> job, oldest first
let nextId = 1;
let pumpTimer = null;
let retireTimer = null;
let ready = null; // resolves when a first worker is ready; rejects on a start-up failure

class PythonWorker {
  constructor(primary) {
    this.primary = primary;
    this.pending = new Map();
    this.job = null;
    this.live = false;
    // Cross-origin isolated pages get a shared buffer that interrupts Python mid-run.
    this.interrupt = self.crossOriginIsolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    // The name carries the page's calculators and language: their parts of the engine download
    // with Pyodide (worker.js); any other part follows when a request needs it.
    const hint = { calcs: [...new Set([...widgets].map((w) => w.calc))], lang: [...widgets].find((w) => w.lang !== "en")?.lang ?? "en" };
    this.worker = new Worker(new URL("worker.js", here), { type: "module", name: `calc-python ${JSON.stringify(hint)}` });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (event) => this.crashed(event.message);
    this.ready = this.call("init", { interrupt: this.interrupt }).then((info) => { this.live = true; return info; });
  }

  call(type, payload = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type, ...payload });
    });
  }

  receive(data) {
    if (data.progress) { if (this.primary && !this.live) bootProgress(data.progress); return; }
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    if ("error" in data) entry.reject(Object.assign(new Error(data.error.message), data.error));
    else entry.resolve(data.result);
  }

  // `reason`: the browser's own words, if any. Said here, shown in each widget's language (texts.js).
  crashed(reason) {
    const t = said;
    const why = reason || t("the worker failed to load");
    const words = this.live ? t("Python stopped ({reason})", { reason: why }) : t("Python could not start: {reason}", { reason: why });
    const error = { ...(this.live ? { fatal: true } : { startup: true }), message: inLanguage(words), said: words };
    this.stop(error);
    if (this.live) restart(words);
  }

  stop(error) {
    this.worker.terminate();
    const at = pool.indexOf(this);
    if (at >= 0) pool.splice(at, 1);
    for (const entry of this.pending.values()) entry.reject(Object.assign(new Error(error.message), error));
    this.pending.clear();
  }

  cancel() {
    if (this.interrupt) Atomics.store(this.interrupt, 0, 2); // SIGINT: KeyboardInterrupt in Python
    else if (performance.now() - this.job.startedAt > LONG_RUN_MS) {
      this.stop({ superseded: true, message: "superseded" });
      spawn(false);
    }
  }
}

function spawn(primary) {
  const w = new PythonWorker(primary);
  pool.push(w);
  w.ready.then(pump, (err) => {
    if (!err.startup) return;
    w.stop(err);
    if (pool.length) return;
    stats.startupError ??= err.said ?? err.message;
    failAll(err);
    setStatusAll();
  });
  return w;
}

function startWorker() {
  if (ready) return ready;
  stats.workerStartedAt = performance.now();
  const first = spawn(true);
  ready = first.ready.then((info) => {
    stats.readyAt = performance.now();
    stats.bootMs = info.bootMs;
    // Pyodide's own load, on the page's clock: what a bare boot in this same worker took.
    stats.pyodideLoadedAt = info.pyodideLoadedAt - performance.timeOrigin;
    stats.pyodide = info.pyodide;
    stats.levers = info.levers; // which start-up levers this boot used (boot.js)
    stats.interruptible = Boolean(first.interrupt);
    return info;
  });
  ready.catch((err) => { stats.startupError = err.said ?? err.message; });
  setStatusAll();
  ready.then(setStatusAll, setStatusAll);
  return ready;
}

function bootProgress({ step, text }) {
  stats.progress = step;
  stats.progressText = text;
  setStatusAll();
}

// After a fatal error the page is never "Live" until a fresh worker is. `reason`: said (texts.js).
function restart(reason) {
  stats.restarts += 1;
  stats.restartReason = reason;
  stats.readyAt = null;
  const w = pool.find((p) => p.live) || spawn(true);
  w.ready.then(() => { stats.readyAt = performance.now(); setStatusAll(); pump(); }, () => {});
  setStatusAll();
}

function failAll(err) {
  for (const job of queue.values()) job.reject(err);
  queue.clear();
}

// Run ``calc`` on ``params`` for ``key``; a later request with the same key replaces this one.
// A request whose widget has left the page (``alive()`` false) is dropped before it runs.
function request(key, calc, params, lang, alive = () => true) {
  return enqueue(key, { type: "run", calc, params, lang }, alive);
}

function enqueue(key, message, alive = () => true) {
  return new Promise((resolve, reject) => {
    const older = queue.get(key);
    if (older) { queue.delete(key); older.reject(Object.assign(new Error("superseded"), { superseded: true })); }
    const busy = pool.find((w) => w.job?.key === key);
    if (busy) { busy.job.superseded = true; busy.cancel(); }
    queue.set(key, { key, message, resolve, reject, alive });
    startWorker().then(pump, reject);
  });
}

function pump() {
  for (const job of queue.values()) {
    if (!job.alive()) { queue.delete(job.key); job.reject(Object.assign(new Error("gone"), { superseded: true })); continue; }
    const idle = pool.find((w) => w.live && !w.job);
    if (!idle) break;
    queue.delete(job.key);
    dispatch(idle, job);
  }
  if (!queue.size || !pool.length || pool.some((w) => !w.live)) return; // a booting worker pumps when ready
  const now = performance.now();
  if (pool.length && pool.length < MAX_WORKERS && pool.every((w) => now - w.job.startedAt > LONG_RUN_MS)) spawn(false);
  else { clearTimeout(pumpTimer); pumpTimer = setTimeout(pump, LONG_RUN_MS); }
}

async function dispatch(w, job) {
  w.job = job;
  job.startedAt = performance.now();
  if (w.interrupt) Atomics.store(w.interrupt, 0, 0);
  try {
    job.resolve(await w.call(job.message.type, job.message));
  } catch (err) {
    if (err.cancelled && !job.superseded) { queue.set(job.key, job); } // a stray interrupt: run it again
    else if (job.superseded) job.reject(Object.assign(new Error("superseded"), { superseded: true }));
    else job.reject(err);
    if (err.fatal && pool.includes(w)) { w.stop(err); restart(err.said ?? err.message); }
  } finally {
    if (w.job === job) w.job = null;
    pump();
    if (pool.length > 1) retireSpare();
  }
}

// The second worker goes once every worker has been idle for a while (it holds ~30 MiB).
function retireSpare() {
  clearTimeout(retireTimer);
  retireTimer = setTimeout(() => {
    if (queue.size || pool.length < 2 || pool.some((w) => w.job || !w.live)) return;
    pool.at(-1).stop({ superseded: true, message: "idle" });
  }, SPARE_IDLE_MS);
}

// ---- plotly, loaded once on demand -----------------------------------------------------------

let plotly = null;
let plotlyLoaded = false;
let configPromise = null;

function runtimeConfig() {
  configPromise ??= fetch(new URL("config.json", here)).then((r) => r.json());
  return configPromise;
}

function loadPlotly() {
  plotly ??= runtimeConfig().then((config) => new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(config.plotly, here).href;
    script.onload = () => { plotlyLoaded = true; resolve(window.Plotly); };
    script.onerror = () => reject(new Error("plotly could not be loaded"));
    document.head.appendChild(script);
  }));
  return plotly;
}

// ---- widgets -----------------------------------------------------------------------------------

const widgets = new Set();
const MAX_URL_VALUE = 2000;
const SLOW_RUN_MS = 300;
const STALE_NOTES = {
  invalid: (t) => t("Showing the last valid result: it does not match the inputs above."),
  pending: (t) => t("Showing the result for this page's defaults until Python computes the inputs above."),
  running: (t) => t("Computing the inputs above… the results shown are for the previous inputs."),
  unavailable: (t) => t("Showing the result for this page's defaults: Python could not start, so the inputs above are not computed."),
  chart: (t) => t("The numbers are live; the chart is for this page's defaults until the interactive chart has loaded."),
};

// ---- drawing only what is on or near the screen ------------------------------------------------
//
// A change redraws the charts and the view that are on the screen or within a screen of it; a
// chart within a screen but not on it is drawn right after the next frame, so the result on the
// screen comes first (a newer result replaces a drawing still waiting; a view, which holds the
// reader's controls, is never left for later). The others keep their drawing, marked as for
// earlier inputs (dimmed, with a note), and are drawn with the latest result as the reader
// scrolls towards them (the margin lets that happen before they are in view). Until the observers
// have first reported an element, it counts as on the screen.

const NEAR_MARGIN = "100% 0px";
const nearness = new WeakMap(); // element -> is it on or near the screen (last report)
const deferred = new Map(); // element -> the draw waiting for it to come near
const nearObserver = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      nearness.set(e.target, e.isIntersecting);
      const draw = e.isIntersecting && deferred.get(e.target);
      if (draw) { deferred.delete(e.target); draw(); }
    }
  }, { rootMargin: NEAR_MARGIN })
  : null;
const onScreen = new WeakMap(); // element -> is it on the screen (last report)
const screenObserver = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => { for (const e of entries) onScreen.set(e.target, e.isIntersecting); })
  : null;
const soon = new Map(); // element -> its drawing, near the screen but not on it: made after the next frame
let soonPending = false;

function drawSoon(el, draw) {
  soon.set(el, draw);
  if (soonPending) return;
  soonPending = true;
  requestAnimationFrame(() => setTimeout(() => {
    soonPending = false;
    const draws = [...soon.values()];
    soon.clear();
    for (const d of draws) d();
  }, 0));
}

// Draws `el` for the inputs `key` now if it is near the screen (`later`: if it is on the screen,
// and right after the next frame if it is only near it), else when it comes near; meanwhile it is
// marked, unless what it shows is already for those inputs (`shown`: element -> inputs).
function drawWhenNear(el, key, shown, draw, t, later = false) {
  const drawn = async () => {
    await draw();
    shown.set(el, key);
    // A drawing made after its result (when the reader neared it) replaced what was there:
    // listeners that add to drawings (the export buttons) hear of it like of a result.
    el.dispatchEvent(new CustomEvent("calc:drawn", { bubbles: true }));
    if (!deferred.has(el)) markEarlier(el, null);
  };
  if (!nearObserver || nearness.get(el) !== false) {
    deferred.delete(el);
    if (!later || onScreen.get(el) !== false) { soon.delete(el); return drawn(); }
    drawSoon(el, () => drawn().catch((err) => console.warn("drawing near the screen:", err)));
    return undefined;
  }
  soon.delete(el);
  deferred.set(el, () => drawn().catch((err) => console.warn("deferred drawing:", err)));
  markEarlier(el, shown.get(el) === key ? null : t);
  return undefined;
}

// A custom view is drawn again with each result (innerHTML), which drops the keyboard focus to the
// page's top. The focused element is found again in the new drawing as the n-th element of its tag
// and data attributes (not classes, which change with state, nor the attribute Material's
// focus-visible polyfill adds), and given the focus back if nothing else took it.
const FOCUS_STATE = new Set(["data-focus-visible-added"]);

function focusKey(element) {
  const active = document.activeElement;
  if (!active || active === element || !element.contains(active)) return null;
  const data = [...active.attributes].filter((a) => a.name.startsWith("data-") && !FOCUS_STATE.has(a.name))
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  const selector = active.localName + data;
  return { selector, index: [...element.querySelectorAll(selector)].indexOf(active) };
}

function refocus(element, key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  element.querySelectorAll(key.selector)[key.index]?.focus({ preventScroll: true });
}

function markEarlier(el, t) {
  let note = el.querySelector(":scope > .calc-earlier-note");
  if (!t) { delete el.dataset.earlier; note?.remove(); return; }
  el.dataset.earlier = "true";
  if (!note) {
    note = Object.assign(document.createElement("p"), { className: "calc-earlier-note" });
    el.prepend(note);
  }
  note.textContent = t("For earlier inputs: redrawn with the inputs above when scrolled into view.");
}

// What a chart's drawing reads from the page: its width and text colour.
function measure(div) {
  return { width: div.clientWidth, colour: getComputedStyle(div).color };
}

// plotly's own words (its tool bar's tooltips, a hint after zooming), as plotly's locales name them.
function plotlyWords(t) {
  return {
    "Download plot as a PNG": t("Download plot as a PNG"), "Download plot": t("Download plot"), Zoom: t("Zoom"),
    Pan: t("Pan"), "Box Select": t("Box Select"), "Lasso Select": t("Lasso Select"), "Zoom in": t("Zoom in"),
    "Zoom out": t("Zoom out"), Autoscale: t("Autoscale"), "Reset axes": t("Reset axes"),
    "Double-click to zoom back out": t("Double-click to zoom back out"), "Toggle Spike Lines": t("Toggle Spike Lines"),
    "Show closest data on hover": t("Show closest data on hover"), "Compare data on hover": t("Compare data on hover"),
  };
}

function readJSON(root, key) {
  return JSON.parse(root.dataset[key]);
}

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}

// In the widget's language (`t`, from its data-texts: widgets/texts.py).
// The worker's words (start-up error, restart reason, boot step) are said (texts.js): put in `t`'s language.
function statusText(t) {
  const error = inLanguage(stats.startupError, t);
  if (stats.startupError) return t("{error}. Showing the result computed at build time.", { error });
  if (stats.restarts && !stats.readyAt) return t("{reason}: restarting Python…", { reason: inLanguage(stats.restartReason, t) });
  if (stats.readyAt && stats.restarts) {
    return t("Live: recomputed in your browser by Python (Pyodide {version}), restarted after an internal error.",
      { version: stats.pyodide });
  }
  if (stats.readyAt) {
    return t("Live: recomputed in your browser by Python (Pyodide {version}; loaded in {seconds} s).",
      { version: stats.pyodide, seconds: seconds(stats.readyAt - stats.workerStartedAt) });
  }
  if (stats.workerStartedAt) {
    const name = inLanguage(stats.progressText, t);
    const step = `${stats.progress}/${STAGES}${name ? `: ${name}` : ""}`;
    return t("Loading Python in your browser ({step})…", { step });
  }
  return t("Result computed at build time; Python starts when you scroll here.");
}

function statusState() {
  if (stats.startupError) return "failed";
  if (stats.readyAt) return "ready";
  if (stats.restarts) return "restarting";
  return stats.workerStartedAt ? "loading" : "static";
}

function setStatusAll() {
  const state = statusState();
  for (const w of widgets) {
    if (!w.root.isConnected) { widgets.delete(w); continue; }
    w.root.dataset.state = state;
    w.root.querySelector(".calc-status").textContent = statusText(w.t);
    const bar = w.root.querySelector(".calc-progress");
    if (bar) {
      bar.hidden = state !== "loading" && state !== "restarting";
      bar.max = STAGES;
      bar.value = state === "restarting" ? 0 : stats.progress;
    }
  }
}

class Widget {
  constructor(root) {
    this.root = root;
    this.id = root.dataset.wid || root.id; // the widget's name in URL state; root.id is "calc-" + it
    this.page = location.pathname; // the URL state of this widget belongs to this page only
    this.calc = root.dataset.calc;
    this.lang = root.dataset.lang || "en"; // labels, notes and messages from the worker in this language
    this.t = translator(root.dataset.texts ? JSON.parse(root.dataset.texts) : {}); // the runtime's and view's own words
    this.spec = readJSON(root, "spec");
    this.state = readJSON(root, "options");
    this.result = readJSON(root, "result");
    this.form = root.querySelector(".calc-form");
    this.seq = 0;
    this.sent = null; // the parameters of the latest run asked for
    this.fromUrl = {}; // URL values a field could not hold (a number field clears "abc")
    this.initial = this.builtValues();
    this.view = null;
    root.dataset.hydrated = "true";
    // The inputs each chart and the view are drawn for (the build-time drawing: the page's own).
    this.shown = new WeakMap();
    const built = JSON.stringify({ ...this.state.params, ...this.initial });
    this.resultFor = built; // the inputs the numbers on screen were computed for
    for (const el of root.querySelectorAll(".calc-chart, .calc-view")) { this.shown.set(el, built); nearObserver?.observe(el); screenObserver?.observe(el); }
    this.form.addEventListener("input", (e) => this.onInput(e));
    this.form.addEventListener("change", (e) => this.onInput(e));
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.form.addEventListener("click", (e) => this.onHelp(e));
    this.wireActions();
    this.applyUrlState();
    this.showApplicable();
    if (this.differsFromResult()) this.markStale("pending");
    if (root.dataset.view) this.showView(this.result).catch((err) => console.warn(`view ${root.dataset.view}:`, err));
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  // The page's own inputs, as the build wrote them: not what a reader typed before this script ran, nor
  // what the browser restored on Back, which are inputs the shown result was not computed for.
  builtValues() {
    const values = {};
    for (const p of this.spec.params) {
      const el = this.field(p.name);
      if (el) values[p.name] = builtValue(el);
    }
    return values;
  }

  formValues() {
    const values = {};
    for (const p of this.spec.params) {
      const el = this.field(p.name);
      if (!el) continue;
      values[p.name] = el.type === "checkbox" ? String(el.checked) : el.value;
      if (p.name in this.fromUrl) values[p.name] = this.fromUrl[p.name];
    }
    return values;
  }

  params() {
    return { ...this.state.params, ...this.formValues() };
  }

  onInput(event) {
    const name = event.target.name;
    if (!name || (event.type === "input" && event.target.tagName === "SELECT")) return;
    delete this.fromUrl[name];
    const param = this.spec.params.find((p) => p.name === name);
    if (param?.fills && event.type === "change") this.applyPreset(param);
    this.markCustom(name);
    this.showApplicable();
    this.run();
  }

  onHelp(event) {
    const help = event.target.closest?.(".calc-help");
    if (help) help.toggleAttribute("data-open");
  }

  applyPreset(param) {
    const fills = param.fills[this.field(param.name).value] || {};
    for (const [target, value] of Object.entries(fills)) {
      const el = this.field(target);
      if (!el) continue;
      delete this.fromUrl[target];
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

  // Fields the chosen system or preset ignores are hidden (the declaration says when each applies).
  showApplicable() {
    const values = this.params();
    for (const p of this.spec.params) {
      if (!p.applies) continue;
      const box = this.root.querySelector(`.calc-field[data-param="${CSS.escape(p.name)}"]`);
      if (box) box.hidden = !p.applies.values.includes(values[p.applies.param]);
    }
  }

  // True when the inputs on screen are not the ones the shown result was computed from.
  differsFromResult() {
    const now = this.formValues();
    return Object.keys(now).some((name) => now[name] !== this.initial[name]);
  }

  markStale(why) {
    const note = this.root.querySelector(".calc-stale-note");
    if (why) this.root.dataset.stale = why;
    else delete this.root.dataset.stale;
    if (!note) return;
    // Over what it is about (widgets.css lays it over the top of that): the chart alone, or the results.
    const about = this.root.querySelector(why === "chart" ? ".calc-chart" : ".calc-results");
    if (about && note.nextElementSibling !== about) about.before(note);
    note.hidden = !why;
    note.textContent = STALE_NOTES[why]?.(this.t) ?? "";
  }

  // Latest wins: a change while a run is queued or running replaces it; unchanged inputs do not rerun.
  async run(params = this.params()) {
    const text = JSON.stringify(params);
    if (text === this.sent) return;
    this.sent = text;
    const seq = ++this.seq;
    this.root.dataset.busy = "true";
    // Back to the inputs the numbers on screen are for: they are current again. A run for other
    // inputs that the reader would notice: say that the results shown are for the previous inputs
    // (not for a run of the same inputs, such as the first live run of the page's own).
    const current = text === this.resultFor;
    if (current && this.root.dataset.stale === "running") this.markStale(null);
    const slow = setTimeout(() => {
      if (seq === this.seq && !current && this.root.dataset.stale !== "pending") this.markStale("running");
    }, SLOW_RUN_MS);
    try {
      const t0 = performance.now();
      const result = await request(this.id, this.calc, params, this.lang, () => this.root.isConnected);
      if (seq !== this.seq || !this.root.isConnected) return;
      clearTimeout(slow); // the result is in: showing it (plotly may still be loading) is not computing
      this.clearErrors();
      this.markStale(null);
      this.result = result;
      this.resultFor = text;
      await this.show(result, text);
      this.root.dataset.ms = String(performance.now() - t0);
      this.root.dataset.chartsAt ??= String(performance.now());
      this.saveUrlState();
    } catch (err) {
      if (seq !== this.seq || err.superseded) return;
      this.sent = null; // the same inputs may be tried again
      if (!err.startup) this.showError(err);
      else if (this.root.dataset.stale) this.markStale("unavailable");
      setStatusAll();
    } finally {
      clearTimeout(slow);
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

  // Every invalid field's message at once; the results stay, marked as the last valid ones.
  showError(err) {
    this.clearErrors();
    const errors = err.errors?.length ? err.errors : [{ field: err.field, message: inLanguage(err.said ?? err.message, this.t) }];
    for (const e of errors) {
      const field = e.field && this.root.querySelector(`#${CSS.escape(this.root.id)}-${CSS.escape(e.field)}-error`);
      const target = field || this.root.querySelector(".calc-form > .calc-error") || this.root.querySelector(".calc-status");
      target.textContent = err.fatal ? this.t("{error}; Python was restarted, the other calculators are unaffected.", { error: e.message })
        : e.message;
      target.hidden = false;
      if (field) this.field(e.field)?.setAttribute("aria-invalid", "true");
    }
    this.markStale("invalid");
  }

  // `key`: the inputs of `result`; charts and the view off the screen are drawn when the reader nears them.
  async show(result, key) {
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
    await Promise.all([this.showCharts(result, key), this.showView(result, key)]);
  }

  showTable(out, rows) {
    const body = this.root.querySelector(`[data-table-output="${out.name}"] tbody`);
    if (!body) return;
    const summary = this.root.querySelector(`[data-folded="${out.name}"] > summary`);
    if (summary) summary.textContent = this.t("{title}: {count} rows", { title: out.title, count: formatCell(rows.length) });
    body.replaceChildren(...rows.map((row) => {
      const tr = document.createElement("tr");
      for (const v of row) tr.appendChild(Object.assign(document.createElement("td"), { textContent: formatCell(v) }));
      return tr;
    }));
  }

  // plotly is fetched only once a first result is live (it is not on the way to live numbers):
  // until it has loaded, the build-time chart stays, which is the live chart when the inputs are
  // the page's defaults; for other inputs it is marked as the defaults' chart meanwhile.
  async showCharts(result, key) {
    const charts = this.spec.outputs.filter((o) => o.kind === "chart");
    if (!charts.length) return;
    const waiting = !plotlyLoaded && this.differsFromResult();
    if (waiting) this.markStale("chart");
    const Plotly = await loadPlotly();
    const divs = charts.map((chart) => [chart, this.root.querySelector(`#${CSS.escape(this.root.id)}-${CSS.escape(chart.name)}`)])
      .filter(([, div]) => div);
    // Every chart measured before any is drawn: one layout, not one per chart after the previous
    // one's drawing. A drawing deferred until the reader nears it measures then.
    const sizes = new Map(divs.map(([, div]) => [div, measure(div)]));
    let now = true;
    const draws = divs.map(([chart, div]) => drawWhenNear(div.closest(".calc-chart") ?? div, key, this.shown,
      () => this.plot(Plotly, div, chart, result.charts[chart.name], now ? sizes.get(div) : measure(div)), this.t, true));
    now = false;
    await Promise.all(draws);
    if (waiting && this.root.dataset.stale === "chart") this.markStale(null);
  }

  // Plotly.react: after the first drawing, plotly updates only what changed. The last argument is
  // the div's width (a narrow plot, a phone, gets its legend under it, names wrapped) and text
  // colour, measured here unless given.
  plot(Plotly, div, chart, traces, { width, colour } = measure(div)) {
    if (!div.dataset.plotly) { div.replaceChildren(); div.dataset.plotly = "true"; }
    return Plotly.react(div, plotTraces(chart, traces, this.t, width), plotLayout(chart, traces, colour, width, this.t), {
      displaylogo: false, responsive: true, modeBarButtonsToRemove: ["sendDataToCloud"],
      locale: this.lang, locales: { [this.lang]: { dictionary: plotlyWords(this.t) } },
    });
  }

  // Without `key` (the build-time result, at hydration) the view is drawn at once. A view already
  // drawn for these inputs is left as it is: a view is drawn by this same script from a result
  // that the same inputs give again, and drawing it anew would swap the buttons (re-hash, the
  // diagram's downloads) under a reader's click for identical ones.
  async showView(result, key) {
    const name = this.root.dataset.view;
    if (!name) return;
    this.view ??= await import(new URL(`views/${name}.js`, here).href);
    const element = this.root.querySelector(".calc-view");
    if (key === undefined) { // the script's drawing of the build's result: its download buttons are wired (export.js)
      await this.renderView(element, result);
      element.dispatchEvent(new CustomEvent("calc:drawn", { bubbles: true }));
    } else if (this.shown.get(element) === key) { deferred.delete(element); markEarlier(element, null); }
    else await drawWhenNear(element, key, this.shown, () => this.renderView(element, result), this.t);
  }

  // A view's render may return a promise that settles when its drawing is complete.
  async renderView(element, result) {
    const focus = focusKey(element);
    await this.view.render(element, result, {
      plotly: plotly ? await plotly : null,
      loadPlotly,
      // A view that draws a result of its own (other inputs than the form's) no longer shows the form's.
      run: (params) => {
        this.shown.delete(element);
        return request(`${this.id}#view`, this.calc, { ...this.params(), ...params }, this.lang, () => this.root.isConnected);
      },
      widget: this,
      live: Boolean(stats.readyAt),
      t: this.t,
    });
    refocus(element, focus);
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
      if (el.type !== "checkbox" && el.value !== value) this.fromUrl[name] = value;
    }
  }

  // The inputs that differ from the page's, as URL parameters of this widget.
  urlState(query) {
    for (const key of [...query.keys()]) if (splitKey(key)[0] === this.id) query.delete(key);
    const now = this.formValues();
    for (const [name, value] of Object.entries(now)) {
      // A long text (a pasted topology) would make the URL unusable: it is not shared.
      if (value !== this.initial[name] && value.length <= MAX_URL_VALUE) query.set(`${this.id}.${name}`, value);
    }
    return query;
  }

  // Written in place (replaceState), and only while this widget's page is the one shown: a run
  // that finishes after instant navigation never writes into the next page's address.
  saveUrlState() {
    if (!this.root.isConnected || location.pathname !== this.page) return;
    const search = this.urlState(new URLSearchParams(location.search)).toString();
    const url = `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, "", url);
  }

  wireActions() {
    const box = this.root.querySelector(".calc-actions");
    if (!box) return;
    for (const [name, act] of [[".calc-reset", () => this.reset()], [".calc-copy", () => this.copyLink()]]) {
      const b = box.querySelector(name);
      b.addEventListener("click", act);
      b.disabled = false;
    }
  }

  reset() {
    this.fromUrl = {};
    for (const [name, value] of Object.entries(this.initial)) {
      const el = this.field(name);
      if (el.type === "checkbox") el.checked = value === "true";
      else el.value = value;
    }
    this.showApplicable();
    this.run();
  }

  async copyLink() {
    const query = this.urlState(new URLSearchParams());
    const url = new URL(`${this.page}${query.size ? `?${query}` : ""}#${this.root.id}`, location.href).href;
    const note = this.root.querySelector(".calc-copy-note");
    try {
      await navigator.clipboard.writeText(url);
      note.textContent = this.t("Link copied: it opens this page with these inputs.");
    } catch {
      note.textContent = this.t("Copy this link (it holds these inputs): {url}", { url });
    }
    this.root.dataset.link = url;
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
  // plotly is not fetched here: it would share a first visit's bandwidth with Python's runtime
  // (it loads after the first live result, Widget.showCharts).
  startWorker().then(() => {
    for (const w of widgets) {
      if (w.root.isConnected && !w.started) { w.started = true; w.run(); }
    }
  }, () => {});
}

// Links shared before widget ids took their "calc-" prefix end in #<widget>: scroll to that widget.
function followOldFragment() {
  const name = decodeURIComponent(location.hash.slice(1));
  if (!name || document.getElementById(name)) return;
  document.querySelector(`.calc-widget[data-wid="${CSS.escape(name)}"]`)?.scrollIntoView();
}

// A page with widgets starts Python's downloads as soon as its first frame is painted (the
// frame after this one), not when the browser is idle: they are the first widget's critical
// path, and the page's own first paint does not wait for them. A hidden tab paints no frame:
// the timer starts it there.
function afterFirstPaint(start) {
  let done = false;
  const once = () => { if (!done) { done = true; start(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 500);
}

function builtValue(el) {
  if (el.type === "checkbox") return String(el.defaultChecked);
  if (el.tagName === "SELECT") return ([...el.options].find((o) => o.defaultSelected) ?? el.options[0])?.value ?? "";
  return el.defaultValue;
}

function hydrate() {
  // A report without inputs (data-static, widgets/render.py) shows the build's result: nothing to hydrate.
  const found = document.querySelectorAll(".calc-widget:not([data-hydrated]):not([data-static])");
  for (const root of found) {
    const w = new Widget(root);
    widgets.add(w);
    observer?.observe(root);
  }
  if (!found.length) return;
  followOldFragment();
  setStatusAll();
  if (ready) wake();
  else afterFirstPaint(wake);
}

// For benchmarks and tests: compute in the shared worker without a widget.
let computed = 0;
const compute = (calc, params = {}) => request(`compute:${computed++}`, calc, params);
const workerStats = () => startWorker().then(() => pool.find((w) => w.live).call("stats"));
// For other page scripts (problems.js): any request type of a Python worker.
const ask = (type, payload = {}) => enqueue(`ask:${computed++}`, { ...payload, type });
window.calcRuntime = { stats, hydrate, startWorker, widgets, compute, workerStats, ask };

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => hydrate());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", hydrate);
} else {
  hydrate();
}
