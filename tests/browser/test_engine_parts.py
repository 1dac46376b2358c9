"""Reader stories for downloading only the engine a page needs: the worker fetches the kernel and
the archives of the topics its page's calculators import, the Chinese catalogues only on Chinese
pages, and any other part when a request needs it (widgets/parts.py, widgets/js/boot.js)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.widget import Widget

ENGINE = re.compile(r"/assets/calc/[0-9a-f]+/(aifabric_calc-[^/]+\.whl|calc-[a-z_]+\.zip)$")


def engine_files(page: Page, visit: str, wid: str, requests: list[str]) -> list[str]:
    """The engine's archives ``page`` fetched until widget ``wid`` of ``visit`` was live (not the
    offline copy's: the service worker caches every part once the first widget is live)."""
    page.on("request", lambda r: None if r.service_worker else requests.append(r.url))
    page.goto(visit)
    Widget(page, wid).wait_ready()
    return engine_names(requests)


def engine_names(requests: list[str]) -> list[str]:
    return sorted({m.group(1) for m in map(ENGINE.search, requests) if m})


def test_the_monitoring_page_fetches_the_kernel_and_the_monitoring_topic_only(page: Page, site: str) -> None:
    names = engine_files(page, site + "monitoring/", "alerts", [])
    assert [n.split("-")[0] for n in names] == ["aifabric_calc", "calc"]
    assert names[1] == "calc-monitoring.zip"


def test_a_collective_page_fetches_the_topics_its_calculator_imports(page: Page, site: str) -> None:
    names = engine_files(page, site + "calculators/", "collective", [])
    assert names[1:] == ["calc-collectives.zip", "calc-ecmp.zip", "calc-fabric.zip"]


def test_the_chinese_page_fetches_the_chinese_catalogues_too(page: Page, site: str) -> None:
    names = engine_files(page, site + "zh/monitoring/", "alerts", [])
    assert names[1:] == ["calc-monitoring.zip", "calc-zh.zip"]
    expect(Widget(page, "alerts").root.locator(".calc-results")).to_contain_text(re.compile(r"[\u4e00-\u9fff]"))


def test_a_calculator_of_another_topic_fetches_its_parts_when_asked(page: Page, site: str) -> None:
    requests: list[str] = []
    engine_files(page, site + "monitoring/", "alerts", requests)
    result = page.evaluate("() => window.calcRuntime.compute('ecmp')")
    assert result  # the ecmp calculator answered
    assert engine_names(requests)[1:] == ["calc-ecmp.zip", "calc-monitoring.zip"]
