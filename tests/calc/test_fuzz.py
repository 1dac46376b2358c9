"""Hostile input, property-based: every calculator through the CLI's parsing and the JSON API.

For any values and shapes (numbers at and beyond the bounds, NaN and infinities, huge integers,
other digit systems, long and odd text, lists and objects, unknown and repeated flags) the only
failure is the one validation error (exit 2 with one ``error:`` line, or the ``{error}`` reply),
every run is bounded in time, and every result is finite. Examples are few per calculator (the
suite stays lean); the seed is derandomized so a failure reproduces.
"""

from __future__ import annotations

import io
import json
import math
import time
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calc.cli import main
from calc.jsonapi import run_json
from calc.params import Bool, Bounded, Choice, Param, Size, Text
from calc.registry import Calculator, all_calculators

SECONDS = 5.0  # CPU seconds of this thread any one run may take (the worst allowed runs take about 1 s); a
# thread another test file left running in the same worker (a server) would count in process_time, not here
CALCULATORS = [c for c in all_calculators() if c.params]
FUZZ = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

hostile_text = st.sampled_from([
    "", " ", "nan", "-inf", "Infinity", "1e999", "-1e-320", "0x10", "1_0", "\uff11\uff10", "\u0661\u0660",
    "9" * 400, "1" * 5000, "\ud800", "a\x00b", "x" * 300, "true", "[1]", "{}", "--json", "-1", "0", "1e308",
    "4.9e-324", "1.5", "1KiB", "1 TiB", "99999999TiB", "🙂",
])
extremes = st.sampled_from([5e-324, 1e-320, 1e-300, 1e-12, 1e300, 1.7976931348623157e308, -0.0, 2**53 + 1])
hostile = st.one_of(
    extremes,
    hostile_text,
    st.text(max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**400, -(10**400), 2**63, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def near_bounds(p: Param) -> st.SearchStrategy[Any]:
    """Values a reader may legitimately type, at and next to the declared bounds."""
    if isinstance(p, Choice):
        return st.sampled_from(p.choices)
    if isinstance(p, Bool):
        return st.booleans()
    if isinstance(p, Text):
        return st.just(p.default)
    assert isinstance(p, Bounded)
    values = [v for v in (p.minimum, p.maximum, p.default) if v is not None]
    if isinstance(p, Size) or p.kind == "int":
        return st.sampled_from([int(v) for v in values])
    return st.sampled_from(values)


def raw_params(calc: Calculator) -> st.SearchStrategy[dict[str, Any]]:
    fields = {p.name: st.one_of(near_bounds(p), extremes, hostile) for p in calc.params}
    return st.fixed_dictionaries({}, optional=fields)


def _finite(value: object) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def _cli_text(value: object) -> str:
    return json.dumps(value) if isinstance(value, (list, dict)) else str(value).lower() if isinstance(
        value, bool) else str(value)


@pytest.mark.parametrize("calc", CALCULATORS, ids=lambda c: c.name)
def test_the_json_api_answers_every_input_with_a_result_or_a_validation_error(calc: Calculator) -> None:
    @FUZZ
    @given(raw_params(calc))
    def check(raw: dict[str, Any]) -> None:
        start = time.thread_time()
        reply = json.loads(run_json(calc.name, json.dumps(raw)))
        assert time.thread_time() - start < SECONDS
        assert set(reply) in ({"result"}, {"error"}), reply
        if "error" in reply:
            assert set(reply["error"]) == {"field", "message"}
            assert reply["error"]["field"] in (None, *[p.name for p in calc.params])
            assert not reply["error"]["message"].startswith("internal error"), reply
            assert len(reply["error"]["message"]) < 400
        else:
            assert _finite(reply["result"])

    check()


@pytest.mark.parametrize("calc", CALCULATORS, ids=lambda c: c.name)
def test_the_cli_exits_0_or_2_with_one_error_line(calc: Calculator) -> None:
    @FUZZ
    @given(raw_params(calc), st.booleans())
    def check(raw: dict[str, Any], repeat: bool) -> None:
        args = ["run", calc.name]
        for name, value in raw.items():
            args += [f"--{name}", _cli_text(value)]
        if repeat and raw:
            args += [f"--{next(iter(raw))}", "1"]
        out, err = io.StringIO(), io.StringIO()
        start = time.thread_time()
        with redirect_stdout(out), redirect_stderr(err):
            code = main([*args, "--json"])
        assert time.thread_time() - start < SECONDS
        assert code in (0, 2), err.getvalue()
        if code == 2:
            lines = err.getvalue().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: ") and out.getvalue() == "", lines
        else:
            assert _finite(json.loads(out.getvalue()))

    check()


def test_unknown_calculators_and_parameters_are_validation_errors() -> None:
    assert json.loads(run_json("nope", "{}"))["error"]["message"].startswith("unknown calculator 'nope'; known: ")
    assert json.loads(run_json("ecmp", '{"x" : 1}'))["error"] == {
        "field": "x", "message": "unknown parameter 'x' for ecmp; known: flows, paths, qps_per_flow, hash, hash_seed, "
                                 "selection, buckets, balancing, flowlets, reorder_cost, tiers, trials, seed"}


CORNERS = [5e-324, 1e-300, 1e300, 1.7976931348623157e308, 10**400, "9" * 400, "nan", "1e999", "\ud800", "x" * 500]


@pytest.mark.parametrize("calc", CALCULATORS, ids=lambda c: c.name)
def test_every_parameter_alone_at_every_corner(calc: Calculator) -> None:
    """Deterministic complement of the random search: each parameter alone at each numeric corner."""
    for p in calc.params:
        for corner in CORNERS:
            start = time.thread_time()
            reply = json.loads(run_json(calc.name, json.dumps({p.name: corner})))
            assert time.thread_time() - start < SECONDS, (p.name, corner)
            assert "result" in reply or not reply["error"]["message"].startswith("internal error"), (p.name, reply)
            assert "result" not in reply or _finite(reply["result"])
