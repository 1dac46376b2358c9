"""Translations of every declared text: one declaration, two renderings (English and Chinese).

A message catalogue is a module ``calc/zh.py`` (the kernel's own words: rules, error
templates, CLI words) or ``calc/<topic>/zh.py`` (a topic's calculator texts), holding
``MESSAGES: dict[str, str]`` that maps the exact English text to its Chinese text. The
declarations stay in English; :func:`localize` gives a copy of a calculator whose texts are
looked up, so the CLI, the form, the pre-render and the worker render it unchanged. Values,
units and identifiers are never translated: the numbers are the same in both languages.

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
from calc.outputs import Chart, Column, Output, Scalar, Table
from calc.params import Bounded, Choice, Param
from calc.registry import Calculator

__all__ = ["LANGUAGES", "check_lang", "catalogue", "translate", "localize", "message",
           "localize_result", "declared_texts", "cell", "translator", "rule_text"]

LANGUAGES = ("en", "zh")


def check_lang(lang: str) -> str:
    """``lang`` if known, else a ValidationError naming the known ones."""
    if lang not in LANGUAGES:
        raise ValidationError("lang", f"lang must be one of {', '.join(LANGUAGES)}: got {lang!r}")
    return lang


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Every ``MESSAGES`` of ``calc/<lang>.py`` and ``calc/<topic>/<lang>.py``, merged."""
    if lang == "en":
        return {}
    import calc

    merged: dict[str, str] = {}
    for module in _catalogue_modules(calc.__path__, lang):
        merged.update(getattr(importlib.import_module(module), "MESSAGES", {}))
    return merged


def _catalogue_modules(path: Any, lang: str) -> Iterator[str]:
    if importlib.util.find_spec(f"calc.{lang}") is not None:
        yield f"calc.{lang}"
    for info in pkgutil.iter_modules(path, "calc."):
        if info.ispkg and importlib.util.find_spec(f"{info.name}.{lang}") is not None:
            yield f"{info.name}.{lang}"


def translate(text: str, lang: str, _depth: int = 0) -> str:
    """``text`` in ``lang``; the English text where the catalogue has no entry.

    A text the models format (``f"after {minutes} min"``) is found by the catalogue's
    template for it (``"after {minutes} min"``): the values are kept, and each is itself
    translated where the catalogue knows it (a state such as ``firing``).
    """
    if lang == "en" or not text:
        return text
    found = catalogue(lang).get(text)
    if found is not None:
        return found
    if _depth < 2:
        for pattern, chinese in _templates(lang):
            match = pattern.fullmatch(text)
            if match:
                values = {k: translate(v, lang, _depth + 1) for k, v in match.groupdict().items()}
                return chinese.format(**values)
    return text


_FIELD = re.compile(r"\{(\w+)\}")


@functools.cache
def _templates(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's entries with ``{name}`` fields as patterns, most literal text first."""
    found = []
    for english, chinese in catalogue(lang).items():
        if _FIELD.search(english) and not {"{{", "}}"} & {english[i:i + 2] for i in range(len(english))}:
            found.append((_pattern(english), chinese, len(_FIELD.sub("", english))))
    found.sort(key=lambda t: -t[2])
    return tuple((p, c) for p, c, _ in found if p is not None)


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
    """A copy of ``calc`` whose title, summary, labels, help, choices and outputs are in ``lang``."""
    if lang == "en":
        return calc
    t = translator(lang)
    return dataclasses.replace(
        calc, title=t(calc.title), summary=t(calc.summary),
        params=tuple(_param(p, lang) for p in calc.params),
        outputs=tuple(_output(o, lang) for o in calc.outputs),
    )


def translator(lang: str) -> Callable[[str], str]:
    """``translate`` bound to ``lang``."""
    return functools.partial(_translate_in, lang)


def _translate_in(lang: str, text: str) -> str:
    return translate(text, lang)


def _param(p: Param, lang: str) -> Param:
    t = translator(lang)
    changes: dict[str, Any] = {"label": t(p.label), "help": t(p.help)}
    if isinstance(p, Choice):
        changes["labels"] = {c: t(p.labels.get(c, c)) for c in p.choices}
    return dataclasses.replace(p, **changes)


def _output(o: Output, lang: str) -> Output:
    t = translator(lang)
    if isinstance(o, Scalar):
        return dataclasses.replace(o, label=t(o.label), description=t(o.description))
    if isinstance(o, Chart):
        return dataclasses.replace(o, title=t(o.title), x_label=t(o.x_label), y_label=t(o.y_label),
                                   description=t(o.description))
    columns = tuple(Column(c.name, t(c.label), c.unit) for c in o.columns)
    return dataclasses.replace(o, title=t(o.title), columns=columns, description=t(o.description))


def rule_text(p: Param, lang: str) -> str:
    """The allowed range or choices as the form's help shows them."""
    if lang == "en" or not isinstance(p, Bounded) or p.minimum is None or p.maximum is None:
        return p.describe_rule()
    return translate("{low} to {high}", lang).format(low=p.show(p.minimum), high=p.show(p.maximum))


# ---- results and errors --------------------------------------------------------------------

def localize_result(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """A result's JSON with its notes, text cells and trace names in ``lang``; numbers untouched."""
    if lang == "en":
        return data
    charts = {k: [{**trace, "name": translate(trace["name"], lang)} for trace in v]
              for k, v in data["charts"].items()}
    tables = {k: [[cell(v, lang) for v in row] for row in rows] for k, rows in data["tables"].items()}
    return {**data, "charts": charts, "tables": tables, "notes": [translate(n, lang) for n in data["notes"]]}


def cell(value: Any, lang: str) -> Any:
    """A table cell in ``lang``: text is looked up (a state, a verdict), numbers are kept."""
    return translate(value, lang) if isinstance(value, str) else value


def message(exc: ValidationError, lang: str) -> str:
    """The error's message in ``lang``: ``<label> <rule>：收到 <value>`` where the error carries
    its parts (every parameter rule does), else the catalogue's entry for the whole message."""
    if lang == "en":
        return exc.message
    if exc.rule is None:
        return translate(exc.message, lang)
    rule = translate(exc.rule, lang).format(**exc.rule_args)
    template = translate("{label} must {rule}: got {value}", lang)
    return template.format(label=translate(exc.label or exc.field or "", lang), rule=rule, value=exc.got)


# ---- completeness ---------------------------------------------------------------------------

def declared_texts(calc: Calculator) -> Iterator[str]:
    """Every text a reader sees that ``calc``'s declaration holds (for the completeness test)."""
    yield from (calc.title, calc.summary)
    for p in calc.params:
        yield from (p.label, p.help)
        if isinstance(p, Choice):
            yield from (p.labels.get(c, c) for c in p.choices if c in p.labels)
    for o in calc.outputs:
        if isinstance(o, Scalar):
            yield from (o.label, o.description)
        elif isinstance(o, Chart):
            yield from (o.title, o.x_label, o.y_label, o.description)
        elif isinstance(o, Table):
            yield from (o.title, o.description, *(c.label for c in o.columns))
