"""Reader stories for the offline copy: after one visit the whole site works without a network,
and a new deployment replaces the offline copy as a whole (widgets/sw.js, widgets/offline.py)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import PYTHON_READY_MS
from tests.browser.test_site import pages
from tests.browser.widget import Widget
from tests.conftest import free_port
from tests.support.server import serve
from widgets.offline import manifest, write_service_worker

CACHED = """async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('site-'));
    const out = {};
    for (const name of names) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out; }"""

def until(page: Page, predicate: str, arg: object = None) -> None:
    """Return once the async JS ``predicate(arg)`` holds (checked every 250 ms); fail after the
    time Python may take to start."""
    page.evaluate(f"""async ({{arg, ms}}) => {{ const test = {predicate}; const end = performance.now() + ms;
        while (!(await test(arg))) {{
          if (performance.now() > end) throw new Error('not within ' + ms + ' ms: ' + {json.dumps(predicate)});
          await new Promise((r) => setTimeout(r, 250));
        }} }}""", {"arg": arg, "ms": PYTHON_READY_MS})


def config(site: Path) -> dict[str, object]:
    return dict(json.loads((site / "assets/widgets/config.json").read_text()))


def expected(site: Path, url: str) -> tuple[str, set[str]]:
    version, shell, runtime = manifest(site, config(site))
    return f"site-{version}", {url if p == "./" else url + p for p in [*shell, *runtime]}


def first_visit(page: Page, url: str, site: Path) -> str:
    """Open the Calculators page until its widget is live and the offline copy is complete."""
    page.goto(url + "calculators/")
    Widget(page, "collective").wait_ready()
    name, files = expected(site, url)
    until(page, "async ([name, n]) => (await (await caches.open(name)).keys()).length === n", [name, len(files)])
    assert set(page.evaluate(CACHED)[name]) == files
    return name


@pytest.mark.slow
def test_after_one_visit_every_page_opens_offline_with_every_calculator_live(
        page: Page, context: BrowserContext, site: str, built_site: Path) -> None:
    first_visit(page, site, built_site)
    context.set_offline(True)
    for path in pages():
        page.goto(site + path)
        expect(page.locator("h1").first).to_be_visible()
        for root in page.locator(".calc-widget:not([data-static])").all():  # a report without inputs stays as built
            Widget(page, root).wait_ready()


def test_the_offline_copy_waits_while_the_reader_changes_inputs(page: Page, site: str) -> None:
    # Storing the site competes with the worker for the CPU: it starts once the widgets are left
    # alone (widgets/js/offline.js QUIET_MS), not while the reader is trying values.
    page.goto(site + "calculators/")
    collective = Widget(page, "collective").wait_ready()
    for gpus in ("16", "32", "64", "128", "256", "512"):
        collective.change("GPUs", gpus)
        assert page.evaluate("async () => !(await navigator.serviceWorker.getRegistration())")
    until(page, "async () => !!(await navigator.serviceWorker.getRegistration())")


def test_a_page_without_widgets_caches_no_python_runtime(page: Page, site: str, built_site: Path) -> None:
    page.goto(site + "contributing/")
    name, _ = expected(site=built_site, url=site)
    until(page, "async () => !!navigator.serviceWorker.controller")
    until(page, "async (name) => (await (await caches.open(name)).keys()).length > 0", name)
    cached = page.evaluate(CACHED)[name]
    assert [u for u in cached if re.search(r"assets/(pyodide|calc|plotly)/", u)] == []


@pytest.fixture
def deployment(built_site: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the built site served on its own address, to deploy a change into."""
    folder = tmp_path / "site"
    shutil.copytree(built_site, folder)
    with serve(folder, free_port()) as url:
        yield folder, url


def redeploy(site: Path) -> None:
    """A new deployment into the same folder: one page and one stylesheet change."""
    page = site / "calculators/index.html"
    page.write_text(page.read_text().replace("</h1>", " (new)</h1>", 1))
    (site / "assets/widgets/widgets.css").write_text((site / "assets/widgets/widgets.css").read_text() + "\n/* new */\n")
    write_service_worker(site, config(site))


def test_a_new_deployment_replaces_the_offline_copy_without_mixing_files(
        browser: Browser, deployment: tuple[Path, str]) -> None:
    folder, url = deployment
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(PYTHON_READY_MS)
        old = first_visit(page, url, folder)
        redeploy(folder)
        new, files = expected(folder, url)
        assert new != old
        # A page of the old deployment keeps getting the old deployment's files, both of them.
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        until(page, "async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        fetched = page.evaluate("""() => Promise.all(['calculators/', 'assets/widgets/widgets.css']
            .map((p) => fetch(new URL(p, location.origin + '/')).then((r) => r.text())))""")
        assert "(new)</h1>" not in fetched[0] and "/* new */" not in fetched[1]
        page.close()
        # Once no page uses it, the new deployment takes over, complete and alone.
        page = context.new_page()
        page.set_default_timeout(PYTHON_READY_MS)
        page.goto(url)
        until(page, "async (name) => (await caches.keys()).filter((n) => n.startsWith('site-')).join() === name", new)
        page.goto(url + "calculators/")
        expect(page.locator("h1").first).to_contain_text("(new)")
        fetched = page.evaluate("() => fetch('../assets/widgets/widgets.css').then((r) => r.text())")
        assert "/* new */" in fetched
        assert set(page.evaluate(CACHED)[new]) <= files
    finally:
        context.close()
