"""Translations of every declared text: one declaration, two renderings (English and Chinese).

A message catalogue is a module ``calc/zh.py`` (the kernel's own words: rules, error
templates, CLI words) or ``calc/<topic>/zh.py`` (a topic's calculator texts), holding
``MESSAGES: dict[str, str]`` that maps the exact English text to its Chinese text. The
declarations stay in English; :func:`localize` gives a copy of a calculator whose texts are
looked up, so the CLI, the form, the pre-render and the worker render it unchanged. Values,
units and identifiers are never translated: the numbers are the same in both languages. An
output declared to show names (``Scalar.names``, ``Column.names``: hosts, files, published
runs, metrics, products) is kept as it is, even where a catalogue has the same text.

Catalogues are never merged. A text is looked up topic first: the catalogue of the
calculator's topic package, then the kernel's, then the other topics' (for a note another
topic's model words), so one English text may read differently per topic ("Goodput" is a rate
of useful bytes in congestion and a share of training time in reliability). A model that words
text itself (configuration comments) takes a keyword ``lang``, which :func:`localize` binds.

A text with no entry stays English (and ``tests/calc/test_i18n.py`` fails for it).
Standard library only, so it runs in Pyodide.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from calc.errors import ValidationError
from calc.outputs import Chart, Output, Scalar, Table
from calc.params import Bounded, Choice, Param
from calc.registry import Calculator, get

__all__ = ["LANGUAGES", "KERNEL", "check_lang", "catalogue", "topic_of", "translate", "lookup", "localize", "for_readers",
           "message", "localize_result", "display_text", "table_rows", "declared_texts", "translator", "rule_text"]

LANGUAGES = ("en", "zh")
KERNEL = ""
"""The kernel's own catalogue (``calc/<lang>.py``), as a topic name."""


def check_lang(lang: str) -> str:
    """``lang`` if known, else a ValidationError naming the known ones."""
    if lang not in LANGUAGES:
        raise ValidationError("lang", f"lang must be one of {', '.join(LANGUAGES)}: got {lang!r}")
    return lang


@functools.cache
def catalogue(lang: str, topic: str = KERNEL) -> Mapping[str, str]:
    """One catalogue's ``MESSAGES``: the kernel's ``calc/<lang>.py`` or ``calc/<topic>/<lang>.py``
    (empty where there is none). Catalogues are never merged: a topic's entry for an English
    text may differ from another topic's (see :func:`translate`)."""
    if lang == "en":
        return {}
    module = f"calc.{topic}.{lang}" if topic else f"calc.{lang}"
    if importlib.util.find_spec(module) is None:
        return {}
    return dict(getattr(importlib.import_module(module), "MESSAGES", {}))


@functools.cache
def _topics(lang: str) -> tuple[str, ...]:
    """The topic packages that have a ``lang`` catalogue, by name."""
    import calc

    return tuple(info.name.split(".")[1] for info in pkgutil.iter_modules(calc.__path__, "calc.")
                 if info.ispkg and importlib.util.find_spec(f"{info.name}.{lang}") is not None)


def topic_of(module: str) -> str:
    """The topic of a module of the engine (``calc.fabric.sizing`` -> ``fabric``); the kernel's
    modules (``calc.cli``) and anything outside ``calc`` give :data:`KERNEL`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "calc" else KERNEL


def _chain(lang: str, topic: str | None) -> tuple[str, ...]:
    """The catalogues a text is looked up in, in order: the topic's, the kernel's, then the
    other topics' (a note that a model of another topic words). Without a topic (a page's own
    words): the kernel's, then every topic's."""
    first = (topic, KERNEL) if topic else (KERNEL,)
    return first + tuple(t for t in _topics(lang) if t not in first)


def lookup(text: str, lang: str, topic: str = KERNEL) -> str | None:
    """The entry for ``text`` in ``topic``'s catalogue, else in the kernel's; None if neither
    has one (for the completeness tests: no template, no other topic)."""
    for name in dict.fromkeys((topic, KERNEL)):
        found = catalogue(lang, name).get(text)
        if found is not None:
            return found
    return None


def translate(text: str, lang: str, topic: str | None = None, _depth: int = 0) -> str:
    """``text`` in ``lang``, topic first: ``topic``'s catalogue (the calculator's topic package),
    then the kernel's, then the other topics'; the English text where none has an entry.

    A text the models format (``f"after {minutes} min"``) is found by the catalogue's
    template for it (``"after {minutes} min"``): the values are kept, and each is itself
    translated where the catalogue knows it (a state such as ``firing``).
    """
    if lang == "en" or not text:
        return text
    chain = _chain(lang, topic)
    for name in chain:
        found = catalogue(lang, name).get(text)
        if found is not None:
            return found
    if _depth < 2:
        groups = (chain[:1], chain[1:]) if topic else (chain,)
        for pattern, chinese, longest in (entry for group in groups for entry in _templates(lang, group)):
            match = pattern.fullmatch(text) if longest in text else None  # the substring test is the cheap one
            if match:
                values = {k: translate(v, lang, topic, _depth + 1) for k, v in match.groupdict().items()}
                return chinese.format(**values)
    return text


_FIELD = re.compile(r"\{(\w+)\}")


@functools.cache
def _templates(lang: str, topics: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], str, str], ...]:
    """The catalogues' entries with ``{name}`` fields as patterns, most literal text first (so
    ``{low} to {high}`` is tried after every template that says more), each with its longest
    literal part (a text without it cannot match)."""
    found = []
    for english, chinese in (pair for topic in topics for pair in catalogue(lang, topic).items()):
        if _FIELD.search(english) and not {"{{", "}}"} & {english[i:i + 2] for i in range(len(english))}:
            longest = max(_FIELD.split(english)[::2], key=len)
            found.append((_pattern(english), chinese, len(_FIELD.sub("", english)), longest))
    found.sort(key=lambda t: -t[2])
    return tuple((p, c, longest) for p, c, _, longest in found if p is not None)


def _pattern(template: str) -> re.Pattern[str] | None:
    parts, seen, last = [], set(), 0
    for m in _FIELD.finditer(template):
        parts.append(re.escape(template[last:m.start()]))
        name = m.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = m.end()
    parts.append(re.escape(template[last:]))
    try:
        return re.compile("".join(parts), re.S)
    except re.error:
        return None


# ---- declarations ------------------------------------------------------------------------

def localize(calc: Calculator, lang: str) -> Calculator:
    """A copy of ``calc`` whose title, summary, labels, help, choices and outputs are in ``lang``,
    looked up in its topic's catalogue first. A model that renders text itself (a
    configuration file's comments) declares a keyword ``lang``: the copy runs it in ``lang``."""
    if lang == "en":
        return calc
    t = translator(lang, topic_of(calc.func.__module__))
    func = functools.update_wrapper(functools.partial(calc.func, lang=lang), calc.func) if calc.takes_lang \
        else calc.func
    return dataclasses.replace(
        calc, title=t(calc.title), summary=t(calc.summary),
        params=tuple(_param(p, t) for p in calc.params),
        outputs=tuple(_output(o, t) for o in calc.outputs), func=func,
    )


def translator(lang: str, topic: str | None = None) -> Callable[[str], str]:
    """``translate`` bound to ``lang`` and ``topic``."""
    return functools.partial(_translate_in, lang, topic)


def _translate_in(lang: str, topic: str | None, text: str) -> str:
    return translate(text, lang, topic)


def _param(p: Param, t: Callable[[str], str]) -> Param:
    changes: dict[str, Any] = {"label": t(p.label), "help": t(p.help)}
    if isinstance(p, Choice):
        changes["labels"] = {c: t(p.labels.get(c, c)) for c in p.choices}
        changes["groups"] = {c: t(g) for c, g in p.groups.items()}
    return dataclasses.replace(p, **changes)


def _output(o: Output, t: Callable[[str], str]) -> Output:
    if isinstance(o, Scalar):
        return dataclasses.replace(o, label=t(o.label), description=t(o.description))
    if isinstance(o, Chart):
        return dataclasses.replace(o, title=t(o.title), x_label=t(o.x_label), y_label=t(o.y_label),
                                   description=t(o.description))
    columns = tuple(dataclasses.replace(c, label=t(c.label)) for c in o.columns)
    return dataclasses.replace(o, title=t(o.title), columns=columns, description=t(o.description))


def rule_text(p: Param, lang: str) -> str:
    """The allowed range or choices as the form's help shows them."""
    if lang == "en" or not isinstance(p, Bounded) or p.minimum is None or p.maximum is None:
        return p.describe_rule()
    return translate("{low} to {high}", lang, KERNEL).format(low=p.show(p.minimum), high=p.show(p.maximum))


# ---- results and errors --------------------------------------------------------------------

def localize_result(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """A result's JSON with its notes, text cells, trace names and view data (the calculator's
    ``localize_data``) in ``lang`` (its calculator's topic first); numbers and names untouched."""
    if lang == "en":
        return data
    calc = _calculator(data.get("calculator"))
    t = translator(lang, topic_of(calc.func.__module__) if calc else None)
    charts = {k: [_trace(trace, t) for trace in v] for k, v in data["charts"].items()}
    tables = {k: table_rows(calc, k, rows, lang) for k, rows in data["tables"].items()}
    display = {k: display_text(calc, k, v, lang) for k, v in data.get("display", {}).items()}
    return {**data, "display": display, "charts": charts, "tables": tables, "notes": [t(n) for n in data["notes"]],
            **_view_data(data, lang)}


def display_text(calc: Calculator | None, output: str, text: str, lang: str) -> str:
    """A scalar's display string in ``lang``, as the page, the pre-render and the command line show it: a
    catalogued word ("yes", "all clear") translated; a number with its unit, or a name (Scalar.names), kept."""
    if calc is None:
        return translate(text, lang)
    out = calc.output(output)
    if isinstance(out, Scalar) and out.names:
        return text
    return translate(text, lang, topic_of(calc.func.__module__))


def table_rows(calc: Calculator | None, table: str, rows: Any, lang: str) -> list[list[Any]]:
    """A table's rows in ``lang``: texts looked up (a state, a verdict) but in the columns of names
    (Column.names); numbers kept."""
    out = calc.output(table) if calc else None
    kept = {i for i, c in enumerate(out.columns) if c.names} if isinstance(out, Table) else set()
    topic = topic_of(calc.func.__module__) if calc else None
    return [[translate(v, lang, topic) if isinstance(v, str) and i not in kept else v for i, v in enumerate(row)]
            for row in rows]


def _calculator(name: object) -> Calculator | None:
    """The calculator called ``name``, None if there is none by that name."""
    try:
        return get(str(name))
    except ValidationError:
        return None


def _trace(trace: dict[str, Any], t: Callable[[str], str]) -> dict[str, Any]:
    """A chart line's name and hover texts (plotly's ``text``) in ``t``'s language."""
    hover = {"text": [t(s) for s in trace["text"]]} if trace.get("text") else {}
    return {**trace, "name": t(trace["name"]), **hover}


def _view_data(data: dict[str, Any], lang: str) -> dict[str, Any]:
    localize_data = get(data["calculator"]).localize_data if "calculator" in data else None
    return {"data": localize_data(data["data"], lang)} if localize_data else {}


def message(exc: ValidationError, lang: str, topic: str | None = None) -> str:
    """The error's message in ``lang``: ``<label> <rule>：收到 <value>`` where the error carries
    its parts (every parameter rule does), else the catalogue's entry for the whole message.
    ``topic``: the calculator's, whose catalogue has its labels."""
    if lang == "en":
        return exc.message
    if exc.rule is None:
        return translate(exc.message, lang, topic)
    rule = translate(exc.rule, lang, KERNEL).format(**exc.rule_args)
    template = translate("{label} must {rule}: got {value}", lang, KERNEL)
    return template.format(label=translate(exc.label or exc.field or "", lang, topic), rule=rule, value=exc.got)


def for_readers(exc: ValidationError, calc: Calculator, lang: str) -> str:
    """The error's message in ``lang`` as a page shows it: each parameter it names (its field and its
    ``mentions``) by its label in ``lang``, as the form shows them; a quoted value is kept as received."""
    topic = topic_of(calc.func.__module__)
    text = message(exc, lang, topic)
    named = [p for p in calc.params if p.name == exc.field or p.name in exc.mentions]
    if not named:
        return text
    labels = {p.name: translate(p.label, lang, topic) for p in named}
    pattern = _names_pattern(tuple(sorted(labels, key=len, reverse=True)))
    return pattern.sub(lambda m: m.group(1) or labels[m.group(2)], text)


@functools.cache
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """A quoted value (kept; an apostrophe inside a word opens none), or one of ``names`` as a whole word: not
    inside an identifier, a file name or a hyphenated word."""
    words = "|".join(re.escape(n) for n in names)
    return re.compile(rf"((?<!\w)'[^']*'(?!\w))|(?<![\w.-])({words})(?![\w-]|\.\w)")


# ---- completeness ---------------------------------------------------------------------------

def declared_texts(calc: Calculator) -> Iterator[str]:
    """Every text a reader sees that ``calc``'s declaration holds (for the completeness test)."""
    yield from (calc.title, calc.summary)
    for p in calc.params:
        yield from (p.label, p.help)
        if isinstance(p, Choice):
            yield from (p.labels.get(c, c) for c in p.choices if c in p.labels)
            yield from set(p.groups.values())
    for o in calc.outputs:
        if isinstance(o, Scalar):
            yield from (o.label, o.description)
        elif isinstance(o, Chart):
            yield from (o.title, o.x_label, o.y_label, o.description)
        elif isinstance(o, Table):
            yield from (o.title, o.description, *(c.label for c in o.columns))
