"""The service worker (``sw.js`` at the site's root) with this build's manifest.

Every file a reader may need offline is listed with a hash of its content; the version is a
hash of that list, so any change to the site gives a new service worker and a new cache (see
``widgets/sw.js`` for how the swap stays atomic). The shell is every page and its assets; the
runtime is what the Python worker loads (config.json names it). Left out: Pyodide's full
standard library (the site serves a trimmed one), precompressed copies, source maps and
search support for other languages.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["RUNTIME_DIRS", "write_service_worker", "manifest"]

WIDGETS_DIR = Path(__file__).resolve().parent
RUNTIME_DIRS = ("assets/pyodide/", "assets/plotly/", "assets/calc/")
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_LOCK = "pyodide-lock.json"
SKIP_SUFFIXES = (".br", ".gz", ".map")
SKIP_DIRS = ("assets/javascripts/lunr/",)  # search in other languages than the site's
SKIP_NAMES = ("sw.js",)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _url(relative: str) -> str:
    """The address a page is fetched at: ``calculators/index.html`` -> ``calculators/``."""
    if relative == "index.html":
        return "./"
    return relative[: -len("index.html")] if relative.endswith("/index.html") else relative


def _shell(site: Path) -> Iterable[Path]:
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site).as_posix()
        if path.is_file() and not relative.startswith(RUNTIME_DIRS + SKIP_DIRS) and not relative.endswith(SKIP_SUFFIXES) \
                and path.name not in SKIP_NAMES:
            yield path


def _runtime(site: Path, config: dict[str, Any]) -> Iterable[Path]:
    widgets = site / "assets" / "widgets"
    pyodide = (widgets / config["pyodide"]).resolve()
    yield from (pyodide / name for name in PYODIDE_RUNTIME)
    if "lock" not in config:  # else the worker gives Pyodide the lock file's header (boot.js inline-lock)
        yield pyodide / PYODIDE_LOCK
    for key in ("plotly", "wheel", "stdlib", "snapshot"):
        if config.get(key):
            yield (widgets / config[key]).resolve()
    for path in sorted(config.get("parts", {}).values()):  # every part: every page works offline
        yield (widgets / path).resolve()


def manifest(site: Path, config: dict[str, Any]) -> tuple[str, dict[str, str], dict[str, str]]:
    """(version, shell, runtime): the two maps go from address (relative to the site) to hash."""
    def listed(paths: Iterable[Path]) -> dict[str, str]:
        return {_url(p.relative_to(site.resolve()).as_posix()): _digest(p) for p in paths}

    shell = listed(p.resolve() for p in _shell(site))
    runtime = listed(_runtime(site, config))
    version = hashlib.sha256(json.dumps([shell, runtime], sort_keys=True).encode()).hexdigest()[:16]
    return version, shell, runtime


def write_service_worker(site: Path, config: dict[str, Any]) -> str:
    """Write ``sw.js`` into ``site`` (after every other file); returns its version."""
    version, shell, runtime = manifest(site, config)
    source = (WIDGETS_DIR / "sw.js").read_text()
    for name, value in (("VERSION", version), ("SHELL", shell), ("RUNTIME", runtime)):
        placeholder = f'"@@{name}@@"'
        assert placeholder in source, placeholder
        source = source.replace(placeholder, json.dumps(value, indent=1, sort_keys=True))
    (site / "sw.js").write_text(source)
    return version
