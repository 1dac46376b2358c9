"""Shared fixtures: the built site, served on 127.0.0.1 with the production headers."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.server import serve

# Per-example deadlines flake on a loaded two-core CI machine; tests that promise a time bound
# measure it themselves (CPU time), so Hypothesis's wall-clock deadline is off everywhere.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

ROOT = Path(__file__).resolve().parents[1]


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


@pytest.fixture(scope="session")
def site_port() -> int:
    return free_port()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, site_port: int) -> Path:
    """A fresh strict build of the site, once per test session."""
    out = tmp_path_factory.mktemp("site")
    build_site(out, f"http://127.0.0.1:{site_port}/")
    return out


@pytest.fixture(scope="session")
def site(built_site: Path, site_port: int) -> Iterator[str]:
    """Base URL (ending in /) of the built site served like production."""
    with serve(built_site, site_port) as url:
        yield url
