"""`mkdocs serve` rebuilds the wheel and the pre-rendered results when calc/ changes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from calc.registry import get
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode())
    except OSError:
        return ""


def wait_for(url: str, text: str, seconds: float = 180) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page = fetch(url)
        if text in page:
            return page
        time.sleep(0.5)
    raise AssertionError(f"{text!r} did not appear at {url} within {seconds} s")


@pytest.mark.slow
def test_editing_calc_while_serving_rebuilds_the_pre_rendered_result(tmp_path: Path, built_site: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(".venv", "node_modules", "site", ".git", ".cache", "__pycache__",
                                                               ".*_cache", ".hypothesis"))
    (repo / "node_modules").symlink_to(ROOT / "node_modules")
    # the build caches as a developer's checkout has them after one build (the run's site, built_site)
    shutil.copytree(ROOT / ".cache", repo / ".cache", ignore=shutil.ignore_patterns("*.lock", "*.tmp"))
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
                              cwd=repo, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/calculators/"
        title = get("collective").title
        wait_for(url, title)
        wheel_before = fetch(f"http://127.0.0.1:{port}/assets/widgets/config.json")
        source = repo / "calc/collectives/collective.py"
        text = source.read_text()
        assert f'title="{title}"' in text
        source.write_text(text.replace(f'title="{title}"', 'title="One collective, edited while serving"'))
        wait_for(url, "One collective, edited while serving")
        assert fetch(f"http://127.0.0.1:{port}/assets/widgets/config.json") != wheel_before
    finally:
        server.terminate()
        server.wait(timeout=20)
