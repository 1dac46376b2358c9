"""Shared fixtures: the built site, served on 127.0.0.1 with the production headers.

The site is built once per test run, not once per pytest-xdist worker: the first worker that
needs it builds it and starts one server (``python -m tests.support.server``) under a lock in
the run's shared temporary folder; the others wait for it and use the same folder and address.
The server ends when the run's main pytest process ends, also when it is interrupted.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from widgets.cachelock import locked

# Per-example deadlines flake on a loaded two-core CI machine; tests that promise a time bound
# measure it themselves (CPU time), so Hypothesis's wall-clock deadline is off everywhere.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

ROOT = Path(__file__).resolve().parents[1]
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
SERVER_START_S = 30


SITE_FIXTURES = frozenset({"site", "built_site", "shared_site"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files that need no built site first, so that while one worker builds it the other runs them; then
    those with a slow test and those with most tests, so no worker is left alone on a long file at the
    end (pytest-xdist's --dist loadfile hands out files in this order). Within a file the order is kept."""
    needs_site = {i.path for i in items if SITE_FIXTURES & set(getattr(i, "fixturenames", ()))}
    slow = {i.path for i in items if i.get_closest_marker("slow")}
    count = Counter(i.path for i in items)
    items.sort(key=lambda i: (i.path in needs_site, i.path not in slow, -count[i.path] if i.path in needs_site else 0))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build_site(out: Path, url: str) -> None:
    """A strict build for the address it will be served at (instant navigation reads
    sitemap.xml, whose addresses carry the port), as Netlify builds with its URL."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "URL": url}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                          cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]


def start_server(site: Path, port: int, log: Path, owner: int = 0) -> int:
    """The site's server as its own process, ending with ``owner`` (by default the run's main process:
    an xdist worker's parent); returns its pid."""
    owner = owner or (os.getppid() if WORKER else os.getpid())
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "tests.support.server", str(port), "--site", str(site),
                                 "--owner", str(owner)], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc.pid
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the site's server did not start on port {port}: {log.read_text()[-2000:]}")


def build_and_serve(folder: Path) -> dict[str, Any]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    try:
        build_site(folder / "site", url)
        return {"site": str(folder / "site"), "url": url, "pid": start_server(folder / "site", port, folder / "server.log")}
    except AssertionError as exc:
        return {"error": str(exc)}


@pytest.fixture(scope="session")
def shared_site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The run's one build and server: {"site": folder, "url": address} (a failed build fails every user)."""
    folder = tmp_path_factory.getbasetemp().parent if WORKER else tmp_path_factory.getbasetemp()
    record = folder / "site.json"
    with locked(folder / "site.lock"):
        if not record.exists():
            record.write_text(json.dumps(build_and_serve(folder)))
    shared: dict[str, Any] = json.loads(record.read_text())
    if "error" in shared:
        pytest.fail(f"the site did not build: {shared['error']}", pytrace=False)
    return shared


@pytest.fixture(scope="session")
def built_site(shared_site: dict[str, Any]) -> Path:
    """A fresh strict build of the site, once per test run."""
    return Path(shared_site["site"])


@pytest.fixture(scope="session")
def site(shared_site: dict[str, Any]) -> str:
    """Base URL (ending in /) of the built site served like production."""
    return str(shared_site["url"])
