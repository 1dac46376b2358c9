"""HTML for a page's problem set (``[[problems:PAGE]]``) and its embed page.

Statements are drawn by the engine at build time for the default seed; the browser asks
the Python worker (``calc.problems.request_json``) for other seeds, for checking answers,
for hints and for the solution, so the declaration in ``calc`` stays the one source.
"""

from __future__ import annotations

import html
from typing import Any

from calc.problems import DEFAULT_SEED, Problem, all_problems, pages
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
    items = "".join(_problem(p, page) for p in problems)
    link = (f'<a class="calc-problems-embed" href="{SITE_ROOT}embed/problems/{page}/">Embed this problem set</a>'
            if not embed else "")
    return (f'<section class="calc-problems" data-page="{page}" data-seed="{DEFAULT_SEED}" aria-label="Practice problems">'
            f'<div class="calc-problems-head"><span class="calc-problems-status" role="status">'
            f"Numbers set {DEFAULT_SEED}; answers are checked by the engine in your browser.</span> "
            f'<button type="button" class="calc-new-numbers">New numbers</button> {link}</div>'
            f'<ol class="calc-problem-list">{items}</ol></section>')


def _problem(p: Problem, page: str) -> str:
    pid = f"problem-{p.name}"
    instance = p.make(DEFAULT_SEED)
    unit = p.unit or "a number"
    units = f"{unit}" if p.allowed is None else " or ".join(p.allowed)
    return (f'<li class="calc-problem" id="{pid}" data-problem="{p.name}">'
            f'<p class="calc-problem-title"><strong>{html.escape(p.title)}</strong> '
            f'<span class="calc-problem-level">{p.level}</span></p>'
            f'<p class="calc-problem-statement">{html.escape(instance.statement)}</p>'
            f'<form class="calc-problem-form" autocomplete="off">'
            f'<label for="{pid}-answer">Your answer <span class="calc-unit">({html.escape(units)})</span></label>'
            f'<span class="calc-problem-row"><input id="{pid}-answer" name="answer" type="text" '
            f'inputmode="decimal" spellcheck="false" aria-describedby="{pid}-feedback">'
            f'<button type="submit">Check</button>'
            f'<button type="button" data-action="hint">Hint</button>'
            f'<button type="button" data-action="solution">Show solution</button></span></form>'
            f'<p class="calc-problem-feedback" id="{pid}-feedback" role="status" aria-live="polite"></p>'
            f'<ol class="calc-problem-solution" aria-label="Solution" hidden></ol></li>')


def problems_embed_page(page: str, home: str) -> str:
    """``embed/problems/PAGE/``: the problem set alone, for a course's iframe (paths relative to it)."""
    problems = pages()[page]
    css, js = EMBED_ASSETS
    links = "".join(f'<link rel="stylesheet" href="../../../assets/widgets/{s}">' for s in css)
    tags = "".join(f'<script type="module" src="../../../assets/widgets/{s}"></script>' for s in js)
    back = (f'<p class="calc-embed-home"><a href="{html.escape(home)}" target="_blank" rel="noopener">'
            f"Open the full page</a></p>")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">'
            f"<title>Problems: {html.escape(page)}</title>{links}</head>"
            f'<body class="calc-embed" data-embed="problems:{page}"><main>'
            f"{problem_set_html(page, problems, embed=True)}{back}</main>{tags}</body></html>")


def catalog_html(code: Any) -> str:
    """``[[catalog]]`` lists the calculators; ``[[catalog:problems]]`` every problem, with the embed
    address that shows it alone (for a course step)."""
    if not code.target:
        return calculator_catalog_html(code)
    if code.target != "problems":
        raise BuildError(f"[[catalog:{code.target}]]: unknown catalogue; known: [[catalog]], [[catalog:problems]]")
    rows = "".join(
        f"<tr><td><code>{p.name}</code></td><td>{html.escape(p.title)}</td><td>{p.level}</td>"
        f'<td><a href="{SITE_ROOT}{p.page}/#problem-{p.name}">{p.page}</a></td>'
        f'<td><a href="{SITE_ROOT}embed/problems/{p.page}/?show={p.name}">embed/problems/{p.page}/?show={p.name}</a></td></tr>'
        for p in all_problems())
    return ('<table class="calc-catalog"><thead><tr><th>Name</th><th>Problem</th><th>Level</th><th>Page</th>'
            f"<th>Embed it alone</th></tr></thead><tbody>{rows}</tbody></table>")
