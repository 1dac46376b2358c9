"""Named text exports (``python -m calc export NAME``), such as generated Prometheus rules.

An exporter is a function returning text; it is registered with :func:`exporter`
in its model's module and found with the calculators.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["exporter", "exporters"]

_EXPORTERS: dict[str, Callable[[], str]] = {}


def exporter(name: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(func: Callable[[], str]) -> Callable[[], str]:
        _EXPORTERS[name] = func
        return func

    return register


def exporters() -> dict[str, Callable[[], str]]:
    from calc.registry import all_calculators

    all_calculators()  # imports every module, so every exporter is registered
    return dict(sorted(_EXPORTERS.items()))
