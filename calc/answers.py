"""Reading a reader's answer with its unit: ``50 GB/s``, ``400 Gb/s``, ``1.5 MiB``, ``12 %``.

Every unit belongs to one dimension (a data rate, a size, a time, a ratio, an event rate or
a plain count) and converts to that dimension's base unit: bits per second, bytes, seconds,
a fraction, events per second. ``b`` is a bit and ``B`` a byte, so the case of the letter
after the prefix matters (``Gb/s`` is 8 times smaller than ``GB/s``); decimal prefixes are
powers of 1000, binary ones (``KiB``, ``MiB``) powers of 1024, as in IEC 80000-13.

:func:`read_answer` returns the value in the base unit or raises :class:`AnswerError` with a
message for the reader that names what is wrong: no number, an unknown unit, a unit of the
wrong dimension, a missing unit, or a unit the question does not allow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from calc.errors import shorten

__all__ = ["AnswerError", "Dimension", "DIMENSIONS", "UNITS", "dimension_of", "read_answer", "to_unit"]


class AnswerError(ValueError):
    """An answer that cannot be compared with the expected one; ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Dimension:
    """What kind of quantity a unit measures, with an example for messages."""

    key: str
    noun: str
    example: str
    units: dict[str, float]


_DECIMAL = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
_BINARY = {"Ki": 2.0**10, "Mi": 2.0**20, "Gi": 2.0**30, "Ti": 2.0**40}


def _rates() -> dict[str, float]:
    units: dict[str, float] = {}
    for prefix, factor in {**_DECIMAL, **_BINARY}.items():
        for spelling in (f"{prefix}b/s", f"{prefix}bit/s", f"{prefix}bps"):
            units[spelling] = factor
        for spelling in (f"{prefix}B/s", f"{prefix}Bps"):
            units[spelling] = 8 * factor
    return units


def _sizes() -> dict[str, float]:
    units: dict[str, float] = {}
    for prefix, factor in {**_DECIMAL, **_BINARY}.items():
        units[f"{prefix}B"] = factor
        units[f"{prefix}bit"] = factor / 8
    return units


DIMENSIONS: dict[str, Dimension] = {d.key: d for d in (
    Dimension("rate", "a data rate", "50 GB/s or 400 Gb/s", _rates()),
    Dimension("size", "a size", "1.5 MiB or 2 GB", _sizes()),
    Dimension("time", "a time", "12.5 µs or 3 ms",
              {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ns": 1e-9, "min": 60.0}),
    Dimension("ratio", "a share", "12.5 % or 0.125", {"%": 0.01, "": 1.0}),
    Dimension("frequency", "an event rate", "40 /s", {"/s": 1.0, "per s": 1.0, "Hz": 1.0}),
    Dimension("count", "a plain number", "16", {"": 1.0, "x": 1.0, "×": 1.0}),
)}

UNITS: dict[str, str] = {u: d.key for d in DIMENSIONS.values() for u in d.units if u}

_ANSWER = re.compile(r"^\s*([-+]?(?:[0-9][0-9,_]*(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\s*(.*?)\s*$")


def dimension_of(unit: str) -> Dimension:
    """The dimension a declared unit belongs to (a declaration error if it has none)."""
    if unit in UNITS:
        return DIMENSIONS[UNITS[unit]]
    if unit == "":
        return DIMENSIONS["count"]
    raise ValueError(f"unit {unit!r} is not a known answer unit")


def _shown(text: str) -> str:
    return repr(shorten(text))


def _number(text: str, unit_hint: str) -> tuple[float, str]:
    match = _ANSWER.match(text)
    if not text.strip():
        raise AnswerError(f"Type a number with its unit, e.g. {unit_hint}.")
    if match is None:
        raise AnswerError(f"Start with a number, e.g. {unit_hint}: got {_shown(text)}.")
    number, unit = match.groups()
    return float(number.replace(",", "").replace("_", "")), unit.strip()


def read_answer(text: str, unit: str, allowed: tuple[str, ...] | None = None) -> float:
    """``text`` in the base unit of ``unit``'s dimension; ``allowed`` limits the units accepted."""
    dim = dimension_of(unit)
    example = dim.example if allowed is None else " or ".join(f"… {u}" for u in allowed)
    value, given = _number(text, example)
    if given not in dim.units and dim.key == "count":
        raise AnswerError(f"This answer is a plain number: write it without {_shown(given)}.")
    if not given and "" not in dim.units:
        raise AnswerError(f"Add a unit: the answer is {dim.noun}, e.g. {example}.")
    if given not in dim.units:
        if given in UNITS:
            other = DIMENSIONS[UNITS[given]]
            raise AnswerError(f"{given} measures {other.noun}, but the answer is {dim.noun} (e.g. {example}).")
        raise AnswerError(f"Unknown unit {_shown(given)}: the answer is {dim.noun}, e.g. {example}.")
    if allowed is not None and given not in allowed:
        raise AnswerError(f"The question asks for the answer in {' or '.join(allowed)}: got {given}.")
    return value * dim.units[given]


def to_unit(base_value: float, unit: str) -> float:
    """A value in its dimension's base unit expressed in ``unit``."""
    return base_value / dimension_of(unit).units[unit]
