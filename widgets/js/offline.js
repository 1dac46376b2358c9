// Registers the site's service worker (sw.js at the site's root; see widgets/sw.js), which
// keeps the site working offline after the first visit. Loaded on every page, kept apart from
// the widget runtime. It waits until the page has loaded and is idle, so caching never
// competes with the page; on a page with widgets, until the first widget is live, so the pages
// cached in the background never share a first visit's bandwidth with the Python runtime; it
// then, once the reader has left the widgets alone for a moment, asks for the runtime to be cached too (files already downloaded come from the HTTP
// cache). A page without widgets never makes the runtime download.
(() => {
  if (!("serviceWorker" in navigator) || !document.currentScript) return;
  const script = new URL("../../sw.js", document.currentScript.src);
  let registration = null;

  function register() {
    registration ??= navigator.serviceWorker.register(script, { scope: new URL("./", script).pathname });
    registration.catch((error) => console.warn("offline copy unavailable:", error.message));
    return registration;
  }

  function cacheRuntime() {
    register().then(() => navigator.serviceWorker.ready).then((r) => r.active.postMessage("cache-runtime"), () => {});
  }

  const idle = (f) => ("requestIdleCallback" in window ? requestIdleCallback(f, { timeout: 5000 }) : setTimeout(f, 1000));
  const widgets = () => document.querySelector(".calc-widget");
  if (document.readyState === "complete") { if (!widgets()) idle(register); }
  else addEventListener("load", () => { if (!widgets()) idle(register); }, { once: true });
  // Every widget's first result bubbles up as calc:result (instant navigation keeps this page).
  // The copy starts once the reader has left the widgets alone for QUIET_MS: downloading and
  // storing the site competes for the CPU with the worker, and a reader changing inputs right
  // after the first result saw each result up to 2-3 times later (bench latency, collective p95).
  const QUIET_MS = 3000;
  let quiet = null;
  function waitQuiet() {
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      for (const type of ["calc:result", "input"]) document.removeEventListener(type, waitQuiet, true);
      idle(cacheRuntime);
    }, QUIET_MS);
  }
  document.addEventListener("calc:result", () => {
    for (const type of ["calc:result", "input"]) document.addEventListener(type, waitQuiet, true);
    waitQuiet();
  }, { once: true });
})();
