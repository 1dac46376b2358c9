"""Build the calc wheel from ``calc/`` without a network or a build backend.

A wheel is a zip with the package and a ``.dist-info`` folder (PEP 427). Entries are
sorted and dated 1980-01-01, so the same sources always give the same bytes and the
same content hash, which names the folder the site serves it from.

The parts the site ships (:func:`split_archive`) store their entries uncompressed: HTTP
compresses a whole archive better than zip compresses each entry (brotli sees across files:
the Calculators page's parts go from 0.29 MB deflated to 0.21 MB), and the worker unpacks
stored entries without inflating them.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["DIST", "build_wheel", "split_archive", "rezip", "wheel_name"]

DIST = "aifabric_calc"
_EPOCH = (1980, 1, 1, 0, 0, 0)


def wheel_name(version: str) -> str:
    return f"{DIST}-{version}-py3-none-any.whl"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _sources(package_dir: Path) -> list[tuple[str, bytes]]:
    files = sorted(p for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts)
    return [(f"{package_dir.name}/{p.relative_to(package_dir).as_posix()}", p.read_bytes()) for p in files]


def _zip(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for path, data in entries:
            entry = zipfile.ZipInfo(path, _EPOCH)
            entry.compress_type = method
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return buffer.getvalue()


def split_archive(archive: bytes, part_of: Callable[[str], str], method: int = zipfile.ZIP_STORED) -> dict[str, bytes]:
    """``archive``'s entries regrouped into one zip per part (``part_of(path)`` names it), each
    sorted and dated like a wheel, so the same archive always gives the same parts' bytes;
    entries stored (``method``), for HTTP to compress."""
    groups: dict[str, list[tuple[str, bytes]]] = {}
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        for name in sorted(source.namelist()):
            groups.setdefault(part_of(name), []).append((name, source.read(name)))
    return {part: _zip(entries, method) for part, entries in sorted(groups.items())}


def rezip(archive: bytes, method: int) -> bytes:
    """``archive`` with every entry compressed with ``method`` (the same names, order and dates)."""
    with zipfile.ZipFile(io.BytesIO(archive)) as source:
        return _zip([(name, source.read(name)) for name in source.namelist()], method)


def build_wheel(package_dir: Path, version: str, extra: dict[str, bytes] | None = None) -> bytes:
    """The wheel's bytes for the package in ``package_dir``, plus ``extra`` files (path -> bytes)."""
    info = f"{DIST}-{version}.dist-info"
    entries = _sources(package_dir) + sorted((extra or {}).items())
    entries += [
        (f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {DIST}\nVersion: {version}\n".encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: widgets.wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
        (f"{info}/top_level.txt", f"{package_dir.name}\n".encode()),
    ]
    record = "\n".join([*(_record_line(p, d) for p, d in entries), f"{info}/RECORD,,"]) + "\n"
    entries.append((f"{info}/RECORD", record.encode()))
    return _zip(entries)
