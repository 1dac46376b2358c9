"""Reading answers with units: every conversion rule and every message."""

from __future__ import annotations

import pytest

from calc.answers import AnswerError, read_answer, to_unit


@pytest.mark.parametrize(("text", "unit", "expected"), [
    ("50 GB/s", "GB/s", 50.0),
    ("400 Gb/s", "GB/s", 50.0),
    ("400Gbps", "GB/s", 50.0),
    ("1.5 MiB", "MiB", 1.5),
    ("1572864 B", "MiB", 1.5),
    ("1,291 µs", "µs", 1291.0),
    ("1.291 ms", "us", 1291.0),
    ("12.5 %", "%", 12.5),
    ("0.125", "%", 12.5),
    ("36 /s", "/s", 36.0),
    ("4.5x", "", 4.5),
    ("16", "", 16.0),
    ("1e3 KB", "MB", 1.0),
])
def test_answers_convert_within_a_dimension(text: str, unit: str, expected: float) -> None:
    from calc.answers import dimension_of

    base = read_answer(text, unit)
    assert to_unit(base, unit) == pytest.approx(expected)
    assert dimension_of(unit).key


@pytest.mark.parametrize(("text", "unit", "allowed", "message"), [
    ("", "GB/s", None, "Type a number with its unit, e.g. 50 GB/s or 400 Gb/s."),
    ("fast", "GB/s", None, "Start with a number, e.g. 50 GB/s or 400 Gb/s: got 'fast'."),
    ("50", "GB/s", None, "Add a unit: the answer is a data rate, e.g. 50 GB/s or 400 Gb/s."),
    ("50 GB", "GB/s", None, "GB measures a size, but the answer is a data rate (e.g. 50 GB/s or 400 Gb/s)."),
    ("50 GHz", "GB/s", None, "Unknown unit 'GHz': the answer is a data rate, e.g. 50 GB/s or 400 Gb/s."),
    ("400 Gb/s", "GB/s", ("GB/s",), "The question asks for the answer in GB/s: got Gb/s."),
    ("16 switches", "", None, "This answer is a plain number: write it without 'switches'."),
    ("3 ms", "KB", None, "ms measures a time, but the answer is a size (e.g. 1.5 MiB or 2 GB)."),
])
def test_unreadable_answers_say_why(text: str, unit: str, allowed: tuple[str, ...] | None, message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        read_answer(text, unit, allowed)
    assert caught.value.message == message


def test_a_long_answer_is_truncated_in_the_message() -> None:
    with pytest.raises(AnswerError) as caught:
        read_answer("x" * 500, "GB/s")
    assert caught.value.message == f"Start with a number, e.g. 50 GB/s or 400 Gb/s: got '{'x' * 60}… (500 characters)'."


def test_bits_and_bytes_differ_by_eight() -> None:
    assert read_answer("1 GB/s", "Gb/s") == 8 * read_answer("1 Gb/s", "Gb/s")
    assert read_answer("1 KiB", "B") == 1024
