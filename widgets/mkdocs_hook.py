"""The thin MkDocs hook: one entry point per build event, each delegating to widgets.build.

Everything here is glue; the work lives in plain functions (widgets.build, widgets.render)
and a Python-Markdown extension (widgets.shortcodes), so another generator that reads
mkdocs.yml can call the same functions.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _importable() -> None:
    """MkDocs imports hooks by path (and restores sys.path after): make calc and widgets importable."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


_importable()

from mkdocs.exceptions import PluginError  # noqa: E402

from widgets import build, glossary, i18n_site, print_page, render, shortcodes  # noqa: E402, F401  (re-imported fresh below)

_state: dict[str, Any] = {}


def _fresh_engine() -> None:
    """`mkdocs serve` loads this hook once but calls on_config for every rebuild: drop and
    re-import calc and widgets so edits reach the pages, the wheel and pre-rendered results."""
    global build, glossary, i18n_site, print_page, render, shortcodes
    _importable()
    for name in [m for m in sys.modules if m.split(".")[0] in ("calc", "widgets")]:
        del sys.modules[name]
    build = importlib.import_module("widgets.build")
    render = importlib.import_module("widgets.render")
    shortcodes = importlib.import_module("widgets.shortcodes")
    print_page = importlib.import_module("widgets.print_page")
    i18n_site = importlib.import_module("widgets.i18n_site")
    glossary = importlib.import_module("widgets.glossary")


def on_startup(command: str, dirty: bool) -> None:
    _state["command"] = command


def on_config(config: Any) -> Any:
    _fresh_engine()
    try:
        _state["runtime"] = build.check_runtime(ROOT)
    except build.RuntimeAssetError as exc:
        raise PluginError(str(exc)) from None
    config.markdown_extensions.append(shortcodes.ShortcodeExtension(fail=_page_error))
    config.markdown_extensions.append(glossary.CjkAbbreviations())  # after abbr (mkdocs.yml)
    return config


def _page_error(message: str) -> PluginError:
    return PluginError(f"{_state.get('page', 'a page')}: {message}")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    _state["page"] = page.file.src_path
    lang = render.LANG[0] = i18n_site.page_lang(page.file.src_uri)
    _state.setdefault("shown", {})[page.url] = print_page.CALC_CONSTRUCT.findall(markdown)
    return i18n_site.fall_back_links(markdown, page.file.src_uri, _state.get("files", ())) + _abbreviations(lang)


def _abbreviations(lang: str) -> str:
    """The glossary's tooltips in the page's language; a malformed entry fails the build."""
    try:
        return glossary.abbreviations(lang)
    except glossary.GlossaryError as exc:
        raise PluginError(f"{glossary.SOURCE.name}: {exc}") from None


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    _state["nav"] = [p.url for p in nav.pages]
    _state["pages"] = {}
    _state["zh_nav"] = _chrome(i18n_site.translated_nav, nav, files, config, "zh")
    return nav


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    lang = i18n_site.page_lang(page.file.src_uri)
    if lang != "en":
        context["nav"] = _state[f"{lang}_nav"]
        context["config"] = _chrome(i18n_site.localized_config, config, lang)
    return context


def _chrome(make: Any, *args: Any) -> Any:
    """A text of the site's chrome without a translation fails the build, naming it."""
    try:
        return make(*args)
    except i18n_site.ChromeTextMissing as exc:
        raise PluginError(str(exc.args[0])) from None


def on_post_page(output: str, page: Any, config: Any) -> str:
    base = _base_url(page.url)
    output = i18n_site.mark_page(output, page.file.src_uri, page.url, _state.get("files"))
    output = build.resolve_site_root(output, base)
    output = build.externalize_inline_scripts(output, base, Path(config.site_dir))
    output = build.defer_search_index(output, base)
    _state.setdefault("pages", {})[page.url] = output  # for the whole-site print page
    return output


def on_post_template(output: str, template_name: str, config: Any) -> str:
    # Static templates such as 404.html are served at any depth: root-absolute paths.
    if template_name == "404.html":
        try:
            output = _chrome(i18n_site.not_found_page, output)
        except i18n_site.NotFoundTemplateChanged as exc:
            raise PluginError(str(exc)) from None
    return build.defer_search_index(build.externalize_inline_scripts(output, "", Path(config.site_dir)), "")


def on_files(files: Any, config: Any) -> Any:
    _state["files"] = {f.src_uri for f in files.documentation_pages()}
    return files


def on_post_build(config: Any) -> None:
    render.LANG[0] = "en"
    site = Path(config.site_dir)
    runtime = build.write_runtime(ROOT, site, _state["runtime"])
    homes = build.calculator_homes(_state.get("nav", []), _state.get("shown", {}))
    build.write_embeds(site, homes)
    render.LANG[0] = "zh"
    zh_homes = i18n_site.translated_homes({**homes, **build.problem_homes()}, _state.get("files", ()), "zh")
    build.write_translated_embeds(site, "zh", zh_homes)
    render.LANG[0] = "en"
    print_page.write_print_page(site, _state.get("nav", []), _state.get("pages", {}))
    if "zh_nav" in _state:
        print_page.write_print_page(site, [p.url for p in _state["zh_nav"].pages], _state.get("pages", {}), "zh/",
                                    i18n_site.chrome_text("The whole site, for printing", "zh"))
    build.write_downloads(site)
    build.write_downloads(site, "zh")
    # Last: it lists every file. Not under `mkdocs serve`: a cached page would hide an edit.
    if _state.get("command") != "serve":
        build.write_service_worker(site, runtime)


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    for folder in ("calc", "widgets"):
        server.watch(str(ROOT / folder))
    return server


def _base_url(page_url: str) -> str:
    depth = page_url.strip("/").count("/") + 1 if page_url.strip("/") else 0
    return "/".join([".."] * depth) or "."

