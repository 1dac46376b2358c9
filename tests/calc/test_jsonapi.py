"""calc.jsonapi: every input gives {result} or {error: {field, message}}, fatal failures marked."""

import json

import pytest

from calc import jsonapi
from calc.jsonapi import errors_json, run_json


@pytest.mark.parametrize(("params", "field", "message"), [
    ("[1]", None, "parameters must be a JSON object: got [1]"),
    ("nope", None, "parameters must be a JSON object: Expecting value: line 1 column 1 (char 0)"),
    ('{"gpus": NaN}', "gpus", "gpus must be a finite number: got nan"),
    ('{"gpus": -Infinity}', "gpus", "gpus must be a finite number: got -inf"),
    ('{"gpus": 1e999}', "gpus", "gpus must be a finite number: got inf"),
    ('{"gpus": ' + "9" * 400 + "}", None,
     "parameters must be a JSON object: an integer of 400 digits is too long (at most 300)"),
    ("[" * 100_000, None, "parameters must be a JSON object: nested too deeply"),
    ('{"gpus": [' + "1," * 100 + "1]}", "gpus", "gpus must be an integer: got [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
                                                "1, 1, 1, 1, 1, 1, 1, 1, 1,… (303 characters)"),
    ('{"op": "\\ud800"}', "op", "op must be one of allreduce, allgather, reducescatter, alltoall, broadcast: "
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
    assert reply == {"error": {"field": "gpus", "message": "gpus must be between 2 and 131072: got 1"}}


def test_every_bad_field_is_reported_at_once() -> None:
    errors = json.loads(errors_json("collective", json.dumps({"gpus": "1", "op": "allreduce", "bandwidth_GBps": "0",
                                                              "size": "1"})))
    assert errors == [
        {"field": "gpus", "message": "gpus must be between 2 and 131072: got 1"},
        {"field": "bandwidth_GBps", "message": "bandwidth_GBps must be between 0.1 and 100000: got 0"},
        {"field": "size", "message": "unknown parameter 'size' for collective"},
    ]


def test_fields_valid_on_their_own_report_nothing() -> None:
    assert json.loads(errors_json("collective", json.dumps({"gpus": "12", "system": "dgx_h100"}))) == []
