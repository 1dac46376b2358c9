"""One process at a time fills a build cache (``.cache/levers``, ``.cache/brotli``).

Two builds often start together (the test suite's workers, ``mkdocs serve`` beside a build):
without a lock both made the same Pyodide snapshot and the same brotli files, minutes of CPU
on two cores. The second now waits for the first and reads what it made. An advisory
``flock`` on a file beside the cache: released when the holder exits, also when it is killed.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["locked"]


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) for the ``with`` block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
