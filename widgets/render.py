"""HTML for the page constructs, computed by the engine in CPython at build time.

The same result JSON that the browser worker returns is embedded in each widget,
so the page shows a real result before (or without) Python in the browser, and
the runtime only swaps display strings and chart data.
"""

from __future__ import annotations

import dataclasses
import html
import importlib
import inspect
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from calc import i18n
from calc.errors import ValidationError
from calc.outputs import Chart, Scalar, Table
from calc.params import Bool, Bounded, Choice, Param, Size, Text, Value
from calc.registry import Calculator, Result, all_calculators, get
from calc.sources import Source, all_sources
from calc.units import format_number
from widgets import texts
from widgets.exports import SERIES, TABLE, export_bar
from widgets.phonechart import phone_chart
from widgets.svgchart import svg_chart

__all__ = ["SITE_ROOT", "widget_html", "value_html", "table_html", "references_html", "download_html", "catalog_html", "embed_document",
           "embed_page", "result_for", "BuildError", "LANG"]

SITE_ROOT = "@@SITE_ROOT@@"
_CACHE: dict[tuple[str, str, str], Result] = {}


class BuildError(Exception):
    """A construct names something the engine does not have."""


def result_for(name: str, params: Mapping[str, str], lang: str = "en") -> Result:
    """Run calculator ``name`` once per build for each distinct set of parameters (and language,
    for a calculator that words text itself, such as configuration comments)."""
    calc = get(name)
    lang = lang if calc.takes_lang else "en"
    key = (name, lang, json.dumps(dict(params), sort_keys=True))
    if key not in _CACHE:
        try:
            _CACHE[key] = i18n.localize(calc, lang).run(params)
        except ValidationError as exc:
            raise BuildError(f"calculator {name!r} with {dict(params)}: {exc.message}") from None
    return _CACHE[key]


LANG: list[str] = ["en"]  # set by the build per page: the language of labels and notes (calc.i18n)


def _t(text: str, topic: str | None = None) -> str:
    """``text`` in the page's language; ``topic``: the calculator's, whose catalogue is looked up first."""
    return i18n.translate(text, LANG[0], topic)


def _bar(key: str, labels: tuple[str, ...]) -> str:
    """The download buttons under a table or chart, in the page's language (widgets/exports.py)."""
    return export_bar(key, labels, texts.translator(LANG[0]))


def _sources() -> tuple[Source, ...]:
    """Every citation: discovering the calculators imports every module, so every ``cite`` has run."""
    all_calculators()
    return all_sources()


def _split_target(code: Any, what: str) -> tuple[Calculator, str]:
    name, _, output = code.target.partition(".")
    try:
        calc = get(name)
    except ValidationError as exc:
        raise BuildError(f"[[{code.kind}:{code.target}]]: {exc.message}") from None
    if what and output not in [o.name for o in calc.outputs]:
        known = ", ".join(o.name for o in calc.outputs)
        raise BuildError(f"[[{code.kind}:{code.target}]]: {name} has no output {output!r}; known: {known}")
    return calc, output


def value_html(code: Any) -> str:
    """``[[value:NAME.OUTPUT ...]]``: the scalar's display string (``raw`` drops the unit)."""
    calc, output = _split_target(code, "output")
    out = calc.output(output)
    if not isinstance(out, Scalar):
        raise BuildError(f"[[value:{code.target}]]: {output} is a {out.kind}, not a scalar")
    result = result_for(calc.name, dict(code.params))
    value = result.value(output)
    text = format_number(value, out.digits) if "raw" in code.flags and not isinstance(value, str) \
        else i18n.display_text(calc, output, result.display(output), LANG[0])
    title = html.escape(_t("Computed by calculator {name} at build time").format(name=calc.name), quote=True)
    return f'<span class="calc-value" data-calc="{calc.name}" data-output="{output}" title="{title}">' \
           f"{html.escape(text)}</span>"


def table_html(code: Any) -> str:
    """``[[table:NAME.TABLE ...]]``: a declared table output, generated from data."""
    calc, output = _split_target(code, "output")
    out = calc.output(output)
    if not isinstance(out, Table):
        raise BuildError(f"[[table:{code.target}]]: {output} is a {out.kind}, not a table")
    rows = i18n.table_rows(calc, output, result_for(calc.name, dict(code.params)).outcome.tables[output], LANG[0])
    localized = i18n.localize(calc, LANG[0]).output(output)
    assert isinstance(localized, Table)
    words = texts.browser_texts((texts.JS / "export.js",), LANG[0])  # its download button
    data = texts.attribute(words)
    return (f'<div class="calc-table-wrap"{data} {_scroll_region(localized)}>{_table(localized, rows)}</div>'
            f"{_bar(output, TABLE)}")


def _scroll_region(out: Table) -> str:
    """A table wrapper scrolls sideways on a phone: keyboard readers can focus and scroll it."""
    return _scroll_label(out.title)


def _scroll_label(title: str) -> str:
    """Attributes of a region that scrolls sideways on a phone (a table, a build-time chart)."""
    return f'tabindex="0" role="region" aria-label="{html.escape(title, quote=True)}"'


def _table(out: Table, rows: Any) -> str:
    """A table of rows already in the page's language (calc.i18n.table_rows): numbers are formatted here."""
    heads = "".join(f"<th>{html.escape(c.label)}{f' ({html.escape(c.unit)})' if c.unit else ''}</th>"
                    for c in out.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in row) + "</tr>"
                   for row in rows)
    return (f'<table class="calc-table" data-table="{out.name}"><caption>{html.escape(out.title)}'
            f"</caption><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>")


def _cell(value: object) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


REFERENCE_TOPICS = {"collectives": "Collectives, hardware and training", "fabric": "Fabric sizing and cost",
                    "topology": "Topology as code", "ecmp": "ECMP and load balancing",
                    "congestion": "PFC, ECN and congestion control", "monitoring": "Monitoring"}


def _topic_of_sources() -> dict[str, str]:
    """Source key -> the topic (calc subpackage) of the first calculator, in topic order, that cites it."""
    order = list(REFERENCE_TOPICS)
    calcs = sorted(all_calculators(), key=lambda c: (order.index(t) if (t := _topic(c)) in order else len(order), c.name))
    topics: dict[str, str] = {}
    for calc in calcs:
        for s in calc.sources:
            topics.setdefault(s.key, _topic(calc))
    return topics


def _topic(calc: Calculator) -> str:
    return i18n.topic_of(calc.func.__module__)


def _reference(s: Source) -> str:
    return (f'<li id="ref-{s.key}"><code>{s.key}</code> {html.escape(s.text())} '
            f'<a href="{html.escape(s.url)}">{html.escape(s.url)}</a>{" " + html.escape(s.note) if s.note else ""}</li>')


def references_html(code: Any) -> str:
    """Every source registered by the engine, grouped by the topic that cites it, sorted by key within."""
    topics, groups = _topic_of_sources(), []
    for topic, title in [*REFERENCE_TOPICS.items(), ("", "Other sources")]:
        items = "".join(_reference(s) for s in _sources() if topics.get(s.key, "") == topic
                        or (topic == "" and topics.get(s.key, "") not in REFERENCE_TOPICS))
        if items:
            groups.append(f'<h2 id="refs-{topic or "other"}">{html.escape(_t(title))}</h2>'
                          f'<ol class="calc-references">{items}</ol>')
    return f'<div class="calc-references-groups">{"".join(groups)}</div>'


def catalog_html(code: Any) -> str:
    """``[[catalog]]``: every declared calculator, its summary, parameters, CLI and embed page."""
    rows = []
    for calc in (i18n.localize(c, LANG[0]) for c in all_calculators()):
        params = ", ".join(f"<code>{p.name}</code>" for p in calc.params)
        rows.append(f"<tr><td><code>{calc.name}</code></td><td>{html.escape(calc.title)}. "
                    f"{html.escape(calc.summary)}</td><td>{params}</td>"
                    f'<td><a href="{SITE_ROOT}embed/{calc.name}/">embed/<wbr>{calc.name}/</a></td></tr>')
    heads = "".join(f"<th>{html.escape(_t(h))}</th>" for h in ("Name", "What it computes", "Parameters", "Embed page"))
    return (f'<div class="calc-table-wrap" tabindex="0" role="region" aria-label="{html.escape(_t("Calculators"))}">'
            f'<table class="calc-catalog"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def download_html(code: Any) -> str:
    """``[[download:EXPORT label="..."]]``: a link to an export written into the site."""
    from calc.exporters import exporters

    found = exporters()
    if code.target not in found:
        raise BuildError(f"[[download:{code.target}]]: unknown export; known: {', '.join(found) or 'none'}")
    filename = found[code.target].filename
    label = code.params.get("label", f"Download {filename}")
    # On a translated page, an export that translates its descriptions links its translation.
    folder = f"{LANG[0]}/" if LANG[0] != "en" and "lang" in inspect.signature(found[code.target].func).parameters else ""
    return (f'<p><a class="md-button calc-download" href="{SITE_ROOT}downloads/{folder}{html.escape(filename)}" '
            f'download="{html.escape(filename)}">{html.escape(label)}</a></p>')


# ---- widgets ---------------------------------------------------------------------------------

def widget_html(code: Any) -> str:
    """``[[calc:NAME ...]]``: form generated from the declaration plus the pre-rendered result."""
    calc, _ = _split_target(code, "")
    options = {k: v for k, v in code.params.items() if k not in ("fixed", "hidden", "id")}
    fixed = _names(calc, code.params.get("fixed", ""), "fixed")
    hidden = _names(calc, code.params.get("hidden", ""), "hidden")
    return _widget(calc, options, fixed, hidden, code.params.get("id", calc.name), embed=False)


def _widget(calc: Calculator, options: dict[str, str], fixed: list[str], hidden: list[str], wid: str,
            embed: bool) -> str:
    lang = LANG[0]
    calc = i18n.localize(calc, lang)
    result = result_for(calc.name, options, lang)
    state = {"params": options, "fixed": fixed, "hidden": hidden}
    # The data travel in attributes, not <script type="application/json"> blocks: instant
    # navigation re-creates script elements as classic inline scripts (dropping their type).
    shown = i18n.localize_result(result.to_json(), lang)
    words = texts.browser_texts(_scripts(calc), lang, _topic(calc))
    # A calculator without inputs (a report) has nothing left to compute in the reader's browser: its result is
    # the build's, and the runtime leaves it alone (widgets/js/runtime.js hydrate).
    static = not calc.params
    spec, carried = _carried(calc.spec(), shown) if static else (calc.spec(), shown)
    data = "".join(f' data-{key}="{html.escape(_json(value), quote=True)}"'
                   for key, value in (("spec", spec), ("options", state), ("result", carried)))
    data += texts.attribute(words)
    data += ' data-static="true"' if static else ""
    # Element ids live in their own namespace ("calc-"), so a widget never shares an id with a
    # heading's anchor (the "Headroom" heading and the headroom widget); ``wid`` stays the widget's
    # name in URL state (wid.param=value) and in requests.
    dom = f"calc-{wid}"
    parts = [
        f'<div class="calc-widget" id="{dom}" data-wid="{wid}" data-calc="{calc.name}" data-view="{calc.view or ""}" '
        f'data-lang="{lang}"{data}>',
        _head(calc, static),
        "" if static else _form(calc, result.inputs, dom, fixed, hidden) + _actions() +
        '<p class="calc-stale-note" role="status" hidden></p>',
        _outputs(calc, result, dom, shown),
        _view(calc, shown),
        "" if embed else f'<p class="calc-embed-link"><a href="{SITE_ROOT}embed/{calc.name}/'
                         f'{"?lang=" + lang if lang != "en" else ""}">'
                         f"{html.escape(_t('Open this calculator on its own (embeddable)'))}</a></p>",
        "</div>",
    ]
    return "".join(parts)


def _carried(spec: dict[str, Any], shown: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a report's page carries for the browser: only its charts' declarations and series, which the CSV
    download reads (widgets/js/export.js). The rest is on the page already, and the accuracy report's whole
    declaration and result were 160 KB of its page's 450."""
    charts = [o for o in spec["outputs"] if o["kind"] == "chart"]
    return {"outputs": charts}, {"charts": shown.get("charts", {})}


def _head(calc: Calculator, static: bool) -> str:
    """The title and the status line (with the bar of Python's start-up, for a widget that goes live)."""
    if static:
        status, progress = _t("Computed when the site was built: a report without inputs, nothing to recompute."), ""
    else:
        status = _t("Result computed at build time; Python starts when you scroll here.")
        progress = (f'<progress class="calc-progress" max="4" value="0" aria-label="{html.escape(_t("Loading Python"))}"'
                    f' hidden></progress>')
    return (f'<div class="calc-head"><strong>{html.escape(calc.title)}</strong> '
            f'<span class="calc-status" role="status" aria-live="polite">{html.escape(status)}</span>{progress}</div>')


# Reset, and a link that holds the inputs: disabled until the page's script wires them (runtime.js
# wireActions), and in place from the start, so that nothing moves when it does.
def _actions() -> str:
    return (f'<div class="calc-actions"><button type="button" class="md-button calc-reset" disabled>'
            f'{html.escape(_t("Reset to defaults"))}</button><button type="button" class="md-button calc-copy" disabled>'
            f'{html.escape(_t("Copy link"))}</button><span class="calc-copy-note" aria-live="polite">'
            f'{html.escape(_t("The link holds these inputs."))}</span></div>')


def _names(calc: Calculator, text: str, option: str) -> list[str]:
    names = [n for n in text.split(",") if n]
    known = [p.name for p in calc.params]
    for n in names:
        if n not in known:
            raise BuildError(f"[[calc:{calc.name}]]: {option}={n} is not a parameter; known: {', '.join(known)}")
    return names


def _json(data: Any) -> str:
    return json.dumps(data, allow_nan=False, separators=(",", ":"))


def _form(calc: Calculator, inputs: Mapping[str, Value], wid: str, fixed: list[str], hidden: list[str]) -> str:
    shown = [p for p in calc.params if p.name not in hidden]
    for p in shown:
        if p.applies and p.applies[0] not in inputs:
            raise BuildError(f"calculator {calc.name}: {p.name} applies by {p.applies[0]}, which is not a parameter")
    main = "".join(_field(p, inputs, wid, p.name in fixed) for p in shown if not p.advanced)
    extra = "".join(_field(p, inputs, wid, p.name in fixed) for p in shown if p.advanced)
    if extra:
        extra = (f'<details class="calc-advanced"><summary>{html.escape(_t("Advanced: calibration and overrides"))}'
                 f'</summary>'
                 f'<div class="calc-form-grid">{extra}</div></details>')
    return (f'<form class="calc-form" method="dialog" aria-label="{_t("Inputs")}"><div class="calc-form-grid">{main}</div>{extra}'
            f'<p class="calc-error calc-form-error" role="alert" hidden></p></form>')


def _field(p: Param, inputs: Mapping[str, Value], wid: str, fixed: bool) -> str:
    """One labelled input; hidden while the inputs make it irrelevant (its ``applies`` rule)."""
    fid = f"{wid}-{p.name}"
    unit = f' <span class="calc-unit">({html.escape(p.unit)})</span>' if p.unit and not isinstance(p, Size) else ""
    # A list's allowed values are its options: only typed-in values state their rule.
    rule = "" if isinstance(p, Choice) else i18n.rule_text(p, LANG[0])
    help_text = " ".join(t for t in (p.help, _t("Allowed: {rule}.").format(rule=rule) if rule else "") if t)
    label = f'<label for="{fid}">{html.escape(p.label)}{unit}</label>'
    control = _control(p, inputs[p.name], fid, fixed)
    tap = html.escape(_t("Tap or click to read it all"), quote=True)
    help_html = f'<span class="calc-help" id="{fid}-help" title="{tap}">{html.escape(help_text)}</span>'

    error = f'<span class="calc-error" id="{fid}-error" role="alert" hidden></span>'
    hide = "" if p.applies_to(inputs) else " hidden"
    return f'<div class="calc-field" data-param="{p.name}"{hide}>{label}{control}{help_html}{error}</div>'


def _options(p: Choice, value: Value) -> str:
    """A list's options, those of one group (Choice.groups) under its heading."""
    html_parts, group = [], None
    for c in p.choices:
        if p.groups.get(c) != group:
            html_parts.append(("</optgroup>" if group is not None else "") +
                              (f'<optgroup label="{html.escape(p.groups[c], quote=True)}">' if c in p.groups else ""))
            group = p.groups.get(c)
        html_parts.append(f'<option value="{html.escape(c, quote=True)}"{" selected" if c == value else ""}>'
                          f"{html.escape(p.labels.get(c, c))}</option>")
    return "".join(html_parts) + ("</optgroup>" if group is not None else "")


def _control(p: Param, value: Value, fid: str, fixed: bool) -> str:
    common = (f'id="{fid}" name="{p.name}" aria-describedby="{fid}-help {fid}-error"'
              f'{" disabled" if fixed else ""}')
    if isinstance(p, Choice):
        return f"<select {common}>{_options(p, value)}</select>"
    if isinstance(p, Bool):
        return f'<input type="checkbox" {common}{" checked" if value else ""}>'
    if isinstance(p, Text) and p.multiline:
        return f'<textarea {common} rows="14" spellcheck="false">{html.escape(str(value))}</textarea>'
    bounds = ""
    if isinstance(p, Bounded) and not isinstance(p, Size):
        bounds = "".join(f' {k}="{p.show(v).replace(",", "")}"' for k, v in (("min", p.minimum), ("max", p.maximum))
                         if v is not None)
        kind = "number"
        step = ' step="1"' if p.kind == "int" else ' step="any"'
        return f'<input type="{kind}" inputmode="decimal"{bounds}{step} value="{html.escape(p.display(value))}" {common}>'
    return f'<input type="text" value="{html.escape(p.display(value))}" {common}>'


def _scripts(calc: Calculator) -> tuple[Path, ...]:
    """The browser scripts whose words a widget shows: the runtime, its charts, the worker, the view."""
    view = (texts.VIEWS / f"{calc.view}.js",) if calc.view else ()
    return (texts.JS / "runtime.js", texts.JS / "worker.js", *view)


def _outputs(calc: Calculator, result: Result, wid: str, shown: dict[str, Any]) -> str:
    rows = "".join(
        f'<tr data-output="{o.name}"><th scope="row">{html.escape(o.label)}</th>'
        f'<td class="calc-out{" calc-unit" if o.unit else ""}">{html.escape(shown["display"][o.name])}</td></tr>'
        for o in calc.outputs if isinstance(o, Scalar)
    )
    parts = [_folded(f'<table class="calc-outputs" aria-label="{_t("Results")}"><tbody>{rows}</tbody></table>',
                     sum(isinstance(o, Scalar) for o in calc.outputs))]
    for o in calc.outputs:
        if isinstance(o, Chart):
            svg = _chart_svgs(calc, o, _traces(result.outcome.charts[o.name], shown["charts"][o.name]), f"{wid}-{o.name}")
            parts.append(f'<figure class="calc-chart" data-chart="{o.name}"><div class="calc-plot" '
                         f'id="{wid}-{o.name}"><div class="calc-svg-scroll" {_scroll_label(o.title)}>{svg}</div></div><figcaption>{html.escape(o.title)}'
                         f'{": " + html.escape(o.description) if o.description else ""}</figcaption></figure>'
                         f"{_bar(o.name, SERIES)}")
        elif isinstance(o, Table):
            parts.append(_output_table(o, shown["tables"][o.name]))
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in shown["notes"])
    parts.append(f'<ul class="calc-notes">{notes}</ul>')
    return f'<div class="calc-results">{"".join(parts)}</div>'


def _output_table(out: Table, rows: list[Any]) -> str:
    """A table output; a folded one under a summary that counts its rows (widgets/js/runtime.js showTable
    counts them again for a live result)."""
    wrap = (f'<div class="calc-table-wrap" data-table-output="{out.name}" {_scroll_region(out)}>'
            f"{_table(out, rows)}</div>{_bar(out.name, TABLE)}")
    if not out.folded:
        return wrap
    summary = html.escape(_t("{title}: {count} rows").format(title=out.title, count=format_number(len(rows))))
    return f'<details class="calc-table-folded" data-folded="{out.name}"><summary>{summary}</summary>{wrap}</details>'


FOLDED_SCALARS = 30  # more figures than this (a report's, that its page quotes) fold under a summary


def _folded(table: str, count: int) -> str:
    """The table of scalar outputs, folded under a summary when it has more than FOLDED_SCALARS rows: a report's
    hundreds of figures (the accuracy report's 259, 7,800 px at 1366 px) would push its tables off the screen."""
    if count <= FOLDED_SCALARS:
        return table
    summary = html.escape(_t("All {count} figures of the report").format(count=count))
    return f'<details class="calc-outputs-folded"><summary>{summary}</summary>{table}</details>'


def _chart_svgs(calc: Calculator, chart: Chart, traces: list[Any], plot_id: str) -> str:
    """The wide build-time chart and its phone drawing (#11), which reuses the wide one's lines."""
    t, lines = texts.translator(LANG[0], _topic(calc)), f"{plot_id}-lines"
    return svg_chart(chart, traces, t, lines) + phone_chart(chart, traces, lines, t)


def _traces(traces: Any, shown: list[dict[str, Any]]) -> list[Any]:
    """The traces with the names the page's language gives them (calc.i18n.localize_result)."""
    return [dataclasses.replace(trace, name=named["name"]) for trace, named in zip(traces, shown)]


def _view(calc: Calculator, result: dict[str, Any]) -> str:
    """A custom view's build-time HTML from ``widgets/views/<view>.py``'s ``prerender``, in the page's
    language (its own words by ``widgets.texts``, the engine's data by calc.i18n.localize_result)."""
    if not calc.view:
        return ""
    try:
        module = importlib.import_module(f"widgets.views.{calc.view}")
    except ModuleNotFoundError:
        raise BuildError(f"calculator {calc.name} declares view {calc.view!r} but widgets/views/"
                         f"{calc.view}.py does not exist") from None
    return f'<div class="calc-view" data-view="{calc.view}">{module.prerender(result, texts.translator(LANG[0], _topic(calc)))}</div>'


def embed_page(name: str, stylesheets: list[str], scripts: list[str], home: str = "") -> str:
    """A page with one widget and no site chrome, for iframes. Paths are relative to it;
    ``home`` is the full page that explains the calculator, linked below the widget."""
    calc = get(name)
    back = (f'<p class="calc-embed-home"><a href="{html.escape(home)}" target="_blank" rel="noopener">'
            f"{html.escape(_t('Open the full page'))}</a></p>" if home else "")
    body = f"{_widget(calc, {}, [], [], calc.name, embed=True)}{back}"
    return embed_document(i18n.translate(calc.title, LANG[0]), calc.name, stylesheets, scripts, body)


def embed_document(title: str, embed: str, stylesheets: list[str], scripts: list[str], body: str) -> str:
    """An embed page's document, in the build's language. Its scripts (modules, so they run once the
    page is parsed) are in the head with ``blocking="render"``: the frame is first drawn as the link's
    ``show``, ``fix``, ``theme`` and values make it (embed.js), not as built and then rearranged under
    the reader's pointer. A browser without render-blocking draws it first as built, as before."""
    links = "".join(f'<link rel="stylesheet" href="{s}">' for s in stylesheets)
    tags = "".join(f'<script type="module" src="{s}" blocking="render"></script>' for s in scripts)
    return (f'<!doctype html><html lang="{"zh-Hans" if LANG[0] == "zh" else "en"}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">'
            f"<title>{html.escape(title)}</title>{links}{tags}</head>"
            f'<body class="calc-embed" data-embed="{html.escape(embed, quote=True)}"><main>{body}</main></body></html>')
