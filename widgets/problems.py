"""HTML for a page's problem set (``[[problems:PAGE]]``) and its embed page.

Statements are drawn by the engine at build time for the default seed; the browser asks
the Python worker (``calc.problems.request_json``) for other seeds, for checking answers,
for hints and for the solution, so the declaration in ``calc`` stays the one source.
"""

from __future__ import annotations

import html
from typing import Any

from calc import i18n
from calc.problems import DEFAULT_SEED, Problem, all_problems, pages
from widgets import render, texts
from widgets.render import SITE_ROOT, BuildError
from widgets.render import catalog_html as calculator_catalog_html

__all__ = ["problems_html", "problem_set_html", "problems_embed_page", "catalog_html", "EMBED_ASSETS"]

EMBED_ASSETS = (("widgets.css", "problems.css", "embed.css", "i18n.css"),
                ("i18n.js", "runtime.js", "problems.js", "embed.js"))


def problems_html(code: Any) -> str:
    """``[[problems:PAGE]]``: the page's problem set; an unknown page fails the build."""
    found = pages()
    if code.target not in found:
        raise BuildError(f"[[problems:{code.target}]]: no problems for page {code.target!r}; "
                         f"known: {', '.join(sorted(found))}")
    return problem_set_html(code.target, found[code.target], embed=False)


def problem_set_html(page: str, problems: tuple[Problem, ...], embed: bool) -> str:
    """The set in the page's language (render.LANG): statements by the engine (calc.i18n), the set's
    own words by ``t``, and ``data-texts`` for the words problems.js shows (widgets.texts). Its buttons are
    disabled until problems.js runs, and its forms are ``method="dialog"`` so that Enter before then never
    reloads the page (a form without a dialog ancestor submits nowhere: HTML, form submission algorithm)."""
    lang = render.LANG[0]
    t = texts.translator(lang)
    items = "".join(_problem(p, t, lang) for p in problems)
    query = f"?lang={lang}" if lang != "en" else ""
    link = (f'<a class="calc-problems-embed" href="{SITE_ROOT}embed/problems/{page}/{query}">'
            f'{t("Embed this problem set")}</a>' if not embed else "")
    words = texts.browser_texts((texts.JS / "problems.js", texts.JS / "worker.js"), lang)  # and the worker's
    data = texts.attribute(words)
    status = t("Numbers set {seed}; answers are checked by the engine in your browser.", seed=DEFAULT_SEED)
    return (f'<section class="calc-problems" data-page="{page}" data-seed="{DEFAULT_SEED}" data-lang="{lang}"{data} '
            f'aria-label="{t("Practice problems")}">'
            f'<div class="calc-problems-head"><span class="calc-problems-status" role="status">{status}</span> '
            f'<button type="button" class="calc-new-numbers" disabled>{t("New numbers")}</button> {link}</div>'
            f'<ol class="calc-problem-list">{items}</ol></section>')


def _problem(p: Problem, t: texts.T, lang: str) -> str:
    pid = f"problem-{p.name}"
    instance = p.make(DEFAULT_SEED).to_json(with_answer=False, lang=lang)
    unit = p.unit or t("a number")
    units = f"{unit}" if p.allowed is None else i18n.translate(" or ".join(p.allowed), lang)
    levels = {"basic": t("basic"), "design": t("design")}
    return (f'<li class="calc-problem" id="{pid}" data-problem="{p.name}">'
            f'<p class="calc-problem-title"><strong>{html.escape(instance["title"])}</strong> '
            f'<span class="calc-problem-level">{levels.get(p.level, p.level)}</span></p>'
            f'<p class="calc-problem-statement">{html.escape(instance["statement"])}</p>'
            f'<form class="calc-problem-form" method="dialog" autocomplete="off">'
            f'<label for="{pid}-answer">{t("Your answer")} <span class="calc-unit">({html.escape(units)})</span></label>'
            f'<span class="calc-problem-row"><input id="{pid}-answer" name="answer" type="text" '
            f'inputmode="decimal" spellcheck="false" aria-describedby="{pid}-feedback">'
            f'<button type="submit" disabled>{t("Check")}</button>'
            f'<button type="button" data-action="hint" disabled>{t("Hint")}</button>'
            f'<button type="button" data-action="solution" disabled>{t("Show solution")}</button></span></form>'
            f'<p class="calc-problem-feedback" id="{pid}-feedback" role="status" aria-live="polite"></p>'
            f'<ol class="calc-problem-solution" aria-label="{t("Solution")}" hidden></ol></li>')


def problems_embed_page(page: str, home: str, up: str = "../../..") -> str:
    """``embed/problems/PAGE/``: the problem set alone, for a course's iframe (paths relative to it,
    ``up`` leading back to the site root), in the build's language (render.LANG)."""
    problems = pages()[page]
    css, js = EMBED_ASSETS
    t = texts.translator(render.LANG[0])
    back = (f'<p class="calc-embed-home"><a href="{html.escape(home)}" target="_blank" rel="noopener">'
            f'{t("Open the full page")}</a></p>')
    return render.embed_document(t("Problems: {page}", page=page), f"problems:{page}",
                                 [f"{up}/assets/widgets/{s}" for s in css], [f"{up}/assets/widgets/{s}" for s in js],
                                 f"{problem_set_html(page, problems, embed=True)}{back}")


def catalog_html(code: Any) -> str:
    """``[[catalog]]`` lists the calculators; ``[[catalog:problems]]`` every problem, with the embed
    address that shows it alone (for a course step)."""
    if not code.target:
        return calculator_catalog_html(code)
    if code.target != "problems":
        raise BuildError(f"[[catalog:{code.target}]]: unknown catalogue; known: [[catalog]], [[catalog:problems]]")
    t = texts.translator(render.LANG[0])
    rows = "".join(
        f"<tr><td><code>{p.name}</code></td><td>{html.escape(i18n.translate(p.title, render.LANG[0]))}</td><td>{p.level}</td>"
        f'<td><a href="{SITE_ROOT}{p.page}/#problem-{p.name}">{p.page}</a></td>'
        f'<td><a href="{SITE_ROOT}embed/problems/{p.page}/?show={p.name}">embed/<wbr>problems/<wbr>{p.page}/<wbr>?show={p.name}</a></td></tr>'
        for p in all_problems())
    heads = (t("Name"), t("Problem"), t("Level"), t("Page"), t("Embed it alone"))
    return (f'<table class="calc-catalog"><thead><tr>{"".join(f"<th>{h}</th>" for h in heads)}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")
