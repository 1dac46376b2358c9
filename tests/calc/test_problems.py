"""The problem kernel: seeding, checking, hints, messages, the JSON face, and a property over
every declared problem: the engine's own answer is accepted for many seeds."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calc.errors import ValidationError
from calc.problems import MAX_SEED, all_problems, get_problem, pages, request_json

TOPIC_PAGES = ("scale-out", "scale-up", "do-the-math", "designing-the-fabric", "troubleshooting-ecmp",
               "tuning-pfc-ecn", "monitoring")


def test_every_topic_page_has_at_least_three_problems_from_simple_to_design() -> None:
    found = pages()
    assert all(len(found[page]) >= 3 for page in TOPIC_PAGES)
    assert {p.level for p in all_problems()} == {"basic", "design"}


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others() -> None:
    p = get_problem("checkpoint-transfer")
    assert p.make(7).values == p.make(7).values
    assert len({tuple(p.make(s).values.items()) for s in range(20)}) > 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, MAX_SEED), index=st.integers(0, 20))
def test_the_engines_own_answer_is_accepted(seed: int, index: int) -> None:
    p = all_problems()[index % len(all_problems())]
    instance = p.make(seed)
    assert p.check(seed, instance.answer_text).correct
    assert instance.solution()[-1] == f"Answer: {instance.answer_text}"


def test_a_right_answer_in_another_unit_of_the_same_dimension_is_accepted() -> None:
    p = get_problem("gpu-scaleout-bidirectional")  # seed 1: 2 NICs of 800G, both ways: 400 GB/s
    assert p.check(1, "3.2 Tb/s").correct
    assert p.check(1, "400 GB/s").message == "Correct: 400 GB/s"


def test_a_wrong_answer_gets_the_hint_that_matches_the_mistake_not_the_solution() -> None:
    p = get_problem("nic-bytes")  # seed 1: 100 Gb/s -> 12.5 GB/s
    bits = p.check(1, "100 GB/s")
    assert (bits.correct, bits.kind, bits.message) == (False, "wrong", "Not quite: try again, or ask for a hint.")
    assert bits.hint == "A byte is 8 bits: a rate in Gb/s is 8 times the same rate in GB/s."
    other = p.check(1, "13.9 GB/s", attempt=2)
    assert other.hint == "Network line rates are quoted in bits per second; convert to bytes."
    assert "12.5" not in (other.hint or "")


def test_per_direction_against_both_ways_is_named() -> None:
    p = get_problem("gpu-scaleout-bidirectional")
    assert p.check(1, "200 GB/s").hint == get_problem("nvlink-per-direction").hints[0].text


def test_a_unit_the_question_does_not_allow_is_refused_with_its_name() -> None:
    check = get_problem("nic-bytes").check(1, "100 Gb/s")
    assert (check.correct, check.kind) == (False, "unreadable")
    assert check.message == "The question asks for the answer in GB/s or GBps: got Gb/s."


def test_general_hints_come_in_order_and_the_last_repeats() -> None:
    p = get_problem("domain-allreduce-time")
    assert [p.hint(n) for n in (1, 2, 3)] == [p.hints[0].text, p.hints[1].text, p.hints[1].text]


@pytest.mark.parametrize(("seed", "message"), [
    ("-1", "seed must be a whole number from 0 to 2147483647: got '-1'"),
    ("2147483648", "seed must be a whole number from 0 to 2147483647: got '2147483648'"),
    ("abc", "seed must be a whole number from 0 to 2147483647: got 'abc'"),
    (True, "seed must be a whole number from 0 to 2147483647: got 'True'"),
])
def test_bad_seeds_are_refused(seed: object, message: str) -> None:
    with pytest.raises(ValidationError) as caught:
        get_problem("nic-bytes").make(seed)
    assert (caught.value.field, caught.value.message) == ("seed", message)


def test_an_unknown_problem_lists_the_known_ones() -> None:
    with pytest.raises(ValidationError) as caught:
        get_problem("nope")
    assert caught.value.message.startswith("unknown problem 'nope'; known: busbw-from-algbw, checkpoint-transfer")


def test_the_json_face_makes_checks_hints_and_solutions() -> None:
    made = json.loads(request_json('{"action": "make", "problem": "nic-bytes", "seed": 1}'))["result"]
    assert made["statement"].startswith("A RoCE NIC runs at 100 Gb/s.") and "answer" not in made
    checked = json.loads(request_json('{"action": "check", "problem": "nic-bytes", "seed": 1, "answer": "12.5 GB/s"}'))
    assert checked == {"result": {"correct": True, "kind": "correct", "message": "Correct: 12.5 GB/s", "hint": None}}
    hint = json.loads(request_json('{"action": "hint", "problem": "nic-bytes", "seed": 1, "number": 1}'))
    assert hint == {"result": {"hint": "Network line rates are quoted in bits per second; convert to bytes."}}
    solved = json.loads(request_json('{"action": "solution", "problem": "nic-bytes", "seed": 1}'))["result"]
    assert solved["solution"] == ["GB/s = Gb/s ÷ 8 bits per byte = 100 ÷ 8 = 12.5 GB/s", "Answer: 12.5 GB/s"]


@pytest.mark.parametrize(("request_text", "error"), [
    ("[]", {"field": None, "message": "a problem request must be a JSON object"}),
    ("{oops", {"field": None, "message": "a problem request must be JSON: got '{oops'"}),
    ('{"action": "run", "problem": "nic-bytes"}',
     {"field": "action", "message": "action must be make, check, hint or solution: got 'run'"}),
    ('{"action": "hint", "problem": "nic-bytes", "number": "x"}',
     {"field": "number", "message": "number must be a whole number from 1 to 1000: got 'x'"}),
    ('{"action": "check", "problem": "nic-bytes", "attempt": 0}',
     {"field": "attempt", "message": "attempt must be a whole number from 1 to 1000: got '0'"}),
])
def test_bad_requests_get_an_error_reply(request_text: str, error: dict[str, object]) -> None:
    assert json.loads(request_json(request_text)) == {"error": error}


def test_declaration_mistakes_are_caught_when_the_module_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    from calc import problems as module
    from calc.problems import Hint, Ints, Worked, problem

    module.all_problems()  # discovered first, so restoring the registry keeps every real problem
    monkeypatch.setattr(module, "_PROBLEMS", dict(module._PROBLEMS))  # the test's declarations leave no trace

    def solve(*, n: int) -> Worked:
        return Worked(float("nan") if n else 1.0, ())

    with pytest.raises(TypeError, match="problem bad: needs at least one general hint"):
        problem(name="bad", page="x", title="t", statement="{n}", draws=(Ints("n", 0, 1),), unit="",
                hints=(Hint("only for a factor", factors=(2,)),))(solve)
    with pytest.raises(ValueError, match="unit 'furlongs' is not a known answer unit"):
        problem(name="bad", page="x", title="t", statement="{n}", draws=(Ints("n", 0, 1),), unit="furlongs",
                hints=(Hint("h"),))(solve)
    declared = problem(name="nan-test", page="x", title="t", statement="{n}", draws=(Ints("n", 1, 1),), unit="",
                       hints=(Hint("h"),))(solve)
    with pytest.raises(ArithmeticError, match="problem nan-test: seed 3 gives a non-finite answer"):
        declared.make(3)
    with pytest.raises(ValueError, match="problem 'nic-bytes' is declared twice"):
        problem(name="nic-bytes", page="x", title="t", statement="{n}", draws=(Ints("n", 0, 1),), unit="",
                hints=(Hint("h"),))(solve)


@settings(max_examples=200, deadline=None)
@given(answer=st.text(max_size=80), request=st.text(max_size=80))
def test_hostile_answers_and_requests_get_a_verdict_or_an_error_never_a_traceback(answer: str, request: str) -> None:
    check = get_problem("pfc-headroom").check(3, answer)
    assert check.kind in ("correct", "wrong", "unreadable") and check.message
    reply = json.loads(request_json(request))
    assert set(reply) in ({"result"}, {"error"})
    checked = json.loads(request_json(json.dumps({"action": "check", "problem": "nic-bytes", "answer": answer})))
    assert checked["result"]["kind"] in ("correct", "wrong", "unreadable")
