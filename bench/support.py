"""Shared benchmark plumbing: a fresh build served like production, and a headless Chromium."""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from tests.browser.conftest import CHROMIUM, FLAGS
from tests.conftest import build_site, free_port
from tests.support.server import serve

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def built_site() -> Iterator[tuple[Path, str]]:
    with tempfile.TemporaryDirectory() as folder:
        out, port = Path(folder) / "site", free_port()
        build_site(out, f"http://127.0.0.1:{port}/")
        with serve(out, port) as url:
            yield out, url


@contextmanager
def chromiums(*extras: tuple[str, ...]) -> Iterator[list[Browser]]:
    """One headless Chromium per set of extra flags, from one Playwright (to alternate them)."""
    with sync_playwright() as p:
        browsers = [p.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *extra]) for extra in extras]
        try:
            yield browsers
        finally:
            for browser in browsers:
                browser.close()


@contextmanager
def chromium(*extra: str) -> Iterator[Browser]:
    """Headless Chromium with the test suite's flags, plus ``extra``."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *extra])
        try:
            yield browser
        finally:
            browser.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def table(title: str, rows: list[tuple[str, str, str]]) -> None:
    print(f"\n{title}")
    width = max(len(r[0]) for r in rows)
    for name, value, target in rows:
        print(f"  {name:<{width}}  {value:>14}  {target}")
