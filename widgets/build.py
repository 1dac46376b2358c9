"""Site-build steps as plain functions, so any generator's hook can call them.

- :func:`check_runtime` fails early, naming the set-up command, when Pyodide or plotly
  is missing or not the pinned version.
- :func:`write_runtime` copies the pinned runtime, the widget scripts and the calc wheel
  into the built site and writes ``assets/widgets/config.json``, which tells the worker
  where they are.
- :func:`externalize_inline_scripts` moves inline scripts into files, so the
  Content-Security-Policy can forbid inline script.
- :func:`write_embeds` and :func:`write_downloads` write the embed pages and exports.
- :func:`defer_search_index` keeps the search index off a first visit's critical path: it is
  fetched when the reader turns to search.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import re
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from calc import __version__
from calc.exporters import exporters, zip_files
from calc.i18n import topic_of
from calc.problems import all_problems
from calc.problems import pages as problem_pages
from calc.registry import Calculator, all_calculators
from widgets.levers import make_levers
from widgets.offline import write_service_worker
from widgets.parts import KERNEL_PART, engine_parts, part_file, topic_needs
from widgets.precompress import precompress
from widgets.problems import EMBED_ASSETS, problems_embed_page
from widgets.render import SITE_ROOT, embed_page
from widgets.wheel import build_wheel, wheel_name

__all__ = ["RuntimeAssetError", "Runtime", "check_runtime", "write_runtime", "externalize_inline_scripts",
           "resolve_site_root", "write_embeds", "write_translated_embeds", "calculator_homes", "write_downloads",
           "translatable", "write_service_worker", "SETUP_COMMAND", "calculator_index", "problem_homes",
           "defer_search_index", "lock_header"]

SETUP_COMMAND = "./dev.sh serve (or ./dev.sh setup)"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PLOTLY_FILE = "plotly-basic.min.js"
STDLIB_FILE = "python_stdlib.zip"
SNAPSHOT_FILE = "snapshot.bin.gz"
WIDGETS_DIR = Path(__file__).resolve().parent


class RuntimeAssetError(Exception):
    """A browser runtime asset is missing or not the pinned version."""


@dataclass(frozen=True)
class Runtime:
    pyodide_version: str
    plotly_version: str


def _pinned(root: Path, package: str) -> str:
    pins = json.loads((root / "package.json").read_text())["dependencies"]
    return str(pins[package])


def _installed(root: Path, package: str) -> str | None:
    meta = root / "node_modules" / package / "package.json"
    return str(json.loads(meta.read_text())["version"]) if meta.exists() else None


def _locked(root: Path, package: str) -> str | None:
    lock = json.loads((root / "package-lock.json").read_text())
    entry = lock.get("packages", {}).get(f"node_modules/{package}")
    return str(entry["version"]) if entry else None


def check_runtime(root: Path) -> Runtime:
    """Pinned, locked and installed versions agree for Pyodide and plotly, and the files exist."""
    versions = {}
    for package in ("pyodide", "plotly.js-basic-dist-min"):
        pinned, locked, installed = _pinned(root, package), _locked(root, package), _installed(root, package)
        if installed is None:
            raise RuntimeAssetError(f"{package} {pinned} is not installed (node_modules/{package} is missing): "
                                    f"run {SETUP_COMMAND}")
        if not pinned == locked == installed:
            raise RuntimeAssetError(f"{package}: package.json pins {pinned}, package-lock.json has {locked}, "
                                    f"node_modules has {installed}: run {SETUP_COMMAND}")
        versions[package] = pinned
    missing = [f for f in PYODIDE_FILES if not (root / "node_modules/pyodide" / f).exists()]
    if missing:
        raise RuntimeAssetError(f"Pyodide files missing: {', '.join(missing)}: run {SETUP_COMMAND}")
    return Runtime(versions["pyodide"], versions["plotly.js-basic-dist-min"])


def _copy_tree(source: Path, target: Path, pattern: str) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for path in source.glob(pattern):
        shutil.copy2(path, target / path.name)


def write_runtime(root: Path, site: Path, runtime: Runtime) -> dict[str, Any]:
    """Copy runtime files into ``site``; returns the worker's config (paths relative to it)."""
    assets = site / "assets"
    pyodide = assets / "pyodide" / runtime.pyodide_version
    pyodide.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(root / "node_modules/pyodide" / name, pyodide / name)
    plotly = assets / "plotly" / runtime.plotly_version
    plotly.mkdir(parents=True, exist_ok=True)
    shutil.copy2(root / "node_modules/plotly.js-basic-dist-min" / PLOTLY_FILE, plotly / PLOTLY_FILE)
    wheel = build_wheel(root / "calc", __version__, {"calc/_index.py": calculator_index().encode()})
    levers = make_levers(root, wheel)
    folder = assets / "calc" / levers.key  # the key of the levers' inputs, wheel included
    folder.mkdir(parents=True, exist_ok=True)
    parts = engine_parts(levers.wheel)
    for part, data in parts.items():
        (folder / (wheel_name(__version__) if part == KERNEL_PART else part_file(part))).write_bytes(data)
    (folder / STDLIB_FILE).write_bytes(levers.stdlib)
    (folder / SNAPSHOT_FILE).write_bytes(levers.snapshot_gz)
    _copy_tree(WIDGETS_DIR / "js", assets / "widgets", "*.js")
    _copy_tree(WIDGETS_DIR / "js", assets / "widgets", "*.css")
    _copy_tree(WIDGETS_DIR / "views", assets / "widgets" / "views", "*.js")
    config = {
        "pyodide": f"../pyodide/{runtime.pyodide_version}/",
        "plotly": f"../plotly/{runtime.plotly_version}/{PLOTLY_FILE}",
        "wheel": f"../calc/{levers.key}/{wheel_name(__version__)}",
        "stdlib": f"../calc/{levers.key}/{STDLIB_FILE}",
        "snapshot": f"../calc/{levers.key}/{SNAPSHOT_FILE}",
        "levers": ["trimmed-stdlib", "byte-compiled", "snapshot", "engine-parts", "inline-lock"],
        "lock": lock_header(root / "node_modules/pyodide/pyodide-lock.json"),
        **engine_map(root, levers.key, parts),
    }
    (assets / "widgets" / "config.json").write_text(json.dumps(config, indent=1))
    precompress(site, root / ".cache" / "brotli")
    return config


def lock_header(lock_file: Path) -> dict[str, Any]:
    """Pyodide's lock file without its packages (the site loads none), for ``loadPyodide``'s
    ``lockFileContents``: the worker then does not fetch ``pyodide-lock.json`` (22 kB brotli)."""
    return {"info": json.loads(lock_file.read_text())["info"], "packages": {}}


def engine_map(root: Path, key: str, parts: Mapping[str, bytes]) -> dict[str, Any]:
    """What the worker needs to fetch only a page's parts of the engine (widgets/parts.py):
    each part's file, each topic's parts, each calculator's and worked problem's topic."""
    return {
        "parts": {p: f"../calc/{key}/{part_file(p)}" for p in parts if p != KERNEL_PART},
        "topics": topic_needs(root / "calc"),
        "calculators": {c.name: topic_of(c.func.__module__) for c in all_calculators()},
        "problems": {p.name: topic_of(p.solve.__module__) for p in all_problems()},
    }


_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')


def defer_search_index(html: str, base_url: str) -> str:
    """Load ``search-lazy.js`` just before Material's bundle: the search index is fetched when
    the reader turns to search, not with every page (widgets/js/search-lazy.js)."""
    tag = f'<script src="{base_url}/assets/widgets/search-lazy.js"></script>'
    return _BUNDLE.sub(lambda m: tag + m.group(0), html, count=1)


def calculator_index() -> str:
    """``calc/_index.py`` for the browser's wheel: which module declares each calculator, so the
    worker imports one module for a widget instead of discovering the whole engine."""
    modules = {c.name: c.func.__module__ for c in all_calculators()}
    problems = {p.name: p.solve.__module__ for p in all_problems()}
    return ('"""Generated at build time by widgets.build: calculator name -> declaring module."""\n\n'
            f"MODULES = {modules!r}\nPROBLEM_MODULES = {problems!r}\n")


_INLINE = re.compile(r"<script(?P<attrs>[^>]*)>(?P<code>.*?)</script>", re.S)


def externalize_inline_scripts(html: str, base_url: str, site: Path) -> str:
    """Replace each inline classic script by a file named for its hash; JSON data blocks stay."""

    def move(m: re.Match[str]) -> str:
        attrs, code = m.group("attrs"), m.group("code")
        if "src=" in attrs or "application/json" in attrs or not code.strip():
            return m.group(0)
        name = hashlib.sha256(code.encode()).hexdigest()[:20] + ".js"
        folder = site / "assets" / "inline"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(code)
        return f'<script{attrs} src="{base_url}/assets/inline/{name}"></script>'

    return _INLINE.sub(move, html)


def resolve_site_root(html: str, base_url: str) -> str:
    """Links written by constructs as ``@@SITE_ROOT@@path`` become relative to the page."""
    return html.replace(SITE_ROOT, base_url.rstrip("/") + "/")


def write_embeds(site: Path, homes: Mapping[str, str] | None = None) -> list[str]:
    """``embed/<name>/index.html`` for every calculator and ``embed/problems/<page>/index.html``
    for every problem set: alone, for iframes. ``homes`` maps a calculator to the page URL
    (relative to the site root) that shows it, linked from its embed page."""
    homes = homes or {}
    names = []
    for calc in all_calculators():
        _write_embed(site / "embed" / calc.name, "../..", calc, homes.get(calc.name))
        names.append(calc.name)
    for page_name in problem_pages():
        folder = site / "embed" / "problems" / page_name
        folder.mkdir(parents=True, exist_ok=True)
        html = problems_embed_page(page_name, f"../../../{page_name}/")
        (folder / "index.html").write_text(resolve_site_root(html, "../../.."))
        names.append(f"problems/{page_name}")
    return names


def _write_embed(folder: Path, up: str, calc: Calculator, home: str | None) -> None:
    """One calculator's embed page in ``folder``, ``up`` being the way back to the site root."""
    css, js = EMBED_ASSETS
    folder.mkdir(parents=True, exist_ok=True)
    styles = [f"{up}/assets/widgets/{c}" for c in css if c != "problems.css"]
    if calc.view and (WIDGETS_DIR / "js" / f"{calc.view}.css").exists():  # a view's own stylesheet
        styles.append(f"{up}/assets/widgets/{calc.view}.css")
    scripts = [f"{up}/assets/widgets/{j}" for j in js if j != "problems.js"]
    page = embed_page(calc.name, styles, scripts, f"{up}/{home}" if home is not None else "")
    (folder / "index.html").write_text(resolve_site_root(page, up))


def write_translated_embeds(site: Path, lang: str, homes: Mapping[str, str]) -> list[str]:
    """``embed/<name>/<lang>/index.html``, the embed page in ``lang`` (calc.i18n), which
    ``embed/<name>/?lang=<lang>`` opens, and the same for every problem set; ``homes`` maps a
    calculator (or ``problems:<page>``) to its page in ``lang``."""
    for calc in all_calculators():
        _write_embed(site / "embed" / calc.name / lang, "../../..", calc, homes.get(calc.name))
    names = [f"{c.name}/{lang}" for c in all_calculators()]
    for page_name in problem_pages():  # embed/problems/<page>/<lang>/, which ?lang=<lang> opens
        folder = site / "embed" / "problems" / page_name / lang
        folder.mkdir(parents=True, exist_ok=True)
        home = f"../../../../{homes.get(f'problems:{page_name}', f'{page_name}/')}"
        html = problems_embed_page(page_name, home, "../../../..")
        (folder / "index.html").write_text(resolve_site_root(html, "../../../.."))
        names.append(f"problems/{page_name}/{lang}")
    return names


def problem_homes() -> dict[str, str]:
    """``problems:<page>`` -> the page (URL from the site root) that shows that problem set."""
    return {f"problems:{page}": f"{page}/" for page in problem_pages()}


def translatable(func: Any) -> bool:
    """Whether an export takes ``lang`` (and so has a translated download)."""
    return "lang" in inspect.signature(func).parameters


def calculator_homes(nav: Sequence[str], shown: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each calculator's home for its embed page's link back: the first page in navigation
    order, after the home page, that shows it (``shown``: page URL -> calculator names)."""
    homes: dict[str, str] = {}
    for url in [u for u in nav if u] + [u for u in nav if not u]:
        for name in shown.get(url, ()):
            homes.setdefault(name, url)
    return homes


def write_downloads(site: Path, lang: str = "en") -> list[str]:
    """Every export into ``downloads/`` under the file name the page links to; with ``lang``,
    the exports that translate their descriptions (a ``lang`` argument) into ``downloads/<lang>/``."""
    folder = site / "downloads" / ("" if lang == "en" else lang)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for export in exporters().values():
        if lang != "en" and not translatable(export.func):
            continue
        # text, or many files (path -> text), offered as one zip
        content = export.func(lang=lang) if lang != "en" else export.func()
        if isinstance(content, str):
            (folder / export.filename).write_text(content)
        else:
            (folder / export.filename).write_bytes(zip_files(content, Path(export.filename).stem))
        written.append(export.filename)
    return written
