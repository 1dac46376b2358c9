"""Wall-clock timing shared by the topic benchmarks (CPython side)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

__all__ = ["measure"]


def measure(func: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and p95 wall time in ms after one warm-up run."""
    func()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(0.95 * len(times)))]
