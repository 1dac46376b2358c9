// Start-up of the Python worker: fetch the runtime named by config.json, boot Pyodide, unpack
// the calc wheel. Kept apart from worker.js (the message protocol) so the boot path can change
// alone. config.json is generated at build time (widgets/build.py) from package.json, the one
// place Pyodide is pinned; paths in it are relative to it. Build-time levers (widgets/levers.py):
//   wheel     the calc wheel, byte-compiled for Pyodide's Python
//   stdlib    the standard library trimmed to what calc and Pyodide's start-up import, byte-compiled
//   engine-parts  the calc wheel in parts (widgets/parts.py): the kernel (config.wheel), one
//             archive per topic and one per catalogue language (config.parts); a page's parts
//             download with Pyodide, any other part when a request needs it (need()).
//   snapshot  Python's memory with calc imported, gzip; used once it is in a cache (a first
//             visit does not wait for its download) and fetched in the background after boot
//   inline-lock  Pyodide is given its lock file's header from config.json (config.lock, no
//             packages: the site loads none) instead of fetching pyodide-lock.json
// Pyodide requests its wasm, standard library and pyodide.asm.mjs together as soon as
// pyodide.mjs has loaded, while the page's parts of the engine are already downloading.
// Requesting them with pyodide.mjs instead, and compiling the wasm from then on, was measured
// (./dev.sh bench browser --first-visit) and left out: no gain above the busy benchmark
// machine's noise.

import { inLanguage, said as t } from "./texts.js";

const PREFETCH_AFTER_MS = 1500; // after the first widget is live (about 0.1 s after boot)

async function bytes(url, what) {
  const response = await fetch(url);
  if (!response.ok) {
    const words = t("{what} not found ({status})", { what, status: response.status });
    throw Object.assign(new Error(inLanguage(words)), { said: words });
  }
  return response.arrayBuffer();
}

// The snapshot only if the HTTP cache or the service worker already holds it: never a download.
async function cached(url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

function gunzip(response) {
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

function prefetchLater(url) {
  setTimeout(() => fetch(url, { priority: "low" }).then((r) => r.arrayBuffer()).catch(() => {}), PREFETCH_AFTER_MS);
}

// The parts of the engine (config.parts) a request needs: its calculator's or problem's topic
// with the topics that one imports, and the catalogues of its language. An unknown name needs
// every topic (its error comes from Python, as in one wheel).
export function partsFor(config, { calcs = [], problems = [], lang = "en" } = {}) {
  const topics = [...calcs.map((c) => config.calculators?.[c] ?? "*"), ...problems.map((p) => config.problems?.[p] ?? "*")];
  const all = Object.keys(config.topics ?? {});
  const parts = topics.flatMap((topic) => (topic === "*" ? all : config.topics?.[topic] ?? []));
  if (config.parts?.[lang]) parts.push(lang);
  return [...new Set(parts)].filter((p) => config.parts?.[p]);
}

// progress(step, text): steps 1 to 4, for the page's loading indicator; `text` is said
// (texts.js). hint: the page's {calcs, problems, lang}, whose parts download at once.
export async function boot(here, progress = () => {}, hint = {}) {
  const t0 = performance.now();
  progress(1, t("downloading Python"));
  const config = await (await fetch(new URL("config.json", here))).json();
  const at = (path) => new URL(path, here).href;
  const indexURL = at(config.pyodide);
  const wheel = bytes(at(config.wheel), t("calc wheel")); // downloads while Pyodide compiles
  wheel.catch(() => {}); // awaited below; reported from there
  const downloads = new Map(); // part -> its bytes (a promise), each fetched once
  const download = (part) => {
    if (!downloads.has(part)) downloads.set(part, bytes(at(config.parts[part]), t("calc wheel")));
    downloads.get(part).catch(() => {});
    return downloads.get(part);
  };
  const first = partsFor(config, hint);
  first.forEach(download);
  const snapshot = config.snapshot ? await cached(at(config.snapshot)) : null;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const options = { indexURL };
  if (config.stdlib) options.stdLibURL = at(config.stdlib);
  if ((config.levers ?? []).includes("inline-lock") && config.lock) options.lockFileContents = config.lock;
  if (snapshot) options._loadSnapshot = gunzip(snapshot);
  const pyodide = await loadPyodide(options);
  const pyodideLoadedAt = performance.timeOrigin + performance.now(); // comparable across threads
  progress(2, t("Python started, loading the calculators"));
  if (snapshot) pyodide.runPython("import random; random.seed()"); // the snapshot's state is shared
  pyodide.unpackArchive(await wheel, "wheel");
  const sitePackages = pyodide.runPython("import calc; calc.__path__[0].rsplit('/', 1)[0]"); // where the wheel went
  const unpacked = new Set();
  const need = async (parts) => { // unpacks parts not yet here; Python then finds their modules
    const missing = parts.filter((p) => !unpacked.has(p));
    const data = await Promise.all(missing.map(download));
    missing.forEach((p, i) => { if (!unpacked.has(p)) pyodide.unpackArchive(data[i], "zip", { extractDir: sitePackages }); unpacked.add(p); });
    // The import system's directory listings (importlib.invalidate_caches() would import
    // importlib.metadata, which the trimmed standard library leaves out).
    if (missing.length) pyodide.runPython("import sys\nfor f in list(sys.path_importer_cache.values()):\n    getattr(f, 'invalidate_caches', lambda: None)()");
  };
  await need(first);
  progress(3, t("importing the calculators"));
  const api = pyodide.pyimport("calc.jsonapi");
  progress(4, t("ready"));
  if (config.snapshot && !snapshot) prefetchLater(at(config.snapshot));
  const levers = [...(config.levers ?? []).filter((l) => l !== "snapshot"), ...(snapshot ? ["snapshot"] : [])];
  const needFor = (request) => need(partsFor(config, request));
  return { pyodide, api, needFor, bootMs: performance.now() - t0, version: pyodide.version, pyodideLoadedAt, levers };
}
