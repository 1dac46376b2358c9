"""Start-up, first visit, offline and responsiveness in headless Chromium, in one run.

Every figure is measured side by side on the same machine load: each round loads, in turn,
a bare boot of the pinned Pyodide (in a module worker, like the site's, with its own full
standard library) and the Calculators page served with each combination of start-up levers
(widgets/levers.py). Each variant is a copy of one build on its own address, so each has
its own HTTP cache and service worker.

- cold: a fresh browser context (empty caches); warm: the same context after that first
  visit, once the service worker holds the site and the runtime (what a returning reader has).
- live: the first widget shows numbers computed in the browser, from navigation start.
- throttled first visit: 20 Mb/s down and 40 ms round trips, empty cache. Chromium's own
  emulation (DevTools ``Network.emulateNetworkConditions``) applies to the page's target only:
  the Python worker's requests (the whole runtime) are neither slowed nor reported there. So the
  link is emulated in the server instead (:class:`Link`): one 20 Mb/s bottleneck shared by every
  connection, a round trip per new connection and per response; bytes are those it sent
  (headers and compressed bodies) before the first widget was live.
- compiled-wasm caching: Chromium stores the compiled wasm of a streamed instantiation beside
  the cached response; its effect is measured with V8's caching thresholds set out of reach.
- offline: after the first visit, the network off, every page visited, every widget live.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from bench.support import ROOT, built_site, chromiums, median, percentile, table
from calc import __version__
from tests.browser.test_site import pages
from tests.conftest import free_port
from tests.support.server import Handler, serve
from widgets.build import calculator_index
from widgets.levers import Levers, make_levers
from widgets.offline import manifest, write_service_worker
from widgets.wheel import build_wheel, wheel_name

BOOT_WORKER = """
const here = new URL(".", import.meta.url);
const config = await (await fetch(new URL("config.json", here))).json();
const base = new URL(config.pyodide, here);
const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
await loadPyodide({ indexURL: base.href });
postMessage("booted");
"""
ROUNDS = 3
THROTTLED_ROUNDS = 2
CHANGES = 60
LAB_CHANGES = 30
DOWN_BYTES_PER_S = 20e6 / 8
RTT_MS = 40
TIMEOUT_MS = 180_000
# V8 writes compiled wasm to Chromium's code cache once enough top-tier code exists; with these
# thresholds out of reach it never does (the "no compiled-wasm cache" browser).
NO_WASM_CACHE = "--js-flags=--wasm-caching-threshold=2000000000 --wasm-caching-hard-threshold=2000000000"


@dataclass(frozen=True)
class Variant:
    name: str
    url: str
    site: Path

    def runtime_files(self) -> int:
        _, shell, runtime = manifest(self.site, json.loads((self.site / "assets/widgets/config.json").read_text()))
        return len(shell) + len(runtime)


def _levers_config(config: dict[str, Any], levers: Levers, source_wheel: bytes,
                   name: str) -> tuple[dict[str, Any], dict[str, bytes]]:
    """config.json and extra files (relative to the levers' folder) of a benchmark variant."""
    folder = config["wheel"].rsplit("/", 1)[0]
    source = {"wheel": f"{folder}/source/{wheel_name(__version__)}"}
    files = {f"source/{wheel_name(__version__)}": source_wheel, "stdlib-source.zip": levers.stdlib_source}
    base = {k: config[k] for k in ("pyodide", "plotly")}
    if name == "no levers":
        return {**base, **source, "levers": []}, files
    if name == "trimmed stdlib":
        return {**base, **source, "stdlib": f"{folder}/stdlib-source.zip", "levers": ["trimmed-stdlib"]}, files
    if name == "trimmed + byte-compiled":
        return {**base, "wheel": config["wheel"], "stdlib": config["stdlib"],
                "levers": ["trimmed-stdlib", "byte-compiled"]}, {}
    return config, {}  # shipped: trimmed, byte-compiled, snapshot


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
    (folder / "sw.js").unlink()
    write_service_worker(folder, config)  # last: it lists every file
    return folder


VARIANTS = ("no levers", "trimmed stdlib", "trimmed + byte-compiled", "shipped")


@contextmanager
def variants() -> Iterator[list[Variant]]:
    with built_site() as (site, _), tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        wheel = build_wheel(ROOT / "calc", __version__, {"calc/_index.py": calculator_index().encode()})
        levers = make_levers(ROOT, wheel)
        out = []
        for i, name in enumerate(VARIANTS):
            folder = make_variant(site, Path(tmp) / f"v{i}", name, levers, wheel)
            out.append(Variant(name, stack.enter_context(serve(folder, free_port())), folder))
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
    context = browser.new_context()
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
    context = browser.new_context()
    try:
        cold = bare_boot(context.new_page(), v.url)
        return cold, bare_boot(context.new_page(), v.url)
    finally:
        context.close()


# ---- throttled first visit ---------------------------------------------------------------------

class Link:
    """One slow link shared by every connection to a server: 20 Mb/s down, 40 ms round trips."""

    CHUNK = 16_384

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent: list[tuple[float, int]] = []  # (wall clock s, bytes) as they leave

    def send(self, raw: Any, data: bytes) -> None:
        for i in range(0, len(data), self.CHUNK):
            chunk = data[i:i + self.CHUNK]
            with self.lock:  # a late wake-up (a busy machine) is caught up on, an idle link is not
                now = time.monotonic()
                self.free_at = (self.free_at if now - self.free_at < 0.1 else now) + len(chunk) / DOWN_BYTES_PER_S
                until = self.free_at
            time.sleep(max(0.0, until - time.monotonic()))
            try:
                raw.write(chunk)
            except OSError:  # the browser stopped reading (a page closed mid-download)
                return
            self.sent.append((time.time(), len(chunk)))

    def bytes_before(self, epoch_ms: float) -> int:
        return sum(n for t, n in list(self.sent) if t * 1000 <= epoch_ms)

    def handler(self) -> type[Handler]:
        link = self

        class Writer:
            def __init__(self, raw: Any) -> None:
                self.raw = raw

            def write(self, data: bytes) -> None:
                link.send(self.raw, bytes(data))

            def flush(self) -> None:
                self.raw.flush()

            def __getattr__(self, name: str) -> Any:
                return getattr(self.raw, name)

        class Slow(Handler):
            def setup(self) -> None:
                super().setup()
                time.sleep(RTT_MS / 1000)  # the connection's handshake
                self.wfile = Writer(self.wfile)  # type: ignore[assignment]

            def send_response(self, code: int, message: str | None = None) -> None:
                time.sleep(RTT_MS / 1000)  # the request's round trip
                super().send_response(code, message)

        return Slow


def throttled(browser: Browser, v: Variant, bare: bool) -> tuple[float, int]:
    """(ms from navigation to live, or to booted; bytes sent until then) over a slow link."""
    link = Link()
    context = browser.new_context()
    try:
        with serve(v.site, free_port(), link.handler()) as url:
            page = context.new_page()
            if bare:
                bare_boot(page, url)
                since_navigation, epoch = page.evaluate("() => [performance.now(), performance.timeOrigin + performance.now()]")
                return float(since_navigation), link.bytes_before(float(epoch))
            live = widget_live(page, url)
            return live["live"], link.bytes_before(live["epoch"])
    finally:
        context.close()


# ---- offline, responsiveness, weight ---------------------------------------------------------

def offline_navigation(browser: Browser, v: Variant) -> tuple[int, int, int, int, float]:
    """(pages opened, pages, widgets live, widgets, median ms to live) with the network off;
    what failed is printed."""
    context = browser.new_context()
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


def input_latency(browser: Browser, url: str, lab: Lab = LABS[0]) -> list[float]:
    """From a field's input event to the widget's result on screen (its calc:result and the next
    frame), for each value in turn; the page is the lab's own, the widget scrolled into view."""
    page = browser.new_page()
    page.goto(url + lab.page)
    page.locator(f"#calc-{lab.wid}").scroll_into_view_if_needed()
    page.wait_for_selector(f"#calc-{lab.wid}[data-runs]", timeout=TIMEOUT_MS, state="attached")
    latencies = page.evaluate("""async ([wid, field, values]) => {
        const w = document.getElementById('calc-' + wid); const input = w.querySelector(`[name=${field}]`);
        const out = [];
        for (const value of values) {
          const done = new Promise(r => w.addEventListener('calc:result', r, {once: true}));
          const t = performance.now();
          input.value = value; input.dispatchEvent(new Event('input', {bubbles: true}));
          await done; await new Promise(requestAnimationFrame); out.push(performance.now() - t);
        }
        return out; }""", [lab.wid, lab.field, list(lab.values)])
    page.close()
    return [float(v) for v in latencies]


def lab_latencies(browser: Browser, url: str) -> dict[str, list[float]]:
    out = {}
    for lab in LABS:
        out[lab.title] = input_latency(browser, url, lab)
        progress(f"{lab.title}: input-to-result p95 {percentile(out[lab.title], 95):.1f} ms")
    return out


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
    table("Input to result in headless Chromium (the widget's own page; wall-clock ms)", latency_rows(latencies))
    print(f"machine at end: {load_average()}")


def bytes_without_widgets(browser: Browser, url: str) -> tuple[int, list[str]]:
    page = browser.new_page()
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
    page = browser.new_page()
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
    shipped = vs[-1]
    cold: dict[str, list[float]] = {v.name: [] for v in vs}
    warm: dict[str, list[float]] = {v.name: [] for v in vs}
    levers: dict[str, list[str]] = {}
    bare_cold: list[float] = []
    bare_warm: list[float] = []
    no_cache: list[float] = []
    for r in range(ROUNDS):  # alternate, so every variant sees the same machine load
        c, w = bare_cold_and_warm(browser, shipped)
        bare_cold.append(c)
        bare_warm.append(w)
        progress(f"round {r + 1}: bare boot cold {c:,.0f} ms, warm {w:,.0f} ms")
        for v in vs:
            c2, w2 = cold_and_warm(browser, v)
            cold[v.name].append(c2["live"])
            warm[v.name].append(w2["live"])
            levers[v.name] = w2["levers"]
            progress(f"round {r + 1}: {v.name}: live cold {c2['live']:,.0f} ms, warm {w2['live']:,.0f} ms ({w2['levers']})")
        no_cache.append(cold_and_warm(no_wasm_cache, shipped)[1]["live"])
        progress(f"round {r + 1}: shipped without compiled-wasm cache: warm {no_cache[-1]:,.0f} ms")
    slow: dict[str, list[tuple[float, int]]] = {"bare": [], **{v.name: [] for v in vs}}
    for r in range(THROTTLED_ROUNDS):  # every lever once; the bare boot and the shipped site each round
        slow["bare"].append(throttled(browser, shipped, bare=True))
        progress(f"throttled {r + 1}: bare boot {slow['bare'][-1][0]:,.0f} ms, {slow['bare'][-1][1]:,} B")
        for v in vs if r == 0 else [shipped]:
            slow[v.name].append(throttled(browser, v, bare=False))
            progress(f"throttled {r + 1}: {v.name}: live {slow[v.name][-1][0]:,.0f} ms, {slow[v.name][-1][1]:,} B")
    return {"cold": cold, "warm": warm, "levers": levers, "bare_cold": bare_cold, "bare_warm": bare_warm, "slow": slow,
            "no_cache": no_cache}


def brotli_saving(v: Variant) -> int:
    """Bytes the build's .br copies save on the runtime files every first visit loads; Chromium
    asks for brotli over HTTPS only, so on http://127.0.0.1 the benchmark's bytes are gzip."""
    import gzip

    config = json.loads((v.site / "assets/widgets/config.json").read_text())
    folder = (v.site / "assets/widgets" / config["pyodide"]).resolve()
    files = [folder / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")]
    return sum(len(gzip.compress(f.read_bytes(), 6)) - f.with_name(f.name + ".br").stat().st_size for f in files)


def main() -> None:
    print(f"\nmachine at start: {load_average()}")
    with variants() as vs:
        shipped = vs[-1]
        with chromiums((), (NO_WASM_CACHE,)) as (browser, no_wasm_cache):
            m = measure(vs, browser, no_wasm_cache)
            offline = offline_navigation(browser, shipped)
            latencies = lab_latencies(browser, shipped.url)
            transferred, python = bytes_without_widgets(browser, shipped.url)
            heap, wasm = memory_with_widgets(browser, shipped.url)
        shell = shell_bytes(shipped)
        saving = brotli_saving(shipped)
        progress(f"offline {offline}; {transferred:,} B without widgets")
    report(m, offline, latencies, transferred, python, heap, wasm, shell, saving)
    print(f"machine at end: {load_average()}")


def report(m: dict[str, Any], offline: tuple[int, int, int, int, float], latencies: dict[str, list[float]], transferred: int,
           python: list[str], heap: int, wasm: int, shell: int, saving: int) -> None:
    bare_warm, bare_cold = median(m["bare_warm"]), median(m["bare_cold"])
    warm = {k: median(v) for k, v in m["warm"].items()}
    cold = {k: median(v) for k, v in m["cold"].items()}
    slow = {k: (median([t for t, _ in v]), median([b for _, b in v])) for k, v in m["slow"].items()}
    live_slow, bytes_slow = slow["shipped"]
    table(f"Start-up (headless Chromium, 127.0.0.1; medians of {ROUNDS} alternating rounds)", [
        ("bare Pyodide boot, cold (worker start to loaded)", _ms(bare_cold), ""),
        ("bare Pyodide boot, warm", _ms(bare_warm), ""),
        ("first widget live, cold (from navigation)", _ms(cold["shipped"]), ""),
        ("first widget live, warm (from navigation)", _ms(warm["shipped"]),
         f"target <= 0.6 x warm bare boot = {_ms(0.6 * bare_warm)}: {_ok(warm['shipped'] <= 0.6 * bare_warm)}"
         f" ({warm['shipped'] / bare_warm:.2f} x)"),
        ("levers used by the warm load", ", ".join(m["levers"]["shipped"]) or "none", ""),
    ])
    table(f"First visit, throttled to 20 Mb/s down and {RTT_MS} ms RTT, empty cache (median of {THROTTLED_ROUNDS})", [
        ("first widget live (from navigation)", _ms(live_slow), f"target <= 4,000 ms: {_ok(live_slow <= 4000)}"),
        ("compressed bytes received before live (gzip: plain http)", f"{bytes_slow / 1e6:.2f} MB",
         f"target <= 4.5 MB: {_ok(bytes_slow <= 4.5e6)}"),
        ("the same over https, with the build's brotli copies", f"{(bytes_slow - saving) / 1e6:.2f} MB",
         f"target <= 4.5 MB: {_ok(bytes_slow - saving <= 4.5e6)} (estimate: gzip minus brotli sizes of the Pyodide files)"),
        ("bare Pyodide boot (from navigation to loaded)", _ms(slow["bare"][0]), ""),
        ("bare Pyodide boot: compressed bytes", f"{slow['bare'][1] / 1e6:.2f} MB", ""),
    ])
    table(f"Each lever (first widget live from navigation; medians of {ROUNDS}, throttled: 1 run)", [
        (name, f"{_ms(warm[name])} warm", f"{_ms(cold[name])} cold; throttled {_ms(slow[name][0])}, "
                                          f"{slow[name][1] / 1e6:.2f} MB before live")
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

