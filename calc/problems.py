"""Worked problems: declared once beside a topic's model, drawn from a seed, checked by the engine.

A problem is declared with :func:`problem` like a calculator::

    @problem(name="nic-bytes", page="scale-out", title=..., statement="A NIC runs at {rate} Gb/s ...",
             draws=(Pick("rate", (100, 200, 400, 800)),), unit="GB/s", allowed=("GB/s",),
             hints=(Hint("Divide by 8: a byte is 8 bits.", factors=(8,)), ...))
    def nic_bytes(*, rate: int) -> Worked: ...

The seed draws every parameter (``random.Random`` seeded with ``"<name>:<seed>"``, the same
in CPython and Pyodide), the function computes the answer with the engine's own model and
returns the working (formula, then the reader's numbers, then the result of each step).
:meth:`Problem.check` reads an answer with its unit (:mod:`calc.answers`), accepts it
within the declared relative tolerance, and on a wrong answer returns the hint whose
``factors`` match the mistake (an answer 8 times too big: bits for bytes), or the next
general hint: never the solution, which :meth:`Instance.solution` gives when asked.
"""

from __future__ import annotations

import importlib
import json
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from calc.answers import AnswerError, dimension_of, read_answer, to_unit
from calc.errors import ValidationError, shorten
from calc.i18n import check_lang, message, topic_of, translate
from calc.units import format_number

__all__ = ["Ints", "Pick", "Hint", "Step", "Worked", "Problem", "Instance", "Check", "problem",
           "all_problems", "get_problem", "pages", "request_json", "MAX_SEED", "DEFAULT_SEED"]

MAX_SEED = 2**31 - 1
DEFAULT_SEED = 1
_PROBLEMS: dict[str, Problem] = {}

DrawValue = int | str


@dataclass(frozen=True)
class Ints:
    """A whole number drawn uniformly from ``low``..``high`` in steps of ``step``."""

    name: str
    low: int
    high: int
    step: int = 1

    def draw(self, rng: random.Random) -> DrawValue:
        return rng.randrange(self.low, self.high + 1, self.step)


@dataclass(frozen=True)
class Pick:
    """One of ``choices``, uniformly; ``labels`` gives the words a statement shows for a choice."""

    name: str
    choices: tuple[DrawValue, ...]
    labels: Mapping[Any, str] = field(default_factory=dict)

    def draw(self, rng: random.Random) -> DrawValue:
        return rng.choice(self.choices)


Draw = Ints | Pick


@dataclass(frozen=True)
class Hint:
    """A hint; with ``factors``, the one given when an answer is off by one of those factors."""

    text: str
    factors: tuple[float, ...] = ()


@dataclass(frozen=True)
class Step:
    """One line of working: the formula, the reader's numbers in it, and the result."""

    formula: str
    numbers: str
    result: str

    def text(self, lang: str = "en", topic: str | None = None) -> str:
        """The line in ``lang`` (calc.i18n, ``topic``'s catalogue first): the formula's words
        translated, the numbers kept."""
        return " = ".join(translate(part, lang, topic) for part in (self.formula, self.numbers, self.result))


@dataclass(frozen=True)
class Worked:
    """The engine's answer in the problem's unit, and the working that leads to it."""

    answer: float
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Check:
    """The verdict on one answer: ``kind`` is correct, wrong or unreadable."""

    correct: bool
    kind: str
    message: str
    hint: str | None = None

    def to_json(self, lang: str = "en", topic: str | None = None) -> dict[str, Any]:
        """The verdict, its message and hint in ``lang`` (calc.i18n, ``topic``'s catalogue first)."""
        hint = translate(self.hint, lang, topic) if self.hint is not None else None
        return {"correct": self.correct, "kind": self.kind, "message": translate(self.message, lang, topic), "hint": hint}


@dataclass(frozen=True)
class Instance:
    """A problem with its numbers drawn for one seed."""

    problem: Problem
    seed: int
    values: Mapping[str, DrawValue]
    worked: Worked

    @property
    def statement(self) -> str:
        return self.statement_in("en")

    def statement_in(self, lang: str) -> str:
        """The statement in ``lang``: its translated template filled with the same draws."""
        topic = self.problem.topic
        labels = {d.name: translate(_label(d, self.values[d.name]), lang, topic) for d in self.problem.draws}
        return translate(self.problem.statement, lang, topic).format(**labels)

    @property
    def answer_text(self) -> str:
        unit = self.problem.unit
        text = format_number(self.worked.answer, 4)
        return f"{text} {unit}".strip() if unit != "%" else f"{text} %"

    def solution(self, lang: str = "en") -> tuple[str, ...]:
        answer = translate("Answer: {answer}", lang).format(answer=self.answer_text)
        return (*(s.text(lang, self.problem.topic) for s in self.worked.steps), answer)

    def to_json(self, with_answer: bool = True, lang: str = "en") -> dict[str, Any]:
        """The instance for a page in ``lang``: words translated, numbers and units as in English."""
        p = self.problem
        out: dict[str, Any] = {"problem": p.name, "page": p.page, "title": translate(p.title, lang, p.topic), "seed": self.seed,
                               "level": p.level, "statement": self.statement_in(lang), "unit": p.unit,
                               "allowed": list(p.allowed) if p.allowed is not None else None,
                               "values": dict(self.values)}
        if with_answer:
            out |= {"answer": self.worked.answer, "answer_text": self.answer_text,
                    "solution": list(self.solution(lang))}
        return out


def _label(draw: Draw, value: DrawValue) -> str:
    if isinstance(draw, Pick) and value in draw.labels:
        return draw.labels[value]
    return f"{value:,}" if isinstance(value, int) else str(value)


@dataclass(frozen=True)
class Problem:
    """A declared problem type. ``tolerance`` is relative; ``allowed=None`` accepts any unit of
    the answer's dimension (``50 GB/s`` and ``400 Gb/s`` alike), else only the units listed."""

    name: str
    page: str
    title: str
    statement: str
    draws: tuple[Draw, ...]
    solve: Callable[..., Worked] = field(repr=False)
    unit: str
    hints: tuple[Hint, ...]
    allowed: tuple[str, ...] | None = None
    tolerance: float = 0.01
    level: str = "basic"

    def __post_init__(self) -> None:
        dimension_of(self.unit)
        if not any(not h.factors for h in self.hints):
            raise TypeError(f"problem {self.name}: needs at least one general hint (without factors)")

    @property
    def topic(self) -> str:
        """The topic package that declares the problem, whose catalogue holds its words."""
        return topic_of(self.solve.__module__)

    def make(self, seed: object = DEFAULT_SEED) -> Instance:
        """The instance for ``seed``: parameters drawn in declaration order, answer from the engine."""
        number = _seed(seed)
        rng = random.Random(f"{self.name}:{number}")
        values = {d.name: d.draw(rng) for d in self.draws}
        worked = self.solve(**values)
        if not math.isfinite(worked.answer):
            raise ArithmeticError(f"problem {self.name}: seed {number} gives a non-finite answer")
        return Instance(self, number, values, worked)

    def check(self, seed: object, text: str, attempt: int = 1) -> Check:
        """Read ``text`` and compare it with the engine's answer for ``seed``."""
        expected = self.make(seed).worked.answer
        try:
            given = to_unit(read_answer(text, self.unit, self.allowed), self.unit)
        except AnswerError as exc:
            return Check(False, "unreadable", exc.message)
        if _close(given, expected, self.tolerance):
            return Check(True, "correct", f"Correct: {format_number(expected, 4)} {self.unit}".rstrip())
        return Check(False, "wrong", "Not quite: try again, or ask for a hint.", self.hint_for(given, expected, attempt))

    def hint_for(self, given: float, expected: float, attempt: int) -> str:
        """The hint whose factor explains the mistake, else the general hint for this attempt."""
        for h in self.hints:
            if any(_close(given, expected * f, self.tolerance) for f in h.factors):
                return h.text
        return self.hint(attempt)

    def hint(self, number: int) -> str:
        """The ``number``-th general hint (1-based; the last one repeats)."""
        general = [h.text for h in self.hints if not h.factors]
        return general[min(max(number, 1), len(general)) - 1]


def _close(given: float, expected: float, tolerance: float) -> bool:
    return abs(given - expected) <= tolerance * abs(expected) + 1e-12


def _seed(raw: object) -> int:
    rule = f"seed must be a whole number from 0 to {MAX_SEED}"
    text = str(raw).strip()
    if isinstance(raw, bool) or not text.isdigit() or int(text) > MAX_SEED:
        raise ValidationError("seed", f"{rule}: got {shorten(text)!r}")
    return int(text)


def problem(*, name: str, page: str, title: str, statement: str, draws: tuple[Draw, ...], unit: str,
            hints: tuple[Hint, ...], allowed: tuple[str, ...] | None = None, tolerance: float = 0.01,
            level: str = "basic") -> Callable[[Callable[..., Worked]], Problem]:
    """Declare and register a problem; the decorated function computes its working."""

    def register(func: Callable[..., Worked]) -> Problem:
        declared = Problem(name, page, title, statement, draws, func, unit, hints, allowed, tolerance, level)
        if name in _PROBLEMS and _PROBLEMS[name].solve.__module__ != func.__module__:
            raise ValueError(f"problem {name!r} is declared twice")
        _PROBLEMS[name] = declared
        return declared

    return register


def all_problems() -> tuple[Problem, ...]:
    """Every declared problem, by page then in declaration order."""
    from calc.registry import all_calculators

    all_calculators()  # discovery imports every module, so every declaration has run
    return tuple(sorted(_PROBLEMS.values(), key=lambda p: p.page))


def pages() -> dict[str, tuple[Problem, ...]]:
    """Problem sets by page name."""
    found: dict[str, list[Problem]] = {}
    for p in all_problems():
        found.setdefault(p.page, []).append(p)
    return {page: tuple(ps) for page, ps in found.items()}


def _import_declaring_module(name: str) -> None:
    """The browser's wheel has a generated ``calc._index`` naming the module that declares each
    problem: import just that one; elsewhere discover them all."""
    try:
        from calc._index import PROBLEM_MODULES  # type: ignore[import-not-found]
    except ImportError:
        PROBLEM_MODULES = {}
    if name in PROBLEM_MODULES:
        importlib.import_module(PROBLEM_MODULES[name])
    if name not in _PROBLEMS:
        all_problems()


def get_problem(name: str) -> Problem:
    """The problem called ``name``, or a ValidationError listing the known ones."""
    if name not in _PROBLEMS:
        _import_declaring_module(name)
    if name not in _PROBLEMS:
        raise ValidationError(None, f"unknown problem {shorten(name)!r}; known: {', '.join(sorted(_PROBLEMS))}")
    return _PROBLEMS[name]


def _answer(request: Mapping[str, Any], lang: str) -> dict[str, Any]:
    p = get_problem(str(request.get("problem", "")))
    seed = request.get("seed", DEFAULT_SEED)
    action = request.get("action")
    if action == "make":
        return p.make(seed).to_json(with_answer=False, lang=lang)
    if action == "check":
        return p.check(seed, str(request.get("answer", "")), _count(request, "attempt")).to_json(lang, p.topic)
    if action == "hint":
        p.make(seed)
        return {"hint": translate(p.hint(_count(request, "number")), lang, p.topic)}
    if action == "solution":
        return p.make(seed).to_json(lang=lang)
    raise ValidationError("action", f"action must be make, check, hint or solution: got {shorten(str(action))!r}")


def _count(request: Mapping[str, Any], name: str) -> int:
    raw = request.get(name, 1)
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 1000:
        raise ValidationError(name, f"{name} must be a whole number from 1 to 1000: got {shorten(str(raw))!r}")
    return raw


def request_json(request: str) -> str:
    """JSON in, JSON out, for the browser worker: ``{"result": ...}`` or ``{"error": {field, message}}``.
    ``"lang"`` in the request (``en`` by default, or ``zh``) chooses the language of every word."""
    lang = "en"
    try:
        try:
            raw = json.loads(request)
        except ValueError:
            raise ValidationError(None, f"a problem request must be JSON: got {shorten(request)!r}") from None
        if not isinstance(raw, dict):
            raise ValidationError(None, "a problem request must be a JSON object")
        lang = check_lang(str(raw.get("lang", "en")))
        reply: dict[str, Any] = {"result": _answer(raw, lang)}
    except ValidationError as exc:
        reply = {"error": {"field": exc.field, "message": message(exc, lang)}}
    return json.dumps(reply, allow_nan=False)
