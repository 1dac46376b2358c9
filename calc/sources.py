"""Citations. Every model and every catalogue entry names where it comes from.

``cite`` registers a source under a short key; the site's References page is
generated from every source registered by the engine's modules.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Source", "cite", "all_sources"]

_SOURCES: dict[str, Source] = {}


@dataclass(frozen=True)
class Source:
    """A published document: paper, specification, datasheet, source file or measurement."""

    key: str
    title: str
    publisher: str
    year: int
    url: str
    authors: str = ""
    note: str = ""

    def text(self) -> str:
        """One-line citation: authors, title, publisher, year."""
        who = f"{self.authors.rstrip('.')}. " if self.authors else ""
        when = "" if str(self.year) in self.publisher else f", {self.year}"
        return f"{who}{self.title.rstrip('.')}. {self.publisher}{when}."


def cite(key: str, title: str, publisher: str, year: int, url: str, authors: str = "",
         note: str = "") -> Source:
    """Register a source under ``key``; registering the same key differently is an error."""
    new = Source(key, title, publisher, year, url, authors, note)
    old = _SOURCES.setdefault(key, new)
    if old != new:
        raise ValueError(f"source {key!r} is registered twice with different details")
    return new


def all_sources() -> tuple[Source, ...]:
    """Every registered source, sorted by key (import :mod:`calc.registry` modules first)."""
    return tuple(_SOURCES[k] for k in sorted(_SOURCES))
