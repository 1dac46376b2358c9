"""Microbursts: why the article alerts on the 99th percentile, not the mean.

The ``bursts`` calculator draws seeded on/off traffic at line rate (exponential burst and
gap lengths), whose utilization is measured over windows from 100 µs to 1 s. Every window
sees the same mean; only short windows see the bursts. Percentiles interpolate linearly
between ranks, as Prometheus' ``quantile_over_time`` does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from calc.errors import ValidationError
from calc.outputs import Chart, Column, Outcome, Scalar, Table, Trace
from calc.params import Choice, Float, Int
from calc.registry import calculator
from calc.sources import cite
from calc.units import format_number

__all__ = ["BurstStats", "WINDOWS_US", "burst_intervals", "busy_per_bin", "window_stats", "quantile", "bursts"]

PROM_QUANTILE = cite(
    "prometheus-functions",
    "PromQL functions: rate, increase, quantile_over_time",
    "Prometheus documentation", 2025, "https://prometheus.io/docs/prometheus/latest/querying/functions/",
)
MICROBURSTS = cite(
    "zhang2017-microbursts",
    "High-resolution measurement of data center microbursts",
    "ACM Internet Measurement Conference (IMC)", 2017, "https://doi.org/10.1145/3131365.3131375",
    authors="Q. Zhang, V. Liu, H. Zeng and A. Krishnamurthy",
)
PYTORCH_DDP = cite(
    "pytorch-ddp",
    "torch.nn.parallel.DistributedDataParallel: bucket_cap_mb defaults to 25 MB",
    "PyTorch documentation", 2025,
    "https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html",
)


WINDOWS_US: tuple[int, ...] = (100, 1_000, 10_000, 100_000, 1_000_000)
WINDOW_LABELS: dict[str, int] = {"100us": 100, "1ms": 1_000, "10ms": 10_000, "100ms": 100_000, "1s": 1_000_000}
_WINDOW_NAMES: dict[int, str] = {100: "100 µs", 1_000: "1 ms", 10_000: "10 ms", 100_000: "100 ms", 1_000_000: "1 s"}
BIN_US = WINDOWS_US[0]


def burst_intervals(mean_util: float, burst_us: float, duration_us: float, seed: int) -> list[tuple[float, float]]:
    """On/off traffic: (start, end) of each line-rate burst in µs, starting with an idle gap.

    Burst and gap lengths are exponential; gaps average ``burst_us·(1−u)/u`` so the
    long-run share of time at line rate is ``u``.
    """
    rng = random.Random(seed)
    gap_mean = burst_us * (1.0 - mean_util) / mean_util
    bursts: list[tuple[float, float]] = []
    t = rng.expovariate(1.0 / gap_mean)
    while t < duration_us:
        end = t + rng.expovariate(1.0 / burst_us)
        bursts.append((t, min(end, duration_us)))
        t = end + rng.expovariate(1.0 / gap_mean)
    return bursts


def busy_per_bin(bursts: Sequence[tuple[float, float]], bin_us: float, bins: int) -> list[float]:
    """Microseconds at line rate inside each bin of ``bin_us``."""
    busy = [0.0] * bins
    for start, end in bursts:
        first, last = int(start // bin_us), min(int(end // bin_us), bins - 1)
        if first == last:
            busy[first] += end - start
            continue
        busy[first] += (first + 1) * bin_us - start
        for b in range(first + 1, last):
            busy[b] = bin_us
        busy[last] += end - last * bin_us
    return busy


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (Prometheus' quantile_over_time method)."""
    rank = q * (len(sorted_values) - 1)
    low = math.floor(rank)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (rank - low)


@dataclass(frozen=True)
class BurstStats:
    """Utilization (percent of line rate) seen over windows of ``window_us``."""

    window_us: int
    windows: int
    mean_pct: float
    pctl_pct: float
    max_pct: float


def window_stats(busy: Sequence[float], window_us: int, percentile: float) -> BurstStats:
    """Mean, percentile and maximum of the utilization of consecutive windows of ``window_us``."""
    k = window_us // BIN_US
    utils = sorted(min(100.0, 100.0 * sum(busy[i:i + k]) / window_us) for i in range(0, len(busy) - k + 1, k))
    mean = sum(utils) / len(utils)
    return BurstStats(window_us, len(utils), mean, quantile(utils, percentile / 100.0), utils[-1])


def _trace_chart(busy: Sequence[float], window_us: int) -> tuple[Trace, ...]:
    """The first 50 ms: utilization per 100 µs bin, and averaged over the alert window."""
    n = min(len(busy), 500)
    xs = tuple(i * BIN_US / 1000.0 for i in range(n))
    fine = tuple(min(100.0, 100.0 * b / BIN_US) for b in busy[:n])
    k = max(1, window_us // BIN_US)
    averages = [min(100.0, 100.0 * sum(busy[j * k:(j + 1) * k]) / (k * BIN_US)) for j in range((n + k - 1) // k)]
    coarse = tuple(averages[i // k] for i in range(n))
    return (Trace("Per 100 µs", xs, fine), Trace(f"Averaged over {_WINDOW_NAMES[k * BIN_US]}", xs, coarse))


def _by_window_chart(stats: Sequence[BurstStats], percentile: float, threshold: float) -> tuple[Trace, ...]:
    xs = tuple(float(s.window_us) for s in stats)
    return (
        Trace("Mean", xs, tuple(s.mean_pct for s in stats)),
        Trace(f"p{format_number(percentile)}", xs, tuple(s.pctl_pct for s in stats)),
        Trace("Maximum", xs, tuple(s.max_pct for s in stats)),
        Trace("Alert threshold", xs, tuple(threshold for _ in stats)),
    )


def _window_rows(stats: Sequence[BurstStats], threshold: float) -> tuple[tuple[str | int | bool, ...], ...]:
    return tuple(
        (_WINDOW_NAMES[s.window_us], s.windows, format_number(s.mean_pct), format_number(s.pctl_pct),
         format_number(s.max_pct), "fires" if s.pctl_pct > threshold else "quiet")
        for s in stats
    )


@calculator(
    name="bursts",
    title="Why averages hide bursts",
    summary="Seeded bursty RDMA traffic at line rate: mean, percentile and maximum utilization over windows from 100 µs to 1 s.",
    params=(
        Float("line_rate_Gbps", "Line rate", 400.0, unit="Gb/s", minimum=1.0, maximum=1600.0,
              help="Port speed; bursts run at exactly this rate."),
        Float("mean_util_pct", "Average utilization", 10.0, unit="%", minimum=0.5, maximum=99.0,
              help="Long-run share of time the link sends at line rate."),
        Float("burst_us", "Average burst length", 500.0, unit="µs", minimum=100.0, maximum=100000.0,
              help="Burst lengths are exponential with this mean. 500 µs is one 25 MB gradient bucket at 400 Gb/s."),
        Int("duration_s", "Trace length", 10, unit="s", minimum=1, maximum=10,
            help="Simulated seconds of traffic."),
        Int("seed", "Random seed", 1, minimum=0, maximum=2**31 - 1, help="Same seed, same traffic."),
        Choice("alert_window", "Alert measures over", "1ms", choices=tuple(WINDOW_LABELS),
               labels={k: _WINDOW_NAMES[v] for k, v in WINDOW_LABELS.items()},
               help="Window over which utilization is averaged before the percentile is taken."),
        Float("percentile", "Percentile", 99.0, minimum=50.0, maximum=99.99,
              help="The alert compares this percentile of per-window utilization with the threshold."),
        Float("threshold_pct", "Alert threshold", 80.0, unit="%", minimum=1.0, maximum=100.0,
              help="Utilization above which the link is treated as saturated."),
    ),
    outputs=(
        Scalar("mean_util_pct", "Mean utilization", "%", "Busy time over the whole trace."),
        Scalar("mean_rate_Gbps", "Mean rate", "Gb/s", "What a rate() over the whole trace reports."),
        Scalar("pctl_util_pct", "Percentile utilization", "%", "The chosen percentile over the alert windows."),
        Scalar("max_util_pct", "Maximum utilization", "%", "The busiest alert window."),
        Scalar("mean_alert", "Alert on the mean fires", "", "Mean utilization above the threshold."),
        Scalar("pctl_alert", "Alert on the percentile fires", "", "Percentile utilization above the threshold."),
        Scalar("bursts", "Bursts in the trace", "", "Number of line-rate bursts simulated."),
        Scalar("burst_MB", "Data in an average burst", "MB", "Average burst length times line rate (MB = 10^6 bytes)."),
        Chart("by_window", "Utilization against measurement window", "Window", "Utilization", "µs", "%",
              log_x=True, style="line", description="Every window has the same mean; short windows see the bursts."),
        Chart("trace", "The first 50 ms of traffic", "Time", "Utilization", "ms", "%", style="step",
              description="Per 100 µs, and averaged over the alert window."),
        Table("windows", "Statistics per window", (
            Column("window", "Window"), Column("count", "Windows"), Column("mean", "Mean", "%"),
            Column("pctl", "Percentile", "%"), Column("max", "Maximum", "%"), Column("alert", "Percentile alert"),
        )),
    ),
    sources=(MICROBURSTS, PROM_QUANTILE, PYTORCH_DDP),
)
def bursts(*, line_rate_Gbps: float, mean_util_pct: float, burst_us: float, duration_s: int, seed: int,
           alert_window: str, percentile: float, threshold_pct: float) -> Outcome:
    window_us = WINDOW_LABELS[alert_window]
    duration_us = duration_s * 1_000_000
    if duration_us < 10 * window_us:
        raise ValidationError("alert_window", f"alert_window must fit at least 10 times in duration_s "
                                              f"({duration_s} s): got {alert_window}", mentions=("duration_s",))
    trace = burst_intervals(mean_util_pct / 100.0, burst_us, duration_us, seed)
    busy = busy_per_bin(trace, BIN_US, duration_us // BIN_US)
    stats = [window_stats(busy, w, percentile) for w in WINDOWS_US if w <= duration_us]
    mine = next(s for s in stats if s.window_us == window_us)
    mean = 100.0 * sum(busy) / duration_us
    return Outcome(
        values={
            "mean_util_pct": mean,
            "mean_rate_Gbps": mean / 100.0 * line_rate_Gbps,
            "pctl_util_pct": mine.pctl_pct,
            "max_util_pct": mine.max_pct,
            "mean_alert": mean > threshold_pct,
            "pctl_alert": mine.pctl_pct > threshold_pct,
            "bursts": len(trace),
            "burst_MB": burst_us * line_rate_Gbps / 8.0 / 1000.0,
        },
        charts={"by_window": _by_window_chart(stats, percentile, threshold_pct),
                "trace": _trace_chart(busy, window_us)},
        tables={"windows": _window_rows(stats, threshold_pct)},
    )
