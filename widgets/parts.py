"""The browser's engine in parts, so a page downloads only what its calculators import.

The byte-compiled wheel (widgets.levers) is split into one archive per part:

- ``kernel``: ``calc/*`` (registry, params, units, i18n, jsonapi, problems...), the generated
  ``calc/_index.py`` and the ``.dist-info`` folder; every page needs it (the worker's ``wheel``);
- one per topic package (``calc/fabric/``...), its catalogues left out;
- one per catalogue language (``calc/zh.py`` and every ``calc/<topic>/zh.py``): Chinese pages only.

A topic's archive comes with the archives of the topics it imports (found in its sources' import statements, so
a new import is picked up by the next build). The worker (widgets/js/boot.js) fetches the parts a
page's calculators need, in parallel with Pyodide's own start, and the rest on demand.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

from calc.i18n import LANGUAGES, topic_of
from widgets.wheel import split_archive

__all__ = ["KERNEL_PART", "part_of", "engine_parts", "topic_needs", "part_file"]

KERNEL_PART = "kernel"
_CATALOGUES = tuple(f"{lang}.py" for lang in LANGUAGES if lang != "en")


def part_of(path: str) -> str:
    """The part an entry of the byte-compiled wheel belongs to (``calc/fabric/zh.pyc`` -> ``zh``)."""
    name = path.rsplit("/", 1)[-1]
    if path.startswith("calc/") and name.removesuffix("c") in _CATALOGUES:
        return name.split(".")[0]
    module = path.removesuffix("c").removesuffix(".py").replace("/", ".")
    topic = topic_of(module) if path.startswith("calc/") else None
    return topic or KERNEL_PART


def engine_parts(wheel_pyc: bytes) -> dict[str, bytes]:
    """Part name -> zip of its entries (reproducible: same wheel, same bytes)."""
    return split_archive(wheel_pyc, part_of)


def part_file(part: str) -> str:
    return f"calc-{part}.zip"


def _imported(source: str) -> Iterator[str]:
    """Every module an ``import``/``from ... import`` statement names (at any depth: a function's
    own import counts too), with ``from calc import fabric`` as ``calc.fabric``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _imports(package: Path, topics: set[str]) -> set[str]:
    """The topics the modules of ``package`` (its subpackages too) import, catalogues left out."""
    found = {name.split(".")[1] for p in package.rglob("*.py") if p.name not in _CATALOGUES
             for name in _imported(p.read_text()) if name.startswith("calc.") and name.count(".") >= 1}
    return found & topics


def topic_needs(calc_dir: Path) -> dict[str, list[str]]:
    """Topic -> every topic it needs (itself included, imports followed transitively)."""
    topics = {p.parent.name for p in calc_dir.glob("*/__init__.py")}
    direct: Mapping[str, set[str]] = {t: _imports(calc_dir / t, topics) | {t} for t in topics}
    needs: dict[str, list[str]] = {}
    for topic in sorted(topics):
        seen, todo = set(), [topic]
        while todo:
            t = todo.pop()
            if t not in seen:
                seen.add(t)
                todo.extend(direct[t] - seen)
        needs[topic] = sorted(seen)
    return needs
