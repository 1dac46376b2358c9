"""The inputs a test tries on every calculator: what a reader tries, not only the defaults."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from calc.params import Bounded, Choice
from calc.registry import Calculator

__all__ = ["tried_inputs"]


def tried_inputs(calc: Calculator) -> Iterator[dict[str, Any]]:
    """The defaults, then one change at a time: every choice, and each bound of a bounded parameter."""
    yield {}
    for p in calc.params:
        if isinstance(p, Choice):
            yield from ({p.name: c} for c in p.choices)
        elif isinstance(p, Bounded) and p.minimum is not None and p.maximum is not None:
            yield from ({p.name: p.minimum}, {p.name: p.maximum})
