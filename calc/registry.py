"""The calculator registry: one declaration drives the CLI, the form, pre-rendering and tests.

A calculator is declared with :func:`calculator` next to its model::

    @calculator(name="collective", title=..., summary=..., params=(...), outputs=(...))
    def collective(*, op: str, gpus: int, ...) -> Outcome: ...

Every module of the ``calc`` package and its topic subpackages is imported on first use of
the registry, so a new module with a declaration needs no other registration.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from calc.errors import ValidationError
from calc.outputs import Chart, Outcome, Output, Scalar, Table
from calc.params import Choice, Param, Value
from calc.sources import Source
from calc.units import format_value, is_binary_exact

__all__ = ["Calculator", "Result", "calculator", "get", "names", "all_calculators", "run"]

_REGISTRY: dict[str, Calculator] = {}
_DISCOVERED = False


def _size_or_none(out: Output, value: object) -> int | None:
    """A size the result shows (an integer output in bytes), else None."""
    is_size = isinstance(out, Scalar) and out.unit == "B" and not out.plain
    return value if is_size and isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class Result:
    """A validated run: the inputs used and the checked outcome."""

    calculator: Calculator
    inputs: Mapping[str, Value]
    outcome: Outcome

    def value(self, name: str) -> float | int | str | bool:
        return self.outcome.values[name]

    def display(self, name: str) -> str:
        out = self.calculator.output(name)
        assert isinstance(out, Scalar)
        value = self.outcome.values[name]
        if out.plain and isinstance(value, int) and not isinstance(value, bool):
            return f"{value} {out.unit}".strip()
        return format_value(value, out.unit, out.digits, self.binary_sizes)

    @functools.cached_property
    def binary_sizes(self) -> bool:
        """Whether the sizes this result shows are written in binary units: only if every one of them reads
        exactly so, as one that does not is written in decimal ones and a reader compares and adds them
        (2.058 GB sent, 1.879 GB over NVLink and 179 MB over the NICs; not 1792 MiB beside them)."""
        sizes = (_size_or_none(o, self.outcome.values.get(o.name)) for o in self.calculator.outputs)
        return all(is_binary_exact(size) for size in sizes if size is not None)

    def to_json(self) -> dict[str, Any]:
        """Everything a page needs: raw values, display strings, charts, tables, data, notes."""
        outcome = self.outcome
        charts = {k: [{"name": t.name, "x": list(t.x), "y": list(t.y), "text": list(t.text)}
                      for t in v] for k, v in outcome.charts.items()}
        scalars = [o.name for o in self.calculator.outputs if isinstance(o, Scalar)]
        return {
            "calculator": self.calculator.name,
            "inputs": dict(self.inputs),
            "outputs": {name: outcome.values[name] for name in scalars},
            "display": {name: self.display(name) for name in scalars},
            "charts": charts,
            "tables": {k: [list(r) for r in v] for k, v in outcome.tables.items()},
            "data": dict(outcome.data),
            "notes": list(outcome.notes),
        }


@dataclass(frozen=True)
class Calculator:
    """A declared calculator. ``view`` names a custom browser view, if any; ``localize_data`` gives
    its ``data`` (what the view draws: a diagram, messages, files) in another language (calc.i18n)."""

    name: str
    title: str
    summary: str
    params: tuple[Param, ...]
    outputs: tuple[Output, ...]
    func: Callable[..., Outcome] = field(repr=False)
    sources: tuple[Source, ...] = ()
    view: str | None = None
    localize_data: Callable[[dict[str, Any], str], dict[str, Any]] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        wanted = {p.name for p in self.params}
        accepted = set(inspect.signature(self.func).parameters) - {"lang"}
        if wanted != accepted:
            raise TypeError(f"{self.name}: parameters {sorted(wanted)} != function {sorted(accepted)}")

    @property
    def takes_lang(self) -> bool:
        """Whether the function takes a keyword ``lang`` besides the parameters: its outcome holds
        text it words itself (a configuration file's comments), which calc.i18n.localize sets."""
        return "lang" in inspect.signature(self.func).parameters

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def output(self, name: str) -> Output:
        return next(o for o in self.outputs if o.name == name)

    def validate(self, raw: Mapping[str, object]) -> dict[str, Value]:
        """Typed inputs from raw ones: defaults filled, presets applied, every rule checked."""
        known = [p.name for p in self.params]
        for name in raw:
            if name not in known:
                raise ValidationError(
                    name, f"unknown parameter {name!r} for {self.name}; known: {', '.join(known)}"
                )
        values: dict[str, Value] = {}
        for p in self.params:
            if p.name in raw:
                values[p.name] = p.coerce(raw[p.name])
            elif p.default is None:
                raise ValidationError(p.name, f"missing parameter {p.name!r} for {self.name}")
            else:
                values[p.name] = p.default
        return self._apply_presets(values, raw)

    def _apply_presets(self, values: dict[str, Value], raw: Mapping[str, object]) -> dict[str, Value]:
        for p in self.params:
            if isinstance(p, Choice) and p.fills:
                for target, preset in p.fills.get(str(values[p.name]), {}).items():
                    if target not in raw:
                        values[target] = preset
        return values

    def run(self, raw: Mapping[str, object]) -> Result:
        inputs = self.validate(raw)
        outcome = self.func(**inputs)
        self._check(outcome)
        return Result(self, inputs, outcome)

    def _check(self, outcome: Outcome) -> None:
        """A declared output missing or not finite is a bug in the model, never the reader's fault."""
        for out in self.outputs:
            if isinstance(out, Scalar):
                value = outcome.values[out.name]
                if isinstance(value, float) and not math.isfinite(value):
                    raise ArithmeticError(f"{self.name}: output {out.name} is {value}")
            elif isinstance(out, Chart):
                for trace in outcome.charts[out.name]:
                    if not all(math.isfinite(v) for v in (*trace.x, *trace.y)):
                        raise ArithmeticError(f"{self.name}: chart {out.name} has a non-finite point")
            elif isinstance(out, Table) and out.name not in outcome.tables:
                raise ArithmeticError(f"{self.name}: table {out.name} is missing")

    def spec(self) -> dict[str, Any]:
        """JSON-ready declaration for the browser form and ``describe``."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "params": [p.spec() for p in self.params],
            "outputs": [o.spec() for o in self.outputs],
            "view": self.view,
        }


def calculator(
    *,
    name: str,
    title: str,
    summary: str,
    params: tuple[Param, ...],
    outputs: tuple[Output, ...],
    sources: tuple[Source, ...] = (),
    view: str | None = None,
    localize_data: Callable[[dict[str, Any], str], dict[str, Any]] | None = None,
) -> Callable[[Callable[..., Outcome]], Calculator]:
    """Declare and register a calculator; the decorated function becomes a :class:`Calculator`."""

    def register(func: Callable[..., Outcome]) -> Calculator:
        calc = Calculator(name, title, summary, params, outputs, func, sources, view, localize_data)
        if name in _REGISTRY and _REGISTRY[name].func.__module__ != func.__module__:
            raise ValueError(f"calculator {name!r} is declared twice")
        _REGISTRY[name] = calc
        return calc

    return register


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    import calc

    for module in pkgutil.walk_packages(calc.__path__, "calc."):
        if not any(part.startswith("_") for part in module.name.split(".")):
            importlib.import_module(module.name)
    _DISCOVERED = True


def all_calculators() -> tuple[Calculator, ...]:
    _discover()
    return tuple(_REGISTRY[k] for k in sorted(_REGISTRY))


def names() -> tuple[str, ...]:
    return tuple(c.name for c in all_calculators())


def _import_declaring_module(name: str) -> None:
    """Where a generated ``calc._index`` (the browser's wheel has one) names the module that
    declares ``name``, import just that module; otherwise discover them all."""
    try:
        from calc._index import MODULES  # type: ignore[import-not-found]
    except ImportError:
        MODULES = {}
    if name in MODULES:
        importlib.import_module(MODULES[name])
    if name not in _REGISTRY:
        _discover()


def get(name: str) -> Calculator:
    """The calculator called ``name``, or a ValidationError listing the known ones."""
    if name not in _REGISTRY:
        _import_declaring_module(name)
    if name not in _REGISTRY:
        raise ValidationError(None, f"unknown calculator {name!r}; known: {', '.join(names())}")
    return _REGISTRY[name]


def run(name: str, raw: Mapping[str, object] | None = None) -> Result:
    return get(name).run(raw or {})
