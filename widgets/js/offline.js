// Registers the site's service worker (sw.js at the site's root; see widgets/sw.js), which
// keeps the site working offline after the first visit. Loaded on every page, kept apart from
// the widget runtime. It waits until the page has loaded and is idle, so caching never
// competes with the page; on a page with widgets, until the first widget is live, so the pages
// cached in the background never share a first visit's bandwidth with the Python runtime; it
// then asks for the runtime to be cached too (files already downloaded come from the HTTP
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
  document.addEventListener("calc:result", cacheRuntime, { once: true });
})();
