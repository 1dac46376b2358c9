"""calc.jsonapi: every input gives {result} or {error: {field, message}}, fatal failures marked."""

import json
import re

import pytest

from calc import i18n, jsonapi
from calc.jsonapi import errors_json, run_json
from calc.registry import Calculator, all_calculators, get
from tests.support.tried import tried_inputs


@pytest.mark.parametrize(("params", "field", "message"), [
    ("[1]", None, "parameters must be a JSON object: got [1]"),
    ("nope", None, "parameters must be a JSON object: Expecting value: line 1 column 1 (char 0)"),
    ('{"gpus": NaN}', "gpus", "GPUs must be a finite number: got nan"),
    ('{"gpus": -Infinity}', "gpus", "GPUs must be a finite number: got -inf"),
    ('{"gpus": 1e999}', "gpus", "GPUs must be a finite number: got inf"),
    ('{"gpus": ' + "9" * 400 + "}", None,
     "parameters must be a JSON object: an integer of 400 digits is too long (at most 300)"),
    ("[" * 100_000, None, "parameters must be a JSON object: nested too deeply"),
    ('{"gpus": [' + "1," * 100 + "1]}", "gpus", "GPUs must be an integer: got [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                                                "1, 1, 1, 1, 1, 1, 1, 1, 1,… (303 characters)"),
    ('{"op": "\\ud800"}', "op", "Operation must be one of allreduce, allgather, reducescatter, alltoall, broadcast: "
                                "got '\\ud800'"),
])
def test_hostile_json_gives_a_clean_error(params: str, field: str | None, message: str) -> None:
    assert json.loads(run_json("collective", params)) == {"error": {"field": field, "message": message}}


def test_a_model_failure_is_a_clean_error_not_an_exception(monkeypatch) -> None:
    def broken(name: str) -> object:
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(jsonapi, "get", broken)
    assert json.loads(run_json("collective", "{}")) == {"error": {
        "field": None, "message": "internal error in collective: ZeroDivisionError: float division by zero"}}


@pytest.mark.parametrize("exc", [MemoryError, RecursionError])
def test_memory_and_recursion_failures_are_marked_fatal(monkeypatch, exc: type[BaseException]) -> None:
    def broken(name: str) -> object:
        raise exc()

    monkeypatch.setattr(jsonapi, "get", broken)
    assert json.loads(run_json("topology", "{}")) == {"fatal": True, "error": {
        "field": None, "message": f"internal error in topology: {exc.__name__} (the engine restarts)"}}


def test_a_run_with_two_bad_fields_reports_the_first() -> None:
    reply = json.loads(run_json("collective", json.dumps({"gpus": "1", "bandwidth_GBps": "0"})))
    assert reply == {"error": {"field": "gpus", "message": "GPUs must be between 2 and 131072: got 1"}}


def test_every_bad_field_is_reported_at_once() -> None:
    errors = json.loads(errors_json("collective", json.dumps({"gpus": "1", "op": "allreduce", "bandwidth_GBps": "0",
                                                              "size": "1"})))
    assert errors == [
        {"field": "gpus", "message": "GPUs must be between 2 and 131072: got 1"},
        {"field": "bandwidth_GBps", "message": "Bandwidth per GPU, per direction must be between 0.1 and 100000: got 0"},
        {"field": "size", "message": "unknown parameter 'size' for collective"},
    ]


def test_fields_valid_on_their_own_report_nothing() -> None:
    assert json.loads(errors_json("collective", json.dumps({"gpus": "12", "system": "dgx_h100"}))) == []


def _left_names(calc: Calculator, message: str, lang: str) -> set[str]:
    """The parameter names a reader's message still shows as such (whole words, outside quoted values and the
    labels themselves: 'Uplinks (equal-cost paths)')."""
    text = re.sub(r"(?<!\w)'[^']*'(?!\w)", " ", message)
    for label in sorted((i18n.translate(p.label, lang, i18n.topic_of(calc.func.__module__)) for p in calc.params),
                        key=len, reverse=True):
        text = text.replace(label, " ")
    return {p.name for p in calc.params if re.search(rf"(?<![\w.-]){re.escape(p.name)}(?![\w-]|\.\w)", text)}


@pytest.mark.parametrize("name", [c.name for c in all_calculators()])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_error_shows_every_parameter_it_names_by_its_label(name: str, lang: str) -> None:
    """On the defaults, every choice and both bounds of every parameter (the form shows labels, not the
    command line's names: ValidationError.mentions)."""
    calc = get(name)
    replies = [json.loads(jsonapi.run_json(name, json.dumps(p, default=float), lang)) for p in tried_inputs(calc)]
    messages = [r["error"]["message"] for r in replies if "error" in r]
    assert [(m, left) for m in messages if (left := _left_names(calc, m, lang))] == []
