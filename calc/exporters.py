"""Named text exports (``python -m calc export NAME``), such as generated Prometheus rules.

An exporter is a function returning text, registered with :func:`exporter` in its
model's module (found with the calculators). ``filename`` is the name the site
offers it for download under. An exporter may instead return many files (a dict of
path to text) and take text inputs as keyword arguments: the CLI passes
``--NAME FILE`` as the file's contents and writes the files under ``--out DIR``.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Export", "exporter", "exporters", "zip_files"]


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


def zip_files(files: dict[str, str], folder: str) -> bytes:
    """The files (path -> text) as one zip under ``folder/``, built in memory, byte-for-byte
    reproducible (fixed timestamps)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for path, text in files.items():
            info = zipfile.ZipInfo(f"{folder}/{path}", date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text)
    return buffer.getvalue()
