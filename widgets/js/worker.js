// The Python worker: one Pyodide per page session, shared by every widget.
//
// Protocol (cf. Pyodide's web-worker guide): every request is {id, type, ...};
// every reply is {id, result} or {id, error}. Start-up failure is reported to the
// first request, and to every later one, as {id, error: {startup: true, message}}.
// An error is {message, field, validation} for the reader's input (with every invalid
// field in errors), {cancelled} when the page interrupted the run, {fatal} when Python
// cannot be trusted any more (memory, recursion, a crash): the page then replaces this worker.
// While booting, the worker posts {progress: {step, text}} (no id), steps 1 to 4.
// Start-up (which files, which build-time levers, progress steps) is in boot.js.
// The worker serves every widget of the page, whatever its language: its own words (an error's
// `said`, a step's `text`) are said here and put in the widget's language where shown (texts.js);
// an error's `message` is the same words in English.

import { boot } from "./boot.js";
import { inLanguage, said } from "./texts.js";

const t = said;

const here = new URL(".", import.meta.url);

const progress = (step, text) => self.postMessage({ progress: { step, text } });

// A runtime that neither loads nor fails (a stalled download) is reported as a failure too.
const BOOT_TIMEOUT_MS = 120_000;
// The page names its calculators and language in the worker's name (runtime.js), so their parts
// of the engine download with Pyodide.
const hint = (() => { try { return JSON.parse(self.name.split(" ").slice(1).join(" ") || "{}"); } catch { return {}; } })();
const ready = Promise.race([
  boot(here, progress, hint),
  new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error(), { said: t("timed out after {seconds} s", { seconds: BOOT_TIMEOUT_MS / 1000 }) })), BOOT_TIMEOUT_MS)),
]);
ready.catch(() => {}); // reported per request below

// An error the page is told about: the words, and the same in English as its message.
const told = (words, kind = {}) => ({ message: inLanguage(words), said: words, ...kind });

// What the page is told about an exception thrown by a run.
function failure(err) {
  if (err.validation) return { message: err.message, field: err.field ?? null, validation: true, errors: err.errors };
  if (err.fatal) return { message: err.message, fatal: true };
  const type = err.type; // set on Python exceptions (PythonError)
  if (type === "KeyboardInterrupt") return { message: "cancelled", cancelled: true };
  if (type === "MemoryError") return told(t("Python ran out of memory"), { fatal: true });
  if (type === "RecursionError") return told(t("Python ran out of stack (nesting too deep)"), { fatal: true });
  const last = String(err.message || err).trim().split("\n").pop().slice(0, 300);
  if (type) return told(t("Internal error in the calculator: {error}", { error: last }), { internal: true });
  return told(t("Python crashed ({error})", { error: last }), { fatal: true }); // a WebAssembly trap or a Pyodide fatal error
}

function run(runtime, msg) {
  const params = JSON.stringify(msg.params);
  const lang = msg.lang || "en";
  const reply = JSON.parse(runtime.api.run_json(msg.calc, params, lang));
  if (!reply.error) return reply.result;
  const { message, field } = reply.error;
  if (reply.fatal || reply.error.fatal) throw Object.assign(new Error(message), { fatal: true });
  const errors = runtime.api.errors_json ? JSON.parse(runtime.api.errors_json(msg.calc, params, lang)) : [];
  throw Object.assign(new Error(message), { field, validation: true, errors: errors.length ? errors : [{ field, message }] });
}

// Which parts of the engine a request needs (boot.js partsFor).
function needs(msg) {
  if (msg.type === "run") return { calcs: [msg.calc], lang: msg.lang || "en" };
  if (msg.type === "problem") return { problems: [msg.request?.problem], lang: msg.request?.lang || "en" };
  return {};
}

function handle(runtime, msg) {
  if (msg.type === "init") {
    if (msg.interrupt) runtime.pyodide.setInterruptBuffer(msg.interrupt);
    return { pyodide: runtime.version, bootMs: runtime.bootMs, pyodideLoadedAt: runtime.pyodideLoadedAt,
             levers: runtime.levers, interruptible: Boolean(msg.interrupt) };
  }
  if (msg.type === "run") return run(runtime, msg);
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
    const reason = err.said ?? String(err.message || err);
    self.postMessage({ id: msg.id, error: told(t("Python could not start: {reason}", { reason }), { startup: true }) });
    return;
  }
  try {
    const t0 = performance.now();
    await runtime.needFor(needs(msg));
    const result = handle(runtime, msg);
    self.postMessage({ id: msg.id, result, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id: msg.id, error: failure(err) });
  }
};
