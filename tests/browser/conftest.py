"""Playwright against a real Chromium (Debian's /usr/bin/chromium) and the built site.

Every page a test opens is watched: a console error, an uncaught exception or a request
to another origin fails the test (unless it is marked ``allow_console_errors``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# The site under test is on loopback; Chromium's local-network-access checks would block a
# (stand-in) course site on another origin from framing it, which a public host never meets.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
         "--disable-features=LocalNetworkAccessChecks"]
# Pyodide boots in a few seconds on two cores; allow generous time for a loaded CI machine.
PYTHON_READY_MS = 90_000
# Auto-waiting assertions: a result can follow a burst of work on a busy two-core machine.
expect.set_options(timeout=30_000)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": FLAGS}


class Watch:
    """What a page did that a reader should never see."""

    def __init__(self, page: Page, origin: str) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.allowed: set[str] = set()  # another site's page that a test stands in for
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        page.on("request", lambda r: self._request(r.url, origin))
        # which address failed: the console's "Failed to load resource" does not say
        page.on("response", lambda r: self.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)

    def _request(self, url: str, origin: str) -> None:
        if not url.startswith((origin, "data:", "blob:", "about:")) and url not in self.allowed:
            self.foreign.append(url)


@pytest.fixture
def page(context: BrowserContext, site: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    page = context.new_page()
    page.set_default_timeout(PYTHON_READY_MS)
    watch = Watch(page, site.rstrip("/"))
    page.watch = watch  # type: ignore[attr-defined]
    yield page
    if watch.errors:  # shown with a failure of the test's body too, whose assertion ends it before these
        print("console errors:", *watch.errors, sep="\n  ")
    if not request.node.get_closest_marker("allow_console_errors"):
        assert watch.errors == [], "console errors"
    assert watch.foreign == [], "requests left the site's origin"
