"""Screenshots of every page (and every embed page) at desktop and phone widths, light and dark,
for reviewers. Not committed: they go to ``screenshots/`` (git-ignored) or the folder given.

    ./dev.sh screenshots [FOLDER] [PAGE-REGEX] [SIZE]  # or: python -m bench.screenshots [FOLDER] [REGEX] [SIZE]

PAGE-REGEX is searched in each page's path ("" is the home page, ``zh/`` starts every Chinese page); SIZE is desktop or phone (both
when omitted).

FILTER is a regular expression searched in the page's path (a plain name works as before):
``'^(?!embed/)'`` takes the site's pages without the embed pages.

Builds the site into a temporary folder, serves it on 127.0.0.1 with the production headers,
waits until every widget on a page has its live result, then takes a full-page screenshot:
``<page>--<desktop|phone>--<light|dark>.png``.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Literal

from playwright.sync_api import Page, sync_playwright

from tests.support.server import serve

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
READY_MS = 90_000


def pages(site: Path) -> list[str]:
    """Site-relative paths: the pages in the navigation, the same pages in Chinese (``zh/``), then
    every embed page (each language's)."""
    nav = re.findall(r":\s*([\w-]+)\.md\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    paths = ["" if name == "index" else f"{name}/" for name in nav]
    zh = [f"zh/{p}" for p in paths if (site / "zh" / p / "index.html").exists()]
    embeds = [f"{prefix}embed/{p.name}/" for prefix in ("", "zh/") if (site / prefix / "embed").is_dir()
              for p in sorted((site / prefix / "embed").iterdir()) if p.is_dir()]
    return paths + zh + embeds


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build(out: Path, url: str) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "URL": url}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
                   cwd=ROOT, check=True, env=env)


def settle(page: Page) -> None:
    """Every widget live (or failed), animations at rest, so the picture is what a reader sees."""
    for widget in page.locator(".calc-widget").all():
        widget.scroll_into_view_if_needed()
        page.wait_for_function("w => w.dataset.state !== 'loading' && (w.dataset.runs || w.dataset.state === 'failed')",
                               arg=widget.element_handle(), timeout=READY_MS)
    page.evaluate("() => window.scrollTo(0, 0)")


def name(path: str, size: str, scheme: str) -> str:
    return f"{(path.strip('/') or 'home').replace('/', '-')}--{size}--{scheme}.png"


def shoot(folder: Path, only: str = "", sizes: tuple[str, ...] = tuple(SIZES)) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    port = _port()
    written = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        build(Path(tmp), f"http://127.0.0.1:{port}/")
        browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                     args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        with serve(Path(tmp), port) as url:
            for size, (w, h) in ((s, SIZES[s]) for s in sizes):
                for scheme in SCHEMES:
                    context = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme,
                                                  reduced_motion="reduce")
                    page = context.new_page()
                    for path in (p for p in pages(Path(tmp)) if re.search(only, p)):
                        page.goto(url + path)
                        settle(page)
                        written.append(folder / name(path, size, scheme))
                        page.screenshot(path=str(written[-1]), full_page=True)
                    context.close()
        browser.close()
    return written


def main(argv: list[str]) -> None:
    t0 = time.perf_counter()
    sizes = (argv[2],) if len(argv) > 2 else tuple(SIZES)
    shots = shoot(Path(argv[0]) if argv else ROOT / "screenshots", argv[1] if len(argv) > 1 else "", sizes)
    print(f"{len(shots)} screenshots in {shots[0].parent if shots else '-'} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main(sys.argv[1:])
