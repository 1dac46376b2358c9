// Service worker: the site keeps working offline after the first visit.
//
// widgets/offline.py writes this template to the site's root as sw.js, with the manifest below
// filled in: VERSION is a hash of every listed file's content, so any change to the site makes
// a new service worker. Each version has its own cache, filled completely (and every file
// checked against its hash) before the version is installed; pages are answered from the cache
// of the version that controls them, and a new version takes over only when no page uses the
// old one (a page opened then is fetched again from the new version: handOver). So a reader
// never gets a mix of two deployments' files.
//
//   SHELL    pages and their assets: cached at install (after a page has loaded; offline.js)
//   RUNTIME  the Python runtime: cached when a page's first widget is live (offline.js asks),
//            so a page without widgets never downloads it
const VERSION = "@@VERSION@@";
const SHELL = "@@SHELL@@";
const RUNTIME = "@@RUNTIME@@";

const CACHE = `site-${VERSION}`;
const root = new URL(self.registration.scope);
const hashes = new Map([...Object.entries(SHELL), ...Object.entries(RUNTIME)].map(([p, h]) => [new URL(p, root).href, h]));

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// Fetch, check against this version's hash, store: a file of another deployment is refused.
async function store(cache, href, mode) {
  const response = await fetch(new Request(href, { cache: mode }));
  if (!response.ok) throw new Error(`${href}: ${response.status}`);
  if ((await sha256(response)) !== hashes.get(href)) throw new Error(`${href}: not from deployment ${VERSION}`);
  await cache.put(href, response);
}

async function storeAll(paths, mode) {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const p of Object.keys(paths)) {
    const href = new URL(p, root).href;
    if (!(await cache.match(href))) missing.push(href);
  }
  await Promise.all(missing.map((href) => store(cache, href, mode)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(storeAll(SHELL, "no-cache"));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("site-") && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "cache-runtime") event.waitUntil(storeAll(RUNTIME, "default").catch(() => {}));
  if (event.data === "take-over") event.waitUntil(self.skipWaiting());
});

// A page opened while no page of this version is open: the waiting version (a new deployment,
// complete in its own cache) takes over, and the page is fetched again, from it. No waiting
// here: Chromium activates the new version only once this one has no fetch in flight.
async function handOver(request) {
  const waiting = self.registration.waiting;
  if (!waiting || request.mode !== "navigate" || (await self.clients.matchAll({ type: "window" })).length) return null;
  waiting.postMessage("take-over");
  return Response.redirect(request.url, 302);
}

function cacheKey(request) {
  const url = new URL(request.url);
  url.hash = "";
  // Pages carry widget state in the query (?collective.gpus=64): the page itself is the same.
  if (url.pathname.endsWith("/") || url.pathname.endsWith(".html")) url.search = "";
  return url.href;
}

async function respond(request) {
  const handed = await handOver(request);
  if (handed) return handed;
  const cache = await caches.open(CACHE);
  const key = cacheKey(request);
  const hit = await cache.match(key);
  if (hit) return hit;
  if (!hashes.has(key)) return fetch(request); // not part of this deployment's manifest
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") return (await cache.match(new URL("404.html", root).href)) ?? Response.error();
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(root.href)) return;
  event.respondWith(respond(request));
});
