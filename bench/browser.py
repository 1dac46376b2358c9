"""Start-up, first visit, offline and responsiveness in headless Chromium, in one run.

Every figure is measured side by side on the same machine load: each round loads, in turn,
a bare boot of the pinned Pyodide (in a module worker, like the site's, with its own full
standard library) and the Calculators page served with each combination of start-up levers
(widgets/levers.py). Each variant is a copy of one build on its own address, so each has
its own HTTP cache and service worker.

- cold: a fresh browser context (empty caches); warm: the same context after that first
  visit, once the service worker holds the site and the runtime (what a returning reader has).
- live: the first widget shows numbers computed in the browser, from navigation start.
- throttled first visit: 20 Mb/s down and 40 ms round trips, empty cache, over HTTPS (a
  self-signed certificate made for the run): Chromium asks for brotli only over HTTPS, so the
  bytes are brotli where the server has it, as from the real host. The link is Chromium's own
  emulation (DevTools ``Network.emulateNetworkConditions`` on the page's target). Attaching to
  the worker (``Target.setAutoAttach``) and emulating on its own session is refused by Chromium
  ("Not supported"), but the page's emulation does govern the worker's requests: every run
  checks it from the wasm's own transfer rate and prints it. Bytes are those Chromium reports
  (response headers and encoded bodies of every request of the browser context, the workers'
  included) for the requests started before the first widget was live. The local server speaks
  HTTP/1.1 (six connections); the host speaks HTTP/2 (one connection, multiplexed), so the
  latency share of the figure is if anything pessimistic.
- first-visit levers: each is undone alone on the shipped site (an init script restoring the
  old behaviour, or a copy of the site with one file changed) and measured throttled, side by
  side with the shipped site.
- compiled-wasm caching: Chromium stores the compiled wasm of a streamed instantiation beside
  the cached response; its effect is measured with V8's caching thresholds set out of reach.
- offline: after the first visit, the network off, every page visited, every widget live.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, Request

from bench.support import ROOT, built_site, chromiums, median, percentile, table
from calc import __version__
from tests.browser.test_site import pages
from tests.conftest import free_port
from tests.support.server import serve
from widgets.build import calculator_index
from widgets.levers import Levers, make_levers
from widgets.offline import manifest, write_service_worker
from widgets.wheel import build_wheel, rezip, wheel_name

BOOT_WORKER = """
const here = new URL(".", import.meta.url);
const config = await (await fetch(new URL("config.json", here))).json();
const base = new URL(config.pyodide, here);
const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
await loadPyodide({ indexURL: base.href });
postMessage("booted");
"""
ROUNDS = 3
THROTTLED_ROUNDS = int(os.environ.get("BENCH_THROTTLED_ROUNDS", "2"))  # more rounds: steadier medians on a busy machine
CHANGES = 60
LAB_CHANGES = 30
DOWN_BYTES_PER_S = 20e6 / 8
RTT_MS = 40
LINK = {"offline": False, "latency": RTT_MS, "downloadThroughput": DOWN_BYTES_PER_S, "uploadThroughput": DOWN_BYTES_PER_S}
TIMEOUT_MS = 180_000
# V8 writes compiled wasm to Chromium's code cache once enough top-tier code exists; with these
# thresholds out of reach it never does (the "no compiled-wasm cache" browser).
NO_WASM_CACHE = "--js-flags=--wasm-caching-threshold=2000000000 --wasm-caching-hard-threshold=2000000000"
# The run's self-signed certificate: the contexts ignore it (ignore_https_errors), but Chromium
# registers a service worker over HTTPS only with a certificate it trusts, or with this flag.
SELF_SIGNED = "--ignore-certificate-errors"


@dataclass(frozen=True)
class Variant:
    name: str
    url: str
    site: Path

    def runtime_files(self) -> int:
        _, shell, runtime = manifest(self.site, json.loads((self.site / "assets/widgets/config.json").read_text()))
        return len(shell) + len(runtime)


ENGINE_PARTS_KEYS = ("parts", "topics", "calculators", "problems")  # config.json: widgets.build.engine_map
IDLE_START = "worker started at idle"
ZIPS_DEFLATED = "zips deflated (before: stored, for HTTP brotli)"
LOCK_FETCHED = "pyodide-lock.json fetched (before)"
AFTER_PAINT = "  else afterFirstPaint(wake);"  # widgets/js/runtime.js: hydrate()
AT_IDLE = """  else if ("requestIdleCallback" in window) requestIdleCallback(wake, { timeout: 3000 });
  else setTimeout(wake, 1000);"""


def _one_wheel(config: dict[str, Any], wheel: str) -> dict[str, Any]:
    """``config`` with the engine in one wheel at ``wheel`` (every topic and catalogue), as before
    the engine was split into parts."""
    levers = [lever for lever in config.get("levers", []) if lever != "engine-parts"]
    return {**{k: v for k, v in config.items() if k not in ENGINE_PARTS_KEYS}, "wheel": wheel, "levers": levers}


def _without_lever(config: dict[str, Any], lever: str) -> dict[str, Any]:
    return {**config, "levers": [name for name in config.get("levers", []) if name != lever]}


def _deflate_archives(site: Path, config: dict[str, Any]) -> None:
    """The shipped zips (standard library, kernel, parts) with their entries deflated again, as
    before they were stored for HTTP to compress (no brotli copies: the host sends them as they are)."""
    widgets = site / "assets/widgets"
    for relative in [config["stdlib"], config["wheel"], *config.get("parts", {}).values()]:
        path = (widgets / relative).resolve()
        (path.parent / (path.name + ".br")).unlink(missing_ok=True)
        _replace(path, rezip(path.read_bytes(), zipfile.ZIP_DEFLATED))


def _levers_config(config: dict[str, Any], levers: Levers, source_wheel: bytes,
                   name: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """config.json and extra files (relative to the levers' folder) of a benchmark variant."""
    folder = config["wheel"].rsplit("/", 1)[0]
    source = {"wheel": f"{folder}/source/{wheel_name(__version__)}"}
    whole = f"{folder}/whole/{wheel_name(__version__)}"
    files = {f"source/{wheel_name(__version__)}": source_wheel, "stdlib-source.zip": levers.stdlib_source,
             f"whole/{wheel_name(__version__)}": levers.wheel}
    base = {k: config[k] for k in ("pyodide", "plotly")}
    if name == "no levers":
        return {**base, **source, "levers": []}, files
    if name == "trimmed stdlib":
        return {**base, **source, "stdlib": f"{folder}/stdlib-source.zip", "levers": ["trimmed-stdlib"]}, files
    if name == "trimmed + byte-compiled":
        return {**base, "wheel": whole, "stdlib": config["stdlib"], "levers": ["trimmed-stdlib", "byte-compiled"]}, files
    if name == "stdlib as sources":
        return {**config, "stdlib": f"{folder}/stdlib-source.zip"}, files
    if name == "wheel as sources":
        return {**_one_wheel(config, source["wheel"])}, files
    if name == "engine in one wheel":
        return _one_wheel(config, whole), files
    if name == LOCK_FETCHED:
        return {k: v for k, v in _without_lever(config, "inline-lock").items() if k != "lock"}, files
    return config, {}  # shipped (and preload hints, worker started at idle): every lever


def _replace(path: Path, data: bytes) -> None:
    path.unlink(missing_ok=True)  # a hard link to the original build: never write through it
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def make_variant(site: Path, folder: Path, name: str, levers: Levers, source_wheel: bytes) -> Path:
    shutil.copytree(site, folder, copy_function=os.link)
    config_path = folder / "assets/widgets/config.json"
    config, extra = _levers_config(json.loads(config_path.read_text()), levers, source_wheel, name)
    levers_dir = (config_path.parent / json.loads(config_path.read_text())["wheel"]).parent
    for relative, data in extra.items():
        _replace(levers_dir / relative, data)
    _replace(config_path, json.dumps(config, indent=1).encode())
    _replace(folder / "assets/widgets/bench-boot.js", BOOT_WORKER.encode())
    if name == "preload hints":
        add_preloads(folder, config)
    if name == ZIPS_DEFLATED:
        _deflate_archives(folder, config)
    if name == IDLE_START:  # the worker's downloads waited for the browser to be idle
        runtime = folder / "assets/widgets/runtime.js"
        source = runtime.read_text()
        assert AFTER_PAINT in source, AFTER_PAINT
        _replace(runtime, source.replace(AFTER_PAINT, AT_IDLE).encode())
    (folder / "sw.js").unlink()
    write_service_worker(folder, config)  # last: it lists every file
    return folder


def add_preloads(site: Path, config: dict[str, Any]) -> None:
    """``<link rel=preload as=fetch>`` for the runtime's large files in every page with a widget,
    so their download starts with the page, not once the worker asks (not shipped: measured)."""
    widgets = site / "assets/widgets"
    files = [(widgets / config["pyodide"] / "pyodide.asm.wasm"), widgets / config["stdlib"], widgets / config["wheel"],
             widgets / config["pyodide"] / "pyodide.asm.mjs"]
    for page in site.rglob("*.html"):
        html = page.read_text()
        if 'class="calc-widget' in html and "</head>" in html:
            links = "".join(f'<link rel="preload" href="{os.path.relpath(f.resolve(), page.parent)}" as="fetch" crossorigin>'
                            for f in files)
            _replace(page, html.replace("</head>", links + "</head>", 1).encode())


VARIANTS = ("no levers", "trimmed stdlib", "trimmed + byte-compiled", "shipped")
FIRST_VISIT_VARIANTS = ("stdlib as sources", "wheel as sources", "preload hints", "engine in one wheel", IDLE_START,
                        ZIPS_DEFLATED, LOCK_FETCHED)


@contextmanager
def variants() -> Iterator[list[Variant]]:
    with built_site() as (site, _), tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        wheel = build_wheel(ROOT / "calc", __version__, {"calc/_index.py": calculator_index().encode()})
        levers = make_levers(ROOT, wheel)
        out = []
        for i, name in enumerate(VARIANTS + FIRST_VISIT_VARIANTS):
            folder = make_variant(site, Path(tmp) / f"v{i}", name, levers, wheel)
            out.append(Variant(name, stack.enter_context(serve(folder, free_port(), tls=True)), folder))
        yield out


# ---- one page load each ------------------------------------------------------------------

def bare_boot(page: Page, url: str) -> float:
    """From creating a module worker to Pyodide loaded in it, on a page without widgets."""
    page.goto(url + "contributing/", timeout=TIMEOUT_MS)
    return float(page.evaluate("""() => new Promise((resolve, reject) => { const t0 = performance.now();
        const w = new Worker(new URL('assets/widgets/bench-boot.js', location.origin + '/'), {type: 'module'});
        w.onmessage = () => { resolve(performance.now() - t0); w.terminate(); };
        w.onerror = (e) => reject(e.message); })"""))


def widget_live(page: Page, url: str) -> dict[str, Any]:
    page.goto(url + "calculators/", wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector("#calc-collective[data-interactive-at]", timeout=TIMEOUT_MS, state="attached")
    stats = page.evaluate("() => window.calcRuntime.stats")
    live = float(page.evaluate("() => Number(document.querySelector('#calc-collective').dataset.interactiveAt)"))
    return {"live": live, "from_worker": live - float(stats["workerStartedAt"]),
            "levers": stats.get("levers") or [], "epoch": float(page.evaluate("() => performance.timeOrigin")) + live}


def wait_offline_copy(page: Page, files: int) -> None:
    """The service worker holds every file of the site and its runtime (the first visit is over)."""
    page.evaluate("""async ({files, ms}) => { const end = performance.now() + ms;
        for (;;) {
          const names = (await caches.keys()).filter((n) => n.startsWith('site-'));
          if (names.length === 1 && (await (await caches.open(names[0])).keys()).length === files) return;
          if (performance.now() > end) throw new Error('the offline copy is incomplete');
          await new Promise((r) => setTimeout(r, 100));
        } }""", {"files": files, "ms": TIMEOUT_MS})


def cold_and_warm(browser: Browser, v: Variant) -> tuple[dict[str, Any], dict[str, Any]]:
    context = browser.new_context(ignore_https_errors=True)
    try:
        page = context.new_page()
        cold = widget_live(page, v.url)
        wait_offline_copy(page, v.runtime_files())
        page.close()
        warm = widget_live(context.new_page(), v.url)
        return cold, warm
    finally:
        context.close()


def bare_cold_and_warm(browser: Browser, v: Variant) -> tuple[float, float]:
    context = browser.new_context(ignore_https_errors=True)
    try:
        cold = bare_boot(context.new_page(), v.url)
        return cold, bare_boot(context.new_page(), v.url)
    finally:
        context.close()


# ---- throttled first visit ---------------------------------------------------------------------

@dataclass(frozen=True)
class Fetch:
    """One request of a page load: ms from navigation, bytes on the wire (headers + body)."""

    path: str
    start_ms: float
    end_ms: float
    bytes: int
    encoding: str


@dataclass(frozen=True)
class Visit:
    live_ms: float
    fetches: tuple[Fetch, ...]
    fcp_ms: float = 0.0  # first contentful paint, from navigation

    def before_live(self) -> list[Fetch]:
        return [f for f in self.fetches if f.start_ms <= self.live_ms]

    def bytes_before_live(self) -> int:
        return sum(f.bytes for f in self.before_live())

    def link_rate_Mbps(self, suffix: str) -> float:
        """The transfer rate of the file ending in ``suffix`` (the wasm: the worker's request)."""
        f = next(f for f in self.fetches if f.path.endswith(suffix))
        return f.bytes * 8 / max(f.end_ms - f.start_ms, 1) / 1000


def _recorder(context: BrowserContext) -> list[Request]:
    done: list[Request] = []
    context.on("requestfinished", lambda r: done.append(r))
    return done


def _fetches(requests: list[Request], url: str, origin_ms: float) -> tuple[Fetch, ...]:
    out = []
    for r in requests:
        sizes, timing, response = r.sizes(), r.timing, r.response()
        start = timing["startTime"] - origin_ms
        encoding = response.headers.get("content-encoding", "-") if response else "-"
        out.append(Fetch(r.url.replace(url, "/").split("?")[0], start, start + max(timing["responseEnd"], 0),
                         sizes["responseBodySize"] + sizes["responseHeadersSize"], encoding))
    return tuple(sorted(out, key=lambda f: f.start_ms))


def slow_link(context: BrowserContext, page: Page) -> CDPSession:
    """Chromium's own emulation of the slow link on the page's target (the worker's requests
    included, checked by :meth:`Visit.link_rate_Mbps`)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", LINK)
    return cdp


def worker_emulation(browser: Browser, url: str) -> str:
    """What Chromium answers to emulating the slow link on the worker's own DevTools session
    (auto-attached from the page, ``Target.sendMessageToTarget``: Playwright's CDP sessions cannot
    address a flattened child session)."""
    context = browser.new_context(ignore_https_errors=True)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        answers: list[str] = []

        def attached(event: dict[str, Any]) -> None:
            if event["targetInfo"]["type"] != "worker" or "widgets/worker.js" not in event["targetInfo"]["url"]:
                return
            for i, (method, params) in enumerate((("Network.emulateNetworkConditions", LINK), ("Runtime.runIfWaitingForDebugger", {}))):
                cdp.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"],
                                                         "message": json.dumps({"id": i + 1, "method": method, "params": params})})

        def received(event: dict[str, Any]) -> None:
            message = json.loads(event["message"])
            if message.get("id") == 1:
                answers.append(message.get("error", {}).get("message", "accepted"))

        cdp.on("Target.attachedToTarget", attached)
        cdp.on("Target.receivedMessageFromTarget", received)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
        widget_live(page, url)
        return answers[0] if answers else "no worker session"
    finally:
        context.close()


def throttled(browser: Browser, v: Variant, bare: bool = False, init_script: str = "") -> Visit:
    """A first visit over the slow link: ms from navigation to live (or to booted), every request.
    The bare boot runs on a page of the site without widgets: its service worker (the site's
    offline copy, which is no part of a bare boot) is blocked."""
    context = browser.new_context(ignore_https_errors=True, service_workers="block" if bare else "allow")
    try:
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        requests = _recorder(context)
        cdp = slow_link(context, page)
        if bare:
            bare_boot(page, v.url)
            live = float(page.evaluate("() => performance.now()"))
        else:
            live = widget_live(page, v.url)["live"]
        origin = float(page.evaluate("() => performance.timeOrigin"))
        fcp = float(page.evaluate("() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0"))
        cdp.detach()
        return Visit(live, _fetches(requests, v.url, origin), fcp)
    finally:
        context.close()


# Each first-visit lever undone alone on the shipped site: the old behaviour, restored by a script
# that runs before the page's own (context.add_init_script).
PLOTLY_WITH_PYTHON = """addEventListener('DOMContentLoaded', () => { if (!document.querySelector('.calc-widget')) return;
  fetch(new URL('assets/widgets/config.json', location.origin + '/')).then((r) => r.json()).then((c) => {
    const s = document.createElement('script'); s.src = new URL(c.plotly, location.origin + '/assets/widgets/').href;
    document.head.appendChild(s); }); });"""
SEARCH_AT_LOAD = """addEventListener('DOMContentLoaded', () => { if (!document.forms.namedItem('search')) return;
  fetch(new URL('search/search_index.json', location.origin + '/')); });"""
SERVICE_WORKER_AT_LOAD = """addEventListener('load', () => requestIdleCallback(() =>
  navigator.serviceWorker.register('/sw.js', { scope: '/' }), { timeout: 5000 }));"""
UNDONE = {
    "plotly loaded after the first live result": ("plotly fetched with Python (before)", PLOTLY_WITH_PYTHON),
    "search index fetched when the reader searches": ("search index fetched at page load (before)", SEARCH_AT_LOAD),
    "offline copy made after the first live result": ("offline copy started at load + idle (before)", SERVICE_WORKER_AT_LOAD),
}


# ---- offline, responsiveness, weight ---------------------------------------------------------

def offline_navigation(browser: Browser, v: Variant) -> tuple[int, int, int, int, float]:
    """(pages opened, pages, widgets live, widgets, median ms to live) with the network off;
    what failed is printed."""
    context = browser.new_context(ignore_https_errors=True)
    try:
        page = context.new_page()
        widget_live(page, v.url)
        wait_offline_copy(page, v.runtime_files())
        context.set_offline(True)
        opened = live = widgets = 0
        times: list[float] = []
        for path in pages():
            try:
                page.goto(v.url + path, timeout=TIMEOUT_MS)
                page.locator("h1").first.wait_for(timeout=TIMEOUT_MS)
                opened += 1
            except Exception as exc:  # noqa: BLE001 - a page that does not open offline is what is counted
                progress(f"offline: {path or 'home'} did not open: {str(exc).splitlines()[0]}")
                continue
            for w in page.locator(".calc-widget").all():
                widgets += 1
                w.scroll_into_view_if_needed()
                try:
                    page.wait_for_function("(el) => el.dataset.state === 'ready' && Number(el.dataset.runs) > 0",
                                           arg=w.element_handle(), timeout=TIMEOUT_MS)
                    live += 1
                except Exception as exc:  # noqa: BLE001
                    progress(f"offline: a widget on {path} did not go live: {str(exc).splitlines()[0]}")
            if path == "calculators/":
                times.append(float(page.evaluate("() => Number(document.querySelector('#calc-collective').dataset.interactiveAt)")))
        return opened, len(pages()), live, widgets, median(times) if times else float("nan")
    finally:
        context.close()


@dataclass(frozen=True)
class Lab:
    """A widget whose input-to-result time is measured: the reader changes ``field`` to each value in turn."""

    title: str
    page: str
    wid: str
    field: str
    values: tuple[str, ...]
    target_ms: float


# The collective calculator across GPU counts; the ECMP lab across connection counts (1,000 trials
# each); the PFC/ECN lab across its whole incast range (the simulation's work grows with senders).
LABS = (
    Lab("collective calculator", "calculators/", "collective", "gpus", tuple(str(2 + (i % 60) * 17) for i in range(CHANGES)), 100),
    Lab("ECMP lab", "troubleshooting-ecmp/", "lab", "flows", tuple(str(4 + (i % 30) * 2) for i in range(LAB_CHANGES)), 250),
    Lab("PFC/ECN lab", "tuning-pfc-ecn/", "congestion", "senders", tuple(str(4 + (i % 16) * 4) for i in range(LAB_CHANGES)), 250),
)


CHANGE_VALUES = """async ([wid, field, values]) => {
    const w = document.getElementById('calc-' + wid); const input = w.querySelector(`[name=${field}]`);
    const out = [];
    for (const value of values) {
      const done = new Promise(r => w.addEventListener('calc:result', r, {once: true}));
      performance.mark('bench-input');
      const t = performance.now();
      input.value = value; input.dispatchEvent(new Event('input', {bubbles: true}));
      await done; await new Promise(requestAnimationFrame); out.push(performance.now() - t);
      performance.mark('bench-shown');
    }
    return out; }"""


def lab_page(browser: Browser, url: str, lab: Lab) -> Page:
    """The lab's own page, the widget scrolled into view and its first result in."""
    page = browser.new_page(ignore_https_errors=True)
    page.goto(url + lab.page)
    page.locator(f"#calc-{lab.wid}").scroll_into_view_if_needed()
    page.wait_for_selector(f"#calc-{lab.wid}[data-runs]", timeout=TIMEOUT_MS, state="attached")
    return page


def input_latency(browser: Browser, url: str, lab: Lab = LABS[0]) -> list[float]:
    """From a field's input event to the widget's result on screen (its calc:result and the next
    frame), for each value in turn; the page is the lab's own, the widget scrolled into view."""
    page = lab_page(browser, url, lab)
    latencies = page.evaluate(CHANGE_VALUES, [lab.wid, lab.field, list(lab.values)])
    page.close()
    return [float(v) for v in latencies]


def input_cpu(browser: Browser, url: str, lab: Lab) -> list[float]:
    """CPU time on the way from input to result, per change: what the worker thread ran plus what
    the main thread ran handling its reply (numbers, charts, view), from a Chromium trace's thread
    times. Unlike wall-clock time it hardly moves with the machine's load, so it estimates the
    input-to-result time of a quiet machine (wall-clock adds the message hops and the frame)."""
    page = lab_page(browser, url, lab)
    page.evaluate(CHANGE_VALUES, [lab.wid, lab.field, list(lab.values[:2])])   # plotly loaded, code warm
    browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline", "blink.user_timing"])
    page.evaluate(CHANGE_VALUES, [lab.wid, lab.field, list(lab.values)])
    events = json.loads(browser.stop_tracing())["traceEvents"]
    page.close()
    return critical_cpu_ms(events)


def critical_cpu_ms(events: list[dict[str, Any]]) -> list[float]:
    """Per window between a 'bench-input' and a 'bench-shown' mark: worker tasks' thread time plus the
    main thread's HandlePostMessage (the reply) thread time, in ms."""
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    marks = sorted((e["ts"], e["name"]) for e in events if e.get("name") in ("bench-input", "bench-shown"))
    windows = [(a, b) for (a, m), (b, n) in zip(marks, marks[1:]) if (m, n) == ("bench-input", "bench-shown")]
    timed = [(threads.get((e["pid"], e["tid"]), ""), e) for e in events if e.get("ph") == "X" and "tdur" in e]
    worker = [e for name, e in timed if name == "DedicatedWorker thread" and e["name"] == "ThreadControllerImpl::RunTask"]
    reply = [e for name, e in timed if name == "CrRendererMain" and e["name"] == "HandlePostMessage"]
    return [sum(e["tdur"] for e in worker + reply if e["ts"] < b and e["ts"] + e["dur"] > a) / 1000
            for a, b in windows]


def per_lab(measure: Callable[[Browser, str, Lab], list[float]], what: str, browser: Browser,
            url: str) -> dict[str, list[float]]:
    out = {}
    for lab in LABS:
        out[lab.title] = measure(browser, url, lab)
        progress(f"{lab.title}: {what} p95 {percentile(out[lab.title], 95):.1f} ms")
    return out


def lab_latencies(browser: Browser, url: str) -> dict[str, list[float]]:
    return per_lab(input_latency, "input-to-result", browser, url)


def lab_cpu(browser: Browser, url: str) -> dict[str, list[float]]:
    return per_lab(input_cpu, "CPU on the way to the result,", browser, url)


def cpu_rows(cpu: dict[str, list[float]]) -> list[tuple[str, str, str]]:
    rows = []
    for lab in LABS:
        p95 = percentile(cpu[lab.title], 95)
        rows += [(f"{lab.title}: CPU median (worker + main thread's reply)", f"{median(cpu[lab.title]):.1f} ms", ""),
                 (f"{lab.title}: CPU p95", f"{p95:.1f} ms", f"target <= {lab.target_ms:.0f} ms: {_ok(p95 <= lab.target_ms)}")]
    return rows


def latency_rows(latencies: dict[str, list[float]]) -> list[tuple[str, str, str]]:
    rows = []
    for lab in LABS:
        values = latencies[lab.title]
        p95 = percentile(values, 95)
        rows += [(f"{lab.title}: input-to-result median ({len(values)} changes of {lab.field})", f"{median(values):.1f} ms", ""),
                 (f"{lab.title}: input-to-result p95", f"{p95:.1f} ms", f"target <= {lab.target_ms:.0f} ms: {_ok(p95 <= lab.target_ms)}")]
    return rows


def latency_main() -> None:
    """Only the input-to-result figures (``python -m bench latency``), on one build."""
    print(f"\nmachine at start: {load_average()}")
    with built_site() as (_, url), chromiums(()) as (browser,):
        latencies = lab_latencies(browser, url)
        cpu = lab_cpu(browser, url)
    table("Input to result in headless Chromium (the widget's own page; wall-clock ms)", latency_rows(latencies))
    table("CPU time on the way to the result (thread times from a trace: what a quiet machine would take, "
          "less the message hops and the frame)", cpu_rows(cpu))
    print(f"machine at end: {load_average()}")


def bytes_without_widgets(browser: Browser, url: str) -> tuple[int, list[str]]:
    page = browser.new_page(ignore_https_errors=True)
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto(url + "contributing/")
    page.wait_for_load_state("networkidle")
    total = page.evaluate("""() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
        .reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0)""")
    page.close()
    return int(total), [u for u in urls if "pyodide" in u or u.endswith((".wasm", ".whl", "worker.js"))]


def shell_bytes(v: Variant) -> int:
    """Compressed bytes of the pages and assets the service worker caches in the background."""
    import gzip

    _, shell, _ = manifest(v.site, json.loads((v.site / "assets/widgets/config.json").read_text()))
    files = [v.site / ("index.html" if p == "./" else p + "index.html" if p.endswith("/") else p) for p in shell]
    return sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)


def memory_with_widgets(browser: Browser, url: str) -> tuple[int, int]:
    page = browser.new_page(ignore_https_errors=True)
    page.goto(url + "calculators/")
    page.wait_for_selector("#calc-collective[data-runs]", timeout=TIMEOUT_MS, state="attached")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    wasm = page.evaluate("() => window.calcRuntime.workerStats()")["wasmHeapBytes"]
    page.close()
    return int(metrics["JSHeapUsedSize"]), int(wasm)


# ---- the run ---------------------------------------------------------------------------------

def progress(line: str) -> None:
    print(f"  .. {line} [{load_average()}]", flush=True)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def _ms(v: float) -> str:
    return f"{v:,.0f} ms"


def _ok(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def measure(vs: list[Variant], browser: Browser, no_wasm_cache: Browser) -> dict[str, Any]:
    by_name = {v.name: v for v in vs}
    shipped = by_name["shipped"]
    cold: dict[str, list[float]] = {name: [] for name in VARIANTS}
    warm: dict[str, list[float]] = {name: [] for name in VARIANTS}
    levers: dict[str, list[str]] = {}
    bare_cold: list[float] = []
    bare_warm: list[float] = []
    no_cache: list[float] = []
    for r in range(ROUNDS):  # alternate, so every variant sees the same machine load
        c, w = bare_cold_and_warm(browser, shipped)
        bare_cold.append(c)
        bare_warm.append(w)
        progress(f"round {r + 1}: bare boot cold {c:,.0f} ms, warm {w:,.0f} ms")
        for name in VARIANTS:
            c2, w2 = cold_and_warm(browser, by_name[name])
            cold[name].append(c2["live"])
            warm[name].append(w2["live"])
            levers[name] = w2["levers"]
            progress(f"round {r + 1}: {name}: live cold {c2['live']:,.0f} ms, warm {w2['live']:,.0f} ms ({w2['levers']})")
        no_cache.append(cold_and_warm(no_wasm_cache, shipped)[1]["live"])
        progress(f"round {r + 1}: shipped without compiled-wasm cache: warm {no_cache[-1]:,.0f} ms")
    return {"cold": cold, "warm": warm, "levers": levers, "bare_cold": bare_cold, "bare_warm": bare_warm,
            "no_cache": no_cache, "slow": measure_first_visits(vs, browser)}


def measure_first_visits(vs: list[Variant], browser: Browser) -> dict[str, list[Visit]]:
    """Throttled first visits: the bare boot, the shipped site, each first-visit lever undone alone
    and each first-visit variant, alternating, every round; the older build levers once."""
    by_name = {v.name: v for v in vs}
    shipped = by_name["shipped"]
    slow: dict[str, list[Visit]] = {}

    def visit(name: str, v: Variant, bare: bool = False, script: str = "") -> None:
        slow.setdefault(name, []).append(throttled(browser, v, bare, script))
        last = slow[name][-1]
        progress(f"throttled: {name}: {last.live_ms:,.0f} ms, {last.bytes_before_live():,} B before live")

    for r in range(THROTTLED_ROUNDS):
        visit("bare", shipped, bare=True)
        visit("shipped", shipped)
        for undone, script in UNDONE.values():
            visit(undone, shipped, script=script)
        for name in FIRST_VISIT_VARIANTS:
            visit(name, by_name[name])
        if r == 0:
            for name in VARIANTS[:-1]:
                visit(name, by_name[name])
    return slow


def first_visit_main() -> None:
    """Only the throttled first visits (``./dev.sh bench browser --first-visit``)."""
    print(f"\nmachine at start: {load_average()}")
    with variants() as vs:
        shipped = next(v for v in vs if v.name == "shipped")
        with chromiums((SELF_SIGNED,)) as (browser,):
            worker_answer = worker_emulation(browser, shipped.url)
            slow = measure_first_visits(vs, browser)
    report_first_visit(slow, worker_answer)
    print(f"machine at end: {load_average()}")


def main(first_visit: bool = False) -> None:
    if first_visit:
        return first_visit_main()
    print(f"\nmachine at start: {load_average()}")
    with variants() as vs:
        shipped = next(v for v in vs if v.name == "shipped")
        with chromiums((SELF_SIGNED,), (SELF_SIGNED, NO_WASM_CACHE)) as (browser, no_wasm_cache):
            worker_answer = worker_emulation(browser, shipped.url)
            progress(f"emulating the link on the worker's own session: {worker_answer}")
            m = measure(vs, browser, no_wasm_cache)
            offline = offline_navigation(browser, shipped)
            latencies = lab_latencies(browser, shipped.url)
            transferred, python = bytes_without_widgets(browser, shipped.url)
            heap, wasm = memory_with_widgets(browser, shipped.url)
        shell = shell_bytes(shipped)
        progress(f"offline {offline}; {transferred:,} B without widgets")
    report(m, offline, latencies, transferred, python, heap, wasm, shell)
    report_first_visit(m["slow"], worker_answer)
    print(f"machine at end: {load_average()}")


def _mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def _typical(visits: list[Visit]) -> Visit:
    """The visit with the median time (the lower median for an even count)."""
    return sorted(visits, key=lambda v: v.live_ms)[(len(visits) - 1) // 2]


def report(m: dict[str, Any], offline: tuple[int, int, int, int, float], latencies: dict[str, list[float]], transferred: int,
           python: list[str], heap: int, wasm: int, shell: int) -> None:
    bare_warm, bare_cold = median(m["bare_warm"]), median(m["bare_cold"])
    warm = {k: median(v) for k, v in m["warm"].items()}
    cold = {k: median(v) for k, v in m["cold"].items()}
    slow = {k: (median([v.live_ms for v in vs]), median([v.bytes_before_live() for v in vs])) for k, vs in m["slow"].items()}
    live_slow, bytes_slow = slow["shipped"]
    table(f"Start-up (headless Chromium, https://127.0.0.1; medians of {ROUNDS} alternating rounds)", [
        ("bare Pyodide boot, cold (worker start to loaded)", _ms(bare_cold), ""),
        ("bare Pyodide boot, warm", _ms(bare_warm), ""),
        ("first widget live, cold (from navigation)", _ms(cold["shipped"]), ""),
        ("first widget live, warm (from navigation)", _ms(warm["shipped"]),
         f"target <= 0.6 x warm bare boot = {_ms(0.6 * bare_warm)}: {_ok(warm['shipped'] <= 0.6 * bare_warm)}"
         f" ({warm['shipped'] / bare_warm:.2f} x)"),
        ("levers used by the warm load", ", ".join(m["levers"]["shipped"]) or "none", ""),
    ])
    table(f"First visit over HTTPS, Chromium emulating 20 Mb/s down and {RTT_MS} ms RTT, empty cache "
          f"(median of {THROTTLED_ROUNDS})", [
        ("first widget live (from navigation)", _ms(live_slow), f"target <= 4,000 ms: {_ok(live_slow <= 4000)}"),
        ("bytes before live (headers + bodies as sent: brotli)", _mb(bytes_slow),
         f"target <= 4.5 MB: {_ok(bytes_slow <= 4.5e6)}"),
        ("bare Pyodide boot (from navigation to loaded)", _ms(slow["bare"][0]), ""),
        ("bare Pyodide boot: bytes", _mb(slow["bare"][1]), ""),
    ])
    table(f"Each build lever (first widget live from navigation; medians of {ROUNDS}, throttled: 1 run)", [
        (name, f"{_ms(warm[name])} warm", f"{_ms(cold[name])} cold; throttled {_ms(slow[name][0])}, "
                                          f"{_mb(slow[name][1])} before live")
        for name in VARIANTS
    ] + [("shipped, compiled-wasm cache disabled", f"{_ms(median(m['no_cache']))} warm",
          f"compiled-wasm caching saves {_ms(median(m['no_cache']) - warm['shipped'])} (alternating rounds)")])
    opened, total, live, widgets, offline_ms = offline
    table("Offline after the first visit, and what must not regress", [
        ("offline: pages opened", f"{opened}/{total}", _ok(opened == total)),
        ("offline: widgets live", f"{live}/{widgets}", _ok(live == widgets and widgets > 0)),
        ("offline: first widget live on Calculators", _ms(offline_ms), ""),
        *latency_rows(latencies),
        ("bytes, page without widgets", f"{transferred:,} B",
         f"target <= 600 KB: {_ok(transferred <= 600_000)}; Python runtime requests: {len(python)}"),
        ("offline copy of pages, cached in the background (gzip)", f"{shell / 1e6:.2f} MB", "no Python runtime"),
        ("memory, page with widgets: JS heap", f"{heap / 2**20:,.1f} MiB", ""),
        ("memory, page with widgets: worker wasm", f"{wasm / 2**20:,.1f} MiB", ""),
    ])


def report_first_visit(slow: dict[str, list[Visit]], worker_answer: str) -> None:
    shipped = _typical(slow["shipped"])
    rate = median([v.link_rate_Mbps("pyodide.asm.wasm") for v in slow["shipped"]])
    table("How the link is emulated", [
        ("link emulation on the worker's own DevTools session", worker_answer, "(Target.setAutoAttach)"),
        ("the worker's wasm download under the page's emulation", f"{rate:.1f} Mb/s",
         f"link 20 Mb/s: the worker's requests are {'throttled' if rate <= 22 else 'NOT throttled'}"),
    ])
    table(f"What a first visit downloads before the first widget is live (shipped, live at {_ms(shipped.live_ms)})", [
        (f.path, f"{f.bytes:,} B", f"{f.encoding:<5} {f.start_ms:6,.0f}-{f.end_ms:6,.0f} ms")
        for f in shipped.before_live()
    ] + [("total", f"{shipped.bytes_before_live():,} B", f"{len(shipped.before_live())} requests")])
    base_live = median([v.live_ms for v in slow["shipped"]])
    base_bytes = median([v.bytes_before_live() for v in slow["shipped"]])

    base_fcp = median([v.fcp_ms for v in slow["shipped"]])

    def row(label: str, name: str) -> tuple[str, str, str]:
        live = median([v.live_ms for v in slow[name]])
        sent = median([v.bytes_before_live() for v in slow[name]])
        fcp = median([v.fcp_ms for v in slow[name]])
        return (label, _ms(live), f"{_mb(sent)} before live, first paint {_ms(fcp)}; vs shipped {live - base_live:+,.0f} ms, "
                                  f"{(sent - base_bytes) / 1e6:+.2f} MB, first paint {fcp - base_fcp:+,.0f} ms")

    table(f"First-visit levers, throttled (medians of {THROTTLED_ROUNDS}, alternating): each undone alone", [
        ("shipped (every lever)", _ms(base_live), f"{_mb(base_bytes)} before live, first paint {_ms(base_fcp)}"),
        *[row(f"{lever}: undone = {undone}", undone) for lever, (undone, _) in UNDONE.items()],
        *[row(f"variant: {name}", name) for name in FIRST_VISIT_VARIANTS],
    ])
