"""Parsing sizes and formatting numbers the same way in the CLI, the page and the worker.

Decimal prefixes (kB, MB, GB, TB) are powers of 1000 and binary prefixes
(KiB, MiB, GiB, TiB) powers of 1024, as in IEC 80000-13. ``GBps`` in a name
always means 10^9 bytes per second; ``Gbps`` means 10^9 bits per second.
"""

from __future__ import annotations

import math
import re

__all__ = ["SIZE_UNITS", "parse_size", "format_size", "is_binary_exact", "format_bytes", "format_number", "format_value"]

SIZE_UNITS: dict[str, int] = {
    "": 1,
    "b": 1,
    "k": 1000,
    "kb": 1000,
    "m": 1000**2,
    "mb": 1000**2,
    "g": 1000**3,
    "gb": 1000**3,
    "t": 1000**4,
    "tb": 1000**4,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
}

_SIZE_RE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]*)\s*$")


def parse_size(text: str) -> int | None:
    """Bytes in ``text`` (``4096``, ``1MiB``, ``4 GB``, ``0.5GiB``), or None if it is not a size.

    A fractional number of bytes is not a size: ``1.5`` is refused, ``1.5KiB`` is 1536.
    """
    match = _SIZE_RE.match(text)
    if match is None:
        return None
    number, unit = match.groups()
    factor = SIZE_UNITS.get(unit.lower())
    if factor is None or unit.lower() in ("k", "m", "g", "t") and unit != unit.upper():
        return None
    value = float(number) * factor
    if not math.isfinite(value) or value != int(value):
        return None
    return int(value)


def format_size(size_bytes: int) -> str:
    """The shortest exact binary form of a size: 1048576 -> ``1 MiB``, 1000 -> ``1000 B``."""
    for unit, factor in (("TiB", 1024**4), ("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size_bytes >= factor and size_bytes % factor == 0:
            return f"{size_bytes // factor} {unit}"
    return f"{size_bytes} B"


def is_binary_exact(size_bytes: int) -> bool:
    """Whether a size reads exactly in binary units (``1792 MiB``); below 1 KiB every unit reads the same."""
    return abs(size_bytes) < 1024 or not format_size(size_bytes).endswith(" B")


def format_bytes(size_bytes: int, digits: int = 4, binary: bool = True) -> str:
    """A size for reading: exact binary units where they fit (``1 GiB``) unless ``binary`` is false,
    otherwise grouped bytes below a megabyte (``86,992 B``) and decimal units above (``7.875 GB``)."""
    exact = format_size(size_bytes)
    if binary and not exact.endswith(" B"):
        return exact
    for unit, factor in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6)):
        if abs(size_bytes) >= factor:
            return f"{format_number(size_bytes / factor, digits)} {unit}"
    return f"{size_bytes:,} B"


def format_number(value: float | int, digits: int = 4) -> str:
    """``digits`` significant figures, grouped thousands, no exponent between 1e-4 and 1e15."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if value == 0:
        return "0"
    magnitude = abs(value)
    if magnitude < 1e-4 or magnitude >= 1e15:
        return f"{value:.{digits - 1}e}"
    decimals = max(0, digits - 1 - math.floor(math.log10(magnitude)))
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def format_value(value: float | int | str | bool, unit: str, digits: int = 4, binary: bool = True) -> str:
    """A value with its unit for display: ``12.5 µs``, ``yes``, ``ring``; sizes as ``format_bytes``."""
    if isinstance(value, str):
        return value
    if unit == "B" and isinstance(value, int) and not isinstance(value, bool):
        return format_bytes(value, digits, binary)
    if value == 1 and unit.endswith("s") and unit[:-1].replace("-", "").isalpha() and len(unit) > 3:
        unit = unit[:-1]  # "1 sub-flow", "1 path": a counted noun in the singular
    text = format_number(value, digits)
    if not unit or isinstance(value, bool):
        return text
    return f"{text} %" if unit == "%" else f"{text} {unit}"
