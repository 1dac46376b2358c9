// The Python worker: one Pyodide per page session, shared by every widget.
//
// Protocol (cf. Pyodide's web-worker guide): every request is {id, type, ...};
// every reply is {id, result} or {id, error}. Start-up failure is reported to the
// first request, and to every later one, as {id, error: {startup: true, message}}.
// Start-up (which files, which build-time levers) is in boot.js.

import { boot } from "./boot.js";

const here = new URL(".", import.meta.url);

// A runtime that neither loads nor fails (a stalled download) is reported as a failure too.
const BOOT_TIMEOUT_MS = 120_000;
const ready = Promise.race([
  boot(here),
  new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${BOOT_TIMEOUT_MS / 1000} s`)), BOOT_TIMEOUT_MS)),
]);
ready.catch(() => {}); // reported per request below

function handle(runtime, msg) {
  if (msg.type === "init") {
    return { pyodide: runtime.version, bootMs: runtime.bootMs, pyodideLoadedAt: runtime.pyodideLoadedAt, levers: runtime.levers };
  }
  if (msg.type === "run") {
    const reply = JSON.parse(runtime.api.run_json(msg.calc, JSON.stringify(msg.params), msg.lang || "en"));
    if (reply.error) throw Object.assign(new Error(reply.error.message), { field: reply.error.field, validation: true });
    return reply.result;
  }
  if (msg.type === "problem") { // worked problems (calc.problems): make, check, hint, solution
    const reply = JSON.parse(runtime.pyodide.pyimport("calc.problems").request_json(JSON.stringify(msg.request)));
    if (reply.error) throw Object.assign(new Error(reply.error.message), { field: reply.error.field, validation: true });
    return reply.result;
  }
  if (msg.type === "stats") {
    return { wasmHeapBytes: runtime.pyodide._module.HEAPU8.length };
  }
  throw new Error(`unknown request type ${msg.type}`);
}

self.onmessage = async (event) => {
  const msg = event.data;
  let runtime;
  try {
    runtime = await ready;
  } catch (err) {
    self.postMessage({ id: msg.id, error: { startup: true, message: `Python could not start: ${err.message || err}` } });
    return;
  }
  try {
    const t0 = performance.now();
    const result = handle(runtime, msg);
    self.postMessage({ id: msg.id, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id: msg.id, error: { message: err.message || String(err), field: err.field ?? null, validation: !!err.validation } });
  }
};
