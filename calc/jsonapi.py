"""A JSON-in, JSON-out face of the registry, for any host that speaks strings (the web worker).

Every reply is ``{"result": ...}`` or ``{"error": {"field": ..., "message": ...}}``, whatever the
input: bad JSON, NaN or Infinity, numbers too long to read, nesting too deep, a model that
fails. An error the host cannot recover from in the same interpreter (memory exhausted, the
recursion limit reached: the interpreter's state may be damaged) adds ``"fatal": true`` so the
host can restart it.
``lang`` ("en" or "zh") chooses the language of labels, notes and messages (calc.i18n); a message names
parameters by their labels, as the form shows them (calc.i18n.for_readers).
"""

from __future__ import annotations

import json
from typing import Any

from calc import i18n
from calc.errors import ValidationError, shorten
from calc.registry import get

__all__ = ["run_json", "errors_json", "MAX_DIGITS"]

MAX_DIGITS = 300
"""Digits of a JSON integer read; longer ones are refused rather than converted slowly."""


def run_json(name: str, params_json: str, lang: str = "en") -> str:
    """Run calculator ``name`` on the JSON object ``params_json``."""
    lang = lang if lang in i18n.LANGUAGES else "en"
    calc = None
    try:
        calc = get(name)
        result = i18n.localize(calc, lang).run(_params(params_json)).to_json()
        reply: dict[str, Any] = {"result": i18n.localize_result(result, lang)}
        return json.dumps(reply, allow_nan=False)
    except ValidationError as exc:
        return _error(exc.field, i18n.for_readers(exc, calc, lang) if calc else i18n.message(exc, lang))
    except (MemoryError, RecursionError) as exc:
        return _error(None, f"internal error in {name}: {type(exc).__name__} (the engine restarts)", fatal=True)
    except Exception as exc:  # a bug in a model must still give the page a clean reply
        return _error(None, f"internal error in {name}: {type(exc).__name__}: {shorten(str(exc), 200)}")


def _params(params_json: str) -> dict[str, object]:
    try:
        raw = json.loads(params_json, parse_int=_int)
    except RecursionError:
        raise ValidationError(None, "parameters must be a JSON object: nested too deeply") from None
    except ValueError as exc:
        raise ValidationError(None, f"parameters must be a JSON object: {exc}") from None
    if not isinstance(raw, dict):
        raise ValidationError(None, f"parameters must be a JSON object: got {shorten(params_json)}")
    return raw


def errors_json(name: str, params_json: str, lang: str = "en") -> str:
    """Every field's own error at once, ``[{"field", "message"}, ...]``, for a form that shows them
    together; rules between fields are checked only once each field is valid on its own."""
    lang = lang if lang in i18n.LANGUAGES else "en"
    calc = get(name)
    known = {p.name: p for p in calc.params}
    errors = []
    for field, value in _params(params_json).items():
        try:
            if field not in known:
                raise ValidationError(field, f"unknown parameter {field!r} for {name}")
            known[field].coerce(value)
        except ValidationError as exc:
            errors.append({"field": exc.field, "message": i18n.for_readers(exc, calc, lang)})
    return json.dumps(errors)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer of {len(text.lstrip('-'))} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _error(field: str | None, message: str, fatal: bool = False) -> str:
    reply: dict[str, Any] = {"error": {"field": field, "message": message}}
    if fatal:
        reply["fatal"] = True
    return json.dumps(reply)
