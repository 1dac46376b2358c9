"""A shared set of calculator cases, run in CPython and in Pyodide and compared.

For every calculator: its defaults, each choice of each choice parameter, and each numeric
parameter at its bounds; cases that are invalid must fail with the same message in both.
"""

from __future__ import annotations

from calc.params import Bounded, Choice
from calc.registry import all_calculators

__all__ = ["cases", "zh_cases", "SLOW_LIMIT"]

# Bounds that make a case needlessly slow (a Monte Carlo at its largest trial count, say)
# are kept to their defaults; the model's own tests cover them.
SLOW_LIMIT = {"trials", "duration_us", "flows", "paths", "gpus", "senders"}


def cases() -> list[tuple[str, dict[str, str]]]:
    found: list[tuple[str, dict[str, str]]] = []
    for calc in all_calculators():
        found.append((calc.name, {}))
        for p in calc.params:
            if isinstance(p, Choice):
                found += [(calc.name, {p.name: c}) for c in p.choices if c != p.default]
            elif isinstance(p, Bounded) and p.name not in SLOW_LIMIT:
                found += [(calc.name, {p.name: p.display(b)}) for b in (p.minimum, p.maximum) if b is not None]
    return found


def zh_cases() -> list[tuple[str, dict[str, str], str]]:
    """In Chinese (``run_json(..., lang="zh")``, as a Chinese page's worker asks): every calculator's
    defaults (labels, notes, table cells, chart names and view data from the catalogues), and a
    word where its first numeric parameter wants a number (the error message in Chinese)."""
    found: list[tuple[str, dict[str, str], str]] = []
    for calc in all_calculators():
        found.append((calc.name, {}, "zh"))
        first = next((p for p in calc.params if isinstance(p, Bounded)), None)
        if first is not None:
            found.append((calc.name, {first.name: "lots"}, "zh"))
    return found
