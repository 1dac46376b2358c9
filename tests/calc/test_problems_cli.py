"""``python -m calc problems``: list, make as text and JSON, and every error."""

from __future__ import annotations

import json

import pytest

from calc.cli import main
from calc.problems import all_problems, get_problem


def test_list_names_every_problem_with_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["problems", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(all_problems())
    assert lines[0].split() == ["leaf-down-ports", "designing-the-fabric", "basic", "Splitting", "a", "leaf's", "ports"]


def test_make_prints_statement_answer_and_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["problems", "make", "nic-bytes", "--seed", "1"]) == 0
    assert capsys.readouterr().out == (
        "nic-bytes (seed 1, page scale-out): Bits or bytes\n\n"
        "A RoCE NIC runs at 100 Gb/s. How many gigabytes per second can it send in one direction? Answer in GB/s.\n\n"
        "answer: 12.5 GB/s (within 1.0%; accepted units: GB/s, GBps)\n\n"
        "solution:\n  GB/s = Gb/s ÷ 8 bits per byte = 100 ÷ 8 = 12.5 GB/s\n")


def test_make_json_is_the_instance_with_its_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["problems", "make", "kmax-for-incast", "--seed=7", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == get_problem("kmax-for-incast").make(7).to_json()


@pytest.mark.parametrize(("args", "message"), [
    (["problems", "make", "nic-bytes", "--seed", "x"], "error: seed must be a whole number from 0 to 2147483647: got 'x'"),
    (["problems", "make", "nic-bytes", "--sed", "1"], "error: problems make takes --seed N and --json: got '--sed'"),
    (["problems", "make", "nope"], "error: unknown problem 'nope'; known: "),
    (["problems"], "error: usage:\n       python -m calc problems list\n"),
])
def test_errors_exit_2_with_a_message(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.startswith(message)
