"""Typed calculator parameters: one declaration gives the label, unit, bounds and the coercion.

Each parameter turns raw input (a string from the CLI or the browser form, or a
JSON value) into a typed value, or raises :class:`ValidationError` whose message
reads ``<name> must <rule>: got <value>`` (long values shortened).

One digit rule for every number (integers, reals and sizes): ASCII digits only, with an
optional sign, decimal point and exponent. ``1_0``, full-width ``１０`` and Arabic-Indic
``١٠`` are refused everywhere, so a value means the same in the CLI, the form, a shared
link and the JSON API.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from calc.errors import ValidationError, shorten
from calc.units import format_number, format_size, parse_size

__all__ = ["Value", "Param", "Bounded", "Int", "Float", "Size", "Choice", "Bool", "Text"]

Value = int | float | str | bool


_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?(?:inf|infinity|nan)",
                     re.IGNORECASE)


def _shown(raw: object) -> str:
    """How a received value is quoted in a message: strings quoted, numbers bare, both shortened."""
    if isinstance(raw, str):
        return shorten(raw.strip() if _NUMBER.fullmatch(raw.strip()) else repr(raw))
    if isinstance(raw, float) and math.isfinite(raw) and raw == int(raw) and abs(raw) < 1e15:
        return format_number(raw, 12)
    if isinstance(raw, int) and not isinstance(raw, bool) and len(str(abs(raw))) > 60:
        return f"an integer of {len(str(abs(raw)))} digits"
    return shorten(repr(raw) if isinstance(raw, (list, dict)) else str(raw))


@dataclass(frozen=True)
class Param:
    """Common fields of every parameter. ``default=None`` makes it required."""

    name: str
    label: str
    default: Value | None
    unit: str = ""
    help: str = ""
    advanced: bool = False  # calibration knobs and overrides: folded away in the form
    # When the field matters: ("system", ("link",)) means only while system is link. The form
    # shows it only then; the engine ignores it otherwise.
    applies: tuple[str, tuple[str, ...]] | None = None
    kind: ClassVar[str] = "param"

    def coerce(self, raw: object) -> Value:
        raise NotImplementedError

    def display(self, value: Value) -> str:
        """The value as the form shows it and the CLI accepts it back."""
        return str(value).lower() if isinstance(value, bool) else str(value)

    def describe_rule(self) -> str:
        return ""

    def spec(self) -> dict[str, Any]:
        """JSON-ready description used by the browser form and ``describe``."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "unit": self.unit,
            "help": self.help,
            "default": self.default,
            "rule": self.describe_rule(),
            "advanced": self.advanced,
            "applies": {"param": self.applies[0], "values": list(self.applies[1])} if self.applies else None,
        }

    def applies_to(self, values: Mapping[str, Value]) -> bool:
        """Whether this parameter matters for the inputs ``values`` (see ``applies``)."""
        return self.applies is None or str(values.get(self.applies[0])) in self.applies[1]

    def fail(self, rule: str, raw: object, **args: str) -> ValidationError:
        """``rule`` is a template over ``args`` (``be at least {low}``): calc.i18n translates it."""
        shown = _shown(raw)
        return ValidationError(self.name, f"{self.name} must {rule.format(**args)}: got {shown}",
                               label=self.label, rule=rule, args=args, got=shown)


def _as_number(param: Param, raw: object, rule: str) -> float:
    if isinstance(raw, bool):
        raise param.fail(rule, raw)
    if isinstance(raw, (int, float)):
        try:
            value = float(raw)
        except OverflowError:  # an integer beyond the float range: no bound admits it
            value = math.inf
    elif isinstance(raw, str) and _NUMBER.fullmatch(raw.strip()):
        value = float(raw.strip())
    else:
        raise param.fail(rule, raw)
    if not math.isfinite(value):
        raise param.fail("be a finite number", raw)
    return value


@dataclass(frozen=True)
class Bounded(Param):
    """A number with optional inclusive bounds; ``log_scale`` asks the form for a log slider."""

    minimum: float | None = None
    maximum: float | None = None
    log_scale: bool = False

    def check_bounds(self, value: float, raw: object) -> None:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and not low <= value <= high:
            raise self.fail("be between {low} and {high}", raw, low=self.show(low), high=self.show(high))
        if low is not None and value < low:
            raise self.fail("be at least {low}", raw, low=self.show(low))
        if high is not None and value > high:
            raise self.fail("be at most {high}", raw, high=self.show(high))

    def show(self, bound: float) -> str:
        return format_number(int(bound) if bound == int(bound) else bound, 12).replace(",", "")

    def describe_rule(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"{self.show(self.minimum)} to {self.show(self.maximum)}"
        return ""

    def spec(self) -> dict[str, Any]:
        return {**super().spec(), "min": self.minimum, "max": self.maximum, "log": self.log_scale}


@dataclass(frozen=True)
class Int(Bounded):
    """A whole number, e.g. a GPU count."""

    kind: ClassVar[str] = "int"

    def coerce(self, raw: object) -> int:
        value = _as_number(self, raw, "be an integer")
        if value != int(value):
            raise self.fail("be an integer", raw)
        self.check_bounds(value, raw)
        return int(value)


@dataclass(frozen=True)
class Float(Bounded):
    """A real number in ``unit``."""

    kind: ClassVar[str] = "float"

    def display(self, value: Value) -> str:
        return format_number(float(value), 12).replace(",", "")

    def coerce(self, raw: object) -> float:
        value = _as_number(self, raw, "be a number")
        self.check_bounds(value, raw)
        return value


@dataclass(frozen=True)
class Size(Bounded):
    """A size in bytes; accepts ``4096``, ``1MiB``, ``4GB``, ``512KiB``."""

    unit: str = "B"
    kind: ClassVar[str] = "size"

    def coerce(self, raw: object) -> int:
        rule = "be a size in bytes such as 4096, 512KiB, 1MiB or 4GB"
        if isinstance(raw, bool):
            raise self.fail(rule, raw)
        size: int | None
        if isinstance(raw, int):
            size = raw
        elif isinstance(raw, float):
            size = int(raw) if math.isfinite(raw) and raw == int(raw) else None
        else:
            size = parse_size(raw) if isinstance(raw, str) else None
        if size is None:
            raise self.fail(rule, raw)
        self.check_bounds(size, raw)
        return size

    def show(self, bound: float) -> str:
        return format_size(int(bound))

    def display(self, value: Value) -> str:
        return format_size(int(value)).replace(" ", "")


LISTED_CHOICES = 16  # a longer list of choices is not repeated in an error message: the form and describe list it


@dataclass(frozen=True)
class Choice(Param):
    """One of a fixed set of names.

    ``fills`` maps a choice to values it sets for other parameters (a preset):
    they apply unless those parameters are given explicitly. ``groups`` names the group a
    choice is listed under (consecutive choices of one group share a heading in the form).
    """

    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    fills: Mapping[str, Mapping[str, Value]] = field(default_factory=dict)
    groups: Mapping[str, str] = field(default_factory=dict)
    kind: ClassVar[str] = "choice"

    def coerce(self, raw: object) -> str:
        if not isinstance(raw, str) or raw.strip() not in self.choices or _lone_surrogate(raw) >= 0:
            if len(self.choices) > LISTED_CHOICES:
                raise self.fail("be one of its {count} choices (the form's list, or describe)", raw,
                                count=str(len(self.choices)))
            raise self.fail("be one of {choices}", raw, choices=", ".join(self.choices))
        return raw.strip()

    def describe_rule(self) -> str:
        return " | ".join(self.choices)

    def spec(self) -> dict[str, Any]:
        labels = {c: self.labels.get(c, c) for c in self.choices}
        fills = {k: dict(v) for k, v in self.fills.items()}
        return {**super().spec(), "choices": list(self.choices), "labels": labels, "fills": fills}


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class Bool(Param):
    """On or off; accepts true/false, yes/no, on/off, 1/0."""

    kind: ClassVar[str] = "bool"

    def coerce(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower() if isinstance(raw, (str, int)) else None
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise self.fail("be true or false", raw)


def _lone_surrogate(text: str) -> int:
    """Index of the first lone surrogate (from a JSON ``"\\ud800"``), or -1: it cannot be printed or encoded."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc.start
    return -1


@dataclass(frozen=True)
class Text(Param):
    """Free text (for example a YAML document), at most ``max_length`` characters."""

    max_length: int = 200_000
    multiline: bool = False
    from_file: bool = False
    kind: ClassVar[str] = "text"

    def coerce(self, raw: object) -> str:
        if not isinstance(raw, str):
            raise self.fail("be text", raw)
        if len(raw) > self.max_length:
            raise ValidationError(
                self.name, f"{self.name} must be at most {self.max_length} characters: got {len(raw)}",
                label=self.label, rule="be at most {length} characters", args={"length": str(self.max_length)},
                got=str(len(raw)),
            )
        bad = _lone_surrogate(raw)
        if bad >= 0:
            raise ValidationError(self.name, f"{self.name} must be Unicode text: got half a surrogate pair "
                                             f"(\\u{ord(raw[bad]):04x}) at character {bad + 1}")
        return raw

    def spec(self) -> dict[str, Any]:
        return {**super().spec(), "multiline": self.multiline}
