"""Declared outputs of a calculator and the result a calculator returns.

A calculator returns an :class:`Outcome`: scalar values by name, chart traces
by chart name, table rows by table name, optional free-form ``data`` for a
custom view, and notes. The registry checks it against the declaration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = ["Scalar", "Chart", "Table", "Column", "Output", "Trace", "Outcome", "JSON"]

JSON = Any


@dataclass(frozen=True)
class Scalar:
    """One number (or a short word such as the chosen algorithm) with its unit.

    ``names``: a word it shows is a name (an algorithm's key, a switch, a hash), kept as it is in
    every language; any other word is looked up in the catalogue (calc.i18n.localize_result).
    """

    name: str
    label: str
    unit: str = ""
    description: str = ""
    digits: int = 4
    plain: bool = False  # identifiers such as a UDP port: no thousands separator
    names: bool = False
    kind: ClassVar[str] = "scalar"

    def spec(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "label": self.label, "unit": self.unit,
                "description": self.description}


@dataclass(frozen=True)
class Chart:
    """A chart of one or more traces sharing axes. ``style`` is line, markers, bar or step.

    Each axis is ``linear``, ``log`` or ``category`` (x values are labels, drawn evenly spaced,
    e.g. TP degrees); ``log_x``/``log_y`` are shorthand for ``x_axis="log"``. Every renderer
    (the build-time SVG and the live plotly chart) reads the kind from :meth:`spec`.
    """

    name: str
    title: str
    x_label: str
    y_label: str
    x_unit: str = ""
    y_unit: str = ""
    log_x: bool = False
    log_y: bool = False
    style: str = "line"
    description: str = ""
    x_axis: str = ""
    y_axis: str = ""
    kind: ClassVar[str] = "chart"
    AXES: ClassVar[tuple[str, ...]] = ("linear", "log", "category")

    def __post_init__(self) -> None:
        for axis, kind, log in (("x_axis", self.x_axis, self.log_x), ("y_axis", self.y_axis, self.log_y)):
            if kind and (kind not in self.AXES or (log and kind != "log")):
                raise ValueError(f"chart {self.name}: {axis} must be one of {', '.join(self.AXES)}"
                                 f"{' (log is set)' if log else ''}, got {kind!r}")

    @property
    def x_kind(self) -> str:
        return self.x_axis or ("log" if self.log_x else "linear")

    @property
    def y_kind(self) -> str:
        return self.y_axis or ("log" if self.log_y else "linear")

    def spec(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "title": self.title, "x_label": self.x_label,
                "y_label": self.y_label, "x_unit": self.x_unit, "y_unit": self.y_unit,
                "x_axis": self.x_kind, "y_axis": self.y_kind, "style": self.style,
                "description": self.description}


@dataclass(frozen=True)
class Column:
    """One column of a table. ``names``: its texts are names (hosts, files, published runs, metrics,
    products, units), kept as they are in every language; any other column's texts are looked up in
    the catalogue (calc.i18n.localize_result)."""

    name: str
    label: str
    unit: str = ""
    names: bool = False


@dataclass(frozen=True)
class Table:
    """Rows of values under labelled columns. A ``folded`` table (a report's hundred rows of evidence) is shown
    under a summary that counts its rows, opened by the reader."""

    name: str
    title: str
    columns: tuple[Column, ...]
    description: str = ""
    folded: bool = False
    kind: ClassVar[str] = "table"

    def spec(self) -> dict[str, Any]:
        cols = [{"name": c.name, "label": c.label, "unit": c.unit} for c in self.columns]
        return {"name": self.name, "kind": self.kind, "title": self.title, "columns": cols,
                "description": self.description, "folded": self.folded}


Output = Scalar | Chart | Table


@dataclass(frozen=True)
class Trace:
    """One line (or set of bars) of a chart."""

    name: str
    x: tuple[float, ...]
    y: tuple[float, ...]
    text: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """What a calculator function returns."""

    values: Mapping[str, float | int | str | bool]
    charts: Mapping[str, tuple[Trace, ...]] = field(default_factory=dict)
    tables: Mapping[str, tuple[tuple[float | int | str | bool, ...], ...]] = field(
        default_factory=dict
    )
    data: Mapping[str, JSON] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
