"""Named text exports (``python -m calc export NAME``), such as generated Prometheus rules.

An exporter is a function returning text, registered with :func:`exporter` in its
model's module (found with the calculators). ``filename`` is the name the site
offers it for download under. An exporter may instead return many files (a dict of
path to text) and take text inputs as keyword arguments: the CLI passes
``--NAME FILE`` as the file's contents and writes the files under ``--out DIR``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Export", "exporter", "exporters"]


@dataclass(frozen=True)
class Export:
    name: str
    filename: str
    func: Callable[..., str | dict[str, str]]


_EXPORTERS: dict[str, Export] = {}


Exported = Callable[..., str | dict[str, str]]


def exporter(name: str, filename: str | None = None) -> Callable[[Exported], Exported]:
    def register(func: Exported) -> Exported:
        _EXPORTERS[name] = Export(name, filename or name, func)
        return func

    return register


def exporters() -> dict[str, Export]:
    from calc.registry import all_calculators

    all_calculators()  # imports every module, so every exporter is registered
    return dict(sorted(_EXPORTERS.items()))
